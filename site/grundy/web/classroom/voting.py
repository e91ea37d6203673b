"""The instructor's voting controls and prepared questions, and a student's nickname: routes on the
classroom blueprint beside :mod:`.routes` (which they reuse to act and to show the console).

- **Voting**: close the open vote now, or give it a countdown; open a re-vote on the same question
  (peer instruction: vote, discuss, vote again), its first vote's answers kept beside the second's.
- **Prepared questions** (a plan): typed before the lecture as lines (:mod:`.rules` reads them),
  saved in the class, downloaded or uploaded as a text file, carried in a link
  (/class/new?plan=… or /class/<code>/teach?plan=…), and posed one click at a time.
- **Nicknames**: a student may give one; only the console shows it.

Every action is a plain form (a 303 back to the page without JavaScript, the live part under htmx).
"""
from __future__ import annotations

import secrets
from typing import Any

from flask import Response, redirect, render_template, request, url_for

from grundy.games.core import GameError
from grundy.i18n import _
from grundy.marks import quoted
from grundy.numerals import read_whole, typed as typed_text
from grundy.practice import quiz as quiz_mod
from grundy.web.classroom import identity, rounds
from grundy.web.classroom.identity import store
from grundy.web.classroom.kinds import kind_named
from grundy.web.classroom.routes import _student_context, _teach_answer, _teach_context, _teacher_action, bp
from grundy.web.classroom.rounds import Poll, Refused
from grundy.web.classroom.rules import RULE_OPTIONS, Planned, plan_lines, plan_text, rule_items, rule_of
from grundy.web.classroom.store import MAX_NICKNAME, MAX_PLAN, MAX_VOTES, Room
from grundy.words import error_message

# ------------------------------------------------------------------ what the console shows


def console(room: Room, poll: Poll | None) -> dict[str, Any]:
    """What the console adds for voting, the plan and nicknames: every vote's split of the current
    round (before and after, side by side, once the last vote is closed), the plan's lines and the
    next one, and each nickname's answers to this round."""
    r = poll.round if poll else None
    splits = rounds.splits_of(store(), room.code, r) if r else []
    if r and room.phase == "open":
        splits = splits[:-1]  # the open vote's answers stay unseen until it closes
    text = store().plan(room.code)
    lines = plan_lines(text)
    posed = {row.line for row in store().rounds(room.code) if row.line}
    nicknames = store().nicknames(room.code)
    by_vote = [store().answers_by(room.code, r.number, vote) for vote in range(1, r.vote + 1)] if r and nicknames else []
    return {"splits": splits, "plan": text, "plan_lines": lines, "posed_lines": posed,
            "next_line": next((p for p in lines if p.line not in posed), None), "rule_options": RULE_OPTIONS,
            "nicknames": [(name, [votes.get(sid) for votes in by_vote]) for sid, name in nicknames.items()],
            "now": identity.now(), "max_plan": MAX_PLAN, "rule_of": rule_of}


def form_rule(form: Any) -> dict[str, str]:
    """The rule a pose form gives: its "rule" text ("set=1,3,4 misere") and the command line's
    option names as fields of their own (set, max, k, code, misere), each bounded."""
    given = rule_items(typed_text(form.get("rule", ""))[:200])
    for option in (*RULE_OPTIONS, "misere"):
        value = typed_text(form.get(option, "")).strip()[:100]
        if value:
            given[option] = value
    return given


def preview(room: Room, form: dict[str, str], rule: dict[str, str]) -> Response:
    """The question asked for, shown on the console only (nothing changes in the class): the
    position drawn, the rule stated, the answer (for the instructor). Its "Ask the class" poses
    exactly it: a drawn question's seed goes with it."""
    try:
        seed = rounds.seed_of(form["seed"])
        if seed is None and not form["position"].strip():
            seed = secrets.randbelow(quiz_mod.MAX_SEED + 1)
        rounds.countdown(form["seconds"])
        asked = kind_named(form["kind"])
        q, truth, _detail = rounds.posed(asked, room, form["game"], form["level"], form["position"], rule, seed)  # checked by its kind
    except GameError as error:
        return _teach_answer(room, 400, error_message(error), form=form)
    shown = {"q": q, "arena": q.arena, "position": q.position, "components": list(enumerate(q.position)), "rule": rule_of(q.arena),
             "truth": truth, "kind": asked, "drawn": not form["position"].strip()}
    context = _teach_context(room, form=form | {"seed": "" if seed is None else str(seed)}, preview=shown)
    return Response(render_template("classroom/teach.html", **context), mimetype="text/html")


# ------------------------------------------------------------------ voting


def _seconds(text: str) -> int | None:
    return rounds.countdown(typed_text(text)[:10])


@bp.post("/class/<code>/close")
def close(code: str) -> Response:
    """Close voting now, or (``seconds``) start a countdown to close it."""
    room = identity.teacher_room(code)

    def act(r: Room) -> None:
        seconds = _seconds(request.form.get("seconds", ""))
        now = identity.now()
        if not store().close(r.code, None if seconds is None else now + seconds):
            raise Refused(409, _("No vote is open."))

    return _teacher_action(room, act)


@bp.post("/class/<code>/revote")
def revote(code: str) -> Response:
    """Vote again on the same question (optionally with a countdown); the earlier votes are kept."""
    room = identity.teacher_room(code)

    def act(r: Room) -> None:
        seconds = _seconds(request.form.get("seconds", ""))
        if not store().revote(r.code, None if seconds is None else identity.now() + seconds):
            raise Refused(409, _("There is no question to vote on again: a re-vote comes before the reveal, %(most)s votes at most.",
                                 most=MAX_VOTES))

    return _teacher_action(room, act)


# ------------------------------------------------------------------ the plan


@bp.post("/class/<code>/plan")
def save_plan(code: str) -> Response:
    """Keep the class's prepared questions: typed in the box, or a text file uploaded."""
    room = identity.teacher_room(code)
    upload = request.files.get("file")
    text = request.form.get("plan", "")
    if upload is not None and upload.filename:
        raw = upload.stream.read(MAX_PLAN + 1)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return _teach_answer(room, 400, _("The file is not text (UTF-8): save the list as plain text and upload it again."))
    if len(text) > MAX_PLAN:
        return _teach_answer(room, 400, _("A list of questions is at most %(most)s characters long.", most=f"{MAX_PLAN:,}"))
    return _teacher_action(room, lambda r: store().set_plan(r.code, plan_text(typed_text(text))))


@bp.get("/class/<code>/plan.txt")
def plan_file(code: str) -> Response:
    """The prepared questions as a text file, to keep for the next lecture."""
    room = identity.teacher_room(code)
    response = Response(store().plan(room.code) + "\n", mimetype="text/plain")
    response.headers["Content-Disposition"] = f'attachment; filename="grundy-questions-{room.code}.txt"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _planned(room: Room, line_text: str) -> Planned:
    line = read_whole(line_text, max_digits=4) or 0
    found = next((p for p in plan_lines(store().plan(room.code)) if p.line == line), None)
    if found is None:
        raise Refused(400, _("There is no question on line %(line)s of the list.", line=quoted(line_text, 10)))
    return found


@bp.post("/class/<code>/next")
def pose_planned(code: str) -> Response:
    """Pose a question of the plan (``line``: its line's number), with the countdown given."""
    room = identity.teacher_room(code)

    def act(r: Room) -> None:
        planned = _planned(r, request.form.get("line", ""))
        try:
            rounds.ask(store(), r, planned.game, planned.level, planned.position, planned.rule,
                       seconds=_seconds(request.form.get("seconds", "")), now=identity.now(), line=planned.line, kind=planned.kind)
        except GameError as error:  # said with the line it comes from
            raise Refused(400, _("Line %(line)s (%(text)s): %(why)s", line=planned.line, text=planned.text, why=str(error))) from error

    return _teacher_action(room, act)


# ------------------------------------------------------------------ nicknames


@bp.post("/class/<code>/name")
def name(code: str) -> Response:
    """A joined student's nickname (seen only by the instructor), or none ("")."""
    room = identity.room(code)
    nickname = " ".join(typed_text(request.form.get("nickname", "")).split())
    if len(nickname) > MAX_NICKNAME or not nickname.isprintable():
        context = _student_context(room, False)
        context.update(name_error=_("A nickname is at most %(most)s letters, digits or spaces.", most=MAX_NICKNAME),
                       nickname=nickname[:MAX_NICKNAME])
        return Response(render_template("classroom/student.html", **context), status=400, mimetype="text/html")
    if identity.has_opened(room.code):
        identity.enroll(room)
        store().name(room.code, identity.student(), nickname)
    return redirect(url_for("classroom.student", code=room.code), code=303)  # type: ignore[return-value]


__all__ = ["close", "console", "form_rule", "name", "plan_file", "pose_planned", "preview", "revote", "save_plan"]
