"""The mex stepper: SG(0), SG(1), … of a take-away rule, one position at a time."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.takeaway import Cell, cells
from grundy.widgets.params import hide_param, hide_query, int_param
from grundy.widgets.rules import RuleChoice, parse_rule

NAME = "mex-steps"
TITLE = "The mex, step by step"
BLURB = (
    "Watch SG(0), SG(1), … being computed: the options, their values, and the first missing number."
)
KEYS = ("rule", "m", "set", "upto", "n", "hide")
DEFAULTS = {"rule": "set", "m": "2", "set": "1,3,4", "upto": "12", "n": "0", "hide": ""}
MAX_UPTO = 60


@dataclass(frozen=True, slots=True)
class Params:
    choice: RuleChoice
    upto: int
    n: int  # the position whose value is being computed; SG(0..n-1) are already known
    hide: bool = True  # the values after n stay blank (else all shown, n marked)

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"upto": self.upto, "n": self.n, "hide": self.hide} | changes
        q = self.choice.query() | {"upto": str(fields["upto"]), "n": str(fields["n"])}
        return q | hide_query(bool(fields["hide"]))


def parse(args: Mapping[str, str]) -> Params:
    choice = parse_rule(args, default="set")
    upto = int_param(args, "upto", lo=0, hi=MAX_UPTO, default=12, label="The last position")
    n = int_param(args, "n", lo=0, hi=upto, default=0, label="The position being computed")
    return Params(choice, upto, n, hide_param(args))


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    rule_label: str
    cells: list[Cell]
    current: Cell
    chips: list[int]  # 0 .. mex: the numbers checked in turn, the last one missing

    @property
    def sequence(self) -> str:
        return " ".join(str(c.grundy) for c in self.cells[: self.params.n + 1])


def view(params: Params) -> View:
    rule = params.choice.rule
    table = cells(rule, params.upto)
    current = table[params.n]
    return View(
        params=params,
        rule_label=rule.label,
        cells=table,
        current=current,
        chips=list(range(current.grundy + 1)),
    )
