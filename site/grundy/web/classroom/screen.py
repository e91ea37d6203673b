"""What the room sees: /class/<code>/screen, opened by the instructor on the projector (the
console, /class/<code>/teach, stays the instructor's own view).

The screen shows, full size and without the site's header, one of three things:

- **a question** while its vote is open (with its countdown, if it has one) or closed: the
  game and its rule, the position drawn large with the picture the quiz draws it with, and how
  many have answered so far (never how);
- **its reveal**: the split as a bar chart (each vote's side by side after a re-vote), the answer and why, said at the level of the lesson
  the class is at (:func:`grundy.web.practice.explained_at`), and the most common wrong move with
  the reply that refutes it;
- **the followed widget** between questions (what the phones show, :mod:`.view`), or, before
  anything is shown, how to join, in large type.

The class's code, the join address and its QR code stay in a corner throughout. The live part
is polled as the console's is (static/js/grundy/live.js, an ETag and 304s, :func:`.etags.screen_tag`);
with JavaScript off the page reloads itself every :func:`.pacing.screen_reload_s` seconds.
"""
from __future__ import annotations

import hashlib
from typing import Any

from flask import Response, render_template, url_for

from grundy.web.classroom import etags, identity, pacing, rounds
from grundy.web.classroom.identity import store
from grundy.web.classroom.qr import join_short, qr
# the question's and the reveal's context, as the console and the phones show them
from grundy.web.classroom.routes import bp, counts
from grundy.web.classroom.routes import _question_context as question_context
from grundy.web.classroom.routes import _revealed_context as revealed_context
from grundy.web.classroom.store import Room
from grundy.web.classroom.view import view


@bp.get("/class/<code>/screen")
def screen(code: str) -> Response:
    """The projector's page: only the class's instructor may open it (it shows the counts)."""
    room = identity.teacher_room(code)
    return Response(render_template("classroom/screen.html", **screen_context(room)), mimetype="text/html")


@bp.get("/class/<code>/screen/live")
def screen_live(code: str) -> Response:
    """The screen's live part; 304 while nothing it shows has changed."""
    room = identity.teacher_room(code)
    count, members = counts(room)
    return etags.live_part(etags.screen_tag(room, count, members), "classroom/_screen_live.html",
                           lambda: screen_context(room, counted=(count, members)))


def screen_context(room: Room, counted: tuple[int, int] | None = None) -> dict[str, Any]:
    """What the screen shows of ``room`` now (``counted``: its answers and members, when the
    caller has read them already)."""
    poll = rounds.poll_of(store(), room) if room.round and room.phase in ("open", "closed", "revealed") else None
    count, members = counted or counts(room)
    shown = view(room.view) if room.phase != "ended" else None
    context: dict[str, Any] = {
        "room": room, "poll": poll, "count": count, "members": members, "poll_ms": pacing.poll_ms(), "refresh_s": pacing.screen_reload_s(),
        "join_short": join_short(), "join_url": url_for("classroom.student", code=room.code, _external=True), "qr": qr(room),
        "view": shown, "view_key": hashlib.sha256(room.view.encode()).hexdigest()[:12],
        "tag": etags.screen_tag(room, count, members), "now": identity.now(),
    }
    if poll is not None:
        context.update(question_context(poll.q))
        if room.phase == "revealed":
            context.update(revealed_context(room, poll))
            context["splits"] = rounds.splits_of(store(), room.code, poll.round)  # each vote's, before and after a discussion
    context["needs_plotly"] = bool(shown and shown.draws_figure and poll is None) or "data-figure=" in str(context.get("visual") or "")
    return context


__all__ = ["screen", "screen_context", "screen_live"]
