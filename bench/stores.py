"""The two class stores side by side, and what one class costs Redis (a benchmark, not a test;
this machine's 2 shared cores make absolute figures drift, so compare within a run).

For each store, SQLite (a file in a temporary folder) and Redis (a redis-server of its own,
tests/redis_server.py, on a unix socket), the time of each operation a lecture hall makes most:

- ``room`` (every poll of every phone reads it: the ETag's version), ``join``, ``answer``,
  ``count`` (the projector's number), ``allow`` (a limit counted), ``open_round``;
- answers from ``THREADS`` threads at once (one store each, as workers or app servers are):
  answers per second in all.

Then Redis's memory (``used_memory``, what :meth:`RedisClassStore.size` reports and
MAX_STORE_BYTES bounds) for an empty class and for a full lecture: ``STUDENTS`` members with
nicknames answering ``ROUNDS`` rounds of two votes each; and from it how many such classes
fit in MAX_STORE_BYTES.

    .venv/bin/python bench/stores.py
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grundy.web.classroom.redis_store import RedisClassStore, connect  # noqa: E402
from grundy.web.classroom.sqlite_store import SQLiteClassStore  # noqa: E402
from grundy.web.classroom.store import MAX_STORE_BYTES, Answer, ClassStore  # noqa: E402
from tests.redis_server import redis_server  # noqa: E402

N = 2000  # calls timed per operation
THREADS = 8
STUDENTS = 500
ROUNDS = 20


def timed(call: Callable[[int], object], n: int = N) -> float:
    """Median microseconds of one call, over batches of 100."""
    batches = []
    for start in range(0, n, 100):
        t = time.perf_counter()
        for i in range(start, start + 100):
            call(i)
        batches.append((time.perf_counter() - t) / 100 * 1e6)
    return statistics.median(batches)


def per_operation(store: ClassStore) -> dict[str, float]:
    now = time.time()
    code, _ = store.create(now)
    store.open_round(code, "nim", 1, 0, "3,5", "N")
    figures = {"room": timed(lambda i: store.room(code, now)),
               "join": timed(lambda i: store.join(code, f"s{i}")),
               "answer": timed(lambda i: store.answer(code, 1, f"s{i}", Answer("N", "3,3", True), now)),
               "count": timed(lambda i: store.count(code, 1)),
               "allow": timed(lambda i: store.allow(f"bench:{i % 50}", now, 10**6)),
               "open_round": timed(lambda i: store.open_round(code, "nim", 1, 0, "3,5", "N"), 200)}
    return figures


def concurrent_answers(open_store: Callable[[], ClassStore]) -> float:
    stores = [open_store() for _ in range(THREADS)]
    now = time.time()
    code, _ = stores[0].create(now)
    stores[0].open_round(code, "nim", 1, 0, "3,5", "N")
    per = 2000 // THREADS  # MAX_MEMBERS in all
    for t in range(THREADS):
        for i in range(per):
            stores[0].join(code, f"t{t}-{i}")
    barrier = threading.Barrier(THREADS + 1)

    def run(t: int) -> None:
        barrier.wait()
        for i in range(per):
            stores[t].answer(code, 1, f"t{t}-{i}", Answer("P", "", None), now)

    threads = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    barrier.wait()
    start = time.perf_counter()
    for th in threads:
        th.join()
    elapsed = time.perf_counter() - start
    assert stores[0].count(code, 1) == THREADS * per
    return THREADS * per / elapsed


def redis_memory(store: RedisClassStore) -> tuple[int, int]:
    """Bytes of used_memory an empty class adds, and a full lecture (averaged over a few)."""
    now = time.time()
    before = store.size()
    for _ in range(100):
        store.create(now)
    empty = (store.size() - before) // 100
    before = store.size()
    lectures = 3
    for _ in range(lectures):
        code, _ = store.create(now)
        store.set_plan(code, "subtraction 10 set=1,3,4\n" * 40)
        for s in range(STUDENTS):
            store.join(code, f"student-{s:04d}-0123456789abcdef")
            store.name(code, f"student-{s:04d}-0123456789abcdef", f"Student {s}")
        for r in range(1, ROUNDS + 1):
            store.show(code, f"/present/pn-table?rule=set&set=1,3,4&upto=30&step={r}")
            store.open_round(code, "subtraction", 2, r, "17", "N", rule="set=1,3,4")
            for vote in (1, 2):
                for s in range(STUDENTS):
                    store.answer(code, r, f"student-{s:04d}-0123456789abcdef", Answer("N", "14", True), now)
                if vote == 1:
                    store.revote(code)
            store.reveal(code)
    return empty, (store.size() - before) // lectures


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, redis_server() as server:
        path = Path(folder) / "c.sqlite3"
        stores: dict[str, Callable[[], ClassStore]] = {
            "sqlite": lambda: SQLiteClassStore(path),
            "redis": lambda: RedisClassStore(connect(server.url), prefix=f"bench-{time.time_ns()}:")}
        ops = {name: per_operation(open_store()) for name, open_store in stores.items()}
        print(f"{'operation':<12}{'SQLite µs':>12}{'Redis µs':>12}{'Redis/SQLite':>14}")
        for op in ops["sqlite"]:
            s, r = ops["sqlite"][op], ops["redis"][op]
            print(f"{op:<12}{s:>12.0f}{r:>12.0f}{r / s:>14.2f}")
        redis_prefix = f"bench-shared-{time.time_ns()}:"
        shared: dict[str, Callable[[], ClassStore]] = {"sqlite": lambda: SQLiteClassStore(path),
                                                       "redis": lambda: RedisClassStore(connect(server.url), prefix=redis_prefix)}
        rates = {name: concurrent_answers(open_store) for name, open_store in shared.items()}
        print(f"answers/s from {THREADS} threads, one store each: SQLite {rates['sqlite']:.0f}, Redis {rates['redis']:.0f}"
              f" (ratio {rates['redis'] / rates['sqlite']:.2f})")
        empty, lecture = redis_memory(RedisClassStore(connect(server.url), prefix=f"bench-mem-{time.time_ns()}:"))
        print(f"Redis used_memory: an empty class {empty} B; a lecture of {STUDENTS} students, {ROUNDS} rounds × 2 votes:"
              f" {lecture / 1e6:.2f} MB; MAX_STORE_BYTES ({MAX_STORE_BYTES // 2**20} MiB) holds {MAX_STORE_BYTES // lecture} such lectures"
              f" or {MAX_STORE_BYTES // max(empty, 1)} empty classes")


if __name__ == "__main__":
    main()
