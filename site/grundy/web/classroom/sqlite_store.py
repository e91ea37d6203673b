"""The class store in one SQLite file (WAL mode), shared by every gunicorn worker and thread:
:class:`SQLiteClassStore`, which implements :class:`~.store.ClassStore`."""
from __future__ import annotations

import hmac
import os
import secrets
import sqlite3
import threading
from pathlib import Path

from grundy.web.classroom.store import (JOIN_LIMIT, LIFETIME, MAX_MEMBERS, MAX_MOVE, MAX_ROUNDS, MAX_VIEW, WINDOW, Answer, Joined,
                                        Room, Round, Says, digest, new_code)

SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, secret TEXT NOT NULL, created REAL NOT NULL, expires REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 1, view TEXT NOT NULL DEFAULT '',
    round INTEGER NOT NULL DEFAULT 0, phase TEXT NOT NULL DEFAULT 'idle', locked INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS rounds (
    code TEXT NOT NULL, number INTEGER NOT NULL, game TEXT NOT NULL, level INTEGER NOT NULL,
    seed INTEGER NOT NULL, position TEXT NOT NULL, truth TEXT NOT NULL, revealed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, number));
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL, number INTEGER NOT NULL, student TEXT NOT NULL, says TEXT NOT NULL,
    move TEXT NOT NULL, wins INTEGER, PRIMARY KEY (code, number, student));
CREATE TABLE IF NOT EXISTS members (
    code TEXT NOT NULL, student TEXT NOT NULL, PRIMARY KEY (code, student));
CREATE TABLE IF NOT EXISTS tries (key TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS tries_key ON tries (key, at);
CREATE INDEX IF NOT EXISTS tries_at ON tries (at);
CREATE INDEX IF NOT EXISTS classes_expiry ON classes (expires);
DROP TABLE IF EXISTS attempts;
"""
# A store made before classes could be locked gains the column (SQLite has no ADD COLUMN IF NOT EXISTS).
UPGRADES = {"locked": "ALTER TABLE classes ADD COLUMN locked INTEGER NOT NULL DEFAULT 0"}
_ROOM = "code, created, expires, version, view, round, phase, locked"  # a Room's columns, in its fields' order


_ROUND = "number, game, level, seed, position, truth, revealed"  # a Round's columns, in its fields' order


def _round(row: tuple[int, str, int, int, str, Says, int]) -> Round:
    number, game, level, seed, position, truth, revealed = row
    return Round(number, game, level, seed, position, truth, bool(revealed))


class SQLiteClassStore:
    """The store in one SQLite file (WAL mode: readers never wait for the writer). Each thread
    keeps its own connection; every change is one short transaction."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        with self._db() as db:
            db.executescript(SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(classes)")}
            for column, upgrade in UPGRADES.items():
                if column not in columns:
                    db.execute(upgrade)

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

    # -------------------------------------------------------------- classes

    def create(self, now: float) -> tuple[str, str]:
        secret = secrets.token_urlsafe(24)
        db = self._db()
        for _ in range(20):
            code = new_code()
            try:
                db.execute("INSERT INTO classes (code, secret, created, expires) VALUES (?, ?, ?, ?)",
                           (code, digest(secret), now, now + LIFETIME))
            except sqlite3.IntegrityError:
                continue  # the code is taken: draw again
            return code, secret
        raise RuntimeError("no free class code after 20 draws")

    def room(self, code: str, now: float) -> Room | None:
        row = self._db().execute(f"SELECT {_ROOM} FROM classes WHERE code = ? AND expires > ?", (code, now)).fetchone()
        if row is None:
            return None
        code, created, expires, version, view, number, phase, locked = row
        return Room(code, created, expires, version, view, number, phase, bool(locked))

    def is_teacher(self, code: str, secret: str) -> bool:
        row = self._db().execute("SELECT secret FROM classes WHERE code = ?", (code,)).fetchone()
        return bool(row) and bool(secret) and hmac.compare_digest(row[0], digest(secret))

    def show(self, code: str, view: str) -> None:
        self._db().execute("UPDATE classes SET view = ?, version = version + 1 WHERE code = ? AND view != ?",
                           (view[:MAX_VIEW], code, view[:MAX_VIEW]))

    # -------------------------------------------------------------- rounds

    def open_round(self, code: str, game: str, level: int, seed: int, position: str, truth: Says) -> int:
        db = self._db()
        with _transaction(db):
            (number,) = db.execute("SELECT round FROM classes WHERE code = ?", (code,)).fetchone()
            number = min(number + 1, MAX_ROUNDS)
            db.execute("INSERT OR REPLACE INTO rounds (code, number, game, level, seed, position, truth) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (code, number, game, level, seed, position, truth))
            db.execute("DELETE FROM answers WHERE code = ? AND number = ?", (code, number))  # the last round, posed again
            db.execute("UPDATE classes SET round = ?, phase = 'open', version = version + 1 WHERE code = ?", (number, code))
        return int(number)

    def reveal(self, code: str) -> None:
        db = self._db()
        with _transaction(db):
            db.execute("UPDATE rounds SET revealed = 1 WHERE code = ? AND number = (SELECT round FROM classes WHERE code = ?)",
                       (code, code))
            db.execute("UPDATE classes SET phase = 'revealed', version = version + 1 WHERE code = ? AND phase = 'open'", (code,))

    def end(self, code: str) -> None:
        self._db().execute("UPDATE classes SET phase = 'ended', version = version + 1 WHERE code = ? AND phase != 'ended'", (code,))

    def rounds(self, code: str) -> list[Round]:
        rows = self._db().execute(f"SELECT {_ROUND} FROM rounds WHERE code = ? ORDER BY number", (code,))
        return [_round(row) for row in rows]

    def round_of(self, code: str, number: int) -> Round | None:
        row = self._db().execute(f"SELECT {_ROUND} FROM rounds WHERE code = ? AND number = ?", (code, number)).fetchone()
        return _round(row) if row else None

    # -------------------------------------------------------------- answers

    def answer(self, code: str, number: int, student: str, answer: Answer) -> bool:
        # one statement: the membership check and the insert cannot be separated by another writer
        cursor = self._db().execute(
            "INSERT OR IGNORE INTO answers (code, number, student, says, move, wins) "
            "SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM members WHERE code = ? AND student = ?)",
            (code, number, student, answer.says, answer.move[:MAX_MOVE], None if answer.wins is None else int(answer.wins),
             code, student))
        return cursor.rowcount == 1

    def answer_of(self, code: str, number: int, student: str) -> Answer | None:
        row = self._db().execute("SELECT says, move, wins FROM answers WHERE code = ? AND number = ? AND student = ?",
                                 (code, number, student)).fetchone()
        return Answer(row[0], row[1], None if row[2] is None else bool(row[2])) if row else None

    def count(self, code: str, number: int) -> int:
        (n,) = self._db().execute("SELECT COUNT(*) FROM answers WHERE code = ? AND number = ?", (code, number)).fetchone()
        return int(n)

    def answers(self, code: str, number: int) -> list[Answer]:
        rows = self._db().execute("SELECT says, move, wins FROM answers WHERE code = ? AND number = ?", (code, number))
        return [Answer(s, m, None if w is None else bool(w)) for s, m, w in rows]

    def join(self, code: str, student: str) -> Joined:
        db = self._db()
        with _transaction(db):
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
        self._db().execute("UPDATE classes SET locked = ?, version = version + 1 WHERE code = ? AND locked != ?",
                           (int(locked), code, int(locked)))

    def members(self, code: str) -> int:
        (n,) = self._db().execute("SELECT COUNT(*) FROM members WHERE code = ?", (code,)).fetchone()
        return int(n)

    # -------------------------------------------------------------- upkeep

    def allow(self, key: str, now: float, limit: int = JOIN_LIMIT, window: int = WINDOW) -> bool:
        key = key[:100]
        db = self._db()
        with _transaction(db):
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
        with _transaction(db):
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

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: object, *_rest: object) -> None:
        self.db.execute("ROLLBACK" if kind is not None else "COMMIT")




__all__ = ["SQLiteClassStore"]
