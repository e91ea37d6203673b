"""Quiz scores in the signed session cookie: no accounts, nothing stored on the server.

Flask signs the cookie with the app's secret key, so a learner cannot raise their own score by
editing it. A cookie whose signature fails is *rejected*: the score starts again from zero, the
quiz says so once, and the fresh cookie replaces the bad one. A cookie that is signed but not
shaped like a score book (an old format, say) is treated the same way.
"""
from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import Any, TypedDict

from flask import Flask, Request, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface

REJECTED = "grundy.session_rejected"
MAX_REMEMBERED = 40  # questions remembered as answered, so reloading one does not count twice
MAX_COUNT = 10**9


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
    return isinstance(book, dict) and len(book) <= 20 and all(
        isinstance(game, str) and isinstance(score, dict) and set(score) == set(FIELDS)
        and all(isinstance(score[f], int) and 0 <= score[f] <= MAX_COUNT for f in FIELDS)
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


def record_answer(game: str, question: str, right: bool) -> bool:
    """Count a step-one answer; False if this question's answer was already counted."""
    book = load()
    if not _first_time(f"a:{question}"):
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
    instance/secret_key, so every gunicorn worker and every restart agrees on it."""
    from_env = os.environ.get("GRUNDY_SECRET_KEY")
    if from_env:
        return from_env
    path = instance / "secret_key"
    try:
        return _read_key(path)
    except FileNotFoundError:
        instance.mkdir(parents=True, exist_ok=True)
        key = secrets.token_hex(32)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another worker made it first: use theirs
            return _read_key(path)
        with os.fdopen(fd, "w") as handle:
            handle.write(key)
        return key


def _read_key(path: Path) -> str:
    """The key in ``path``, waiting briefly if another worker has created it but not yet written it."""
    for _ in range(50):
        key = path.read_text().strip()
        if key:
            return key
        time.sleep(0.02)
    raise RuntimeError(f"{path} is empty: delete it and start again, or set GRUNDY_SECRET_KEY")


def register(app: Flask, instance: Path) -> None:
    app.session_interface = CheckedSessionInterface()
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(instance)
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)


__all__ = ["CheckedSessionInterface", "Score", "load", "record_answer", "record_move", "register", "rejected"]
