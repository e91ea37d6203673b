"""The class store in Redis, shared by app servers on several machines: :class:`RedisClassStore`,
which implements :class:`~.store.ClassStore` with the same answers as the SQLite store (the
store tests run against both).

**Keys**, all under one prefix (``grundy:``), a class's under ``grundy:class:<code>``:

- ``…:class:<code>``: a hash (secret's digest, created, expires, version, view, round, phase,
  locked, closes, plan); ``…:class:<code>:members``: a hash, student → nickname;
  ``…:class:<code>:round:<n>``: a hash of round ``n``'s fields; ``…:class:<code>:answers:<n>:<vote>``:
  a hash, student → their answer (JSON), so one student has one answer per vote by construction.
- ``…:class:<code>:driver`` and ``…:class:<code>:handover``: :mod:`.redis_driving`'s.
- ``grundy:classes``: a sorted set, code → its expiry (what :meth:`~RedisClassStore.open_classes`
  counts and :meth:`~RedisClassStore.purge` cleans).
- ``grundy:try:<key>``: a sorted set of one limit's attempts, scored by their time (the sliding
  window of :meth:`~RedisClassStore.allow`).

**Atomic steps.** Every change that checks and writes (joining: not locked, not full; answering:
a member, the round's vote open and before its deadline; opening a round: the next number;
counting an attempt) is one Lua script (:mod:`.redis_scripts`), which Redis runs with nothing in
between, whichever app server sent it. A script never creates a class's key when the class is gone.

**Expiry.** Every key of a class expires (Redis TTL) when the class's hash does, :data:`LIFETIME`
after its start: keys made later take the class's remaining time. An attempt's key expires a
window after its last attempt. Times passed in (``now``) are still what decides (a class is
expired when ``expires <= now``, as in SQLite), so the tests may move the clock; TTL only
frees the memory. :meth:`~RedisClassStore.purge` deletes what ``now`` says has expired and
cleans the index of codes whose keys Redis has already let go.

**Size** (:meth:`~RedisClassStore.size`) is the Redis server's ``used_memory`` (INFO memory):
what the whole server holds, this site's keys and anything else in it, the number Redis's own
``maxmemory`` bounds. One Redis, not a cluster (the scripts name keys they read from a class's hash).
"""
from __future__ import annotations

import hmac
import json
import secrets
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from grundy.numerals import read_whole
from grundy.web.classroom import redis_scripts as scripts
from grundy.web.classroom.store import (JOIN_LIMIT, LIFETIME, MAX_DETAIL, MAX_MEMBERS, MAX_MOVE, MAX_NICKNAME, MAX_PLAN, MAX_ROUNDS,
                                        MAX_RULE, MAX_VIEW, MAX_VOTES, OUTCOME, WINDOW, Answer, Ballot, Joined, Room, Round, digest,
                                        new_code)

PREFIX = "grundy:"
SCHEMES = ("redis", "rediss", "unix")
TIMEOUT = 5.0  # seconds a command may take before the request fails (no request waits longer on the store)
CONNECT_TIMEOUT = 2.0  # seconds to reach the Redis (a machine that is down: the page says so within about twice this)

_ROOM_FIELDS = ("created", "expires", "version", "view", "round", "phase", "locked", "closes")


def check_url(url: str) -> str | None:
    """What is wrong with a Redis address given as GRUNDY_CLASS_STORE, or None if nothing:
    ``redis://[[user]:password@]host[:port][/db]``, ``rediss://…`` (TLS), or ``unix:///absolute/path[?db=N]``."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        return f"it cannot be read as an address ({error})"
    if parts.scheme not in SCHEMES:
        return f"its scheme is {parts.scheme or 'missing'!r}, not one of {', '.join(s + '://' for s in SCHEMES)}"
    if parts.fragment:
        return "it has a fragment (#…)"
    query = parse_qs(parts.query, keep_blank_values=True)
    if parts.scheme == "unix":
        if parts.netloc or not parts.path.startswith("/") or parts.path == "/":
            return "a unix socket is given by its absolute path: unix:///run/redis/redis-server.sock?db=0"
        if set(query) - {"db"}:
            return f"the only setting after ? is db, not {', '.join(sorted(set(query) - {'db'}))}"
        db = query.get("db", ["0"])[-1]
    else:
        if not parts.hostname:
            return "it names no host: redis://host:6379/0"
        if port == 0:
            return "its port is 0"
        if parts.query:
            return "a redis:// address takes no settings after ? (the database is its path: redis://host:6379/0)"
        db = parts.path.strip("/") or "0"
    if read_whole(db, max_digits=5) is None:
        return f"its database {db[:10]!r} is not a number (0, 1, …)"
    return None


def connect(url: str) -> redis.Redis:
    """A client for the Redis at ``url`` (checked by :func:`check_url`): one pool of connections per
    process (redis-py opens new ones after a fork), commands bounded by :data:`TIMEOUT` and
    connecting by :data:`CONNECT_TIMEOUT`, and one retry only when the connection was lost before
    a command was sent (a command that timed out may have run: never sent twice)."""
    return redis.Redis.from_url(url, decode_responses=True, socket_timeout=TIMEOUT, socket_connect_timeout=CONNECT_TIMEOUT,
                                health_check_interval=30, retry=Retry(ExponentialBackoff(cap=0.2, base=0.02), 1, (redis.ConnectionError,)))


def class_key(prefix: str, code: str) -> str:
    """The class's hash; every other key of the class starts with it (and a colon)."""
    return f"{prefix}class:{code}"


def _float(text: str | None) -> float | None:
    return None if text is None or text == "" else float(text)


def _encode(answer: Answer) -> str:
    return json.dumps([answer.says[:MAX_MOVE], answer.move[:MAX_MOVE], answer.wins, answer.unread[:MAX_MOVE]])


def _decode(text: str) -> Answer:
    says, move, wins, unread = json.loads(text)
    return Answer(says, move, wins, unread)


def _round(number: int, f: dict[str, str]) -> Round:
    return Round(number, f["game"], int(f["level"]), int(f["seed"]), f["position"], f["truth"], f["revealed"] == "1", f["rule"],
                 f["kind"], f["typed"] == "1", int(f["vote"]), int(f["line"]), f["detail"])


class RedisClassStore:
    """The store in one Redis (see the module's docstring): every server that points at it
    shares its classes and its limits."""

    def __init__(self, client: redis.Redis, prefix: str = PREFIX) -> None:
        self.client = client
        self.prefix = prefix
        self.index = f"{prefix}classes"
        run = client.register_script  # EVALSHA, loading the script again after a Redis restart
        self._create, self._close_due, self._set_changed = run(scripts.CREATE), run(scripts.CLOSE_DUE), run(scripts.SET_CHANGED)
        self._open_round, self._close, self._revote = run(scripts.OPEN_ROUND), run(scripts.CLOSE), run(scripts.REVOTE)
        self._reveal, self._end, self._answer = run(scripts.REVEAL), run(scripts.END), run(scripts.ANSWER)
        self._join, self._name, self._set_plan, self._allow = run(scripts.JOIN), run(scripts.NAME), run(scripts.SET_PLAN), run(scripts.ALLOW)

    def _key(self, code: str) -> str:
        return class_key(self.prefix, code)

    def _call(self, script: Any, code: str, *args: object) -> Any:
        return script(keys=[self._key(code)], args=[_arg(a) for a in args])

    # -------------------------------------------------------------- classes

    def create(self, now: float) -> tuple[str, str]:
        secret = secrets.token_urlsafe(24)
        expires = now + LIFETIME
        for _ in range(20):
            code = new_code()
            if self._create(keys=[self._key(code), self.index], args=[digest(secret), repr(now), repr(expires), LIFETIME, code]):
                return code, secret
        raise RuntimeError("no free class code after 20 draws")

    def _room_fields(self, code: str) -> list[str | None]:
        return cast(list[str | None], self.client.hmget(self._key(code), _ROOM_FIELDS))

    def room(self, code: str, now: float) -> Room | None:
        fields = self._room_fields(code)
        if fields[0] is None or float(cast(str, fields[1])) <= now:
            return None
        if fields[5] == "open" and fields[7] and float(fields[7]) <= now:  # its countdown is over: the vote closes
            self._call(self._close_due, code, repr(now))
            fields = self._room_fields(code)
            if fields[0] is None:
                return None
        created, expires, version, view, number, phase, locked, closes = fields
        return Room(code, float(cast(str, created)), float(cast(str, expires)), int(cast(str, version)), cast(str, view),
                    int(cast(str, number)), cast(Any, phase), locked == "1", _float(closes))

    def is_teacher(self, code: str, secret: str) -> bool:
        kept = self.client.hget(self._key(code), "secret")
        return bool(kept) and bool(secret) and hmac.compare_digest(cast(str, kept), digest(secret))

    def show(self, code: str, view: str) -> None:
        self._call(self._set_changed, code, "view", view[:MAX_VIEW])

    # -------------------------------------------------------------- rounds

    def open_round(self, code: str, game: str, level: int, seed: int, position: str, truth: str, *, rule: str = "",
                   kind: str = OUTCOME, typed: bool = False, line: int = 0, detail: str = "", closes: float | None = None) -> int:
        return int(self._call(self._open_round, code, game, level, seed, position[:MAX_MOVE], truth[:MAX_MOVE], rule[:MAX_RULE], kind,
                              typed, line, detail[:MAX_DETAIL], closes, MAX_ROUNDS, MAX_VOTES))

    def close(self, code: str, at: float | None = None) -> bool:
        return bool(self._call(self._close, code, at))

    def revote(self, code: str, closes: float | None = None) -> int:
        return int(self._call(self._revote, code, closes, MAX_VOTES))

    def reveal(self, code: str) -> None:
        self._call(self._reveal, code)

    def end(self, code: str) -> None:
        self._call(self._end, code)

    def _numbers(self, code: str) -> int:
        return int(cast(str, self.client.hget(self._key(code), "round") or 0))

    def rounds(self, code: str) -> list[Round]:
        numbers = range(1, self._numbers(code) + 1)
        with self.client.pipeline(transaction=False) as pipe:
            for n in numbers:
                pipe.hgetall(f"{self._key(code)}:round:{n}")
            found = pipe.execute()
        return [_round(n, fields) for n, fields in zip(numbers, found) if fields]

    def round_of(self, code: str, number: int) -> Round | None:
        fields = self.client.hgetall(f"{self._key(code)}:round:{number}")
        return _round(number, cast(dict[str, str], fields)) if fields else None

    # -------------------------------------------------------------- answers

    def answer(self, code: str, number: int, student: str, answer: Answer, now: float | None = None) -> bool:
        return bool(self._call(self._answer, code, number, student, _encode(answer), now))

    def _votes(self, code: str, number: int, vote: int) -> str | None:
        """The answers' key of a vote of round ``number`` (0: its current vote), or None (no such round)."""
        if not vote:
            current = self.client.hget(f"{self._key(code)}:round:{number}", "vote")
            if current is None:
                return None
            vote = int(cast(str, current))
        return f"{self._key(code)}:answers:{number}:{vote}"

    def answer_of(self, code: str, number: int, student: str, vote: int = 0) -> Answer | None:
        key = self._votes(code, number, vote)
        text = self.client.hget(key, student) if key else None
        return _decode(cast(str, text)) if text else None

    def ballots(self, code: str, student: str) -> list[Ballot]:
        numbers = range(1, self._numbers(code) + 1)
        with self.client.pipeline(transaction=False) as pipe:
            for n in numbers:
                pipe.hget(f"{self._key(code)}:round:{n}", "vote")
            votes = [(n, v) for n, last in zip(numbers, pipe.execute()) if last for v in range(1, int(last) + 1)]
            for n, v in votes:
                pipe.hget(f"{self._key(code)}:answers:{n}:{v}", student)
            given = pipe.execute()
        return [Ballot(n, v, _decode(text)) for (n, v), text in zip(votes, given) if text]

    def count(self, code: str, number: int, vote: int = 0) -> int:
        key = self._votes(code, number, vote)
        return int(self.client.hlen(key)) if key else 0

    def answers(self, code: str, number: int, vote: int = 0) -> list[Answer]:
        return list(self.answers_by(code, number, vote).values())

    def answers_by(self, code: str, number: int, vote: int = 0) -> dict[str, Answer]:
        key = self._votes(code, number, vote)
        found = cast(dict[str, str], self.client.hgetall(key)) if key else {}
        return {student: _decode(text) for student, text in found.items()}

    # -------------------------------------------------------------- members

    def join(self, code: str, student: str) -> Joined:
        return cast(Joined, self._call(self._join, code, student, MAX_MEMBERS))

    def is_member(self, code: str, student: str) -> bool:
        return bool(self.client.hexists(f"{self._key(code)}:members", student))

    def lock(self, code: str, locked: bool) -> None:
        self._call(self._set_changed, code, "locked", locked)

    def members(self, code: str) -> int:
        return int(self.client.hlen(f"{self._key(code)}:members"))

    def name(self, code: str, student: str, nickname: str) -> bool:
        return bool(self._call(self._name, code, student, nickname[:MAX_NICKNAME]))

    def nickname(self, code: str, student: str) -> str:
        return cast(str, self.client.hget(f"{self._key(code)}:members", student) or "")

    def nicknames(self, code: str) -> dict[str, str]:
        found = cast(dict[str, str], self.client.hgetall(f"{self._key(code)}:members"))
        return dict(sorted(((s, n) for s, n in found.items() if n), key=lambda pair: (pair[1], pair[0])))

    # -------------------------------------------------------------- the plan

    def set_plan(self, code: str, plan: str) -> None:
        self._call(self._set_plan, code, plan[:MAX_PLAN])

    def plan(self, code: str) -> str:
        return cast(str, self.client.hget(self._key(code), "plan") or "")

    # -------------------------------------------------------------- upkeep

    def allow(self, key: str, now: float, limit: int = JOIN_LIMIT, window: int = WINDOW) -> bool:
        member = f"{now!r}:{secrets.token_hex(6)}"  # attempts at the same instant are each counted
        return bool(self._allow(keys=[f"{self.prefix}try:{key[:100]}"], args=[repr(now), repr(now - window), limit, member, window]))

    def open_classes(self, now: float) -> int:
        return int(self.client.zcount(self.index, f"({now!r}", "+inf"))

    def size(self) -> int:
        return int(self.client.info("memory")["used_memory"])

    def purge(self, now: float) -> int:
        gone = cast(list[str], self.client.zrangebyscore(self.index, "-inf", repr(now)))
        purged = 0
        for code in gone:
            key = self._key(code)
            numbers = self._numbers(code)
            with self.client.pipeline(transaction=True) as pipe:
                pipe.zrem(self.index, code)
                rounds = range(1, numbers + 1)
                pipe.delete(key, f"{key}:members", f"{key}:driver", f"{key}:handover", *(f"{key}:round:{n}" for n in rounds),
                            *(f"{key}:answers:{n}:{v}" for n in rounds for v in range(1, MAX_VOTES + 1)))
                purged += int(pipe.execute()[0])  # counted once, by the server whose ZREM removed it
        cutoff = repr(now - WINDOW)
        with self.client.pipeline(transaction=False) as pipe:
            for tried in self.client.scan_iter(match=f"{self.prefix}try:*", count=1000):
                pipe.zremrangebyscore(tried, "-inf", cutoff)
            pipe.execute()
        return purged


def _arg(value: object) -> str | int:
    """A script's argument as Redis keeps it: None as "", a bool as 1/0, a float exactly (repr)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float):
        return repr(value)
    return cast(str | int, value)


__all__ = ["PREFIX", "RedisClassStore", "check_url", "class_key", "connect"]
