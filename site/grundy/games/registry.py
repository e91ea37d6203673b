"""The one list of game families. Every layer — the command line, tables, widgets, the quiz and
play — finds a family here by its key, and makes it for a rule with :func:`family`."""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from grundy.games.bash import BashFamily
from grundy.games.bomb import BombFamily
from grundy.games.circle import CircleFamily
from grundy.games.core import GameError
from grundy.games.euclid import EuclidFamily
from grundy.games.family import Family
from grundy.games.kiki import KikiFamily
from grundy.games.kmultiple import KMultipleFamily
from grundy.games.marbles import MarblesFamily
from grundy.games.nim import NimFamily
from grundy.games.staircase import StaircaseFamily
from grundy.games.subtraction import SubtractionFamily
from grundy.games.takebreak import GrundysGameFamily, OctalFamily
from grundy.games.turtles import MockTurtlesFamily
from grundy.games.wythoff import WythoffFamily

# In this order everywhere: the command line's help, the README's table, and the practice games
# (grundy.practice.games orders its specs by their family's place here).
FAMILIES: dict[str, type[Family[Any]]] = {
    f.key: f
    for f in (
        BashFamily, SubtractionFamily, NimFamily, WythoffFamily, KikiFamily, MarblesFamily, BombFamily,
        OctalFamily, GrundysGameFamily, CircleFamily, EuclidFamily, StaircaseFamily, KMultipleFamily,
        MockTurtlesFamily,
    )
}

_MADE: OrderedDict[tuple[str, tuple[tuple[str, str], ...]], Family[Any]] = OrderedDict()
_LOCK = threading.Lock()


def family(key: str, rule: Mapping[str, str] | None = None) -> Family[Any]:
    """The family ``key`` under a rule (its keys by name, e.g. ``{"m": "3"}``). The same rule
    gives the same object, so its memos are shared by everyone who asks.

    >>> family("bash", {"m": "3"}).rule()
    {'m': '3'}
    >>> family("bash", {"m": "3"}) is family("bash", {"m": "03"})
    True
    """
    kind = FAMILIES.get(key)
    if kind is None:
        raise GameError(f"unknown game {key!r}; choose one of {', '.join(FAMILIES)}", "unknown-game", game=key,
                        topic="family", choices=tuple(FAMILIES))
    made = kind.from_rule(rule or {})
    cache_key = (key, tuple(sorted(made.rule().items())))
    with _LOCK:
        found = _MADE.get(cache_key)
        if found is None:
            found = _MADE[cache_key] = made
        _MADE.move_to_end(cache_key)
        while len(_MADE) > 64:  # rules are many (every subtraction set); memos stay bounded
            _MADE.popitem(last=False)
    return found


__all__ = ["FAMILIES", "family"]
