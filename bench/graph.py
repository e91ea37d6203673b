"""Games on graphs: the engine's time on graphs of 10^5 moves (a benchmark, not a test; this
machine's 2 shared cores make absolute figures drift, so compare within a run).

- ``uniform``: 20,000 positions, 100,000 moves between random pairs (self-loops and cycles
  everywhere: few terminal positions, so most positions are draws);
- ``layered``: 20,000 positions in a random order, 100,000 moves, 90% of them forward in that
  order and 10% back (cycles, but many positions decided: the retrograde pass does real work);
- for each: reading the text (``parse_graph``), backward induction with SG values (``analyse``),
  and the command line end to end (``grundy solve graph --edges @file``: Python's start, the
  imports, reading, solving and printing one position);
- a sum on its product graph at the bounds (MAX_SUM_POSITIONS, MAX_SUM_MOVES): two positions
  of a graph with cycles, everything in reach.

    .venv/bin/python bench/graph.py
"""
from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from math import isqrt
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "site"))
sys.path.insert(0, str(ROOT / "bench"))

from grundy.games.graph import analyse, parse_graph  # noqa: E402
from grundy.games.graph_sum import MAX_SUM_MOVES, MAX_SUM_POSITIONS, product_size, solve_sum  # noqa: E402
from engine import median_seconds  # noqa: E402  (bench/engine.py's: the median of repeated timings)

POSITIONS = 20_000
MOVES = 100_000
REPEAT = 5


def random_graph(rng: random.Random, positions: int, moves: int, back: float | None) -> str:
    """``moves`` distinct moves among ``positions`` positions: uniform (``back`` None), or
    forward in a shuffled order but for a fraction ``back`` of them."""
    order = list(range(positions))
    rng.shuffle(order)
    chosen: set[tuple[int, int]] = set()
    while len(chosen) < moves:
        i, j = rng.randrange(positions), rng.randrange(positions)
        if back is not None:
            i, j = min(i, j), max(i, j)
            if i == j:
                continue
            if rng.random() < back:
                i, j = j, i
        chosen.add((order[i], order[j]))
    return " ".join(f"p{v}>p{w}" for v, w in chosen)


def main() -> None:
    rng = random.Random(30)
    print(f"{'graph':10} {'positions':>9} {'moves':>8} {'parse':>9} {'analyse':>9} {'CLI':>9}   P / N / D, with an SG value")
    for name, back in (("uniform", None), ("layered", 0.1)):
        text = random_graph(rng, POSITIONS, MOVES, back)
        graph = parse_graph(text)
        parse = median_seconds(lambda: parse_graph(text), REPEAT)
        work = median_seconds(lambda: analyse(graph), REPEAT)
        found = analyse(graph)
        counts = {o: found.outcome.count(o) for o in "PND"}
        valued = sum(g is not None for g in found.sg)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            command = [sys.executable, "-m", "grundy", "solve", "graph", "--edges", f"@{file.name}", graph.names[0]]

            def cli() -> None:
                subprocess.run(command, check=True, capture_output=True, cwd=ROOT)

            whole = median_seconds(cli, 3)
        print(f"{name:10} {len(graph.names):9,} {graph.edges:8,} {parse * 1000:7.0f} ms {work * 1000:7.0f} ms"
              f" {whole * 1000:7.0f} ms   {counts['P']:,} / {counts['N']:,} / {counts['D']:,}, {valued:,}")
    sum_at_the_bound(rng)


def sum_at_the_bound(rng: random.Random) -> None:
    """Two positions of a ring with chords and exits to a few terminal positions, everything in
    reach, as large as MAX_SUM_POSITIONS and MAX_SUM_MOVES let the product graph be."""
    side = isqrt(MAX_SUM_POSITIONS)
    edges = MAX_SUM_MOVES // (2 * side)  # each part's moves times the other's positions
    ends = side // 20
    ring = side - ends
    moves = {(i, (i + 1) % ring) for i in range(ring)}
    while len(moves) < ring + (edges - ring) // 2:
        moves.add((rng.randrange(ring), ring + rng.randrange(ends)))
    while len(moves) < edges:
        moves.add((rng.randrange(ring), rng.randrange(ring)))
    graph = analyse(parse_graph(" ".join(f"p{v}>p{w}" for v, w in moves)))
    parts = [(graph, graph.graph.position("p0")), (graph, graph.graph.position(f"p{ring // 2}"))]
    positions, count = product_size(parts)
    assert positions <= MAX_SUM_POSITIONS and count <= MAX_SUM_MOVES, (positions, count)
    seconds = median_seconds(lambda: solve_sum(parts), 3)
    found = solve_sum(parts)
    print(f"a sum of two positions of a {len(graph.graph.names)}-position graph with cycles, on its product graph"
          f" ({positions:,} positions, {count:,} moves; bounds {MAX_SUM_POSITIONS:,} and {MAX_SUM_MOVES:,}):"
          f" {seconds * 1000:.0f} ms, {found.outcome}")

if __name__ == "__main__":
    main()
