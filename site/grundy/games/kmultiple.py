"""The k-multiple dynamic subtraction game: one heap of n; the first move takes 1 to n − 1
stones, and each later move takes at least 1 and at most k times the previous move; whoever takes
the last stone wins.

The losing numbers a₀ < a₁ < … (lesson 13): a₀ = 1, and each next a is one more than bᵢ, the
largest sum of distinct earlier a's in which each part is more than k times the part below it
(a *k-spread* sum). bᵢ₊₁ = aᵢ₊₁ + bⱼ for the largest j with k·aⱼ < aᵢ₊₁ (or aᵢ₊₁ alone if there is
none). Every n ≥ 1 is exactly one k-spread sum of a's, the greedy one (its *parts*). Then:

- a heap of n on which the next move may take at most m is P ⇔ n's smallest part is more than m;
  a fresh heap (m = n − 1) is P ⇔ n is itself an a (one part);
- the winning moves take x₁ + … + xⱼ, the j smallest parts, whenever that sum is at most m and
  k times it is less than the next part (all of n, if m allows).

For k = 1 the a's are the powers of two (binary), for k = 2 the Fibonacci numbers (Zeckendorf).
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from grundy.games.core import Action, GameError, Move, Outcome, Solver
from grundy.games.family import Family, RuleKey, number
from grundy.marks import N_, NP_

State = tuple[int, int]  # (stones left, the most that may be taken now)

# Building the a's up to n takes one step per a. While aᵢ ≤ k they grow by at least 1; after,
# aᵢ₊₁ = aᵢ + aⱼ₊₁ ≥ aᵢ·(1 + 1/k), since k·aⱼ₊₁ ≥ aᵢ by the choice of j. So there are at most
# k + (k + 1)·ln n + 2 of them up to n, and ln n < n.bit_length(): construction_cost(n, k) bounds
# the work before any is done. 3,000,000 steps take about a second.
MAX_CONSTRUCTION = 3_000_000


def _check(n: int, k: int) -> None:
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise GameError(N_("k must be a whole number of at least 1; got %(got)r"), "bad-rule", got=k)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise GameError(N_("the heap holds at least one stone; got %(got)r"), "bad-heap", got=n)


def construction_cost(n: int, k: int) -> int:
    """An upper bound on how many a's lie at or below n (proved above)."""
    return k + (k + 1) * max(n, 1).bit_length() + 2


def _affordable(limit: int, k: int) -> None:
    """Refuse, before any work, to build the losing numbers past what MAX_CONSTRUCTION allows."""
    _check(max(limit, 1), k)
    if construction_cost(limit, k) > MAX_CONSTRUCTION:
        raise GameError(N_("building the losing numbers for k = %(k)s up to a heap of %(digits)s digits could"
                           " take %(steps)s steps, more than %(most)s; make the heap or k smaller"), "too-large",
                        most=f"{MAX_CONSTRUCTION:,}", k=f"{k:,}", digits=f"{len(str(limit)):,}",
                        steps=f"{construction_cost(limit, k):,}")


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the construction: aᵢ, the largest j with k·aⱼ < aᵢ (None: there is none),
    and bᵢ, the largest k-spread sum of a₀..aᵢ."""

    i: int
    a: int
    j: int | None
    b: int


def construction(limit: int, k: int) -> list[Row]:
    """The rows of the construction up to the first a above ``limit`` (that one included: its
    b says how far the a's so far reach).

    >>> [(r.a, r.b) for r in construction(6, 2)]
    [(1, 1), (2, 2), (3, 4), (5, 7), (8, 12)]
    """
    _affordable(limit, k)
    rows = [Row(0, 1, None, 1)]
    j = -1  # the largest index with k·aⱼ < the newest a (they only grow, so j only moves up)
    while rows[-1].a <= limit:
        a = rows[-1].b + 1
        while j + 1 < len(rows) and k * rows[j + 1].a < a:
            j += 1
        rows.append(Row(len(rows), a, j if j >= 0 else None, a + rows[j].b if j >= 0 else a))
    return rows


@lru_cache(maxsize=64)
def _losing(k: int, bits: int) -> tuple[int, ...]:
    """The losing numbers below 2**bits: one list serves every heap of that many bits (the
    quiz, the widget's replies and decompositions ask for the same k again and again)."""
    # construction()'s loop on bare lists: no Row per a (k near 10^5 makes ~10^6 of them).
    limit = 1 << bits
    _affordable(limit - 1, k)
    a, b = [1], [1]
    j = -1
    while a[-1] < limit:
        nxt = b[-1] + 1
        while j + 1 < len(a) and k * a[j + 1] < nxt:
            j += 1
        a.append(nxt)
        b.append(nxt + b[j] if j >= 0 else nxt)
    return tuple(a[:-1])


def losing_numbers(limit: int, k: int) -> list[int]:
    """The P-positions a₀ < a₁ < … not above ``limit``.

    >>> losing_numbers(40, 1)
    [1, 2, 4, 8, 16, 32]
    >>> losing_numbers(40, 2)
    [1, 2, 3, 5, 8, 13, 21, 34]
    """
    _affordable(limit, k)
    found = _losing(k, max(limit, 1).bit_length())
    return list(found[: bisect_right(found, limit)])


def decompose(n: int, k: int) -> list[int]:
    """n as the greedy (and only) k-spread sum of losing numbers, largest part first
    (Zeckendorf for k = 2).

    >>> decompose(20, 2), decompose(12, 1)
    ([13, 5, 2], [8, 4])
    """
    _check(n, k)
    _affordable(n, k)
    found = _losing(k, n.bit_length())
    parts = []
    while n:
        part = found[bisect_right(found, n) - 1]  # the largest losing number that fits
        parts.append(part)
        n -= part
    return parts


def outcome(n: int, k: int, most: int | None = None) -> Outcome:
    """A heap of n from which the next move may take at most ``most`` (None: a fresh heap,
    n − 1): P exactly when n's smallest part is more than that."""
    _check(n, k)
    return "P" if decompose(n, k)[-1] > (n - 1 if most is None else most) else "N"


def winning_takes(n: int, k: int, most: int | None = None) -> list[int]:
    """Every winning move from a heap of n (the next move taking at most ``most``; None: a
    fresh heap), smallest first: the sums of the j smallest parts that fit under ``most`` and
    leave a next part more than k times as large (or take everything)."""
    cap = n - 1 if most is None else most
    parts = decompose(n, k)[::-1]
    takes, total = [], 0
    for i, x in enumerate(parts):
        total += x
        if total > cap:
            break
        if i == len(parts) - 1 or parts[i + 1] > k * total:
            takes.append(total)
    return takes


def winning_first_move(n: int, k: int) -> int | None:
    """The smallest winning first move: the smallest part of n (None from a P-position)."""
    takes = winning_takes(n, k)
    return takes[0] if takes else None


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


__all__ = ["KMultipleGame", "Row", "construction", "construction_cost", "decompose", "losing_numbers", "outcome",
           "start", "winning_first_move", "winning_takes"]


# ---------------------------------------------------------------- the family

MAX_K = 100_000  # POJ 3922's largest k
MAX_SEARCHED_HEAP = 150  # SG values by search: ~n² states of n moves
# The empty heap, after the last stone was taken: one component however the last move was capped
# (no move is left to cap), written 0 as the lesson writes it.
EMPTY_HEAP: State = (0, 1)


def _heap(left: int, cap: int) -> State:
    return (left, cap) if left else EMPTY_HEAP


class KMultipleFamily(Family[tuple[int, int]]):
    """A heap, written n when fresh (the first move takes 1 to n − 1) and n:m once a move has
    capped the next one at m, as lesson 13 writes it; the empty heap is 0. Outcomes and every winning move by the closed form, any size (its
    work bounded first by :func:`construction_cost`); SG values by search, for small heaps."""

    key = "k-multiple"
    title = N_("K-multiple subtraction")
    example = "20"
    notation = "a fresh heap `{example}`, or `20:6` once the next move may take at most 6"
    rule_keys = (RuleKey("k", None, N_("each move takes at most K times the last")),)
    example_rule = {"k": "2"}
    table_upto = MAX_SEARCHED_HEAP

    def __init__(self, k: int) -> None:
        self.k = k
        self._solver: Solver[State] = Solver(KMultipleGame(k), max_positions=200_000)

    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> KMultipleFamily:
        return cls(number(cls.rule_value(args, "k"), NP_("what", "K"), lo=1, hi=MAX_K))

    def rule(self) -> dict[str, str]:
        return {"k": str(self.k)}

    def parse(self, text: str) -> tuple[int, int]:
        heap, _, cap = text.partition(":")
        if not cap:
            n = number(heap, NP_("what", "a heap"))
            return start(n) if n else EMPTY_HEAP
        return _heap(number(heap, NP_("what", "a heap")), number(cap, NP_("what", "the most the next move may take"), lo=1))

    def format(self, c: tuple[int, int]) -> str:
        return str(c[0]) if c == start(c[0]) or not c[0] else f"{c[0]}:{c[1]}"

    def moves(self, c: tuple[int, int]) -> Iterator[tuple[Action, tuple[tuple[int, int], ...]]]:
        for m in KMultipleGame(self.k).options(c):
            yield m.action, (_heap(*m.position),)

    def canonical(self, c: tuple[int, int]) -> tuple[int, int]:
        return c if c[1] < c[0] else (c[0], c[0])  # a cap above the heap allows no more than the heap

    def read_after(self, before: tuple[int, int], typed: tuple[int, int]) -> tuple[int, int]:
        """A bare heap typed after a move ("18" after taking 2 from 20) means the stones left: the
        new limit is k times what was taken, as the move decides."""
        left = typed[0]
        if left and typed == start(left) and left < before[0]:
            return left, self.k * (before[0] - left)
        return typed

    def sg(self, c: tuple[int, int]) -> int:
        if c[0] > MAX_SEARCHED_HEAP:
            raise GameError(N_("SG values of the k-multiple game are found by search, up to heaps of %(most)s; got %(got)s"),
                            "sg-out-of-reach", most=MAX_SEARCHED_HEAP, got=c[0])
        return self._solver.grundy(c)

    def outcome(self, c: tuple[int, int]) -> Outcome:
        return "P" if c[0] == 0 else outcome(c[0], self.k, c[1])

    def winning_moves(self, c: tuple[int, int]) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        """Every winning move, by the closed form: take a sum of n's smallest parts."""
        if c[0] == 0:
            return []
        return [(Action("take", (t,)), (_heap(c[0] - t, self.k * t),)) for t in winning_takes(c[0], self.k, c[1])]

    # -- bounds for a whole-game search (play against the computer)
    def size(self, c: tuple[int, int]) -> int:
        """Every reachable heap is (left, cap) with left ≤ n and, settled, 1 ≤ cap ≤ left, plus
        the empty heap."""
        return c[0] * (c[0] + 1) // 2 + 1

    def move_count(self, c: tuple[int, int]) -> int:
        """The moves from ``c`` or from any heap it reaches: a later move's limit grows (k times
        the last take), so only the stones left bound it (134:11 reaches 123:33)."""
        return max(min(c), c[0] - 1)

    def longest(self, c: tuple[int, int]) -> int:
        return c[0]  # every move takes at least one stone

    def table_component(self, n: int) -> tuple[int, int] | None:
        return start(n) if n else None
