"""Practice specs for heaps of coins: Bash's game, a subtraction game, Nim and misère Nim."""
from __future__ import annotations

import random
from typing import Any

from grundy.games import takeaway
from grundy.games.core import GameError, Outcome, nim_sum
from grundy.games.family import Family
from grundy.practice.games import spec as g
from grundy.practice.arena import Arena, Position

MAX_HEAP = 10**6  # the largest heap a learner types: quiz level 2 draws subtraction heaps this large
BASH_MAX_M = 20  # play searches every line: m = 20 from a heap of 749 is ~22 ms (bench)
SET_MAX_AMOUNT = 20  # a practice set is small enough to think about: at most 6 amounts up to 20
SET_MAX_SIZE = 6
SUBTRACTION_SETS = ((1, 3, 4), (1, 2), (2, 3), (1, 4), (1, 3), (2, 5), (1, 2, 4), (3, 4, 5))
_heap = g.component_bound("a heap", MAX_HEAP)


def _practice_set(raw: str) -> str:
    items = raw.split(",")
    if len(items) > SET_MAX_SIZE:
        raise GameError(f"S holds at most {SET_MAX_SIZE} amounts", "set-too-large", most=SET_MAX_SIZE)
    check = g.bounded("an amount in S", 1, SET_MAX_AMOUNT)
    return ",".join(str(a) for a in sorted({int(check(a)) for a in items}))


def _table_visual(rule: dict[str, str], c: int, m: int | None) -> tuple[str, dict[str, str]]:
    if c <= 300:
        return "pn-table", rule | {"upto": str(max(c, 12))}
    if m is None:
        return "period", {"set": rule["set"], "n": str(c), "upto": "40"}
    return "pn-table", rule | {"upto": str(min(300, 3 * m + 2))}


# ---------------------------------------------------------------- Bash


def _bash_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    c, m = position[0], int(arena.family.rule()["m"])
    k, r = divmod(c, m + 1)
    if c == 0:
        return "The heap is empty: the player to move cannot take anything and has lost (P)."
    if r == 0:
        return (f"{c} = {k} × {m + 1}, a multiple of m + 1 = {m + 1}, so it is P: whatever you take"
                f" (1 to {m}), the opponent takes the rest of {m + 1} and keeps the heap a multiple.")
    if not reveal_move:
        return f"{c} mod {m + 1} = {r}, not 0, so it is N: some move leaves a multiple of {m + 1}."
    return f"{c} mod {m + 1} = {r}, not 0, so it is N: take {r} to leave {c - r}, a multiple of {m + 1}."


def _bash_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    rule = {"m": str(rng.randint(*{1: (2, 5), 2: (3, 12), 3: (2, 6)}[level]))}
    arena = BASH.arena(rule)
    hi = {1: 24, 2: 99_999, 3: 30}[level]
    lo = 100 if level == 2 else 1
    count = 1 if level < 3 else rng.randint(2, 3)
    return rule, g.draw_sum(arena, rng, target, count, lambda r: r.randint(lo, hi))


def _bash_visual(arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1:
        return None
    m = arena.family.rule()["m"]
    return _table_visual({"rule": "bash", "m": m}, position[0], int(m))


BASH = g.GameSpec(
    key="bash", family="bash", title="Bash's game", lesson=("bash-game", "the-key-fact"),
    move_lesson=("bash-game", "the-winning-strategy"), also_in=("impartial-games",), draw=_bash_draw, start="15",
    random_start=lambda r: str(r.randint(8, 40)),
    rule_text=lambda f: f"take 1 to {f.rule()['m']} coins from one heap",
    reason=_bash_reason, visual=_bash_visual, answer_hint_one="the heap that is left",
    rule_keys={"m": g.bounded("m (take 1 to m)", 1, BASH_MAX_M)}, default_rule={"m": "3"},
    rule_labels={"m": "m (take 1 to m)"},
    check_component=_heap,
)


# ---------------------------------------------------------------- subtraction games


def _set_text(fam: Family[Any]) -> str:
    return ", ".join(fam.rule()["set"].split(","))


def _subtraction_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    c = position[0]
    rule = takeaway.parse_rule(arena.family.rule()["set"])
    value = arena.family.sg(c)
    verdict = "P: no move reaches a position of SG 0" if value == 0 else "N: some move reaches a position of SG 0"
    p = takeaway.period(rule)
    if p is None or c < p.preperiod + p.length:
        return f"SG({c}) = {value}, so {c} is {verdict}."
    first = ", ".join(str(takeaway.grundy(rule, n)) for n in range(p.preperiod, p.preperiod + p.length))
    start = f" from n = {p.preperiod}" if p.preperiod else ""
    return (f"The SG values repeat every {p.length}{start} ({first}, then again), so SG({c}) = SG({p.fold(c)})"
            f" = {value}, and {c} is {verdict}.")


def _subtraction_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    rule = {"set": ",".join(map(str, rng.choice(SUBTRACTION_SETS)))}
    arena = SUBTRACTION.arena(rule)
    lo, hi = {1: (1, 20), 2: (1_000, 10**6), 3: (1, 30)}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    return rule, g.draw_sum(arena, rng, target, count, lambda r: r.randint(lo, hi))


def _subtraction_visual(arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1:
        return None
    return _table_visual({"rule": "set", "set": arena.family.rule()["set"]}, position[0], None)


SUBTRACTION = g.GameSpec(
    key="subtraction", family="subtraction", title="A subtraction game",
    lesson=("mex-and-sg", "worked-example-take-1-3-or-4"), draw=_subtraction_draw, start="12,9",
    random_start=lambda r: str(r.randint(5, 30)),
    rule_text=lambda f: f"take s coins from one heap, where s is in S = {{{_set_text(f)}}}",
    reason=_subtraction_reason, visual=_subtraction_visual,
    rule_keys={"set": _practice_set}, default_rule={"set": "1,3,4"}, check_component=_heap,
    rule_labels={"set": "The set S"}, answer_hint_one="the heap that is left",
)


# ---------------------------------------------------------------- HDU 1847: take a power of two


def _powers_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    c = position[0]
    if c % 3 == 0:
        return (f"{c} mod 3 = 0, so it is P: a power of two is never a multiple of 3, so every move leaves"
                f" a heap that is not one, and the opponent takes 1 or 2 to make it a multiple of 3 again.")
    if not reveal_move:
        return f"{c} mod 3 = {c % 3}, not 0, so it is N: some move leaves a multiple of 3."
    return f"{c} mod 3 = {c % 3}, not 0, so it is N: take {c % 3} (a power of two) to leave {c - c % 3}, a multiple of 3."


def _powers_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    lo, hi = {1: (1, 20), 2: (1_000, 10**6), 3: (1, 30)}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    return {}, g.draw_sum(POWERS.arena(), rng, target, count, lambda r: r.randint(lo, hi))


POWERS = g.GameSpec(
    key="powers-of-two", family="subtraction", title="Take a power of two (HDU 1847)",
    lesson=("p-and-n-positions", "hdu-1847-good-luck-in-cet-4-everybody"), draw=_powers_draw, start="10",
    random_start=lambda r: str(r.randint(5, 30)),
    rule_text=lambda f: "take 1, 2, 4, 8, … coins (a power of two) from one heap",
    reason=_powers_reason, visual=lambda _a, p: None if len(p) > 1 else (
        "pn-table", {"rule": "powers-of-two", "upto": str(p[0] if 12 <= p[0] <= 300 else 12 if p[0] < 12 else 30)}),
    fixed_rule={"set": "powers-of-two"}, check_component=_heap, answer_hint_one="the heap that is left",
)


# ---------------------------------------------------------------- Nim and misère Nim


def _nim_reason(_arena: Arena, position: Position, _reveal_move: bool) -> str:
    total = nim_sum(position)
    xor = " ⊕ ".join(map(str, position))
    if total == 0:
        return f"{xor} = 0, so the position is P (Bouton's theorem): every move makes the XOR non-zero."
    top = 1 << (total.bit_length() - 1)
    return (f"{xor} = {total}, not 0, so the position is N. Its highest 1 is the {top}s column; a heap with a 1"
            f" there shrinks to heap ⊕ {total}, and the XOR becomes 0.")


def _nim_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    count = {1: rng.randint(2, 3), 2: rng.randint(3, 4), 3: rng.randint(4, 6)}[level]
    hi = {1: 7, 2: 63, 3: 1000}[level]
    return {}, g.draw_sum(NIM.arena(), rng, target, count, lambda r: r.randint(1, hi))


def _heaps_start(r: random.Random, lo: int, hi: int) -> str:
    return ",".join(str(r.randint(lo, hi)) for _ in range(r.randint(3, 4)))


NIM = g.GameSpec(
    key="nim", always_sums=True, family="nim", title="Nim", lesson=("nim", "the-theorem"), move_lesson=("nim", "finding-the-winning-move"),
    draw=_nim_draw, start="3,4,5", random_start=lambda r: _heaps_start(r, 1, 12),
    rule_text=lambda f: "take any number of coins (at least one) from one heap",
    reason=_nim_reason, visual=lambda a, p: ("xor-columns", {"heaps": a.format(p)}), check_component=_heap,
    answer_hint_one="the heap that is left",
    sum_is_plain=False,
)


def _misere_reason(_arena: Arena, position: Position, _reveal_move: bool) -> str:
    heaps = list(position)
    total = nim_sum(heaps)
    if not any(heaps):
        return ("No coins are left: the other player took the last one and lost, so the player to move"
                " has already won (misère play turns the usual rule round).")
    if all(h <= 1 for h in heaps):
        ones = heaps.count(1)
        return (f"Every heap is 0 or 1, so the players just take turns removing the {ones} one{'s' if ones != 1 else ''};"
                f" the player to move takes the last coin, and loses, exactly when that number is odd."
                f" {ones} is {'odd' if ones % 2 else 'even'}, so the position is {'P' if ones % 2 else 'N'}.")
    xor = " ⊕ ".join(map(str, heaps))
    return (f"Some heap is bigger than 1, so misère Nim is won like ordinary Nim (HDU 1907): {xor} = {total},"
            f" {'so the position is P' if total == 0 else 'not 0, so the position is N'}. (The winner"
            f" switches to the misère rule only when the last big heap goes: then leave an odd number of 1s.)")


def _misere_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    count = {1: rng.randint(2, 3), 2: rng.randint(3, 5), 3: rng.randint(4, 6)}[level]
    hi = {1: 4, 2: 15, 3: 40}[level]
    # Heaps of one decide misère Nim's special case, so they come up often.
    return {}, g.draw_sum(MISERE_NIM.arena(), rng, target, count, lambda r: 1 if r.random() < 0.4 else r.randint(1, hi))


MISERE_NIM = g.GameSpec(
    key="misere-nim", always_sums=True, family="nim", title="Misère Nim", lesson=("misere", "misère-nim"),
    move_lesson=("misere", "misère-nim"), draw=_misere_draw, start="1,2,4",
    random_start=lambda r: _heaps_start(r, 1, 9), rule_text=NIM.rule_text, reason=_misere_reason,
    ending="whoever takes the last coin loses", misere=True, check_component=_heap, sum_is_plain=False,
    answer_hint_one="the heap that is left",
)

SPECS = (BASH, SUBTRACTION, POWERS, NIM, MISERE_NIM)
