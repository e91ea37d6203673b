"""Where each position of a game graph is drawn: in layers, terminal positions at the bottom and
every position above its successors, so a move goes down the page.

A graph with cycles has no such order, so a few moves are set aside first, in a stated and
stable way: a depth-first search from the positions in the order they were written (each one's
moves in their written order) meets some moves that lead back to a position still on its path;
those moves close cycles and are drawn going *up* (:attr:`Layout.up`). Without them the graph is
acyclic, and a position's layer is the length of the longest path from it to a position with no
remaining move, counting that position as 0 if it is terminal and 1 if it is not (its moves were
set aside: they go up, or are self-loops): terminal positions alone are on the bottom layer, as
the lesson says. A self-loop is drawn as a small loop beside its position and lays nothing out.
Empty layers (no terminal position at all) take no row.

Within a layer, positions are ordered by the mean place of their successors in the layers below
(one pass upwards, one downwards by predecessors; ties keep the written order): fewer crossings,
and the same picture every time. A layer wider than :data:`ROW` positions wraps onto rows of its
own. Everything here is integers in SVG units; the drawing is :mod:`grundy.widgets.graph_svg`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grundy.games.graph import reverse

ROW = 8  # positions side by side at most: a phone 390 px wide still reads their names
ROW_GAP = 78  # from one row's centres to the next's
NODE_H = 40  # a position's box: its name, then its letter and SG value
PAD = 10  # around the whole picture
TOP = 24  # above the top row besides: room for a self-loop on a box's corner
CHAR = 9  # width of a character of a name (the names are at most 16 characters)


@dataclass(frozen=True, slots=True)
class Box:
    """Where one position is drawn: its centre and its box's size."""

    x: int
    y: int
    w: int
    h: int

    @property
    def top(self) -> int:
        return self.y - self.h // 2

    @property
    def bottom(self) -> int:
        return self.y + self.h // 2

    @property
    def left(self) -> int:
        return self.x - self.w // 2

    @property
    def right(self) -> int:
        return self.x + self.w // 2


@dataclass(frozen=True, slots=True)
class Layout:
    """A graph laid out: each position's layer and box, the size of the picture, and the moves
    drawn going up (those that close a cycle, as :func:`cycle_breaks` finds them)."""

    layer: tuple[int, ...]
    boxes: tuple[Box, ...]
    width: int
    height: int
    up: frozenset[tuple[int, int]]


def cycle_breaks(successors: Sequence[Sequence[int]]) -> frozenset[tuple[int, int]]:
    """The moves (v, w), v ≠ w, that lead back to a position on the search's current path, in a
    depth-first search from the positions in index order (their moves in order); iterative, so a
    long path is no recursion. Without them (and without self-loops) the graph is acyclic.

    >>> sorted(cycle_breaks([[1], [2], [0, 3], []]))  # a>b b>c c>a c>d: c>a closes the cycle
    [(2, 0)]
    """
    n = len(successors)
    state = [0] * n  # 0 unseen, 1 on the path, 2 done
    up: set[tuple[int, int]] = set()
    for root in range(n):
        if state[root]:
            continue
        state[root] = 1
        stack = [(root, iter(successors[root]))]
        while stack:
            v, later = stack[-1]
            for w in later:
                if state[w] == 1 and w != v:
                    up.add((v, w))
                elif state[w] == 0:
                    state[w] = 1
                    stack.append((w, iter(successors[w])))
                    break
            else:
                state[v] = 2
                stack.pop()
    return frozenset(up)


def downward(successors: Sequence[Sequence[int]], up: frozenset[tuple[int, int]]) -> list[list[int]]:
    """The moves drawn going down: every move but self-loops and those in ``up``, which close a
    cycle (an acyclic graph, which the layers and the row order read)."""
    return [[w for w in succ if w != v and (v, w) not in up] for v, succ in enumerate(successors)]


def layers(successors: Sequence[Sequence[int]], up: frozenset[tuple[int, int]]) -> tuple[int, ...]:
    """Each position's layer: 0 for a terminal position, 1 for one whose every move is set aside
    (in ``up``, or a self-loop), else one more than its highest successor's (Kahn's order on the
    reversed graph, O(V + E)).

    >>> layers([[1], [0], []], frozenset({(1, 0)}))  # x>y y>x t: y's move goes up, so y is above t
    (2, 1, 0)
    """
    n = len(successors)
    down = downward(successors, up)
    before = reverse(down)
    left = [len(s) for s in down]
    layer = [0 if not successors[v] else 1 for v in range(n)]  # meaningful once ready
    ready = [v for v in range(n) if not left[v]]
    for v in ready:  # grows as positions become ready
        for u in before[v]:
            layer[u] = max(layer[u], layer[v] + 1)
            left[u] -= 1
            if not left[u]:
                ready.append(u)
    return tuple(layer)


def _ordered(rows: list[list[int]], neighbours: Sequence[Sequence[int]], place: dict[int, float]) -> None:
    """Sorts each row's positions by the mean place of their ``neighbours`` already placed (ties
    and positions with none keep their order), updating ``place`` as it goes."""
    for row in rows:
        was = {v: i - (len(row) - 1) / 2 for i, v in enumerate(row)}

        def key(v: int) -> tuple[float, float]:
            known = [place[w] for w in neighbours[v] if w in place]
            return (sum(known) / len(known) if known else place.get(v, was[v]), was[v])
        row.sort(key=key)
        for i, v in enumerate(row):
            place[v] = i - (len(row) - 1) / 2


def lay_out(names: Sequence[str], successors: Sequence[Sequence[int]]) -> Layout:
    """The positions' boxes, in layers from the bottom (terminal) up.

    >>> lay = lay_out("abcd", [[1], [2], [0, 3], []])  # a>b b>c c>a c>d
    >>> lay.layer, sorted(lay.up)
    ((3, 2, 1, 0), [(2, 0)])
    >>> [b.y for b in lay.boxes] == sorted(b.y for b in lay.boxes)  # a at the top, d at the bottom
    True
    """
    n = len(names)
    up = cycle_breaks(successors)
    layer = layers(successors, up)
    top = max(layer, default=0)
    by_layer: list[list[int]] = [[] for _ in range(top + 1)]
    for v in range(n):
        by_layer[layer[v]].append(v)
    down = downward(successors, up)
    place: dict[int, float] = {}
    _ordered(by_layer, down, place)  # bottom up: by successors
    _ordered(by_layer[::-1][1:], reverse(down), place)  # top down: by predecessors (the top layer stays)
    rows = [row[i:i + ROW] for row in by_layer for i in range(0, len(row), ROW)]  # an empty layer: no row
    longest = max((len(name) for name in names), default=1)
    box_w = max(52, CHAR * longest + 16)
    column = box_w + 14
    width = max(len(r) for r in rows) * column + 2 * PAD + 60  # 60: room for the loops and the bows beside a column
    height = len(rows) * ROW_GAP - ROW_GAP + NODE_H + 2 * PAD + TOP
    boxes: list[Box | None] = [None] * n
    for r, row in enumerate(rows):
        y = height - PAD - NODE_H // 2 - r * ROW_GAP
        start = (width - len(row) * column) // 2 + column // 2
        for i, v in enumerate(row):
            boxes[v] = Box(start + i * column, y, box_w, NODE_H)
    return Layout(layer, tuple(b for b in boxes if b is not None), width, height, up)


__all__ = ["Box", "Layout", "cycle_breaks", "lay_out", "layers"]
