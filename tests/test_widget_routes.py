"""/w/<widget>: one URL for the htmx fragment and the whole page; 400 with a message for bad input."""
from __future__ import annotations

import re

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.web.widgets import INLINE, PROJECTED, with_query

HX = {"HX-Request": "true"}


def cells(html: str) -> list[tuple[int, str]]:
    """(n, outcome) of every filled cell in a pn-table fragment."""
    found = re.findall(r'<li class="cell is-([PN])[^"]*"[^>]*>\s*<span class="n">(\d+)</span>', html)
    return [(int(n), o) for o, n in found]


from grundy.widgets import WIDGETS

ALL_WIDGETS = list(WIDGETS)


def marked_invalid(html: str, field: str) -> bool:
    """Whether exactly the form's visible control named ``field`` carries aria-invalid="true" (a
    key the form carries hidden, such as a step or a clicked cell, has nothing to mark: then no
    control may be marked)."""
    controls = re.findall(r'<(?:input|select|textarea)[^>]*>', html)
    marked = {m for tag in controls if 'aria-invalid="true"' in tag for m in re.findall(r'name="([^"]+)"', tag)}
    visible = any(f'name="{field}"' in tag and 'type="hidden"' not in tag for tag in controls)
    return marked == ({field} if visible else set())


@pytest.mark.parametrize("name", ALL_WIDGETS)
def test_fragment_for_htmx_and_page_otherwise(client: FlaskClient, name: str) -> None:
    fragment = client.get(f"/w/{name}", headers=HX)
    page = client.get(f"/w/{name}")
    assert fragment.status_code == page.status_code == 200
    assert fragment.text.lstrip().startswith("<section class=\"widget")
    assert "<html" not in fragment.text
    assert page.text.startswith("<!doctype html>") and f'data-widget="{name}"' in page.text
    for response in (fragment, page):
        assert "HX-Request" in response.headers["Vary"]


def test_only_a_widget_on_its_own_page_pushes_its_url(client: FlaskClient) -> None:
    own = client.get("/w/pn-table?step=2", headers=HX | {"HX-Current-URL": "http://x/w/pn-table?step=1"})
    lesson = client.get("/w/pn-table?step=2", headers=HX | {"HX-Current-URL": "http://x/lessons/p-and-n-positions"})
    assert 'hx-push-url="true"' in own.text
    assert "hx-push-url" not in lesson.text
    assert 'hx-push-url="true"' in client.get("/w/pn-table").text
    # The address bar gets the canonical state, without the fields this rule ignores.
    noisy = client.get("/w/pn-table?rule=powers-of-two&m=2&set=1,3,4&upto=9&step=2",
                       headers=HX | {"HX-Current-URL": "http://x/w/pn-table"})
    assert noisy.headers["HX-Push-Url"] == "/w/pn-table?rule=powers-of-two&upto=9&step=2"
    bad = client.get("/w/pn-table?upto=-4", headers=HX | {"HX-Current-URL": "http://x/w/pn-table"})
    assert bad.headers["HX-Push-Url"] == "false"
    assert "HX-Push-Url" not in lesson.headers


def test_history_restore_gets_the_whole_page(client: FlaskClient) -> None:
    response = client.get("/w/pn-table", headers=HX | {"HX-History-Restore-Request": "true"})
    assert response.text.startswith("<!doctype html>")


def test_pn_table_powers_of_two(client: FlaskClient) -> None:
    html = client.get("/w/pn-table?rule=powers-of-two&upto=30", headers=HX).text
    assert cells(html) == [(n, "P" if n % 3 == 0 else "N") for n in range(31)]
    assert "repeat every 3 heaps" in html
    assert "11 of the 31 are P" in html


def test_pn_table_step_explains_each_cell(client: FlaskClient) -> None:
    html = client.get("/w/pn-table?rule=powers-of-two&upto=12&step=5", headers=HX).text
    assert [n for n, _ in cells(html)] == [0, 1, 2, 3, 4]
    assert "Heap 4:</strong> take 1 → 3, which is P" in html
    assert "5 of 13 cells filled" in html
    # The buttons carry the neighbouring states.
    assert 'name="step" value="6" data-step="next"' in html
    assert 'name="step" value="4" data-step="prev"' in html
    p_step = client.get("/w/pn-table?rule=powers-of-two&upto=12&step=7", headers=HX).text
    assert "every move leads to an N-position" in p_step
    assert "take 1 → 5 (N), take 2 → 4 (N), take 4 → 2 (N)" in p_step
    zero = client.get("/w/pn-table?rule=bash&m=2&upto=5&step=1", headers=HX).text
    assert "no move is possible" in zero


def test_pn_table_sg_values_and_period_with_preperiod(client: FlaskClient) -> None:
    html = client.get("/w/pn-table?rule=set&set=2,3&upto=20&sg=1&step=4", headers=HX).text
    assert "SG(3) = mex{0} = 1." in html
    assert "repeat every" not in html and "band-even" not in html  # no spoilers while stepping
    # {2, 3}: 0 0 1 1 2 0 0 1 1 2 …, period 5 from the start
    full = client.get("/w/pn-table?rule=set&set=2,3&upto=20&sg=1", headers=HX).text
    assert "repeat every 5 heaps, from the start" in full
    assert full.count("period-start") == 5  # at 0, 5, 10, 15, 20
    assert full.count("period-end") == 4  # at 4, 9, 14, 19 (the period from 20 is cut off)


def test_pn_table_marks_a_preperiod_and_a_period_beyond_the_table(client: FlaskClient) -> None:
    from grundy.games.takeaway import SubtractionSet, period

    p = period(SubtractionSet.of(3, 5))
    assert p is not None
    wide = client.get(f"/w/pn-table?rule=set&set=3,5&upto={p.preperiod + 2 * p.length}", headers=HX).text
    assert f"repeat every {p.length} heaps" in wide
    narrow = client.get(f"/w/pn-table?rule=set&set=3,5&upto={p.preperiod + p.length - 2}", headers=HX).text
    assert "beyond this table" in narrow and "band-even" not in narrow


def test_pn_table_keeps_its_id_for_htmx(client: FlaskClient) -> None:
    html = client.get("/w/pn-table?id=pn-table-2&upto=4", headers=HX).text
    assert 'id="pn-table-2"' in html and 'name="id" value="pn-table-2"' in html
    # The shared link leaves the id out: it only matters to swaps inside one page.
    assert 'href="/w/pn-table?rule=bash&amp;m=2&amp;upto=4"' in html


def test_mex_steps_shows_options_set_and_mex(client: FlaskClient) -> None:
    html = client.get("/w/mex-steps?rule=set&set=1,3,4&upto=12&n=5", headers=HX).text
    assert "5 − 1 = 4, &nbsp;SG(4) = <strong>2</strong>" in html
    assert "<p class=\"value-set\">{0, 1, 2}</p>" in html  # options 4, 2, 1 have values 2, 0, 1
    assert "mex{0, 1, 2} = <strong>3</strong>" in html
    assert '<li class="chip missing"><span>3</span> missing</li>' in html
    assert "So far: <code>0 1 0 1 2 3</code>" in html


def test_take_away_plays_a_game_to_the_end(client: FlaskClient) -> None:
    html = client.get("/w/take-away?rule=bash&m=2&start=5&moves=2,1", headers=HX).text
    assert "<strong>Alice</strong> to move: 2 coins left." in html
    assert html.count('class="coin"') == 2
    assert 'name="moves" value="2,1,1" class="move" id="take-away-take-1">Take 1' in html
    assert 'name="moves" value="2,1,2" class="move" id="take-away-take-2">Take 2' in html
    assert 'name="moves" value="2"' in html  # undo
    over = client.get("/w/take-away?rule=bash&m=2&start=5&moves=2,1,2", headers=HX).text
    assert "Bob cannot move, so Alice wins." in over and 'class="move"' not in over
    stuck = client.get("/w/take-away?rule=set&set=2,3&start=6&moves=3,2", headers=HX).text
    assert "Alice cannot move (no allowed amount fits in 1), so Bob wins." in stuck


def test_xor_columns_marks_the_highest_bit_and_every_move(client: FlaskClient) -> None:
    html = client.get("/w/xor-columns?heaps=55,81,121", headers=HX).text
    assert "The XOR is 31" in html and "There are 3 winning moves" in html
    for move, after in [("Take 15 from heap 1", "40, 81, 121"), ("Take 3 from heap 2", "55, 78, 121"), ("Take 19 from heap 3", "55, 81, 102")]:
        assert f">{move}</button> → {after}" in html
    assert html.count('class="bit-head top"') == 1  # the 16 column
    p = client.get("/w/xor-columns?heaps=1,2,3", headers=HX).text
    assert "the XOR is 0: the player to move <strong>loses</strong>" in p
    big = client.get("/w/xor-columns?heaps=" + str(2**100) + ",1", headers=HX)
    assert big.status_code == 200 and "2<sup>100</sup>" in big.text


def test_period_answers_a_thousand_digit_heap(client: FlaskClient) -> None:
    from grundy.games.takeaway import SubtractionSet, grundy

    n = int("7" * 1000)
    html = client.get(f"/w/period?set=2,5,6&upto=30&n={n}", headers=HX).text
    assert f"<strong>SG(n) = {grundy(SubtractionSet.of(2, 5, 6), n)}</strong>" in html
    assert "(1000 digits)" in html and "repeat every <strong>11</strong>" in html


def test_grid_explains_a_clicked_cell_and_keeps_the_step(client: FlaskClient) -> None:
    html = client.get("/w/grid?game=wythoff&size=6&cell=3,5", headers=HX).text
    assert "<strong>(3, 5)</strong>:" in html and "all 11 moves lead to N-positions, so P." in html
    # a click on a cell while stepping keeps the step; a step keeps the clicked cell
    stepping = client.get("/w/grid?game=wythoff&size=6&step=9&pick=1,2", headers=HX).text
    assert "9 of 49 cells filled" in stepping and 'name="cell" value="1,2"' in stepping
    assert 'name="go" value="10" data-step="next"' in stepping
    bomb = client.get("/w/grid?game=bomb&size=5&cell=3,4&sg=1", headers=HX).text
    assert "SG = mex{0, 1, 2, 3} = 4." in bomb


def test_game_sum_lists_moves_in_every_component(client: FlaskClient) -> None:
    html = client.get("/w/game-sum?nim=5&bash=7&m=3&sub=10&set=1,3,4&wythoff=2,3", headers=HX).text
    assert "The SG values XOR to 2" in html
    assert "in 2 (bash heap 7): take 2 → 5 (SG 3 → 1)" in html
    p = client.get("/w/game-sum?nim=1,2,3&bash=&sub=&wythoff=", headers=HX).text
    assert "The SG values XOR to 0" in p


def test_wythoff_widget_plot_and_precision_lab(client: FlaskClient) -> None:
    import json
    import re as _re

    html = client.get("/w/wythoff?a=5&b=8&k=102334155", headers=HX).text
    figure = json.loads(_re.search(r'data-figure="([^"]+)"', html).group(1).replace("&#34;", '"').replace("&quot;", '"'))
    names = [t["name"] for t in figure["data"]]
    assert names[:4] == ["P-positions (aₖ, bₖ)", "their mirror images", "y = φx", "y = x/φ"]
    assert [(a["ax"], a["ay"], a["x"], a["y"]) for a in figure["layout"]["annotations"]] == [(5, 8, 4, 7), (5, 8, 5, 3)]
    assert _re.search(r"exact for every k up to\s+<strong>102,334,154</strong>", html)
    assert "the double formula gives 165,580,141 — <strong>wrong</strong>" in html
    assert '<details class="lab" open>' in html  # the answer is not folded away
    page = client.get("/w/wythoff").text
    assert "<script defer src=\"/static/vendor/plotly/plotly-cartesian.min.js" in page
    assert "<script defer src=\"/static/vendor/plotly/plotly-cartesian.min.js" not in client.get("/w/pn-table").text


BAD = [
    ("pn-table", "upto=-1", "upto", "The largest heap must be a whole number from 0 to 300; got -1."),
    ("pn-table", "upto=", "upto", "The largest heap is empty: give a whole number from 0 to 300."),
    ("pn-table", "rule=bash&m=", "m", "m (take 1 to m) is empty"),
    ("pn-table", "rule=set&set=", "set", "The set S is empty"),
    ("pn-table", "upto=301", "upto", "must be from 0 to 300; got 301."),
    ("pn-table", "upto=abc", "upto", "whole number from 0 to 300; got 'abc'"),
    ("pn-table", "rule=bash&m=0", "m", "m (take 1 to m) must be from 1 to 100; got 0."),
    ("pn-table", "rule=set&set=1,,x", "set", "The set S has an empty item in '1,,x'"),
    ("pn-table", "rule=set&set=1,500", "set", "whole numbers from 1 to 100; got 500."),
    ("pn-table", "rule=set&set=1,2,3,4,5,6,7,8,9,10,11", "set", "at most 10 numbers; got 11."),
    ("pn-table", "rule=chess", "rule", "Unknown rule 'chess': choose bash, set, powers-of-two or fibonacci."),
    ("pn-table", "upto=10&step=12", "step", "The step (cells filled) must be from 0 to 11; got 12."),
    ("pn-table", "sg=perhaps", "sg", "Show SG values is a switch"),
    ("pn-table", "id=<script>", "id", "The widget id must be lower-case letters"),
    ("pn-table", "upto=" + "9" * 5000, "upto", "must be a whole number"),
    ("mex-steps", "upto=10&n=11", "n", "The position being computed must be from 0 to 10; got 11."),
    ("mex-steps", "upto=61", "upto", "The largest heap must be from 0 to 60; got 61."),
    ("mex-steps", "rule=set&set=x", "set", "'x' is not one"),
    ("take-away", "moves=2,5", "moves", "Illegal game: move 2 cannot take 5 from a heap of 3 (allowed: 1, 2)."),
    ("take-away", "moves=1,x", "moves", "The moves must be numbers of coins separated by commas; got '1,x'."),
    ("take-away", "start=3&moves=1,1,1,1", "moves", "A game from 3 coins has at most 3 moves; got 4."),
    ("xor-columns", "heaps=1,,2", "heaps", "The heap list has an empty item"),
    ("xor-columns", "heaps=" + ",".join(["1"] * 13), "heaps", "The heap list may hold at most 12 numbers; got 13."),
    ("xor-columns", "heaps=" + "9" * 40, "heaps", "whole numbers from 0 to below 10^36"),
    ("xor-columns", "heaps=", "heaps", "The heap list is empty"),
    ("period", "set=1,3,4&n=12x", "n", "The heap n must be a whole number of at most 1000 digits; got '12x'."),
    ("period", "upto=201", "upto", "The largest heap shown must be from 0 to 200; got 201."),
    ("period", "set=0", "set", "got 0"),
    ("grid", "game=chess", "game", "Unknown game 'chess': choose wythoff, kiki, marbles or bomb."),
    ("grid", "size=25", "size", "The grid size must be from 2 to 24; got 25."),
    ("grid", "cell=3", "cell", "The cell is two numbers with a comma, like 3,5; got '3'."),
    ("grid", "game=bomb&cell=0,2", "cell", "The cell must lie on the grid, 1 to 12 each way; got '0,2'."),
    ("grid", "size=4&step=26", "step", "The step (cells filled) must be from 0 to 25; got 26."),
    ("game-sum", "nim=&bash=&sub=&wythoff=", "nim", "The sum is empty: give at least one component."),
    ("game-sum", "wythoff=400,2", "wythoff", "Wythoff positions are pairs like 3,5 (piles up to 300)"),
    ("game-sum", "nim=1,2,3,4,5&bash=1,2,3,4", "nim", "A sum may have at most 8 components; got 11."),  # with the default sub and wythoff
    ("game-sum", "m=0", "m", "m (Bash: take 1 to m) must be from 1 to 100; got 0."),
    ("wythoff", "a=x", "a", "Pile a must be a whole number of at most 200 digits; got 'x'."),
    ("wythoff", "b=", "b", "Pile b is empty"),
    ("wythoff", "span=4", "span", "The plot size must be from 5 to 200; got 4."),
    ("wythoff", "k=-3", "k", "k must be a whole number"),
    ("take-away", "start=abc", "start", "The starting heap must be a whole number from 1 to 50; got 'abc'."),
    ("take-away", "start=0", "start", "The starting heap must be from 1 to 50; got 0."),
    ("take-away", "start=51", "start", "The starting heap must be from 1 to 50; got 51."),
]


@pytest.mark.parametrize("name, query, field, message", BAD)
@pytest.mark.parametrize("headers", [HX, {}], ids=["fragment", "page"])
def test_bad_input_is_a_400_with_a_message_in_the_widget(
    client: FlaskClient, name: str, query: str, field: str, message: str, headers: dict[str, str]
) -> None:
    response = client.get(f"/w/{name}?{query}", headers=headers)
    assert response.status_code == 400
    html = response.text
    assert 'class="widget-error" role="alert"' in html
    assert message.replace("'", "&#39;").replace("<", "&lt;") in html
    # The form is still there, so the learner can correct the value, and the bad field is marked.
    assert f'action="/w/{name}"' in html
    assert marked_invalid(html, field), field
    assert "<script>" not in html.split("</head>")[-1]


BAD_VALUES = [("above", lambda p: str(p.hi + 1)), ("below", lambda p: str(p.lo - 1)), ("superscript", lambda p: "²"),
              ("letters", lambda p: "x1"), ("huge", lambda p: "9" * 400)]


@pytest.mark.parametrize("name", ALL_WIDGETS)
@pytest.mark.parametrize("how, bad", BAD_VALUES, ids=[b[0] for b in BAD_VALUES])
def test_every_declared_number_is_checked_against_its_bounds(client: FlaskClient, name: str, how: str, bad) -> None:
    """Every widget's whole-number parameters, from their declared specs: out of bounds or not a
    number is a 400 naming the parameter (the field marked where the form shows it), never a 500."""
    widget = WIDGETS[name]
    for param in widget.params:
        if param.kind != "int":
            continue
        query = widget.defaults | {"step": "1"} if param.name == "step" else dict(widget.defaults)
        if param.applies_when is not None:
            key, value = param.applies_when
            query[key] = value
        query[param.name] = bad(param)
        response = client.get(f"/w/{name}", query_string=query, headers=HX)
        assert response.status_code == 400, (name, param.name, query[param.name])
        html = response.text
        assert param.label.split(" (")[0].lower() in html.lower(), (name, param.name)
        assert marked_invalid(html, param.name), (name, param.name)


def test_form_shows_what_the_learner_typed_after_an_error(client: FlaskClient) -> None:
    html = client.get("/w/pn-table?rule=set&set=1,,x", headers=HX).text
    assert 'name="set" id="pn-table-set" value="1,,x"' in html and 'aria-invalid="true"' in html


def test_unknown_widget_is_404(client: FlaskClient) -> None:
    response = client.get("/w/nope")
    assert response.status_code == 404
    assert "no widget called" in response.text


def test_unknown_parameters_in_urls_are_ignored(client: FlaskClient) -> None:
    assert client.get("/w/pn-table?utm_source=x&_=1").status_code == 200


@pytest.mark.parametrize("url", ["/w/grid?cell=%C2%B2,1", "/w/grid?pick=3,%C2%B3", "/present/grid?cell=1,%E2%91%A0",
                                 "/present/grid?was=cell%3D%C2%B2%2C1%26step%3D1", "/w/take-away?moves=%C2%B2",
                                 "/w/take-away?moves=1,%E2%91%A0"])
def test_non_ascii_digits_are_a_400_not_a_500(client: FlaskClient, url: str) -> None:
    """'²' and '①' pass str.isdigit() but not int(): every number is read as ASCII digits."""
    response = client.get(url, headers=HX)
    assert response.status_code in (200, 400) and "Traceback" not in response.text


def test_a_malformed_hx_current_url_is_ignored(client: FlaskClient) -> None:
    response = client.get("/w/pn-table", headers=HX | {"HX-Current-URL": "http://["})
    assert response.status_code == 200


def test_game_sum_offers_the_tables_rules(client: FlaskClient) -> None:
    """Issue 14, fix 4: HDU 1848 with heaps 34, 1, 1 is N (SG(34) = 4 under the Fibonacci rule),
    although the set 1,2,3,5,8,13 (no 21, no 34) makes it P."""
    hx = {"HX-Request": "true"}
    fib = client.get("/w/game-sum?sub=34,1,1&subrule=fibonacci&nim=&bash=&wythoff=", headers=hx).text
    assert "The SG values XOR to 4" in fib and "take 34 → 0" in fib
    capped = client.get("/w/game-sum?sub=34,1,1&set=1,2,3,5,8,13&nim=&bash=&wythoff=", headers=hx).text
    assert 'class="chip is-P"' in capped or "XOR to 0" in capped
    from grundy.games.registry import family
    assert family("subtraction", {"set": "fibonacci"}).sg(34) == 4
    powers = client.get("/w/game-sum?sub=1000000&subrule=powers-of-two&nim=&bash=&wythoff=", headers=hx)
    assert powers.status_code == 200  # a closed form: any heap
    assert client.get("/w/game-sum?sub=1001&subrule=fibonacci", headers=hx).status_code == 400


@pytest.mark.parametrize("name", list(WIDGETS))
def test_a_widget_declares_whether_it_draws_a_figure(client: FlaskClient, name: str) -> None:
    """Pages decide whether to load plotly.js from the registry (the quiz, before its visual is
    shown) or from the HTML; the two must agree."""
    assert ("data-figure=" in client.get(f"/w/{name}").text) == WIDGETS[name].draws_figure


@given(query=st.dictionaries(st.text(min_size=1, max_size=8).filter(lambda k: k != "name"),
                             st.one_of(st.none(), st.text(max_size=12)), max_size=5),
       endpoint=st.sampled_from([INLINE.endpoint, PROJECTED.endpoint]), name=st.sampled_from(sorted(WIDGETS)),
       chinese=st.booleans())
@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_state_link_is_written_as_url_for_writes_it(app: Flask, query: dict[str, str | None], endpoint: str, name: str,
                                                       chinese: bool) -> None:
    """A widget writes its links (one per table cell) from its route built once and the query
    encoded alone: the same URL, character for character, as url_for building each."""
    with app.test_request_context("/", base_url="http://localhost/zh" if chinese else None):
        base = url_for(endpoint, name=name)
        assert with_query(base, query) == url_for(endpoint, name=name, **query)


@pytest.mark.parametrize("name", ALL_WIDGETS)
def test_every_key_a_widget_s_buttons_send_is_declared(name: str) -> None:
    """A control's name in a widget's template or its Python markup is one of its parameters or
    one of its declared buttons (Widget.buttons): the fuzz sweeps exactly those, so a button
    left undeclared would be a key no test sends."""
    import inspect
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    widget = WIDGETS[name]
    sources = [root / "templates" / widget.template]
    sources.append(Path(inspect.getfile(widget.parse)))  # its module, where Python builds markup
    sent = {found for path in sources for found in re.findall(r'name="([a-z_]+)"', path.read_text(encoding="utf-8"))}
    assert sent <= set(widget.keys) | set(widget.buttons), sorted(sent - set(widget.keys) - set(widget.buttons))
