"""One entry point for every family: parse components, solve their sum, list winning moves.

Used by the command-line solver and (later) by widgets that mix games. A *component* is written
as text the way a learner would type it ("14", "3,5", "THHTH"); several components form a sum.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from grundy.games import circle, euclid, grids, kmultiple, nim, staircase, takeaway, turtles, wythoff
from grundy.games.core import Game, GameError, Move, Outcome, Solver, SumGame, misere_solver, nim_sum, outcome_of

Replacement = list[str]  # what a component becomes after a move: usually one component, a bomb two


@dataclass(frozen=True, slots=True)
class Options:
    """The command line's rule options; each family reads the ones it needs."""

    max: int | None = None
    set: str | None = None
    k: int | None = None
    every: bool = False


@dataclass(frozen=True, slots=True)
class WinningMove:
    description: str
    position: list[str]


@dataclass(frozen=True, slots=True)
class Solution:
    game: str
    position: list[str]
    outcome: Outcome
    sg: int | None
    winning_moves: list[WinningMove]
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "position": self.position,
            "outcome": self.outcome,
            "sg": self.sg,
            "winning_moves": [{"move": m.description, "position": m.position} for m in self.winning_moves],
            **self.extra,
        }


_DIGITS = re.compile(r"\+?[0-9]+")  # ASCII digits only: str.isdigit() also accepts '²' and '①'


def _int(text: str, what: str, *, lo: int = 0) -> int:
    raw = text.strip()
    if not _DIGITS.fullmatch(raw):
        raise GameError(f"{what} must be a whole number; got {text!r}")
    value = int(raw)
    if value < lo:
        raise GameError(f"{what} must be at least {lo}; got {text!r}")
    return value


def _pair(text: str, what: str, *, lo: int = 0) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2:
        raise GameError(f"{what} is two numbers with a comma, like 3,5; got {text!r}")
    return _int(parts[0], what, lo=lo), _int(parts[1], what, lo=lo)


@dataclass(frozen=True)
class Family:
    """How one game family reads, values and moves its components."""

    name: str
    parse: Callable[[str, Options], Any]
    format: Callable[[Any, Options], str]
    grundy: Callable[[Any, Options], int]
    moves_to_value: Callable[[Any, int, Options], list[tuple[str, Replacement]]]
    game: Callable[[Options], Game[Any]] | None = None  # for misère search on small positions
    single: Callable[[Any, Options], tuple[Outcome, list[tuple[str, Replacement]]]] | None = None


def _by_search(game: Game[Any], fmt: Callable[[Any], str]) -> Callable[[Any, int, Options], list[tuple[str, Replacement]]]:
    solver: Solver[Any] = Solver(game, max_positions=300_000)

    def moves(position: Any, target: int, _o: Options) -> list[tuple[str, Replacement]]:
        return [(m.description, [fmt(m.position)]) for m in solver.moves_to(position, target)]

    return moves


# ---------------------------------------------------------------- take-away families


def _rule(options: Options) -> takeaway.Rule:
    if options.set is None:
        raise GameError("the subtraction game needs --set, e.g. --set 1,3,4, powers-of-two or fibonacci")
    if options.set == "powers-of-two":
        return takeaway.PowersOfTwo()
    if options.set == "fibonacci":
        return takeaway.Fibonacci()
    items = options.set.split(",")
    if any(not item.strip() for item in items):
        raise GameError(f"--set has an empty item in {options.set!r}; write it like 1,3,4")
    amounts = [_int(a, "--set", lo=1) for a in items]
    if max(amounts) > 1000:
        # the period search keeps windows of max(S) values; beyond this it is slow and large
        raise GameError(f"--set amounts may be at most 1000; got {max(amounts)}")
    return takeaway.SubtractionSet(frozenset(amounts))


def _bash(options: Options) -> takeaway.Rule:
    if options.max is None or options.max < 1:
        raise GameError("Bash's game needs --max M (take 1 to M), M ≥ 1")
    return takeaway.Bash(options.max)


def _bash_moves(n: int, target: int, o: Options) -> list[tuple[str, Replacement]]:
    """Closed form: SG(n) = n mod (m+1), so the one move to value t takes (n − t) mod (m+1)."""
    m = _bash(o).m  # type: ignore[attr-defined]
    take = (n - target) % (m + 1)
    return [(f"take {take}", [str(n - take)])] if 1 <= take <= min(n, m) and target < m + 1 else []


def _takeaway_family(
    name: str, make_rule: Callable[[Options], takeaway.Rule],
    closed_moves: Callable[[int, int, Options], list[tuple[str, Replacement]]] | None = None,
) -> Family:
    def moves(n: int, target: int, o: Options) -> list[tuple[str, Replacement]]:
        rule = make_rule(o)
        return [(f"take {s}", [str(n - s)]) for s in rule.moves(n) if takeaway.grundy(rule, n - s) == target]

    return Family(
        name=name,
        parse=lambda text, o: _int(text, "a heap"),
        format=lambda n, o: str(n),
        grundy=lambda n, o: takeaway.grundy(make_rule(o), n),
        moves_to_value=closed_moves or moves,
        game=lambda o: takeaway.TakeAwayGame(make_rule(o)),
    )


def _nim_moves(n: int, target: int, _o: Options) -> list[tuple[str, Replacement]]:
    return [(f"take {n - target}", [str(target)])] if target < n else []


# ---------------------------------------------------------------- pair families


def _wythoff_single(pos: tuple[int, int], _o: Options) -> tuple[Outcome, list[tuple[str, Replacement]]]:
    moves = wythoff.winning_moves(*pos)
    return wythoff.outcome(*pos), [(m.description, [f"{m.after[0]},{m.after[1]}"]) for m in moves]


def _wythoff_grundy(pos: tuple[int, int], _o: Options) -> int:
    if max(pos) > 100:
        raise GameError(f"SG values of Wythoff positions are found by search, up to piles of 100; got {pos}")
    return _WYTHOFF.grundy(pos)


_WYTHOFF: Solver[tuple[int, int]] = Solver(wythoff.WythoffGame(), max_positions=200_000)


def _kiki_parse(text: str, _o: Options) -> tuple[int, int]:
    n, m = _pair(text, "a board n,m", lo=1)
    return grids.kiki_start(n, m)


def _kiki_format(pos: tuple[int, int], _o: Options) -> str:
    x, y = pos  # a coin with x cells to its left and y below is a fresh (y+1)×(x+1) board
    return f"{y + 1},{x + 1}"


def _kiki_moves(pos: tuple[int, int], target: int, o: Options) -> list[tuple[str, Replacement]]:
    return [
        (m.description, [_kiki_format(m.position, o)])
        for m in grids.KikiGame().options(pos)
        if _KIKI.grundy(m.position) == target
    ]


_KIKI: Solver[tuple[int, int]] = Solver(grids.KikiGame())


def _kiki_grundy(pos: tuple[int, int], _o: Options) -> int:
    if max(pos) > 300:
        # one board's outcome has a closed form; SG values, for sums, come from search
        raise GameError(f"SG values of kiki boards are found by search, up to 300×300; got {pos}")
    return _KIKI.grundy(pos)


def _marbles_parse(text: str, _o: Options) -> tuple[int, int]:
    r, c = _pair(text, "a marble r,c")
    if (r, c) == (0, 0):
        raise GameError("a marble at 0,0 is already home; give one elsewhere")
    return r, c


def _marbles_grundy(pos: tuple[int, int], _o: Options) -> int:
    if grids.goes_home_at_once(*pos):
        raise GameError(f"a marble at {pos} goes home in one move: it has no SG value in the cut-down game")
    if max(pos) > 100:
        raise GameError(f"marbles are searched up to row and column 100; got {pos}")
    return grids.marbles_grundy(*pos)


def _marbles_moves(pos: tuple[int, int], target: int, _o: Options) -> list[tuple[str, Replacement]]:
    return [
        (m.description, [f"{m.position[0]},{m.position[1]}"])
        for m in grids.MarblesGame().options(pos)
        if grids.marbles_grundy(*m.position) == target
    ]


def _bomb_moves(pos: tuple[int, int], target: int, _o: Options) -> list[tuple[str, Replacement]]:
    found = []
    for m in grids.bomb_options(*pos):
        left = grids.settle(m.position)
        if nim_sum(grids.BOMBS.grundy(*b) for b in left) == target:
            found.append((m.description, [f"{p},{q}" for p, q in left]))
    return found


def _circle_moves(n: int, target: int, o: Options) -> list[tuple[str, Replacement]]:
    k = o.max or 2
    if n * k > 20_000:
        raise GameError(f"moves in rings are searched while coins × K ≤ 20,000; got {n} × {k}")
    return [
        (f"take {t} adjacent coin{'s' if t > 1 else ''}", [f"row {n - t}"] if n > t else [])
        for t in range(1, min(k, n) + 1)
        if circle.row_grundy(n - t, k) == target
    ]


def _ring_grundy(n: int, o: Options) -> int:
    k = o.max or 2
    if n > k >= 2:
        return 0  # the symmetry strategy: the second player mirrors, whatever the ring's size
    if n * k > 20_000:
        raise GameError(f"SG values of rings are searched while coins × K ≤ 20,000; got {n} × {k}")
    return circle.ring_grundy(n, k)


def _circle_single(n: int, o: Options) -> tuple[Outcome, list[tuple[str, Replacement]]]:
    k = o.max or 2
    result = circle.outcome(n, k)
    if result == "P":
        return result, []
    t = n if n <= k else 1  # take all, or (k = 1, n odd) any single coin
    return result, [(f"take {t} adjacent coin{'s' if t > 1 else ''}", [f"row {n - t}"] if n > t else [])]


def _k(o: Options) -> int:
    if o.k is None or o.k < 1:
        raise GameError("the k-multiple game needs --k K, K ≥ 1")
    if o.k > 1000:
        raise GameError(f"--k may be at most 1000; got {o.k}")
    return o.k


def _kmult_single(n: int, o: Options) -> tuple[Outcome, list[tuple[str, Replacement]]]:
    k = _k(o)
    outcome = kmultiple.outcome(n, k)
    if n <= 150:  # small enough to list every winning first move by search
        return outcome, _kmult_moves(n, 0, o)
    take = kmultiple.winning_first_move(n, k)  # the closed form gives one: the smallest part
    moves = [] if take is None else [(f"take {take} (next move at most {k * take}; the smallest part of {n}'s decomposition)",
                                       [f"{n - take} (at most {k * take})"])]
    return outcome, moves


def _kmult_grundy(n: int, o: Options) -> int:
    if n > 150:
        raise GameError(f"SG values of the k-multiple game are found by search, up to heaps of 150; got {n}")
    return Solver(kmultiple.KMultipleGame(_k(o))).grundy(kmultiple.start(n))


def _kmult_moves(n: int, target: int, o: Options) -> list[tuple[str, Replacement]]:
    k = _k(o)
    solver = Solver(kmultiple.KMultipleGame(k))
    return [
        (m.description, [f"{m.position[0]} (at most {m.position[1]})"])
        for m in kmultiple.KMultipleGame(k).options(kmultiple.start(n))
        if solver.grundy(m.position) == target
    ]


def _euclid_single(pos: tuple[int, int], _o: Options) -> tuple[Outcome, list[tuple[str, Replacement]]]:
    """Closed rule, piles of any size: from (x, y) with y ≥ 2x only (x, y mod x) and
    (x, y mod x + x) can be P (anything else leaves y' ≥ 2x); otherwise the move is forced."""
    x, y = sorted(pos)
    outcome = euclid.outcome(x, y)
    if outcome == "P" or x == 0:
        return outcome, []
    candidates = {y % x, y % x + x} if y >= 2 * x else {y - x}
    moves = []
    for left in sorted(candidates):
        if left < y and euclid.outcome(x, left) == "P":
            k = (y - left) // x
            moves.append((f"take {k}×{x} = {k * x} from the pile of {y}", [f"{x},{left}"]))
    return outcome, moves


def _stairs_parse(text: str, _o: Options) -> tuple[int, ...]:
    return tuple(_int(c, "a step", lo=0) for c in text.split(","))


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in [
        _takeaway_family("bash", _bash, _bash_moves),
        _takeaway_family("subtraction", _rule),
        Family(
            "nim",
            parse=lambda text, o: _int(text, "a heap"),
            format=lambda n, o: str(n),
            grundy=lambda n, o: n,
            moves_to_value=_nim_moves,
            game=lambda o: nim.NimHeap(),
        ),
        Family(
            "wythoff",
            parse=lambda text, o: _pair(text, "a position a,b"),
            format=lambda p, o: f"{p[0]},{p[1]}",
            grundy=_wythoff_grundy,
            moves_to_value=_by_search(wythoff.WythoffGame(), lambda p: f"{p[0]},{p[1]}"),
            game=lambda o: wythoff.WythoffGame(),
            single=_wythoff_single,
        ),
        Family(
            "kiki",
            parse=_kiki_parse,
            format=_kiki_format,
            grundy=_kiki_grundy,
            moves_to_value=_kiki_moves,
            game=lambda o: grids.KikiGame(),
            single=lambda p, o: (
                grids.kiki_outcome(*p),
                [(m.description, [_kiki_format(m.position, o)]) for m in grids.kiki_winning_moves(*p)],
            ),
        ),
        Family(
            "marbles",
            parse=_marbles_parse,
            format=lambda p, o: f"{p[0]},{p[1]}",
            grundy=_marbles_grundy,
            moves_to_value=_marbles_moves,
        ),
        Family(
            "bomb",
            parse=lambda text, o: _pair(text, "a bomb p,q", lo=1),
            format=lambda p, o: f"{p[0]},{p[1]}",
            grundy=lambda p, o: grids.BOMBS.grundy(*p),
            moves_to_value=_bomb_moves,
        ),
        Family(
            "euclid",
            parse=lambda text, o: _pair(text, "a position a,b"),
            format=lambda p, o: f"{p[0]},{p[1]}",
            grundy=lambda p, o: euclid.grundy(*p),
            moves_to_value=_by_search(euclid.EuclidGame(), lambda p: f"{p[0]},{p[1]}"),
            game=lambda o: euclid.EuclidGame(),
            single=_euclid_single,
        ),
        Family(
            "circle",
            parse=lambda text, o: _int(text, "a ring", lo=1),
            format=lambda n, o: str(n),
            grundy=lambda n, o: _ring_grundy(n, o),
            moves_to_value=_circle_moves,
            single=_circle_single,
        ),
        Family(
            "staircase",
            parse=_stairs_parse,
            format=lambda s, o: ",".join(map(str, s)),
            grundy=lambda s, o: staircase.grundy(s),
            moves_to_value=lambda s, t, o: [(m.description, [",".join(map(str, m.position))]) for m in staircase.moves_to_value(s, t)],
            game=lambda o: staircase.StaircaseGame(),
        ),
        Family(
            "k-multiple",
            parse=lambda text, o: _int(text, "a heap", lo=1),
            format=lambda n, o: str(n),
            grundy=_kmult_grundy,
            moves_to_value=_kmult_moves,
            single=_kmult_single,
        ),
        Family(
            "mock-turtles",
            parse=lambda text, o: turtles.parse_row(text),
            format=lambda r, o: turtles.format_row(r),
            grundy=lambda r, o: turtles.grundy(r),
            moves_to_value=lambda r, t, o: [(m.description, [turtles.format_row(m.position)]) for m in turtles.moves_to_value(r, t)],
            game=lambda o: turtles.MockTurtles(),
        ),
    ]
}


MISERE_POSITIONS = 30_000  # misère has no closed form in general: search small positions only
MAX_LISTED = 1000  # each listed move carries the whole position: 10^5 heaps would mean gigabytes


def solve(game: str, components: Sequence[str], options: Options = Options(), *, misere: bool = False) -> Solution:
    """Solve the sum of ``components`` of one family. At most MAX_LISTED winning moves are
    spelled out; ``winning_moves_total`` then says how many there are.

    >>> solve("nim", ["14", "21", "39"]).winning_moves[0]
    WinningMove(description='take 12 from heap 3', position=['14', '21', '27'])
    """
    family = FAMILIES.get(game)
    if family is None:
        raise GameError(f"unknown game {game!r}; choose one of {', '.join(FAMILIES)}")
    if not components:
        raise GameError("give at least one component")
    positions = [family.parse(text, options) for text in components]
    shown = [family.format(p, options) for p in positions]

    def replaced(i: int, replacement: Replacement) -> list[str]:
        return shown[:i] + replacement + shown[i + 1 :]

    if misere:
        return _solve_misere(family, positions, shown, options)
    if game == "euclid" and options.every:
        return _solve_every(positions, shown)
    if game == "marbles":
        home = [i for i, p in enumerate(positions) if grids.goes_home_at_once(*p)]
        if home:
            return _marbles_home(positions, shown, home)
    if game == "nim" and len(positions) > 1:
        nim_moves = nim.winning_moves(positions)
        listed = [WinningMove(str(m), replaced(m.heap - 1, [str(m.left)])) for m in nim_moves[:MAX_LISTED]]
        counted: dict[str, Any] = {"winning_moves_total": len(nim_moves)} if len(nim_moves) > MAX_LISTED else {}
        return Solution(game, shown, nim.outcome(positions), nim_sum(positions), listed, counted)
    if len(positions) == 1 and family.single is not None:
        outcome, single_moves = family.single(positions[0], options)
        try:
            sg: int | None = family.grundy(positions[0], options)
        except GameError:
            sg = None  # the outcome has a closed form even where the SG value is out of reach
        return Solution(game, shown, outcome, sg, [WinningMove(d, replaced(0, r)) for d, r in single_moves])
    values = [family.grundy(p, options) for p in positions]
    total = nim_sum(values)
    moves = []
    extra: dict[str, Any] = {"component_sg": values} if len(values) > 1 else {}
    if total:
        found: list[tuple[int, str, Replacement]] = []
        try:
            for i, (p, v) in enumerate(zip(positions, values)):
                found.extend((i, d, r) for d, r in family.moves_to_value(p, v ^ total, options))
        except GameError as error:  # the verdict stands; only the list of moves is out of reach
            found, extra["note"] = [], f"winning moves not listed: {error}"
        moves = [WinningMove(_in(d, i, len(positions)), replaced(i, r)) for i, d, r in found[:MAX_LISTED]]
        if len(found) > MAX_LISTED:
            extra["winning_moves_total"] = len(found)
    return Solution(game, shown, outcome_of(total), total, moves, extra)


def _in(description: str, i: int, count: int) -> str:
    return description if count == 1 else f"{description} in component {i + 1}"


def _solve_misere(family: Family, positions: list[Any], shown: list[str], options: Options) -> Solution:
    if family.name == "nim":
        moves = [
            WinningMove(str(m), shown[: m.heap - 1] + [str(m.left)] + shown[m.heap :])
            for m in nim.misere_winning_moves(positions)
        ]
        return Solution("nim", shown, nim.misere_outcome(positions), None, moves, {"misere": True})
    if family.name == "bash" and len(positions) == 1:
        # misère Bash: P ⇔ n mod (m+1) = 1 (play normal Bash on n − 1); proved in lesson 3
        n, m = positions[0], _bash(options).m  # type: ignore[attr-defined]
        take = (n - 1) % (m + 1)
        moves = [WinningMove(f"take {take}", [str(n - take)])] if 1 <= take <= min(n, m) else []
        return Solution("bash", shown, "P" if n % (m + 1) == 1 else "N", None, moves, {"misere": True})
    if family.game is None:
        raise GameError(f"misère play is not available for {family.name}")
    game = family.game(options)
    total = SumGame(tuple(game for _ in positions))
    start = tuple(positions)
    solver = misere_solver(total, max_positions=MISERE_POSITIONS)  # one memo for the position and every move
    try:
        result = solver.outcome(start)
    except GameError as error:
        raise GameError(f"misère play is solved by search, for positions within {MISERE_POSITIONS:,} "
                        f"reachable positions; this one has more") from error
    moves = [
        WinningMove(m.description if len(positions) > 1 else m.description.rsplit(" in component", 1)[0],
                    [family.format(p, options) for p in m.position])
        for m in total.options(start)
        if solver.outcome(m.position) == "P"
    ]
    return Solution(family.name, shown, result, None, moves, {"misere": True})


def _solve_every(positions: list[tuple[int, int]], shown: list[str]) -> Solution:
    """Every-SG: each turn moves in *every* unfinished game. The winner of a game plays it long,
    the loser short, so the strategic turn makes, in each game, the move that keeps its step
    count: to a P-position with the most steps left if the game is won, else the fewest."""
    counts = [euclid.steps(*p) for p in positions]
    result: Outcome = euclid.every_sg_outcome(positions)
    game = euclid.EuclidGame()
    parts, after = [], list(shown)
    for i, p in enumerate(positions):
        options = list(game.options(p))
        if not options:
            continue
        winning = euclid.outcome(*p) == "N"
        good = [m for m in options if euclid.steps(*m.position) == counts[i] - 1
                and (not winning or euclid.outcome(*m.position) == "P")]
        m = good[0]
        parts.append(f"game {i + 1}: {m.description}")
        after[i] = f"{m.position[0]},{m.position[1]}"
    moves = [WinningMove("; ".join(parts), after)] if result == "N" and parts else []
    return Solution("euclid", shown, result, None, moves, {"every": True, "steps": counts})


def _marbles_home(positions: list[tuple[int, int]], shown: list[str], home: list[int]) -> Solution:
    """Some marble can go home at once, so the player to move wins. Every winning move: send a
    home-line marble home, or — when it is the only one — move it off the home lines to a square
    that makes the cut-down game's XOR 0 (the opponent then faces a P-position)."""
    moves = [WinningMove(f"move marble {i + 1} from {shown[i]} to 0,0 and win", shown[:i] + ["0,0"] + shown[i + 1:])
             for i in home]
    if len(home) == 1:
        i = home[0]
        rest = nim_sum(grids.marbles_grundy(*p) for j, p in enumerate(positions) if j != i)
        r, c = positions[i]
        targets = [(r - t, c) for t in range(1, r + 1)] + [(r, c - t) for t in range(1, c + 1)] + \
                  [(r - t, c - t) for t in range(1, min(r, c) + 1)]
        for to in targets:
            if to != (0, 0) and not grids.goes_home_at_once(*to) and grids.marbles_grundy(*to) == rest:
                moves.append(WinningMove(f"move marble {i + 1} from {shown[i]} to {to[0]},{to[1]}",
                                         shown[:i] + [f"{to[0]},{to[1]}"] + shown[i + 1:]))
    return Solution("marbles", shown, "N", None, moves, {"note": "a marble can reach 0,0 in one move"})


__all__ = ["FAMILIES", "Family", "Options", "Solution", "WinningMove", "solve", "Move"]
