"""Practice spec for staircase Nim (lesson 12): coins slide one step down; the odd steps decide."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from grundy.games.core import GameError, Outcome, nim_sum
from grundy.games.family import Family
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, PlayMove, Position
from grundy.practice.games.spec import GameSpec, component_bound, draw_sum, sum_reason

MAX_COINS = 99  # on one step, typed or drawn (the staircase widget's bound)
MAX_STEPS = 12


def _reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return sum_reason(arena, position, reveal_move)
    coins = position[0]
    odd = list(coins[0::2])
    total = nim_sum(odd)
    words = {"xor": " ⊕ ".join(map(str, odd)), "total": total}
    if total == 0:
        return str(_("Only the odd steps count: %(xor)s = %(total)s, so it is P: every move changes one odd step (a move"
                     " from an even step raises the odd step below it, and the reply carries the same coins on down).",
                     **words))
    if not reveal_move:
        return str(_("Only the odd steps count: %(xor)s = %(total)s, not 0, so it is N: some move makes the odd steps XOR"
                     " to 0.", **words))
    return str(_("Only the odd steps count: %(xor)s = %(total)s, not 0, so it is N: slide coins so that the odd steps XOR"
                 " to 0, as in Nim.", **words))


def _changed(old: Position, new: Position) -> tuple[Any, Any] | None:
    """The one staircase a move changed, as it was and as it is, or None."""
    gone, came = Counter(old) - Counter(new), Counter(new) - Counter(old)
    if sum(gone.values()) != 1 or sum(came.values()) != 1:
        return None
    return next(iter(gone)), next(iter(came))


def _carry_note(_arena: Arena, before: Position, move: PlayMove, earlier: Position | None) -> str | None:
    """What the computer says when it undid the learner's move from an even step, as lesson 12
    teaches: the same coins carried one step further, the odd steps back as they were."""
    if earlier is None:
        return None
    learner, computer = _changed(earlier, before), _changed(before, move.after)
    if learner is None or computer is None or learner[1] != computer[0] or len(learner[0]) != len(computer[1]):
        return None
    was, now = learner[0], computer[1]
    slid = [i for i in range(1, len(was), 2) if learner[1][i] < was[i]]  # the learner's move left an even step
    if len(slid) != 1 or now[0::2] != was[0::2]:
        return None
    count = was[slid[0]] - learner[1][slid[0]]
    if count == 1:
        return str(_("It carried your coin one step further: the odd steps are as they were."))
    return str(_("It carried your %(count)s coins one step further: the odd steps are as they were.", count=count))


def _draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    steps, hi = {1: (3, 5), 2: (6, 40), 3: (3, 4)}[level]
    count = 1 if level < 3 else 2
    return {}, draw_sum(STAIRCASE.arena(), rng, target, count,
                        lambda r: tuple(r.randint(0, hi) for _ in range(r.randint(steps - 1, steps))))


def _visual(_arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1 or len(position[0]) > MAX_STEPS:
        return None
    return "staircase", {"coins": ",".join(map(str, position[0]))}


_coins = component_bound(N_("the coins on a step"), MAX_COINS)


def _check(fam: Family[Any], c: tuple[int, ...]) -> None:
    if len(c) > MAX_STEPS:
        raise GameError(_("a staircase has at most %(most)s steps here; got %(got)s", most=MAX_STEPS, got=len(c)),
                        "out-of-range", most=MAX_STEPS)
    _coins(fam, c)

STAIRCASE = GameSpec(
    move_cost=2,  # measured (bench/worst.py): its moves cost 2× a Nim move's to make
    key="staircase", family="staircase", lesson=("staircase", "the-rule"),
    move_lesson=("staircase", "the-rule"), draw=_draw, start="1,2,2",
    random_start=lambda r: ",".join(str(r.randint(0, 3)) for _ in range(r.randint(3, 4))),
    rule_text=lambda f: str(_("slide any number of coins from one step to the step below (from step 1, off the"
                              " staircase)")),
    reason=_reason, visual=_visual, noun=(N_("staircase"), N_("staircases")), where=N_("on staircase {}"),
    answer_hint=N_("each staircase's coins from the bottom step up, like 2,5,4"),
    answer_hint_one=N_("the coins on each step from the bottom, like 2,5,4"),
    picture="stairs", check_component=_check, always_sums=False, taught_note=_carry_note,
)

SPECS = (STAIRCASE,)
