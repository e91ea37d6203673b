"""/present/<widget>: the projection view. The same widget and state as /w/<widget>, in a frame of
its own (whole screen, no site chrome), with its form, links and pushed URLs on /present/."""
from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from flask.testing import FlaskClient

from grundy.web.widgets import PRESENTABLE as WIDGET_PRESENTABLE
from grundy.web.present import best_columns, present_fit
from tests.test_widget_routes import BAD, cells

HX = {"HX-Request": "true"}
PRESENTABLE = list(WIDGET_PRESENTABLE)

STATES = [
    ("pn-table", "rule=bash&m=3&upto=30&step=5", "5 of 31 cells filled"),
    ("mex-steps", "rule=set&set=1,3,4&upto=12&n=7", "mex{1, 2} = <strong>0</strong>"),
    ("xor-columns", "heaps=14,21,39&step=", "<strong>take 12 from heap 3</strong>"),
    ("grid", "game=wythoff&size=6&step=9", "9 of 49 cells filled"),
    ("wythoff", "a=5&b=8&step=", "<strong>(5, 8)</strong> is an N-position"),
]


def section(html: str) -> str:
    """The widget's own markup: from its <section> to the end of its body (the frame differs)."""
    return html[html.index("<section"):]


@pytest.mark.parametrize("name, query, shows", STATES)
def test_each_widget_is_projected_in_its_state(client: FlaskClient, name: str, query: str, shows: str) -> None:
    response = client.get(f"/present/{name}?{query}")
    page = response.text
    assert response.status_code == 200 and page.startswith("<!doctype html>")
    assert shows in page
    assert f'data-widget="{name}"' in page and "is-presented" in page and "data-present" in page
    assert "site-header" not in page and "site-footer" not in page  # no page chrome
    assert "css/present.css" in page and '<script type="module" src="/static/js/grundy@' in page  # strip.js among its modules
    # The same settings as base.html, so a 400 (a message in the widget) is swapped in too.
    meta = re.compile(r'<meta name="htmx-config"[^>]*>')
    assert meta.search(page).group(0) == meta.search(client.get(f"/w/{name}").text).group(0)
    assert shows in client.get(f"/w/{name}?{query}").text  # the normal view shows the same state


def test_a_student_opening_the_link_sees_the_same_table(client: FlaskClient) -> None:
    query = "rule=bash&m=3&upto=30&step=5"
    projected = client.get(f"/present/pn-table?{query}").text
    assert cells(projected) == cells(client.get(f"/w/pn-table?{query}").text) == [(0, "P"), (1, "N"), (2, "N"), (3, "N"), (4, "P")]
    assert cells(client.get(f"/present/pn-table?{query}").text) == cells(projected)


@pytest.mark.parametrize("name", PRESENTABLE)
def test_the_form_and_its_controls_stay_on_present(client: FlaskClient, name: str) -> None:
    page = client.get(f"/present/{name}").text
    form = re.search(r'<form class="widget-form"[^>]*>', page).group(0)
    assert f'action="/present/{name}"' in form and f'hx-get="/present/{name}"' in form
    assert 'hx-push-url="true"' in form
    # Every request the widget can send goes to /present/, never to /w/ ...
    targets = re.findall(r'(?:action|hx-get)="([^"]*)"', section(page))
    assert targets and all(t.startswith(f"/present/{name}") for t in targets), targets
    # ... except the one link that leaves on purpose, with the same state.
    normal = re.search(r'class="strip-normal" href="([^"]*)"', page).group(1)
    assert normal.startswith(f"/w/{name}")
    assert f'id="{name}-controls"' in page and f'aria-controls="{name}-controls"' in page


def test_the_normal_view_link_and_the_present_link_carry_the_state(client: FlaskClient) -> None:
    projected = client.get("/present/pn-table?rule=powers-of-two&m=7&upto=12&step=3").text
    assert 'class="strip-normal" href="/w/pn-table?rule=powers-of-two&amp;upto=12&amp;step=3"' in projected
    assert 'data-copy-link' in projected and 'href="/present/pn-table?rule=powers-of-two&amp;upto=12&amp;step=3"' in projected
    page = client.get("/w/pn-table?rule=powers-of-two&upto=12&step=3").text
    assert '<a class="present-link" href="/present/pn-table?rule=powers-of-two&amp;upto=12&amp;step=3">Present this (full screen)</a>' in page
    for name in PRESENTABLE:
        assert 'class="present-link" href="/present/' in client.get(f"/w/{name}").text, name
    # Widgets without a projection view, and widgets inside a lesson, have no such link.
    assert "present-link" not in client.get("/w/take-away").text
    assert "present-link" not in client.get("/lessons/p-and-n-positions").text
    assert "is-presented" not in client.get("/lessons/nim").text


def test_each_step_pushes_the_present_url(client: FlaskClient) -> None:
    step = client.get("/present/pn-table?rule=powers-of-two&m=2&set=1,3,4&upto=9&step=2", headers=HX)
    assert step.text.lstrip().startswith('<section class="widget widget-pn-table is-presented"')
    assert step.headers["HX-Push-Url"] == "/present/pn-table?rule=powers-of-two&upto=9&step=2"
    assert "HX-Request" in step.headers["Vary"]
    bad = client.get("/present/pn-table?upto=-4", headers=HX)
    assert bad.status_code == 400 and bad.headers["HX-Push-Url"] == "false"
    # The back button asks for the whole page again (htmx keeps no history cache).
    restore = client.get("/present/pn-table?step=2", headers=HX | {"HX-History-Restore-Request": "true"})
    assert restore.text.startswith("<!doctype html>") and "HX-Push-Url" not in restore.headers


PRESENT_BAD = [case for case in BAD if case[0] in PRESENTABLE and case[2] != "id"] + [
    ("pn-table", "step=2&hide=maybe", "hide", "Hide until revealed is a switch: use 1 or 0; got 'maybe'."),
    ("grid", "step=2&hide=2", "hide", "Hide until revealed is a switch"),
    ("mex-steps", "hide=x", "hide", "Hide until revealed is a switch"),
    ("xor-columns", "step=6", "step", "The step (stages shown) must be from 0 to 5; got 6."),
    ("xor-columns", "step=-1", "step", "The step (stages shown) must be a whole number from 0 to 5; got -1."),
    ("xor-columns", "step=two", "step", "The step (stages shown) must be a whole number from 0 to 5; got 'two'."),
    ("wythoff", "span=25&step=11", "step", "The step (P-positions up to 25 shown) must be from 0 to 10; got 11."),
    ("wythoff", "span=5&step=4", "step", "The step (P-positions up to 5 shown) must be from 0 to 3; got 4."),
]


from tests.test_widget_routes import marked_invalid  # noqa: E402 — one definition of "marked"


@pytest.mark.parametrize("name, query, field, message", PRESENT_BAD)
@pytest.mark.parametrize("headers", [HX, {}], ids=["fragment", "page"])
def test_bad_input_is_a_400_with_the_message_in_the_projected_widget(
    client: FlaskClient, name: str, query: str, field: str, message: str, headers: dict[str, str]
) -> None:
    response = client.get(f"/present/{name}?{query}", headers=headers)
    assert response.status_code == 400
    page = response.text
    assert 'class="widget-error" role="alert"' in page and "is-presented" in page
    assert message.replace("'", "&#39;").replace("<", "&lt;") in page
    assert marked_invalid(page, field), field  # the bad field is marked where the form shows it
    if not headers:
        assert "data-present" in page and f'action="/present/{name}"' in page  # still the projection view


@pytest.mark.parametrize("query", [
    "step=", "hide=", "step=0&hide=0", "upto=0&step=1", "rule=fibonacci&upto=300&step=301&sg=1",
    "rule=set&set=1,,&step=x", "%ff=%fe&step=%00", "step=" + "9" * 5000, "hide=" + "1" * 5000,
])
@pytest.mark.parametrize("name", PRESENTABLE)
def test_odd_queries_never_fail_the_server(client: FlaskClient, name: str, query: str) -> None:
    response = client.get(f"/present/{name}?{query}")
    assert response.status_code in (200, 400), (name, query, response.status_code)
    assert "Traceback" not in response.text


@pytest.mark.parametrize("name", ["nope", "take-away", "game-sum", "period", "PN-TABLE"])  # "" is the index page
def test_a_widget_without_a_projection_view_is_a_404_naming_them_all(client: FlaskClient, name: str) -> None:
    response = client.get(f"/present/{name}")
    assert response.status_code == 404
    page = html_lib.unescape(response.text)
    assert f"These widgets can be projected: {', '.join(PRESENTABLE)}." in page
    assert {"pn-table", "xor-columns", "grid", "misere-table"} <= set(PRESENTABLE)
    if name:
        assert f"There is no projection view called '{name}'." in page
    for widget in PRESENTABLE:
        assert f'href="/present/{widget}"' in page


def filled_and_blank(page: str) -> tuple[list[int], list[int]]:
    items = re.findall(r'<li class="cell ([^"]*)"[^>]*>(.*?)</li>', page, re.S)
    filled = [int(re.search(r'class="n">(\d+)', body).group(1)) for cls, body in items if "is-blank" not in cls]
    blank = [int(re.search(r'class="n">(\d+)', body).group(1)) for cls, body in items if "is-blank" in cls]
    return filled, blank


def test_hide_until_revealed_leaves_the_values_out_of_the_page(client: FlaskClient) -> None:
    page = client.get("/present/pn-table?rule=bash&m=3&upto=30&sg=1&step=5").text
    filled, blank = filled_and_blank(page)
    assert filled == [0, 1, 2, 3, 4] and blank == list(range(5, 31))
    for body in re.findall(r'<li class="cell is-blank"[^>]*>(.*?)</li>', page, re.S):
        # nothing but the heap number and a dot: no P/N, no SG value, no title giving it away
        assert re.fullmatch(r'<span class="n">\d+</span><span class="o" aria-label="not yet filled">·</span><span class="sg">&nbsp;</span>', body.strip())
    assert 'title="8: P' not in page and 'title="9: N' not in page
    assert "Hide until revealed: <strong>on</strong>" in page


def test_without_hiding_every_cell_shows_and_the_step_is_marked(client: FlaskClient) -> None:
    page = client.get("/present/pn-table?rule=bash&m=3&upto=30&step=5&hide=0").text
    filled, blank = filled_and_blank(page)
    assert filled == list(range(31)) and blank == []
    assert re.search(r'<li class="cell is-P[^"]* is-current"[^>]*aria-current="step"', page)
    assert "<strong>Heap 4:</strong>" in page and "5 of 31 cells filled" in page
    assert 'type="hidden" name="hide" value="0"' in page  # kept when a setting changes
    assert "Hide until revealed: <strong>off</strong>" in page
    # the switch links to the same state with hiding back on (the step survives)
    assert 'class="strip-hide" href="/present/pn-table?rule=bash&amp;m=3&amp;upto=30&amp;step=5"' in page
    on = client.get("/present/pn-table?rule=bash&m=3&upto=30&step=5").text
    assert 'class="strip-hide" href="/present/pn-table?rule=bash&amp;m=3&amp;upto=30&amp;step=5&amp;hide=0"' in on


def test_the_grid_and_the_mex_stepper_hide_and_show_alike(client: FlaskClient) -> None:
    hidden = client.get("/present/grid?game=wythoff&size=4&step=7").text
    assert hidden.count('<td class="is-blank') == 25 - 7
    shown = client.get("/present/grid?game=wythoff&size=4&step=7&hide=0").text
    assert "is-blank" not in shown and shown.count("is-current") == 1
    mex = client.get("/present/mex-steps?rule=set&set=1,3,4&upto=12&n=4").text
    assert mex.count('class="todo"') == 8
    mex_all = client.get("/present/mex-steps?rule=set&set=1,3,4&upto=12&n=4&hide=0").text
    assert 'class="todo"' not in mex_all and mex_all.count('class="ahead is-') == 8


def test_xor_columns_steps_through_its_stages(client: FlaskClient) -> None:
    start = client.get("/present/xor-columns?heaps=14,21,39&step=0").text
    assert "Step 0 of 5: the heaps" in start and "Heaps 14, 21, 39. Who wins?" in start
    table = start[start.index("<table"):start.index("</table>")]
    assert "bit b1" not in table and "bit b0" not in table  # no binary digits yet
    assert ">60<" not in table and "★" not in start and "Take 12" not in start and "top" not in table
    binary = client.get("/present/xor-columns?heaps=14,21,39&step=1").text
    assert binary.count("bit b1") == 3 + 3 + 4 and "odd" not in binary and "so 14 = 8 + 4 + 2." in binary
    counts = client.get("/present/xor-columns?heaps=14,21,39&step=2").text
    assert counts.count('class="bit odd') == 4 and "4 columns have an odd count" in counts and ">60<" not in counts
    xor = client.get("/present/xor-columns?heaps=14,21,39&step=3").text
    assert "14 ⊕ 21 ⊕ 39 = <strong>60</strong>" in xor and "★" not in xor
    top = client.get("/present/xor-columns?heaps=14,21,39&step=4").text
    assert top.count('class="mark"') == 1 and 'class="bit-head top"' in top and "Take 12" not in top
    move = client.get("/present/xor-columns?heaps=14,21,39&step=5").text
    assert ">Take 12 from heap 3</button>" in move and "Step 5 of 5: the winning move" in move
    everything = client.get("/present/xor-columns?heaps=14,21,39&step=1&hide=0").text
    assert "★" in everything and ">60<" in everything and "stage-current" in everything
    p = client.get("/present/xor-columns?heaps=1,2,3&step=4").text
    assert "The XOR is 0, so it has no highest 1" in p


def test_the_xor_and_wythoff_steppers_are_offered_in_lessons(client: FlaskClient) -> None:
    """Issue 14, fix 6: the XOR columns' steps and Wythoff's k-by-k construction were projection
    only; a student on the lesson page can step them too."""
    lesson = client.get("/lessons/nim").text
    assert lesson.count('data-widget="xor-columns"') == 4
    first = lesson.split('data-widget="xor-columns"', 1)[1].split("</section>")[0]
    assert 'data-step="start"' in first and "All steps shown" in first
    stepping = client.get("/w/xor-columns?heaps=2,3&step=2", headers=HX).text
    assert "data-stepping" in stepping and 'name="step" value="3" data-step="next"' in stepping
    wythoffs = client.get("/lessons/wythoff").text.split('data-widget="wythoff"')
    first, second = (part.split("</section>")[0] for part in wythoffs[1:3])
    assert "data-stepping" in first and "0 of 16 P-positions up to 40 found" in first  # it opens building (issue 25)
    assert 'data-step="start"' in second and "Your position and its moves" in second
    built = client.get("/w/wythoff?a=5&b=8&span=25&step=3", headers=HX).text
    assert "3 of 10 P-positions up to 25 found" in built


def test_wythoff_builds_its_p_positions_one_k_at_a_time(client: FlaskClient) -> None:
    page = client.get("/present/wythoff?span=25&step=4").text
    assert "4 of 10 P-positions up to 25 found" in page
    assert "the pairs before it used 0–3, 5" in page and "a<sub>3</sub> = <strong>4</strong>" in page
    figure = json.loads(html_lib.unescape(re.search(r'data-figure="([^"]+)"', page).group(1)))
    p_trace = figure["data"][0]
    assert list(zip(p_trace["x"], p_trace["y"])) == [(0, 0), (1, 2), (3, 5), (4, 7)]  # found so far, no more
    assert "y = φx" not in [t["name"] for t in figure["data"]]  # the golden lines would give it away
    assert "(6, 10)" not in page and "(8, 13)" not in page
    assert "you: (5, 8)" not in page  # the position waits until the stepping is over
    shown = client.get("/present/wythoff?span=25&step=4&hide=0").text
    assert "(6, 10)" in shown and "(14, 23)" in shown
    figure = json.loads(html_lib.unescape(re.search(r'data-figure="([^"]+)"', shown).group(1)))
    assert len(figure["data"][0]["x"]) == 10 and "y = φx" in [t["name"] for t in figure["data"]]
    last = client.get("/present/wythoff?span=25&step=10").text
    assert "These are all the P-positions with both piles up to 25" in last
    assert 'name="step" value="10" data-step="next"' in last and 'data-step="next" id="wythoff-next" disabled' in last


@pytest.mark.parametrize("name", PRESENTABLE)
def test_projected_pages_are_safe(client: FlaskClient, name: str) -> None:
    response = client.get(f"/present/{name}?step=1")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    page = response.text
    for tag in re.findall(r"<script\b[^>]*>", page):
        assert re.search(r'\bsrc="/static/', tag), tag
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", page), "inline script body"
    assert not re.search(r"\son[a-z]+\s*=", page), "inline event handler"
    assert "hx-on" not in page


def test_the_table_is_fitted_to_landscape_and_portrait_screens() -> None:
    assert best_columns(1, 2.8) == 1
    assert best_columns(31, 2.8) == 11 and best_columns(31, 0.8) == 5
    for count in (1, 2, 7, 13, 31, 61, 169, 301):
        for aspect in (0.5, 0.8, 1.0, 2.8, 7.0):
            columns = best_columns(count, aspect)
            rows = -(-count // columns)
            side = min(aspect / columns, 1 / rows)
            # no other column count gives bigger cells
            assert all(side >= min(aspect / c, 1 / -(-count // c)) - 1e-9 for c in range(1, count + 1))
    assert present_fit(31) == "--cols-wide: 11; --rows-wide: 3; --cols-tall: 5; --rows-tall: 7"


def test_only_the_projected_table_carries_its_fit(client: FlaskClient) -> None:
    assert 'style="--cols-wide: 9; --rows-wide: 4; --cols-tall: 6; --rows-tall: 6"' in client.get("/present/pn-table?upto=30").text  # period 3
    assert "--cols-wide" not in client.get("/w/pn-table?upto=30").text


# ---------------------------------------------------------------- a settings change while stepping


def carried(page: str) -> str:
    """The state the projected form carries while stepping (its hidden "was" field)."""
    found = re.search(r'<input type="hidden" name="was" value="([^"]*)">', page)
    assert found, "no was field"
    return html_lib.unescape(found.group(1))


def change(client: FlaskClient, name: str, start: str, settings: dict[str, str]) -> tuple[int, str, str]:
    """Open ``start`` projected, then send the form with ``settings`` and no step button, the
    way Enter, "Show" or a checkbox does: the status, the page, and the pushed URL."""
    was = carried(client.get(f"/present/{name}?{start}").text)
    response = client.get(f"/present/{name}", query_string=settings | {"was": was}, headers=HX)
    return response.status_code, response.text, response.headers["HX-Push-Url"]


def test_a_settings_change_while_stepping_goes_on_stepping_in_the_table(client: FlaskClient) -> None:
    start = "rule=bash&m=3&upto=30&step=3"
    form = {"rule": "bash", "m": "3", "set": "1,3,4", "upto": "30"}
    # A smaller table of the same rule: the same step, nothing new shown.
    status, page, url = change(client, "pn-table", start, form | {"upto": "20"})
    assert status == 200 and "3 of 21 cells filled" in page and "All 21 cells shown" not in page
    assert filled_and_blank(page) == ([0, 1, 2], list(range(3, 21)))
    assert url == "/present/pn-table?rule=bash&m=3&upto=20&step=3"  # the canonical state, no "was"
    # SG values switched on: the same step.
    status, page, url = change(client, "pn-table", start, form | {"sg": "1"})
    assert "3 of 31 cells filled" in page and url.endswith("&sg=1&step=3")
    # Another m or rule is a new table: back to step 0, every cell blank.
    for other in ({"m": "4"}, {"rule": "set"}, {"rule": "fibonacci"}):
        status, page, url = change(client, "pn-table", start, form | other)
        assert status == 200 and "0 of 31 cells filled" in page, other
        assert filled_and_blank(page)[0] == [] and url.endswith("&step=0")
    # A table cut below the step keeps every cell it has left, all of them already seen.
    status, page, url = change(client, "pn-table", "rule=bash&m=3&upto=30&step=25", form | {"upto": "20"})
    assert "21 of 21 cells filled" in page and url.endswith("upto=20&step=21")
    # Hiding off rides along too.
    status, page, url = change(client, "pn-table", start + "&hide=0", form | {"upto": "12", "hide": "0"})
    assert "3 of 13 cells filled" in page and url.endswith("&step=3&hide=0")


def test_a_step_button_or_show_all_still_decides_the_step(client: FlaskClient) -> None:
    was = carried(client.get("/present/pn-table?rule=bash&m=3&upto=30&step=3").text)
    base = {"rule": "bash", "m": "3", "upto": "30", "was": was}
    assert "4 of 31 cells filled" in client.get("/present/pn-table", query_string=base | {"step": "4"}).text
    everything = client.get("/present/pn-table", query_string=base | {"step": ""}).text
    assert "All 31 cells shown" in everything and 'name="was"' not in everything  # not stepping: nothing to carry
    # Not stepping, nothing is carried; stepping, the normal view carries it too (lessons keep the step).
    assert 'name="was"' not in client.get("/present/pn-table?upto=30&step=").text
    assert 'name="was"' in client.get("/w/pn-table?upto=30&step=3").text
    assert 'name="was"' not in client.get("/present/mex-steps?n=3").text  # its step is n, reset as on /w/


def test_a_typo_while_stepping_shows_its_message_and_the_step_survives_it(client: FlaskClient) -> None:
    status, page, url = change(client, "pn-table", "rule=bash&m=3&upto=30&step=3", {"rule": "bash", "m": "3", "upto": "3o0"})
    assert status == 400 and url == "false"
    assert "The largest heap must be a whole number from 0 to 300; got &#39;3o0&#39;." in page
    assert 'class="widget widget-pn-table is-presented has-error"' in page  # present.css keeps the strip in the page
    # Fixed and sent again: still stepping, at the same step.
    fixed = client.get("/present/pn-table", query_string={"rule": "bash", "m": "3", "upto": "30", "was": carried(page)}, headers=HX)
    assert fixed.status_code == 200 and "3 of 31 cells filled" in fixed.text


def test_the_other_widgets_go_on_stepping_too(client: FlaskClient) -> None:
    # New heaps are a new question: stage 0, not the whole analysis and the move.
    for heaps in ("5,9,12", "14,21,39,1", "14,21,27"):
        status, page, url = change(client, "xor-columns", "heaps=14,21,39&step=3", {"heaps": heaps})
        assert status == 200 and "Step 0 of 5: the heaps" in page and "★" not in page and "Take " not in page, heaps
        assert url == f"/present/xor-columns?heaps={heaps}&step=0"
    status, page, url = change(client, "xor-columns", "heaps=14,21,39&step=3", {"heaps": "14, 21, 39"})
    assert "Step 3 of 5: the XOR" in page
    # Wythoff: the pairs come in the same order whatever the plot size.
    status, page, url = change(client, "wythoff", "span=25&step=7", {"a": "5", "b": "8", "span": "10"})
    assert status == 200 and "5 of 5 P-positions up to 10 found" in page
    status, page, url = change(client, "wythoff", "span=25&step=7", {"a": "3", "b": "5", "span": "40"})
    assert "7 of 16 P-positions up to 40 found" in page and "(11, 18)" not in page
    # The grid: a smaller grid keeps the cells already seen, in reading order (no 400) ...
    status, page, url = change(client, "grid", "game=wythoff&size=12&step=150", {"game": "wythoff", "size": "8"})
    assert status == 200 and "81 of 81 cells filled" in page
    status, page, url = change(client, "grid", "game=wythoff&size=12&step=30", {"game": "wythoff", "size": "8"})
    assert "22 of 81 cells filled" in page  # rows 0 and 1, and (2, 0) to (2, 3): seen at size 12 too
    status, page, url = change(client, "grid", "game=wythoff&size=12&step=30", {"game": "wythoff", "size": "12", "sg": "1"})
    assert "30 of 169 cells filled" in page
    # ... another game starts again.
    status, page, url = change(client, "grid", "game=wythoff&size=12&step=30", {"game": "kiki", "size": "12"})
    assert "0 of 169 cells filled" in page
    # A click on a cell keeps the step; the step buttons ("go") still decide it.
    status, page, url = change(client, "grid", "game=wythoff&size=12&step=30", {"game": "wythoff", "size": "12", "pick": "1,2"})
    assert "30 of 169 cells filled" in page and url.endswith("cell=1,2&step=30")
    status, page, url = change(client, "grid", "game=wythoff&size=12&step=30", {"game": "wythoff", "size": "12", "go": "31"})
    assert "31 of 169 cells filled" in page


@pytest.mark.parametrize("name", ["pn-table", "xor-columns", "grid", "wythoff"])
def test_a_forged_was_never_fails_the_server(client: FlaskClient, name: str) -> None:
    for was in ("", "step=x", "step=-1", "%ff", "step=" + "9" * 500, "upto=9999&step=3", "heaps=&step=2", "game=nope&step=1"):
        response = client.get(f"/present/{name}", query_string={"was": was})
        assert response.status_code in (200, 400) and "Traceback" not in response.text, (name, was)


# ---------------------------------------------------------------- Enter applies the typed value


def first_submit(page: str, name: str) -> str:
    """The first submit button of the widget's form: the one Enter in a field presses."""
    form = page[page.index(f'data-widget="{name}"'):]
    return re.search(r"<button\b[^>]*\btype=\"submit\"[^>]*>", form).group(0)


@pytest.mark.parametrize("url", [
    "/w/xor-columns?heaps=14,21,39", "/present/xor-columns?heaps=14,21,39", "/present/xor-columns?heaps=14,21,39&step=2",
    "/w/take-away", "/w/game-sum", "/w/period", "/present/pn-table", "/present/grid", "/present/wythoff", "/present/mex-steps",
])
def test_enter_in_a_field_presses_show(client: FlaskClient, url: str) -> None:
    name = url.split("/")[2].split("?")[0]
    assert 'class="apply"' in first_submit(client.get(url).text, name), url


def test_enter_in_the_lessons_heap_fields_presses_show(client: FlaskClient) -> None:
    lesson = client.get("/lessons/nim").text
    sections = lesson.split('data-widget="xor-columns"')[1:]
    assert len(sections) == 4
    for section in sections:
        assert 'class="apply"' in re.search(r"<button\b[^>]*\btype=\"submit\"[^>]*>", section).group(0)
    # "+ Heap" still adds a heap; only the order changed.
    assert '<button type="submit" name="use" value="14,21,39,1" id="xor-columns-add">+ Heap</button>' in client.get("/w/xor-columns?heaps=14,21,39").text


# ---------------------------------------------------------------- the grid, hiding


def explanation(page: str) -> str:
    return page[page.index('<div class="explain"'):].split("</div>")[0]


@pytest.mark.parametrize("view", ["present", "w"])
def test_a_blank_cell_picked_while_hiding_gives_nothing_away(client: FlaskClient, view: str) -> None:
    page = client.get(f"/{view}/grid?game=wythoff&size=12&step=30&pick=3,5").text
    text = explanation(page)
    assert "<strong>(3, 5)</strong> is not filled yet" in text
    assert "so P" not in text and "so N" not in text and "chip is-" not in text  # no verdict
    # Moves into filled cells (rows 0 and 1, (2, 0) to (2, 3)) say their letter; the others say so.
    assert "take 2 from pile 1 → (1, 5) — N" in text and "take 3 from both piles → (0, 2) — N" in text
    assert "take 1 from pile 1 → (2, 5) — not filled yet" in text and "take 2 from pile 2 → (3, 3) — not filled yet" in text
    assert text.count(" — N") == 4 and text.count(" — not filled yet") == 7
    sg = explanation(client.get(f"/{view}/grid?game=wythoff&size=12&sg=1&step=30&pick=3,5").text)
    assert "mex" not in sg and "SG 1" not in sg and "take 1 from pile 1 → (2, 5) — not filled yet" in sg
    # A filled cell, or any cell when nothing is hidden, is explained in full as before.
    assert "so N" in explanation(client.get(f"/{view}/grid?game=wythoff&size=12&step=30&pick=1,5").text)
    assert "all 11 moves lead to N-positions, so P." in explanation(client.get(f"/{view}/grid?game=wythoff&size=12&step=30&hide=0&pick=3,5").text)
    # The bomb game's values come from two cells: both must be filled.
    bomb = explanation(client.get(f"/{view}/grid?game=bomb&size=6&sg=1&step=10&pick=3,3").text)
    assert "explode 3,3 into 1,3 and 3,1 — not filled yet" in bomb and "⊕" not in bomb and "mex" not in bomb
    # Marbles: a blank home-line cell does not say it goes home (that is its letter, W).
    marbles = explanation(client.get(f"/{view}/grid?game=marbles&size=6&step=3&pick=4,4").text)
    assert "not filled yet" in marbles and "home" not in marbles and "wins at once" not in marbles


def test_projected_a_picked_cell_is_explained_once_then_the_steps_again(client: FlaskClient) -> None:
    page = client.get("/present/grid?game=wythoff&size=12&step=30&cell=3,5").text
    assert "is not filled yet" in page and 'name="cell"' not in page and 'name="step"' not in page.split('class="stepper"')[0]
    nxt = client.get("/present/grid", query_string={"game": "wythoff", "size": "12", "go": "31", "was": carried(page)}).text
    assert "<strong>(2, 4)</strong>" in explanation(nxt) and "(3, 5)" not in explanation(nxt)  # (2, 4) is cell 31
    # On /w/ the clicked cell stays chosen while stepping, as it always did.
    assert 'name="cell" value="3,5"' in client.get("/w/grid?game=wythoff&size=12&step=30&cell=3,5").text


def test_a_projection_that_names_no_step_opens_at_step_0(client: FlaskClient) -> None:
    """With hiding on, a projection opens before anything is revealed ("Present this" from a /w/
    page, a typed link); everything shows only when the URL says so (step=, as "Show all" writes
    it) or hiding is off (hide=0)."""
    opened = client.get("/present/pn-table?rule=powers-of-two&upto=30", headers=HX)
    assert "0 of 31 cells filled" in opened.text
    assert opened.headers["HX-Push-Url"] == "/present/pn-table?rule=powers-of-two&upto=30&step=0"
    everything = client.get("/present/pn-table?rule=powers-of-two&upto=30&step=", headers=HX)
    assert "All 31 cells shown" in everything.text
    assert everything.headers["HX-Push-Url"] == "/present/pn-table?rule=powers-of-two&upto=30&step="  # reloads the same
    assert "All 31 cells shown" in client.get("/present/pn-table?rule=powers-of-two&upto=30&hide=0").text
    link = re.search(r'class="present-link" href="([^"]+)"', client.get("/w/pn-table?rule=powers-of-two&upto=30").text)
    assert link is not None and "step" not in link[1]
    assert "0 of 31 cells filled" in client.get(link[1].replace("&amp;", "&")).text
    for name in ("staircase", "k-multiple", "coins", "xor-columns"):  # every stepping widget
        assert "Step 0 of" in client.get(f"/present/{name}").text or "0 of" in client.get(f"/present/{name}").text, name


def test_on_a_lesson_page_a_setting_changed_mid_step_keeps_the_step(client: FlaskClient) -> None:
    """Issue 14, fix 2 (lesson 2): Next twice, then tick "SG values" or change the largest heap:
    still 2 cells filled, not the whole table; another rule is a new game and starts at 0."""
    lesson = client.get("/lessons/p-and-n-positions").text
    assert 'data-widget="pn-table"' in lesson
    stepped = client.get("/w/pn-table?rule=bash&m=2&upto=12&step=2&id=pn-table-1", headers=HX).text
    was = carried(stepped)
    for change in ({"sg": "1"}, {"upto": "20"}):
        query = {"rule": "bash", "m": "2", "upto": "12", "id": "pn-table-1", "was": was} | change
        answer = client.get("/w/pn-table", query_string=query, headers=HX).text
        assert re.search(r"2 of \d+ cells filled", answer), change
    other = client.get("/w/pn-table", query_string={"rule": "powers-of-two", "upto": "12", "was": was}, headers=HX).text
    assert "0 of 13 cells filled" in other


def test_the_projection_index_lists_every_projectable_widget(client: FlaskClient) -> None:
    """Issue 14, fix 8: /present/ is an index page, not a 404 titled "Not found"."""
    index = client.get("/present/")
    assert index.status_code == 200 and "<h1>Project a widget</h1>" in index.text
    listed = re.findall(r'<h2><a href="/present/([a-z-]+)">', index.text)
    assert listed == PRESENTABLE
    assert 'href="/lessons/p-and-n-positions"' in index.text  # where each is used
    assert client.get("/present/nope").status_code == 404


def test_a_projected_table_lines_its_period_up_in_columns(client: FlaskClient) -> None:
    """Issue 14, fix 8: period 3 in 11 columns hid the pattern; a known period sets a multiple."""
    for query, period in (("rule=powers-of-two&upto=30", 3), ("rule=bash&m=3&upto=30", 4), ("rule=set&set=1,3,4&upto=40", 7)):
        page = client.get(f"/present/pn-table?{query}&step=").text
        wide, tall = map(int, re.search(r"--cols-wide: (\d+);.*?--cols-tall: (\d+)", page).groups())
        assert wide % period == 0 and tall % period == 0, query
    assert best_columns(31, 2.8) == 11 and best_columns(31, 2.8, period=3) % 3 == 0
    assert best_columns(5, 2.8, period=7) == best_columns(5, 2.8)  # a period longer than the table: free choice
