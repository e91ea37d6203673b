"""Where a live class keeps its state: one small interface (:class:`ClassStore`) and its SQLite
implementation, a file under ``instance/`` shared by every gunicorn worker and thread.

A class is a row keyed by its code. What students see (the projected view, the round, its phase)
changes its ``version``, which the students' polls compare (their ETag); answers change only the
count the projector shows, so 40 answers do not make 40 phones download the page again.

Nothing here imports Flask: the store is plain Python, so a shared store for several machines
(Redis, say: a hash per class, a set per round's voters with SADD for the one-vote rule, EXPIRE
for the 12 hours) can replace :class:`SQLiteClassStore` behind the same methods.

All times are seconds since the epoch, passed in by the caller, so the tests can move the clock.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

# Capitals and digits that cannot be misread on a projector or typed wrongly on a phone: no 0/O,
# 1/I/L, and none of the pairs that look alike in small type (2/Z, 5/S, 8/B).
ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6  # 25⁶ ≈ 244 million codes, with joins rate-limited (see JOIN_LIMIT)
LIFETIME = 12 * 3600  # seconds a class lives from its start
MAX_VIEW = 600  # characters of a projected view's path and query
MAX_MOVE = 200  # characters of a student's typed move
MAX_ROUNDS = 200  # rounds in one class
MAX_ANSWERS = 500  # answers to one round (a lecture hall)
MAX_MEMBERS = 2000  # students counted as joined (browsers: a student may come back in another)
# Unknown codes one address may try per JOIN_WINDOW: a school's network is one address, and its
# phones each ask once more when their class expires; one address guessing all day finds a class
# among 100 running with odds under 1 in 100 (17,280 tries of 244 million codes).
JOIN_LIMIT = 120
JOIN_WINDOW = 600  # seconds

Phase = Literal["idle", "open", "revealed", "ended"]
Says = Literal["P", "N"]


@dataclass(frozen=True, slots=True)
class Room:
    """A class as its students see it."""

    code: str
    created: float
    expires: float
    version: int  # changes whenever what students see changes
    view: str  # the projected widget: "/present/<name>?<query>", or "" before one is shown
    round: int  # the current round's number, 0 before the first
    phase: Phase


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    game: str
    level: int
    seed: int
    position: str  # typed by the instructor, or "" for the drawn question's own
    truth: Says
    revealed: bool


@dataclass(frozen=True, slots=True)
class Answer:
    says: Says
    move: str  # the position the student's move leaves, as the game writes it ("" for none)
    wins: bool | None  # whether that move wins (None: no move given)


class ClassStore(Protocol):
    """What the classroom routes need from a store."""

    def create(self, now: float) -> tuple[str, str]:
        """A new class: its code and the instructor's secret."""
        ...

    def room(self, code: str, now: float) -> Room | None:
        """The class with this code, or None (unknown, or expired)."""
        ...

    def is_teacher(self, code: str, secret: str) -> bool: ...

    def show(self, code: str, view: str) -> None:
        """The projector moved: students follow ``view``."""
        ...

    def open_round(self, code: str, game: str, level: int, seed: int, position: str, truth: Says) -> int:
        """A new poll; returns its number."""
        ...

    def reveal(self, code: str) -> None: ...

    def end(self, code: str) -> None: ...

    def answer(self, code: str, number: int, student: str, answer: Answer) -> bool:
        """Record a student's answer to round ``number``; False if they have answered it already
        (or the round is full)."""
        ...

    def answer_of(self, code: str, number: int, student: str) -> Answer | None: ...

    def join(self, code: str, student: str) -> None:
        """Count ``student`` as one of the class (once, however often they come back)."""
        ...

    def members(self, code: str) -> int:
        """How many students have joined."""
        ...

    def count(self, code: str, number: int) -> int: ...

    def answers(self, code: str, number: int) -> list[Answer]: ...

    def rounds(self, code: str) -> list[Round]: ...

    def round_of(self, code: str, number: int) -> Round | None: ...

    def allow(self, key: str, now: float, limit: int = JOIN_LIMIT, window: int = JOIN_WINDOW) -> bool:
        """Count one attempt for ``key`` (an address) in the current window; False past ``limit``."""
        ...

    def purge(self, now: float) -> int:
        """Forget expired classes (their rounds and answers too); returns how many."""
        ...


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def typed_code(text: str) -> str:
    """What was typed, as a code is written: capitals, no spaces or dashes (at most one character
    more than a code, so a long paste is not copied around)."""
    return "".join(text.split()).replace("-", "").upper()[: CODE_LENGTH + 1]


def normal_code(text: str) -> str | None:
    """A typed code in the store's form, or None if it cannot be one."""
    cleaned = typed_code(text)
    if len(cleaned) != CODE_LENGTH or any(c not in ALPHABET for c in cleaned):
        return None
    return cleaned


SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, secret TEXT NOT NULL, created REAL NOT NULL, expires REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 1, view TEXT NOT NULL DEFAULT '',
    round INTEGER NOT NULL DEFAULT 0, phase TEXT NOT NULL DEFAULT 'idle');
CREATE TABLE IF NOT EXISTS rounds (
    code TEXT NOT NULL, number INTEGER NOT NULL, game TEXT NOT NULL, level INTEGER NOT NULL,
    seed INTEGER NOT NULL, position TEXT NOT NULL, truth TEXT NOT NULL, revealed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, number));
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL, number INTEGER NOT NULL, student TEXT NOT NULL, says TEXT NOT NULL,
    move TEXT NOT NULL, wins INTEGER, PRIMARY KEY (code, number, student));
CREATE TABLE IF NOT EXISTS members (
    code TEXT NOT NULL, student TEXT NOT NULL, PRIMARY KEY (code, student));
CREATE TABLE IF NOT EXISTS attempts (
    key TEXT NOT NULL, window INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (key, window));
CREATE INDEX IF NOT EXISTS classes_expiry ON classes (expires);
"""


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
        row = self._db().execute(
            "SELECT code, created, expires, version, view, round, phase FROM classes WHERE code = ? AND expires > ?",
            (code, now)).fetchone()
        return Room(*row) if row else None

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
        db = self._db()
        with _transaction(db):
            if self.count(code, number) >= MAX_ANSWERS:
                return False
            cursor = db.execute(
                "INSERT OR IGNORE INTO answers (code, number, student, says, move, wins) VALUES (?, ?, ?, ?, ?, ?)",
                (code, number, student, answer.says, answer.move[:MAX_MOVE], None if answer.wins is None else int(answer.wins)))
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

    def join(self, code: str, student: str) -> None:
        db = self._db()
        with _transaction(db):
            (n,) = db.execute("SELECT COUNT(*) FROM members WHERE code = ?", (code,)).fetchone()
            if n < MAX_MEMBERS:
                db.execute("INSERT OR IGNORE INTO members (code, student) VALUES (?, ?)", (code, student))

    def members(self, code: str) -> int:
        (n,) = self._db().execute("SELECT COUNT(*) FROM members WHERE code = ?", (code,)).fetchone()
        return int(n)

    # -------------------------------------------------------------- upkeep

    def allow(self, key: str, now: float, limit: int = JOIN_LIMIT, window: int = JOIN_WINDOW) -> bool:
        slot = int(now // window)
        db = self._db()
        with _transaction(db):
            db.execute("DELETE FROM attempts WHERE window < ?", (slot - 1,))
            db.execute("INSERT INTO attempts (key, window, count) VALUES (?, ?, 1) "
                       "ON CONFLICT (key, window) DO UPDATE SET count = count + 1", (key[:100], slot))
            (count,) = db.execute("SELECT count FROM attempts WHERE key = ? AND window = ?", (key[:100], slot)).fetchone()
        return int(count) <= limit

    def purge(self, now: float) -> int:
        db = self._db()
        with _transaction(db):
            gone = [code for (code,) in db.execute("SELECT code FROM classes WHERE expires <= ?", (now,))]
            for code in gone:
                db.execute("DELETE FROM answers WHERE code = ?", (code,))
                db.execute("DELETE FROM members WHERE code = ?", (code,))
                db.execute("DELETE FROM rounds WHERE code = ?", (code,))
                db.execute("DELETE FROM classes WHERE code = ?", (code,))
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


__all__ = ["ALPHABET", "Answer", "ClassStore", "CODE_LENGTH", "LIFETIME", "Room", "Round", "SQLiteClassStore", "normal_code",
           "typed_code"]
