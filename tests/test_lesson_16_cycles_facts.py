"""Lesson 16's facts about cycles beyond backward induction, recomputed (the rest of the lesson:
tests/test_lesson_16_facts.py): the mex equations solved by brute force (two solutions on a pure
cycle, none with a self-loop beside a terminal move, exactly one on the cycle with an exit);
C. A. B. Smith's generalised SG function, computed here by the labelling algorithm of Smith's
theory as Fraenkel states it (value m to a position none of whose successors has m and each of
whose successors without a number has a successor with m; then ∞ to what has no successor with
m), checked against the engine's outcomes on random graphs and its sum rule against the engine's
product graph (solve_sum) on random pairs, before the lesson's numbers are read from it; the
try-it answers (the counters by hand, x beside a heap of 2); y beside a heap of 1, which the
sum widget's reader works out; HDU 1524's sample read as the lesson describes its input; and
Berzerk's graph of (planet, player to move) against the game played with each player's own steps."""
from __future__ import annotations

import itertools
import random
from collections import deque
from functools import cache

from grundy.games.core import mex
from grundy.games.graph import Analysis, analyse, parse_graph
from grundy.games.graph_sum import solve_sum
from tests import lesson_code
from tests.judge import judge_samples

LESSON = lesson_code.Lesson("16-games-on-graphs.md")
ZH = LESSON.twins["zh"]
EXIT = "a>b b>c c>a c>d"

Value = int | tuple[str, frozenset[int]]  # a number, or ("inf", K): ∞ with the numbers K among its successors


def graph(text: str) -> Analysis:
    return analyse(parse_graph(text))


def named(a: Analysis, values: list) -> dict:  # type: ignore[type-arg]
    return dict(zip(a.graph.names, values))


def mex_solutions(succ: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
    """Every solution of SG(v) = mex{SG(w) : v -> w} at once: a mex of k numbers is at most k, so
    each value is at most the position's number of moves, and this search is complete."""
    ranges = [range(len(s) + 1) for s in succ]
    return [vals for vals in itertools.product(*ranges) if all(vals[v] == mex([vals[w] for w in s]) for v, s in enumerate(succ))]


def smith(succ: tuple[tuple[int, ...], ...]) -> list[Value]:
    """Smith's generalised SG function by its labelling algorithm (stages m = 0, 1, …)."""
    n, inf = len(succ), "inf"
    label: list[int | str | None] = [None] * n
    m = 0
    while None in label:
        changed = True
        while changed:
            changed = False
            for u in range(n):
                if label[u] is None and all(label[v] != m for v in succ[u]) and all(
                        any(label[w] == m for w in succ[v]) for v in succ[u] if label[v] in (None, inf)):
                    label[u], changed = m, True
        for u in range(n):
            if label[u] is None and not any(label[v] == m for v in succ[u]):
                label[u] = inf
        m += 1
    return [(inf, frozenset(x for v in succ[u] if isinstance(x := label[v], int))) if label[u] == inf else label[u]  # type: ignore[misc]
            for u in range(n)]


def smith_outcome(g: Value) -> str:
    if isinstance(g, int):
        return "P" if g == 0 else "N"
    return "N" if 0 in g[1] else "D"


def smith_sum(g: Value, h: Value) -> Value:
    if isinstance(g, int) and isinstance(h, int):
        return g ^ h
    if isinstance(g, int):
        g, h = h, g
    return ("inf", frozenset(k ^ h for k in g[1])) if isinstance(h, int) else ("inf", frozenset())  # type: ignore[index]


def random_graph(rng: random.Random, most: int) -> Analysis:
    n = rng.randint(1, most)
    edges = {(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 3 * n))}
    return graph(" ".join([f"{u}>{v}" for u, v in sorted(edges)] + [str(v) for v in range(n)]))


def test_the_mex_equations_on_cycles() -> None:
    pure, loop, exit_ = graph("a>b b>a"), graph("a>a a>b"), graph(EXIT)
    assert [named(pure, list(s)) for s in mex_solutions(pure.graph.successors)] == [{"a": 0, "b": 1}, {"a": 1, "b": 0}]
    assert named(pure, list(pure.outcome)) == {"a": "D", "b": "D"}
    assert mex_solutions(loop.graph.successors) == [] and named(loop, list(loop.outcome)) == {"a": "N", "b": "P"}
    assert [mex([0, 0]), mex([1, 0])] == [1, 2] and all(mex([k, 0]) == 1 for k in range(2, 50))  # 0 gives 1, 1 gives 2, larger 1
    assert [named(exit_, list(s)) for s in mex_solutions(exit_.graph.successors)] == [{"a": 1, "b": 0, "c": 2, "d": 0}]
    assert named(exit_, list(exit_.sg)) == {"a": None, "b": None, "c": None, "d": 0}  # the recursion: d only
    LESSON.says("some positions become draws, and some positions have no SG value.")  # the summary
    assert "SG 函数也不再处处有定义" in ZH
    LESSON.says("has no solution: 0 gives 1, 1 gives 2, and any larger number gives\n  1 — yet a is N",
                "there is exactly one solution: a = 1, b = 0,\n  c = 2, d = 0.")
    assert "无解：代入 0 得 1，代入 1 得 2，代入更大的数都得 1——可 a 明明是 N" in ZH
    assert "恰好有一组解：a = 1，b = 0，c = 2，d = 0" in ZH


def test_smith_s_function_agrees_with_the_engine() -> None:
    """The labelling gives the engine's outcome everywhere (0: P; a number: N; ∞: N where a
    successor has 0, else D), a D-position always ∞, its numbers satisfy the mex of the numbers
    among their successors, and its sum rule (XOR; ∞(K) beside y: ∞(K ⊕ y); two ∞: ∞(∅))
    gives the outcome of the product graph of every pair tried."""
    rng = random.Random(1966)
    for _ in range(400):
        g, h = random_graph(rng, 6), random_graph(rng, 4)
        sg, sh = smith(g.graph.successors), smith(h.graph.successors)
        assert [smith_outcome(x) for x in sg] == list(g.outcome)
        for v, x in enumerate(sg):
            if isinstance(x, int):
                assert x == mex([y for w in g.graph.successors[v] if isinstance(y := sg[w], int)])
            if g.outcome[v] == "D":
                assert not isinstance(x, int)
        for v, w in itertools.product(range(len(sg)), range(len(sh))):
            assert smith_outcome(smith_sum(sg[v], sh[w])) == solve_sum([(g, v), (h, w)]).outcome
    LESSON.says("lesson 7's rule has nothing to XOR (Smith's finite values aside)")
    assert "（按这门课的定义），第 7 课的规则就没有东西可以异或（[Smith]{lang=en} 的有限值另当别论）" in ZH


def test_smith_s_values_on_the_lesson_s_graphs() -> None:
    exit_ = graph(EXIT)
    assert named(exit_, smith(exit_.graph.successors)) == {"a": 1, "b": 0, "c": 2, "d": 0}
    LESSON.says("for `a>b b>c c>a c>d` it\ngives exactly 1, 0, 2, 0", "every D-position \\(\\infty\\)")
    assert "它给出的正是 1、0、2、0" in ZH and "每个 D 局面都是 \\(\\infty\\)" in ZH
    # ∞ is not D: a of a>a a>b, an N-position, gets ∞ (with 0 among its successors' numbers)
    loop = graph("a>a a>b")
    assert named(loop, smith(loop.graph.successors)) == {"a": ("inf", frozenset({0})), "b": 0}
    assert named(loop, list(loop.outcome)) == {"a": "N", "b": "P"}
    LESSON.says("(some N-positions get\n\\(\\infty\\) too, e.g. a in `a>a a>b`)")
    assert "（有些 N 局面也是 \\(\\infty\\)，例如 `a>a a>b` 里的 a）" in ZH
    # a of that graph beside a Nim heap of 1 is P, as 1 XOR 1 = 0 says; beside a heap of h, P only for h = 1
    for h in range(5):
        heap = graph(" ".join(f"h{k}>h{j}" for k in range(1, h + 1) for j in range(k)) or "h0")
        top = heap.graph.position(f"h{h}")
        assert heap.sg[top] == h
        assert solve_sum([(exit_, exit_.graph.position("a")), (heap, top)]).outcome == ("P" if h == 1 else "N")
    LESSON.states(r"1 \oplus 1 = 0")
    LESSON.says("a, of that\ngraph, beside a Nim heap of 1 is P")
    assert "这张图的 a 和一堆 1 个石子的 Nim 加在一起是 P" in ZH


def test_the_sums_with_a_draw_in_smith_s_terms() -> None:
    """The lesson's two draws beside a heap of 1, which it solves on the product graph, are
    what Smith's rule says too (x of the second graph is ∞ with {1}: beside 1, ∞ with {0}: N)."""
    for text, want in (("x>y y>x", "D"), ("x>y y>x x>q q>t", "N")):
        g = graph(text)
        x = smith(g.graph.successors)[g.graph.position("x")]
        assert smith_outcome(smith_sum(x, 1)) == want == solve_sum([(g, g.graph.position("x")), (graph("h1>h0"), 0)]).outcome
    LESSON.says("if the draw is x of `x>y y>x`, the sum is still a draw", "if it is x of `x>y y>x x>q q>t`, a draw too")
    assert "如果这个平局是 `x>y y>x` 里的 x，和仍然是平局" in ZH and "如果是 `x>y y>x x>q q>t` 里的 x（它也是平局" in ZH


def test_y_beside_a_heap_of_one_worked_out() -> None:
    """The sum widget's reader works out y beside h1: its moves go to x beside h1 (N) and to y
    alone (D), so it is a draw, which the widget's table then shows."""
    g, heap = graph("x>y y>x x>q q>t"), graph("h1>h0")
    at, h = g.graph.position, heap.graph.position
    assert [g.graph.names[w] for w in g.graph.successors[at("y")]] == ["x"] and heap.graph.successors[h("h1")] == (h("h0"),)
    assert solve_sum([(g, at("x")), (heap, h("h1"))]).outcome == "N" and g.outcome[at("y")] == "D"
    assert solve_sum([(g, at("y")), (heap, h("h0"))]).outcome == "D"
    assert solve_sum([(g, at("y")), (heap, h("h1"))]).outcome == "D"
    LESSON.says("work out y beside h1 yourself — its moves go to x beside h1 (N) and\nto y alone (D)")
    assert "再自己推一推 y 和 h1：它能走到 x 和 h1（N），也能走到只剩 y（D）" in ZH


def test_the_hdu_1524_input_as_the_lesson_describes_it() -> None:
    """The published sample read line by line as the lesson says (a line N; each position's
    line, k and its k successors; query lines, m and the m positions; a line 0 ends the case;
    cases to the end) gives the published answers, by the engine's SG values."""
    lines = [list(map(int, line.split())) for line in judge_samples("HDU-1524")[0]["input"].splitlines() if line.strip()]
    printed, i = [], 0
    while i < len(lines):
        (n,), succ = lines[i], lines[i + 1:i + 1 + lines[i][0]]
        assert len(succ) == n and all(len(line) == 1 + line[0] for line in succ)
        a = graph(" ".join([f"{v}>{w}" for v, line in enumerate(succ) for w in line[1:]] + [str(v) for v in range(n)]))
        i += 1 + n
        while lines[i] != [0]:
            assert len(lines[i]) == 1 + lines[i][0]
            x = 0
            for p in lines[i][1:]:
                x ^= a.sg[a.graph.position(str(p))]  # type: ignore[operator]
            printed.append("WIN" if x else "LOSE")
            i += 1
        i += 1
    assert len(printed) == 5 and "\n".join(printed) + "\n" == judge_samples("HDU-1524")[0]["output"]
    LESSON.says("A case is a line with \\(N\\), then each position's line, 0 to\n\\(N - 1\\) in order: \\(k\\) and then its \\(k\\) successors.",
                "Query lines\nfollow, each \\(m\\) and then the \\(m\\) chessmen's positions, and a line\n`0` ends the case.")
    assert "每个局面一行：先是 \\(k\\)，再是它的 \\(k\\) 个后继状态" in ZH and "一行 `0` 表示这组数据结束" in ZH


def test_the_try_it_answers() -> None:
    assert set(graph("a>b b>c c>d d>b").outcome) == {"D"}
    # 2: the counters by hand, the lesson's steps traced
    a = graph("a>b a>c b>d c>d c>a d>e")
    names, succ = a.graph.names, a.graph.successors
    left = {names[v]: len(s) for v, s in enumerate(succ)}
    assert left == {"a": 2, "b": 1, "c": 2, "d": 1, "e": 0}
    label, queue, said = {"e": "P"}, deque(["e"]), []
    while queue:
        v = queue.popleft()
        for u in sorted(names[w] for w, s in enumerate(succ) if a.graph.position(v) in s and names[w] not in label):
            if label[v] == "P":
                label[u] = "N"
                said.append(f"{u} N")
            else:
                left[u] -= 1
                said.append(f"{u} {left[u]}")
                if left[u]:
                    continue
                label[u] = "P"
            queue.append(u)
    assert said == ["d N", "b 0", "c 1", "a N", "c 0"]
    assert label == named(a, list(a.outcome)) and [names[v] for v in a.order] == ["e", "d", "b", "a", "c"]
    assert a.on_cycle[a.graph.position("a")] and a.on_cycle[a.graph.position("c")]
    LESSON.says("The counters start at a 2, b 1, c 2, d 1, e 0.", "From d: b drops to 0, so b is\n   P; c drops to 1.",
                "From a: c\n   drops to 0, so c is P. The P-positions are e, b and c")
    assert "P 局面是 e、b、c" in ZH
    # 3: x beside a heap of 2 is a draw, for the reasons the answer gives
    x = graph("x>y y>x x>q q>t")
    heap = graph("h2>h1 h2>h0 h1>h0")
    at = x.graph.position

    def pair(v: str, h: str) -> str:
        return solve_sum([(x, at(v)), (heap, heap.graph.position(h))]).outcome

    assert pair("x", "h1") == "N" and pair("x", "h2") == "D"
    assert x.sg[at("q")] ^ heap.sg[heap.graph.position("h2")] == 3 and pair("q", "h2") == "N"
    assert pair("x", "h0") == "D" and pair("y", "h0") == "D" and pair("y", "h2") != "P"
    LESSON.states(r"1 \oplus 2 = 3")
    LESSON.says("3. A draw. It has no move to a P-position")
    assert "3. 平局。它没有一步能走到 P" in ZH


def test_berzerk_as_a_game_on_a_graph() -> None:
    """(planet, player to move), a move per step of that player to (object (p - 1 + s) mod n + 1,
    the other player), object 1 the terminal black hole: backward induction on that graph gives
    what the game itself gives, played with each player's own steps (win: a move into the hole,
    or to a position the other loses; lose: every move to a position the other wins)."""
    rng = random.Random(786)
    for _ in range(60):
        n = rng.randint(2, 9)
        steps = [sorted(rng.sample(range(1, n), rng.randint(1, n - 1))) for _ in range(2)]
        to = lambda p, s: (p - 1 + s) % n + 1  # noqa: E731
        moves = [f"{p}_{who}>" + (f"{to(p, s)}_{1 - who}" if to(p, s) != 1 else "hole")
                 for p in range(2, n + 1) for who in (0, 1) for s in steps[who]]
        g = graph(" ".join(moves + ["hole"]))
        assert len(g.graph.names) == 2 * (n - 1) + 1

        @cache
        def wins(p: int, who: int, k: int) -> bool:  # the player to move forces a win within k moves
            return k > 0 and any(to(p, s) == 1 or loses(to(p, s), 1 - who, k - 1) for s in steps[who])

        @cache
        def loses(p: int, who: int, k: int) -> bool:
            return k > 0 and all(to(p, s) != 1 and wins(to(p, s), 1 - who, k - 1) for s in steps[who])

        bound = 4 * n + 2
        for p, who in itertools.product(range(2, n + 1), (0, 1)):
            said = {"N": "Win", "P": "Lose", "D": "Loop"}[g.outcome[g.graph.position(f"{p}_{who}")]]
            assert said == ("Win" if wins(p, who, bound) else "Lose" if loses(p, who, bound) else "Loop")
    LESSON.says("\\((p - 1 + s) \\bmod n + 1\\)", "planets' positions `Lose` (P), `Win` (N) and `Loop` (D)",
                "objects 2 to \\(n\\) are planets")
    assert "2 到 \\(n\\) 号物体是星球" in ZH
