"""The P/N table of a one-heap take-away game, with a step-through that explains each cell."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.core import Outcome, outcome_of
from grundy.games.takeaway import Cell, Period, cell, grundy_values, period
from grundy.i18n import N_
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import hide_query
from grundy.widgets.rules import RuleChoice, parse_rule, rule_label, rule_params

NAME = "pn-table"
TITLE = N_("P/N table of a take-away game")
BLURB = N_(
    "Choose a rule and a range; the table marks every heap P or N, and Next fills it one heap at a time with the reason."
)
MAX_UPTO = 300  # 301 cells: the widest table that still fits a projected screen, built in ~8 ms
UPTO = spec.Param("upto", "int", N_("The largest heap"), default="20", lo=0, hi=MAX_UPTO)
STEP = spec.step(MAX_UPTO + 1)
PARAMS = (*rule_params("bash"), UPTO, spec.SG, STEP, spec.HIDE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)


@dataclass(frozen=True, slots=True)
class Params:
    choice: RuleChoice
    upto: int
    sg: bool
    step: int | None  # None: the whole table; k: the first k cells are filled
    hide: bool = True  # while stepping, cells not reached yet are blank (else all shown, the step marked)

    def query(self, **changes: object) -> dict[str, str]:
        """The URL state, optionally with some fields changed (for the step buttons)."""
        fields = {"upto": self.upto, "sg": self.sg, "step": self.step, "hide": self.hide} | changes
        q = self.choice.query() | {"upto": str(fields["upto"])}
        if fields["sg"]:
            q["sg"] = "1"
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))


def parse(args: Mapping[str, str]) -> Params:
    choice = parse_rule(args)
    upto = UPTO.whole(args)
    step = STEP.optional_whole(args, hi=upto + 1)
    return Params(choice, upto, spec.SG.flag(args), step, spec.HIDE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """Where stepping goes on after a settings change (projected): a longer or shorter table of
    the same rule, or SG values switched, keeps the step (at most the whole table, every cell of
    which the class has already seen); another rule is a new table, started from nothing."""
    if old.step is None or old.choice.query() != new.choice.query():
        return 0
    return min(old.step, new.upto + 1)


@dataclass(frozen=True, slots=True)
class CellView:
    n: int
    grundy: int
    filled: bool
    current: bool
    band: str  # "none", "pre", "odd", "even": marks that make the period visible
    period_start: bool  # the first cell of a period
    period_end: bool  # the last cell of a period

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.grundy)


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    rule_label: str
    cells: list[CellView]
    period: Period | None
    current: Cell | None
    p_count: int

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    @property
    def period_visible(self) -> bool:
        p = self.period
        return p is not None and p.preperiod + p.length <= self.params.upto + 1


def _band(n: int, p: Period | None) -> str:
    if p is None:
        return "none"
    if n < p.preperiod:
        return "pre"
    return "even" if ((n - p.preperiod) // p.length) % 2 == 0 else "odd"


def _offset(n: int, p: Period | None) -> int | None:
    """Where n sits within its period (0 = first), or None outside the periodic part."""
    if p is None or n < p.preperiod:
        return None
    return (n - p.preperiod) % p.length


def view(params: Params) -> View:
    rule = params.choice.rule
    # Only the current cell needs its options listed; the rest need their values alone.
    values = grundy_values(rule, params.upto)
    p = period(rule)
    # Mark the period only where the table shows a whole period of it, and not while the learner
    # is stepping: guessing the pattern is the point of stepping.
    whole = p is not None and p.preperiod + p.length <= params.upto + 1
    shown = p if whole and params.step is None else None
    # Cells past the step are left blank only when hiding; showing them all still marks the step.
    filled_upto = len(values) if params.step is None or not params.hide else params.step
    current = cell(rule, params.step - 1, values) if params.step else None
    return View(
        params=params,
        rule_label=rule_label(rule),
        cells=[
            CellView(
                n=n,
                grundy=g,
                filled=n < filled_upto,
                current=current is not None and n == current.n,
                band=_band(n, shown),
                period_start=_offset(n, shown) == 0,
                period_end=shown is not None and _offset(n, shown) == shown.length - 1,
            )
            for n, g in enumerate(values)
        ],
        period=p,
        current=current,
        p_count=values[:filled_upto].count(0),
    )

WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, presentable=True)
