"""Self-quiz questions: a position of some practice game, drawn from a seed.

The same (game, level, seed) always gives the same question, so a question can be shared or
revisited by URL. The answer is never part of a :class:`Question`'s public face: the web layer
renders the rule and the position only, and asks the engine for the outcome when an answer comes.
About half the questions are P-positions (the draw picks the outcome first), so guessing "N"
because most random positions are N does not pay. A game whose positions can be drawn (its spec's
``draws``) asks P, N or D, each about a third of the time.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from grundy.games.core import GameError, Outcome, Verdict
from grundy.i18n import _
from grundy.marks import quoted
from grundy.practice.arena import Arena, PlayMove, Position
from grundy.practice.games import SPECS
from grundy.practice.games.spec import LEVELS as SPEC_LEVELS

LEVELS = SPEC_LEVELS  # the level numbers; a game may name its levels (GameSpec.levels)
MAX_SEED = 10**9 - 1


@dataclass(frozen=True, slots=True)
class Question:
    game: str
    level: int
    seed: int
    arena: Arena
    position: Position

    @property
    def position_text(self) -> str:
        return self.arena.format(self.position)

    def outcome(self) -> Outcome:
        return self.arena.outcome(self.position)

    def verdict(self) -> Verdict:
        """The answer to step one: P or N, or D where the game's positions can be drawn."""
        return self.arena.verdict(self.position)


def question(game: str, level: int, seed: int) -> Question:
    """The question for this game, level and seed.

    >>> q = question("nim", 1, 7)
    >>> q == question("nim", 1, 7), q.arena.title
    (True, 'Nim')
    """
    spec = SPECS.get(game)
    if spec is None:
        raise GameError(_("there is no quiz for %(game)s; choose one of %(games)s", game=quoted(game, 30), games=", ".join(SPECS)),
                        "unknown-game")
    if level not in LEVELS:
        raise GameError(_("the level is 1, 2 or 3; got %(level)s", level=level), "bad-level")
    if not 0 <= seed <= MAX_SEED:
        raise GameError(_("the seed is a number from 0 to %(most)s; got %(seed)s", most=f"{MAX_SEED:,}", seed=seed), "bad-seed")
    # A string seed is hashed the same way on every run and machine (random's version 2 seeding).
    rng = random.Random(f"grundy-quiz:{game}:{level}:{seed}")
    # the same first draw as ever where the answers are P and N (a question's seed keeps its question)
    target: Verdict = rng.choice(spec.answers)
    if target == "D" and spec.draws is not None:
        rule, position = spec.draws(rng, level)
    else:
        rule, position = spec.draw(rng, level, "P" if target == "P" else "N")
    return Question(game, level, seed, spec.arena(rule), position)


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    """What a proposed winning move turned out to be."""

    move: PlayMove | None  # None: not a legal move at all
    message: str
    wins: bool
    why: str = ""  # after a losing move: why the position it leaves is N, in the lesson's terms
    reply: PlayMove | None = None  # … and the opponent's answer that wins


def check_move(q: Question, typed: str) -> MoveVerdict:
    """Judge the position the learner says their move leaves. Raises GameError on text that is
    not a position at all; a legal-looking but impossible move is a verdict, not an error."""
    after = q.arena.complete(q.position, q.arena.parse(typed))
    move = q.arena.find_move(q.position, after)
    if move is None:
        return MoveVerdict(None, q.arena.why_illegal(q.position, after), False)
    result = q.arena.verdict(after)
    if result == "P":
        return MoveVerdict(move, _("%(position)s is a P-position: your opponent has no good move left.",
                                   position=q.arena.format(after)), True)
    if result == "D":
        return MoveVerdict(move, _("%(position)s is a draw: your opponent can keep the game going for ever, and the win is"
                                   " gone.", position=q.arena.format(after)), False, why=q.arena.reason(after, reveal_move=True))
    replies = q.arena.winning_moves(after, 1)
    return MoveVerdict(move, _("%(position)s is an N-position: your opponent now has a winning move.",
                               position=q.arena.format(after)), False,
                       why=q.arena.reason(after, reveal_move=True), reply=replies[0] if replies else None)


def winning_moves(q: Question, limit: int = 6) -> list[PlayMove]:
    """Up to ``limit`` winning moves, for the feedback after an answer."""
    return q.arena.winning_moves(q.position, limit)


__all__ = ["LEVELS", "MAX_SEED", "MoveVerdict", "Question", "check_move", "question", "winning_moves"]
