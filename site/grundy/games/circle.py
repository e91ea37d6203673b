"""The circular take-away game (POJ 2484): n coins in a ring; a move removes 1 to K adjacent
coins; the last to move wins.

The first move turns the ring into a row. If the first player cannot take everything (n > K)
and K ≥ 2, the second player answers by removing one or two coins opposite, leaving two equal
rows, then copies every move in the other row (SG ⊕ SG = 0): the ring is P. With K = 1 every
move takes one coin, so only the parity of n matters.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from grundy.games.core import Action, GameError, Move, Outcome, mex
from grundy.games.family import Family, RuleKey, number
from grundy.games.takebreak import positions_within
from grundy.games.moves import MoveKind, MoveWords
from grundy.marks import N_, NP_, Phrase, phrase

Ring = tuple[str, int]  # ("ring", n)
Rows = tuple[int, ...]  # the lengths of the rows left, sorted, no zeros


def _ring_words(args: tuple[int, ...]) -> MoveWords:
    """The first move: take 1 to K adjacent coins from the ring."""
    (t,) = args
    if t == 1:
        return MoveWords(Phrase(N_("take 1 coin from the ring")), Phrase(N_("took 1 coin from the ring")))
    return MoveWords(phrase(N_("take %(n)s adjacent coins from the ring"), n=t),
                     phrase(N_("took %(n)s adjacent coins from the ring"), n=t))


def _row_words(args: tuple[int, ...]) -> MoveWords:
    """CircleGame's move in a row: (taken, the row's number, the coins left on each side)."""
    t, row, left, right = args
    values = {"n": t, "row": row, "left": left, "right": right}
    if t == 1:
        return MoveWords(Phrase(N_("take 1 coin from row %(row)s, leaving %(left)s and %(right)s"), values),
                         Phrase(N_("took 1 coin from row %(row)s, leaving %(left)s and %(right)s"), values))
    return MoveWords(Phrase(N_("take %(n)s adjacent coins from row %(row)s, leaving %(left)s and %(right)s"), values),
                     Phrase(N_("took %(n)s adjacent coins from row %(row)s, leaving %(left)s and %(right)s"), values))


def _from_row_words(args: tuple[int, ...]) -> MoveWords:
    """The family's move in a row: (taken, the coins left on each side), worded so that where it
    was made can follow ("… by taking 1 coin from row 2")."""
    t, left, right = args
    values = {"n": t, "left": left or right, "right": right}
    if not left and not right:
        if t == 1:
            return MoveWords(Phrase(N_("take the only coin")), Phrase(N_("took the only coin")))
        return MoveWords(Phrase(N_("take all %(n)s coins"), values), Phrase(N_("took all %(n)s coins"), values))
    if not left or not right:
        if t == 1:
            return MoveWords(Phrase(N_("leave a row of %(left)s by taking 1 coin"), values),
                             Phrase(N_("left a row of %(left)s by taking 1 coin"), values))
        return MoveWords(Phrase(N_("leave a row of %(left)s by taking %(n)s adjacent coins"), values),
                         Phrase(N_("left a row of %(left)s by taking %(n)s adjacent coins"), values))
    if t == 1:
        return MoveWords(Phrase(N_("leave rows of %(left)s and %(right)s by taking 1 coin"), values),
                         Phrase(N_("left rows of %(left)s and %(right)s by taking 1 coin"), values))
    return MoveWords(Phrase(N_("leave rows of %(left)s and %(right)s by taking %(n)s adjacent coins"), values),
                     Phrase(N_("left rows of %(left)s and %(right)s by taking %(n)s adjacent coins"), values))


TAKE_RING = MoveKind("take-ring", _ring_words)
TAKE_ROW = MoveKind("take-row", _row_words)
TAKE_FROM_ROW = MoveKind("take-from-row", _from_row_words)


def _check(n: int, k: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise GameError(N_("a ring holds at least one coin; got %(got)r"), "bad-ring", got=n)
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise GameError(N_("a move takes 1 to K coins, K ≥ 1; got K = %(got)r"), "bad-rule", got=k)


def outcome(n: int, k: int = 2) -> Outcome:
    """The closed rule.

    >>> [outcome(n) for n in (1, 2, 3, 10)]
    ['N', 'N', 'P', 'P']
    """
    _check(n, k)
    if n <= k:
        return "N"
    if k == 1:
        return "N" if n % 2 == 1 else "P"
    return "P"


def paired(parts: Iterable[Hashable]) -> bool:
    """Whether the parts (rings and rows, or just the rows' lengths) come in equal pairs: then the
    second player copies each move in the other part of its pair and moves last (lesson 11's
    symmetry strategy), so the position is P.

    >>> paired([3, 3]), paired([1, 3, 1, 3]), paired([3, 2])
    (True, True, False)
    """
    return all(count % 2 == 0 for count in Counter(parts).values())


@lru_cache(maxsize=1024)  # (length, K) pairs from URLs: bounded, so memory stays flat
def row_grundy(length: int, k: int) -> int:
    """SG of a straight row of coins, where a move removes 1..k adjacent coins (k = 2: Kayles)."""
    values = [0]
    for n in range(1, length + 1):
        values.append(
            mex(values[left] ^ values[n - t - left] for t in range(1, min(k, n) + 1) for left in range(n - t + 1))
        )
    return values[length]


@dataclass(frozen=True, slots=True)
class CircleGame:
    """The ring and the rows it breaks into, as one graph for the generic solver."""

    k: int = 2
    _: tuple[()] = field(default=(), repr=False)

    def options(self, position: Ring | Rows) -> Iterator[Move[Ring | Rows]]:
        if position and position[0] == "ring":
            n = int(position[1])
            _check(n, self.k)
            for t in range(1, min(self.k, n) + 1):
                yield Move(Action(TAKE_RING.name, (t,)), (n - t,) if n > t else ())
            return
        rows = tuple(int(r) for r in position)
        for i, n in enumerate(rows):
            rest = rows[:i] + rows[i + 1 :]
            for t in range(1, min(self.k, n) + 1):
                for left in range(n - t + 1):
                    after = tuple(sorted(r for r in rest + (left, n - t - left) if r))
                    yield Move(Action(TAKE_ROW.name, (t, i + 1, left, n - t - left)), after)


def ring_grundy(n: int, k: int = 2) -> int:
    """SG of a ring: the mex of the rows its first move can leave."""
    _check(n, k)
    if n > 5000:
        raise GameError(N_("rings above %(most)s coins are too large to search; got %(got)s"), "sg-out-of-reach",
                        most=5000, got=n)
    return mex(row_grundy(n - t, k) for t in range(1, min(k, n) + 1))


__all__ = ["CircleGame", "outcome", "ring_grundy", "row_grundy"]


# ---------------------------------------------------------------- the family

MAX_K = 1000  # a move takes 1 to K adjacent coins
MAX_SEARCH = 20_000  # coins × K: rows' SG values are tabulated, each cell over K·n splits
RING, ROW = 0, 1  # a component is (RING, n) or (ROW, n)
# The notation, the same in every language (no word in it): a row of coins by its length alone,
# 5, as Kayles writes a row of pins; a ring by its number of coins after a ring, ○7; nothing left,
# 0. Read too: a ring as 〇7, o7, 环7 or ring7, a row as row5, nothing as none (the notation
# before), each mark apart from its number or not.
RING_MARK = "○"
_RING_TEXT = re.compile(r"(?:○|〇|◯|o|环|ring)\s*:?\s*(.*)", re.IGNORECASE)
_ROW_TEXT = re.compile(r"row\s*:?\s*(.*)", re.IGNORECASE)


class CircleFamily(Family[tuple[int, int]]):
    """A ring of coins (written ○7) and the rows a ring breaks into (written by their lengths, 5)."""

    key = "circle"
    title = N_("The circular game")
    example = RING_MARK + "7"
    notation = "a ring `{example}` (`ring7` is read too), or a row by its length, `5` (what a ring becomes)"
    empty = "0"
    rule_keys = (RuleKey("k", "2", N_("take 1 to K adjacent coins"), cli="--max"),)
    table_upto = 500

    def __init__(self, k: int = 2) -> None:
        self.k = k

    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> CircleFamily:
        return cls(number(cls.rule_value(args, "k"), NP_("what", "K (take 1 to K adjacent coins)"), lo=1, hi=MAX_K))

    def rule(self) -> dict[str, str]:
        return {"k": str(self.k)}

    def parse(self, text: str) -> tuple[int, int]:
        ring = _RING_TEXT.fullmatch(text.strip())
        if ring:
            return RING, number(ring.group(1), NP_("what", "a ring of coins"), lo=1)
        row = _ROW_TEXT.fullmatch(text.strip())
        return ROW, number(row.group(1) if row else text, NP_("what", "a row of coins"), lo=1)

    def format(self, c: tuple[int, int]) -> str:
        return str(c[1]) if c[0] == ROW else f"{RING_MARK}{c[1]}"

    def moves(self, c: tuple[int, int]) -> Iterator[tuple[Action, tuple[tuple[int, int], ...]]]:
        kind, n = c
        for t in range(1, min(self.k, n) + 1):
            if kind == RING:
                yield Action(TAKE_RING.name, (t,)), (((ROW, n - t),) if n > t else ())
                continue
            for left in range((n - t) // 2 + 1):  # leaving a and b is leaving b and a, mirrored
                right = n - t - left
                yield Action(TAKE_FROM_ROW.name, (t, left, right)), tuple((ROW, x) for x in (left, right) if x)

    def _bounded(self, n: int) -> None:
        if n * self.k > MAX_SEARCH:
            raise GameError(N_("SG values of rings and rows are searched while coins × K ≤ %(most)s; got %(coins)s × %(k)s"),
                            "sg-out-of-reach", most=f"{MAX_SEARCH:,}", coins=n, k=self.k)

    def sg(self, c: tuple[int, int]) -> int:
        kind, n = c
        if kind == RING and n > self.k >= 2:
            return 0  # the symmetry strategy: the second player mirrors, whatever the ring's size
        self._bounded(n)
        return ring_grundy(n, self.k) if kind == RING else row_grundy(n, self.k)

    def outcome(self, c: tuple[int, int]) -> Outcome:
        return outcome(c[1], self.k) if c[0] == RING else super().outcome(c)

    def winning_moves(self, c: tuple[int, int]) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        kind, n = c
        if kind == ROW:
            return super().winning_moves(c)
        if outcome(n, self.k) == "P":
            return []
        t = n if n <= self.k else 1  # take all, or (K = 1, n odd) any single coin
        return [(Action(TAKE_RING.name, (t,)), ((ROW, n - t),) if n > t else ())]

    def table_component(self, n: int) -> tuple[int, int] | None:
        return (RING, n) if n else None

    # -- search bounds (play against the computer)
    def size(self, c: tuple[int, int]) -> int:
        """Positions a search from ``c`` can reach: the ring itself, and every multiset of rows of
        at most n coins in all (Σ p(m) for m ≤ n bounds them)."""
        kind, n = c
        return positions_within(n - 1) + 1 if kind == RING else positions_within(n)

    def move_count(self, c: tuple[int, int]) -> int:
        """The moves from ``c`` or from anything it reaches: a ring's first move leaves a row of
        up to n − 1 coins, which has more moves than the ring (about K for each coin)."""
        kind, n = c
        if kind == RING:
            return max(min(self.k, n), self._row_moves(n - 1))
        return self._row_moves(n)

    def _row_moves(self, n: int) -> int:
        return sum(n - t + 1 for t in range(1, min(self.k, n) + 1))

    def longest(self, c: tuple[int, int]) -> int:
        return c[1]  # every move takes at least one coin
