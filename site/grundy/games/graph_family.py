"""Games on a graph as a family: the rule is the graph (``--edges "a>b b>c b>a"``), a component
is a position's name, and several make a sum. The mathematics is in :mod:`grundy.games.graph`
(backward induction, SG values) and :mod:`grundy.games.graph_sum` (sums, on the product graph
where a cycle is in reach); this module only reads them through :class:`Family`.

Unlike every other family, a position may be a draw (D): :meth:`GraphFamily.sum_verdict` says
P, N or D, while :meth:`GraphFamily.sum_outcome`, which promises P or N, refuses a draw with a
message; :meth:`GraphFamily.sg` refuses a position that reaches a cycle (it has no SG value).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from grundy.cache import BoundedCache
from grundy.games.core import Action, GameError, Outcome, Verdict
from grundy.games.family import Family, RuleKey
from grundy.games.graph import MAX_EDGES, MAX_NAME, MAX_POSITIONS, Analysis, analyse, parse_graph
from grundy.games.graph_sum import SumAnalysis, solve_sum
from grundy.games.moves import fixed
from grundy.marks import N_, quoted

# A move along an edge: the position it leads to, by name, is what the component becomes (said
# beside it), so the move itself has no number.
GRAPH_MOVE = fixed("graph-move", N_("move along an edge"), N_("moved along an edge"))

# The sums solved last (a family is shared by every thread that asks for its rule): where one was
# solved on its product graph, every position it reaches is known too, which its moves ask about.
SUMS_KEPT = 8


class GraphFamily(Family[int]):
    """A game on a directed graph given by its moves: components are positions (their index in
    the graph), written by name."""

    key = "graph"
    title = N_("A game on a graph")
    example = "a"
    notation = "a position of the graph, by its name: `{example}`"
    example_rule = {"edges": "a>b a>c b>c c>d b>d"}
    rule_keys = (RuleKey("edges", None, N_("the moves, from>to: a>b b>c b>a"),
                         more=f"up to {MAX_POSITIONS:,} positions and {MAX_EDGES:,} moves, names of at most {MAX_NAME}"
                              " characters; cycles allowed"),)
    separator = " "
    layout = "none"

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.graph = analysis.graph
        self._sums: BoundedCache[tuple[int, ...], SumAnalysis] = BoundedCache(SUMS_KEPT)

    @classmethod
    def from_rule(cls, args: Mapping[str, str]) -> GraphFamily:
        return cls(analyse(parse_graph(cls.rule_value(args, "edges"))))

    def rule(self) -> dict[str, str]:
        return {"edges": self.graph.text}

    # -- notation
    def parse(self, text: str) -> int:
        return self.graph.position(text)

    def format(self, c: int) -> str:
        return self.graph.names[c]

    def parse_sum(self, texts: Sequence[str]) -> tuple[int, ...]:
        return tuple(self.parse(t) for t in texts)  # no empty sum: "none" may be a position's name

    # -- moves and values
    def moves(self, c: int) -> Iterator[tuple[Action, tuple[int, ...]]]:
        for w in self.graph.successors[c]:
            yield Action(GRAPH_MOVE.name), (w,)

    def sg(self, c: int) -> int:
        value = self.analysis.sg[c]
        if value is None:
            raise GameError(N_("%(got)s has no SG value: it is on a cycle or can reach one, so the game need not end"),
                            "no-sg-cycle", got=quoted(self.format(c)))
        return value

    def outcome(self, c: int) -> Outcome:
        return self._two_way(self.analysis.outcome[c], (c,))

    def winning_moves(self, c: int) -> list[tuple[Action, tuple[int, ...]]]:
        return [(Action(GRAPH_MOVE.name), (w,)) for w in self.analysis.winning_moves(c)]

    def value_of(self, c: int) -> int | None:
        return self.analysis.sg[c]

    def size(self, c: int) -> int:
        return len(self.graph.names)

    # -- sums
    def sum_of(self, position: tuple[int, ...]) -> SumAnalysis:
        """The sum's analysis; a position reached from a sum solved lately is looked up, not solved
        again (winning moves ask for every position one move away)."""
        if not position:
            raise GameError(N_("give at least one component"), "no-components")
        known = self._sums.get(position)
        if known is not None:
            return known
        for key in self._sums.keys():
            solved = self._sums.get(key)
            if solved is not None and solved.reached is not None and position in solved.reached:
                return SumAnalysis(tuple((self.analysis, v) for v in position), solved.reached[position], None,
                                   tuple(self.analysis.sg[v] for v in position), (), ())
        return self._sums.get_or_compute(position, lambda: solve_sum([(self.analysis, v) for v in position]))

    def sum_verdict(self, position: tuple[int, ...]) -> Verdict:
        return self.sum_of(position).outcome

    def sum_outcome(self, position: tuple[int, ...]) -> Outcome:
        return self._two_way(self.sum_verdict(position), position)

    def sum_grundy(self, position: tuple[int, ...]) -> int | None:
        values = [self.analysis.sg[v] for v in position]
        return None if any(g is None for g in values) else self.sum_of(position).sg

    def values_known(self, position: tuple[int, ...]) -> list[int | None] | None:
        return [self.analysis.sg[v] for v in position]

    def misere_outcome(self, position: tuple[int, ...]) -> Outcome | None:
        raise GameError(N_("%(game)s is solved in normal play; for misère play of one position, add a move from"
                           " every terminal position to one new position, and solve that graph"), "no-misere",
                        game=self.name())

    def _two_way(self, verdict: Verdict, position: tuple[int, ...]) -> Outcome:
        if verdict == "D":
            raise GameError(N_("%(got)s is a draw: neither player can force a win, so it is neither P nor N"),
                            "draw", got=quoted(self.format_sum(position)))
        return verdict



__all__ = ["GRAPH_MOVE", "GraphFamily"]
