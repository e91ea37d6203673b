"""Practice spec for the circular game (POJ 2484): coins in a ring; a move takes 1 to K adjacent
coins, so the first move leaves a row, and later moves may split a row in two."""
from __future__ import annotations

import random
from typing import Any

from grundy.games.circle import RING, RING_MARK, ROW, paired
from grundy.games.core import GameError, Outcome
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, PlayMove, Position
from grundy.practice.games.spec import GameSpec, bounded, draw_sum, sum_reason

MAX_COINS = 60  # a ring or row typed or drawn: its moves (about K per coin) are listed
MAX_K = 4


def _reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    k = int(arena.family.rule()["k"])
    if not position:
        return str(_("No coin is left: the player to move has nothing to take, and has lost."))
    if len(position) == 1 and position[0][0] == RING:
        n = position[0][1]
        if n <= k:
            if n == 1:
                return str(_("A ring of %(n)s is N: take all %(n)s coin at once (K = %(k)s).", n=n, k=k))
            return str(_("A ring of %(n)s is N: take all %(n)s coins at once (K = %(k)s).", n=n, k=k))
        if k == 1:
            if n % 2:
                return str(_("With K = 1 every move takes one coin, so the player to move takes the last exactly when"
                             " %(n)s is odd: N.", n=n))
            return str(_("With K = 1 every move takes one coin, so the player to move takes the last exactly when"
                         " %(n)s is odd: P.", n=n))
        if reveal_move:
            return str(_("A ring of %(n)s is P: the first move leaves one row, and the reply leaves two equal rows — it"
                         " takes the middle 1 or 2 coins of the row; after that the second player copies every move in"
                         " the other row and moves last.", n=n))
        return str(_("A ring of %(n)s is P: the first move leaves one row, and the reply leaves two equal rows; after"
                     " that the second player copies every move in the other row and moves last.", n=n))
    if len(position) == 1 and position[0][1] > k:
        if reveal_move:
            return str(_("A single row of %(n)s is N: take its middle (the middle 1 or 2 coins), leaving two equal rows,"
                         " then copy the opponent's moves in the other row.", n=position[0][1]))
        return str(_("A single row of %(n)s is N: take its middle, leaving two equal rows, then copy the opponent's moves"
                     " in the other row.", n=position[0][1]))
    return sum_reason(arena, position, reveal_move)


def _draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    if level == 1:  # one ring, K from 1 to 3: the closed rule
        k = rng.randint(1, 3)
        arena = CIRCLE.arena({"k": str(k)})
        return {"k": str(k)}, draw_sum(arena, rng, target, 1, lambda r: (RING, r.randint(1, 20)))
    count = 2 if level == 2 else 3  # rows: one row alone is always N, so sums of rows
    hi = 12 if level == 2 else 9
    return {"k": "2"}, draw_sum(CIRCLE.arena(), rng, target, count, lambda r: (ROW, r.randint(1, hi)))


def _symmetric_move(arena: Arena, position: Position) -> PlayMove | None:
    """The move lesson 11 teaches, where there is one: the middle of a single row (or the whole
    row, when it is short enough to take), or the copy of the opponent's move in the other row of
    its pair: a move that leaves the parts in equal pairs. From one row, as the lesson says: the
    whole row if the move can take it, else the middle 1 or 2 coins (the fewest); from several,
    the quickest win, as the computer always plays (the copy of a whole row is the other whole)."""
    copies = [m for m in arena.moves(position) if paired(m.after)]
    if not copies:
        return None
    if len(position) == 1:
        return min(copies, key=lambda m: (bool(m.after), -sum(c[1] for c in m.after)))
    return min(copies, key=lambda m: arena.remoteness(m.after))


def _symmetry_note(arena: Arena, before: Position, move: PlayMove, _earlier: Position | None) -> str | None:
    """What the computer says of a symmetric move (nothing of the others)."""
    if not move.after or not paired(move.after) or _symmetric_move(arena, before) != move:
        return None
    if len(before) == 1:
        return str(_("It took the middle of the row, leaving two equal rows: from now on it copies each of your moves"
                     " in the other row, so it moves last (the symmetry strategy)."))
    return str(_("It left the rows in equal pairs again: whatever you take from one row of a pair, it can take the"
                 " same from the other, so it moves last (the symmetry strategy)."))


def _part(c: Any, i: int, where: bool) -> str:
    """A ring or a row by its number, on the board and in the list of moves ("Row 2"), or as
    where a move was made ("from row 2")."""
    if c[0] == RING:
        return str(_("from ring %(number)s", number=i + 1) if where else _("Ring %(number)s", number=i + 1))
    return str(_("from row %(number)s", number=i + 1) if where else _("Row %(number)s", number=i + 1))


def _visual(arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    if len(position) == 1 and position[0][0] == RING and position[0][1] <= 40:
        return "ring", {"n": str(position[0][1]), "k": arena.family.rule()["k"]}
    return None


CIRCLE = GameSpec(
    key="circle", family="circle", lesson=("circular", "the-symmetry-strategy"),
    draw=_draw, start="8", random_start=lambda r: f"{RING_MARK}{r.randint(5, 14)}" if r.random() < 0.5 else str(r.randint(5, 14)),
    rule_text=lambda f: str(_("take 1 to %(k)s adjacent coins; the first move turns the ring into a row, and a move in a"
                              " row may split it in two", k=f.rule()["k"])),
    reason=_reason, visual=_visual, noun=(N_("ring or row"), N_("rings or rows")), part=_part,
    taught_move=_symmetric_move, taught_note=_symmetry_note,
    rule_keys={"k": bounded(N_("K"), 1, MAX_K)}, default_rule={"k": "2"}, rule_labels={"k": N_("K (take 1 to K)")},
    answer_hint=N_("what is left, with commas: each row by its number of coins, 0 if no coin is left"),
    picture="rings", check_component=lambda fam, c: _check(c), always_sums=True,
)


def _check(c: tuple[int, int]) -> None:
    if c[1] > MAX_COINS:
        raise GameError(_("a ring or row holds at most %(most)s coins here; got %(got)s", most=MAX_COINS, got=c[1]),
                        "out-of-range", most=MAX_COINS)


SPECS = (CIRCLE,)
