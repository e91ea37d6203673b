"""Kayles and Grundy's game in /quiz and /play (issue 25): taught in lesson 15, drawn within the
values lesson 15's strips show, so each level is answered with the lesson's table (level 1 by
hand), and an answer shows the row of SG values that decides it."""
from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.practice.games import SPECS
from grundy.practice.games.octal import GRUNDY_LEVELS, KAYLES_LEVELS
from grundy.practice.quiz import question
from tests import lesson_code

LESSON = lesson_code.Lesson("15-take-and-break.md")
# The largest value each strip of lesson 15 shows, from its fences (Kayles: code .77).
STRIPS = {("octal", ".77"): 0, ("grundys-game", ""): 0}
for fence in LESSON.widgets("octal-sequence"):
    key = (fence.get("game", "octal"), fence.get("code", ""))
    if key in STRIPS:
        STRIPS[key] = max(STRIPS[key], int(fence["upto"]))


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_both_games_point_to_lesson_15(app: Flask, client: FlaskClient) -> None:
    catalog = app.extensions["grundy.catalog"]
    for key in ("kayles", "grundys-game"):
        spec = SPECS[key]
        slug, anchor = spec.lesson
        assert slug == "take-and-break" and f'id="{anchor}"' in catalog.get(slug).html
        assert spec.lesson_for((5, 7)) == spec.lesson  # lesson 15 adds the parts' values too
        page = client.get(f"/play/{key}", follow_redirects=True).get_data(as_text=True)
        assert 'href="/lessons/take-and-break#' in page and "Lesson 7" not in page


@pytest.mark.parametrize(("game", "levels", "strip"), [
    ("kayles", KAYLES_LEVELS, ("octal", ".77")), ("grundys-game", GRUNDY_LEVELS, ("grundys-game", ""))])
def test_every_level_draws_within_the_lessons_table(game: str, levels: dict[int, tuple[int, int]],
                                                    strip: tuple[str, str]) -> None:
    assert max(hi for _lo, hi in levels.values()) <= STRIPS[strip]
    assert levels[1][1] <= 20  # level 1: small enough to work out by hand
    if game == "grundys-game":  # by hand means within the table the lesson prints (n = 0 to 13)
        row = next(line for line in LESSON.text.splitlines() if line.startswith("| \\(n\\) |"))
        assert levels[1][1] <= int(row.rstrip(" |").rsplit("|", 1)[1]) == 13
    for level in (1, 2, 3):
        outcomes = set()
        for seed in range(60):
            q = question(game, level, seed)
            lo, hi = levels[level]
            assert all(lo <= part <= hi for part in q.position), (level, seed, q.position)
            outcomes.add(q.outcome())
        assert outcomes == {"P", "N"}


@pytest.mark.parametrize(("game", "level"), [("kayles", 2), ("grundys-game", 2), ("kayles", 3), ("grundys-game", 1)])
def test_an_answer_shows_the_values_that_decide_it(client: FlaskClient, game: str, level: int) -> None:
    """Every answer shows the strip, P or N (a strip of values names no move, so an N-position's
    comes with the answer, before the move is asked for), and the strip alone: no settings, no
    row of pins to play."""
    for truth in ("P", "N"):
        seed = next(s for s in range(100) if question(game, level, s).outcome() == truth)
        _check_the_values_shown(client, game, level, seed)
        q = question(game, level, seed)
        page = client.post("/quiz/answer", data={"game": game, "level": level, "seed": seed, "says": truth}).text
        visual = page.split('class="quiz-visual"', 1)[1].split("</section>", 1)[0]
        assert "data-strip-only" in visual and "pins-play" not in visual and "Play it: you move first" not in visual
        assert f"SG(0) to SG({max(q.position)})" in visual
        if truth == "N":
            assert "Now find a winning move" in page  # the strip comes before the move is tried


@pytest.mark.parametrize("game", ["kayles", "grundys-game"])
def test_the_question_says_where_the_values_are(client: FlaskClient, game: str) -> None:
    """No formula gives Kayles' or Grundy's game's values: the question links to lesson 15's strip."""
    for level in (1, 2, 3):
        page = client.get(f"/quiz/q?game={game}&level={level}&seed=3").text
        assert "No formula gives these values: look them up in the strip of" in page
        assert f'href="/lessons/take-and-break#{SPECS[game].values_lesson[1]}"' in page
    zh = client.get(f"/zh/quiz/q?game={game}&level=2&seed=3").text
    assert "这些 SG 值没有公式可用" in zh and 'href="/zh/lessons/take-and-break#' in zh


def test_the_levels_say_what_they_draw() -> None:
    """Every Kayles level is already a sum of rows: no level is called 'sums of several games'."""
    assert [SPECS["kayles"].levels[level] for level in (1, 2, 3)] == ["Two short rows", "Two longer rows", "Three short rows"]
    assert [len(question("kayles", level, 5).position) for level in (1, 2, 3)] == [2, 2, 3]
    assert [len(question("grundys-game", level, 5).position) for level in (1, 2)] == [1, 1]
    assert SPECS["grundys-game"].levels[3] == "Sums of two or three heaps"
    assert all(len(question("grundys-game", 3, seed).position) in (2, 3) for seed in range(20))


def _check_the_values_shown(client: FlaskClient, game: str, level: int, seed: int) -> None:
    q = question(game, level, seed)
    form = {"game": game, "level": level, "seed": seed}
    page = client.post("/quiz/answer", data=form | {"says": q.outcome()}).get_data(as_text=True)
    if q.outcome() == "N":
        move = q.arena.winning_moves(q.position, 1)[0]
        page = client.post("/quiz/move", data=form | {"after": q.arena.format(move.after)}).get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    top = max(q.position)
    assert f"SG(0) to SG({top})" in text  # the strip, every value up to the largest part shown
    fam = q.arena.family
    values = [fam.sg(c) for c in q.position]
    if len(values) > 1:
        assert " ⊕ ".join(map(str, values)) in text  # the reason XORs the values read from it
    else:
        assert f"SG({top}) = {values[0]}" in text
    assert 'href="/lessons/take-and-break#' in page
    zh = client.post("/zh/quiz/answer", data=form | {"says": q.outcome()}).get_data(as_text=True)
    assert "/zh/lessons/take-and-break#" in zh


def _text(client: FlaskClient, url: str) -> str:
    page = client.get(url, follow_redirects=True).get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_the_moves_read_as_sentences_in_both_languages(client: FlaskClient) -> None:
    """Where a move was made sits inside the sentence, not tacked on after what it leaves: "took 1
    pin from row 1, leaving 1", "split heap 1 into 1 and 2"; in Chinese the rows of pins are 排 and
    木柱 (as lesson 15 says them), the heaps 第 n 堆, and Grundy's game is Grundy 博弈."""
    kayles = _text(client, "/play/kayles?start=2,4&first=computer")
    told = re.search(r"The computer took (\d) pins? from row (\d), leaving ([\d and]+)\.", kayles)
    assert told and "leaving 1 from row" not in kayles and "Start (rows of pins)" in kayles
    assert re.search(r"Row 2 take 1 pin, leaving 3 take 1 pin, leaving 1 and 2 take 2 pins, leaving 2", kayles)
    zh = _text(client, "/zh/play/kayles?start=2,4&first=computer")
    count, row, left = told.groups()
    assert f"电脑从第 {row} 排取走 {count} 根，留下 {left.replace('and', '和')}。" in zh
    assert "起始局面（排）" in zh and "第 1 排 1 第 2 排 4" in zh and "第 2 排 取走 1 根，留下 3" in zh
    assert "从一排里击倒一根木柱，或相邻的两根木柱（一排可能因此断成两排）" in zh
    assert not re.search(r"行 \d|第 \d 行|瓶", zh)
    grundy = _text(client, "/play/grundys-game?start=3,9&first=computer")
    split = re.search(r"The computer split heap (\d) into (\d+) and (\d+)\.", grundy)
    assert split and "from heap" not in grundy
    assert "Split one heap into two non-empty heaps of different sizes." in grundy
    zh = _text(client, "/zh/play/grundys-game?start=3,9&first=computer")
    heap, first, second = split.groups()
    assert f"电脑把第 {heap} 堆分成 {first} 和 {second}。" in zh and "第 3 堆 把这堆分成 1 和 8" in zh
    assert "把一堆分成大小不同的两个非空堆" in zh and "Grundy 博弈" in zh and "Grundy 游戏" not in zh
    assert " 9 堆 3 " not in zh  # the moves of the heap of 9 are headed 第 3 堆, as the heap is
    quiz = _text(client, "/zh/quiz")
    assert "Grundy 游戏" not in quiz and "瓶" not in quiz and "把一堆分成大小不同的两个非空堆" in quiz
