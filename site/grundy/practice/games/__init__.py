"""Everything practice needs to know about one game, in one spec per game: its words, the
lesson that explains it, how quiz questions are drawn, where play starts, the widget that shows
why, and the bounds practice adds to its family's. The quiz, play, the routes and the templates
read these specs; none of them names a game.

Adding a game to practice is one spec in a module here and one line in :data:`SPECS`.
"""
from __future__ import annotations

from collections.abc import Mapping

from grundy.games.core import GameError
from grundy.i18n import _
from grundy.practice.arena import Arena
from grundy.practice.games import boards, euclid, heaps, kheap, octal, pairs, rings, stairs, turning
from grundy.practice.games.spec import SUMS_LESSON, GameSpec, sum_reason

SPECS: dict[str, GameSpec] = {
    s.key: s for s in (*heaps.SPECS, *pairs.SPECS, *boards.SPECS, *octal.SPECS, *rings.SPECS, *euclid.SPECS, *stairs.SPECS,
          *kheap.SPECS, *turning.SPECS)
}


def spec_for(key: str) -> GameSpec:
    found = SPECS.get(key)
    if found is None:
        raise GameError(_("there is no practice game called %(key)s; choose one of %(games)s",
                          key=repr(key[:30]), games=", ".join(SPECS)), "unknown-game", game=key)
    return found


def make_arena(key: str, args: Mapping[str, str] | None = None) -> Arena:
    return spec_for(key).arena(args)


__all__ = ["SPECS", "SUMS_LESSON", "GameSpec", "make_arena", "spec_for", "sum_reason"]
