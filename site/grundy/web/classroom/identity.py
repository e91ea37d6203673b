"""Who is asking a live class, and when: the student's anonymous id and the classes this
browser opened, joined or started (all in the signed session cookie, never in a URL), the
asker's address, the time, and the class a URL names — refused, with a page that says why, when
the asker may not have it (the rules themselves are :mod:`.admission`'s).

A student is counted as joined only when the browser comes back with its cookie (the page's first
poll, a Refresh, or an answer), so page views by a client that keeps no cookies count nobody.
"""
from __future__ import annotations

import re
import secrets
import time
from typing import NoReturn

from flask import abort, current_app, request, session

from grundy.i18n import _
from grundy.web.classroom import admission
from grundy.web.classroom.rounds import Refused
from grundy.web.classroom.store import ClassStore, Room

MAX_TEACHING = 8  # classes one browser can run at once (the session cookie holds their secrets)
MAX_JOINED = 8  # classes one browser is remembered in (opened, or joined), newest kept
STUDENT = "class-student"  # the session key of a student's anonymous id
OPENED = "class-opened"  # the session key of the codes whose page this browser opened (joining)
JOINED = "class-joined"  # … and of those it is counted in (so a poll need not ask the store)
TEACHING = "class-teaching"  # the session key of [[code, secret], …], oldest first
CLASS_COOKIE = "grundy_class"  # the code (not the secret) a projection reports to, read by static/js/grundy/report.js


def store() -> ClassStore:
    """The app's class store (:func:`grundy.web.classroom.register`)."""
    return current_app.extensions["grundy.classes"]  # type: ignore[no-any-return]


def now() -> float:
    return time.time()


def address() -> str:
    return request.remote_addr or "unknown"


def refuse(refused: Refused) -> NoReturn:
    """The page that says why (grundy.web.classroom.routes.refused; a 404 is the site's)."""
    abort(refused.status, refused.message)


# ------------------------------------------------------------------ the instructor


def teaching() -> list[tuple[str, str]]:
    """The (code, secret) pairs of the classes this browser started, oldest first. A list, not a
    dict: the session is JSON with sorted keys, so a dict would come back in the codes' order."""
    kept = session.get(TEACHING)
    if not isinstance(kept, list):
        return []
    return [(pair[0], pair[1]) for pair in kept
            if isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)][-MAX_TEACHING:]


def start_teaching(code: str, secret: str) -> None:
    """Keep a new class's secret in this browser's session; the oldest class's key goes first."""
    kept = teaching()[-(MAX_TEACHING - 1):]
    session[TEACHING] = [[c, s] for c, s in kept] + [[code, secret]]


def secret_of(code: str) -> str:
    """The class's secret as this browser keeps it ("" if it keeps none): what a hand-over passes on."""
    return next((secret for known, secret in teaching() if known == code), "")


def is_teacher(code: str) -> bool:
    secret = secret_of(code)
    return bool(secret) and store().is_teacher(code, secret)


def teacher_room(code: str) -> Room:
    """The class, if this browser started it; else a 403 that says only its instructor may."""
    found = room(code)
    if not is_teacher(code):
        abort(403, _("Only the instructor who started class %(code)s can do this.", code=code))
    return found


# ------------------------------------------------------------------ students


def room(code: str) -> Room:
    """The class a URL names, or a 404 that says so (the unknown code counted against the asker)."""
    try:
        return admission.find(store(), code, now(), address())
    except Refused as refused:
        refuse(refused)


def student() -> str:
    """This browser's anonymous id: random, kept in the signed session cookie, so it cannot be
    edited into another student's."""
    sid = session.get(STUDENT)
    if not (isinstance(sid, str) and re.fullmatch(r"[A-Za-z0-9_-]{16,40}", sid)):
        sid = secrets.token_urlsafe(16)
        session[STUDENT] = sid
    return sid


def _codes(key: str) -> list[str]:
    kept = session.get(key)
    return [c for c in kept if isinstance(c, str)][-MAX_JOINED:] if isinstance(kept, list) else []


def _remember(key: str, code: str) -> None:
    session[key] = [c for c in _codes(key) if c != code][-(MAX_JOINED - 1):] + [code]


def has_opened(code: str) -> bool:
    """Whether this browser opened the class's page (or is counted in it already)."""
    return code in _codes(OPENED) + _codes(JOINED)


def come_in(found: Room) -> None:
    """A student at the class's page or poll: the first visit remembers the code in the session
    cookie; a request that comes back with it counts the student as joined. Refused (403, 429)
    when the class is locked or full, or too many students joined from this address."""
    if found.code in _codes(JOINED) or found.phase == "ended":
        return
    if found.locked and not store().is_member(found.code, student()):
        refuse(admission.closed(found))  # told at once, on the first visit
    if found.code not in _codes(OPENED):
        student()
        _remember(OPENED, found.code)  # counted when the browser shows it keeps its cookie
        return
    enroll(found)


def enroll(found: Room) -> None:
    """Count this browser's student in the class (once), or refuse with a page that says why."""
    try:
        admission.admit(store(), found, student(), now(), address())
    except Refused as refused:
        refuse(refused)
    _remember(JOINED, found.code)


__all__ = ["CLASS_COOKIE", "JOINED", "MAX_JOINED", "MAX_TEACHING", "OPENED", "STUDENT", "TEACHING", "address", "come_in", "enroll",
           "has_opened", "is_teacher", "now", "refuse", "room", "secret_of", "start_teaching", "store", "student", "teacher_room",
           "teaching"]
