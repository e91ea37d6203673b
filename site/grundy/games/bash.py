"""Bash's game as a family: one heap, take 1 to m. Its values and its misère rule are closed
forms (lesson 3); the take-away machinery is in :mod:`grundy.games.takeaway`."""
from __future__ import annotations

from collections.abc import Mapping

from grundy.games.core import Action, Outcome
from grundy.games.family import RuleKey, number
from grundy.games.takeaway import Bash, HeapFamily
from grundy.marks import N_, NP_


class BashFamily(HeapFamily):
    """Bash's game: take 1 to m coins from one heap; SG(n) = n mod (m + 1), for any m."""

    key = "bash"
    title = N_("Bash's game")
    rule_keys = (RuleKey("m", None, N_("take 1 to M"), cli="--max"),)
    example_rule = {"m": "3"}

    def __init__(self, m: int) -> None:
        self.rule_of = Bash(m)
        self.m = m

    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> BashFamily:
        return cls(number(cls.rule_value(args, "m"), NP_("what", "M (take 1 to M)"), lo=1))

    def rule(self) -> dict[str, str]:
        return {"m": str(self.m)}

    def moves_to_value(self, c: int, target: int) -> list[tuple[Action, tuple[int, ...]]]:
        """The closed form: the one move to value t takes (n − t) mod (m + 1)."""
        take = (c - target) % (self.m + 1)
        if target > self.m or not 1 <= take <= min(c, self.m):
            return []
        return [(Action("take", (take,)), (c - take,))]

    def move_count(self, c: int) -> int:
        return min(c, self.m)

    def table_values(self, upto: int) -> list[int | None]:
        return [n % (self.m + 1) for n in range(upto + 1)]  # the closed form: m may be huge

    def misere_outcome(self, position: tuple[int, ...]) -> Outcome | None:
        """One heap: P ⇔ n mod (m + 1) = 1 (normal Bash on n − 1; lesson 3). Sums: search."""
        return ("P" if position[0] % (self.m + 1) == 1 else "N") if len(position) == 1 else None

    def misere_winning_moves(self, position: tuple[int, ...]) -> list[tuple[int, Action, tuple[int, ...]]] | None:
        if len(position) != 1:
            return None
        n = position[0]
        take = (n - 1) % (self.m + 1)
        return [(0, Action("take", (take,)), (n - take,))] if 1 <= take <= min(n, self.m) else []


__all__ = ["BashFamily"]
