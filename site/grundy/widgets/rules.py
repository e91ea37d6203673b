"""The take-away rule shared by the P/N table and the mex stepper: rule, m and set."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.takeaway import Bash, Fibonacci, PowersOfTwo, Rule, SubtractionSet
from grundy.i18n import N_, _
from grundy.widgets.spec import Param

RULES = ("bash", "set", "powers-of-two", "fibonacci")
# The menu's words, marked for the catalogue and said where they are shown (``_(label)``).
RULE_NAMES = {
    "bash": N_("Bash: take 1 to m"),
    "set": N_("A subtraction set S"),
    "powers-of-two": N_("Powers of two (HDU 1847)"),
    "fibonacci": N_("Fibonacci numbers (HDU 1848)"),
}
MAX_M = 100  # a table of 300 heaps still shows the period m + 1 three times over at m = 100
MAX_AMOUNT = 100  # tables hold at most 300 heaps (60 in the mex stepper): larger amounts show nothing
MAX_SET_SIZE = 10  # a set a learner can read at a glance (the CLI takes S-Nim's 100 amounts up to 10,000)
M = Param("m", "int", N_("m (take 1 to m)"), default="2", lo=1, hi=MAX_M, help="Bash", applies_when=("rule", "bash"))
SET = Param("set", "int-set", N_("The set S"), default="1,3,4", lo=1, hi=MAX_AMOUNT, max_items=MAX_SET_SIZE,
            help="e.g. `1,3,4`", applies_when=("rule", "set"))


def rule_params(default: str) -> tuple[Param, Param, Param]:
    """The rule's three keys (``rule``, ``m``, ``set``), with the rule a widget starts from."""
    return (Param("rule", "choice", N_("rule"), default=default, choices=RULES), M, SET)


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


def rule_label(rule: Rule) -> str:
    """A rule's short name in the reader's language: the engine's ``rule.label`` ("take 1 to 3",
    "S = {1, 3, 4}"), said at the edge so the engine stays free of gettext. In English (and
    outside a request) it is the engine's own words; a test keeps the two equal."""
    if isinstance(rule, Bash):
        return str(_("take 1 to %(m)s", m=rule.m) if rule.m > 1 else _("take 1"))
    if isinstance(rule, PowersOfTwo):
        return str(_("take a power of two"))
    if isinstance(rule, Fibonacci):
        return str(_("take a Fibonacci number"))
    return rule.label  # "S = {1, 3, 4}": notation, the same in every language


def parse_rule(args: Mapping[str, str], *, default: str = "bash") -> RuleChoice:
    name = rule_params(default)[0].choice(args)
    # Only the fields the chosen rule uses are checked: a stale m does not block a set.
    m = M.whole(args) if name == "bash" else 2
    amounts = (
        SET.int_set(args)
        if name == "set"
        else frozenset({1, 3, 4})
    )
    return RuleChoice(name, m, amounts)
