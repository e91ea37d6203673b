"""Everything practice needs to know about one game, in one spec per game: its words, the
lesson that explains it, how quiz questions are drawn, where play starts, the widget that shows
why, and the bounds practice adds to its family's. The quiz, play, the routes and the templates
read these specs; none of them names a game.

Adding a game to practice is one spec in a module here (its ``SPECS``): the modules are found
by looking, not listed, and their games are shown in the order of the family registry
(:data:`grundy.games.registry.FAMILIES`), a family's variants in their module's order.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping

from grundy.games.core import GameError
from grundy.games.registry import FAMILIES
from grundy.i18n import _
from grundy.marks import quoted
from grundy.practice.arena import Arena
from grundy.practice.games.spec import SUMS_LESSON, GameSpec, sum_reason


def _found() -> list[GameSpec]:
    """Every module's ``SPECS``, in the registry's order of their families."""
    specs: list[GameSpec] = []
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        specs += getattr(importlib.import_module(f"{__name__}.{module}"), "SPECS", ())
    order = list(FAMILIES)
    return sorted(specs, key=lambda s: order.index(s.family))


_FOUND = _found()
SPECS: dict[str, GameSpec] = {s.key: s for s in _FOUND}
if len(SPECS) != len(_FOUND):
    raise AssertionError(f"two practice games share a key: {sorted(s.key for s in _FOUND)}")


# The games a live class may be asked about: its kinds of question ask P or N, so a game whose
# positions can be drawn (D) is practised in the quiz and in play only, for now.
IN_CLASS: dict[str, GameSpec] = {key: s for key, s in SPECS.items() if s.draws is None}


def spec_for(key: str) -> GameSpec:
    found = SPECS.get(key)
    if found is None:
        raise GameError(_("there is no practice game called %(key)s; choose one of %(games)s",
                          key=quoted(key, 30), games=", ".join(SPECS)), "unknown-game", game=key)
    return found


def make_arena(key: str, args: Mapping[str, str] | None = None) -> Arena:
    return spec_for(key).arena(args)


__all__ = ["IN_CLASS", "SPECS", "SUMS_LESSON", "GameSpec", "make_arena", "spec_for", "sum_reason"]
