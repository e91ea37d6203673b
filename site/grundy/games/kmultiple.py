"""The k-multiple dynamic subtraction game: one heap of n; the first move takes 1 to n − 1
stones, and each later move takes at least 1 and at most k times the previous move.

The P-positions (for the starting heap) are the numbers a₀ < a₁ < … built as follows: a₀ = 1;
each next a is one more than the largest number b the earlier a's can "cover", where b grows by
adding a to the b of the largest earlier aⱼ with k·aⱼ < a. For k = 1 these are the powers of two,
for k = 2 the Fibonacci numbers (Zeckendorf). From any other n, write n greedily as a sum of
a's; taking the smallest part wins, because the opponent cannot reach the next part.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from grundy.games.core import Action, GameError, Move, Outcome, Solver
from grundy.games.family import Family, RuleKey, number

State = tuple[int, int]  # (stones left, the most that may be taken now)


def _check(n: int, k: int) -> None:
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise GameError(f"k must be a whole number of at least 1; got {k!r}", "bad-rule")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise GameError(f"the heap holds at least one stone; got {n!r}", "bad-heap")


def losing_numbers(limit: int, k: int) -> list[int]:
    """The P-positions a₀ < a₁ < … not above ``limit``.

    >>> losing_numbers(40, 1)
    [1, 2, 4, 8, 16, 32]
    >>> losing_numbers(40, 2)
    [1, 2, 3, 5, 8, 13, 21, 34]
    """
    _check(max(limit, 1), k)
    a, b = [1], [1]
    j = 0
    while True:
        nxt = b[-1] + 1
        if nxt > limit:
            break
        while k * a[j + 1] < nxt if j + 1 < len(a) else False:
            j += 1
        a.append(nxt)
        b.append(b[j] + nxt if k * a[j] < nxt else nxt)
    return [x for x in a if x <= limit]


def decompose(n: int, k: int) -> list[int]:
    """n as a greedy sum of losing numbers, largest first (Zeckendorf for k = 2).

    >>> decompose(20, 2), decompose(12, 1)
    ([13, 5, 2], [8, 4])
    """
    _check(n, k)
    parts = []
    for a in reversed(losing_numbers(n, k)):
        if a <= n:
            parts.append(a)
            n -= a
    return parts


def outcome(n: int, k: int) -> Outcome:
    """For a starting heap of n."""
    _check(n, k)
    return "P" if decompose(n, k) == [n] else "N"


def winning_first_move(n: int, k: int) -> int | None:
    """How many to take first: the smallest part of n's decomposition (None from a P-position)."""
    parts = decompose(n, k)
    return None if len(parts) == 1 else parts[-1]


@dataclass(frozen=True, slots=True)
class KMultipleGame:
    """The game as a graph for brute force: (left, most allowed)."""

    k: int

    def options(self, position: State) -> Iterator[Move[State]]:
        left, most = position
        for t in range(1, min(left, most) + 1):
            yield Move(Action("take", (t,)), (left - t, self.k * t))


def start(n: int) -> State:
    """The starting state: the first move may take 1 to n − 1."""
    return n, n - 1


__all__ = ["KMultipleGame", "decompose", "losing_numbers", "outcome", "start", "winning_first_move"]


# ---------------------------------------------------------------- the family

MAX_K = 1000
MAX_SEARCHED_HEAP = 150  # SG values (and every winning move) by search: ~n² states of n moves


class KMultipleFamily(Family[tuple[int, int]]):
    """A heap, written n when fresh (the first move takes 1 to n − 1) and n:m once a move has
    capped the next one at m; the outcome of a fresh heap by the closed form, any size."""

    key = "k-multiple"
    example = "20"
    rule_keys = (RuleKey("k", None, "each move takes at most K times the last"),)
    example_rule = {"k": "2"}
    table_upto = MAX_SEARCHED_HEAP

    def __init__(self, k: int) -> None:
        self.k = k
        self._solver: Solver[State] = Solver(KMultipleGame(k), max_positions=200_000)

    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> KMultipleFamily:
        return cls(number(cls.rule_value(args, "k"), "K", lo=1, hi=MAX_K))

    def rule(self) -> dict[str, str]:
        return {"k": str(self.k)}

    def parse(self, text: str) -> tuple[int, int]:
        heap, _, cap = text.partition(":")
        if not cap:
            return start(number(heap, "a heap", lo=1))
        return number(heap, "a heap"), number(cap, "the most the next move may take", lo=1)

    def format(self, c: tuple[int, int]) -> str:
        return str(c[0]) if c == start(c[0]) else f"{c[0]}:{c[1]}"

    def moves(self, c: tuple[int, int]) -> Iterator[tuple[Action, tuple[tuple[int, int], ...]]]:
        for m in KMultipleGame(self.k).options(c):
            yield m.action, (m.position,)

    def canonical(self, c: tuple[int, int]) -> tuple[int, int]:
        return c if c[0] == 0 or c[1] < c[0] or c == start(c[0]) else (c[0], c[0])

    def sg(self, c: tuple[int, int]) -> int:
        if c[0] > MAX_SEARCHED_HEAP:
            raise GameError(f"SG values of the k-multiple game are found by search, up to heaps of "
                            f"{MAX_SEARCHED_HEAP}; got {c[0]}", "sg-out-of-reach", most=MAX_SEARCHED_HEAP)
        return self._solver.grundy(c)

    def outcome(self, c: tuple[int, int]) -> Outcome:
        return outcome(c[0], self.k) if c[0] >= 1 and c == start(c[0]) else super().outcome(c)

    def winning_moves(self, c: tuple[int, int]) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        """Every winning move by search up to MAX_SEARCHED_HEAP; beyond, for a fresh heap, the
        closed form's one (take the smallest part of the decomposition)."""
        if c[0] <= MAX_SEARCHED_HEAP or c != start(c[0]):
            return super().winning_moves(c)
        take = winning_first_move(c[0], self.k)
        return [] if take is None else [(Action("take", (take,)), ((c[0] - take, self.k * take),))]

    def table_component(self, n: int) -> tuple[int, int] | None:
        return start(n) if n else None
