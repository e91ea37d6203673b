"""A live class: students' phones follow the projector, and the class votes P or N.

- **Start** (/class/new, a POST): the class gets a code of six letters and digits
  (:mod:`grundy.web.class_store`), the instructor's browser a secret in its signed session
  cookie (never in a URL), and the console /class/<code>/teach shows the code, a QR code and the
  join address.
- **Join** (/join): a student types the code (or scans the QR code) and lands on /class/<code>.
  Unknown codes are counted per address and refused past :data:`~class_store.JOIN_LIMIT` in ten
  minutes, so codes cannot be tried cheaply one after another. Opening the class's page puts its
  code in the student's signed session cookie; the student is counted as joined when the browser
  comes back with that cookie (the page's first poll, a Refresh, or an answer), so page views by
  a client that keeps no cookies count nobody. Only a joined student's answer counts (the store
  checks it), joins are limited per address (:data:`~class_store.JOINS_PER_ADDRESS`, enough for a
  lecture hall behind one NAT), and the instructor can lock the class to new students.
- **Follow**: a projection (/present/<name>) opened from the console reports each state it shows
  (present.js posts its address to /class/<code>/view); students see that state, the same step
  and the same hidden cells, read-only. "Explore" gives a student their own copy of the state;
  "Follow" goes back.
- **Poll**: the instructor poses a question (drawn as the quiz draws them, or typed); students
  answer P or N and, on N, the position their winning move leaves. The projector shows how many
  have answered until the reveal; then the split, the answer with the quiz's explanation and the
  lesson's visual, and the most common wrong move refuted. A summary (percent right per round)
  downloads as CSV.

**Transport.** Pages poll their live part every :data:`POLL_MS` ms with the ETag of what they
show (classroom.js); an unchanged class answers 304 from one indexed read of the store, so 60
phones cost little (bench/classroom.py measures it against server-sent events). With JavaScript
off, the pages are plain forms and a "Refresh" link.
"""
from __future__ import annotations

import csv
import hashlib
import io
import logging
import os
import re
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, redirect, render_template, request, session, url_for

from grundy.games.core import GameError
from grundy.i18n import N_, _
from grundy.practice import quiz as quiz_mod
from grundy.practice.games import SPECS
from grundy.web.class_questions import Poll, judge, pose, question_of, split
from grundy.web.class_store import (ALPHABET, CODE_LENGTH, CREATE_LIMIT, JOINS_PER_ADDRESS, LIFETIME, MAX_MOVE, MAX_OPEN_CLASSES,
                                    MAX_STORE_BYTES, WINDOW, ClassStore, Joined, Room, SQLiteClassStore,
                                    normal_code, typed_code)
from grundy.web.class_view import join_short, local_only, qr, view, view_path
from grundy.web.practice import feedback
from grundy.web.respond import fragment_or_page, is_fragment_request
from grundy.web.security import whole_setting
from grundy.web.widgets import PRESENTABLE
from grundy.widgets import WIDGETS
from grundy.words import error_message, here as language_code

bp = Blueprint("classroom", __name__)
LOG = logging.getLogger(__name__)

POLL_MS = 500  # how often a page asks whether its class changed: a step shows within a second
PURGE_EVERY = 600  # seconds between sweeps of expired classes (a thread in each process that serves classes)
MAX_TEACHING = 8  # classes one browser can run at once (the session cookie holds their secrets)
MAX_JOINED = 8  # classes one browser is remembered in (opened, or joined), newest kept
STUDENT = "class-student"  # the session key of a student's anonymous id
OPENED = "class-opened"  # the session key of the codes whose page this browser opened (joining)
JOINED = "class-joined"  # … and of those it is counted in (so a poll need not ask the store)
TEACHING = "class-teaching"  # the session key of [[code, secret], …], oldest first
CLASS_COOKIE = "grundy_class"  # the code (not the secret) a projection reports to, read by present.js
CODE_PATTERN = f"[{ALPHABET}]{{{CODE_LENGTH}}}"


def store() -> ClassStore:
    return current_app.extensions["grundy.classes"]  # type: ignore[no-any-return]


def register(app: Flask, instance: Path) -> None:
    # where classes are kept: the app's CLASS_DB, else GRUNDY_CLASS_DB, else instance/classes.sqlite3
    path = Path(app.config.get("CLASS_DB") or os.environ.get("GRUNDY_CLASS_DB") or instance / "classes.sqlite3")
    app.extensions["grundy.classes"] = SQLiteClassStore(path)
    app.extensions["grundy.classes.sweeper"] = Sweeper(app.extensions["grundy.classes"],
                                                       float(app.config.get("GRUNDY_PURGE_EVERY", PURGE_EVERY)))
    # classes one address may start in a window: CREATE_LIMIT unless the operator says otherwise
    # (a school whose instructors all share one address; the browser tests, all from 127.0.0.1)
    app.config[START_SETTING] = whole_setting(app, START_SETTING, CREATE_LIMIT, 1, 10**6)
    app.register_blueprint(bp)


START_SETTING = "GRUNDY_CLASSES_PER_ADDRESS"


def _now() -> float:
    return time.time()


class Sweeper:
    """Purges expired classes every ``every`` seconds, in a daemon thread of the process that
    serves classes, started by its first classroom request (so the compute children, which
    never serve one, start none, and a fork never inherits a running one)."""

    def __init__(self, classes: ClassStore, every: float) -> None:
        self.classes = classes
        self.every = every
        self.swept = threading.Event()  # set after each sweep (the tests wait for it)
        self._pid = 0
        self._lock = threading.Lock()

    def ensure_running(self) -> None:
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid != os.getpid():
                threading.Thread(target=self._run, name="grundy-class-sweeper", daemon=True).start()
                self._pid = os.getpid()

    def _run(self) -> None:
        while True:
            try:
                self.classes.purge(_now())
            except Exception:  # noqa: BLE001  (a locked or full disk: try again at the next sweep)
                LOG.exception("purging expired classes failed")
            self.swept.set()
            time.sleep(self.every)


@bp.before_request
def _sweep_on_schedule() -> None:
    current_app.extensions["grundy.classes.sweeper"].ensure_running()


# ------------------------------------------------------------------ who is asking


def _teaching() -> list[tuple[str, str]]:
    """The (code, secret) pairs of the classes this browser started, oldest first. A list, not a
    dict: the session is JSON with sorted keys, so a dict would come back in the codes' order."""
    kept = session.get(TEACHING)
    if not isinstance(kept, list):
        return []
    return [(pair[0], pair[1]) for pair in kept
            if isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)][-MAX_TEACHING:]


def _secret(code: str) -> str:
    return next((secret for known, secret in _teaching() if known == code), "")


def _is_teacher(code: str) -> bool:
    secret = _secret(code)
    return bool(secret) and store().is_teacher(code, secret)


def _student() -> str:
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


def _come_in(room: Room) -> None:
    """A student at the class's page or poll: the first visit remembers the code in the session
    cookie; a request that comes back with it counts the student as joined. Refused (403, 429)
    when the class is locked or full, or too many students joined from this address."""
    if room.code in _codes(JOINED) or room.phase == "ended":
        return
    if room.locked and not store().is_member(room.code, _student()):
        _closed(room)  # told at once, on the first visit
    if room.code not in _codes(OPENED):
        _student()
        _remember(OPENED, room.code)  # counted when the browser shows it keeps its cookie
        return
    _enroll(room)


def _enroll(room: Room) -> None:
    """Count this browser's student in ``room`` (once), or refuse with a page that says why."""
    sid = _student()
    if not store().is_member(room.code, sid):
        if room.locked:
            _closed(room)
        if not store().allow(f"join:{room.code}:{_address()}", _now(), JOINS_PER_ADDRESS):
            abort(429, _("Too many students have joined this class from this network in the last %(minutes)s minutes; wait a"
                         " few minutes and try again.", minutes=WINDOW // 60))
        said: Joined = store().join(room.code, sid)
        if said == "locked":
            _closed(room)
        if said == "full":
            abort(403, _("Class %(code)s is full: it has as many students as a class can have.", code=room.code))
    _remember(JOINED, room.code)


def _closed(room: Room) -> None:
    abort(403, _("Class %(code)s is closed to new students: the instructor has locked it. Ask them to let new students in,"
                 " then open this page again.", code=room.code))


def _room(code: str) -> Room:
    """The class, or a 404 that says so; an unknown code counts against the asker's address."""
    found = store().room(code, _now()) if re.fullmatch(CODE_PATTERN, code) else None
    if found is None:
        if not store().allow(f"guess:{_address()}", _now()):
            _too_many()
        abort(404, _("There is no class with the code %(code)s: it may have ended (a class lasts 12 hours), or the code was"
                     " mistyped.", code=code[:CODE_LENGTH + 2]))
    return found


def _address() -> str:
    return request.remote_addr or "unknown"


def _too_many() -> None:
    abort(429, _("Too many codes tried from this network; wait %(minutes)s minutes and try again.",
                 minutes=WINDOW // 60))


def _teacher_room(code: str) -> Room:
    room = _room(code)
    if not _is_teacher(code):
        abort(403, _("Only the instructor who started class %(code)s can do this.", code=code))
    return room


@bp.errorhandler(403)
@bp.errorhandler(429)
@bp.errorhandler(503)
def refused(error: Exception) -> tuple[str, int]:
    """Not allowed, too many tries, or no room for another class: a page that says so (a 404 is the site's)."""
    status = int(getattr(error, "code", 403))
    title = {429: N_("Too many tries"), 503: N_("No room for another class")}.get(status, N_("Not allowed"))
    links = [(N_("Join a class"), url_for("classroom.join")), (N_("Run a live class"), url_for("classroom.new"))]
    return render_template("error.html", title=title, message=getattr(error, "description", ""), links=links), status


def _poll(room: Room) -> Poll | None:
    current = store().round_of(room.code, room.round) if room.round else None
    if current is None:
        return None
    try:
        return Poll(current, question_of(current))
    except GameError:
        return None  # a round the engine no longer poses (a rule changed since): shown as none


def _revealed_context(room: Room, poll: Poll) -> dict[str, Any]:
    """What the projector shows after the reveal: the split, the answer and why, the lesson's
    visual, and the most common wrong move with the reply that refutes it."""
    q = poll.q
    truth = poll.round.truth
    result = split(store().answers(room.code, poll.round.number), truth)
    context: dict[str, Any] = feedback(q, truth, truth, False, reveal=True)
    context.update(split=result, refuted=None)
    if result.wrong_move:
        context["refuted"] = _refuted(q, result.wrong_move)
    return context


# ------------------------------------------------------------------ pages


def _page(template: str, fragment: str, status: int = 200, **context: Any) -> Response:
    return fragment_or_page(lambda: render_template(fragment, **context), lambda _body: render_template(template, **context),
                            status=status, push=None)


@bp.get("/class/new")
def new() -> str:
    return render_template("classroom/new.html", teaching=_my_classes(), view=view_path(request.args.get("view", "")))


def _my_classes() -> list[Room]:
    now = _now()
    rooms = [store().room(code, now) for code, _secret in _teaching() if re.fullmatch(CODE_PATTERN, code)]
    return [r for r in rooms if r is not None and r.phase != "ended" and _is_teacher(r.code)]


@bp.post("/class/new")
def start() -> Response:
    now = _now()
    if store().open_classes(now) >= MAX_OPEN_CLASSES or store().size() >= MAX_STORE_BYTES:
        abort(503, _("This server is running as many classes as it can hold. Try again later, or end a class you no longer"
                     " need."))
    limit = current_app.config[START_SETTING]
    if not store().allow(f"start:{_address()}", now, limit):
        abort(429, _("%(count)s classes were started from this network in the last %(minutes)s minutes: that is as many as"
                     " one network may start. Use one you started (listed on this page), or wait a few minutes.",
                     count=limit, minutes=WINDOW // 60))
    code, secret = store().create(now)
    kept = _teaching()[-(MAX_TEACHING - 1):]  # the oldest class's key goes first
    session[TEACHING] = [[c, s] for c, s in kept] + [[code, secret]]
    view = view_path(request.form.get("view", ""))
    if view:
        store().show(code, view)
    response = redirect(url_for("classroom.teach", code=code), code=303)
    response.set_cookie(CLASS_COOKIE, code, max_age=LIFETIME, samesite="Lax", httponly=False)
    return response  # type: ignore[return-value]


@bp.get("/join")
def join() -> Response:
    typed = request.args.get("code")
    if typed is None:
        return Response(render_template("classroom/join.html", error=None, typed=""), mimetype="text/html")
    code = normal_code(typed)
    room = store().room(code, _now()) if code else None
    if room is None:
        if not store().allow(f"guess:{_address()}", _now()):
            _too_many()
        status = 404  # a code's shape: no class has it
        if code:
            message = _("No class has the code %(code)s. Check it on the projector (it is six letters and digits).", code=typed[:12])
        elif len(typed_code(typed)) == CODE_LENGTH:
            message = _("No class has the code %(code)s: class codes never use %(never)s. Check it on the projector.",
                        code=typed[:12], never=" ".join(NEVER_IN_CODES))
        else:
            status = 400
            message = _("A class code is six letters and digits, such as %(example)s; got ‘%(typed)s’.", example="ACE347",
                        typed=typed[:12])
        return Response(render_template("classroom/join.html", error=message, typed=typed[:12]), status=status,
                        mimetype="text/html")
    return redirect(url_for("classroom.student", code=room.code), code=303)  # type: ignore[return-value]


# The letters and digits a code never uses (they look like others), said when a typed code has one.
NEVER_IN_CODES = tuple(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" if c not in ALPHABET)


@bp.get("/class/<code>")
def student(code: str) -> Response:
    room = _room(code)
    _come_in(room)  # counted once, and only by a browser that keeps its cookie
    explore = request.args.get("explore") == "1"
    context = _student_context(room, explore)
    return Response(render_template("classroom/student.html", **context), mimetype="text/html")


@bp.get("/class/<code>/live")
def student_live(code: str) -> Response:
    """The student's live part; 304 while nothing they see has changed."""
    room = _room(code)
    _come_in(room)
    sid = _student()
    answered = store().answer_of(room.code, room.round, sid) is not None if room.phase in ("open", "revealed") else False
    tag = _student_tag(room, answered, request.args.get("explore") == "1")
    if tag in request.headers.get("If-None-Match", ""):
        return _not_modified(tag)
    context = _student_context(room, request.args.get("explore") == "1")
    response = Response(render_template("classroom/_student_live.html", **context), mimetype="text/html")
    return _tagged(response, context["tag"])


def _student_tag(room: Room, answered: bool, explore: bool) -> str:
    """What a student's live part depends on: the class's version, whether they have answered
    the round, the mode, and the language (the same path under /zh/ is another answer)."""
    return f'W/"s{room.version}-{int(answered)}-{int(explore)}-{language_code()}"'


def _student_context(room: Room, explore: bool) -> dict[str, Any]:
    poll = _poll(room) if room.phase in ("open", "revealed") else None
    mine = store().answer_of(room.code, room.round, _student()) if poll else None
    context: dict[str, Any] = {"room": room, "explore": explore, "poll": poll, "mine": mine, "poll_ms": POLL_MS,
                               "view": view(room.view), "typed": "", "error": None,
                               "view_key": hashlib.sha256(room.view.encode()).hexdigest()[:12],
                               "tag": _student_tag(room, mine is not None, explore)}
    context["needs_plotly"] = bool(context["view"] and context["view"].draws_figure)
    if poll is not None:
        context.update(_question_context(poll.q))
        if room.phase == "revealed":
            context.update(_revealed_context(room, poll))
            context["my_refuted"] = _refuted(poll.q, mine.move) if mine and mine.move and mine.wins is False else None
    return context


def _refuted(q: quiz_mod.Question, move: str) -> quiz_mod.MoveVerdict | None:
    """Why a move that does not win loses: the position it leaves, and the reply that wins there."""
    try:
        verdict = quiz_mod.check_move(q, move)
    except GameError:
        return None
    return verdict if verdict.move is not None else None


def _question_context(q: quiz_mod.Question) -> dict[str, Any]:
    return {"q": q, "arena": q.arena, "position": q.position, "components": list(enumerate(q.position))}


@bp.post("/class/<code>/answer")
def answer(code: str) -> Response:
    room = _room(code)
    poll = _poll(room) if room.phase == "open" else None
    if poll is None:
        return _student_answer(room, 409, _("This question is closed: the answers have been revealed."))
    if request.form.get("round") != str(room.round):
        return _student_answer(room, 409, _("That question is over; here is the current one."))
    if room.code not in _codes(OPENED) + _codes(JOINED):
        abort(403, _("Only students who joined class %(code)s can answer: open its page (scan the QR code on the projector,"
                     " or type the code at %(join)s), then answer there.", code=room.code, join=join_short()))
    _enroll(room)
    says = request.form.get("says", "")
    typed = request.form.get("after", "")
    try:
        given = judge(poll.q, says, typed[: MAX_MOVE + 1])
    except GameError as error:
        return _student_answer(room, 400, error_message(error), typed=typed[:MAX_MOVE])
    if not store().answer(room.code, room.round, _student(), given):
        return _student_answer(room, 409, _("You have answered this question already: one answer each."))
    if not is_fragment_request():
        return redirect(url_for("classroom.student", code=room.code, explore=1 if _exploring() else None),  # type: ignore[return-value]
                        code=303)
    return _student_answer(room, 200, None)


def _exploring() -> bool:
    """Whether the student is exploring their own copy (the answer form says so too)."""
    return "1" in (request.args.get("explore"), request.form.get("explore"))


def _student_answer(room: Room, status: int, error: str | None, typed: str = "") -> Response:
    context = _student_context(room, _exploring())
    context.update(error=error, typed=typed)
    return _page("classroom/student.html", "classroom/_student_live.html", status, **context)


# ------------------------------------------------------------------ the instructor


@bp.get("/class/<code>/teach")
def teach(code: str) -> Response:
    room = _teacher_room(code)
    return Response(render_template("classroom/teach.html", **_teach_context(room)), mimetype="text/html")


@bp.get("/class/<code>/teach/live")
def teach_live(code: str) -> Response:
    room = _teacher_room(code)
    count = store().count(room.code, room.round) if room.round else 0
    tag = _teacher_tag(room, count, store().members(room.code))
    if tag in request.headers.get("If-None-Match", ""):
        return _not_modified(tag)
    context = _teach_context(room)
    response = Response(render_template("classroom/_teach_live.html", **context), mimetype="text/html")
    return _tagged(response, context["tag"])


def _teacher_tag(room: Room, count: int, members: int) -> str:
    """What the console's live part depends on: the class's version, the answers to this round
    and the students who have joined (both counted on the projector), and the language."""
    return f'W/"t{room.version}-{count}-{members}-{language_code()}"'


def _teach_context(room: Room, **extra: Any) -> dict[str, Any]:
    join_url = url_for("classroom.student", code=room.code, _external=True)
    poll = _poll(room) if room.round else None
    count = store().count(room.code, room.round) if room.round else 0
    members = store().members(room.code)
    context: dict[str, Any] = {
        "room": room, "poll": poll, "poll_ms": POLL_MS, "join_url": join_url,
        "join_short": join_short(), "local_only": local_only(), "tag": _teacher_tag(room, count, members), "members": members,
        "qr": qr(room),
        "count": count,
        "games": SPECS, "levels": quiz_mod.LEVELS, "presentable": [(n, WIDGETS[n]) for n in PRESENTABLE],
        "view": view(room.view), "rounds": _summary(room) if room.phase == "ended" else [],
        "error": None, "form": {"game": poll.round.game if poll else "nim", "level": str(poll.round.level if poll else 1),
                                "position": ""},
    }
    if poll is not None:
        context.update(_question_context(poll.q))
        if room.phase in ("revealed", "ended") and poll.round.revealed:
            context.update(_revealed_context(room, poll))
    context.update(extra)
    context["needs_plotly"] = "data-figure=" in str(context.get("visual") or "")  # a later figure: grundy.js loads plotly.js
    return context


def _teacher_action(room: Room, act: Callable[[Room], None]) -> Response:
    """Do ``act`` to the instructor's class (not once it has ended), then show the console."""
    if room.phase == "ended":
        return _teach_answer(room, 409, _("This class has ended."))
    act(room)
    room = store().room(room.code, _now()) or room
    if not is_fragment_request():
        return redirect(url_for("classroom.teach", code=room.code), code=303)  # type: ignore[return-value]
    return _teach_answer(room, 200, None)


def _teach_answer(room: Room, status: int, error: str | None, **extra: Any) -> Response:
    return _page("classroom/teach.html", "classroom/_teach_live.html", status, **_teach_context(room, error=error, **extra))


@bp.post("/class/<code>/round")
def open_round(code: str) -> Response:
    room = _teacher_room(code)
    form = {"game": request.form.get("game", "")[:40], "level": request.form.get("level", "1")[:10],
            "position": request.form.get("position", "")[:MAX_MOVE]}
    if room.phase == "ended":  # before the form is read: nothing is posed in a class that is over
        return _teach_answer(room, 409, _("This class has ended."))
    if room.phase == "open":
        return _teach_answer(room, 409, _("Question %(number)s is still open: reveal it before asking the next.", number=room.round),
                             form=form)
    try:
        q = pose(form["game"], form["level"], form["position"])
        truth = q.outcome()
    except GameError as error:
        return _teach_answer(room, 400, error_message(error), form=form)
    typed = q.arena.format(q.position) if form["position"].strip() else ""

    def ask(r: Room) -> None:
        store().open_round(r.code, q.game, q.level, q.seed, typed, truth)

    return _teacher_action(room, ask)


@bp.post("/class/<code>/reveal")
def reveal(code: str) -> Response:
    return _teacher_action(_teacher_room(code), lambda r: store().reveal(r.code))


@bp.post("/class/<code>/end")
def end(code: str) -> Response:
    return _teacher_action(_teacher_room(code), lambda r: store().end(r.code))


@bp.post("/class/<code>/lock")
def lock(code: str) -> Response:
    """Close the class to new students ("locked=1"), or open it again ("locked=0")."""
    room = _teacher_room(code)
    wanted = request.form.get("locked", "")
    if wanted not in ("0", "1"):
        return _teach_answer(room, 400, _("locked is 1 (no new students) or 0 (let them in); got %(got)s",
                                          got=repr(wanted[:10])))
    return _teacher_action(room, lambda r: store().lock(r.code, wanted == "1"))


@bp.post("/class/<code>/view")
def follow_view(code: str) -> Response:
    """A projection reports the state it shows (present.js, after every step); the answer is
    the badge it shows in its corner. Only the instructor's projection is followed."""
    room = _teacher_room(code)
    path = view_path(request.form.get("url", ""))
    if path is None:
        return Response(_("Students can follow projections (/present/…) only."), status=400, mimetype="text/plain")
    if room.phase == "ended":  # the projection drops its class bar, and reports no more
        return Response(_("This class has ended."), status=410, mimetype="text/plain")
    store().show(room.code, path)
    return Response(render_template("classroom/_badge.html", room=room, join_short=join_short(), qr=qr(room)),
                    mimetype="text/html")


@bp.get("/class/<code>/summary.csv")
def summary_csv(code: str) -> Response:
    room = _teacher_room(code)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["round", "game", "level", "position", "answer", "revealed", "answered", "said P", "said N", "percent right",
                     "moves given", "winning moves"])
    for row in _summary(room):
        r, q, s = row["round"], row["q"], row["split"]
        writer.writerow([r.number, r.game, r.level, q.position_text, r.truth, "yes" if r.revealed else "no", s.total, s.p, s.n,
                         s.percent(s.right), s.moves, s.winning])
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="grundy-class-{room.code}.csv"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _summary(room: Room) -> list[dict[str, Any]]:
    rows = []
    for r in store().rounds(room.code):
        try:
            q = question_of(r)
        except GameError:
            continue
        rows.append({"round": r, "q": q, "split": split(store().answers(room.code, r.number), r.truth)})
    return rows


def _tagged(response: Response, tag: str) -> Response:
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = "no-cache, private"
    return response


def _not_modified(tag: str) -> Response:
    response = Response(status=304)
    return _tagged(response, tag)


__all__ = ["POLL_MS", "bp", "judge", "pose", "question_of", "register", "split"]
