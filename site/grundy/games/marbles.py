"""Marbles (Gym 101908B) as a family; the cut-down game is in :mod:`grundy.games.grids`."""
from __future__ import annotations


from grundy.games.core import Action, Board, GameError, Outcome, nim_sum, outcome_of
from grundy.games.family import PairFamily, pair
from grundy.games.grids import MARBLES_MAX, MarbleSlides, goes_home_at_once, marbles_grundy
from grundy.marks import N_, NP_


class MarblesFamily(PairFamily):
    """Marbles at row,column; moving one onto 0,0 wins. A marble on a home line can go home at
    once, so such a sum is N; otherwise it is the sum of cut-down games (lesson 8)."""

    key = "marbles"
    board = Board(N_("Marbles (row r, column c)"), "r \\ c", home=True)
    title = N_("Marbles")
    values_of_cut_down = True
    example = "2,5"
    notation = "a marble at row,column: `{example}`"
    what = NP_("what", "a marble row,column")
    table_upto = MARBLES_MAX

    def parse(self, text: str) -> tuple[int, int]:
        return pair(text, self.what, hi=MARBLES_MAX, example=self.example)

    def game(self) -> MarbleSlides:
        return MarbleSlides()

    def move_count(self, c: tuple[int, int]) -> int:
        return c[0] + c[1] + min(c)

    def sg(self, c: tuple[int, int]) -> int:
        if c == (0, 0) or goes_home_at_once(*c):
            raise GameError(N_("a marble at %(r)s,%(c)s can go home at once: it has no SG value in the cut-down game"),
                            "no-sg-home-line", r=c[0], c=c[1])
        return marbles_grundy(*c)

    def moves_to_value(self, c: tuple[int, int], target: int) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        """Within the cut-down game: a move onto a home line hands the win over, so it is none."""
        return [(a, parts) for a, parts in self.moves(c)
                if parts[0] != (0, 0) and not goes_home_at_once(*parts[0]) and self.sg(parts[0]) == target]

    def value_of(self, c: tuple[int, int]) -> int | None:
        return None if c == (0, 0) or goes_home_at_once(*c) else marbles_grundy(*c)

    def finished(self, position: tuple[tuple[int, int], ...]) -> bool:
        return (0, 0) in position

    def sum_grundy(self, position: tuple[tuple[int, int], ...]) -> int | None:
        if self.finished(position) or any(goes_home_at_once(*c) for c in position):
            return None  # a won or winnable-at-once position has no value in the cut-down game
        return nim_sum(self.sg(c) for c in position)

    def sum_outcome(self, position: tuple[tuple[int, int], ...]) -> Outcome:
        if self.finished(position):
            return "P"  # the player who moved a marble home has just won
        g = self.sum_grundy(position)
        return "N" if g is None else outcome_of(g)

    def outcome(self, c: tuple[int, int]) -> Outcome:
        return self.sum_outcome((c,))

    def winning_moves(self, c: tuple[int, int]) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        """Home at once where the marble can; else the cut-down game's moves to SG 0."""
        return [(a, parts) for a, parts in self.moves(c) if self.sum_outcome(parts) == "P"]

    def table_cell(self, r: int, c: int) -> tuple[int, int] | None:
        return r, c  # home-line cells too: their value is None (a marble there goes home at once)

    def shown_moves(self, c: tuple[int, int]) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        """From a home line, the move home; elsewhere the cut-down game's moves (a move onto a
        home line hands the opponent the win, so no one makes it)."""
        moves = list(self.moves(c))
        if goes_home_at_once(*c):
            return [(a, parts) for a, parts in moves if parts == ((0, 0),)]
        return [(a, parts) for a, parts in moves if not goes_home_at_once(*parts[0]) and parts != ((0, 0),)]


__all__ = ["MarblesFamily"]
