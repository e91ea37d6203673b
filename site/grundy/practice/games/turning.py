"""Practice spec for Mock Turtles (lesson 14): turn over one, two or three coins, the rightmost from
heads to tails. A row is worth the XOR of its heads' values, the x-th odious number for a head at x."""
from __future__ import annotations

import random
from typing import Any

from grundy.games import turtles
from grundy.games.core import GameError, Outcome, nim_sum
from grundy.games.family import Family
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, Position
from grundy.practice.games.heaps import listed
from grundy.practice.games.spec import GameSpec, draw_sum

MAX_COINS = 16  # a typed row: every move of a 16-coin row is listed and judged by the closed form


def _heads(c: tuple[int, ...]) -> list[int]:
    return [x for x, h in enumerate(c) if h]


def _row_words(c: tuple[int, ...]) -> str:
    heads = _heads(c)
    if not heads:
        return str(_("no heads, worth 0"))
    values = [turtles.g(x) for x in heads]
    words = {"heads": listed(heads), "values": " ⊕ ".join(map(str, values)), "total": nim_sum(values)}
    if len(values) > 1:
        return str(_("heads at %(heads)s, worth %(values)s = %(total)s", **words))
    return str(_("heads at %(heads)s, worth %(values)s", **words))


def _reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    total = nim_sum(turtles.grundy(tuple(map(bool, c))) for c in position)
    rows = str(_("; ")).join(_row_words(c) for c in position)
    # The head of the reason, a clause the three endings below continue.
    if len(position) > 1:
        head = str(_("A head at x is worth the x-th odious number (2x or 2x + 1, whichever has an odd number of 1s):"
                     " %(rows)s; together %(total)s", rows=rows, total=total))
    else:
        head = str(_("A head at x is worth the x-th odious number (2x or 2x + 1, whichever has an odd number of 1s):"
                     " %(rows)s", rows=rows))
    if total == 0:
        return str(_("%(head)s. That is 0, so it is P: every move changes the XOR.", head=head))
    if not reveal_move:
        return str(_("%(head)s. That is not 0, so it is N.", head=head))
    return str(_("%(head)s. That is not 0, so it is N: turn over a head x and up to two coins to its left whose values"
                 " XOR to g(x) ⊕ %(total)s.", head=head, total=total))


def _row(r: random.Random, lo: int, hi: int) -> tuple[int, ...]:
    n = r.randint(lo, hi)
    row = [r.randint(0, 1) for _ in range(n - 1)] + [1]  # the last coin heads: the row is n long
    return tuple(row)


def _draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    lo, hi, count = {1: (3, 6, 1), 2: (8, 14, 1), 3: (3, 7, 2)}[level]
    return {}, draw_sum(MOCK_TURTLES.arena(), rng, target, count, lambda r: _row(r, lo, hi))


def _visual(_arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1:
        return None
    return "coins", {"row": turtles.format_row(tuple(map(bool, position[0]))), "rule": "mock-turtles"}


def _check(fam: Family[Any], c: tuple[int, ...]) -> None:
    if len(c) > MAX_COINS:
        raise GameError(_("a row here has at most %(most)s coins; got %(got)s", most=MAX_COINS, got=len(c)),
                        "out-of-range", most=MAX_COINS)


MOCK_TURTLES = GameSpec(
    move_cost=6,  # measured (bench/worst.py): its moves cost 6× a Nim move's to make
    key="mock-turtles", family="mock-turtles", title=N_("Mock Turtles (coin turning)"),
    lesson=("coin-turning", "mock-turtles"), move_lesson=("coin-turning", "mock-turtles"),
    draw=_draw, start="THHTTH", random_start=lambda r: turtles.format_row(tuple(map(bool, _row(r, 5, 7)))),
    rule_text=lambda _f: str(_("turn over one, two or three coins, the rightmost of them from heads to tails")),
    reason=_reason, visual=_visual, noun=(N_("row"), N_("rows")), where=N_("in row {}"),
    ending=N_("whoever cannot move (no head left) loses"),
    answer_hint=N_("each row after your move, like THTTH"), answer_hint_one=N_("the row after your move, like THTTH"),
    picture="turning", check_component=_check,
)

SPECS = (MOCK_TURTLES,)
