"""Who may come into a live class, without Flask: finding a class by its code (an unknown code
counts against the asker's address, so codes cannot be tried cheaply one after another), counting
a student in (refused when the class is locked or full, or too many joined from one address), and
starting a class (refused past the store's bounds, or too many started from one address).

Plain functions over a :class:`~.store.ClassStore`, given the time and the asker's address;
a refusal is :class:`~.rounds.Refused`, with its status and words.
"""
from __future__ import annotations

from grundy.i18n import _
from grundy.marks import quoted
from grundy.numerals import foreign_digit
from grundy.web.classroom.rounds import Refused
from grundy.web.classroom.store import (CODE_LENGTH, JOINS_PER_ADDRESS, MAX_OPEN_CLASSES, MAX_STORE_BYTES, NEVER_IN_CODES, WINDOW,
                                        ClassStore, Room, is_code, normal_code, typed_code)


def too_many_codes() -> Refused:
    return Refused(429, _("Too many codes tried from this network; wait %(minutes)s minutes and try again.", minutes=WINDOW // 60))


def _guessed(classes: ClassStore, now: float, address: str) -> None:
    """Count an unknown code against ``address``; refused past the limit."""
    if not classes.allow(f"guess:{address}", now):
        raise too_many_codes()


def find(classes: ClassStore, code: str, now: float, address: str) -> Room:
    """The class a URL names; an unknown code is counted, and refused with a 404 that says why."""
    found = classes.room(code, now) if is_code(code) else None
    if found is None:
        _guessed(classes, now, address)
        raise Refused(404, _("There is no class with the code %(code)s: it may have ended (a class lasts 12 hours), or the code was"
                             " mistyped.", code=code[:CODE_LENGTH + 2]))
    return found


def find_typed(classes: ClassStore, typed: str, now: float, address: str) -> Room:
    """The class whose code a student typed (spaces, dashes and small letters forgiven; read as
    typed on a phone already, :func:`grundy.numerals.typed`); an unknown code is counted, and refused with words for the join form: 404 for a code no class
    has (naming the characters codes never use, when it has one), 400 for one of the wrong shape."""
    code = normal_code(typed)
    room = classes.room(code, now) if code else None
    if room is not None:
        return room
    _guessed(classes, now, address)
    digit = foreign_digit(typed)
    if digit is not None:
        raise Refused(400, _("%(got)s has %(digit)s in it: a class code is written with letters and the digits 0 to 9.",
                             got=quoted(typed, 12), digit=quoted(digit)))
    if code:
        raise Refused(404, _("No class has the code %(code)s. Check it on the projector (it is six letters and digits).",
                             code=typed[:12]))
    if len(typed_code(typed)) == CODE_LENGTH:
        raise Refused(404, _("No class has the code %(code)s: class codes never use %(never)s. Check it on the projector.",
                             code=typed[:12], never=" ".join(NEVER_IN_CODES)))
    raise Refused(400, _("A class code is six letters and digits, such as %(example)s; got ‘%(typed)s’.", example="ACE347",
                         typed=typed[:12]))


def closed(room: Room) -> Refused:
    return Refused(403, _("Class %(code)s is closed to new students: the instructor has locked it. Ask them to let new students in,"
                          " then open this page again.", code=room.code))


def admit(classes: ClassStore, room: Room, student: str, now: float, address: str) -> None:
    """Count ``student`` in ``room`` (once): refused when the class is locked or full, or when
    :data:`~.store.JOINS_PER_ADDRESS` students joined it from ``address`` in the window."""
    if classes.is_member(room.code, student):
        return
    if room.locked:
        raise closed(room)
    if not classes.allow(f"join:{room.code}:{address}", now, JOINS_PER_ADDRESS):
        raise Refused(429, _("Too many students have joined this class from this network in the last %(minutes)s minutes; wait a"
                             " few minutes and try again.", minutes=WINDOW // 60))
    said = classes.join(room.code, student)
    if said == "locked":
        raise closed(room)
    if said == "full":
        raise Refused(403, _("Class %(code)s is full: it has as many students as a class can have.", code=room.code))


def may_start(classes: ClassStore, now: float, address: str, per_address: int) -> None:
    """Whether another class may start: refused (503) while the store holds
    :data:`~.store.MAX_OPEN_CLASSES` classes or :data:`~.store.MAX_STORE_BYTES`, and (429) past
    ``per_address`` classes started from ``address`` in the window (counted here when allowed)."""
    if classes.open_classes(now) >= MAX_OPEN_CLASSES or classes.size() >= MAX_STORE_BYTES:
        raise Refused(503, _("This server is running as many classes as it can hold. Try again later, or end a class you no longer"
                             " need."))
    if not classes.allow(f"start:{address}", now, per_address):
        raise Refused(429, _("%(count)s classes were started from this network in the last %(minutes)s minutes: that is as many as"
                             " one network may start. Use one you started (listed on this page), or wait a few minutes.",
                             count=per_address, minutes=WINDOW // 60))


__all__ = ["admit", "closed", "find", "find_typed", "may_start", "too_many_codes"]
