"""The class stores the store tests run against, each test against both: SQLite (a file in the
test's folder) and Redis (the session's redis-server, tests/redis_server.py, under a prefix of
the test's own, so tests never see each other's keys; several xdist workers each start their
own server).

Fixtures (tests/conftest.py makes them everyone's):

- ``store_kind``: "sqlite" or "redis", the parameter every store test runs under;
- ``new_store``: opens a class store over the test's data, one more each call, as another
  worker or another app server would (two on one SQLite file, or two clients of one Redis);
- ``new_driving``: the same for the drivers and hand-over keys.

And what a test may ask of a store's insides, the same question of both kinds: :func:`held`
(what it keeps of one class), :func:`tries` (attempts kept), :func:`dump` (everything, as text),
:func:`module_of` (the module whose limits it reads, to monkeypatch them).
"""
from __future__ import annotations

import secrets
import sqlite3
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from grundy.web.classroom.driving import Driving, DrivingStore
from grundy.web.classroom.redis_driving import RedisDrivingStore
from grundy.web.classroom.redis_store import RedisClassStore, connect
from grundy.web.classroom.sqlite_store import SQLiteClassStore
from grundy.web.classroom.store import ClassStore
from tests.redis_server import redis_server

KINDS = ("sqlite", "redis")


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A redis-server of this test session (this xdist worker): its address, as GRUNDY_CLASS_STORE takes it."""
    with redis_server() as server:
        yield server.url


@pytest.fixture(params=KINDS)
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture()
def _where(store_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> tuple[str, str]:
    """Where the test's stores keep their data: a SQLite file, or a Redis address and a prefix of the test's own."""
    if store_kind == "sqlite":
        return "", str(tmp_path / "c.sqlite3")
    return request.getfixturevalue("redis_url"), f"grundy-test-{secrets.token_hex(6)}:"


@pytest.fixture()
def new_store(_where: tuple[str, str]) -> Callable[[], Any]:
    url, place = _where

    def open_one() -> ClassStore:
        return SQLiteClassStore(Path(place)) if not url else RedisClassStore(connect(url), prefix=place)
    return open_one


@pytest.fixture()
def new_driving(_where: tuple[str, str]) -> Callable[[], Driving]:
    url, place = _where

    def open_one() -> Driving:
        return DrivingStore(Path(place)) if not url else RedisDrivingStore(connect(url), prefix=place)
    return open_one


def held(store: Any, code: str) -> dict[str, int]:
    """What the store keeps of class ``code``: its class record (0 or 1), rounds, answers and
    members, counted (only the kinds it has any of)."""
    if isinstance(store, SQLiteClassStore):
        with sqlite3.connect(store.path) as db:
            counts = {table: db.execute(f"SELECT COUNT(*) FROM {table} WHERE code = ?", (code,)).fetchone()[0]
                      for table in ("classes", "rounds", "answers", "members")}
    else:
        assert isinstance(store, RedisClassStore)
        r, key = store.client, store._key(code)
        rounds = list(r.scan_iter(match=f"{key}:round:*"))
        answers = list(r.scan_iter(match=f"{key}:answers:*"))
        counts = {"classes": int(r.exists(key)), "rounds": len(rounds),
                  "answers": sum(int(r.hlen(k)) for k in answers), "members": int(r.hlen(f"{key}:members"))}
        if r.zscore(store.index, code) is not None and not r.exists(key):
            counts["index"] = 1  # listed, but its class is gone
    return {kind: n for kind, n in counts.items() if n}


def tries(store: Any) -> int:
    """Attempts the store keeps for its limits (:meth:`~grundy.web.classroom.store.ClassStore.allow`)."""
    if isinstance(store, SQLiteClassStore):
        with sqlite3.connect(store.path) as db:
            return int(db.execute("SELECT COUNT(*) FROM tries").fetchone()[0])
    assert isinstance(store, RedisClassStore)
    return sum(int(store.client.zcard(k)) for k in store.client.scan_iter(match=f"{store.prefix}try:*"))


def dump(store: Any) -> str:
    """Everything the store (a class store or a driving store) keeps, as text."""
    if isinstance(store, (SQLiteClassStore, DrivingStore)):
        with sqlite3.connect(store.path) as db:
            return "\n".join(db.iterdump())
    assert isinstance(store, (RedisClassStore, RedisDrivingStore))
    r, lines = store.client, []
    for key in sorted(r.scan_iter(match=f"{store.prefix}*")):
        kind = r.type(key)
        value = {"hash": r.hgetall, "string": r.get, "zset": lambda k: r.zrange(k, 0, -1, withscores=True)}[kind](key)
        lines.append(f"{key} {value!r}")
    return "\n".join(lines)


def module_of(store: Any) -> ModuleType:
    """The module whose limits (MAX_MEMBERS, …) the store reads when it is called."""
    return sys.modules[type(store).__module__]


__all__ = ["KINDS", "dump", "held", "module_of", "new_driving", "new_store", "redis_url", "store_kind", "tries"]
