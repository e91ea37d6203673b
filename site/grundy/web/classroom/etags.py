"""The live parts' validators. Pages poll their live part with the ETag of what they show; an
unchanged class answers 304 from one indexed read of the store, so 60 phones cost little
(bench/classroom.py measures it against server-sent events)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, render_template, request

from grundy.i18n import here as language_code
from grundy.web.classroom.store import Room


def student_tag(room: Room, answered: bool, explore: bool) -> str:
    """What a student's live part depends on: the class's version, whether they have answered
    the round, the mode, and the language (the same path under /zh/ is another answer)."""
    return f'W/"s{room.version}-{int(answered)}-{int(explore)}-{language_code()}"'


def teacher_tag(room: Room, count: int, members: int) -> str:
    """What the console's live part depends on: the class's version, the answers to this round
    and the students who have joined (both counted on the projector), and the language."""
    return f'W/"t{room.version}-{count}-{members}-{language_code()}"'


def screen_tag(room: Room, count: int, members: int) -> str:
    """What the room's screen depends on: as the console's, and told apart from it (the two
    parts differ, and a browser showing both must never hold one's tag for the other)."""
    return f'W/"r{room.version}-{count}-{members}-{language_code()}"'


def held(tag: str) -> bool:
    """Whether the browser shows what ``tag`` names already."""
    return tag in request.headers.get("If-None-Match", "")


def tagged(response: Response, tag: str) -> Response:
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = "no-cache, private"
    return response


def not_modified(tag: str) -> Response:
    return tagged(Response(status=304), tag)


def live_part(tag: str, template: str, context: Callable[[], dict[str, Any]]) -> Response:
    """A page's live part: 304 while the browser holds ``tag``, else ``template`` rendered with
    ``context()`` (made only then) and tagged with the tag that context says it shows."""
    if held(tag):
        return not_modified(tag)
    made = context()
    return tagged(Response(render_template(template, **made), mimetype="text/html"), made["tag"])


__all__ = ["held", "live_part", "not_modified", "screen_tag", "student_tag", "tagged", "teacher_tag"]
