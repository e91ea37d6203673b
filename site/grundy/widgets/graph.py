"""The graph widget (lesson 16): a game given as its graph, typed or clicked, laid out in layers
and drawn as SVG on the server; Next decides one position at a time by backward induction, with
its reason, then finds the SG values by mex; a second graph makes a table of sums.

Keys (the lesson's fences use them): ``preset`` (one of :data:`PRESETS`), ``edges`` (the moves,
``a>b b>c``, in place of the preset's), ``step`` (how many steps are shown: the positions
decided so far, then one step for the draws if there are any, then the SG values one by one;
missing: everything), ``hide`` (0: while stepping, show everything and mark the step), ``sum``
(a second graph's moves: the outcome of every sum of a position of each) and ``from`` (a
position clicked, waiting for the end of a move).

Clicks are buttons in the form, so they work with JavaScript off: ``pick`` (a position: the
first click chooses where a move starts, the second where it ends, which adds the move, or
removes it if it is there; the same position again lets go), ``cut`` (a move, removed), ``add``
(a new position), ``load`` (a preset, in place of whatever was typed) and ``go`` (a step, so the
step can ride along hidden).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.core import GameError
from grundy.games.graph import Analysis, Graph, analyse, parse_graph
from grundy.i18n import N_, _
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.graph_view import View, stages, view
from grundy.widgets.params import BadParameter, apply_overrides, hide_query, shown
from grundy.words import error_message

NAME = "graph"
TITLE = N_("Games on graphs: backward induction and draws")
BLURB = N_("Type or click a game graph; Next decides one position at a time, with its reason, then finds the SG values by mex.")

MAX_POSITIONS = 40  # the most a screen (and a phone) shows with names that can be read
MAX_MOVES = 120  # three moves a position on average: more is a tangle, not a picture
SUM_POSITIONS = 8  # a second graph, whose positions are the sum table's columns
SUM_MOVES = 24


@dataclass(frozen=True, slots=True)
class Preset:
    label: str  # in the preset buttons (marked with N_, said with _)
    edges: str


def take_away(heap: int, takes: tuple[int, ...]) -> str:
    """A take-away game as a graph: a position is a heap, a move takes one of ``takes``."""
    return " ".join(f"{n}>{n - t}" for n in range(heap, 0, -1) for t in takes if t <= n)


def nim_heap(heap: int) -> str:
    """A Nim heap as a graph: from n, a move to any smaller heap (SG(n) = n)."""
    return " ".join(f"{n}>{m}" for n in range(heap, 0, -1) for m in range(n - 1, -1, -1))


PRESETS = {
    "take-away": Preset(N_("Take 1 or 2 from 5"), take_away(5, (1, 2))),  # lesson 16's coin game (lesson 1's five coins)
    "nim-heap": Preset(N_("A Nim heap of 4"), nim_heap(4)),
    "cycle-exit": Preset(N_("A cycle with an exit"), "a>b b>c c>a c>d"),
    "pure-cycle": Preset(N_("A pure cycle"), "a>b b>c c>a"),
}
# Buttons: a click on a position, a move to remove, a new position, a preset, a step.
BUTTONS = ("pick", "cut", "add", "load", "go")

PRESET = spec.Param("preset", "choice", N_("preset"), default="cycle-exit", choices=tuple(PRESETS),
                    labels=tuple(p.label for p in PRESETS.values()))
EDGES = spec.Param("edges", "text", N_("The moves"),
                   help=N_("from>to, e.g. `a>b b>c c>a`; in place of the preset's; at most 40 positions and 120 moves"))
STEP = spec.step(2 * MAX_POSITIONS + 1, label=N_("The step (positions decided, then SG values)"),
                 help=N_("start stepping with this many steps shown"))
SUM = spec.Param("sum", "text", N_("The second graph"),
                 help=N_("its moves, e.g. `x>y y>x`: a table of the sums; at most 8 positions and 24 moves"))
FROM = spec.Param("from", "text", N_("The position clicked"), help=N_("where a move drawn by clicks starts"))
PARAMS = (PRESET, EDGES, STEP, spec.HIDE, SUM, FROM)


@dataclass(frozen=True, eq=False)
class Params:
    preset: str
    analysis: Analysis
    custom: bool  # the moves are not the preset's (typed or clicked)
    second: Analysis | None
    chosen: int | None  # a position clicked: a move from it waits for its end
    step: int | None
    hide: bool = True

    @property
    def graph(self) -> Graph:
        return self.analysis.graph

    @property
    def steps(self) -> int:
        return stages(self.analysis)

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"step": self.step, "hide": self.hide, "chosen": self.chosen} | changes
        q = {"preset": self.preset}
        if self.custom:
            q["edges"] = self.graph.text
        if self.second is not None:
            q["sum"] = self.second.graph.text
        chosen = fields["chosen"]
        if isinstance(chosen, int):
            q["from"] = self.graph.names[chosen]
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))


def read_graph(key: str, text: str, *, positions: int, moves: int) -> Graph:
    """The graph a field writes, its length bounded before it is read (parse_graph checks it
    first); an engine error becomes the field's message."""
    try:
        return parse_graph(text, max_positions=positions, max_edges=moves)
    except GameError as error:
        label = SUM.label if key == "sum" else EDGES.label
        raise BadParameter(key, _("%(label)s: %(error)s.", label=_(label), error=error_message(error))) from error


def fresh_name(graph: Graph) -> str:
    """A name no position has: the first free letter, else p1, p2, …"""
    names: list[str] = [*"abcdefghijklmnopqrstuvwxyz", *(f"p{i}" for i in range(1, MAX_POSITIONS + 2))]
    for name in names:
        if name not in graph.index:
            return name
    raise AssertionError("a graph within the bounds leaves a name free")


def toggled(graph: Graph, v: int, w: int) -> str:
    """The graph's text with the move v>w added, or removed if it is there."""
    move = f"{graph.names[v]}>{graph.names[w]}"
    if w in graph.successors[v]:
        return without(graph, move)
    return f"{graph.text} {move}"


def without(graph: Graph, move: str) -> str:
    """The graph's text without ``move``; its ends stay positions (written bare if no other
    move names them)."""
    tokens = graph.text.split()
    if move not in tokens:
        raise BadParameter("cut", _("There is no move %(got)s to remove.", got=shown(move, 40)))
    left = [t for t in tokens if t != move]
    named = {name for t in left for name in t.split(">")}
    return " ".join(left + [end for end in dict.fromkeys(move.split(">")) if end not in named])


def _position(graph: Graph, key: str, raw: str) -> int:
    found = graph.index.get(raw)
    if found is None:
        raise BadParameter(key, _("%(got)s is not a position of the graph.", got=shown(raw, 20)))
    return found


def parse(args: Mapping[str, str]) -> Params:
    args = apply_overrides(args, {"go": "step"})
    load = args.get("load", "").strip()
    if load:  # a preset's button: its graph, in place of whatever the field held
        preset = PRESET.choice({"preset": load})
        typed, chosen_raw = "", ""
    else:
        preset = PRESET.choice(args)
        typed, chosen_raw = args.get("edges", "").strip(), args.get("from", "").strip()
    graph = read_graph("edges", typed or PRESETS[preset].edges, positions=MAX_POSITIONS, moves=MAX_MOVES)
    chosen = _position(graph, "from", chosen_raw) if chosen_raw else None
    edited = bool(load)
    text = graph.text
    pick, cut, add = (args.get(key, "").strip() for key in ("pick", "cut", "add"))
    if pick and not load:
        end = _position(graph, "pick", pick)
        if chosen is None:
            chosen = end
        elif chosen == end:
            chosen = None  # the same position again: let go
        else:
            text, chosen, edited = toggled(graph, chosen, end), None, True
    elif cut and not load:
        text, edited = without(graph, cut), True
    elif add and not load:
        text, edited = f"{graph.text} {fresh_name(graph)}", True
    if text != graph.text:
        graph = read_graph("edges", text, positions=MAX_POSITIONS, moves=MAX_MOVES)
    analysis = analyse(graph)
    raw_sum = args.get("sum", "").strip()
    second = analyse(read_graph("sum", raw_sum, positions=SUM_POSITIONS, moves=SUM_MOVES)) if raw_sum else None
    if edited:  # a new graph: stepping starts again, an open view stays open
        step = 0 if args.get("step", "").strip() else None
    else:
        step = STEP.optional_whole(args, hi=stages(analysis))
    custom = graph.text != parse_graph(PRESETS[preset].edges).text
    return Params(preset, analysis, custom, second, chosen, step, spec.HIDE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """Projected, a settings change while stepping: the same graph keeps its step (a sum or the
    hide switch changed), another graph starts from 0."""
    if old.step is None or old.graph.text != new.graph.text:
        return 0
    return min(old.step, new.steps)


WIDGET: Widget[Params, View] = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step,
                                      step_keys=("step", "go"), buttons=BUTTONS, presentable=True)

__all__ = ["MAX_MOVES", "MAX_POSITIONS", "PRESETS", "Params", "WIDGET", "nim_heap", "parse", "take_away"]
