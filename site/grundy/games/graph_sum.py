"""Sums of positions on game graphs (:mod:`grundy.games.graph`), which may have cycles.

A sum is several positions played side by side, a move being made in exactly one of them; they
may be positions of one graph or of different ones. Where every part has an SG value (none of
them reaches a cycle) the Sprague–Grundy theorem answers: the sum is P exactly when the XOR of
the values is 0, and the winning moves are those to a position worth the part's value XOR the
total, in any size of graph.

With a cycle in reach the XOR is no answer, and the outcomes of the parts are not enough either.
A draw plus a Nim heap of 1 is never P (emptying the heap leaves the draw), but it may be a draw
or a win, depending on the draw's graph: x>y y>x is still a draw beside the heap, while in
x>y y>x x>q q>t (x a draw: its moves go to y, a draw, and to q, an N-position) moving x to q
leaves q plus the heap, SG 1 XOR 1 = 0, and wins (tests/test_graph.py checks both). Smith's and
Fraenkel's generalised SG values (γ, with ∞) decide such sums; this module does not guess and
does not use a theory it does not check: it solves the
**product graph** — a position of the sum is a tuple of positions, its moves a move in one part
— by the same backward induction, within bounds checked before it is built (the product of the
reachable parts' sizes: :data:`MAX_SUM_POSITIONS`, :data:`MAX_SUM_MOVES`); beyond them the sum
is refused with the sizes it would have.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import prod

from grundy.games.core import GameError, Verdict, nim_sum
from grundy.games.graph import Analysis, explore, retrograde, reverse
from grundy.marks import N_

# The positions and moves of a product graph a sum with a cycle in reach is solved on (half a
# second of work at the largest, bench/graph.py; two 40-position graphs make at most 1,600).
MAX_SUM_POSITIONS = 50_000
MAX_SUM_MOVES = 200_000

Part = tuple[Analysis, int]  # a position (its index) of an analysed graph


@dataclass(frozen=True, slots=True)
class PartMove:
    """A move of a sum: in part ``component`` (0-based), to position ``to`` of that part's graph."""

    component: int
    to: int


@dataclass(frozen=True, eq=False)
class SumAnalysis:
    """A sum's outcome; its SG value (the XOR, where every part has one, else None); each part's
    SG value (None: that part reaches a cycle); every winning move (to a P-position of the sum);
    from a draw, every move that keeps it; and, where the sum was solved on its product graph,
    the outcome of every position of the sum reachable from it (``reached``, by tuples of indices)."""

    parts: tuple[Part, ...]
    outcome: Verdict
    sg: int | None
    values: tuple[int | None, ...]
    winning: tuple[PartMove, ...]
    drawing: tuple[PartMove, ...]
    reached: Mapping[tuple[int, ...], Verdict] | None = None


def _reach(part: Part) -> tuple[int, int]:
    """How many positions and moves the part's graph has within reach of the part's position."""
    analysis, start = part
    succ = analysis.graph.successors
    seen = {start}
    queue = deque([start])
    moves = 0
    while queue:
        v = queue.popleft()
        moves += len(succ[v])
        for w in succ[v]:
            if w not in seen:
                seen.add(w)
                queue.append(w)
    return len(seen), moves


def product_size(parts: Sequence[Part]) -> tuple[int, int]:
    """An upper bound on the positions and the moves of the product graph reachable from the sum:
    the product of the parts' reachable positions, and for each part its reachable moves times the
    other parts' positions."""
    reach = [_reach(p) for p in parts]
    positions = prod(r for r, _ in reach)
    moves = sum(m * prod(r for j, (r, _) in enumerate(reach) if j != i) for i, (_, m) in enumerate(reach))
    return positions, moves


def _moves(parts: Sequence[Part], position: tuple[int, ...]) -> list[tuple[PartMove, tuple[int, ...]]]:
    return [(PartMove(i, w), position[:i] + (w,) + position[i + 1 :])
            for i, ((analysis, _), v) in enumerate(zip(parts, position))
            for w in analysis.graph.successors[v]]


def solve_sum(parts: Sequence[Part], *, max_positions: int = MAX_SUM_POSITIONS,
              max_moves: int = MAX_SUM_MOVES) -> SumAnalysis:
    """The sum of ``parts``: by the XOR of SG values where every part has one, by the lone part's
    own analysis for a sum of one, else by backward induction on the product graph, bounded.

    >>> from grundy.games.graph import analyse, parse_graph
    >>> a = analyse(parse_graph("a>b b>c b>a"))
    >>> s = solve_sum([(a, 2), (a, 2)]); s.outcome, s.sg
    ('P', 0)
    >>> s = solve_sum([(a, 0), (a, 2)]); s.outcome, s.sg, s.values  # a (P, on a cycle) and c (0)
    ('P', None, (None, 0))
    >>> s = solve_sum([(a, 1), (a, 2)]); s.outcome, s.winning  # b (N) and c: b to c or to a wins
    ('N', (PartMove(component=0, to=2), PartMove(component=0, to=0)))
    """
    if not parts:
        raise GameError(N_("give at least one component"), "no-components")
    parts = tuple(parts)
    values = tuple(a.sg[v] for a, v in parts)
    if len(parts) == 1:
        analysis, v = parts[0]
        return SumAnalysis(parts, analysis.outcome[v], values[0], values,
                           tuple(PartMove(0, w) for w in analysis.winning_moves(v)),
                           tuple(PartMove(0, w) for w in analysis.drawing_moves(v)))
    known = [g for g in values if g is not None]
    if len(known) == len(values):
        total = nim_sum(known)
        winning = tuple(PartMove(i, w) for i, ((a, v), g) in enumerate(zip(parts, known))
                        for w in a.graph.successors[v] if a.sg[w] == g ^ total) if total else ()
        return SumAnalysis(parts, "P" if total == 0 else "N", total, values, winning, ())
    positions, moves = product_size(parts)  # bounded before the product is built
    if positions > max_positions or moves > max_moves:
        raise GameError(N_("a sum that can reach a cycle is solved on the graph of its positions, up to %(most)s"
                           " positions and %(steps)s moves; this one may have %(reach)s positions and %(count)s moves"),
                        "sum-too-large", most=f"{max_positions:,}", steps=f"{max_moves:,}", reach=f"{positions:,}",
                        count=f"{moves:,}")
    return _on_product(parts, values)


def _on_product(parts: tuple[Part, ...], values: tuple[int | None, ...]) -> SumAnalysis:
    start = tuple(v for _, v in parts)
    graphs = [a.graph.successors for a, _ in parts]

    def moved(here: tuple[int, ...]) -> list[tuple[int, ...]]:  # _moves' positions, without a PartMove each
        return [here[:i] + (w,) + here[i + 1:] for i, v in enumerate(here) for w in graphs[i][v]]

    states, successors = explore(start, moved)
    r = retrograde(successors, reverse(successors))
    reached = {s: r.outcome[i] for i, s in enumerate(states)}
    options = _moves(parts, start)
    outcome = r.outcome[0]
    winning = tuple(m for m, after in options if reached[after] == "P")
    drawing = tuple(m for m, after in options if reached[after] == "D") if outcome == "D" else ()
    return SumAnalysis(parts, outcome, None, values, winning, drawing, reached)


def sum_table(first: Analysis, second: Analysis) -> tuple[tuple[Verdict, ...], ...]:
    """The outcome of every sum of a position of ``first`` and a position of ``second`` (a row
    per position of ``first``), by one backward induction on the whole product graph: what a
    table of sums shows. The caller bounds the graphs first: the product has V1·V2 positions
    and E1·V2 + V1·E2 moves.

    >>> from grundy.games.graph import analyse, parse_graph
    >>> sum_table(analyse(parse_graph("a>b")), analyse(parse_graph("x>y y>x")))
    (('D', 'D'), ('D', 'D'))
    >>> sum_table(analyse(parse_graph("a>b")), analyse(parse_graph("x>y")))
    (('P', 'N'), ('N', 'P'))
    """
    n, m = len(first.graph.names), len(second.graph.names)
    one, two = first.graph.successors, second.graph.successors
    successors = [[w * m + y for w in one[v]] + [v * m + z for z in two[y]] for v in range(n) for y in range(m)]
    outcome = retrograde(successors, reverse(successors)).outcome
    return tuple(outcome[v * m:(v + 1) * m] for v in range(n))


__all__ = ["MAX_SUM_MOVES", "MAX_SUM_POSITIONS", "Part", "PartMove", "SumAnalysis", "product_size", "solve_sum", "sum_table"]
