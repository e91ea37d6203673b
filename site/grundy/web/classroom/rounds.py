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
from collections.abc import Iterator
from dataclasses import dataclass

from grundy.games.core import GameError
from grundy.games.family import refuse_foreign_digits
from grundy.i18n import _
from grundy.marks import quoted
from grundy.numerals import read_whole
from grundy.practice import play as play_mod
from grundy.practice import quiz as quiz_mod
from grundy.practice.games import IN_CLASS
from grundy.web.classroom.kinds import Judged, Kind, kind_named, kind_of
from grundy.web.classroom.rules import arena_for, rule_items, rule_of
from grundy.web.classroom.store import MAX_COUNTDOWN, MAX_MOVE, OUTCOME, Answer, ClassStore, Room, Round


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
    """The question of a round: its position under its rule; a round kept before rules were
    (rule ""): drawn from (game, level, seed), or the typed position under the game's opening rule."""
    if not r.position:
        return quiz_mod.question(r.game, r.level, r.seed)
    arena = arena_for(r.game, rule_items(r.rule)) if r.rule else IN_CLASS[r.game].arena({})
    return quiz_mod.Question(arena.key, r.level, r.seed, arena, arena.parse(r.position))


def seed_of(text: str) -> int | None:
    """A drawn question's seed as a form gives it back after a preview ("" for none): 0 to MAX_SEED."""
    text = text.strip()
    if not text:
        return None
    seed = read_whole(text, max_digits=12)
    if seed is None or seed > quiz_mod.MAX_SEED:
        raise GameError(_("the seed is a number from 0 to %(most)s; got %(seed)s", most=f"{quiz_mod.MAX_SEED:,}", seed=quoted(text, 12)),
                        "bad-seed")
    return seed


def pose(game: str, level_text: str, typed: str, rule: dict[str, str] | None = None, seed: int | None = None) -> quiz_mod.Question:
    """The question the instructor asked for, checked: a known game and level, its rule (in the
    command line's option names: rules.arena_for), and a typed position the computer could play
    out (so every answer can be judged quickly). No position: one drawn as the quiz draws one
    (under the given rule, if one is given, else the draw's own)."""
    if game not in IN_CLASS:
        raise GameError(_("there is no quiz for %(game)s; choose one of %(games)s", game=quoted(game, 30), games=", ".join(IN_CLASS)),
                        "unknown-game")
    level = int(level_text) if level_text in ("1", "2", "3") else 0
    if level not in quiz_mod.LEVELS:
        raise GameError(_("the level is 1, 2 or 3; got %(level)s", level=quoted(level_text, 10)), "bad-level")
    typed = typed.strip()
    refuse_foreign_digits({"position": typed})  # said with why, whatever the game's notation
    given = {k: v for k, v in (rule or {}).items() if v.strip()}
    arena = arena_for(game, given)  # checked first, even for a drawn question
    if not typed:
        drawn = quiz_mod.question(arena.key, level, secrets.randbelow(quiz_mod.MAX_SEED + 1) if seed is None else seed)
        if not given or rule_of(drawn.arena) == rule_of(arena):
            return drawn  # the quiz's own question (its rule is the one asked for, or none was)
        typed = drawn.position_text  # the drawn position, under the rule asked for, checked as a typed one
    state = play_mod.parse(arena.key, arena.rule_query() | {"start": typed})  # bounds, as /play checks a start
    why = state.arena.unplayable(state.start)
    if why:
        raise GameError(why, "too-large")
    return quiz_mod.Question(state.arena.key, level, 0, state.arena, state.start)


def judge(q: quiz_mod.Question, says: str, typed: str, kind: str = OUTCOME) -> Judged:
    """A student's answer as the round's kind reads it (kinds.py): for an outcome, P or N, and on
    N optionally the position a winning move leaves, read as the quiz reads it. A move that cannot
    be read keeps the N and says why (Judged.problem); an answer that is none is a GameError."""
    return kind_of(kind).judge(q, says, typed)


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


def countdown(text: str) -> int | None:
    """A countdown's seconds as typed ("" for none): a whole number from 5 to MAX_COUNTDOWN."""
    text = text.strip()
    if not text or text == "0":
        return None
    seconds = read_whole(text, max_digits=6)
    if seconds is None or not 5 <= seconds <= MAX_COUNTDOWN:
        raise GameError(_("a countdown is a number of seconds from 5 to %(most)s; got %(got)s", most=MAX_COUNTDOWN,
                          got=quoted(text, 10)), "bad-countdown")
    return seconds


def ask(classes: ClassStore, room: Room, game: str, level_text: str, typed: str, rule: dict[str, str] | None = None, *,
        seconds: int | None = None, now: float = 0.0, line: int = 0, seed: int | None = None, kind: str = OUTCOME) -> int:
    """Open the next round on the question asked for; its number. Refused while a round's vote
    is open or closed but not revealed (it is revealed first); a GameError names what is wrong
    with the question (or why its ``kind`` cannot ask it: kinds.py). ``seconds``: a countdown
    from ``now``; ``line``: the plan's line."""
    if room.phase in ("open", "closed"):
        raise Refused(409, _("Question %(number)s is still open: reveal it before asking the next.", number=room.round))
    asked = kind_named(kind)
    q, truth, detail = posed(asked, room, game, level_text, typed, rule, seed)
    position = q.position_text if typed.strip() or rule_given(rule) or detail else ""
    return classes.open_round(room.code, q.game, q.level, q.seed, position, truth, rule=rule_of(q.arena),
                              kind=asked.key, typed=bool(typed.strip()) or bool(detail), line=line, detail=detail,
                              closes=None if seconds is None else now + seconds)


def posed(asked: Kind, room: Room, game: str, level_text: str, typed: str, rule: dict[str, str] | None = None,
          seed: int | None = None) -> tuple[quiz_mod.Question, str, str]:
    """The question a kind asks, its truth and what it keeps beside it (a round's detail): the
    question asked for, checked by the kind (kinds.Kind.fits); or, for a kind that poses its own
    (the next cell of the table the class follows), that one."""
    if asked.poses is not None:
        cell = asked.poses(room.view)
        return pose(cell.game, "1", cell.position, cell.rule), cell.truth, cell.next_view
    q = pose(game, level_text, typed, rule, seed)
    asked.fits(q)
    return q, asked.truth(q), ""


def rule_given(rule: dict[str, str] | None) -> bool:
    return any(v.strip() for v in (rule or {}).values())


def open_poll(classes: ClassStore, room: Room, number: str) -> Poll:
    """The round a student's answer is for, while it takes answers: refused once its vote is
    closed or revealed (or before any), and when ``number`` names another round than the current one."""
    if room.phase == "closed":
        raise Refused(409, _("Voting on this question is closed."))
    poll = poll_of(classes, room) if room.phase == "open" else None
    if poll is None:
        raise Refused(409, _("This question is closed: the answers have been revealed."))
    if number != str(room.round):
        raise Refused(409, _("That question is over; here is the current one."))
    return poll


def answer(classes: ClassStore, poll: Poll, code: str, student: str, says: str, typed: str, now: float | None = None) -> Judged:
    """Record a joined student's answer to the open vote of ``poll`` (judged: a GameError if it
    is no answer at all), replacing the one they gave it before; a move that cannot be read keeps
    the vote (Judged.problem says why). Refused if they have not joined or the vote has closed."""
    judged = judge(poll.q, says, typed, poll.round.kind)
    if not classes.answer(code, poll.round.number, student, judged.answer, now):
        raise Refused(409, _("Your answer was not counted: voting on this question is closed."))
    return judged


# ------------------------------------------------------------------ how it was answered


@dataclass(frozen=True, slots=True)
class Split:
    """How one vote of a round was answered."""

    total: int
    p: int
    n: int
    right: int
    moves: int  # N answers that gave a move
    winning: int  # … and it wins
    wrong_move: str  # the most common losing move ("" if none)
    wrong_count: int
    unread: int = 0  # answers kept whose move could not be read
    values: tuple[tuple[str, int], ...] = ()  # how many gave each answer, most first (then in order)

    def percent(self, part: int) -> int:
        """``part`` of the answers in whole percent, halves rounded up (in integers)."""
        return (200 * part + self.total) // (2 * self.total) if self.total else 0


def split(answers: list[Answer], truth: str, kind: str = OUTCOME) -> Split:
    losing = Counter(a.move for a in answers if a.move and a.wins is False)
    wrong, wrong_count = losing.most_common(1)[0] if losing else ("", 0)
    right = kind_of(kind).right
    values = Counter(a.says for a in answers)
    return Split(len(answers), values["P"], values["N"], sum(right(a, truth) for a in answers), sum(bool(a.move) for a in answers),
                 sum(a.wins is True for a in answers), wrong, wrong_count, sum(bool(a.unread) for a in answers),
                 tuple(sorted(values.items(), key=lambda item: (-item[1], item[0]))))


def split_of(classes: ClassStore, code: str, r: Round, vote: int = 0) -> Split:
    """How the class answered a vote of round ``r`` (0: its current vote)."""
    return split(classes.answers(code, r.number, vote or r.vote), r.truth, r.kind)


def splits_of(classes: ClassStore, code: str, r: Round) -> list[Split]:
    """Every vote of round ``r``, first to last: before and after a discussion, side by side."""
    return [split_of(classes, code, r, vote) for vote in range(1, r.vote + 1)]


@dataclass(frozen=True, slots=True)
class Summary:
    """One round of a class that has ended: its question and how each vote was answered."""

    round: Round
    q: quiz_mod.Question
    split: Split  # the last vote
    votes: tuple[Split, ...] = ()  # every vote, first to last


def still_posed(classes: ClassStore, room: Room) -> Iterator[tuple[Round, quiz_mod.Question]]:
    """Every round of the class the engine still poses (a rule changed since drops one), in
    order, with its question."""
    for r in classes.rounds(room.code):
        try:
            q = question_of(r)
        except GameError:
            continue
        yield r, q


def summary(classes: ClassStore, room: Room) -> list[Summary]:
    """Every round of the class the engine still poses, in order."""
    rows = []
    for r, q in still_posed(classes, room):
        votes = tuple(splits_of(classes, room.code, r))
        rows.append(Summary(r, q, votes[-1], votes))
    return rows


@dataclass(frozen=True, slots=True)
class Recalled:
    """One round in a student's recap: the question, their answer in each vote (None where they
    gave none) and whether each was right."""

    round: Round
    q: quiz_mod.Question
    mine: tuple[Answer | None, ...]
    right: tuple[bool | None, ...]  # None where they gave no answer


def recap(classes: ClassStore, room: Room, student: str) -> list[Recalled]:
    """A student's answers, round by round, right or wrong (shown on their phone when the class ends)."""
    given = {(b.number, b.vote): b.answer for b in classes.ballots(room.code, student)}
    rows = []
    for r, q in still_posed(classes, room):
        mine = tuple(given.get((r.number, vote)) for vote in range(1, r.vote + 1))
        right = kind_of(r.kind).right
        rows.append(Recalled(r, q, mine, tuple(None if a is None else right(a, r.truth) for a in mine)))
    return rows


def csv_header() -> list[str]:
    """The CSV's header, in the reader's language (outside a request: English)."""
    return [_("round"), _("vote"), _("game"), _("rule"), _("position"), _("posed"), _("answer"), _("revealed"), _("answered"),
            _("said P"), _("said N"), _("percent right"), _("moves given"), _("winning moves"), _("moves not read"), _("answers given")]


CSV_HEADER = ["round", "vote", "game", "rule", "position", "posed", "answer", "revealed", "answered", "said P", "said N",
              "percent right", "moves given", "winning moves", "moves not read", "answers given"]


def summary_csv(rows: list[Summary]) -> str:
    """The summary as a spreadsheet reads it: a row per vote of each round (a re-vote is a row of
    its own beside the first), with the game, the rule, the position and how it was posed."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(csv_header())
    for row in rows:
        r, q = row.round, row.q
        posed = _("typed") if r.typed else _("drawn at level %(level)s", level=r.level)
        for vote, s in enumerate(row.votes or (row.split,), start=1):
            writer.writerow([r.number, vote, _(q.arena.title), r.rule or rule_of(q.arena), q.position_text, posed, r.truth,
                             _("yes") if r.revealed else _("no"), s.total, s.p, s.n, s.percent(s.right), s.moves, s.winning,
                             s.unread, "" if r.kind == OUTCOME else "; ".join(f"{value}: {n}" for value, n in s.values)])  # each value's count
    return out.getvalue()


__all__ = ["CSV_HEADER", "Poll", "Recalled", "Refused", "Split", "Summary", "answer", "ask", "countdown", "csv_header", "judge", "open_poll",
           "poll_of", "pose", "question_of", "recap", "seed_of", "refuted", "rule_given", "split", "split_of", "splits_of", "summary", "summary_csv"]
