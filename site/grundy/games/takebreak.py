"""Take-and-break games as families: octal games given by their code (Kayles is ``.77``) and
Grundy's game. A component is a heap (a row of pins, for Kayles); a move may take tokens and
split what is left into two heaps, so a heap becomes none, one or two. The values and moves are
:mod:`grundy.games.octal`'s; this module only gives them the shape every layer reads.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from grundy.games import octal
from grundy.games.core import Action, GameError
from grundy.games.family import Family, RuleKey, number
from grundy.games.moves import MoveKind, MoveWords
from grundy.marks import N_, NP_, phrase

SEARCH_SIDE = 200  # a whole-game search reaches every multiset of heaps below the start: only small ones
# A heap of n has about n/2 splits per amount removed; listing the winning ones looks at each
# (Kayles at 20,000: about 20,000 moves, ~40 ms). The verdict itself has no such bound.
MAX_LISTED_HEAP = 20_000


@cache
def positions_within(n: int) -> int:
    """How many multisets of heaps (positive parts) add up to n or less: Σ p(k) for k ≤ n, the
    positions a whole-game search from one heap of n can reach (beyond SEARCH_SIDE: a bound that
    refuses any search)."""
    if n > SEARCH_SIDE:
        return 1 << 256
    partitions = [1] + [0] * n
    for part in range(1, n + 1):
        for total in range(part, n + 1):
            partitions[total] += partitions[total - part]
    return sum(partitions)


def _split_words(args: tuple[int, ...]) -> MoveWords:
    """(removed, *what is left of the heap: none, one or two heaps)."""
    removed, *parts = args
    if not removed:
        said = phrase(N_("split the heap into %(first)s and %(second)s"), first=parts[0], second=parts[1])
        return MoveWords(said, said)
    if not parts:
        return MoveWords(phrase(N_("take all %(n)s"), n=removed), phrase(N_("took all %(n)s"), n=removed))
    if len(parts) == 1:
        return MoveWords(phrase(N_("take %(n)s, leaving %(left)s"), n=removed, left=parts[0]),
                         phrase(N_("took %(n)s, leaving %(left)s"), n=removed, left=parts[0]))
    left, right = parts
    return MoveWords(phrase(N_("take %(n)s, leaving %(left)s and %(right)s"), n=removed, left=left, right=right),
                     phrase(N_("took %(n)s, leaving %(left)s and %(right)s"), n=removed, left=left, right=right))


SPLIT = MoveKind("split", _split_words)  # take tokens from a heap and leave none, one or two heaps


def _split(s: octal.Split) -> tuple[Action, tuple[int, ...]]:
    return Action(SPLIT.name, (s.removed, *s.parts)), s.parts


class _TakeBreakFamily(Family[int]):
    """Heaps that a move may empty, shrink or split."""

    keeps_count = False
    example = "10"
    empty = "0"  # no heap left (a heap of 0 is none either)

    def parse(self, text: str) -> int:
        return number(text, NP_("what", "a heap"))

    def size(self, c: int) -> int:
        return positions_within(c)

    def moves_to_value(self, c: int, target: int) -> list[tuple[Action, tuple[int, ...]]]:
        if c > MAX_LISTED_HEAP:  # checked before any move is looked at
            raise GameError(N_("moves are listed for heaps up to %(most)s; got %(got)s"), "too-many-moves",
                            most=f"{MAX_LISTED_HEAP:,}", got=f"{c:,}")
        return super().moves_to_value(c, target)

    def longest(self, c: int) -> int:
        return 2 * c  # a move removes a token or makes one more heap, and heaps are at most c

    def table_component(self, n: int) -> int | None:
        return n


class OctalFamily(_TakeBreakFamily):
    """An octal game, by its code (``--code .77``): SG values by the definition and, where the
    Octal Periodicity Theorem proves a period, for heaps of any size."""

    key = "octal"
    title = N_("An octal game")
    notation = "a heap (a row of pins): `{example}`"
    rule_keys = (RuleKey("code", None, N_("the octal code: .77 Kayles, .07 Dawson's Kayles, .137 Dawson's chess"),
                         more=f"any code with up to {octal.MAX_CODE_DIGITS} digits"),)
    example_rule = {"code": ".77"}
    table_upto = octal.MAX_VALUES_UPTO

    def __init__(self, code: octal.OctalCode) -> None:
        self.code = code

    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> OctalFamily:
        return cls(octal.OctalCode.parse(cls.rule_value(args, "code")))

    def rule(self) -> dict[str, str]:
        return {"code": self.code.format()}

    def moves(self, c: int) -> Iterator[tuple[Action, tuple[int, ...]]]:
        return map(_split, octal.moves(self.code, c))

    def sg(self, c: int) -> int:
        return octal.sg(self.code, c)

    def longest(self, c: int) -> int:
        return 2 * c if self.code.d0 else c  # without d0 = 4 every move removes a token

    def table_values(self, upto: int) -> list[int | None]:
        return list(octal.sg_values(self.code, upto))

    def table_facts(self) -> dict[str, object]:
        p = octal.period(self.code)
        facts: dict[str, object] = {"name": self.code.name}
        facts["period"] = None if p is None else {"preperiod": p.preperiod, "length": p.length, "proved": p.proved}
        return facts


class GrundysGameFamily(_TakeBreakFamily):
    """Grundy's game: split a heap into two unequal heaps. No period is known, so its values are
    computed directly, up to heaps of GRUNDY_MAX_UPTO."""

    key = "grundys-game"
    notation = "a heap: `{example}` (a move splits it into two unequal heaps)"
    title = N_("Grundy's game")
    table_upto = octal.GRUNDY_MAX_UPTO

    def moves(self, c: int) -> Iterator[tuple[Action, tuple[int, ...]]]:
        return map(_split, octal.grundys_game_moves(c))

    def sg(self, c: int) -> int:
        return octal.grundys_game_sg(c)

    def longest(self, c: int) -> int:
        return c  # every split makes one more heap, and there are at most c of them

    def table_values(self, upto: int) -> list[int | None]:
        return list(octal.grundys_game_values(upto))


__all__ = ["GrundysGameFamily", "OctalFamily"]
