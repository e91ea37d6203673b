"""A lecture's questions and votes in Chromium (issue 28, points 2, 3, 4, 7): the instructor's
prepared list posed one click at a time, a preview with its own rule, a countdown that closes
the vote on every phone, a re-vote with both splits side by side on the console, an N kept when
its move cannot be read (fixed on the phone while voting is open), a phone without JavaScript
doing all of it with plain forms, the class handed to the lecture hall's PC, which poses a move
to tap and ends the class, the CSV, and each phone's recap at the end. Every wait is for
an event (the countdown's end is one: the vote closes when its deadline passes)."""
from __future__ import annotations

import csv
import io
import re

from playwright.sync_api import Page, expect

from grundy.practice.quiz import Question
from grundy.web.classroom.rules import arena_for
from tests.browser.test_classroom import PHONE, PROJECTOR, TEACHER, People, answered_count, join, people, reopened, start_class  # noqa: F401
from tests.browser.test_classroom_driving import hand_over

PLAN = "wythoff 7,6\nsubtraction set=1,2,4 3\nnim kind=move 3,5\n"


def winning_after(game: str, position: str, rule: dict[str, str] | None = None) -> str:
    """The position a winning move leaves, as the engine finds it (never written by hand)."""
    arena = arena_for(game, rule or {})
    q = Question(arena.key, 1, 0, arena, arena.parse(position))
    moves = q.arena.winning_moves(q.position, 1)
    assert moves, (game, position)
    return q.arena.format(moves[0].after)


def live(console: Page):  # type: ignore[no-untyped-def]
    return console.locator("#teach-live")


def keep_plan(console: Page, text: str) -> None:
    """The list typed in the console's box and kept (a plain form: the console comes back whole)."""
    plan = console.locator("section.class-plan")
    if plan.locator("details.class-plan-edit:not([open])").count():
        plan.locator("details.class-plan-edit > summary").click()
    plan.get_by_label("Questions, one a line").fill(text)
    plan.get_by_role("button", name="Keep the list").click()
    expect(plan.locator("ol.class-plan-lines li")).to_have_count(text.strip().count("\n") + 1)


def send(student: Page, says: str, after: str | None = None) -> None:
    card = student.locator("#class-live form.class-answer")
    if after is not None:
        card.locator("input[name=after]").fill(after)
    card.get_by_role("button", name="Winning (N)" if says == "N" else "Losing (P)").click()



def test_a_whole_lecture_prepared_list_countdown_revote_kept_vote_hand_over_tapped_move_csv(live_server: str, people: People) -> None:
    console = people(TEACHER)
    phone = people(PHONE)
    plain = people(PHONE, javascript=False)  # a phone without JavaScript: plain forms and reloads
    code = start_class(console, live_server)
    join(phone, live_server, code)
    plain.goto(f"{live_server}/class/{code}")
    plain = reopened(plain)  # counted once its browser comes back with the class's cookie
    expect(live(console).locator(".class-members")).to_have_text("2 students have joined.")

    # Prepared before the lecture, posed one click at a time.
    keep_plan(console, PLAN)
    live(console).get_by_role("button", name="Next prepared question: wythoff 7,6").click()
    expect(live(console).locator(".q-position-text")).to_have_text("7,6")

    # The reviewer's case: N with the move 0,0 keeps the N, says why at once, and can be fixed.
    card = phone.locator("#class-live form.class-answer")
    expect(card.locator(".q-position-text")).to_have_text("7,6")
    send(phone, "N", "0,0")
    expect(phone.locator("#class-live .widget-error")).to_contain_text("Your N is counted, but its move was not read:")
    expect(phone.locator("#class-live .class-mine")).to_contain_text("Your answer: N.")
    expect(answered_count(console)).to_have_text("1")
    winning = winning_after("wythoff", "7,6")
    send(phone, "N", winning)
    expect(phone.locator("#class-live .class-mine")).to_contain_text(f"Your answer: N, moving to {winning}.")
    expect(phone.locator("#class-live .widget-error")).to_have_count(0)

    plain = reopened(plain)
    send(plain, "P")  # a POST answered with a redirect back to the page
    expect(plain.locator("#class-live .class-mine")).to_contain_text("Your answer: P.")
    expect(answered_count(console)).to_have_text("2")

    # A countdown: when it ends, the vote closes on every page (whoever reads the class first).
    controls = live(console).locator(".class-vote-controls")
    controls.locator("input[name=seconds]").fill("5")
    controls.get_by_role("button", name="Start the countdown").click()
    expect(phone.locator("#class-live .class-countdown")).to_contain_text("Voting closes in")
    expect(phone.locator("#class-live .quiz-card .class-state strong")).to_have_text("Voting is closed.")
    expect(live(console).locator(".class-state strong")).to_have_text("Voting is closed.")
    expect(live(console).locator(".class-split-title")).to_have_text([re.compile(r"^Vote 1\s+\(2 answers\)$")])

    # Discuss, then vote again: the first vote is kept beside the second.
    live(console).get_by_role("button", name="Vote again").click()
    expect(phone.locator("#class-live form.class-answer .eyebrow")).to_contain_text("vote 2")
    send(phone, "P")
    expect(phone.locator("#class-live .class-mine")).to_contain_text("Your answer: P.")
    plain = reopened(plain)
    send(plain, "N", winning)
    expect(answered_count(console)).to_have_text("2")
    live(console).get_by_role("button", name="Close voting").click()
    titles = live(console).locator(".class-split-title")
    expect(titles).to_have_text([re.compile(r"^Vote 1\s+\(2 answers\)$"), re.compile(r"^Vote 2\s+\(2 answers\)$")])
    splits = live(console).locator(".class-splits .class-split")
    expect(splits.nth(0).locator(".split-row")).to_have_text(["P 1 student (50%)", "N 1 student (50%)"])
    expect(splits.nth(1).locator(".split-row")).to_have_text(["P 1 student (50%)", "N 1 student (50%)"])
    live(console).get_by_role("button", name="Reveal").click()
    expect(live(console).locator(".feedback.is-right .verdict")).to_contain_text("The position is N")
    expect(phone.locator("#class-live .feedback .verdict")).to_contain_text("You said P.")

    # The list's next question, with its own rule, stated on the phone.
    live(console).get_by_role("button", name="Next prepared question: subtraction set=1,2,4 3").click()
    expect(live(console).locator(".class-rule code")).to_have_text("set=1,2,4")
    expect(phone.locator("#class-live form.class-answer .rule-line")).to_contain_text("S = {1, 2, 4}")
    send(phone, "P")
    expect(answered_count(console)).to_have_text("1")
    live(console).get_by_role("button", name="Reveal").click()
    expect(live(console).locator(".class-split")).to_be_visible()

    # The lecture hall's PC takes the class with the console's one-time key, and carries on:
    # the list's last question is a move to tap on the picture.
    _key, link = hand_over(console)
    hall = people(PROJECTOR)
    hall.goto(link)
    hall.get_by_role("button", name="Take over the class").click()
    expect(hall).to_have_url(re.compile(rf"/class/{code}/teach$"))
    live(hall).get_by_role("button", name="Next prepared question: nim kind=move 3,5").click()
    tapped = winning_after("nim", "3,5")
    phone.locator(f"#class-live .class-taps button[value='{tapped}']").click()
    expect(phone.locator("#class-live .class-mine")).to_contain_text(f"Your move: to {tapped}.")
    expect(answered_count(hall)).to_have_text("1")
    live(hall).get_by_role("button", name="Reveal").click()
    expect(phone.locator("#class-live .feedback")).to_contain_text("Your move wins.")

    hall.once("dialog", lambda dialog: dialog.accept())
    hall.get_by_role("button", name="End the class").click()
    expect(live(hall).get_by_role("heading", name="The class has ended")).to_be_visible()
    console.reload()
    expect(live(console).get_by_role("heading", name="The class has ended")).to_be_visible()

    # Each phone's recap: its answers, right or wrong, with the lessons.
    recap = phone.locator("#class-live .class-recap")
    expect(recap.locator("li")).to_have_count(3)
    expect(recap.locator("li").first.locator(".class-recap-vote")).to_have_text(
        [re.compile(r"^Vote 1:\s*N → " + re.escape(winning) + r"\s+right, a winning move$"), re.compile(r"^Vote 2:\s*P\s+wrong$")])
    expect(recap.locator("li a").first).to_have_attribute("href", re.compile(r"^/lessons/"))
    plain = reopened(plain)
    expect(plain.locator("#class-live .class-recap li")).to_have_count(1)

    download = console.request.get(f"{live_server}/class/{code}/summary.csv")
    table = list(csv.DictReader(io.StringIO(download.text())))
    assert [(r["round"], r["vote"], r["rule"], r["position"], r["said P"], r["said N"]) for r in table] == [
        ("1", "1", "", "7,6", "1", "1"), ("1", "2", "", "7,6", "1", "1"), ("2", "1", "set=1,2,4", "3", "1", "0"), ("3", "1", "", "3,5", "0", "0")]


def test_a_preview_poses_exactly_what_it_showed(live_server: str, people: People) -> None:
    """Previewed with a rule of its own and no position: the drawn position and the rule are
    shown on the console only; "Ask the class" then poses that very question (no new draw)."""
    console = people(TEACHER)
    phone = people(PHONE)
    code = start_class(console, live_server)
    join(phone, live_server, code)
    form = console.locator("form.class-pose")
    form.locator("select[name=game]").select_option("subtraction")
    form.get_by_label(re.compile("^Rule")).fill("set=1,2,4")
    form.get_by_role("button", name="Preview").click()
    preview = console.locator(".class-preview")
    expect(preview.locator(".class-rule code")).to_have_text("set=1,2,4")
    shown = preview.locator(".q-position-text").inner_text()
    expect(phone.locator("#class-live form.class-answer")).to_have_count(0)  # nothing reached the phones
    preview.get_by_role("button", name="Ask the class").click()
    expect(live(console).locator(".q-position-text")).to_have_text(shown)
    expect(console.locator(".class-preview")).to_have_count(0)
    expect(phone.locator("#class-live form.class-answer .q-position-text")).to_have_text(shown)
    expect(phone.locator("#class-live form.class-answer .rule-line")).to_contain_text("S = {1, 2, 4}")
