"""A live class's questions: posing one (drawn as the quiz draws them, or typed), judging a
student's answer as the quiz judges one, and how a round was answered."""
from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass

from grundy.games.core import GameError
from grundy.i18n import _
from grundy.practice import play as play_mod
from grundy.practice import quiz as quiz_mod
from grundy.practice.games import SPECS
from grundy.web.class_store import MAX_MOVE, Answer, Round


@dataclass(frozen=True, slots=True)
class Poll:
    """A round's question and, once it is revealed, how the class answered."""

    round: Round
    q: quiz_mod.Question


def question_of(r: Round) -> quiz_mod.Question:
    """The question of a round: drawn from (game, level, seed), or the typed position under the
    game's opening rule (the one /play starts with)."""
    if not r.position:
        return quiz_mod.question(r.game, r.level, r.seed)
    arena = SPECS[r.game].arena({})
    return quiz_mod.Question(r.game, r.level, r.seed, arena, arena.parse(r.position))


def pose(game: str, level_text: str, typed: str) -> quiz_mod.Question:
    """The question the instructor asked for, checked: a known game and level, and a typed
    position the computer could play out (so every answer can be judged quickly)."""
    if game not in SPECS:
        raise GameError(_("there is no quiz for %(game)s; choose one of %(games)s", game=repr(game[:30]), games=", ".join(SPECS)),
                        "unknown-game")
    level = int(level_text) if level_text in ("1", "2", "3") else 0
    if level not in quiz_mod.LEVELS:
        raise GameError(_("the level is 1, 2 or 3; got %(level)s", level=repr(level_text[:10])), "bad-level")
    typed = typed.strip()
    if not typed:
        return quiz_mod.question(game, level, secrets.randbelow(quiz_mod.MAX_SEED + 1))
    spec = SPECS[game]
    state = play_mod.parse(game, spec.arena({}).rule_query() | {"start": typed})  # bounds, as /play checks a start
    why = state.arena.unplayable(state.start)
    if why:
        raise GameError(why, "too-large")
    return quiz_mod.Question(game, level, 0, state.arena, state.start)


def judge(q: quiz_mod.Question, says: str, typed: str) -> Answer:
    """A student's answer, checked like the quiz checks one: P or N, and on N optionally the
    position a winning move leaves (a legal move, or a GameError saying why not)."""
    if says not in ("P", "N"):
        raise GameError(_("answer with P (losing for the player to move) or N (winning)"), "bad-answer")
    typed = typed.strip()
    if says == "P" or not typed:
        return Answer(says, "", None)  # type: ignore[arg-type]
    if len(typed) > MAX_MOVE:
        raise GameError(_("a position is at most %(most)s characters long", most=MAX_MOVE), "position-too-long", most=MAX_MOVE)
    verdict = quiz_mod.check_move(q, typed)
    if verdict.move is None:
        raise GameError(verdict.message, "not-a-move")
    return Answer("N", q.arena.format(verdict.move.after), verdict.wins)


@dataclass(frozen=True, slots=True)
class Split:
    """How a round was answered."""

    total: int
    p: int
    n: int
    right: int
    moves: int  # N answers that gave a move
    winning: int  # … and it wins
    wrong_move: str  # the most common losing move ("" if none)
    wrong_count: int

    def percent(self, part: int) -> int:
        """``part`` of the answers in whole percent, halves rounded up (in integers)."""
        return (200 * part + self.total) // (2 * self.total) if self.total else 0


def split(answers: list[Answer], truth: str) -> Split:
    losing = Counter(a.move for a in answers if a.move and a.wins is False)
    wrong, wrong_count = losing.most_common(1)[0] if losing else ("", 0)
    return Split(len(answers), sum(a.says == "P" for a in answers), sum(a.says == "N" for a in answers),
                 sum(a.says == truth for a in answers), sum(bool(a.move) for a in answers),
                 sum(a.wins is True for a in answers), wrong, wrong_count)


__all__ = ["Poll", "Split", "judge", "pose", "question_of", "split"]
