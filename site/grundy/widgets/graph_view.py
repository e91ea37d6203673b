"""What the graph widget shows at a step (:mod:`grundy.widgets.graph` reads its parameters).

The steps: 0 is the graph alone; then one position at a time in the order backward induction
decided it (terminal positions first); then, if some positions are never decided, one step that
names them draws; then the SG values, one position at a time, each the mex of its successors'
(only where everything reachable is acyclic: :func:`grundy.games.graph.sg_values`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from grundy.games.core import Verdict
from grundy.games.graph import Analysis, Reason
from grundy.games.graph_sum import sum_table
from grundy.i18n import _
from grundy.widgets.graph_svg import Drawing, draw, position_label

if TYPE_CHECKING:
    from grundy.widgets.graph import Params

Kind = Literal["start", "decide", "draws", "sg", "all"]


def _draws(a: Analysis) -> list[int]:
    return [v for v, o in enumerate(a.outcome) if o == "D"]


def stages(a: Analysis) -> int:
    """How many steps the graph has: a position decided each, one for the draws (if any), one
    for each SG value."""
    return len(a.order) + (1 if _draws(a) else 0) + len(a.sg_order)


@dataclass(frozen=True, slots=True)
class Stage:
    kind: Kind
    position: int | None = None  # the position decided or valued at this step


def stage(a: Analysis, step: int | None) -> Stage:
    decided, draws = len(a.order), 1 if _draws(a) else 0
    if step is None:
        return Stage("all")
    if step == 0:
        return Stage("start")
    if step <= decided:
        return Stage("decide", a.order[step - 1])
    if step <= decided + draws:
        return Stage("draws")
    return Stage("sg", a.sg_order[step - decided - draws - 1])


def counters(a: Analysis, step: int | None) -> tuple[int | None, ...]:
    """Backward induction's counters at ``step``: for each position not decided yet, how many of
    its moves are not yet known to lead to an N-position (at 0 it is P). Read from the engine's
    order: each N-position decided so far lowers the counter of every position with a move to it,
    as :func:`grundy.games.graph.retrograde` does. At the draws' step, the draws' counters, stuck
    above 0; None for a decided position, and everywhere once the SG phase starts.

    >>> from grundy.games.graph import analyse, parse_graph
    >>> a = analyse(parse_graph("a>b b>a b>c c>d"))  # d P, c N; then b keeps a move to a
    >>> counters(a, 0), counters(a, 2), counters(a, 3)
    ((1, 2, 1, 0), (1, 1, None, None), (1, 1, None, None))
    """
    n = len(a.graph.names)
    kind = stage(a, step).kind
    if step is None or kind not in ("start", "decide", "draws"):
        return (None,) * n
    known = a.order if kind == "draws" else a.order[:step]
    left: list[int | None] = [len(succ) for succ in a.graph.successors]
    before = a.graph.predecessors()
    for v in known:
        left[v] = None
        if a.outcome[v] == "N":
            for u in before[v]:
                count = left[u]
                if count is not None:
                    left[u] = count - 1
    return tuple(left)


@dataclass(frozen=True, slots=True)
class Spot:
    """A button over a position: its name (the value it sends), its place and what it says."""

    name: str
    style: str
    label: str
    chosen: bool


@dataclass(frozen=True, slots=True)
class Said:
    """A position as the explanation names it: its name, outcome, SG value."""

    name: str
    outcome: Verdict
    sg: int | None


@dataclass(frozen=True, slots=True)
class SumRow:
    first: Said
    cells: tuple[tuple[Verdict, int | None, str], ...]  # the sum's outcome, the XOR where both have SG values, and why


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    stage: Stage
    shown: tuple[bool, ...]  # per position: its outcome is on screen
    valued: tuple[bool, ...]  # per position: its SG value is on screen
    left: tuple[int | None, ...]  # per position not decided at this step: its counter (see counters)
    labels: tuple[str, ...]  # every position in words, in the order of the steps
    moves: tuple[str, ...]  # every move, as written (a button each, to remove it)
    said: tuple[Said, ...]  # every position, by index
    columns: tuple[Said, ...]  # the second graph's positions (the sum table's columns)
    sums: tuple[SumRow, ...]

    def figure(self, uid: str) -> Drawing:
        """The graph drawn, its arrowheads' ids starting with ``uid`` (the widget's id: unique
        on a page with several), a button to be laid over each position."""
        a = self.params.analysis
        return draw(a, uid=uid, shown=self.shown, sg_shown=self.valued, current=self.stage.position,
                    chosen=self.params.chosen, overlaid=True, sized=False, counters=self.left)

    def spots(self, drawing: Drawing) -> list[Spot]:
        """A button over each position of ``drawing``: the name it sends, its place, its words."""
        a = self.params.analysis
        return [Spot(name, drawing.spot(v), position_label(a, v, shown=self.shown[v], sg_shown=self.valued[v], left=self.left[v]),
                     v == self.params.chosen) for v, name in enumerate(a.graph.names)]

    @property
    def counting(self) -> bool:
        """Whether counters are on screen (stepping through the outcomes, or at the draws)."""
        return any(c is not None for c in self.left)

    def second_figure(self, uid: str) -> Drawing | None:
        b = self.params.second
        return None if b is None else draw(b, uid=f"{uid}-sum", sg_shown=[True] * len(b.graph.names), sized=False)

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    @property
    def current(self) -> Said | None:
        v = self.stage.position
        return None if v is None else self.said[v]

    @property
    def reason(self) -> Reason | None:
        v = self.stage.position
        return None if v is None else self.params.analysis.reason[v]

    @property
    def because(self) -> Said | None:
        v = self.stage.position
        by = None if v is None else self.params.analysis.because[v]
        return None if by is None else self.said[by]

    @property
    def successors(self) -> list[Said]:
        """The current position's successors (each once, in the order written)."""
        v = self.stage.position
        if v is None:
            return []
        return [self.said[w] for w in dict.fromkeys(self.params.graph.successors[v])]

    @property
    def mex(self) -> tuple[list[int], int] | None:
        v = self.stage.position
        return None if v is None else self.params.analysis.sg_trace(v)

    @property
    def draws(self) -> list[tuple[str, list[str], int, int]]:
        """Each draw, the moves from it that keep the draw, and its counter, stuck above 0, of
        its moves (the moves to draws: none is known to lead to N)."""
        a = self.params.analysis
        final = counters(a, len(a.order) + 1)
        return [(a.graph.names[v], [a.graph.names[w] for w in a.drawing_moves(v)], final[v] or 0, len(a.graph.successors[v]))
                for v in _draws(a)]

    @property
    def dashed(self) -> str | None:
        """The first position whose name holds a - and that no move touches: legal (a name may
        hold -), but most likely a move typed with - for >, which the widget points out."""
        g = self.params.graph
        into = {w for succ in g.successors for w in succ}
        return next((name for v, name in enumerate(g.names) if "-" in name.strip("-") and not g.successors[v] and v not in into), None)

    def count(self, outcome: Verdict) -> int:
        return sum(1 for s in self.said if s.outcome == outcome)

    @property
    def valueless(self) -> tuple[list[str], list[str]]:
        """The positions with no SG value: those on a cycle, and those that only reach one."""
        a = self.params.analysis
        names = a.graph.names
        return ([names[v] for v, g in enumerate(a.sg) if g is None and a.on_cycle[v]],
                [names[v] for v, g in enumerate(a.sg) if g is None and not a.on_cycle[v]])


def revealed(params: Params) -> tuple[list[bool], list[bool]]:
    """Per position: whether its outcome is shown, and whether its SG value is, at this step."""
    a, step = params.analysis, params.step
    n = len(a.graph.names)
    if step is None or not params.hide:
        return [True] * n, [True] * n
    decided, draws = len(a.order), 1 if _draws(a) else 0
    shown = [False] * n
    for v in a.order[:step]:
        shown[v] = True
    if step > decided:
        shown = [True] * n
    valued = [False] * n
    for v in a.sg_order[:max(0, step - decided - draws)]:
        valued[v] = True
    if step == stages(a):
        valued = [True] * n  # the SG phase is over: the positions without a value say so
    return shown, valued


def _order(a: Analysis) -> list[int]:
    return [*a.order, *_draws(a)]


def view(params: Params) -> View:
    a = params.analysis
    names = a.graph.names
    shown, valued = revealed(params)
    left = tuple(None if valued[v] else c for v, c in enumerate(counters(a, params.step)))  # a box holds a counter or an SG value
    labels = tuple(position_label(a, v, shown=shown[v], sg_shown=valued[v], left=left[v]) for v in _order(a))
    moves = tuple(t for t in a.graph.text.split() if ">" in t)
    said = tuple(Said(names[v], a.outcome[v], a.sg[v]) for v in range(len(names)))
    columns: tuple[Said, ...] = ()
    sums: tuple[SumRow, ...] = ()
    if params.second is not None:
        b = params.second
        columns = tuple(Said(name, b.outcome[w], b.sg[w]) for w, name in enumerate(b.graph.names))
        table = sum_table(a, b)
        sums = tuple(SumRow(said[v], tuple((table[v][w], _xor(a.sg[v], b.sg[w]), _why(a, b, table, v, w)) for w in range(len(columns))))
                     for v in range(len(names)))
    return View(params, stage(a, params.step), tuple(shown), tuple(valued), left, labels, moves, said, columns, sums)


SHOWN_MOVES = 3  # a sum's moves named in its cell, the deciding ones first; the rest counted


def _why(a: Analysis, b: Analysis, table: tuple[tuple[Verdict, ...], ...], v: int, w: int) -> str:
    """Why the sum (v, w) has its outcome, in a few words: the sums it moves to, with theirs,
    a P first (it makes the sum N), then D, then N (a P-sum's moves are all N; a draw has a D
    and no P); ``no move`` for a terminal sum."""
    ends = [(x, w) for x in dict.fromkeys(a.graph.successors[v])] + [(v, y) for y in dict.fromkeys(b.graph.successors[w])]
    if not ends:
        return _("no move from here")
    rank = {"P": 0, "D": 1, "N": 2}
    ends.sort(key=lambda e: rank[table[e[0]][e[1]]])
    said = ", ".join(f"({a.graph.names[x]},{b.graph.names[y]}) {table[x][y]}" for x, y in ends[:SHOWN_MOVES])
    more = len(ends) - SHOWN_MOVES
    return "→ " + said + ("" if more <= 0 else " " + _("+%(num)s more", num=more))


def _xor(g: int | None, h: int | None) -> int | None:
    return None if g is None or h is None else g ^ h


__all__ = ["Spot", "Stage", "View", "counters", "revealed", "stage", "stages", "view"]
