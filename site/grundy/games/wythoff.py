"""Wythoff's game: two piles; a move takes any number from one pile, or the same number from both.

The P-positions are (a_k, b_k) with b_k = a_k + k, where a_k is the least number not used by
earlier pairs; equivalently a_k = ⌊kφ⌋ (Beatty). Here a_k is computed exactly for piles of any
size with an integer square root: ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋ = (k + isqrt(5k²)) // 2, since k is
an integer and √(5k²) is irrational for k > 0 (so flooring it first loses nothing).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import isqrt

from grundy.games.core import Action, Board, GameError, Move, Outcome
from grundy.games.family import PairFamily
from grundy.games.moves import kind
from grundy.marks import N_, NP_

Pair = tuple[int, int]
# Moves listed under the pile they take from ("pile 1": "take 3"), or under "both piles"
TAKE_FROM = kind("take-from", ("n", "pile"), N_("take %(n)s from pile %(pile)s"), N_("took %(n)s from pile %(pile)s"),
                 grouped=(N_("pile %(pile)s"), N_("take %(n)s"), N_("took %(n)s")))
TAKE_BOTH = kind("take-both", ("n",), N_("take %(n)s from both piles"), N_("took %(n)s from both piles"),
                 grouped=(N_("both piles"), NP_("from both piles", "take %(n)s"), NP_("from both piles", "took %(n)s")),
                 context="from both piles")


def _check_pair(a: int, b: int) -> None:
    for v in (a, b):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise GameError(N_("a pile holds a whole number of stones, 0 or more; got %(got)r"), "bad-pile", got=v)


def a_k(k: int) -> int:
    """⌊kφ⌋, exactly.

    >>> [a_k(k) for k in range(9)]
    [0, 1, 3, 4, 6, 8, 9, 11, 12]
    """
    if k < 0:
        raise GameError(N_("k must be 0 or more; got %(got)s"), "bad-index", got=k)
    return (k + isqrt(5 * k * k)) // 2


def p_position(k: int) -> Pair:
    """The k-th P-position (a_k, b_k), counting (0, 0) as the 0th.

    >>> [p_position(k) for k in range(4)]
    [(0, 0), (1, 2), (3, 5), (4, 7)]
    """
    a = a_k(k)
    return a, a + k


def is_p(a: int, b: int) -> bool:
    """Whether (a, b) is a P-position, for piles of any size."""
    _check_pair(a, b)
    lo, hi = min(a, b), max(a, b)
    return a_k(hi - lo) == lo


def outcome(a: int, b: int) -> Outcome:
    return "P" if is_p(a, b) else "N"


@dataclass(frozen=True, slots=True)
class WythoffMove:
    """A move and the piles it leaves, in the order the piles were given."""

    action: Action
    after: Pair


def _index_as_a(n: int) -> int | None:
    """The k with a_k = n, if n is a lower member of a P-pair (a_k grows by 1 or 2 per k)."""
    # a_k = n needs k ≈ n/φ = n(√5 − 1)/2; the exact k is within one of the floor of that.
    guess = (isqrt(5 * n * n) - n) // 2
    for k in range(max(0, guess - 1), guess + 3):
        if a_k(k) == n:
            return k
    return None


def partner(n: int) -> int:
    """The other member of the P-pair containing n (every n ≥ 0 lies in exactly one pair):
    (n, partner(n)) is a P-position, in some order."""
    k = _index_as_a(n)
    if k is not None:
        return n + k
    # n = b_j = a_j + j = ⌊jφ²⌋, so j ≈ n/φ² = n(3 − √5)/2
    guess = (3 * n - isqrt(5 * n * n)) // 2
    for j in range(max(0, guess - 1), guess + 3):
        if a_k(j) + j == n:
            return a_k(j)
    raise AssertionError(f"{n} belongs to no Wythoff pair")  # Beatty: impossible


def winning_moves(a: int, b: int) -> list[WythoffMove]:
    """Every move to a P-position, in HDU 2177's order: the move from both piles first, then the
    moves from one pile (by the smaller pile left, then the larger). Two moves may leave the same
    pair of piles (from (2, 2), either pile down to 1); both are listed, HDU 2177 prints it once.

    >>> [m.after for m in winning_moves(5, 8)]  # piles stay in the order given
    [(4, 7), (5, 3)]
    >>> [m.after for m in winning_moves(2, 2)]
    [(0, 0), (1, 2), (2, 1)]
    """
    _check_pair(a, b)
    if is_p(a, b):
        return []
    lo, hi = min(a, b), max(a, b)
    moves: list[WythoffMove] = []
    target_lo = a_k(hi - lo)
    if target_lo < lo:  # both piles: the difference stays, so go to the pair with this k
        t = lo - target_lo
        moves.append(WythoffMove(Action(TAKE_BOTH.name, (t,)), (a - t, b - t)))
    one_pile: list[WythoffMove] = []
    for index, pile in ((0, a), (1, b)):
        other = b if index == 0 else a
        mate = partner(other)
        if mate < pile:
            left = (mate, other) if index == 0 else (other, mate)
            one_pile.append(WythoffMove(Action(TAKE_FROM.name, (pile - mate, index + 1)), left))
    moves.extend(sorted(one_pile, key=lambda m: (sorted(m.after), m.action.args[1])))
    return moves


@dataclass(frozen=True, slots=True)
class WythoffGame:
    """Wythoff's game as a graph, for the generic solver (SG values on small boards)."""

    def options(self, position: Pair) -> Iterator[Move[Pair]]:
        a, b = position
        _check_pair(a, b)
        for t in range(1, a + 1):
            yield Move(Action(TAKE_FROM.name, (t, 1)), (a - t, b))
        for t in range(1, b + 1):
            yield Move(Action(TAKE_FROM.name, (t, 2)), (a, b - t))
        for t in range(1, min(a, b) + 1):
            yield Move(Action(TAKE_BOTH.name, (t,)), (a - t, b - t))


# ---------------------------------------------------------------- the precision lab

DOUBLE_PHI = (math.sqrt(5.0) + 1) / 2  # the notes' r = (sqrt(5.0) + 1) / 2, as a C double
# |fl(k·r) − kφ| ≤ k·(|r − φ| + r·2⁻⁵³) < k·3e-16: |r − φ| < 6e-17 (checked in the tests).
_DOUBLE_ERROR_PER_K = 3e-16


def float_a_k(k: int) -> int:
    """What the notes' double-precision formula computes for a_k: (long long)(k * r)."""
    return int(k * DOUBLE_PHI)


def _zeckendorf_sums(limit: int, lowest_index: int) -> Iterator[int]:
    """Every k ≤ limit whose Zeckendorf terms are all F_n with n ≥ lowest_index (F_2 = 1)."""
    fibs = [0, 1]
    while fibs[-1] <= limit:
        fibs.append(fibs[-1] + fibs[-2])
    top = len(fibs) - 1

    def build(total: int, below: int) -> Iterator[int]:
        for n in range(below, lowest_index - 1, -1):
            k = total + fibs[n]
            if k <= limit:
                yield k
                yield from build(k, n - 2)

    yield from build(0, top)


def first_float_failure(limit: int = 10**15) -> int | None:
    """The least k ≤ limit where the double formula's a_k differs from the exact ⌊kφ⌋, or None.

    Only k with kφ within k·3e-16 of an integer can fail. Writing k = Σ F_nᵢ (Zeckendorf),
    kφ − Σ F_{nᵢ+1} = −Σ ψ^{nᵢ} with |ψ| = 1/φ, so the distance of kφ to the nearest integer is
    at least φ^(−n_min)/φ² — it is small only when every term of k is a large Fibonacci
    number. So each round lists exactly those k up to a bound, a few dozen numbers, and checks
    them exactly; no k outside the list can fail.

    >>> first_float_failure()
    102334155
    """
    bound = 1 << 10
    while True:
        bound = min(bound, limit)
        delta = bound * _DOUBLE_ERROR_PER_K
        # smallest index n with φ^(−n)/φ² < delta, less one for safety: terms from there up.
        lowest = 2
        while (1 / ((1 + 5**0.5) / 2)) ** (lowest + 2) >= delta and lowest < 400:
            lowest += 1
        lowest = max(2, lowest - 1)
        failures = [k for k in _zeckendorf_sums(bound, lowest) if float_a_k(k) != a_k(k)]
        if failures:
            return min(failures)
        if bound >= limit:
            return None
        bound *= 2


__all__ = [
    "DOUBLE_PHI",
    "WythoffGame",
    "WythoffMove",
    "a_k",
    "first_float_failure",
    "float_a_k",
    "is_p",
    "outcome",
    "p_position",
    "partner",
    "winning_moves",
]


# ---------------------------------------------------------------- SG values and the family

# SG values have no closed form; they are filled square by square from the definition. Each
# cell takes the mex of its row to the left, its column below and its diagonal, kept as three
# bit masks, so a 300 × 300 table is 90,000 cheap steps (about 0.1 s here, measured).
SG_MAX_PILE = 300
_SG_ROWS: list[list[int]] = []  # _SG_ROWS[a][b] for a, b below the side filled so far


def queen_table(side: int, skip: Callable[[int, int], bool] = lambda _a, _b: False) -> list[list[int]]:
    """SG values of every (a, b) with a, b < ``side`` for a piece that moves like a chess queen
    towards (0, 0) (Wythoff's piles; Marbles' cut-down game, whose ``skip``ped cells hold -1 and
    are moved onto by no one), filled afresh (the caller caches)."""
    rows = [[-1] * side for _ in range(side)]
    row_seen = [0] * side  # values in row a so far (b smaller)
    col_seen = [0] * side  # values in column b so far (a smaller)
    diag_seen: dict[int, int] = {}  # values on the diagonal b − a so far
    for a in range(side):
        for b in range(side):
            if skip(a, b):
                continue
            seen = row_seen[a] | col_seen[b] | diag_seen.get(b - a, 0)
            value = (~seen & (seen + 1)).bit_length() - 1  # the lowest bit not set: the mex
            rows[a][b] = value
            bit = 1 << value
            row_seen[a] |= bit
            col_seen[b] |= bit
            diag_seen[b - a] = diag_seen.get(b - a, 0) | bit
    return rows


def grundy(a: int, b: int) -> int:
    """SG(a, b) for piles up to SG_MAX_PILE (Wythoff's P-positions are exactly SG 0).

    >>> [grundy(0, b) for b in range(4)], grundy(1, 2), grundy(3, 5)
    ([0, 1, 2, 3], 0, 0)
    """
    global _SG_ROWS
    _check_pair(a, b)
    if max(a, b) > SG_MAX_PILE:
        raise GameError(N_("SG values of Wythoff positions are found by search, for piles up to %(most)s; got %(a)s,%(b)s"),
                        "sg-out-of-reach", most=SG_MAX_PILE, a=a, b=b)
    rows = _SG_ROWS
    if max(a, b) >= len(rows):
        rows = queen_table(min(SG_MAX_PILE + 1, max(2 * len(rows), max(a, b) + 1, 32)))
        _SG_ROWS = rows  # replaced whole, never changed in place: other threads keep theirs
    return rows[a][b]


class WythoffFamily(PairFamily):
    """Pairs of piles of any size: the outcome and every winning move by the closed form,
    SG values (for sums) up to SG_MAX_PILE."""

    key = "wythoff"
    board = Board(N_("Wythoff's game (piles a, b)"), "a \\ b")
    title = N_("Wythoff's game")

    def game(self) -> WythoffGame:
        return WythoffGame()

    def sg(self, c: tuple[int, int]) -> int:
        return grundy(*c)

    def outcome(self, c: tuple[int, int]) -> Outcome:
        return outcome(*c)

    def winning_moves(self, c: tuple[int, int]) -> list[tuple[Action, tuple[tuple[int, int], ...]]]:
        return [(m.action, (m.after,)) for m in winning_moves(*c)]

    def canonical(self, c: tuple[int, int]) -> tuple[int, int]:
        return (c[0], c[1]) if c[0] <= c[1] else (c[1], c[0])  # the piles' order does not matter

    def move_count(self, c: tuple[int, int]) -> int:
        return c[0] + c[1] + min(c)
