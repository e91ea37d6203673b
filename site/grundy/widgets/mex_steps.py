"""The mex stepper: SG(0), SG(1), … of a take-away rule, one position at a time."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.takeaway import Cell, cells
from grundy.i18n import N_
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import HIDE_LABEL, hide_query
from grundy.widgets.rules import RuleChoice, parse_rule, rule_label, rule_params

NAME = "mex-steps"
TITLE = N_("The mex, step by step")
BLURB = N_(
    "Watch SG(0), SG(1), … being computed: the options, their values, and the first missing number."
)
MAX_UPTO = 60  # every option of every position is listed: 61 positions stay readable
UPTO = spec.Param("upto", "int", N_("The largest heap"), default="12", lo=0, hi=MAX_UPTO)
N = spec.Param("n", "int", N_("The position being computed"), default="0", lo=0, hi=MAX_UPTO,
               help="the position being computed")
PARAMS = (*rule_params("set"), UPTO, N,
          spec.Param("hide", "hide", HIDE_LABEL, help="0 shows the values after `n` too"))
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)


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
    upto = UPTO.whole(args)
    return Params(choice, upto, N.whole(args, hi=upto), spec.HIDE.flag(args))


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
        rule_label=rule_label(rule),
        cells=table,
        current=current,
        chips=list(range(current.grundy + 1)),
    )

WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, presentable=True, start_key="n")
