"""The SG sequence of a finite subtraction game, its preperiod and period, and SG(n) for huge n."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.numerals import read_whole
from grundy.games.takeaway import Period, SubtractionSet, grundy, grundy_values, period
from grundy.i18n import N_, _
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter, refuse_negative, shown

NAME = "period"
TITLE = N_("Periodic SG values, and a heap of any size")
BLURB = N_(
    "For a finite subtraction set, the SG values repeat from some point on. Once the period is"
    " found, SG of a heap with a hundred digits is a lookup."
)
MAX_UPTO = 200
MAX_DIGITS = 1000  # a heap of 1000 digits: folding it by the period is one division
SET = spec.Param("set", "int-set", N_("The set S"), default="1,3,4", lo=1, hi=100, max_items=10, help="e.g. `1,3,4`")
UPTO = spec.Param("upto", "int", N_("The largest heap shown"), default="40", lo=0, hi=MAX_UPTO)
N = spec.Param("n", "text", N_("The heap n"), default="1000000000000000000", help=f"a heap of up to {MAX_DIGITS} digits")
PARAMS = (SET, UPTO, N)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)
SEARCH_LIMIT = 5000


@dataclass(frozen=True, slots=True)
class Params:
    amounts: frozenset[int]
    upto: int
    n: int | None

    def query(self, **changes: object) -> dict[str, str]:
        q = {"set": ",".join(map(str, sorted(self.amounts))), "upto": str(self.upto)}
        if self.n is not None:
            q["n"] = str(self.n)
        return q


def parse(args: Mapping[str, str]) -> Params:
    amounts = SET.int_set(args)
    upto = UPTO.whole(args)
    raw = args.get("n", DEFAULTS["n"]).strip().replace("_", "").replace(" ", "")
    n = None
    if raw:
        n = read_whole(raw, max_digits=MAX_DIGITS)
        if n is None:
            refuse_negative("n", raw, N.label)
            raise BadParameter("n", _("The heap n must be a whole number of at most %(digits)s digits; got %(got)s.",
                                    digits=MAX_DIGITS, got=shown(raw)))
    return Params(amounts, upto, n)


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    label: str
    values: list[int]
    period: Period | None
    bands: list[str]  # per shown heap: "pre", "even", "odd" (alternate periods), or "none"
    n_value: int | None
    folded: int | None  # the small heap with the same value as n
    quotient: int | None  # n = preperiod + quotient·length + remainder

    @property
    def n_text(self) -> str:
        text = str(self.params.n)
        if len(text) <= 60:
            return text
        return str(_("%(head)s…%(tail)s (%(count)s digits)", head=text[:24], tail=text[-24:], count=len(text)))


def view(params: Params) -> View:
    rule = SubtractionSet(params.amounts)
    p = period(rule, search_limit=SEARCH_LIMIT)
    values = grundy_values(rule, params.upto)
    bands = []
    for i in range(params.upto + 1):
        if p is None:
            bands.append("none")
        elif i < p.preperiod:
            bands.append("pre")
        else:
            bands.append("even" if ((i - p.preperiod) // p.length) % 2 == 0 else "odd")
    n_value = folded = quotient = None
    if params.n is not None and p is not None:
        n_value = grundy(rule, params.n)
        folded = p.fold(params.n)
        quotient = (params.n - p.preperiod) // p.length if params.n >= p.preperiod else 0
    return View(params, rule.label, values, p, bands, n_value, folded, quotient)

WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view)


__all__ = ["WIDGET", "parse", "view"]
