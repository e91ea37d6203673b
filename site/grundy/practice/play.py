"""A game against the computer, replayed from its URL.

The URL holds the rule, the starting position, who moved first and every position the game has
passed through. Replaying checks each step, so a hand-edited URL cannot smuggle in an illegal
move; when it is the computer's turn the server appends the computer's reply, and the new URL
carries it. A game that may go on for ever (a graph with a cycle: the arena's ``move_limit``)
is stopped after that many moves and counted as a draw.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from grundy.games.core import GameError, Verdict
from grundy.i18n import _
from grundy.marks import quoted
from grundy.practice.arena import MAX_HISTORY, Arena, PlayMove, Position, checked_step, replay
from grundy.practice.every import PICKS, EveryArena
from grundy.practice.games import spec_for

MAX_MOVES_TEXT = MAX_HISTORY + 200  # the start's checks keep real games within MAX_HISTORY


@dataclass(frozen=True, slots=True)
class Turn:
    """One move of the game, annotated for the learner."""

    by_computer: bool
    move: PlayMove
    before: Position
    before_outcome: Verdict
    after_outcome: Verdict
    better: PlayMove | None = None  # after a slip: a move that would have won (kept the draw, from a draw)

    @property
    def slip(self) -> bool:
        """A move that gives away what the position held: from a winning position to one the
        opponent wins from or draws, or from a draw to one the opponent wins from."""
        if self.before_outcome == "N":
            return self.after_outcome != "P"
        return self.before_outcome == "D" and self.after_outcome == "N"


@dataclass(frozen=True, slots=True)
class GameState:
    arena: Arena
    start: Position
    computer_first: bool
    afters: tuple[Position, ...]  # the position after each move so far
    hints: bool
    played: list[PlayMove] = field(compare=False)

    @property
    def position(self) -> Position:
        return self.afters[-1] if self.afters else self.start

    @property
    def computer_to_move(self) -> bool:
        return (len(self.afters) % 2 == 0) == self.computer_first

    def moves(self) -> list[PlayMove]:
        return self.arena.moves(self.position)

    @property
    def drawn(self) -> bool:
        """Whether the game was stopped as a draw: it reached the arena's move limit."""
        limit = self.arena.move_limit
        return limit is not None and len(self.afters) >= limit and self.arena.can_move(self.position)

    @property
    def over(self) -> bool:
        return self.drawn or not self.arena.can_move(self.position)

    def winner_is_computer(self) -> bool:
        """Who won a finished game: the player stuck without a move loses (normal play) or wins
        (misère). A drawn game has no winner: ask :attr:`drawn` first."""
        stuck_is_computer = self.computer_to_move
        return stuck_is_computer == self.arena.misere

    def with_afters(self, afters: tuple[Position, ...]) -> GameState:
        """The same game with another history, replayed (each move checked)."""
        return GameState(self.arena, self.start, self.computer_first, afters, self.hints,
                         replay(self.arena, self.start, afters))

    def then(self, after: Position) -> GameState:
        """The game after one more move, to ``after``: that move checked, the history not
        replayed again (it was, once, when the URL was read)."""
        move = checked_step(self.arena, self.position, after, len(self.afters) + 1)
        return GameState(self.arena, self.start, self.computer_first, self.afters + (after,), self.hints, [*self.played, move])

    def reply(self) -> GameState:
        """The state after the computer has moved, if it is its turn (else unchanged)."""
        if self.over or not self.computer_to_move:
            return self
        return self.then(self.arena.computer_move(self.position).after)

    def undo(self) -> tuple[Position, ...]:
        """The history back to the learner's previous turn (their last move and the reply)."""
        keep = len(self.afters) - 1
        while keep >= 0 and (keep % 2 == 0) == self.computer_first:
            keep -= 1  # stop where the learner is to move again
        return self.afters[: max(keep, 0)]

    def turns(self) -> list[Turn]:
        here = self.start
        out = []
        for i, move in enumerate(self.played):
            before, after = self.arena.verdict(here), self.arena.verdict(move.after)
            turn = Turn((i % 2 == 0) == self.computer_first, move, here, before, after)
            if turn.slip:  # name the move that would have won (or kept the draw)
                better = (self.arena.winning_moves(here, 1) if before == "N"
                          else [m for m in self.arena.moves(here) if self.arena.verdict(m.after) == "D"][:1])
                turn = Turn(turn.by_computer, move, here, before, after, next(iter(better), None))
            out.append(turn)
            here = move.after
        return out

    def query(self, **changes: object) -> dict[str, str]:
        """The URL state (optionally changed): rule keys, start, first, moves, hints."""
        afters = changes.get("afters", self.afters)
        hints = changes.get("hints", self.hints)
        assert isinstance(afters, tuple)
        q = self.arena.rule_query() | {"start": self.arena.format(self.start),
                                       "first": "computer" if self.computer_first else "you"}
        if afters:
            q["moves"] = "/".join(self.arena.format(p) for p in afters)
        if hints:
            q["hints"] = "1"
        return q


def parse(game: str, args: Mapping[str, str], rng: random.Random | None = None) -> GameState:
    """The game a URL describes. ``start=random`` draws a start (with ``rng``). Raises
    GameError naming the first thing wrong."""
    game_spec = spec_for(game)
    arena = game_spec.arena(args)
    raw_start = args.get("start", game_spec.start).strip()
    if raw_start == "":
        raise GameError(_("type a start position, or press Random start"), "no-start")
    if raw_start == "random":
        start = random_start(arena, rng or random.Random())
    else:
        start = arena.parse(raw_start)
    arena.check_playable(start)  # refuses, with a message, a position too large to search
    if not arena.can_move(start):
        raise GameError(_("from %(position)s there is no move to make: the game would be over before it began",
                          position=arena.format(start)), "game-over")
    first = args.get("first", "you")
    if first not in ("you", "computer"):
        raise GameError(_("who moves first is 'you' or 'computer'; got %(got)s", got=quoted(first, 20)), "bad-first")
    hints = args.get("hints", "") in ("1", "on", "true")
    raw = args.get("moves", "").strip()
    if len(raw) > MAX_MOVES_TEXT:
        raise GameError(_("the move history is at most %(most)s characters", most=f"{MAX_MOVES_TEXT:,}"), "history-too-long",
                        most=MAX_MOVES_TEXT)
    afters = tuple(arena.parse(p) for p in raw.split("/")) if raw else ()
    if arena.move_limit is not None and len(afters) > arena.move_limit:
        raise GameError(_("a game here is stopped as a draw after %(most)s moves; this one has %(count)s",
                          most=arena.move_limit, count=len(afters)), "past-the-move-limit", most=arena.move_limit)
    state = GameState(arena, start, first == "computer", afters, hints, replay(arena, start, afters))
    _check_computer_moves(state)
    if isinstance(arena, EveryArena) and any(key in args for key in PICKS):
        # every-SG: a turn chosen game by game in the form (g1, g2, …) joins the history
        if state.over or state.computer_to_move:
            raise GameError(_("it is not your turn: the turn chosen was not played"), "not-your-turn")
        state = state.then(arena.picked_turn(state.position, args))
    return state


def _check_computer_moves(state: GameState) -> None:
    """The computer's moves in a URL must be the ones it plays: a hand-edited link cannot make it
    lose (each check is a look-up in the memo the game built)."""
    here = state.start
    for i, after in enumerate(state.afters):
        if (i % 2 == 0) == state.computer_first:
            expected = state.arena.computer_move(here)
            if expected.after != after:
                raise GameError(_("move %(number)s is not the computer's: from %(before)s it plays %(move)s to %(after)s",
                                  number=i + 1, before=state.arena.format(here), move=expected.label,
                                  after=state.arena.format(expected.after)), "not-the-computers-move")
        here = after


def random_start(arena: Arena, rng: random.Random) -> Position:
    """A fresh position the computer can still search, drawn by the game's spec."""
    for _attempt in range(100):
        spec = arena.spec
        start = arena.parse(spec.random_start_on(arena, rng) if spec.random_start_on else spec.random_start(rng))
        if start and arena.unplayable(start) is None and arena.can_move(start):
            return start
    raise AssertionError("a spec's random starts fit the play limits")


__all__ = ["GameState", "Turn", "parse", "random_start"]
