"""Take-and-break games on heaps: octal games given by their code, and Grundy's game.

An octal code ``d0.d1d2…dk`` lists what may be done to one heap. Digit ``dj`` (0–7) allows
removing ``j`` tokens from a heap when the move leaves no heap (bit 1: j is the whole heap),
one non-empty heap (bit 2) or two non-empty heaps (bit 4: any a + b = n − j, a, b ≥ 1).
``d0`` is 0 or 4 (4: split a heap in two, removing nothing). Kayles is ``.77``.

Grundy values come from the definition, computed upward with each split's XOR set built once
per remainder, and beyond that from the Octal Periodicity Theorem (Guy & Smith 1956), which
turns finitely many computed values into a proof of periodicity (see :func:`period`).
Grundy's game (split a heap into two unequal heaps) is not known to be periodic: its values
are computed directly, within a bound. Moves are data (:class:`Split`), never prose.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from operator import xor

from grundy.cache import BoundedCache
from grundy.games.core import WHAT, GameError
from grundy.marks import N_, NP_, Phrase

MAX_CODE_DIGITS = 8
"""Most digits after the point: a move removes at most this many tokens."""

MAX_DIRECT_UPTO = 3071
"""Largest heap whose value is computed by the definition (3072 values), and so the bound
of the period search: a code whose period is not proved by then gets no values beyond it.
The work is about n²/4 XORs whatever the code. Measured cold on 2 shared cores: worst codes
found (values past 1000, too big for the byte-packed path, e.g. 4.4742276) 0.2–0.38 s;
Officers (.6) 0.06 s. At 4095 the worst took 0.45–0.53 s, over budget."""

MAX_VALUES_UPTO = 1_000_000
"""Largest ``upto`` for :func:`sg_values` even with a proved period: the list itself (8 MB)."""

GRUNDY_MAX_UPTO = 8191
"""Largest heap of Grundy's game computed. It has been computed far out without a period
appearing (periodicity is only conjectured), so there is no shortcut: heap n costs n/2
XORs. Measured cold on 2 shared cores: 0.30–0.36 s to 8191 (0.08 s to 4095)."""

MAX_CACHED_CODES = 64
"""Codes whose tables are kept; the one used longest ago is dropped past this."""

CODE_NAMES: dict[str, str] = {".77": N_("Kayles"), ".07": N_("Dawson's Kayles"), ".137": N_("Dawson's chess")}
"""Canonical code → the name the literature gives the game (marked for the catalogue: the
Chinese lesson says Dawson's chess in Chinese)."""

_CODE = re.compile(r"([0-9]?)\.([0-9]*)")


def _check_heap(n: int, what: str = NP_("what", "heap")) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise GameError(N_("%(what)s must be a whole number >= 0; got %(got)r"), "bad-heap", what=Phrase(what, context=WHAT), got=n)


@dataclass(frozen=True, slots=True)
class OctalCode:
    """An octal game: ``d0`` (0 or 4) and the digits ``d1 … dk`` after the point.

    >>> OctalCode.parse("0.77")
    OctalCode(d0=0, digits=(7, 7))
    >>> OctalCode.parse("4.07").format(), OctalCode.parse(".137").name
    ('4.07', "Dawson's chess")
    """

    d0: int
    digits: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.d0, int) or isinstance(self.d0, bool) or self.d0 not in (0, 4):
            raise GameError(N_("the digit before the point must be 0 or 4; got %(got)r"), "bad-code", got=self.d0)
        if not isinstance(self.digits, tuple) or not all(
            isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 7 for d in self.digits
        ):
            raise GameError(N_("octal digits are 0 to 7; got %(got)r"), "bad-code", got=self.digits)
        if not self.digits:
            raise GameError(N_("an octal code needs a digit after the point"), "bad-code")
        if len(self.digits) > MAX_CODE_DIGITS:
            raise GameError(N_("at most %(most)s digits after the point; got %(got)s"), "bad-code",
                            most=MAX_CODE_DIGITS, got=len(self.digits))
        if self.digits[-1] == 0:
            raise GameError(N_("the last digit of an octal code must not be 0"), "bad-code")

    @classmethod
    def parse(cls, text: str) -> OctalCode:
        """Read ``.77``, ``0.77`` or ``4.07`` (surrounding spaces ignored)."""
        found = _CODE.fullmatch(text.strip()) if isinstance(text, str) else None
        if found is None:
            raise GameError(N_("an octal code looks like .77 or 4.07; got %(got)r"), "bad-code", got=text)
        head, tail = found.groups()
        if any(c in "89" for c in head + tail):
            raise GameError(N_("octal digits are 0 to 7; got %(got)r"), "bad-code", got=text)
        return cls(int(head or "0"), tuple(int(c) for c in tail))

    def format(self) -> str:
        """The canonical spelling: ``.77``, ``.137``, ``4.07``."""
        return ("4" if self.d0 else "") + "." + "".join(map(str, self.digits))

    def __str__(self) -> str:
        return self.format()

    @property
    def max_removal(self) -> int:
        """k, the most tokens one move removes (the index of the last digit)."""
        return len(self.digits)

    @property
    def name(self) -> str | None:
        """The game's usual name, if it has one (see :data:`CODE_NAMES`)."""
        return CODE_NAMES.get(self.format())

    def digit(self, j: int) -> int:
        """d_j (0 outside d0 … dk)."""
        return self.d0 if j == 0 else self.digits[j - 1] if 0 < j <= len(self.digits) else 0


def _as_code(code: OctalCode | str) -> OctalCode:
    if isinstance(code, OctalCode):
        return code
    return OctalCode.parse(code)


@dataclass(frozen=True, slots=True)
class Split:
    """One move on one heap: ``removed`` tokens go, ``parts`` (ascending, 0–2 non-empty heaps)
    are what is left of that heap."""

    removed: int
    parts: tuple[int, ...]


def moves(code: OctalCode | str, n: int) -> Iterator[Split]:
    """Every move from a heap of ``n``, once each: by ``removed`` ascending, then no heap,
    one heap, two heaps (smaller part ascending).

    >>> [(s.removed, s.parts) for s in moves(".77", 4)]
    [(1, (3,)), (1, (1, 2)), (2, (2,)), (2, (1, 1))]
    >>> [s.parts for s in moves("4.1", 4)]
    [(1, 3), (2, 2)]
    """
    code = _as_code(code)
    _check_heap(n)
    for j in range(min(n, code.max_removal) + 1):
        d, left = code.digit(j), n - j
        if d & 1 and left == 0:
            yield Split(j, ())
        if d & 2 and left > 0:
            yield Split(j, (left,))
        if d & 4:
            for a in range(1, left // 2 + 1):
                yield Split(j, (a, left - a))


def grundys_game_moves(n: int) -> Iterator[Split]:
    """Grundy's game: split a heap into two unequal non-empty heaps (``removed`` is 0).

    >>> [s.parts for s in grundys_game_moves(7)]
    [(1, 6), (2, 5), (3, 4)]
    """
    _check_heap(n)
    for a in range(1, (n - 1) // 2 + 1):
        yield Split(0, (a, n - a))


# ---------------------------------------------------------------- computing values


def _pack(values: list[int]) -> bytearray | None:
    """The values one byte each, or None once one of them is 256 or more."""
    return bytearray(values) if max(values) < 256 else None


def _split_mask(values: list[int], packed: bytearray | None, m: int, *, unequal: bool = False) -> int:
    """The set {G(a) ^ G(m − a) : 1 ≤ a ≤ m − a} (a < m − a if ``unequal``) as bits of an int.

    With one byte per value, the two runs G(1..h) and G(m−1..m−h) are XORed as two big
    integers, byte by byte in C: about four times faster than a Python loop (measured)."""
    half = (m - 1) // 2 if unequal else m // 2
    if half < 1:
        return 0
    if packed is None:
        found = set(map(xor, values[1 : half + 1], values[m - 1 : m - half - 1 : -1]))
    else:
        left = int.from_bytes(packed[1 : half + 1], "little")
        right = int.from_bytes(packed[m - 1 : m - half - 1 : -1], "little")
        found = set((left ^ right).to_bytes(half, "little"))
    return sum(map((1).__lshift__, found))  # distinct powers of two: the sum is their OR


def _append(values: list[int], packed: bytearray | None, value: int) -> bytearray | None:
    values.append(value)
    if packed is not None and value < 256:
        packed.append(value)
        return packed
    return None


def _lowest_zero_bit(mask: int) -> int:
    """mex of the set whose members are the 1 bits of ``mask``."""
    return (~mask & (mask + 1)).bit_length() - 1


def _extend(code: OctalCode, values: list[int], splits: list[int], size: int) -> None:
    """Append G(n) (and the split set of n) to the caller's own lists until ``size`` values.

    G(n) = mex of: 0 if bit 1 of d_n; G(n − j) for bit 2 of d_j, j < n; and the split set of
    n − j for bit 4 of d_j. The split set of each m is built once and reused for every j."""
    digits = [(j, code.digit(j)) for j in range(code.max_removal + 1)]
    whole = [j for j, d in digits if d & 1]
    ones = [j for j, d in digits if d & 2 and j > 0]
    twos = [j for j, d in digits if d & 4]
    packed = _pack(values)
    for n in range(len(values), size):
        splits.append(_split_mask(values, packed, n) if twos else 0)
        seen = 1 if n in whole else 0
        for j in ones:
            if j < n:
                seen |= 1 << values[n - j]
        for j in twos:
            if j <= n - 2:
                seen |= splits[n - j]
        packed = _append(values, packed, _lowest_zero_bit(seen))


@dataclass(frozen=True, slots=True)
class Period:
    """G(n + length) = G(n) for every n >= preperiod; both are the least such numbers.

    ``proved`` is True when the Octal Periodicity Theorem certifies it from computed values.
    False means only that the computed table shows the repetition (see :func:`period`)."""

    preperiod: int
    length: int
    proved: bool

    def fold(self, n: int) -> int:
        """The smallest heap with the same value as ``n`` by this period."""
        return n if n < self.preperiod else self.preperiod + (n - self.preperiod) % self.length


def _repeats_from(values: list[int] | tuple[int, ...], p: int) -> int:
    """The least e such that values[n + p] == values[n] for all n >= e in the table."""
    n = len(values) - 1 - p
    while n >= 0 and values[n] == values[n + p]:
        n -= 1
    return n + 1


def _certify(values: list[int], k: int) -> Period | None:
    """The least proved period, by the Octal Periodicity Theorem, or None.

    Theorem (Guy & Smith): if G(n + p) = G(n) for e <= n < 2e + p + k, with e >= 1 and k the
    largest removal, then for all n >= e. Induction on N >= 2e + p + k: an option (a, b),
    a <= b, of N + p removing j has b >= e + p, so (a, b − p) is an option of N with the same
    value, and conversely (a, b) of N gives (a, b + p); one-heap options shift alike. The
    argument holds for j = 0 too, so ``4.`` codes are covered. (e >= 1 keeps b − p non-empty;
    a smaller preperiod is then read off the values.)
    """
    size, p = len(values), 1
    while 2 + 2 * p + k <= size:
        e = max(_repeats_from(values, p), 1)
        if 2 * e + 2 * p + k <= size:
            # Proved from e with period p; every period of the tail is a multiple of the
            # least, which divides p, and the values hold e + 2p of the tail to check it on.
            q = next(q for q in range(1, p + 1)
                     if p % q == 0 and all(values[n] == values[n + q] for n in range(e, e + p)))
            while e > 0 and values[e - 1] == values[e - 1 + q]:
                e -= 1
            return Period(e, q, proved=True)
        p += 1
    return None


def _observed(values: tuple[int, ...]) -> Period | None:
    """The least period the table shows (unproved): repeating to the end of the table over
    its last quarter at least, and three times at least."""
    for p in range(1, len(values) // 3 + 1):
        e = _repeats_from(values, p)
        if len(values) - e >= max(3 * p, len(values) // 4):
            return Period(e, p, proved=False)
    return None


@dataclass(frozen=True, slots=True)
class _Known:
    """What is known of one code: G(0..len−1), the split sets, and a proved period if any."""

    values: tuple[int, ...]
    splits: tuple[int, ...]
    period: Period | None


_CACHE: BoundedCache[OctalCode, _Known] = BoundedCache(MAX_CACHED_CODES)


def _known(code: OctalCode, upto: int) -> _Known:
    """Values of ``code`` covering heap ``upto``, or a proved period, or (when neither can
    be had by heap MAX_DIRECT_UPTO) everything computed up to there. The table doubles,
    trying the theorem at each size; a finished table replaces the cached one, never mutates it."""
    known = _CACHE.get(code)
    if known is None:
        known = _Known((0,), (0,), None)
    if known.period is not None or len(known.values) > upto or len(known.values) > MAX_DIRECT_UPTO:
        return known
    values, splits = list(known.values), list(known.splits)
    period = None
    while period is None and len(values) <= min(upto, MAX_DIRECT_UPTO):
        _extend(code, values, splits, min(max(2 * len(values), 64), MAX_DIRECT_UPTO + 1))
        period = _certify(values, code.max_removal)
    known = _Known(tuple(values), tuple(splits), period)
    _CACHE.put(code, known)  # computed outside the cache's lock
    return known


def sg_values(code: OctalCode | str, upto: int) -> list[int]:
    """G(0), …, G(upto) exactly: computed by the definition, then repeated by a proved period.

    Without a proved period, ``upto`` may not exceed MAX_DIRECT_UPTO (GameError).

    >>> sg_values(".77", 12)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    """
    code = _as_code(code)
    _check_heap(upto, NP_("what", "upto"))
    if upto > MAX_VALUES_UPTO:
        raise GameError(N_("upto is at most %(most)s; got %(got)s"), "out-of-range", most=MAX_VALUES_UPTO, got=upto)
    known = _known(code, upto)
    if len(known.values) > upto:
        return list(known.values[: upto + 1])
    if known.period is None:
        raise GameError(N_("%(octal)s: no proved period; values only up to heap %(most)s"), "sg-out-of-reach",
                        most=MAX_DIRECT_UPTO, octal=str(code))
    e, p = known.period.preperiod, known.period.length
    block = list(known.values[e : e + p])
    return (list(known.values[:e]) + block * ((upto - e) // p + 1))[: upto + 1]


def sg(code: OctalCode | str, n: int) -> int:
    """G(n) for a heap of any size where a period is proved, else for n <= MAX_DIRECT_UPTO.

    >>> sg(".77", 10**30)  # 10**30 ≡ 76 (mod 12), and 76 is past the last exception, 70
    1
    """
    code = _as_code(code)
    _check_heap(n)
    known = _known(code, n)
    if known.period is not None:
        return known.values[known.period.fold(n)]
    if n < len(known.values):
        return known.values[n]
    raise GameError(N_("%(octal)s: no proved period; values only up to heap %(most)s"), "sg-out-of-reach",
                    most=MAX_DIRECT_UPTO, octal=str(code))


def period(code: OctalCode | str) -> Period | None:
    """The least preperiod and period of G, with ``proved`` telling how it is known.

    Values are computed to heap MAX_DIRECT_UPTO at most (the table stops early once the
    theorem applies). A proved period is exact. If none is proved, a repetition that runs to
    the end of the table, over its last quarter and three periods at least, comes back with
    ``proved=False`` (it may break later: sg and sg_values never use it); else None.

    >>> period(".77")
    Period(preperiod=71, length=12, proved=True)
    """
    known = _known(_as_code(code), MAX_DIRECT_UPTO)
    return known.period if known.period is not None else _observed(known.values)


# ---------------------------------------------------------------- Grundy's game

_GRUNDY: tuple[int, ...] = (0,)


def grundys_game_values(upto: int) -> list[int]:
    """G(0), …, G(upto) of Grundy's game, by the definition (upto <= GRUNDY_MAX_UPTO).

    >>> grundys_game_values(20)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    """
    global _GRUNDY
    _check_heap(upto, NP_("what", "upto"))
    if upto > GRUNDY_MAX_UPTO:
        raise GameError(N_("Grundy's game is computed up to heap %(most)s; got %(got)s"), "sg-out-of-reach",
                        most=GRUNDY_MAX_UPTO, got=upto)
    known = _GRUNDY
    if len(known) <= upto:
        values = list(known)
        packed = _pack(values)
        for n in range(len(values), min(max(upto + 1, 2 * len(values)), GRUNDY_MAX_UPTO + 1)):
            packed = _append(values, packed, _lowest_zero_bit(_split_mask(values, packed, n, unequal=True)))
        known = _GRUNDY = tuple(values)
    return list(known[: upto + 1])


def grundys_game_sg(n: int) -> int:
    """G(n) of Grundy's game for n <= GRUNDY_MAX_UPTO."""
    _check_heap(n)
    if n > GRUNDY_MAX_UPTO:
        raise GameError(N_("Grundy's game is computed up to heap %(most)s; got %(got)s"), "sg-out-of-reach",
                        most=GRUNDY_MAX_UPTO, got=n)
    known = _GRUNDY
    return known[n] if n < len(known) else grundys_game_values(n)[n]


__all__ = [
    "CODE_NAMES", "GRUNDY_MAX_UPTO", "MAX_CACHED_CODES", "MAX_CODE_DIGITS", "MAX_DIRECT_UPTO",
    "MAX_VALUES_UPTO", "OctalCode", "Period", "Split", "grundys_game_moves", "grundys_game_sg",
    "grundys_game_values", "moves", "period", "sg", "sg_values",
]
