"""A practice game: a family from the registry, played as a sum, with what a learner needs on
top — positions typed and shown as text, moves as buttons, the outcome, a perfect computer and
the reason in words. One class serves every game; what differs lives in the game's spec
(``grundy.practice.games``) and in its family (``grundy.games``).

No routes here: parsing raises :class:`GameError` with a message a learner can act on, said (like
every sentence here) in the request's language (:mod:`grundy.i18n`; English outside a request).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from collections import Counter
from math import comb
from typing import TYPE_CHECKING, Any, ClassVar

from grundy.cache import BoundedCache
from grundy.games.core import Action, GameError, Outcome, Verdict, remoteness
from grundy.games.family import Family, FamilyGame
from grundy.i18n import _, here
from grundy.numerals import as_pairs, unbracketed
from grundy.words.moves import in_a_sentence, on_a_button, split

if TYPE_CHECKING:
    from grundy.practice.games import GameSpec

Position = tuple[Any, ...]  # a family's components; each family fixes their type

MAX_COMPONENTS = 8
MAX_POSITION_TEXT = 200  # characters: a position is typed by hand or carried in a URL
# The computer searches the whole game to choose its move, so a start is refused when the search
# could be long: WORK_LIMIT bounds an upper bound on the search's cost (see Arena.search_work),
# checked before any search. The cost is counted in units of about a microsecond of CPU, cold
# (bench/worst.py measures it): a Nim move is one unit, a move of a game whose moves cost more to
# make is its spec's ``move_cost`` units, and each position costs SEARCH_POSITION_COST more on top
# of its moves (the memo, the stack, settling what it reaches: with few moves a position, as in
# Bash with m = 1, that is most of the work). 120,000 units keep every accepted request, page and
# hints included, within the 200 ms budget (bench/budget.py's ACCEPTED_MS; bench/worst.py measured
# at most ~190 ms on a machine loaded ~4× over, where 150,000 let Wythoff and Nim reach 230 ms).
# SEARCH_LIMIT bounds the positions one search may add to a memo, whatever the estimate says.
WORK_LIMIT = 120_000
SEARCH_POSITION_COST = 16
SEARCH_LIMIT = 70_000
MEMO_LIMIT = 70_000  # a rule's memo is replaced by an empty one once it holds more positions
# A game's moves travel in its URL, and gunicorn reads request lines of up to 4094 bytes
# (grundy.serve.limit_request_line).
MAX_HISTORY = 3_000


@dataclass(frozen=True, slots=True)
class PlayMove:
    """One move of the whole position: in which component, how it reads, and where it leads."""

    component: int  # 0-based
    action: Action
    after: Position
    # A turn that moves in several components at once (every-SG): one move per component, each
    # with the component's new value as its ``after``; empty for a move in one component.
    parts: tuple[PlayMove, ...] = ()
    was: Any = None  # the component as it was before the move (None for an every-SG turn's parts)

    @property
    def group(self) -> str:
        """Moves of a component fall in groups: "" or "pile 1", "both piles", …"""
        return "" if self.parts else split(self.action)[0]

    @property
    def label(self) -> str:
        return "; ".join(p.label for p in self.parts) if self.parts else split(self.action)[1]



# A mark written apart from the number it marks (the circular game's ○ 8, 环 8, row 8): no
# notation has a word or a sign that stands alone before a number.
_MARK_APART = re.compile(r"([^\s0-9,;:+\-.()\[\]{}/])\s+(?=[0-9])")


@dataclass(frozen=True, slots=True)
class Arena:
    """One practice game under one rule: a family's sums, in normal or misère play. A turn is
    one move in one component; :class:`grundy.practice.every.EveryArena` moves in all of them."""

    spec: GameSpec
    family: Family[Any]
    every_turn: ClassVar[bool] = False  # a turn moves in every unfinished component (every-SG)
    # A game that may go on for ever (a graph with a cycle) is stopped after this many moves and
    # counted as a draw (grundy.practice.draws); None: every game ends by itself.
    move_limit: ClassVar[int | None] = None

    # -- what the spec and the family say
    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def misere(self) -> bool:
        return self.spec.misere

    @property
    def ending(self) -> str:
        return self.spec.ending

    @property
    def component_noun(self) -> tuple[str, str]:
        return self.spec.noun

    @property
    def joiner(self) -> str:
        return self.family.separator

    @property
    def rule_text(self) -> str:
        return self.spec.rule_text(self.family)

    def rule_query(self) -> dict[str, str]:
        return self.family.rule()

    def where(self, i: int, was: Any = None) -> str:
        """Where a move in component ``i`` (0-based) was made, in the reader's language: the end of
        an English sentence ("from heap 2"), said before the move in Chinese ("从堆 2"). A game whose
        parts are of several kinds names the kind of ``was``, the component moved in ("from row 2")."""
        if self.spec.part is not None and was is not None:
            return self.spec.part(was, i, True)
        return str(_(self.spec.where)).format(i + 1) if self.spec.where else ""

    def said(self, move: PlayMove, many: bool, told: bool = False) -> str:
        """``move`` in a sentence, in the reader's language (grundy.words.moves): "take 3 from
        heap 2" where the position has ``many`` parts, "took …" ``told`` after it was made. A game
        whose moves are told by where they lead (a token on a graph) says where, once told ("moved
        the token to d"); offered, the position it leaves is written beside it ("move the token → d")."""
        if self.spec.said_by_where_to and not move.parts:
            to = self.format_component(move.after[move.component])
            if many:
                return str(_("moved token %(number)s to %(to)s", number=move.component + 1, to=to) if told
                           else _("move token %(number)s", number=move.component + 1))
            return str(_("moved the token to %(to)s", to=to) if told else _("move the token"))
        return in_a_sentence(move, many=many, where=self.where, told=told, says_itself=self.spec.say)

    def button(self, move: PlayMove) -> str:
        """What ``move``'s button says, under its heading (``move.group``): "take 3"; "to d" for a
        game whose moves are told by where they lead."""
        if self.spec.said_by_where_to and not move.parts:
            return str(_("to %(to)s", to=self.format_component(move.after[move.component])))
        return on_a_button(move, says_itself=self.spec.say)

    def part_name(self, c: Any, i: int) -> str:
        """The name of component ``i`` (0-based), as the board and the list of moves head it:
        "Heap 2", or "Row 2" and "Ring 1" in a game whose parts are of several kinds."""
        if self.spec.part is not None:
            return self.spec.part(c, i, False)
        noun = str(_(self.component_noun[0]))
        return _("%(noun)s %(number)s", noun=f"{noun[:1].upper()}{noun[1:]}", number=i + 1)  # 第 2 堆

    # -- positions as text
    def parse(self, text: str) -> Position:
        """Components are separated by semicolons or spaces (commas too, where a component is
        one number); a family whose position is one game, not a sum, reads them all as one.
        ``text`` is as the route read it (:func:`grundy.numerals.typed`: ５，０，５ is 5,0,5)."""
        if len(text) > MAX_POSITION_TEXT:
            raise GameError(_("a position is at most %(most)s characters long", most=MAX_POSITION_TEXT), "position-too-long",
                            most=MAX_POSITION_TEXT)
        # a pair as written on paper, (3, 5): no family's notation uses brackets, and where a
        # comma is inside a component, "3, 5" is the pair 3,5
        text = unbracketed(text) if self.family.separator == "," else as_pairs(text)
        text = _MARK_APART.sub(r"\1", text)  # a mark and its number are one component: 环 8 is 环8
        separators = r"[;,\s]+" if self.family.separator == "," else r"[;\s]+"
        parts = [p for p in re.split(separators, text.strip()) if p.strip()]
        if not self.family.is_sum and parts:  # one game: spaces and semicolons are commas in it (3 5 7)
            parts = [",".join(parts)]
        noun = self.component_noun
        if not parts:
            raise GameError(_("give at least one %(noun)s", noun=_(noun[0])), "empty")
        if len(parts) > MAX_COMPONENTS:
            raise GameError(_("at most %(most)s %(nouns)s; got %(got)s", most=MAX_COMPONENTS, nouns=_(noun[1]), got=len(parts)),
                            "too-many", most=MAX_COMPONENTS)
        position = self.family.parse_sum(parts)
        for c in position:
            self.spec.check_component(self.family, c)
        return position

    def format(self, position: Position) -> str:
        return self.family.format_sum(position)

    def format_component(self, c: Any) -> str:
        return self.family.format(c)

    # -- moves
    def moves(self, position: Position) -> list[PlayMove]:
        """Every move a player may make: here, one move in one component."""
        return [PlayMove(m.component, m.action, m.after, was=position[m.component]) for m in self.family.sum_moves(position)]

    def can_move(self, position: Position) -> bool:
        return next(iter(self.family.sum_moves(position)), None) is not None

    def step(self, before: Position, after: Position) -> PlayMove | None:
        """The move that leaves exactly ``after`` (a game's URL), if there is one."""
        return next((m for m in self.moves(before) if m.after == after), None)

    def complete(self, before: Position, after: Position) -> Position:
        """A typed position after a move, completed component by component where the family's
        notation lets a learner leave out what the move decides (:meth:`Family.read_after`)."""
        if len(before) != len(after):
            return after
        return tuple(self.family.read_after(b, a) for b, a in zip(before, after))

    def find_move(self, before: Position, after: Position) -> PlayMove | None:
        """The move that turns ``before`` into ``after``, if there is one (a typed answer). The
        components may be written in any order, a pair of piles either way round."""
        settle = self.family.settle
        want = settle(after)
        moves = list(self.moves(before))
        # the move that leaves exactly what was typed first (from 5,2,5 to 5,2,3 is heap 3's move,
        # though heap 1's leaves the same heaps in another order)
        return (next((m for m in moves if m.after == after), None)
                or next((m for m in moves if settle(m.after) == want), None))

    def why_illegal(self, before: Position, after: Position) -> str:
        """Why no move turns ``before`` into ``after``, as precisely as the family allows."""
        noun = self.component_noun
        as_it_stands = str(_("That is the position as it stands: a move must change something."))
        if not self.family.keeps_count:  # a move may change the number of parts: only say what fails
            if after == before:
                return as_it_stands
            return str(_("No single move turns %(before)s into %(after)s (%(rule)s).",
                         before=self.format(before), after=self.format(after), rule=self.rule_text))
        if len(after) != len(before):
            words = {"count": len(before), "nouns": _(noun[0] if len(before) == 1 else noun[1]), "answer": len(after),
                     "noun": _(noun[0])}
            if self.joiner == ",":
                return str(_("The position has %(count)s %(nouns)s, and your answer has %(answer)s: write each %(noun)s as it"
                             " is after your move, as one number without thousands separators.", **words))
            return str(_("The position has %(count)s %(nouns)s, and your answer has %(answer)s: write each %(noun)s as it"
                         " is after your move.", **words))
        changed = [i for i, (x, y) in enumerate(zip(before, after)) if x != y]
        if not changed:
            return as_it_stands
        if len(changed) > 1:
            return str(_("A move changes exactly one %(noun)s; that changes %(count)s.", noun=_(noun[0]), count=len(changed)))
        i = changed[0]
        return str(_("No single move turns %(before)s into %(after)s (%(rule)s).", before=self.format_component(before[i]),
                     after=self.format_component(after[i]), rule=self.rule_text))

    def winning_moves(self, position: Position, limit: int = 6) -> list[PlayMove]:
        """Up to ``limit`` moves that leave a P-position, in the listed order."""
        found = []
        for m in self.moves(position):
            if self.verdict(m.after) == "P":
                found.append(m)
                if len(found) == limit:
                    break
        return found

    # -- values
    def grundy(self, position: Position) -> int | None:
        """The SG value of the whole position; None under misère play, where there is none."""
        return None if self.misere else self.family.sum_grundy(position)

    def verdict(self, position: Position) -> Verdict:
        """P, N or D: a draw, which only a game that can go on for ever says
        (:class:`grundy.practice.draws.DrawArena`); for every other game this is :meth:`outcome`."""
        return self.outcome(position)

    def outcome(self, position: Position) -> Outcome:
        if not self.misere:
            return self.family.sum_outcome(position)
        closed = self.family.misere_outcome(position)
        return closed if closed is not None else ("P" if self._remoteness(position) % 2 == 0 else "N")

    def reason(self, position: Position, reveal_move: bool = True) -> str:
        """Why the position is P or N, in a sentence or two a learner can check by hand. With
        ``reveal_move`` false it names no winning move (the quiz asks for one next)."""
        return self.spec.reason(self, position, reveal_move)

    # -- the computer
    def search_work(self, position: Position) -> int:
        """An upper bound on the cost of the computer's search from ``position`` (in WORK_LIMIT's
        units), decided before any search and whatever the memo holds: the settled positions it
        can reach (components that can still move, grouped when equal: k copies of a component
        with s reachable states give at most C(s + k − 1, k) multisets; different groups
        multiply), each costing SEARCH_POSITION_COST plus its moves at the spec's ``move_cost``
        each; no position has more moves than the start (the families' ``move_count``).
        Components with no move left change nothing and count for nothing."""
        fam = self.family
        live = [fam.canonical(c) for c in position if fam.move_count(c)]
        positions = 1
        for c, copies in Counter(live).items():
            positions *= comb(fam.size(c) + copies - 1, copies)
        moves = max(1, sum(fam.move_count(c) for c in live))
        return positions * (SEARCH_POSITION_COST + moves * self.spec.move_cost)

    def unplayable(self, position: Position) -> str | None:
        """Why the computer will not play from ``position``, or None if it will. Decided once
        per rule, position and language (the reason is said in the reader's words) and
        remembered (the last DECISIONS_KEPT), so a link sent again and again, a refused one above
        all, costs a dictionary lookup."""
        key = (self.key, tuple(sorted(self.family.rule().items())), position, here())  # the reason is said in the request's language
        return _DECISIONS.get_or_compute(key, lambda: self._unplayable(position))  # estimated outside the lock

    def _unplayable(self, position: Position) -> str | None:
        if self.spec.play_limit is not None:  # a game whose bound was set by measurement instead
            return self.spec.play_limit(self, position)
        if self.search_work(position) > WORK_LIMIT:
            return self.too_large
        length = sum(self.family.longest(c) for c in position)
        if length * (len(self.format(position)) + 1) > MAX_HISTORY:
            return str(_("a game from here could last %(length)s moves, more than a link to the game can hold;"
                         " make the %(nouns)s smaller", length=f"{length:,}", nouns=_(self.component_noun[1])))
        return None

    @property
    def too_large(self) -> str:
        return str(_("the computer plays by searching every line of play, and from here that search is too"
                     " long for a web page — make the %(nouns)s smaller or fewer", nouns=_(self.component_noun[1])))

    def check_playable(self, start: Position) -> None:
        """Refuse, with why, a start the computer cannot play from (GameError); the search it
        makes here is the one its first move needs."""
        self.remoteness(start)

    def remoteness(self, position: Position) -> int:
        """Moves left with perfect play (the winner hurries, the loser stalls); even ⇔ P."""
        refused = self.unplayable(position)
        if refused:
            raise GameError(refused, "too-large-to-play")
        return self._remoteness(position)

    def _remoteness(self, position: Position) -> int:
        """Remoteness without the start's checks: for positions reached from an accepted start."""
        memo = _memo(self)
        try:
            # the bound is on this search's new positions, not on what earlier games left behind
            return remoteness(FamilyGame(self.family), self.family.settle(position), memo,
                              misere=self.misere, max_positions=len(memo) + SEARCH_LIMIT)
        except GameError as error:
            raise GameError(self.too_large, "too-large-to-play") from error

    def computer_move(self, position: Position) -> PlayMove:
        """A perfect move: from an N-position the quickest win, from a P-position the longest
        defence (the largest remoteness), so a learner who slipped sees the game go on. Ties go
        to the first move in the listed order, so a game replays the same way."""
        moves = self.moves(position)
        if not moves:
            raise GameError(_("the game is over: there is no move to make"), "game-over")
        if self.spec.taught_move is not None:  # the strategy the lesson teaches, where it wins
            taught = self.spec.taught_move(self, position)
            if taught is not None:
                return taught
        scored = [(self._remoteness(m.after), m) for m in moves]
        wins = [(r, m) for r, m in scored if r % 2 == 0]
        if wins:
            return min(wins, key=lambda rm: rm[0])[1]
        return max(scored, key=lambda rm: rm[0])[1]


# Keys hold a position of at most MAX_POSITION_TEXT characters, so this stays within a few MB.
DECISIONS_KEPT = 4096
_DECISIONS: BoundedCache[tuple[str, tuple[tuple[str, str], ...], Position, str], str | None] = BoundedCache(DECISIONS_KEPT)

_MEMOS: BoundedCache[tuple[str, bool, tuple[tuple[str, str], ...]], dict[Position, int]] = BoundedCache(8)


def _memo(arena: Arena) -> dict[Position, int]:
    """The remoteness memo of one rule, kept across requests for the eight rules used last.

    A full memo is replaced, never cleared: a search running in another thread keeps the dict
    it started with (entries are only ever added, and each is final), so threads never see an
    entry vanish under them."""
    key = (arena.family.key, arena.misere, tuple(sorted(arena.family.rule().items())))
    # a full memo is stale: a new one takes its place, and threads asking at once share the new one
    return _MEMOS.get_or_compute(key, dict, fresh=lambda memo: len(memo) <= MEMO_LIMIT)


def replay(arena: Arena, start: Position, afters: tuple[Position, ...]) -> list[PlayMove]:
    """Check a game move by move; each entry is the position a move left. Raises GameError
    naming the first move that is not legal."""
    played: list[PlayMove] = []
    here = start
    for number, after in enumerate(afters, start=1):
        played.append(checked_step(arena, here, after, number))
        here = after
    return played


def checked_step(arena: Arena, before: Position, after: Position, number: int) -> PlayMove:
    """Move ``number`` of a game, the one from ``before`` that leaves ``after``; GameError naming
    it if no move does (a game that goes on is checked one step at a time, not replayed)."""
    match = arena.step(before, after)
    if match is None:
        words = {"number": number, "before": arena.format(before), "after": arena.format(after)}
        said = (_("move %(number)s is not legal: no turn turns %(before)s into %(after)s", **words) if arena.every_turn
                else _("move %(number)s is not legal: no single move turns %(before)s into %(after)s", **words))
        raise GameError(said, "not-a-legal-move", move=number)
    return match


__all__ = ["MAX_HISTORY", "SEARCH_POSITION_COST", "WORK_LIMIT", "Arena", "PlayMove", "Position", "checked_step", "replay"]
