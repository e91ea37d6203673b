"""Wythoff's game on the golden-ratio plot: P-positions, your position, its winning moves, and
the precision lab where the floating-point formula first goes wrong."""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from grundy.i18n import N_, _
from grundy.numerals import read_whole
from grundy.games import wythoff
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter, hide_query, refuse_negative, shown

NAME = "wythoff"
TITLE = N_("Wythoff's game and the golden ratio")
BLURB = N_(
    "The P-positions of Wythoff's game hug the lines y = φx and y = x/φ. Type a position to see"
    " whether it is P and every winning move; the lab shows where floating point gives out."
)
MAX_DIGITS = 200  # piles of 200 digits: every winning move is still exact and immediate
MAX_SPAN = 200  # the plot's side: 200 × 200 points with their arrows (~20 ms)
A = spec.Param("a", "text", N_("Pile a"), default="5", help=f"up to {MAX_DIGITS} digits")
B = spec.Param("b", "text", N_("Pile b"), default="8", help=f"up to {MAX_DIGITS} digits")
SPAN = spec.Param("span", "int", N_("The plot size"), default="25", lo=5, hi=MAX_SPAN)
K = spec.Param("k", "text", "k", help="the precision lab")
STEP = spec.step(MAX_SPAN, help="the P-positions up to `span` found so far, one k at a time")
PARAMS = (A, B, SPAN, K, STEP, spec.HIDE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)
SMALL = 12  # the P/N board beside the plot


def _big(args: Mapping[str, str], name: str, label: str, default: str | None) -> int | None:
    """A pile or the lab's k: any whole number up to MAX_DIGITS digits (``label`` is marked with
    N_ and said in the reader's language)."""
    raw = args.get(name, default or "").strip().replace("_", "")
    if raw == "":
        if default is not None and name in args:
            raise BadParameter(name, _("%(label)s is empty: give a whole number.", label=_(label)))
        return None
    value = read_whole(raw, max_digits=MAX_DIGITS)
    if value is None:
        refuse_negative(name, raw, label)
        raise BadParameter(name, _("%(label)s must be a whole number of at most %(most)s digits; got %(got)s.",
                                   label=_(label), most=MAX_DIGITS, got=shown(raw)))
    return value


@dataclass(frozen=True, slots=True)
class Params:
    a: int
    b: int
    span: int
    k: int | None
    step: int | None = None  # None: the position and its moves; s: the P-positions k < s, built in turn
    hide: bool = True  # while stepping, the pairs not reached yet stay hidden (else all shown, the step marked)

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"a": self.a, "b": self.b, "step": self.step, "hide": self.hide} | changes
        q = {"a": str(fields["a"]), "b": str(fields["b"]), "span": str(self.span)}
        if self.k is not None:
            q["k"] = str(self.k)
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))


def parse(args: Mapping[str, str]) -> Params:
    a = _big(args, A.name, A.label, A.default)
    b = _big(args, B.name, B.label, B.default)
    assert a is not None and b is not None
    span = SPAN.whole(args)
    k = _big(args, K.name, K.label, None)
    pairs = len(pairs_within(span))
    step = STEP.optional_whole(args, hi=pairs, label=_("The step (P-positions up to %(span)s shown)", span=span))
    return Params(a, b, span, k, step, spec.HIDE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """Where stepping goes on after a settings change (projected): the pairs are found in the
    same order whatever the plot size (and the piles a, b are not shown while stepping), so the
    step stays, at most every pair within the new plot."""
    if old.step is None:
        return 0
    return min(old.step, len(pairs_within(new.span)))


def pairs_within(span: int) -> list[wythoff.Pair]:
    """The P-positions (a_k, b_k), k = 0, 1, …, whose larger pile b_k is at most ``span``."""
    found: list[wythoff.Pair] = []
    while (pair := wythoff.p_position(len(found)))[1] <= span:
        found.append(pair)
    return found


def ranges(numbers: set[int], sep: str = ", ") -> str:
    """Numbers as runs, the way the lesson writes them: {0, 1, 2, 3, 5} → "0–3, 5" (the Chinese
    lesson lists them with ``sep`` "、": "0–3、5")."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return sep.join(str(lo) if lo == hi else f"{lo}{sep}{hi}" if hi == lo + 1 else f"{lo}–{hi}" for lo, hi in runs)


@dataclass(frozen=True, slots=True)
class PairStep:
    """One P-position as the construction finds it: a_k is the least number no earlier pair used."""

    k: int
    a: int
    b: int
    used: str  # the numbers used by the pairs before it, as runs ("" for k = 0)
    shown: bool
    current: bool


def _pair_steps(span: int, step: int, hide: bool) -> list[PairStep]:
    steps: list[PairStep] = []
    used: set[int] = set()
    sep = _(", ")  # the reader's list separator: "、" in Chinese
    for k, (a, b) in enumerate(pairs_within(span)):
        steps.append(PairStep(k, a, b, ranges(used, sep), k < step or not hide, k == step - 1))
        used |= {a, b}
    return steps


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
    figure_json: str | None  # the plot (None only where a stepping view draws none)
    on_plot: bool  # whether the position fits on the plot (piles up to MAX_SPAN)
    small: list[list[bool]]  # is_p for the small board
    first_failure: Lab
    lab: Lab | None
    nearest: tuple[int, int]  # the P-position with the same difference b − a
    pairs: list[PairStep]  # while stepping: every P-position within the plot, shown or not

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    @property
    def current(self) -> PairStep | None:
        return next((p for p in self.pairs if p.current), None)

    def grouped(self, n: int) -> str:
        """Thousands separators for numbers a person reads; long ones shortened like shown()."""
        return f"{n:,}" if n < 10**30 else self.shown(n)

    def fallback_svg(self, label: str) -> Markup:
        """The plot drawn on the server (SVG), for a page read without JavaScript (wythoff_svg)."""
        from grundy.widgets.wythoff_svg import plot_svg

        p = self.params
        if self.stepping:
            current = self.current
            return plot_svg(p.span, [(s.a, s.b) for s in self.pairs if s.shown],
                            current=(current.a, current.b) if current else None, label=label)
        span = max(p.span, max(p.a, p.b) + 2) if self.on_plot else p.span  # as _figure draws it
        return plot_svg(span, pairs_within(span), here=(p.a, p.b) if self.on_plot else None,
                        moves=[m.after for m in self.moves], label=label)

    def shown(self, n: int) -> str:
        text = str(n)
        if len(text) <= 40:
            return text
        return str(_("%(head)s…%(tail)s (%(count)s digits)", head=text[:16], tail=text[-16:], count=len(text)))


def _first_failure() -> Lab:
    k = wythoff.first_float_failure()
    assert k is not None, "the double formula fails below 10^15 (F40 = 102334155; lesson 5)"
    return _lab(k)


def _lab(k: int) -> Lab:
    return Lab(k, wythoff.a_k(k), wythoff.float_a_k(k) if k < 10**300 else -1)


def _figure(params: Params, moves: list[wythoff.WythoffMove], pairs: list[PairStep]) -> dict[str, Any] | None:
    """The plot: the learner's position and its moves, or, while stepping, the pairs found so far."""
    from grundy.plots import wythoff_figure, wythoff_steps_figure  # plotly is imported only to draw

    a, b = params.a, params.b
    if params.step is not None:
        shown = [(p.a, p.b) for p in pairs if p.shown]
        current = next((i for i, p in enumerate(pairs) if p.current), None)
        # The golden lines would give the pattern away while the class is still guessing.
        lines = not params.hide or params.step == len(pairs)
        return wythoff_steps_figure(params.span, shown, current, lines=lines)
    # A position a little beyond the chosen span still gets drawn: the plot grows to fit it. One
    # beyond MAX_SPAN leaves the plot as it is (the pattern stays in view) with no star on it.
    span = max(params.span, max(a, b) + 2) if max(a, b) <= MAX_SPAN else params.span
    return wythoff_figure(a, b, span, [m.after for m in moves])


def view(params: Params) -> View:
    a, b = params.a, params.b
    moves = wythoff.winning_moves(a, b)
    pairs = _pair_steps(params.span, params.step, params.hide) if params.step is not None else []
    figure = _figure(params, moves, pairs)
    return View(
        params=params,
        is_p=wythoff.is_p(a, b),
        moves=moves,
        figure_json=json.dumps(figure, separators=(",", ":")) if figure else None,
        on_plot=max(a, b) <= MAX_SPAN,
        small=[[wythoff.is_p(r, c) for c in range(SMALL + 1)] for r in range(SMALL + 1)],
        first_failure=_first_failure(),
        lab=_lab(params.k) if params.k is not None else None,
        nearest=wythoff.p_position(abs(b - a)),
        pairs=pairs,
    )

WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, presentable=True, draws_figure=True)


__all__ = ["WIDGET", "parse", "resume_step", "view"]
