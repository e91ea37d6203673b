"""Every-SG on Euclid's game (HDU 3595): the step-count table, one pair's moves with the one its
winner or loser picks, and a sum of pairs played all at once with its longest game marked.

Euclid's game on piles x ≤ y: a move takes a positive multiple of x from y; a player with no
move (x = 0) loses. Under every-SG every unfinished game must be moved in each turn and the game
that finishes last decides. The winner of a game makes it last as long as possible and the loser
as short as possible; the number of moves that leaves is the game's *step count*, and the first
player wins the whole exactly when the largest step count is odd.

Next fills the table one pair at a time in the order the lesson's program does (by the larger
pile, then the smaller): every move lowers the larger pile or empties the smaller, so a pair's
moves are always filled before it. Projected with "hide" on, pairs not reached yet are blank.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from markupsafe import Markup, escape

from grundy.games import euclid
from grundy.games.core import Outcome
from grundy.games.registry import family
from grundy.i18n import N_, _, translations
from grundy.numerals import as_pairs, read_whole
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter, apply_overrides, hide_query, shown
from grundy.widgets.sentences import ngettext

NAME = "every-sg"
TITLE = N_("Every-SG: step counts of Euclid's game")
BLURB = N_(
    "Each cell is a pair of piles with its outcome and step count: how long the game lasts when"
    " its winner plays long and its loser short. Click a pair for its moves; list several pairs"
    " to play them all at once."
)
MAX_SIZE = 20  # a table of 21 × 21 pairs
MAX_PILE = 1000  # HDU 3595's limit (step counts have a closed rule; a pair's moves are listed, up to 1000)
MAX_PAIRS = 8
SIZE = spec.Param("size", "int", N_("The largest pile in the table"), default="12", lo=2, hi=MAX_SIZE)
CELL = spec.Param("cell", "text", N_("The pair shown"), help=f"a pair like `5,8` (piles up to {MAX_PILE})")
PAIRS = spec.Param("pairs", "text", N_("The games played at once"),
                   help=f"up to {MAX_PAIRS} pairs like `3,5 2,7` (piles up to {MAX_PILE}): every one is moved each turn")
# Buttons send their own keys, so the form's fields ride along and the button wins: the step
# buttons "go" (a step kept in the form rides along with a clicked pair), "Play this turn" sends
# "turn" (the pairs after the turn; the pairs field holds the pairs before it).
OVERRIDES = {"go": "step", "turn": "pairs"}


def pair_count(size: int) -> int:
    """The pairs x ≤ y ≤ size: what the steps fill (the table shows each both ways round)."""
    return (size + 1) * (size + 2) // 2


STEP = spec.step(pair_count(MAX_SIZE), N_("The step (pairs filled)"), help=N_("start stepping with this many pairs filled"))
PARAMS = (SIZE, CELL, PAIRS, STEP, spec.HIDE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)

Pair = tuple[int, int]
EUCLID = family("euclid")


def _pair(text: str, name: str) -> Pair:
    parts = [read_whole(p.strip(), max_digits=4) for p in text.split(",")]
    if len(parts) != 2 or parts[0] is None or parts[1] is None or max(parts[0], parts[1]) > MAX_PILE:
        raise BadParameter(name, _("A pair is two piles like 5,8, each from 0 to %(most)s; got %(got)s.", most=MAX_PILE,
                                   got=shown(text, 20)))
    return parts[0], parts[1]


@dataclass(frozen=True, slots=True)
class Params:
    size: int
    cell: Pair | None
    pairs: tuple[Pair, ...]
    step: int | None = None  # None: the whole table; k: the first k pairs of order() filled
    hide: bool = True  # while stepping, pairs not reached yet are blank (else all shown, the step marked)

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"cell": self.cell, "step": self.step, "hide": self.hide} | changes
        q = {"size": str(self.size)}
        cell = fields["cell"]
        if cell is not None:
            assert isinstance(cell, tuple)
            q["cell"] = f"{cell[0]},{cell[1]}"
        if self.pairs:
            q["pairs"] = self.pairs_text()
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))

    def order(self) -> list[Pair]:
        """The pairs (x, y), x ≤ y, in the order the steps fill them: by y, then by x."""
        return [(x, y) for y in range(self.size + 1) for x in range(y + 1)]

    def pairs_text(self, pairs: tuple[Pair, ...] | None = None) -> str:
        return " ".join(f"{a},{b}" for a, b in (self.pairs if pairs is None else pairs))


def parse(args: Mapping[str, str]) -> Params:
    args = apply_overrides(args, OVERRIDES)
    size = SIZE.whole(args)
    raw_cell = as_pairs(args.get("cell", ""))  # (5, 8) is 5,8
    cell = _pair(raw_cell, "cell") if raw_cell else None
    items = [p for p in re.split(r"[\s;]+", as_pairs(args.get("pairs", ""))) if p]
    if len(items) > MAX_PAIRS:
        raise BadParameter("pairs", _("At most %(most)s games at once; got %(got)s.", most=MAX_PAIRS, got=len(items)))
    step = STEP.optional_whole(args, hi=pair_count(size))
    return Params(size, cell, tuple(_pair(p, "pairs") for p in items), step, spec.HIDE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """The order is the same for every table size, so a resized table keeps its step (within
    the new size): the class has seen exactly those pairs."""
    return 0 if old.step is None else min(old.step, pair_count(new.size))


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

    @property
    def sentence(self) -> Markup:
        """This game in the list of games played at once: its step count, whether it is the
        longest, and its move this turn (or that it is finished)."""
        (a, b), count = self.pair, self.steps
        if self.move is None and self.longest:
            return ngettext("(%(a)s, %(b)s): %(count)s step — the longest; finished",
                            "(%(a)s, %(b)s): %(count)s steps — the longest; finished", count, a=a, b=b)
        if self.move is None:
            return ngettext("(%(a)s, %(b)s): %(count)s step; finished", "(%(a)s, %(b)s): %(count)s steps; finished", count, a=a, b=b)
        take, (c, d) = self.move.take, self.move.after
        if self.longest:
            return ngettext("(%(a)s, %(b)s): %(count)s step — the longest; this turn: take %(take)s → (%(c)s, %(d)s)",
                            "(%(a)s, %(b)s): %(count)s steps — the longest; this turn: take %(take)s → (%(c)s, %(d)s)",
                            count, a=a, b=b, take=take, c=c, d=d)
        return ngettext("(%(a)s, %(b)s): %(count)s step; this turn: take %(take)s → (%(c)s, %(d)s)",
                        "(%(a)s, %(b)s): %(count)s steps; this turn: take %(take)s → (%(c)s, %(d)s)",
                        count, a=a, b=b, take=take, c=c, d=d)


class CellWords:
    """The words of the table's cells, looked up once per table: a table of piles up to 24 is 625
    cells of two sentences each, and saying each through Jinja was most of the widget's time.
    Every value put into them is a number or the letter P or N, and the catalogue's templates are
    escaped once here, so a filled cell is safe as it is."""

    def __init__(self) -> None:
        self._catalogue = translations()
        self.blank = str(escape(self._catalogue.ugettext("(%(x)s, %(y)s): not yet filled")))
        self._by_steps: dict[int, tuple[str, str]] = {}

    def of(self, steps: int) -> tuple[str, str]:
        """The title and the spoken name of a filled cell of ``steps`` steps (a plural each)."""
        found = self._by_steps.get(steps)
        if found is None:
            catalogue = self._catalogue  # ungettext by its own name, where the extractor finds the messages
            found = self._by_steps[steps] = (
                str(escape(catalogue.ungettext("(%(x)s, %(y)s): %(o)s, %(num)s step", "(%(x)s, %(y)s): %(o)s, %(num)s steps",
                                               steps))),
                str(escape(catalogue.ungettext("%(o)s %(num)s step, at (%(x)s, %(y)s)", "%(o)s %(num)s steps, at (%(x)s, %(y)s)",
                                               steps))))
        return found


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    table: list[list[tuple[Outcome, int]]]  # [x][y] → (outcome, steps)
    focus: Focus | None
    games: list[Game]
    verdict: str | None  # "N" or "P" for the sum, None without pairs
    filled: frozenset[Pair]  # the pairs (x ≤ y) shown: all of them unless stepping with hide on
    current: Pair | None  # the pair the last step filled

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    @property
    def hiding(self) -> bool:
        return self.stepping and self.params.hide

    def in_play(self, x: int, y: int) -> bool:
        """Whether the pair is one of the games played at once (ringed in the table)."""
        return (min(x, y), max(x, y)) in {(min(g.pair), max(g.pair)) for g in self.games}

    def rows(self) -> list[Markup]:
        """Each row's cells (<td>s), written here rather than in the template (see CellWords)."""
        words = CellWords()
        chosen = self.params.cell
        played = {(min(g.pair), max(g.pair)) for g in self.games}
        rows = []
        for x, row in enumerate(self.table):
            cells = []
            for y, (o, s) in enumerate(row):
                pair = (min(x, y), max(x, y))
                values = {"x": x, "y": y, "o": o, "num": s}
                if pair not in self.filled:
                    cells.append(f'<td><span class="cell is-blank" aria-label="{words.blank % values}">·</span></td>')
                    continue
                title, label = words.of(s)
                marks = (" is-current" if (chosen == (x, y) if chosen else pair == self.current) else "") + (
                    " is-played" if pair in played else "")
                cells.append(f'<td><button type="submit" name="cell" value="{x},{y}" class="cell is-{o}{marks}"'
                             f' title="{title % values}" aria-label="{label % values}"><span class="o">{o}</span>'
                             f' <span class="steps">{s}</span></button></td>')
            rows.append(Markup("".join(cells)))
        return rows

    @property
    def ringed(self) -> bool:
        """Whether some game played at once has its cell in the table."""
        return any(max(g.pair) <= self.params.size for g in self.games)

    @property
    def longest_steps(self) -> int:
        return max((g.steps for g in self.games), default=0)

    @property
    def turn_text(self) -> str:
        """The pairs after this turn's move in every game (a finished game stays as it is)."""
        return self.params.pairs_text(tuple(g.move.after if g.move else g.pair for g in self.games))

    @property
    def verdict_sentence(self) -> Markup:
        """Who makes the longest game's last move, and so wins the sum (some game is unfinished)."""
        count = self.longest_steps
        if self.verdict == "N":
            return ngettext("The longest game lasts %(count)s more move, an odd number, so <strong>the player to move now</strong> makes "
                            "its last move and wins.",
                            "The longest game lasts %(count)s more moves, an odd number, so <strong>the player to move now</strong> makes "
                            "its last move and wins.", count)
        return ngettext("The longest game lasts %(count)s more move, an even number, so <strong>the other player</strong>, not the one "
                        "to move now, makes its last move and wins.",
                        "The longest game lasts %(count)s more moves, an even number, so <strong>the other player</strong>, not the one "
                        "to move now, makes its last move and wins.", count)


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
    order = params.order()
    step = params.step
    filled = frozenset(order if step is None or not params.hide else order[:step])
    current = order[step - 1] if step else None
    focus = None
    shown_cell = params.cell if params.cell is not None and (min(params.cell), max(params.cell)) in filled else None
    explained = shown_cell or current  # a blank pair is not explained while hiding: the class works it out
    if explained is not None:
        a, b = explained
        focus = Focus(explained, euclid.outcome(a, b), euclid.steps(a, b), options(explained))
    games: list[Game] = []
    verdict = None
    if params.pairs:
        counts = [euclid.steps(a, b) for a, b in params.pairs]
        top = max(counts)
        for pair, count in zip(params.pairs, counts):
            move = next((o for o in options(pair) if o.chosen), None)
            games.append(Game(pair, euclid.outcome(*pair), count, count == top, move))
        verdict = "N" if top % 2 == 1 else "P"
    return View(params, table, focus, games, verdict, filled, current)


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, step_keys=("step", "go"),
                buttons=tuple(OVERRIDES), presentable=True)


__all__ = ["WIDGET", "options", "parse", "view"]
