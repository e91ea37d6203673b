"""Nim: heaps from which a move takes any positive number of stones from one heap.

P ⇔ the XOR of the heaps is 0 (Bouton). From an N-position, with x the XOR, a heap a whose
binary digit at x's highest 1 is 1 can be cut to a ⊕ x, which makes the XOR 0. Misère Nim
(HDU 1907, the last to take loses) flips the rule only when every heap has at most one stone.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from grundy.games.core import Action, GameError, Move, Outcome, nim_sum
from grundy.games.family import Family, number
from grundy.marks import N_, NP_


def _check_heaps(heaps: Sequence[int]) -> None:
    for h in heaps:
        if not isinstance(h, int) or isinstance(h, bool) or h < 0:
            raise GameError(N_("a heap holds a whole number of stones, 0 or more; got %(got)r"), "bad-heap", got=h)


@dataclass(frozen=True, slots=True)
class NimHeap:
    """One Nim heap as a game: SG(n) = n, since the options are exactly 0 … n−1."""

    def options(self, position: int) -> Iterator[Move[int]]:
        _check_heaps([position])
        for left in range(position - 1, -1, -1):
            yield Move(Action("take", (position - left,)), left)


class NimMove(NamedTuple):
    """Take ``take`` stones from heap ``heap`` (1-based), leaving ``left``. A named tuple, not a
    frozen dataclass: a position with 10⁵ heaps can have tens of thousands of winning moves."""

    heap: int
    take: int
    left: int

    def __str__(self) -> str:
        return f"take {self.take} from heap {self.heap}"


def outcome(heaps: Sequence[int]) -> Outcome:
    """P ⇔ XOR = 0.

    >>> outcome([2, 3]), outcome([14, 21, 39]), outcome([1, 2, 3])
    ('N', 'N', 'P')
    """
    _check_heaps(heaps)
    return "P" if nim_sum(heaps) == 0 else "N"


def winning_moves(heaps: Sequence[int]) -> list[NimMove]:
    """Every move to a P-position, heap by heap; their number is HDU 1850's answer.

    >>> [str(m) for m in winning_moves([14, 21, 39])]
    ['take 12 from heap 3']
    >>> [str(m) for m in winning_moves([55, 81, 121])]  # the notes give the last one
    ['take 15 from heap 1', 'take 3 from heap 2', 'take 19 from heap 3']
    """
    _check_heaps(heaps)
    x = nim_sum(heaps)
    if x == 0:
        return []
    # a ⊕ x < a exactly when a has a 1 at x's highest 1 (a bit test is the cheapest check).
    top = x.bit_length() - 1
    return [NimMove(i, a - b, b) for i, a in enumerate(heaps, 1) if a >> top & 1 for b in (a ^ x,)]


def misere_outcome(heaps: Sequence[int]) -> Outcome:
    """Misère Nim (the player who takes the last stone loses), HDU 1907.

    If every heap has at most one stone, the player to move wins ⇔ the number of 1-heaps is
    even (XOR 0); otherwise, exactly as in normal Nim, ⇔ the XOR is not 0.

    >>> misere_outcome([1, 1]), misere_outcome([1]), misere_outcome([3, 3])
    ('N', 'P', 'P')
    """
    _check_heaps(heaps)
    x = nim_sum(heaps)
    if all(h <= 1 for h in heaps):
        return "N" if x == 0 else "P"
    return "N" if x != 0 else "P"


def misere_winning_moves(heaps: Sequence[int]) -> list[NimMove]:
    """The moves to misère P-positions.

    With two or more heaps above 1, play normal Nim (a big heap survives the move, so the
    normal rule still decides). With exactly one, cut it to 0 or 1 so that an odd number of
    1-heaps is left. With none, every move takes a 1-heap, and wins when the count is even.

    >>> [str(m) for m in misere_winning_moves([1, 1, 5])]
    ['take 4 from heap 3']
    """
    _check_heaps(heaps)
    big = [i for i, a in enumerate(heaps) if a > 1]
    ones = sum(1 for a in heaps if a == 1)
    if len(big) >= 2:
        return winning_moves(heaps)
    if len(big) == 1:
        i = big[0]
        left = 1 if ones % 2 == 0 else 0
        return [NimMove(i + 1, heaps[i] - left, left)]
    if ones % 2 == 0:
        return [NimMove(i + 1, 1, 0) for i, a in enumerate(heaps) if a == 1]
    return []


__all__ = ["NimHeap", "NimMove", "misere_outcome", "misere_winning_moves", "outcome", "winning_moves"]


# ---------------------------------------------------------------- the family


class NimFamily(Family[int]):
    """Nim heaps of any size: SG(n) = n, and a sum's winning moves come from the XOR."""

    key = "nim"
    title = N_("Nim")

    def parse(self, text: str) -> int:
        return number(text, NP_("what", "a heap"))

    def moves(self, c: int) -> Iterator[tuple[Action, tuple[int, ...]]]:
        for left in range(c - 1, -1, -1):
            yield Action("take", (c - left,)), (left,)

    def sg(self, c: int) -> int:
        return c

    def moves_to_value(self, c: int, target: int) -> list[tuple[Action, tuple[int, ...]]]:
        return [(Action("take", (c - target,)), (target,))] if target < c else []

    def move_to(self, c: int, parts: tuple[int, ...]) -> Action | None:
        return Action("take", (c - parts[0],)) if len(parts) == 1 and 0 <= parts[0] < c else None

    def size(self, c: int) -> int:
        return c + 1

    def move_count(self, c: int) -> int:
        return c

    def longest(self, c: int) -> int:
        return c

    def table_component(self, n: int) -> int | None:
        return n

    def misere_outcome(self, position: tuple[int, ...]) -> Outcome | None:
        return misere_outcome(position)

    def misere_winning_moves(self, position: tuple[int, ...]) -> list[tuple[int, Action, tuple[int, ...]]] | None:
        return [(m.heap - 1, Action("take", (m.take,)), (m.left,)) for m in misere_winning_moves(position)]
