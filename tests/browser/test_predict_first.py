"""Predict first, in Chromium (issue 25, point 3): lesson 12's staircase opens with its answer
not on the page, and one click on Show all reveals the XOR and every winning move in place."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Watch


def test_show_all_reveals_the_staircases_answer_in_one_click(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/lessons/staircase")
    page.evaluate("window.__sameDocument = true")
    stairs = page.locator("#staircase-1")
    expect(stairs.locator(".step-count")).to_have_text("Step 0 of 2: the staircase alone")
    expect(stairs.locator(".explain")).to_have_text("Is this staircase P or N? Which steps count? Decide, then press Next.")
    assert stairs.locator(".stair-moves").count() == 0  # not hidden: not there
    stairs.get_by_role("button", name="Show all").click()
    expect(stairs.locator(".step-count")).to_have_text("Everything shown")
    expect(stairs.locator(".explain")).to_contain_text("Odd steps: 3 ⊕ 4 ⊕ 6 = 1")
    expect(stairs.get_by_role("button", name="move 1 from step 4 to step 3")).to_be_visible()
    expect(stairs.get_by_role("button", name="Show all")).to_be_disabled()
    # in place: the lesson stays where it was, and the widget can step back to the start
    assert page.evaluate("window.__sameDocument") is True and page.url.endswith("/lessons/staircase")
    stairs.get_by_role("button", name="« Start").click()
    expect(stairs.locator(".step-count")).to_have_text("Step 0 of 2: the staircase alone")
