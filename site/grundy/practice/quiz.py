"""Self-quiz questions: a position of some practice game, drawn from a seed.

The same (game, level, seed) always gives the same question, so a question can be shared or
revisited by URL. The answer is never part of a :class:`Question`'s public face: the web layer
renders the rule and the position only, and asks the engine for the outcome when an answer comes.
About half the questions are P-positions (the draw picks the outcome first), so guessing "N"
because most random positions are N does not pay.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from grundy.games import grids, wythoff
from grundy.games.core import GameError, Outcome
from grundy.practice.arenas import (
    ARENAS, Arena, BashArena, BombArena, KikiArena, MarblesArena, MisereNimArena, NimArena, PlayMove, Position,
    SubtractionArena, WythoffArena, move_between,
)

LEVELS = {1: "Small positions", 2: "Larger positions", 3: "Sums of several games"}
MAX_SEED = 10**9 - 1
SUBTRACTION_SETS = ((1, 3, 4), (1, 2), (2, 3), (1, 4), (1, 3), (2, 5), (1, 2, 4), (3, 4, 5))

Sampler = Callable[[random.Random], object]


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


def question(game: str, level: int, seed: int) -> Question:
    """The question for this game, level and seed.

    >>> q = question("nim", 1, 7)
    >>> q == question("nim", 1, 7), q.arena.title
    (True, 'Nim')
    """
    if game not in ARENAS:
        raise GameError(f"there is no quiz for {game!r}; choose one of {', '.join(ARENAS)}")
    if level not in LEVELS:
        raise GameError(f"the level is 1, 2 or 3; got {level}")
    if not 0 <= seed <= MAX_SEED:
        raise GameError(f"the seed is a number from 0 to {MAX_SEED:,}; got {seed}")
    # A string seed is hashed the same way on every run and machine (random's version 2 seeding).
    rng = random.Random(f"grundy-quiz:{game}:{level}:{seed}")
    target: Outcome = rng.choice(("P", "N"))
    arena, position = _DRAW[game](rng, level, target)
    return Question(game, level, seed, arena, position)


def _draw(arena: Arena, rng: random.Random, target: Outcome, count: int, sample: Sampler) -> Position:
    """``count`` components from ``sample`` whose sum has outcome ``target``. The first count − 1
    are free; the last is drawn until the whole fits (a P target needs the right SG value, which
    a few hundred draws find for every level here)."""
    for _ in range(50):
        head = tuple(sample(rng) for _ in range(count - 1))
        for _ in range(400):
            last = sample(rng)
            position = head + (last,)
            if arena.outcome(position) == target:
                shuffled = list(position)
                rng.shuffle(shuffled)
                return tuple(shuffled)
    raise AssertionError(f"no {target}-position drawn for {arena}")  # the tests draw every level


def _count(rng: random.Random, level: int, small: tuple[int, int], sums: tuple[int, int]) -> int:
    return rng.randint(*(sums if level == 3 else small))


def _bash(rng: random.Random, level: int, target: Outcome) -> tuple[Arena, Position]:
    m = rng.randint(*{1: (2, 5), 2: (3, 12), 3: (2, 6)}[level])
    arena = BashArena(m)
    hi = {1: 24, 2: 99_999, 3: 30}[level]
    lo = 100 if level == 2 else 1
    return arena, _draw(arena, rng, target, 1 if level < 3 else rng.randint(2, 3), lambda r: r.randint(lo, hi))


def _subtraction(rng: random.Random, level: int, target: Outcome) -> tuple[Arena, Position]:
    arena = SubtractionArena(frozenset(rng.choice(SUBTRACTION_SETS)))
    lo, hi = {1: (1, 20), 2: (1_000, 10**6), 3: (1, 30)}[level]
    return arena, _draw(arena, rng, target, 1 if level < 3 else rng.randint(2, 3), lambda r: r.randint(lo, hi))


def _nim(rng: random.Random, level: int, target: Outcome) -> tuple[Arena, Position]:
    arena = NimArena()
    count = {1: rng.randint(2, 3), 2: rng.randint(3, 4), 3: rng.randint(4, 6)}[level]
    hi = {1: 7, 2: 63, 3: 1000}[level]
    return arena, _draw(arena, rng, target, count, lambda r: r.randint(1, hi))


def _misere_nim(rng: random.Random, level: int, target: Outcome) -> tuple[Arena, Position]:
    arena = MisereNimArena()
    count = {1: rng.randint(2, 3), 2: rng.randint(3, 5), 3: rng.randint(4, 6)}[level]
    hi = {1: 4, 2: 15, 3: 40}[level]
    # Heaps of one decide misère Nim's special case, so they come up often.
    return arena, _draw(arena, rng, target, count, lambda r: 1 if r.random() < 0.4 else r.randint(1, hi))


def _wythoff(rng: random.Random, level: int, target: Outcome) -> tuple[Arena, Position]:
    arena = WythoffArena()
    if level == 3:
        return arena, _draw(arena, rng, target, 2, lambda r: (r.randint(0, 8), r.randint(1, 8)))
    hi = 12 if level == 1 else 2_000
    if target == "P":  # P-positions are rare among large pairs, so build one: the k-th, either way round
        # within the same bound as the N-positions, so the size of the piles gives nothing away
        k = rng.randint(1, _last_k_within(hi))
        a, b = wythoff.p_position(k)
        return arena, ((a, b) if rng.random() < 0.5 else (b, a),)
    return arena, _draw(arena, rng, "N", 1, lambda r: (r.randint(1, hi), r.randint(1, hi)))


def _last_k_within(hi: int) -> int:
    """The largest k whose P-position (a_k, b_k) has both piles at most ``hi``."""
    k = 1
    while wythoff.p_position(k + 1)[1] <= hi:
        k += 1
    return k


def _kiki(rng: random.Random, level: int, target: Outcome) -> tuple[Arena, Position]:
    arena = KikiArena()
    hi = {1: 9, 2: 5_000, 3: 8}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    return arena, _draw(arena, rng, target, count, lambda r: (r.randint(0, hi - 1), r.randint(0, hi - 1)))


def _marbles(rng: random.Random, level: int, target: Outcome) -> tuple[Arena, Position]:
    arena = MarblesArena()
    hi = {1: 6, 2: 40, 3: 8}[level]
    count = 1 if level < 3 else rng.randint(2, 3)

    def marble(r: random.Random) -> tuple[int, int]:
        while True:
            cell = (r.randint(0, hi), r.randint(0, hi))
            # most marbles start off the home lines, where the cut-down game is the question
            if cell != (0, 0) and (not grids.goes_home_at_once(*cell) or r.random() < 0.15):
                return cell

    return arena, _draw(arena, rng, target, count, marble)


def _bomb(rng: random.Random, level: int, target: Outcome) -> tuple[Arena, Position]:
    arena = BombArena()
    hi = {1: 5, 2: 30, 3: 6}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    for _ in range(20):
        drawn = _draw(arena, rng, target, count, lambda r: (r.randint(1, hi), r.randint(1, hi)))
        settled = grids.settle(drawn)  # type: ignore[arg-type]
        if len(settled) >= (2 if level == 3 else 1):  # settling keeps the XOR, so the outcome too
            return arena, settled
    raise AssertionError("bombs drawn that cancelled out")


_DRAW: dict[str, Callable[[random.Random, int, Outcome], tuple[Arena, Position]]] = {
    "bash": _bash,
    "subtraction": _subtraction,
    "nim": _nim,
    "misere-nim": _misere_nim,
    "wythoff": _wythoff,
    "kiki": _kiki,
    "marbles": _marbles,
    "bomb": _bomb,
}
assert set(_DRAW) == set(ARENAS), "every practice game has a quiz"


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    """What a proposed winning move turned out to be."""

    move: PlayMove | None  # None: not a legal move at all
    message: str
    wins: bool


def check_move(q: Question, typed: str) -> MoveVerdict:
    """Judge the position the learner says their move leaves. Raises GameError on text that is
    not a position at all; a legal-looking but impossible move is a verdict, not an error."""
    after = q.arena.parse(typed)
    move = move_between(q.arena, q.position, after)
    if move is None:
        return MoveVerdict(None, _why_illegal(q, after), False)
    result = q.arena.outcome(after)
    if result == "P":
        return MoveVerdict(move, f"{q.arena.format(after)} is a P-position: your opponent has no good move left.", True)
    return MoveVerdict(move, f"{q.arena.format(after)} is an N-position: your opponent now has a winning move.", False)


def _why_illegal(q: Question, after: Position) -> str:
    before = q.position
    noun = q.arena.component_noun
    if q.arena.key == "bomb":  # one explosion changes the number of bombs, so only say what fails
        if after == before:
            return "That is the position as it stands: a move must change something."
        return (f"No single explosion turns {q.arena.format(before)} into {q.arena.format(after)}"
                f" ({q.arena.rule_text}).")
    if len(after) != len(before):
        have = f"{len(before)} {noun[0] if len(before) == 1 else noun[1]}"
        return (f"The position has {have}, and your answer has {len(after)}: write each {noun[0]} as it is after"
                f" your move{', as one number without thousands separators' if q.arena.joiner == ',' else ''}.")
    changed = [i for i, (x, y) in enumerate(zip(before, after)) if x != y]
    if not changed:
        return "That is the position as it stands: a move must change something."
    if len(changed) > 1:
        return f"A move changes exactly one {noun[0]}; that changes {len(changed)}."
    i = changed[0]
    return (f"No single move turns {q.arena.format_component(before[i])} into {q.arena.format_component(after[i])}"
            f" ({q.arena.rule_text}).")


def winning_moves(q: Question, limit: int = 6) -> list[PlayMove]:
    """Up to ``limit`` winning moves, for the feedback after an answer."""
    found = []
    for m in q.arena.moves(q.position):
        if q.arena.outcome(m.after) == "P":
            found.append(m)
            if len(found) == limit:
                break
    return found


__all__ = ["LEVELS", "MAX_SEED", "MoveVerdict", "Question", "check_move", "question", "winning_moves"]
