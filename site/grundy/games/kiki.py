"""kiki's game (HDU 2147) as a family; the game itself is in :mod:`grundy.games.grids`."""
from __future__ import annotations


from grundy.games.core import Action, Board, GameError, Outcome
from grundy.games.family import PairFamily, pair
from grundy.games.grids import KikiGame, kiki_grundy, kiki_outcome, kiki_start, kiki_winning_moves
from grundy.marks import N_, NP_


class KikiFamily(PairFamily):
    """kiki's boards, written rows x columns (4x5; 4,5 is read too). Inside, a board is the
    coin's place: (cells to its left, cells below), the coin starting top-right."""

    key = "kiki"
    board = Board(N_("kiki's game (cells down, cells left)"), N_("down \\ left"), rows_up=True)
    title = N_("kiki's game")
    example = "4x5"
    notation = "a board, rows x columns: `{example}` (`4,5` is read too)"

    def parse(self, text: str) -> tuple[int, int]:
        rows, cols = pair(text.lower().replace("×", ",").replace("x", ","), NP_("what", "a board rows x columns"), example="4x5")
        if rows < 1 or cols < 1:
            raise GameError(N_("a board has at least 1 row and 1 column; got %(rows)sx%(cols)s"), "empty-board",
                            rows=rows, cols=cols)
        return kiki_start(rows, cols)

    def format(self, c: tuple[int, int]) -> str:
        return f"{c[1] + 1}x{c[0] + 1}"

    def game(self) -> KikiGame:
        return KikiGame()

    def sg(self, c: tuple[int, int]) -> int:
        return kiki_grundy(*c)

    def outcome(self, c: tuple[int, int]) -> Outcome:
        return kiki_outcome(*c)

    def winning_moves(self, c: tuple[int, int]) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        return [(m.action, (m.position,)) for m in kiki_winning_moves(*c)]

    def canonical(self, c: tuple[int, int]) -> tuple[int, int]:
        return (c[0], c[1]) if c[0] <= c[1] else (c[1], c[0])  # a board and its mirror play alike

    def table_cell(self, r: int, c: int) -> tuple[int, int] | None:
        return c, r  # row r, column c: r cells below the coin, c to its left

    def cell_of(self, c: tuple[int, int]) -> tuple[int, int]:
        return c[1], c[0]


__all__ = ["KikiFamily"]
