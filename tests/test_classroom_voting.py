"""A lecture's questions and votes through the routes (issue 28, points 2, 3, 4 and 7): the rule
beside the game, a preview that changes nothing, a prepared list (kept, downloaded, uploaded,
carried in a link, posed one click at a time), the countdown, closing voting and re-voting with
both splits on the console, an N kept when its move cannot be read, the CSV in the class's
language, the phone's recap, and nicknames only the console shows. All with plain forms (303s),
as a browser without JavaScript sends them. The browser side: tests/browser/test_classroom_lecture.py."""
from __future__ import annotations

import csv
import io
import re
import time

import pytest
from flask import Flask

from grundy.web.classroom import identity
from grundy.web.classroom.store import Answer
from tests.test_classroom import answer, joined, pose, room_of, sid_of, start, store_of


def asked(app: Flask, code: str, number: int = 0):  # type: ignore[no-untyped-def]
    rounds = store_of(app).rounds(code)
    return rounds[number - 1] if number else rounds[-1]


# ------------------------------------------------------------------ the rule and the preview


def test_the_rule_is_given_beside_the_game_in_the_command_line_s_names_and_shown_everywhere(app: Flask) -> None:
    teacher, code = start(app)
    student = joined(app, code)
    r = teacher.post(f"/class/{code}/round", data={"game": "subtraction", "level": "1", "position": "3", "set": "1,2,4"})
    assert r.status_code == 303
    assert asked(app, code).rule == "set=1,2,4" and asked(app, code).truth == "P"  # 3 under {1,2,4}: every move reaches an N
    assert "set=1,2,4" in teacher.get(f"/class/{code}/teach").text
    page = student.get(f"/class/{code}").text
    assert "S = {1, 2, 4}" in page  # the rule stated on the phone
    teacher.post(f"/class/{code}/reveal")
    r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "1,2,3", "rule": "misere"})
    assert r.status_code == 303 and asked(app, code).game == "misere-nim" and asked(app, code).rule == "misere"
    teacher.post(f"/class/{code}/reveal")
    for data, words in (({"game": "nim", "position": "3", "set": "1,2"}, "does not apply to Nim"),
                        ({"game": "bash", "position": "9", "max": "0"}, "m (take 1 to m)"),
                        ({"game": "wythoff", "position": "3,5", "rule": "misere"}, "is not played misère here")):
        r = teacher.post(f"/class/{code}/round", data={"level": "1", **data})
        assert r.status_code == 400 and words in r.text, (data, r.text[-2000:])
    assert len(store_of(app).rounds(code)) == 2


def test_a_preview_shows_the_question_to_the_console_only_and_asks_exactly_it(app: Flask) -> None:
    teacher, code = start(app)
    student = joined(app, code)
    before = room_of(app, code).version
    r = teacher.post(f"/class/{code}/round", data={"game": "kayles", "level": "2", "position": "", "preview": "1"})
    assert r.status_code == 200 and "Preview (only you see this)" in r.text
    assert room_of(app, code).version == before and store_of(app).rounds(code) == []  # nothing changed for the class
    assert "Preview" not in student.get(f"/class/{code}").text
    seed = re.search(r'name="seed" value="(\d+)"', r.text)
    assert seed is not None
    ask = {k: v for k, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', r.text.split("class-preview-ask")[1].split("</form>")[0])}
    assert ask["seed"] == seed[1] and ask["game"] == "kayles"
    shown = re.search(r'class="position-text"[^>]*>([^<]+)<', r.text) or re.search(r"<code>([^<]+)</code>", r.text)
    assert teacher.post(f"/class/{code}/round", data=ask).status_code == 303
    posed = asked(app, code)
    assert posed.seed == int(seed[1]) and posed.level == 2 and not posed.typed  # the previewed draw, not a new one
    r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "3,x", "preview": "1"})
    assert r.status_code == 400 and shown is not None


# ------------------------------------------------------------------ votes


def test_close_countdown_and_revote_keep_both_splits_side_by_side(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, code = start(app)
    students = [joined(app, code) for _ in range(3)]
    clock = [time.time()]
    monkeypatch.setattr(identity, "now", lambda: clock[0])
    r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "3,5", "seconds": "30"})
    assert r.status_code == 303 and room_of(app, code).closes == clock[0] + 30
    assert 'data-closes="' in students[0].get(f"/class/{code}").text and "Voting closes in" in teacher.get(f"/class/{code}/teach").text
    for s, says in zip(students, "PPN"):
        assert answer(s, code, 1, says).status_code == 303
    clock[0] += 30  # the deadline: the vote is closed for every server, whoever reads first
    r = answer(students[0], code, 1, "N")
    assert r.status_code == 409 and "closed" in r.text
    console = teacher.get(f"/class/{code}/teach").text
    assert "Voting is closed." in console and "Vote again" in console and "Vote 1" in console
    assert "Voting is closed." in students[1].get(f"/class/{code}").text
    assert teacher.post(f"/class/{code}/revote", data={"seconds": ""}).status_code == 303
    assert room_of(app, code).phase == "open" and asked(app, code).vote == 2
    for s in students:
        assert answer(s, code, 1, "N").status_code == 303
    assert teacher.post(f"/class/{code}/close").status_code == 303
    console = teacher.get(f"/class/{code}/teach").text
    assert console.count('class="class-split-title"') == 2  # before and after, side by side
    assert "2 students (67%)" in console and "3 students (100%)" in console
    assert teacher.post(f"/class/{code}/close").status_code == 409  # nothing open to close
    assert teacher.post(f"/class/{code}/reveal").status_code == 303
    assert teacher.post(f"/class/{code}/revote").status_code == 409  # revealed: no re-vote
    for bad in ("4", "601", "x", "-5"):
        pose_r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "1,2", "seconds": bad})
        assert pose_r.status_code == 400 and "a countdown is a number of seconds from 5 to 600" in pose_r.text, bad
    teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "1,2"})
    r = teacher.post(f"/class/{code}/close", data={"seconds": "20"})  # a countdown started after posing
    assert r.status_code == 303 and room_of(app, code).closes == clock[0] + 20


def test_an_n_with_an_unreadable_move_is_kept_and_can_be_fixed_or_changed(app: Flask) -> None:
    """The reviewer's case: N on Wythoff 7,6 with the move 0,0 was refused and lost."""
    teacher, code = start(app)
    pose(teacher, code, game="wythoff", position="7,6")
    student = joined(app, code)
    r = answer(student, code, 1, "N", "0,0")
    assert r.status_code == 200 and "Your N is counted, but its move was not read:" in r.text and 'value="0,0"' in r.text
    sid = sid_of(student)
    assert sid is not None and store_of(app).answer_of(code, 1, sid) == Answer("N", "", None, "0,0")
    assert answer(student, code, 1, "P").status_code == 303  # or changed
    assert store_of(app).answer_of(code, 1, sid) == Answer("P", "", None) and store_of(app).count(code, 1) == 1
    teacher.post(f"/class/{code}/reveal")
    assert "You said P." in student.get(f"/class/{code}").text  # never "You did not answer"


# ------------------------------------------------------------------ the plan


PLAN = "wythoff 7,6\nsubtraction set=1,2,4 3   # a rule of its own\n\nnim misere 1 2 3\nkayles level=2\n"


def test_a_prepared_list_is_kept_downloaded_uploaded_linked_and_posed_one_click_at_a_time(app: Flask) -> None:
    teacher, code = start(app)
    assert teacher.post(f"/class/{code}/plan", data={"plan": PLAN}).status_code == 303
    console = teacher.get(f"/class/{code}/teach").text
    assert "Next prepared question: <code>wythoff 7,6</code>" in console
    download = teacher.get(f"/class/{code}/plan.txt")
    assert download.status_code == 200 and download.mimetype == "text/plain" and download.text == PLAN.strip() + "\n"
    assert "attachment" in download.headers["Content-Disposition"]
    for line, game, rule in ((1, "wythoff", ""), (2, "subtraction", "set=1,2,4"), (4, "misere-nim", "misere"), (5, "kayles", "code=.77")):
        console = teacher.get(f"/class/{code}/teach").text
        shown = re.search(r'name="line" value="(\d+)">\s*<button type="submit" class="apply big">', console)
        assert shown is not None and shown[1] == str(line)  # "next" is the first line not yet asked
        assert teacher.post(f"/class/{code}/next", data={"line": shown[1]}).status_code == 303
        r = asked(app, code)
        assert (r.line, r.game, r.rule) == (line, game, rule)
        assert teacher.post(f"/class/{code}/reveal").status_code == 303
    assert "Next prepared question" not in teacher.get(f"/class/{code}/teach").text
    assert teacher.post(f"/class/{code}/next", data={"line": "3"}).status_code == 400  # an empty line: no question
    # uploaded as a file, and carried in a link to a new class
    upload = {"file": (io.BytesIO("nim 1,2,3\nbash max=5 9\n".encode()), "questions.txt")}
    assert teacher.post(f"/class/{code}/plan", data=upload, content_type="multipart/form-data").status_code == 303
    assert store_of(app).plan(code) == "nim 1,2,3\nbash max=5 9"
    bad = {"file": (io.BytesIO(b"\xff\xfe\x00"), "questions.txt")}
    assert teacher.post(f"/class/{code}/plan", data=bad, content_type="multipart/form-data").status_code == 400
    link = re.search(r'href="(/class/new\?plan=[^"]+)"', teacher.get(f"/class/{code}/teach").text)
    assert link is not None
    page = teacher.get(link[1].replace("&amp;", "&")).text
    assert "bash max=5 9" in page
    r = teacher.post("/class/new", data={"plan": "bash max=5 9"})
    new_code = r.headers["Location"].split("/")[2]
    assert store_of(app).plan(new_code) == "bash max=5 9"


def test_a_bad_line_of_the_list_says_which_and_why(app: Flask) -> None:
    teacher, code = start(app)
    teacher.post(f"/class/{code}/plan", data={"plan": "chess e4\nnim set=1 3"})
    for line in ("1", "2"):
        r = teacher.post(f"/class/{code}/next", data={"line": line})
        assert r.status_code == 400 and f"Line {line} (" in r.text, r.text[-1500:]
    assert store_of(app).rounds(code) == []


# ------------------------------------------------------------------ records


def test_the_csv_has_the_rule_each_vote_and_its_words_in_the_class_s_language(app: Flask) -> None:
    teacher, code = start(app)
    students = [joined(app, code) for _ in range(2)]
    teacher.post(f"/class/{code}/round", data={"game": "subtraction", "level": "1", "position": "17", "set": "1,2,4"})
    for s in students:
        answer(s, code, 1, "P")
    teacher.post(f"/class/{code}/close")
    teacher.post(f"/class/{code}/revote")
    for s in students:
        answer(s, code, 1, "N")
    teacher.post(f"/class/{code}/reveal")
    table = list(csv.DictReader(io.StringIO(teacher.get(f"/class/{code}/summary.csv").text)))
    assert [(row["round"], row["vote"], row["rule"], row["position"], row["posed"]) for row in table] == [
        ("1", "1", "set=1,2,4", "17", "typed"), ("1", "2", "set=1,2,4", "17", "typed")]
    assert [(row["said P"], row["said N"]) for row in table] == [("2", "0"), ("0", "2")]
    zh = list(csv.reader(io.StringIO(teacher.get(f"/zh/class/{code}/summary.csv").text)))
    assert zh[0][0] != "round" and not any(re.search("[A-Za-z]{3,}", cell) for cell in zh[0]), zh[0]  # a Chinese header
    assert zh[1][2] != "Subtraction game" and zh[1][3] == "set=1,2,4"  # the game's name in Chinese; the rule as the CLI writes it


def test_a_phone_gets_its_recap_when_the_class_ends(app: Flask) -> None:
    teacher, code = start(app)
    student = joined(app, code)
    pose(teacher, code, position="3,5")
    answer(student, code, 1, "P")
    teacher.post(f"/class/{code}/close")
    teacher.post(f"/class/{code}/revote")
    answer(student, code, 1, "N", "3,3")
    teacher.post(f"/class/{code}/reveal")
    pose(teacher, code, position="1,1")
    assert teacher.post(f"/class/{code}/end").status_code == 303
    page = student.get(f"/class/{code}").text
    recap = page.split('class="class-recap', 1)[1]
    assert "Your answers" in page and "Vote 1:" in recap and "Vote 2:" in recap
    assert "wrong" in recap and "right" in recap and "a winning move" in recap
    assert 'href="/lessons/' in recap
    assert "Question 2" not in recap  # not answered: not in the recap


def test_a_nickname_is_seen_by_the_console_only(app: Flask) -> None:
    teacher, code = start(app)
    student, other = joined(app, code), joined(app, code)
    assert student.post(f"/class/{code}/name", data={"nickname": "  Ada   L. "}).status_code == 303
    assert other.post(f"/class/{code}/name", data={"nickname": "x" * 40}).status_code == 400
    pose(teacher, code)
    answer(student, code, 1, "N", "3,3")
    console = teacher.get(f"/class/{code}/teach").text
    assert "Ada L." in console and "1 student gave a nickname" in console
    assert "Ada L." not in other.get(f"/class/{code}").text and "Ada L." not in other.get(f"/class/{code}/live").text
    assert 'value="Ada L."' in student.get(f"/class/{code}").text  # their own, to change


# ------------------------------------------------------------------ in Chinese


def test_a_lecture_in_chinese_holds_no_english(app: Flask) -> None:
    """Every phase this file adds, at /zh/: the preview, a prepared list and its next question, a
    countdown, a vote closed, a re-vote's splits, a kept N, a nickname, the recap, and the refusals."""
    from tests.english import english_left

    teacher, code = start(app)
    console, page = f"/zh/class/{code}/teach", f"/zh/class/{code}"
    students = [joined(app, code) for _ in range(2)]
    found: dict[str, list[str]] = {}

    def read(what: str, response, status: int = 200) -> str:  # type: ignore[no-untyped-def]
        assert response.status_code == status, (what, response.status_code)
        html = response.get_data(as_text=True).replace("&#39;set&#39;", "")  # the option typed, quoted back as typed
        for quoted in (f"http://localhost/zh/class/{code}", code, "localhost/zh/join"):  # a code and addresses, not words
            html = html.replace(quoted, "")
        if left := english_left(html):
            found[what] = left
        return response.get_data(as_text=True)

    read("console, a preview", teacher.post(f"{page}/round", data={"game": "subtraction", "level": "1", "position": "7",
                                                                   "rule": "set=1,2,4", "preview": "1"}))
    read("console, a rule that does not apply", teacher.post(f"{page}/round", data={"game": "nim", "level": "1", "position": "3",
                                                                                     "set": "1,2"}), 400)
    read("console, a bad countdown", teacher.post(f"{page}/round", data={"game": "nim", "level": "1", "position": "3,5",
                                                                         "seconds": "2"}), 400)
    teacher.post(f"{page}/plan", data={"plan": PLAN})
    read("console, a prepared list", teacher.get(console))
    read("console, a bad line of the list", teacher.post(f"{page}/next", data={"line": "9"}), 400)
    teacher.post(f"{page}/next", data={"line": "1"})
    teacher.post(f"{page}/close", data={"seconds": "30"})
    read("console, a countdown", teacher.get(console))
    read("student, a countdown", students[0].get(page))
    read("student, a move not read", students[0].post(f"{page}/answer", data={"round": "1", "says": "N", "after": "0,0"}))
    students[1].post(f"{page}/answer", data={"round": "1", "says": "P"})
    students[0].post(f"{page}/name", data={"nickname": "小明"})
    read("student, a nickname too long", students[1].post(f"{page}/name", data={"nickname": "长" * 30}), 400)
    teacher.post(f"{page}/close")
    read("console, voting closed", teacher.get(console))
    read("student, voting closed", students[0].get(page))
    read("student, answering after voting closed", students[1].post(f"{page}/answer", data={"round": "1", "says": "N"}), 409)
    read("console, nothing to close", teacher.post(f"{page}/close"), 409)
    teacher.post(f"{page}/revote")
    read("student, a re-vote", students[1].get(page))
    students[1].post(f"{page}/answer", data={"round": "1", "says": "N"})
    teacher.post(f"{page}/close")
    read("console, two votes", teacher.get(console))
    teacher.post(f"{page}/reveal")
    read("console, two votes revealed", teacher.get(console))
    read("console, no re-vote after the reveal", teacher.post(f"{page}/revote"), 409)
    teacher.post(f"{page}/end")
    read("console, ended", teacher.get(console))
    read("student, the recap", students[0].get(page))
    csv_text = teacher.get(f"{page}/summary.csv").get_data(as_text=True)
    header = csv_text.splitlines()[0]
    assert not re.search("[A-Za-z]{2,}", header.replace("P", "").replace("N", "")), header
    report = "\n".join(f"{what}:\n    " + "\n    ".join(left[:12]) for what, left in found.items())
    assert not found, f"English on {len(found)} Chinese pages:\n{report}"
