"""The room's screen in Chromium, at a projector's 1920×1080 and 1280×720: opened from the
console, it follows the class without a reload (a student joining, the question posed, the
answers counted, the reveal), fits the screen without scrolling, and keeps the code readable in
its corner; with JavaScript off it reloads itself. Waits for events, never for time."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.test_classroom import PHONE, TEACHER, People, answer_card, join, people, pose, start_class

__all__ = ["people"]  # the fixture, shared with tests/browser/test_classroom.py

SIZES: list[ViewportSize] = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]


def open_screen(console: Page, people: People, size: ViewportSize) -> Page:
    """The console's "Open the screen", in a window of its own (the projector's), at ``size``."""
    with console.context.expect_page() as opened:
        console.get_by_role("link", name="Open the screen").click()
    screen = people.watch(opened.value)
    screen.set_viewport_size(size)
    screen.wait_for_load_state()
    expect(screen).to_have_url(re.compile(r"/class/[A-Z0-9]{6}/screen$"))
    return screen


def vote(student: Page, says: str, after: str = "") -> None:
    """The phone's answer: the move typed, then N or P (what the phone shows next is
    tests/browser/test_classroom.py's to check; here the screen's count says it arrived)."""
    card = answer_card(student)
    if after:
        card.locator("input[name=after]").fill(after)
    card.get_by_role("button", name="Winning (N)" if says == "N" else "Losing (P)").click()


def fits(screen: Page, size: ViewportSize) -> None:
    """What the room reads is on the screen whole: no scrolling, the corner inside it, the code
    in type at least 3.5% of the screen's height (30 px at 720p: read from the back of a hall)."""
    stage = screen.locator(".screen-stage").bounding_box()
    corner = screen.locator(".screen-corner").bounding_box()
    assert stage is not None and corner is not None
    assert stage["y"] + stage["height"] <= size["height"], (stage, size)
    assert corner["x"] + corner["width"] <= size["width"] and corner["y"] + corner["height"] <= size["height"], corner
    assert stage["x"] + stage["width"] <= corner["x"], (stage, corner)  # nothing under the corner
    code_px = screen.locator(".screen-code").evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert code_px >= 0.035 * size["height"], code_px
    overflow = screen.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_screen_follows_a_question_from_its_asking_to_its_reveal(live_server: str, people: People, size: ViewportSize) -> None:
    console = people(TEACHER)
    code = start_class(console, live_server)
    screen = open_screen(console, people, size)
    expect(screen.locator(".screen-corner .screen-code")).to_have_text(code)
    expect(screen.locator(".screen-stage")).to_contain_text("Join at")
    student = people(PHONE)
    join(student, live_server, code)
    expect(screen.locator(".screen-status")).to_have_text("1 student has joined.")  # polled in, no reload

    pose(console, "3,5")
    expect(screen.locator(".screen-stage .q-position-text")).to_have_text("3,5")
    expect(screen.locator(".screen-stage .position .coin")).to_have_count(8)
    expect(screen.locator(".screen-count strong")).to_have_text("0")
    fits(screen, size)

    expect(answer_card(student)).to_be_visible()
    vote(student, "N", "3,4")  # N is right; the move is not
    expect(screen.locator(".screen-count strong")).to_have_text("1")
    expect(screen.locator(".screen-bar")).to_have_count(0)  # how they answered waits for the reveal

    console.locator("#teach-live").get_by_role("button", name="Reveal").click()
    expect(screen.locator(".screen-bar.is-N")).to_have_attribute("style", "--share: 100")
    expect(screen.locator(".screen-bar.is-P")).to_have_attribute("style", "--share: 0")
    expect(screen.locator(".screen-bar-column.is-right .chip")).to_have_text("N")
    expect(screen.locator(".class-refuted")).to_contain_text("3,4")
    expect(screen.locator(".class-refuted .refutation")).to_be_visible()
    fits(screen, size)
    expect(screen.locator(".screen-corner .screen-code")).to_have_text(code)


def test_without_javascript_the_screen_comes_to_show_the_question_by_itself(live_server: str, people: People) -> None:
    console = people(TEACHER, javascript=False)
    console.goto(live_server + "/class/new")
    console.get_by_role("button", name="Start a class").click()
    expect(console).to_have_url(re.compile(r"/class/[A-Z0-9]{6}/teach$"))
    code = console.locator("p.class-code.big").inner_text().strip()
    screen = people.watch(console.context.new_page())
    screen.set_viewport_size(SIZES[1])
    screen.goto(f"{live_server}/class/{code}/screen")
    expect(screen.locator(".screen-corner .screen-code")).to_have_text(code)
    form = console.locator("form.class-pose")
    form.locator("select[name=game]").select_option("nim")
    form.get_by_label(re.compile("^Position")).fill("1,2")
    form.get_by_role("button", name="Ask the class").click()
    expect(console.locator("#teach-live .q-position-text")).to_have_text("1,2")
    # the screen is not touched: its meta refresh brings the question
    expect(screen.locator(".screen-stage .q-position-text")).to_have_text("1,2")
