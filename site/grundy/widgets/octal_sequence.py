"""Take-and-break games (lesson 15) at one screen: the SG sequence of an octal code (or of Grundy's
game), stepped one heap at a time with the values hidden until reached, the preperiod and the
periods shaded once everything is shown, and the check the Octal Periodicity Theorem asks for; under
it, a row of pins to play against the server, which answers with a winning move whenever it has one.

The game comes from the family registry (``octal`` with its code, or ``grundys-game``), so the
widget knows no game by name: the moves, values and amounts a move may take are the family's.
The row's state is the position the reader's last move left (``heaps``); the server's reply to it
is worked out again on every request (it is a function of the position), so the URL is the state.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any

from grundy.games import octal
from grundy.games.core import GameError
from grundy.games.registry import family
from grundy.i18n import N_, _
from grundy.numerals import read_whole
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter, hide_query, shown
from grundy.words import error_message

NAME = "octal-sequence"
TITLE = N_("Take-and-break games: SG values, their period, and a row to play")
BLURB = N_(
    "Type an octal code (.77 is Kayles): the SG values appear one heap at a time, predict each before"
    " you reveal it; with everything shown the preperiod and the periods are shaded. Below, knock down"
    " pins as the code allows; the server answers with a winning move when it has one."
)
MAX_UPTO = 200  # the largest heap the strip shows: 201 cells, computed in well under a millisecond
MAX_PINS = 20  # pins in the row to play: each a button big enough to tap, in two lines on a phone
GAMES = ("octal", "grundys-game")
GAME = spec.Param("game", "choice", N_("game"), default="octal", choices=GAMES,
                  labels=(N_("An octal game, by its code"), N_("Grundy's game: split a heap into two unequal heaps")))
CODE = spec.Param("code", "text", N_("The octal code"), default=".77", applies_when=("game", "octal"),
                  help=f"e.g. `.77` (Kayles), `.07`, `.137`, `4.07`; at most {octal.MAX_CODE_DIGITS} digits after the point")
UPTO = spec.Param("upto", "int", N_("The largest heap shown"), default="40", lo=0, hi=MAX_UPTO)
STEP = spec.step(MAX_UPTO + 1, N_("The step (heaps revealed)"), help=N_("start with this many values revealed"))
PINS = spec.Param("n", "int", N_("Pins in the row"), default="8", lo=1, hi=MAX_PINS)
TAKE = spec.Param("take", "int", N_("Pins a click takes"), lo=0, hi=octal.MAX_CODE_DIGITS,
                  help="0 cuts a row in two (where the game allows it); blank: the fewest that has a move on the rows")
HEAPS = spec.Param("heaps", "text", N_("The rows your move left"), max_items=MAX_PINS,
                   help=f"rows of pins, e.g. `3,2`, at most {MAX_PINS} pins in all; blank: a fresh row, you to move")
KEEP = spec.Param("keep", "text", N_("The rows kept"),
                  help="the rows, as the form carries them when a setting changes (a fresh row if they do not parse)")
STRIP = spec.Param("strip", "flag", N_("The strip only"),
                   help="1: the values alone, without the settings or the row to play (a quiz answer shows this)")
PARAMS = (GAME, CODE, UPTO, STEP, spec.HIDE, PINS, TAKE, HEAPS, KEEP, STRIP)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)


@dataclass(frozen=True, slots=True)
class Params:
    game: str
    code: octal.OctalCode | None  # None for Grundy's game
    upto: int
    step: int | None  # None: every value shown; s: the first s values revealed
    hide: bool
    n: int
    take: int | None  # None: the fewest pins the game allows
    heaps: tuple[int, ...] | None  # None: a fresh row of n, the reader to move
    strip: bool = False  # the values alone: no settings shown, no row to play

    @property
    def rule(self) -> dict[str, str]:
        return {"code": self.code.format()} if self.code is not None else {}

    def query(self, **changes: object) -> dict[str, str]:
        fields: dict[str, Any] = {"step": self.step, "hide": self.hide, "take": self.take, "heaps": self.heaps} | changes
        q = {"game": self.game} | self.rule | {"upto": str(self.upto)}
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        q |= hide_query(bool(fields["hide"]))
        q["n"] = str(self.n)
        if fields["take"] is not None:
            q["take"] = str(fields["take"])
        if fields["heaps"] is not None:
            q["heaps"] = heaps_text(fields["heaps"])
        if self.strip:
            q["strip"] = "1"
        return q


def heaps_text(heaps: tuple[int, ...]) -> str:
    """The rows as the URL writes them; ``0`` when no pin is left (blank means a fresh row)."""
    return ",".join(map(str, heaps)) or "0"


def _parse_heaps(raw: str) -> tuple[int, ...] | None:
    text = raw.strip()
    if not text:
        return None
    if text == "0":
        return ()
    items = [item.strip() for item in text.split(",")]
    if len(items) > MAX_PINS:
        raise BadParameter("heaps", _("At most %(most)s rows; got %(got)s.", most=MAX_PINS, got=len(items)))
    heaps = []
    for item in items:
        value = read_whole(item, max_digits=3)
        if value is None or not 1 <= value <= MAX_PINS:
            raise BadParameter("heaps", _("Each row is a number of pins from 1 to %(most)s, the rows separated by commas; got %(got)s.",
                                          most=MAX_PINS, got=shown(item, 20)))
        heaps.append(value)
    if sum(heaps) > MAX_PINS:
        raise BadParameter("heaps", _("The rows hold at most %(most)s pins in all; got %(got)s.", most=MAX_PINS, got=sum(heaps)))
    return tuple(heaps)


def parse(args: Mapping[str, str]) -> Params:
    game = GAME.choice(args)
    code = None
    if game == "octal":
        raw = args.get("code", "").strip() or CODE.default
        try:
            code = octal.OctalCode.parse(raw[:40])
        except GameError as error:
            raise BadParameter("code", _("The octal code: %(why)s.", why=error_message(error))) from error
    upto = UPTO.whole(args)
    step = STEP.optional_whole(args, hi=upto + 1)
    take = TAKE.optional_whole(args)
    if "heaps" not in args and args.get("keep", "").strip():
        # A setting changed mid-game: the same rows, if they still parse; else a fresh row.
        try:
            heaps = _parse_heaps(args["keep"])
        except BadParameter:
            heaps = None
    else:
        heaps = _parse_heaps(args.get("heaps", ""))
    params = Params(game, code, upto, step, spec.HIDE.flag(args), PINS.whole(args), take, heaps, STRIP.flag(args))
    amounts = takes(params)
    if take is not None and take not in amounts:
        raise BadParameter("take", _("This game never takes %(take)s pins in one move; a click may take %(choices)s.",
                                     take=take, choices=", ".join(map(str, amounts))))
    return params


def _family(params: Params) -> Any:
    return family(params.game, params.rule)


def takes(params: Params) -> list[int]:
    """How many pins one move may take in this game (0: a cut that takes none), from its moves on
    rows up to MAX_PINS: every amount a row of the widget can meet."""
    game = _family(params)
    return sorted({action.args[0] for h in range(1, MAX_PINS + 1) for action, _parts in game.moves(h)})


def resume_step(old: Params, new: Params) -> int:
    """The same game keeps its step (within the new strip); another game starts from nothing."""
    if old.step is None or (old.game, old.code) != (new.game, new.code):
        return 0
    return min(old.step, new.upto + 1)


# ---------------------------------------------------------------- the row of pins

Move = tuple[int, int, int]  # (row, first pin of the row taken, pins taken); a cut takes 0 after pin `first`


def _apply(heaps: tuple[int, ...], move: Move) -> tuple[int, ...]:
    row, first, count = move
    left, right = first, heaps[row] - first - count
    return heaps[:row] + tuple(part for part in (left, right) if part) + heaps[row + 1:]


def _legal(game: Any, heaps: tuple[int, ...], move: Move) -> bool:
    """Whether the game allows taking ``count`` pins from ``first`` on in that row: a cut (0) needs
    pins on both sides, and what is left must be a split the game's moves contain."""
    row, first, count = move
    h = heaps[row]
    left, right = first, h - first - count
    if left < 0 or right < 0 or (count == 0 and (left == 0 or right == 0)):
        return False
    parts = tuple(sorted(part for part in (left, right) if part))
    return any(action.args[0] == count and tuple(after) == parts for action, after in game.moves(h))


def _value(game: Any, heaps: tuple[int, ...]) -> int:
    return reduce(xor, (game.sg(h) for h in heaps), 0)


def _moves(game: Any, heaps: tuple[int, ...]) -> list[Move]:
    """Every move, as pins in the row: each split the game allows, placed in each way it can be."""
    found: list[Move] = []
    for row, h in enumerate(heaps):
        for count in sorted({action.args[0] for action, _parts in game.moves(h)}):
            for first in range(h - count + 1):
                if _legal(game, heaps, (row, first, count)):
                    found.append((row, first, count))
    return found


def reply(game: Any, heaps: tuple[int, ...]) -> tuple[Move, bool] | None:
    """The server's move from ``heaps``: the first that leaves SG 0 (True), else the first legal
    move (False, the position is lost); None when no move is left."""
    moves = _moves(game, heaps)
    for move in moves:
        if _value(game, _apply(heaps, move)) == 0:
            return move, True
    return (moves[0], False) if moves else None


@dataclass(frozen=True, slots=True)
class Pin:
    index: int  # 1-based along the row as drawn
    row: int
    first: int  # its place in its row, from 0
    click: str | None  # the rows after taking from here (None: not a legal start)
    cut: str | None  # the rows after cutting just after this pin (None: no cut here)


@dataclass(frozen=True, slots=True)
class Board:
    rows: tuple[int, ...]  # what the reader faces now
    values: tuple[int, ...]  # each row's SG value
    total: int
    pins: list[Pin]
    gaps: list[int]  # after which drawn pin a row ends (the gap between rows)
    replied: Move | None  # the server's move, in the rows the reader left
    replied_wins: bool
    over: str | None  # "you" when the reader made the last move, "server" when the server did
    winning: Move | None  # a winning move for the reader (shown on request), in ``rows``
    amounts: list[int]
    take: int  # what a click takes now: the chosen amount, or the fewest that has a move here
    take_idle: bool  # no pin starts a move of ``take`` pins, though other amounts have moves
    replied_text: str | None
    winning_text: str | None


def board(params: Params) -> Board:
    game = _family(params)
    amounts = takes(params)
    left = params.heaps if params.heaps is not None else (params.n,)
    replied, wins, over = None, False, None
    rows = left
    if params.heaps is not None:
        answer = reply(game, left)
        if answer is None:
            over = "you"
        else:
            replied, wins = answer
            rows = _apply(left, replied)
    moves = _moves(game, rows) if over is None else []
    if over is None and not moves:
        over = "server" if params.heaps is not None else "none"
    # Blank, a click takes the fewest pins that some move here takes (Dawson's chess takes one
    # pin only as a whole row of 1, so a fresh row opens on 2), not the fewest the game ever takes.
    playable = sorted({count for _row, _first, count in moves})
    take = params.take if params.take is not None else (playable[0] if playable else amounts[0])
    pins, gaps, index = [], [], 0
    for row, h in enumerate(rows):
        for first in range(h):
            index += 1
            click = cut = None
            if over is None and take and _legal(game, rows, (row, first, take)):
                click = heaps_text(_apply(rows, (row, first, take)))
            if over is None and take == 0 and _legal(game, rows, (row, first + 1, 0)):
                cut = heaps_text(_apply(rows, (row, first + 1, 0)))
            pins.append(Pin(index, row, first, click, cut))
        gaps.append(index)
    winning = None
    if over is None:
        answer = reply(game, rows)
        winning = answer[0] if answer and answer[1] else None
    idle = over is None and not any(pin.click or pin.cut for pin in pins)
    return Board(rows, tuple(game.sg(h) for h in rows), _value(game, rows), pins, gaps[:-1], replied, wins, over,
                 winning, amounts, take, idle, move_words(left, replied) if replied else None,
                 move_words(rows, winning) if winning else None)


def move_words(heaps: tuple[int, ...], move: Move) -> str:
    """A move as a reader says it: "take pins 4 to 5 of row 1, leaving 3 and 2"."""
    row, first, count = move
    after = _apply(heaps[row:row + 1], (0, first, count))
    leaving = ", ".join(map(str, after))
    if not after:  # the whole row goes
        if count == 1:
            return _("take the only pin of row %(row)s", row=row + 1)
        return _("take all %(count)s pins of row %(row)s", count=count, row=row + 1)
    if count == 0:
        return _("cut row %(row)s after pin %(pin)s, leaving rows of %(leaving)s", row=row + 1, pin=first, leaving=leaving)
    if count == 1:
        return _("take pin %(pin)s of row %(row)s, leaving %(leaving)s", pin=first + 1, row=row + 1, leaving=leaving)
    return _("take pins %(first)s to %(last)s of row %(row)s, leaving %(leaving)s", first=first + 1,
             last=first + count, row=row + 1, leaving=leaving)


# ---------------------------------------------------------------- the strip of values


@dataclass(frozen=True, slots=True)
class Cell:
    n: int
    value: int
    shown: bool
    current: bool
    band: str  # "pre", "even", "odd" (alternate periods) or "none"
    period_start: bool


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    name: str | None  # the game's name in the literature, if it has one
    cells: list[Cell]
    period: octal.Period | None  # proved or only observed (octal codes); None: none found or none known
    check_end: int | None  # a proved period was checked for n0 <= n < check_end (2 n0 + p + k, n0 = max(preperiod, 1))
    current_options: list[int] | None  # the distinct values of the current heap's options
    board: Board | None  # None with ``strip``: the values alone

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    @property
    def complete(self) -> bool:
        """Every value is revealed: Show all, or Next stepped onto the last cell."""
        return self.params.step is None or self.params.step >= len(self.cells)

    grundy_max: int = octal.GRUNDY_MAX_UPTO  # how far the server computes Grundy's game
    direct_max: int = octal.MAX_DIRECT_UPTO  # how far it computes a code before giving up on a period

    @property
    def max_removal(self) -> int:
        code = self.params.code
        return code.max_removal if code is not None else 0


def view(params: Params) -> View:
    game = _family(params)
    values = game.table_values(params.upto)
    p = octal.period(params.code) if params.code is not None else None
    shown_upto = len(values) if params.step is None or not params.hide else params.step
    # The period is shaded only once every value is revealed (Show all, or stepped to the last
    # cell): spotting it before is the reader's part.
    complete = params.step is None or params.step >= len(values)
    shade = p if complete and p is not None else None
    cells = []
    for n, g in enumerate(values):
        band = "none"
        if shade is not None:
            band = "pre" if n < shade.preperiod else ("even" if (n - shade.preperiod) // shade.length % 2 == 0 else "odd")
        cells.append(Cell(n, int(g), n < shown_upto, params.step is not None and n == params.step - 1, band,
                          shade is not None and n >= shade.preperiod and (n - shade.preperiod) % shade.length == 0))
    options = None
    if params.step:
        m = params.step - 1
        options = sorted({reduce(xor, (game.sg(part) for part in parts), 0) for _action, parts in game.moves(m)})
    check_end = None
    if p is not None and p.proved and params.code is not None:
        check_end = 2 * max(p.preperiod, 1) + p.length + params.code.max_removal
    name = params.code.name if params.code is not None else None
    return View(params, name, cells, p, check_end, options, None if params.strip else board(params))


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, presentable=True)


__all__ = ["WIDGET", "parse", "reply", "view"]
