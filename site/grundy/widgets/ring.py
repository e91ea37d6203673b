"""The circular game (POJ 2484) at one screen: coins in a ring, a move removes 1 to K adjacent
coins, the last to move wins. Click a coin to take it (and the next ones clockwise, as many as
chosen); the widget names the rows left, their SG values, and the reply that wins — after the
first move, the symmetric one: take the middle of the row, leaving two equal rows.

Coins are numbered 1 to n clockwise. Two coins are adjacent when they are next to each other
around the ring and neither has been taken (a taken coin leaves a gap), so the row that the
first move leaves still runs across the place where coin n meets coin 1.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.circle import outcome as ring_outcome
from grundy.games.circle import paired, ring_grundy, row_grundy
from grundy.i18n import N_, _
from grundy.numerals import read_whole
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter, shown

NAME = "ring"
TITLE = N_("The circular game: coins in a ring")
BLURB = N_(
    "Coins lie in a ring; a move removes 1 to K adjacent coins, and whoever takes the last coin wins."
    " Click a coin to take it; the first move breaks the ring into a row, and the reply shown wins."
)
MAX_N = 40  # coins drawn around one ring, each a button big enough to tap
MAX_K = 4
N = spec.Param("n", "int", N_("Coins in the ring"), default="9", lo=1, hi=MAX_N)
K = spec.Param("k", "int", N_("K (take 1 to K adjacent coins)"), default="2", lo=1, hi=MAX_K)
TAKE = spec.Param("take", "int", N_("Coins a click takes"), default="1", lo=1, hi=MAX_K,
                  help="a click takes this many adjacent coins, clockwise from the one clicked")
MOVES = spec.Param("moves", "text", N_("The moves"), help="the coins taken so far, runs clockwise: e.g. `5,1-2`")
KEEP = spec.Param("keep", "text", N_("The game kept"),
                  help="the moves, as the form carries them when a setting changes (dropped if they do not fit)")
PARAMS = (N, K, TAKE, MOVES, KEEP)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)
PLAYERS = ("Alice", "Bob")

Run = tuple[int, int]  # (first coin, how many), clockwise


@dataclass(frozen=True, slots=True)
class Params:
    n: int
    k: int
    take: int
    moves: tuple[Run, ...]

    def last(self, run: Run) -> int:
        """The run's last coin, clockwise round the ring."""
        first, count = run
        return (first - 1 + count - 1) % self.n + 1

    def run_text(self, run: Run, dash: str = "-") -> str:
        """A run as the URL writes it (5, 9-1), or with another dash."""
        first, count = run
        return str(first) if count == 1 else f"{first}{dash}{self.last(run)}"

    def run_words(self, run: Run) -> str:
        """A run as a reader says it: coin 5, coins 9 and 1, coins 2 to 4."""
        first, count = run
        last = self.last(run)
        if count == 1:
            return str(_("coin %(first)s", first=first))
        if count == 2:
            return str(_("coins %(first)s and %(last)s", first=first, last=last))
        return str(_("coins %(first)s to %(last)s", first=first, last=last))

    def row_text(self, row: Run) -> str:
        """A row by its end coins, as the reader names it: row 2–4 (clockwise), or row 2."""
        return self.run_text(row, dash="–")

    def moves_text(self, *extra: Run) -> str:
        return ",".join(self.run_text(r) for r in self.moves + extra)

    def undo_text(self) -> str:
        return ",".join(self.run_text(r) for r in self.moves[:-1])

    def query(self, **changes: object) -> dict[str, str]:
        q = {"n": str(self.n), "k": str(self.k)}
        if self.take != 1:
            q["take"] = str(self.take)
        if self.moves:
            q["moves"] = self.moves_text()
        return q


def _present_after(n: int, moves: tuple[Run, ...]) -> list[bool]:
    present = [True] * n
    for first, count in moves:
        for i in range(count):
            present[(first - 1 + i) % n] = False
    return present


def _legal(present: list[bool], k: int, run: Run) -> bool:
    """Whether ``run`` is 1 to k coins, all still there, each next to the one before it."""
    first, count = run
    n = len(present)
    return 1 <= count <= min(k, n) and all(present[(first - 1 + i) % n] for i in range(count))


def parse(args: Mapping[str, str]) -> Params:
    n, k = N.whole(args), K.whole(args)
    take = TAKE.whole(args, hi=k)
    if "moves" not in args and args.get("keep", "").strip():
        # A setting changed mid-game: the same game if it fits the ring as now set, else a new one.
        try:
            return _parse_moves(n, k, take, args["keep"])
        except BadParameter:
            return Params(n, k, take, ())
    return _parse_moves(n, k, take, args.get("moves", ""))


def _parse_moves(n: int, k: int, take: int, text: str) -> Params:
    raw = text.strip()
    items = [item.strip() for item in raw.split(",")] if raw else []
    if len(items) > n:  # every move takes at least one coin
        raise BadParameter("moves", _("A ring of %(n)s coins allows at most %(n)s moves; got %(got)s.", n=n, got=len(items)))
    runs: list[Run] = []
    present = [True] * n
    for item in items:
        ends = [read_whole(e.strip(), max_digits=2) for e in item.split("-")]
        if len(ends) > 2 or any(e is None or not 1 <= e <= n for e in ends):
            raise BadParameter("moves", _("Each move is a coin from 1 to %(n)s, or a run of coins like 3-4; got %(got)s.",
                                           n=n, got=shown(item, 20)))
        first, last = ends[0] or 0, ends[-1] or 0
        run = (first, (last - first) % n + 1)
        if not _legal(present, k, run):
            raise BadParameter("moves", _("Illegal move %(move)s: a move takes 1 to %(k)s adjacent coins that are still there.",
                                           move=shown(item, 20), k=k))
        runs.append(run)
        for i in range(run[1]):
            present[(first - 1 + i) % n] = False
    return Params(n, k, take, tuple(runs))


@dataclass(frozen=True, slots=True)
class Coin:
    number: int
    present: bool
    x: float  # centre, in % of the board
    y: float
    reply: bool  # part of the reply shown
    click: str | None  # the moves after clicking it (None: the click would be illegal)


@dataclass(frozen=True, slots=True)
class Copy:
    """The copy of the opponent's last move: it was made in one of two equal rows (``source``),
    and the reply takes the same places of the other (``target``), counted clockwise."""
    move: Run  # the opponent's move
    source: Run  # (first coin, length) of the row it was made in, before the move
    target: Run  # the equal row the reply copies it into
    places: tuple[int, int]  # the first and last place of the move in its row, from 1


@dataclass(frozen=True, slots=True)
class Reply:
    run: Run
    kind: str  # "all": take what is left; "middle": the symmetric reply; "copy": the mirror move; "sg": makes the XOR 0
    leaves: tuple[int, ...]  # the rows left, longest first
    copy: Copy | None = None  # for "copy": what is copied, from where to where


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    coins: list[Coin]
    whole: bool  # no coin taken yet: a ring, not rows
    rows: list[tuple[int, int]]  # (length, SG), in clockwise order from coin 1
    total: int  # the XOR of the rows' SG values (the ring's SG when whole)
    outcome: str  # for the player to move
    reply: Reply | None
    to_move: str
    waiting: str

    @property
    def over(self) -> bool:
        return not any(c.present for c in self.coins)

    @property
    def left(self) -> int:
        return sum(c.present for c in self.coins)


def _rows(present: list[bool]) -> list[tuple[int, int]]:
    """The rows of coins left as (first coin, length), clockwise; a full ring is not a row."""
    n = len(present)
    if all(present) or not any(present):
        return []
    start = present.index(False)  # walk from a gap, so no row is cut in two
    rows, first, length = [], 0, 0
    for step in range(1, n + 1):
        i = (start + step) % n
        if present[i]:
            if length == 0:
                first = i + 1
            length += 1
        elif length:
            rows.append((first, length))
            length = 0
    if length:
        rows.append((first, length))
    return rows


def _value(present: list[bool], k: int) -> int:
    if all(present):
        return ring_grundy(len(present), k)
    total = 0
    for _first, length in _rows(present):
        total ^= row_grundy(length, k)
    return total


def _copy(present: list[bool], moves: tuple[Run, ...]) -> Copy | None:
    """The copy of the last move, when it was made in one of rows that came in equal pairs (the
    symmetry strategy's position) and the row it pairs with is still whole."""
    if not moves:
        return None
    n = len(present)
    before = _present_after(n, moves[:-1])
    rows = _rows(before)
    if all(before) or not paired(length for _first, length in rows):
        return None
    first, count = moves[-1]
    source = next(row for row in rows if (first - row[0]) % n + count <= row[1])
    offset = (first - source[0]) % n
    for target in rows:
        if target != source and target[1] == source[1] and all(present[(target[0] - 1 + i) % n] for i in range(target[1])):
            return Copy(moves[-1], source, target, (offset + 1, offset + count))
    return None


def _reply(present: list[bool], k: int, moves: tuple[Run, ...] = ()) -> Reply | None:
    """A winning move for the player to move: the copy of the opponent's move where the rows
    came in equal pairs, the symmetric one from a single row, else one the SG values find."""
    n = len(present)
    rows = _rows(present)

    def after(run: Run) -> list[int]:
        return sorted((length for _first, length in _rows(_apply(present, run))), reverse=True)

    copy = _copy(present, moves)
    if copy is not None:
        run = ((copy.target[0] - 1 + copy.places[0] - 1) % n + 1, copy.move[1])
        return Reply(run, "copy", tuple(after(run)), copy)
    if all(present):
        if n <= k:
            return Reply((1, n), "all", ())
        rows = [(1, n)]  # by symmetry, the moves from coin 1 are all the ring's first moves
    elif len(rows) == 1:
        first, length = rows[0]
        if length <= k:
            return Reply((first, length), "all", ())
        if k >= 2 or length % 2 == 1:  # remove the middle 1 or 2 coins: two equal rows
            t = 1 if length % 2 else 2
            run = ((first - 1 + (length - t) // 2) % n + 1, t)
            return Reply(run, "middle", tuple(after(run)))
    for first, length in rows:
        for t in range(1, min(k, length) + 1):
            for offset in range(length - t + 1):
                run = ((first - 1 + offset) % n + 1, t)
                if _value(_apply(present, run), k) == 0:
                    return Reply(run, "sg", tuple(after(run)))
    return None


def _apply(present: list[bool], run: Run) -> list[bool]:
    out = list(present)
    for i in range(run[1]):
        out[(run[0] - 1 + i) % len(out)] = False
    return out


def view(params: Params) -> View:
    n, k = params.n, params.k
    present = _present_after(n, params.moves)
    whole = all(present)
    total = _value(present, k) if any(present) else 0
    outcome = ring_outcome(n, k) if whole else ("N" if total else "P")
    reply = _reply(present, k, params.moves) if any(present) else None
    marked = set()
    # Mark the reply's coins only when a click takes as many coins as the reply does: a marked
    # coin must be one that, clicked, plays the reply (otherwise the text says how to set it).
    if reply is not None and outcome == "N" and reply.run[1] == params.take:
        marked = {(reply.run[0] - 1 + i) % n + 1 for i in range(reply.run[1])}
    coins = []
    for i in range(n):
        angle = -math.pi / 2 + 2 * math.pi * i / n
        run = (i + 1, params.take)
        coins.append(Coin(
            number=i + 1, present=present[i],
            x=round(50 + 40 * math.cos(angle), 2), y=round(50 + 40 * math.sin(angle), 2),
            reply=(i + 1) in marked,
            click=params.moves_text(run) if _legal(present, k, run) else None,
        ))
    mover = len(params.moves) % 2
    return View(
        params=params, coins=coins, whole=whole,
        rows=[(length, row_grundy(length, k)) for _first, length in _rows(present)],
        total=total, outcome=outcome, reply=reply if outcome == "N" else None,
        to_move=PLAYERS[mover], waiting=PLAYERS[1 - mover],
    )


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, presentable=True)


__all__ = ["WIDGET", "parse", "view"]
