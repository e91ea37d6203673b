"""A game on a directed graph, which may have cycles: the model every other game is a case of.

Positions are named by the player (``a``, ``x1``, ``甲``); a move goes along an edge, written
``from>to``: ``"a>b b>c b>a"``. The player who cannot move loses (normal play). Every position of
every family in the registry is a position of such a graph; here the graph is given whole.

**Outcomes by backward induction** (retrograde analysis, :func:`retrograde`), in O(V + E): each
position keeps a counter of its successors not yet known to be N. A terminal position is P; a
position with a move to a P-position is N; a position whose counter reaches 0 (every move leads
to an N-position) is P. What is never decided is a **draw** (D): from it neither player can force
a win, and with best play the game goes on for ever — the player to move keeps to D-positions
(a D-position always has a move to one: with none, all its moves would lead to N and it would be
P, or one to P and it would be N). The order in which positions are decided is kept: it is the
order a person (or a widget) works through the graph, terminal positions first.

**SG values** exist where the game must end: a position whose reachable part of the graph is
acyclic. Those are found in the same kind of pass (a position's value is known once all its
successors' are: Kahn's topological order, reversed), each the mex of its successors' values. A
position on a cycle, or that can reach one, gets no value (None): the Sprague–Grundy theorem is
about games that end, and the mex of values that are not all known is no value. Its outcome is
still known (it may well be P or N: a cycle with an exit).

**Self-loops** (``a>a``) are allowed: a move that leaves the position as it was, a pass. The
analysis needs nothing special for them: a position with a self-loop and no move to a P-position
never has every successor N (itself is one), so it is a draw, as it should be — whoever faces it
can always pass.

The text form is read with :func:`parse_graph`: moves ``from>to`` separated by spaces or commas
(a Chinese phone's ，and 、 are commas once :func:`grundy.numerals.typed` has read the field, and
its ＞ a ``>``; the 》 and → that its keyboard also types are read as ``>`` here), and a bare name
is a position with no move (``"a>b c"``: c is terminal). A move written twice is refused, as a
slip: a game has one move from a to b, however it is written. Sums of positions, where cycles
make the XOR of SG values no answer, are in :mod:`grundy.games.graph_sum`.
"""
from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from grundy.games.core import GameError, Verdict, mex
from grundy.games.family import foreign_digits
from grundy.marks import N_, Listing, quoted
from grundy.numerals import foreign_digit

# A widget draws about 40 positions (its own bound); the command line and the engine take graphs
# such as a contest's: 10^5 moves are read in about 0.35 s here and analysed (outcomes, SG values
# and cycles, each linear) in about 0.1 s (bench/graph.py). A name is a label a person reads, not data.
MAX_NAME = 16  # characters in a position's name
MAX_POSITIONS = 100_000
MAX_EDGES = 200_000


def text_bound(max_positions: int, max_edges: int) -> int:
    """The longest text read: every move at its longest ("name>name" and a separator such as
    ", "), and every position written bare too; checked before the text is split, so a long paste
    costs nothing."""
    return max_edges * (2 * MAX_NAME + 3) + max_positions * (MAX_NAME + 2)


MAX_TEXT = text_bound(MAX_POSITIONS, MAX_EDGES)

ARROWS = str.maketrans({"》": ">", "→": ">"})  # what a Chinese keyboard types for ">", and the arrow
_SEPARATORS = re.compile(r"[\s,]+")
_NAME = re.compile(r"[\w-]+")  # letters (any script), digits (foreign ones are refused by name), _ and -

_SHIFT = MAX_POSITIONS.bit_length()
S = TypeVar("S", bound=Hashable)  # a position of a graph given by its moves (explore)

Reason = Literal["terminal", "move-to-P", "all-to-N", "draw"]


@dataclass(frozen=True, eq=False)
class Graph:
    """A game graph: positions by index (``names[i]`` is position i's name, in the order first
    written), each position's successors in the order its moves were written, and the text that
    gives it back (:attr:`text`, one space between moves)."""

    names: tuple[str, ...]
    successors: tuple[tuple[int, ...], ...]
    text: str
    index: Mapping[str, int] = field(repr=False)

    @property
    def edges(self) -> int:
        return sum(len(s) for s in self.successors)

    def position(self, name: str) -> int:
        """The index of the position called ``name``; an unknown name is an error that lists
        (the first few of) the graph's positions."""
        found = self.index.get(name.strip())
        if found is None:
            shown = self.names[:12] + (("…",) if len(self.names) > 12 else ())
            raise GameError(N_("%(got)s is not a position of the graph; its positions are %(choices)s"),
                            "unknown-position", got=quoted(name.strip(), MAX_NAME + 4), choices=Listing.of(shown))
        return found

    def predecessors(self) -> list[list[int]]:
        """For each position, the positions with a move to it (each once per move)."""
        return reverse(self.successors)


def parse_graph(text: str, *, max_positions: int = MAX_POSITIONS, max_edges: int = MAX_EDGES) -> Graph:
    """A graph from its text form, its bounds checked before the work they bound (a widget
    passes its own, smaller ones: the text's length follows from ``max_edges``).

    >>> g = parse_graph("a>b, b>c b》a  d")
    >>> g.names, g.successors, g.text
    (('a', 'b', 'c', 'd'), ((1,), (2, 0), (), ()), 'a>b b>c b>a d')
    """
    longest = text_bound(max_positions, max_edges)
    if len(text) > longest:
        raise GameError(N_("a graph is written in at most %(most)s characters; got %(got)s"), "graph-too-long",
                        most=f"{longest:,}", got=f"{len(text):,}")
    tokens = [t for t in _SEPARATORS.split(text.translate(ARROWS)) if t]
    if not tokens:
        raise GameError(N_("the graph has no positions: write its moves as from>to, e.g. %(example)s"),
                        "empty-graph", example="a>b b>c")
    index: dict[str, int] = {}
    successors: list[list[int]] = []
    seen: set[int] = set()  # the moves so far, v << _SHIFT | w
    written: list[str] = []

    def named(name: str) -> int:  # a name's first appearance: checked, then numbered
        if len(name) > MAX_NAME or not _NAME.fullmatch(name):
            raise GameError(N_("a position's name is letters, digits 0 to 9, _ and -, at most %(most)s"
                               " characters; got %(got)s"), "bad-name", most=MAX_NAME, got=quoted(name, MAX_NAME + 4))
        if foreign_digit(name) is not None:
            raise foreign_digits(name)
        if len(index) >= max_positions:
            raise GameError(N_("a graph has at most %(most)s positions"), "too-many-positions", most=f"{max_positions:,}")
        found = index[name] = len(index)
        successors.append([])
        return found

    for token in tokens:
        ends = token.split(">")
        if len(ends) == 1:
            if token not in index:  # a position declared (a terminal one, unless a move leaves it later)
                named(token)
                written.append(token)
            continue
        if len(ends) != 2 or not ends[0] or not ends[1]:
            raise GameError(N_("a move is written from>to, like %(example)s; got %(got)s"), "bad-move",
                            example="a>b", got=quoted(token, 2 * MAX_NAME + 4))
        v = index.get(ends[0])
        if v is None:
            v = named(ends[0])
        w = index.get(ends[1])
        if w is None:
            w = named(ends[1])
        move = v << _SHIFT | w
        if move in seen:
            raise GameError(N_("the move %(got)s is written twice; a game has one move from a position to"
                               " another"), "duplicate-move", got=quoted(f"{ends[0]}>{ends[1]}"))
        if len(seen) >= max_edges:
            raise GameError(N_("a graph has at most %(most)s moves"), "too-many-moves", most=f"{max_edges:,}")
        seen.add(move)
        successors[v].append(w)
        written.append(token)
    names = tuple(index)
    return Graph(names, tuple(map(tuple, successors)), " ".join(written), index)


def reverse(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """The moves turned round: for each position, the positions with a move to it (each once
    per move), which backward induction walks.

    >>> reverse([[1], [0, 2], []])  # a>b b>a b>c
    [[1], [0], [1]]
    """
    before: list[list[int]] = [[] for _ in successors]
    for v, out in enumerate(successors):
        for w in out:
            before[w].append(v)
    return before


def explore(start: S, options: Callable[[S], Iterable[S]], *, most: int | None = None,
            too_many: Callable[[], Exception] | None = None) -> tuple[list[S], list[list[int]]]:
    """The positions reachable from ``start`` (numbered breadth first, ``start`` 0) and each
    one's successors by number: a graph given by its moves, made explicit for :func:`retrograde`.
    With ``most``, finding a position past that many raises ``too_many()`` at once, before the
    rest is searched.

    >>> explore(3, lambda n: [n - k for k in (1, 2) if n - k >= 0])  # take 1 or 2 from 3
    ([3, 2, 1, 0], [[1, 2], [2, 3], [3], []])
    """
    assert (most is None) == (too_many is None), "a bound comes with what to raise past it"
    index = {start: 0}
    states = [start]
    successors: list[list[int]] = []
    for here in states:  # grows as positions are found: breadth first
        out = []
        for after in options(here):
            found = index.get(after)
            if found is None:
                if too_many is not None and most is not None and len(states) >= most:
                    raise too_many()
                found = index[after] = len(states)
                states.append(after)
            out.append(found)
        successors.append(out)
    return states, successors


@dataclass(frozen=True, slots=True)
class Retrograde:
    """Backward induction on a graph given by its successors: per position its outcome, the
    reason, the successor that decided an N-position (a P one; None elsewhere) and the order in
    which positions were decided (D-positions, never decided, are not in it)."""

    outcome: tuple[Verdict, ...]
    reason: tuple[Reason, ...]
    because: tuple[int | None, ...]
    order: tuple[int, ...]


def retrograde(successors: Sequence[Sequence[int]], predecessors: Sequence[Sequence[int]]) -> Retrograde:
    """Outcomes by backward induction, O(V + E), the moves between two positions counted once.

    Terminal positions are decided first (P), in index order; then, first decided first: a
    P-position makes every undecided position with a move to it N, and an N-position lowers the
    counter of undecided successors of every undecided position with a move to it, which is P
    when its counter reaches 0.

    >>> r = retrograde([[1], [0, 2], []], [[1], [0], [1]])  # a>b b>a b>c
    >>> r.outcome, r.reason, r.order
    (('P', 'N', 'P'), ('all-to-N', 'move-to-P', 'terminal'), (2, 1, 0))
    >>> retrograde([[1], [0]], [[1], [0]]).outcome  # a pure cycle
    ('D', 'D')
    """
    n = len(successors)
    left = [len(s) for s in successors]
    outcome: list[Verdict] = ["D"] * n
    reason: list[Reason] = ["draw"] * n
    because: list[int | None] = [None] * n
    queue = deque(v for v in range(n) if not left[v])
    for v in queue:
        outcome[v], reason[v] = "P", "terminal"
    order: list[int] = []
    while queue:
        v = queue.popleft()
        order.append(v)
        lost = outcome[v] == "P"
        for u in predecessors[v]:
            if outcome[u] != "D":
                continue  # decided already
            if lost:
                outcome[u], reason[u], because[u] = "N", "move-to-P", v
                queue.append(u)
            else:
                left[u] -= 1
                if not left[u]:
                    outcome[u], reason[u] = "P", "all-to-N"
                    queue.append(u)
    return Retrograde(tuple(outcome), tuple(reason), tuple(because), tuple(order))


def sg_values(successors: Sequence[Sequence[int]], predecessors: Sequence[Sequence[int]]) -> tuple[
        tuple[int | None, ...], tuple[int, ...]]:
    """Each position's SG value where everything it reaches is acyclic (None elsewhere), and the
    order the values were found: a position's value once all its successors' are known.

    >>> sg_values([[1, 2], [2], [], [3]], [[], [0], [0, 1], [3]])  # a>b a>c b>c d>d
    ((2, 1, 0, None), (2, 1, 0))
    """
    left = [len(s) for s in successors]
    value = [0] * len(successors)  # meaningful for the positions in ``order`` only
    queue = deque(v for v in range(len(successors)) if not left[v])
    order: list[int] = []
    while queue:
        v = queue.popleft()
        value[v] = mex(value[w] for w in successors[v])  # every successor's is known
        order.append(v)
        for u in predecessors[v]:
            left[u] -= 1
            if not left[u]:
                queue.append(u)
    found = set(order)
    return tuple(g if v in found else None for v, g in enumerate(value)), tuple(order)


def on_cycles(successors: Sequence[Sequence[int]], predecessors: Sequence[Sequence[int]]) -> tuple[bool, ...]:
    """Whether each position lies on a cycle (a self-loop is one): its strongly connected
    component has another position, or it moves to itself. Kosaraju's two passes, O(V + E), with
    explicit stacks (a path of 10^5 positions is no recursion).

    >>> on_cycles([[1], [0, 2], [], [3]], [[1], [0], [1], [3]])  # a>b b>a b>c d>d
    (True, True, False, True)
    """
    n = len(successors)
    seen = [False] * n
    finished: list[int] = []
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        stack = [(root, iter(successors[root]))]
        while stack:
            v, later = stack[-1]
            for w in later:
                if not seen[w]:
                    seen[w] = True
                    stack.append((w, iter(successors[w])))
                    break
            else:
                stack.pop()
                finished.append(v)
    component = [-1] * n
    sizes: list[int] = []
    for root in reversed(finished):  # each search backwards from here finds one component
        if component[root] >= 0:
            continue
        component[root], todo, size = len(sizes), [root], 0
        while todo:
            v = todo.pop()
            size += 1
            for u in predecessors[v]:
                if component[u] < 0:
                    component[u] = component[root]
                    todo.append(u)
        sizes.append(size)
    return tuple(sizes[component[v]] > 1 or v in successors[v] for v in range(n))


@dataclass(frozen=True, slots=True)
class Step:
    """One position as backward induction decided it, for a person stepping through: its place
    in the order (None: never decided, a draw), its outcome and reason, the P-position a move to
    which made it N, its SG value (None: it is on a cycle or reaches one) and whether it is on a
    cycle (without an SG value and not on one, it reaches one)."""

    position: str
    step: int | None
    outcome: Verdict
    reason: Reason
    because: str | None
    sg: int | None
    on_cycle: bool


@dataclass(frozen=True, eq=False)
class Analysis:
    """Everything backward induction knows about a graph's positions, by index.

    ``outcome``, ``reason``, ``because`` and ``order`` as :class:`Retrograde`'s; ``sg`` each
    position's SG value or None (a cycle is reachable) and ``sg_order`` the order they were found;
    ``on_cycle`` whether each position lies on a cycle (where sg is None and it does not, it can
    reach one).
    """

    graph: Graph
    outcome: tuple[Verdict, ...]
    reason: tuple[Reason, ...]
    because: tuple[int | None, ...]
    order: tuple[int, ...]
    sg: tuple[int | None, ...]
    sg_order: tuple[int, ...]
    on_cycle: tuple[bool, ...]

    def winning_moves(self, v: int) -> list[int]:
        """The successors of ``v`` that are P: every winning move (none unless ``v`` is N)."""
        return [w for w in self.graph.successors[v] if self.outcome[w] == "P"]

    def drawing_moves(self, v: int) -> list[int]:
        """From a D-position, the moves that keep the draw (to D-positions; any other move leads
        to N and loses). Empty from a P- or N-position."""
        if self.outcome[v] != "D":
            return []
        return [w for w in self.graph.successors[v] if self.outcome[w] == "D"]

    def sg_trace(self, v: int) -> tuple[list[int], int] | None:
        """How ``v``'s SG value is found: its successors' values (each once, in order) and their
        mex; None where ``v`` has no value.

        >>> analyse(parse_graph("a>b a>c b>c")).sg_trace(0)
        ([0, 1], 2)
        """
        value = self.sg[v]
        if value is None:
            return None
        return sorted({g for w in self.graph.successors[v] if (g := self.sg[w]) is not None}), value  # all known

    def steps(self) -> list[Step]:
        """Every position, in the order backward induction decided it, then the draws in the
        graph's order: what a widget steps through."""
        names = self.graph.names
        place = {v: i for i, v in enumerate(self.order)}
        draws = [v for v in range(len(names)) if self.outcome[v] == "D"]
        steps = []
        for v in (*self.order, *draws):
            by = self.because[v]
            steps.append(Step(names[v], place.get(v), self.outcome[v], self.reason[v],
                              None if by is None else names[by], self.sg[v], self.on_cycle[v]))
        return steps


def analyse(graph: Graph) -> Analysis:
    """Outcomes, reasons, the order of backward induction and SG values of every position.

    >>> a = analyse(parse_graph("a>b b>c b>a"))
    >>> a.outcome, a.reason, [a.graph.names[v] for v in a.order], a.sg
    (('P', 'N', 'P'), ('all-to-N', 'move-to-P', 'terminal'), ['c', 'b', 'a'], (None, None, 0))
    """
    before = graph.predecessors()
    r = retrograde(graph.successors, before)
    sg, sg_order = sg_values(graph.successors, before)
    return Analysis(graph, r.outcome, r.reason, r.because, r.order, sg, sg_order, on_cycles(graph.successors, before))


__all__ = ["ARROWS", "Analysis", "Graph", "MAX_EDGES", "MAX_NAME", "MAX_POSITIONS", "MAX_TEXT", "Reason", "Retrograde",
           "Step", "analyse", "on_cycles", "parse_graph", "retrograde", "sg_values", "text_bound"]
