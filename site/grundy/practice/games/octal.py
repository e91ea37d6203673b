"""Practice specs for take-and-break games: Kayles (a row of pins; knock down one pin or two
neighbours, which may split the row) and Grundy's game (split a heap into two unequal heaps)."""
from __future__ import annotations

import random

from grundy.games.core import Outcome
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, Position
from grundy.practice.games import spec as g

MAX_ROW = 1000  # a typed row: its moves (about one per pin) are listed for the quiz and play
MAX_HEAP = 2000  # Grundy's game: quiz level 2 draws heaps up to 2,000 (values computed to 8,191)


def _kayles_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) == 1 and position[0] > 0:
        if reveal_move:
            return str(_("A single row of %(n)s is N: the first player can leave two equal rows — knock down the middle pin"
                         " (odd rows) or the middle two (even rows), and then copy each of the opponent's moves in the"
                         " other row, so the opponent runs out of moves first.", n=position[0]))
        return str(_("A single row of %(n)s is N: the first player can leave two equal rows, and then copy each of the"
                     " opponent's moves in the other row, so the opponent runs out of moves first.", n=position[0]))
    return g.sum_reason(arena, position, reveal_move)


def _kayles_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    lo, hi = {1: (1, 8), 2: (15, 120), 3: (1, 10)}[level]
    count = 3 if level == 3 else 2  # one row alone is always N (the symmetry move), so P needs two
    return {}, g.draw_sum(KAYLES.arena(), rng, target, count, lambda r: r.randint(lo, hi))


KAYLES = g.GameSpec(
    key="kayles", always_sums=True, family="octal", title=N_("Kayles"), lesson=g.SUMS_LESSON, draw=_kayles_draw, start="4,7",
    random_start=lambda r: ",".join(str(r.randint(3, 12)) for _ in range(r.randint(1, 2))),
    rule_text=lambda f: str(_("knock down one pin, or two neighbouring pins, from a row (a row may break in two)")),
    reason=_kayles_reason, fixed_rule={"code": ".77"}, noun=(N_("row"), N_("rows")), where=N_("from row {}"),
    answer_hint=N_("the rows of pins left, with commas"), answer_hint_one=N_("the rows of pins left, with commas"),
    picture_args={"label": N_("Row")}, check_component=g.component_bound(N_("a row of pins"), MAX_ROW),
)


def _grundy_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    lo, hi = {1: (3, 20), 2: (21, MAX_HEAP), 3: (1, 15)}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    return {}, g.draw_sum(GRUNDYS_GAME.arena(), rng, target, count, lambda r: r.randint(lo, hi))


GRUNDYS_GAME = g.GameSpec(
    key="grundys-game", family="grundys-game", lesson=g.SUMS_LESSON, draw=_grundy_draw,
    start="9", random_start=lambda r: str(r.randint(6, 16)),
    rule_text=lambda f: str(_("split one heap into two heaps of different sizes")),
    answer_hint=N_("the heaps left, with commas"), answer_hint_one=N_("the heaps left, with commas"),
    check_component=g.component_bound(N_("a heap"), MAX_HEAP),
)

SPECS = (KAYLES, GRUNDYS_GAME)
