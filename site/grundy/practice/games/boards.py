"""Practice specs for pieces on a grid: Marbles and the Bomb game (lesson 8)."""
from __future__ import annotations

import random
from collections.abc import Callable

from grundy.games import grids, wythoff
from grundy.games.core import Outcome, nim_sum
from grundy.practice.games import spec as g
from grundy.practice.arena import Arena, Position
from grundy.practice.games.pairs import GRID_SIDE

# Bombs multiply as they explode, so their bound is measured, not estimated: at most two bombs,
# rows and columns 1 to 4, each at most 12 cells (3×4 or 4×3). The worst, 3,4;4,3, searches in
# ~0.22 s; a single 4×4 bomb takes as long alone, and 3,4;4,4 about 1 s (`make bench`).
BOMB_PLAY_SIDE = 4
BOMB_PLAY_AREA = 12
BOMB_PLAY_COUNT = 2


def _grid_visual(game: str) -> Callable[[Arena, Position], tuple[str, dict[str, str]] | None]:
    def visual(_arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
        if len(position) != 1 or max(position[0]) > GRID_SIDE:
            return None
        r, c = position[0]
        return "grid", {"game": game, "size": str(max(r, c, 2)), "cell": f"{r},{c}"}

    return visual


# ---------------------------------------------------------------- Marbles


def _marbles_reason(arena: Arena, position: Position, _reveal_move: bool) -> str:
    fam = arena.family
    if fam.finished(position):
        return "A marble is on (0, 0): the game is over, and the player who moved it there won."
    home = [c for c in position if grids.goes_home_at_once(*c)]
    if home:
        r, col = home[0]
        line = "row 0" if r == 0 else "column 0" if col == 0 else "the diagonal"
        return (f"The marble at {r},{col} is on {line}, a home line, so it can go to (0, 0) in one move: the position"
                f" is N, and that move wins at once. Moving a marble onto a home line is an instant loss.")
    values = [fam.sg(c) for c in position]
    total = nim_sum(values)
    cut = ("No marble is on a home line, so no one can win at once, and moving onto one hands the win to"
           " the opponent. What is left is the cut-down game")
    if len(values) == 1:
        (r, col), = position
        other = wythoff.partner(min(r, col))
        pairs = f"{cut}, and its P-squares are Wythoff's pairs (1,2), (3,5), (4,7), (6,10), … in either order"
        if total == 0:
            return f"{pairs}: {r},{col} is one of them, so the position is P."
        return (f"{pairs}: the pair holding {min(r, col)} is ({min(r, col)}, {other}), not"
                f" ({min(r, col)}, {max(r, col)}), so the position is N.")
    xor = " ⊕ ".join(map(str, values))
    return f"{cut}, where the marbles' SG values give {xor} = {total}: the position is {'P' if total == 0 else 'N'}."


def _marbles_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    hi = {1: 6, 2: 40, 3: 8}[level]
    count = 1 if level < 3 else rng.randint(2, 3)

    def marble(r: random.Random) -> tuple[int, int]:
        while True:
            cell = (r.randint(0, hi), r.randint(0, hi))
            # most marbles start off the home lines, where the cut-down game is the question
            if cell != (0, 0) and (not grids.goes_home_at_once(*cell) or r.random() < 0.15):
                return cell

    return {}, g.draw_sum(MARBLES.arena(), rng, target, count, marble)


def _marbles_start(r: random.Random) -> str:
    return ";".join(f"{r.randint(1, 7)},{r.randint(1, 7)}" for _ in range(r.randint(1, 2)))


MARBLES = g.GameSpec(
    key="marbles", family="marbles", title="Marbles", lesson=("sg-by-search", "marbles-gym-101908b"),
    draw=_marbles_draw, start="5,8;3,7", random_start=_marbles_start,
    rule_text=lambda f: "move one marble up, left, or diagonally up-left, any number of cells",
    reason=_marbles_reason, visual=_grid_visual("marbles"), noun=("marble", "marbles"), where="(marble {})",
    ending="whoever moves a marble onto (0, 0) wins", answer_hint="each marble as row,column", picture="grid",
    picture_args={"home": True}, finished_text="moved a marble onto (0, 0)",
)


# ---------------------------------------------------------------- the Bomb game


def bomb_pattern(p: int, q: int) -> str | None:
    """Which of lesson 8's three lines of the Bomb table holds (p, q), and what it is worth there;
    None off them, where only the search gives the value."""
    if p == 1 or q == 1:
        return f"on {'row' if p == 1 else 'column'} 1 a bomb is a Nim heap of {max(p, q) - 1}"
    if p == q:
        return "the diagonal is all 1s from (2, 2) on"
    if 2 in (p, q):
        return f"{'row' if p == 2 else 'column'} 2 is all 0s from {'(2, 3)' if p == 2 else '(3, 2)'} on"
    return None


def _bomb_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if not position:
        return "No bombs are left: the player to move has nothing to explode, and has lost."
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    (p, q), = position
    value = arena.family.sg((p, q))
    outcome = "P" if value == 0 else "N"
    pattern = bomb_pattern(p, q)
    if pattern is not None:
        return f"Lesson 8's table: {pattern}, so SG({p},{q}) = {value} and the position is {outcome}."
    return (f"({p}, {q}) is on none of lesson 8's three lines (rows and columns 1 and 2, the diagonal), so its"
            f" value comes from the search: SG({p},{q}) = {value}, so the position is {outcome}.")


def _bomb_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    arena = BOMB.arena()
    hi = {1: 5, 2: 30, 3: 6}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    for _ in range(20):
        drawn = g.draw_sum(arena, rng, target, count, lambda r: (r.randint(1, hi), r.randint(1, hi)))
        settled = grids.settle(drawn)
        if len(settled) >= (2 if level == 3 else 1):  # settling keeps the XOR, so the outcome too
            return {}, settled
    raise AssertionError("bombs drawn that cancelled out")


def _bomb_limit(_arena: Arena, position: Position) -> str | None:
    """Bombs multiply as they explode, so the search is bounded by measurement instead of the
    usual estimate."""
    if len(position) > BOMB_PLAY_COUNT or any(max(c) > BOMB_PLAY_SIDE or c[0] * c[1] > BOMB_PLAY_AREA for c in position):
        return (f"bombs multiply as they explode, so the computer plays at most {BOMB_PLAY_COUNT} bombs"
                f" within rows and columns 1 to {BOMB_PLAY_SIDE}, none larger than 3×4")
    return None


def _bomb_start(r: random.Random) -> str:
    return ";".join(f"{r.randint(1, BOMB_PLAY_SIDE)},{r.randint(1, BOMB_PLAY_SIDE)}" for _ in range(2))


BOMB = g.GameSpec(
    key="bomb", family="bomb", title="The Bomb game", lesson=("sg-by-search", "the-bomb-game-hdu-2873"),
    draw=_bomb_draw, start="3,4;2,2", random_start=_bomb_start,
    rule_text=lambda f: ("explode one bomb at (p, q) into bombs at (u, q) and (p, v), u < p and v < q (on row 1 or"
                         " column 1, into one bomb); two bombs on one cell, and a bomb on (1, 1), vanish"),
    reason=_bomb_reason, visual=_grid_visual("bomb"), noun=("bomb", "bombs"), where="",
    answer_hint="the bombs left as row,column, or none", picture="grid", play_limit=_bomb_limit,
    picture_args={"first": 1},
)

SPECS = (MARBLES, BOMB)
