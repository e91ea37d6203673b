"""Solve a sum of one family's components: who wins, its SG value, and every winning move.

The command line's `grundy solve` and the widgets that mix games call this. A winning move is
reported compactly — which component, what the move does, what that component becomes — so a
position of 200,000 heaps (HDU 2176) lists every winning move without repeating the position.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

from grundy.games.core import Action, GameError, Outcome, Verdict, misere_solver, nim_sum
from grundy.games.family import Family, FamilyGame
from grundy.marks import N_

MISERE_POSITIONS = 30_000  # misère has no closed form in general: search small positions only


@dataclass(frozen=True, slots=True)
class WinningMove:
    """Move in component ``component`` (0-based, in the order given); it becomes ``becomes``
    (written in the family's notation: none, one or two components)."""

    component: int
    action: Action
    becomes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Solution:
    game: str
    rule: dict[str, str]
    position: list[str]
    outcome: Verdict  # D only for a family whose games can last for ever (a graph with a cycle)
    sg: int | None
    winning_moves: list[WinningMove]  # every one
    misere: bool = False
    component_sg: list[int | None] | None = None  # None in it: that part has no SG value (it reaches a cycle)
    note: str | None = None
    every_turn: list[WinningMove] | None = None  # every-SG: the winning turn, a move per game
    steps: list[int] | None = None  # every-SG: each game's step count
    drawing_moves: list[WinningMove] | None = None  # from a draw: every move that keeps it (any other loses)


def solve(family: Family[Any], components: Sequence[str], *, misere: bool = False, every: bool = False) -> Solution:
    """Solve the sum of ``components`` (each written in ``family``'s notation).

    >>> from grundy.games.registry import family
    >>> solve(family("nim"), ["14", "21", "39"]).winning_moves
    [WinningMove(component=2, action=Action(kind='take', args=(12,)), becomes=('27',))]
    """
    if not components:
        raise GameError(N_("give at least one component"), "no-components")
    if every and misere:
        raise GameError(N_("every-SG and misère play cannot be combined"), "every-and-misere")
    position = family.parse_sum(components)
    shown = [family.format(c) for c in position]
    if every:
        return _every(family, position, shown)
    if misere:
        return _misere(family, position, shown)
    outcome = family.sum_verdict(position)
    try:
        total = family.sum_grundy(position)
    except GameError:
        if len(position) > 1:
            raise
        total = None  # a lone component's outcome may have a closed form beyond its SG value's reach
    values = [family.sg(c) for c in position] if total is not None and len(position) > 1 else None
    known: list[int | None] | None = list(values) if values is not None else None
    if known is None and total is None and len(position) > 1:
        known = family.values_known(position)
    note = None
    try:
        moves = _winning(family, position, total, values)
    except GameError as error:  # the verdict stands; only the list of moves is out of reach
        moves, note = [], f"winning moves not listed: {error}"
    drawing = _drawing(family, position) if outcome == "D" else None
    return Solution(family.key, family.rule(), shown, outcome, total, moves, component_sg=known, note=note,
                    drawing_moves=drawing)


def _winning(family: Family[Any], position: tuple[Any, ...], total: int | None,
             values: list[int] | None) -> list[WinningMove]:
    fmt = family.format
    if len(position) == 1:
        return [WinningMove(0, a, tuple(map(fmt, parts))) for a, parts in family.winning_moves(position[0])]
    if total is None or values is None:  # not a plain sum (a marble can go home): ask the whole game
        return [WinningMove(m.component, m.action, tuple(map(fmt, m.parts)))
                for m in family.sum_moves(position) if family.sum_verdict(m.after) == "P"]
    if total == 0:
        return []
    return [WinningMove(i, a, tuple(map(fmt, parts)))
            for i, (c, v) in enumerate(zip(position, values))
            for a, parts in family.moves_to_value(c, v ^ total)]


def _drawing(family: Family[Any], position: tuple[Any, ...]) -> list[WinningMove]:
    """From a draw, the moves to a draw: the only ones that do not lose."""
    return [WinningMove(m.component, m.action, tuple(map(family.format, m.parts)))
            for m in family.sum_moves(position) if family.sum_verdict(m.after) == "D"]


def _misere(family: Family[Any], position: tuple[Any, ...], shown: list[str]) -> Solution:
    fmt = family.format
    closed = family.misere_outcome(position)
    listed = family.misere_winning_moves(position) if closed is not None else None
    if closed is not None and listed is not None:
        moves = [WinningMove(i, a, tuple(map(fmt, parts))) for i, a, parts in listed]
        return Solution(family.key, family.rule(), shown, closed, None, moves, misere=True)
    sizes = prod(family.size(c) for c in position)  # bound the search before it starts
    if sizes > 20 * MISERE_POSITIONS:
        raise GameError(N_("misère play is solved by search, for positions within %(most)s reachable positions;"
                           " this one may reach %(reach)s"), "misere-too-large",
                        most=f"{MISERE_POSITIONS:,}", reach=f"{sizes:,}")
    solver = misere_solver(FamilyGame(family), max_positions=MISERE_POSITIONS)
    settle = family.settle
    try:
        result = solver.outcome(settle(position))
        moves = [WinningMove(m.component, m.action, tuple(map(fmt, m.parts)))
                 for m in family.sum_moves(position) if solver.outcome(settle(m.after)) == "P"]
    except GameError as error:
        raise GameError(N_("misère play is solved by search, for positions within %(most)s reachable positions;"
                           " this one has more"), "misere-too-large", most=f"{MISERE_POSITIONS:,}") from error
    return Solution(family.key, family.rule(), shown, result, None, moves, misere=True)


def _every(family: Family[Any], position: tuple[Any, ...], shown: list[str]) -> Solution:
    """Every-SG: each turn moves in *every* unfinished game. The winner of a game plays it long,
    the loser short, so the strategic turn makes, in each game, the move that keeps its step
    count: to a P-position with the most steps left if the game is won, else the fewest."""
    counts = [family.every_steps(c) for c in position]
    result: Outcome = "N" if max(counts, default=0) % 2 == 1 else "P"  # no game left: no move, P
    turn = []
    for i, c in enumerate(position):
        chosen = family.every_move(c)
        if chosen is not None:
            action, parts = chosen
            turn.append(WinningMove(i, action, tuple(map(family.format, parts))))
    return Solution(family.key, family.rule(), shown, result, None, [],
                    every_turn=turn if result == "N" else [], steps=counts)


__all__ = ["MISERE_POSITIONS", "Solution", "WinningMove", "nim_sum", "solve"]
