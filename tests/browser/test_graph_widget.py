"""Lesson 16's graph widget as a reader meets it, in headless Chromium: a button lies exactly over
each position of the server's drawing (on a desktop and on a phone), two clicks add a move and a
click on a move removes it, with JavaScript (htmx swaps, no page load) and without (plain GETs),
and Next decides one position at a time with its reason."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from grundy.games.graph import analyse, parse_graph
from grundy.widgets.graph import PRESETS
from grundy.widgets.graph_view import stages
from tests.browser.conftest import Watch


def spots_cover_their_boxes(page: Page, root: str) -> None:
    """Each position's button and the box drawn for it occupy the same rectangle: the same centre to a
    pixel, the same size but for the box's border (its stroke counts in its bounding box)."""
    boxes = page.locator(f"{root} .graph-svg .gw-node rect")
    spots = page.locator(f"{root} .graph-spot")
    assert boxes.count() == spots.count() > 0
    for i in range(boxes.count()):
        box, spot = boxes.nth(i).bounding_box(), spots.nth(i).bounding_box()
        assert box and spot
        for at, size in (("x", "width"), ("y", "height")):
            assert abs(box[at] + box[size] / 2 - spot[at] - spot[size] / 2) <= 1, (i, at, box, spot)
            assert 0 <= box[size] - spot[size] <= 4, (i, size, box, spot)


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_clicks_build_the_graph_and_each_button_lies_on_its_position(live_server: str, watched: tuple[Page, Watch],
                                                                     width: int, height: int) -> None:
    page, _ = watched
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server + "/w/graph?preset=cycle-exit")
    page.evaluate("window.__sameDocument = true")
    widget = page.locator("#graph")
    spots_cover_their_boxes(page, "#graph")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll on a phone
    widget.locator(".graph-spot[value=d]").click()
    expect(widget.locator(".click-hint")).to_contain_text("A move from d")
    widget.locator(".graph-spot[value=a]").click()
    expect(widget.locator(".graph-moves")).to_contain_text("d → a")
    expected = analyse(parse_graph(PRESETS["cycle-exit"].edges + " d>a"))
    letters = widget.locator(".gw-letter").all_text_contents()
    assert [t[0] for t in letters] == list(expected.outcome)
    spots_cover_their_boxes(page, "#graph")  # the new picture, its buttons laid afresh
    widget.get_by_role("button", name="Remove the move d>a").click()
    expect(widget.locator(".graph-moves")).not_to_contain_text("d → a")
    assert page.evaluate("window.__sameDocument") is True  # htmx swapped; no page load
    assert "edges=" not in page.url  # back to the preset itself


def test_next_decides_one_position_at_a_time_with_its_reason(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/w/graph?preset=pure-cycle&step=0")
    widget = page.locator("#graph")
    expect(widget.locator(".step-count")).to_have_text("Step 0 of 1")
    cycle = analyse(parse_graph(PRESETS["pure-cycle"].edges))
    moves = [len(succ) for succ in cycle.graph.successors]
    expect(widget.locator(".gw-letter")).to_have_text([f"?{m}/{m}" for m in moves])  # nothing decided: every counter full
    widget.locator("[data-step=next]").click()
    expect(widget.locator(".step-count")).to_have_text("Step 1 of 1")
    expect(widget.locator(".explain")).to_contain_text("a, b, c are never decided, so they are draws (D)")
    for name, m in zip(cycle.graph.names, moves, strict=True):  # the draws' counters, stuck above 0
        expect(widget.locator(".explain")).to_contain_text(f"{name}'s counter is stuck at {m}/{m}")
    assert "step=1" in page.url


def test_the_graph_is_built_and_stepped_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + "/w/graph?preset=nim-heap&step=0")
    page.locator(".graph-spot[value='0']").click()
    page.locator(".graph-spot[value='4']").click()  # a move 0>4: the heap can grow back
    expect(page.locator(".graph-moves")).to_contain_text("0 → 4")
    expect(page.locator("input[name=from]")).to_have_count(0)  # the move is made: nothing waits for its end
    expect(page.locator("input[name=step]")).to_have_value("0")  # an edit starts stepping again
    expect(page.locator("input[name=edges]")).to_have_value(PRESETS["nim-heap"].edges + " 0>4")
    expected = analyse(parse_graph(PRESETS["nim-heap"].edges + " 0>4"))
    page.get_by_role("button", name="Next ▶").click()
    expect(page.locator(".step-count")).to_have_text(f"Step 1 of {stages(expected)}")
    page.get_by_role("button", name="Show all").click()
    assert [t[0] for t in page.locator(".gw-letter").all_text_contents()] == list(expected.outcome)
    page.get_by_role("button", name="A pure cycle").click()
    expect(page.locator(".widget-summary")).to_contain_text("A pure cycle")
