"""The live classroom: its store (classes, rounds, one answer each, expiry, the join limit, many
students at once) and its routes (start, join, the instructor's actions and who may take them,
answers and their checks, the reveal, the polled parts' ETags, the summary, the followed view).

The app's store is a file under instance/, shared by the whole test session (and kept between
runs): every test starts classes of its own, and every client comes from its own address, so
unknown codes tried here never count against another test's (or another run's) address."""
from __future__ import annotations

import csv
import io
import itertools
import json
import re
import secrets
import threading
import time
from collections.abc import Callable

import pytest
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from flask.testing import FlaskClient
from markupsafe import escape
from werkzeug.test import TestResponse

from grundy.games.core import GameError
from grundy.practice.games import IN_CLASS
from grundy.practice.quiz import check_move, winning_moves
from grundy.web import classroom
from grundy.web.classroom import admission, identity, rounds, sqlite_store
from grundy.web.classroom import store as class_store
from grundy.web.classroom.sqlite_store import SQLiteClassStore
from grundy.web.classroom.sweeper import Sweeper
from grundy.web.classroom.store import ALPHABET, CODE_LENGTH, JOIN_LIMIT, LIFETIME, Answer, ClassStore, Room, Round, normal_code
from grundy.web.widgets import PRESENTABLE
from grundy.widgets import WIDGETS
from grundy.words import error_message
from tests.stores import dump, held, module_of, tries

CODE = re.compile(rf"/class/([{ALPHABET}]{{{CODE_LENGTH}}})/teach")
STEPPED = "/present/pn-table?rule=set&set=1,2&upto=10&step=3"


# ------------------------------------------------------------------ helpers


def store_of(app: Flask) -> ClassStore:
    found: ClassStore = app.extensions["grundy.classes"]  # SQLite, or Redis (tests/test_classroom_on_redis.py)
    return found


def room_of(app: Flask, code: str) -> Room:
    found = store_of(app).room(code, time.time())
    assert found is not None, code
    return found


def person(app: Flask) -> FlaskClient:
    """A browser of its own, at an address of its own (a random one in 10.0.0.0/8)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = f"10.{secrets.randbelow(256)}.{secrets.randbelow(256)}.{secrets.randbelow(254) + 1}"
    return client


def start(app: Flask) -> tuple[FlaskClient, str]:
    """A new class: its instructor's browser and its code."""
    teacher = person(app)
    r = teacher.post("/class/new")
    assert r.status_code == 303, r.status_code
    match = CODE.fullmatch(r.headers["Location"])
    assert match is not None, r.headers["Location"]
    return teacher, match[1]


def joined(app: Flask, code: str) -> FlaskClient:
    """A student who typed the code, opened the class's page, and whose page polled once (the
    browser came back with its cookie: now counted as joined)."""
    student = person(app)
    r = student.get(f"/join?code={code.lower()}")
    assert r.status_code == 303 and r.headers["Location"] == f"/class/{code}"
    assert student.get(f"/class/{code}").status_code == 200
    assert student.get(f"/class/{code}/live").status_code == 200
    return student


def pose(teacher: FlaskClient, code: str, game: str = "nim", level: str = "1", position: str = "3,5") -> TestResponse:
    r = teacher.post(f"/class/{code}/round", data={"game": game, "level": level, "position": position})
    assert r.status_code == 303 and r.headers["Location"] == f"/class/{code}/teach", (r.status_code, r.text[:500])
    return r


def answer(student: FlaskClient, code: str, number: int, says: str, after: str = "") -> TestResponse:
    return student.post(f"/class/{code}/answer", data={"round": str(number), "says": says, "after": after})


def sid_of(client: FlaskClient) -> str | None:
    with client.session_transaction() as s:
        sid = s.get(identity.STUDENT)
    return sid if isinstance(sid, str) else None


def tamper(client: FlaskClient) -> None:
    """Flip a character of the signed session cookie's payload: the signature no longer matches."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    value = cookie.value
    client.set_cookie("session", value[:5] + ("A" if value[5] != "A" else "B") + value[6:])


# ------------------------------------------------------------------ the store


@pytest.fixture()
def db(new_store: Callable[[], ClassStore]) -> ClassStore:
    """A store of each kind (tests/stores.py): every store test here runs on SQLite and on Redis."""
    return new_store()


T0 = 1_700_000_000.0


def vote(db: ClassStore, code: str, number: int, student: str, given: Answer) -> bool:
    """A student joins (if not yet) and answers."""
    db.join(code, student)
    return db.answer(code, number, student, given)


def test_a_new_class_is_idle_with_its_code_and_a_hashed_secret(db: ClassStore) -> None:
    code, secret = db.create(T0)
    assert re.fullmatch(rf"[{ALPHABET}]{{{CODE_LENGTH}}}", code) and len(secret) >= 24
    assert db.room(code, T0) == Room(code, T0, T0 + LIFETIME, 1, "", 0, "idle", False)
    assert db.room("ACDEFG" if code != "ACDEFG" else "ACDEFH", T0) is None
    kept = dump(db)
    assert secret not in kept and class_store.digest(secret) in kept  # only its digest is stored
    codes = {db.create(T0)[0] for _ in range(50)}
    assert len(codes) == 50


def test_a_class_expires_after_its_lifetime_and_purge_forgets_it_whole(db: ClassStore) -> None:
    old, _ = db.create(T0)
    fresh, _ = db.create(T0 + 3600)
    for code in (old, fresh):
        db.open_round(code, "nim", 1, 0, "3,5", "N")
        assert vote(db, code, 1, "student-a", Answer("P", "", None))
    assert db.room(old, T0 + LIFETIME - 1) is not None
    assert db.room(old, T0 + LIFETIME) is None  # expired exactly at its end
    assert db.room(fresh, T0 + LIFETIME) is not None
    assert db.purge(T0 + LIFETIME - 1) == 0
    assert db.purge(T0 + LIFETIME) == 1
    assert held(db, old) == {}
    assert held(db, fresh) == {"classes": 1, "rounds": 1, "answers": 1, "members": 1}
    assert db.rounds(old) == [] and db.count(old, 1) == 0
    assert db.room(fresh, T0 + LIFETIME) is not None and db.count(fresh, 1) == 1 and len(db.rounds(fresh)) == 1
    assert db.purge(T0 + LIFETIME) == 0


def test_one_answer_per_student_per_round(db: ClassStore) -> None:
    code, _ = db.create(T0)
    db.open_round(code, "nim", 1, 0, "3,5", "N")
    for student in ("ann", "bob"):
        assert db.join(code, student) == "joined"
    assert db.answer(code, 1, "ann", Answer("P", "", None))
    assert db.answer(code, 1, "ann", Answer("N", "3,3", True))  # a second answer replaces the first …
    assert db.answer_of(code, 1, "ann") == Answer("N", "3,3", True) and db.count(code, 1) == 1  # … one row each
    assert db.answer(code, 1, "bob", Answer("N", "3,4", False))
    assert db.count(code, 1) == 2
    assert sorted(db.answers(code, 1), key=lambda a: a.move) == [Answer("N", "3,3", True), Answer("N", "3,4", False)]
    assert db.answer_of(code, 1, "cat") is None
    assert db.open_round(code, "nim", 1, 0, "1,1", "P") == 2
    assert db.answer(code, 2, "ann", Answer("P", "", None))  # a new round: a new answer
    assert db.count(code, 2) == 1 and db.count(code, 1) == 2


def test_only_a_member_s_answer_counts_and_answers_never_outnumber_members(db: ClassStore) -> None:
    code, _ = db.create(T0)
    other, _ = db.create(T0)
    db.open_round(code, "nim", 1, 0, "3,5", "N")
    assert not db.answer(code, 1, "stranger", Answer("P", "", None))  # never joined
    assert db.join(other, "elsewhere") == "joined"
    assert not db.answer(code, 1, "elsewhere", Answer("P", "", None))  # joined another class
    members = [f"s{i}" for i in range(30)]
    assert [db.join(code, m) for m in members] == ["joined"] * 30
    assert all(db.answer(code, 1, m, Answer("P", "", None)) for m in members)  # no cap refuses a member
    assert db.count(code, 1) == db.members(code) == 30


def test_joining_stops_at_a_lock_a_full_class_and_the_end(db: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    code, _ = db.create(T0)
    assert db.join(code, "early") == "joined" and db.join(code, "early") == "already"
    before = db.room(code, T0)
    db.lock(code, True)
    room = db.room(code, T0)
    assert room is not None and before is not None and room.locked and room.version == before.version + 1
    assert db.join(code, "late") == "locked" and not db.is_member(code, "late")
    assert db.join(code, "early") == "already"  # those in stay in
    db.lock(code, False)
    assert db.join(code, "late") == "joined"
    monkeypatch.setattr(module_of(db), "MAX_MEMBERS", 2)
    assert db.join(code, "third") == "full" and db.members(code) == 2
    db.end(code)
    assert db.join(code, "after") == "ended"
    assert db.join("ACDEFG" if code != "ACDEFG" else "ACDEFH", "x") == "ended"  # no such class


def test_rounds_and_phases(db: ClassStore) -> None:
    code, _ = db.create(T0)
    assert db.open_round(code, "nim", 1, 0, "3,5", "N") == 1
    room = db.room(code, T0)
    assert room is not None and (room.round, room.phase) == (1, "open")
    db.reveal(code)
    room = db.room(code, T0)
    assert room is not None and room.phase == "revealed"
    assert [(r.number, r.revealed) for r in db.rounds(code)] == [(1, True)]
    assert db.open_round(code, "kayles", 2, 7, "", "P") == 2
    room = db.room(code, T0)
    assert room is not None and (room.round, room.phase) == (2, "open")
    assert [(r.number, r.game, r.level, r.seed, r.position, r.truth, r.revealed) for r in db.rounds(code)] == [
        (1, "nim", 1, 0, "3,5", "N", True), (2, "kayles", 2, 7, "", "P", False)]
    db.end(code)
    room = db.room(code, T0)
    assert room is not None and room.phase == "ended"
    db.reveal(code)  # too late: an ended class stays ended
    room = db.room(code, T0)
    assert room is not None and room.phase == "ended"


def test_the_version_follows_what_students_see_and_not_the_answers(db: ClassStore) -> None:
    code, _ = db.create(T0)

    def version() -> int:
        room = db.room(code, T0)
        assert room is not None
        return room.version

    v = version()
    db.show(code, STEPPED)
    assert version() == v + 1
    db.show(code, STEPPED)  # the same view again: nothing changed
    assert version() == v + 1
    db.open_round(code, "nim", 1, 0, "3,5", "N")
    assert version() == v + 2
    assert vote(db, code, 1, "ann", Answer("P", "", None))
    assert vote(db, code, 1, "bob", Answer("N", "3,3", True))
    assert version() == v + 2  # answers change the count only
    db.reveal(code)
    assert version() == v + 3
    db.show(code, "/present/grid")
    assert version() == v + 4
    db.end(code)
    assert version() == v + 5
    db.end(code)
    assert version() == v + 5


def test_is_teacher_wants_this_class_s_own_secret(db: ClassStore) -> None:
    code, secret = db.create(T0)
    other, other_secret = db.create(T0)
    assert db.is_teacher(code, secret)
    assert not db.is_teacher(code, secret[:-1] + ("x" if secret[-1] != "x" else "y"))
    assert not db.is_teacher(code, "")
    assert not db.is_teacher(code, other_secret) and not db.is_teacher(other, secret)
    assert not db.is_teacher("ACDEFG" if code != "ACDEFG" else "ACDEFH", secret)


@pytest.mark.parametrize("typed, normal", [(" ace-347 ", "ACE347"), ("ACE347", "ACE347"), ("a c e 3 4 7", "ACE347"),
                                           ("\tqrt-679\n", "QRT679"), ("ace-347-", "ACE347")])
def test_a_typed_code_is_normalised(typed: str, normal: str) -> None:
    assert normal_code(typed) == normal


@pytest.mark.parametrize("typed", ["ACE34O", "ACE340", "ACE34I", "ACE341", "ACE34L", "ACE34S", "ACE345", "ACE34Z",
                                   "ACE342", "ACE34B", "ACE348", "ace34o", "ACE34", "ACE3477", "", "   ", "------",
                                   "ACE34!", "ACÉ347"])
def test_a_code_that_cannot_be_one_is_refused(typed: str) -> None:
    assert normal_code(typed) is None


def test_allow_counts_attempts_per_key_in_a_sliding_window(db: ClassStore) -> None:
    window = 60
    now = 100 * window + 1.0
    assert [db.allow("10.0.0.1", now, limit=3, window=window) for _ in range(5)] == [True, True, True, False, False]
    assert db.allow("10.0.0.2", now, limit=3, window=window)  # another address has its own count
    assert not db.allow("10.0.0.1", now + window - 2, limit=3, window=window)  # still within the window
    assert db.allow("10.0.0.1", now + window, limit=3, window=window)  # the tries of a window ago have gone


def test_no_window_boundary_lets_twice_the_limit_through(db: ClassStore) -> None:
    """A fixed clock-aligned window allowed ``limit`` tries just before its end and ``limit`` more
    just after (240 unknown codes in a few seconds); in a sliding window the second burst waits
    until the first is a window old."""
    window, limit = 600, 120
    end_of_slot = 101 * window - 1.0
    assert all(db.allow("guess:10.0.0.1", end_of_slot, limit=limit, window=window) for _ in range(limit))
    assert not db.allow("guess:10.0.0.1", end_of_slot + 2, limit=limit, window=window)  # a new clock slot: still refused
    assert not db.allow("guess:10.0.0.1", end_of_slot + window - 1, limit=limit, window=window)
    assert db.allow("guess:10.0.0.1", end_of_slot + window, limit=limit, window=window)


def test_a_refused_try_is_not_counted_and_old_tries_are_purged(db: ClassStore) -> None:
    for _ in range(50):
        db.allow("k", T0, limit=3, window=60)
    assert tries(db) == 3  # a key holds at most its limit
    db.purge(T0 + class_store.WINDOW)
    assert tries(db) == 0


@pytest.mark.parametrize("stores", ["one store", "two stores"])  # threads of one worker, or two workers on one file
def test_students_answering_at_once_are_all_recorded_once(new_store: Callable[[], ClassStore], stores: str) -> None:
    first = new_store()
    second = first if stores == "one store" else new_store()
    code, _ = first.create(T0)
    first.open_round(code, "nim", 1, 0, "3,5", "N")
    per_thread = 120
    shared = [f"both-{i}" for i in range(40)]  # students whose answers both threads send at once
    for student in shared + [f"t{index}-{i}" for index in (0, 1) for i in range(per_thread)]:
        first.join(code, student)
    barrier = threading.Barrier(2)
    results: dict[int, dict[str, bool]] = {}
    failures: list[BaseException] = []

    def run(index: int, db: ClassStore) -> None:
        try:
            barrier.wait(timeout=30)
            mine: dict[str, bool] = {}
            for i in range(per_thread):
                mine[f"t{index}-{i}"] = db.answer(code, 1, f"t{index}-{i}", Answer("N", "3,3", True))
                if i < len(shared):
                    mine[shared[i]] = db.answer(code, 1, shared[i], Answer("P", "", None))
            results[index] = mine
        except BaseException as error:  # noqa: BLE001 — reported by the main thread
            failures.append(error)

    threads = [threading.Thread(target=run, args=(i, db)) for i, db in enumerate((first, second))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not failures, failures
    assert all(not t.is_alive() for t in threads)
    for index in (0, 1):
        assert all(results[index][f"t{index}-{i}"] for i in range(per_thread))
    assert all(results[0][s] and results[1][s] for s in shared)  # both were taken, the later replacing the earlier …
    assert first.count(code, 1) == second.count(code, 1) == 2 * per_thread + len(shared)  # … one row each


def test_rounds_opened_at_once_get_numbers_of_their_own(new_store: Callable[[], ClassStore]) -> None:
    first, second = new_store(), new_store()
    code, _ = first.create(T0)
    barrier = threading.Barrier(2)
    numbers: list[int] = []
    lock = threading.Lock()

    def run(db: ClassStore) -> None:
        barrier.wait(timeout=30)
        for _ in range(25):
            n = db.open_round(code, "nim", 1, 0, "3,5", "N")
            with lock:
                numbers.append(n)

    threads = [threading.Thread(target=run, args=(db,)) for db in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(numbers) == list(range(1, 51))
    room = first.room(code, T0)
    assert room is not None and room.round == 50


# ------------------------------------------------------------------ starting and joining


def test_starting_a_class_sends_the_instructor_to_its_console(app: Flask) -> None:
    teacher, code = start(app)
    r = teacher.get(f"/class/{code}/teach")
    assert r.status_code == 200 and code in r.text
    cookie = teacher.get_cookie(identity.CLASS_COOKIE)
    assert cookie is not None and cookie.value == code
    with teacher.session_transaction() as s:
        secret = dict(s[identity.TEACHING])[code]
    assert store_of(app).is_teacher(code, secret)
    assert secret not in r.text  # the secret is never shown
    room = room_of(app, code)
    assert (room.round, room.phase, room.view) == (0, "idle", "")
    assert code in teacher.get("/class/new").text  # listed among this browser's classes


def test_a_class_started_from_a_projection_shows_it(app: Flask) -> None:
    teacher = person(app)
    r = teacher.post("/class/new", data={"view": "/zh" + STEPPED})
    match = CODE.fullmatch(r.headers["Location"])
    assert r.status_code == 303 and match is not None
    assert room_of(app, match[1]).view == STEPPED


def test_a_student_joins_with_the_code_typed_anyhow(app: Flask) -> None:
    _, code = start(app)
    student = person(app)
    for typed in (code.lower(), f" {code[:3].lower()}-{code[3:]} "):
        r = student.get("/join", query_string={"code": typed})
        assert r.status_code == 303 and r.headers["Location"] == f"/class/{code}"
    page = student.get(f"/class/{code}").text
    assert code in page and "You are in." in page


def test_bad_and_unknown_codes(app: Flask) -> None:
    student = person(app)
    r = student.get("/join?code=XYZ")
    assert r.status_code == 400 and "A class code is six letters and digits" in r.text and "got ‘XYZ’" in r.text
    r = student.get("/join", query_string={"code": "<script>alert(1)</script>"})
    assert r.status_code == 400 and "<script>alert" not in r.text
    unknown = next(c for c in ("ACDEFG", "ACDEFH", "ACDEFJ") if store_of(app).room(c, time.time()) is None)
    r = student.get(f"/join?code={unknown.lower()}")
    assert r.status_code == 404 and f"No class has the code {unknown.lower()}" in r.text
    r = student.get("/class/AAAAAA")
    assert r.status_code == 404 and "There is no class with the code AAAAAA" in r.text
    assert student.get("/class/not-a-code").status_code == 404
    assert student.get("/join").status_code == 200  # the form itself


def test_many_unknown_codes_from_one_address_are_refused(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    _, code = start(app)
    now = time.time()
    monkeypatch.setattr(identity, "now", lambda: now)  # one window throughout
    guesser = person(app)
    unknown = [c for c in ("ACD" + "".join(t) for t in itertools.product(ALPHABET, repeat=3)) if store_of(app).room(c, now) is None]
    statuses = [guesser.get(f"/join?code={c}").status_code for c in unknown[: JOIN_LIMIT + 3]]
    assert statuses[:JOIN_LIMIT] == [404] * JOIN_LIMIT
    assert statuses[JOIN_LIMIT:] == [429] * 3
    r = guesser.get("/class/ACDEFG/live")  # the class pages count against the same address
    assert r.status_code == 429 and "Too many codes tried" in r.text
    assert guesser.get(f"/join?code={code}").status_code == 303  # the right code still lets one in
    assert person(app).get(f"/join?code={unknown[0]}").status_code == 404  # another address is not refused


# ------------------------------------------------------------------ the instructor's own


def _instructor_requests(code: str) -> list[tuple[str, str, dict[str, str]]]:
    return [("POST", f"/class/{code}/round", {"game": "nim", "level": "1", "position": "1,2"}),
            ("POST", f"/class/{code}/reveal", {}), ("POST", f"/class/{code}/end", {}),
            ("POST", f"/class/{code}/view", {"url": "/present/grid", "show": "1"}),
            ("GET", f"/class/{code}/teach", {}), ("GET", f"/class/{code}/teach/live", {}),
            ("GET", f"/class/{code}/summary.csv", {})]


def _snapshot(app: Flask, code: str) -> tuple[Room, list[object], int]:
    room = room_of(app, code)
    return room, list(store_of(app).rounds(code)), store_of(app).count(code, room.round)


def test_only_the_instructor_can_act(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    student.set_cookie(identity.CLASS_COOKIE, code)  # the code's cookie is no key
    assert answer(student, code, 1, "P").status_code == 303
    before = _snapshot(app, code)
    for method, path, form in _instructor_requests(code):
        r = student.post(path, data=form) if method == "POST" else student.get(path)
        assert r.status_code == 403, (method, path, r.status_code)
        assert f"Only the instructor who started class {code} can do this." in r.text
        assert "text/csv" not in r.headers["Content-Type"]
    assert _snapshot(app, code) == before
    r = teacher.get(f"/class/{code}/teach")
    assert r.status_code == 200


def test_a_signed_session_with_a_wrong_secret_is_no_instructor(app: Flask) -> None:
    teacher, code = start(app)
    other = person(app)
    with teacher.session_transaction() as s:
        secret = dict(s[identity.TEACHING])[code]
    with other.session_transaction() as s:
        s[identity.TEACHING] = [[code, secret[:-1] + ("x" if secret[-1] != "x" else "y")]]
    assert other.get(f"/class/{code}/teach").status_code == 403
    with other.session_transaction() as s:
        s[identity.TEACHING] = [[code, 12345]]
    assert other.get(f"/class/{code}/teach").status_code == 403
    with other.session_transaction() as s:
        s[identity.TEACHING] = ["not", "a", "dict"]
    assert other.get(f"/class/{code}/teach").status_code == 403
    tamper(teacher)  # the instructor's own cookie, edited: no longer theirs
    assert teacher.get(f"/class/{code}/teach").status_code == 403


def start_many(teacher: FlaskClient, count: int) -> list[str]:
    """``count`` classes started one after another in one browser: their codes, oldest first."""
    codes = []
    for _ in range(count):
        match = CODE.fullmatch(teacher.post("/class/new").headers["Location"])
        assert match is not None
        codes.append(match[1])
    return codes


def test_one_browser_keeps_the_keys_of_at_most_max_teaching_classes(app: Flask) -> None:
    teacher = person(app)
    codes = start_many(teacher, identity.MAX_TEACHING + 1)
    with teacher.session_transaction() as s:
        kept = dict(s[identity.TEACHING])
    assert len(kept) == identity.MAX_TEACHING and codes[-1] in kept
    assert [teacher.get(f"/class/{code}/teach").status_code == 200 for code in codes].count(True) == identity.MAX_TEACHING
    assert teacher.get(f"/class/{codes[-1]}/teach").status_code == 200  # the newest always works
    listed = teacher.get("/class/new").text
    assert sum(code in listed for code in codes) == identity.MAX_TEACHING


def test_the_oldest_class_s_key_is_the_one_dropped(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """A browser keeps the keys of its last MAX_TEACHING classes; the ninth drops the first
    started. (The session is JSON with sorted keys: kept as a dict, the keys came back in the
    codes' order and a class started a minute ago could lose its key.) The codes here are drawn
    in falling alphabetical order, so an order by code would drop the wrong one."""
    prefix = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH - 1))
    drawn = iter(prefix + letter for letter in sorted(ALPHABET, reverse=True))  # each code sorts before the one before it
    monkeypatch.setattr(sqlite_store, "new_code", lambda: next(drawn))
    teacher = person(app)
    codes = start_many(teacher, identity.MAX_TEACHING + 1)
    assert codes == sorted(codes, reverse=True)
    assert teacher.get(f"/class/{codes[-2]}/teach").status_code == 200  # started just now: must still be the instructor's
    assert teacher.get(f"/class/{codes[0]}/teach").status_code == 403  # the oldest is the one to forget


def test_no_class_leaks_into_another(app: Flask) -> None:
    teacher_a, a = start(app)
    teacher_b, b = start(app)
    pose(teacher_a, a)
    pose(teacher_b, b)
    student = joined(app, a)
    assert answer(student, a, 1, "N", "3,3").status_code == 303
    assert store_of(app).count(a, 1) == 1 and store_of(app).count(b, 1) == 0
    assert "Is this position winning" in student.get(f"/class/{b}").text  # not answered there
    before = _snapshot(app, b)
    assert teacher_a.get(f"/class/{b}/teach").status_code == 403
    assert teacher_a.get(f"/class/{b}/teach/live").status_code == 403
    assert teacher_a.post(f"/class/{b}/reveal").status_code == 403
    assert teacher_a.post(f"/class/{b}/end").status_code == 403
    assert teacher_a.post(f"/class/{b}/view", data={"url": STEPPED}).status_code == 403
    assert teacher_a.get(f"/class/{b}/summary.csv").status_code == 403
    assert _snapshot(app, b) == before
    assert "<strong>1</strong> answer so far" in teacher_a.get(f"/class/{a}/teach").text
    assert "<strong>0</strong> answers so far" in teacher_b.get(f"/class/{b}/teach").text


# ------------------------------------------------------------------ answers


def test_one_answer_each_which_the_student_may_change_while_voting_is_open(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    assert answer(student, code, 1, "P").status_code == 303
    assert "Your answer:" in student.get(f"/class/{code}").text
    assert answer(student, code, 1, "N", "3,3").status_code == 303  # changed: the first is replaced
    assert store_of(app).count(code, 1) == 1
    sid = sid_of(student)
    assert sid is not None and store_of(app).answer_of(code, 1, sid) == Answer("N", "3,3", True)


def test_an_answer_to_a_past_round_or_a_closed_one_is_refused(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code)
    r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "1,1"})
    assert r.status_code == 409 and "Question 1 is still open: reveal it before asking the next." in r.text
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    pose(teacher, code, position="1,1")
    student = joined(app, code)
    r = answer(student, code, 1, "N")
    assert r.status_code == 409 and "That question is over" in r.text
    r = student.post(f"/class/{code}/answer", data={"says": "P"})  # no round at all
    assert r.status_code == 409
    assert store_of(app).count(code, 1) == 0 and store_of(app).count(code, 2) == 0
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    r = answer(student, code, 2, "P")
    assert r.status_code == 409 and "You did not answer this one." in r.text  # the revealed card instead of a form
    assert store_of(app).count(code, 2) == 0


def test_a_late_answer_is_told_the_question_is_closed(app: Flask) -> None:
    """An answer after the reveal (or the end, or before any question) gets a 409 whose card
    says why, with JavaScript off and under htmx (the site's responseHandling swaps a 409 in)."""
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    r = answer(student, code, 1, "P")
    assert r.status_code == 409
    assert "This question is closed" in r.text
    r = student.post(f"/class/{code}/answer", data={"round": "1", "says": "P"}, headers={"HX-Request": "true"})
    assert r.status_code == 409 and "This question is closed" in r.text and 'id="class-live"' in r.text  # the fragment
    config = re.search(r"name=\"htmx-config\" content='([^']*)'", student.get(f"/class/{code}").text)
    assert config and {"code": "409", "swap": True, "error": False} in json.loads(config[1])["responseHandling"]


def test_an_answer_before_any_question_is_refused(app: Flask) -> None:
    _, code = start(app)
    student = joined(app, code)
    assert answer(student, code, 0, "P").status_code == 409
    assert answer(student, code, 1, "P").status_code == 409


def test_a_bad_says_is_400_with_a_message(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    for says in ("maybe", "", "p", "PN"):
        r = answer(student, code, 1, says)
        assert r.status_code == 400 and "answer with P (losing for the player to move) or N (winning)" in r.text, says
    assert store_of(app).count(code, 1) == 0
    assert answer(student, code, 1, "P").status_code == 303  # the student may still answer


def test_an_illegal_move_keeps_the_n_and_says_the_engine_s_message(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    q = rounds.question_of(store_of(app).rounds(code)[0])
    with app.test_request_context():
        illegal = check_move(q, "3,9")
        assert illegal.move is None
        with pytest.raises(GameError) as not_a_position:
            check_move(q, "three")
        unreadable = error_message(not_a_position.value)
    sid = sid_of(student)
    for typed, message in (("3,9", illegal.message), ("three", unreadable)):
        r = answer(student, code, 1, "N", typed)
        assert r.status_code == 200, typed  # the N is kept …
        assert str(escape(message)) in r.text, (typed, message)  # … and why its move was not read is said at once
        assert f'value="{typed}"' in r.text  # what was typed is kept, to be corrected
        assert "Your N is counted, but its move was not read:" in r.text
        assert sid is not None and store_of(app).answer_of(code, 1, sid) == Answer("N", "", None, typed)
        assert str(escape(message)) in student.get(f"/class/{code}").text  # still said on the next look
    r = answer(student, code, 1, "N", "9" * 300)
    assert r.status_code == 200 and "at most 200 characters" in r.text
    assert store_of(app).count(code, 1) == 1
    assert answer(student, code, 1, "N", "3,3").status_code == 303  # fixed
    assert store_of(app).answer_of(code, 1, sid) == Answer("N", "3,3", True)


def test_a_winning_move_is_recorded_as_winning(app: Flask) -> None:
    teacher, code = start(app)
    for _ in range(40):  # drawn questions: about half are N
        pose(teacher, code, game="nim", level="2", position="")
        current = store_of(app).rounds(code)[-1]
        if current.truth == "N":
            break
        assert teacher.post(f"/class/{code}/reveal").status_code == 303  # a P question: on to the next
    else:
        raise AssertionError("no N question in 40 draws")
    assert current.position == "" and current.level == 2
    q = rounds.question_of(current)
    assert q.outcome() == "N"
    moves = winning_moves(q)
    assert moves
    after = q.arena.format(moves[0].after)
    winner, loser = joined(app, code), joined(app, code)
    assert answer(winner, code, current.number, "N", after).status_code == 303
    sid = sid_of(winner)
    assert sid is not None
    assert store_of(app).answer_of(code, current.number, sid) == Answer("N", after, True)
    assert answer(loser, code, current.number, "N").status_code == 303  # N without a move
    loser_sid = sid_of(loser)
    assert loser_sid is not None
    assert store_of(app).answer_of(code, current.number, loser_sid) == Answer("N", "", None)


def test_a_losing_move_is_recorded_as_losing(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code)  # 3,5: N, and 3,4 leaves 3 ^ 4 = 7, N again
    student = joined(app, code)
    assert answer(student, code, 1, "N", "3,4").status_code == 303
    sid = sid_of(student)
    assert sid is not None and store_of(app).answer_of(code, 1, sid) == Answer("N", "3,4", False)


def _won_by_one(app: Flask) -> tuple[str, FlaskClient]:
    """A class asked 3,5 in Nim, and a student who answered it with the winning move (to 3,3)."""
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    assert answer(student, code, 1, "N", "3,3").status_code == 303
    return code, student


def test_a_tampered_cookie_makes_a_new_anonymous_student(app: Flask) -> None:
    code, student = _won_by_one(app)
    first = sid_of(student)
    assert first is not None and "Your answer:" in student.get(f"/class/{code}").text
    tamper(student)
    page = student.get(f"/class/{code}").text
    assert "Your answer:" not in page and "Is this position winning" in page  # not shown as theirs
    second = sid_of(student)
    assert second is not None and second != first
    assert store_of(app).answer_of(code, 1, second) is None
    assert store_of(app).answer_of(code, 1, first) == Answer("N", "3,3", True)  # the first answer is untouched


def test_a_session_forged_with_another_key_cannot_impersonate(app: Flask) -> None:
    code, victim = _won_by_one(app)
    victim_sid = sid_of(victim)
    assert victim_sid is not None
    forger = Flask("forger")
    forger.secret_key = "not the site's key"
    serializer = SecureCookieSessionInterface().get_signing_serializer(forger)
    assert serializer is not None
    attacker = person(app)
    attacker.set_cookie("session", serializer.dumps({identity.STUDENT: victim_sid}))
    page = attacker.get(f"/class/{code}").text
    assert "Your answer:" not in page and "Is this position winning" in page
    assert sid_of(attacker) != victim_sid
    assert answer(attacker, code, 1, "P").status_code == 303  # counted as somebody new …
    assert store_of(app).answer_of(code, 1, victim_sid) == Answer("N", "3,3", True)  # … never as the victim
    assert store_of(app).count(code, 1) == 2


def test_a_malformed_student_id_is_replaced(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    with student.session_transaction() as s:
        s[identity.STUDENT] = "x"
    assert answer(student, code, 1, "P").status_code == 303
    sid = sid_of(student)
    assert sid is not None and sid != "x" and re.fullmatch(r"[A-Za-z0-9_-]{16,40}", sid)
    assert store_of(app).answer_of(code, 1, "x") is None and store_of(app).answer_of(code, 1, sid) is not None


# ------------------------------------------------------------------ the polled parts


def test_the_student_s_etag_follows_the_class_not_the_others_answers(app: Flask) -> None:
    teacher, code = start(app)
    ann, bob = joined(app, code), joined(app, code)
    r = ann.get(f"/class/{code}/live")
    tag = r.headers["ETag"]
    assert r.status_code == 200 and tag.startswith('W/"s')
    r = ann.get(f"/class/{code}/live", headers={"If-None-Match": tag})
    assert r.status_code == 304 and r.headers["ETag"] == tag and r.data == b""
    assert ann.get(f"/zh/class/{code}/live", headers={"If-None-Match": tag}).status_code == 200  # another language
    # the instructor steps the projection: every phone asks again
    r = teacher.post(f"/class/{code}/view", data={"url": STEPPED, "show": "1"})
    assert r.status_code == 200
    assert room_of(app, code).view == STEPPED
    r = ann.get(f"/class/{code}/live", headers={"If-None-Match": tag})
    assert r.status_code == 200 and r.headers["ETag"] != tag and "On the projector" in r.text
    tag = r.headers["ETag"]
    assert ann.get(f"/class/{code}/live", headers={"If-None-Match": tag}).status_code == 304
    # a question: everyone asks again; then another student's answer changes nothing for ann …
    pose(teacher, code)
    r = ann.get(f"/class/{code}/live", headers={"If-None-Match": tag})
    assert r.status_code == 200 and "Is this position winning" in r.text
    tag = r.headers["ETag"]
    t = teacher.get(f"/class/{code}/teach/live")
    teacher_tag = t.headers["ETag"]
    assert t.status_code == 200 and teacher_tag.startswith('W/"t') and "<strong>0</strong> answers so far" in t.text
    assert teacher.get(f"/class/{code}/teach/live", headers={"If-None-Match": teacher_tag}).status_code == 304
    assert answer(bob, code, 1, "P").status_code == 303
    assert ann.get(f"/class/{code}/live", headers={"If-None-Match": tag}).status_code == 304
    # … but the console's count changes
    t = teacher.get(f"/class/{code}/teach/live", headers={"If-None-Match": teacher_tag})
    assert t.status_code == 200 and t.headers["ETag"] != teacher_tag and "<strong>1</strong> answer so far" in t.text
    # ann's own answer changes her part
    assert answer(ann, code, 1, "N", "3,3").status_code == 303
    r = ann.get(f"/class/{code}/live", headers={"If-None-Match": tag})
    assert r.status_code == 200 and r.headers["ETag"] != tag and "Your answer:" in r.text
    # the same view reported again changes nothing
    tag = r.headers["ETag"]
    assert teacher.post(f"/class/{code}/view", data={"url": STEPPED, "show": "1"}).status_code == 200
    assert ann.get(f"/class/{code}/live", headers={"If-None-Match": tag}).status_code == 304


def test_the_reveal_shows_the_split_the_answer_and_the_commonest_wrong_move(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code, position="3,5")  # N: the winning move leaves 3,3
    round_ = store_of(app).rounds(code)[0]
    assert (round_.position, round_.truth, round_.seed) == ("3,5", "N", 0)
    wrong_a, wrong_b, right, says_p, silent = (joined(app, code) for _ in range(5))
    assert answer(wrong_a, code, 1, "N", "3,4").status_code == 303
    assert answer(wrong_b, code, 1, "N", "3, 4").status_code == 303  # the same move, typed differently
    assert answer(right, code, 1, "N", "3,3").status_code == 303
    assert answer(says_p, code, 1, "P").status_code == 303
    console = teacher.get(f"/class/{code}/teach").text
    assert "<strong>4</strong> answers so far" in console
    assert "class-split" not in console and "most common wrong move" not in console  # nothing before the reveal
    assert "Wait for the reveal" in right.get(f"/class/{code}").text
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    console = teacher.get(f"/class/{code}/teach").text
    assert "class-split" in console
    assert "1 student (25%)" in console and "3 students (75%) ✔" in console
    assert "The position is <span class=\"chip is-N\">N</span>" in console and "3 of 4 answers were right (75%)." in console
    assert "The most common wrong move (2 students):" in console and "<code>3,4</code>" in console
    assert "The reply that refutes it:" in console
    assert "Moves given: 3, of which winning: 1." in console
    right_page = right.get(f"/class/{code}").text
    assert "You were right." in right_page and "Your move wins." in right_page and "is-right" in right_page
    wrong_page = wrong_a.get(f"/class/{code}").text
    assert "You were right." in wrong_page and "Your move does not win." in wrong_page
    p_page = says_p.get(f"/class/{code}").text
    assert "You said P." in p_page and "You were right." not in p_page and "is-wrong" in p_page
    assert "You did not answer this one." in silent.get(f"/class/{code}").text
    # the console's live part tells the same
    live = teacher.get(f"/class/{code}/teach/live").text
    assert "The most common wrong move (2 students):" in live and "3 of 4 answers were right (75%)." in live


def test_a_p_question_revealed(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code, position="2,2")
    student = joined(app, code)
    assert answer(student, code, 1, "N", "1,2").status_code == 303  # a losing move (1,2 is N)
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    console = teacher.get(f"/class/{code}/teach").text
    assert "The position is <span class=\"chip is-P\">P</span>" in console and "0 of 1 answer was right (0%)." in console
    assert "The most common wrong move (1 student):" in console
    page = student.get(f"/class/{code}").text
    assert "You said N." in page and "Your move does not win." in page


def test_the_summary_has_a_row_per_round_with_the_percent_right(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code, position="3,5")  # N
    students = [joined(app, code) for _ in range(3)]
    for student, says in zip(students, ("N", "N", "P")):
        assert answer(student, code, 1, says).status_code == 303
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    pose(teacher, code, position="1,1")  # P
    assert answer(students[0], code, 2, "P").status_code == 303
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    pose(teacher, code, game="kayles", level="2", position="")  # nobody answers, and the class ends before the reveal
    r = teacher.get(f"/class/{code}/summary.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert f'filename="grundy-class-{code}.csv"' in r.headers["Content-Disposition"]
    assert r.headers["Cache-Control"] == "no-store"
    table = list(csv.DictReader(io.StringIO(r.text)))
    assert [row["round"] for row in table] == ["1", "2", "3"]
    assert [row["game"] for row in table] == ["Nim", "Nim", "Kayles"]  # its name, in the class's language
    assert [row["vote"] for row in table] == ["1", "1", "1"] and [row["posed"] for row in table] == ["typed", "typed",
                                                                                                   "drawn at level 2"]
    assert [row["position"] for row in table[:2]] == ["3,5", "1,1"]
    assert [row["answer"] for row in table[:2]] == ["N", "P"]
    assert [row["answered"] for row in table] == ["3", "1", "0"]
    assert [row["percent right"] for row in table] == ["67", "100", "0"]
    assert [row["revealed"] for row in table] == ["yes", "yes", "no"]
    assert (table[0]["said P"], table[0]["said N"]) == ("1", "2")
    # ending the class shows the same table on the console; nothing can be posed any more
    assert teacher.post(f"/class/{code}/end").status_code == 303
    console = teacher.get(f"/class/{code}/teach").text
    assert "The class has ended" in console and "67%" in console and "class-summary" in console
    assert console.count("(not revealed)") == 1
    r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "1,2"})
    assert r.status_code == 409 and "This class has ended." in r.text
    assert teacher.post(f"/class/{code}/reveal").status_code == 409
    assert len(store_of(app).rounds(code)) == 3
    assert "This class has ended" in students[0].get(f"/class/{code}").text
    assert answer(students[1], code, 3, "P").status_code == 409


# ------------------------------------------------------------------ the followed view


def test_only_a_projection_can_be_followed(app: Flask) -> None:
    teacher, code = start(app)
    hidden = next(name for name in WIDGETS if name not in PRESENTABLE)
    version = room_of(app, code).version
    for url in ("", "/w/no-such-widget", f"/w/{hidden}", "/present/no-such-widget", f"/present/{hidden}", "/lessons/nim",
                "https://evil.example/lessons", "/present/pn-table/../../admin", "/present/" + "a" * 3000):
        r = teacher.post(f"/class/{code}/view", data={"url": url})
        assert r.status_code == 400 and "Students can follow projections (/present/…) only." in r.text, url
    assert room_of(app, code).view == "" and room_of(app, code).version == version
    r = teacher.post(f"/class/{code}/view", data={"url": "/zh" + STEPPED, "show": "1"})
    assert r.status_code == 200
    assert room_of(app, code).view == STEPPED  # stored without the language prefix
    assert teacher.post(f"/class/{code}/view", data={"url": "/present/grid", "show": "1"}).status_code == 200
    assert room_of(app, code).view == "/present/grid"
    student = joined(app, code)
    assert "On the projector" in student.get(f"/class/{code}").text


def test_a_student_follows_and_can_explore(app: Flask) -> None:
    teacher, code = start(app)
    assert teacher.post(f"/class/{code}/view", data={"url": STEPPED, "show": "1"}).status_code == 200
    student = joined(app, code)
    follow = student.get(f"/class/{code}").text
    assert "On the projector" in follow and "class-view-widget" in follow and "class-explore" not in follow
    explore = student.get(f"/class/{code}?explore=1").text
    assert "class-explore" in explore and "Follow the projector again" in explore


def test_a_bad_typed_position_is_400_with_a_message(app: Flask) -> None:
    teacher, code = start(app)
    before = _snapshot(app, code)
    cases = [("nim", "1", "13,13,13,13"), ("nim", "1", "3,99999999"), ("nim", "1", "3,x"), ("nim", "1", ",".join(["9"] * 20)),
             ("chess", "1", ""), ("nim", "7", "3,5"), ("nim", "", "3,5")]
    for game, level, position in cases:
        r = teacher.post(f"/class/{code}/round", data={"game": game, "level": level, "position": position})
        assert r.status_code == 400, (game, level, position, r.status_code)
        with app.test_request_context():
            with pytest.raises(GameError) as refused:
                rounds.pose(game, level, position)
            message = error_message(refused.value)
        assert message and str(escape(message)) in r.text, (game, level, position, message)
        assert 'role="alert"' in r.text
    assert _snapshot(app, code) == before  # no round was opened
    # … and the messages say what is wrong
    for position, words in (("13,13,13,13", "search is too long"), ("3,99999999", "1,000,000"), ("3,x", "whole number")):
        r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": position})
        assert r.status_code == 400 and words in r.text, position
    r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "3,x"})
    assert 'value="3,x"' in r.text  # the form keeps what was typed


def test_a_typed_position_is_posed_under_the_opening_rule(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code, game="subtraction", level="3", position=" 12 , 9 ")
    r = store_of(app).rounds(code)[-1]
    assert (r.game, r.level, r.seed, r.position) == ("subtraction", 3, 0, "12,9")
    q = rounds.question_of(r)
    assert q.outcome() == r.truth and q.position_text == "12,9"
    assert "12,9" in teacher.get(f"/class/{code}/teach").text


# ------------------------------------------------------------------ expiry


def test_an_expired_class_is_gone(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    later = time.time() + LIFETIME + 1
    monkeypatch.setattr(identity, "now", lambda: later)
    r = student.get(f"/class/{code}")
    assert r.status_code == 404 and "a class lasts 12 hours" in r.text
    assert student.get(f"/class/{code}/live").status_code == 404
    assert answer(student, code, 1, "P").status_code == 404
    assert student.get(f"/join?code={code}").status_code == 404
    for path in ("/teach", "/teach/live", "/summary.csv"):
        assert teacher.get(f"/class/{code}{path}").status_code == 404, path
    assert teacher.post(f"/class/{code}/reveal").status_code == 404
    assert code not in teacher.get("/class/new").text
    assert store_of(app).count(code, 1) == 0


def _answer_in_child(store: ClassStore, code: str) -> None:
    if isinstance(store, SQLiteClassStore):
        inherited = store._local.db  # the parent's connection, copied by the fork
        assert store._db() is not inherited  # SQLite: a connection must not be used across a fork
    assert store.answer(code, 1, "from-the-child", Answer("P", "", None))


def test_a_store_opened_before_a_fork_is_used_safely_after_it(new_store: Callable[[], ClassStore]) -> None:
    """gunicorn --preload builds the app (and its store's connection) before forking workers: a
    worker never uses the connection it inherited, it opens its own."""
    import multiprocessing

    store = new_store()
    code, _ = store.create(time.time())
    store.open_round(code, "nim", 1, 5, "", "N")
    store.join(code, "from-the-child")
    child = multiprocessing.get_context("fork").Process(target=_answer_in_child, args=(store, code))
    child.start()
    child.join(timeout=30)
    assert child.exitcode == 0
    assert store.answer_of(code, 1, "from-the-child") == Answer("P", "", None)


def test_the_console_counts_the_students_who_joined_once_each(app: Flask) -> None:
    """A student is counted when their page first opens, not again on a reload, and the console's
    live part changes when one joins (its tag counts them)."""
    teacher, code = start(app)
    live = teacher.get(f"/class/{code}/teach/live")
    assert "0 students have joined." in live.text
    first = joined(app, code)
    assert first.get(f"/class/{code}").status_code == 200  # a reload: the same student
    assert teacher.get(f"/class/{code}/teach/live", headers={"If-None-Match": live.headers["ETag"]}).status_code == 200
    joined(app, code)
    assert store_of(app).members(code) == 2
    assert "2 students have joined." in teacher.get(f"/class/{code}/teach").text
    pose(teacher, code)
    assert "(2 students joined)" in teacher.get(f"/class/{code}/teach").text
    _, other = start(app)
    assert store_of(app).members(other) == 0  # nothing leaks into another class


def test_a_store_counts_a_member_once(new_store: Callable[[], ClassStore]) -> None:
    store = new_store()
    code, _ = store.create(1000.0)
    for student in ("a", "b", "a"):
        store.join(code, student)
    assert store.members(code) == 2
    assert store.purge(1000.0 + LIFETIME) == 1 and store.members(code) == 0


def test_a_store_finds_one_round_by_its_number(new_store: Callable[[], ClassStore]) -> None:
    store = new_store()
    code, _ = store.create(1000.0)
    assert store.round_of(code, 1) is None
    store.open_round(code, "nim", 1, 5, "", "N")
    store.open_round(code, "wythoff", 2, 0, "3,5", "N")
    assert store.round_of(code, 2) == store.rounds(code)[1] == Round(2, "wythoff", 2, 0, "3,5", "N", False)
    assert store.round_of(code, 3) is None and store.round_of("ACE347", 1) is None


def test_the_followed_widget_folds_away_during_a_question_and_goes_when_the_class_ends(app: Flask) -> None:
    """The reviewer's phone said "On the projector: P/N table" under a question while the console
    was what the room saw, and a filled table can give a question away: while a question is
    open the widget is folded under it; revealed, it is back; ended, there is none, and the
    projection is told so (410), so it drops its class bar."""
    teacher, code = start(app)
    student = joined(app, code)
    assert teacher.post(f"/class/{code}/view", data={"url": STEPPED, "show": "1"}).status_code == 200
    page = student.get(f"/class/{code}").text
    assert "On the projector" in page and "class-view-fold" not in page
    pose(teacher, code)
    page = student.get(f"/class/{code}").text
    assert '<details class="class-view-fold"><summary>The projected widget: P/N table' in page
    assert page.index("Is this position winning") < page.index("class-view-fold")
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    page = student.get(f"/class/{code}").text
    assert "On the projector" in page and "class-view-fold" not in page
    assert teacher.post(f"/class/{code}/end").status_code == 303
    page = student.get(f"/class/{code}").text
    assert "This class has ended" in page and "class-view-widget" not in page and "Explore on my own" not in page
    r = teacher.post(f"/class/{code}/view", data={"url": STEPPED})
    assert r.status_code == 410 and "This class has ended" in r.text
    console = teacher.get(f"/class/{code}/teach").text
    assert 'class="class-live teach-live is-ended"' in console  # (the join card is hidden by that)


@pytest.mark.parametrize("part, total, percent", [(0, 0, 0), (1, 3, 33), (2, 3, 67), (1, 8, 13), (3, 8, 38), (1, 200, 1),
                                                  (1, 201, 0), (4, 4, 100)])
def test_a_share_is_whole_percent_rounded_half_up(part: int, total: int, percent: int) -> None:
    assert rounds.Split(total, 0, 0, 0, 0, 0, "", 0).percent(part) == percent


def test_the_reveal_counts_the_answers_not_the_class(app: Flask) -> None:
    """One of three answers right, with five students joined, is "1 of 3 answers", not "33% of
    the class"."""
    teacher, code = start(app)
    students = [joined(app, code) for _ in range(5)]
    pose(teacher, code, position="3,5")
    for student, says in zip(students, ("N", "P", "P")):
        assert answer(student, code, 1, says).status_code == 303
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    console = teacher.get(f"/class/{code}/teach").text
    assert "1 of 3 answers were right (33%)." in console
    assert "作答的 3 人中 1 人答对（33%）。" in teacher.get(f"/zh/class/{code}/teach").text


def test_the_console_says_what_the_levels_draw_and_the_rule_a_typed_position_is_played_under(app: Flask) -> None:
    """The pose form named its levels 1, 2, 3 and a typed position's rule as "the rule /play
    starts with", which told an instructor nothing: each level is named as the quiz names it, and
    every game's usual rule is listed beside the form, in the reader's language."""
    teacher, code = start(app)
    console = teacher.get(f"/class/{code}/teach").text
    assert ">Level 1: small positions</option>" in console and ">Level 3: sums of several games</option>" in console
    assert "Each game’s usual rule (a question without a rule is played under it)" in console
    with app.test_request_context():
        for kind in IN_CLASS.values():
            assert str(escape(kind.arena().rule_text))[1:] in console, kind.key  # (its first letter capitalised)
    pose(teacher, code, game="bash", position="20")  # typed: under that rule, as the console said
    assert "take 1 to 3 coins from one heap" in teacher.get(f"/class/{code}/teach").text
    assert "难度 1：小局面" in teacher.get(f"/zh/class/{code}/teach").text


# ------------------------------------------------------------------ who may vote, join and start (issue 24)


def cookieless(app: Flask) -> FlaskClient:
    """A client that keeps no cookies (a script): every request starts a new session."""
    client = person(app)
    client._cookies.clear()  # and after every request, below
    original = client.open

    def forgetful(*args: object, **kwargs: object) -> TestResponse:
        client._cookies.clear()
        return original(*args, **kwargs)  # type: ignore[arg-type]

    client.open = forgetful  # type: ignore[method-assign]
    return client


def test_page_views_without_cookies_count_no_student(app: Flask) -> None:
    teacher, code = start(app)
    script = cookieless(app)
    for _ in range(300):
        assert script.get(f"/class/{code}").status_code == 200
        assert script.get(f"/class/{code}/live").status_code == 200
    assert store_of(app).members(code) == 0
    assert "0 students have joined." in teacher.get(f"/class/{code}/teach").text
    one = person(app)
    one.get(f"/class/{code}")
    assert store_of(app).members(code) == 0  # opened, not yet back with its cookie
    one.get(f"/class/{code}/live")
    one.get(f"/class/{code}/live")
    one.get(f"/class/{code}")
    assert store_of(app).members(code) == 1
    assert "1 student has joined." in teacher.get(f"/class/{code}/teach").text


def test_an_answer_without_joining_this_class_is_refused(app: Flask) -> None:
    teacher, code = start(app)
    _, other = start(app)
    pose(teacher, code)
    stranger = person(app)  # never opened the class's page: has a session with a token, no code
    r = answer(stranger, code, 1, "P")
    assert r.status_code == 403 and f"Only students who joined class {code} can answer" in r.text
    elsewhere = joined(app, other)  # joined another class
    r = answer(elsewhere, code, 1, "P")
    assert r.status_code == 403 and "Only students who joined" in r.text
    assert store_of(app).count(code, 1) == 0 and store_of(app).members(code) == 0
    script = cookieless(app)
    for _ in range(20):
        assert answer(script, code, 1, "P").status_code == 403  # no token either: refused before anything
    assert store_of(app).count(code, 1) == 0


def test_a_student_who_only_opened_the_page_is_counted_by_their_answer(app: Flask) -> None:
    """Without JavaScript nothing polls: the answer itself (sent with the cookie the page set) joins."""
    teacher, code = start(app)
    pose(teacher, code)
    student = person(app)
    assert student.get(f"/class/{code}").status_code == 200
    assert store_of(app).members(code) == 0
    assert answer(student, code, 1, "N", "3,3").status_code == 303
    assert store_of(app).members(code) == 1 and store_of(app).count(code, 1) == 1


def test_no_cap_refuses_a_joined_student_however_many_others_tried(app: Flask) -> None:
    teacher, code = start(app)
    pose(teacher, code)
    student = joined(app, code)
    script = cookieless(app)
    refused = [answer(script, code, 1, "P").status_code for _ in range(600)]
    assert set(refused) == {403}
    assert answer(student, code, 1, "N", "3,3").status_code == 303
    assert store_of(app).count(code, 1) == 1 == store_of(app).members(code)


def test_joins_from_one_address_are_bounded(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admission, "JOINS_PER_ADDRESS", 5)
    _, code = start(app)
    address = f"10.{secrets.randbelow(256)}.{secrets.randbelow(256)}.7"
    phones = []
    for _ in range(6):
        phone = app.test_client()
        phone.environ_base["REMOTE_ADDR"] = address
        phone.get(f"/class/{code}")
        phones.append(phone.get(f"/class/{code}/live"))
    assert [r.status_code for r in phones] == [200] * 5 + [429]
    assert store_of(app).members(code) == 5
    assert "Too many students have joined this class from this network" in phones[-1].text
    assert joined(app, code) is not None  # another address joins
    _, other = start(app)
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = address
    phone.get(f"/class/{other}")
    assert phone.get(f"/class/{other}/live").status_code == 200  # another class (another hall of the school) counts apart


def test_a_locked_class_takes_no_new_student_and_keeps_those_in(app: Flask) -> None:
    teacher, code = start(app)
    early = joined(app, code)
    late = person(app)
    late.get(f"/class/{code}")  # opened before the lock, not yet counted
    r = teacher.post(f"/class/{code}/lock", data={"locked": "1"})
    assert r.status_code == 303
    assert "Joining is closed" in teacher.get(f"/class/{code}/teach").text
    pose(teacher, code)
    for phone in (late, person(app)):
        if phone is not late:
            phone.get(f"/class/{code}")
        r = phone.get(f"/class/{code}")
        assert r.status_code == 403 and f"Class {code} is closed to new students" in r.text
    assert answer(late, code, 1, "P").status_code == 403
    assert answer(early, code, 1, "N", "3,3").status_code == 303  # those in stay in
    assert store_of(app).members(code) == 1
    assert teacher.post(f"/class/{code}/lock", data={"locked": "0"}).status_code == 303
    assert late.get(f"/class/{code}").status_code == 200 and store_of(app).members(code) == 2
    bad = teacher.post(f"/class/{code}/lock", data={"locked": "yes"})
    assert bad.status_code == 400 and "locked is 1" in bad.text
    assert early.post(f"/class/{code}/lock", data={"locked": "1"}).status_code == 403  # the instructor's only
    assert not room_of(app, code).locked


def test_starting_classes_is_bounded_per_address(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(app.config, classroom.START_SETTING, class_store.CREATE_LIMIT)  # the default (raised for the browser tests)
    teacher = person(app)
    statuses = [teacher.post("/class/new").status_code for _ in range(class_store.CREATE_LIMIT + 2)]
    assert statuses == [303] * class_store.CREATE_LIMIT + [429] * 2
    r = teacher.post("/class/new")
    assert r.status_code == 429 and f"{class_store.CREATE_LIMIT} classes were started from this network" in r.text
    assert person(app).post("/class/new").status_code == 303  # another address
    later = time.time() + class_store.WINDOW + 1
    monkeypatch.setattr(identity, "now", lambda: later)
    assert teacher.post("/class/new").status_code == 303  # the window has slid past the first ones


@pytest.mark.parametrize("limit", ["MAX_OPEN_CLASSES", "MAX_STORE_BYTES"])
def test_a_full_store_refuses_new_classes(app: Flask, monkeypatch: pytest.MonkeyPatch, limit: str) -> None:
    teacher, code = start(app)
    full = store_of(app).open_classes(time.time()) if limit == "MAX_OPEN_CLASSES" else store_of(app).size()
    monkeypatch.setattr(admission, limit, full)
    r = person(app).post("/class/new")
    assert r.status_code == 503 and "as many classes as it can hold" in r.text
    assert teacher.get(f"/class/{code}/teach").status_code == 200  # classes running go on


def test_expired_classes_are_purged_on_a_schedule(new_store: Callable[[], ClassStore]) -> None:
    db = new_store()
    old, _ = db.create(time.time() - LIFETIME - 1)
    fresh, _ = db.create(time.time())
    sweeper = Sweeper(db, every=3600)
    sweeper.ensure_running()
    sweeper.ensure_running()  # one thread per process
    assert sweeper.swept.wait(timeout=120)
    assert held(db, old) == {} and held(db, fresh) == {"classes": 1}
    assert sum(t.name == "grundy-class-sweeper" for t in threading.enumerate()) >= 1


@pytest.mark.parametrize("setting", ["0", "-3", "ten", "2.5"])
def test_a_wrong_class_limit_setting_stops_the_start(setting: str) -> None:
    from grundy import create_app

    with pytest.raises(ValueError, match=classroom.START_SETTING):
        create_app({"TESTING": True, classroom.START_SETTING: setting})
