"""The kinds of question a live class asks beside "P or N?" (issue 28, point 5): "What is the SG
value?" (a whole number, the truth from the engine, a bar per value given, the mex of the options
as the reason) and "Tap the winning move" (a button per move on the phone, judged as the quiz
judges a move, "no winning move" for a P-position, the moves given counted most common first,
the winning ones marked). Through the kinds themselves (no Flask) and through the routes with
plain forms, as a phone without JavaScript sends them. The browser side:
tests/browser/test_classroom_kinds.py."""
from __future__ import annotations

import csv
import io
import re

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from grundy.games.core import GameError, mex
from grundy.practice import quiz as quiz_mod
from grundy.practice.games import SPECS
from grundy.web.classroom import kinds
from grundy.web.classroom.kinds import KINDS, MAX_TAPS, MOVE, NO_MOVE, SG, kind_named
from grundy.web.classroom.rounds import split
from grundy.web.classroom.rules import plan_lines
from tests.test_classroom import joined, room_of, start, store_of


def typed(game: str, position: str, rule: dict[str, str] | None = None) -> quiz_mod.Question:
    arena = SPECS[game].arena(rule or {})
    return quiz_mod.Question(game, 1, 0, arena, arena.parse(position))


def ask(teacher, code: str, kind: str, game: str = "nim", position: str = "3,5", **more: str):  # type: ignore[no-untyped-def]
    return teacher.post(f"/class/{code}/round", data={"game": game, "level": "1", "position": position, "kind": kind, **more})


def send(student, code: str, says: str, number: int = 1):  # type: ignore[no-untyped-def]
    return student.post(f"/class/{code}/answer", data={"round": str(number), "says": says})


# ------------------------------------------------------------------ the kinds, without Flask


def test_the_sg_kind_s_truth_is_the_engine_s_value_and_it_reads_a_whole_number(app: Flask) -> None:
    with app.test_request_context():
        q = typed("nim", "3,5")
        assert KINDS[SG].truth(q) == str(3 ^ 5) == "6"
        assert KINDS[SG].judge(q, " 06 ", "").answer.says == "6"  # a number as written: no leading zeros kept
        for bad in ("", "x", "-1", "1.5", "1234567", "٣", "²", "1_0"):  # a route reads ３ as 3 first (grundy.numerals.typed)
            with pytest.raises(GameError):
                KINDS[SG].judge(q, bad, "")
        right = KINDS[SG].right
        assert right(KINDS[SG].judge(q, "6", "").answer, "6") and not right(KINDS[SG].judge(q, "7", "").answer, "6")


def test_a_game_without_sg_values_refuses_the_sg_kind_as_the_engine_says(app: Flask) -> None:
    """Which games have values is the engine's word (Arena.grundy: None), never a list of names."""
    with app.test_request_context():
        for key, spec in SPECS.items():
            arena = spec.arena({})
            q = quiz_mod.Question(key, 1, 0, arena, arena.parse(spec.start))
            if arena.grundy(q.position) is None:
                with pytest.raises(GameError, match="has no SG value"):
                    KINDS[SG].fits(q)
            else:
                KINDS[SG].fits(q)
        assert any(SPECS[k].arena({}).grundy(SPECS[k].arena({}).parse(SPECS[k].start)) is None for k in SPECS)  # the test can fail


@given(st.sampled_from(["subtraction", "bash", "kayles", "grundys-game", "wythoff", "kiki", "k-multiple", "staircase"]),
       st.integers(0, 10**6))
def test_the_sg_reason_lists_the_options_values_whose_mex_is_the_value(app: Flask, game: str, seed: int) -> None:
    with app.test_request_context():
        q = quiz_mod.question(game, 1, seed % 1000)
        if len(q.position) > 1:
            q = quiz_mod.Question(q.game, 1, 0, q.arena, q.position[:1])
        g = q.arena.grundy(q.position)
        said = kinds.sg_reason(q)
        assert f"= {g}." in said
        listed = re.search(r"values \{([0-9, ]*)\}", said)
        if listed:
            values = [int(v) for v in listed[1].split(",") if v.strip()]
            assert mex(values) == g


def test_a_sum_s_sg_reason_is_the_xor_of_its_parts() -> None:
    q = typed("nim", "3,5,6")
    assert kinds.sg_reason(q).endswith("3 ⊕ 5 ⊕ 6 = 0.")


def test_the_move_kind_judges_a_tapped_move_as_the_quiz_judges_one(app: Flask) -> None:
    with app.test_request_context():
        q = typed("nim", "3,5")  # N: the winning move leaves 3,3
        kind = KINDS[MOVE]
        assert kind.truth(q) == "3,3"
        won = kind.judge(q, "3,3", "").answer
        lost = kind.judge(q, "1,5", "").answer
        none = kind.judge(q, NO_MOVE, "").answer
        assert (won.says, won.move, won.wins) == ("3,3", "3,3", True) and lost.wins is False
        assert [kind.right(a, kind.truth(q)) for a in (won, lost, none)] == [True, False, False]
        for bad in ("3,9", "x", ""):
            with pytest.raises(GameError):
                kind.judge(q, bad, "")
        p = typed("nim", "2,2")  # P: "no winning move" is the answer
        assert kind.truth(p) == NO_MOVE and kind.right(kind.judge(p, NO_MOVE, "").answer, NO_MOVE)
        assert not kind.right(kind.judge(p, "1,2", "").answer, NO_MOVE)
        assert kind.value_right(q, "3,3", "3,3") and not kind.value_right(q, NO_MOVE, "3,3") and kind.value_right(p, NO_MOVE, NO_MOVE)


def test_the_move_kind_asks_only_what_a_phone_can_tap(app: Flask) -> None:
    with app.test_request_context():
        KINDS[MOVE].fits(typed("nim", "3,5"))
        with pytest.raises(GameError, match="too many to tap"):
            KINDS[MOVE].fits(typed("nim", str(MAX_TAPS + 1)))  # counted without listing them all
        KINDS[MOVE].fits(typed("nim", str(MAX_TAPS)))
        with pytest.raises(GameError, match="not one tap"):
            KINDS[MOVE].fits(quiz_mod.question("every-euclid", 1, 3))
        with pytest.raises(GameError, match="kind is one of"):
            kind_named("cell-of-doom")


def test_a_split_counts_each_value_given_most_first() -> None:
    q = typed("nim", "3,5")
    answers = [KINDS[SG].judge(q, v, "").answer for v in ("6", "6", "2", "6", "0", "2")]
    s = split(answers, "6", SG)
    assert s.values == (("6", 3), ("2", 2), ("0", 1)) and s.right == 3 and s.total == 6


def test_a_plan_line_names_its_kind() -> None:
    lines = plan_lines("nim kind=sg 3 5\nwythoff kind=move 7,6\nkayles level=2")
    assert [(p.kind, p.position) for p in lines] == [("sg", "3 5"), ("move", "7,6"), ("outcome", "")]


# ------------------------------------------------------------------ through the routes


def test_an_sg_question_is_posed_answered_counted_revealed_and_recorded(app: Flask) -> None:
    teacher, code = start(app)
    students = [joined(app, code) for _ in range(4)]
    r = ask(teacher, code, SG, position="3,5")
    assert r.status_code == 303
    posed = store_of(app).rounds(code)[-1]
    assert (posed.kind, posed.truth) == (SG, "6")
    page = students[0].get(f"/class/{code}").text
    assert "What is the SG value of this position?" in page and 'name="says"' in page and "Winning (N)" not in page
    assert "What is the SG value of this position?" in teacher.get(f"/class/{code}/screen").text
    for student, value in zip(students, ("6", "６", "2", "7")):  # a Chinese keyboard's ６ is 6
        assert send(student, code, value).status_code == 303
    bad = send(students[3], code, "seven")
    assert bad.status_code == 400 and "an SG value is a whole number" in bad.text
    assert store_of(app).answer_of(code, 1, next(iter(store_of(app).answers_by(code, 1)))) is not None
    assert "Your answer: 7." in students[3].get(f"/class/{code}").text  # the earlier answer stands
    teacher.post(f"/class/{code}/reveal")
    screen = teacher.get(f"/class/{code}/screen").text
    assert "SG(3,5) = <strong>6</strong>" in screen and "3 ⊕ 5 = 6" in screen
    bars = re.findall(r'screen-bar-column( is-right)?">.*?<span class="chip">(\w+)</span>', screen, re.S)
    assert [(value, bool(mark)) for mark, value in bars] == [("6", True), ("2", False), ("7", False)]
    mine = students[2].get(f"/class/{code}").text
    assert "You said 2." in mine and "SG(3,5) = <strong>6</strong>" in mine
    assert "You were right." in students[0].get(f"/class/{code}").text
    teacher.post(f"/class/{code}/end")
    table = list(csv.reader(io.StringIO(teacher.get(f"/class/{code}/summary.csv").text)))
    assert table[1][6] == "6" and table[1][-1] == "6: 2; 2: 1; 7: 1" and table[1][11] == "50"


def test_an_sg_question_of_a_game_without_values_is_refused_when_posed_and_in_the_preview(app: Flask) -> None:
    teacher, code = start(app)
    r = ask(teacher, code, SG, game="nim", position="1,2,3", rule="misere")
    assert r.status_code == 400 and "has no SG value" in r.text
    r = ask(teacher, code, SG, game="nim", position="1,2,3", rule="misere", preview="1")
    assert r.status_code == 400 and "has no SG value" in r.text
    assert store_of(app).rounds(code) == [] and room_of(app, code).phase == "idle"
    r = ask(teacher, code, "riddle")
    assert r.status_code == 400 and "kind is one of" in r.text


def test_a_tapped_move_is_a_plain_submit_judged_and_aggregated_most_common_first(app: Flask) -> None:
    teacher, code = start(app)
    students = [joined(app, code) for _ in range(5)]
    assert ask(teacher, code, MOVE, position="3,5").status_code == 303
    page = students[0].get(f"/class/{code}").text
    buttons = re.findall(r'<button type="submit" name="says" value="([^"]+)"', page)
    assert "3,3" in buttons and NO_MOVE in buttons and len(buttons) == 3 + 5 + 1  # every move of 3,5, and "no winning move"
    for student, after in zip(students, ("3,3", "1,5", "1,5", NO_MOVE, "3,3")):
        assert send(student, code, after).status_code == 303
    assert "Your move: to <code>1,5</code>." in students[1].get(f"/class/{code}").text
    assert send(students[4], code, "3,9").status_code == 400  # not a move: refused, the earlier tap stands
    teacher.post(f"/class/{code}/reveal")
    screen = teacher.get(f"/class/{code}/screen").text
    bars = re.findall(r'screen-bar-column( is-right)?">.*?<span class="chip">([^<]+)</span>', screen, re.S)
    assert [(value, bool(mark)) for mark, value in bars] == [("1,5", False), ("3,3", True), ("no winning move", False)]
    assert "The most common wrong move (2 students)" in screen
    assert "Your move wins." in students[0].get(f"/class/{code}").text
    assert "But there is one." in students[3].get(f"/class/{code}").text
    console = teacher.get(f"/class/{code}/teach").text
    assert "Tap the winning move" in console and 'name="kind" value="move"' in console  # the next question keeps the kind


def test_a_p_position_s_right_tap_is_no_winning_move(app: Flask) -> None:
    teacher, code = start(app)
    student = joined(app, code)
    assert ask(teacher, code, MOVE, game="wythoff", position="3,5").status_code == 303
    assert store_of(app).rounds(code)[-1].truth == NO_MOVE
    assert send(student, code, NO_MOVE).status_code == 303
    teacher.post(f"/class/{code}/reveal")
    assert "You were right." in student.get(f"/class/{code}").text
    teacher.post(f"/class/{code}/end")
    recap = student.get(f"/class/{code}").text
    assert "the answer is no winning move" in recap


def test_a_prepared_line_poses_its_kind(app: Flask) -> None:
    teacher, code = start(app)
    teacher.post(f"/class/{code}/plan", data={"plan": "nim kind=sg 3 5\nnim kind=move 1,2\nnim kind=riddle 1"})
    assert teacher.post(f"/class/{code}/next", data={"line": "1"}).status_code == 303
    assert store_of(app).rounds(code)[-1].kind == SG
    teacher.post(f"/class/{code}/reveal")
    assert teacher.post(f"/class/{code}/next", data={"line": "2"}).status_code == 303
    assert store_of(app).rounds(code)[-1].kind == MOVE
    teacher.post(f"/class/{code}/reveal")
    r = teacher.post(f"/class/{code}/next", data={"line": "3"})
    assert r.status_code == 400 and "kind is one of" in r.text


def test_the_preview_states_the_kind_and_its_answer_and_asks_exactly_it(app: Flask) -> None:
    teacher, code = start(app)
    r = ask(teacher, code, SG, position="3,5", preview="1")
    assert r.status_code == 200 and "What is the SG value?" in r.text and "<code>6</code>" in r.text
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', r.text.split("class-preview-ask")[1].split("</form>")[0]))
    assert hidden["kind"] == SG
    assert teacher.post(f"/class/{code}/round", data=hidden).status_code == 303
    assert store_of(app).rounds(code)[-1].kind == SG


# ------------------------------------------------------------------ predict the next cell


def test_the_next_cell_of_the_followed_table_is_read_from_its_step(app: Flask) -> None:
    from grundy.games.takeaway import Bash, SubtractionSet, grundy
    from grundy.web.classroom.cells import next_cell

    with app.test_request_context():
        cell = next_cell("/present/pn-table?rule=set&set=1,3,4&upto=20&step=5")  # heaps 0-4 filled: heap 5 next
        assert (cell.game, cell.rule, cell.position) == ("subtraction", {"set": "1,3,4"}, "5")
        assert cell.truth == ("P" if grundy(SubtractionSet(frozenset({1, 3, 4})), 5) == 0 else "N")
        assert "step=6" in cell.next_view
        valued = next_cell("/present/pn-table?rule=bash&m=3&upto=20&step=7&sg=1")  # a table of SG values: the value
        assert (valued.game, valued.rule, valued.truth) == ("bash", {"max": "3"}, str(grundy(Bash(3), 7))) and valued.truth == "3"
        assert next_cell("/present/pn-table?rule=set&set=1,3,4&upto=20").position == "0"  # no step named: a projection opens at 0
        for view, words in (("", "follows no table"), ("/present/pn-table?rule=set&set=1,3,4&upto=20&step=", "shows every cell"),
                            ("/present/pn-table?rule=set&set=1,3,4&upto=5&step=6", "last cell"),
                            ("/present/pn-table?rule=fibonacci&upto=20&step=2", "no game of the quiz"),
                            ("/present/mex-steps?n=3", "no next cell to predict")):
            with pytest.raises(GameError, match=words):
                next_cell(view)


def test_predict_the_next_cell_during_a_step_through(app: Flask) -> None:
    from grundy.web.classroom.kinds import CELL

    teacher, code = start(app)
    students = [joined(app, code) for _ in range(3)]
    r = ask(teacher, code, CELL)
    assert r.status_code == 400 and "follows no table" in r.text  # nothing followed yet: said, nothing posed
    store_of(app).show(code, "/present/pn-table?rule=set&set=1,3,4&upto=20&step=2")  # the projection's step: heaps 0 and 1 filled
    preview = ask(teacher, code, CELL, preview="1")
    assert preview.status_code == 200 and "Predict the next cell" in preview.text
    assert ask(teacher, code, CELL, game="wythoff", position="7,6").status_code == 303  # the game and position fields are not read
    posed = store_of(app).rounds(code)[-1]
    assert (posed.kind, posed.game, posed.position, posed.truth, posed.rule) == (CELL, "subtraction", "2", "P", "set=1,3,4")
    assert "step=3" in posed.detail
    page = students[0].get(f"/class/{code}").text
    assert "the table fills heap 2 next" in page and "Losing (P)" in page
    assert "the table fills heap 2 next" in teacher.get(f"/class/{code}/screen").text
    for student, says in zip(students, ("P", "N", "P")):
        assert send(student, code, says).status_code == 303
    assert send(students[0], code, "maybe").status_code == 400
    teacher.post(f"/class/{code}/reveal")
    screen = teacher.get(f"/class/{code}/screen").text
    bars = re.findall(r'screen-bar-column( is-right)?">.*?<span class="chip[^"]*">(\w+)</span>', screen, re.S)
    assert [(value, bool(mark)) for mark, value in bars] == [("P", True), ("N", False)]
    assert "screen-next-step" in screen and "3 of 21 cells filled" in screen  # the reveal is the table's next step
    mine = students[1].get(f"/class/{code}").text
    assert "You said N." in mine and "class-next-step" in mine
    store_of(app).show(code, "/present/pn-table?rule=bash&m=3&upto=20&step=7&sg=1")
    assert ask(teacher, code, CELL).status_code == 303
    assert "Its SG value" in students[0].get(f"/class/{code}").text  # a table of SG values: the value, typed
    assert send(students[0], code, "3", number=2).status_code == 303
    teacher.post(f"/class/{code}/reveal")
    assert "SG(7) = <strong>3</strong>" in students[0].get(f"/class/{code}").text


def test_each_kind_in_chinese_holds_no_english(app: Flask) -> None:
    """At /zh/: each kind posed, answered (and refused), revealed, on the console, the screen and a
    phone; and each refusal of a kind."""
    from tests.english import english_left

    teacher, code = start(app)
    student = joined(app, code)
    found: dict[str, list[str]] = {}
    page = f"/zh/class/{code}"

    def read(what: str, response, status: int = 200) -> None:  # type: ignore[no-untyped-def]
        assert response.status_code == status, (what, response.status_code)
        html = response.get_data(as_text=True)
        for quoted in (f"http://localhost/zh/class/{code}", code, "localhost/zh/join", "set=1,3,4"):  # a code, addresses, a rule
            html = html.replace(quoted, "")  # in the command line's option names: not words
        if left := english_left(html):
            found[what] = left

    read("no SG value", teacher.post(f"{page}/round", data={"game": "misere-nim", "level": "1", "position": "1,2", "kind": "sg"}), 400)
    read("too many to tap", teacher.post(f"{page}/round", data={"game": "nim", "level": "1", "position": "99", "kind": "move"}), 400)
    read("no table followed", teacher.post(f"{page}/round", data={"kind": "cell", "game": "nim", "level": "1"}), 400)
    store_of(app).show(code, "/present/pn-table?rule=set&set=1,3,4&upto=20&step=2")
    number = 0
    for kind, good, bad in (("sg", "6", "x"), ("move", "3,3", "3,9"), ("cell", "P", "x")):
        number += 1
        read(f"{kind}: preview", teacher.post(f"{page}/round", data={"game": "nim", "level": "1", "position": "3,5", "kind": kind,
                                                                      "preview": "1"}))
        teacher.post(f"{page}/round", data={"game": "nim", "level": "1", "position": "3,5", "kind": kind})
        read(f"{kind}: phone, open", student.get(page))
        read(f"{kind}: screen, open", teacher.get(f"{page}/screen"))
        read(f"{kind}: phone, refused", student.post(f"{page}/answer", data={"round": str(number), "says": bad}), 400)
        student.post(f"{page}/answer", data={"round": str(number), "says": good})
        read(f"{kind}: phone, answered", student.get(page))
        teacher.post(f"{page}/reveal")
        for what, path in (("phone", page), ("screen", f"{page}/screen"), ("console", f"{page}/teach")):
            read(f"{kind}: {what}, revealed", teacher.get(path) if what != "phone" else student.get(path))
    teacher.post(f"{page}/end")
    read("recap", student.get(page))
    assert not found, found
