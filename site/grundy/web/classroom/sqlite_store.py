"""The class store in one SQLite file (WAL mode), shared by every gunicorn worker and thread:
:class:`SQLiteClassStore`, which implements :class:`~.store.ClassStore`."""
from __future__ import annotations

import hmac
import os
import secrets
import sqlite3
import threading
from pathlib import Path

from grundy.web.classroom.store import (JOIN_LIMIT, LIFETIME, MAX_DETAIL, MAX_MEMBERS, MAX_MOVE, MAX_NICKNAME, MAX_PLAN, MAX_ROUNDS,
                                        MAX_RULE, MAX_VIEW, MAX_VOTES, OUTCOME, WINDOW, Answer, Ballot, Joined, Room, Round, digest,
                                        new_code)

SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, secret TEXT NOT NULL, created REAL NOT NULL, expires REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 1, view TEXT NOT NULL DEFAULT '',
    round INTEGER NOT NULL DEFAULT 0, phase TEXT NOT NULL DEFAULT 'idle', locked INTEGER NOT NULL DEFAULT 0,
    closes REAL, plan TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS rounds (
    code TEXT NOT NULL, number INTEGER NOT NULL, game TEXT NOT NULL, level INTEGER NOT NULL,
    seed INTEGER NOT NULL, position TEXT NOT NULL, truth TEXT NOT NULL, revealed INTEGER NOT NULL DEFAULT 0,
    rule TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL DEFAULT 'outcome', typed INTEGER NOT NULL DEFAULT 0,
    vote INTEGER NOT NULL DEFAULT 1, line INTEGER NOT NULL DEFAULT 0, detail TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (code, number));
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL, number INTEGER NOT NULL, vote INTEGER NOT NULL DEFAULT 1, student TEXT NOT NULL, says TEXT NOT NULL,
    move TEXT NOT NULL, wins INTEGER, unread TEXT NOT NULL DEFAULT '', PRIMARY KEY (code, number, vote, student));
CREATE TABLE IF NOT EXISTS members (
    code TEXT NOT NULL, student TEXT NOT NULL, nickname TEXT NOT NULL DEFAULT '', PRIMARY KEY (code, student));
CREATE TABLE IF NOT EXISTS tries (key TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS tries_key ON tries (key, at);
CREATE INDEX IF NOT EXISTS tries_at ON tries (at);
CREATE INDEX IF NOT EXISTS classes_expiry ON classes (expires);
DROP TABLE IF EXISTS attempts;
"""
# The schema's version (SQLite's user_version). A store made by an older version is brought up to
# this one when opened (UPGRADES: columns it lacks are added; answers, keyed by vote since
# version 2, are copied into the new table as vote 1), so an old instance/classes.sqlite3 keeps
# its classes and never stops the app.
SCHEMA_VERSION = 2
UPGRADES = {  # table → column → its definition, for a store made before the column
    "classes": {"locked": "INTEGER NOT NULL DEFAULT 0", "closes": "REAL", "plan": "TEXT NOT NULL DEFAULT ''"},
    "rounds": {"rule": "TEXT NOT NULL DEFAULT ''", "kind": "TEXT NOT NULL DEFAULT 'outcome'", "typed": "INTEGER NOT NULL DEFAULT 0",
               "vote": "INTEGER NOT NULL DEFAULT 1", "line": "INTEGER NOT NULL DEFAULT 0", "detail": "TEXT NOT NULL DEFAULT ''"},
    "members": {"nickname": "TEXT NOT NULL DEFAULT ''"},
}
ANSWERS_BY_VOTE = """
CREATE TABLE answers_by_vote (
    code TEXT NOT NULL, number INTEGER NOT NULL, vote INTEGER NOT NULL DEFAULT 1, student TEXT NOT NULL, says TEXT NOT NULL,
    move TEXT NOT NULL, wins INTEGER, unread TEXT NOT NULL DEFAULT '', PRIMARY KEY (code, number, vote, student));
INSERT INTO answers_by_vote (code, number, vote, student, says, move, wins) SELECT code, number, 1, student, says, move, wins FROM answers;
DROP TABLE answers;
ALTER TABLE answers_by_vote RENAME TO answers;
"""
_ROOM = "code, created, expires, version, view, round, phase, locked, closes"  # a Room's columns, in its fields' order
_ROUND = "number, game, level, seed, position, truth, revealed, rule, kind, typed, vote, line, detail"  # a Round's, in order
_ANSWER = "says, move, wins, unread"
# The vote a query names: the one given, or (0) the round's current one.
_VOTE = "COALESCE(NULLIF(?, 0), (SELECT vote FROM rounds WHERE code = ? AND number = ?))"


def _round(row: tuple) -> Round:  # type: ignore[type-arg]
    number, game, level, seed, position, truth, revealed, rule, kind, typed, vote, line, detail = row
    return Round(number, game, level, seed, position, truth, bool(revealed), rule, kind, bool(typed), vote, line, detail)


def _answer(row: tuple) -> Answer:  # type: ignore[type-arg]
    says, move, wins, unread = row
    return Answer(says, move, None if wins is None else bool(wins), unread)


def _upgrade(db: sqlite3.Connection) -> None:
    """Bring a store made by an older version of this module up to SCHEMA_VERSION (in one
    transaction: two workers opening it at once upgrade it once)."""
    with _transaction(db):
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version >= SCHEMA_VERSION:
            return
        for table, columns in UPGRADES.items():
            have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            for column, definition in columns.items():
                if column not in have:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")
        if "vote" not in {row[1] for row in db.execute("PRAGMA table_info(answers)")}:
            for statement in filter(str.strip, ANSWERS_BY_VOTE.split(";")):
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


class SQLiteClassStore:
    """The store in one SQLite file (WAL mode: readers never wait for the writer). Each thread
    keeps its own connection; every change is one short transaction."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._locks: dict[int, threading.Lock] = {}
        db = self._db()
        db.executescript(SCHEMA)
        _upgrade(db)

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None or self._local.pid != os.getpid():  # a connection never crosses a fork (gunicorn --preload)
            db = sqlite3.connect(self.path, timeout=5.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # with WAL: safe against corruption, may lose the last instant on power loss
            db.execute("PRAGMA busy_timeout=5000")
            self._local.db = db
            self._local.pid = os.getpid()
        return db

    def _writing(self) -> threading.Lock:
        """This process's one writer at a time. Its threads (gthread: up to 128 a worker, as many
        as requests in flight behind nginx) would otherwise all wait inside SQLite for its write
        lock, whose busy handler sleeps and retries with no order: under a class of 120 phones
        some waited past busy_timeout and got "database is locked" (bench/multi_server.py). A
        Python lock queues them instead, so SQLite sees one writer per process (a fresh lock in a
        forked child: one inherited held would never be released there)."""
        locks = self._locks
        pid = os.getpid()
        lock = locks.get(pid)
        if lock is None:
            lock = locks.setdefault(pid, threading.Lock())
        return lock

    # -------------------------------------------------------------- classes

    def create(self, now: float) -> tuple[str, str]:
        secret = secrets.token_urlsafe(24)
        db = self._db()
        for _ in range(20):
            code = new_code()
            try:
                with self._writing():
                    db.execute("INSERT INTO classes (code, secret, created, expires) VALUES (?, ?, ?, ?)",
                               (code, digest(secret), now, now + LIFETIME))
            except sqlite3.IntegrityError:
                continue  # the code is taken: draw again
            return code, secret
        raise RuntimeError("no free class code after 20 draws")

    def room(self, code: str, now: float) -> Room | None:
        db = self._db()
        row = db.execute(f"SELECT {_ROOM} FROM classes WHERE code = ? AND expires > ?", (code, now)).fetchone()
        if row is None:
            return None
        if row[6] == "open" and row[8] is not None and row[8] <= now:  # its countdown is over: the vote closes
            with self._writing():
                db.execute("UPDATE classes SET phase = 'closed', closes = NULL, version = version + 1 "
                           "WHERE code = ? AND phase = 'open' AND closes <= ?", (code, now))
            row = db.execute(f"SELECT {_ROOM} FROM classes WHERE code = ?", (code,)).fetchone()
        code, created, expires, version, view, number, phase, locked, closes = row
        return Room(code, created, expires, version, view, number, phase, bool(locked), closes)

    def is_teacher(self, code: str, secret: str) -> bool:
        row = self._db().execute("SELECT secret FROM classes WHERE code = ?", (code,)).fetchone()
        return bool(row) and bool(secret) and hmac.compare_digest(row[0], digest(secret))

    def show(self, code: str, view: str) -> None:
        with self._writing():
            self._db().execute("UPDATE classes SET view = ?, version = version + 1 WHERE code = ? AND view != ?",
                               (view[:MAX_VIEW], code, view[:MAX_VIEW]))

    # -------------------------------------------------------------- rounds

    def open_round(self, code: str, game: str, level: int, seed: int, position: str, truth: str, *, rule: str = "",
                   kind: str = OUTCOME, typed: bool = False, line: int = 0, detail: str = "", closes: float | None = None) -> int:
        db = self._db()
        with _transaction(db, self._writing()):
            (number,) = db.execute("SELECT round FROM classes WHERE code = ?", (code,)).fetchone()
            number = min(number + 1, MAX_ROUNDS)
            db.execute("INSERT OR REPLACE INTO rounds (code, number, game, level, seed, position, truth, rule, kind, typed, line, detail)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (code, number, game, level, seed, position[:MAX_MOVE], truth[:MAX_MOVE], rule[:MAX_RULE], kind, int(typed), line,
                        detail[:MAX_DETAIL]))
            db.execute("DELETE FROM answers WHERE code = ? AND number = ?", (code, number))  # the last round, posed again
            db.execute("UPDATE classes SET round = ?, phase = 'open', closes = ?, version = version + 1 WHERE code = ?",
                       (number, closes, code))
        return int(number)

    def close(self, code: str, at: float | None = None) -> bool:
        with self._writing():
            if at is None:
                cursor = self._db().execute("UPDATE classes SET phase = 'closed', closes = NULL, version = version + 1 "
                                            "WHERE code = ? AND phase = 'open'", (code,))
            else:
                cursor = self._db().execute("UPDATE classes SET closes = ?, version = version + 1 WHERE code = ? AND phase = 'open'",
                                            (at, code))
            return cursor.rowcount == 1

    def revote(self, code: str, closes: float | None = None) -> int:
        db = self._db()
        with _transaction(db, self._writing()):
            row = db.execute("SELECT r.vote FROM classes c JOIN rounds r ON r.code = c.code AND r.number = c.round "
                             "WHERE c.code = ? AND c.phase IN ('open', 'closed') AND r.revealed = 0", (code,)).fetchone()
            if row is None or row[0] >= MAX_VOTES:
                return 0
            vote = row[0] + 1
            db.execute("UPDATE rounds SET vote = ? WHERE code = ? AND number = (SELECT round FROM classes WHERE code = ?)",
                       (vote, code, code))
            db.execute("UPDATE classes SET phase = 'open', closes = ?, version = version + 1 WHERE code = ?", (closes, code))
        return int(vote)

    def reveal(self, code: str) -> None:
        db = self._db()
        with _transaction(db, self._writing()):
            db.execute("UPDATE rounds SET revealed = 1 WHERE code = ? AND number = (SELECT round FROM classes WHERE code = ?)",
                       (code, code))
            db.execute("UPDATE classes SET phase = 'revealed', closes = NULL, version = version + 1 "
                       "WHERE code = ? AND phase IN ('open', 'closed')", (code,))

    def end(self, code: str) -> None:
        with self._writing():
            self._db().execute("UPDATE classes SET phase = 'ended', version = version + 1 WHERE code = ? AND phase != 'ended'", (code,))

    def rounds(self, code: str) -> list[Round]:
        rows = self._db().execute(f"SELECT {_ROUND} FROM rounds WHERE code = ? ORDER BY number", (code,))
        return [_round(row) for row in rows]

    def round_of(self, code: str, number: int) -> Round | None:
        row = self._db().execute(f"SELECT {_ROUND} FROM rounds WHERE code = ? AND number = ?", (code, number)).fetchone()
        return _round(row) if row else None

    # -------------------------------------------------------------- answers

    def answer(self, code: str, number: int, student: str, answer: Answer, now: float | None = None) -> bool:
        # one statement: the checks (a member; the round's vote open, before its deadline) and the
        # write cannot be separated by another writer (closing the vote, say)
        with self._writing():
            cursor = self._db().execute(
                "INSERT OR REPLACE INTO answers (code, number, vote, student, says, move, wins, unread) "
                "SELECT ?, ?, r.vote, ?, ?, ?, ?, ? FROM classes c JOIN rounds r ON r.code = c.code AND r.number = c.round "
                "WHERE c.code = ? AND c.round = ? AND c.phase = 'open' AND (c.closes IS NULL OR ? IS NULL OR c.closes > ?) "
                "AND EXISTS (SELECT 1 FROM members WHERE code = ? AND student = ?)",
                (code, number, student, answer.says[:MAX_MOVE], answer.move[:MAX_MOVE], None if answer.wins is None else int(answer.wins),
                 answer.unread[:MAX_MOVE], code, number, now, now, code, student))
            return cursor.rowcount == 1

    def answer_of(self, code: str, number: int, student: str, vote: int = 0) -> Answer | None:
        row = self._db().execute(f"SELECT {_ANSWER} FROM answers WHERE code = ? AND number = ? AND vote = {_VOTE} AND student = ?",
                                 (code, number, vote, code, number, student)).fetchone()
        return _answer(row) if row else None

    def ballots(self, code: str, student: str) -> list[Ballot]:
        rows = self._db().execute(f"SELECT number, vote, {_ANSWER} FROM answers WHERE code = ? AND student = ? ORDER BY number, vote",
                                  (code, student))
        return [Ballot(row[0], row[1], _answer(row[2:])) for row in rows]

    def count(self, code: str, number: int, vote: int = 0) -> int:
        (n,) = self._db().execute(f"SELECT COUNT(*) FROM answers WHERE code = ? AND number = ? AND vote = {_VOTE}",
                                  (code, number, vote, code, number)).fetchone()
        return int(n)

    def answers(self, code: str, number: int, vote: int = 0) -> list[Answer]:
        rows = self._db().execute(f"SELECT {_ANSWER} FROM answers WHERE code = ? AND number = ? AND vote = {_VOTE}",
                                  (code, number, vote, code, number))
        return [_answer(row) for row in rows]

    def answers_by(self, code: str, number: int, vote: int = 0) -> dict[str, Answer]:
        rows = self._db().execute(f"SELECT student, {_ANSWER} FROM answers WHERE code = ? AND number = ? AND vote = {_VOTE}",
                                  (code, number, vote, code, number))
        return {row[0]: _answer(row[1:]) for row in rows}

    # -------------------------------------------------------------- members

    def join(self, code: str, student: str) -> Joined:
        db = self._db()
        with _transaction(db, self._writing()):
            if db.execute("SELECT 1 FROM members WHERE code = ? AND student = ?", (code, student)).fetchone():
                return "already"
            row = db.execute("SELECT locked, phase FROM classes WHERE code = ?", (code,)).fetchone()
            if row is None or row[1] == "ended":
                return "ended"
            if row[0]:
                return "locked"
            (n,) = db.execute("SELECT COUNT(*) FROM members WHERE code = ?", (code,)).fetchone()
            if n >= MAX_MEMBERS:
                return "full"
            db.execute("INSERT INTO members (code, student) VALUES (?, ?)", (code, student))
            return "joined"

    def is_member(self, code: str, student: str) -> bool:
        return self._db().execute("SELECT 1 FROM members WHERE code = ? AND student = ?", (code, student)).fetchone() is not None

    def lock(self, code: str, locked: bool) -> None:
        with self._writing():
            self._db().execute("UPDATE classes SET locked = ?, version = version + 1 WHERE code = ? AND locked != ?",
                               (int(locked), code, int(locked)))

    def members(self, code: str) -> int:
        (n,) = self._db().execute("SELECT COUNT(*) FROM members WHERE code = ?", (code,)).fetchone()
        return int(n)

    def name(self, code: str, student: str, nickname: str) -> bool:
        with self._writing():
            return self._db().execute("UPDATE members SET nickname = ? WHERE code = ? AND student = ?",
                                      (nickname[:MAX_NICKNAME], code, student)).rowcount == 1

    def nickname(self, code: str, student: str) -> str:
        row = self._db().execute("SELECT nickname FROM members WHERE code = ? AND student = ?", (code, student)).fetchone()
        return str(row[0]) if row else ""

    def nicknames(self, code: str) -> dict[str, str]:
        rows = self._db().execute("SELECT student, nickname FROM members WHERE code = ? AND nickname != '' ORDER BY nickname",
                                  (code,))
        return {student: nickname for student, nickname in rows}

    # -------------------------------------------------------------- the plan

    def set_plan(self, code: str, plan: str) -> None:
        with self._writing():
            self._db().execute("UPDATE classes SET plan = ? WHERE code = ?", (plan[:MAX_PLAN], code))

    def plan(self, code: str) -> str:
        row = self._db().execute("SELECT plan FROM classes WHERE code = ?", (code,)).fetchone()
        return str(row[0]) if row else ""

    # -------------------------------------------------------------- upkeep

    def allow(self, key: str, now: float, limit: int = JOIN_LIMIT, window: int = WINDOW) -> bool:
        key = key[:100]
        db = self._db()
        with _transaction(db, self._writing()):
            db.execute("DELETE FROM tries WHERE key = ? AND at <= ?", (key, now - window))
            (count,) = db.execute("SELECT COUNT(*) FROM tries WHERE key = ?", (key,)).fetchone()
            if count >= limit:
                return False  # not counted: a key holds at most ``limit`` rows
            db.execute("INSERT INTO tries (key, at) VALUES (?, ?)", (key, now))
        return True

    def open_classes(self, now: float) -> int:
        (n,) = self._db().execute("SELECT COUNT(*) FROM classes WHERE expires > ?", (now,)).fetchone()
        return int(n)

    def size(self) -> int:
        # the database and its write-ahead log (between checkpoints, new pages are there)
        return sum(os.path.getsize(p) for p in (self.path, Path(f"{self.path}-wal")) if os.path.exists(p))

    def purge(self, now: float) -> int:
        db = self._db()
        with _transaction(db, self._writing()):
            gone = [code for (code,) in db.execute("SELECT code FROM classes WHERE expires <= ?", (now,))]
            for code in gone:
                db.execute("DELETE FROM answers WHERE code = ?", (code,))
                db.execute("DELETE FROM members WHERE code = ?", (code,))
                db.execute("DELETE FROM rounds WHERE code = ?", (code,))
                db.execute("DELETE FROM classes WHERE code = ?", (code,))
            db.execute("DELETE FROM tries WHERE at <= ?", (now - WINDOW,))
        return len(gone)


class _transaction:
    """BEGIN IMMEDIATE … COMMIT (or ROLLBACK): the writer's lock is taken at the start, so two
    workers cannot both read the round number and then both write it."""

    def __init__(self, db: sqlite3.Connection, writing: threading.Lock | None = None) -> None:
        self.db = db
        self.writing = writing  # the store's lock for this process's writers (SQLiteClassStore._writing)

    def __enter__(self) -> sqlite3.Connection:
        if self.writing is not None:
            self.writing.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            if self.writing is not None:
                self.writing.release()
            raise
        return self.db

    def __exit__(self, kind: object, *_rest: object) -> None:
        try:
            self.db.execute("ROLLBACK" if kind is not None else "COMMIT")
        finally:
            if self.writing is not None:
                self.writing.release()




__all__ = ["SQLiteClassStore"]
