"""The live class's rules without an app: grundy.web.classroom.rounds (posing, judging, a round's
course, how it was answered, the summary) and grundy.web.classroom.admission (finding a class,
counting a student in, starting a class), over a SQLite store in a temporary folder. No Flask app
or request is made here: outside a request the words are English."""
from __future__ import annotations

from collections.abc import Callable

import ast
import csv
import io
import inspect
from pathlib import Path

import pytest

from grundy.games.core import GameError
from grundy.web.classroom import admission, redis_driving, redis_scripts, redis_store, rounds, sqlite_store, store, sweeper
from grundy.web.classroom.rounds import Refused
from grundy.web.classroom.store import CODE_LENGTH, JOIN_LIMIT, NEVER_IN_CODES, Answer, ClassStore, Room, Round
from tests.stores import module_of

T0 = 1_700_000_000.0


@pytest.fixture()
def classes(new_store: Callable[[], ClassStore]) -> ClassStore:
    """A store of each kind (tests/stores.py): every test here runs on SQLite and on Redis."""
    return new_store()


def room(classes: ClassStore, code: str) -> Room:
    found = classes.room(code, T0)
    assert found is not None
    return found


def started(classes: ClassStore) -> str:
    code, _secret = classes.create(T0)
    return code


def member(classes: ClassStore, code: str, student: str) -> str:
    admission.admit(classes, room(classes, code), student, T0, "10.0.0.1")
    return student


@pytest.mark.parametrize("module", [rounds, admission, store, sqlite_store, redis_store, redis_scripts, redis_driving, sweeper],
                         ids=["rounds", "admission", "store", "sqlite_store", "redis_store", "redis_scripts", "redis_driving", "sweeper"])
def test_the_rules_and_the_store_import_no_flask(module: object) -> None:
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name.split(".")[0] in ("flask", "werkzeug")}, imported


# ------------------------------------------------------------------ posing and judging


@pytest.mark.parametrize(("game", "level", "typed", "code"), [
    ("chess", "1", "", "unknown-game"),
    ("nim", "4", "", "bad-level"),
    ("nim", "", "3,5", "bad-level"),
    ("nim", "1", "3,x", None),  # the notation's own error
    ("nim", "1", "13,13,13,13", None),  # too long a search to judge answers quickly
])
def test_a_question_that_cannot_be_posed_says_why(game: str, level: str, typed: str, code: str | None) -> None:
    with pytest.raises(GameError) as refused:
        rounds.pose(game, level, typed)
    assert str(refused.value)
    if code is not None:
        assert refused.value.code == code


def test_a_typed_question_is_the_position_typed_and_a_drawn_one_a_quiz_question() -> None:
    typed = rounds.pose("subtraction", "3", " 12 , 9 ")
    assert (typed.game, typed.level, typed.seed, typed.position_text) == ("subtraction", 3, 0, "12,9")
    drawn = rounds.pose("nim", "2", "")
    assert drawn.level == 2 and rounds.question_of(Round(1, "nim", 2, drawn.seed, "", "P", False)) == drawn
    assert rounds.question_of(Round(1, "subtraction", 3, 0, "12,9", "N", False)).position_text == "12,9"


def test_answers_are_judged_as_the_quiz_judges_them() -> None:
    q = rounds.pose("nim", "1", "3,5")  # N: 3 ^ 5 = 6, and 3,3 is the winning move
    assert rounds.judge(q, "P", "3,3").answer == Answer("P", "", None)  # a move is read only with N
    assert rounds.judge(q, "N", "  ").answer == Answer("N", "", None)
    assert rounds.judge(q, "N", "3,3").answer == Answer("N", "3,3", True)
    assert rounds.judge(q, "N", "3,4").answer == Answer("N", "3,4", False)
    with pytest.raises(GameError) as refused:
        rounds.judge(q, "maybe", "")
    assert refused.value.code == "bad-answer"
    for typed in ("3,9", "9" * 201):  # an N whose move cannot be read is kept, without it, and says why
        judged = rounds.judge(q, "N", typed)
        assert judged.answer == Answer("N", "", None, typed[:200]) and judged.problem, typed
    lost = rounds.refuted(q, "3,4")
    assert lost is not None and lost.move is not None and lost.reply is not None
    assert q.arena.outcome(lost.reply.after) == "P"  # the reply that refutes it leaves a P-position
    assert rounds.refuted(q, "three") is None and rounds.refuted(q, "3,9") is None


# ------------------------------------------------------------------ a round's course


def test_a_round_is_asked_answered_by_each_student_and_revealed(classes: ClassStore) -> None:
    code = started(classes)
    with pytest.raises(Refused) as none_yet:
        rounds.open_poll(classes, room(classes, code), "1")
    assert none_yet.value.status == 409 and "closed" in none_yet.value.message
    assert rounds.poll_of(classes, room(classes, code)) is None
    assert rounds.ask(classes, room(classes, code), "nim", "1", "3,5") == 1
    with pytest.raises(Refused) as still_open:
        rounds.ask(classes, room(classes, code), "nim", "1", "1,1")
    assert still_open.value.status == 409 and "Question 1 is still open" in still_open.value.message
    with pytest.raises(Refused) as other_round:
        rounds.open_poll(classes, room(classes, code), "2")
    assert other_round.value.status == 409 and "That question is over" in other_round.value.message
    poll = rounds.open_poll(classes, room(classes, code), "1")
    assert poll.round.truth == "N" == poll.q.outcome() and poll.round.position == "3,5"
    ann, bob = member(classes, code, "ann-0123456789abcdef"), member(classes, code, "bob-0123456789abcdef")
    assert rounds.answer(classes, poll, code, ann, "P", "").answer == Answer("P", "", None)
    assert rounds.answer(classes, poll, code, ann, "N", "3,3").answer == Answer("N", "3,3", True)  # changed: replaced
    with pytest.raises(GameError):
        rounds.answer(classes, poll, code, bob, "maybe", "")
    assert classes.count(code, 1) == 1  # a refused answer is not counted, and bob may answer again
    rounds.answer(classes, poll, code, bob, "N", "3,4")
    with pytest.raises(Refused):
        rounds.answer(classes, poll, code, "carol-0123456789ab", "P", "")  # not joined: the store refuses it
    classes.reveal(code)
    with pytest.raises(Refused) as revealed:
        rounds.open_poll(classes, room(classes, code), "1")
    assert revealed.value.status == 409
    assert rounds.split_of(classes, code, poll.round) == rounds.Split(2, 0, 2, 2, 2, 1, "3,4", 1, 0, (("N", 2),))
    assert rounds.ask(classes, room(classes, code), "nim", "2", "") == 2  # revealed: the next may be asked


def test_the_summary_lists_each_round_and_how_it_was_answered(classes: ClassStore) -> None:
    code = started(classes)
    students = [member(classes, code, f"student-{i:012d}") for i in range(3)]
    rounds.ask(classes, room(classes, code), "nim", "1", "3,5")
    poll = rounds.open_poll(classes, room(classes, code), "1")
    for sid, says, typed in zip(students, ("N", "P", "N"), ("3,3", "", "")):
        rounds.answer(classes, poll, code, sid, says, typed)
    classes.reveal(code)
    rounds.ask(classes, room(classes, code), "nim", "1", "2,2")
    classes.end(code)
    rows = rounds.summary(classes, room(classes, code))
    assert [(row.round.number, row.q.position_text, row.round.truth, row.round.revealed) for row in rows] == [
        (1, "3,5", "N", True), (2, "2,2", "P", False)]
    assert rows[0].split.percent(rows[0].split.right) == 67 and rows[1].split.total == 0
    table = list(csv.reader(io.StringIO(rounds.summary_csv(rows))))
    assert table[0] == rounds.CSV_HEADER == rounds.csv_header()  # outside a request: English
    assert table[1] == ["1", "1", "Nim", "", "3,5", "typed", "N", "yes", "3", "1", "2", "67", "1", "1", "0", ""]
    assert table[2] == ["2", "1", "Nim", "", "2,2", "typed", "P", "no", "0", "0", "0", "0", "0", "0", "0", ""]


# ------------------------------------------------------------------ who comes in


def test_an_unknown_code_is_counted_and_refused_past_the_limit(classes: ClassStore) -> None:
    code = started(classes)
    assert admission.find(classes, code, T0, "10.0.0.2").code == code
    statuses = []
    for _ in range(JOIN_LIMIT + 1):
        with pytest.raises(Refused) as refused:
            admission.find(classes, "ACDEFG" if code != "ACDEFG" else "ACDEFH", T0, "10.0.0.2")
        statuses.append(refused.value.status)
    assert statuses == [404] * JOIN_LIMIT + [429]
    assert "a class lasts 12 hours" not in refused.value.message and "Too many codes" in refused.value.message
    assert admission.find(classes, code, T0, "10.0.0.2").code == code  # the right code still finds its class
    with pytest.raises(Refused) as elsewhere:
        admission.find(classes, "not-a-code", T0, "10.0.0.3")  # another address: its own count
    assert elsewhere.value.status == 404 and "a class lasts 12 hours" in elsewhere.value.message


def test_a_typed_code_is_forgiven_its_case_spaces_and_dashes_and_told_what_is_wrong(classes: ClassStore) -> None:
    code = started(classes)
    typed = f" {code[:3].lower()}-{code[3:]} "
    assert admission.find_typed(classes, typed, T0, "10.0.0.4").code == code
    cases = [("ACDEFG" if code != "ACDEFG" else "ACDEFH", 404, "Check it on the projector (it is six letters and digits)"),
             ("ABCDEF", 404, f"class codes never use {' '.join(NEVER_IN_CODES)}"),
             ("ABC", 400, "A class code is six letters and digits, such as ACE347; got ‘ABC’")]
    for text, status, words in cases:
        with pytest.raises(Refused) as refused:
            admission.find_typed(classes, text, T0, "10.0.0.4")
        assert refused.value.status == status and words in refused.value.message, text
    assert len("ABCDEF") == CODE_LENGTH and "B" in NEVER_IN_CODES


def test_a_student_is_counted_once_and_refused_when_locked_full_or_too_many_from_one_address(
        classes: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    code = started(classes)
    member(classes, code, "first-0123456789ab")
    member(classes, code, "first-0123456789ab")  # again: still one
    assert classes.members(code) == 1
    classes.lock(code, True)
    member(classes, code, "first-0123456789ab")  # those in stay in
    with pytest.raises(Refused) as locked:
        member(classes, code, "late-0123456789abc")
    assert locked.value.status == 403 and "closed to new students" in locked.value.message
    classes.lock(code, False)
    monkeypatch.setattr(module_of(classes), "MAX_MEMBERS", 2)
    member(classes, code, "second-0123456789a")
    with pytest.raises(Refused) as full:
        member(classes, code, "third-0123456789ab")
    assert full.value.status == 403 and "is full" in full.value.message
    monkeypatch.setattr(module_of(classes), "MAX_MEMBERS", 10)
    monkeypatch.setattr(admission, "JOINS_PER_ADDRESS", 2)
    other = started(classes)
    for sid in ("a-0123456789abcdef", "b-0123456789abcdef"):
        member(classes, other, sid)
    with pytest.raises(Refused) as crowded:
        member(classes, other, "c-0123456789abcdef")
    assert crowded.value.status == 429 and "from this network" in crowded.value.message
    admission.admit(classes, room(classes, other), "c-0123456789abcdef", T0, "10.0.0.9")  # another address joins
    assert classes.members(other) == 3


def test_starting_a_class_is_bounded(classes: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    for _ in range(2):
        admission.may_start(classes, T0, "10.0.0.5", 2)
    with pytest.raises(Refused) as many:
        admission.may_start(classes, T0, "10.0.0.5", 2)
    assert many.value.status == 429 and "2 classes were started from this network" in many.value.message
    admission.may_start(classes, T0 + 601, "10.0.0.5", 2)  # the window has slid past them
    started(classes)
    monkeypatch.setattr(admission, "MAX_OPEN_CLASSES", 1)
    with pytest.raises(Refused) as full:
        admission.may_start(classes, T0, "10.0.0.6", 2)
    assert full.value.status == 503 and "as many classes as it can hold" in full.value.message
