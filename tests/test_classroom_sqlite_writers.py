"""The SQLite store under a lecture hall's worth of threads: a gunicorn worker behind nginx runs
as many requests at once as phones poll (up to 128 threads), and each thread has its own
connection. Without one writer at a time per process, they all waited inside SQLite's busy
handler, and under a class of 120 phones some waited past busy_timeout: "database is locked",
a 500 (bench/multi_server.py found it). The store queues its own threads instead."""
from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from grundy.web.classroom.sqlite_store import SQLiteClassStore
from grundy.web.classroom.store import Answer

THREADS = 16
ROUNDS = 25


def test_one_process_s_threads_never_meet_sqlite_s_write_lock(tmp_path: Path) -> None:
    """With SQLite's busy handler turned off (busy_timeout 0: a writer that finds the write lock
    taken fails at once), threads writing at once through one store never fail: within one
    process they take turns before reaching SQLite. Without the store's lock this fails on the
    first collision."""
    store = SQLiteClassStore(tmp_path / "classes.sqlite3")
    opened = store._db  # noqa: SLF001  (the test reaches the connection to turn the busy handler off)

    def impatient() -> sqlite3.Connection:
        db = opened()
        db.execute("PRAGMA busy_timeout=0")
        return db

    store._db = impatient  # type: ignore[method-assign]  # noqa: SLF001
    now = time.time()
    code, _secret = store.create(now)
    number = store.open_round(code, "nim", 1, 5, "", "N")
    failures: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def phone(k: int) -> None:
        try:
            start.wait()
            for i in range(ROUNDS):
                student = f"s{k}-{i}"
                store.allow(f"join:{code}:10.0.0.{k}", now + i, 10**6)
                store.join(code, student)
                assert store.answer(code, number, student, Answer("P", "", None, ""), now + i)
                store.show(code, f"/present/pn-table?upto={k * ROUNDS + i}")
        except BaseException as error:  # noqa: BLE001  (reported below, in the test's thread)
            failures.append(error)

    threads = [threading.Thread(target=phone, args=(k,)) for k in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert store.members(code) == THREADS * ROUNDS == store.count(code, number)
