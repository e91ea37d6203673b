"""Coin turning (lesson 14): a row of coins to click. Each coin is a button that turns it over
(to set up a position); each head shows its value g(x), the row's value is their XOR, and the
winning moves are buttons that play them. A rule menu switches between Mock Turtles, Twins and
Ruler, whose single-head values the widget computes from the definition (the mex over the move
sets), so a student sees one theorem solve three games. Projected, it reveals in steps: the row
alone, each head's value, the XOR and the winning moves.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games import coins
from grundy.games.core import GameError, nim_sum
from grundy.i18n import N_, _
from grundy.widgets import spec
from grundy.widgets.base import Staged, Widget
from grundy.widgets.params import BadParameter, apply_overrides, hide_query

NAME = "coins"
TITLE = N_("Coin turning: a row is the XOR of its heads")
BLURB = N_(
    "A row of coins; a move turns over some coins, the rightmost from heads to tails. Each head is worth"
    " g(x), the row the XOR of its heads."
)
MAX_ROW = 32
# Each rule's words, as the engine writes them (coins.RULES; a test keeps them equal), marked for
# the catalogue: the menu's label, the move, and g(x) in words.
LABELS = {
    "mock-turtles": N_("Mock Turtles: turn over one, two or three coins"),
    "twins": N_("Twins: turn over exactly two coins"),
    "ruler": N_("Ruler: turn over a run of coins next to each other"),
}
SAYS = {
    "mock-turtles": N_("turn over one, two or three coins"),
    "twins": N_("turn over exactly two coins"),
    "ruler": N_("turn over a run of coins next to each other"),
}
FORMULAS = {
    "mock-turtles": N_("the x-th odious number: 2x if x has an odd number of 1s in binary, else 2x + 1"),
    "twins": N_("x: a head at x is a Nim heap of x"),
    "ruler": N_("the largest power of two dividing x + 1"),
}
ROW = spec.Param("row", "text", N_("The row"), default="THHTTHTH", max_items=MAX_ROW,
                 help=f"H for heads and T for tails, from position 0 on the left; up to {MAX_ROW} coins")
RULE = spec.Param("rule", "choice", N_("The rule"), default="mock-turtles", choices=tuple(coins.RULES),
                  labels=tuple(LABELS[key] for key in coins.RULES))
STAGES = (N_("the row alone"), N_("each head's value"), N_("the XOR and the winning moves"))
STEP = spec.step(len(STAGES) - 1, N_("The step (what is revealed)"),
                 help="0: the row alone, 1: each head's value, 2: the XOR and the moves")
PARAMS = (ROW, RULE, STEP, spec.HIDE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)
SHOWN_MOVES = 8


@dataclass(frozen=True, slots=True)
class Params:
    row: coins.Row
    rule: str
    step: int | None = None
    hide: bool = True

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"row": self.row, "rule": self.rule, "step": self.step, "hide": self.hide} | changes
        row = fields["row"]
        assert isinstance(row, tuple)
        q = {"row": coins.format_row(row), "rule": str(fields["rule"])}
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))

    def text(self, row: coins.Row | None = None) -> str:
        return coins.format_row(self.row if row is None else row)

    def flipped(self, x: int) -> str:
        """The row with coin x turned over (a click on the coin)."""
        return self.text(tuple(not c if i == x else c for i, c in enumerate(self.row)))


# A coin sends "flip" and a move "play" (the row after it): the row field holds the row before,
# and without JavaScript a form sends both, the field first.
OVERRIDES = {"flip": "row", "play": "row"}


def parse(args: Mapping[str, str]) -> Params:
    args = apply_overrides(args, OVERRIDES)
    raw = args.get("row", ROW.default).strip()
    if len(raw) > MAX_ROW:
        raise BadParameter("row", _("The row has at most %(most)s coins; got %(got)s characters.", most=MAX_ROW, got=len(raw)))
    try:
        row = coins.parse_row(raw)
    except GameError:
        raise BadParameter("row", _("Write the row with H for heads and T for tails, like THHTH.")) from None
    return Params(row, RULE.choice(args), STEP.optional_whole(args), spec.HIDE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """The same row and rule keep their step; a changed row starts again at the row alone."""
    return old.step or 0 if old.step is not None and (old.row, old.rule) == (new.row, new.rule) else 0


@dataclass(frozen=True, slots=True)
class Coin:
    x: int
    heads: bool
    g: int


@dataclass(frozen=True, slots=True)
class Move:
    coins: tuple[int, ...]
    after: str
    others: tuple[int, ...]  # the values g of the coins turned with the rightmost one
    needed: int  # what they must XOR to: g(rightmost) ⊕ the row's value


@dataclass(frozen=True, slots=True)
class View(Staged):
    params: Params
    rule: coins.Rule
    row: list[Coin]
    values: list[int]  # g(0..n−1), by the definition
    total: int
    winning: list[Move]
    stages: tuple[str, ...] = STAGES

    @property
    def heads(self) -> list[Coin]:
        return [c for c in self.row if c.heads]

    @property
    def outcome(self) -> str:
        return "N" if self.total else "P"

    @property
    def says(self) -> str:
        """The rule's move in words (English: the template says it with ``_``)."""
        return SAYS[self.rule.key]

    @property
    def formula(self) -> str:
        """g(x) in words (English: the template says it with ``_``)."""
        return FORMULAS[self.rule.key]



def view(params: Params) -> View:
    r = coins.rule(params.rule)
    g = coins.single_values(r, len(params.row))
    row = [Coin(x, h, g[x]) for x, h in enumerate(params.row)]
    total = nim_sum(c.g for c in row if c.heads)
    winning = [Move(t.coins, params.text(t.after), tuple(g[y] for y in t.coins[:-1]), g[t.coins[-1]] ^ total)
               for t in coins.winning_turns(r, params.row)[:SHOWN_MOVES]]
    return View(params, r, row, g, total, winning)


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, buttons=tuple(OVERRIDES),
                presentable=True)


__all__ = ["WIDGET", "parse", "view"]
