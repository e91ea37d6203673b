"""Tables of SG values for `grundy table`: single components 0..N, or a matrix for pair games."""
from __future__ import annotations

from typing import Any

from grundy.games import euclid, grids, takeaway, turtles
from grundy.games.core import GameError
from grundy.games.solve import FAMILIES, Options, _bash, _rule

PAIR_GAMES = {"wythoff", "kiki", "marbles", "bomb", "euclid"}
MAX_UPTO = {"pair": 120, "single": 100_000}
SEARCHED_UPTO = {"circle": 500, "k-multiple": 150, "euclid": 120}  # tables that need a search per entry


def table(game: str, upto: int, options: Options = Options()) -> dict[str, Any]:
    """``{"game", "upto", "sg": [...]}`` or ``{"game", "upto", "matrix": [[...]]}``; subtraction
    games add their detected ``period``.

    >>> table("subtraction", 8, Options(set="1,3,4"))["sg"]
    [0, 1, 0, 1, 2, 3, 2, 0, 1]
    """
    family = FAMILIES.get(game)
    if family is None:
        raise GameError(f"unknown game {game!r}")
    kind = "pair" if game in PAIR_GAMES else "single"
    limit = SEARCHED_UPTO.get(game, MAX_UPTO[kind])
    if upto > limit:
        raise GameError(f"--upto may be at most {limit} for {game}; got {upto}")
    result: dict[str, Any] = {"game": game, "upto": upto}
    if kind == "pair":
        result["matrix"] = [[_pair_value(game, r, c) for c in range(upto + 1)] for r in range(upto + 1)]
        return result
    if game in ("bash", "subtraction"):
        rule = _bash(options) if game == "bash" else _rule(options)
        # Bash's closed form n mod (m+1) is proven (and tested); tabulating huge m would not fit
        result["sg"] = [takeaway.grundy(rule, n) for n in range(upto + 1)] if game == "bash" else takeaway.grundy_values(rule, upto)
        p = takeaway.period(rule)
        result["period"] = None if p is None else {"preperiod": p.preperiod, "length": p.length}
        return result
    if game == "staircase":
        raise GameError("a staircase is one component with several steps; use `grundy solve staircase`")
    if game == "mock-turtles":
        result["sg"] = [turtles.g(x) for x in range(upto + 1)]
        result["note"] = "SG of a single head at position x (0 = leftmost)"
        return result
    start = 0 if game == "nim" else 1  # a ring, a k-multiple heap: at least one coin
    result["sg"] = [None] * start + [family.grundy(n, options) for n in range(start, upto + 1)]
    result["note"] = f"no value at {start - 1}: a {game} component starts at 1" if start else None
    return result




def _pair_value(game: str, r: int, c: int) -> int | None:
    if game == "wythoff":
        return FAMILIES["wythoff"].grundy((r, c), Options())
    if game == "kiki":
        return FAMILIES["kiki"].grundy((c, r), Options())  # (cells left, cells down)
    if game == "marbles":
        return None if grids.goes_home_at_once(r, c) or (r, c) == (0, 0) else grids.marbles_grundy(r, c)
    if game == "bomb":
        return None if r == 0 or c == 0 else grids.BOMBS.grundy(r, c)
    return euclid.grundy(r, c)


__all__ = ["table"]
