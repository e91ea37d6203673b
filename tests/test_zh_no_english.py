"""No English left on a Chinese page (issue 15), except names and code.

Every kind of page is read at /zh/ — the course map, every lesson, every widget page and
projection, every quiz and its feedback, every game of play, the reference pages, a 400 and a
404 — and :func:`tests.english.english_left` lists the visible text (and titles, labels, button
values) holding an English word that is not a name or notation. A new English string in any
template or view, unmarked or untranslated, fails here.
"""
from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.practice.games import SPECS
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
