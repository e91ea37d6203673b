"""The core lessons' widgets in Chromium: each responds, and the Plotly chart redraws."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import Watch


def test_wythoff_plot_draws_and_redraws(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/w/wythoff?a=5&b=8")
    plot = page.locator(".plot")
    expect(plot.locator(".main-svg").first).to_be_visible()
    expect(plot).to_contain_text("you: (5, 8), N")
    page.locator("input[name=a]").fill("3")
    page.locator("input[name=b]").fill("5")
    page.locator("input[name=b]").press("Enter")
    expect(page.locator(".plot")).to_contain_text("you: (3, 5), P")
    expect(page.locator(".plot .main-svg").first).to_be_visible()
    assert "a=3" in page.url and "b=5" in page.url


def test_xor_columns_move_button_reaches_a_p_position(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/w/xor-columns?heaps=14,21,39")
    page.get_by_role("button", name="Take 12 from heap 3").click()
    expect(page.locator(".explain")).to_contain_text("the XOR is 0")
    expect(page.locator("input[name=heaps]")).to_have_value("14,21,27")
    page.get_by_role("button", name="+ Heap").click()
    expect(page.locator("input[name=heaps]")).to_have_value("14,21,27,1")


def test_grid_cell_click_and_keyboard_steps(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/w/grid?game=wythoff&size=6")
    page.get_by_role("button", name="(3, 5)").click()
    expect(page.locator(".explain")).to_contain_text("(3, 5)")
    expect(page.locator(".explain")).to_contain_text("so P")
    page.locator("[data-step=start]").click()
    expect(page.locator(".step-count")).to_contain_text("0 of 49")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".step-count")).to_contain_text("2 of 49")
    expect(page.locator("td.is-selected")).to_have_count(1)  # the clicked cell stays chosen
    expect(page.locator("input[name=cell]")).to_have_value("3,5")


def test_game_sum_updates(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/w/game-sum?nim=1,2,3&bash=&sub=&wythoff=")
    expect(page.locator(".explain")).to_contain_text("XOR to 0")
    page.locator("input[name=nim]").fill("1,2,4")
    page.locator("input[name=nim]").press("Enter")
    expect(page.locator(".explain")).to_contain_text("XOR to 7")


def test_nine_digit_wythoff_piles_fit_their_fields(live_server: str, watched: tuple[Page, Watch]) -> None:
    """Issue 14, fix 7: 9-digit piles were cut off in their fields."""
    page, _ = watched
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_server + "/w/wythoff?a=123456789&b=199752444&span=30")
        for name in ("a", "b"):
            scroll, client = page.locator(f"input[name={name}]").evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert scroll <= client, (width, name)


def test_the_mex_step_button_stays_put_under_repeated_clicks(live_server: str, watched: tuple[Page, Watch]) -> None:
    """Issue 14, fix 7: the panel above the buttons changed height from step to step, so the Step
    button moved up to 90 px and repeated clicks missed it."""
    page, _ = watched
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_server + "/w/mex-steps?n=0&upto=12")
        step = page.locator("[data-step=next]")
        tops = set()
        for n in range(1, 13):
            tops.add(round(step.bounding_box()["y"]))
            step.click()
            expect(page.locator(".step-count")).to_contain_text(f"Position {n} of 12")
        assert len(tops) == 1, (width, tops)


def test_grids_fit_their_column_with_tap_sized_cells(live_server: str, watched: tuple[Page, Watch]) -> None:
    """Issue 14, fix 7: the 12 × 12 grid overflowed a 390 px phone with ~26 px cells, and the
    24 × 24 Bomb table overflowed a lesson column at 1280 px, its 3-digit values spilling."""
    page, _ = watched
    for width, url in ((390, "/w/grid?game=wythoff&size=12"), (1280, "/w/grid?game=bomb&size=24&sg=1")):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_server + url)
        box = page.locator(".grid-scroll")
        client, scroll = box.evaluate("e => [e.clientWidth, e.scrollWidth]")
        assert scroll <= client + 1, (width, url, client, scroll)
        assert page.locator(".pn-board td button").first.bounding_box()["width"] >= 24
        assert box.evaluate("e => Array.from(e.querySelectorAll('td button')).filter(b => b.scrollWidth > b.clientWidth).length") == 0
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server + "/lessons/sg-by-search")
    page.locator("#grid-2-size").fill("24")
    page.locator("#grid-2-size").press("Enter")
    expect(page.locator("#grid-2 td")).to_have_count(24 * 24)
    client, scroll = page.locator("#grid-2 .grid-scroll").evaluate("e => [e.clientWidth, e.scrollWidth]")
    assert scroll <= client + 1


def test_the_settings_buttons_wrap_as_one_group(live_server: str, watched: tuple[Page, Watch]) -> None:
    """Issue 14, fix 7: "− Last heap" (and elsewhere "Show") wrapped alone onto a line at 1280 px."""
    page, _ = watched
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_server + "/w/xor-columns?heaps=14,21,39")
        tops = {round(page.locator(f"#xor-columns-{name}").bounding_box()["y"]) for name in ("apply", "add", "remove")}
        assert len(tops) == 1, (width, tops)


def test_a_chinese_plot_says_its_toolbar_in_chinese(live_server: str, watched: tuple[Page, Watch]) -> None:
    """plotly.js's own words (the toolbar's tooltips) follow the page: its zh-CN locale is
    loaded beside it on /zh/ pages, and the English page keeps English."""
    page, _ = watched
    page.goto(live_server + "/zh/w/wythoff?a=5&b=8")
    expect(page.locator(".plot .main-svg").first).to_be_visible()
    expect(page.locator(".plot")).to_contain_text("你的局面：(5, 8)，N")
    titles = page.locator(".plot .modebar-btn").evaluate_all("bs => bs.map(b => b.getAttribute('data-title'))")
    assert "自动缩放" in titles and "Autoscale" not in titles, titles
    page.goto(live_server + "/w/wythoff?a=5&b=8")
    expect(page.locator(".plot .main-svg").first).to_be_visible()
    assert "Autoscale" in page.locator(".plot .modebar-btn").evaluate_all("bs => bs.map(b => b.getAttribute('data-title'))")


def test_the_phone_header_is_one_row_with_every_link_reachable(live_server: str, watched: tuple[Page, Watch]) -> None:
    """At 390 px the header's nine links took three lines (~150 px) above every page, a live
    class's answer buttons included: they are one row beside the name that scrolls sideways, the
    language switch first; every link can still be scrolled to and followed, the page itself
    never scrolls sideways, and at 1280 px the row is as it was."""
    page, _ = watched
    for prefix, switch in (("", "中文"), ("/zh", "English")):
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(live_server + prefix + "/")
        header = page.locator("header.site-header")
        box = header.bounding_box()
        assert box is not None and box["height"] <= 64, box
        switch_link = header.locator("nav a.language-switch")
        expect(switch_link).to_have_text(switch)
        expect(switch_link).to_be_in_viewport()
        pages = header.locator("nav a:not(.language-switch)")
        switch_box, first_box = switch_link.bounding_box(), pages.first.bounding_box()
        assert switch_box and first_box and switch_box["x"] < first_box["x"]  # the switch comes first
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        last = pages.last
        expect(last).not_to_be_in_viewport(ratio=1)  # the row's far end is out of sight at first
        last.scroll_into_view_if_needed()
        expect(last).to_be_in_viewport(ratio=1)
        href = last.get_attribute("href")
        last.click()
        expect(page).to_have_url(live_server + str(href))
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(live_server + prefix + "/")
        wide = page.locator("header.site-header nav a")
        expect(wide.last).to_have_text(switch)  # on a wide screen the switch ends the row, as before
        expect(wide.last).to_be_in_viewport()
        assert wide.last.bounding_box()["x"] > wide.first.bounding_box()["x"]  # type: ignore[index]


def test_wythoff_pairs_are_marked_boxes_not_a_numbered_list(live_server: str, watched: tuple[Page, Watch]) -> None:
    """Outside a projection the stepper's P-positions were a plain ordered list: "1. k = 0 (0, 0)",
    numbered twice and off by one (a student's phone in a live class showed it)."""
    page, _ = watched
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server + "/w/wythoff?a=3&b=5&step=3")
    pairs = page.locator(".pair-list")
    assert pairs.evaluate("e => getComputedStyle(e).listStyleType") == "none"
    found, todo = pairs.locator("li.is-P").first, pairs.locator("li.todo").first
    assert found.evaluate("e => getComputedStyle(e).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    assert todo.evaluate("e => getComputedStyle(e).borderStyle") == "dotted"
