"""A game graph drawn on the server as SVG: no script draws it, so it shows with JavaScript off.

:func:`draw` takes an analysed graph (:func:`grundy.games.graph.analyse`) and what of it to
reveal, and gives a :class:`Drawing`: the SVG (print it: ``{{ drawing }}``) and the boxes of its
positions, so a page can lay a real button over each (:meth:`Drawing.spot`, in percentages of
the picture, which scale with it on any screen). The layout is :mod:`grundy.widgets.graph_layout`.

Each position is a box with its name and, once revealed, its outcome as a letter (P, N or D:
colour is never the only sign; the boxes' borders differ too, solid, dashed and dotted) and its
SG value. Each says its name, outcome and reason in words (:func:`position_label`, in the
reader's language): the box's accessible name, and its tooltip. A move is an arrow; a move that
wins (N to P) is drawn bold, a move that keeps a draw (D to D) double-dashed, once both ends are
revealed.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from grundy.games.graph import Analysis
from grundy.i18n import _, translations
from grundy.widgets.graph_layout import PAD, ROW_GAP, Box, Layout, lay_out


def counter_said(left: int, moves: int) -> str:
    """A counter of backward induction in words: of ``moves`` moves, ``left`` not yet known to
    lead to an N-position."""
    if not moves:
        return _("no move, so its counter is 0")
    said = translations().ungettext("%(left)s of its %(num)s move not yet known to lead to an N-position",
                                    "%(left)s of its %(num)s moves not yet known to lead to an N-position", moves)
    return str(said % {"left": left, "num": moves})


def position_label(analysis: Analysis, v: int, *, shown: bool = True, sg_shown: bool = False,
                   left: int | None = None) -> str:
    """Position ``v`` in words: its name, outcome and why (not yet decided, while hidden), and
    its SG value when ``sg_shown`` (or that it has none: a cycle is in reach). ``left``: its
    counter (:func:`grundy.widgets.graph_view.counters`), said after it while it is undecided."""
    name = analysis.graph.names[v]
    counted = "" if left is None else _("; %(counter)s", counter=counter_said(left, len(analysis.graph.successors[v])))
    if not shown:
        return str(_("%(name)s: not decided yet", name=name)) + counted
    reason = analysis.reason[v]
    if reason == "terminal":
        said = _("%(name)s: P, no move: the player to move loses", name=name)
    elif reason == "move-to-P":
        by = analysis.because[v]
        said = _("%(name)s: N, a move to %(to)s, a P-position", name=name,
                 to=analysis.graph.names[by] if by is not None else "")
    elif reason == "all-to-N":
        said = _("%(name)s: P, every move leads to an N-position", name=name)
    else:
        said = _("%(name)s: D, never decided: a draw", name=name)
    if sg_shown:
        value = analysis.sg[v]
        said = (_("%(said)s; no SG value (a cycle is in reach)", said=said) if value is None
                else _("%(said)s; SG value %(value)s", said=said, value=value))
    return str(said) + counted


@dataclass(frozen=True, slots=True)
class Drawing:
    """The SVG of a graph and where its positions are, to lay buttons over them."""

    svg: Markup
    layout: Layout

    def __html__(self) -> Markup:
        return self.svg

    def __str__(self) -> str:
        return str(self.svg)

    @property
    def widest(self) -> int:
        """The widest the picture is shown, in CSS pixels: 1.4 times its own size, so a small
        graph is not blown up to a whole column (a page may set its own)."""
        return self.layout.width * 7 // 5

    @property
    def ratio(self) -> str:
        """Its width over its height, for CSS (a projected picture is sized by the screen's height)."""
        return f"{self.layout.width / self.layout.height:.4f}"

    def spot(self, v: int) -> str:
        """A CSS ``style`` placing a button exactly over position ``v``'s box, in percentages of
        the picture (it scales with the SVG)."""
        b, lay = self.layout.boxes[v], self.layout
        return (f"left: {100 * b.left / lay.width:.3f}%; top: {100 * b.top / lay.height:.3f}%; "
                f"width: {100 * b.w / lay.width:.3f}%; height: {100 * b.h / lay.height:.3f}%")


def _ports(lay: Layout, successors: Sequence[Sequence[int]]) -> dict[tuple[int, int], tuple[int, int]]:
    """Where each move drawn going down leaves its box's bottom and enters its successor's top
    (x only): spread along the edge in the order of the other ends, so arrows do not pile up."""
    leaving: dict[int, list[int]] = {}
    entering: dict[int, list[int]] = {}
    for v, succ in enumerate(successors):
        for w in succ:
            if w != v and (v, w) not in lay.up:
                leaving.setdefault(v, []).append(w)
                entering.setdefault(w, []).append(v)
    boxes = lay.boxes

    def spread(box: Box, ends: list[int], bow: dict[int, int]) -> dict[int, int]:
        # by the other end's column, then (one column) by the side the arrow bows to: no crossing at the box
        ends = sorted(ends, key=lambda e: (boxes[e].x, bow[e], boxes[e].y))
        gap = min(10, (box.w - 16) // max(len(ends), 1))
        return {e: box.x + (2 * i - len(ends) + 1) * gap // 2 for i, e in enumerate(ends)}

    out = {v: spread(boxes[v], ends, {w: _bow(boxes[v], boxes[w]) for w in ends}) for v, ends in leaving.items()}
    into = {w: spread(boxes[w], ends, {v: _bow(boxes[v], boxes[w]) for v in ends}) for w, ends in entering.items()}
    return {(v, w): (out[v][w], into[w][v]) for v, ends in leaving.items() for w in ends}


def _bow(a: Box, b: Box) -> int:
    """How a move drawn down from ``a`` to ``b`` bows: 0 straight (the next row), else the side
    (-1 left, 1 right) times the rows it goes down, as :func:`_edge` draws it."""
    rows = (b.y - a.y) // ROW_GAP
    if rows <= 1:
        return 0
    if a.x != b.x:
        return rows * (1 if b.x > a.x else -1)
    return rows * (1 if (a.y // ROW_GAP + rows) % 2 else -1)  # down a column: by turns from row to row, so arcs from
    # neighbouring rows (5>3 and 4>2 in a take-away game) bow to opposite sides and never cross


def _edge(a: Box, b: Box, *, up: bool, loop: bool, ports: tuple[int, int] = (0, 0)) -> str:
    """The path of a move from box ``a`` to box ``b``: a loop beside ``a``, a bow on the right
    for a move drawn going up, else down from ``a``'s bottom to ``b``'s top at ``ports`` (bowed
    when it crosses rows between)."""
    if loop:  # on the box's top right corner, clear of its neighbours
        x, y = a.right - 14, a.top
        return f"M{x} {y} C{x - 4} {y - 30} {x + 30} {y - 18} {x + 14} {y + 6}"
    if up:
        x1, y1, x2, y2 = a.right, a.y, b.right, b.y
        bend = max(x1, x2) + 22 + (y1 - y2) // 8
        return f"M{x1} {y1} Q{bend} {(y1 + y2) // 2} {x2 + 3} {y2}"
    (x1, x2), y1, y2 = ports, a.bottom, b.top - 2
    bow = _bow(a, b)
    if not bow:
        return f"M{x1} {y1} L{x2} {y2}"
    # to the side it leans, or (straight down a column) left and right by turns, wider the longer (_bow)
    rows, side = abs(bow), (1 if bow > 0 else -1)
    return f"M{x1} {y1} Q{(x1 + x2) // 2 + side * min(20 * rows, 60)} {(y1 + y2) // 2} {x2} {y2}"  # within the margin


def draw(analysis: Analysis, *, uid: str, shown: Sequence[bool] | None = None, sg_shown: Sequence[bool] | None = None,
         current: int | None = None, chosen: int | None = None, label: str = "", overlaid: bool = False,
         sized: bool = True, layout: Layout | None = None, counters: Sequence[int | None] | None = None) -> Drawing:
    """The graph of ``analysis`` as SVG.

    ``shown[v]``: whether position v's outcome is revealed (None: all are); ``sg_shown[v]``
    whether its SG value is (None: none are); ``current`` is outlined (the step being
    explained), ``chosen`` marked (a position clicked, waiting for the end of a move). ``uid``
    makes the arrowheads' ids unique on a page with several drawings. ``label`` names the
    picture. ``overlaid``: the page lays a button over each position (:meth:`Drawing.spot`),
    whose names say what the boxes say, so the SVG itself is hidden from screen readers.
    ``sized``: the SVG is at most :attr:`Drawing.widest` wide; off, the page's container sizes it
    (a projection fills the screen's height). ``counters[v]``: position v's counter of backward
    induction (moves not yet known to lead to N), shown after its letter as ``1/2`` (None: none).

    >>> from grundy.games.graph import analyse, parse_graph
    >>> d = draw(analyse(parse_graph("a>b b>c")), uid="g")
    >>> str(d).count('class="gw-node'), 'aria-label="c: P, no move: the player to move loses"' in str(d)
    (3, True)
    """
    graph = analysis.graph
    n = len(graph.names)
    lay = layout or lay_out(graph.names, graph.successors)
    seen = [True] * n if shown is None else list(shown)
    valued = [False] * n if sg_shown is None else list(sg_shown)
    uid = escape(uid)
    hidden = ' aria-hidden="true"' if overlaid else ""
    widest = f' style="max-width: {lay.width * 7 // 5}px"' if sized else ""
    parts = [f'<svg class="graph-svg" viewBox="0 0 {lay.width} {lay.height}" width="{lay.width}" height="{lay.height}"'
             f'{widest} role="group" aria-label="{escape(label)}"{hidden}>',
             '<defs>',
             *(f'<marker id="{uid}-{kind}" class="gw-arrow{" is-" + kind if kind != "arrow" else ""}" viewBox="0 0 10 10"'
               ' refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="11" markerHeight="11"'
               ' orient="auto-start-reverse">'
               '<path d="M0 0 L10 5 L0 10 z"/></marker>' for kind in ("arrow", "win", "keep")),
             '</defs><g class="gw-moves" aria-hidden="true">']
    ports = _ports(lay, graph.successors)
    for v, succ in enumerate(graph.successors):
        for w in succ:
            both = seen[v] and seen[w]
            kind = ("win" if both and analysis.outcome[v] == "N" and analysis.outcome[w] == "P"
                    else "keep" if both and analysis.outcome[v] == analysis.outcome[w] == "D" else "arrow")
            classes = "gw-move" + ("" if kind == "arrow" else f" is-{kind}") + (" is-from-current" if v == current else "")
            path = _edge(lay.boxes[v], lay.boxes[w], up=(v, w) in lay.up, loop=v == w, ports=ports.get((v, w), (0, 0)))
            parts.append(f'<path class="{classes}" d="{path}" marker-end="url(#{uid}-{kind})"/>')
    parts.append("</g>")
    for v, name in enumerate(graph.names):
        b = lay.boxes[v]
        outcome = analysis.outcome[v] if seen[v] else "blank"
        letter: str = analysis.outcome[v] if seen[v] else "?"
        value = analysis.sg[v]
        if valued[v]:
            letter += f" · {value if value is not None else '—'}"
        left = None if counters is None else counters[v]
        said = position_label(analysis, v, shown=seen[v], sg_shown=valued[v], left=left)
        count = "" if left is None else f'<tspan class="gw-count" dx="3">{left}/{len(graph.successors[v])}</tspan>'
        classes = f"gw-node is-{outcome}" + (" is-current" if v == current else "") + (" is-chosen" if v == chosen else "")
        parts.append(f'<g class="{classes}" role="img" aria-label="{escape(said)}"><title>{escape(said)}</title>'
                     f'<rect x="{b.left}" y="{b.top}" width="{b.w}" height="{b.h}" rx="8"/>'
                     f'<text class="gw-name" x="{b.x}" y="{b.y - 4}">{escape(name)}</text>'
                     f'<text class="gw-letter" x="{b.x}" y="{b.y + 14}">{escape(letter)}{count}</text></g>')
    parts.append("</svg>")
    return Drawing(Markup("".join(parts)), lay)


__all__ = ["PAD", "Drawing", "counter_said", "draw", "position_label"]
