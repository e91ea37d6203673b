"""Every fact lesson 16 (games on graphs and draws) states, recomputed by the engine
(grundy.games.graph, graph_sum) and by solvers written here from the definitions: the coin game as
a graph (its session a doctest), the lesson's Python (outcomes, grundy_values, the P6560 program) against the engine on
random graphs with and without cycles, the cost (each position queued at most once), the earlier
lessons as graphs, the cycle with an exit, the draw and its properties, what SG values can and
cannot say, a sum with a drawn part, the widget fences against the widget's parameters, and the
two judge programs compiled and run on their published samples and on random graphs. The mex
equations on cycles, Smith's generalised SG function, the try-it answers and Berzerk's graph:
tests/test_lesson_16_cycles_facts.py."""
from __future__ import annotations

import doctest
import io
import itertools
import random
import sys
from collections import deque
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games.core import mex
from grundy.games.graph import analyse, parse_graph
from grundy.games.graph_sum import solve_sum
from tests import lesson_code
from tests.judge import judge_samples
from tests.lesson_code import needs_cxx

LESSON = lesson_code.Lesson("16-games-on-graphs.md")
ZH = LESSON.twins["zh"]

COIN = "5>4 5>3 4>3 4>2 3>2 3>1 2>1 2>0 1>0"
EXIT = "a>b b>c c>a c>d"  # a cycle with an exit: everything decided
DRAW = "a>b b>a b>c c>d"  # the exit moved to b: a and b are draws


def verdicts(text: str) -> dict[str, str]:
    a = analyse(parse_graph(text))
    return dict(zip(a.graph.names, a.outcome))


def values(text: str) -> dict[str, int | None]:
    a = analyse(parse_graph(text))
    return dict(zip(a.graph.names, a.sg))


def fixpoint(n: int, edges: list[tuple[int, int]]) -> list[str]:
    """The definitions applied until nothing changes (P: every move leads to N, none at all at a
    terminal position; N: a move leads to P; D: the rest) — no counters, no queue."""
    after = [[w for u, w in edges if u == v] for v in range(n)]
    label = ["D"] * n
    changed = True
    while changed:
        changed = False
        for v in range(n):
            if label[v] == "D" and all(label[w] == "N" for w in after[v]):
                label[v], changed = "P", True
            elif label[v] == "D" and any(label[w] == "P" for w in after[v]):
                label[v], changed = "N", True
    return label


def as_text(n: int, edges: list[tuple[int, int]]) -> str:
    return " ".join([f"{u}>{v}" for u, v in edges] + [str(v) for v in range(n)])


@st.composite
def small_graphs(draw: st.DrawFn, acyclic: bool = False) -> tuple[int, list[tuple[int, int]]]:
    n = draw(st.integers(1, 8))
    pairs = [(u, v) for u in range(n) for v in range(n) if not acyclic or u > v]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=3 * n)) if pairs else []
    return n, edges


# ---------------------------------------------------------------- the model and the coin game


def test_the_coin_game_as_a_graph() -> None:
    a = analyse(parse_graph(COIN))
    by_name = dict(zip(a.graph.names, a.outcome))
    assert [by_name[str(k)] for k in range(6)] == ["P", "N", "N", "P", "N", "N"]
    order = [a.graph.names[v] for v in a.order]  # 0; then 1 and 2 (a move to 0); then 3 (every move to N)
    assert order[0] == "0" and set(order[1:3]) == {"1", "2"} and order[3] == "3"
    LESSON.says("Position 0\nis terminal: P. Then 1 and 2 each have a move to 0: N. Every move\nfrom 3 goes to 1 or 2: P.")
    assert [a.graph.names[w] for w in a.winning_moves(a.graph.position("5"))] == ["3"]
    three = a.graph.position("3")  # its counter: 2 moves, to 2 and 1, both found N before 3 is P
    assert sorted(a.graph.names[w] for w in a.graph.successors[three]) == ["1", "2"]
    assert all(a.outcome[w] == "N" and a.order.index(w) < a.order.index(three) for w in a.graph.successors[three])
    LESSON.says("3's counter starts at 2 (its moves to 2 and 1).")
    LESSON.says("`5>4 5>3 4>3 4>2 3>2 3>1 2>1 2>0 1>0`", "with its\nwinning move to 3")
    ns = LESSON.python("outcomes", "grundy_values")
    edges = [(5, 4), (5, 3), (4, 3), (4, 2), (3, 2), (3, 1), (2, 1), (2, 0), (1, 0)]
    assert as_text(6, edges).startswith(COIN)
    assert ns["outcomes"](6, edges) == ["P", "N", "N", "P", "N", "N"]
    assert ns["grundy_values"](6, edges) == [0, 1, 2, 0, 1, 2] == [values(COIN)[str(k)] for k in range(6)]
    # the session shown as a text block, the same in both languages, is a doctest that passes
    (shown,) = LESSON.blocks("text")
    assert lesson_code.fenced_blocks(LESSON.path.parents[1].joinpath("zh", LESSON.path.name).read_text(encoding="utf-8"), "text") == [shown]
    runner = doctest.DocTestRunner()
    runner.run(doctest.DocTestParser().get_doctest(shown, dict(ns), "session", None, 0))
    assert (runner.tries, runner.failures) == (2, 0) and f">>> coin = {edges}\n>>> outcomes(6, coin)\n" in shown
    assert [k for k, o in enumerate(ns["outcomes"](6, edges)) if o == "P"] == [0, 3]
    LESSON.says("On the coin game it finds that 0 and 3 are the P-positions:", "for the coin game it gives 0, 1, 2,\n0, 1, 2.")
    assert "它求出 0 和 3 是必败态" in ZH and "它得到 0, 1, 2, 0, 1, 2" in ZH


@settings(max_examples=150, deadline=None)
@given(small_graphs())
def test_the_lesson_s_python_agrees_with_the_engine_and_the_definitions(graph: tuple[int, list[tuple[int, int]]]) -> None:
    n, edges = graph
    ns = LESSON.python("outcomes", "grundy_values")
    a = analyse(parse_graph(as_text(n, edges)))
    index = [a.graph.position(str(v)) for v in range(n)]
    assert ns["outcomes"](n, edges) == [a.outcome[index[v]] for v in range(n)] == fixpoint(n, edges)
    assert ns["grundy_values"](n, edges) == [a.sg[index[v]] for v in range(n)]
    # ends: a position where the game stops is the same graph with its moves out removed
    for end in range(n):
        cut = [(u, v) for u, v in edges if u != end]
        assert ns["outcomes"](n, edges, ends=[end]) == fixpoint(n, cut)


def test_each_position_is_queued_at_most_once() -> None:
    """The cost: a position enters the queue only when it is decided, so at most V times."""
    ns = LESSON.python("outcomes", "grundy_values")
    pushed = []

    class Counted(deque):  # type: ignore[type-arg]
        def __init__(self, items=()):  # type: ignore[no-untyped-def]
            items = list(items)
            pushed.extend(items)
            super().__init__(items)

        def append(self, item):  # type: ignore[no-untyped-def]
            pushed.append(item)
            super().append(item)

    ns["deque"] = Counted
    rng = random.Random(16)
    for _ in range(200):
        n = rng.randint(1, 12)
        edges = list({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 3 * n))})
        for function in ("outcomes", "grundy_values"):
            pushed.clear()
            ns[function](n, edges)
            assert len(pushed) == len(set(pushed)) <= n
    LESSON.says("Each position enters the queue at most once (only when it is\ndecided)")


# ---------------------------------------------------------------- earlier lessons are cases


def test_bash_nim_subtraction_and_sums_as_graphs() -> None:
    for m in range(1, 6):
        for n in range(0, 25):
            edges = [(k, k - t) for k in range(n + 1) for t in range(1, m + 1) if k - t >= 0]
            assert len(edges) < (n + 1) * m
            got = verdicts(as_text(n + 1, edges))
            assert all((got[str(k)] == "P") == (k % (m + 1) == 0) for k in range(n + 1))
    # Nim, heaps 3, 4, 5: the product graph, 120 positions, P exactly where the XOR is 0
    heaps = (3, 4, 5)
    states = list(itertools.product(*(range(h + 1) for h in heaps)))
    assert len(states) == 4 * 5 * 6 == 120
    name = lambda s: "-".join(map(str, s))
    moves = [f"{name(s)}>{name(s[:i] + (t,) + s[i + 1:])}" for s in states for i in range(3) for t in range(s[i])]
    got = verdicts(" ".join(moves + [name(s) for s in states]))
    assert all((got[name(s)] == "P") == (s[0] ^ s[1] ^ s[2] == 0) for s in states)
    LESSON.states(r"4 \times 5 \times 6 = 120")
    assert (10**9 + 1) ** 20 > 10**80  # more positions than atoms in the universe (about 10^80)
    # lesson 6's worked table, S = {1, 3, 4}
    ns = LESSON.python("outcomes", "grundy_values")
    s_edges = [(k, k - s) for k in range(9) for s in (1, 3, 4) if k >= s]
    assert ns["grundy_values"](9, s_edges) == [0, 1, 0, 1, 2, 3, 2, 0, 1]
    # a sum is its product graph: the XOR agrees with backward induction on the pairs
    g = analyse(parse_graph("a>b a>c b>c c>d"))
    h = analyse(parse_graph("x>y y>z x>z"))
    for v, w in itertools.product(range(len(g.graph.names)), range(len(h.graph.names))):
        pairs = list(itertools.product(range(len(g.graph.names)), range(len(h.graph.names))))
        pm = [f"p{p}_{q}>p{p2}_{q}" for p, q in pairs for p2 in g.graph.successors[p]]
        pm += [f"p{p}_{q}>p{p}_{q2}" for p, q in pairs for q2 in h.graph.successors[q]]
        product = verdicts(" ".join(pm + [f"p{p}_{q}" for p, q in pairs]))
        assert product[f"p{v}_{w}"] == solve_sum([(g, v), (h, w)]).outcome


# ---------------------------------------------------------------- cycles and draws


def test_a_cycle_with_an_exit_is_decided_everywhere() -> None:
    a = analyse(parse_graph(EXIT))
    assert dict(zip(a.graph.names, a.outcome)) == {"a": "N", "b": "P", "c": "N", "d": "P"}
    assert [a.graph.names[v] for v in a.order] == ["d", "c", "b", "a"]
    assert dict(zip(a.graph.names, a.on_cycle)) == {"a": True, "b": True, "c": True, "d": False}
    assert values(EXIT) == {"a": None, "b": None, "c": None, "d": 0}
    LESSON.says("**a cycle alone does not make a draw**", "only d has a value (0), while\na and c are N and b is P")
    assert "**有环不一定有平局**" in ZH and "只有 d 有 SG 值（0），而 a 和 c 是 N，b 是 P" in ZH


def test_moving_the_exit_makes_a_and_b_draws() -> None:
    a = analyse(parse_graph(DRAW))
    assert dict(zip(a.graph.names, a.outcome)) == {"a": "D", "b": "D", "c": "N", "d": "P"}
    assert [a.graph.names[w] for w in a.drawing_moves(a.graph.position("b"))] == ["a"]
    assert a.winning_moves(a.graph.position("b")) == []
    LESSON.says("the player at b moves to a and keeps the\ndraw; moving to c loses, since c is N")
    # why the two graphs differ: their ways out, taken, win (c to d) and lose (b to c)
    exit_ = analyse(parse_graph(EXIT))
    assert exit_.outcome[exit_.graph.position("d")] == "P" and a.outcome[a.graph.position("c")] == "N"
    LESSON.says("in the first graph the way out wins for\nwhoever takes it (from c straight to the terminal d)",
                "from b to c hands the\nopponent the win")
    assert "谁走出口谁赢（从 c 直接走到终止局面 d）" in ZH and "谁走出口谁输" in ZH
    assert verdicts("a>a") == {"a": "D"} and verdicts("a>a a>b b>c") == {"a": "D", "b": "N", "c": "P"}
    assert verdicts("a>a a>b") == {"a": "N", "b": "P"}  # a pass beside a move to P: N, not a draw
    LESSON.says("a position with a\npass and no move to P is a draw")


@settings(max_examples=200, deadline=None)
@given(small_graphs())
def test_what_the_lesson_proves_about_the_labels(graph: tuple[int, list[tuple[int, int]]]) -> None:
    """A D-position has a move to a D-position and none to P (so it is not terminal); a
    P-position's moves lead to N-positions decided earlier, an N-position was decided by a
    P-position decided earlier; a position with a pass and no move to P is a draw."""
    n, edges = graph
    a = analyse(parse_graph(as_text(n, edges)))
    place = {v: i for i, v in enumerate(a.order)}
    for v, succ in enumerate(a.graph.successors):
        if a.outcome[v] == "D":
            assert succ and any(a.outcome[w] == "D" for w in succ)
            assert not any(a.outcome[w] == "P" for w in succ)
        elif a.outcome[v] == "P":
            assert all(a.outcome[w] == "N" and place[w] < place[v] for w in succ)
        else:
            by = a.because[v]
            assert by is not None and a.outcome[by] == "P" and place[by] < place[v] and by in succ
        if v in succ and not any(a.outcome[w] == "P" for w in succ):
            assert a.outcome[v] == "D"


@settings(max_examples=80, deadline=None)
@given(small_graphs())
def test_the_labels_tell_the_truth_by_play(graph: tuple[int, list[tuple[int, int]]]) -> None:
    """Against the definitions of winning: N wins within a bounded number of moves whatever the
    opponent does, P loses that way, D does neither (the proof's strategies)."""
    n, edges = graph
    after = [[w for u, w in edges if u == v] for v in range(n)]

    @cache
    def wins_within(v: int, k: int) -> bool:  # the player to move at v forces a win in at most k moves
        return k > 0 and any(loses_within(w, k - 1) for w in after[v])

    @cache
    def loses_within(v: int, k: int) -> bool:  # the player to move at v is stuck within k moves
        return all(wins_within(w, k - 1) for w in after[v]) if k > 0 else not after[v]

    label = fixpoint(n, edges)
    bound = 2 * n + 1
    for v in range(n):
        assert wins_within(v, bound) == (label[v] == "N"), (v, edges)
        assert loses_within(v, bound) == (label[v] == "P"), (v, edges)


def test_sg_on_a_cycle_goes_round_in_circles() -> None:
    # the pure cycle's two equations have two solutions, each calling one position P
    for sg_a, sg_b in ((0, 1), (1, 0)):
        assert sg_a == mex([sg_b]) and sg_b == mex([sg_a])
    assert [(x, y) for x in range(4) for y in range(4) if x == mex([y]) and y == mex([x])] == [(0, 1), (1, 0)]
    assert verdicts("a>b b>a") == {"a": "D", "b": "D"} and values("a>b b>a") == {"a": None, "b": None}
    LESSON.says("have two solutions, \\(0, 1\\) and \\(1, 0\\)")
    assert "有两组解，\\(0, 1\\) 和 \\(1, 0\\)" in ZH


def test_a_draw_beside_a_heap_of_one() -> None:
    heap = analyse(parse_graph("h1>h0"))
    pure = analyse(parse_graph("x>y y>x"))
    exit_ = analyse(parse_graph("x>y y>x x>q q>t"))
    assert pure.outcome[0] == exit_.outcome[0] == "D"
    assert dict(zip(exit_.graph.names, exit_.outcome)) == {"x": "D", "y": "D", "q": "N", "t": "P"}
    assert solve_sum([(pure, 0), (heap, 0)]).outcome == "D"
    s = solve_sum([(exit_, 0), (heap, 0)])
    assert s.outcome == "N" and [(m.component, exit_.graph.names[m.to]) for m in s.winning] == [(0, "q")]
    q = exit_.graph.position("q")
    assert exit_.sg[q] == 1 and heap.sg[0] == 1 and exit_.sg[q] ^ heap.sg[0] == 0
    LESSON.states(r"1 \oplus 1 = 0")
    LESSON.says("no position of the sum is\n  terminal", "moving x to q **wins**")
    # never P, for a draw on any small graph
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(1, 6)
        edges = list({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(1, 3 * n))})
        a = analyse(parse_graph(as_text(n, edges)))
        for v in range(n):
            if a.outcome[v] == "D":
                assert solve_sum([(a, v), (heap, 0)]).outcome != "P"
    LESSON.says("The sum is never P: emptying the\nheap leaves the draw alone, which is not an N-position.")


# ---------------------------------------------------------------- widgets


def test_the_widget_fences() -> None:
    """The fences use the widget's own keys; the cycle with an exit is its preset, the graph the
    lesson steps through by hand."""
    from grundy.widgets import WIDGETS
    from grundy.widgets.graph import PRESETS

    fences = LESSON.widgets("graph")
    assert [f.get("edges") or PRESETS[f["preset"]].edges for f in fences] == [COIN, EXIT, DRAW, "x>y y>x x>q q>t"]
    assert fences[1] == {"preset": "cycle-exit", "step": "0"} and PRESETS["cycle-exit"].edges == EXIT
    assert all(f["step"] == "0" for f in fences[:3])  # predict first
    # the sum table opens shown, as the text beside it says: the list above has worked it out
    assert fences[3]["sum"] == "h1>h0" and "step" not in fences[3] and fences[3]["shown"]
    LESSON.says("It opens with everything shown, since the list above\nhas just worked the answer out")
    assert "所以这个小工具一打开就全部显示" in ZH
    names = {p.name for p in WIDGETS["graph"].params} | {"shown"}
    assert all(set(f) <= names for f in fences), names


# ---------------------------------------------------------------- judge problems


def hdu_1524_values(lines: list[list[int]]) -> list[int]:
    text = " ".join([f"{v}>{w}" for v, line in enumerate(lines) for w in line] + [str(v) for v in range(len(lines))])
    a = analyse(parse_graph(text))
    return [a.sg[a.graph.position(str(v))] for v in range(len(lines))]  # type: ignore[misc]


def test_hdu_1524_sample_by_the_engine() -> None:
    first = hdu_1524_values([[1, 2], [], [3], []])
    second = hdu_1524_values([[1], [2], [], []])
    assert first == [2, 0, 1, 0] and second == [0, 1, 0, 0]
    assert first[0] ^ first[2] == 3 and second[1] ^ second[1] == 0 and second[0] ^ second[1] ^ second[3] == 1
    LESSON.states(r"2 \oplus 1 = 3", r"0 \oplus 1 \oplus 0 = 1")
    LESSON.says("the values are 2, 0, 1,\n0")
    answers = ["WIN" if x else "LOSE" for x in (first[0], first[0] ^ first[2], second[0] ^ second[1],
                                                 second[1] ^ second[1], second[0] ^ second[1] ^ second[3])]
    assert "\n".join(answers) + "\n" == judge_samples("HDU-1524")[0]["output"]


def p6560(n: int, edges: list[tuple[int, int]], x: int, y: int) -> int:
    """The engine's answer: the end's moves out removed, N → 1, P → -1, D → 0."""
    text = " ".join([f"{u}>{v}" for u, v in edges if u != y] + [str(v) for v in range(1, n + 1)])
    a = analyse(parse_graph(text))
    return {"N": 1, "P": -1, "D": 0}[a.outcome[a.graph.position(str(x))]]


def test_luogu_p6560_samples_by_the_engine_and_the_python_program(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    main = LESSON.python()["main"]
    for sample in judge_samples("Luogu-P6560"):
        numbers = list(map(int, sample["input"].split()))
        n, m, q = numbers[:3]
        edges = [(numbers[3 + 2 * i], numbers[4 + 2 * i]) for i in range(m)]
        queries = [(numbers[3 + 2 * m + 2 * j], numbers[4 + 2 * m + 2 * j]) for j in range(q)]
        assert "".join(f"{p6560(n, edges, x, y)}\n" for x, y in queries) == sample["output"]
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(sample["input"].encode())))
        main()
        assert capsys.readouterr().out == sample["output"]
    LESSON.states(r"500 \times (10^5 + 5 \times 10^5) = 3 \times 10^8")
    LESSON.says("(\\(n \\le 10^5\\)\npositions, \\(m \\le 5 \\times 10^5\\) moves) and \\(q \\le 500\\) rounds")


JUDGE = [("HDU-1524", "std::puts(x ? \"WIN\" : \"LOSE\");"), ("Luogu-P6560", "std::printf(\"%d\\n\", state[x]);")]


@needs_cxx
@pytest.mark.parametrize("problem, marker", JUDGE, ids=[p for p, _ in JUDGE])
def test_each_judge_program_prints_its_published_sample(tmp_path, problem: str, marker: str) -> None:
    LESSON.prints_samples(LESSON.compile(LESSON.cpp(marker), tmp_path), problem)


@needs_cxx
def test_the_p6560_program_agrees_with_the_engine_on_random_graphs(tmp_path) -> None:
    binary = LESSON.compile(LESSON.cpp("state[x]"), tmp_path)
    rng = random.Random(6560)
    for _ in range(60):
        n = rng.randint(2, 9)
        edges = [(rng.randint(1, n), rng.randint(1, n)) for _ in range(rng.randint(1, 3 * n))]
        queries = [tuple(rng.sample(range(1, n + 1), 2)) for _ in range(5)]
        text = f"{n} {len(edges)} {len(queries)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
        text += "".join(f"{x} {y}\n" for x, y in queries)
        want = [p6560(n, sorted(set(edges)), x, y) for x, y in queries]
        assert list(map(int, LESSON.run(binary, text).split())) == want, text


@needs_cxx
def test_the_hdu_1524_program_agrees_with_the_engine_on_random_graphs(tmp_path) -> None:
    binary = LESSON.compile(LESSON.cpp("\"WIN\""), tmp_path)
    rng = random.Random(1524)
    text, want = "", []
    for _ in range(40):
        n = rng.randint(1, 10)
        lines = [sorted(rng.sample(range(v + 1, n), rng.randint(0, n - v - 1))) if v < n - 1 else [] for v in range(n)]
        perm = list(range(n))
        rng.shuffle(perm)  # numbered in no particular order: the program finds the order itself
        renamed = [[] for _ in range(n)]
        for v, line in enumerate(lines):
            renamed[perm[v]] = [perm[w] for w in line]
        value = hdu_1524_values(renamed)
        text += f"{n}\n" + "".join(f"{len(line)} {' '.join(map(str, line))}\n" for line in renamed)
        for _ in range(4):
            men = [rng.randrange(n) for _ in range(rng.randint(1, 10))]
            text += f"{len(men)} {' '.join(map(str, men))}\n"
            x = 0
            for p in men:
                x ^= value[p]
            want.append("WIN" if x else "LOSE")
        text += "0\n"
    assert LESSON.run(binary, text).split() == want


def test_the_glossary_names_the_draw() -> None:
    import yaml

    terms = {t["term"]: t for t in yaml.safe_load((lesson_code.ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))["terms"]}
    d = terms["D-position"]
    assert (d["lesson"], d["section"], d["zh"]) == ("games-on-graphs", "cycles-and-draws", "平局 (D 局面)")
    LESSON.says("is a **draw**, a\n**D-position**")
    assert "是**平局**，叫 **D 局面**" in ZH


def test_every_sample_case_through_the_command_line() -> None:
    """`grundy solve graph` on each query of both samples gives what the judge prints: a sum of
    chessmen for HDU 1524, the graph with the end's moves removed for P6560 (D for 0)."""
    import json

    from click.testing import CliRunner

    from grundy.cli import main

    def solve(edges: str, *start: str) -> str:
        result = CliRunner().invoke(main, ["solve", "graph", "--edges", edges, *start, "--json"])
        assert result.exit_code == 0, result.output
        return str(json.loads(result.output)["outcome"])

    cases = [("0>1 0>2 2>3 1 3", ["0"]), ("0>1 0>2 2>3 1 3", ["0", "2"]), ("0>1 1>2 3", ["0", "1"]),
             ("0>1 1>2 3", ["1", "1"]), ("0>1 1>2 3", ["0", "1", "3"])]
    printed = ["WIN" if solve(edges, *men) == "N" else "LOSE" for edges, men in cases]
    assert "\n".join(printed) + "\n" == judge_samples("HDU-1524")[0]["output"]
    for sample in judge_samples("Luogu-P6560"):
        numbers = list(map(int, sample["input"].split()))
        n, m, q = numbers[:3]
        edges = [(numbers[3 + 2 * i], numbers[4 + 2 * i]) for i in range(m)]
        said = []
        for j in range(q):
            x, y = numbers[3 + 2 * m + 2 * j], numbers[4 + 2 * m + 2 * j]
            text = " ".join([f"{u}>{v}" for u, v in edges if u != y] + [str(v) for v in range(1, n + 1)])
            said.append({"N": "1", "P": "-1", "D": "0"}[solve(text, str(x))])
        assert "\n".join(said) + "\n" == sample["output"]
