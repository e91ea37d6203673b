"""Games on graphs (grundy.games.graph, graph_sum, graph_family): backward induction, SG values
and sums checked against solvers written here from the definitions, on random graphs with and
without cycles; the text form and every error it gives; and the command line."""
from __future__ import annotations

import json
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli import main
from grundy.games.core import GameError, Verdict, mex
from grundy.games.graph import MAX_EDGES, MAX_NAME, MAX_POSITIONS, MAX_TEXT, Analysis, analyse, parse_graph, text_bound
from grundy.games.graph_sum import MAX_SUM_POSITIONS, PartMove, product_size, solve_sum
from grundy.games.registry import family
from grundy.games.solve import solve
from grundy.numerals import typed

NAMES = ("a", "b", "c", "d", "e", "x1", "y_2", "z-3", "甲")

Succ = tuple[tuple[int, ...], ...]


# ---------------------------------------------------------------- solvers from the definitions


def fixpoint(successors: Succ) -> tuple[Verdict, ...]:
    """The definitions applied until nothing changes: a position all of whose moves lead to N
    (none at all, at a terminal position) is P; one with a move to P is N; the rest are D."""
    label: list[Verdict] = ["D"] * len(successors)
    changed = True
    while changed:
        changed = False
        for v, succ in enumerate(successors):
            if label[v] != "D":
                continue
            if all(label[w] == "N" for w in succ):
                label[v], changed = "P", True
            elif any(label[w] == "P" for w in succ):
                label[v], changed = "N", True
    return tuple(label)


def cycles(successors: Succ) -> tuple[list[bool], list[bool]]:
    """Whether each position is on a cycle, and whether it can reach (or is on) one, from
    reachability sets."""
    n = len(successors)
    reach = [set(s) for s in successors]  # reachable in one move or more
    for _ in range(n):
        for v in range(n):
            reach[v] |= {x for w in list(reach[v]) for x in reach[w]}
    on_cycle = [v in reach[v] for v in range(n)]
    return on_cycle, [on_cycle[v] or any(on_cycle[w] for w in reach[v]) for v in range(n)]


def recursive_sg(successors: Succ) -> list[int | None]:
    _, cyclic = cycles(successors)

    @cache
    def sg(v: int) -> int:
        return mex(sg(w) for w in successors[v])

    return [None if cyclic[v] else sg(v) for v in range(len(successors))]


def product_graph(parts: list[tuple[Succ, int]]) -> tuple[list[tuple[int, ...]], Succ]:
    """Every tuple of positions (not only those reachable) and its moves: one part moves."""
    states = list(product(*(range(len(s)) for s, _ in parts)))
    index = {s: i for i, s in enumerate(states)}
    succ = tuple(tuple(index[s[:i] + (w,) + s[i + 1 :]] for i, (g, _) in enumerate(parts) for w in g[s[i]])
                 for s in states)
    return states, succ


# ---------------------------------------------------------------- random graphs


@st.composite
def graphs(draw: st.DrawFn, acyclic: bool = False, most: int = 7) -> str:
    """A graph's text: up to ``most`` positions; acyclic ones only move to later positions."""
    n = draw(st.integers(1, most))
    names = draw(st.permutations(NAMES))[:n]
    pairs = [(i, j) for i in range(n) for j in range(n) if not acyclic or i < j]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=3 * n)) if pairs else []
    used = {v for e in chosen for v in e}
    tokens = [f"{names[i]}>{names[j]}" for i, j in chosen] + [names[v] for v in range(n) if v not in used]
    return ", ".join(draw(st.permutations(tokens)))


def check_order(a: Analysis) -> None:
    """The order is backward induction's: each position's reason holds of those decided before it."""
    succ = a.graph.successors
    decided = set()
    for v in a.order:
        assert v not in decided
        if a.reason[v] == "terminal":
            assert not succ[v] and a.outcome[v] == "P"
        elif a.reason[v] == "move-to-P":
            b = a.because[v]
            assert a.outcome[v] == "N" and b is not None and b in decided and b in succ[v] and a.outcome[b] == "P"
        else:
            assert a.reason[v] == "all-to-N" and a.outcome[v] == "P" and succ[v]
            assert all(w in decided and a.outcome[w] == "N" for w in succ[v])
        decided.add(v)
    assert decided == {v for v, o in enumerate(a.outcome) if o != "D"}
    assert all(a.reason[v] == "draw" for v, o in enumerate(a.outcome) if o == "D")


@given(graphs())
@settings(max_examples=400)
def test_backward_induction_agrees_with_the_definitions_on_graphs_with_cycles(text: str) -> None:
    a = analyse(parse_graph(text))
    assert a.outcome == fixpoint(a.graph.successors)
    check_order(a)
    for v, succ in enumerate(a.graph.successors):
        assert a.winning_moves(v) == [w for w in succ if a.outcome[w] == "P"]
        assert (a.outcome[v] == "N") == bool(a.winning_moves(v))
        assert a.drawing_moves(v) == ([w for w in succ if a.outcome[w] == "D"] if a.outcome[v] == "D" else [])
        assert a.outcome[v] != "D" or a.drawing_moves(v)  # a draw can always be kept


@given(graphs())
@settings(max_examples=300)
def test_sg_values_are_the_recursive_mex_where_no_cycle_is_in_reach(text: str) -> None:
    a = analyse(parse_graph(text))
    assert list(a.sg) == recursive_sg(a.graph.successors)
    assert list(a.on_cycle) == cycles(a.graph.successors)[0]
    assert all(a.sg[v] is None for v, on in enumerate(a.on_cycle) if on)
    for v, g in enumerate(a.sg):
        trace = a.sg_trace(v)
        assert (trace is None) == (g is None)
        if g is not None and trace is not None:
            assert (g == 0) == (a.outcome[v] == "P")
            successors = [a.sg[w] for w in a.graph.successors[v]]
            assert None not in successors and trace[0] == sorted(set(successors)) and trace[1] == mex(trace[0]) == g  # type: ignore[type-var]
    found = set()
    for v in a.sg_order:  # a value is found once every successor's is
        assert all(w in found for w in a.graph.successors[v])
        found.add(v)
    assert found == {v for v, g in enumerate(a.sg) if g is not None}


@given(graphs(acyclic=True, most=9))
@settings(max_examples=200)
def test_an_acyclic_graph_has_no_draw_and_a_value_everywhere(text: str) -> None:
    a = analyse(parse_graph(text))
    assert "D" not in a.outcome and None not in a.sg
    assert sorted(a.order) == list(range(len(a.graph.names))) == sorted(a.sg_order)


@given(st.lists(st.tuples(graphs(most=4), st.integers(0, 8)), min_size=1, max_size=3))
@settings(max_examples=300)
def test_a_sum_agrees_with_the_definitions_on_its_product_graph(drawn: list[tuple[str, int]]) -> None:
    """Sums of positions of different graphs, cycles or not: solve_sum's outcome and every
    winning (and draw-keeping) move against the fixpoint on the whole product graph."""
    parts = []
    for text, pick in drawn:
        a = analyse(parse_graph(text))
        parts.append((a, pick % len(a.graph.names)))
    found = solve_sum(parts)
    states, succ = product_graph([(a.graph.successors, v) for a, v in parts])
    truth = dict(zip(states, fixpoint(succ)))
    start = tuple(v for _, v in parts)
    assert found.outcome == truth[start]
    moves = [(PartMove(i, w), start[:i] + (w,) + start[i + 1 :]) for i, (a, v) in enumerate(parts)
             for w in a.graph.successors[v]]
    assert set(found.winning) == {m for m, after in moves if truth[after] == "P"}
    if found.outcome == "D":
        assert set(found.drawing) == {m for m, after in moves if truth[after] == "D"} and found.drawing
    values = [a.sg[v] for a, v in parts]
    assert found.values == tuple(values)
    if None not in values:
        assert found.sg is not None and (found.sg == 0) == (found.outcome == "P")
    if found.reached is not None:
        assert all(truth[s] == o for s, o in found.reached.items())


def test_a_draw_plus_a_heap_of_one_depends_on_the_draw_s_graph() -> None:
    """What graph_sum's docstring says: outcomes of the parts do not decide a sum with a draw."""
    heap = analyse(parse_graph("h>z"))  # a Nim heap of 1: SG 1
    loop = analyse(parse_graph("x>y y>x"))
    exit_ = analyse(parse_graph("x>y y>x x>q q>t"))
    assert loop.outcome[0] == exit_.outcome[0] == "D"
    assert solve_sum([(loop, 0), (heap, 1)]).outcome == "D"  # beside a terminal position (z)
    assert solve_sum([(loop, 0), (heap, 0)]).outcome == "D"  # beside the heap
    won = solve_sum([(exit_, 0), (heap, 0)])
    assert won.outcome == "N" and won.winning == (PartMove(0, exit_.graph.position("q")),)


@given(graphs(most=5))
@settings(max_examples=150)
def test_a_draw_plus_a_heap_of_one_is_never_p(text: str) -> None:
    """Emptying the heap leaves the draw, which the player who empties it does not lose."""
    a, heap = analyse(parse_graph(text)), analyse(parse_graph("h>z"))
    for v, o in enumerate(a.outcome):
        if o == "D":
            assert solve_sum([(a, v), (heap, 0)]).outcome in ("D", "N")


def test_the_issue_s_example() -> None:
    a = analyse(parse_graph("a>b b>c b>a"))
    steps = a.steps()
    assert [(s.position, s.step, s.outcome, s.reason, s.because, s.on_cycle) for s in steps] == [
        ("c", 0, "P", "terminal", None, False), ("b", 1, "N", "move-to-P", "c", True),
        ("a", 2, "P", "all-to-N", None, True)]
    tail = analyse(parse_graph("t>a a>b b>a")).steps()  # t is on no cycle but reaches one; a, b: a draw
    assert [(s.position, s.step, s.outcome, s.reason, s.sg, s.on_cycle) for s in tail] == [
        ("t", None, "D", "draw", None, False), ("a", None, "D", "draw", None, True), ("b", None, "D", "draw", None, True)]
    assert a.sg == (None, None, 0)  # a and b are on the cycle a-b


# ---------------------------------------------------------------- the text form and its errors


def test_the_text_form_reads_separators_arrows_and_bare_positions() -> None:
    g = parse_graph(typed(" a>b,b>c，b》a\n c→d  e  甲>a "))  # as a field is read where it enters (，is a comma)
    assert g.names == ("a", "b", "c", "d", "e", "甲")
    assert g.text == "a>b b>c b>a c>d e 甲>a"
    assert parse_graph(g.text).successors == g.successors
    assert parse_graph("a>a").successors == ((0,),)  # a self-loop is a move (a pass)
    assert analyse(parse_graph("a>a a>b")).outcome == ("N", "P")
    assert analyse(parse_graph("a>a b>a")).outcome == ("D", "D")


@pytest.mark.parametrize("text, code, words", [
    ("", "empty-graph", "no positions"),
    (" ,, ", "empty-graph", "no positions"),
    ("a>", "bad-move", "from>to"),
    (">b", "bad-move", "from>to"),
    ("a>b>c", "bad-move", "'a>b>c'"),
    ("a>b a>b", "duplicate-move", "'a>b' is written twice"),
    ("a>b x+y>a", "bad-name", "'x+y'"),
    (f"{'n' * (MAX_NAME + 1)}>a", "bad-name", f"at most {MAX_NAME} characters"),
    ("a>b c١>a", "foreign-digit", "'١'"),
])
def test_every_error_of_the_text_form(text: str, code: str, words: str) -> None:
    with pytest.raises(GameError) as error:
        parse_graph(text)
    assert error.value.code == code and words in str(error.value), str(error.value)


def test_the_bounds_are_checked_before_the_work() -> None:
    with pytest.raises(GameError, match="characters") as long:
        parse_graph("a" * (MAX_TEXT + 1))
    assert long.value.code == "graph-too-long"
    many = " ".join(f"p{i}" for i in range(MAX_POSITIONS + 1))
    with pytest.raises(GameError, match=f"at most {MAX_POSITIONS:,} positions"):
        parse_graph(many)
    edges = " ".join(f"a{i // 400}>b{i % 400}" for i in range(MAX_EDGES + 1))
    with pytest.raises(GameError, match=f"at most {MAX_EDGES:,} moves"):
        parse_graph(edges)


def test_a_caller_s_own_smaller_bounds() -> None:
    """A widget bounds its graphs more tightly: the text's length follows from its bounds."""
    forty = " ".join(f"p{i}>p{i + 1}" for i in range(39))
    assert len(parse_graph(forty, max_positions=40, max_edges=60).names) == 40
    with pytest.raises(GameError, match="at most 39 positions"):
        parse_graph(forty, max_positions=39, max_edges=60)
    with pytest.raises(GameError, match="at most 38 moves"):
        parse_graph(forty, max_positions=40, max_edges=38)
    with pytest.raises(GameError, match="characters") as long:
        parse_graph("a" * (text_bound(40, 60) + 1), max_positions=40, max_edges=60)
    assert long.value.code == "graph-too-long"
    widest = ", ".join(f"{'a' * MAX_NAME}{i:0>5}"[-MAX_NAME:] + ">" + f"{'b' * MAX_NAME}{i:0>5}"[-MAX_NAME:]
                       for i in range(60))
    assert parse_graph(widest + ", " + "c" * MAX_NAME, max_positions=121, max_edges=60).edges == 60


def test_an_unknown_position_names_the_graph_s_positions() -> None:
    g = parse_graph("a>b b>c")
    with pytest.raises(GameError, match=r"'q' is not a position of the graph; its positions are a, b, c"):
        g.position("q")
    big = parse_graph(" ".join(f"p{i}" for i in range(50)))
    with pytest.raises(GameError, match=r"p11, …$"):
        big.position("q")


def test_a_sum_beyond_its_bound_is_refused_with_its_size() -> None:
    ring = analyse(parse_graph(" ".join(f"r{i}>r{(i + 1) % 50}" for i in range(50))))
    assert product_size([(ring, 0)] * 3) == (125_000, 375_000)
    assert 125_000 > MAX_SUM_POSITIONS
    with pytest.raises(GameError, match="125,000 positions and 375,000 moves") as refused:
        solve_sum([(ring, 0)] * 3)
    assert refused.value.code == "sum-too-large"
    assert solve_sum([(ring, 0)] * 2).outcome == "D"  # 2,500 positions: solved
    chain = analyse(parse_graph(" ".join(f"c{i}>c{i + 1}" for i in range(5_000))))
    assert solve_sum([(chain, 1)] * 3).sg == 1  # no cycle: the XOR, whatever the product's size


# ---------------------------------------------------------------- the family and the command line


def test_the_family_refuses_what_a_draw_or_a_cycle_cannot_give() -> None:
    fam = family("graph", {"edges": "a>b b>a c>d"})
    a, c = fam.parse("a"), fam.parse("c")
    assert fam.sum_verdict((a,)) == "D" and fam.sum_verdict((c,)) == "N"
    with pytest.raises(GameError, match="'a' is a draw") as draw:
        fam.sum_outcome((a,))
    assert draw.value.code == "draw"
    with pytest.raises(GameError, match="'a' has no SG value") as no_sg:
        fam.sg(a)
    assert no_sg.value.code == "no-sg-cycle"
    with pytest.raises(GameError, match="normal play") as misere:
        solve(fam, ["c"], misere=True)
    assert misere.value.code == "no-misere"
    solution = solve(fam, ["a", "c"])
    assert solution.outcome == "D" and solution.sg is None and solution.component_sg == [None, 1]
    assert [(m.component, m.becomes) for m in solution.drawing_moves or []] == [(0, ("b",)), (1, ("d",))]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_cli_solves_the_issue_s_example_in_json() -> None:
    code, out, _ = run("solve", "graph", "--edges", "a>b b>c b>a", "a", "--json")
    assert code == 0
    assert json.loads(out) == {"game": "graph", "rule": {"edges": "a>b b>c b>a"}, "position": ["a"], "outcome": "P",
                               "sg": None, "winning_moves": []}
    code, out, _ = run("solve", "graph", "--edges", "a>b b>c b>a", "b", "--json")
    assert json.loads(out)["winning_moves"] == [{"component": 1, "move": "move along an edge", "becomes": [p]} for p in "ca"]


def test_the_cli_says_a_draw_and_the_moves_that_keep_it() -> None:
    code, out, _ = run("solve", "graph", "--edges", "a>b b>a c>d", "a", "c")
    assert code == 0
    assert out.splitlines() == [
        "graph a c: D: a draw: neither player can force a win, and with best play the game never ends",
        "  component SG values: none, 1",
        "moves that keep the draw (any other loses):",
        "  component 1: move along an edge → b",
        "  component 2: move along an edge → d",
    ]
    data = json.loads(run("solve", "graph", "--edges", "a>b b>a c>d", "a", "c", "--json")[1])
    assert data["outcome"] == "D" and data["component_sg"] == [None, 1] and len(data["drawing_moves"]) == 2


def test_the_cli_sums_by_xor_where_no_cycle_is_in_reach() -> None:
    code, out, _ = run("solve", "graph", "--edges", "a>b a>c b>c c>d b>d", "b", "c")
    assert code == 0 and out.splitlines()[0] == "graph b c: N (SG 3): the player to move wins"
    assert "component SG values: 2, 1" in out


@pytest.mark.parametrize("args, words", [
    (("solve", "graph", "a"), "graph needs --edges"),
    (("solve", "graph", "--edges", "a>b", "q"), "'q' is not a position of the graph"),
    (("solve", "graph", "--edges", "a>b a>b", "a"), "written twice"),
    (("solve", "graph", "--edges", "a>b>c", "a"), "a move is written from>to"),
    (("solve", "graph", "--edges", "a＞b", "a", "--misere"), "normal play"),
    (("table", "graph", "--edges", "a>b", "--upto", "3"), "no table"),
])
def test_the_cli_s_errors_are_one_line(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1, err


def test_a_rule_option_is_read_from_a_file_or_standard_input(tmp_path: Path) -> None:
    """A graph of 10^5 moves is longer than one argument may be: --edges @FILE, or @- for stdin."""
    path = tmp_path / "graph.txt"
    path.write_text("a>b\nb>c\nb>a\n", encoding="utf-8")
    code, out, _ = run("solve", "graph", "--edges", f"@{path}", "b", "--json")
    assert code == 0 and json.loads(out)["rule"] == {"edges": "a>b b>c b>a"}
    result = CliRunner().invoke(main, ["solve", "graph", "--edges", "@-", "x"], input="x>y")
    assert result.exit_code == 0 and result.stdout.startswith("graph x: N (SG 1)")
    code, _, err = run("solve", "graph", "--edges", f"@{tmp_path / 'missing.txt'}", "a")
    assert code == 2 and "cannot read" in err
