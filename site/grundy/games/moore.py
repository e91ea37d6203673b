"""Moore's Nim_k: n heaps; a move takes tokens from at least 1 and at most k of them (any number
from each heap it touches, at least one in all). k = 1 is Nim.

Moore's theorem (E. H. Moore, "A generalization of the game called nim", Annals of Mathematics
11 (1910), 93–94): write the heaps in binary; the position is P exactly when, in every column,
the number of heaps with a 1 there is a multiple of k + 1. (From such a position a move changes
at most k heaps, so the highest column it changes gets between 1 and k ones fewer or more and is
no longer a multiple; from any other position, going down the columns, a move over at most k
heaps can fix every column — the proof is Nim's, with k + 1 in place of 2.)

The position is one game, not a sum (:attr:`Family.is_sum` is False): a move spans heaps. Its
SG values have no known closed form, so they are found by a bounded search; outcomes and every
winning move come from the theorem, for heaps of any size, the work bounded before it starts.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from math import comb, prod

from grundy.games.core import Action, GameError, Move, Outcome, Solver
from grundy.games.family import Family, FamilyGame, RuleKey, number
from grundy.games.moves import MoveKind, MoveWords
from grundy.marks import AND, CLAUSES, N_, NP_, Listing, nphrase, phrase

Heaps = tuple[int, ...]

MAX_K = 100  # a move takes from at most k heaps; k at or above the number of heaps takes from all
MAX_HEAPS = 1_000  # heaps in one position
# Reading the columns looks at every binary digit of every heap: heaps × binary digits at most.
MAX_DIGITS = 200_000
# Listing every winning move runs over each set of at most k heaps a move may touch and, column
# by column, which of them keep a 1 there (winning_work bounds it); more than this is refused.
MAX_WINNING_WORK = 400_000
MAX_LISTED = 2_000  # winning moves listed at most (heaps of many digits can have very many)
# SG values by search over every position the heaps reach: positions × moves at most.
MAX_SG_WORK = 40_000


def _check(heaps: Sequence[int], k: int) -> None:
    if not heaps:
        raise GameError(N_("Moore's Nim needs at least one heap"), "no-components")
    if len(heaps) > MAX_HEAPS:
        raise GameError(N_("Moore's Nim takes at most %(most)s heaps; got %(got)s"), "too-many-heaps",
                        most=f"{MAX_HEAPS:,}", got=f"{len(heaps):,}")
    for h in heaps:
        if not isinstance(h, int) or isinstance(h, bool) or h < 0:
            raise GameError(N_("a heap holds a whole number of stones, 0 or more; got %(got)r"), "bad-heap", got=h)
    if not 1 <= k <= MAX_K:
        raise GameError(N_("k must be from 1 to %(most)s; got %(got)r"), "bad-rule", most=MAX_K, got=k)
    digits = len(heaps) * max(h.bit_length() for h in heaps)
    if digits > MAX_DIGITS:
        raise GameError(N_("Moore's Nim reads at most %(most)s binary digits (heaps × digits of the largest); got %(got)s"),
                        "too-many-digits", most=f"{MAX_DIGITS:,}", got=f"{digits:,}")


def column_counts(heaps: Sequence[int]) -> list[int]:
    """How many heaps have a 1 in each binary column, the highest column first.

    >>> column_counts([3, 5, 7])  # 011, 101, 111
    [2, 2, 3]
    """
    width = max((h.bit_length() for h in heaps), default=0)
    return [sum(h >> j & 1 for h in heaps) for j in range(width - 1, -1, -1)]


def outcome(heaps: Sequence[int], k: int) -> Outcome:
    """Moore's theorem: P ⇔ every column's count of 1s is a multiple of k + 1.

    >>> outcome([3, 5, 7], 2), outcome([3, 5, 6, 7], 2), outcome([1, 2, 3], 1)
    ('N', 'P', 'P')
    """
    _check(heaps, k)
    return "P" if all(c % (k + 1) == 0 for c in column_counts(heaps)) else "N"


def winning_work(heaps: Sequence[int], k: int) -> int:
    """An upper bound on the steps :func:`winning_moves` takes: for each set of s ≤ k non-empty
    heaps a move may touch (C(m, s) of them), each column, each set of those heaps still equal
    to their old value so far (2^s), each choice of the heaps that get a 1 there (at most 2^s)."""
    m = sum(1 for h in heaps if h)
    width = max((h.bit_length() for h in heaps), default=0)
    return width * sum(comb(m, s) << 2 * s for s in range(1, min(k, m) + 1))  # 4^s = 1 << 2s


def _take_words(args: tuple[int, ...]) -> MoveWords:
    """(heap, how many taken) for each heap the move takes from: "take 2 from heap 1 and 3 from
    heap 3", listed under the heaps it takes from ("heaps 1 and 3": "take 2 and 3")."""
    heaps, takes = args[0::2], args[1::2]
    parts = Listing(tuple(phrase(N_("%(n)s from heap %(heap)s"), n=t, heap=h) for h, t in zip(heaps, takes)),
                    last=AND, context=CLAUSES)
    if len(takes) == 1:  # a button under one heap says what Nim's does
        label, label_told = phrase(N_("take %(n)s"), n=takes[0]), phrase(N_("took %(n)s"), n=takes[0])
    else:
        taken = Listing(takes, last=AND)
        label, label_told = phrase(N_("take %(takes)s"), takes=taken), phrase(N_("took %(takes)s"), takes=taken)
    return MoveWords(phrase(N_("take %(parts)s"), parts=parts), phrase(N_("took %(parts)s"), parts=parts),
                     nphrase("heap %(heaps)s", "heaps %(heaps)s", len(heaps), heaps=Listing(heaps, last=AND)),
                     label, label_told, group_is_place=False)


TAKE_HEAPS = MoveKind("take-heaps", _take_words)


def _take(heaps: Sequence[int], after: Sequence[int]) -> Action:
    """The move from ``heaps`` to ``after``: (heap, how many taken) for each heap it touches,
    heaps counted from 1 in order."""
    return Action(TAKE_HEAPS.name, tuple(x for i, (a, b) in enumerate(zip(heaps, after), 1) if a != b for x in (i, a - b)))


def winning_moves(heaps: Sequence[int], k: int) -> list[Heaps]:
    """Every move to a P-position, as the heaps it leaves, ordered by the heaps it touches.

    A move touches a set S of at most k heaps, lowering each. The heaps outside S fix how many
    1s each column needs from S (the count that makes the column a multiple of k + 1, which must
    be at most |S|); going down the columns, each heap of S stays equal to its old value until
    the first column where it gets a 0 for a 1, after which it is free. A table of how many ways
    finish from each column and set of still-equal heaps lets the listing follow only the
    choices that finish, so the work is bounded by :func:`winning_work` and the count is known
    before anything is listed.

    >>> winning_moves([3, 5, 7], 2)  # 011, 101, 111: every column needs 0 or 3 ones
    [(3, 3, 3)]
    >>> moves = winning_moves([7, 7, 7, 7], 2)  # empty a heap, or share 7 = x + y out between two
    >>> len(moves), moves[:5]
    (40, [(0, 7, 7, 7), (7, 0, 7, 7), (7, 7, 0, 7), (7, 7, 7, 0), (6, 1, 7, 7)])
    """
    if outcome(heaps, k) == "P":
        return []  # Moore's theorem: no move from a P-position wins (and none needs listing)
    work = winning_work(heaps, k)
    if work > MAX_WINNING_WORK:
        raise GameError(N_("listing Moore's Nim's winning moves here could take %(got)s steps, more than %(most)s;"
                           " make the heaps or k smaller, or fewer heaps"), "listing-too-long",
                        most=f"{MAX_WINNING_WORK:,}", got=f"{work:,}")
    width = max(h.bit_length() for h in heaps)
    counts = column_counts(heaps)
    tables: list[tuple[tuple[int, ...], list[int], list[list[int]]]] = []
    total = 0
    live = [i for i, h in enumerate(heaps) if h]
    for s in range(1, min(k, len(live)) + 1):
        for touched in combinations(live, s):
            found = _ways(heaps, touched, counts, width, k)
            if found is not None and found[1][0][(1 << s) - 1]:
                tables.append((touched, found[0], found[1]))
                total += found[1][0][(1 << s) - 1]
    if total > MAX_LISTED:
        raise GameError(N_("this position has %(count)s winning moves, more than the %(most)s listed"),
                        "too-many-moves", most=f"{MAX_LISTED:,}", count=f"{total:,}")
    moves: list[Heaps] = []
    for touched, need, ways in tables:
        for values in _walk(heaps, touched, need, ways, width):
            after = list(heaps)
            for i, v in zip(touched, values):
                after[i] = v
            moves.append(tuple(after))
    return moves


def _ways(heaps: Sequence[int], touched: tuple[int, ...], counts: list[int], width: int,
          k: int) -> tuple[list[int], list[list[int]]] | None:
    """For a move touching exactly the heaps ``touched``: the 1s each column needs from them
    (highest column first), and ``ways[c][tight]``, the ways to fill columns c.. (c = width:
    none left) when the heaps in the bit mask ``tight`` still equal their old value. None when
    some column needs more 1s than there are heaps touched."""
    s = len(touched)
    own = [[heaps[i] >> (width - 1 - c) & 1 for i in touched] for c in range(width)]
    need = [(-(counts[c] - sum(own[c]))) % (k + 1) for c in range(width)]
    if any(n > s for n in need):
        return None
    high = [sum(bit << t for t, bit in enumerate(own[c])) for c in range(width)]  # the old 1s, as a mask
    full = 1 << s
    ways = [[0] * full for _ in range(width)] + [[1] + [0] * (full - 1)]  # done: equal to none (all lowered)
    by_count = _masks(s)
    for c in range(width - 1, -1, -1):
        for tight in range(full):
            ways[c][tight] = sum(ways[c + 1][tight & ~(high[c] ^ ones)] for ones in by_count[need[c]]
                                 if not tight & ones & ~high[c])  # a still-equal heap cannot get a 1 for a 0
    return need, ways


def _masks(s: int) -> list[list[int]]:
    """The subsets of s heaps (as bit masks) by their size."""
    found: list[list[int]] = [[] for _ in range(s + 1)]
    for mask in range(1 << s):
        found[mask.bit_count()].append(mask)
    return found


def _walk(heaps: Sequence[int], touched: tuple[int, ...], need: list[int], ways: list[list[int]],
          width: int) -> Iterator[list[int]]:
    """Every way to fill the columns (the touched heaps' new values), following only choices
    that can finish (``ways`` says which)."""
    s = len(touched)
    by_count = _masks(s)
    high = [sum((heaps[i] >> (width - 1 - c) & 1) << t for t, i in enumerate(touched)) for c in range(width)]

    def fill(c: int, tight: int, values: list[int]) -> Iterator[list[int]]:
        if c == width:
            yield values
            return
        for ones in by_count[need[c]]:
            if tight & ones & ~high[c]:
                continue
            after = tight & ~(high[c] ^ ones)
            if ways[c + 1][after]:
                yield from fill(c + 1, after, [v << 1 | (ones >> t & 1) for t, v in enumerate(values)])

    yield from fill(0, (1 << s) - 1, [0] * s)


@dataclass(frozen=True, slots=True)
class MooreGame:
    """Moore's Nim_k by its rules, every move listed: the brute-force twin of the theorem."""

    k: int

    def options(self, position: Heaps) -> Iterator[Move[Heaps]]:
        live = [i for i, h in enumerate(position) if h]
        for s in range(1, min(self.k, len(live)) + 1):
            for touched in combinations(live, s):
                for values in product(*(range(position[i]) for i in touched)):
                    after = list(position)
                    for i, v in zip(touched, values):
                        after[i] = v
                    yield Move(_take(position, after), tuple(after))


def move_count(heaps: Sequence[int], k: int) -> int:
    """How many moves there are: for each set of at most k heaps, the product of their sizes
    (the elementary symmetric sums e_1 … e_k of the heaps)."""
    e = [1] + [0] * k
    for h in heaps:
        for s in range(k, 0, -1):
            e[s] += e[s - 1] * h
    return sum(e[1:])


__all__ = ["MAX_HEAPS", "MAX_K", "MAX_LISTED", "MooreFamily", "MooreGame", "column_counts", "move_count", "outcome",
           "winning_moves", "winning_work"]


# ---------------------------------------------------------------- the family


class MooreFamily(Family[Heaps]):
    """One position of Moore's Nim_k, its heaps written 3,5,7 in one argument (not a sum)."""

    key = "moore"
    title = N_("Moore's Nim")
    example = "3,5,7"
    notation = "all the heaps, one position (not a sum): `{example}`"
    example_rule = {"k": "2"}
    rule_keys = (RuleKey("k", None, N_("a move takes from 1 to K heaps"), more=f"K up to {MAX_K}"),)
    separator = ","  # one position: a person may type its heaps apart with spaces too (practice joins them)
    layout = "none"
    is_sum = False

    def __init__(self, k: int) -> None:
        self.k = k
        self._solver: Solver[tuple[Heaps, ...]] = Solver(FamilyGame(self), max_positions=MAX_SG_WORK)

    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> MooreFamily:
        return cls(number(cls.rule_value(args, "k"), NP_("what", "K"), lo=1, hi=MAX_K))

    def rule(self) -> dict[str, str]:
        return {"k": str(self.k)}

    def parse(self, text: str) -> Heaps:
        heaps = tuple(number(h, NP_("what", "a heap")) for h in text.split(","))
        _check(heaps, self.k)
        return heaps

    def format(self, c: Heaps) -> str:
        return ",".join(map(str, c))

    def moves(self, c: Heaps) -> Iterator[tuple[Action, tuple[Heaps, ...]]]:
        for m in MooreGame(self.k).options(c):
            yield m.action, (m.position,)

    def canonical(self, c: Heaps) -> Heaps:
        return tuple(sorted(c))  # the heaps' order does not matter to the game

    def outcome(self, c: Heaps) -> Outcome:
        return outcome(c, self.k)

    def sg(self, c: Heaps) -> int:
        work = self.size(c) * (self.move_count(c) + 1)
        if work > MAX_SG_WORK:
            raise GameError(N_("Moore's Nim's SG values have no known formula and are found by search, for positions"
                               " × moves up to %(most)s; this one has %(got)s"), "sg-out-of-reach",
                            most=f"{MAX_SG_WORK:,}", got=f"{work:,}")
        return self._solver.grundy((self.canonical(c),))

    def winning_moves(self, c: Heaps) -> list[tuple[Action, tuple[Heaps, ...]]]:
        return [(_take(c, after), (after,)) for after in winning_moves(c, self.k)]

    def moves_to_value(self, c: Heaps, target: int) -> list[tuple[Action, tuple[Heaps, ...]]]:
        return self.winning_moves(c) if target == 0 else super().moves_to_value(c, target)

    def move_to(self, c: Heaps, parts: tuple[Heaps, ...]) -> Action | None:
        """Heaps left in their order are checked by the rule (none higher, 1 to k lower); heaps
        written in another order are looked for among the moves."""
        if len(parts) == 1 and len(parts[0]) == len(c):
            after = parts[0]
            lowered = sum(1 for a, b in zip(c, after) if b < a)
            if all(b <= a for a, b in zip(c, after)) and 1 <= lowered <= self.k:
                return _take(c, after)
        return super().move_to(c, parts)

    # -- bounds for a whole-game search (play against the computer, misère)
    def size(self, c: Heaps) -> int:
        return prod(h + 1 for h in c)

    def move_count(self, c: Heaps) -> int:
        return move_count(c, self.k)  # no position it reaches has more: every heap only shrinks

    def longest(self, c: Heaps) -> int:
        return sum(c)  # every move takes at least one token
