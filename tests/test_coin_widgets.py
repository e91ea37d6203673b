"""The coin-turning widget (lesson 14) as a student meets it on /w/ and an instructor on /present/,
and Mock Turtles in practice."""
from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from grundy.games import coins
from grundy.widgets import coin_row

HX = {"HX-Request": "true"}


def test_each_head_shows_its_value_and_the_xor(client: FlaskClient) -> None:
    html = client.get("/w/coins?row=THHTH", headers=HX).text
    assert "2 ⊕ 4 ⊕ 8 = <strong>14</strong>" in html
    assert [int(v) for v in re.findall(r'<span class="coin-g">(\d+)</span>', html)] == [1, 2, 4, 7, 8]
    moves = re.findall(r'name="play" value="([HT]+)" class="move">Turn over ([\d, ]+)</button>', html)
    assert ("TTTTT", "1, 2, 4") in moves
    for after, _ in moves:
        assert coins.value(coins.RULES["mock-turtles"], coins.parse_row(after)) == 0


def test_a_click_turns_a_coin_and_a_move_plays(client: FlaskClient) -> None:
    html = client.get("/w/coins?row=THHTH", headers=HX).text
    assert 'name="flip" value="HHHTH"' in html  # coin 0, turned over
    flipped = client.get("/w/coins?row=THHTH&flip=HHHTH", headers=HX).text  # the button wins over the field
    assert 'value="HHHTH"' in flipped and "1 ⊕ 2 ⊕ 4 ⊕ 8 = <strong>15</strong>" in flipped
    played = client.get("/w/coins?row=THHTH&play=TTTTT", headers=HX).text
    assert "No head is left" in played


def test_twins_and_ruler_values_come_from_the_definition(client: FlaskClient) -> None:
    twins = client.get("/w/coins?row=THTHH&rule=twins", headers=HX).text
    assert "1 ⊕ 3 ⊕ 4 = <strong>6</strong>" in twins and 'value="THHHT" class="move"' in twins
    ruler = client.get("/w/coins?row=TTTTTTTH&rule=ruler", headers=HX).text
    assert [int(v) for v in re.findall(r'<span class="coin-g">(\d+)</span>', ruler)] == [1, 2, 1, 4, 1, 2, 1, 8]


@pytest.mark.parametrize("query, field", [
    ("row=THX", "row"), ("row=", "row"), ("row=" + "H" * 33, "row"), ("rule=turtles", "rule"),
    ("flip=THQ", "row"), ("play=" + "T" * 40, "row"), ("row=HT&step=3", "step"), ("row=HT١", "row"),
])
def test_bad_input_names_its_field(client: FlaskClient, query: str, field: str) -> None:
    r = client.get(f"/w/coins?{query}", headers=HX)
    assert r.status_code == 400 and 'class="widget-error"' in r.text
    with pytest.raises(coin_row.BadParameter) as caught:
        coin_row.parse(dict(p.split("=", 1) for p in query.split("&")))
    assert caught.value.name == field


def test_projected_it_reveals_in_steps(client: FlaskClient) -> None:
    first = client.get("/present/coins?row=THHTH&step=0", headers=HX).text
    assert "What is each head worth" in first and "coin-g" not in first and 'name="play"' not in first
    second = client.get("/present/coins?row=THHTH&step=1", headers=HX).text
    assert "coin-g" in second and "⊕" not in second
    third = client.get("/present/coins?row=THHTH&step=2", headers=HX).text
    assert 'name="play"' in third
    old = coin_row.parse({"row": "THHTH", "step": "2"})
    assert coin_row.resume_step(old, coin_row.parse({"row": "THHTH"})) == 2
    assert coin_row.resume_step(old, coin_row.parse({"row": "TTHTH"})) == 0


def test_the_longest_row_is_within_reach() -> None:
    v = coin_row.view(coin_row.parse({"row": "H" * coin_row.MAX_ROW}))
    assert len(v.row) == coin_row.MAX_ROW and len(v.winning) <= coin_row.SHOWN_MOVES


def test_mock_turtles_in_the_quiz_and_play() -> None:
    from grundy.practice.games import SPECS
    from grundy.practice.quiz import Question, check_move

    arena = SPECS["mock-turtles"].arena()
    q = Question("mock-turtles", 1, 0, arena, arena.parse("THHTH"))
    assert check_move(q, "TTTTT").wins
    assert not check_move(q, "TTHTT").wins  # heads at 2: worth 4
    assert "14" in arena.reason(q.position, False)
    assert arena.unplayable(arena.parse("THHTTH")) is None
    assert arena.unplayable(arena.parse("T" * 12 + "H")) is not None  # a search too long for a page
