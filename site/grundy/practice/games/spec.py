"""What a practice game's spec holds, and the helpers the specs share.

A spec's words are English marked for the catalogue (``N_``: its title, nouns, ending, hints,
level names, rule labels) and said in the reader's language where they are shown (``_``); its
sentences computed in a request (the rule, the reason) are said with ``_`` as they are made.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from grundy.games.core import GameError, Outcome, Verdict, nim_sum
from grundy.games.family import Family
from grundy.games.registry import FAMILIES, family
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, PlayMove, Position

Lesson = tuple[str, str]  # (lesson slug, section anchor)
SUMS_LESSON: Lesson = ("sums-of-games", "the-spraguegrundy-theorem")
Draw = Callable[[random.Random, int, Outcome], tuple[dict[str, str], Position]]
DrawDrawn = Callable[[random.Random, int], tuple[dict[str, str], Position]]  # a question whose answer is D
# The quiz's three levels, as most games draw them; a game whose level 3 is not sums names its own.
LEVELS: Mapping[int, str] = {1: N_("Small positions"), 2: N_("Larger positions"), 3: N_("Sums of several games")}


def _any_component(_family: Family[Any], _c: Any) -> None:
    return None


def sum_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    """The Sprague–Grundy reason: a sum is worth the XOR of its parts' values."""
    fam = arena.family
    if not position:
        return str(_("Nothing is left to move: the player to move has lost, so the position is P."))
    if len(position) == 1:
        g = fam.sg(position[0])
        if g == 0:
            return str(_("SG(%(position)s) = 0, so it is P (no move reaches a position of SG 0).", position=fam.format(position[0])))
        return str(_("SG(%(position)s) = %(sg)s, so it is N (some move reaches a position of SG 0).",
                     position=fam.format(position[0]), sg=g))
    values = [fam.sg(c) for c in position]
    total = nim_sum(values)
    xor = " ⊕ ".join(map(str, values))
    if total == 0:
        return str(_("By the Sprague–Grundy theorem a sum is worth the XOR of its parts' SG values: %(xor)s = 0, so the"
                     " position is P: every move changes one value and leaves a non-zero XOR.", xor=xor))
    return str(_("By the Sprague–Grundy theorem a sum is worth the XOR of its parts' SG values: %(xor)s = %(total)s, not 0,"
                 " so the position is N: a move that makes the XOR 0 wins.", xor=xor, total=total))


# Where the three rules are taught (P: every move leads to N; N: some move leads to P): the level
# a question is explained at for a class that has not reached its game's own lesson yet (the
# choice is made in one place, grundy.web.practice.explanation).
RULES_LESSON: Lesson = ("p-and-n-positions", "the-three-rules")
RULES_OPTIONS_SHOWN = 6  # the options named in a P-position's reason; more are counted


def rules_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    """Why a position is P or N by the three rules alone (lesson 2), with no SG value or XOR:
    every move leads to an N-position, or one leads to a P-position. Any game's, from its moves."""
    moves = arena.moves(position)
    here = arena.format(position)
    if not moves:
        if arena.outcome(position) == "P":
            return str(_("Nothing is left to move: the player to move has lost, so the position is P."))
        return str(_("No move is left, and under this rule that is a win for the player to move: %(position)s is N.", position=here))
    if arena.outcome(position) == "P":
        options = list(dict.fromkeys(arena.format(m.after) for m in moves))
        listed = _("; ").join(options[:RULES_OPTIONS_SHOWN])
        if len(options) > RULES_OPTIONS_SHOWN:
            listed = _("%(listed)s and %(more)s more", listed=listed, more=len(options) - RULES_OPTIONS_SHOWN)
        return str(_("Every move from %(position)s leads to an N-position (%(options)s), so %(position)s is P: a position is P"
                     " when every move from it leads to N.", position=here, options=listed))
    winning = arena.winning_moves(position, 1)
    if reveal_move and winning:
        return str(_("The move to %(after)s leaves a P-position, so %(position)s is N: a position is N when some move from it"
                     " leads to P.", after=arena.format(winning[0].after), position=here))
    return str(_("Some move from %(position)s leads to a P-position, so %(position)s is N: a position is N when some move"
                 " from it leads to P.", position=here))


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """One practice game. ``family`` is its registry key; ``rule`` makes the family for a URL's
    keys within practice's bounds (None: the family takes no rule)."""

    family: str
    # The name in URLs: /play/<key>, ?game=<key>. By default the family's key, the one name the
    # registry keeps; a game that is a variant of its family (misère Nim) names itself.
    key: str = ""
    lesson: Lesson  # where the game is explained
    draw: Draw  # a quiz question: (rule keys, position) for a level and the outcome to draw
    # A game whose positions can be drawn (D: play may go on for ever, a graph with a cycle): a
    # question whose answer is D, for a level. The quiz then offers three answers, P, N and D,
    # and draws each about as often; None: every position is P or N, and the quiz asks which.
    draws: DrawDrawn | None = None
    start: str  # the first position /play offers
    random_start: Callable[[random.Random], str]  # a fresh start for "Random start"
    # … where the start depends on the rule's own positions (a graph's names): drawn from the arena
    random_start_on: Callable[[Arena, random.Random], str] | None = None
    rule_text: Callable[[Family[Any]], str]  # the rule in one sentence: "take 1 to 3 coins from one heap"
    reason: Callable[[Arena, Position, bool], str] = sum_reason
    # The reason in lesson 2's words only (P and N, the three rules), for a class that has not
    # reached the game's own lesson: by default from the moves; a game whose labels repeat says so.
    rules_reason: Callable[[Arena, Position, bool], str] = rules_reason
    visual: Callable[[Arena, Position], tuple[str, dict[str, str]] | None] = lambda _a, _p: None
    # Whether the visual shows the winning move (a P/N table marks it): then an N-position's waits
    # until a move is tried. A strip of values (Kayles) names none: it is shown at once.
    visual_shows_move: bool = True
    # Where the values a question needs are tabulated, for a game no formula answers (Kayles,
    # Grundy's game): the question says to look them up there. None: a rule gives them.
    values_lesson: Lesson | None = None
    move_lesson: Lesson | None = None  # where finding the winning move is taught
    # A game whose lesson teaches a strategy (the circular game's symmetry): the move it plays
    # from a position, or None where it has none that wins (the computer then searches), and what
    # the computer says of its move when it played it (None: nothing to say).
    taught_move: Callable[[Arena, Position], PlayMove | None] | None = None
    # taught_note reads (arena, the position the computer moved from, its move, the position
    # before the learner's move that led there, None at the start): a reply may undo that move.
    taught_note: Callable[[Arena, Position, PlayMove, Position | None], str | None] | None = None
    # A game whose parts are of several kinds (rings and rows): a part's name, from the part, its
    # 0-based number and whether it is said as where a move was made ("Row 2", "from row 2").
    part: Callable[[Any, int, bool], str] | None = None
    # A move said whole in the reader's language, where the engine's words plus "from heap 2"
    # would read badly ("took 1 pin from row 1, leaving 1", "split heap 2 into 1 and 7"): from
    # the move's action, the 0-based component it was made in (None: not said) and whether it is
    # told after (the past tense). None: the engine's words and ``where``.
    say: Callable[[Any, int | None, bool], str] | None = None
    # A game whose move's kind says nothing of where it goes (a token moved along an arrow): its
    # moves are said by the position they lead to ("move the token to d", a button "to d").
    said_by_where_to: bool = False
    also_in: tuple[str, ...] = ()  # lessons that play the game before it is taught: their Practise box offers it too
    noun: tuple[str, str] = (N_("heap"), N_("heaps"))
    where: str = N_("from heap {}")  # where a move was made, from the component's number
    ending: str = N_("whoever cannot move loses")
    misere: bool = False
    rule_keys: Mapping[str, Callable[[str], str]] = field(default_factory=dict)  # URL key → checked value
    default_rule: Mapping[str, str] = field(default_factory=dict)
    fixed_rule: Mapping[str, str] = field(default_factory=dict)  # rule keys a URL cannot change (Kayles' code)
    rule_labels: Mapping[str, str] = field(default_factory=dict)  # the rule keys' labels in /play's form
    # What the quiz's list says each question draws, where its rule is not numbers (a graph's
    # moves); empty: "each question sets its own numbers".
    quiz_draws_rule: str = ""
    answer_hint: str = N_("the heaps, with commas")  # how to type a position, in the quiz
    answer_hint_one: str = ""  # … when it has one component, if that reads differently
    picture: str = "heaps"  # the partial that draws a position (templates/practice/pictures/)
    picture_args: Mapping[str, object] = field(default_factory=dict)  # what the picture needs to know
    side_by_side: bool = False  # parts drawn in a row, not one under another (each a picture: two piles, a board)
    finished_text: str = ""  # how play ended before every part was stuck: "moved a marble onto (0, 0)"
    # Why the computer will not play a start, where a measured bound replaces the usual estimate
    # of the search (bombs multiply as they explode); None: the estimate decides.
    play_limit: Callable[[Arena, Position], str | None] | None = None
    # What one move costs the computer's search, in arena.WORK_LIMIT's units (a Nim move is 1):
    # measured by bench/worst.py, for the games whose moves take longer to make.
    move_cost: int = 1
    check_component: Callable[[Family[Any], Any], None] = _any_component  # practice's bounds on a part
    sum_is_plain: bool = True  # False where a sum's moves need more than one component's (Nim's XOR table)
    sums_taught: bool = False  # the game's own lesson adds its parts' values (Kayles' rows): it explains sums too
    always_sums: bool = False  # every level's positions are sums (Nim's heaps, Kayles' rows), not just level 3
    arena_type: type[Arena] = Arena  # how a turn is played: one move in one part, or EveryArena's every-SG
    levels: Mapping[int, str] = field(default_factory=lambda: LEVELS)  # the quiz levels' names, 1 to 3
    # The game's name in practice; by default its family's title, the one name the registry keeps.
    # A game that is a variant of its family (misère Nim, Kayles among octal games) names itself.
    title: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", self.family)
        if not self.title:
            object.__setattr__(self, "title", FAMILIES[self.family].title)

    def arena(self, args: Mapping[str, str] | None = None) -> Arena:
        """The arena for a URL's rule keys (missing ones take the defaults)."""
        args = args or {}
        rule = {key: check(args.get(key) or self.default_rule[key]) for key, check in self.rule_keys.items()}
        rule.update(self.fixed_rule)
        return self.arena_type(self, family(self.family, rule))

    @property
    def answers(self) -> tuple[Verdict, ...]:
        """What the quiz's first step offers: P and N, and D where a position can be drawn."""
        return ("P", "N", "D") if self.draws is not None else ("P", "N")

    def lesson_for(self, position: Position) -> Lesson:
        return SUMS_LESSON if len(position) > 1 and self.sum_is_plain and not self.sums_taught else self.lesson


def draw_sum(arena: Arena, rng: random.Random, target: Outcome, count: int,
             sample: Callable[[random.Random], Any]) -> Position:
    """``count`` components from ``sample`` whose sum has outcome ``target``. The first count − 1
    are free; the last is drawn until the whole fits (a P target needs the right SG value, which
    a few hundred draws find for every level here)."""
    for _head_draw in range(50):
        head = tuple(sample(rng) for _part in range(count - 1))
        for _last_draw in range(400):
            position = head + (sample(rng),)
            if arena.outcome(position) == target:
                shuffled = list(position)
                rng.shuffle(shuffled)
                return tuple(shuffled)
    raise AssertionError(f"no {target}-position drawn for {arena.key}")  # the tests draw every level


def bounded(what: str, lo: int, hi: int) -> Callable[[str], str]:
    """A rule key's check: a whole number from lo to hi, given back in canonical form. ``what``
    names the number in the engine's error (marked with ``N_`` in the game's file, said here
    in the reader's language)."""
    from grundy.games.family import number

    return lambda raw: str(number(raw, _(what), lo=lo, hi=hi))


def component_bound(noun: str, hi: int) -> Callable[[Family[Any], Any], None]:
    """Practice's bound on each number in a component (a typed position, a URL). ``noun`` is
    what the number is ("a heap"), marked with ``N_`` in the game's file and said here in the
    reader's language."""

    def check(fam: Family[Any], c: Any) -> None:
        numbers = c if isinstance(c, tuple) else (c,)
        if any(v > hi for v in numbers):
            raise GameError(_("%(noun)s must be from 0 to %(most)s; got %(got)s", noun=_(noun), most=f"{hi:,}", got=fam.format(c)),
                            "above-practice-bound", most=hi)

    return check




__all__ = ["LEVELS", "RULES_LESSON", "SUMS_LESSON", "DrawDrawn", "GameSpec", "bounded", "component_bound", "draw_sum", "rules_reason", "sum_reason"]
