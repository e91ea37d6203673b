"""The live class's routes: each reads its input, asks :mod:`.identity` who is asking,
:mod:`.admission` and :mod:`.rounds` what the class does, and renders the answer (a refusal is
a page that says why, with its status)."""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for

from grundy.games.core import GameError
from grundy.i18n import N_, _
from grundy.marks import quoted
from grundy.numerals import typed as typed_text
from grundy.practice import quiz as quiz_mod
from grundy.practice.games import IN_CLASS
from grundy.web.classroom import admission, etags, identity, kind_views, level, pacing, rounds
from grundy.web.classroom.kinds import KINDS
from grundy.web.classroom.identity import CLASS_COOKIE, store
from grundy.web.classroom.qr import join_short, local_only, qr
from grundy.web.classroom.rounds import Poll, Refused
from grundy.web.classroom.rules import plan_text
from grundy.web.classroom.store import LIFETIME, MAX_MOVE, Room, is_code
from grundy.web.classroom.view import view, view_path
from grundy.web.practice import feedback
from grundy.web.respond import fragment_or_page, is_fragment_request
from grundy.web.widgets import PRESENTABLE
from grundy.widgets import WIDGETS
from grundy.words import error_message

bp = Blueprint("classroom", __name__)

START_SETTING = "GRUNDY_CLASSES_PER_ADDRESS"  # classes one address may start in a window (app.config)


@bp.before_request
def _sweep_on_schedule() -> None:
    current_app.extensions["grundy.classes.sweeper"].ensure_running()


@bp.errorhandler(403)
@bp.errorhandler(429)
@bp.errorhandler(503)
def refused(error: Exception) -> tuple[str, int]:
    """Not allowed, too many tries, or no room for another class: a page that says so (a 404 is the site's)."""
    status = int(getattr(error, "code", 403))
    title = {429: N_("Too many tries"), 503: N_("No room for another class")}.get(status, N_("Not allowed"))
    links = [(N_("Join a class"), url_for("classroom.join")), (N_("Run a live class"), url_for("classroom.new"))]
    return render_template("error.html", title=title, message=getattr(error, "description", ""), links=links), status


def _page(template: str, fragment: str, status: int = 200, **context: Any) -> Response:
    return fragment_or_page(lambda: render_template(fragment, **context), lambda _body: render_template(template, **context),
                            status=status, push=None)


def _question_context(q: quiz_mod.Question) -> dict[str, Any]:
    return {"q": q, "arena": q.arena, "position": q.position, "components": list(enumerate(q.position))}


def _revealed_context(room: Room, poll: Poll) -> dict[str, Any]:
    """What the projector shows after the reveal: the split, the answer and why, the lesson's
    visual, and the most common wrong move with the reply that refutes it."""
    result = rounds.split_of(store(), room.code, poll.round)
    truth = poll.q.outcome()  # P or N, whatever the kind of question: the reason and winning moves say why
    at = level.lesson_of(room)  # explained at the level of the lesson the class is at
    context: dict[str, Any] = feedback(poll.q, truth, truth, False, reveal=True, at=at)
    context.update(split=result, refuted=level.refuted(poll.q, result.wrong_move, at) if result.wrong_move else None)
    context.update(kind_views.revealed(store(), room, poll))  # the kind's own answer, and which answers given were right
    return context


# ------------------------------------------------------------------ starting and joining


@bp.get("/class/new")
def new() -> str:
    """The page that starts a class, listing those this browser runs."""
    return render_template("classroom/new.html", teaching=_my_classes(), view=view_path(request.args.get("view", "")),
                           plan=plan_text(request.args.get("plan", "")))  # a prepared list carried by its link


def _my_classes() -> list[Room]:
    now = identity.now()
    rooms = [store().room(code, now) for code, _secret in identity.teaching() if is_code(code)]
    return [r for r in rooms if r is not None and r.phase != "ended" and identity.is_teacher(r.code)]


@bp.post("/class/new")
def start() -> Response:
    """A new class, and its console."""
    now = identity.now()
    try:
        admission.may_start(store(), now, identity.address(), current_app.config[START_SETTING])
    except Refused as refusal:
        identity.refuse(refusal)
    code, secret = store().create(now)
    identity.start_teaching(code, secret)
    shown = view_path(request.form.get("view", ""))
    if shown:
        store().show(code, shown)
    store().set_plan(code, plan_text(typed_text(request.form.get("plan", ""))))
    response = redirect(url_for("classroom.teach", code=code), code=303)
    response.set_cookie(CLASS_COOKIE, code, max_age=LIFETIME, samesite="Lax", httponly=False)
    return response  # type: ignore[return-value]


@bp.get("/join")
def join() -> Response:
    """The form a student types a code in; a known code leads to its class."""
    code = request.args.get("code")
    if code is None:
        return Response(render_template("classroom/join.html", error=None, typed=""), mimetype="text/html")
    typed = typed_text(code)  # as typed on a phone: ＡＣＥ３４７ is ACE347
    try:
        room = admission.find_typed(store(), typed, identity.now(), identity.address())
    except Refused as refusal:
        if refusal.status == 429:
            identity.refuse(refusal)
        return Response(render_template("classroom/join.html", error=refusal.message, typed=typed[:12]), status=refusal.status,
                        mimetype="text/html")
    return redirect(url_for("classroom.student", code=room.code), code=303)  # type: ignore[return-value]


# ------------------------------------------------------------------ students


@bp.get("/class/<code>")
def student(code: str) -> Response:
    """A student's page: the projector's state, and the question when one is asked."""
    room = identity.room(code)
    identity.come_in(room)  # counted once, and only by a browser that keeps its cookie
    context = _student_context(room, request.args.get("explore") == "1")
    context.update(nickname=store().nickname(room.code, identity.student()), name_error=None)
    return Response(render_template("classroom/student.html", **context), mimetype="text/html")


@bp.get("/class/<code>/live")
def student_live(code: str) -> Response:
    """The student's live part; 304 while nothing they see has changed."""
    room = identity.room(code)
    identity.come_in(room)
    sid = identity.student()
    answered = store().answer_of(room.code, room.round, sid) is not None if room.phase in ("open", "closed", "revealed") else False
    explore = request.args.get("explore") == "1"
    return etags.live_part(etags.student_tag(room, answered, explore), "classroom/_student_live.html",
                           lambda: _student_context(room, explore))


def _student_context(room: Room, explore: bool) -> dict[str, Any]:
    poll = rounds.poll_of(store(), room) if room.phase in ("open", "closed", "revealed") else None
    mine = store().answer_of(room.code, room.round, identity.student()) if poll else None
    context: dict[str, Any] = {"room": room, "explore": explore, "poll": poll, "mine": mine, "poll_ms": pacing.poll_ms(),
                               "refresh_s": pacing.reload_s(),
                               "view": view(room.view), "typed": "", "error": None,
                               "view_key": hashlib.sha256(room.view.encode()).hexdigest()[:12],
                               "tag": etags.student_tag(room, mine is not None, explore)}
    context["needs_plotly"] = bool(context["view"] and context["view"].draws_figure)
    context.update(problem="", now=identity.now(), recap=_recap(room) if room.phase == "ended" else [])
    context.update(kind_views.asking(poll))  # the kind of question: its title, and the moves to tap
    if poll is not None:
        context.update(_question_context(poll.q))
        if mine is not None and mine.unread:  # kept without its move: what was typed, and why it was not read
            context.update(typed=mine.unread, problem=rounds.judge(poll.q, mine.says, mine.unread, poll.round.kind).problem)
        if room.phase == "revealed":
            context.update(_revealed_context(room, poll))
            context["my_refuted"] = (level.refuted(poll.q, mine.move, level.lesson_of(room))
                                     if mine and mine.move and mine.wins is False else None)
    return context


def _recap(room: Room) -> list[dict[str, Any]]:
    """This student's answers in the class that has ended, with the lesson that explains each."""
    from grundy.web.practice import _lesson_link  # the quiz's "explained in" link

    return [{"round": row.round, "q": row.q, "mine": row.mine, "right": row.right,
             "lesson": _lesson_link(row.q.arena.spec.lesson_for(row.q.position))}
            for row in rounds.recap(store(), room, identity.student()) if any(a is not None for a in row.mine)]


@bp.post("/class/<code>/answer")
def answer(code: str) -> Response:
    """A joined student's answer to the open question: P or N, and on N the move's result."""
    room = identity.room(code)
    try:
        poll = rounds.open_poll(store(), room, request.form.get("round", ""))
    except Refused as refusal:
        return _student_answer(room, refusal.status, refusal.message)
    if not identity.has_opened(room.code):
        abort(403, _("Only students who joined class %(code)s can answer: open its page (scan the QR code on the projector,"
                     " or type the code at %(join)s), then answer there.", code=room.code, join=join_short()))
    identity.enroll(room)
    typed = typed_text(request.form.get("after", ""))  # ５，２ is 5,2
    try:
        says = typed_text(request.form.get("says", "")[: MAX_MOVE + 1])  # an SG value typed as ３ is 3; a tapped move's position
        judged = rounds.answer(store(), poll, room.code, identity.student(), says, typed[: MAX_MOVE + 1],
                               identity.now())
    except GameError as error:
        return _student_answer(room, 400, error_message(error), typed=typed[:MAX_MOVE])
    except Refused as refusal:
        return _student_answer(room, refusal.status, refusal.message)
    if judged.problem:  # the vote is kept; the move was not read: said at once, to be fixed while voting is open
        return _student_answer(room, 200, None, typed=typed[:MAX_MOVE], problem=judged.problem)
    if not is_fragment_request():
        return redirect(url_for("classroom.student", code=room.code, explore=1 if _exploring() else None),  # type: ignore[return-value]
                        code=303)
    return _student_answer(room, 200, None)


def _exploring() -> bool:
    """Whether the student is exploring their own copy (the answer form says so too)."""
    return "1" in (request.args.get("explore"), request.form.get("explore"))


def _student_answer(room: Room, status: int, error: str | None, typed: str = "", problem: str = "") -> Response:
    context = _student_context(room, _exploring())
    context.update(error=error, typed=typed or context["typed"], problem=problem or context["problem"])
    return _page("classroom/student.html", "classroom/_student_live.html", status, **context)


# ------------------------------------------------------------------ the instructor


@bp.get("/class/<code>/teach")
def teach(code: str) -> Response:
    """The instructor's console: the code, the QR code, the question and the answers."""
    room = identity.teacher_room(code)
    draft = plan_text(request.args.get("plan", ""))  # a list carried by a link: shown in the box, kept once sent
    return Response(render_template("classroom/teach.html", **_teach_context(room, plan_draft=draft)), mimetype="text/html")


@bp.get("/class/<code>/teach/live")
def teach_live(code: str) -> Response:
    """The console's live part; 304 while nothing it shows has changed."""
    room = identity.teacher_room(code)
    count, members = counts(room)
    return etags.live_part(etags.teacher_tag(room, count, members), "classroom/_teach_live.html",
                           lambda: _teach_context(room, counted=(count, members)))


def counts(room: Room) -> tuple[int, int]:
    """The answers to the class's current round and the students joined: what the console and
    the room's screen show live, and so what their ETags name."""
    return (store().count(room.code, room.round) if room.round else 0), store().members(room.code)


def _teach_context(room: Room, counted: tuple[int, int] | None = None, **extra: Any) -> dict[str, Any]:
    poll = rounds.poll_of(store(), room) if room.round else None
    count, members = counted or counts(room)
    context: dict[str, Any] = {
        "room": room, "poll": poll, "poll_ms": pacing.poll_ms(), "join_url": url_for("classroom.student", code=room.code, _external=True),
        "join_short": join_short(), "local_only": local_only(), "tag": etags.teacher_tag(room, count, members), "members": members,
        "qr": qr(room), "count": count,
        "games": IN_CLASS, "levels": quiz_mod.LEVELS, "presentable": [(n, WIDGETS[n]) for n in PRESENTABLE],
        "view": view(room.view), "rounds": rounds.summary(store(), room) if room.phase == "ended" else [],
        "error": None, "form": {"game": poll.round.game if poll else "nim", "level": str(poll.round.level if poll else 1),
                                "position": "", "rule": "", "seconds": "", "seed": "", "kind": poll.round.kind if poll else "outcome"},
        "kinds": KINDS,
    }
    from grundy.web.classroom import voting  # the votes, the plan and the nicknames

    context.update(voting.console(room, poll))
    context.update(kind_views.asking(poll))  # the kind of question asked, said on the console
    if poll is not None:
        context.update(_question_context(poll.q))
        if room.phase in ("revealed", "ended") and poll.round.revealed:
            context.update(_revealed_context(room, poll))
    context.update(extra)
    context["needs_plotly"] = "data-figure=" in str(context.get("visual") or "")  # a later figure: plots.js loads plotly.js
    return context


def _teacher_action(room: Room, act: Callable[[Room], object], **form: Any) -> Response:
    """Do ``act`` to the instructor's class (not once it has ended), then show the console; a
    refusal or a question the engine refuses is shown on it, with what was typed (``form``)."""
    if room.phase == "ended":  # before anything is read: nothing is done in a class that is over
        return _teach_answer(room, 409, _("This class has ended."))
    try:
        act(room)
    except Refused as refusal:
        return _teach_answer(room, refusal.status, refusal.message, **form)
    except GameError as error:
        return _teach_answer(room, 400, error_message(error), **form)
    room = store().room(room.code, identity.now()) or room
    if not is_fragment_request():
        return redirect(url_for("classroom.teach", code=room.code), code=303)  # type: ignore[return-value]
    return _teach_answer(room, 200, None)


def _teach_answer(room: Room, status: int, error: str | None, **extra: Any) -> Response:
    return _page("classroom/teach.html", "classroom/_teach_live.html", status, **_teach_context(room, error=error, **extra))


@bp.post("/class/<code>/round")
def open_round(code: str) -> Response:
    """Ask the class a question: drawn by game and level, or a typed position, under the rule given
    beside the game (the command line's option names: voting.form_rule), with an optional
    countdown (``seconds``); ``preview=1`` shows it on the console only, to be asked from there."""
    from grundy.web.classroom import voting  # beside this module on the blueprint; it imports this one

    room = identity.teacher_room(code)
    rule = voting.form_rule(request.form)
    form = {"game": request.form.get("game", "")[:40], "level": typed_text(request.form.get("level", "1"))[:10],
            "position": typed_text(request.form.get("position", ""))[:MAX_MOVE],  # ５，２ is 5,2
            "rule": " ".join(f"{k}={v}" for k, v in rule.items()), "seconds": typed_text(request.form.get("seconds", ""))[:10],
            "seed": typed_text(request.form.get("seed", ""))[:10], "kind": request.form.get("kind", "outcome")[:20]}
    if request.form.get("preview") == "1":
        return voting.preview(room, form, rule)

    def act(r: Room) -> int:
        return rounds.ask(store(), r, form["game"], form["level"], form["position"], rule, seconds=rounds.countdown(form["seconds"]),
                          now=identity.now(), seed=rounds.seed_of(form["seed"]), kind=form["kind"])

    return _teacher_action(room, act, form=form)


@bp.post("/class/<code>/reveal")
def reveal(code: str) -> Response:
    """Show the class how it answered, and the answer."""
    return _teacher_action(identity.teacher_room(code), lambda r: store().reveal(r.code))


@bp.post("/class/<code>/end")
def end(code: str) -> Response:
    """End the class: the console shows the summary."""
    return _teacher_action(identity.teacher_room(code), lambda r: store().end(r.code))


@bp.post("/class/<code>/lock")
def lock(code: str) -> Response:
    """Close the class to new students ("locked=1"), or open it again ("locked=0")."""
    room = identity.teacher_room(code)
    wanted = request.form.get("locked", "")
    if wanted not in ("0", "1"):
        return _teach_answer(room, 400, _("locked is 1 (no new students) or 0 (let them in); got %(got)s",
                                          got=quoted(wanted, 10)))
    return _teacher_action(room, lambda r: store().lock(r.code, wanted == "1"))


@bp.get("/class/<code>/summary.csv")
def summary_csv(code: str) -> Response:
    """Every round's question and how the class answered it, as a spreadsheet."""
    room = identity.teacher_room(code)
    response = Response(rounds.summary_csv(rounds.summary(store(), room)), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="grundy-class-{room.code}.csv"'
    response.headers["Cache-Control"] = "no-store"
    return response


__all__ = ["START_SETTING", "bp", "refused"]
