"""Wythoff's game on the golden-ratio plot: P-positions, your position, its winning moves, and
the precision lab where the floating-point formula first goes wrong."""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games import wythoff
from grundy.widgets.params import BadParameter, int_param

NAME = "wythoff"
TITLE = "Wythoff's game and the golden ratio"
BLURB = (
    "The P-positions of Wythoff's game hug the lines y = φx and y = x/φ. Type a position to see"
    " whether it is P and every winning move; the lab shows where floating point gives out."
)
KEYS = ("a", "b", "span", "k")
DEFAULTS = {"a": "5", "b": "8", "span": "25", "k": ""}
MAX_DIGITS = 200
SMALL = 12  # the P/N board beside the plot


def _big(args: Mapping[str, str], name: str, label: str, default: str | None) -> int | None:
    raw = args.get(name, default or "").strip().replace("_", "")
    if raw == "":
        if default is not None and name in args:
            raise BadParameter(name, f"{label} is empty: give a whole number.")
        return None
    if not re.fullmatch(r"\d{1,%d}" % MAX_DIGITS, raw):
        raise BadParameter(name, f"{label} must be a whole number of at most {MAX_DIGITS} digits; got {raw[:40]!r}.")
    return int(raw)


@dataclass(frozen=True, slots=True)
class Params:
    a: int
    b: int
    span: int
    k: int | None

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"a": self.a, "b": self.b} | changes
        q = {"a": str(fields["a"]), "b": str(fields["b"]), "span": str(self.span)}
        if self.k is not None:
            q["k"] = str(self.k)
        return q


def parse(args: Mapping[str, str]) -> Params:
    a = _big(args, "a", "Pile a", DEFAULTS["a"])
    b = _big(args, "b", "Pile b", DEFAULTS["b"])
    assert a is not None and b is not None
    span = int_param(args, "span", lo=5, hi=200, default=25, label="The plot size")
    k = _big(args, "k", "k", None)
    return Params(a, b, span, k)


@dataclass(frozen=True, slots=True)
class Lab:
    k: int
    exact: int
    floating: int

    @property
    def wrong(self) -> bool:
        return self.exact != self.floating


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    is_p: bool
    moves: list[wythoff.WythoffMove]
    figure_json: str | None  # None when the position is too big to draw
    small: list[list[bool]]  # is_p for the small board
    first_failure: Lab
    lab: Lab | None
    nearest: tuple[int, int]  # the P-position with the same difference b − a

    def grouped(self, n: int) -> str:
        """Thousands separators for numbers a person reads; long ones shortened like shown()."""
        return f"{n:,}" if n < 10**30 else self.shown(n)

    def shown(self, n: int) -> str:
        text = str(n)
        return text if len(text) <= 40 else f"{text[:16]}…{text[-16:]} ({len(text)} digits)"


def _lab(k: int) -> Lab:
    return Lab(k, wythoff.a_k(k), wythoff.float_a_k(k) if k < 10**300 else -1)


def view(params: Params) -> View:
    from grundy.plots import wythoff_figure  # plotly is imported only when a plot is drawn

    a, b = params.a, params.b
    moves = wythoff.winning_moves(a, b)
    # A position a little beyond the chosen span still gets drawn: the plot grows to fit it.
    span = max(params.span, max(a, b) + 2) if max(a, b) <= 200 else params.span
    drawable = max(a, b) <= span
    figure = wythoff_figure(a, b, span, [m.after for m in moves]) if drawable else None
    return View(
        params=params,
        is_p=wythoff.is_p(a, b),
        moves=moves,
        figure_json=json.dumps(figure, separators=(",", ":")) if figure else None,
        small=[[wythoff.is_p(r, c) for c in range(SMALL + 1)] for r in range(SMALL + 1)],
        first_failure=_lab(wythoff.first_float_failure()),
        lab=_lab(params.k) if params.k is not None else None,
        nearest=wythoff.p_position(abs(b - a)),
    )


__all__ = ["parse", "view"]
