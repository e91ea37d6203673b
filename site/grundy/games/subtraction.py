"""Subtraction games as a family: one heap, take s for s in a set S (finite, the powers of two
or the Fibonacci numbers). Values, periods and the rule's notation are in
:mod:`grundy.games.takeaway`."""
from __future__ import annotations

from collections.abc import Mapping

from grundy.games.family import RuleKey
from grundy.games.takeaway import MAX_SET_AMOUNT, MAX_SET_SIZE, HeapFamily, Rule, format_rule, parse_rule
from grundy.marks import N_


class SubtractionFamily(HeapFamily):
    """A subtraction game: take s coins, s in a set S (finite, the powers of two, or the
    Fibonacci numbers); a finite set's SG values are periodic, and the period is found."""

    key = "subtraction"
    title = N_("A subtraction game")
    rule_keys = (RuleKey("set", None, N_("the set S: 1,3,4 | powers-of-two | fibonacci"),
                         more=f"S-Nim's limits: up to {MAX_SET_SIZE} amounts of at most {MAX_SET_AMOUNT:,}"),)
    example_rule = {"set": "1,3,4"}

    def __init__(self, rule: Rule) -> None:
        self.rule_of = rule

    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> SubtractionFamily:
        raw = cls.rule_value(args, "set")
        return cls(parse_rule(raw))

    def rule(self) -> dict[str, str]:
        return {"set": format_rule(self.rule_of)}


__all__ = ["SubtractionFamily"]
