"""Where a live class keeps its state: the one small interface every store implements
(:class:`ClassStore`), what it holds (:class:`Room`, :class:`Round`, :class:`Answer`), the limits
it keeps, and the class codes. Two stores implement it: :class:`~.sqlite_store.SQLiteClassStore`,
a file under ``instance/`` shared by every gunicorn worker and thread of one machine (the
default), and :class:`~.redis_store.RedisClassStore`, one Redis shared by app servers on several
machines; ``GRUNDY_CLASS_STORE`` chooses (:func:`grundy.web.classroom.stores`). The store tests
run against both.

A class is keyed by its code. What students see (the projected view, the round, its phase)
changes its ``version``, which the students' polls compare (their ETag); answers change only the
count the projector shows, so 40 answers do not make 40 phones download the page again.

Nothing here imports Flask: a store is plain Python, each in a module of its own behind the same
methods.

All times are seconds since the epoch, passed in by the caller, so the tests can move the clock.

**A round** is one question (its game, its rule in the command line's option names, its position,
its kind of question and the true answer, each kept as text) put to the class in one or more
**votes**: vote 1, then a re-vote (peer instruction: vote, discuss, vote again) with the first
vote's answers kept beside the second's. While a vote is open a joined student may change their
answer (one row per student per vote, replaced); it closes when the instructor closes it, when
its deadline passes (an absolute time kept in the store, so every server, phone and screen
agree), or at the reveal. A class may carry a **plan**: the questions typed before the lecture,
one a line, posed one at a time (each round remembers the line it came from).
"""
from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Literal, Protocol

# Capitals and digits that cannot be misread on a projector or typed wrongly on a phone: no 0/O,
# 1/I/L, and none of the pairs that look alike in small type (2/Z, 5/S, 8/B).
ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6  # 25⁶ ≈ 244 million codes, with joins rate-limited (see JOIN_LIMIT)
LIFETIME = 12 * 3600  # seconds a class lives from its start
MAX_VIEW = 600  # characters of a projected view's path and query
MAX_MOVE = 200  # characters of a student's typed move
MAX_ROUNDS = 200  # rounds in one class
MAX_VOTES = 3  # votes on one question: the first, and re-votes after a discussion
MAX_COUNTDOWN = 600  # seconds a vote's countdown may last
MAX_NICKNAME = 24  # characters of a student's nickname
MAX_PLAN = 10_000  # characters of a class's prepared questions (MAX_PLAN_LINES lines at most)
MAX_PLAN_LINES = 60
MAX_RULE = 100  # characters of a round's rule, as text
MAX_DETAIL = 2000  # characters of what a kind of question keeps beside the position
# Students one class counts as joined (browsers: a student may come back in another). An answer
# needs a joined student, so answers to a round never outnumber them, and no cap on answers
# ever refuses a joined student who has not answered.
MAX_MEMBERS = 2000
# Limits counted per address in a sliding window (the last WINDOW seconds, not a clock-aligned
# slot: a fixed slot let twice the limit through across its boundary). Behind a reverse proxy the
# address is the client's only when GRUNDY_PROXIES says how many proxies to trust (grundy.web.proxy).
WINDOW = 600  # seconds
# Unknown codes one address may try: a school's network is one address, and its phones each ask
# once more when their class expires; one address guessing all day finds a class among 100
# running with odds under 1 in 100 (17,280 tries of 244 million codes).
JOIN_LIMIT = 120
JOIN_WINDOW = WINDOW
# Students one address may join to one class: a lecture hall whose phones all reach the server
# through one NAT address joins whole (the largest halls seat about 500-600; halls of one school
# each count apart), while a script at one address cannot make more than this many voters in a
# class (bench/stuffing.py counts it).
JOINS_PER_ADDRESS = 600
# Classes one address may start: an instructor starts one or two a lecture, a school's NAT a
# handful of instructors; a script cannot fill the store.
CREATE_LIMIT = 10
# Classes open at once in the store (one machine's with SQLite; every server's together with one
# Redis), and the store's size (SQLite: its file on disk; Redis: the server's used_memory): past
# either, starting a class is refused (503) until expired classes are purged. A class with a full
# lecture hall and its 200 rounds is under 2 MB; a class nobody joined about 1 KB (in Redis, a
# lecture of 500 students answering 20 questions twice is about 1.2 MB, an empty class 0.6 KB:
# bench/stores.py).
MAX_OPEN_CLASSES = 2000
MAX_STORE_BYTES = 256 * 1024 * 1024

# idle: no question yet; open: a vote takes answers; closed: voting is over, not yet revealed;
# revealed: the answer is shown; ended: the class is over.
Phase = Literal["idle", "open", "closed", "revealed", "ended"]
Says = Literal["P", "N"]
# The kinds of question a round may ask. "outcome": P or N, and on N optionally the position a
# winning move leaves. Each kind keeps its truth and its answers' values as text and judges them
# itself (grundy.web.classroom.kinds), so a new kind needs no new column.
OUTCOME = "outcome"
# What joining said: a new member, one already counted, or refused (the class is locked, full,
# or over).
Joined = Literal["joined", "already", "locked", "full", "ended"]


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
    locked: bool  # closed to new students (those who joined stay)
    # When the open vote closes by itself (seconds since the epoch), or None: no countdown. Once
    # it has passed, the store reads the vote as closed (and closes it: see ClassStore.room).
    closes: float | None = None


@dataclass(frozen=True, slots=True)
class Round:
    """One question put to the class. ``game`` is a practice game's key, ``rule`` its rule in the
    command line's option names ("set=1,3,4", "max=3", "misere"; rounds.rule_of makes it, from
    the practice spec), ``position`` as the game writes it ("" for a question drawn from
    (game, level, seed) with the draw's own rule, as the quiz draws it)."""

    number: int
    game: str
    level: int
    seed: int
    position: str
    truth: str  # the right answer as the round's kind writes it: "P" or "N" for an outcome
    revealed: bool
    rule: str = ""  # "" for a round stored before rules were kept: the game's opening rule (typed) or the draw's
    kind: str = OUTCOME
    typed: bool = False  # the instructor typed the position (else it was drawn at ``level``)
    vote: int = 1  # the current vote: 1, then 2 after a re-vote, … up to MAX_VOTES
    line: int = 0  # the plan's line it was posed from (1-based), 0 for none
    detail: str = ""  # what a kind keeps beside the position (a table's step, a cell), as text


@dataclass(frozen=True, slots=True)
class Answer:
    """A student's answer to one vote. ``says`` is its value as the round's kind writes it ("P" or
    "N" for an outcome; a number for an SG value, …)."""

    says: str
    move: str  # the position the student's move leaves, as the game writes it ("" for none)
    wins: bool | None  # whether that move wins (None: no move read)
    unread: str = ""  # a move given that could not be read (the vote is kept without it)


@dataclass(frozen=True, slots=True)
class Ballot:
    """One of a student's answers, for their recap: which round and vote it answered."""

    number: int
    vote: int
    answer: Answer


class ClassStore(Protocol):
    """What the classroom routes need from a store."""

    def create(self, now: float) -> tuple[str, str]:
        """A new class: its code and the instructor's secret."""
        ...

    def room(self, code: str, now: float) -> Room | None:
        """The class with this code, or None (unknown, or expired). An open vote whose deadline
        is not after ``now`` is closed first (one conditional write, by whichever server reads it
        first), so its version changes and every page polling it sees the vote closed."""
        ...

    def is_teacher(self, code: str, secret: str) -> bool: ...

    def show(self, code: str, view: str) -> None:
        """The projector moved: students follow ``view``."""
        ...

    def open_round(self, code: str, game: str, level: int, seed: int, position: str, truth: str, *, rule: str = "",
                   kind: str = OUTCOME, typed: bool = False, line: int = 0, detail: str = "", closes: float | None = None) -> int:
        """A new round, its vote 1 open (until ``closes``, if given); returns its number."""
        ...

    def close(self, code: str, at: float | None = None) -> bool:
        """Close the open vote now (``at`` None), or give it a deadline ``at``; False if no vote is open."""
        ...

    def revote(self, code: str, closes: float | None = None) -> int:
        """Open the current round's next vote (the earlier votes' answers kept), unless it is
        revealed or has MAX_VOTES votes already; the new vote's number, or 0."""
        ...

    def reveal(self, code: str) -> None:
        """Show the current round's answer (closing its vote)."""
        ...

    def end(self, code: str) -> None: ...

    def answer(self, code: str, number: int, student: str, answer: Answer, now: float | None = None) -> bool:
        """Record a joined student's answer to the open vote of round ``number``, replacing the
        one they gave it before; False if they have not joined (so answers never outnumber the
        students joined), or round ``number`` is not taking answers (not the current round, its
        vote closed, or its deadline before ``now``)."""
        ...

    def answer_of(self, code: str, number: int, student: str, vote: int = 0) -> Answer | None:
        """A student's answer to a vote of round ``number`` (0: its current vote)."""
        ...

    def ballots(self, code: str, student: str) -> list[Ballot]:
        """Every answer a student gave in the class, in order (their recap)."""
        ...

    def name(self, code: str, student: str, nickname: str) -> bool:
        """A joined student's nickname (at most MAX_NICKNAME characters; "" for none), seen only
        by the instructor; False if they have not joined."""
        ...

    def nickname(self, code: str, student: str) -> str: ...

    def nicknames(self, code: str) -> dict[str, str]:
        """The students who gave a nickname, and theirs."""
        ...

    def set_plan(self, code: str, plan: str) -> None:
        """The class's prepared questions, one a line (at most MAX_PLAN characters)."""
        ...

    def plan(self, code: str) -> str: ...

    def join(self, code: str, student: str) -> Joined:
        """Count ``student`` as one of the class (once, however often they come back), unless the
        class is locked, full (:data:`MAX_MEMBERS`) or over."""
        ...

    def is_member(self, code: str, student: str) -> bool: ...

    def members(self, code: str) -> int:
        """How many students have joined."""
        ...

    def lock(self, code: str, locked: bool) -> None:
        """Close the class to new students, or open it again."""
        ...

    def open_classes(self, now: float) -> int:
        """How many classes have not expired."""
        ...

    def size(self) -> int:
        """The store's size in bytes (what :data:`MAX_STORE_BYTES` bounds)."""
        ...

    def count(self, code: str, number: int, vote: int = 0) -> int:
        """Answers to a vote of round ``number`` (0: its current vote)."""
        ...

    def answers(self, code: str, number: int, vote: int = 0) -> list[Answer]: ...

    def answers_by(self, code: str, number: int, vote: int = 0) -> dict[str, Answer]:
        """The answers to a vote, by student (for the instructor's list of nicknames)."""
        ...

    def rounds(self, code: str) -> list[Round]: ...

    def round_of(self, code: str, number: int) -> Round | None: ...

    def allow(self, key: str, now: float, limit: int = JOIN_LIMIT, window: int = WINDOW) -> bool:
        """Count one attempt for ``key`` (a kind of attempt and an address) if fewer than
        ``limit`` were counted in the ``window`` seconds before ``now``; False (and nothing
        counted) otherwise: a sliding window, which no boundary lets twice the limit through."""
        ...

    def purge(self, now: float) -> int:
        """Forget expired classes (their rounds and answers too) and attempts older than any
        window; returns how many classes."""
        ...


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


_CODE = re.compile(f"[{ALPHABET}]{{{CODE_LENGTH}}}")


def is_code(text: str) -> bool:
    """Whether ``text`` is a code as the store writes it (six of :data:`ALPHABET`)."""
    return _CODE.fullmatch(text) is not None


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


# The letters and digits a code never uses (they look like others), said when a typed code has one.
NEVER_IN_CODES = tuple(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" if c not in ALPHABET)


__all__ = ["ALPHABET", "Answer", "Ballot", "ClassStore", "CODE_LENGTH", "CREATE_LIMIT", "JOIN_LIMIT", "JOINS_PER_ADDRESS", "Joined",
           "LIFETIME", "MAX_COUNTDOWN", "MAX_DETAIL", "MAX_MEMBERS", "MAX_MOVE", "MAX_NICKNAME", "MAX_OPEN_CLASSES", "MAX_PLAN",
           "MAX_PLAN_LINES", "MAX_ROUNDS", "MAX_RULE", "MAX_STORE_BYTES", "MAX_VIEW", "MAX_VOTES", "NEVER_IN_CODES", "OUTCOME", "Phase",
           "Room", "Round", "Says", "WINDOW", "digest", "is_code", "new_code", "normal_code", "typed_code"]


