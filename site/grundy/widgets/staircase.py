"""Staircase Nim (lesson 12): coins on steps 1..n; a move slides any number of coins from one
step to the step below (from step 1, off the staircase). The staircase is drawn on the server
with the odd steps marked: they are the Nim heaps, and the position is P exactly when their XOR
is 0. The winning moves are listed (a Nim move down from an odd step, or the rare move from an
even step that fills the odd step below to the right size), each a button that plays it; so is
moving the whole of each even step down, so a student can test "a move from an even step
changes nothing" by playing one and seeing the winning reply carry the same coins on down.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games import staircase
from grundy.games.core import nim_sum
from grundy.i18n import N_, _
from grundy.widgets import spec
from grundy.widgets.base import Staged, Widget
from grundy.widgets.params import BadParameter, apply_overrides, hide_query
from grundy.words import describe

NAME = "staircase"
TITLE = N_("Staircase Nim: only the odd steps count")
BLURB = N_(
    "Coins on a staircase; a move slides coins from one step to the step below, and from step 1"
    " off the staircase. The odd steps are the Nim heaps: their XOR decides."
)
MAX_STEPS = 12
MAX_COINS = 99  # coins on one step: each is drawn, up to a column's height, and counted
COINS = spec.Param("coins", "int-list", N_("Coins on steps 1, 2, 3, …"), default="3,5,4,2,6", lo=0, hi=MAX_COINS,
                   max_items=MAX_STEPS, help="the coins on each step from the bottom, e.g. `3,5,4,2,6`")
STAGES = (N_("the staircase alone"), N_("the odd steps and their XOR"), N_("the winning moves"))
STEP = spec.step(len(STAGES) - 1, N_("The step (what is revealed)"),
                 help="0: the staircase alone, 1: the odd steps' XOR, 2: the moves")
BEFORE = spec.Param("before", "int-list", N_("The staircase before the move just played"), lo=0, hi=MAX_COINS,
                    max_items=MAX_STEPS, help="kept by the form after a move, so the reply that carries the coins on is marked")
PARAMS = (COINS, STEP, spec.HIDE, BEFORE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)


@dataclass(frozen=True, slots=True)
class Params:
    coins: tuple[int, ...]
    step: int | None = None  # None: everything shown; 0, 1, 2: revealed up to STAGES[step]
    hide: bool = True  # while stepping, what the step has not reached is not shown
    before: tuple[int, ...] | None = None  # the coins before the move just played (a move button's request)

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"coins": self.coins, "step": self.step, "hide": self.hide} | changes
        coins = fields["coins"]
        assert isinstance(coins, tuple)
        q = {"coins": ",".join(map(str, coins))}
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))

    def text(self, coins: tuple[int, ...] | None = None) -> str:
        return ",".join(map(str, self.coins if coins is None else coins))


# A move button sends "play" (the coins after it): the coins field holds the coins before it,
# and without JavaScript a form sends both, the field first.
OVERRIDES = {"play": "coins"}


def parse(args: Mapping[str, str]) -> Params:
    # A move button sends the coins after it as "play", while the coins field still holds the
    # staircase it was played on; later requests (Next, Show all) carry that one as "before".
    before = None
    if "play" in args and args.get("coins", "").strip():
        try:
            before = tuple(COINS.int_list(args))
        except BadParameter:
            before = None  # the field typed over since: the move is shown without its reply
    elif args.get("before", "").strip():
        before = tuple(BEFORE.int_list(args))
    args = apply_overrides(args, OVERRIDES)
    coins = tuple(COINS.int_list(args))
    if not coins:
        raise BadParameter("coins", _("A staircase has at least one step."))
    return Params(coins, STEP.optional_whole(args), spec.HIDE.flag(args), before)


def resume_step(old: Params, new: Params) -> int:
    """The same staircase keeps its step; another one (a move played, coins typed) starts at
    the staircase alone, so the class can guess again."""
    return old.step or 0 if old.step is not None and old.coins == new.coins else 0


@dataclass(frozen=True, slots=True)
class Step:
    number: int  # 1 = the bottom step
    coins: int
    odd: bool


@dataclass(frozen=True, slots=True)
class Move:
    words: str
    after: tuple[int, ...]
    from_odd: bool  # a Nim move down from an odd step (else from an even step onto an odd one)


@dataclass(frozen=True, slots=True)
class View(Staged):
    params: Params
    steps: list[Step]
    odd_values: list[int]  # the coins on steps 1, 3, 5, …
    total: int  # their XOR
    winning: list[Move]
    even_moves: list[Move]  # a few moves from even steps: the ones the opponent can undo
    carry: Move | None = None  # after a move from an even step off a P-position: the reply that undoes it
    carried: int = 0  # the coins that move slid down (and the reply carries on)

    stages: tuple[str, ...] = STAGES


    @property
    def outcome(self) -> str:
        return "N" if self.total else "P"

    @property
    def over(self) -> bool:
        return not any(self.params.coins)


def view(params: Params) -> View:
    coins = params.coins
    steps = [Step(i + 1, c, i % 2 == 0) for i, c in enumerate(coins)]
    odd_values = list(coins[0::2])
    winning = [Move(describe(m.action), m.position, (m.action.args[1] % 2) == 1)
               for m in staircase.moves_to_value(coins, 0)]
    even = []
    for i in range(1, len(coins), 2):  # the whole pile of each even step, moved down one step
        if coins[i]:
            m = next(m for m in staircase.StaircaseGame().options(coins)
                     if m.action.args[1] == i + 1 and m.action.args[0] == coins[i])
            even.append(Move(describe(m.action), m.position, False))
    carried = _even_move(params.before, coins)
    carry = None
    if carried is not None and params.before is not None and nim_sum(params.before[0::2]) == 0:
        step, count = carried  # the reply slides the same coins from the odd step below on down
        m = next(m for m in staircase.StaircaseGame().options(coins) if m.action.args[:2] == (count, step - 1))
        carry = Move(describe(m.action), m.position, True)
    return View(params, steps, odd_values, nim_sum(odd_values), winning, even, carry, carried[1] if carry and carried else 0)


def _even_move(before: tuple[int, ...] | None, coins: tuple[int, ...]) -> tuple[int, int] | None:
    """The move from ``before`` to ``coins`` as (its step, the coins it slid down), when it is one
    move from an even step; None otherwise (no move known, or another kind of change)."""
    if before is None or len(before) != len(coins):
        return None
    changed = [i for i, (a, b) in enumerate(zip(before, coins)) if a != b]
    if len(changed) != 2 or changed[1] != changed[0] + 1 or changed[1] % 2 == 0:
        return None  # index 1, 3, 5, … is step 2, 4, 6, …: even
    below, step = changed
    count = before[step] - coins[step]
    return (step + 1, count) if count > 0 and coins[below] - before[below] == count else None


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, buttons=tuple(OVERRIDES),
                presentable=True)


__all__ = ["WIDGET", "parse", "view"]
