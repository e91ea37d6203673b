"""Every-SG on Euclid's game (HDU 3595): the step-count table, one pair's moves with the one its
winner or loser picks, and a sum of pairs played all at once with its longest game marked.

Euclid's game on piles x ≤ y: a move takes a positive multiple of x from y; a player with no
move (x = 0) loses. Under every-SG every unfinished game must be moved in each turn and the game
that finishes last decides. The winner of a game makes it last as long as possible and the loser
as short as possible; the number of moves that leaves is the game's *step count*, and the first
player wins the whole exactly when the largest step count is odd.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games import euclid
from grundy.games.core import Outcome
from grundy.games.registry import family
from grundy.numerals import read_whole
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter

NAME = "every-sg"
TITLE = "Every-SG: step counts of Euclid's game"
BLURB = (
    "Each cell is a pair of piles with its outcome and step count: how long the game lasts when"
    " its winner plays long and its loser short. Click a pair for its moves; list several pairs"
    " to play them all at once."
)
MAX_SIZE = 20  # a table of 21 × 21 pairs
MAX_PILE = euclid.MAX_SEARCHED_PILE  # HDU 3595's limit: step counts are searched up to here
MAX_PAIRS = 8
SIZE = spec.Param("size", "int", "The largest pile in the table", default="12", lo=2, hi=MAX_SIZE)
CELL = spec.Param("cell", "text", "The pair shown", help=f"a pair like `5,8` (piles up to {MAX_PILE})")
PAIRS = spec.Param("pairs", "text", "The games played at once",
                   help=f"up to {MAX_PAIRS} pairs like `3,5 2,7` (piles up to {MAX_PILE}): every one is moved each turn")
PARAMS = (SIZE, CELL, PAIRS)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)

Pair = tuple[int, int]
EUCLID = family("euclid")


def _pair(text: str, name: str) -> Pair:
    parts = [read_whole(p.strip(), max_digits=4) for p in text.split(",")]
    if len(parts) != 2 or parts[0] is None or parts[1] is None or max(parts[0], parts[1]) > MAX_PILE:
        raise BadParameter(name, f"A pair is two piles like 5,8, each from 0 to {MAX_PILE}; got {text[:20]!r}.")
    return parts[0], parts[1]


@dataclass(frozen=True, slots=True)
class Params:
    size: int
    cell: Pair | None
    pairs: tuple[Pair, ...]

    def query(self, **changes: object) -> dict[str, str]:
        q = {"size": str(self.size)}
        cell = changes.get("cell", self.cell)
        if cell is not None:
            assert isinstance(cell, tuple)
            q["cell"] = f"{cell[0]},{cell[1]}"
        if self.pairs:
            q["pairs"] = self.pairs_text()
        return q

    def pairs_text(self, pairs: tuple[Pair, ...] | None = None) -> str:
        return " ".join(f"{a},{b}" for a, b in (self.pairs if pairs is None else pairs))


def parse(args: Mapping[str, str]) -> Params:
    size = SIZE.whole(args)
    raw_cell = args.get("cell", "").strip()
    cell = _pair(raw_cell, "cell") if raw_cell else None
    items = [p for p in re.split(r"[\s;]+", args.get("pairs", "").strip()) if p]
    if len(items) > MAX_PAIRS:
        raise BadParameter("pairs", f"At most {MAX_PAIRS} games at once; got {len(items)}.")
    return Params(size, cell, tuple(_pair(p, "pairs") for p in items))


@dataclass(frozen=True, slots=True)
class Option:
    after: Pair
    take: int  # the stones taken: a multiple of the smaller pile
    outcome: str
    steps: int
    chosen: bool  # the move the player who wins (or loses) this game makes


@dataclass(frozen=True, slots=True)
class Focus:
    pair: Pair
    outcome: str
    steps: int
    options: list[Option]


@dataclass(frozen=True, slots=True)
class Game:
    pair: Pair
    outcome: str
    steps: int
    longest: bool
    move: Option | None  # the strategic move in this game, this turn


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    table: list[list[tuple[Outcome, int]]]  # [x][y] → (outcome, steps)
    focus: Focus | None
    games: list[Game]
    verdict: str | None  # "N" or "P" for the sum, None without pairs

    @property
    def longest_steps(self) -> int:
        return max((g.steps for g in self.games), default=0)


def options(pair: Pair) -> list[Option]:
    """Every move from a pair, with the one its winner (longest way to P) or loser (shortest) picks."""
    x, y = sorted(pair)
    if x == 0:
        return []
    found = []
    for k in range(1, y // x + 1):
        after = tuple(sorted((x, y - k * x)))
        found.append((k * x, (after[0], after[1])))
    choice = EUCLID.every_move((x, y))  # the one strategy, as the computer plays it in /play
    assert choice is not None  # x > 0: a move is left
    picked = EUCLID.canonical(choice[1][0])
    return [Option(after, take, euclid.outcome(*after), euclid.steps(*after), after == picked) for take, after in found]


def view(params: Params) -> View:
    n = params.size
    table = [[(euclid.outcome(x, y), euclid.steps(x, y)) for y in range(n + 1)] for x in range(n + 1)]
    focus = None
    if params.cell is not None:
        a, b = params.cell
        focus = Focus(params.cell, euclid.outcome(a, b), euclid.steps(a, b), options(params.cell))
    games: list[Game] = []
    verdict = None
    if params.pairs:
        counts = [euclid.steps(a, b) for a, b in params.pairs]
        top = max(counts)
        for pair, count in zip(params.pairs, counts):
            chosen = [o for o in options(pair) if o.chosen]
            games.append(Game(pair, euclid.outcome(*pair), count, count == top, chosen[0] if chosen else None))
        verdict = "N" if top % 2 == 1 else "P"
    return View(params, table, focus, games, verdict)


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view)


__all__ = ["WIDGET", "options", "parse", "view"]
