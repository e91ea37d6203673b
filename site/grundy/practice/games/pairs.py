"""Practice specs for two-number components: Wythoff's piles and kiki's boards."""
from __future__ import annotations

import random

from grundy.games import wythoff
from grundy.games.core import Outcome
from grundy.practice.games import spec as g
from grundy.practice.arena import Arena, Position

MAX_PILE = 10**6  # quiz level 2 draws piles up to 2,000; typed ones may be larger
MAX_BOARD = 10**5  # a board's side
GRID_SIDE = 24  # the largest board the grid widget draws (widgets.grid's bound)


# ---------------------------------------------------------------- Wythoff


def _wythoff_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    a, b = sorted(position[0])
    k = b - a
    ak = wythoff.a_k(k)
    if ak == a:
        return (f"The piles differ by k = {k}, and the k-th P-position is (⌊kφ⌋, ⌊kφ⌋ + k) = ({ak}, {ak + k}):"
                f" these piles, so the position is P.")
    return (f"The piles differ by k = {k}, and the only P-position with that difference is ({ak}, {ak + k});"
            f" ({a}, {b}) is not it, so the position is N.")


def _last_k_within(hi: int) -> int:
    """The largest k whose P-position (a_k, b_k) has both piles at most ``hi``."""
    k = 1
    while wythoff.p_position(k + 1)[1] <= hi:
        k += 1
    return k


def _wythoff_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    arena = WYTHOFF.arena()
    if level == 3:
        return {}, g.draw_sum(arena, rng, target, 2, lambda r: (r.randint(0, 8), r.randint(1, 8)))
    hi = 12 if level == 1 else 2_000
    if target == "P":  # P-positions are rare among large pairs, so build one: the k-th, either way round
        # within the same bound as the N-positions, so the size of the piles gives nothing away
        a, b = wythoff.p_position(rng.randint(1, _last_k_within(hi)))
        return {}, ((a, b) if rng.random() < 0.5 else (b, a),)
    return {}, g.draw_sum(arena, rng, "N", 1, lambda r: (r.randint(1, hi), r.randint(1, hi)))


def _wythoff_visual(_arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1:
        return None
    a, b = position[0]
    return "wythoff", {"a": str(a), "b": str(b), "span": str(min(200, max(25, max(a, b) + 3)))}


WYTHOFF = g.GameSpec(
    key="wythoff", family="wythoff", title="Wythoff's game", lesson=("wythoff", "the-construction"),
    move_lesson=("wythoff", "every-winning-move"), draw=_wythoff_draw, start="4,9",
    random_start=lambda r: f"{r.randint(2, 25)},{r.randint(2, 25)}",
    rule_text=lambda f: "take any number of coins from one pile, or the same number from both piles",
    reason=_wythoff_reason, visual=_wythoff_visual, noun=("pair of piles", "pairs of piles"), where="in game {}",
    answer_hint="the two piles as a,b", picture="piles", check_component=g.component_bound("a pile", MAX_PILE),
)


# ---------------------------------------------------------------- kiki


def _kiki_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    x, y = position[0]
    rows, cols = y + 1, x + 1
    where = (f"On a {rows}×{cols} board the coin starts with d = {y} cells below it and l = {x} to its left"
             f" (lesson 8's distances)")
    if x % 2 == 0 and y % 2 == 0:
        return (f"{where}: both are even, so it is P. Every move lowers d, l or both by 1 and makes one of"
                f" them odd; the opponent can make both even again.")
    odd = "both are odd" if x % 2 and y % 2 else ("l is odd" if x % 2 else "d is odd")
    way = f": {'diagonally' if x % 2 and y % 2 else ('left' if x % 2 else 'down')}" if reveal_move else ""
    return f"{where}: {odd}, so it is N. The winning move makes both even{way}."


def _kiki_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    hi = {1: 9, 2: 5_000, 3: 8}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    return {}, g.draw_sum(KIKI.arena(), rng, target, count, lambda r: (r.randint(0, hi - 1), r.randint(0, hi - 1)))


def _kiki_visual(_arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1:
        return None
    x, y = position[0]
    if max(x, y) > GRID_SIDE:
        return None
    return "grid", {"game": "kiki", "size": str(max(x, y, 2)), "cell": f"{y},{x}"}


KIKI = g.GameSpec(
    key="kiki", family="kiki", title="kiki's game", lesson=("sg-by-search", "kikis-game-hdu-2147"),
    draw=_kiki_draw, start="6x7", random_start=lambda r: f"{r.randint(2, 20)}x{r.randint(2, 20)}",
    rule_text=lambda f: "move the coin one cell left, down, or diagonally down-left",
    reason=_kiki_reason, visual=_kiki_visual, noun=("board", "boards"), where="on board {}",
    answer_hint="each board as rows x columns", picture="boards",
    check_component=g.component_bound("a board's side", MAX_BOARD),
)

SPECS = (WYTHOFF, KIKI)
