"""Quiz scores in the signed session cookie: no accounts, nothing stored on the server.

Flask signs the cookie with the app's secret key, so a learner cannot raise their own score by
editing it. A cookie whose signature fails is *rejected*: the score starts again from zero, the
quiz says so once, and the fresh cookie replaces the bad one. A cookie that is signed but not
shaped like a score book (an old format, say) is treated the same way.
"""
from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import Any, TypedDict

from flask import Flask, Request, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface

from grundy.i18n import _

REJECTED = "grundy.session_rejected"
MAX_REMEMBERED = 40  # questions remembered as answered, so reloading one does not count twice
MAX_COUNT = 10**9
MAX_LESSONS = 64  # lesson numbers a progress mask can hold


class Score(TypedDict):
    asked: int  # questions answered (step one)
    right: int
    streak: int  # right answers in a row, now
    best: int  # the longest streak so far
    moves: int  # winning moves tried (step two)
    moves_right: int


FIELDS = tuple(Score.__annotations__)


class CheckedSessionInterface(SecureCookieSessionInterface):
    """The usual signed cookie, remembering when a cookie was present but did not verify."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        opened = super().open_session(app, request)
        sent = request.cookies.get(self.get_cookie_name(app))
        if opened is not None and sent and not opened:
            request.environ[REJECTED] = True  # a bad signature comes back as an empty session
        return opened


def _valid_book(book: Any) -> bool:
    """A score book as this module writes it: whole numbers (not booleans) within bounds, and
    consistent (no more right than asked, a streak within the best); anything else, even if
    signed with our key, is treated as tampered."""
    return isinstance(book, dict) and len(book) <= 20 and all(
        isinstance(game, str) and isinstance(score, dict) and set(score) == set(FIELDS)
        and all(type(score[f]) is int and 0 <= score[f] <= MAX_COUNT for f in FIELDS)
        and score["right"] <= score["asked"] and score["moves_right"] <= score["moves"]
        and score["streak"] <= score["best"] <= score["right"]
        for game, score in book.items()
    )


def load() -> dict[str, Score]:
    """The score book: game → score. A malformed one is rejected and replaced by an empty one."""
    if rejected():
        session.modified = True  # an empty, modified session deletes the bad cookie
    book = session.get("scores", {})
    seen = session.get("seen", [])
    if not _valid_book(book) or not (isinstance(seen, list) and all(isinstance(s, str) for s in seen)):
        request.environ[REJECTED] = True
        session.clear()
        return {}
    return book  # type: ignore[no-any-return]


def opened() -> frozenset[int]:
    """The numbers of the lessons this browser has opened (kept as a bitmask in the cookie); a
    malformed mask is forgotten, like a malformed score book."""
    mask = session.get("opened", 0)
    if type(mask) is not int or not 0 <= mask < 1 << MAX_LESSONS:
        session.pop("opened", None)
        return frozenset()
    return frozenset(n for n in range(MAX_LESSONS) if mask >> n & 1)


def mark_opened(number: int) -> bool:
    """Remember that lesson ``number`` was opened; False (and no new cookie) if it already was."""
    if not 0 <= number < MAX_LESSONS:
        raise ValueError(f"lesson numbers run from 0 to {MAX_LESSONS - 1}")
    seen = opened()
    if number in seen:
        return False
    session["opened"] = sum(1 << n for n in seen | {number})
    return True


def rejected() -> bool:
    return bool(request.environ.get(REJECTED))


def _score(book: dict[str, Score], game: str) -> Score:
    return book.setdefault(game, Score(asked=0, right=0, streak=0, best=0, moves=0, moves_right=0))


def _first_time(tag: str) -> bool:
    """Whether this answer (a question and a step) is new; answers repeated by reloading do not count."""
    seen: list[str] = session.get("seen", [])
    if tag in seen:
        return False
    session["seen"] = (seen + [tag])[-MAX_REMEMBERED:]
    return True


def _answer_tags(question: str) -> tuple[str, ...]:
    # step one's tag says what was answered ("aN:nim:1:42", "aD:graph:1:7" where a game can be drawn);
    # "a:…", from before it did, still counts
    return f"aP:{question}", f"aN:{question}", f"aD:{question}", f"a:{question}"


def answered(question: str) -> bool:
    """Whether step one of this question has been answered in this session."""
    seen = session.get("seen", [])
    return isinstance(seen, list) and any(tag in seen for tag in _answer_tags(question))


def said(question: str) -> str | None:
    """What this session answered in step one of this question ("P", "N" or "D"), if it did: so the
    question's own address shows its answer again (after a language switch, Back, a reload)."""
    seen = session.get("seen", [])
    if not isinstance(seen, list):
        return None
    return next((tag[1] for tag in _answer_tags(question)[:3] if tag in seen), None)


def record_answer(game: str, question: str, right: bool, says: str) -> bool:
    """Count a step-one answer (``says``: "P", "N" or "D"); False if this question's answer was already counted."""
    book = load()
    if answered(question) or not _first_time(f"a{says}:{question}"):
        return False
    s = _score(book, game)
    s["asked"] += 1
    s["right"] += right
    s["streak"] = s["streak"] + 1 if right else 0
    s["best"] = max(s["best"], s["streak"])
    session["scores"] = book
    return True


def record_move(game: str, question: str, wins: bool) -> bool:
    """Count a step-two move; only the first legal move tried for a question counts."""
    book = load()
    if not _first_time(f"m:{question}"):
        return False
    s = _score(book, game)
    s["moves"] += 1
    s["moves_right"] += wins
    session["scores"] = book
    return True


def secret_key(instance: Path) -> str:
    """The key that signs cookies: GRUNDY_SECRET_KEY if set, else one made once and kept in
    instance/secret_key, so every gunicorn worker and every restart agrees on it. The file is
    written whole before it appears (a temporary file, fsynced, then hard-linked into place, which
    fails if another worker won the race), so no worker ever reads a half-written key; an empty
    file left by a crash of an older version is replaced the same way."""
    from_env = os.environ.get("GRUNDY_SECRET_KEY")
    if from_env:
        return from_env
    path = instance / "secret_key"
    instance.mkdir(parents=True, exist_ok=True)
    for _attempt in range(3):
        try:
            key = path.read_text().strip()
        except FileNotFoundError:
            key = ""
        else:
            if not key:
                path.unlink(missing_ok=True)  # an empty key file: the crash it came from is over
        if key:
            return key
        fresh = secrets.token_hex(32)
        fd, temporary = tempfile.mkstemp(dir=instance, prefix=".secret_key.")
        try:
            with os.fdopen(fd, "w") as handle:
                handle.write(fresh)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temporary, 0o600)
            try:
                os.link(temporary, path)
                return fresh
            except FileExistsError:
                continue  # another worker's key is in place: read it
        finally:
            os.unlink(temporary)
    raise RuntimeError(f"{path} cannot be created: set GRUNDY_SECRET_KEY instead")


def register(app: Flask, instance: Path) -> None:
    app.session_interface = CheckedSessionInterface()
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(instance)
    # Flask's defaults hold these keys already (SameSite None), so they are set, not defaulted
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    # behind HTTPS (a reverse proxy), GRUNDY_SECURE_COOKIES=1 keeps the cookie off plain HTTP
    app.config["SESSION_COOKIE_SECURE"] = os.environ.get("GRUNDY_SECURE_COOKIES") == "1"


__all__ = ["CheckedSessionInterface", "Score", "answered", "load", "mark_opened", "opened", "record_answer", "record_move", "said",
           "register", "rejected"]
