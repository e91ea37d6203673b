"""Who drives a live class's phones, and how a class is handed to another browser, without Flask.

- **The projection shown to the class.** Phones follow one projection only: the one the
  instructor showed with "Show this to the class" (a button in its class bar). Showing gives
  that projection (that tab) a token of its own, and the class keeps only the newest token's
  digest: each step the projection reports carries it, and a report without it (another tab
  previewing the next widget) changes nothing on the phones (:meth:`DrivingStore.drive`,
  :meth:`DrivingStore.drives`).
- **Hand-over.** The console can give the class to another browser (the lecture hall's PC): a
  key of :data:`KEY_LENGTH` characters, shown on the console only, that works once and for
  :data:`KEY_LIFETIME` seconds (:meth:`DrivingStore.offer`, :meth:`DrivingStore.take`). The
  browser that takes it gets the class's secret in its own signed session cookie, as the
  browser that started the class has it. The store keeps the key's digest, and the secret only
  masked with the key (so the rows alone give no class away); a newer key, or "Revoke", ends
  the last one; a key stays known (used, revoked, expired) for :data:`KEPT` seconds, so a late
  try is told which.

What a store of them does is :class:`Driving`; :class:`DrivingStore` keeps them in the class
store's SQLite file, in tables of their own (the classes' tables are :mod:`.sqlite_store`'s),
:class:`~.redis_driving.RedisDrivingStore` in Redis beside the classes. Times are seconds since
the epoch, passed in.
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

from grundy.web.classroom.store import ALPHABET, LIFETIME

KEY_LENGTH = 8  # 25⁸ ≈ 1.5·10¹¹ keys, each alive 5 minutes, tries counted per address (TAKE_LIMIT)
KEY_LIFETIME = 300  # seconds a hand-over key works: long enough to walk to the lectern's PC
KEPT = 3600  # seconds a key is remembered after it ends, so a late try is told why
TAKE_LIMIT = 20  # wrong keys one address may try in the store's window
OFFER_LIMIT = 30  # keys one class may make in the store's window
TOKEN_BYTES = 18  # a projection's token: random, never typed

SCHEMA = """
CREATE TABLE IF NOT EXISTS drivers (code TEXT PRIMARY KEY, token TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS handovers (
    key TEXT PRIMARY KEY, code TEXT NOT NULL, secret TEXT NOT NULL, made REAL NOT NULL, expires REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'open');
CREATE INDEX IF NOT EXISTS handovers_code ON handovers (code);
"""

State = Literal["open", "used", "revoked", "expired", "unknown"]
Shown = Literal["here", "elsewhere", "nobody"]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _mask(secret: bytes, key: str, code: str) -> bytes:
    """``secret`` XOR a pad drawn from the key and the class (the same call unmasks it)."""
    pad = hashlib.shake_256(f"{key}:{code}".encode()).digest(len(secret))
    return bytes(a ^ b for a, b in zip(secret, pad))


def new_key() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(KEY_LENGTH))


def normal_key(typed: str) -> str | None:
    """A typed key in the store's form (spaces and dashes dropped, capitals), or None if it cannot be one."""
    cleaned = "".join(typed.split()).replace("-", "").upper()
    if len(cleaned) != KEY_LENGTH or any(c not in ALPHABET for c in cleaned):
        return None
    return cleaned


def shown_key(key: str) -> str:
    """A key as the console shows it: two groups of four, easy to read out and type."""
    half = KEY_LENGTH // 2
    return f"{key[:half]}-{key[half:]}"


@dataclass(frozen=True, slots=True)
class Taken:
    """What taking a key says: its state before this try, and (when it was open) the class and its secret."""

    state: State
    code: str = ""
    secret: str = ""


class Driving(Protocol):
    """What the routes need from a store of drivers and hand-over keys (see :class:`DrivingStore`'s methods)."""

    def drive(self, code: str, now: float) -> str: ...

    def shown(self, code: str, token: str) -> Shown: ...

    def drives(self, code: str, token: str) -> bool: ...

    def offer(self, code: str, secret: str, now: float) -> str: ...

    def state(self, code: str, key: str, now: float) -> State: ...

    def expires(self, key: str) -> float: ...

    def revoke(self, code: str) -> None: ...

    def take(self, key: str, now: float) -> Taken: ...


class DrivingStore:
    """The drivers and hand-over keys, in the class store's SQLite file (one connection per thread)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._db().executescript(SCHEMA)

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None or self._local.pid != os.getpid():
            db = sqlite3.connect(self.path, timeout=5.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout=5000")
            self._local.db = db
            self._local.pid = os.getpid()
        return db

    # -------------------------------------------------------------- the projection shown

    def drive(self, code: str, now: float) -> str:
        """The projection asking is shown to the class from now on: its new token (the last one's ends)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        db = self._db()
        db.execute("DELETE FROM drivers WHERE expires <= ?", (now,))
        db.execute("INSERT OR REPLACE INTO drivers (code, token, expires) VALUES (?, ?, ?)", (code, _digest(token), now + LIFETIME))
        return token

    def shown(self, code: str, token: str) -> Shown:
        """Whether ``token``'s projection is the one shown to the class ("here"), another one is
        ("elsewhere"), or none has been ("nobody")."""
        row = self._db().execute("SELECT token FROM drivers WHERE code = ?", (code,)).fetchone()
        if row is None:
            return "nobody"
        return "here" if token and len(token) <= 64 and hmac.compare_digest(row[0], _digest(token)) else "elsewhere"

    def drives(self, code: str, token: str) -> bool:
        """Whether ``token`` is the one of the projection last shown to the class."""
        return self.shown(code, token) == "here"

    # -------------------------------------------------------------- hand-over

    def offer(self, code: str, secret: str, now: float) -> str:
        """A new one-time key for the class (its last open key is revoked)."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM handovers WHERE expires <= ?", (now - KEPT,))
            db.execute("UPDATE handovers SET state = 'revoked' WHERE code = ? AND state = 'open'", (code,))
            while True:
                key = new_key()
                if not db.execute("SELECT 1 FROM handovers WHERE key = ?", (_digest(key),)).fetchone():
                    break
            masked = _mask(secret.encode(), key, code).hex()
            db.execute("INSERT INTO handovers (key, code, secret, made, expires) VALUES (?, ?, ?, ?, ?)",
                       (_digest(key), code, masked, now, now + KEY_LIFETIME))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return key

    def state(self, code: str, key: str, now: float) -> State:
        """What became of the key this class made (the console shows an open one, and its minutes left)."""
        row = self._db().execute("SELECT state, expires FROM handovers WHERE key = ? AND code = ?", (_digest(key), code)).fetchone()
        if row is None:
            return "unknown"
        state: State = "expired" if row[0] == "open" and row[1] <= now else row[0]
        return state

    def expires(self, key: str) -> float:
        row = self._db().execute("SELECT expires FROM handovers WHERE key = ?", (_digest(key),)).fetchone()
        return float(row[0]) if row else 0.0

    def revoke(self, code: str) -> None:
        """The class's open key works no more."""
        self._db().execute("UPDATE handovers SET state = 'revoked' WHERE code = ? AND state = 'open'", (code,))

    def take(self, key: str, now: float) -> Taken:
        """Use the key (once): the class and its secret if it was open and in time; else what it is."""
        db = self._db()
        digest = _digest(key)
        # one statement: two browsers racing for one key cannot both have it
        cursor = db.execute("UPDATE handovers SET state = 'used' WHERE key = ? AND state = 'open' AND expires > ?", (digest, now))
        row = db.execute("SELECT code, secret, state, expires FROM handovers WHERE key = ?", (digest,)).fetchone()
        if row is None:
            return Taken("unknown")
        code, masked, state, expires = row
        if cursor.rowcount == 1:
            return Taken("open", code, _mask(bytes.fromhex(masked), key, code).decode())
        return Taken("expired" if state == "open" and expires <= now else state)


__all__ = ["KEPT", "KEY_LENGTH", "KEY_LIFETIME", "OFFER_LIMIT", "TAKE_LIMIT", "Driving", "DrivingStore", "Shown", "State", "Taken", "new_key",
           "normal_key", "shown_key"]
