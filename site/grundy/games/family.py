"""A game family, defined once: its notation, its moves, its values and its bounds.

A position of a family is a tuple of components. Most families' positions are *sums*
(:attr:`Family.is_sum`): components (heaps, pairs of piles, boards, bombs, rows of pins) played
side by side, a move being made in exactly one of them. A family whose moves span what a person
would call its parts (Moore's Nim takes from several heaps at once) is not: its position is one
component, written as one argument, and its value is its own, not an XOR of parts. A move may
turn one component into none (a heap emptied by an octal move), one, or two (a bomb exploding,
a row of pins split in the middle): :meth:`Family.moves` says what a component becomes, and
:meth:`Family.settle` puts a position in its canonical form afterwards (sorted, empty parts gone,
a family's own rules such as two bombs on one cell cancelling). Every layer — the command line,
tables, widgets, the quiz and play — reads a family through this one class.

A rule (Bash's m, a subtraction set, an octal code) is the family object's own state: a family
class is made from the rule's query keys by :meth:`Family.from_rule`, the one place each rule
is parsed and bounded.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, Literal, Self, TypeVar

from grundy.games.core import WHAT, Action, Board, Game, GameError, Move, Outcome, Verdict, nim_sum, outcome_of
from grundy.marks import N_, NP_, GameName, Phrase, quoted
from grundy.numerals import digit_limit, foreign_digit, is_numeral, read_whole

C = TypeVar("C", int, tuple[int, int], tuple[int, ...])

EMPTY = "none"  # how a position with no components left is written, unless a family says (Family.empty)
Layout = Literal["heaps", "pairs", "none"]  # how `grundy table` lays out single components


def number(text: str, what: str, *, lo: int = 0, hi: int | None = None) -> int:
    """A whole number typed by a person, checked against its bounds (``hi=None``: any size; the
    web layer bounds the length of what it passes in). ``what`` names it in the error, marked
    ``NP_("what", …)`` where it is written (or said already, by a caller in a request)."""
    raw = text.strip()
    value = read_whole(raw, signed=True)
    named = Phrase(what, context=WHAT)
    if value is None:
        shown = raw if len(raw) <= 20 else raw[:20] + "…"
        if is_numeral(raw, signed=True):
            most = digit_limit()
            raise GameError(N_("%(what)s has more than %(most)s digits"), "too-long", what=named, most=f"{most:,}")
        if foreign_digit(raw) is not None:
            raise foreign_digits(raw)
        raise GameError(N_("%(what)s must be a whole number; got %(got)r"), "not-a-number", what=named, got=shown)
    if value < 0 == lo:  # a whole number ≥ 0 (非负整数) was asked for, not just "a whole number"
        if hi is not None:
            raise GameError(N_("%(what)s must be a whole number from 0 to %(hi)s; got %(got)s"), "negative",
                            what=named, hi=f"{hi:,}", got=f"{value:,}")
        raise GameError(N_("%(what)s must be a whole number ≥ 0; got %(got)s"), "negative", what=named, got=f"{value:,}")
    if hi is not None and not lo <= value <= hi:
        raise GameError(N_("%(what)s must be from %(lo)s to %(hi)s; got %(got)s"), "out-of-range",
                        what=named, lo=f"{lo:,}", hi=f"{hi:,}", got=f"{value:,}")
    if value < lo:
        raise GameError(N_("%(what)s must be at least %(lo)s; got %(got)s"), "out-of-range",
                        what=named, lo=f"{lo:,}", got=f"{value:,}")
    return value


def refuse_foreign_digits(fields: Mapping[str, str]) -> None:
    """Fields a person typed (a position, a move, a rule), each read once with
    :func:`grundy.numerals.typed`: a digit of another script in any of them (١٢, ①, ²) is refused
    with why, before anything is parsed. (Full-width ３ is not one: ``typed`` made it 3.)"""
    for value in fields.values():
        if foreign_digit(value) is not None:
            raise foreign_digits(value)


def foreign_digits(text: str) -> GameError:
    """The error for ``text``, which has a digit of another script: it names the digit and says
    why it is refused (a widget says the same of its field: grundy.widgets.params)."""
    return GameError(N_("%(got)s has %(digit)s in it: write numbers with the digits 0 to 9"), "foreign-digit",
                     got=quoted(text, 20), digit=quoted(foreign_digit(text) or ""))


def pair(text: str, what: str, *, lo: int = 0, hi: int | None = None, example: str = "3,5") -> tuple[int, int]:
    """Two whole numbers written with a comma, like 3,5."""
    parts = text.split(",")
    if len(parts) != 2:
        shown = text.strip()[:20]
        raise GameError(N_("%(what)s is two numbers, like %(example)s; got %(got)r"), "not-a-pair",
                        what=Phrase(what, context=WHAT), example=example, got=shown)
    return number(parts[0], what, lo=lo, hi=hi), number(parts[1], what, lo=lo, hi=hi)


@dataclass(frozen=True, slots=True)
class RuleKey:
    """One key that fixes a family's rule: its name in URLs and on the command line, its
    default (None: required), and one line of help."""

    name: str
    default: str | None
    help: str
    cli: str = ""  # the command line's option, when it is not --NAME
    more: str = ""  # what the README's table of games adds to the help (the rule's bounds)

    @property
    def option(self) -> str:
        return self.cli or f"--{self.name}"


@dataclass(frozen=True, slots=True)
class SumMove(Generic[C]):
    """A move in a sum: which component (0-based), what the move does, what the component
    became (none, one or two components), and the whole position after it, settled."""

    component: int
    action: Action
    parts: tuple[C, ...]
    after: tuple[C, ...]


class Family(ABC, Generic[C]):
    """One family of games. Subclasses set the class attributes and the abstract methods; the
    rest has defaults that hold for ordinary sums (normal play, the XOR of the parts)."""

    key: ClassVar[str]  # the name in URLs and on the command line
    title: ClassVar[str]  # the game's name as the lessons write it, marked for the catalogue (N_)
    example: ClassVar[str] = "14"  # a component in the family's notation, for help texts
    # How the position with no components left is written (a family whose parts vanish: "0", no
    # word to translate); EMPTY, "none", is read too.
    empty: ClassVar[str] = EMPTY
    # How a component is written, in the README's table of games ({example} is the example).
    notation: ClassVar[str] = "a heap: `{example}`"
    example_rule: ClassVar[dict[str, str]] = {}  # a rule for help texts and tests, where one is required
    rule_keys: ClassVar[tuple[RuleKey, ...]] = ()
    separator: ClassVar[str] = ","  # between components when a sum is written on one line
    layout: ClassVar[Layout] = "heaps"
    table_upto: ClassVar[int] = 100_000  # the largest table `grundy table` prints
    board: ClassVar[Board | None] = None  # a game of two numbers drawn as a grid, and how
    keeps_count: ClassVar[bool] = True  # False where a move may change how many parts there are
    # False where a position is one whole game and never a sum of several (Moore's Nim: a move
    # takes from several heaps at once, so its heaps are not separate games): it is parsed from
    # exactly one argument, and a tuple of two components is no position of it.
    is_sum: ClassVar[bool] = True
    # True where SG values are those of a simpler game with the same outcomes (Marbles' cut-down
    # game), not of the game as played
    values_of_cut_down: ClassVar[bool] = False

    @classmethod
    def name(cls) -> GameName:
        """The game named in a message: by its key in English, by its title in other languages."""
        return GameName(cls.key, cls.title)

    # -- the rule
    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> Self:
        """The family for a rule's keys (missing keys take their defaults)."""
        return cls()

    def rule(self) -> dict[str, str]:
        """The keys that give this rule back to :meth:`from_rule`: ``{"m": "3"}`` for Bash."""
        return {}

    @classmethod
    def rule_value(cls, args: Mapping[str, str], name: str) -> str:
        """Rule key ``name`` from ``args``, else its default; one with no default is required,
        and its absence is an error that shows how to give it (from :attr:`example_rule`)."""
        key = next(k for k in cls.rule_keys if k.name == name)
        raw = args.get(name, key.default)
        if raw is None:
            example = cls.example_rule.get(name, "…")
            raise GameError(N_("%(game)s needs %(option)s (%(help)s), e.g. %(option)s %(example)s"), "rule-missing",
                            game=cls.name(), option=key.option, help=Phrase(key.help), example=example)
        return raw

    # -- notation: one per family, used by every layer
    @abstractmethod
    def parse(self, text: str) -> C:
        """One component as a person writes it; GameError says what is wrong."""

    def format(self, c: C) -> str:
        """The component written back, in the form :meth:`parse` reads."""
        return str(c)

    def parse_sum(self, texts: Sequence[str]) -> tuple[C, ...]:
        """Components as written, in their order (tidied: bombs that meet cancel). :attr:`empty`
        (or ``none``) is the position with no components left (every bomb gone, every pin down). A family whose
        positions are not sums reads exactly one, and says so when given several."""
        if not self.is_sum:
            if len(texts) != 1:
                raise GameError(N_("%(game)s is one game, not a sum of several: write the whole position as one"
                                   " argument, e.g. %(example)s; got %(got)s"), "not-a-sum",
                                game=self.name(), example=self.example, got=len(texts))
            return (self.parse(texts[0]),)
        if len(texts) == 1 and texts[0].strip().lower() in (EMPTY, self.empty):
            return ()
        return self.tidy(tuple(self.parse(t) for t in texts))

    def format_sum(self, position: Sequence[C]) -> str:
        return self.separator.join(self.format(c) for c in position) if position else self.empty

    # -- moves and values of one component
    @abstractmethod
    def moves(self, c: C) -> Iterator[tuple[Action, tuple[C, ...]]]:
        """Every move in one component: what it does and what the component becomes."""

    @abstractmethod
    def sg(self, c: C) -> int:
        """The component's Grundy value: a closed form where one is proved, else a bounded
        search (GameError beyond its bound, raised before the work)."""

    def outcome(self, c: C) -> Outcome:
        """A lone component's outcome; a closed form may reach further than the SG value."""
        return outcome_of(self.sg(c))

    def winning_moves(self, c: C) -> list[tuple[Action, tuple[C, ...]]]:
        """A lone component's moves to a P-position. Closed forms override this (Wythoff's
        piles of any size); the default asks :meth:`moves_to_value`."""
        return self.moves_to_value(c, 0)

    def moves_to_value(self, c: C, target: int) -> list[tuple[Action, tuple[C, ...]]]:
        """The moves in one component that leave parts worth ``target`` together."""
        return [(a, parts) for a, parts in self.moves(c) if nim_sum(self.sg(p) for p in parts) == target]

    def read_after(self, before: C, typed: C) -> C:
        """A component as a learner typed it after a move from ``before``, completed where the
        notation leaves something out that the move decides (a k-multiple heap's new limit)."""
        return typed

    def move_to(self, c: C, parts: tuple[C, ...]) -> Action | None:
        """The move from ``c`` that leaves ``parts`` (compared settled: a pair of piles written
        the other way round is the same), if there is one."""
        want = self.settle(parts)
        return next((a for a, got in self.moves(c) if self.settle(got) == want), None)

    # -- sums
    def canonical(self, c: C) -> C:
        """The component in the form searches compare (Wythoff's piles in order)."""
        return c

    def tidy(self, position: tuple[C, ...]) -> tuple[C, ...]:
        """A position as it stands after a move, for the eye: by default as it is (heap 3
        stays heap 3); families whose parts cancel (two bombs on one cell) override it."""
        return position

    def settle(self, position: tuple[C, ...]) -> tuple[C, ...]:
        """The canonical form that searches and comparisons use: tidied, each part canonical,
        sorted (the order of a sum does not matter)."""
        return tuple(sorted(self.canonical(c) for c in self.tidy(position)))

    def finished(self, position: tuple[C, ...]) -> bool:
        """Whether play has ended before every component is stuck (a marble home)."""
        return False

    def sum_moves(self, position: tuple[C, ...]) -> Iterator[SumMove[C]]:
        """Every move of the whole position; ``after`` keeps the other parts in their places."""
        if self.finished(position):
            return
        for i, c in enumerate(position):
            head, tail = position[:i], position[i + 1 :]
            for action, parts in self.moves(c):
                yield SumMove(i, action, parts, self.tidy(head + parts + tail))

    def sum_grundy(self, position: tuple[C, ...]) -> int | None:
        """The SG value of a sum: the XOR of its parts (Sprague–Grundy). None where a family's
        sums are not plain sums (a marble that can go home)."""
        self._one_game(position)
        return nim_sum(self.sg(c) for c in position)

    def _one_game(self, position: tuple[C, ...]) -> None:
        """A family that is not a sum has positions of exactly one component; two would be read
        as a sum, which its moves are not (a bug in the caller, not a person's typing)."""
        if not self.is_sum and len(position) != 1:
            raise AssertionError(f"{self.key} is not a sum: a position is one component, got {len(position)}")

    def sum_verdict(self, position: tuple[C, ...]) -> Verdict:
        """P, N, or D: a draw, where play may go on for ever and neither player can force a win.
        Only a family whose games can last for ever (a graph with a cycle) says D, and its
        :meth:`sum_outcome` refuses a draw; for the others this is :meth:`sum_outcome`."""
        return self.sum_outcome(position)

    def values_known(self, position: tuple[C, ...]) -> list[int | None] | None:
        """Each part's SG value where the sum as a whole has none because some parts have none
        (a position of a graph that reaches a cycle: None); None where the family says nothing."""
        return None

    def sum_outcome(self, position: tuple[C, ...]) -> Outcome:
        if len(position) == 1:
            return self.outcome(position[0])
        self._one_game(position)
        g = self.sum_grundy(position)
        if g is None:
            raise AssertionError(f"{self.key} overrides sum_grundy and must override sum_outcome too")
        return outcome_of(g)

    # -- every-SG: each turn moves in every unfinished component
    def every_steps(self, c: C) -> int:
        """How long ``c`` lasts when its winner plays it long and its loser short."""
        raise GameError(N_("every-SG step counts are not available for %(game)s"), "no-every", game=self.name())

    def every_move(self, c: C) -> tuple[Action, tuple[C, ...]] | None:
        """The every-SG strategy's move in one component: from an N-position the move to a
        P-position with the most steps left (its winner makes it last), from a P-position the
        move with the fewest (its loser ends it soon); the first of equals. None: no move left."""
        scored = [(a, parts, self.every_steps(parts[0]), self.outcome(parts[0])) for a, parts in self.moves(c)]
        if not scored:
            return None
        if self.outcome(c) == "N":
            best = max(s for _, _, s, o in scored if o == "P")
            return next((a, parts) for a, parts, s, o in scored if o == "P" and s == best)
        least = min(s for _, _, s, _ in scored)
        return next((a, parts) for a, parts, s, _ in scored if s == least)

    # -- misère play: closed forms where they are proved, else None (the solver searches)
    def misere_outcome(self, position: tuple[C, ...]) -> Outcome | None:
        return None

    def misere_winning_moves(self, position: tuple[C, ...]) -> list[tuple[int, Action, tuple[C, ...]]] | None:
        """(component, action, parts) for every winning misère move, or None (search)."""
        return None

    # -- bounds for a whole-game search (play against the computer, misère)
    def size(self, c: C) -> int:
        """How many component positions ``c`` can reach, itself included."""
        raise GameError(N_("%(game)s cannot be searched whole"), "no-search", game=self.name())

    def move_count(self, c: C) -> int:
        """How many moves ``c`` has, where no position it reaches has more; otherwise a bound on
        the moves of every position it reaches (a k-multiple heap, a ring), which the computer's
        search estimate relies on (0 only when ``c`` has no move)."""
        return sum(1 for _ in self.moves(c))

    def longest(self, c: C) -> int:
        """A bound on how many moves a game in ``c`` can last."""
        raise GameError(N_("%(game)s cannot be searched whole"), "no-search", game=self.name())

    # -- tables
    def table_component(self, n: int) -> C | None:
        """Heap-like layout: the component of size ``n`` for a table of SG values (None: no
        such component)."""
        raise GameError(N_("%(game)s has no table of single components"), "no-table", game=self.name())

    def table_cell(self, r: int, c: int) -> C | None:
        """Pair layout: the component at row ``r``, column ``c`` of a table (None: no such one)."""
        raise GameError(N_("%(game)s has no table of pairs"), "no-table", game=self.name())

    def value_of(self, c: C) -> int | None:
        """A table cell's value: the component's SG value, or None where a family's sums give
        it none (a marble that goes home at once)."""
        return self.sg(c)

    def cell_of(self, c: C) -> tuple[int, int]:
        """Pair layout: the row and column where component ``c`` stands (table_cell's inverse)."""
        raise GameError(N_("%(game)s has no table of pairs"), "no-table", game=self.name())

    def shown_moves(self, c: C) -> list[tuple[Action, tuple[C, ...]]]:
        """The moves a table explains a value with: all of them, except where the family's values
        are those of a cut-down game (Marbles: moves onto a home line hand the win over)."""
        return list(self.moves(c))

    def table_values(self, upto: int) -> list[int | None]:
        """Heap-like layout: SG values of the components of size 0..upto (None: no such one)."""
        found: list[int | None] = []
        for n in range(upto + 1):
            c = self.table_component(n)
            found.append(None if c is None else self.sg(c))
        return found

    def table_facts(self) -> dict[str, object]:
        """What a table adds beyond its values (a period, what an index means)."""
        return {}


Pair = tuple[int, int]


class PairFamily(Family[Pair]):
    """Components of two numbers, written a,b, whose moves are a one-component game's: a pair
    of piles, a cell of a board. A table lays them out by row and column."""

    example = "3,5"
    notation = "two piles: `{example}`"
    separator = ";"
    layout = "pairs"
    table_upto = 120
    what: ClassVar[str] = NP_("what", "a pair of piles")  # names a component in messages
    lowest: ClassVar[int] = 0  # the least number either side may hold

    @abstractmethod
    def game(self) -> Game[Pair]:
        """The game on one component, whose options are the family's moves."""

    def parse(self, text: str) -> Pair:
        return pair(text, self.what, lo=self.lowest, example=self.example)

    def format(self, c: Pair) -> str:
        return f"{c[0]},{c[1]}"

    def moves(self, c: Pair) -> Iterator[tuple[Action, tuple[Pair, ...]]]:
        for m in self.game().options(c):
            yield m.action, (m.position,)

    def size(self, c: Pair) -> int:
        return (c[0] + 1) * (c[1] + 1)

    def longest(self, c: Pair) -> int:
        return c[0] + c[1]  # every move lowers one number or both

    def table_cell(self, r: int, c: int) -> Pair | None:
        return r, c

    def cell_of(self, c: Pair) -> tuple[int, int]:
        return c


@dataclass(frozen=True, slots=True)
class FamilyGame(Generic[C]):
    """A family's whole positions as a :class:`grundy.games.core.Game` over settled positions
    (not :class:`grundy.games.core.SumGame`, the sum of several different games), for the
    generic solvers (misère play, remoteness), which need the positions a move reaches and not
    which move reached them: each reachable settled position is given once. Equal components
    reach the same positions (a sum does not care which of two equal heaps was moved in), so
    only the first of them is moved in; four equal Nim heaps cost a quarter of the work."""

    family: Family[C]

    def options(self, position: tuple[C, ...]) -> Iterator[Move[tuple[C, ...]]]:
        fam = self.family
        if fam.finished(position):
            return
        settle = fam.settle
        seen_parts: set[C] = set()
        reached: set[tuple[C, ...]] = set()
        for i, c in enumerate(position):
            if c in seen_parts:
                continue
            seen_parts.add(c)
            head, tail = position[:i], position[i + 1 :]
            for action, parts in fam.moves(c):
                after = settle(head + parts + tail)
                if after not in reached:
                    reached.add(after)
                    yield Move(action, after)


__all__ = ["C", "Family", "FamilyGame", "Layout", "Pair", "PairFamily", "RuleKey", "SumMove", "number", "pair"]
