"""Accessible to every student (issue 14): axe-core, pinned from npm and kept in tests/vendor
(it is never served to readers), checks every kind of page in light and dark mode, and finds no
serious or critical violation. Keyboard use, labels, P/N told apart without colour and the
steppers' announcements have their own tests below."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from grundy.widgets import WIDGETS
from tests.browser.conftest import HANG

AXE = (Path(__file__).parent.parent / "vendor" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
SERIOUS = ("serious", "critical")

PAGES = [
    "/", "/problems", "/glossary", "/summary", "/quiz", "/play", "/present/",
    # a lesson of each kind: tables and steppers, XOR columns, a plot, grids, a coin row
    "/lessons/p-and-n-positions", "/lessons/nim", "/lessons/wythoff", "/lessons/sg-by-search", "/lessons/coin-turning",
    "/lessons/games-on-graphs", "/zh/lessons/games-on-graphs",  # graphs drawn in SVG, four of them
    *[f"/w/{name}" for name in WIDGETS],
    "/quiz/q?game=nim&level=1&seed=7", "/play/wythoff", "/play/every-euclid",
    "/quiz/q?game=graph&level=1&seed=7", "/play/graph?start=a&hints=1",  # three answers; a graph drawn, with outcomes
    "/present/pn-table?rule=powers-of-two&upto=30", "/present/grid?game=wythoff&size=10&step=",
]


# The rules whose verdict depends on colour. The theme is CSS alone (prefers-color-scheme): the
# page's elements, names and roles are the same in both, so the dark check runs these rules only,
# on the same page after switching the scheme, and the light check runs every rule.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


@pytest.fixture()
def scheme_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(color_scheme="light", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(HANG)  # a context of its own: the suite's hang guard set here too
    context.set_default_navigation_timeout(HANG)
    yield context.new_page()
    context.close()


def violations(page: Page, rules: list[str] | None = None) -> list[str]:
    """axe's serious and critical findings on the page as it stands (only ``rules``, if given),
    one line each. The script is evaluated through the DevTools protocol, which the page's CSP
    (script-src 'self') permits."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE)
    found = page.evaluate("""async (rules) => {
        const options = { resultTypes: ['violations'] };
        if (rules) options.runOnly = { type: 'rule', values: rules };
        const result = await axe.run(document, options);
        return result.violations.map(v => [v.impact, v.id, v.help, v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')]);
    }""", rules)
    return [f"{impact} {rule}: {help_} — {nodes}" for impact, rule, help_, nodes in found if impact in SERIOUS]


def in_both_schemes(page: Page) -> dict[str, list[str]]:
    """The findings in light mode (every rule), then in dark mode (the colour rules)."""
    light = violations(page)
    page.emulate_media(color_scheme="dark")
    assert page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    return {"light": light, "dark": violations(page, COLOUR_RULES)}


@pytest.mark.parametrize("path", PAGES)
def test_no_serious_violation(live_server: str, scheme_page: Page, path: str) -> None:
    scheme_page.goto(live_server + path)
    scheme_page.wait_for_load_state("load")
    assert in_both_schemes(scheme_page) == {"light": [], "dark": []}


def test_no_serious_violation_in_quiz_feedback(live_server: str, scheme_page: Page) -> None:
    scheme_page.goto(live_server + "/quiz/q?game=wythoff&level=1&seed=3")
    scheme_page.locator("button.answer").first.click()
    expect(scheme_page.locator(".feedback").first).to_be_visible()
    assert in_both_schemes(scheme_page) == {"light": [], "dark": []}


def test_each_step_is_announced_to_screen_readers(live_server: str, page: Page) -> None:
    """The widget is swapped whole, so its own live region is new each time (and not read out);
    the page's #announcer stays, and gets the step count and the step's words."""
    page.goto(live_server + "/w/pn-table?rule=bash&m=3&upto=12&step=0")
    announcer = page.locator("#announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    page.locator("[data-step=next]").click()
    expect(announcer).to_contain_text("1 of 13")
    expect(announcer).to_contain_text("Heap 0: no move is possible")
    page.keyboard.press("ArrowRight")
    expect(announcer).to_contain_text("2 of 13")


def test_a_stepper_is_usable_by_keyboard_alone_with_visible_focus(live_server: str, page: Page) -> None:
    page.goto(live_server + "/w/mex-steps?n=0&upto=6")
    start = page.locator("[data-step=next]")
    start.focus()
    for n in range(1, 4):
        page.keyboard.press("Enter")
        expect(page.locator(".step-count")).to_contain_text(f"Position {n} of 6")
        expect(page.locator("[data-step=next]")).to_be_focused()  # the focus survives the swap
    outline = page.locator("[data-step=next]").evaluate("e => getComputedStyle(e).outlineStyle + ' ' + getComputedStyle(e).outlineWidth")
    assert not outline.startswith("none") and not outline.endswith(" 0px"), outline


def test_every_control_has_a_label(live_server: str, page: Page) -> None:
    for name in WIDGETS:
        page.goto(live_server + f"/w/{name}")
        unlabelled = page.evaluate("""() => Array.from(document.querySelectorAll('input:not([type=hidden]), select, textarea, button'))
            .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby') && !e.textContent.trim())
            .map(e => e.outerHTML.slice(0, 80))""")
        assert unlabelled == [], (name, unlabelled)


def test_p_and_n_are_told_by_letter_and_shape_not_colour_alone(live_server: str, page: Page) -> None:
    """Every P or N cell writes its letter (or, with SG values, its value with 0 meaning P, which
    the legend says), and P cells have a solid frame while N cells have a dashed one."""
    page.goto(live_server + "/w/pn-table?rule=bash&m=3&upto=12")
    cells = page.locator(".cell.is-P, .cell.is-N")
    assert cells.count() == 13
    for i in range(cells.count()):
        cell = cells.nth(i)
        letter = "P" if "is-P" in (cell.get_attribute("class") or "") else "N"
        assert letter in cell.inner_text()
        style = cell.evaluate("e => getComputedStyle(e).borderTopStyle")
        assert style == ("solid" if letter == "P" else "dashed")
