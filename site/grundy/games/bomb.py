"""The Bomb game (HDU 2873) as a family; the explosions are in :mod:`grundy.games.grids`."""
from __future__ import annotations

from collections.abc import Iterator

from grundy.games.core import Action, Board
from grundy.games.family import Family, pair
from grundy.games.grids import BOMB_MAX, BOMBS, bomb_options, settle
from grundy.marks import N_, NP_


class BombFamily(Family[tuple[int, int]]):
    """Bombs at row,column (from 1); an explosion leaves two bombs (one on the edge), and two
    bombs on one cell, or a bomb on 1,1, vanish. ``0`` is the empty board (``none`` is read too)."""

    key = "bomb"
    board = Board(N_("Bomb game (row p, column q)"), "p \\ q", first=1)
    title = N_("The Bomb game")
    keeps_count = False
    example = "3,4"
    notation = "a bomb at row,column (from 1): `{example}`"
    separator = ";"
    empty = "0"
    layout = "pairs"
    table_upto = BOMB_MAX

    def parse(self, text: str) -> tuple[int, int]:
        return pair(text, NP_("what", "a bomb row,column"), lo=1, hi=BOMB_MAX, example="3,4")

    def format(self, c: tuple[int, int]) -> str:
        return f"{c[0]},{c[1]}"

    def moves(self, c: tuple[int, int]) -> Iterator[tuple[Action, tuple[tuple[int, int], ...]]]:
        for m in bomb_options(*c):
            yield m.action, m.position

    def sg(self, c: tuple[int, int]) -> int:
        return BOMBS.grundy(*c)

    def tidy(self, position: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return settle(position)

    def size(self, c: tuple[int, int]) -> int:
        return 1 << min(c[0] * c[1], 60)  # bombs come and go on every cell up to (p, q)

    def move_count(self, c: tuple[int, int]) -> int:
        return max(c[0] - 1, 1) * max(c[1] - 1, 1)

    def longest(self, c: tuple[int, int]) -> int:
        return 1 << min(c[0] + c[1], 20)

    def table_cell(self, r: int, c: int) -> tuple[int, int] | None:
        return None if r == 0 or c == 0 else (r, c)

    def cell_of(self, c: tuple[int, int]) -> tuple[int, int]:
        return c


__all__ = ["BombFamily"]
