"""A live class's questions and rounds, without Flask: posing a question (drawn as the quiz draws
them, or typed), judging a student's answer as the quiz judges one, a round's course (asked while
none is open, answered once by each student who joined, revealed), how it was answered, and the
summary the instructor downloads.

Plain functions over a :class:`~.store.ClassStore` and the quiz engine, tested without an app
(tests/test_classroom_rounds.py). What a class cannot do now is raised as :class:`Refused`, with
its HTTP status and words, for the routes to show; a question or answer the engine refuses is its
:class:`~grundy.games.core.GameError`.
"""
from __future__ import annotations

import csv
import io
import secrets
from collections import Counter
from dataclasses import dataclass

from grundy.games.core import GameError
from grundy.games.family import refuse_foreign_digits
from grundy.i18n import _
from grundy.marks import quoted
from grundy.practice import play as play_mod
from grundy.practice import quiz as quiz_mod
from grundy.practice.games import SPECS
from grundy.web.classroom.store import MAX_MOVE, Answer, ClassStore, Room, Round


class Refused(Exception):
    """What a class cannot do now: the HTTP status that says so, and the words for the asker."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True, slots=True)
class Poll:
    """A round's question and, once it is revealed, how the class answered."""

    round: Round
    q: quiz_mod.Question


def question_of(r: Round) -> quiz_mod.Question:
    """The question of a round: drawn from (game, level, seed), or the typed position under the
    game's opening rule (the one /play starts with)."""
    if not r.position:
        return quiz_mod.question(r.game, r.level, r.seed)
    arena = SPECS[r.game].arena({})
    return quiz_mod.Question(r.game, r.level, r.seed, arena, arena.parse(r.position))


def pose(game: str, level_text: str, typed: str) -> quiz_mod.Question:
    """The question the instructor asked for, checked: a known game and level, and a typed
    position the computer could play out (so every answer can be judged quickly)."""
    if game not in SPECS:
        raise GameError(_("there is no quiz for %(game)s; choose one of %(games)s", game=quoted(game, 30), games=", ".join(SPECS)),
                        "unknown-game")
    level = int(level_text) if level_text in ("1", "2", "3") else 0
    if level not in quiz_mod.LEVELS:
        raise GameError(_("the level is 1, 2 or 3; got %(level)s", level=quoted(level_text, 10)), "bad-level")
    typed = typed.strip()
    refuse_foreign_digits({"position": typed})  # said with why, whatever the game's notation
    if not typed:
        return quiz_mod.question(game, level, secrets.randbelow(quiz_mod.MAX_SEED + 1))
    spec = SPECS[game]
    state = play_mod.parse(game, spec.arena({}).rule_query() | {"start": typed})  # bounds, as /play checks a start
    why = state.arena.unplayable(state.start)
    if why:
        raise GameError(why, "too-large")
    return quiz_mod.Question(game, level, 0, state.arena, state.start)


def judge(q: quiz_mod.Question, says: str, typed: str) -> Answer:
    """A student's answer, checked like the quiz checks one: P or N, and on N optionally the
    position a winning move leaves (a legal move, or a GameError saying why not)."""
    if says not in ("P", "N"):
        raise GameError(_("answer with P (losing for the player to move) or N (winning)"), "bad-answer")
    typed = typed.strip()
    if says == "P" or not typed:
        return Answer(says, "", None)  # type: ignore[arg-type]
    refuse_foreign_digits({"after": typed})
    if len(typed) > MAX_MOVE:
        raise GameError(_("a position is at most %(most)s characters long", most=MAX_MOVE), "position-too-long", most=MAX_MOVE)
    verdict = quiz_mod.check_move(q, typed)
    if verdict.move is None:
        raise GameError(verdict.message, "not-a-move")
    return Answer("N", q.arena.format(verdict.move.after), verdict.wins)


def refuted(q: quiz_mod.Question, move: str) -> quiz_mod.MoveVerdict | None:
    """Why a move that does not win loses: the position it leaves, and the reply that wins there."""
    try:
        verdict = quiz_mod.check_move(q, move)
    except GameError:
        return None
    return verdict if verdict.move is not None else None


# ------------------------------------------------------------------ a round's course


def poll_of(classes: ClassStore, room: Room) -> Poll | None:
    """The class's current round and its question; None before the first, or for a round the
    engine no longer poses (a rule changed since)."""
    current = classes.round_of(room.code, room.round) if room.round else None
    if current is None:
        return None
    try:
        return Poll(current, question_of(current))
    except GameError:
        return None


def ask(classes: ClassStore, room: Room, game: str, level_text: str, typed: str) -> int:
    """Open the next round on the question asked for; its number. Refused while a round is
    open (it is revealed first); a GameError names what is wrong with the question."""
    if room.phase == "open":
        raise Refused(409, _("Question %(number)s is still open: reveal it before asking the next.", number=room.round))
    q = pose(game, level_text, typed)
    truth = q.outcome()
    position = q.arena.format(q.position) if typed.strip() else ""
    return classes.open_round(room.code, q.game, q.level, q.seed, position, truth)


def open_poll(classes: ClassStore, room: Room, number: str) -> Poll:
    """The round a student's answer is for, while it takes answers: refused once it is revealed
    (or before any), and when ``number`` names another round than the current one."""
    poll = poll_of(classes, room) if room.phase == "open" else None
    if poll is None:
        raise Refused(409, _("This question is closed: the answers have been revealed."))
    if number != str(room.round):
        raise Refused(409, _("That question is over; here is the current one."))
    return poll


def answer(classes: ClassStore, poll: Poll, code: str, student: str, says: str, typed: str) -> Answer:
    """Record a joined student's answer to ``poll`` (judged: a GameError if it cannot be);
    refused if they have answered it already: one answer each."""
    given = judge(poll.q, says, typed)
    if not classes.answer(code, poll.round.number, student, given):
        raise Refused(409, _("You have answered this question already: one answer each."))
    return given


# ------------------------------------------------------------------ how it was answered


@dataclass(frozen=True, slots=True)
class Split:
    """How a round was answered."""

    total: int
    p: int
    n: int
    right: int
    moves: int  # N answers that gave a move
    winning: int  # … and it wins
    wrong_move: str  # the most common losing move ("" if none)
    wrong_count: int

    def percent(self, part: int) -> int:
        """``part`` of the answers in whole percent, halves rounded up (in integers)."""
        return (200 * part + self.total) // (2 * self.total) if self.total else 0


def split(answers: list[Answer], truth: str) -> Split:
    losing = Counter(a.move for a in answers if a.move and a.wins is False)
    wrong, wrong_count = losing.most_common(1)[0] if losing else ("", 0)
    return Split(len(answers), sum(a.says == "P" for a in answers), sum(a.says == "N" for a in answers),
                 sum(a.says == truth for a in answers), sum(bool(a.move) for a in answers),
                 sum(a.wins is True for a in answers), wrong, wrong_count)


def split_of(classes: ClassStore, code: str, r: Round) -> Split:
    """How the class answered round ``r``."""
    return split(classes.answers(code, r.number), r.truth)


@dataclass(frozen=True, slots=True)
class Summary:
    """One round of a class that has ended: its question and how it was answered."""

    round: Round
    q: quiz_mod.Question
    split: Split


def summary(classes: ClassStore, room: Room) -> list[Summary]:
    """Every round of the class the engine still poses, in order."""
    rows = []
    for r in classes.rounds(room.code):
        try:
            q = question_of(r)
        except GameError:
            continue
        rows.append(Summary(r, q, split_of(classes, room.code, r)))
    return rows


CSV_HEADER = ["round", "game", "level", "position", "answer", "revealed", "answered", "said P", "said N", "percent right",
              "moves given", "winning moves"]


def summary_csv(rows: list[Summary]) -> str:
    """The summary as a spreadsheet reads it: a row per round, percent right among them."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for row in rows:
        r, q, s = row.round, row.q, row.split
        writer.writerow([r.number, r.game, r.level, q.position_text, r.truth, "yes" if r.revealed else "no", s.total, s.p, s.n,
                         s.percent(s.right), s.moves, s.winning])
    return out.getvalue()


__all__ = ["CSV_HEADER", "Poll", "Refused", "Split", "Summary", "answer", "ask", "judge", "open_poll", "poll_of", "pose",
           "question_of", "refuted", "split", "split_of", "summary", "summary_csv"]
