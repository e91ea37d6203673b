"""No English left on a Chinese page (issue 15), except names and code.

Every kind of page is read at /zh/ — the course map, every lesson, every widget page and
projection, every quiz and its feedback, every game of play, the reference pages, a live class
in each of its phases (the instructor's console and a student's phone), a 400, 403, 404 and
429 — and :func:`tests.english.english_left` lists the visible text (and titles, labels, button
values) holding an English word that is not a name or notation. A new English string in any
template or view, unmarked or untranslated, fails here.
"""
from __future__ import annotations

import re
import time

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from grundy.practice.games import SPECS
from grundy.web.classroom.store import CREATE_LIMIT, JOIN_LIMIT
from grundy.web.widgets import PRESENTABLE
from grundy.widgets import WIDGETS
from tests.english import english_left, is_english


def _lessons(app: Flask) -> list[str]:
    return [lesson.slug for lesson in app.extensions["grundy.catalogs"]["zh"].lessons]


def _pages(app: Flask) -> list[str]:
    with app.app_context():
        lessons = _lessons(app)
    return [
        "/zh/", "/zh/problems", "/zh/glossary", "/zh/summary", "/zh/quiz", "/zh/play", "/zh/present/",
        *(f"/zh/lessons/{slug}" for slug in lessons),
        *(f"/zh/w/{name}" for name in WIDGETS),
        *(f"/zh/present/{name}" for name in PRESENTABLE),
        *(f"/zh/quiz/q?game={game}&level={level}&seed=7" for game in SPECS for level in (1, 2, 3)),
        *(f"/zh/play/{game}" for game in SPECS),
    ]


def _left(client: FlaskClient, path: str) -> list[str]:
    response = client.get(path)
    assert response.status_code in (200, 303), path
    if response.status_code == 303:  # a random start: the position it chose
        response = client.get(response.headers["Location"])
    return english_left(response.get_data(as_text=True))


def test_no_chinese_page_holds_english(app: Flask) -> None:
    client = app.test_client()
    found = {path: left for path in _pages(app) if (left := _left(client, path))}
    report = "\n".join(f"{path}:\n    " + "\n    ".join(left[:12]) for path, left in found.items())
    assert not found, f"English on {len(found)} Chinese pages:\n{report}"


@pytest.mark.parametrize("game", sorted(SPECS))
def test_quiz_feedback_in_chinese_holds_no_english(app: Flask, game: str) -> None:
    """Both answers to a question, and a move tried after the right one: the reason, the
    refutation and the winning moves are said in Chinese."""
    for says in ("P", "N"):
        client = app.test_client()
        form = {"game": game, "level": "1", "seed": "11"}
        answered = client.post("/zh/quiz/answer", data=form | {"says": says})
        assert answered.status_code == 200
        assert english_left(answered.get_data(as_text=True)) == [], (game, says)
    tried = client.post("/zh/quiz/move", data=form | {"after": "1"})
    assert tried.status_code in (200, 400)
    assert english_left(tried.get_data(as_text=True)) == [], game


@pytest.mark.parametrize("path", ["/zh/w/pn-table?upto=999", "/zh/w/xor-columns?heaps=1,,2", "/zh/quiz/q?game=nim&level=9&seed=1",
                                  "/zh/play/nim?start=x", "/zh/w/q9", "/zh/lessons/q9"])
def test_errors_in_chinese_hold_no_english(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code in (400, 404)
    assert english_left(response.get_data(as_text=True)) == [], path


def test_the_detector_finds_english_and_skips_code_names_and_marked_parts() -> None:
    assert english_left("<p>先手必胜</p>") == []
    assert english_left("<p>The heap is empty</p>") == ["The heap is empty"]
    assert english_left('<button title="Next step">下一步</button>') == ["<button attribute>Next step"]
    assert english_left('<input type="submit" value="Show">') == ["<input attribute>Show"]
    kept = ('<p>尼姆博弈（Nim）的 SG 值是 mex，HDU 1847 <cite lang="en">Good Luck in CET-4 Everybody!</cite>'
            '<code>print(sg)</code><span class="katex">x \\oplus y</span></p>')
    assert english_left(kept) == []
    assert not is_english("n") and not is_english("Wythoff") and is_english("heap")
    assert re.search("Heaps", "\n".join(english_left("<label>Heaps <span>(逗号分隔)</span></label>")))


# ------------------------------------------------------------------ the live classroom

VIEW = "/present/pn-table?rule=set&set=1,2&upto=10&step=3"  # what the instructor projects
EXAMPLE_CODE = "ACE347"  # the join page's example of a code (its placeholder and its error message)
JOIN_ADDRESS = "192.0.2.150"  # documentation addresses (RFC 5737): these tests' unknown codes count
LIMITED_ADDRESS = "192.0.2.151"  # against them only, not against the address other tests share


def _class_left(response: TestResponse, *codes: str) -> list[str]:
    """english_left of a classroom page, less what it quotes rather than says: class codes (six
    capitals and digits, or what a student typed: "KEY349" is no English word), the example code
    and the join addresses (a host and a path). The words around them are still read."""
    html = response.get_data(as_text=True)
    for code in codes:
        html = html.replace(f"http://localhost/zh/class/{code}", "").replace(code, "")
    for quoted in ("localhost/zh/join", EXAMPLE_CODE):
        html = html.replace(quoted, "")
    # a hand-over key (four and four capitals and digits, classroom.driving), the address it is typed at
    html = re.sub(r"(?:http://)?localhost/zh/take(?:\?key=)?|\b[A-Z0-9]{4}-[A-Z0-9]{4}\b", "", html)
    return english_left(html)


def test_a_live_class_in_chinese_holds_no_english(app: Flask) -> None:
    """A class walked through at /zh/: the start page, the console in each phase (idle, a
    question open, revealed with the most common wrong move refuted, ended with its summary),
    each student's page in each phase (waiting, following a projection, exploring, the question
    open, a move that is not one, answered, revealed right, wrong and unanswered, ended), the
    projection's badge, and the refusals (answering twice or late, not the instructor, a class
    that has ended)."""
    teacher = app.test_client()
    started = teacher.post("/zh/class/new")
    assert started.status_code == 303
    code = started.headers["Location"].rsplit("/", 2)[-2]
    assert started.headers["Location"].endswith(f"/zh/class/{code}/teach")
    console, page = f"/zh/class/{code}/teach", f"/zh/class/{code}"
    students = [app.test_client() for _ in range(5)]
    found: dict[str, list[str]] = {}

    def read(what: str, response: TestResponse, status: int = 200) -> str:
        assert response.status_code == status, (what, response.status_code)
        if left := _class_left(response, code):
            found[what] = left
        return response.get_data(as_text=True)

    def answer(student: FlaskClient, says: str, after: str = "") -> TestResponse:
        return student.post(f"{page}/answer", data={"round": "1", "says": says, "after": after})

    assert f"/zh/class/{code}/teach" in read("start page, a class running", teacher.get("/zh/class/new"))
    read("start page, from a projection", teacher.get("/zh/class/new", query_string={"view": VIEW}))
    read("console, idle", teacher.get(console))
    read("student, waiting", students[0].get(page))
    assert 'class="class-badge' in read("projection's bar", teacher.get(f"{page}/bar"))
    assert 'class="class-badge is-here' in read("projection's bar, shown", teacher.post(f"{page}/view", data={"url": VIEW, "show": "1"}))
    read("projection's bar, another shown", teacher.post(f"{page}/view", data={"url": VIEW}), 409)
    assert teacher.post(f"{page}/handover").status_code == 303
    read("console, a hand-over key", teacher.get(console))
    read("taking a class", app.test_client().get("/zh/take", query_string={"key": "ACDE-3479"}))
    read("taking a class, no such key", app.test_client().post("/zh/take", data={"key": "ACDE-3479"}), 404)
    read("taking a class, a key of the wrong shape", app.test_client().post("/zh/take", data={"key": "3479"}), 400)
    read("console, projecting", teacher.get(console))
    read("student, following the projection", students[0].get(page))
    read("student, exploring", students[0].get(page, query_string={"explore": "1"}))
    assert teacher.post(f"{page}/round", data={"game": "nim", "level": "1", "position": "3,5"}).status_code == 303
    read("console, question open", teacher.get(console))
    read("student, question open", students[0].get(page))
    stranger = app.test_client()
    stranger.environ_base["REMOTE_ADDR"] = "10.98.0.1"
    read("answering without joining", answer(stranger, "N", "3,3"), 403)
    read("a form without its token", FlaskClient(app).post(f"{page}/answer", data={"round": "1", "says": "P"}), 403)
    for student in students[1:]:
        student.get(page)  # each opens the class's page (answering joins them)
    read("student, a move that is not one (the N kept)", answer(students[3], "N", "9,9"))  # then changed to P, below
    # 3,5 is N: one student finds the winning move, two make the same losing one, one says P.
    for student, (says, after) in zip(students, [("N", "3,3"), ("N", "3,4"), ("N", "3,4"), ("P", "")]):
        assert answer(student, says, after).status_code == 303
    read("student, answered with a move", students[1].get(page))
    read("student, answered P", students[3].get(page))
    read("student, sending the answer again", students[1].post(f"{page}/answer", data={"round": "1", "says": "N", "after": "3,4"},
                                                              headers={"HX-Request": "true"}))
    read("console, answers in", teacher.get(console))
    assert teacher.post(f"{page}/lock", data={"locked": "1"}).status_code == 303
    read("console, joining closed", teacher.get(console))
    stranger.get(page)
    read("a late student, joining closed", stranger.get(page), 403)
    assert teacher.post(f"{page}/lock", data={"locked": "0"}).status_code == 303
    assert teacher.post(f"{page}/reveal").status_code == 303
    revealed = read("console, revealed", teacher.get(console))
    assert "class-refuted" in revealed and "<code>3,4</code>" in revealed  # the most common wrong move, refuted
    for student, who in zip(students, ("winning move", "losing move", "same losing move", "said P", "did not answer")):
        read(f"student, revealed ({who})", student.get(page))
    read("student, answering late", answer(students[4], "N"), 409)
    read("not the instructor", students[0].get(console), 403)
    read("not the instructor, revealing", students[0].post(f"{page}/reveal"), 403)
    assert teacher.post(f"{page}/end").status_code == 303
    assert "class-summary" in read("console, ended", teacher.get(console))
    read("console, asking after the end", teacher.post(f"{page}/round", data={"game": "nim", "level": "1"}), 409)
    read("student, ended", students[0].get(page))
    read("start page, the class over", teacher.get("/zh/class/new"))
    report = "\n".join(f"{what}:\n    " + "\n    ".join(left[:12]) for what, left in found.items())
    assert not found, f"English on {len(found)} Chinese classroom pages:\n{report}"


@pytest.mark.parametrize("typed, status", [(None, 200), ("AB-12", 400), ("ACDEFG", 404), ("acd efg", 404)])
def test_joining_in_chinese_holds_no_english(app: Flask, typed: str | None, status: int) -> None:
    """/zh/join empty, with a code that cannot be one, and with one no class has."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = JOIN_ADDRESS
    response = client.get("/zh/join", query_string={"code": typed} if typed is not None else None)
    assert response.status_code == status
    assert _class_left(response, *([typed] if typed else [])) == [], typed


def test_class_refusals_in_chinese_hold_no_english(app: Flask) -> None:
    """An unknown class (the site's 404) and too many codes tried (429), in Chinese."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = JOIN_ADDRESS
    unknown = client.get("/zh/class/ACDEFG")
    assert unknown.status_code == 404 and _class_left(unknown, "ACDEFG") == []
    store = app.extensions["grundy.classes"]
    for _try in range(JOIN_LIMIT + 1):  # this address's tries used up for the window
        if not store.allow(f"guess:{LIMITED_ADDRESS}", time.time()):
            break
    client.environ_base["REMOTE_ADDR"] = LIMITED_ADDRESS
    for path in ("/zh/join?code=ACDEFG", "/zh/class/ACDEFG"):
        refused = client.get(path)
        assert refused.status_code == 429, path
        assert "<h1>尝试次数过多</h1>" in refused.get_data(as_text=True)
        assert _class_left(refused) == [], path
    starter = app.test_client()
    starter.environ_base["REMOTE_ADDR"] = "10.98.0.2"
    app.config["GRUNDY_CLASSES_PER_ADDRESS"], raised = CREATE_LIMIT, app.config["GRUNDY_CLASSES_PER_ADDRESS"]
    statuses = [starter.post("/zh/class/new").status_code for _ in range(CREATE_LIMIT + 1)]
    assert statuses[-1] == 429
    refused = starter.post("/zh/class/new")
    app.config["GRUNDY_CLASSES_PER_ADDRESS"] = raised
    assert refused.status_code == 429 and _class_left(refused) == []
