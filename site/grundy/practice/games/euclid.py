"""Practice spec for every-SG (lesson 10, HDU 3595 *GG and MM*): several games of Euclid's game
at once, and every turn moves in every game that can still move."""
from __future__ import annotations

import random

from grundy.games.core import Outcome
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, Position
from grundy.practice.every import EveryArena
from grundy.practice.games.heaps import listed
from grundy.practice.games.spec import GameSpec, component_bound

MAX_PILE = 100  # a pile typed or drawn here; step counts are searched (lesson 10's table)


def _reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    assert isinstance(arena, EveryArena)
    counts = [arena.steps(c) for c in position]
    top = max(counts)
    if top == 0:
        return str(_("Every game is finished: the player to move has no move, and the other player made the last one."))
    words = {"top": top, "counts": listed(_("(%(game)s) %(steps)s", game=arena.format_component(c), steps=s)
                                          for c, s in zip(position, counts))}
    if top % 2 == 0:
        return str(_("In every-SG the game that finishes last decides, and each game lasts its step count (its winner plays"
                     " long, its loser short). Step counts: %(counts)s. The largest, %(top)s, is even, so the other player"
                     " makes the last move of the longest game: the position is P.", **words))
    if not reveal_move:
        return str(_("In every-SG the game that finishes last decides, and each game lasts its step count (its winner plays"
                     " long, its loser short). Step counts: %(counts)s. The largest, %(top)s, is odd, so the player to"
                     " move makes the last move of the longest game: the position is N.", **words))
    return str(_("In every-SG the game that finishes last decides, and each game lasts its step count (its winner plays"
                 " long, its loser short). Step counts: %(counts)s. The largest, %(top)s, is odd, so the player to move"
                 " makes the last move of the longest game: the position is N. To win, move in each game you are winning"
                 " to the P-position with the most steps left, and in each game you are losing to the position with the"
                 " fewest.", **words))


def _draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    arena = EVERY_EUCLID.arena()
    count, hi = {1: (2, 10), 2: (2, 100), 3: (rng.randint(3, 4), 30)}[level]
    for _attempt in range(2000):
        position = tuple((rng.randint(1, hi), rng.randint(1, hi)) for _ in range(count))
        if arena.outcome(position) == target:
            return {}, position
    raise AssertionError(f"no every-SG {target}-position drawn")  # the tests draw every level


def _visual(_arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    size = min(20, max(2, max(max(c) for c in position)))
    return "every-sg", {"size": str(size), "pairs": " ".join(f"{a},{b}" for a, b in position)}


EVERY_EUCLID = GameSpec(
    key="every-euclid", family="euclid", title=N_("Every-SG: Euclid's game (GG and MM)"),
    lesson=("every-sg", "the-theorem"), move_lesson=("every-sg", "hdu-3595-gg-and-mm"),
    draw=_draw, start="3,5;2,7",
    random_start=lambda r: ";".join(f"{r.randint(1, 20)},{r.randint(1, 20)}" for _ in range(r.randint(2, 3))),
    rule_text=lambda f: str(_("each turn, in every game that can still move, take a positive multiple of the smaller"
                              " pile from the larger; a game with an empty pile is finished")),
    reason=_reason, visual=_visual, noun=(N_("game"), N_("games")), where=N_("in game {}"),
    answer_hint=N_("every game as it is after your turn, finished ones too, each as a,b"), picture="piles",
    check_component=component_bound(N_("a pile"), MAX_PILE), always_sums=True, sum_is_plain=False,
    arena_type=EveryArena,
)

SPECS = (EVERY_EUCLID,)
