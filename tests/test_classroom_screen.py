"""The room's screen (/class/<code>/screen, grundy.web.classroom.screen) and the level its reveal
explains at (grundy.web.classroom.level, grundy.web.practice.explanation): who may open it, what
it shows in each phase of a question, its live part's ETag, JavaScript off, and a lesson-2 class
told the answer in lesson 2's words."""
from __future__ import annotations

import re
import time

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.practice.games import SPECS
from grundy.practice.games.heaps import RULES_TABLE_UPTO, SUBTRACTION_SETS
from grundy.games import takeaway
from grundy.web.classroom import pacing
from grundy.web.practice import explanation
from tests.test_classroom import answer, joined, person, pose, room_of, start, store_of
from tests.test_zh_no_english import _class_left

LESSON_2_VIEW = "/present/pn-table?rule=powers-of-two&upto=12&step=3"  # lesson 2's table: the class is at lesson 2
LESSON_6_VIEW = "/present/mex-steps?rule=set&set=1,3,4&upto=12&n=0"  # lesson 6's stepper


def screen(client: FlaskClient, code: str, prefix: str = "") -> str:
    r = client.get(f"{prefix}/class/{code}/screen")
    assert r.status_code == 200, r.status_code
    return r.get_data(as_text=True)


def reasons(page: str) -> list[str]:
    return re.findall(r'class="reason">([^<]*)<', page)


def corner(page: str, code: str) -> None:
    """The code, the join address and the QR code, in the corner."""
    aside = page.split('<aside class="screen-corner"', 1)[1].split("</aside>", 1)[0]
    assert code in aside and "/join" in aside and "<svg" in aside


# ------------------------------------------------------------------ who may open it


def test_only_the_instructor_opens_the_screen(app: Flask) -> None:
    teacher, code = start(app)
    student = joined(app, code)
    stranger = person(app)
    for path in ("/screen", "/screen/live"):
        assert teacher.get(f"/class/{code}{path}").status_code == 200
        assert student.get(f"/class/{code}{path}").status_code == 403  # a joined student sees the counts on the projector only
        assert stranger.get(f"/class/{code}{path}").status_code == 403
        assert stranger.get(f"/class/ACDEFG{path}").status_code in (403, 404)  # no such class: never a page of one
    console = teacher.get(f"/class/{code}/teach").get_data(as_text=True)
    assert f'href="/class/{code}/screen"' in console  # "Open the screen"


# ------------------------------------------------------------------ the phases


def test_before_any_question_the_screen_says_how_to_join_and_then_shows_the_followed_widget(app: Flask) -> None:
    teacher, code = start(app)
    page = screen(teacher, code)
    corner(page, code)
    assert "Join at" in page.split('id="screen-live"', 1)[1] and 'class="screen-view' not in page
    store_of(app).show(code, LESSON_2_VIEW)
    page = screen(teacher, code)
    corner(page, code)
    live = page.split('id="screen-live"', 1)[1]
    assert 'class="screen-view class-view-widget" inert' in live and "pn-table" in live  # the widget, read-only


def test_an_open_question_is_shown_large_with_its_rule_and_the_count_never_the_split(app: Flask) -> None:
    teacher, code = start(app)
    ann, bob = joined(app, code), joined(app, code)
    pose(teacher, code, "subtraction", "1", "7")
    page = screen(teacher, code)
    corner(page, code)
    assert "S = {1, 3, 4}" in page  # the rule the question is played under
    assert '<code class="q-position-text">7</code>' in page
    assert page.count('class="coin"') == 7  # the quiz's picture of the heap
    assert re.search(r'<p class="screen-count"><strong>0</strong> answers so far', page)
    assert answer(ann, code, 1, "N", "6").status_code == 303
    assert answer(bob, code, 1, "P").status_code == 303
    page = screen(teacher, code)
    assert re.search(r'<p class="screen-count"><strong>2</strong> answers so far', page)
    assert "screen-bars" not in page and "screen-bar " not in page  # how they answered waits for the reveal
    assert "Explained in" not in page and "reason" not in page


def test_the_reveal_draws_the_split_as_bars_with_the_answer_and_the_wrong_move_refuted(app: Flask) -> None:
    teacher, code = start(app)
    students = [joined(app, code) for _ in range(3)]
    pose(teacher, code, "nim", "1", "3,5")  # N: 3,3 wins; 3,4 does not
    for student, (says, after) in zip(students, [("N", "3,4"), ("N", "3,4"), ("P", "")]):
        assert answer(student, code, 1, says, after).status_code == 303
    teacher.post(f"/class/{code}/reveal")
    page = screen(teacher, code)
    corner(page, code)
    bars = re.findall(r'class="screen-bar is-([PN])" style="--share: (\d+)"', page)
    assert bars == [("P", "33"), ("N", "67")]  # 1 of 3, 2 of 3, rounded as Split.percent rounds
    right = re.findall(r'class="screen-bar-column( is-right)?"', page)
    assert right == ["", " is-right"]  # N is the answer
    assert "2 of 3 answers were right (67%)." in page
    assert "The most common wrong move (2 students)" in page and "<code>3,4</code>" in page
    assert "The reply that refutes it" in page


def test_a_countdown_and_a_closed_vote_are_shown_and_a_re_vote_s_splits_stand_side_by_side(app: Flask) -> None:
    teacher, code = start(app)
    ann, bob = joined(app, code), joined(app, code)
    pose(teacher, code, "nim", "1", "3,5")
    store_of(app).close(code, time.time() + 90)  # a deadline a minute and a half away
    page = screen(teacher, code)
    left = re.search(r'class="class-countdown-left">(\d+)<', page)
    assert left is not None and 60 < int(left[1]) <= 90
    assert answer(ann, code, 1, "P").status_code == 303 and answer(bob, code, 1, "P").status_code == 303
    assert store_of(app).close(code)  # closed now, before the reveal
    page = screen(teacher, code)
    assert room_of(app, code).phase == "closed"
    assert "Voting is closed." in page and "class-countdown" not in page and "Answer on your phone" not in page
    assert re.search(r'<strong>2</strong> answers so far', page) and "screen-bar " not in page  # still no split
    assert store_of(app).revote(code) == 2
    assert answer(ann, code, 1, "N", "3,3").status_code == 303
    assert answer(bob, code, 1, "P").status_code == 303
    teacher.post(f"/class/{code}/reveal")
    page = screen(teacher, code)
    assert re.findall(r'class="screen-bars-title">([^<]*)<', page) == ["Vote 1:", "Vote 2:"]
    assert re.findall(r'class="screen-bar is-([PN])" style="--share: (\d+)"', page) == [("P", "100"), ("N", "0"), ("P", "50"), ("N", "50")]


def test_the_class_that_ended_is_said_so(app: Flask) -> None:
    teacher, code = start(app)
    teacher.post(f"/class/{code}/end")
    page = screen(teacher, code)
    assert "The class has ended" in page
    corner(page, code)


# ------------------------------------------------------------------ live, and JavaScript off


def test_the_screen_s_live_part_is_304_until_an_answer_or_a_step(app: Flask) -> None:
    teacher, code = start(app)
    ann = joined(app, code)
    pose(teacher, code, "nim", "1", "3,5")
    r = teacher.get(f"/class/{code}/screen/live")
    tag = r.headers["ETag"]
    assert r.status_code == 200 and 'id="screen-live"' in r.get_data(as_text=True) and "<html" not in r.get_data(as_text=True)
    assert tag != teacher.get(f"/class/{code}/teach/live").headers["ETag"]  # the console's part is another
    assert teacher.get(f"/class/{code}/screen/live", headers={"If-None-Match": tag}).status_code == 304
    assert teacher.get(f"/zh/class/{code}/screen/live", headers={"If-None-Match": tag}).status_code == 200  # another language
    answer(ann, code, 1, "P")
    r = teacher.get(f"/class/{code}/screen/live", headers={"If-None-Match": tag})
    assert r.status_code == 200 and "<strong>1</strong>" in r.get_data(as_text=True)
    tag = r.headers["ETag"]
    assert teacher.get(f"/class/{code}/screen/live", headers={"If-None-Match": tag}).status_code == 304
    teacher.post(f"/class/{code}/reveal")
    assert teacher.get(f"/class/{code}/screen/live", headers={"If-None-Match": tag}).status_code == 200


def test_without_javascript_the_screen_reloads_itself_and_has_no_inline_script(app: Flask) -> None:
    teacher, code = start(app)
    page = screen(teacher, code)
    with app.app_context():
        every = pacing.screen_reload_s()
    assert f'<noscript><meta http-equiv="refresh" content="{every}"></noscript>' in page
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)  # CSP script-src 'self'
    assert "site-header" not in page and "class-pose" not in page  # no site chrome, no console controls


def test_the_chinese_screen_holds_no_english_in_any_phase(app: Flask) -> None:
    """/zh/class/<code>/screen and its live part: waiting, following a widget, a question open
    with a countdown, closed, revealed after a re-vote (a lesson-2 class: the rules' reason), ended."""
    teacher, code = start(app)
    ann, bob = joined(app, code), joined(app, code)
    found: dict[str, list[str]] = {}

    def read(what: str) -> None:
        for path in ("/screen", "/screen/live"):
            response = teacher.get(f"/zh/class/{code}{path}")
            assert response.status_code == 200, (what, path)
            if left := _class_left(response, code):
                found[f"{what} ({path})"] = left

    read("waiting")
    store_of(app).show(code, LESSON_2_VIEW)
    read("following a widget")
    pose(teacher, code, "subtraction", "1", "7")
    store_of(app).close(code, time.time() + 60)
    read("a question open, with a countdown")
    answer(ann, code, 1, "N", "6")
    answer(bob, code, 1, "P")
    store_of(app).close(code)
    read("voting closed")
    store_of(app).revote(code)
    answer(ann, code, 1, "N", "4")
    teacher.post(f"/class/{code}/reveal")
    read("revealed after a re-vote")
    teacher.post(f"/class/{code}/end")
    read("ended")
    assert not found, found


# ------------------------------------------------------------------ the level of the reveal


def revealed(app: Flask, view: str, game: str, position: str, after: str) -> tuple[FlaskClient, str, FlaskClient]:
    teacher, code = start(app)
    if view:
        store_of(app).show(code, view)
    ann = joined(app, code)
    pose(teacher, code, game, "1", position)
    assert answer(ann, code, 1, "N", after).status_code == 303
    teacher.post(f"/class/{code}/reveal")
    assert room_of(app, code).phase == "revealed"
    return teacher, code, ann


def test_a_lesson_2_class_is_told_a_subtraction_game_s_answer_without_sg_values(app: Flask) -> None:
    teacher, code, ann = revealed(app, LESSON_2_VIEW, "subtraction", "7", "6")  # 7 is P under S = {1, 3, 4}; 6 is N
    for page in (screen(teacher, code), teacher.get(f"/class/{code}/teach").get_data(as_text=True),
                 ann.get(f"/class/{code}").get_data(as_text=True)):
        said = " ".join(reasons(page))
        assert said and "SG" not in said and "Sprague" not in said, said
        assert "Every move from 7 leads to an N-position (6; 4; 3)" in said  # the three rules, checkable by hand
        assert "mex-and-sg" not in page and "Lesson 6" not in page
        assert "Lesson 2: P- and N-positions" in page


@pytest.mark.parametrize("view", ["", LESSON_6_VIEW])
def test_a_class_at_the_game_s_own_lesson_or_following_nothing_hears_the_game_s_own_reason(app: Flask, view: str) -> None:
    teacher, code, _ann = revealed(app, view, "subtraction", "7", "6")
    page = screen(teacher, code)
    assert "SG(7) = SG(0) = 0" in page and "Lesson 6: mex and the SG function" in page


def test_the_class_s_lesson_is_the_earliest_that_shows_its_widget(app: Flask) -> None:
    from grundy.web.classroom.level import lesson_of

    catalog = app.extensions["grundy.catalog"]
    teacher, code = start(app)
    with app.test_request_context():
        assert lesson_of(room_of(app, code)) is None
        for view, name in ((LESSON_2_VIEW, "pn-table"), (LESSON_6_VIEW, "mex-steps")):
            store_of(app).show(code, view)
            slug = lesson_of(room_of(app, code))
            numbers = [lesson.number for lesson in catalog.using_widget(name)]
            assert slug is not None and catalog.get(slug).number == min(numbers)


@settings(max_examples=60, deadline=None)
@given(rule=st.sampled_from(SUBTRACTION_SETS), heaps=st.lists(st.integers(0, 10**6), min_size=1, max_size=3),
       reveal=st.booleans())
def test_lesson_2_s_reason_names_no_sg_value_and_says_the_true_label(app: Flask, rule: tuple[int, ...], heaps: list[int],
                                                                     reveal: bool) -> None:
    """For any subtraction position, below lesson 6 the reason is lesson 2's (no SG, no XOR), and
    the label it ends on is the engine's; a single heap past the table is labelled as the heap
    it folds to, whose label the engine agrees with."""
    arena = SPECS["subtraction"].arena({"set": ",".join(map(str, rule))})
    position = tuple(heaps)
    with app.test_request_context():
        said, lesson = explanation(arena, position, reveal, "p-and-n-positions")
        own, own_lesson = explanation(arena, position, reveal, None)
    assert lesson == ("p-and-n-positions", "the-three-rules") and own_lesson[0] in ("mex-and-sg", "sums-of-games")
    assert "SG" not in said and "⊕" not in said and "XOR" not in said
    truth = arena.outcome(position)
    assert re.search(rf"\bis {truth}\b|: {truth}\.", said), said
    folded = re.search(r"so (\d+) is labelled as (\d+) is: ([PN])", said)
    if folded:
        c, fold, label = int(folded[1]), int(folded[2]), folded[3]
        assert c > RULES_TABLE_UPTO and label == truth == ("P" if takeaway.grundy(takeaway.parse_rule(arena.family.rule()["set"]),
                                                                                   fold) == 0 else "N")


def test_the_quiz_still_explains_at_the_game_s_own_lesson(client: FlaskClient) -> None:
    """The quiz's question comes from its game: a subtraction question's reason is lesson 6's."""
    page = client.post("/quiz/answer", data={"game": "subtraction", "level": "1", "seed": "1", "says": "P"}).get_data(as_text=True)
    assert "SG(" in page and "mex-and-sg" in page
