"""The k-multiple dynamic subtraction game (lesson 13): one heap; the first move takes 1 to
n − 1 stones, each later one at most k times the move before.

The widget writes the heap as its *parts* — the greedy sum of the losing numbers for k, each part
more than k times the one below (binary for k = 1, Zeckendorf for k = 2) — next to the rows of the
construction that made those losing numbers, and decides the position by its smallest part: P
exactly when that part is more than the next move may take. Each move is a button that plays it,
and a losing move shows the reply that refutes it, so a student can test the strategy by hand.
Projected, it reveals in three steps: the heap alone (guess), its parts, the moves.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games import kmultiple
from grundy.games.core import GameError
from grundy.i18n import N_, _
from grundy.numerals import read_whole
from grundy.widgets import spec
from grundy.widgets.base import Staged, Widget
from grundy.widgets.params import BadParameter, hide_query
from grundy.words import error_message

NAME = "k-multiple"
TITLE = N_("k-multiple subtraction: a heap in its parts")
BLURB = N_(
    "The first move takes 1 to n − 1 stones, each later one at most k times the move before. The heap"
    " is written as a sum of the losing numbers for k, and its smallest part decides."
)
MAX_K = 100
MAX_HEAP = 10**12 - 1
N = spec.Param("n", "int", N_("The heap"), default="20", lo=0, hi=MAX_HEAP, help="stones left")
K = spec.Param("k", "int", "k", default="2", lo=1, hi=MAX_K, help="each move takes at most k times the last")
CAP = spec.Param("cap", "int", N_("The most the next move may take"), default="", lo=1, hi=MAX_HEAP,
                 help="blank: a fresh heap, whose first move takes at most n − 1")
STAGES = (N_("the heap alone"), N_("the heap in its parts"), N_("the moves"))  # said with _ by the stepper
STEP = spec.step(len(STAGES) - 1, N_("The step (what is revealed)"),
                 help="0: the heap alone, 1: its parts, 2: the moves")
PARAMS = (N, K, CAP, STEP, spec.HIDE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)
SHOWN_MOVES = 5  # the smallest takes listed as buttons, besides every winning one and the largest
TABLE_ROWS = 16  # a longer construction shows its first rows, the rows of the parts and its last


@dataclass(frozen=True, slots=True)
class Params:
    n: int
    k: int
    cap: int | None = None  # None: a fresh heap (the first move takes at most n − 1)
    step: int | None = None  # None: everything shown; 0, 1, 2: revealed up to STAGES[step]
    hide: bool = True

    @property
    def most(self) -> int:
        """What the next move may take, at most (0: no move)."""
        return max(0, min(self.n, self.n - 1 if self.cap is None else self.cap))

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"n": self.n, "k": self.k, "cap": self.cap, "step": self.step, "hide": self.hide} | changes
        q = {"n": str(fields["n"]), "k": str(fields["k"])}
        if fields["cap"] is not None:
            q["cap"] = str(fields["cap"])
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))

    def after(self, take: int) -> str:
        """A move's button value: the heap after taking ``take``, written n:m."""
        return f"{self.n - take}:{min(self.k * take, MAX_HEAP)}"  # a cap over the heap allows it all


def parse(args: Mapping[str, str]) -> Params:
    """A move button sends ``play=17:6`` (the heap and cap after it), which wins over the fields:
    without JavaScript a form sends the fields too."""
    k = K.whole(args)
    play = args.get("play", "").strip()
    if play:
        heap_text, _colon, cap_text = play.partition(":")
        n, most = read_whole(heap_text, max_digits=12), read_whole(cap_text, max_digits=12)
        if n is None or most is None or n > MAX_HEAP or not 1 <= most <= MAX_HEAP:
            raise BadParameter("play", _("A move is written as the heap after it and the most the next move may take,"
                                         " like 17:6 (each up to %(most)s).", most=f"{MAX_HEAP:,}"))
        return Params(n, k, most, STEP.optional_whole(args), spec.HIDE.flag(args))
    n = N.whole(args)
    cap = CAP.optional_whole(args)
    return Params(n, k, cap, STEP.optional_whole(args), spec.HIDE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """The same heap keeps its step; another (a move played, a number typed) starts again at the
    heap alone, so the class can guess again."""
    same = (old.n, old.k, old.most) == (new.n, new.k, new.most)
    return old.step or 0 if old.step is not None and same else 0


@dataclass(frozen=True, slots=True)
class Row:
    """A row of the construction as shown (a list of them holds None where rows are left out)."""

    row: kmultiple.Row
    is_part: bool
    aj: int | None  # a at the row's j: k times it is below this row's a


@dataclass(frozen=True, slots=True)
class Move:
    take: int
    after: str  # n:m, the button's value
    wins: bool
    reply: int | None  # a losing move: the smallest winning reply


@dataclass(frozen=True, slots=True)
class View(Staged):
    params: Params
    parts: list[int]  # largest first; [] for the empty heap
    rows: list[Row | None]
    winning: list[int]  # every winning take, smallest first
    moves: list[Move]
    stages: tuple[str, ...] = STAGES

    @property
    def over(self) -> bool:
        return self.params.n == 0

    @property
    def smallest(self) -> int:
        return self.parts[-1]

    @property
    def outcome(self) -> str:
        return "N" if self.winning else "P"

    @property
    def fresh(self) -> bool:
        return self.params.cap is None

    @property
    def spreads(self) -> list[tuple[int, int]]:
        """Each pair of neighbouring parts, smaller first: k times the smaller is less than the larger."""
        up = self.parts[::-1]
        return list(zip(up, up[1:]))



def _rows(rows: list[kmultiple.Row], parts: list[int]) -> list[Row | None]:
    marked = set(parts)

    def row(r: kmultiple.Row) -> Row:
        return Row(r, r.a in marked, None if r.j is None else rows[r.j].a)

    if len(rows) <= TABLE_ROWS:
        return [row(r) for r in rows]
    keep = set(range(5)) | {r.i for r in rows if r.a in marked} | {len(rows) - 2, len(rows) - 1}
    shown: list[Row | None] = []
    for r in rows:
        if r.i in keep:
            shown.append(row(r))
        elif shown and shown[-1] is not None:
            shown.append(None)
    return shown


def view(params: Params) -> View:
    n, k = params.n, params.k
    if n == 0:
        return View(params, [], [], [], [])
    try:
        rows = kmultiple.construction(n, k)
    except GameError as error:  # not reached within the widget's bounds; the bound is the engine's
        raise BadParameter("n", error_message(error)) from error
    parts = kmultiple.decompose(n, k)
    most = params.most
    winning = kmultiple.winning_takes(n, k, most)
    takes = sorted(set(range(1, min(most, SHOWN_MOVES) + 1)) | set(winning) | ({most} if most else set()))
    moves = []
    for t in takes:
        wins = t in winning
        reply = None if wins else kmultiple.winning_takes(n - t, k, k * t)[0]
        moves.append(Move(t, params.after(t), wins, reply))
    return View(params, parts, _rows(rows, parts), winning, moves)


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, buttons=("play",),
                presentable=True)


__all__ = ["WIDGET", "parse", "view"]
