"""The kinds of question a live class asks, and how each judges an answer, without Flask.

A round keeps its kind's name (:attr:`~.store.Round.kind`), its truth and each answer's value as
text (:class:`~.store.Answer`), so a new kind is a new entry in :data:`KINDS`, never a new column.
A kind says what the truth is for a question, reads a student's answer into an
:class:`~.store.Answer` (and, when part of it cannot be read, keeps the rest and says why:
:class:`Judged`), and whether an answer is right.

The kinds (issue 28, point 5):

- "outcome": P or N, and on N optionally the position a winning move leaves, judged as the quiz
  judges it (the same notation for every game: the quiz's);
- "sg": "What is the SG value?", a whole number, the truth from the engine
  (:meth:`~grundy.practice.arena.Arena.grundy`); asked only of a position that has one (not in
  misère play, not a marble that goes home: the engine says None, and the kind is refused);
- "move": "Tap the winning move": the student taps one of the position's moves (its buttons, as
  /play offers them) or "no winning move"; judged as the quiz judges a move. Asked only of a
  position whose moves fit on a phone (:data:`MAX_TAPS`), one move in one part at a time.

A kind checks the question it is asked of (``fits``: a GameError that says why not) before the
round opens, so a round never asks what it cannot judge.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any
from dataclasses import dataclass, field
from itertools import islice

from grundy.games.core import GameError, mex, nim_sum
from grundy.games.family import refuse_foreign_digits
from grundy.i18n import N_, _
from grundy.marks import quoted
from grundy.numerals import is_numeral
from grundy.practice import quiz as quiz_mod
from grundy.web.classroom.store import MAX_MOVE, OUTCOME, Answer


@dataclass(frozen=True, slots=True)
class Judged:
    """A student's answer as it will be kept, and why part of what they gave was not read ("" if
    all of it was): an N whose move cannot be read is kept as an N, and the phone says why."""

    answer: Answer
    problem: str = ""


@dataclass(frozen=True, slots=True)
class Kind:
    key: str
    title: str  # marked with N_, said with _ where shown
    truth: Callable[[quiz_mod.Question], str]  # the right answer, as text
    judge: Callable[[quiz_mod.Question, str, str], Judged]  # (question, value, typed move) → kept answer; GameError if none
    right: Callable[[Answer, str], bool]  # whether an answer is right, given the truth
    values: tuple[str, ...] = ()  # the answers a phone offers as buttons (empty: typed)
    fits: Callable[[quiz_mod.Question], None] = field(default=lambda q: None)  # GameError: this kind cannot ask ``q``
    # whether one answer's value is right (an outcome's or SG value's: it is the truth; a move: it wins)
    value_right: Callable[[quiz_mod.Question, str, str], bool] = field(default=lambda q, value, truth: value == truth)
    # A kind that poses its own question from what the class follows (the room's view): its
    # game, rule, position, truth and detail (cells.NextCell). None: the instructor poses it.
    poses: Callable[[str], Any] | None = None


def _outcome_judge(q: quiz_mod.Question, says: str, typed: str) -> Judged:
    """P or N, and on N optionally the position a winning move leaves. A move that cannot be read
    (or is not a legal move) does not lose the N: the answer is kept without it, and why is said."""
    if says not in ("P", "N"):
        raise GameError(_("answer with P (losing for the player to move) or N (winning)"), "bad-answer")
    typed = typed.strip()
    if says == "P" or not typed:
        return Judged(Answer(says, "", None))
    unread = typed[:MAX_MOVE]
    try:
        refuse_foreign_digits({"after": typed})
        if len(typed) > MAX_MOVE:
            raise GameError(_("a position is at most %(most)s characters long", most=MAX_MOVE), "position-too-long", most=MAX_MOVE)
        verdict = quiz_mod.check_move(q, typed)
    except GameError as error:
        return Judged(Answer("N", "", None, unread), str(error))
    if verdict.move is None:
        return Judged(Answer("N", "", None, unread), verdict.message)
    return Judged(Answer("N", q.arena.format(verdict.move.after), verdict.wins))


OUTCOME_KIND = Kind(OUTCOME, N_("P or N?"), lambda q: q.outcome(), _outcome_judge, lambda a, truth: a.says == truth, ("P", "N"))

SG = "sg"
MOVE = "move"
NO_MOVE = "none"  # the move kind's answer "there is no winning move" (a P-position's right answer)
MAX_SG_DIGITS = 6  # an SG value typed on a phone: at most this many digits
MAX_TAPS = 60  # moves a "tap the winning move" question offers as buttons, at most
MAX_OPTIONS_SAID = 24  # options whose SG values the reveal lists (more: the mex said without the list)


def _sg_fits(q: quiz_mod.Question) -> None:
    if q.arena.grundy(q.position) is None:
        raise GameError(_("%(position)s has no SG value in %(game)s (SG values are for normal play, where a position is a sum of"
                          " games that each have one): ask “P or N?” instead", position=q.position_text, game=_(q.arena.title)),
                        "no-sg-value")


def _sg_truth(q: quiz_mod.Question) -> str:
    return str(q.arena.grundy(q.position))


def _sg_judge(q: quiz_mod.Question, says: str, typed: str) -> Judged:
    text = (says or typed).strip()
    refuse_foreign_digits({"value": text})
    if not is_numeral(text) or len(text) > MAX_SG_DIGITS:
        raise GameError(_("an SG value is a whole number: 0, 1, 2, … (at most %(most)s digits); got %(got)s", most=MAX_SG_DIGITS,
                          got=quoted(text, 12)), "bad-sg-value")
    return Judged(Answer(str(int(text)), "", None))


def sg_reason(q: quiz_mod.Question) -> str:
    """Why the position's SG value is what it is: for one game, the mex of its options' values
    (listed when there are at most MAX_OPTIONS_SAID); for a sum, the XOR of its parts' values."""
    arena, fam, position = q.arena, q.arena.family, q.position
    g = arena.grundy(position)
    if len(position) > 1 and fam.is_sum:
        values = [fam.sg(c) for c in position]
        return str(_("By the Sprague–Grundy theorem a sum is worth the XOR of its parts' SG values: %(xor)s = %(total)s.",
                     xor=" ⊕ ".join(map(str, values)), total=g))
    c = position[0]
    here = arena.format(position)
    if next(iter(fam.moves(c)), None) is None:
        return str(_("No move is possible from %(position)s: the mex of no values is 0, so SG(%(position)s) = 0.", position=here))
    if sum(1 for _move in islice(fam.moves(c), MAX_OPTIONS_SAID + 1)) > MAX_OPTIONS_SAID:
        if g == 0:
            return str(_("No move from %(position)s reaches a position of SG value 0: the mex (the smallest whole number not reached)"
                         " is 0, so SG(%(position)s) = 0.", position=here))
        return str(_("The moves from %(position)s reach positions of every SG value below %(sg)s and none of value %(sg)s: the mex"
                     " (the smallest whole number not reached) is %(sg)s, so SG(%(position)s) = %(sg)s.", position=here, sg=g))
    values = sorted({nim_sum(v for v in (fam.value_of(p) for p in parts) if v is not None) for _a, parts in fam.shown_moves(c)})
    return str(_("The moves from %(position)s lead to positions of SG values %(values)s; the smallest whole number not among"
                 " them (their mex) is %(sg)s, so SG(%(position)s) = %(sg)s.", position=here, values="{" + ", ".join(map(str, values)) + "}",
                 sg=mex(values)))


SG_KIND = Kind(SG, N_("What is the SG value?"), _sg_truth, _sg_judge, lambda a, truth: a.says == truth, (), _sg_fits)


def tap_count(q: quiz_mod.Question) -> int:
    """How many moves the position offers, counted up to MAX_TAPS + 1 (never more work)."""
    return sum(1 for _move in islice(q.arena.family.sum_moves(q.position), MAX_TAPS + 1))


def _move_fits(q: quiz_mod.Question) -> None:
    if q.arena.every_turn:
        raise GameError(_("in %(game)s a turn moves in every game at once, which is not one tap: ask “P or N?” instead",
                          game=_(q.arena.title)), "no-tap")
    if tap_count(q) > MAX_TAPS:
        raise GameError(_("%(position)s has more than %(most)s moves, too many to tap on a phone: choose a smaller position, or ask"
                          " “P or N?” with a typed move", position=q.position_text, most=MAX_TAPS), "too-many-taps", most=MAX_TAPS)


def _move_truth(q: quiz_mod.Question) -> str:
    """"none" for a P-position; else the positions the winning moves leave (up to six, as the quiz lists them)."""
    winning = quiz_mod.winning_moves(q)
    return " | ".join(q.arena.format(m.after) for m in winning) if winning else NO_MOVE


def _move_judge(q: quiz_mod.Question, says: str, typed: str) -> Judged:
    """A tapped move: the position it leaves (a button's value), or "none" (no winning move)."""
    text = (says or typed).strip()
    if text == NO_MOVE:
        return Judged(Answer(NO_MOVE, "", None))
    refuse_foreign_digits({"after": text})
    if not text or len(text) > MAX_MOVE:
        raise GameError(_("tap one of the moves, or “no winning move”"), "no-move-tapped")
    verdict = quiz_mod.check_move(q, text)
    if verdict.move is None:
        raise GameError(verdict.message, "not-a-move")
    after = q.arena.format(verdict.move.after)
    return Judged(Answer(after, after, verdict.wins))


def _move_value_right(q: quiz_mod.Question, value: str, truth: str) -> bool:
    if value == NO_MOVE:
        return truth == NO_MOVE
    try:
        return quiz_mod.check_move(q, value).wins
    except GameError:
        return False


MOVE_KIND = Kind(MOVE, N_("Tap the winning move"), _move_truth, _move_judge,
                 lambda a, truth: a.wins is True or (a.says == NO_MOVE and truth == NO_MOVE), (), _move_fits, _move_value_right)

CELL = "cell"


def _cell_judge(q: quiz_mod.Question, says: str, typed: str) -> Judged:
    """The next cell's value as the table shows it: P or N, or an SG value."""
    text = (says or typed).strip()
    if text in ("P", "N"):
        return Judged(Answer(text, "", None))
    if is_numeral(text) and len(text) <= MAX_SG_DIGITS:
        return Judged(Answer(str(int(text)), "", None))
    raise GameError(_("answer with the cell's value as the table shows it: P or N, or its SG value; got %(got)s", got=quoted(text, 12)),
                    "bad-cell-value")


def _cell_poses(view: str) -> Any:
    from grundy.web.classroom.cells import next_cell  # the tables (widgets) are read only when a cell is asked for

    return next_cell(view)


CELL_KIND = Kind(CELL, N_("Predict the next cell"), lambda q: q.outcome(), _cell_judge, lambda a, truth: a.says == truth,
                 poses=_cell_poses)

KINDS: dict[str, Kind] = {OUTCOME: OUTCOME_KIND, SG: SG_KIND, MOVE: MOVE_KIND, CELL: CELL_KIND}


def kind_named(key: str) -> Kind:
    """The kind a form or a plan names; a GameError for none."""
    if key not in KINDS:
        raise GameError(_("a question's kind is one of %(kinds)s; got %(got)s", kinds=", ".join(KINDS), got=quoted(key, 20)), "bad-kind")
    return KINDS[key]


def kind_of(key: str) -> Kind:
    """The kind named ``key`` (a round stored with a kind this server does not know reads as an outcome)."""
    return KINDS.get(key, OUTCOME_KIND)


__all__ = ["CELL", "CELL_KIND", "KINDS", "MAX_SG_DIGITS", "MAX_TAPS", "MOVE", "MOVE_KIND", "NO_MOVE", "OUTCOME_KIND", "SG", "SG_KIND", "Judged", "Kind",
           "kind_named", "kind_of", "sg_reason", "tap_count"]
