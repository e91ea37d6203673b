"""Driving a live class in Chromium (issue 28.6): the class handed to the lecture hall's PC with a
one-time key, which then drives the phones; a second projection tab previewing the next widget
that does not leak to the phones until shown; the class bar gone at once when the class ends,
leaving the step buttons free; a lesson's table shown to the class and followed step by step."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import hold_answer
from tests.browser.test_classroom import (PHONE, PROJECTOR, TEACHER, People, a_class, expect_following, followed, join, people, project,
                                          reopened, show_to_class, start_class, step_to)

__all__ = ["people"]  # the fixture, used by name


def hand_over(console: Page) -> tuple[str, str]:
    """The console's "Hand this class to another browser": the key and the link it shows."""
    console.get_by_role("button", name="Hand this class to another browser").click()
    key = console.locator(".class-handover .handover-key").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}", key), key
    link = re.search(r"open (http\S+/take\?key=\S+) there", console.locator(".class-handover").inner_text())
    assert link is not None
    return key, link[1].rstrip(".")


def test_two_quick_steps_leave_the_phones_on_the_second(live_server: str, people: People) -> None:
    """→ pressed twice before the first step's report is answered: the second report waits for
    the first (report.js sends one at a time) and goes once it is answered, so the class ends on
    the projector's step, not on whichever report the server happened to store last. The first
    report is held until the second step is shown, so the race is met on every run."""
    console, phone, code = a_class(live_server, people)
    projector = project(console, people)
    first = hold_answer(projector, f"**/class/{code}/view", lambda _url: True, lambda: step_to(projector, 1))
    count = step_to(projector, 2)
    with projector.expect_request(lambda r: r.url.endswith(f"/class/{code}/view") and "step%3D2" in (r.post_data or "")):
        first.continue_()  # the second step's report leaves only now
    expect_following(phone, projector, count)


def test_the_lecture_hall_s_pc_takes_the_class_and_drives_the_phones(live_server: str, people: People) -> None:
    laptop = people(TEACHER)
    code = start_class(laptop, live_server)
    phone = people(PHONE)
    join(phone, live_server, code)
    key, link = hand_over(laptop)
    hall = people(PROJECTOR)  # another browser: its own cookies
    hall.goto(link)
    expect(hall.get_by_label("Hand-over key (on the class console)")).to_have_value(key)  # filled in; nothing taken yet
    hall.get_by_role("button", name="Take over the class").click()
    expect(hall).to_have_url(re.compile(rf"/class/{code}/teach$"))
    hall.goto(live_server + "/present/pn-table")
    expect(hall.locator("#class-badge .class-code")).to_have_text(code)
    show_to_class(hall)
    expect(followed(phone)).to_be_visible()
    for step in (1, 2):
        expect_following(phone, hall, step_to(hall, step))
    # the key worked once: a third browser is told so
    late = people(TEACHER)
    late.goto(link)
    late.get_by_role("button", name="Take over the class").click()
    expect(late.get_by_role("alert")).to_have_text(
        "This key has been used already: a key works once. Make a new one on the class console.")
    people.forgive(late, 410)
    laptop.reload()
    expect(laptop.locator(".class-handover")).to_contain_text("Another browser took the class with the last key.")


def test_a_second_tab_previewing_the_next_widget_does_not_move_the_phones(live_server: str, people: People) -> None:
    console = people(TEACHER)
    code = start_class(console, live_server)
    phone = people(PHONE)
    join(phone, live_server, code)
    projector = project(console, people)
    for step in (1, 2):
        expect_following(phone, projector, step_to(projector, step))
    preview = people.watch(console.context.new_page())  # the same browser, another tab
    preview.goto(live_server + "/present/grid")
    bar = preview.locator("#class-badge")
    expect(bar.get_by_role("button", name="Show this to the class")).to_be_visible()
    expect(bar.locator(".class-badge-elsewhere")).to_have_text("Phones follow another projection")
    preview.keyboard.press("ArrowRight")
    preview.keyboard.press("ArrowRight")
    expect(preview).to_have_url(re.compile(r"[?&]step=2(&|$)"))
    expect_following(phone, projector, step_to(projector, 3))  # the phone still follows the projection shown
    expect(phone.locator("#class-live .class-view-title")).to_contain_text("P/N table of a take-away game")
    # shown on purpose, the preview takes over; the first projection's bar says so at its next poll
    show_to_class(preview)
    expect(phone.locator("#class-live .class-view-title")).to_contain_text("P/N and SG grids")
    expect(projector.locator("#class-badge .class-badge-elsewhere")).to_have_text("Phones follow another projection")
    projector.keyboard.press("ArrowRight")  # not shown any more: refused (409), the phone stays on the grid
    expect(projector.locator(".step-count")).to_have_text(re.compile(r"^4 of"))
    expect(phone.locator("#class-live .class-view-title")).to_contain_text("P/N and SG grids")


def test_ending_the_class_takes_the_projection_s_bar_away_at_once(live_server: str, people: People) -> None:
    console = people(TEACHER)
    code = start_class(console, live_server)
    projector = project(console, people)
    bar = projector.locator("#class-badge")
    expect(bar.locator(".class-code")).to_have_text(code)
    projector.keyboard.press("Escape")
    console.once("dialog", lambda dialog: dialog.accept())
    console.get_by_role("button", name="End the class").click()
    expect(console.locator("#teach-live.is-ended")).to_be_visible()
    expect(bar).to_be_hidden()  # without a step or a reload
    people.forgive(projector, 410)
    assert not projector.evaluate("document.body.classList.contains('in-class')")
    # nothing covers the step buttons: the point at each one's middle is the button itself
    for button in projector.locator(".stepper button").all():
        box = button.bounding_box()
        assert box is not None
        hit = projector.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); return e ? e.closest('button') !== null"
                                 " && !e.closest('#class-badge') : false; }", [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit, box


def test_a_lesson_s_table_shown_to_the_class_is_followed_step_by_step(live_server: str, people: People) -> None:
    console = people(TEACHER)
    code = start_class(console, live_server)
    phone = people(PHONE)
    join(phone, live_server, code)
    lesson = people.watch(console.context.new_page())
    lesson.goto(live_server + "/lessons/p-and-n-positions")
    table = lesson.locator("section.widget-pn-table").first
    show = table.get_by_role("button", name="Show this to the class")
    expect(show).to_be_visible()
    expect(lesson.locator("#class-badge .class-code")).to_have_text(code)
    show.click()
    expect(table).to_have_class(re.compile(r"\bis-shown-to-class\b"))
    expect(table.get_by_role("button", name="Shown to the class")).to_be_disabled()
    view = followed(phone)
    expect(view.locator(".step-count")).to_have_text(table.locator(".step-count").inner_text())
    for step in (1, 2, 3):
        table.get_by_role("button", name=re.compile(r"^Next")).click()
        expect(table.locator(".step-count")).to_have_text(re.compile(rf"^{step} of"))
        expect(view.locator(".step-count")).to_have_text(table.locator(".step-count").inner_text())
    # another table of the lesson is not followed until shown
    other = lesson.locator("section.widget-pn-table").nth(1)
    other.get_by_role("button", name=re.compile(r"^Next")).click()
    expect(other.locator(".step-count")).to_have_text(re.compile(r"^1 of"))
    expect(view.locator(".step-count")).to_have_text(table.locator(".step-count").inner_text())


# The x axis's title, the plot's box and the explanation below it, as drawn on the screen.
AXIS_AND_BELOW = """() => {
  const figure = document.querySelector('.widget-wythoff [data-figure]');
  const title = figure.querySelector('.g-xtitle text').getBoundingClientRect();
  const below = document.querySelector('.widget-wythoff .explain').getBoundingClientRect();
  return {title: title.bottom, box: figure.getBoundingClientRect().bottom, below: below.top};
}"""
TITLE_INSIDE = f"() => {{ const m = ({AXIS_AND_BELOW})(); return m.title <= m.box + 0.5 && m.title <= m.below; }}"


def test_the_wythoff_projection_fits_its_box_when_the_bar_arrives_and_grows_with_the_screen(live_server: str,
                                                                                            people: People) -> None:
    """In a class, the bar arrives after the plot is drawn and takes the foot of the screen: the
    plot follows its shrunk box, so the axis title stays above the explanation; from 720p to
    1080p its type grows to the room's size (2.7% of the height: 19 → 29 px)."""
    console = people({"width": 1280, "height": 720})
    start_class(console, live_server)
    projector = people.watch(console.context.new_page())
    projector.goto(live_server + "/present/wythoff")
    expect(projector.locator("#class-badge .class-code")).to_be_visible()
    tick = projector.locator(".widget-wythoff [data-figure] .xtick text").first
    expect(tick).to_have_css("font-size", "19px")
    projector.wait_for_function(TITLE_INSIDE)
    projector.set_viewport_size({"width": 1920, "height": 1080})
    expect(tick).to_have_css("font-size", "29px")
    projector.wait_for_function(TITLE_INSIDE)
    measured = projector.evaluate(f"({AXIS_AND_BELOW})()")
    assert measured["title"] <= measured["below"], measured


def test_a_phone_without_javascript_follows_without_refresh_and_sees_the_plot_drawn(live_server: str, people: People) -> None:
    """With scripts off, the phone's page reloads itself (a <meta> refresh in <noscript>): the
    projector's steps reach it with no tap on Refresh; the Wythoff plot is the server's SVG, not
    an empty box; a followed grid asks no one to click a cell."""
    console = people(TEACHER)
    code = start_class(console, live_server)
    phone = people(PHONE, javascript=False)
    phone.goto(f"{live_server}/class/{code}")
    phone = reopened(phone)  # back with its cookie: counted in
    projector = project(console, people)
    expect(followed(phone).locator(".step-count")).to_have_text(projector.locator(".step-count").inner_text())
    count = step_to(projector, 1)
    expect(followed(phone).locator(".step-count")).to_have_text(count)  # no Refresh tapped
    # the grid, in the tab shown to the class (it stays shown): no "Click a cell" on the phone
    projector.goto(live_server + "/present/grid?step=3")
    expect(projector.locator("#class-badge .class-badge-shown")).to_have_text("Shown to the class")
    grid = followed(phone)
    expect(grid.locator(".pn-board")).to_be_visible()
    expect(grid.locator(".step-count")).to_contain_text("3 of")
    hints = grid.get_by_text(re.compile("Click a cell")).all()
    assert hints  # in the page (the same widget as anywhere), and not shown
    for hint in hints:
        expect(hint).to_be_hidden()
    # the Wythoff plot: drawn by the server
    projector.goto(live_server + "/present/wythoff?step=4")
    drawing = followed(phone).locator("svg.plot-fallback")
    expect(drawing).to_be_visible()
    expect(drawing.locator("circle.pf-p:not(.pf-mirror)")).to_have_count(4)
    box = drawing.bounding_box()
    assert box is not None and box["width"] >= 300 and box["height"] >= 300, box
    expect(followed(phone).locator("[data-figure]")).to_be_hidden()
