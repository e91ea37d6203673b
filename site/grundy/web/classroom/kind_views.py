"""What each kind of question (:mod:`.kinds`) adds to the pages of a live class: the moves a
phone taps for "Tap the winning move" (grouped as /play groups them, each a plain submit
button), and at the reveal the kind's own answer, which answers given were right (each bar of
the split marked), the SG value's reason (the mex of the options) and the moves given, most
common first.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from grundy.i18n import _
from grundy.practice import quiz as quiz_mod
from grundy.web.classroom import rounds
from grundy.web.classroom.kinds import CELL, MAX_TAPS, MOVE, NO_MOVE, SG, kind_of, sg_reason, tap_count
from grundy.web.classroom.rounds import Poll
from grundy.web.classroom.store import ClassStore, Room
from grundy.web.classroom.view import view


def taps(q: quiz_mod.Question) -> list[dict[str, Any]]:
    """The position's moves grouped by part as /play lists them: each group's name and its moves'
    labels and the positions they leave (a button's value). Empty past MAX_TAPS moves (the kind
    refuses such a question when it is posed, so this never lists thousands)."""
    if q.arena.every_turn or tap_count(q) > MAX_TAPS:
        return []
    many = len(q.position) > 1
    groups: dict[tuple[int, str], dict[str, Any]] = {}
    for m in q.arena.moves(q.position):
        key = (m.component, m.group)
        if key not in groups:
            part = q.arena.part_name(q.position[m.component], m.component)
            name = (str(_part_and_group(part, m.group)) if m.group else part) if many else (m.group or part)
            groups[key] = {"name": name, "moves": []}
        groups[key]["moves"].append({"label": q.arena.button(m), "after": q.arena.format(m.after)})
    return list(groups.values())


def _part_and_group(part: str, group: str) -> str:
    return _("%(part)s, %(group)s", part=part, group=group)


def asking(poll: Poll | None) -> dict[str, Any]:
    """What a phone needs to answer the open question of ``poll``'s kind."""
    if poll is None:
        return {"kind": kind_of("outcome"), "taps": [], "no_move": NO_MOVE}
    kind = kind_of(poll.round.kind)
    return {"kind": kind, "taps": taps(poll.q) if kind.key == MOVE else [], "no_move": NO_MOVE}


def revealed(classes: ClassStore, room: Room, poll: Poll) -> dict[str, Any]:
    """The reveal's part that depends on the kind: its answer as the kind writes it
    (``answer_truth``), the values given that were right in any vote (``right_values``: the
    bars marked ✔), the SG value's reason, and the moves given with whether each wins."""
    r, kind = poll.round, kind_of(poll.round.kind)
    given: dict[str, int] = {}
    for vote in range(1, r.vote + 1):
        for value, n in rounds.split_of(classes, room.code, r, vote).values:
            given[value] = given.get(value, 0) + n
    right_values = {r.truth} | {value for value in given if kind.value_right(poll.q, value, r.truth)}
    valued = kind.key == SG or (kind.key == CELL and r.truth not in ("P", "N"))  # an SG value asked (a table of SG values too)
    context: dict[str, Any] = {"kind": kind, "answer_truth": r.truth, "right_values": right_values, "no_move": NO_MOVE,
                               "valued": valued, "sg_reason": sg_reason(poll.q) if valued else ""}
    if kind.key == CELL and r.detail:
        context["next_step"] = next_step(r.detail)
    if kind.key == MOVE:
        last = rounds.split_of(classes, room.code, r).values
        context["moves_given"] = [(value, n, value in right_values) for value, n in last]
    return context


def next_step(path: str) -> Markup | None:
    """The followed table one step on (a cell round's reveal: the step that fills and explains
    the cell asked for), rendered as the phones render what they follow (:func:`.view.view`)."""
    shown = view(path)
    return shown.html if shown is not None else None


__all__ = ["asking", "next_step", "revealed", "taps"]
