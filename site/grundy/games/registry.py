"""The one list of game families. Every layer — the command line, tables, widgets, the quiz and
play — finds a family here by its key, and makes it for a rule with :func:`family`."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grundy.cache import BoundedCache
from grundy.games.bash import BashFamily
from grundy.games.bomb import BombFamily
from grundy.games.circle import CircleFamily
from grundy.games.core import GameError
from grundy.games.euclid import EuclidFamily
from grundy.games.family import Family
from grundy.games.graph_family import GraphFamily
from grundy.games.kiki import KikiFamily
from grundy.games.kmultiple import KMultipleFamily
from grundy.games.marbles import MarblesFamily
from grundy.games.moore import MooreFamily
from grundy.games.nim import NimFamily
from grundy.games.staircase import StaircaseFamily
from grundy.games.subtraction import SubtractionFamily
from grundy.games.takebreak import GrundysGameFamily, OctalFamily
from grundy.games.turtles import MockTurtlesFamily
from grundy.games.wythoff import WythoffFamily
from grundy.marks import N_, Listing

# In this order everywhere: the command line's help, the README's table, and the practice games
# (grundy.practice.games orders its specs by their family's place here).
FAMILIES: dict[str, type[Family[Any]]] = {
    f.key: f
    for f in (
        BashFamily, SubtractionFamily, NimFamily, MooreFamily, WythoffFamily, KikiFamily, MarblesFamily, BombFamily,
        OctalFamily, GrundysGameFamily, CircleFamily, EuclidFamily, StaircaseFamily, KMultipleFamily,
        MockTurtlesFamily, GraphFamily,
    )
}

# rules are many (every subtraction set): the families of the 64 rules used last, and their memos, are kept
_MADE: BoundedCache[tuple[str, tuple[tuple[str, str], ...]], Family[Any]] = BoundedCache(64)


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
        raise GameError(N_("unknown game %(got)r; choose one of %(choices)s"), "unknown-game",
                        got=key, choices=Listing.of(FAMILIES))
    made = kind.from_rule(rule or {})
    return _MADE.add((key, tuple(sorted(made.rule().items()))), made)  # the first made for a rule is everyone's


__all__ = ["FAMILIES", "family"]
