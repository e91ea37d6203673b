"""Practice specs for heaps of coins: Bash's game, a subtraction game, Nim and misère Nim."""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from grundy.games import takeaway
from grundy.games.core import GameError, Outcome, nim_sum
from grundy.games.family import Family
from grundy.i18n import N_, _
from grundy.practice.games import spec as g
from grundy.practice.arena import Arena, Position

MAX_HEAP = 10**6  # the largest heap a learner types: quiz level 2 draws subtraction heaps this large
BASH_MAX_M = 20  # play searches every line: m = 20 from a heap of 749 is ~22 ms (bench)
SET_MAX_AMOUNT = 20  # a practice set is small enough to think about: at most 6 amounts up to 20
SET_MAX_SIZE = 6
RULES_TABLE_UPTO = 30  # lesson 2's P/N table runs to 30: a heap past it is explained by the labels' repeat
SUBTRACTION_SETS = ((1, 3, 4), (1, 2), (2, 3), (1, 4), (1, 3), (2, 5), (1, 2, 4), (3, 4, 5))
_heap = g.component_bound(N_("a heap"), MAX_HEAP)


def _practice_set(raw: str) -> str:
    items = raw.split(",")
    if len(items) > SET_MAX_SIZE:
        raise GameError(_("S holds at most %(most)s amounts", most=SET_MAX_SIZE), "set-too-large", most=SET_MAX_SIZE)
    check = g.bounded(N_("an amount in S"), 1, SET_MAX_AMOUNT)
    return ",".join(str(a) for a in sorted({int(check(a)) for a in items}))


def listed(items: Iterable[object]) -> str:
    """Items in a list, in the reader's language: "0, 1, 2" (Chinese "0、1、2")."""
    said = ""
    for item in items:
        said = str(_("%(listed)s, %(item)s", listed=said, item=item)) if said else str(item)
    return said


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
        return str(_("The heap is empty: the player to move cannot take anything and has lost (P)."))
    if r == 0:
        return str(_("%(c)s = %(k)s × %(m1)s, a multiple of m + 1 = %(m1)s, so it is P: whatever you take (1 to %(m)s),"
                     " the opponent takes the rest of %(m1)s and keeps the heap a multiple.", c=c, k=k, m=m, m1=m + 1))
    if not reveal_move:
        return str(_("%(c)s mod %(m1)s = %(r)s, not 0, so it is N: some move leaves a multiple of %(m1)s.", c=c, m1=m + 1, r=r))
    return str(_("%(c)s mod %(m1)s = %(r)s, not 0, so it is N: take %(r)s to leave %(left)s, a multiple of %(m1)s.",
                 c=c, m1=m + 1, r=r, left=c - r))


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
    move_cost=3,  # measured (bench/worst.py): its moves cost 3× a Nim move's to make
    key="bash", family="bash", lesson=("bash-game", "the-key-fact"),
    move_lesson=("bash-game", "the-winning-strategy"), also_in=("impartial-games",), draw=_bash_draw, start="15",
    random_start=lambda r: str(r.randint(8, 40)),
    rule_text=lambda f: str(_("take 1 to %(m)s coins from one heap", m=f.rule()["m"])),
    reason=_bash_reason, visual=_bash_visual, answer_hint_one=N_("the heap that is left"),
    rule_keys={"m": g.bounded(N_("m (take 1 to m)"), 1, BASH_MAX_M)}, default_rule={"m": "3"},
    rule_labels={"m": N_("m (take 1 to m)")},
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
    p = takeaway.period(rule)
    if p is None or c < p.preperiod + p.length:
        if value == 0:
            return str(_("SG(%(c)s) = %(value)s, so %(c)s is P: no move reaches a position of SG 0.", c=c, value=value))
        return str(_("SG(%(c)s) = %(value)s, so %(c)s is N: some move reaches a position of SG 0.", c=c, value=value))
    words = {"c": c, "value": value, "length": p.length, "start": p.preperiod, "fold": p.fold(c),
             "first": listed(takeaway.grundy(rule, n) for n in range(p.preperiod, p.preperiod + p.length))}
    if p.preperiod:
        if value == 0:
            return str(_("The SG values repeat every %(length)s from n = %(start)s (%(first)s, then again), so SG(%(c)s) ="
                         " SG(%(fold)s) = %(value)s, and %(c)s is P: no move reaches a position of SG 0.", **words))
        return str(_("The SG values repeat every %(length)s from n = %(start)s (%(first)s, then again), so SG(%(c)s) ="
                     " SG(%(fold)s) = %(value)s, and %(c)s is N: some move reaches a position of SG 0.", **words))
    if value == 0:
        return str(_("The SG values repeat every %(length)s (%(first)s, then again), so SG(%(c)s) = SG(%(fold)s) ="
                     " %(value)s, and %(c)s is P: no move reaches a position of SG 0.", **words))
    return str(_("The SG values repeat every %(length)s (%(first)s, then again), so SG(%(c)s) = SG(%(fold)s) ="
                 " %(value)s, and %(c)s is N: some move reaches a position of SG 0.", **words))


def _subtraction_rules_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    """Lesson 2's reason (P and N only): a heap past the first repeat is labelled as the heap it
    folds to, since the labels repeat as the SG values do (lesson 2's try-it finds 1, 3, 4's)."""
    rule = takeaway.parse_rule(arena.family.rule()["set"])
    p = takeaway.period(rule)
    if len(position) > 1 or p is None or position[0] <= max(p.preperiod + p.length, RULES_TABLE_UPTO):
        return g.rules_reason(arena, position, reveal_move)  # the moves from here say it, and the table shows them
    c = position[0]
    words = {"c": c, "length": p.length, "start": p.preperiod, "fold": p.fold(c),
             "first": " ".join("P" if takeaway.grundy(rule, n) == 0 else "N" for n in range(p.preperiod, p.preperiod + p.length))}
    if arena.outcome(position) == "P":
        return str(_("Labelled from 0 up by the three rules, the positions repeat their labels every %(length)s from n = %(start)s"
                     " (%(first)s, then again), so %(c)s is labelled as %(fold)s is: P. Every move from it leads to N.", **words))
    return str(_("Labelled from 0 up by the three rules, the positions repeat their labels every %(length)s from n = %(start)s"
                 " (%(first)s, then again), so %(c)s is labelled as %(fold)s is: N. Some move from it leads to P.", **words))


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
    move_cost=3,  # measured (bench/worst.py): its moves cost 3× a Nim move's to make
    key="subtraction", family="subtraction",
    lesson=("mex-and-sg", "worked-example-take-1-3-or-4"), draw=_subtraction_draw, start="12,9",
    random_start=lambda r: str(r.randint(5, 30)),
    rule_text=lambda f: str(_("take s coins from one heap, where s is in S = {%(set)s}", set=_set_text(f))),
    reason=_subtraction_reason, rules_reason=_subtraction_rules_reason, visual=_subtraction_visual,
    rule_keys={"set": _practice_set}, default_rule={"set": "1,3,4"}, check_component=_heap,
    rule_labels={"set": N_("The set S")}, answer_hint_one=N_("the heap that is left"),
)


# ---------------------------------------------------------------- HDU 1847: take a power of two


def _powers_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    c = position[0]
    if c % 3 == 0:
        return str(_("%(c)s mod 3 = 0, so it is P: a power of two is never a multiple of 3, so every move leaves a heap"
                     " that is not one, and the opponent takes 1 or 2 to make it a multiple of 3 again.", c=c))
    if not reveal_move:
        return str(_("%(c)s mod 3 = %(r)s, not 0, so it is N: some move leaves a multiple of 3.", c=c, r=c % 3))
    return str(_("%(c)s mod 3 = %(r)s, not 0, so it is N: take %(r)s (a power of two) to leave %(left)s, a multiple of 3.",
                 c=c, r=c % 3, left=c - c % 3))


def _powers_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    lo, hi = {1: (1, 20), 2: (1_000, 10**6), 3: (1, 30)}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    return {}, g.draw_sum(POWERS.arena(), rng, target, count, lambda r: r.randint(lo, hi))


POWERS = g.GameSpec(
    move_cost=3,  # measured (bench/worst.py): its moves cost 3× a Nim move's to make
    key="powers-of-two", family="subtraction", title=N_("Take a power of two (HDU 1847)"),
    lesson=("p-and-n-positions", "hdu-1847-good-luck-in-cet-4-everybody"), draw=_powers_draw, start="10",
    random_start=lambda r: str(r.randint(5, 30)),
    rule_text=lambda f: str(_("take 1, 2, 4, 8, … coins (a power of two) from one heap")),
    reason=_powers_reason, visual=lambda _a, p: None if len(p) > 1 else (
        "pn-table", {"rule": "powers-of-two", "upto": str(p[0] if 12 <= p[0] <= 300 else 12 if p[0] < 12 else 30)}),
    fixed_rule={"set": "powers-of-two"}, check_component=_heap, answer_hint_one=N_("the heap that is left"),
)


# ---------------------------------------------------------------- Nim and misère Nim


def _nim_reason(_arena: Arena, position: Position, _reveal_move: bool) -> str:
    total = nim_sum(position)
    xor = " ⊕ ".join(map(str, position))
    if total == 0:
        return str(_("%(xor)s = 0, so the position is P (Bouton's theorem): every move makes the XOR non-zero.", xor=xor))
    top = 1 << (total.bit_length() - 1)
    return str(_("%(xor)s = %(total)s, not 0, so the position is N. Its highest 1 is the %(top)ss column; a heap with a 1"
                 " there shrinks to heap ⊕ %(total)s, and the XOR becomes 0.", xor=xor, total=total, top=top))


def _nim_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    count = {1: rng.randint(2, 3), 2: rng.randint(3, 4), 3: rng.randint(4, 6)}[level]
    hi = {1: 7, 2: 63, 3: 1000}[level]
    return {}, g.draw_sum(NIM.arena(), rng, target, count, lambda r: r.randint(1, hi))


def _heaps_start(r: random.Random, lo: int, hi: int) -> str:
    return ",".join(str(r.randint(lo, hi)) for _ in range(r.randint(3, 4)))


NIM = g.GameSpec(
    key="nim", always_sums=True, family="nim", lesson=("nim", "the-theorem"), move_lesson=("nim", "finding-the-winning-move"),
    draw=_nim_draw, start="3,4,5", random_start=lambda r: _heaps_start(r, 1, 12),
    rule_text=lambda f: str(_("take any number of coins (at least one) from one heap")),
    reason=_nim_reason, visual=lambda a, p: ("xor-columns", {"heaps": a.format(p)}), check_component=_heap,
    answer_hint_one=N_("the heap that is left"),
    sum_is_plain=False,
)


def _misere_reason(_arena: Arena, position: Position, _reveal_move: bool) -> str:
    heaps = list(position)
    total = nim_sum(heaps)
    if not any(heaps):
        return str(_("No coins are left: the other player took the last one and lost, so the player to move"
                     " has already won (misère play turns the usual rule round)."))
    if all(h <= 1 for h in heaps):
        ones = heaps.count(1)
        if ones == 1:
            return str(_("Every heap is 0 or 1, so the players just take turns removing the %(ones)s one; the player to move"
                         " takes the last coin, and loses, exactly when that number is odd. %(ones)s is odd, so the"
                         " position is P.", ones=ones))
        if ones % 2:
            return str(_("Every heap is 0 or 1, so the players just take turns removing the %(ones)s ones; the player to move"
                         " takes the last coin, and loses, exactly when that number is odd. %(ones)s is odd, so the"
                         " position is P.", ones=ones))
        return str(_("Every heap is 0 or 1, so the players just take turns removing the %(ones)s ones; the player to move"
                     " takes the last coin, and loses, exactly when that number is odd. %(ones)s is even, so the"
                     " position is N.", ones=ones))
    xor = " ⊕ ".join(map(str, heaps))
    if total == 0:
        return str(_("Some heap is bigger than 1, so misère Nim is won like ordinary Nim (HDU 1907): %(xor)s = %(total)s,"
                     " so the position is P. (The winner switches to the misère rule only when the last big heap goes:"
                     " then leave an odd number of 1s.)", xor=xor, total=total))
    return str(_("Some heap is bigger than 1, so misère Nim is won like ordinary Nim (HDU 1907): %(xor)s = %(total)s,"
                 " not 0, so the position is N. (The winner switches to the misère rule only when the last big heap goes:"
                 " then leave an odd number of 1s.)", xor=xor, total=total))


def _misere_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    count = {1: rng.randint(2, 3), 2: rng.randint(3, 5), 3: rng.randint(4, 6)}[level]
    hi = {1: 4, 2: 15, 3: 40}[level]
    # Heaps of one decide misère Nim's special case, so they come up often.
    return {}, g.draw_sum(MISERE_NIM.arena(), rng, target, count, lambda r: 1 if r.random() < 0.4 else r.randint(1, hi))


MISERE_NIM = g.GameSpec(
    move_cost=2,  # measured (bench/worst.py): its moves cost 2× a Nim move's to make
    key="misere-nim", always_sums=True, family="nim", title=N_("Misère Nim"), lesson=("misere", "misère-nim"),
    move_lesson=("misere", "misère-nim"), draw=_misere_draw, start="1,2,4",
    random_start=lambda r: _heaps_start(r, 1, 9), rule_text=NIM.rule_text, reason=_misere_reason,
    ending=N_("whoever takes the last coin loses"), misere=True, check_component=_heap, sum_is_plain=False,
    answer_hint_one=N_("the heap that is left"),
)

SPECS = (BASH, SUBTRACTION, POWERS, NIM, MISERE_NIM)
