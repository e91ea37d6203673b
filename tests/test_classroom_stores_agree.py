"""The two class stores give the same answers: hypothesis draws a lecture (classes started,
students joining, a lock, rounds posed, votes closed or given a deadline, re-votes, reveals,
answers from members and strangers, nicknames, plans, a moving clock, attempts counted against
limits, a purge), plays it on a SQLite store and on a Redis store side by side, and compares
what each call returns and, after each step, everything a page can read of every class."""
from __future__ import annotations

import secrets
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.web.classroom.redis_store import RedisClassStore, connect
from grundy.web.classroom.sqlite_store import SQLiteClassStore
from grundy.web.classroom.store import LIFETIME, Answer, ClassStore

T0 = 1_700_000_000.0
STUDENTS = ("ann", "bob", "cat", "dan")
ANSWERS = st.builds(Answer, st.sampled_from(["P", "N", "3"]), st.sampled_from(["", "3,3", "1,2"]), st.sampled_from([None, True, False]),
                    st.sampled_from(["", "x,y"]))
CLASS = st.sampled_from([0, 0, 0, 0, 1, 2])  # which class started (mostly the first; an unknown code when there are fewer)
JOIN = st.tuples(st.just("join"), CLASS, st.sampled_from(STUDENTS))
ANSWER = st.tuples(st.just("answer"), CLASS, st.sampled_from([-1, -1, -1, 0, 1, 2, 3]),  # -1: the class's last round
                   st.sampled_from(STUDENTS + ("stranger",)), ANSWERS, st.sampled_from([None, 0.0, 5.0, 20.0, 30.0]))  # at a countdown's end too
OPEN_ROUND = st.tuples(st.just("open_round"), CLASS, st.sampled_from(["nim", "kayles"]), st.integers(0, 2**40),
                       st.sampled_from(["", "9"]), st.sampled_from([None, 5.0, 30.0]))
TICK = st.tuples(st.just("tick"), st.sampled_from([1.0, 10.0, 15.0, 600.0, LIFETIME / 2]))
STEPS = st.one_of(  # the common steps several times over: a lecture joins, poses and answers more than it ends
    JOIN, JOIN, ANSWER, ANSWER, ANSWER, OPEN_ROUND, OPEN_ROUND, TICK, TICK,
    st.tuples(st.just("create"), st.integers(0, 3)),
    st.tuples(st.just("lock"), CLASS, st.booleans()),
    st.tuples(st.just("close"), CLASS, st.sampled_from([None, 2.0, 40.0])),
    st.tuples(st.just("revote"), CLASS, st.sampled_from([None, 10.0])),
    st.tuples(st.just("reveal"), CLASS),
    st.tuples(st.just("name"), CLASS, st.sampled_from(STUDENTS), st.sampled_from(["", "Ann", "昵称", "x" * 30])),
    st.tuples(st.just("set_plan"), CLASS, st.sampled_from(["", "nim 3,5\nkayles 7"])),
    st.tuples(st.just("show"), CLASS, st.sampled_from(["/present/grid", "/present/pn-table?upto=9"])),
    st.tuples(st.just("allow"), st.sampled_from(["guess:a", "guess:b"]), st.integers(1, 3), st.sampled_from([10, 600])),
    st.tuples(st.just("purge"),),
    st.tuples(st.just("end"), CLASS),
)


# Every lecture drawn starts underway: a class, three students in, a question posed (hypothesis's
# lists repeat steps a lot; from an empty store most draws never reach an open vote).
UNDERWAY = [("create", 0), ("join", 0, "ann"), ("join", 0, "bob"), ("join", 0, "cat"), ("open_round", 0, "nim", 7, "", None)]


def _read(store: ClassStore, code: str, now: float) -> dict[str, Any]:
    """Everything a page may read of one class."""
    seen: dict[str, Any] = {"room": store.room(code, now), "rounds": store.rounds(code), "members": store.members(code),
                            "nicknames": store.nicknames(code), "plan": store.plan(code),
                            "joined": [store.is_member(code, s) for s in STUDENTS]}
    for r in seen["rounds"]:
        for vote in range(0, r.vote + 1):
            seen[f"{r.number}.{vote}"] = (store.count(code, r.number, vote), store.answers_by(code, r.number, vote),
                                          sorted(store.answers(code, r.number, vote), key=repr))
        seen[f"{r.number}.of"] = [store.answer_of(code, r.number, s) for s in STUDENTS]
        seen[f"{r.number}.round_of"] = store.round_of(code, r.number)
    seen["ballots"] = [store.ballots(code, s) for s in STUDENTS]
    seen["nickname"] = [store.nickname(code, s) for s in STUDENTS]
    return seen


def _step(store: ClassStore, step: tuple[Any, ...], codes: list[str], now: float) -> Any:
    kind, *args = step
    code = codes[args[0]] if args and kind not in ("create", "tick", "allow", "purge") and args[0] < len(codes) else "ACDEFG"
    if kind == "join":
        return store.join(code, args[1])
    if kind == "lock":
        return store.lock(code, args[1])
    if kind == "open_round":
        if code not in codes:
            return None  # the routes pose a question only in a class they found (SQLite's raises, Redis's returns 0)
        game, seed, position, closes = args[1:]
        return store.open_round(code, game, 1, seed, position, "N", rule="", closes=None if closes is None else now + closes)
    if kind == "close":
        return store.close(code, None if args[1] is None else now + args[1])
    if kind == "revote":
        return store.revote(code, None if args[1] is None else now + args[1])
    if kind == "reveal":
        return store.reveal(code)
    if kind == "end":
        return store.end(code)
    if kind == "answer":
        number, student, answer, at = args[1:]
        if number < 0:
            number = max((r.number for r in store.rounds(code)), default=0)
        return store.answer(code, number, student, answer, None if at is None else now + at)
    if kind == "name":
        return store.name(code, args[1], args[2])
    if kind == "set_plan":
        return store.set_plan(code, args[1])
    if kind == "show":
        return store.show(code, args[1])
    if kind == "allow":
        return store.allow(args[0], now, limit=args[1], window=args[2])
    if kind == "purge":
        return store.purge(now)
    raise AssertionError(step)


@settings(max_examples=50, deadline=None)
@given(steps=st.lists(STEPS, min_size=10, max_size=30))
def test_sqlite_and_redis_give_the_same_answers(redis_url: str, steps: list[tuple[Any, ...]]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="grundy-agree-"))
    client = connect(redis_url)
    try:
        stores: list[ClassStore] = [SQLiteClassStore(folder / "c.sqlite3"),
                                    RedisClassStore(client, prefix=f"grundy-agree-{secrets.token_hex(6)}:")]
        codes: list[list[str]] = [[], []]
        now = T0
        for step in [*UNDERWAY, *steps]:
            if step[0] == "tick":
                now += step[1]
                continue
            if step[0] == "create":
                made = [store.create(now + step[1]) for store in stores]
                for mine, (code, secret) in zip(codes, made):
                    mine.append(code)
                assert all(store.is_teacher(code, secret) for store, (code, secret) in zip(stores, made))
                continue
            said = [_step(store, step, mine, now) for store, mine in zip(stores, codes)]
            assert said[0] == said[1], (step, said)
            touched = range(len(codes[0])) if step[0] in ("purge", "allow") or step[1] >= len(codes[0]) else [step[1]]
            for i in touched:  # the class the step named (all of them after a purge)
                seen = [_read(store, mine[i], now) for store, mine in zip(stores, codes)]
                if seen[0]["room"] is not None:  # the codes differ (each store drew its own): compare all else
                    assert seen[1]["room"] is not None, step
                    seen = [{**s, "room": s["room"].__class__(**{**_fields(s["room"]), "code": ""})} for s in seen]
                assert seen[0] == seen[1], (step, i)
            assert stores[0].open_classes(now) == stores[1].open_classes(now)
    finally:
        client.close()
        shutil.rmtree(folder, ignore_errors=True)


def _fields(room: Any) -> dict[str, Any]:
    return {name: getattr(room, name) for name in room.__slots__}
