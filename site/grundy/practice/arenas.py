"""The games a learner practises on: a rule, and a position made of components (heaps, pairs of
piles, boards) played as a sum. The self-quiz and play against the computer share them, so a
position means the same thing, is written the same way and is judged by the same engine in both.

No Flask here: parsing raises :class:`GameError` with a message a learner can act on.
"""
from __future__ import annotations

import re
import threading
from abc import ABC, abstractmethod
from collections import Counter, OrderedDict
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from math import factorial, prod
from typing import ClassVar

from grundy.games import grids, nim, takeaway, wythoff
from grundy.games.core import GameError, Move, Outcome, Solver, nim_sum, outcome_of, remoteness

Component = Hashable  # an int (a heap) or a tuple of ints (two piles, a board)
Position = tuple[Component, ...]

MAX_COMPONENTS = 8
MAX_POSITION_TEXT = 200  # characters: a position is typed by hand or carried in a URL
# The computer searches the whole game to choose its move, so a start is refused when the search
# could be long: WORK_LIMIT bounds an estimate of the moves it examines (see Arena.search_work;
# `make bench` times the largest starts allowed, all well under a second). SEARCH_LIMIT bounds
# the positions one search may add to a memo, whatever the estimate says.
WORK_LIMIT = 400_000
SEARCH_LIMIT = 70_000
MEMO_LIMIT = 70_000  # a rule's memo is replaced by an empty one once it holds more positions
# A game's moves travel in its URL, and gunicorn reads request lines of up to 4094 bytes.
MAX_HISTORY = 3_000
_NUMBER = re.compile(r"[0-9]{1,40}")


def _number(text: str, what: str, *, lo: int, hi: int) -> int:
    raw = text.strip().strip("()")
    if not _NUMBER.fullmatch(raw):
        raise GameError(f"{what} must be a whole number; got {raw[:20]!r}")
    value = int(raw)
    if not lo <= value <= hi:
        raise GameError(f"{what} must be from {lo} to {hi:,}; got {value:,}")
    return value


@dataclass(frozen=True, slots=True)
class PlayMove:
    """One move of the whole position: in which component, how it reads, and where it leads."""

    component: int  # 0-based
    group: str  # moves of a component fall in groups: "" or "pile 1", "both piles", …
    label: str  # "take 3", "move left"
    after: Position


@dataclass(frozen=True, slots=True)
class Arena(ABC):
    """A practice game: one rule, and positions that are sums of components under that rule."""

    key: ClassVar[str]  # the name in URLs: /play/<key>, ?game=<key>
    title: ClassVar[str]
    lesson: ClassVar[tuple[str, str]]  # (lesson slug, section anchor) that explains it
    move_lesson: ClassVar[tuple[str, str] | None] = None  # where finding the winning move is taught
    SUMS_LESSON: ClassVar[tuple[str, str]] = ("sums-of-games", "the-spraguegrundy-theorem")
    component_noun: ClassVar[tuple[str, str]] = ("heap", "heaps")
    misere: ClassVar[bool] = False
    ending: ClassVar[str] = "whoever cannot move loses"  # how the game is won, after the rule
    max_value: ClassVar[int] = 10**6  # the largest number in a component

    # -- the rule
    def rule_query(self) -> dict[str, str]:
        """The URL keys that fix the rule (none for Nim)."""
        return {}

    @property
    @abstractmethod
    def rule_text(self) -> str:
        """The rule in one sentence: 'take 1 to 3 coins from one heap'."""

    # -- components
    @abstractmethod
    def parse_component(self, text: str) -> Component: ...

    def format_component(self, c: Component) -> str:
        return str(c)

    def where(self, i: int) -> str:
        """Where a move in component ``i`` (0-based) was made, as the end of a sentence."""
        return f"from {self.component_noun[0]} {i + 1}"

    @abstractmethod
    def component_moves(self, c: Component) -> Iterator[tuple[str, str, Component]]:
        """(group, label, result) for every move in one component."""

    def component_move(self, c: Component, result: Component) -> tuple[str, str] | None:
        """(group, label) of the move from ``c`` to ``result`` in one component, if there is one."""
        return next(((g, label) for g, label, r in self.component_moves(c) if r == result), None)

    @abstractmethod
    def sg(self, c: Component) -> int:
        """The component's Grundy value (closed form where one exists, else bounded search)."""

    def single_outcome(self, c: Component) -> Outcome:
        """A lone component's outcome; a closed form may reach further than the SG value."""
        return outcome_of(self.sg(c))

    def size(self, c: Component) -> int:
        """How many positions the component can reach, itself included (bounds the search)."""
        assert isinstance(c, int)
        return c + 1

    def move_count(self, c: Component) -> int:
        """How many moves the component has (no position it reaches has more)."""
        return sum(1 for _ in self.component_moves(c))

    def longest(self, c: Component) -> int:
        """A bound on how many moves a game in this component can last."""
        assert isinstance(c, int)
        return c  # every move takes at least one coin

    # -- whole positions
    def parse(self, text: str) -> Position:
        """Components are separated by semicolons or spaces (commas too, for single numbers)."""
        if len(text) > MAX_POSITION_TEXT:
            raise GameError(f"a position is at most {MAX_POSITION_TEXT} characters long")
        parts = [p for p in re.split(self._separators, text.strip()) if p.strip()]
        noun = self.component_noun
        if not parts:
            raise GameError(f"give at least one {noun[0]}")
        if len(parts) > MAX_COMPONENTS:
            raise GameError(f"at most {MAX_COMPONENTS} {noun[1]}; got {len(parts)}")
        return tuple(self.parse_component(p) for p in parts)

    _separators: ClassVar[str] = r"[;,\s]+"
    joiner: ClassVar[str] = ","

    def format(self, position: Position) -> str:
        return self.joiner.join(self.format_component(c) for c in position)

    def moves(self, position: Position) -> list[PlayMove]:
        return [
            PlayMove(i, group, label, position[:i] + (after,) + position[i + 1 :])
            for i, c in enumerate(position)
            for group, label, after in self.component_moves(c)
        ]

    def successors(self, position: Position) -> Iterator[Position]:
        """Where the moves lead, canonically: the search's fast path (no labels)."""
        canonical = self.canonical
        for i, c in enumerate(position):
            head, tail = position[:i], position[i + 1 :]
            for _group, _label, after in self.component_moves(c):
                yield canonical(head + (after,) + tail)

    def find_move(self, before: Position, after: Position) -> PlayMove | None:
        """The move that turns ``before`` into ``after``, if there is one (a typed answer). The
        components of a sum may be written in any order: one of them must have changed by a move."""
        if len(before) != len(after):
            return None
        changed = [i for i, (x, y) in enumerate(zip(before, after)) if x != y]
        if len(changed) == 1:
            i = changed[0]
            found = self.component_move(before[i], after[i])
            if found is not None:
                return PlayMove(i, found[0], found[1], after)
        typed = Counter(after)
        for i, c in enumerate(before):  # reordered: which component, moved, leaves this multiset?
            rest = Counter(before[:i] + before[i + 1 :])
            new = typed - rest
            if sum(new.values()) == 1 and not rest - typed:
                (result,) = new
                found = self.component_move(c, result)
                if found is not None:
                    return PlayMove(i, found[0], found[1], before[:i] + (result,) + before[i + 1 :])
        return None

    def grundy(self, position: Position) -> int | None:
        """The SG value of the whole position; None under misère play, where there is none."""
        if self.misere:
            return None
        return nim_sum(self.sg(c) for c in position)

    def outcome(self, position: Position) -> Outcome:
        if len(position) == 1:
            return self.single_outcome(position[0])
        g = self.grundy(position)
        assert g is not None
        return outcome_of(g)

    def canonical(self, position: Position) -> Position:
        """Components of one rule commute, so the order of a sum does not matter to the search."""
        return tuple(sorted(position))  # type: ignore[type-var]

    def search_work(self, position: Position) -> int:
        """An estimate of the computer's search from ``position``: the positions it can reach
        (the product of the components' sizes, divided by the orderings that sorting merges)
        times the moves from the start, which no later position exceeds."""
        positions = max(1, prod(self.size(c) for c in position) // factorial(len(position)))
        return positions * max(1, sum(self.move_count(c) for c in position))

    def unplayable(self, position: Position) -> str | None:
        """Why the computer will not play from ``position``, or None if it will."""
        if self.search_work(position) > WORK_LIMIT:
            return self.too_large
        length = sum(self.longest(c) for c in position)
        if length * (len(self.format(position)) + 1) > MAX_HISTORY:
            return (f"a game from here could last {length:,} moves, more than a link to the game can hold;"
                    f" make the {self.component_noun[1]} smaller")
        return None

    def remoteness(self, position: Position) -> int:
        """Moves left with perfect play (the winner hurries, the loser stalls); even ⇔ P."""
        refused = self.unplayable(position)
        if refused:
            raise GameError(refused)
        return self._remoteness(position)

    def _remoteness(self, position: Position) -> int:
        """Remoteness without the start's checks: for positions reached from an accepted start
        (a bomb's explosion may leave more bombs than a start may have, within the same search)."""
        memo = _memo(self)
        try:
            # the bound is on this search's new positions, not on what earlier games left behind
            return remoteness(_Whole(self), self.canonical(position), memo,
                              misere=self.misere, max_positions=len(memo) + SEARCH_LIMIT)
        except GameError as error:
            raise GameError(self.too_large) from error

    @property
    def too_large(self) -> str:
        return ("the computer plays by searching every line of play, and from here that search is too"
                f" long for a web page — make the {self.component_noun[1]} smaller or fewer")

    def computer_move(self, position: Position) -> PlayMove:
        """A perfect move: from an N-position the quickest win, from a P-position the longest
        defence (the largest remoteness), so a learner who slipped sees the game go on. Ties go
        to the first move in the listed order, so a game replays the same way."""
        moves = self.moves(position)
        if not moves:
            raise GameError("the game is over: there is no move to make")
        scored = [(self._remoteness(m.after), m) for m in moves]
        wins = [(r, m) for r, m in scored if r % 2 == 0]
        if wins:
            return min(wins, key=lambda rm: rm[0])[1]
        return max(scored, key=lambda rm: rm[0])[1]

    def reason(self, position: Position, reveal_move: bool = True) -> str:
        """Why the position is P or N, in a sentence or two a learner can check by hand. With
        ``reveal_move`` false the reason does not name a winning move (the quiz asks for one next)."""
        if len(position) == 1:
            return self.single_reason(position[0], reveal_move)
        values = [self.sg(c) for c in position]
        total = nim_sum(values)
        xor = " ⊕ ".join(map(str, values))
        verdict = ("0, so the position is P: every move changes one value and leaves a non-zero XOR"
                   if total == 0 else f"{total}, not 0, so the position is N: a move that makes the XOR 0 wins")
        return (f"By the Sprague–Grundy theorem a sum is worth the XOR of its parts' SG values: {xor} = {verdict}.")

    def single_reason(self, c: Component, reveal_move: bool = True) -> str:
        g = self.sg(c)
        return (f"SG({self.format_component(c)}) = {g}, so it is {'P' if g == 0 else 'N'}"
                f" ({'no move reaches a position of SG 0' if g == 0 else 'some move reaches a position of SG 0'}).")


@dataclass(frozen=True, slots=True)
class _Whole:
    """The arena as a Game over canonical positions, for the remoteness search."""

    arena: Arena

    def options(self, position: Position) -> Iterator[Move[Position]]:
        for after in self.arena.successors(position):
            yield Move("", after)


_MEMOS: OrderedDict[Arena, dict[Position, int]] = OrderedDict()
_MEMOS_LOCK = threading.Lock()


def _memo(arena: Arena) -> dict[Position, int]:
    """The remoteness memo of one rule, kept across requests for the eight rules used last.

    A full memo is replaced, never cleared: a search running in another thread keeps the dict
    it started with (entries are only ever added, and each is final), so threads never see an
    entry vanish under them."""
    with _MEMOS_LOCK:
        memo = _MEMOS.pop(arena, None)
        if memo is None or len(memo) > MEMO_LIMIT:
            memo = {}
        _MEMOS[arena] = memo
        while len(_MEMOS) > 8:
            _MEMOS.popitem(last=False)
        return memo


# ---------------------------------------------------------------- one-heap take-away rules


@dataclass(frozen=True, slots=True)
class _HeapArena(Arena):
    def parse_component(self, text: str) -> Component:
        return _number(text, "a heap", lo=0, hi=self.max_value)

    @property
    @abstractmethod
    def rule(self) -> takeaway.Rule: ...

    def component_moves(self, c: Component) -> Iterator[tuple[str, str, Component]]:
        assert isinstance(c, int)
        for s in self.rule.moves(c):
            yield "", f"take {s}", c - s

    def sg(self, c: Component) -> int:
        assert isinstance(c, int)
        return takeaway.grundy(self.rule, c)


@dataclass(frozen=True, slots=True)
class BashArena(_HeapArena):
    """Bash's game: take 1 to m coins; P ⇔ n mod (m+1) = 0."""

    m: int = 3
    key: ClassVar[str] = "bash"
    title: ClassVar[str] = "Bash's game"
    lesson: ClassVar[tuple[str, str]] = ("bash-game", "the-key-fact")
    move_lesson: ClassVar[tuple[str, str]] = ("bash-game", "the-winning-strategy")
    MAX_M: ClassVar[int] = 20

    def __post_init__(self) -> None:
        if not 1 <= self.m <= self.MAX_M:
            raise GameError(f"m (take 1 to m) must be from 1 to {self.MAX_M}; got {self.m}")

    @property
    def rule(self) -> takeaway.Rule:
        return takeaway.Bash(self.m)

    def rule_query(self) -> dict[str, str]:
        return {"m": str(self.m)}

    @property
    def rule_text(self) -> str:
        return f"take 1 to {self.m} coins from one heap"

    def single_reason(self, c: Component, reveal_move: bool = True) -> str:
        assert isinstance(c, int)
        k, r = divmod(c, self.m + 1)
        if r == 0:
            return (f"{c} = {k} × {self.m + 1}, a multiple of m + 1 = {self.m + 1}, so it is P: whatever you take"
                    f" (1 to {self.m}), the opponent takes the rest of {self.m + 1} and keeps the heap a multiple.")
        if not reveal_move:
            return f"{c} mod {self.m + 1} = {r}, not 0, so it is N: some move leaves a multiple of {self.m + 1}."
        return (f"{c} mod {self.m + 1} = {r}, not 0, so it is N: take {r} to leave {c - r},"
                f" a multiple of {self.m + 1}.")


@dataclass(frozen=True, slots=True)
class SubtractionArena(_HeapArena):
    """A subtraction game: take s coins for some s in the set S."""

    amounts: frozenset[int] = frozenset({1, 3, 4})
    key: ClassVar[str] = "subtraction"
    title: ClassVar[str] = "A subtraction game"
    lesson: ClassVar[tuple[str, str]] = ("mex-and-sg", "worked-example-take-1-3-or-4")
    MAX_AMOUNT: ClassVar[int] = 20

    def __post_init__(self) -> None:
        if not self.amounts:
            raise GameError("the set S needs at least one amount")
        if len(self.amounts) > 6 or min(self.amounts) < 1 or max(self.amounts) > self.MAX_AMOUNT:
            raise GameError(f"S holds at most 6 amounts, each from 1 to {self.MAX_AMOUNT}")

    @property
    def rule(self) -> takeaway.Rule:
        return takeaway.SubtractionSet(self.amounts)

    @property
    def set_text(self) -> str:
        return ",".join(map(str, sorted(self.amounts)))

    def rule_query(self) -> dict[str, str]:
        return {"set": self.set_text}

    @property
    def rule_text(self) -> str:
        return f"take s coins from one heap, where s is in S = {{{', '.join(map(str, sorted(self.amounts)))}}}"

    def single_reason(self, c: Component, reveal_move: bool = True) -> str:
        assert isinstance(c, int)
        g = self.sg(c)
        verdict = "P: no move reaches a position of SG 0" if g == 0 else "N: some move reaches a position of SG 0"
        p = takeaway.period(self.rule)
        if p is None or c < p.preperiod + p.length:
            return f"SG({c}) = {g}, so {c} is {verdict}."
        first = ", ".join(str(takeaway.grundy(self.rule, n)) for n in range(p.preperiod, p.preperiod + p.length))
        start = f" from n = {p.preperiod}" if p.preperiod else ""
        return (f"The SG values repeat every {p.length}{start} ({first}, then again), so SG({c}) = SG({p.fold(c)})"
                f" = {g}, and {c} is {verdict}.")


@dataclass(frozen=True, slots=True)
class NimArena(Arena):
    """Nim: take any number of coins from one heap; P ⇔ the XOR of the heaps is 0."""

    key: ClassVar[str] = "nim"
    title: ClassVar[str] = "Nim"
    lesson: ClassVar[tuple[str, str]] = ("nim", "the-theorem")
    move_lesson: ClassVar[tuple[str, str]] = ("nim", "finding-the-winning-move")

    def parse_component(self, text: str) -> Component:
        return _number(text, "a heap", lo=0, hi=self.max_value)

    @property
    def rule_text(self) -> str:
        return "take any number of coins (at least one) from one heap"

    def reason(self, position: Position, reveal_move: bool = True) -> str:
        total = nim_sum(position)  # type: ignore[arg-type]
        xor = " ⊕ ".join(map(str, position))
        if total == 0:
            return f"{xor} = 0, so the position is P (Bouton's theorem): every move makes the XOR non-zero."
        top = 1 << (total.bit_length() - 1)
        return (f"{xor} = {total}, not 0, so the position is N. Its highest 1 is the {top}s column; a heap with a 1"
                f" there shrinks to heap ⊕ {total}, and the XOR becomes 0.")

    def component_moves(self, c: Component) -> Iterator[tuple[str, str, Component]]:
        assert isinstance(c, int)
        for take in range(1, c + 1):
            yield "", f"take {take}", c - take

    def component_move(self, c: Component, result: Component) -> tuple[str, str] | None:
        assert isinstance(c, int) and isinstance(result, int)
        return ("", f"take {c - result}") if result < c else None

    def move_count(self, c: Component) -> int:
        assert isinstance(c, int)
        return c

    def sg(self, c: Component) -> int:
        assert isinstance(c, int)
        return c


@dataclass(frozen=True, slots=True)
class MisereNimArena(NimArena):
    """Misère Nim (HDU 1907): whoever takes the last coin loses."""

    key: ClassVar[str] = "misere-nim"
    title: ClassVar[str] = "Misère Nim"
    lesson: ClassVar[tuple[str, str]] = ("bash-game", "beyond-the-notes")
    move_lesson: ClassVar[tuple[str, str]] = ("bash-game", "beyond-the-notes")
    misere: ClassVar[bool] = True
    ending: ClassVar[str] = "whoever takes the last coin loses"

    # the rule of play is Nim's; the pages add "whoever takes the last coin loses" from `misere`

    def outcome(self, position: Position) -> Outcome:
        return nim.misere_outcome([int(c) for c in position])  # type: ignore[call-overload]

    def reason(self, position: Position, reveal_move: bool = True) -> str:
        heaps = [int(c) for c in position]  # type: ignore[call-overload]
        total = nim_sum(heaps)
        if not any(heaps):
            return ("No coins are left: the other player took the last one and lost, so the player to move"
                    " has already won (misère play turns the usual rule round).")
        if all(h <= 1 for h in heaps):
            ones = heaps.count(1)
            return (f"Every heap is 0 or 1, so the players just take turns removing the {ones} one{'s' if ones != 1 else ''};"
                    f" the player to move takes the last coin, and loses, exactly when that number is odd."
                    f" {ones} is {'odd' if ones % 2 else 'even'}, so the position is {'P' if ones % 2 else 'N'}.")
        xor = " ⊕ ".join(map(str, heaps))
        return (f"Some heap is bigger than 1, so misère Nim is won like ordinary Nim (HDU 1907): {xor} = {total},"
                f" {'so the position is P' if total == 0 else 'not 0, so the position is N'}. (The winner"
                f" switches to the misère rule only when the last big heap goes: then leave an odd number of 1s.)")

    def single_outcome(self, c: Component) -> Outcome:
        return self.outcome((c,))


# ---------------------------------------------------------------- pairs and boards


def _pair(text: str, what: str, hi: int, example: str = "3,5", lo: int = 0) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2:
        raise GameError(f"{what} is two numbers, like {example}; got {text.strip()[:20]!r}")
    return _number(parts[0], what, lo=lo, hi=hi), _number(parts[1], what, lo=lo, hi=hi)


_WYTHOFF = Solver(wythoff.WythoffGame(), max_positions=200_000)


def _wythoff_move(a: int, b: int, x: int, y: int) -> tuple[str, str] | None:
    """(group, label) of the move from piles (a, b) to (x, y), if one exists."""
    if x == a and y < b:
        return "pile 2", f"take {b - y}"
    if y == b and x < a:
        return "pile 1", f"take {a - x}"
    if 0 < a - x == b - y:
        return "both piles", f"take {a - x}"
    return None


_KIKI = Solver(grids.KikiGame(), max_positions=200_000)


@dataclass(frozen=True, slots=True)
class _PairArena(Arena):
    """Components that are two numbers (piles, a cell): written "a,b", ";" between them, and
    reaching at most (a+1)(b+1) positions in at most a+b moves (each move lowers one or both)."""

    _separators: ClassVar[str] = r"[;\s]+"
    joiner: ClassVar[str] = ";"

    def format_component(self, c: Component) -> str:
        a, b = c  # type: ignore[misc]
        return f"{a},{b}"

    def size(self, c: Component) -> int:
        a, b = c  # type: ignore[misc]
        return (a + 1) * (b + 1)

    def longest(self, c: Component) -> int:
        a, b = c  # type: ignore[misc]
        return a + b


@dataclass(frozen=True, slots=True)
class WythoffArena(_PairArena):
    """Wythoff's game: take from one pile, or the same number from both."""

    key: ClassVar[str] = "wythoff"
    title: ClassVar[str] = "Wythoff's game"
    lesson: ClassVar[tuple[str, str]] = ("wythoff", "the-construction")
    move_lesson: ClassVar[tuple[str, str]] = ("wythoff", "every-winning-move")
    component_noun: ClassVar[tuple[str, str]] = ("pair of piles", "pairs of piles")
    SG_LIMIT: ClassVar[int] = 60  # SG values of Wythoff positions come from search

    def parse_component(self, text: str) -> Component:
        return _pair(text, "a pair of piles", self.max_value)

    def where(self, i: int) -> str:
        return f"in game {i + 1}"

    @property
    def rule_text(self) -> str:
        return "take any number of coins from one pile, or the same number from both piles"

    def component_moves(self, c: Component) -> Iterator[tuple[str, str, Component]]:
        a, b = c  # type: ignore[misc]
        for t in range(1, a + 1):
            yield "pile 1", f"take {t}", (a - t, b)
        for t in range(1, b + 1):
            yield "pile 2", f"take {t}", (a, b - t)
        for t in range(1, min(a, b) + 1):
            yield "both piles", f"take {t}", (a - t, b - t)

    def move_count(self, c: Component) -> int:
        a, b = c  # type: ignore[misc]
        return a + b + min(a, b)

    def component_move(self, c: Component, result: Component) -> tuple[str, str] | None:
        """The move to ``result``; piles written the other way round are the same position, so a
        learner's (7, 4) for (4, 7) is accepted too."""
        (a, b), (x, y) = c, result  # type: ignore[misc]
        return _wythoff_move(a, b, x, y) or _wythoff_move(a, b, y, x)

    def canonical(self, position: Position) -> Position:
        """Swapping the two piles of a pair changes nothing either."""
        return tuple(sorted(tuple(sorted(c)) for c in position))  # type: ignore[call-overload]

    def sg(self, c: Component) -> int:
        a, b = c  # type: ignore[misc]
        if max(a, b) > self.SG_LIMIT:
            raise GameError(f"SG values of Wythoff positions are found by search, for piles up to {self.SG_LIMIT}")
        return _WYTHOFF.grundy((a, b))

    def single_outcome(self, c: Component) -> Outcome:
        return wythoff.outcome(*c)  # type: ignore[misc]

    def single_reason(self, c: Component, reveal_move: bool = True) -> str:
        a, b = sorted(c)  # type: ignore[call-overload]
        k = b - a
        ak = wythoff.a_k(k)
        if ak == a:
            return (f"The piles differ by k = {k}, and the k-th P-position is (⌊kφ⌋, ⌊kφ⌋ + k) = ({ak}, {ak + k}):"
                    f" these piles, so the position is P.")
        return (f"The piles differ by k = {k}, and the only P-position with that difference is ({ak}, {ak + k});"
                f" ({a}, {b}) is not it, so the position is N.")



@dataclass(frozen=True, slots=True)
class KikiArena(_PairArena):
    """kiki's game (HDU 2147): a coin starts in the top-right corner of an n×m board and moves one
    cell left, down, or diagonally down-left; whoever cannot move loses. A component is written as
    the board still ahead of the coin, rows×columns (the coin in its top-right corner)."""

    key: ClassVar[str] = "kiki"
    title: ClassVar[str] = "kiki's game"
    lesson: ClassVar[tuple[str, str]] = ("sg-by-search", "kikis-game-hdu-2147")
    component_noun: ClassVar[tuple[str, str]] = ("board", "boards")
    max_value: ClassVar[int] = 10**5
    SG_LIMIT: ClassVar[int] = 200

    def parse_component(self, text: str) -> Component:
        rows, cols = _pair(text.lower().replace("×", ",").replace("x", ","), "a board rows×columns",
                           self.max_value, example="4x5")
        if rows < 1 or cols < 1:
            raise GameError(f"a board has at least 1 row and 1 column; got {rows}×{cols}")
        return grids.kiki_start(rows, cols)

    def format_component(self, c: Component) -> str:
        x, y = c  # type: ignore[misc]
        return f"{y + 1}x{x + 1}"

    def where(self, i: int) -> str:
        return f"on board {i + 1}"

    @property
    def rule_text(self) -> str:
        return "move the coin one cell left, down, or diagonally down-left"

    def component_moves(self, c: Component) -> Iterator[tuple[str, str, Component]]:
        for m in grids.KikiGame().options(c):  # type: ignore[arg-type]
            yield "", m.description, m.position

    def canonical(self, position: Position) -> Position:
        """A board and its mirror image (rows and columns swapped) play alike."""
        return tuple(sorted(tuple(sorted(c)) for c in position))  # type: ignore[call-overload]

    def sg(self, c: Component) -> int:
        x, y = c  # type: ignore[misc]
        if max(x, y) >= self.SG_LIMIT:
            raise GameError(f"SG values of kiki boards are found by search, up to {self.SG_LIMIT}×{self.SG_LIMIT}")
        return _KIKI.grundy((x, y))

    def single_outcome(self, c: Component) -> Outcome:
        return grids.kiki_outcome(*c)  # type: ignore[misc]

    def single_reason(self, c: Component, reveal_move: bool = True) -> str:
        x, y = c  # type: ignore[misc]
        rows, cols = y + 1, x + 1
        if x % 2 == 0 and y % 2 == 0:
            return (f"A {rows}×{cols} board has both sides odd, so it is P: every move makes a side even, and the"
                    f" opponent can make both odd again.")
        way = f" ({'diagonally' if x % 2 and y % 2 else ('left' if x % 2 else 'down')})" if reveal_move else ""
        return f"A {rows}×{cols} board has an even side, so it is N: move to make both sides odd{way}."




@dataclass(frozen=True, slots=True)
class MarblesArena(_PairArena):
    """Marbles (Gym 101908B): marbles on a grid move up, left or diagonally up-left, any number of
    cells; whoever moves a marble onto (0, 0) wins. A component is a marble at row,column.

    Played as written: once a marble reaches (0, 0) the game is over and the player to move has
    lost, so normal play holds. A marble on a home line (row 0, column 0, the diagonal) can go
    home at once; with none there, the game is the sum of the cut-down games, where a move onto a
    home line only hands the win over (lesson 8)."""

    key: ClassVar[str] = "marbles"
    ending: ClassVar[str] = "whoever moves a marble onto (0, 0) wins"
    title: ClassVar[str] = "Marbles"
    lesson: ClassVar[tuple[str, str]] = ("sg-by-search", "marbles-gym-101908b")
    component_noun: ClassVar[tuple[str, str]] = ("marble", "marbles")
    max_value: ClassVar[int] = 100  # the cut-down game's SG values come from search

    def parse_component(self, text: str) -> Component:
        return _pair(text, "a marble row,column", self.max_value, example="2,5")

    def where(self, i: int) -> str:
        return f"(marble {i + 1})"

    @property
    def rule_text(self) -> str:
        return "move one marble up, left, or diagonally up-left, any number of cells"

    @staticmethod
    def finished(position: Position) -> bool:
        return (0, 0) in position

    def component_moves(self, c: Component) -> Iterator[tuple[str, str, Component]]:
        r, col = c  # type: ignore[misc]
        for t in range(1, r + 1):
            yield "", f"move {t} up", (r - t, col)
        for t in range(1, col + 1):
            yield "", f"move {t} left", (r, col - t)
        for t in range(1, min(r, col) + 1):
            yield "", f"move {t} diagonally", (r - t, col - t)

    def moves(self, position: Position) -> list[PlayMove]:
        return [] if self.finished(position) else Arena.moves(self, position)

    def successors(self, position: Position) -> Iterator[Position]:
        return iter(()) if self.finished(position) else Arena.successors(self, position)

    def component_move(self, c: Component, result: Component) -> tuple[str, str] | None:
        (r, col), (x, y) = c, result  # type: ignore[misc]
        if y == col and x < r:
            return "", f"move {r - x} up"
        if x == r and y < col:
            return "", f"move {col - y} left"
        if 0 < r - x == col - y:
            return "", f"move {r - x} diagonally"
        return None

    def sg(self, c: Component) -> int:
        r, col = c  # type: ignore[misc]
        return grids.marbles_grundy(r, col)

    def outcome(self, position: Position) -> Outcome:
        if self.finished(position):
            return "P"  # the previous player has just won
        if any(grids.goes_home_at_once(*c) for c in position):  # type: ignore[misc]
            return "N"
        return outcome_of(nim_sum(self.sg(c) for c in position))

    def grundy(self, position: Position) -> int | None:
        if self.finished(position) or any(grids.goes_home_at_once(*c) for c in position):  # type: ignore[misc]
            return None  # a won or winnable-at-once position has no value in the cut-down game
        return nim_sum(self.sg(c) for c in position)

    def reason(self, position: Position, reveal_move: bool = True) -> str:
        if self.finished(position):
            return "A marble is on (0, 0): the game is over, and the player who moved it there won."
        home = [i for i, c in enumerate(position) if grids.goes_home_at_once(*c)]  # type: ignore[misc]
        if home:
            r, col = position[home[0]]  # type: ignore[misc]
            line = "row 0" if r == 0 else "column 0" if col == 0 else "the diagonal"
            return (f"The marble at {r},{col} is on {line}, so it can go to (0, 0) in one move: the position is N,"
                    f" and that move wins at once.")
        values = [self.sg(c) for c in position]
        total = nim_sum(values)
        intro = ("No marble is on a home line, so no one can win at once, and moving onto one hands the win to"
                 " the opponent. What is left is the cut-down game, where")
        if len(values) == 1:
            return f"{intro} SG({self.format(position)}) = {total}: the position is {'P' if total == 0 else 'N'}."
        xor = " ⊕ ".join(map(str, values))
        return f"{intro} the marbles' SG values give {xor} = {total}: the position is {'P' if total == 0 else 'N'}."

    def move_count(self, c: Component) -> int:
        r, col = c  # type: ignore[misc]
        return r + col + min(r, col)



@dataclass(frozen=True, slots=True)
class BombArena(_PairArena):
    """The Bomb game (HDU 2873): a bomb at (p, q) explodes into two, at (u, q) and (p, v) with
    u < p and v < q (on the edge row or column, into one); two bombs on one cell, and a bomb on
    (1, 1), vanish. Whoever cannot move loses. A component is a bomb at row,column."""

    key: ClassVar[str] = "bomb"
    title: ClassVar[str] = "The Bomb game"
    lesson: ClassVar[tuple[str, str]] = ("sg-by-search", "the-bomb-game-hdu-2873")
    component_noun: ClassVar[tuple[str, str]] = ("bomb", "bombs")
    max_value: ClassVar[int] = 60  # SG values of bombs are tabulated up to 60×60

    def parse(self, text: str) -> Position:
        """Bombs as typed, settled: pairs on one cell and bombs on (1, 1) are gone at once.
        "none" is the empty board (the game is over)."""
        if text.strip().lower() == "none":
            return ()
        return grids.settle(Arena.parse(self, text))  # type: ignore[arg-type]

    def parse_component(self, text: str) -> Component:
        return _pair(text, "a bomb row,column", self.max_value, example="3,4", lo=1)

    def format(self, position: Position) -> str:
        return Arena.format(self, position) if position else "none"

    def where(self, i: int) -> str:
        return ""  # a move's label already names its bomb

    @property
    def rule_text(self) -> str:
        return ("explode one bomb at (p, q) into bombs at (u, q) and (p, v), u < p and v < q (on row 1 or"
                " column 1, into one bomb); two bombs on one cell, and a bomb on (1, 1), vanish")

    def component_moves(self, c: Component) -> Iterator[tuple[str, str, Component]]:
        raise NotImplementedError("a bomb becomes two bombs: see moves()")

    def moves(self, position: Position) -> list[PlayMove]:
        found = []
        for i, (p, q) in enumerate(position):  # type: ignore[misc]
            rest = position[:i] + position[i + 1 :]
            for m in grids.bomb_options(p, q):
                parts = " and ".join(f"{u},{v}" for u, v in m.position)
                found.append(PlayMove(i, "", f"explode {p},{q} into {parts}", grids.settle(rest + m.position)))
        return found

    def successors(self, position: Position) -> Iterator[Position]:
        settle = grids.settle
        for i, (p, q) in enumerate(position):  # type: ignore[misc]
            rest = position[:i] + position[i + 1 :]
            if p > 1 and q > 1:
                for u in range(1, p):
                    for v in range(1, q):
                        yield settle(rest + ((u, q), (p, v)))  # type: ignore[operator]
            else:
                for t in range(1, max(p, q)):
                    yield settle(rest + (((1, t) if p == 1 else (t, 1)),))  # type: ignore[operator]

    def canonical(self, position: Position) -> Position:
        return position  # settle() already sorts

    MAX_PLAY_SIDE: ClassVar[int] = 4
    MAX_PLAY_BOMBS: ClassVar[int] = 2

    def unplayable(self, position: Position) -> str | None:
        """Bombs multiply as they explode, so the search is bounded by measurement instead of
        the usual estimate: two bombs within 4×4 take under half a second (`make bench`)."""
        side = self.MAX_PLAY_SIDE
        if len(position) > self.MAX_PLAY_BOMBS or any(max(c) > side for c in position):  # type: ignore[call-overload]
            return (f"bombs multiply as they explode, so the computer plays at most {self.MAX_PLAY_BOMBS} bombs"
                    f" within rows and columns 1 to {side}")
        return None

    def find_move(self, before: Position, after: Position) -> PlayMove | None:
        settled = grids.settle(after)  # type: ignore[arg-type]
        return next((m for m in self.moves(before) if m.after == settled), None)

    def sg(self, c: Component) -> int:
        return grids.BOMBS.grundy(*c)  # type: ignore[misc]

    def reason(self, position: Position, reveal_move: bool = True) -> str:
        if not position:
            return "No bombs are left: the player to move has nothing to explode, and has lost."
        return Arena.reason(self, position, reveal_move)

    def size(self, c: Component) -> int:
        p, q = c  # type: ignore[misc]
        return 2 ** min(p * q, 60)  # bombs come and go on every cell up to (p, q)

    def move_count(self, c: Component) -> int:
        p, q = c  # type: ignore[misc]
        return max(p - 1, 1) * max(q - 1, 1)

    def longest(self, c: Component) -> int:
        p, q = c  # type: ignore[misc]
        return 2 ** min(p + q, 20)


ARENAS: dict[str, type[Arena]] = {
    a.key: a for a in (BashArena, SubtractionArena, NimArena, MisereNimArena, WythoffArena, KikiArena,
                       MarblesArena, BombArena)
}


def make_arena(key: str, m: str | None = None, amounts: str | None = None) -> Arena:
    """The arena for a URL's keys: ``m`` for Bash, ``set`` for a subtraction game."""
    kind = ARENAS.get(key)
    if kind is None:
        raise GameError(f"there is no practice game called {key!r}; choose one of {', '.join(ARENAS)}")
    if kind is BashArena:
        return BashArena(_number(m or "3", "m (take 1 to m)", lo=1, hi=BashArena.MAX_M))
    if kind is SubtractionArena:
        items = [a for a in (amounts or "1,3,4").split(",")]
        if len(items) > 6:
            raise GameError("S holds at most 6 amounts")
        return SubtractionArena(frozenset(_number(a, "an amount in S", lo=1, hi=SubtractionArena.MAX_AMOUNT) for a in items))
    return kind()


def replay(arena: Arena, start: Position, afters: Sequence[Position]) -> list[PlayMove]:
    """Check a game move by move; each entry is the position a move left. Raises GameError
    naming the first move that is not legal."""
    played: list[PlayMove] = []
    here = start
    for number, after in enumerate(afters, start=1):
        match = next((m for m in arena.moves(here) if m.after == after), None)
        if match is None:
            raise GameError(f"move {number} is not legal: no single move turns {arena.format(here)} into {arena.format(after)}")
        played.append(match)
        here = after
    return played


def move_between(arena: Arena, before: Position, after: Position) -> PlayMove | None:
    """The move that turns ``before`` into ``after``, if there is one."""
    return arena.find_move(before, after)


__all__ = [
    "ARENAS", "Arena", "BashArena", "BombArena", "KikiArena", "MarblesArena", "MisereNimArena", "NimArena", "PlayMove", "Position",
    "SubtractionArena", "WythoffArena", "make_arena", "move_between", "replay",
]
