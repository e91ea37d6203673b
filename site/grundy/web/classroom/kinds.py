"""The kinds of question a live class asks, and how each judges an answer, without Flask.

A round keeps its kind's name (:attr:`~.store.Round.kind`), its truth and each answer's value as
text (:class:`~.store.Answer`), so a new kind is a new entry in :data:`KINDS`, never a new column.
A kind says what the truth is for a question, reads a student's answer into an
:class:`~.store.Answer` (and, when part of it cannot be read, keeps the rest and says why:
:class:`Judged`), and whether an answer is right.

Today's kind is "outcome": P or N, and on N optionally the position a winning move leaves,
judged as the quiz judges it (the same notation for every game: the quiz's).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from grundy.games.core import GameError
from grundy.games.family import refuse_foreign_digits
from grundy.i18n import N_, _
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

KINDS: dict[str, Kind] = {OUTCOME: OUTCOME_KIND}


def kind_of(key: str) -> Kind:
    """The kind named ``key`` (a round stored with a kind this server does not know reads as an outcome)."""
    return KINDS.get(key, OUTCOME_KIND)


__all__ = ["KINDS", "OUTCOME_KIND", "Judged", "Kind", "kind_of"]
