"""Handing a live class to another browser (routes on the classroom blueprint): the lecture
hall's PC drives the projector while the instructor's laptop keeps the console.

The console makes a one-time key (POST /class/<code>/handover, :mod:`.driving`), shown on the
console only, with a link that carries it. The other browser opens /take (the link fills the
key in; opening it takes nothing, so a chat app's link preview cannot use it up), and "Take
over the class" (POST /take) makes it a teacher of the class: the class's secret goes into its
own signed session cookie, as :func:`.identity.start_teaching` keeps it for the browser that
started the class. A key works once and for :data:`~.driving.KEY_LIFETIME` seconds; a used,
expired or revoked key is refused with a page that says which. Tries are counted per address
(:data:`~.driving.TAKE_LIMIT` in the store's window).
"""
from __future__ import annotations

from typing import Any

from flask import Response, redirect, render_template, request, session, url_for

from grundy.i18n import _
from grundy.marks import quoted
from grundy.numerals import typed as typed_text
from grundy.web.classroom import identity
from grundy.web.classroom.driving import KEY_LENGTH, KEY_LIFETIME, OFFER_LIMIT, TAKE_LIMIT, normal_key, shown_key
from grundy.web.classroom.identity import CLASS_COOKIE, store
from grundy.web.classroom.projection import driving
from grundy.web.classroom.rounds import Refused
from grundy.web.classroom.routes import bp
from grundy.web.classroom.store import LIFETIME, WINDOW, Room

OFFERED = "class-handover"  # the session key of [code, key]: the last key this browser made, shown on its console


def _to_console(code: str) -> Response:
    return redirect(url_for("classroom.teach", code=code, _anchor="handover"), code=303)  # type: ignore[return-value]


@bp.post("/class/<code>/handover")
def hand_over(code: str) -> Response:
    """A new one-time key for another browser to take the class with (the last one stops working)."""
    room = identity.teacher_room(code)
    if room.phase == "ended":
        return _to_console(room.code)  # which says the class has ended
    if not store().allow(f"handover:{room.code}", identity.now(), OFFER_LIMIT):
        identity.refuse(Refused(429, _("Too many hand-over keys were made for this class in the last %(minutes)s minutes; wait a few"
                                      " minutes.", minutes=WINDOW // 60)))
    key = driving().offer(room.code, identity.secret_of(room.code), identity.now())
    session[OFFERED] = [room.code, key]
    return _to_console(room.code)


@bp.post("/class/<code>/handover/revoke")
def revoke_handover(code: str) -> Response:
    """The key on the console works no more."""
    room = identity.teacher_room(code)
    driving().revoke(room.code)
    session.pop(OFFERED, None)
    return _to_console(room.code)


@bp.app_template_global()
def handover_offer(room: Room) -> dict[str, Any] | None:
    """What the console says of the key this browser made for ``room``: None if none; else its
    state ("open", "used", "revoked", "expired") and, while open, the key, its link and minutes left."""
    kept = session.get(OFFERED)
    if not (isinstance(kept, list) and len(kept) == 2 and kept[0] == room.code and isinstance(kept[1], str)):
        return None
    key = kept[1]
    state = driving().state(room.code, key, identity.now())
    if state == "unknown":
        return None
    left = max(0, driving().expires(key) - identity.now())
    return {"state": state, "key": shown_key(key), "minutes": max(1, -(-int(left) // 60)),
            "link": url_for("classroom.take_form", key=shown_key(key), _external=True),
            "short": request.host + url_for("classroom.take_form")}


def _form(status: int, typed: str = "", error: str | None = None) -> Response:
    return Response(render_template("classroom/take.html", typed=typed, error=error, minutes=KEY_LIFETIME // 60),
                    status=status, mimetype="text/html")


@bp.get("/take")
def take_form() -> Response:
    """The form another browser takes a class with; the console's link fills the key in (taking nothing)."""
    return _form(200, typed_text(request.args.get("key", ""))[:KEY_LENGTH + 4])


@bp.post("/take")
def take() -> Response:
    """Take over a class with its one-time key: this browser becomes one of its teachers."""
    typed = typed_text(request.form.get("key", ""))[:40]
    now = identity.now()
    key = normal_key(typed)
    if key is None:  # not counted: a key of the wrong shape finds nothing
        return _form(400, typed[:12], _("A hand-over key is eight letters and digits, such as %(example)s; got %(typed)s.",
                                        example="ACDE-3479", typed=quoted(typed, 12)))
    if not store().allow(f"take:{identity.address()}", now, TAKE_LIMIT):  # every key of the right shape is counted, before it is tried
        return _form(429, typed[:12], _("Too many keys tried from this network; wait %(minutes)s minutes and try again.",
                                        minutes=WINDOW // 60))
    taken = driving().take(key, now)
    why = {"used": _("This key has been used already: a key works once. Make a new one on the class console."),
           "expired": _("This key has expired: a key works for %(minutes)s minutes. Make a new one on the class console.",
                        minutes=KEY_LIFETIME // 60),
           "revoked": _("This key was revoked on the class console. Make a new one there."),
           "unknown": _("No class is waiting for the key %(key)s. Check it on the class console.", key=shown_key(key))}
    if taken.state != "open":
        return _form(404 if taken.state == "unknown" else 410, typed[:12], why[taken.state])
    room = store().room(taken.code, now)
    if room is None or room.phase == "ended" or not store().is_teacher(taken.code, taken.secret):
        return _form(410, typed[:12], _("Class %(code)s has ended.", code=taken.code))
    identity.start_teaching(room.code, taken.secret)
    response = redirect(url_for("classroom.teach", code=room.code), code=303)
    response.set_cookie(CLASS_COOKIE, room.code, max_age=LIFETIME, samesite="Lax", httponly=False)
    return response  # type: ignore[return-value]


__all__ = ["OFFERED", "hand_over", "handover_offer", "revoke_handover", "take", "take_form"]
