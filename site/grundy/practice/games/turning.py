"""Practice spec for Mock Turtles (lesson 14): turn over one, two or three coins, the rightmost from
heads to tails. A row is worth the XOR of its heads' values, the x-th odious number for a head at x."""
from __future__ import annotations

import random
from typing import Any

from grundy.games import turtles
from grundy.games.core import GameError, Outcome, nim_sum
from grundy.games.family import Family
from grundy.practice.arena import Arena, Position
from grundy.practice.games.spec import GameSpec, draw_sum

MAX_COINS = 16  # a typed row: every move of a 16-coin row is listed and judged by the closed form


def _heads(c: tuple[int, ...]) -> list[int]:
    return [x for x, h in enumerate(c) if h]


def _row_words(c: tuple[int, ...]) -> str:
    heads = _heads(c)
    if not heads:
        return "no heads, worth 0"
    values = [turtles.g(x) for x in heads]
    return (f"heads at {', '.join(map(str, heads))}, worth {' ⊕ '.join(map(str, values))}"
            + (f" = {nim_sum(values)}" if len(values) > 1 else ""))


def _reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    total = nim_sum(turtles.grundy(tuple(map(bool, c))) for c in position)
    rows = "; ".join(_row_words(c) for c in position)
    head = f"A head at x is worth the x-th odious number (2x or 2x + 1, whichever has an odd number of 1s): {rows}"
    if len(position) > 1:
        head += f"; together {total}"
    if total == 0:
        return f"{head}. That is 0, so it is P: every move changes the XOR."
    if not reveal_move:
        return f"{head}. That is not 0, so it is N."
    return (f"{head}. That is not 0, so it is N: turn over a head x and up to two coins to its left whose values"
            f" XOR to g(x) ⊕ {total}.")


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
        raise GameError(f"a row here has at most {MAX_COINS} coins; got {len(c)}", "out-of-range", most=MAX_COINS)


MOCK_TURTLES = GameSpec(
    key="mock-turtles", family="mock-turtles", title="Mock Turtles (coin turning)",
    lesson=("coin-turning", "mock-turtles"), move_lesson=("coin-turning", "mock-turtles"),
    draw=_draw, start="THHTTH", random_start=lambda r: turtles.format_row(tuple(map(bool, _row(r, 5, 7)))),
    rule_text=lambda _f: "turn over one, two or three coins, the rightmost of them from heads to tails",
    reason=_reason, visual=_visual, noun=("row", "rows"), where="in row {}",
    ending="whoever cannot move (no head left) loses",
    answer_hint="each row after your move, like THTTH", answer_hint_one="the row after your move, like THTTH",
    picture="turning", check_component=_check,
)

SPECS = (MOCK_TURTLES,)
