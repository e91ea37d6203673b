"""Practice spec for a game on a graph (lesson 16): a token on a position of a small directed
graph, moved along one arrow a turn; whoever cannot move loses, and where the graph has a cycle a
position may be a draw (D). The quiz asks P, N or D; play stops a drawn game after a stated number
of moves (:mod:`grundy.practice.draws`).

Quiz graphs are drawn from the question's seed: positions named a, b, c, … in layers, each with
one or two moves to later positions (so most graphs have an end), and a few moves back to earlier
ones, which make the cycles. The engine (:mod:`grundy.games.graph`) judges every answer.
"""
from __future__ import annotations

import random
from string import ascii_lowercase

from grundy.games.core import GameError, Outcome, Verdict
from grundy.games.graph import MAX_NAME, Graph, analyse, parse_graph, text_bound
from grundy.games.graph_family import GraphFamily
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, Position
from grundy.practice.draws import DrawArena
from grundy.practice.games.spec import GameSpec, rules_reason

# A practice graph is read and drawn on a phone: a dozen positions, each with a few moves.
MAX_POSITIONS = 12
MAX_MOVES = 30
MAX_TEXT = text_bound(MAX_POSITIONS, MAX_MOVES)  # checked before the text is split

# The start /play offers: from a, one move wins (to d), one draws (to b, on the cycle b, e) and one
# loses (to c); tests/test_practice_graph.py checks this with the engine.
START_EDGES = "a>b a>c a>d b>e b>c e>b e>c c>f d>c d>g g>f"
START = "a"

# (positions, moves back) by level: small graphs, larger ones, then more cycles.
SIZES = {1: ((5, 6), (0, 1)), 2: ((7, 8), (1, 2)), 3: ((9, 10), (2, 3))}
DRAWS_TRIED = 400  # graphs drawn for one question at most (a few suffice: the tests draw every level)
TRAPS_TRIED = 150  # … when an N-position with a move to a draw is sought (3-9% of graphs have one)


def _edges(raw: str) -> str:
    """A URL's graph, checked within practice's bounds, given back in its canonical text."""
    return parse_graph(raw, max_positions=MAX_POSITIONS, max_edges=MAX_MOVES).text


def random_graph(rng: random.Random, positions: int, back: int) -> str:
    """A graph of ``positions`` positions a, b, c, …: each but the last one or two has one or two
    moves to later positions, and ``back`` moves go back to an earlier one (a cycle each)."""
    names = ascii_lowercase[:positions]
    ends = rng.randint(1, 2)  # the last `ends` positions are terminal
    moves: list[tuple[int, int]] = []
    for v in range(positions - ends):
        later = list(range(v + 1, positions))
        moves += [(v, w) for w in sorted(rng.sample(later, min(len(later), rng.randint(1, 2))))]
    for _back in range(back if positions - ends >= 2 else 0):
        v = rng.randrange(1, positions - ends)
        w = rng.randrange(0, v)
        if (v, w) not in moves:
            moves.append((v, w))
    moves.sort()
    written = [f"{names[v]}>{names[w]}" for v, w in moves]
    seen = {i for move in moves for i in move}
    written += [names[i] for i in range(positions) if i not in seen]  # a position with no move in or out
    return " ".join(written)


def _question(rng: random.Random, level: int, target: Verdict) -> tuple[dict[str, str], Position]:
    """A graph of the level's size and a position of it whose outcome is ``target`` (not a
    terminal position: its answer would be given away). From level 2, half the N-questions have
    a move to a draw beside the winning one (a trap: the draw is not a win), sought among up to
    TRAPS_TRIED graphs, since few random graphs have one."""
    (lo, hi), (back_lo, back_hi) = SIZES[level]
    trap = level >= 2 and target == "N" and rng.random() < 0.5
    fallback: tuple[dict[str, str], Position] | None = None
    for tried in range(DRAWS_TRIED):
        back = rng.randint(max(back_lo, 1 if target == "D" or trap else 0), back_hi)
        edges = random_graph(rng, rng.randint(lo, hi), back)
        analysis = analyse(parse_graph(edges))  # not the registry's family: most graphs drawn are not kept
        successors = analysis.graph.successors
        fits = [v for v, verdict in enumerate(analysis.outcome) if verdict == target and successors[v]]
        if trap:
            traps = [v for v in fits if any(analysis.outcome[w] == "D" for w in successors[v])]
            if traps:
                return {"edges": edges}, (rng.choice(traps),)
            if fits and fallback is None:
                fallback = {"edges": edges}, (rng.choice(fits),)
            if fallback is not None and tried >= TRAPS_TRIED:
                return fallback
        elif fits:
            return {"edges": edges}, (rng.choice(fits),)
    if fallback is not None:
        return fallback
    raise AssertionError(f"no {target}-position drawn at level {level}")  # the tests draw every level


def _draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    return _question(rng, level, target)


def _draw_drawn(rng: random.Random, level: int) -> tuple[dict[str, str], Position]:
    return _question(rng, level, "D")


def reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    """Why a position is P, N or D, by backward induction's rules: a position with no move is P;
    one with a move to P is N; one whose every move leads to N is P; what is never decided is a
    draw, and from a draw some move leads to a draw. Sums too: it reads only the moves."""
    here = arena.format(position)
    moves = arena.moves(position)
    if not moves:
        return str(_("No move is left from %(position)s: the player to move has lost, so it is P.", position=here))
    if arena.verdict(position) != "D":  # said as every game's P and N are, by the three rules
        return rules_reason(arena, position, reveal_move)
    keep = next(m for m in moves if arena.verdict(m.after) == "D")  # a draw always has one (lesson 16)
    return str(_("No move from %(position)s leads to a P-position, so it is not N; and the move to %(after)s leads to a"
                 " position that is never decided either, so not every move leads to N and it is not P. %(position)s is"
                 " a draw (D): the player to move can keep the game going for ever, and neither player can force a win.",
                 position=here, after=arena.format(keep.after)))


def _random_start_on(arena: Arena, rng: random.Random) -> str:
    """A position of the URL's graph with a move to make; a graph without a single move has no
    game to start, and says so (a 400), rather than being asked again and again for one."""
    graph = _graph_of(arena)
    movable = [v for v, out in enumerate(graph.successors) if out]
    if not movable:
        raise GameError(_("This graph has no move at all: every position is terminal, so there is no game to start. "
                          "Write its moves as from>to, such as a>b b>c"), "graph-without-moves")
    return arena.format_component(rng.choice(movable))


def _graph_of(arena: Arena) -> Graph:
    fam = arena.family
    assert isinstance(fam, GraphFamily)  # the spec's family
    return fam.graph


GRAPH = GameSpec(
    family="graph", lesson=("games-on-graphs", "cycles-and-draws"),
    draw=_draw, draws=_draw_drawn, start=START, random_start=lambda _rng: START, random_start_on=_random_start_on,
    rule_text=lambda f: str(_("move the token along one arrow of the graph")),
    reason=reason, rules_reason=reason,
    noun=(N_("token"), N_("tokens")), where=N_("with token {}"), said_by_where_to=True,
    rule_keys={"edges": _edges}, default_rule={"edges": START_EDGES},
    rule_labels={"edges": N_("The graph (moves from>to)")}, quiz_draws_rule=N_("each question draws its own graph"),
    answer_hint=N_("each token's position, by name, with spaces between"),
    answer_hint_one=N_("the position the token moves to, by its name"),
    picture="graph", arena_type=DrawArena,
    # after an answer: the graph widget with every position decided, each with its reason
    visual=lambda arena, _position: ("graph", {"edges": arena.family.rule()["edges"]}),
    levels={1: N_("Small graphs"), 2: N_("Larger graphs"), 3: N_("Graphs with more cycles")},
)

SPECS = (GRAPH,)

__all__ = ["GRAPH", "MAX_MOVES", "MAX_NAME", "MAX_POSITIONS", "MAX_TEXT", "SPECS", "random_graph", "reason"]
