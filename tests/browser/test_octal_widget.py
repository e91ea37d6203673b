"""Lesson 15's octal-sequence widget as a reader meets it, in headless Chromium: the strip opens
hidden and reveals a heap at a time, Show all is one click, and a row of pins is played against
the server by clicks, with JavaScript and without."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from grundy.games import octal
from tests.browser.conftest import Watch

LESSON = "/lessons/take-and-break"


def test_predict_then_reveal_then_play_a_row(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + LESSON)
    page.evaluate("window.__sameDocument = true")
    widget = page.locator("#octal-sequence-1")
    count = widget.locator(".step-count")
    expect(count).to_have_text("0 of 41 heaps filled")
    expect(widget.locator("li.todo")).to_have_count(41)
    widget.locator("[data-step=next]").click()
    expect(count).to_have_text("1 of 41 heaps filled")
    expect(widget.locator(".explain")).to_contain_text("SG(0) = mex{} = 0")
    widget.get_by_role("button", name="Show all").click()
    expect(count).to_have_text("All 41 heaps shown")
    values = widget.locator("li.done .sg").all_inner_texts()
    assert values == [str(g) for g in octal.sg_values(".77", 40)]

    # a row of 8: knock down the middle two (pins 4 and 5), and the server has no winning reply
    widget.locator("select[name=take]").select_option("2")
    expect(widget.locator("select[name=take]")).to_have_value("2")
    widget.get_by_role("button", name="Take from pin 4").click()
    expect(widget.locator(".pins-play")).to_contain_text("It had no winning move")
    expect(widget.locator(".pins-row .pin-gap")).to_have_count(1)  # two rows now
    assert page.evaluate("window.__sameDocument") is True  # htmx swapped; no page load
    assert page.url.endswith(LESSON)


def test_the_row_is_played_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + "/w/octal-sequence?code=.77&n=7")
    page.get_by_role("button", name="Take from pin 4").click()  # the middle pin: 3 and 3
    expect(page.locator(".pins-play")).to_contain_text("The server answered")
    assert "heaps=3%2C3" in page.url or "heaps=3,3" in page.url
