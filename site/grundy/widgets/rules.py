"""The take-away rule shared by the P/N table and the mex stepper: rule, m and set."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.takeaway import Bash, Fibonacci, PowersOfTwo, Rule, SubtractionSet
from grundy.widgets.params import choice_param, int_param, int_set_param

RULES = ("bash", "set", "powers-of-two", "fibonacci")
RULE_NAMES = {
    "bash": "Bash: take 1 to m",
    "set": "A subtraction set S",
    "powers-of-two": "Powers of two (HDU 1847)",
    "fibonacci": "Fibonacci numbers (HDU 1848)",
}
MAX_M = 100
MAX_AMOUNT = 100
MAX_SET_SIZE = 10


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """The learner's choice of rule, with the fields that go back into the URL."""

    name: str
    m: int
    amounts: frozenset[int]

    @property
    def rule(self) -> Rule:
        if self.name == "bash":
            return Bash(self.m)
        if self.name == "set":
            return SubtractionSet(self.amounts)
        if self.name == "powers-of-two":
            return PowersOfTwo()
        return Fibonacci()

    @property
    def set_text(self) -> str:
        return ",".join(map(str, sorted(self.amounts)))

    def query(self) -> dict[str, str]:
        """Only the fields this rule uses, so shared links stay short and honest."""
        q = {"rule": self.name}
        if self.name == "bash":
            q["m"] = str(self.m)
        elif self.name == "set":
            q["set"] = self.set_text
        return q


def parse_rule(args: Mapping[str, str], *, default: str = "bash") -> RuleChoice:
    name = choice_param(args, "rule", RULES, default=default, label="rule")
    # Only the fields the chosen rule uses are checked: a stale m does not block a set.
    m = int_param(args, "m", lo=1, hi=MAX_M, default=2, label="m (take 1 to m)") if name == "bash" else 2
    amounts = (
        int_set_param(args, "set", lo=1, hi=MAX_AMOUNT, max_items=MAX_SET_SIZE, default="1,3,4", label="The set S")
        if name == "set"
        else frozenset({1, 3, 4})
    )
    return RuleChoice(name, m, amounts)
