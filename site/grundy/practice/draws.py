"""Practice for a game that may go on for ever (a game on a graph with a cycle): positions are P,
N or D (a draw), and the computer plays by backward induction on the positions a game can reach.

What differs from :class:`~grundy.practice.arena.Arena`, which searches a game that always ends:

- :meth:`DrawArena.verdict` is the family's ``sum_verdict``: P, N or D;
- the computer (:meth:`DrawArena.computer_move`) plays a winning move when it has one, else keeps
  the draw when it can, else makes the longest defence. It ranks positions by **remoteness** on
  the graph of reachable positions (:func:`solve`): 0 at a terminal position, one more than the
  smallest remoteness of a P-option at an N-position, one more than the largest of the options at
  a P-position; a D-position has none. The winner moves to its P-option of least remoteness, so
  remoteness falls by one with each of its moves and a won game ends, cycles or not (a winner that
  merely moved to *some* P-position could go round a cycle for ever). Remoteness is found by the
  same backward induction as the outcome, whose queue decides positions in order of it; it
  depends on the position only, not on where the search started;
- a drawn game would never end, so a game is stopped after :data:`DRAWN_AFTER` moves and counted
  as a draw (:attr:`DrawArena.move_limit`); a start is refused where a won game could last that
  long (its remoteness), so only a game that neither side can win, or one where the winner did
  not hurry, is stopped.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import ClassVar

from grundy.cache import BoundedCache
from grundy.games.core import GameError, Verdict
from grundy.games.graph import explore, retrograde, reverse
from grundy.i18n import _
from grundy.practice.arena import MAX_HISTORY, Arena, PlayMove, Position

DRAWN_AFTER = 40  # moves: a game still going then is stopped and counted as a draw
# The positions a game from one start may reach, bounded before any search by the product of the
# parts' sizes: the search of the largest accepted (three tokens on a practice graph of 8 positions
# and 30 moves, 512 positions) took about 45 ms, measured on the shared two-core machine.
MAX_REACH = 600


@dataclass(frozen=True, slots=True)
class Solved:
    """The positions a game can reach from a start, each with its outcome (P, N or D) and its
    remoteness (None at a draw), and the longest position text among them."""

    verdict: dict[Position, Verdict]
    remoteness: dict[Position, int | None]
    longest_text: int


def solve(arena: Arena, start: Position) -> Solved:
    """Backward induction on the graph of positions reachable from ``start`` (bounded by
    :data:`MAX_REACH`, checked as they are found: GameError beyond it), with remoteness."""
    states, successors = explore(start, lambda here: [m.after for m in arena.moves(here)], most=MAX_REACH,
                                 too_many=lambda: GameError(arena.too_large, "too-large-to-play"))
    r = retrograde(successors, reverse(successors))
    far: list[int | None] = [None] * len(states)
    for v in r.order:  # decided in order of remoteness: every option this one needs is known
        by = r.because[v]
        if r.reason[v] == "terminal":
            far[v] = 0
        elif by is not None:  # N: its first P-option decided is one of least remoteness
            far[v] = (far[by] or 0) + 1
        else:  # P: every option is N, decided before it
            far[v] = 1 + max(far[w] or 0 for w in successors[v])
    return Solved({s: r.outcome[i] for i, s in enumerate(states)}, {s: far[i] for i, s in enumerate(states)},
                  max(len(arena.format(s)) for s in states))


# Keys hold a rule (a practice graph's text, a few hundred characters) and a position.
SOLVED_KEPT = 256
_SOLVED: BoundedCache[tuple[str, tuple[tuple[str, str], ...], Position], Solved] = BoundedCache(SOLVED_KEPT)


@dataclass(frozen=True, slots=True)
class DrawArena(Arena):
    """A family's sums where play may go on for ever: outcomes P, N or D; a game stopped after
    :data:`DRAWN_AFTER` moves is a draw."""

    move_limit: ClassVar[int | None] = DRAWN_AFTER

    def verdict(self, position: Position) -> Verdict:
        return self.family.sum_verdict(position)

    def solved(self, position: Position) -> Solved:
        """What a game from ``position`` can reach, solved once and remembered."""
        key = (self.key, tuple(sorted(self.family.rule().items())), position)
        return _SOLVED.get_or_compute(key, lambda: solve(self, position))

    @property
    def too_large(self) -> str:
        return str(_("a game from here can reach more than %(most)s positions, more than the computer searches for a web"
                     " page; use fewer %(nouns)s", most=f"{MAX_REACH:,}", nouns=_(self.component_noun[1])))

    def drawing_moves(self, position: Position) -> list[PlayMove]:
        """From a D-position, the moves that keep the draw (to D-positions); none elsewhere."""
        if self.verdict(position) != "D":
            return []
        return [m for m in self.moves(position) if self.verdict(m.after) == "D"]

    def check_playable(self, start: Position) -> None:
        refused = self.unplayable(start)
        if refused:
            raise GameError(refused, "too-large-to-play")

    def _unplayable(self, position: Position) -> str | None:
        # bounded before any search: the positions a game can reach are at most the product of
        # what each part can reach (the family's ``size``), counted in every order of the parts
        if prod(self.family.size(c) for c in position) > MAX_REACH:
            return self.too_large
        try:
            solved = self.solved(position)
        except GameError:
            return self.too_large
        longest = max((r for r in solved.remoteness.values() if r is not None), default=0)
        if longest >= DRAWN_AFTER:
            return str(_("a won game from here could last %(length)s moves, and a game here is stopped as a draw after"
                         " %(most)s; make the graph smaller", length=longest, most=DRAWN_AFTER))
        if DRAWN_AFTER * (solved.longest_text + 1) > MAX_HISTORY:
            return str(_("a game from here could last %(length)s moves, more than a link to the game can hold;"
                         " make the %(nouns)s smaller", length=f"{DRAWN_AFTER:,}", nouns=_(self.component_noun[1])))
        return None

    def computer_move(self, position: Position) -> PlayMove:
        """A winning move to the P-option of least remoteness; else, from a draw, the first move
        that keeps it; else (from P) the move to the N-option of largest remoteness, the longest
        defence. Ties go to the first move listed, so a game replays the same way."""
        moves = self.moves(position)
        if not moves:
            raise GameError(_("the game is over: there is no move to make"), "game-over")
        solved = self.solved(position)
        verdict, far = solved.verdict, solved.remoteness
        wins = [m for m in moves if verdict[m.after] == "P"]
        if wins:
            return min(wins, key=lambda m: far[m.after] or 0)
        draws = [m for m in moves if verdict[m.after] == "D"]
        if draws:
            return draws[0]
        return max(moves, key=lambda m: far[m.after] or 0)


__all__ = ["DRAWN_AFTER", "MAX_REACH", "DrawArena", "Solved", "solve"]
