"""Tables of SG values for `grundy table`: components of size 0..N, or a matrix for pairs."""
from __future__ import annotations

from typing import Any

from grundy.games.core import GameError
from grundy.games.family import Family
from grundy.marks import N_


def table(family: Family[Any], upto: int) -> dict[str, Any]:
    """``{"game", "upto", "sg": [...]}`` (index = size) or ``{"game", "upto", "matrix":
    [[...]]}``, with what the family adds (a subtraction set's period).

    >>> from grundy.games.registry import family
    >>> table(family("subtraction", {"set": "1,3,4"}), 8)["sg"]
    [0, 1, 0, 1, 2, 3, 2, 0, 1]
    """
    if family.layout == "none":
        raise GameError(N_("%(game)s has no table of single components; use `grundy solve %(key)s`"),
                        "no-table", game=family.name(), key=family.key)
    if upto > family.table_upto:  # checked before any work
        raise GameError(N_("--upto may be at most %(most)s for %(game)s; got %(got)s"),
                        "out-of-range", most=family.table_upto, game=family.name(), got=upto)
    result: dict[str, Any] = {"game": family.key, **family.rule(), "upto": upto}
    if family.layout == "pairs":
        rows = []
        for r in range(upto + 1):
            cells = [family.table_cell(r, c) for c in range(upto + 1)]
            rows.append([None if cell is None else family.value_of(cell) for cell in cells])
        result["matrix"] = rows
    else:
        result["sg"] = family.table_values(upto)
        if result["sg"] and result["sg"][0] is None:
            result["note"] = f"no value at 0: a {family.key} component holds at least one"
    result.update(family.table_facts())
    return result


__all__ = ["table"]
