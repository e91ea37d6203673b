"""Practice spec for k-multiple subtraction (lesson 13): one heap; the first move takes 1 to n − 1,
each later move at most k times the move before. Level 1 is k = 1 (binary), level 2 k = 2
(Fibonacci Nim), level 3 k = 3 to 5 with heaps in mid-game, their limit already set."""
from __future__ import annotations

import random
from typing import Any

from grundy.games import kmultiple
from grundy.games.core import GameError, Outcome
from grundy.games.family import Family
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, Position
from grundy.practice.games.spec import GameSpec, bounded, draw_sum, sum_reason

MAX_K = 100
MAX_HEAP = 10_000  # typed or in a URL: every move from it is judged by the closed form
NAMES = {1: N_("binary: the powers of two"), 2: N_("Zeckendorf: the Fibonacci numbers")}


def _reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return sum_reason(arena, position, reveal_move)
    n, cap = position[0]
    k = arena.family.rule()["k"]
    if n == 0:
        return str(_("The heap is empty: the last stone is taken, and the player to move has lost."))
    parts = kmultiple.decompose(n, int(k))
    most = min(n, cap)
    # The head of the reason, a clause the three endings below continue.
    words = {"n": n, "k": k, "sum": " + ".join(map(str, parts)), "last": parts[-1], "most": most,
             "rest": " + ".join(map(str, parts[:-1]))}
    if len(parts) == 1:
        head = str(_("%(n)s is itself a losing number for k = %(k)s", **words))
    elif int(k) in NAMES:
        head = str(_("Write %(n)s in the losing numbers for k = %(k)s (%(numbers)s): %(n)s = %(sum)s, the smallest part"
                     " %(last)s", numbers=_(NAMES[int(k)]), **words))
    else:
        head = str(_("Write %(n)s in the losing numbers for k = %(k)s: %(n)s = %(sum)s, the smallest part %(last)s",
                     **words))
    if parts[-1] > most:
        return str(_("%(head)s, which is more than the %(most)s the next move may take, so it is P: whatever you take,"
                     " what is left has a smallest part at most %(k)s times that, and your opponent takes it.",
                     head=head, **words))
    if not reveal_move:
        return str(_("%(head)s, at most the %(most)s the next move may take, so it is N.", head=head, **words))
    if len(parts) == 1:
        return str(_("%(head)s, at most the %(most)s the next move may take, so it is N: take %(last)s. What is left"
                     " (nothing) has a smallest part more than %(k)s × %(last)s, out of your opponent's reach.",
                     head=head, **words))
    return str(_("%(head)s, at most the %(most)s the next move may take, so it is N: take %(last)s. What is left"
                 " (%(rest)s) has a smallest part more than %(k)s × %(last)s, out of your opponent's reach.",
                 head=head, **words))


LEVELS = {1: ((1,), 128), 2: ((2,), 150), 3: ((3, 4, 5), 200)}


def _draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    ks, hi = LEVELS[level]
    k = rng.choice(ks)
    rule = {"k": str(k)}

    def sample(r: random.Random) -> tuple[int, int]:
        n = r.randint(2, hi)
        if level < 3 or r.random() < 0.5:
            return kmultiple.start(n)
        return n, r.randint(1, n - 1)  # mid-game: an earlier move set the limit

    return rule, draw_sum(KHEAP.arena(rule), rng, target, 1, sample)


def _visual(arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1 or position[0][0] == 0:
        return None
    n, cap = position[0]
    query = {"n": str(n), "k": arena.family.rule()["k"]}
    if (n, cap) != kmultiple.start(n):
        query["cap"] = str(cap)
    return "k-multiple", query


def _check(fam: Family[Any], c: tuple[int, int]) -> None:
    if c[0] > MAX_HEAP or c[1] > MAX_K * MAX_HEAP:
        raise GameError(_("a heap here holds at most %(most)s stones; got %(got)s", most=f"{MAX_HEAP:,}",
                          got=fam.format(c)), "out-of-range", most=MAX_HEAP)


def _rule_text(fam: Family[Any]) -> str:
    k = fam.rule()["k"]
    if k == "1":
        return str(_("the first move takes 1 to n − 1 stones; each later move takes 1 to as many as the move before"))
    return str(_("the first move takes 1 to n − 1 stones; each later move takes 1 to %(k)s times the move before", k=k))


KHEAP = GameSpec(
    key="k-multiple", family="k-multiple", title=N_("k-multiple subtraction (k = 2: Fibonacci Nim)"),
    lesson=("k-multiple", "every-k-the-losing-numbers"), move_lesson=("k-multiple", "why-the-smallest-part-wins"),
    draw=_draw, start="20", random_start=lambda r: str(r.randint(10, 45)), rule_text=_rule_text,
    reason=_reason, visual=_visual, noun=(N_("heap"), N_("heaps")), where=N_("from the heap"),
    ending=N_("whoever takes the last stone wins"),
    rule_keys={"k": bounded(N_("k"), 1, MAX_K)}, default_rule={"k": "2"},
    rule_labels={"k": N_("k (each move at most k times the last)")},
    answer_hint=N_("the stones left after your move, like 18"), answer_hint_one=N_("the stones left after your move, like 18"),
    picture="kheap", check_component=_check,
    levels={1: N_("k = 1: binary"), 2: N_("k = 2: Fibonacci Nim"), 3: N_("k = 3 to 5, in mid-game")},
)

SPECS = (KHEAP,)
