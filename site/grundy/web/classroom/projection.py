"""The projection's side of a live class (routes on the classroom blueprint): its class bar, and
the states it reports for the phones to follow.

A projection (/present/…, or a lesson page's widget) in a browser that teaches a class shows
the class bar (static/js/grundy/report.js asks for it: /class/<code>/bar). Phones follow only
the projection the instructor showed to the class, with the bar's "Show this to the class":
showing gives that projection a token (:mod:`.driving`), and each step it then reports carries
it. A report without the token — a second tab previewing the next widget — is refused (409)
and changes nothing on the phones; the bar then says another projection is shown. The bar asks
again every :func:`.pacing.bar_poll_ms` ms, so it goes as soon as the class ends (410), and says so when
another projection is shown.
"""
from __future__ import annotations

from flask import Response, current_app, render_template, request

from grundy.i18n import _
from grundy.i18n import here as language_code
from grundy.marks import quoted
from grundy.web.classroom import etags, identity, pacing
from grundy.web.classroom.driving import Driving, Shown
from grundy.web.classroom.qr import join_short, qr
from grundy.web.classroom.routes import bp
from grundy.web.classroom.store import Room
from grundy.web.classroom.view import view_path
from grundy.web.widgets import PRESENTABLE

TOKEN_HEADER = "X-Projection-Token"  # a projection's token, as report.js sends it (or the form's "token")


def driving() -> Driving:
    """The app's drivers and hand-over keys (:func:`grundy.web.classroom.register`)."""
    return current_app.extensions["grundy.classes.driving"]  # type: ignore[no-any-return]


def _token() -> str:
    return (request.headers.get(TOKEN_HEADER) or request.form.get("token", ""))[:100]


def _ended() -> Response:
    """The projection drops its class bar, and reports no more."""
    return Response(_("This class has ended."), status=410, mimetype="text/plain")


def bar_tag(shown: Shown) -> str:
    return f'W/"b{shown}-{language_code()}"'


def _bar(room: Room, shown: Shown, status: int = 200, token: str = "") -> Response:
    html = render_template("classroom/_badge.html", room=room, join_short=join_short(), qr=qr(room), shown=shown, token=token,
                           presentable=PRESENTABLE, poll_ms=pacing.bar_poll_ms(), tag=bar_tag(shown))
    return etags.tagged(Response(html, status=status, mimetype="text/html"), bar_tag(shown))


@bp.get("/class/<code>/bar")
def class_bar(code: str) -> Response:
    """A projection's class bar: the code, the QR code, the way back to the console, and whether
    this projection is the one shown to the class (its token, sent in a header); 304 while that
    has not changed, 410 once the class has ended."""
    room = identity.teacher_room(code)
    if room.phase == "ended":
        return _ended()
    shown = driving().shown(room.code, _token())
    if etags.held(bar_tag(shown)):
        return etags.not_modified(bar_tag(shown))
    return _bar(room, shown)


@bp.post("/class/<code>/view")
def follow_view(code: str) -> Response:
    """A projection reports the state it shows: with ``show=1`` it is shown to the class from now
    on (the answer, its bar, carries its new token); otherwise only the projection shown (its
    token) is followed, and another gets 409 and its bar. Only the instructor's projections report."""
    room = identity.teacher_room(code)
    path = view_path(request.form.get("url", ""))
    if path is None:
        return Response(_("Students can follow projections (/present/…) only."), status=400, mimetype="text/plain")
    if room.phase == "ended":
        return _ended()
    show = request.form.get("show", "")
    if show not in ("", "1"):
        return Response(_("show is 1 (show this projection to the class) or left out; got %(got)s", got=quoted(show, 10)),
                        status=400, mimetype="text/plain")
    token = ""
    if show == "1":
        token = driving().drive(room.code, identity.now())
    elif (shown := driving().shown(room.code, _token())) != "here":
        return _bar(room, shown, status=409)
    identity.store().show(room.code, path)
    return _bar(room, "here", token=token)


__all__ = ["TOKEN_HEADER", "bar_tag", "class_bar", "driving", "follow_view"]
