"""The projection view (/present/) in Chromium: stepping with the keys a keyboard or a
presentation clicker sends, without clicking the widget first; the control strip that hides
itself; and the same page with JavaScript off and on a phone."""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import Watch

TABLE = "/present/pn-table?rule=bash&m=3&upto=30"


def filled(page: Page) -> Locator:
    return page.locator("li.cell:not(.is-blank)")


def expect_step(page: Page, cells: int, step: str | None) -> None:
    """``cells`` filled, and the address bar says so (step=… or, showing all, no step)."""
    expect(filled(page)).to_have_count(cells)
    if step is None:
        expect(page).to_have_url(re.compile(r"/present/pn-table\?(?!.*step=)"))
    else:
        expect(page).to_have_url(re.compile(rf"/present/pn-table\?.*step={step}(&|$)"))


def test_stepping_the_projection_view_with_the_keyboard(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + TABLE + "&step=0")
    page.evaluate("window.__sameDocument = true")
    expect_step(page, 0, "0")
    # No click first: a clicker's PageDown and the arrow keys drive the only widget on screen.
    for cells in (1, 2, 3):
        page.keyboard.press("PageDown")
        expect_step(page, cells, str(cells))
    page.keyboard.press("ArrowRight")
    expect_step(page, 4, "4")
    expect(page.locator(".explain")).to_contain_text("Heap 3: take 3 → 0, which is P")
    expect(page.locator("li.is-current .n")).to_have_text("3")
    page.keyboard.press("PageUp")
    expect_step(page, 3, "3")
    page.keyboard.press("ArrowLeft")
    expect_step(page, 2, "2")
    page.keyboard.press("End")
    expect_step(page, 31, None)
    page.keyboard.press("Home")
    expect_step(page, 0, "0")
    assert page.evaluate("window.__sameDocument") is True  # every step a swap, no page load
    page.go_back()  # the back button steps back through the pushed states
    expect_step(page, 31, None)


def test_a_clicker_alone_starts_and_steps_a_full_table(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + TABLE)
    expect_step(page, 31, None)
    page.keyboard.press("PageDown")  # nothing to go on to: it starts the reveal instead
    expect_step(page, 0, "0")
    for _ in range(6):  # faster than a swap settles: the presses queue, none is lost
        page.keyboard.press("PageDown")
        page.wait_for_timeout(20)
    expect_step(page, 6, "6")
    expect(page.locator(".step-count")).to_have_text("6 of 31 cells filled")


def test_hide_until_revealed_can_be_switched_off_and_on(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + TABLE + "&step=4")
    expect(page.locator("li.cell.is-blank")).to_have_count(27)
    open_strip(page)
    page.get_by_role("link", name=re.compile("Hide until revealed")).click()
    expect(page.locator("li.cell.is-blank")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"step=4&hide=0"))
    page.keyboard.press("PageDown")  # stepping keeps the choice
    expect(page.locator("li.cell.is-current .n")).to_have_text("4")
    expect(page).to_have_url(re.compile(r"step=5&hide=0"))
    expect(page.locator("li.cell.is-blank")).to_have_count(0)


def open_strip(page: Page) -> None:
    """Bring the control strip down with its key (it is open on arrival, and C toggles it)."""
    if not page.evaluate("document.body.classList.contains('strip-open')"):
        page.keyboard.press("c")
    page.wait_for_function("() => document.querySelector('.controls').getBoundingClientRect().top >= 0")


def on_screen(locator: Locator) -> bool:
    return locator.evaluate("e => { const r = e.getBoundingClientRect(); return r.bottom > 1 && r.top < innerHeight; }")


def test_the_control_strip_hides_itself_and_comes_back(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + TABLE + "&step=2")
    strip = page.locator(".controls")
    assert on_screen(strip)  # shown on arrival, so the instructor sees it is there ...
    page.wait_for_function("() => { const r = document.querySelector('.controls').getBoundingClientRect(); return r.bottom <= 1; }",
                           timeout=8000)  # ... and gone once the mouse rests
    page.keyboard.press("c")
    page.wait_for_timeout(300)
    assert on_screen(strip)
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    assert not on_screen(strip)
    page.mouse.move(600, 3)  # the top edge
    page.wait_for_timeout(300)
    assert on_screen(strip)
    page.mouse.move(600, 500)
    page.wait_for_timeout(300)
    assert not on_screen(strip)
    page.keyboard.press("Tab")  # the corner buttons first, then the strip's own controls
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.wait_for_timeout(300)
    assert strip.evaluate("e => e.contains(document.activeElement)") and on_screen(strip)
    # A setting changed from the strip: the table and the address bar follow, still projected.
    page.keyboard.press("Escape")
    page.keyboard.press("c")
    upto = page.locator("input[name=upto]")
    upto.fill("12")
    upto.press("Enter")
    expect(page.locator("li.cell")).to_have_count(13)
    expect(page).to_have_url(re.compile(r"/present/pn-table\?rule=bash&m=3&upto=12$"))
    expect(page.get_by_role("link", name="Open the normal view")).to_have_attribute("href", "/w/pn-table?rule=bash&m=3&upto=12")


def test_xor_columns_and_wythoff_step_too(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/present/xor-columns?heaps=14,21,39")
    count = page.locator(".step-count")
    expect(count).to_have_text("All steps shown")
    page.keyboard.press("PageDown")
    expect(count).to_have_text("Step 0 of 5: the heaps")
    expect(page.locator("td.bit.b1")).to_have_count(0)
    page.keyboard.press("PageDown")
    expect(count).to_have_text("Step 1 of 5: in binary")
    expect(page.locator("td.bit.b1")).to_have_count(10)
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    expect(count).to_have_text("Step 5 of 5: the winning move")
    expect(page.get_by_role("button", name="Take 12 from heap 3")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/present/xor-columns\?heaps=14,21,39&step=5$"))

    page.goto(live_server + "/present/wythoff?a=5&b=8")
    expect(page.locator(".plot .main-svg").first).to_be_visible()
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    expect(page.locator(".step-count")).to_have_text("2 of 10 P-positions up to 25 found")
    expect(page.locator(".pair-list li.is-P")).to_have_count(2)
    expect(page.locator(".plot")).to_contain_text("just found: (1, 2)")


def test_the_projection_works_with_javascript_off(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + TABLE + "&step=2")
    strip = page.locator(".controls")
    expect(strip).to_be_visible()  # simply shown, in the page
    expect(page.locator("[data-strip-toggle]")).to_be_hidden()  # the buttons that need the script
    page.locator("[data-step=next]").click()
    page.wait_for_url(re.compile(r"/present/pn-table\?.*step=3"))
    expect(filled(page)).to_have_count(3)
    page.locator("input[name=upto]").fill("9")
    page.locator("button.apply").click()
    page.wait_for_url(re.compile(r"/present/pn-table\?.*upto=9"))
    expect(page.locator("li.cell")).to_have_count(10)
    page.get_by_role("link", name=re.compile("Hide until revealed")).click()
    page.wait_for_url(re.compile(r"hide=0"))


@pytest.fixture()
def phone(browser: Browser) -> Iterator[tuple[Page, Watch]]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    watch = Watch()
    page = watch.attach(context.new_page())
    yield page, watch
    watch.check()
    context.close()


def test_on_a_phone_the_table_fits_and_the_controls_open_by_touch(live_server: str, phone: tuple[Page, Watch]) -> None:
    page, _ = phone
    page.goto(live_server + TABLE + "&step=5")
    strip = page.locator(".controls")
    expect(strip).to_be_hidden()  # no hover on a phone: the table comes first
    grid = page.locator(".pn-grid")
    box = grid.bounding_box()
    assert box is not None and box["width"] <= 390 and box["height"] > 300
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    page.get_by_role("button", name="Controls").tap()
    expect(strip).to_be_visible()
    page.locator("[data-step=next]").tap()
    expect(filled(page)).to_have_count(6)
    page.get_by_role("button", name="Controls").tap()
    expect(strip).to_be_hidden()
