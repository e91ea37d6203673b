"""Issue 25: lesson tables on a 390 px phone. The misère table was cut at heap 7 with nothing
saying it scrolls (the prose made the table its own scroller, cut at the frame's edge); the
every-SG table of lesson 10 was 1,490 px tall with its chosen pair off-screen."""
from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import Watch

PHONE = {"width": 390, "height": 844}


def shown_on_a_phone(page: Page, url: str, widget_id: str, blank: str) -> Locator:
    """The lesson's widget at phone width, Show all pressed and every cell filled."""
    page.set_viewport_size(PHONE)
    page.goto(url)
    widget = page.locator(f"#{widget_id}")
    widget.get_by_role("button", name="Show all").click()
    expect(widget.locator(blank)).to_have_count(0)
    return widget


def test_the_misere_table_scrolls_in_its_frame_and_says_so(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    widget = shown_on_a_phone(page, live_server + "/lessons/misere", "misere-table-1", "td.cell.is-blank")
    scroller = widget.locator(".misere-scroll")
    client, scroll = scroller.evaluate("e => [e.clientWidth, e.scrollWidth]")
    assert scroll > client  # heaps 0 to 12 are wider than the phone: the frame scrolls …
    expect(widget.locator(".scroll-hint")).to_be_visible()  # … and says so
    table = widget.locator("table.misere-table")
    assert table.evaluate("e => getComputedStyle(e).display") == "table"  # not a scroller of its own
    heap_9 = widget.locator("thead th").nth(10)
    box = heap_9.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]  # heaps 0 to 9 in view


def test_the_every_sg_table_fits_a_phone_with_its_chosen_pair_in_view(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    widget = shown_on_a_phone(page, live_server + "/lessons/every-sg", "every-sg-1", "span.cell.is-blank")
    client, scroll = widget.locator(".steps-scroll").evaluate("e => [e.clientWidth, e.scrollWidth]")
    assert scroll <= client + 1, (client, scroll)
    chosen = widget.locator('button[name="cell"][value="5,8"]')
    chosen.click()
    expect(widget.locator(".explain")).to_contain_text("(5, 8)")
    box = widget.locator('button[name="cell"][value="5,8"]').bounding_box()
    assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"]
    expect(widget.locator(".scroll-hint")).to_have_count(0)  # piles 0 to 12 fit: no hint to swipe
    table_height = widget.locator("table.steps-table").bounding_box()
    assert table_height is not None and table_height["height"] <= 13 * 34  # 13 rows of ~30 px, not ~50
