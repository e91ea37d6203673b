"""Mock Turtles, a coin-turning game. A row of coins, each heads (H) or tails (T); a move turns
over one, two or three coins, the rightmost of which must go from heads to tails.

A row is the sum of its heads: SG(row) = XOR of g(x) over the heads x (positions from 0 at the
left), and g(x) = 2x + 1 if x has an even number of 1s in binary, else 2x: g = 1, 2, 4, 7, 8,
11, 13, 14, … — the *odious* numbers (odd count of 1s). The reason, which the notes leave out:
the options of a single head at x have the values {0} ∪ {g(y)} ∪ {g(y) ⊕ g(z)} for y < z < x,
and the odious numbers are closed under ⊕ of three (popcounts add mod 2), so the XOR of two
odious numbers is evil (even count): every value below 2x is reached, and the one odious number
of {2x, 2x+1} is the first missed.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from grundy.games.coins import format_row, parse_row
from grundy.games.core import Action, GameError, Move, nim_sum
from grundy.games.family import Family
from grundy.games.moves import MoveKind, MoveWords
from grundy.marks import N_, Listing, Phrase, nphrase, phrase

Row = tuple[bool, ...]  # True = heads


def _turn_words(args: tuple[int, ...]) -> MoveWords:
    """The coins turned over, the head turned to tails last; listed under that head."""
    *others, x = args
    coins = Listing(args)
    alone = Phrase(N_("alone")) if not others else phrase(N_("and %(others)s"), others=Listing(tuple(others)))
    return MoveWords(nphrase("turn over coin %(coins)s", "turn over coins %(coins)s", len(args), coins=coins),
                     nphrase("turned over coin %(coins)s", "turned over coins %(coins)s", len(args), coins=coins),
                     phrase(N_("coin %(head)s to tails"), head=x), alone, alone, group_is_place=False)


TURN_OVER = MoveKind("turn-over", _turn_words)


def g(x: int) -> int:
    """SG of a single head at position x.

    >>> [g(x) for x in range(8)]
    [1, 2, 4, 7, 8, 11, 13, 14]
    """
    if x < 0:
        raise GameError(N_("positions count from 0; got %(got)s"), "bad-index", got=x)
    return 2 * x + (1 if bin(x).count("1") % 2 == 0 else 0)


def grundy(row: Row) -> int:
    """XOR of g over the heads.

    >>> grundy(parse_row("THHTH"))  # g(1) ⊕ g(2) ⊕ g(4) = 2 ⊕ 4 ⊕ 8
    14
    """
    return nim_sum(g(x) for x, heads in enumerate(row) if heads)


@dataclass(frozen=True, slots=True)
class MockTurtles:
    """The game on whole rows, for brute force."""

    def options(self, position: Row) -> Iterator[Move[Row]]:
        for x, heads in enumerate(position):
            if not heads:
                continue
            for size in (0, 1, 2):
                for others in combinations(range(x), size):
                    after = list(position)
                    for i in (x, *others):
                        after[i] = not after[i]
                    yield Move(Action(TURN_OVER.name, (*others, x)), tuple(after))


def moves_to_value(row: Row, target: int) -> list[Move[Row]]:
    """Every move that leaves a row of SG ``target`` (by the closed form, so long rows are fine)."""
    if len(row) > 60:
        raise GameError(N_("rows longer than %(most)s coins have too many moves to list; got %(got)s"), "too-many-moves",
                        most=60, got=len(row))
    return [m for m in MockTurtles().options(row) if grundy(m.position) == target]


__all__ = ["MockTurtles", "format_row", "g", "grundy", "moves_to_value", "parse_row"]


# ---------------------------------------------------------------- the family

MAX_LISTED_ROW = 60  # a row of n coins has ~n³/6 moves to list; the value itself is a closed form


class MockTurtlesFamily(Family[tuple[int, ...]]):
    """A row of coins, written THHTH; inside, 1 for heads and 0 for tails."""

    key = "mock-turtles"
    title = N_("Mock Turtles")
    example = "THHTH"
    notation = "a row of coins: `{example}`"
    separator = " "
    table_upto = 100_000

    def parse(self, text: str) -> tuple[int, ...]:
        return tuple(int(h) for h in parse_row(text))

    def format(self, c: tuple[int, ...]) -> str:
        return format_row(tuple(bool(h) for h in c))

    def moves(self, c: tuple[int, ...]) -> Iterator[tuple[Action, tuple[tuple[int, ...], ...]]]:
        for m in MockTurtles().options(tuple(bool(h) for h in c)):
            yield m.action, (tuple(int(h) for h in m.position),)

    def sg(self, c: tuple[int, ...]) -> int:
        return grundy(tuple(bool(h) for h in c))

    def moves_to_value(self, c: tuple[int, ...], target: int) -> list[tuple[Action, tuple[tuple[int, ...], ...]]]:
        if len(c) > MAX_LISTED_ROW:
            raise GameError(N_("rows longer than %(most)s coins have too many moves to list; got %(got)s"),
                            "too-many-moves", most=MAX_LISTED_ROW, got=len(c))
        return super().moves_to_value(c, target)

    # -- bounds for a whole-game search (play against the computer)
    def size(self, c: tuple[int, ...]) -> int:
        """Read a row as a binary number, coin x worth 2^x: every move turns its rightmost coin
        from heads to tails and only coins to its left otherwise, so the number drops. Every row
        reached is a smaller number: at most that many, plus the row itself."""
        return sum(1 << x for x, h in enumerate(c) if h) + 1

    def longest(self, c: tuple[int, ...]) -> int:
        return self.size(c) - 1  # the number drops by at least one a move

    def move_count(self, c: tuple[int, ...]) -> int:
        """1 + x + x(x − 1)/2 move sets at each head x; a row reached has its heads no further right."""
        top = max((x for x, h in enumerate(c) if h), default=-1)
        return sum(1 + x + x * (x - 1) // 2 for x in range(top + 1))

    def table_component(self, n: int) -> tuple[int, ...] | None:
        return (0,) * n + (1,)  # a single head at position n

    def table_values(self, upto: int) -> list[int | None]:
        return [g(x) for x in range(upto + 1)]

    def table_facts(self) -> dict[str, object]:
        return {"note": "SG of a single head at position x (0 = leftmost)"}
