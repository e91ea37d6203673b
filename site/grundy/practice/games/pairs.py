"""Practice specs for two-number components: Wythoff's piles and kiki's boards."""
from __future__ import annotations

import random

from grundy.games import wythoff
from grundy.games.core import Outcome
from grundy.games.kiki import KikiFamily
from grundy.games.wythoff import WythoffFamily
from grundy.i18n import N_, _
from grundy.practice.games import spec as g
from grundy.practice.arena import Arena, Position

MAX_PILE = 10**6  # quiz level 2 draws piles up to 2,000; typed ones may be larger
MAX_BOARD = 10**5  # a board's side
GRID_SIDE = 24  # the largest board the grid widget draws (widgets.grid's bound)


# ---------------------------------------------------------------- Wythoff


def _wythoff_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    a, b = sorted(position[0])
    k = b - a
    ak = wythoff.a_k(k)
    if ak == a:
        return str(_("The piles differ by k = %(k)s, and the k-th P-position is (⌊kφ⌋, ⌊kφ⌋ + k) = (%(ak)s, %(bk)s):"
                     " these piles, so the position is P.", k=k, ak=ak, bk=ak + k))
    return str(_("The piles differ by k = %(k)s, and the only P-position with that difference is (%(ak)s, %(bk)s);"
                 " (%(a)s, %(b)s) is not it, so the position is N.", k=k, ak=ak, bk=ak + k, a=a, b=b))


def _last_k_within(hi: int) -> int:
    """The largest k whose P-position (a_k, b_k) has both piles at most ``hi``."""
    k = 1
    while wythoff.p_position(k + 1)[1] <= hi:
        k += 1
    return k


def _wythoff_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    arena = WYTHOFF.arena()
    if level == 3:
        return {}, g.draw_sum(arena, rng, target, 2, lambda r: (r.randint(0, 8), r.randint(1, 8)))
    hi = 12 if level == 1 else 2_000
    if target == "P":  # P-positions are rare among large pairs, so build one: the k-th, either way round
        # within the same bound as the N-positions, so the size of the piles gives nothing away
        a, b = wythoff.p_position(rng.randint(1, _last_k_within(hi)))
        return {}, ((a, b) if rng.random() < 0.5 else (b, a),)
    return {}, g.draw_sum(arena, rng, "N", 1, lambda r: (r.randint(1, hi), r.randint(1, hi)))


def _wythoff_visual(_arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1:
        return None
    a, b = position[0]
    return "wythoff", {"a": str(a), "b": str(b), "span": str(min(200, max(25, max(a, b) + 3)))}


WYTHOFF = g.GameSpec(
    move_cost=3,  # measured (bench/worst.py): its moves cost 3× a Nim move's to make
    family=WythoffFamily.key, lesson=("wythoff", "the-construction"),
    move_lesson=("wythoff", "every-winning-move"), draw=_wythoff_draw, start="4,9",
    random_start=lambda r: f"{r.randint(2, 25)},{r.randint(2, 25)}",
    rule_text=lambda f: str(_("take any number of coins from one pile, or the same number from both piles")),
    reason=_wythoff_reason, visual=_wythoff_visual, noun=(N_("pair of piles"), N_("pairs of piles")), where=N_("in game {}"),
    answer_hint=N_("the two piles as a,b"), picture="piles", side_by_side=True,
    check_component=g.component_bound(N_("a pile"), MAX_PILE),
)


# ---------------------------------------------------------------- kiki


def _kiki_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) > 1:
        return g.sum_reason(arena, position, reveal_move)
    x, y = position[0]
    words = {"rows": y + 1, "cols": x + 1, "d": y, "l": x}
    if x % 2 == 0 and y % 2 == 0:
        return str(_("On a %(rows)s×%(cols)s board the coin starts with d = %(d)s cells below it and l = %(l)s to its left"
                     " (lesson 8's distances): both are even, so it is P. Every move lowers d, l or both by 1 and makes"
                     " one of them odd; the opponent can make both even again.", **words))
    if x % 2 and y % 2:
        if reveal_move:
            return str(_("On a %(rows)s×%(cols)s board the coin starts with d = %(d)s cells below it and l = %(l)s to its"
                         " left (lesson 8's distances): both are odd, so it is N. The winning move makes both even:"
                         " diagonally.", **words))
        return str(_("On a %(rows)s×%(cols)s board the coin starts with d = %(d)s cells below it and l = %(l)s to its left"
                     " (lesson 8's distances): both are odd, so it is N. The winning move makes both even.", **words))
    if x % 2:
        if reveal_move:
            return str(_("On a %(rows)s×%(cols)s board the coin starts with d = %(d)s cells below it and l = %(l)s to its"
                         " left (lesson 8's distances): l is odd, so it is N. The winning move makes both even: left.",
                         **words))
        return str(_("On a %(rows)s×%(cols)s board the coin starts with d = %(d)s cells below it and l = %(l)s to its left"
                     " (lesson 8's distances): l is odd, so it is N. The winning move makes both even.", **words))
    if reveal_move:
        return str(_("On a %(rows)s×%(cols)s board the coin starts with d = %(d)s cells below it and l = %(l)s to its left"
                     " (lesson 8's distances): d is odd, so it is N. The winning move makes both even: down.", **words))
    return str(_("On a %(rows)s×%(cols)s board the coin starts with d = %(d)s cells below it and l = %(l)s to its left"
                 " (lesson 8's distances): d is odd, so it is N. The winning move makes both even.", **words))


def _kiki_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    hi = {1: 9, 2: 5_000, 3: 8}[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    return {}, g.draw_sum(KIKI.arena(), rng, target, count, lambda r: (r.randint(0, hi - 1), r.randint(0, hi - 1)))


def _kiki_visual(_arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) > 1:
        return None
    x, y = position[0]
    if max(x, y) > GRID_SIDE:
        return None
    return "grid", {"game": KikiFamily.key, "size": str(max(x, y, 2)), "cell": f"{y},{x}"}


KIKI = g.GameSpec(
    move_cost=2,  # measured (bench/worst.py): its moves cost 2× a Nim move's to make
    family=KikiFamily.key, lesson=("sg-by-search", "kikis-game-hdu-2147"),
    draw=_kiki_draw, start="6x7", random_start=lambda r: f"{r.randint(2, 20)}x{r.randint(2, 20)}",
    rule_text=lambda f: str(_("move the coin one cell left, down, or diagonally down-left")),
    reason=_kiki_reason, visual=_kiki_visual, noun=(N_("board"), N_("boards")), where=N_("on board {}"),
    answer_hint=N_("each board as rows x columns"), picture="boards", side_by_side=True,
    check_component=g.component_bound(N_("a board's side"), MAX_BOARD),
)

SPECS = (WYTHOFF, KIKI)
