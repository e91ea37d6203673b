"""The level a live class's reveal explains at: the lesson the class is at, as its projection
tells (the earliest lesson that shows the widget the class follows), so a lesson-2 class asked
about a subtraction game hears lesson 2's three rules, not lesson 6's SG values
(:func:`grundy.web.practice.explanation` makes the choice, for the quiz too).

A class that has followed no projection yet is at its question's own lesson (as the quiz is).
The earliest lesson is the safe reading: the P/N table is shown from lesson 2 to lesson 9, and an
explanation below the class's level is never wrong, while one above it is what point 8 of issue 28
refused.
"""
from __future__ import annotations

import dataclasses
from urllib.parse import urlsplit

from flask import current_app

from grundy.practice import quiz as quiz_mod
from grundy.web.classroom import rounds
from grundy.web.classroom.store import Room
from grundy.web.practice import explanation


def lesson_of(room: Room) -> str | None:
    """The slug of the lesson the class is at, or None (it follows no projection)."""
    if not room.view:
        return None
    name = urlsplit(room.view).path.rsplit("/", 1)[-1]
    using = current_app.extensions["grundy.catalog"].using_widget(name)
    return min(using, key=lambda lesson: lesson.number).slug if using else None


def refuted(q: quiz_mod.Question, move: str, at: str | None) -> quiz_mod.MoveVerdict | None:
    """Why a move that does not win loses (:func:`.rounds.refuted`), its reason said at the
    level of the lesson ``at``."""
    verdict = rounds.refuted(q, move)
    if verdict is None or verdict.move is None or verdict.wins:
        return verdict
    why, _lesson = explanation(q.arena, verdict.move.after, True, at)
    return dataclasses.replace(verdict, why=why)


__all__ = ["lesson_of", "refuted"]
