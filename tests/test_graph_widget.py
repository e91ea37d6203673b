"""/w/graph (lesson 16): a game graph typed or clicked, laid out in layers and drawn as SVG on the
server, stepped through backward induction (each position with its reason), the draws, then the
SG values by mex, and a table of sums with a second graph — as an htmx fragment, a whole page
with JavaScript off, projected, inside a lesson and in Chinese. Every expectation is computed by
the engine (grundy.games.graph, graph_sum), never written by hand."""
from __future__ import annotations

import doctest
import html as html_lib
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from grundy.games.graph import analyse, parse_graph, text_bound
from grundy.games.graph_sum import solve_sum, sum_table
from grundy.games.registry import family
from grundy.web.widgets import lesson_widget_renderer
from grundy.widgets import graph, graph_layout, graph_svg
from grundy.widgets.graph_layout import cycle_breaks, lay_out
from grundy.widgets.graph_view import stages

HX = {"HX-Request": "true"}


@st.composite
def graphs(draw: st.DrawFn, most: int = 12) -> list[list[int]]:
    """A random graph's successors: up to ``most`` positions, self-loops and cycles allowed."""
    n = draw(st.integers(1, most))
    return [sorted(set(draw(st.lists(st.integers(0, n - 1), max_size=4)))) for _ in range(n)]


def as_text(successors: list[list[int]]) -> str:
    return " ".join([f"p{v}>p{w}" for v, succ in enumerate(successors) for w in succ] + [f"p{v}" for v in range(len(successors))])


def acyclic(successors: list[list[int]]) -> bool:
    state = [0] * len(successors)

    def visit(v: int) -> bool:  # small graphs: recursion is fine here
        state[v] = 1
        for w in successors[v]:
            if state[w] == 1 or (state[w] == 0 and not visit(w)):
                return False
        state[v] = 2
        return True

    return all(state[v] or visit(v) for v in range(len(successors)))


def reaches(successors: list[list[int]], start: int, goal: int) -> bool:
    seen, todo = {start}, [start]
    while todo:
        v = todo.pop()
        if v == goal:
            return True
        for w in successors[v]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return False


# ------------------------------------------------------------------ the layout and the drawing (pure)


def test_the_modules_doctests_pass() -> None:
    for module in (graph_layout, graph_svg):
        assert doctest.testmod(module).failed == 0, module.__name__


@given(graphs())
def test_each_position_is_drawn_above_its_successors_but_along_the_moves_that_close_cycles(successors: list[list[int]]) -> None:
    lay = lay_out([f"p{v}" for v in range(len(successors))], successors)
    down = [[w for w in succ if w != v and (v, w) not in lay.up] for v, succ in enumerate(successors)]
    assert acyclic(down)  # what is left once the up moves are set aside is acyclic ...
    for v, w in lay.up:  # ... and each up move closes a cycle: its end leads back to its start
        assert w in successors[v] and reaches(down, w, v)
    for v, succ in enumerate(down):
        for w in succ:
            assert lay.boxes[v].y < lay.boxes[w].y and lay.layer[v] > lay.layer[w]
    for v, succ in enumerate(successors):
        assert (lay.layer[v] == 0) == (not succ)  # terminal positions, and they alone, on the bottom layer
        if succ:  # drawn above every terminal one
            assert all(lay.boxes[v].y < lay.boxes[w].y for w in range(len(successors)) if not successors[w])
    spots = {(b.x, b.y) for b in lay.boxes}
    assert len(spots) == len(successors)  # no two positions drawn in one place
    assert all(0 <= b.left and b.right <= lay.width and 0 <= b.top and b.bottom <= lay.height for b in lay.boxes)
    assert lay_out([f"p{v}" for v in range(len(successors))], successors) == lay  # the same picture every time


def test_an_acyclic_graph_sets_no_move_aside_and_a_cycle_one() -> None:
    nim = parse_graph(graph.nim_heap(4))
    assert cycle_breaks(nim.successors) == frozenset()
    assert lay_out(nim.names, nim.successors).layer == (4, 3, 2, 1, 0)  # heap n in layer n
    cycle = parse_graph(graph.PRESETS["pure-cycle"].edges)
    assert len(cycle_breaks(cycle.successors)) == 1


def test_the_drawing_names_each_position_with_its_outcome_and_reason_in_words() -> None:
    a = analyse(parse_graph("a>b b>c c>a c>d x>y y>x"))
    svg = str(graph_svg.draw(a, uid="t1"))
    for v, name in enumerate(a.graph.names):
        said = graph_svg.position_label(a, v)
        assert f'aria-label="{html_lib.escape(said)}"' in svg and said.startswith(f"{name}: {a.outcome[v]}")
    letters = re.findall(r'<text class="gw-letter"[^>]*>([^<]*)</text>', svg)
    assert letters == list(a.outcome)  # the outcome as a letter, not only a colour
    assert {"P", "N", "D"} <= set(letters)
    assert svg.count('marker id="t1-') == 3 and 'url(#t1-win)' in svg and 'url(#t1-keep)' in svg
    hidden = str(graph_svg.draw(a, uid="t2", shown=[False] * 6))
    assert re.findall(r'<text class="gw-letter"[^>]*>([^<]*)</text>', hidden) == ["?"] * 6
    assert 'class="gw-move is-win"' not in hidden and "not decided yet" in hidden
    valued = str(graph_svg.draw(a, uid="t3", sg_shown=[True] * 6))
    assert "d: P, no move: the player to move loses; SG value 0" in valued and "no SG value" in valued


# ------------------------------------------------------------------ the widget: states, steps, reasons


def explain(html: str) -> str:
    found = re.search(r'<div class="explain" aria-live="polite">(.*?)</div>', html, re.S)
    assert found
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", "", found.group(1)))).strip()


def letters(html: str) -> list[str]:
    return re.findall(r'<text class="gw-letter"[^>]*>([^<]*)(?:<tspan[^>]*>[^<]*</tspan>)?</text>', html)


@pytest.mark.parametrize("preset", list(graph.PRESETS))
def test_every_step_says_why_as_backward_induction_decided_it(client: FlaskClient, preset: str) -> None:
    a = analyse(parse_graph(graph.PRESETS[preset].edges))
    names = a.graph.names
    total = stages(a)
    start = client.get(f"/w/graph?preset={preset}&step=0", headers=HX).text
    assert letters(start) == ["?"] * len(names) and "Predict" in explain(start)
    for k, v in enumerate(a.order, start=1):
        html = client.get(f"/w/graph?preset={preset}&step={k}", headers=HX).text
        said, name = explain(html), names[v]
        decided = set(a.order[:k])
        assert [s[0] for s in letters(html)] == [a.outcome[w] if w in decided else "?" for w in range(len(names))]
        if a.reason[v] == "terminal":
            assert f"{name} has no move" in said and f"so {name} is P" in said
        elif a.reason[v] == "move-to-P":
            by = a.because[v]
            assert by is not None and by in decided and a.outcome[by] == "P"
            assert f"{name} has a move to {names[by]}, which is P" in said and f"so {name} is N" in said
        else:
            successors = ", ".join(names[w] for w in dict.fromkeys(a.graph.successors[v]))
            assert all(a.outcome[w] == "N" and w in decided for w in a.graph.successors[v])
            assert f"Every move from {name} leads to an N-position ({successors})" in said
        assert f"Step {k} of {total}" in html
    after = len(a.order)
    draws = [v for v in range(len(names)) if a.outcome[v] == "D"]
    if draws:
        after += 1
        html = client.get(f"/w/graph?preset={preset}&step={after}", headers=HX).text
        said = explain(html)
        assert f"{', '.join(names[v] for v in draws)} are never decided, so they are draws (D)" in said
        for v in draws:
            keep = ", ".join(names[w] for w in a.drawing_moves(v))
            assert keep and f"From {names[v]}, the moves that keep the draw: {keep}." in said
    for j, v in enumerate(a.sg_order, start=1):
        html = client.get(f"/w/graph?preset={preset}&step={after + j}", headers=HX).text
        trace = a.sg_trace(v)
        assert trace is not None
        values, value = trace
        assert f"SG({names[v]}) = mex{{{', '.join(map(str, values))}}} = {value}" in explain(html)
    assert after + len(a.sg_order) == total
    assert client.get(f"/w/graph?preset={preset}&step={total + 1}", headers=HX).status_code == 400


def test_the_presets_are_the_games_they_name() -> None:
    take = analyse(parse_graph(graph.PRESETS["take-away"].edges))
    assert take.graph.names[0] == "5"  # lesson 16's coin game: five coins, take one or two
    bash = family("bash", {"m": "2"})  # take 1 or 2
    assert {name: take.sg[v] for v, name in enumerate(take.graph.names)} == {str(n): bash.sg(n) for n in range(6)}
    nim = analyse(parse_graph(graph.PRESETS["nim-heap"].edges))
    assert [nim.sg[nim.graph.position(str(n))] for n in range(5)] == list(range(5))  # SG(n) = n
    exit_ = analyse(parse_graph(graph.PRESETS["cycle-exit"].edges))
    assert "D" not in exit_.outcome and any(exit_.on_cycle)  # a cycle, every position decided all the same
    pure = analyse(parse_graph(graph.PRESETS["pure-cycle"].edges))
    assert set(pure.outcome) == {"D"} and set(pure.sg) == {None}


def test_everything_shown_counts_the_outcomes_and_says_which_positions_have_no_sg_value(client: FlaskClient) -> None:
    text = "a>b b>c c>a c>d x>a"
    a = analyse(parse_graph(text))
    html = client.get("/w/graph", query_string={"edges": text}, headers=HX).text
    said = explain(html)
    counts = {o: a.outcome.count(o) for o in "PND"}
    assert f"P-positions: {counts['P']}; N-positions: {counts['N']}; draws: {counts['D']}." in said
    on_cycle = ", ".join(n for v, n in enumerate(a.graph.names) if a.sg[v] is None and a.on_cycle[v])
    reaching = ", ".join(n for v, n in enumerate(a.graph.names) if a.sg[v] is None and not a.on_cycle[v])
    assert f"No SG value for {on_cycle} (on a cycle) nor for {reaching} (it can reach one)" in said
    assert "Your graph" in html and f'value="{html_lib.escape(text)}"' in html


def test_hide_0_shows_everything_and_marks_the_step(client: FlaskClient) -> None:
    html = client.get("/w/graph?preset=cycle-exit&step=1&hide=0", headers=HX).text
    a = analyse(parse_graph(graph.PRESETS["cycle-exit"].edges))
    assert "?" not in letters(html) and 'class="gw-node is-P is-current"' in html
    assert a.reason[a.order[0]] == "terminal" and f"{a.graph.names[a.order[0]]} has no move" in explain(html)


# ------------------------------------------------------------------ clicks: build the graph with buttons (JavaScript off too)


def state(html: str) -> dict[str, str]:
    """The hidden fields and the moves field the form would send next."""
    found = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', html))
    edges = re.search(r'<input type="text" name="edges"[^>]*value="([^"]*)"', html)
    return found | {"edges": html_lib.unescape(edges.group(1)) if edges else ""}


def test_two_clicks_add_a_move_a_third_on_it_removes_it_and_the_same_position_lets_go(client: FlaskClient) -> None:
    first = client.get("/w/graph?preset=cycle-exit&pick=d").text  # a plain GET: JavaScript off
    assert state(first)["from"] == "d" and "A move from <strong>d</strong>" in first
    assert 'name="pick" value="d"' in first and 'aria-pressed="true"></button>' in first
    added = client.get("/w/graph", query_string=state(first) | {"pick": "a"}).text
    assert state(added)["edges"] == "a>b b>c c>a c>d d>a" and "from" not in state(added)
    a = analyse(parse_graph("a>b b>c c>a c>d d>a"))
    assert [s[0] for s in letters(added)] == list(a.outcome)  # the new graph, analysed afresh
    again = client.get("/w/graph", query_string=state(added) | {"pick": "d"}).text
    removed = client.get("/w/graph", query_string=state(again) | {"pick": "a"}).text
    assert state(removed)["edges"] == graph.PRESETS["cycle-exit"].edges and "Your graph" not in removed  # back to the preset itself
    let_go = client.get("/w/graph", query_string=state(first) | {"pick": "d"}).text
    assert "from" not in state(let_go) and state(let_go)["edges"] == graph.PRESETS["cycle-exit"].edges


def test_a_move_button_removes_it_and_a_new_position_is_added(client: FlaskClient) -> None:
    html = client.get("/w/graph?preset=cycle-exit").text
    assert 'name="cut" value="c&gt;d"' in html
    cut = client.get("/w/graph", query_string={"preset": "cycle-exit", "cut": "c>d"}).text
    assert state(cut)["edges"] == "a>b b>c c>a d"  # d stays, a position with no move
    added = client.get("/w/graph", query_string={"preset": "cycle-exit", "add": "1"}).text
    assert state(added)["edges"] == "a>b b>c c>a c>d e" and added.count('class="graph-spot"') == 5
    missing = client.get("/w/graph", query_string={"preset": "cycle-exit", "cut": "d>a"}, headers=HX)
    assert missing.status_code == 400 and "There is no move &#39;d&gt;a&#39; to remove." in missing.text


@pytest.mark.parametrize("preset", list(graph.PRESETS))
def test_every_preset_writes_its_moves_in_the_field(client: FlaskClient, preset: str) -> None:
    """The moves field holds the preset's moves as its value (not only as a grey placeholder),
    shown in the lesson, as a fragment and after a preset's button."""
    for html in (client.get(f"/w/graph?preset={preset}").text, client.get(f"/w/graph?preset={preset}", headers=HX).text,
                 client.get("/w/graph", query_string={"edges": "x>y", "load": preset}, headers=HX).text):
        assert state(html)["edges"] == graph.PRESETS[preset].edges


def test_a_preset_button_replaces_what_was_typed_and_an_edit_restarts_stepping(client: FlaskClient) -> None:
    html = client.get("/w/graph", query_string={"edges": "x>y", "load": "nim-heap"}, headers=HX).text
    assert state(html)["preset"] == "nim-heap" and state(html)["edges"] == graph.PRESETS["nim-heap"].edges
    assert [s[0] for s in letters(html)] == list(analyse(parse_graph(graph.PRESETS["nim-heap"].edges)).outcome)
    stepping = client.get("/w/graph", query_string={"preset": "cycle-exit", "step": "3", "pick": "b", "from": "d"}, headers=HX).text
    assert state(stepping)["step"] == "0" and letters(stepping) == ["?"] * 4


# ------------------------------------------------------------------ bad input: a specific 400, the work bounded first


BAD = [
    ({"edges": "a>b a>b"}, "edges", "the move &#39;a&gt;b&#39; is written twice"),
    ({"edges": "a>b>c"}, "edges", "a move is written from&gt;to"),
    ({"edges": "a>b$"}, "edges", "a position&#39;s name is letters"),
    ({"edges": " ".join(f"p{i}" for i in range(41))}, "edges", "a graph has at most 40 positions"),
    ({"edges": " ".join(f"a{i}>b{j}" for i in range(11) for j in range(11))}, "edges", "a graph has at most 120 moves"),
    ({"edges": "x" * 10_000}, "edges", "a graph is written in at most"),
    ({"sum": " ".join(f"x{i}" for i in range(9))}, "sum", "a graph has at most 8 positions"),
    ({"from": "zz"}, "from", "&#39;zz&#39; is not a position of the graph."),
    ({"pick": "zz"}, "pick", "&#39;zz&#39; is not a position of the graph."),
    ({"preset": "maze"}, "preset", "Unknown preset"),
    ({"load": "maze"}, "preset", "Unknown preset"),
    ({"step": "6"}, "step", "must be from 0 to 5; got 6"),
]


@pytest.mark.parametrize("query, field, message", BAD, ids=[b[1] + str(i) for i, b in enumerate(BAD)])
def test_bad_input_is_a_400_with_its_own_message(client: FlaskClient, query: dict[str, str], field: str, message: str) -> None:
    response = client.get("/w/graph", query_string=query, headers=HX)
    assert response.status_code == 400 and 'class="widget-error" role="alert"' in response.text
    assert message in response.text, response.text[response.text.find("widget-error"):][:300]


def test_the_text_is_refused_by_its_length_before_it_is_read() -> None:
    longest = text_bound(graph.MAX_POSITIONS, graph.MAX_MOVES)
    with pytest.raises(graph.BadParameter, match="at most"):
        graph.read_graph("edges", "a " * (longest // 2 + 1), positions=graph.MAX_POSITIONS, moves=graph.MAX_MOVES)
    assert longest < 10_000  # a paste of the fuzz's longest value is refused unread


# ------------------------------------------------------------------ sums


@given(graphs(5), graphs(4))
def test_the_sum_table_agrees_with_solving_each_sum_alone(first: list[list[int]], second: list[list[int]]) -> None:
    a, b = analyse(parse_graph(as_text(first))), analyse(parse_graph(as_text(second)))
    table = sum_table(a, b)
    for v in range(len(first)):
        for w in range(len(second)):
            assert table[v][w] == solve_sum([(a, v), (b, w)]).outcome


def test_the_widget_shows_every_sum_with_the_xor_where_both_have_sg_values(client: FlaskClient) -> None:
    query = {"preset": "take-away", "sum": "x>y y>x y>z"}
    html = client.get("/w/graph", query_string=query, headers=HX).text
    a, b = analyse(parse_graph(graph.PRESETS["take-away"].edges)), analyse(parse_graph(query["sum"]))
    found = re.findall(r'<td><span class="chip is-([PND])">\1</span>(?: ⊕ (\d+))?\s*<small class="graph-sum-why"[^>]*>([^<]*)</small></td>', html)
    cells = [(o, x) for o, x, _why in found]
    expected = [(solve_sum([(a, v), (b, w)]).outcome, "" if a.sg[v] is None or b.sg[w] is None else str(a.sg[v] ^ b.sg[w]))
                for v in range(len(a.graph.names)) for w in range(len(b.graph.names))]
    assert cells == expected
    names, columns = a.graph.names, b.graph.names
    for (o, _x, why), (v, w) in zip(found, [(v, w) for v in range(len(names)) for w in range(len(columns))], strict=True):
        ends = [(x, w) for x in a.graph.successors[v]] + [(v, y) for y in b.graph.successors[w]]
        said = {f"({names[x]},{columns[y]})": solve_sum([(a, x), (b, y)]).outcome for x, y in ends}
        if not ends:
            assert o == "P" and why == "no move from here"
            continue
        listed = dict(re.findall(r"(\([^)]*\)) ([PND])", html_lib.unescape(why)))
        assert listed.items() <= said.items() and len(listed) == min(3, len(ends))  # each move named with its sum's outcome
        more = re.search(r"\+(\d+) more", why)
        assert (int(more.group(1)) if more else 0) == len(ends) - len(listed)
        first = next(iter(listed.values()))  # the deciding move first: a P makes it N; else a D keeps a draw
        assert o == ("N" if first == "P" else "D" if first == "D" else "P")
    assert any(x for _o, x in cells) and any(not x for _o, x in cells)  # both kinds of cell appear
    assert all(o == ("P" if x == "0" else "N") for o, x in cells if x)  # the XOR agrees where it applies


# ------------------------------------------------------------------ the four ways: htmx, JavaScript off, projected, in a lesson


def test_the_four_ways(app: Flask, client: FlaskClient) -> None:
    fragment = client.get("/w/graph?preset=pure-cycle&step=1", headers=HX)
    assert fragment.text.lstrip().startswith('<section class="widget widget-graph"') and "<html" not in fragment.text
    page = client.get("/w/graph?preset=pure-cycle&step=1")
    assert page.text.startswith("<!doctype html>") and 'method="get"' in page.text and "<svg" in page.text
    assert "<script>" not in page.text.split("</head>")[-1]  # no inline script: the drawing is the server's
    projected = client.get("/present/graph?preset=pure-cycle&step=1")
    assert projected.status_code == 200 and "is-presented" in projected.text and "are never decided" in projected.text
    opened = client.get("/present/graph?preset=cycle-exit").text
    assert "Step 0 of" in opened  # a projection opens before anything is decided
    render = lesson_widget_renderer()
    with app.test_request_context("/lessons/games-on-graphs"):
        first = render("graph", {"preset": "cycle-exit", "sum": "x>y y>x"}, "graph-1")
        second = render("graph", {"edges": "a>b b>a", "step": "0"}, "graph-2")
    assert 'id="graph-1"' in first and 'marker id="graph-1-arrow"' in first and 'marker id="graph-1-sum-arrow"' in first
    assert 'marker id="graph-2-arrow"' in second and "graph-1" not in second  # two on a page: ids of their own


def test_in_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/graph?preset=cycle-exit&step=1", headers=HX).text
    a = analyse(parse_graph(graph.PRESETS["cycle-exit"].edges))
    assert f"<strong>{a.graph.names[a.order[0]]}</strong> 无路可走" in html and "先手必败" in html
    draws = client.get("/zh/w/graph?preset=pure-cycle&step=1", headers=HX).text
    assert "平局（D）" in draws and "保持平局" in draws


def test_a_projected_settings_change_keeps_the_step_of_the_same_graph_only() -> None:
    stepped = graph.parse({"preset": "cycle-exit", "step": "3"})
    with_sum = graph.parse({"preset": "cycle-exit", "sum": "x>y"})
    other = graph.parse({"preset": "pure-cycle"})
    assert graph.resume_step(stepped, with_sum) == 3 and graph.resume_step(stepped, other) == 0
    assert graph.resume_step(stepped, graph.parse({"preset": "cycle-exit", "step": "0"})) == 3


def test_the_drawing_caps_its_own_width_unless_the_page_sizes_it() -> None:
    a = analyse(parse_graph("a>b"))
    own, placed = graph_svg.draw(a, uid="s1"), graph_svg.draw(a, uid="s2", sized=False)
    assert f'style="max-width: {own.widest}px"' in str(own) and "max-width" not in str(placed)
    assert own.spot(0) == placed.spot(0) and own.spot(0).startswith("left: ")


# ------------------------------------------------------------------ the counters of backward induction


def recount(a: "Analysis", decided: set[int], v: int) -> int:  # noqa: F821 (a test's own count, by sets)
    """Of v's moves, those not to a position already decided N."""
    return sum(1 for w in a.graph.successors[v] if not (w in decided and a.outcome[w] == "N"))


PRESET_GRAPHS = [graph.PRESETS[p].edges for p in graph.PRESETS] + ["a>a a>b b>c", "a>b b>a b>c c>d"]


@pytest.mark.parametrize("edges", PRESET_GRAPHS)
def test_each_undecided_position_shows_its_counter_at_every_step(client: FlaskClient, edges: str) -> None:
    """At step k, every position not among the first k the engine decided shows (in the picture
    and in its button's name) how many of its moves are not yet known to lead to N; a draw's
    counter stays above 0 and is shown at the draws' step. Recounted here from the engine's order."""
    a = analyse(parse_graph(edges))
    names, moves = a.graph.names, [len(s) for s in a.graph.successors]
    draws = [v for v in range(len(names)) if a.outcome[v] == "D"]
    for k in range(len(a.order) + (2 if draws else 1)):
        html = client.get("/w/graph", query_string={"edges": edges, "step": str(k)}, headers=HX).text
        decided = set(a.order[:k])
        undecided = [v for v in range(len(names)) if v not in decided]
        last = k == stages(a)  # the SG values are shown (a pure cycle's draws' step): the boxes hold those, not counters
        expected = [] if last else [f"{recount(a, decided, v)}/{moves[v]}" for v in undecided]
        assert re.findall(r'<tspan class="gw-count"[^>]*>([^<]*)</tspan>', html) == expected
        for v in [] if last else undecided:
            left = recount(a, decided, v)
            said = "no move, so its counter is 0" if not moves[v] else f"{left} of its {moves[v]} move"
            assert re.search(rf'class="graph-spot" name="pick" value="{names[v]}"[^>]*aria-label="[^"]*; {said}', html)
        if k > len(a.order):  # the draws' step: each counter stuck above 0
            assert undecided == draws and all(recount(a, decided, v) > 0 for v in draws)
            for v in draws:
                assert f"{names[v]}'s counter is stuck at {recount(a, decided, v)}/{moves[v]}" in html
    done = client.get("/w/graph", query_string={"edges": edges}, headers=HX).text  # everything shown: no counters
    assert "gw-count" not in done


def test_one_draw_is_said_in_the_singular_and_the_summary_counts_in_plurals(client: FlaskClient) -> None:
    a = analyse(parse_graph("a>a a>b b>c"))
    html = client.get("/w/graph", query_string={"edges": "a>a a>b b>c", "step": str(len(a.order) + 1)}, headers=HX).text
    assert "a is never decided, so it is a draw (D)" in explain(html) and "are never" not in explain(html)
    one = client.get("/w/graph", query_string={"edges": "a>b"}, headers=HX).text
    assert "2 positions, 1 move." in one
    single = client.get("/w/graph", query_string={"edges": "a"}, headers=HX).text
    assert "1 position, 0 moves." in single
    zh = client.get("/zh/w/graph", query_string={"edges": "a>a a>b b>c", "step": str(len(a.order) + 1)}, headers=HX).text
    assert "a 始终无法确定，是平局" in zh and "它们" not in zh


def test_a_dash_typed_for_a_move_gets_a_hint_only_where_it_is_ambiguous(client: FlaskClient) -> None:
    alone = client.get("/w/graph", query_string={"edges": "a-b"}, headers=HX).text
    assert "Your graph</strong>: 1 position, 0 moves." in alone  # legal: one position named a-b ...
    assert "<code>a-b</code> is read as one position named a-b, with no move" in alone and "<code>a&gt;b</code>" in alone  # ... said
    for edges in ("x-1>x-2", "a>b c-d>a", "a-b>c"):  # a name with - that a move uses is meant
        assert "graph-dash-hint" not in client.get("/w/graph", query_string={"edges": edges}, headers=HX).text
    zh = client.get("/zh/w/graph", query_string={"edges": "a-b c"}, headers=HX).text
    assert "被读成一个名叫 a-b 的局面" in zh
