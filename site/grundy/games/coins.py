"""Coin-turning games (lesson 14): a row of coins, positions 0, 1, 2, … from the left, each heads
or tails. A rule says which sets of coins one move may turn over, by their positions alone; the
rightmost coin turned must go from heads to tails (the others may go either way).

One theorem covers every such rule: the SG value of a row is the XOR of g(x) over its heads,
where g(x), the value of a row whose only head is at x, is the mex over the move sets S with
rightmost coin x of the XOR of g over S without x. So a rule is solved by its single heads:
:func:`single_values` computes them from that definition, for any rule here, and the rows follow.

- Mock Turtles (turn over one, two or three coins): g(x) is the x-th *odious* number (odd number
  of 1s in binary), 2x or 2x + 1 — see :mod:`grundy.games.turtles`.
- Twins (exactly two coins): g(x) = x, so a head at x is a Nim heap of x.
- Ruler (any run of consecutive coins ending at the head): g(x) = the largest power of two
  dividing x + 1.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations

from grundy.games.core import GameError, mex, nim_sum
from grundy.marks import N_, Listing

Row = tuple[bool, ...]  # True = heads; index 0 is the leftmost coin
TurnSets = Callable[[int], Iterator[tuple[int, ...]]]  # x → the other coins of each move set whose rightmost is x


def _mock_turtles(x: int) -> Iterator[tuple[int, ...]]:
    for size in (0, 1, 2):
        yield from combinations(range(x), size)


def _twins(x: int) -> Iterator[tuple[int, ...]]:
    for y in range(x):
        yield (y,)


def _ruler(x: int) -> Iterator[tuple[int, ...]]:
    for start in range(x, -1, -1):
        yield tuple(range(start, x))


@dataclass(frozen=True, slots=True)
class Rule:
    key: str
    title: str
    says: str  # the move, in words
    others: TurnSets  # the other coins a move may turn with the one at x
    formula: str  # g(x) in words, as the lesson proves or states it
    closed: Callable[[int], int]  # g(x) by that formula (the tests hold it to the definition)


def odious(x: int) -> int:
    """The x-th odious number from 0: 2x or 2x + 1, whichever has an odd number of 1s."""
    return 2 * x + (0 if bin(x).count("1") % 2 else 1)


RULES: dict[str, Rule] = {r.key: r for r in (
    Rule("mock-turtles", "Mock Turtles", "turn over one, two or three coins", _mock_turtles,
         "the x-th odious number: 2x if x has an odd number of 1s in binary, else 2x + 1", odious),
    Rule("twins", "Twins", "turn over exactly two coins", _twins, "x: a head at x is a Nim heap of x", lambda x: x),
    Rule("ruler", "Ruler", "turn over a run of coins next to each other", _ruler,
         "the largest power of two dividing x + 1", lambda x: (x + 1) & -(x + 1)),
)}


def rule(key: str) -> Rule:
    found = RULES.get(key)
    if found is None:
        raise GameError(N_("there is no coin-turning rule %(got)r; choose one of %(choices)s"), "unknown-rule",
                        got=key[:30], choices=Listing.of(RULES))
    return found


MAX_COINS = 64  # Mock Turtles has ~x²/2 move sets at x: 64 coins are ~45,000 sets in all


def single_values(r: Rule, n: int) -> list[int]:
    """g(0), …, g(n − 1) by the definition: each g(x) is the mex of the XORs of g over the other
    coins of each move set at x (a move leaves exactly those coins heads)."""
    if n > MAX_COINS:
        raise GameError(N_("a row here has at most %(most)s coins; got %(got)s"), "too-long", most=MAX_COINS, got=n)
    values: list[int] = []
    for x in range(n):
        values.append(mex(nim_sum(values[y] for y in others) for others in r.others(x)))
    return values


def parse_row(text: str) -> Row:
    """'THHTH' → (False, True, True, False, True)."""
    cleaned = text.strip().upper()
    if not cleaned or any(ch not in "HT" for ch in cleaned):
        raise GameError(N_("a row is written with H (heads) and T (tails), like THHTH; got %(got)r"), "bad-row",
                        got=text[:30])
    return tuple(ch == "H" for ch in cleaned)


def format_row(row: Row) -> str:
    return "".join("H" if c else "T" for c in row)


def value(r: Rule, row: Row) -> int:
    """The row's SG value: the XOR of g over its heads."""
    g = single_values(r, len(row))
    return nim_sum(g[x] for x, heads in enumerate(row) if heads)


@dataclass(frozen=True, slots=True)
class Turn:
    coins: tuple[int, ...]  # the positions turned over, rightmost last
    after: Row


def turns(r: Rule, row: Row) -> Iterator[Turn]:
    """Every move: a head x and a move set of the rule whose rightmost coin is x."""
    for x, heads in enumerate(row):
        if heads:
            for others in r.others(x):
                after = list(row)
                for i in (*others, x):
                    after[i] = not after[i]
                yield Turn((*others, x), tuple(after))


def winning_turns(r: Rule, row: Row) -> list[Turn]:
    """Every move to a row of value 0: a move set at a head x whose other coins' values XOR to
    g(x) ⊕ the row's value (it changes the row's value by exactly that much)."""
    g = single_values(r, len(row))
    total = nim_sum(g[x] for x, heads in enumerate(row) if heads)
    if total == 0:
        return []
    return [t for t in turns(r, row) if nim_sum(g[y] for y in t.coins[:-1]) == g[t.coins[-1]] ^ total]


__all__ = ["MAX_COINS", "RULES", "Row", "Rule", "Turn", "format_row", "odious", "parse_row", "rule", "single_values",
           "turns", "value", "winning_turns"]
