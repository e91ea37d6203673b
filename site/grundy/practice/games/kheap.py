"""Practice spec for k-multiple subtraction (lesson 13): one heap; the first move takes 1 to n − 1,
each later move at most k times the move before. Level 1 is k = 1 (binary), level 2 k = 2
(Fibonacci Nim), level 3 k = 3 to 5 with heaps in mid-game, their limit already set."""
from __future__ import annotations

import random
from typing import Any

from grundy.games import kmultiple
from grundy.games.core import GameError, Outcome
from grundy.games.family import Family
from grundy.practice.arena import Arena, Position
from grundy.practice.games.spec import GameSpec, bounded, draw_sum, sum_reason

MAX_K = 100
MAX_HEAP = 10_000  # typed or in a URL: every move from it is judged by the closed form
NAMES = {1: "binary: the powers of two", 2: "Zeckendorf: the Fibonacci numbers"}


def _reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return sum_reason(arena, position, reveal_move)
    n, cap = position[0]
    k = arena.family.rule()["k"]
    if n == 0:
        return "The heap is empty: the last stone is taken, and the player to move has lost."
    parts = kmultiple.decompose(n, int(k))
    most = min(n, cap)
    named = f" ({NAMES[int(k)]})" if int(k) in NAMES else ""
    head = (f"Write {n} in the losing numbers for k = {k}{named}: {n} = {' + '.join(map(str, parts))}, the smallest"
            f" part {parts[-1]}") if len(parts) > 1 else f"{n} is itself a losing number for k = {k}"
    if parts[-1] > most:
        return (f"{head}, which is more than the {most} the next move may take, so it is P: whatever you take,"
                f" what is left has a smallest part at most {k} times that, and your opponent takes it.")
    if not reveal_move:
        return f"{head}, at most the {most} the next move may take, so it is N."
    rest = " + ".join(map(str, parts[:-1])) or "nothing"
    return (f"{head}, at most the {most} the next move may take, so it is N: take {parts[-1]}. What is left ({rest})"
            f" has a smallest part more than {k} × {parts[-1]}, out of your opponent's reach.")


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
        raise GameError(f"a heap here holds at most {MAX_HEAP:,} stones; got {fam.format(c)}", "out-of-range",
                        most=MAX_HEAP)


def _rule_text(fam: Family[Any]) -> str:
    k = fam.rule()["k"]
    times = "as many as" if k == "1" else f"{k} times"
    return f"the first move takes 1 to n − 1 stones; each later move takes 1 to {times} the move before"


KHEAP = GameSpec(
    key="k-multiple", family="k-multiple", title="k-multiple subtraction (Fibonacci Nim)",
    lesson=("k-multiple", "every-k-the-losing-numbers"), move_lesson=("k-multiple", "why-the-smallest-part-wins"),
    draw=_draw, start="20", random_start=lambda r: str(r.randint(10, 45)), rule_text=_rule_text,
    reason=_reason, visual=_visual, noun=("heap", "heaps"), where="from the heap",
    ending="whoever takes the last stone wins",
    rule_keys={"k": bounded("k", 1, MAX_K)}, default_rule={"k": "2"}, rule_labels={"k": "k (each move at most k times the last)"},
    answer_hint="the stones left after your move, like 18", answer_hint_one="the stones left after your move, like 18",
    picture="kheap", check_component=_check,
    levels={1: "k = 1: binary", 2: "k = 2: Fibonacci Nim", 3: "k = 3 to 5, in mid-game"},
)

SPECS = (KHEAP,)
