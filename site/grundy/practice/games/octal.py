"""Practice specs for take-and-break games: Kayles and Grundy's game (filled in below)."""
from __future__ import annotations

from grundy.practice.games import spec as g

SPECS: tuple[g.GameSpec, ...] = ()
