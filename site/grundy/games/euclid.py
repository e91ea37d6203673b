"""Euclid's game as in HDU 3595: from the larger pile, take a positive multiple of the smaller.

With piles x ≤ y: the position is N if y ≥ 2x (the player to move can choose between leaving
y mod x and y mod x + x, one of which is P), it is terminal (P) if x = 0, and otherwise the only
move is to (y − x, x). Played as *every-SG* (HDU 3595): every unfinished game must be moved in
each turn, and the last game to finish decides; the winner of a game drags it out and the loser
cuts it short, so what matters is each game's step count.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from grundy.games.core import Action, GameError, Move, Outcome, Solver, every_sg_steps
from grundy.games.family import PairFamily
from grundy.games.moves import kind
from grundy.marks import N_, NP_

Pair = tuple[int, int]
# (k, the smaller pile x, k·x, the larger pile): take k·x from the larger
TAKE_MULTIPLE = kind("take-multiple", ("k", "x", "n", "pile"), N_("take %(k)s×%(x)s = %(n)s from the pile of %(pile)s"),
                     N_("took %(k)s×%(x)s = %(n)s from the pile of %(pile)s"))


def _normal(a: int, b: int) -> Pair:
    for v in (a, b):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise GameError(N_("a pile holds a whole number of stones, 0 or more; got %(got)r"), "bad-pile", got=v)
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class EuclidGame:
    """Positions are (smaller, larger) pairs; a move subtracts k·smaller from the larger."""

    def options(self, position: Pair) -> Iterator[Move[Pair]]:
        x, y = _normal(*position)
        if x == 0:
            return
        for k in range(y // x, 0, -1):
            yield Move(Action(TAKE_MULTIPLE.name, (k, x, k * x, y)), _normal(x, y - k * x))


def outcome(a: int, b: int) -> Outcome:
    """P or N by the closed rule, in O(log) steps for piles of any size.

    >>> outcome(2, 3), outcome(3, 5), outcome(3, 7), outcome(0, 4)
    ('P', 'N', 'N', 'P')
    """
    x, y = _normal(a, b)
    flips = 0
    while x and y < 2 * x:  # forced move (x, y) → (y − x, x)
        x, y = y - x, x
        flips += 1
    player_to_move_wins = x != 0  # y ≥ 2x: a free choice wins; x = 0: stuck
    wins = player_to_move_wins if flips % 2 == 0 else not player_to_move_wins
    return "N" if wins else "P"


_SOLVER = Solver(EuclidGame(), max_positions=500_000)
_STEPS: dict[Pair, int] = {}


def grundy(a: int, b: int) -> int:
    """The SG value, by memoised search (the outcome alone has the closed rule above)."""
    here = _normal(a, b)
    if here[1] > MAX_SEARCHED_PILE:
        raise GameError(N_("SG values of Euclid positions are searched for piles up to %(most)s; got %(a)s,%(b)s"),
                        "sg-out-of-reach", most=MAX_SEARCHED_PILE, a=a, b=b)
    return _SOLVER.grundy(here)


def steps(a: int, b: int) -> int:
    """The every-SG step count of one game (winner long, loser short), for piles of any size.

    No choice is ever left to make: a P-position with a pile left has one move (x < y < 2x), and
    an N-position exactly one move to a P-position (y ≥ 2x: one of (y mod x, x) and
    (x, y mod x + x); y = x: (0, x)). So the step count is the length of that one line of play,
    followed a move at a time — O(log y) moves, each deciding an outcome in O(log y).
    :func:`steps_by_search` is its brute-force twin (the tests compare them).

    >>> steps(3, 5), steps(1, 1), steps(0, 7), steps(5, 8)
    (3, 1, 0, 4)
    """
    here = _normal(a, b)
    count = 0
    while (move := line_move(*here)) is not None:
        here = move[1]
        count += 1
    return count


def line_move(a: int, b: int) -> tuple[Action, Pair] | None:
    """The move correct play makes from (a, b) — forced from a P-position, the one move to a
    P-position from an N-position — or None when a pile is empty. Any size, O(log) time."""
    x, y = _normal(a, b)
    if x == 0:
        return None
    if x < y < 2 * x:
        k = 1
    else:
        r = y % x
        k = y // x if outcome(r, x) == "P" else y // x - 1
    return Action(TAKE_MULTIPLE.name, (k, x, k * x, y)), _normal(x, y - k * x)


def steps_by_search(a: int, b: int) -> int:
    """The step count by the definition (winner long, loser short) over every move, by search."""
    here = _normal(a, b)
    if here[1] > MAX_SEARCHED_PILE:
        raise GameError(N_("step counts are searched for piles up to %(most)s; got %(a)s,%(b)s"),
                        "sg-out-of-reach", most=MAX_SEARCHED_PILE, a=a, b=b)
    return every_sg_steps(EuclidGame(), here, _SOLVER, _STEPS)


def every_sg_outcome(pairs: list[Pair]) -> Outcome:
    """All games at once: the first player wins ⇔ the longest game lasts an odd number of moves."""
    if not pairs:
        raise GameError(N_("every-SG needs at least one game"), "no-components")
    return "N" if max(steps(a, b) for a, b in pairs) % 2 == 1 else "P"


__all__ = ["EuclidGame", "every_sg_outcome", "grundy", "line_move", "outcome", "steps", "steps_by_search"]


# ---------------------------------------------------------------- the family

MAX_SEARCHED_PILE = 1000  # SG values search every (x, y') below: quadratic


class EuclidFamily(PairFamily):
    """Euclid's game on a,b: the outcome and every-SG step counts by the closed rules for piles
    of any size; SG values by search up to MAX_SEARCHED_PILE."""

    key = "euclid"
    title = N_("Euclid's game")
    what = NP_("what", "a position a,b")

    def game(self) -> EuclidGame:
        return EuclidGame()

    def sg(self, c: tuple[int, int]) -> int:
        return grundy(*c)

    def outcome(self, c: tuple[int, int]) -> Outcome:
        return outcome(*c)

    def winning_moves(self, c: tuple[int, int]) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        """Piles of any size: from (x, y) with y ≥ 2x only (x, y mod x) and (x, y mod x + x) can
        be P (anything else leaves y' ≥ 2x); otherwise the move is forced."""
        x, y = _normal(*c)
        if x == 0 or outcome(x, y) == "P":
            return []
        candidates = {y % x, y % x + x} if y >= 2 * x else {y - x}
        found: list[tuple[Action, tuple[tuple[int, int], ...]]] = []
        for left in sorted(candidates):
            if left < y and outcome(x, left) == "P":
                k = (y - left) // x
                found.append((Action(TAKE_MULTIPLE.name, (k, x, k * x, y)), (_normal(x, left),)))
        return found

    def canonical(self, c: tuple[int, int]) -> tuple[int, int]:
        return _normal(*c)

    def every_steps(self, c: tuple[int, int]) -> int:
        return steps(*c)

    def every_move(self, c: tuple[int, int]) -> tuple[Action, tuple[tuple[int, int], ...]] | None:
        """No choice is left in Euclid's game (see :func:`steps`): the strategy's move is the
        one line of correct play, found without listing the y // x moves."""
        move = line_move(*c)
        return None if move is None else (move[0], (move[1],))
