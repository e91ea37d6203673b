"""Every-SG in practice (lesson 10, HDU 3595): several games at once, and each turn makes one
move in **every** game that can still move; whoever makes the last move of the last game wins.

A turn is therefore not one of the family's moves but one move per unfinished component, so the
arena differs from :class:`~grundy.practice.arena.Arena` in what a move is:

- :meth:`EveryArena.moves` lists each component's own moves (what the learner chooses from, game
  by game), never the product of them, which grows as the product of the games' move counts;
- a turn is checked component by component (:meth:`EveryArena.step`, :meth:`EveryArena.turn`);
- the outcome and the computer come from the step counts (the largest is odd ⇔ N; winners play
  long, losers short), not from a search of the whole sum.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.games.core import Action, GameError, Outcome
from grundy.i18n import _
from grundy.practice.arena import MAX_COMPONENTS, MAX_HISTORY, Arena, PlayMove, Position

PICKS = tuple(f"g{i}" for i in range(1, MAX_COMPONENTS + 1))  # a turn's form: g1=4,5&g2=…
TURN = Action("turn", ())


@dataclass(frozen=True, slots=True)
class EveryArena(Arena):
    """A family's components played as every-SG."""

    every_turn: ClassVar[bool] = True

    # -- values
    def steps(self, c: Any) -> int:
        return self.family.every_steps(c)

    def longest(self, position: Position) -> int:
        """The largest step count: how many more turns the game lasts with both playing well."""
        return max((self.steps(c) for c in position), default=0)

    def outcome(self, position: Position) -> Outcome:
        return "N" if self.longest(position) % 2 == 1 else "P"

    def grundy(self, position: Position) -> int | None:
        return None  # every-SG positions have no SG value that decides them

    # -- moves
    def moves(self, position: Position) -> list[PlayMove]:
        """Each unfinished component's moves, component by component; ``after`` is the
        component's new value (a turn takes one from every component that has any)."""
        return [PlayMove(i, action, parts) for i, c in enumerate(position) for action, parts in self.family.moves(c)]

    def can_move(self, position: Position) -> bool:
        return any(next(iter(self.family.moves(c)), None) is not None for c in position)

    def live(self, position: Position) -> list[int]:
        """The components that can still move: a turn moves in each of them."""
        return [i for i, c in enumerate(position) if next(iter(self.family.moves(c)), None) is not None]

    def turn(self, before: Position, after: Position, *, settled: bool = False) -> PlayMove | str:
        """The turn from ``before`` to ``after``, or why there is none. With ``settled`` a pair
        may be written either way round (a typed answer); otherwise exactly as the game wrote it."""
        if len(after) != len(before):
            return str(_("The position has %(count)s games, and your answer has %(answer)s: write every game as it is after"
                         " your turn, finished ones too.", count=len(before), answer=len(after)))
        canonical = self.family.canonical

        def same(x: Any, y: Any) -> bool:
            return bool(canonical(x) == canonical(y)) if settled else bool(x == y)

        parts = []
        for i, (was, now) in enumerate(zip(before, after)):
            options = list(self.family.moves(was))
            if not options:
                if not same(was, now):
                    return str(_("Game %(number)s (%(game)s) is finished: it stays as it is.", number=i + 1,
                                 game=self.format_component(was)))
                continue
            action = next((a for a, p in options if same(p[0], now)), None)
            if action is None:
                if same(was, now):
                    return str(_("Game %(number)s (%(game)s) can still move, so this turn must move in it: every unfinished"
                                 " game is moved each turn.", number=i + 1, game=self.format_component(was)))
                return str(_("In game %(number)s no move turns %(before)s into %(after)s (%(rule)s).", number=i + 1,
                             before=self.format_component(was), after=self.format_component(now), rule=self.rule_text))
            parts.append(PlayMove(i, action, (now,)))
        if not parts:
            return str(_("Every game is finished: there is no turn to make."))
        return PlayMove(0, TURN, after, tuple(parts))

    def step(self, before: Position, after: Position) -> PlayMove | None:
        found = self.turn(before, after)
        return found if isinstance(found, PlayMove) else None

    def find_move(self, before: Position, after: Position) -> PlayMove | None:
        found = self.turn(before, after, settled=True)
        return found if isinstance(found, PlayMove) else None

    def why_illegal(self, before: Position, after: Position) -> str:
        found = self.turn(before, after, settled=True)
        return found if isinstance(found, str) else str(_("That turn is legal."))

    def picked_turn(self, before: Position, picks: Mapping[str, str]) -> Position:
        """The position after a turn chosen game by game in a form (``g1``, ``g2``, …: each game's
        new value). Raises GameError naming the first game that is missing or not a move."""
        after = list(before)
        for i in self.live(before):
            raw = picks.get(PICKS[i], "").strip()
            if not raw:
                raise GameError(_("choose a move in game %(number)s: every unfinished game is moved each turn", number=i + 1),
                                "incomplete-turn")
            after[i] = self.family.parse(raw)
        found = self.turn(before, tuple(after))
        if isinstance(found, str):
            # the sentence goes inside another ("Can't play this: …."): no capital, no full stop
            raise GameError((found[0].lower() + found[1:]).rstrip(".。"), "illegal-turn")
        return tuple(after)

    # -- the computer: the every-SG strategy, with no search of the sum
    def strategy(self, position: Position) -> PlayMove:
        after = list(position)
        parts = []
        for i in self.live(position):
            chosen = self.family.every_move(position[i])
            assert chosen is not None  # a live component has a move
            action, new = chosen
            after[i] = new[0]
            parts.append(PlayMove(i, action, new))
        if not parts:
            raise GameError(_("the game is over: there is no move to make"), "game-over")
        return PlayMove(0, TURN, tuple(after), tuple(parts))

    def computer_move(self, position: Position) -> PlayMove:
        """Winners play long, losers short, in every game: from an N-position this wins; from a
        P-position it makes the loss last as long as the winner allows no shorter."""
        return self.strategy(position)

    def winning_moves(self, position: Position, limit: int = 6) -> list[PlayMove]:
        """The strategy's turn, when it wins (one of many winning turns: the one the lesson teaches)."""
        return [self.strategy(position)] if self.outcome(position) == "N" else []

    def search_work(self, position: Position) -> int:
        return 0  # step counts are looked up per component; the sum is never searched

    def _unplayable(self, position: Position) -> str | None:
        # a game lasts at most as many turns as its longest component can
        length = max((self.family.longest(c) for c in position), default=0)
        if length * (len(self.format(position)) + 1) > MAX_HISTORY:
            return str(_("a game from here could last %(length)s turns, more than a link to the game can hold;"
                         " make the %(nouns)s smaller", length=f"{length:,}", nouns=_(self.component_noun[1])))
        return None

    def _remoteness(self, position: Position) -> int:
        return self.longest(position)


__all__ = ["PICKS", "EveryArena"]
