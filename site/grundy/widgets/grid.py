"""A 2-D P/N or SG grid for every game of two numbers that says how it is drawn (Family.board).

Click a cell to see its options and why it is P or N; Next fills the grid one cell at a time in
reading order (every option of a cell lies above it or to its left, so it is already filled).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from typing import Any

from markupsafe import Markup, escape

from grundy.games.core import Board
from grundy.games.family import Family
from grundy.games.registry import FAMILIES, family
from grundy.games.wythoff import WythoffFamily
from grundy.i18n import N_, _
from grundy.words import describe
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.numerals import as_pairs, read_whole
from grundy.widgets.params import BadParameter, apply_overrides, hide_query, shown

NAME = "grid"
TITLE = N_("P/N and SG grids of two-number games")
BLURB = N_("Each cell is a position given by two numbers. Click one to see its moves; Next fills the grid in order.")
# The buttons send "pick" (a cell) and "go" (a step) so the hidden current cell and step can
# ride along in the same form: a click on a cell keeps the step, a step keeps the cell.
OVERRIDES = {"pick": "cell", "go": "step"}


MAX_SIZE = 24  # 25 × 25 cells: the largest grid that fits a phone's width and a projected screen


# The registry's games of two numbers that say how they are drawn as a grid (Family.board), in
# the registry's order: a new board game needs no edit here.
GRID_GAMES: dict[str, Board] = {key: kind.board for key, kind in FAMILIES.items() if kind.board is not None}
GAMES = tuple(GRID_GAMES)
GAME_NAMES = {key: g.name for key, g in GRID_GAMES.items()}
GAME = spec.Param("game", "choice", N_("game"), default=WythoffFamily.key, choices=GAMES)
SIZE = spec.Param("size", "int", N_("The grid size"), default="12", lo=2, hi=MAX_SIZE)
CELL = spec.Param("cell", "text", N_("The cell"), help="e.g. `3,5`")
STEP = spec.step((MAX_SIZE + 1) ** 2)
PARAMS = (GAME, SIZE, spec.SG, CELL, STEP, spec.HIDE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)



@dataclass(frozen=True, slots=True)
class Params:
    game: str
    size: int
    sg: bool
    cell: tuple[int, int] | None
    step: int | None
    hide: bool = True  # while stepping, cells not reached yet are blank (else all shown, the step marked)

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"cell": self.cell, "step": self.step, "hide": self.hide} | changes
        q = {"game": self.game, "size": str(self.size)}
        if self.sg:
            q["sg"] = "1"
        cell = fields["cell"]
        if cell is not None:
            assert isinstance(cell, tuple)
            q["cell"] = f"{cell[0]},{cell[1]}"
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))

    @property
    def first(self) -> int:
        """The bomb game counts rows and columns from 1, the others from 0."""
        return GRID_GAMES[self.game].first

    @property
    def cells(self) -> int:
        return (self.size + 1 - self.first) ** 2

    def order(self) -> list[tuple[int, int]]:
        """Every cell (row, column) in the order the steps fill them: row by row, left to right."""
        side = range(self.first, self.size + 1)
        return [(r, c) for r in side for c in side]


def parse(args: Mapping[str, str]) -> Params:
    args = apply_overrides(args, OVERRIDES)
    game = GAME.choice(args)
    size = SIZE.whole(args)
    sg = spec.SG.flag(args)
    raw = as_pairs(args.get("cell", ""))  # (3, 5) is 3,5
    cell = None
    if raw:
        parts = [read_whole(p.strip(), max_digits=3) for p in raw.split(",")]
        if len(parts) != 2 or parts[0] is None or parts[1] is None:
            raise BadParameter("cell", _("The cell is two numbers with a comma, like 3,5; got %(got)s.", got=shown(raw, 20)))
        cell = (parts[0], parts[1])
        lo = GRID_GAMES[game].first
        if not all(lo <= v <= size for v in cell):
            raise BadParameter("cell", _("The cell must lie on the grid, %(lo)s to %(hi)s each way; got %(got)s.",
                                         lo=lo, hi=size, got=shown(raw, 20)))
    count = (size + 1 - GRID_GAMES[game].first) ** 2
    step = STEP.optional_whole(args, hi=count)
    return Params(game, size, sg, cell, step, spec.HIDE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """Where stepping goes on after a settings change (projected): as far as the new grid can be
    filled in reading order with cells the class has already seen, so a smaller or larger grid
    of the same game (or SG values switched) reveals nothing new; another game starts from 0."""
    if old.step is None or old.game != new.game:
        return 0
    seen = set(old.order()[: old.step])
    step = 0
    for cell in new.order():
        if cell not in seen:
            break
        step += 1
    return step


@dataclass(frozen=True, slots=True)
class Option:
    description: str
    value: int | None  # None: a move that wins at once (Marbles: onto a home line)
    detail: str = ""
    cells: tuple[tuple[int, int], ...] = ()  # the grid cells (row, column) its value comes from
    shown: bool = True  # False: one of those cells is not filled yet, so its value is not said

    def line(self, sg: bool) -> str:
        """The move and the value of where it leads, in the reader's language: one cell
        ("→ (3, 5) — P", "— SG 2" with SG values on), or two bombs' cells, whose XOR is its
        detail ("— SG 1 ⊕ 2 = 3 (N)"). Said here rather than by a template macro: a bomb's 40
        options took a macro call each (the template escapes the line)."""
        move, detail, by_sg = self.description, self.detail, self.detail.startswith("SG")
        if self.value is None:
            return _("%(move)s — wins at once", move=move)
        if not self.shown:
            return (_("%(move)s — not filled yet", move=move) if by_sg
                    else _("%(move)s %(detail)s — not filled yet", move=move, detail=detail))
        outcome = "P" if self.value == 0 else "N"
        if by_sg:
            return (_("%(move)s — %(detail)s", move=move, detail=detail) if sg
                    else _("%(move)s — %(detail)s (%(outcome)s)", move=move, detail=detail, outcome=outcome))
        return (_("%(move)s %(detail)s — SG %(value)s", move=move, detail=detail, value=self.value) if sg
                else _("%(move)s %(detail)s — %(outcome)s", move=move, detail=detail, outcome=outcome))


@dataclass(frozen=True, slots=True)
class CellWords:
    """What a cell's button says to a screen reader, in the reader's language, looked up and
    HTML-escaped once per board (625 cells): %-templates filled per cell with numbers and the
    letters P and N, which need no escaping."""

    blank: str  # "(%(r)s, %(c)s), not yet filled"
    named: str  # "(%(r)s, %(c)s): %(said)s"
    named_sg: str  # the same with "%(said)s, SG %(value)s" in place of the said
    target: str  # (0, 0) in Marbles: "home"
    home: str  # a Marbles square on a home line: "W, goes home in one move"

    @classmethod
    def here(cls) -> CellWords:
        # gettext without arguments gives the template itself, to be filled with % below; each
        # message is written in its own _() call, where the extractor (babel.cfg) finds it
        named = str(escape(_("(%(r)s, %(c)s): %(said)s")))
        return cls(str(escape(_("(%(r)s, %(c)s), not yet filled"))), named,
                   named.replace("%(said)s", str(escape(_("%(said)s, SG %(value)s")))), str(escape(_("home"))),
                   str(escape(_("W, goes home in one move"))))


@dataclass(frozen=True, slots=True)
class Cell:
    r: int
    c: int
    value: int | None  # SG; None for Marbles squares that go home in one move, and (0, 0)
    kind: str  # "P", "N", "home" (a marble can go home from here at once), "target" (0, 0)
    filled: bool
    current: bool
    selected: bool

    def html(self, sg: bool, words: CellWords) -> Markup:
        """The cell's <td>, written here rather than in the template: a 24 × 24 board is 625 of
        them, and Jinja spent most of the widget's time on them. Every value is a number or one
        of the catalogue's fixed words, escaped once per board (CellWords), so the cell is safe as it is."""
        at = f"{self.r},{self.c}"
        pressed = ' aria-pressed="true"' if self.selected else ""
        if not self.filled:
            blank = words.blank % {"r": self.r, "c": self.c}
            return Markup(f'<td class="is-blank{" is-selected" if self.selected else ""}"><button type="submit" name="pick"'
                          f' value="{at}" aria-label="{blank}">·</button></td>')
        # the name starts with what the cell shows (W, ◎, P, N or a value), as speech input expects
        said = words.target if self.kind == "target" else words.home if self.kind == "home" else self.kind
        template = words.named_sg if sg and self.value is not None else words.named
        named = template % {"r": self.r, "c": self.c, "said": said, "value": self.value}
        face = "◎" if self.kind == "target" else "W" if self.kind == "home" else str(self.value) if sg else self.kind
        classes = f"is-{self.kind}{' is-current' if self.current else ''}{' is-selected' if self.selected else ''}"
        return Markup(f'<td class="{classes}"><button type="submit" name="pick" value="{at}" title="({self.r}, {self.c})"'
                      f' aria-label="{named}"{pressed}>{face}</button></td>')


def value(fam: Family[Any], r: int, c: int) -> int | None:
    """The cell's SG value; None where there is none (a marble that goes home at once, home)."""
    here = fam.table_cell(r, c)
    return None if here is None else fam.value_of(here)


def options(fam: Family[Any], r: int, c: int) -> list[Option]:
    """The moves that explain the cell's value, each with the value of where it leads: one
    cell, or for a move that leaves two pieces (a bomb), the XOR of their cells."""
    here = fam.table_cell(r, c)
    if here is None:
        return []
    found = []
    for action, parts in fam.shown_moves(here):
        after = fam.tidy(parts)
        total = fam.sum_grundy(after)  # None: the move finishes the game (a marble home)
        cells = tuple(fam.cell_of(p) for p in after)
        if total is None:
            found.append(Option(describe(action), None))
        elif len(after) == 1:
            found.append(Option(describe(action), total, f"→ ({cells[0][0]}, {cells[0][1]})", cells))
        else:
            parts_values = [fam.sg(p) for p in after]
            shown = " ⊕ ".join(str(v) for v in parts_values) if len(parts_values) > 1 else ""
            found.append(Option(describe(action), total, f"SG {shown} = {total}" if shown else "", cells))
    return found


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    game_name: str
    rows: list[list[Cell]]
    focus: Cell | None  # the cell whose reasons are shown: the one clicked, else the one just filled
    options: list[Option]  # the focus's moves; for a focus not filled yet, only those into filled cells are shown

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    def body_html(self) -> Markup:
        """The board's rows, each a header and its cells' <td>s (see :meth:`Cell.html`)."""
        sg = self.params.sg
        words = CellWords.here()
        return Markup("\n".join(f'<tr><th scope="row">{row[0].r}</th>{"".join(cell.html(sg, words) for cell in row)}</tr>'
                                 for row in self.rows))

    @property
    def option_values(self) -> list[int]:
        return sorted({o.value for o in self.options if o.value is not None})

    @property
    def winning(self) -> list[Option]:
        return [o for o in self.options if o.value == 0 or o.value is None]


def view(params: Params) -> View:
    fam = family(params.game)
    lo = params.first
    filled_count = params.cells if params.step is None or not params.hide else params.step
    rows: list[list[Cell]] = []
    current = selected = None
    index = 0
    for r in range(lo, params.size + 1):
        row = []
        for c in range(lo, params.size + 1):
            v = value(fam, r, c)
            kind = ("target" if GRID_GAMES[params.game].home and (r, c) == (0, 0) else "home" if v is None
                    else ("P" if v == 0 else "N"))
            is_current = params.step is not None and index == params.step - 1
            cell = Cell(r, c, v, kind, index < filled_count, is_current, params.cell == (r, c))
            if is_current:
                current = cell
            if cell.selected:
                selected = cell
            row.append(cell)
            index += 1
        rows.append(row)
    if GRID_GAMES[params.game].rows_up:
        rows.reverse()  # cells down count up from the bottom row: the coin moves down the screen too
    chosen = selected or current
    found = options(fam, chosen.r, chosen.c) if chosen else []
    if chosen is not None and not chosen.filled:
        # A blank cell picked while hiding: its moves are listed, but a value is said only where
        # the cell it comes from is filled, and a move that wins at once (which would make the
        # cell itself an N) is left out, like the cell's own letter.
        filled = set(params.order()[:filled_count])
        found = [replace(o, shown=all(cell in filled for cell in o.cells)) for o in found if o.value is not None]
    return View(params, GAME_NAMES[params.game], rows, chosen, found)

WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, step_keys=("step", *(b for b, f in OVERRIDES.items() if f == "step")),
                buttons=tuple(OVERRIDES), presentable=True)


__all__ = ["WIDGET", "parse", "resume_step", "view"]
