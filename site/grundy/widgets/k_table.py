"""The losing numbers of the k-multiple subtraction game for several k at once (lesson 13): the
powers of two for k = 1, the Fibonacci numbers for k = 2, and for larger k sequences that start
1, 2, 3, … and grow more slowly — each by the construction aᵢ₊₁ = bᵢ + 1. Each row also gives the
ratio of its last two numbers, which settles towards the growth rate of that k's sequence."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from grundy.games import kmultiple
from grundy.i18n import N_
from grundy.widgets import spec
from grundy.widgets.base import Widget

NAME = "k-table"
TITLE = N_("The losing numbers for k = 1, 2, 3, …")
BLURB = N_("For each k, the heaps a first player loses: powers of two, Fibonacci numbers, and slower sequences after.")
MAX_K = 100
KS = spec.Param("ks", "int-list", N_("The values of k"), default="1,2,3,4,5", lo=1, hi=MAX_K, max_items=8,
                help="each row's k")
UPTO = spec.Param("upto", "int", N_("The largest heap"), default="100", lo=1, hi=10**6)
PARAMS = (KS, UPTO)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)
SHOWN = 40  # numbers written out per row; a longer row shows its first and its last


@dataclass(frozen=True, slots=True)
class Params:
    ks: tuple[int, ...]
    upto: int

    def query(self, **changes: object) -> dict[str, str]:
        return {"ks": ",".join(map(str, self.ks)), "upto": str(self.upto)}


def parse(args: Mapping[str, str]) -> Params:
    return Params(tuple(KS.int_list(args)), UPTO.whole(args))


@dataclass(frozen=True, slots=True)
class Line:
    k: int
    numbers: list[int]  # every losing number up to upto
    name: str  # what the sequence is known as, where it has a name

    @property
    def shown(self) -> list[int | None]:
        """The numbers as written: all, or the first and last few with None between."""
        if len(self.numbers) <= SHOWN:
            return list(self.numbers)
        return [*self.numbers[: SHOWN - 6], None, *self.numbers[-5:]]

    @property
    def ratio(self) -> str:
        """The last two numbers' ratio, to two decimals (exact arithmetic, rounded once)."""
        if len(self.numbers) < 2:
            return "—"
        r = Fraction(self.numbers[-1], self.numbers[-2])
        return f"{round(r * 100) / 100:.2f}"


NAMES = {1: N_("powers of two"), 2: N_("Fibonacci numbers")}  # said in the template: _(line.name)


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    lines: list[Line]


def view(params: Params) -> View:
    return View(params, [Line(k, kmultiple.losing_numbers(params.upto, k), NAMES.get(k, ""))
                         for k in params.ks])


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view)


__all__ = ["WIDGET", "parse", "view"]
