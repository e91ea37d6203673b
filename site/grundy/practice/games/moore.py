"""Practice spec for Moore's Nim_k (the last section of lesson 4): a move takes from 1 to k
heaps at once, and the binary columns decide: P exactly when each column's count of 1s is a
multiple of k + 1. One game, not a sum, so no level is a sum of several."""
from __future__ import annotations

import random
from typing import Any

from grundy.games import moore
from grundy.games.core import GameError, Outcome
from grundy.games.family import Family
from grundy.games.moore import MooreFamily
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, Position
from grundy.practice.games import spec as g
from grundy.practice.games.heaps import listed

MAX_HEAP = 31  # five binary columns: a position a learner works out by hand
MAX_HEAPS = 6
MAX_K = 4
LESSON = ("nim", "moores-nim-up-to-k-heaps-at-once")
# (heaps, binary columns, k) a level draws: small enough to write out in binary, and every
# position's moves few enough to list and check (at most ~4,000, level 3)
LEVEL_DRAWS = {1: (4, 3, 2), 2: (5, 4, 2), 3: (5, 3, 3)}


def _reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    heaps: tuple[int, ...] = position[0]
    k = int(arena.family.rule()["k"])
    width = max(1, max(h.bit_length() for h in heaps))
    counts = moore.column_counts(heaps) or [0]
    words = {
        "binary": listed(f"{h} = {h:0{width}b}" for h in heaps),
        "columns": listed(_("%(power)ss", power=1 << e) for e in range(width - 1, -1, -1)),
        "counts": listed(counts), "k": k, "m": k + 1,
    }
    off = next((i for i, c in enumerate(counts) if c % (k + 1)), None)
    if off is None:
        return str(_("In binary %(binary)s; the 1s per column (%(columns)s): %(counts)s. Every count is a multiple of"
                     " k + 1 = %(m)s, so the position is P (Moore's theorem): a move lowers 1 to %(k)s heaps, and the"
                     " highest column it changes loses 1 to %(k)s ones, which leaves no multiple of %(m)s.", **words))
    words |= {"column": _("%(power)ss", power=1 << (width - 1 - off)), "count": counts[off]}
    if not reveal_move:
        return str(_("In binary %(binary)s; the 1s per column (%(columns)s): %(counts)s. The %(column)s column holds"
                     " %(count)s, not a multiple of k + 1 = %(m)s, so the position is N (Moore's theorem): a move on at"
                     " most %(k)s heaps can make every column a multiple of %(m)s.", **words))
    after = arena.family.format(moore.winning_moves(heaps, k)[0])
    return str(_("In binary %(binary)s; the 1s per column (%(columns)s): %(counts)s. The %(column)s column holds"
                 " %(count)s, not a multiple of k + 1 = %(m)s, so the position is N (Moore's theorem): a move on at most"
                 " %(k)s heaps can make every column a multiple of %(m)s, such as the move to %(after)s.", after=after,
                 **words))


def _p_position(rng: random.Random, count: int, width: int, k: int) -> tuple[int, ...]:
    """A P-position built column by column: each column gets a multiple of k + 1 ones, in
    heaps chosen at random (drawn again while a heap is left empty)."""
    heaps = [0] * count
    for _try in range(200):
        heaps = [0] * count
        for e in range(width):
            for i in rng.sample(range(count), rng.choice(range(0, count + 1, k + 1))):
                heaps[i] |= 1 << e
        if all(heaps):
            break
    return tuple(heaps)


def _draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    count, width, k = LEVEL_DRAWS[level]
    if target == "P":
        return {"k": str(k)}, (_p_position(rng, count, width, k),)
    while True:  # most positions are N: a few draws find one
        heaps = tuple(rng.randint(1, (1 << width) - 1) for _ in range(count))
        if moore.outcome(heaps, k) == "N":
            return {"k": str(k)}, (heaps,)


def _random_start(rng: random.Random) -> str:
    arena = MOORE.arena()
    while True:  # four heaps the computer can search: an N-position it will play
        position = (tuple(rng.randint(1, 5) for _ in range(4)),)
        if arena.outcome(position) == "N" and arena.unplayable(position) is None:
            return arena.format(position)


def _check(_fam: Family[Any], c: tuple[int, ...]) -> None:
    if len(c) > MAX_HEAPS:
        raise GameError(_("at most %(most)s %(nouns)s; got %(got)s", most=MAX_HEAPS, nouns=_("heaps"), got=len(c)),
                        "too-many", most=MAX_HEAPS)
    for h in c:
        if h > MAX_HEAP:
            raise GameError(_("%(noun)s must be from 0 to %(most)s; got %(got)s", noun=_(N_("a heap")), most=MAX_HEAP, got=h),
                            "above-practice-bound", most=MAX_HEAP)


MOORE = g.GameSpec(
    move_cost=2,  # measured (bench/worst.py): its moves cost 2× a Nim move's to make
    family=MooreFamily.key, lesson=LESSON, move_lesson=LESSON, draw=_draw, start="1,2,4,6",
    random_start=_random_start,
    rule_text=lambda f: str(_("take any number of coins from each of 1 to %(k)s heaps (at least one coin in all)",
                              k=f.rule()["k"])),
    reason=_reason, check_component=_check, visual_shows_move=False,
    rule_keys={"k": g.bounded(N_("k (a move takes from 1 to k heaps)"), 1, MAX_K)}, default_rule={"k": "2"},
    rule_labels={"k": N_("k (a move takes from 1 to k heaps)")},
    answer_hint=N_("the heaps after your move, like 3,3,3"), answer_hint_one=N_("the heaps after your move, like 3,3,3"),
    levels={1: N_("Four heaps below 8, k = 2"), 2: N_("Five heaps below 16, k = 2"), 3: N_("Five heaps below 8, k = 3")},
)

SPECS = (MOORE,)
