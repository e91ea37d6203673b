"""The kinds of question in Chromium (issue 28, point 5): "What is the SG value?" typed on a phone
with JavaScript and on one without, and "Tap the winning move" tapped on the picture's move
buttons (plain submits without JavaScript); the screen counts the answers live and, revealed,
draws a bar per value or move given, the right ones marked. Waits for events, never for time.

With GRUNDY_SHOTS=<folder> set, each phase is also saved as a PNG there (the phone at 390×844,
the screen at 1920×1080), to be looked at."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.test_classroom import (PHONE, PROJECTOR, TEACHER, People, answer_card, followed, join, people, project, start_class,
                                          step_to)
from tests.browser.test_classroom_screen import SIZES, fits, open_screen

__all__ = ["people"]  # the fixture, shared with tests/browser/test_classroom.py


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("GRUNDY_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def pose_kind(console: Page, kind: str, position: str, game: str = "nim") -> None:
    """The console's pose form with a kind of question chosen (a next cell's position is the table's, not typed)."""
    form = console.locator("form.class-pose")
    form.locator("select[name=game]").select_option(game)
    form.locator("select[name=kind]").select_option(kind)
    if kind != "cell":
        form.get_by_label(re.compile("^Position")).fill(position)
    form.get_by_role("button", name="Ask the class").click()
    expect(console.locator("#teach-live .q-position-text")).to_have_text(position)


def counted(screen: Page, n: int) -> None:
    expect(screen.locator(".screen-count strong")).to_have_text(str(n))


def reveal(console: Page) -> None:
    console.locator("#teach-live").get_by_role("button", name="Reveal").click()
    expect(console.locator("#teach-live .class-poll.is-revealed")).to_be_visible()


def bars(screen: Page, n: int) -> list[tuple[str, bool]]:
    """The revealed split's ``n`` bars, once the screen shows them: each value's label, and whether it is marked right."""
    columns = screen.locator(".screen-reveal .screen-bars").first.locator(".screen-bar-column")
    expect(columns).to_have_count(n)
    return [(c.locator(".chip").inner_text(), "is-right" in (c.get_attribute("class") or "")) for c in columns.all()]


def test_an_sg_question_typed_on_two_phones_one_without_javascript(live_server: str, people: People) -> None:
    console = people(TEACHER)
    code = start_class(console, live_server)
    screen = open_screen(console, people, PROJECTOR)
    phone, plain = people(PHONE), people(PHONE, javascript=False)
    for student in (phone, plain):
        join(student, live_server, code)
    pose_kind(console, "sg", "3,5")
    expect(screen.locator(".screen-ask")).to_contain_text("What is the SG value of this position?")
    card = answer_card(phone)
    expect(card).to_contain_text("What is the SG value of this position?")
    expect(card.get_by_role("button", name="Winning (N)")).to_have_count(0)
    card.get_by_label(re.compile("^Its SG value")).fill("6")
    shot(phone, "sg-phone-typed")
    card.get_by_role("button", name="Send").click()
    expect(answer_card(phone).locator(".class-mine")).to_contain_text("Your answer: 6.")
    counted(screen, 1)
    plain_card = plain.locator("form.class-answer")
    expect(plain_card).to_be_visible()  # a page without JavaScript reloads itself while waiting (its <meta> refresh): the question
    plain_card.get_by_label(re.compile("^Its SG value")).fill("2")
    plain_card.get_by_role("button", name="Send").click()  # a plain form: 303 back to the page
    expect(plain.locator(".class-mine")).to_contain_text("Your answer: 2.")
    counted(screen, 2)
    shot(screen, "sg-screen-open")
    reveal(console)
    expect(screen.locator(".screen-reveal")).to_contain_text("SG(3,5) = 6")
    expect(screen.locator(".screen-reveal")).to_contain_text("3 ⊕ 5 = 6")
    assert bars(screen, 2) == [("2", False), ("6", True)]  # a tie: in the order of the values
    shot(screen, "sg-screen-revealed")
    expect(phone.locator("#class-live .feedback")).to_contain_text("You were right.")
    shot(phone, "sg-phone-revealed")
    expect(plain.locator(".feedback")).to_contain_text("You said 2.")


def test_the_winning_move_tapped_on_the_picture(live_server: str, people: People) -> None:
    console = people(TEACHER)
    code = start_class(console, live_server)
    screen = open_screen(console, people, PROJECTOR)
    phone, other, plain = people(PHONE), people(PHONE), people(PHONE, javascript=False)
    for student in (phone, other, plain):
        join(student, live_server, code)
    pose_kind(console, "move", "3,5")
    expect(screen.locator(".screen-ask")).to_contain_text("Tap the winning move")
    taps = answer_card(phone).locator(".class-taps")
    expect(taps.locator("button")).to_have_count(3 + 5)  # every move of 3,5, grouped by heap
    shot(phone, "move-phone-open")
    taps.locator("button[value='3,3']").click()
    expect(answer_card(phone).locator(".class-mine")).to_contain_text("Your move: to 3,3.")
    answer_card(other).locator("button[value='1,5']").click()
    expect(answer_card(other).locator(".class-mine")).to_contain_text("Your move: to 1,5.")
    counted(screen, 2)
    plain.locator("form.class-answer").get_by_role("button", name="No winning move").click()  # brought by its refresh; a plain submit
    expect(plain.locator(".class-mine")).to_contain_text("Your answer: no winning move.")
    counted(screen, 3)
    shot(screen, "move-screen-open")
    reveal(console)
    assert bars(screen, 3) == [("1,5", False), ("3,3", True), ("no winning move", False)]
    expect(screen.locator(".class-refuted")).to_contain_text("The most common wrong move")
    shot(screen, "move-screen-revealed")
    expect(phone.locator("#class-live .feedback")).to_contain_text("Your move wins.")
    expect(other.locator("#class-live .feedback")).to_contain_text("Your move does not win.")
    shot(other, "move-phone-revealed")
    expect(plain.locator(".feedback")).to_contain_text("But there is one.")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_class_predicts_the_next_cell_of_the_table_it_follows(live_server: str, people: People, size: ViewportSize) -> None:
    console = people(TEACHER)
    code = start_class(console, live_server)
    phone, plain = people(PHONE), people(PHONE, javascript=False)
    for student in (phone, plain):
        join(student, live_server, code)
    projector = project(console, people)  # the P/N table as the console lists it, shown to the class
    step_to(projector, 1)
    step_to(projector, 2)
    expect(followed(phone).locator(".step-count")).to_have_text(re.compile(r"^2 of \d+ cells filled$"))  # the class is at step 2
    screen = open_screen(console, people, size)
    pose_kind(console, "cell", "2")  # heaps 0 and 1 filled: heap 2 next
    expect(screen.locator(".screen-ask")).to_contain_text("the table fills heap 2 next")
    card = answer_card(phone)
    expect(card).to_contain_text("Predict the next cell")
    shot(phone, "cell-phone-open")
    card.get_by_role("button", name="Winning (N)").click()
    expect(answer_card(phone).locator(".class-mine")).to_contain_text("Your answer: N.")
    plain.locator("form.class-answer").get_by_role("button", name="Losing (P)").click()  # brought by its refresh; a plain submit
    expect(plain.locator(".class-mine")).to_contain_text("Your answer: P.")
    counted(screen, 2)
    shot(screen, "cell-screen-open")
    reveal(console)
    truth = console.locator("#teach-live .class-answer-told .chip").first.inner_text()
    assert truth in ("P", "N")
    assert sorted(bars(screen, 2)) == [("N", truth == "N"), ("P", truth == "P")]  # one each: in the order of the values
    expect(screen.locator(".screen-next-step .step-count")).to_have_text(re.compile(r"^3 of \d+ cells filled$"))  # the table's next step
    fits(screen, size)  # the reveal with the table's next step beside it fits the projector, no scrolling
    shot(screen, f"cell-screen-revealed-{size['height']}")
    expect(phone.locator("#class-live .class-next-step .step-count")).to_have_text(re.compile(r"^3 of \d+ cells filled$"))
    shot(phone, "cell-phone-revealed")
