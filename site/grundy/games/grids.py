"""Games on a grid, solved by memoised search and, where one exists, a closed form.

- kiki's game (HDU 2147): a coin on an n×m board starts at the top-right corner and moves one
  cell left, down, or diagonally down-left. P ⇔ both distances to the bottom-left are even.
- Marbles (Gym 101908B): marbles move up, left or diagonally up-left any distance; moving one
  to (0, 0) wins at once. A marble in row 0, column 0 or on the diagonal can go home in one
  move, so nobody moves a marble *onto* such a square: the game is Wythoff's with those
  squares cut out, and its losing set changes — the terminal squares become (1, 2) and (2, 1).
- The Bomb game (HDU 2873): a bomb at (p, q) explodes into two bombs (u, q) and (p, v), u < p,
  v < q (on the first row or column, into one); a move *splits* a position into a sum.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from grundy.games.core import WHAT, Action, GameError, Move, Outcome, mex
from grundy.games.moves import MoveKind, MoveWords, fixed, kind, named
from grundy.games.wythoff import queen_table
from grundy.marks import N_, NP_, Phrase

Cell = tuple[int, int]

KIKI_SG_MAX = 300  # SG values of boards come from a table filled from the corner: 90,000 cells
MARBLES_MAX = 100  # the cut-down game's table: 10^4 cells, filled in ~0.05 s (bit masks)
BOMB_MAX = 60  # BombTable's side: a cold 60×60 table takes ~0.8 s (3,481 explosions per bomb)


def _check_cell(r: int, c: int, *, lo: int, what: str) -> None:
    for v in (r, c):
        if not isinstance(v, int) or isinstance(v, bool) or v < lo:
            raise GameError(N_("%(what)s needs whole numbers of at least %(lo)s; got %(got)r"), "bad-cell",
                            what=Phrase(what, context=WHAT), lo=lo, got=(r, c))


STEP_LEFT = fixed("step-left", N_("move left"), N_("moved left"))  # kiki's coin, one cell
STEP_DOWN = fixed("step-down", N_("move down"), N_("moved down"))
STEP_DIAGONAL = fixed("step-diagonal", N_("move diagonally down-left"), N_("moved diagonally down-left"))
SLIDE_UP = kind("slide-up", ("n",), N_("move %(n)s up"), N_("moved %(n)s up"))  # a marble, any number of cells
SLIDE_LEFT = kind("slide-left", ("n",), N_("move %(n)s left"), N_("moved %(n)s left"))
SLIDE_DIAGONAL = kind("slide-diagonal", ("n",), N_("move %(n)s diagonally"), N_("moved %(n)s diagonally"))
# A bomb at row,col leaves bombs at row1,col1 and row2,col2
EXPLODE = kind("explode", ("row", "col", "row1", "col1", "row2", "col2"),
               N_("explode %(row)s,%(col)s into %(row1)s,%(col1)s and %(row2)s,%(col2)s"),
               N_("exploded %(row)s,%(col)s into %(row1)s,%(col1)s and %(row2)s,%(col2)s"))


def _edge_words(args: tuple[int, ...]) -> MoveWords:
    """A bomb on an edge leaves one bomb; on 1,1 that bomb vanishes at once (HDU 2873)."""
    values = named(("row", "col", "row1", "col1"), args)
    if args[2:] == (1, 1):
        return MoveWords(Phrase(N_("explode %(row)s,%(col)s (the bomb it leaves on 1,1 vanishes)"), values),
                         Phrase(N_("exploded %(row)s,%(col)s (the bomb it leaves on 1,1 vanishes)"), values))
    return MoveWords(Phrase(N_("explode %(row)s,%(col)s into %(row1)s,%(col1)s"), values),
                     Phrase(N_("exploded %(row)s,%(col)s into %(row1)s,%(col1)s"), values))


EXPLODE_EDGE = MoveKind("explode-edge", _edge_words)


# ---------------------------------------------------------------- kiki's game


@dataclass(frozen=True, slots=True)
class KikiGame:
    """Positions are (left, down): how many cells remain to the left of and below the coin."""

    def options(self, position: Cell) -> Iterator[Move[Cell]]:
        x, y = position
        _check_cell(x, y, lo=0, what=NP_("what", "kiki's game"))
        if x:
            yield Move(Action(STEP_LEFT.name), (x - 1, y))
        if y:
            yield Move(Action(STEP_DOWN.name), (x, y - 1))
        if x and y:
            yield Move(Action(STEP_DIAGONAL.name), (x - 1, y - 1))


def kiki_start(n: int, m: int) -> Cell:
    """The coin's position on an n×m board (n rows, m columns): the top-right corner."""
    _check_cell(n, m, lo=1, what=NP_("what", "a board"))
    return m - 1, n - 1


def kiki_outcome(x: int, y: int) -> Outcome:
    """P ⇔ x and y are both even; for a fresh n×m board, ⇔ n and m are both odd.

    >>> kiki_outcome(*kiki_start(5, 3)), kiki_outcome(*kiki_start(6, 3))
    ('P', 'N')
    """
    _check_cell(x, y, lo=0, what=NP_("what", "kiki's game"))
    return "P" if x % 2 == 0 and y % 2 == 0 else "N"


def kiki_winning_moves(x: int, y: int) -> list[Move[Cell]]:
    """The moves to a cell with both distances even."""
    return [m for m in KikiGame().options((x, y)) if kiki_outcome(*m.position) == "P"]


# ---------------------------------------------------------------- Marbles


def goes_home_at_once(r: int, c: int) -> bool:
    """A marble in row 0, column 0 or on the diagonal can reach (0, 0) in one move."""
    return (r == 0 or c == 0 or r == c) and (r, c) != (0, 0)


@dataclass(frozen=True, slots=True)
class MarbleSlides:
    """One marble's moves as played: up, left or diagonally up-left, any number of cells (home
    lines and (0, 0) included; the family decides what ends the game)."""

    def options(self, position: Cell) -> Iterator[Move[Cell]]:
        r, c = position
        _check_cell(r, c, lo=0, what="a marble")
        for t in range(1, r + 1):
            yield Move(Action(SLIDE_UP.name, (t,)), (r - t, c))
        for t in range(1, c + 1):
            yield Move(Action(SLIDE_LEFT.name, (t,)), (r, c - t))
        for t in range(1, min(r, c) + 1):
            yield Move(Action(SLIDE_DIAGONAL.name, (t,)), (r - t, c - t))


@dataclass(frozen=True, slots=True)
class MarblesGame:
    """One marble off the home lines; moves onto a home line are left out (they lose at once)."""

    def options(self, position: Cell) -> Iterator[Move[Cell]]:
        r, c = position
        _check_cell(r, c, lo=0, what=NP_("what", "a marble"))
        if goes_home_at_once(r, c) or (r, c) == (0, 0):
            raise GameError(N_("a marble at (%(r)s, %(c)s) can go home in one move; it has no place in the cut-down game"),
                            "no-sg-home-line", r=r, c=c)
        for t in range(1, r + 1):
            if not goes_home_at_once(r - t, c):
                yield Move(Action(SLIDE_UP.name, (t,)), (r - t, c))
        for t in range(1, c + 1):
            if not goes_home_at_once(r, c - t):
                yield Move(Action(SLIDE_LEFT.name, (t,)), (r, c - t))
        for t in range(1, min(r, c) + 1):
            if not goes_home_at_once(r - t, c - t):
                yield Move(Action(SLIDE_DIAGONAL.name, (t,)), (r - t, c - t))


_MARBLE_ROWS: list[list[int]] = []


def marbles_grundy(r: int, c: int) -> int:
    """SG of one marble in the cut-down game (r, c ≥ 1, r ≠ c).

    >>> marbles_grundy(1, 2), marbles_grundy(2, 1), marbles_grundy(1, 3)
    (0, 0, 1)
    """
    global _MARBLE_ROWS
    rows: list[list[int]]
    _check_cell(r, c, lo=1, what=NP_("what", "a marble off the home lines"))
    if r == c:
        raise GameError(N_("a marble at %(r)s,%(c)s can go home in one move; it has no place in the cut-down game"),
                        "no-sg-home-line", r=r, c=c)
    if max(r, c) > MARBLES_MAX:
        raise GameError(N_("marbles are searched up to row and column %(most)s; got %(r)s,%(c)s"), "sg-out-of-reach",
                        most=MARBLES_MAX, r=r, c=c)
    rows = _MARBLE_ROWS
    if max(r, c) >= len(rows):
        # the same fill as Wythoff's, home-line cells left out (MarblesGame is its brute-force twin)
        rows = queen_table(min(MARBLES_MAX + 1, max(2 * len(rows), max(r, c) + 1, 32)),
                           lambda i, j: i == 0 or j == 0 or i == j)
        _MARBLE_ROWS = rows
    return rows[r][c]


# ---------------------------------------------------------------- the Bomb game


@dataclass
class BombTable:
    """SG values of single bombs, filled on demand row by row (iteration, not recursion)."""

    values: dict[Cell, int] = field(default_factory=lambda: {(1, 1): 0})
    max_side: int = BOMB_MAX

    def grundy(self, p: int, q: int) -> int:
        _check_cell(p, q, lo=1, what=NP_("what", "a bomb"))
        if max(p, q) > self.max_side:
            raise GameError(N_("bombs beyond row or column %(most)s are too far to search; got %(got)s"), "sg-out-of-reach",
                            most=self.max_side, got=(p, q))
        if (p, q) not in self.values:
            for i in range(1, p + 1):
                for j in range(1, q + 1):
                    if (i, j) not in self.values:
                        self.values[(i, j)] = mex(self._option_values(i, j))
        return self.values[(p, q)]

    def _option_values(self, p: int, q: int) -> Iterator[int]:
        v = self.values
        if p > 1 and q > 1:
            for u in range(1, p):
                for w in range(1, q):
                    yield v[(u, q)] ^ v[(p, w)]
        elif p == 1:
            yield from (v[(1, w)] for w in range(1, q))
        else:
            yield from (v[(u, 1)] for u in range(1, p))


BOMBS = BombTable()


def bomb_options(p: int, q: int) -> Iterator[Move[tuple[Cell, ...]]]:
    """The moves of one bomb: what it explodes into (a sum of at most two bombs)."""
    _check_cell(p, q, lo=1, what=NP_("what", "a bomb"))
    if p > 1 and q > 1:
        for u in range(1, p):
            for v in range(1, q):
                yield Move(Action(EXPLODE.name, (p, q, u, q, p, v)), ((u, q), (p, v)))
    elif p == 1 and q > 1:
        for v in range(1, q):
            yield Move(Action(EXPLODE_EDGE.name, (p, q, 1, v)), ((1, v),))
    elif q == 1 and p > 1:
        for u in range(1, p):
            yield Move(Action(EXPLODE_EDGE.name, (p, q, u, 1)), ((u, 1),))


@dataclass(frozen=True, slots=True)
class BombBoard:
    """A whole board as one game, for brute force: a position is the sorted tuple of its bombs,
    where two bombs on one cell and a bomb on (1, 1) vanish at once."""

    def options(self, position: tuple[Cell, ...]) -> Iterator[Move[tuple[Cell, ...]]]:
        for i, (p, q) in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            for move in bomb_options(p, q):
                yield Move(move.action, settle(rest + move.position))


def settle(bombs: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Remove bombs on (1, 1) and pairs of bombs sharing a cell; sort the rest."""
    count: dict[Cell, int] = {}
    for b in bombs:
        if b != (1, 1):
            count[b] = count.get(b, 0) + 1
    return tuple(sorted(b for b, n in count.items() if n % 2))




# ---------------------------------------------------------------- kiki's SG values

_KIKI_ROWS: list[list[int]] = []


def kiki_grundy(x: int, y: int) -> int:
    """SG of a coin with x cells to its left and y below (the mex of its three moves' values)."""
    global _KIKI_ROWS
    rows: list[list[int]]
    _check_cell(x, y, lo=0, what=NP_("what", "kiki's game"))
    if max(x, y) >= KIKI_SG_MAX:
        raise GameError(N_("SG values of kiki boards are found by search, up to %(most)s×%(most)s; got %(rows)sx%(cols)s"),
                        "sg-out-of-reach", most=KIKI_SG_MAX, rows=y + 1, cols=x + 1)
    rows = _KIKI_ROWS
    if max(x, y) >= len(rows):
        side = min(KIKI_SG_MAX, max(2 * len(rows), max(x, y) + 1, 32))
        rows = [[0] * side for _ in range(side)]
        for i in range(side):
            for j in range(side):
                rows[i][j] = mex([rows[i - 1][j]] * (i > 0) + [rows[i][j - 1]] * (j > 0)
                                 + [rows[i - 1][j - 1]] * (i > 0 and j > 0))
        _KIKI_ROWS = rows  # replaced whole, so other threads keep the table they hold
    return rows[x][y]


__all__ = [
    "BOMBS",
    "BombBoard",
    "BombTable",
    "KikiGame",
    "MarbleSlides",
    "MarblesGame",
    "bomb_options",
    "goes_home_at_once",
    "kiki_grundy",
    "kiki_outcome",
    "kiki_start",
    "kiki_winning_moves",
    "marbles_grundy",
    "settle",
]
