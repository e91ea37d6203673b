"""Staircase Nim and two judge problems that are staircase Nim in disguise.

Coins sit on steps 1..n; a move takes any positive number of coins from one step down to the
next (from step 1, off the staircase). Only the odd steps matter: the position is P ⇔ the XOR of
the odd steps is 0. A move from an odd step is a Nim move; a move from an even step onto an odd
one can be undone at once by carrying the same coins one step further, so it changes nothing.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb

from grundy.games.core import Action, GameError, Move, Outcome, nim_sum
from grundy.games.family import Family, number
from grundy.games.moves import MoveKind, MoveWords, kind
from grundy.marks import N_, NP_, Phrase

Stairs = tuple[int, ...]


def _step_words(args: tuple[int, ...]) -> MoveWords:
    """(coins moved, from step, to step; step 0 is the ground), listed under the step it leaves."""
    moved, step, to = args
    values = {"n": moved, "step": step, "to": to}
    if to == 0:
        says, told = N_("move %(n)s from step %(step)s to the ground"), N_("moved %(n)s from step %(step)s to the ground")
    else:
        says, told = N_("move %(n)s from step %(step)s to step %(to)s"), N_("moved %(n)s from step %(step)s to step %(to)s")
    return MoveWords(Phrase(says, values), Phrase(told, values), Phrase(N_("step %(step)s"), values),
                     Phrase(N_("move %(n)s down"), values), Phrase(N_("moved %(n)s down"), values))


MOVE_STEP = MoveKind("move-step", _step_words)
MOVE_BOX = kind("move-box", ("n", "box", "to"), N_("move %(n)s from box %(box)s to box %(to)s"),  # POJ 1730's cards
                N_("moved %(n)s from box %(box)s to box %(to)s"))
MOVE_PIECE = kind("move-piece", ("square", "to"), N_("move the piece on %(square)s to %(to)s"),  # POJ 1704
                  N_("moved the piece on %(square)s to %(to)s"))


def _check(coins: Sequence[int]) -> None:
    if not coins:
        raise GameError(N_("a staircase needs at least one step"), "no-components")
    for c in coins:
        if not isinstance(c, int) or isinstance(c, bool) or c < 0:
            raise GameError(N_("a step holds a whole number of coins, 0 or more; got %(got)r"), "bad-step", got=c)


@dataclass(frozen=True, slots=True)
class StaircaseGame:
    """coins[i] is the number of coins on step i + 1."""

    def options(self, position: Stairs) -> Iterator[Move[Stairs]]:
        _check(position)
        for i, c in enumerate(position):
            for x in range(1, c + 1):
                after = list(position)
                after[i] -= x
                if i:
                    after[i - 1] += x
                yield Move(Action(MOVE_STEP.name, (x, i + 1, i)), tuple(after))  # step 0 is the ground


def grundy(coins: Sequence[int]) -> int:
    """XOR of the odd steps (1st, 3rd, …).

    >>> grundy([3, 5, 4])  # 3 ⊕ 4
    7
    """
    _check(coins)
    return nim_sum(coins[0::2])


def outcome(coins: Sequence[int]) -> Outcome:
    return "P" if grundy(coins) == 0 else "N"


def moves_to_value(coins: Sequence[int], target: int) -> list[Move[Stairs]]:
    """Every move that leaves XOR(odd steps) = target: down from an odd step (a Nim move), or
    from an even step onto the odd step below (raising it)."""
    _check(coins)
    x = grundy(coins) ^ target
    if x == 0:
        return []
    found: list[Move[Stairs]] = []
    for i, c in enumerate(coins):
        after = list(coins)
        if i % 2 == 0 and (c ^ x) < c:  # odd step i+1: lower it to c ⊕ x
            moved = c - (c ^ x)
            after[i] -= moved
            if i:
                after[i - 1] += moved
            found.append(Move(Action(MOVE_STEP.name, (moved, i + 1, i)), tuple(after)))
        elif i % 2 == 1:  # even step i+1: raise the odd step below it to its value ⊕ x
            below = coins[i - 1]
            moved = (below ^ x) - below
            if 0 < moved <= c:
                after[i] -= moved
                after[i - 1] += moved
                found.append(Move(Action(MOVE_STEP.name, (moved, i + 1, i)), tuple(after)))
    return found


# ---------------------------------------------------------------- HDU 3389: boxes


@dataclass(frozen=True, slots=True)
class BoxesGame:
    """HDU 3389: cards in boxes 1..n; move any positive number of cards from box A to a box
    B < A with A + B odd and divisible by 3."""

    def options(self, position: Stairs) -> Iterator[Move[Stairs]]:
        for a in range(len(position), 0, -1):
            for b in range(1, a):
                if (a + b) % 2 == 1 and (a + b) % 3 == 0 and position[a - 1]:
                    for x in range(1, position[a - 1] + 1):
                        after = list(position)
                        after[a - 1] -= x
                        after[b - 1] += x
                        yield Move(Action(MOVE_BOX.name, (x, a, b)), tuple(after))


def boxes_grundy(cards: Sequence[int]) -> int:
    """Each box reaches box 1, 3 or 4 (where no move starts) in a fixed number of moves, and
    that number is odd exactly for boxes ≡ 0, 2, 5 (mod 6); those are the staircase's odd
    steps, so SG = XOR of their cards.

    >>> boxes_grundy([1, 2]), boxes_grundy([1, 3, 3, 2, 2, 1, 2])
    (2, 0)
    """
    _check(cards)
    return nim_sum(c for box, c in enumerate(cards, start=1) if box % 6 in (0, 2, 5))


# ---------------------------------------------------------------- POJ 1704: Georgia and Bob


@dataclass(frozen=True, slots=True)
class GeorgiaBobGame:
    """Pieces on squares 1, 2, …; a move slides one piece left, never onto or past another
    piece or off the board. Positions are the sorted squares."""

    def options(self, position: Stairs) -> Iterator[Move[Stairs]]:
        for i, square in enumerate(position):
            lowest = position[i - 1] + 1 if i else 1
            for to in range(square - 1, lowest - 1, -1):
                yield Move(Action(MOVE_PIECE.name, (square, to)), position[:i] + (to,) + position[i + 1 :])


def georgia_bob_grundy(squares: Sequence[int]) -> int:
    """Pair the pieces from the right; the gap inside each pair is a Nim heap (moving the left
    piece of a pair shrinks it; moving the right one widens the gap before it, which the
    opponent can undo). With an odd count, the leftmost piece pairs with the board's edge.

    >>> georgia_bob_grundy([1, 2, 3]), georgia_bob_grundy([1, 5, 6])
    (0, 0)
    """
    s = sorted(squares)
    if len(set(s)) != len(s) or (s and s[0] < 1):
        raise GameError(N_("pieces stand on distinct squares 1, 2, …; got %(got)r"), "bad-squares", got=list(squares))
    gaps = [s[i] - (s[i - 1] if i else 0) - 1 for i in range(len(s))]
    return nim_sum(gaps[len(s) - 1 :: -2])


__all__ = [
    "BoxesGame",
    "GeorgiaBobGame",
    "StaircaseGame",
    "boxes_grundy",
    "georgia_bob_grundy",
    "grundy",
    "moves_to_value",
    "outcome",
]


# ---------------------------------------------------------------- the family


class StaircaseFamily(Family[tuple[int, ...]]):
    """A staircase, written c1,c2,…,cn (coins on steps 1..n): one component, valued by the XOR
    of its odd steps. Several staircases, one per argument, are a sum."""

    key = "staircase"
    title = N_("Staircase Nim")
    example = "3,5,4"
    notation = "a staircase, coins on steps 1..n: `{example}`"
    separator = ";"
    layout = "none"

    def parse(self, text: str) -> tuple[int, ...]:
        return tuple(number(c, NP_("what", "a step")) for c in text.split(","))

    def format(self, c: tuple[int, ...]) -> str:
        return ",".join(map(str, c))

    def moves(self, c: tuple[int, ...]) -> Iterator[tuple[Action, tuple[tuple[int, ...], ...]]]:
        for m in StaircaseGame().options(c):
            yield m.action, (m.position,)

    def sg(self, c: tuple[int, ...]) -> int:
        return grundy(c)

    def size(self, c: tuple[int, ...]) -> int:
        """Coins only move down, so every reachable staircase spreads at most the coins there
        are now over the same steps (the rest have left): C(total + steps, steps)."""
        return comb(sum(c) + len(c), len(c))

    def move_count(self, c: tuple[int, ...]) -> int:
        return sum(c)  # 1..c_i coins from each step; the coins on the staircase never grow

    def longest(self, c: tuple[int, ...]) -> int:
        return sum(i * coins for i, coins in enumerate(c, start=1))  # a coin on step i moves at most i times

    def moves_to_value(self, c: tuple[int, ...], target: int) -> list[tuple[Action, tuple[tuple[int, ...], ...]]]:
        return [(m.action, (m.position,)) for m in moves_to_value(c, target)]
