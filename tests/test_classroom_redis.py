"""Classes in Redis (issue 29): the setting that chooses the store (GRUNDY_CLASS_STORE: its forms,
and the start stopped with a clear message on a wrong one or a Redis that does not answer), what
only Redis has (every key of a class expiring with it, the index purge cleans, the size it
reports), the limits and the checks shared by every server that uses one store (run on both
stores: two stores opened on one SQLite file are two workers), and the test servers' own
harness (tests/redis_server.py) cleaning up after itself."""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from grundy import create_app
from grundy.web.classroom import STORE_SETTING, admission
from grundy.web.classroom.redis_driving import RedisDrivingStore
from grundy.web.classroom.redis_store import RedisClassStore, check_url, class_key, connect
from grundy.web.classroom.rounds import Refused
from grundy.web.classroom.sqlite_store import SQLiteClassStore
from grundy.web.classroom.store import LIFETIME, WINDOW, Answer, ClassStore
from tests.redis_server import redis_server
from tests.stores import held, module_of
from tests.test_classroom import joined, start

T0 = 1_700_000_000.0


# ------------------------------------------------------------------ the setting


@pytest.mark.parametrize("url", ["redis://localhost:6379/0", "redis://127.0.0.1", "redis://:s3cret@cache.example:6380/2",
                                 "redis://user:s3cret@[::1]:6379/15", "rediss://cache.example:6380/0", "unix:///run/redis/redis.sock",
                                 "unix:///run/redis/redis.sock?db=3"])
def test_a_redis_address_is_read_in_each_of_its_forms(url: str) -> None:
    assert check_url(url) is None


@pytest.mark.parametrize(("url", "says"), [
    ("mysql://localhost/0", "its scheme is 'mysql'"), ("localhost:6379", "its scheme is 'localhost'"),
    ("/run/redis.sock", "its scheme is 'missing'"), ("redis://", "names no host"), ("redis://h:99999/0", "cannot be read"),
    ("redis://h:port/0", "cannot be read"), ("redis://h:0/0", "its port is 0"), ("redis://h/zero", "not a number"),
    ("redis://h/0?db=1", "takes no settings after ?"), ("unix://run/redis.sock", "absolute path"), ("unix:///", "absolute path"),
    ("unix:///run/redis.sock?database=1", "the only setting after ? is db"), ("unix:///run/redis.sock?db=x", "not a number"),
    ("redis://h/0#x", "fragment")])
def test_a_wrong_store_setting_stops_the_start_and_says_what_is_wrong(url: str, says: str) -> None:
    assert says in (check_url(url) or "")
    with pytest.raises(ValueError, match=STORE_SETTING) as stopped:
        create_app({"TESTING": True, STORE_SETTING: url})
    assert says in str(stopped.value) and "redis://host:6379/0" in str(stopped.value)  # and what it should look like


def test_a_password_in_the_setting_is_never_shown() -> None:
    with pytest.raises(ValueError) as stopped:
        create_app({"TESTING": True, STORE_SETTING: "redis://:hunter2-secret@cache.example:6379/x"})
    assert "hunter2" not in str(stopped.value) and "cache.example" in str(stopped.value)


def test_a_redis_that_does_not_answer_stops_the_start(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="no Redis answers there") as stopped:
        create_app({"TESTING": True, STORE_SETTING: f"unix://{tmp_path}/no-such.sock?db=0"})
    assert STORE_SETTING in str(stopped.value) and "no-such.sock" in str(stopped.value)


@pytest.mark.parametrize("setting", ["", "  "])
def test_unset_or_empty_the_classes_stay_in_sqlite(setting: str, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, STORE_SETTING: setting, "CLASS_DB": str(tmp_path / "here.sqlite3")})
    store = app.extensions["grundy.classes"]
    assert isinstance(store, SQLiteClassStore) and store.path == tmp_path / "here.sqlite3"


def test_the_environment_names_the_redis(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STORE_SETTING, f" {redis_url} ")
    app = create_app({"TESTING": True})
    assert isinstance(app.extensions["grundy.classes"], RedisClassStore)
    assert isinstance(app.extensions["grundy.classes.driving"], RedisDrivingStore)


# ------------------------------------------------------------------ what only Redis has


@pytest.fixture()
def redis_store(redis_url: str) -> RedisClassStore:
    return RedisClassStore(connect(redis_url), prefix=f"grundy-test-{os.urandom(6).hex()}:")


def test_every_key_of_a_class_expires_when_the_class_does(redis_store: RedisClassStore) -> None:
    store, r = redis_store, redis_store.client
    drivers = RedisDrivingStore(r, prefix=store.prefix)
    code, secret = store.create(time.time())
    store.show(code, "/present/grid")
    store.open_round(code, "nim", 1, 0, "3,5", "N")
    for student in ("ann", "bob"):
        store.join(code, student)
        store.answer(code, 1, student, Answer("P", "", None))
    store.name(code, "ann", "Ann")
    store.revote(code)
    store.answer(code, 1, "bob", Answer("N", "3,3", True))
    store.open_round(code, "kayles", 1, 3, "", "P")
    drivers.drive(code, time.time())
    keys = sorted(r.scan_iter(match=f"{class_key(store.prefix, code)}*"))
    assert len(keys) == 7  # the class, members, two rounds, three votes' answers, the driver
    ends = {key: r.pexpiretime(key) for key in keys}  # the absolute time each key goes (a script's clock stands still)
    assert set(ends.values()) == {ends[class_key(store.prefix, code)]}, ends
    assert 0 < r.ttl(class_key(store.prefix, code)) <= LIFETIME
    store.allow("guess:10.0.0.1", time.time())
    assert 0 < r.ttl(f"{store.prefix}try:guess:10.0.0.1") <= WINDOW  # an address's attempts go a window after its last


def test_purge_cleans_the_index_of_classes_redis_let_go(redis_store: RedisClassStore) -> None:
    code, _ = redis_store.create(T0)
    redis_store.join(code, "ann")
    redis_store.client.delete(class_key(redis_store.prefix, code), f"{class_key(redis_store.prefix, code)}:members")  # its TTL ran out
    assert redis_store.room(code, T0) is None and held(redis_store, code) == {"index": 1}
    assert redis_store.open_classes(T0) == 1  # counted until its expiry, as the index says
    assert redis_store.join(code, "bob") == "ended" and redis_store.members(code) == 0  # no key made for a class gone
    assert redis_store.purge(T0 + LIFETIME) == 1 and held(redis_store, code) == {} and redis_store.open_classes(T0) == 0


def test_the_size_is_the_redis_server_s_used_memory_and_bounds_new_classes(redis_store: RedisClassStore,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    before = redis_store.size()
    codes = [redis_store.create(T0)[0] for _ in range(40)]
    for code in codes:
        redis_store.set_plan(code, "nim 3,5\n" * 1250)  # 10,000 characters each
    assert redis_store.size() - before >= 40 * 10_000
    assert abs(redis_store.size() - int(redis_store.client.info("memory")["used_memory"])) < 100_000
    monkeypatch.setattr(admission, "MAX_STORE_BYTES", redis_store.size())
    with pytest.raises(Refused) as full:
        admission.may_start(redis_store, T0, "10.0.0.1", 10)
    assert full.value.status == 503


# ------------------------------------------------------------------ shared by every server (both stores)


def test_the_limits_are_counted_once_across_servers(new_store: Callable[[], ClassStore]) -> None:
    servers = [new_store() for _ in range(3)]
    said = [servers[i % 3].allow("start:10.0.0.1", T0 + i, limit=10, window=WINDOW) for i in range(15)]
    assert said == [True] * 10 + [False] * 5  # ten in all, whichever server counted them
    assert servers[2].allow("start:10.0.0.1", T0 + WINDOW, limit=10, window=WINDOW)  # the first has left the window


def test_a_full_class_admits_no_more_when_students_join_at_once_through_several_servers(
        new_store: Callable[[], ClassStore], monkeypatch: pytest.MonkeyPatch) -> None:
    servers = [new_store() for _ in range(4)]
    monkeypatch.setattr(module_of(servers[0]), "MAX_MEMBERS", 50)
    code, _ = servers[0].create(T0)
    barrier = threading.Barrier(len(servers))
    said: list[str] = []
    lock = threading.Lock()

    def run(index: int) -> None:
        barrier.wait(timeout=30)
        for i in range(30):
            joined = servers[index].join(code, f"s{index}-{i}")
            with lock:
                said.append(joined)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(servers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert sorted(set(said)) == ["full", "joined"] and said.count("joined") == 50
    assert all(s.members(code) == 50 for s in servers)


def test_an_answer_sent_as_the_vote_closes_is_taken_only_before_it(new_store: Callable[[], ClassStore]) -> None:
    """Closing on one server while another takes answers: once the close has returned, no answer
    is added (the check that the vote is open and the write are one step), and each answer
    said taken is counted."""
    teacher, phone = new_store(), new_store()
    code, _ = teacher.create(T0)
    teacher.open_round(code, "nim", 1, 0, "3,5", "N")
    students = [f"s{i}" for i in range(200)]
    for s in students:
        phone.join(code, s)
    taken: list[bool] = []
    barrier = threading.Barrier(2)

    def answering() -> None:
        barrier.wait(timeout=30)
        taken.extend(phone.answer(code, 1, s, Answer("P", "", None)) for s in students)

    thread = threading.Thread(target=answering)
    thread.start()
    barrier.wait(timeout=30)
    assert teacher.close(code)
    at_close = teacher.count(code, 1)
    thread.join(timeout=120)
    assert teacher.count(code, 1) == at_close == sum(taken)
    assert not phone.answer(code, 1, "s0", Answer("N", "3,3", True))  # closed for everyone now


# ------------------------------------------------------------------ the harness


def test_a_test_redis_server_answers_and_leaves_nothing_behind() -> None:
    with redis_server() as unix, redis_server(tcp=True) as tcp:
        for server in (unix, tcp):
            client = connect(server.url)
            assert client.ping() and client.config_get("save") == {"save": ""} and client.config_get("appendonly") == {"appendonly": "no"}
            client.close()
        assert unix.url.startswith("unix://") and tcp.url.startswith("redis://127.0.0.1:") and unix.folder != tcp.folder
    for server in (unix, tcp):
        assert not server.folder.exists()
        with pytest.raises(ProcessLookupError):
            os.kill(server.pid, 0)


# ------------------------------------------------------------------ Redis gone quiet


def test_a_redis_gone_quiet_mid_class_is_said_plainly_with_a_503() -> None:
    """The Redis stops while a class runs: its pages answer 503 with words in the reader's
    language (and when to ask again), never a 500; the start-up check is not the only one."""
    with redis_server() as server:
        app = create_app({"TESTING": True, "GRUNDY_CLASSES_PER_ADDRESS": 1000, STORE_SETTING: server.url})
        teacher, code = start(app)
        student = joined(app, code)
        assert student.get(f"/class/{code}").status_code == 200
    for client, path, says in [(student, f"/class/{code}", "is not answering. Wait a moment, then reload this page."),
                               (teacher, f"/class/{code}/teach/live", "is not answering."),
                               (student, f"/zh/class/{code}", "保存课堂数据的服务器暂时没有响应")]:
        r = client.get(path)
        assert r.status_code == 503 and says in r.text and r.headers["Retry-After"] == "5", (path, r.status_code)
    assert student.get("/").status_code == 200  # the rest of the site never needed the store
