"""The circular take-away game (POJ 2484): n coins in a ring; a move removes 1 to K adjacent
coins; the last to move wins.

The first move turns the ring into a row. If the first player cannot take everything (n > K)
and K ≥ 2, the second player answers by removing one or two coins opposite, leaving two equal
rows, then copies every move in the other row (SG ⊕ SG = 0): the ring is P. With K = 1 every
move takes one coin, so only the parity of n matters.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from grundy.games.core import GameError, Move, Outcome, mex

Ring = tuple[str, int]  # ("ring", n)
Rows = tuple[int, ...]  # the lengths of the rows left, sorted, no zeros


def _check(n: int, k: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise GameError(f"a ring holds at least one coin; got {n!r}")
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise GameError(f"a move takes 1 to K coins, K ≥ 1; got K = {k!r}")


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


@cache
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
                yield Move(f"take {t} adjacent coin{'s' if t > 1 else ''} from the ring", (n - t,) if n > t else ())
            return
        rows = tuple(int(r) for r in position)
        for i, n in enumerate(rows):
            rest = rows[:i] + rows[i + 1 :]
            for t in range(1, min(self.k, n) + 1):
                for left in range(n - t + 1):
                    after = tuple(sorted(r for r in rest + (left, n - t - left) if r))
                    yield Move(f"take {t} from row {i + 1} leaving {left} and {n - t - left}", after)


def ring_grundy(n: int, k: int = 2) -> int:
    """SG of a ring: the mex of the rows its first move can leave."""
    _check(n, k)
    if n > 5000:
        raise GameError(f"rings above 5000 coins are too large to search; got {n}")
    return mex(row_grundy(n - t, k) for t in range(1, min(k, n) + 1))


__all__ = ["CircleGame", "outcome", "ring_grundy", "row_grundy"]
