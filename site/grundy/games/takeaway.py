"""Take-away games on one heap: each move removes an allowed number of stones.

A *rule* says which amounts may be taken: Bash (1..m), a finite subtraction set such as
{1, 3, 4}, the powers of two (HDU 1847) or the Fibonacci numbers (HDU 1848). Several heaps
played together are a sum, whose Grundy value is the XOR of the heaps' values.

Every closed form here (:func:`grundy`) has a brute-force twin (:func:`grundy_values`, which
fills the table from 0 upward by the definition) and the tests prove they agree.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from grundy.cache import BoundedCache
from grundy.games.core import Action, GameError, Move, Outcome, mex, outcome_of
from grundy.games.family import Family, number
from grundy.marks import N_, NP_, Listing, Phrase, phrase

# Every subtraction set a URL names gets a table and a period; a bounded number are kept (each
# at most ~100,000 values), so requests naming ever new sets cannot grow a worker's memory.
MAX_CACHED_RULES = 64


class Rule(Protocol):
    """What a take-away rule must tell: the amounts that may be taken from a heap of n."""

    def moves(self, n: int) -> list[int]:
        """The amounts that may be taken from a heap of ``n`` stones, ascending."""
        ...

    @property
    def label(self) -> str:
        """A short human name, such as "take 1 to 3" or "S = {1, 3, 4}"."""
        ...


def _check_heap(n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise GameError(N_("a heap holds a whole number of stones, 0 or more; got %(got)r"), "bad-heap", got=n)


@dataclass(frozen=True, slots=True)
class Bash:
    """Bash's game: take 1 to ``m`` stones."""

    m: int

    def __post_init__(self) -> None:
        if not isinstance(self.m, int) or isinstance(self.m, bool) or self.m < 1:
            raise GameError(N_("Bash's game needs m >= 1 (take 1..m); got %(got)r"), "bad-rule", got=self.m)

    def moves(self, n: int) -> list[int]:
        _check_heap(n)
        if min(n, self.m) > 1_000_000:
            raise GameError(N_("listing %(count)s moves is too many; Bash's game has a closed form instead"), "too-many-moves",
                            count=f"{min(n, self.m):,}")
        return list(range(1, min(n, self.m) + 1))

    @property
    def label(self) -> str:
        return str(rule_words(self))


@dataclass(frozen=True, slots=True)
class SubtractionSet:
    """A finite subtraction set: take exactly s stones for some s in ``amounts``."""

    amounts: frozenset[int]

    def __post_init__(self) -> None:
        if not self.amounts:
            raise GameError(N_("a subtraction set needs at least one amount"), "set-empty")
        bad = sorted(a for a in self.amounts if not isinstance(a, int) or a < 1)
        if bad:
            raise GameError(N_("a subtraction set holds positive whole numbers; got %(got)r"), "bad-rule", got=bad[0])

    @classmethod
    def of(cls, *amounts: int) -> SubtractionSet:
        """``SubtractionSet.of(1, 3, 4)`` — a shorthand for the frozenset form."""
        return cls(frozenset(amounts))

    def moves(self, n: int) -> list[int]:
        _check_heap(n)
        return [a for a in sorted(self.amounts) if a <= n]

    @property
    def label(self) -> str:
        return "S = {" + ", ".join(map(str, sorted(self.amounts))) + "}"


@dataclass(frozen=True, slots=True)
class PowersOfTwo:
    """Take a power of two: 1, 2, 4, 8, … (HDU 1847)."""

    def moves(self, n: int) -> list[int]:
        _check_heap(n)
        return [1 << k for k in range(n.bit_length())] if n else []

    @property
    def label(self) -> str:
        return str(rule_words(self))


@lru_cache(maxsize=256)  # heaps are looked up many times; a bounded cache keeps memory flat
def _fibonacci_upto(n: int) -> tuple[int, ...]:
    fibs = [1, 2]
    while fibs[-1] + fibs[-2] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    return tuple(f for f in fibs if f <= n)


@dataclass(frozen=True, slots=True)
class Fibonacci:
    """Take a Fibonacci number: 1, 2, 3, 5, 8, 13, … (HDU 1848)."""

    def moves(self, n: int) -> list[int]:
        _check_heap(n)
        return list(_fibonacci_upto(n))

    @property
    def label(self) -> str:
        return str(rule_words(self))


# ---------------------------------------------------------------- brute force: the definition


def grundy_values(rule: Rule, upto: int) -> list[int]:
    """SG(0), …, SG(upto) by the definition: SG(n) = mex{SG(n − s) : s a legal move}.

    >>> grundy_values(SubtractionSet.of(1, 3, 4), 8)
    [0, 1, 0, 1, 2, 3, 2, 0, 1]
    """
    _check_heap(upto)
    if isinstance(rule, (Bash, SubtractionSet)):
        return _finite_values(sorted(range(1, rule.m + 1) if isinstance(rule, Bash) else rule.amounts), upto)
    values: list[int] = []
    for n in range(upto + 1):
        values.append(mex(values[n - s] for s in rule.moves(n)))
    return values


def _finite_values(amounts: list[int], upto: int) -> list[int]:
    """The same definition, tuned for a fixed finite set: the values seen are kept as the bits
    of one integer, and the mex is its lowest 0 bit, (~seen & (seen + 1)).bit_length() − 1."""
    values = [0] * (upto + 1)
    for n in range(1, upto + 1):
        seen = 0
        for s in amounts:
            if s > n:
                break
            seen |= 1 << values[n - s]
        values[n] = (~seen & (seen + 1)).bit_length() - 1
    return values


def outcomes(rule: Rule, upto: int) -> list[Outcome]:
    """P or N for each heap 0..upto.

    >>> "".join(outcomes(PowersOfTwo(), 8))
    'PNNPNNPNN'
    """
    return [outcome_of(g) for g in grundy_values(rule, upto)]


# ---------------------------------------------------------------- periodicity


@dataclass(frozen=True, slots=True)
class Period:
    """SG(n + length) = SG(n) for every n >= preperiod; both are the least such numbers."""

    preperiod: int
    length: int

    def fold(self, n: int) -> int:
        """The smallest heap with the same Grundy value as ``n`` by this period."""
        if n < self.preperiod:
            return n
        return self.preperiod + (n - self.preperiod) % self.length


def find_period(values: Sequence[int], window: int) -> Period | None:
    """The least preperiod and period of a sequence in which ``window`` consecutive values
    determine the next one, or None if no window repeats within ``values``.

    Why this is enough: SG(n) depends only on the ``window`` values before it, so once a window
    of values recurs, everything after it recurs too. The first window to recur is where the
    periodic part begins, and the gap back to its first appearance is the least period: a
    shorter period or an earlier start would have made an earlier window recur.
    """
    first_seen: dict[tuple[int, ...], int] = {}
    for start in range(len(values) - window + 1):
        key = tuple(values[start : start + window])
        if key in first_seen:
            i = first_seen[key]
            return Period(preperiod=i, length=start - i)
        first_seen[key] = start
    return None


def period(rule: Rule, *, search_limit: int = 5000) -> Period | None:
    """The proven period of a rule's Grundy sequence, or None if none is known or found.

    Bash's game has period m + 1 from the start (SG(n) = n mod (m+1)); the powers of two have
    period 3 (SG(n) = n mod 3, since no power of two is a multiple of 3). A finite set is
    searched for a repeated window of max(S) values within ``search_limit`` positions. The
    Fibonacci rule has no known period, so it gets None.
    """
    if isinstance(rule, Bash):
        return Period(0, rule.m + 1)
    if isinstance(rule, PowersOfTwo):
        return Period(0, 3)
    if isinstance(rule, SubtractionSet):
        return _set_period(rule, search_limit)
    return None


@lru_cache(maxsize=MAX_CACHED_RULES)
def _set_period(rule: SubtractionSet, search_limit: int) -> Period | None:
    window = max(rule.amounts)
    return find_period(grundy_values(rule, search_limit + window), window)


def grundy(rule: Rule, n: int) -> int:
    """SG(n) for a heap of any size, by a closed form where one is proven.

    >>> grundy(Bash(3), 10**100)
    0
    >>> grundy(SubtractionSet.of(1, 3, 4), 10**18)  # period 7, and 10**18 % 7 == 1
    1
    """
    _check_heap(n)
    if isinstance(rule, Bash):
        return n % (rule.m + 1)
    if isinstance(rule, PowersOfTwo):
        return n % 3
    p = period(rule) if isinstance(rule, SubtractionSet) else None
    folded = p.fold(n) if p is not None else n
    if folded > 100_000:
        raise GameError(N_("no closed form is known for %(rule)s at n = %(n)s; it is too large to tabulate"), "sg-out-of-reach",
                        rule=rule_words(rule), n=n)
    table = _TABLES.get(rule)
    if table is None or len(table) <= folded:
        # Grow the cached table geometrically, so many look-ups cost one table, not one each
        # (computed outside the cache's lock, then kept in place of the shorter one).
        table = grundy_values(rule, max(folded, 2 * len(table or []), 64))
        _TABLES.put(rule, table)
    return table[folded]


_TABLES: BoundedCache[Rule, list[int]] = BoundedCache(MAX_CACHED_RULES)  # the rules used last


# ---------------------------------------------------------------- traces for learners


@dataclass(frozen=True, slots=True)
class Option:
    """One move from a heap: how many stones are taken, what is left, and its value."""

    take: int
    to: int
    grundy: int

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.grundy)


@dataclass(frozen=True, slots=True)
class Cell:
    """A heap's entry in a table, with the reason for its value: every option and its value."""

    n: int
    grundy: int
    options: tuple[Option, ...]

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.grundy)

    @property
    def winning_moves(self) -> tuple[Option, ...]:
        """The moves to a P-position (empty exactly when this heap is P)."""
        return tuple(o for o in self.options if o.grundy == 0)

    @property
    def option_values(self) -> list[int]:
        """The distinct Grundy values of the options, ascending: the set whose mex is taken."""
        return sorted({o.grundy for o in self.options})


def cell(rule: Rule, n: int, values: Sequence[int]) -> Cell:
    """Heap n with its options, given the Grundy values of every heap up to n."""
    return Cell(n, values[n], tuple(Option(s, n - s, values[n - s]) for s in rule.moves(n)))


def cells(rule: Rule, upto: int) -> list[Cell]:
    """Every heap 0..upto with its options and Grundy value, as a learner fills the table."""
    values = grundy_values(rule, upto)
    return [cell(rule, n, values) for n in range(upto + 1)]


@dataclass(frozen=True, slots=True)
class TakeAwayGame:
    """A rule as a game on one heap, for the generic solver (misère search, sums)."""

    rule: Rule

    def options(self, position: int) -> Iterator[Move[int]]:
        for s in self.rule.moves(position):
            yield Move(Action("take", (s,)), position - s)


@dataclass(frozen=True, slots=True)
class Turn:
    """One move of a game being played: who moved (0 = first player), how many, from, to."""

    player: int
    take: int
    before: int
    after: int


def replay(rule: Rule, start: int, takes: Sequence[int]) -> list[Turn]:
    """Check a sequence of moves from a heap of ``start`` and return it turn by turn.

    >>> [t.after for t in replay(Bash(2), 5, [2, 1, 2])]
    [3, 2, 0]
    """
    _check_heap(start)
    heap, turns = start, []
    for i, take in enumerate(takes):
        legal = rule.moves(heap)
        if take not in legal:
            allowed = Listing.of(legal) if legal else Phrase(N_("none: the game is over"))
            raise GameError(N_("move %(move)s cannot take %(take)s from a heap of %(heap)s (allowed: %(allowed)s)"), "illegal-move",
                            move=i + 1, take=take, heap=heap, allowed=allowed)
        turns.append(Turn(i % 2, take, heap, heap - take))
        heap -= take
    return turns




# ---------------------------------------------------------------- the families


MAX_SET_AMOUNT = 10_000  # S-Nim (HDU 1536 / POJ 2960) allows amounts up to 10,000
MAX_SET_SIZE = 100  # … and up to 100 of them; the period search then tabulates ~15,000 heaps


def parse_rule(text: str) -> Rule:
    """A subtraction rule as written: ``1,3,4``, ``powers-of-two`` or ``fibonacci``."""
    raw = text.strip()
    if raw == "powers-of-two":
        return PowersOfTwo()
    if raw == "fibonacci":
        return Fibonacci()
    items = raw.split(",")
    if len(items) > MAX_SET_SIZE:
        raise GameError(N_("the set S holds at most %(most)s amounts; got %(got)s"), "set-too-large",
                        most=MAX_SET_SIZE, got=len(items))
    if any(not item.strip() for item in items):
        raise GameError(N_("the set S has an empty item in %(got)r; write it like 1,3,4"), "set-empty-item",
                        got=raw[:40])
    return SubtractionSet(frozenset(number(a, NP_("what", "an amount in S"), lo=1, hi=MAX_SET_AMOUNT) for a in items))


def rule_words(rule: Rule) -> Phrase | str:
    """A rule's short name, to be said in the reader's language ("take 1 to 3"); a set is
    notation, "S = {1, 3, 4}" in every language. In English it is the rule's ``label``."""
    if isinstance(rule, Bash):
        return phrase(N_("take 1 to %(m)s"), m=rule.m) if rule.m > 1 else Phrase(N_("take 1"))
    if isinstance(rule, PowersOfTwo):
        return Phrase(N_("take a power of two"))
    if isinstance(rule, Fibonacci):
        return Phrase(N_("take a Fibonacci number"))
    return rule.label


def format_rule(rule: Rule) -> str:
    if isinstance(rule, PowersOfTwo):
        return "powers-of-two"
    if isinstance(rule, Fibonacci):
        return "fibonacci"
    assert isinstance(rule, SubtractionSet)
    return ",".join(map(str, sorted(rule.amounts)))


class HeapFamily(Family[int]):
    """One heap under a take-away rule (Bash's game and the subtraction games build on this)."""

    rule_of: Rule

    def parse(self, text: str) -> int:
        return number(text, NP_("what", "a heap"))

    def moves(self, c: int) -> Iterator[tuple[Action, tuple[int, ...]]]:
        for s in self.rule_of.moves(c):
            yield Action("take", (s,)), (c - s,)

    def sg(self, c: int) -> int:
        return grundy(self.rule_of, c)

    def size(self, c: int) -> int:
        return c + 1

    def longest(self, c: int) -> int:
        return c  # every move takes at least one coin

    def table_component(self, n: int) -> int | None:
        return n

    def table_values(self, upto: int) -> list[int | None]:
        return list(grundy_values(self.rule_of, upto))

    def table_facts(self) -> dict[str, object]:
        p = period(self.rule_of)
        return {"period": None if p is None else {"preperiod": p.preperiod, "length": p.length}}


__all__ = [
    "Bash",
    "Cell",
    "HeapFamily",
    "Fibonacci",
    "Option",
    "Period",
    "PowersOfTwo",
    "Rule",
    "SubtractionSet",
    "TakeAwayGame",
    "Turn",
    "cell",
    "cells",
    "find_period",
    "format_rule",
    "grundy",
    "grundy_values",
    "outcomes",
    "parse_rule",
    "period",
    "replay",
    "rule_words",
]
