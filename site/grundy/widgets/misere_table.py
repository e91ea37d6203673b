"""Normal and misère play side by side: one take-away rule, two P/N rows, filled together.

Under normal play the player who cannot move loses; under misère play the player who makes the
last move loses, so a player who cannot move has won. The same three rules fill both rows (a
position is N exactly when some move leads to a P-position); only the cells with no move differ,
and every difference grows from them. Stepping fills heap n in both rows at once and says why.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.core import Outcome
from grundy.games.takeaway import Rule
from grundy.i18n import N_
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import hide_query
from grundy.widgets.rules import RuleChoice, parse_rule, rule_label, rule_params

NAME = "misere-table"
TITLE = N_("Normal and misère play, side by side")
BLURB = N_(
    "One take-away rule, two rows of P and N: normal play (the last move wins) above, misère play"
    " (the last move loses) below. Next fills one heap in both rows and says why."
)
MAX_UPTO = 100  # two rows of 101 cells: still readable side by side on a projector
UPTO = spec.Param("upto", "int", N_("The largest heap"), default="12", lo=0, hi=MAX_UPTO)
STEP = spec.step(MAX_UPTO + 1, N_("The step (heaps filled)"), help=N_("start stepping with this many heaps filled"))
PARAMS = (*rule_params("bash"), UPTO, STEP, spec.HIDE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)


@dataclass(frozen=True, slots=True)
class Params:
    choice: RuleChoice
    upto: int
    step: int | None  # None: both rows whole; k: heaps 0..k-1 filled
    hide: bool = True

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"upto": self.upto, "step": self.step, "hide": self.hide} | changes
        q = self.choice.query() | {"upto": str(fields["upto"])}
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))


def parse(args: Mapping[str, str]) -> Params:
    choice = parse_rule(args)
    upto = UPTO.whole(args)
    return Params(choice, upto, STEP.optional_whole(args, hi=upto + 1), spec.HIDE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """The same rule keeps its step (within the new length); another rule starts afresh."""
    if old.step is None or old.choice.query() != new.choice.query():
        return 0
    return min(old.step, new.upto + 1)


def outcomes(rule: Rule, upto: int, *, misere: bool) -> list[Outcome]:
    """P or N for heaps 0..upto. A heap with no move is P under normal play (the player to move
    is stuck and loses) and N under misère play (the opponent made the last move, and lost);
    otherwise a heap is N exactly when some move leads to a P-position."""
    found: list[Outcome] = []
    for n in range(upto + 1):
        moves = rule.moves(n)
        if not moves:
            found.append("N" if misere else "P")
        else:
            found.append("N" if any(found[n - t] == "P" for t in moves) else "P")
    return found


@dataclass(frozen=True, slots=True)
class Reason:
    """Why heap n is what it is in one row: no move, a winning move, or every move to N."""

    outcome: Outcome
    stuck: bool
    take: int | None  # a move to a P-position (the smallest), when N and not stuck
    takes: tuple[int, ...]  # every move, when P and not stuck


@dataclass(frozen=True, slots=True)
class Column:
    n: int
    normal: Outcome
    misere: Outcome
    filled: bool
    current: bool

    @property
    def flips(self) -> bool:
        return self.normal != self.misere


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    rule_label: str  # in the reader's language
    columns: list[Column]
    current: int | None  # the heap the last step filled
    normal_reason: Reason | None
    misere_reason: Reason | None

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    @property
    def shown(self) -> list[Column]:
        return [c for c in self.columns if c.filled]

    @property
    def flip_count(self) -> int:
        return sum(c.flips for c in self.shown)

    def p_heaps(self, misere: bool) -> list[int]:
        return [c.n for c in self.shown if (c.misere if misere else c.normal) == "P"]


def _reason(rule: Rule, n: int, row: list[Outcome]) -> Reason:
    moves = tuple(rule.moves(n))
    to_p = [t for t in moves if row[n - t] == "P"]
    return Reason(row[n], not moves, min(to_p) if to_p else None, moves)


def view(params: Params) -> View:
    rule = params.choice.rule
    normal = outcomes(rule, params.upto, misere=False)
    misere = outcomes(rule, params.upto, misere=True)
    step = params.step
    filled = params.upto + 1 if step is None or not params.hide else step
    current = step - 1 if step else None
    return View(
        params=params,
        rule_label=rule_label(rule),
        columns=[Column(n, normal[n], misere[n], n < filled, n == current) for n in range(params.upto + 1)],
        current=current,
        normal_reason=_reason(rule, current, normal) if current is not None else None,
        misere_reason=_reason(rule, current, misere) if current is not None else None,
    )


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, presentable=True)


__all__ = ["WIDGET", "outcomes", "parse", "resume_step", "view"]
