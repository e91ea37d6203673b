"""Practice specs for pieces on a grid: Marbles and the Bomb game (lesson 8)."""
from __future__ import annotations

import random
from collections.abc import Callable

from grundy.games import grids, wythoff
from grundy.games.core import Outcome, nim_sum
from grundy.i18n import N_, _
from grundy.practice.games import spec as g
from grundy.practice.arena import Arena, Position
from grundy.practice.games.pairs import GRID_SIDE

# Bombs multiply as they explode, so their bound is measured, not estimated: at most two bombs,
# rows and columns 1 to 4, each at most 12 cells (3×4 or 4×3), together at most 21 cells. The
# worst, 4,3;3,3, takes ~90 ms of CPU cold with hints (bench/worst.py); 3,4;4,3 (24 cells) took
# ~350 ms, and a single 4×4 bomb as long.
BOMB_PLAY_SIDE = 4
BOMB_PLAY_AREA = 12
BOMB_PLAY_TOTAL_AREA = 21
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
        return str(_("A marble is on (0, 0): the game is over, and the player who moved it there won."))
    home = [c for c in position if grids.goes_home_at_once(*c)]
    if home:
        r, col = home[0]
        if r == 0:
            return str(_("The marble at %(r)s,%(c)s is on row 0, a home line, so it can go to (0, 0) in one move: the"
                         " position is N, and that move wins at once. Moving a marble onto a home line is an instant"
                         " loss.", r=r, c=col))
        if col == 0:
            return str(_("The marble at %(r)s,%(c)s is on column 0, a home line, so it can go to (0, 0) in one move: the"
                         " position is N, and that move wins at once. Moving a marble onto a home line is an instant"
                         " loss.", r=r, c=col))
        return str(_("The marble at %(r)s,%(c)s is on the diagonal, a home line, so it can go to (0, 0) in one move: the"
                     " position is N, and that move wins at once. Moving a marble onto a home line is an instant loss.",
                     r=r, c=col))
    values = [fam.sg(c) for c in position]
    total = nim_sum(values)
    if len(values) == 1:
        (r, col), = position
        if total == 0:
            return str(_("No marble is on a home line, so no one can win at once, and moving onto one hands the win to"
                         " the opponent. What is left is the cut-down game, and its P-squares are Wythoff's pairs (1,2),"
                         " (3,5), (4,7), (6,10), … in either order: %(r)s,%(c)s is one of them, so the position is P.",
                         r=r, c=col))
        low = min(r, col)
        return str(_("No marble is on a home line, so no one can win at once, and moving onto one hands the win to"
                     " the opponent. What is left is the cut-down game, and its P-squares are Wythoff's pairs (1,2),"
                     " (3,5), (4,7), (6,10), … in either order: the pair holding %(low)s is (%(low)s, %(other)s), not"
                     " (%(low)s, %(high)s), so the position is N.", low=low, other=wythoff.partner(low),
                     high=max(r, col)))
    xor = " ⊕ ".join(map(str, values))
    if total == 0:
        return str(_("No marble is on a home line, so no one can win at once, and moving onto one hands the win to the"
                     " opponent. What is left is the cut-down game, where the marbles' SG values give %(xor)s ="
                     " %(total)s: the position is P.", xor=xor, total=total))
    return str(_("No marble is on a home line, so no one can win at once, and moving onto one hands the win to the"
                 " opponent. What is left is the cut-down game, where the marbles' SG values give %(xor)s = %(total)s:"
                 " the position is N.", xor=xor, total=total))


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
    move_cost=2,  # measured (bench/worst.py): its moves cost 2× a Nim move's to make
    key="marbles", family="marbles", lesson=("sg-by-search", "marbles-gym-101908b"),
    draw=_marbles_draw, start="5,8;2,7", random_start=_marbles_start,
    rule_text=lambda f: str(_("move one marble up, left, or diagonally up-left, any number of cells")),
    reason=_marbles_reason, visual=_grid_visual("marbles"), noun=(N_("marble"), N_("marbles")), where=N_("(marble {})"),
    ending=N_("whoever moves a marble onto (0, 0) wins"), answer_hint=N_("each marble as row,column"), picture="grid",
    picture_args={"home": True}, finished_text=N_("moved a marble onto (0, 0)"),
)


# ---------------------------------------------------------------- the Bomb game


def bomb_pattern(p: int, q: int, value: int) -> str | None:
    """Which of lesson 8's three lines of the Bomb table holds (p, q), what it is worth there and
    so the outcome, as the reason's sentence; None off them, where only the search gives the value."""
    words = {"p": p, "q": q, "value": value, "outcome": "P" if value == 0 else "N", "heap": max(p, q) - 1}
    if p == 1:
        return str(_("Lesson 8's table: on row 1 a bomb is a Nim heap of %(heap)s, so SG(%(p)s,%(q)s) = %(value)s and the"
                     " position is %(outcome)s.", **words))
    if q == 1:
        return str(_("Lesson 8's table: on column 1 a bomb is a Nim heap of %(heap)s, so SG(%(p)s,%(q)s) = %(value)s and"
                     " the position is %(outcome)s.", **words))
    if p == q:
        return str(_("Lesson 8's table: the diagonal is all 1s from (2, 2) on, so SG(%(p)s,%(q)s) = %(value)s and the"
                     " position is %(outcome)s.", **words))
    if p == 2:
        return str(_("Lesson 8's table: row 2 is all 0s from (2, 3) on, so SG(%(p)s,%(q)s) = %(value)s and the position"
                     " is %(outcome)s.", **words))
    if q == 2:
        return str(_("Lesson 8's table: column 2 is all 0s from (3, 2) on, so SG(%(p)s,%(q)s) = %(value)s and the"
                     " position is %(outcome)s.", **words))
    return None


def _bomb_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if not position:
        return str(_("No bombs are left: the player to move has nothing to explode, and has lost."))
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    (p, q), = position
    value = arena.family.sg((p, q))
    pattern = bomb_pattern(p, q, value)
    if pattern is not None:
        return pattern
    return str(_("(%(p)s, %(q)s) is on none of lesson 8's three lines (rows and columns 1 and 2, the diagonal), so its"
                 " value comes from the search: SG(%(p)s,%(q)s) = %(value)s, so the position is %(outcome)s.",
                 p=p, q=q, value=value, outcome="P" if value == 0 else "N"))


def _bomb_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    arena = BOMB.arena()
    hi = {1: 5, 2: 30, 3: 6}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    for _attempt in range(20):
        drawn = g.draw_sum(arena, rng, target, count, lambda r: (r.randint(1, hi), r.randint(1, hi)))
        settled = grids.settle(drawn)
        if len(settled) >= (2 if level == 3 else 1):  # settling keeps the XOR, so the outcome too
            return {}, settled
    raise AssertionError("bombs drawn that cancelled out")


def _bomb_limit(_arena: Arena, position: Position) -> str | None:
    """Bombs multiply as they explode, so the search is bounded by measurement instead of the
    usual estimate."""
    if (len(position) > BOMB_PLAY_COUNT or any(max(c) > BOMB_PLAY_SIDE or c[0] * c[1] > BOMB_PLAY_AREA for c in position)
            or sum(c[0] * c[1] for c in position) > BOMB_PLAY_TOTAL_AREA):
        return str(_("bombs multiply as they explode, so the computer plays at most %(count)s bombs within rows and"
                     " columns 1 to %(side)s, none larger than 3×4 and together at most %(cells)s cells",
                     count=BOMB_PLAY_COUNT, side=BOMB_PLAY_SIDE, cells=BOMB_PLAY_TOTAL_AREA))
    return None


def _bomb_start(r: random.Random) -> str:
    return ";".join(f"{r.randint(1, BOMB_PLAY_SIDE)},{r.randint(1, BOMB_PLAY_SIDE)}" for _ in range(2))


BOMB = g.GameSpec(
    key="bomb", family="bomb", lesson=("sg-by-search", "the-bomb-game-hdu-2873"),
    draw=_bomb_draw, start="3,4;2,2", random_start=_bomb_start,
    rule_text=lambda f: str(_("explode one bomb at (p, q) into bombs at (u, q) and (p, v), u < p and v < q (on row 1 or"
                              " column 1, into one bomb); two bombs on one cell, and a bomb on (1, 1), vanish")),
    reason=_bomb_reason, visual=_grid_visual("bomb"), noun=(N_("bomb"), N_("bombs")), where="",
    answer_hint=N_("the bombs left as row,column, or 0 if none is left"), picture="grid", play_limit=_bomb_limit,
    picture_args={"first": 1},
)

SPECS = (MARBLES, BOMB)
