"""The k-multiple and k-table widgets (lesson 13) as a student meets them on /w/ and an instructor
on /present/."""
from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from grundy.games import kmultiple
from grundy.widgets import k_multiple

HX = {"HX-Request": "true"}


def test_a_heap_is_written_in_its_parts_and_the_smallest_wins(client: FlaskClient) -> None:
    html = client.get("/w/k-multiple?n=20&k=2", headers=HX).text
    assert "<strong>20 = 13 + 5 + 2</strong>" in html
    assert "2·2 = 4 &lt; 5, 2·5 = 10 &lt; 13" in html
    found = re.findall(r'name="play" value="(\d+:\d+)"( class="move")?', html)
    assert [v for v, cls in found if cls] == ["18:4"]
    # playing it (the button's "play" wins over the fields, as without JavaScript) leaves a P heap
    after = client.get("/w/k-multiple?n=20&k=2&play=18:4", headers=HX).text
    assert 'chip is-P">P</span>' in after and 'value="18"' in after and 'value="4"' in after
    assert "18 = 13 + 5" in after


def test_every_losing_move_shows_a_reply_that_wins(client: FlaskClient) -> None:
    html = client.get("/w/k-multiple?n=13&k=2", headers=HX).text  # a Fibonacci number: P
    assert 'chip is-P">P</span>' in html and "13 is itself a losing number" in html
    for take, reply in re.findall(r"Take (\d+)</button> → \d+ left, next move at most \d+: the reply takes (\d+)", html):
        left = 13 - int(take)
        assert int(reply) <= 2 * int(take)
        assert int(reply) == left or kmultiple.outcome(left - int(reply), 2, 2 * int(reply)) == "P"


def test_mid_game_positions_and_the_end(client: FlaskClient) -> None:
    html = client.get("/w/k-multiple?n=100&k=3&cap=2", headers=HX).text
    parts = kmultiple.decompose(100, 3)
    assert parts[-1] > 2 and 'chip is-P">P</span>' in html
    over = client.get("/w/k-multiple?k=2&play=0:6", headers=HX).text
    assert "The heap is empty" in over
    one = client.get("/w/k-multiple?n=1&k=2", headers=HX).text  # a fresh heap of 1: no first move
    assert 'chip is-P">P</span>' in one and 'name="play"' not in one


@pytest.mark.parametrize("query, field", [
    ("n=1000000000000&k=2", "n"), ("n=20&k=0", "k"), ("n=20&k=101", "k"), ("n=20&k=2&cap=0", "cap"),
    ("k=2&play=18", "play"), ("k=2&play=18:0", "play"), ("k=2&play=x:4", "play"), ("k=2&play=1000000000000:1", "play"),
    ("k=2&play=١٨:4", "play"), ("n=20&k=2&step=3", "step"),
])
def test_bad_input_names_its_field(client: FlaskClient, query: str, field: str) -> None:
    r = client.get(f"/w/k-multiple?{query}", headers=HX)
    assert r.status_code == 400
    assert 'class="widget-error"' in r.text
    with pytest.raises(k_multiple.BadParameter) as caught:
        k_multiple.parse(dict(p.split("=") for p in query.split("&")))
    assert caught.value.name == field


def test_the_widest_heap_and_k_stay_within_the_bound() -> None:
    v = k_multiple.view(k_multiple.parse({"n": str(k_multiple.MAX_HEAP), "k": str(k_multiple.MAX_K)}))
    assert sum(v.parts) == k_multiple.MAX_HEAP
    assert kmultiple.construction_cost(k_multiple.MAX_HEAP, k_multiple.MAX_K) <= kmultiple.MAX_CONSTRUCTION
    assert len(v.rows) <= k_multiple.TABLE_ROWS + len(v.parts) + 3


def test_projected_it_reveals_in_steps(client: FlaskClient) -> None:
    first = client.get("/present/k-multiple?n=20&k=2&step=0", headers=HX).text
    assert "Write it as a sum of the losing numbers" in first and "13 + 5 + 2" not in first and 'name="play"' not in first
    second = client.get("/present/k-multiple?n=20&k=2&step=1", headers=HX).text
    assert "20 = 13 + 5 + 2" in second and 'name="play"' not in second
    third = client.get("/present/k-multiple?n=20&k=2&step=2", headers=HX).text
    assert 'name="play"' in third
    old = k_multiple.parse({"n": "20", "k": "2", "step": "2"})
    assert k_multiple.resume_step(old, k_multiple.parse({"n": "20", "k": "2"})) == 2
    assert k_multiple.resume_step(old, k_multiple.parse({"k": "2", "play": "18:4"})) == 0


def test_the_table_of_losing_numbers(client: FlaskClient) -> None:
    html = client.get("/w/k-table?ks=1,2,3&upto=100", headers=HX).text
    assert "1, 2, 4, 8, 16, 32, 64" in html and "1, 2, 3, 5, 8, 13, 21, 34, 55, 89" in html
    assert "1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40, 55, 76" in html
    long = client.get("/w/k-table?ks=100&upto=1000000", headers=HX).text
    assert "…" in long  # a long row shows its ends
    assert client.get("/w/k-table?ks=1,2,3,4,5,6,7,8,9", headers=HX).status_code == 400
    assert client.get("/w/k-table?upto=1000001", headers=HX).status_code == 400


def test_a_quiz_answer_may_give_just_the_stones_left() -> None:
    """After a move the limit is k times the move, so a learner who types the stones left ("18"
    after taking 2 from 20) has said the whole position; "0" takes the last stone."""
    from grundy.practice.quiz import Question, check_move
    from grundy.practice.games import SPECS

    arena = SPECS["k-multiple"].arena({"k": "2"})
    q = Question("k-multiple", 2, 0, arena, arena.parse("20"))
    right = check_move(q, "18")
    assert right.wins and right.move is not None and arena.format(right.move.after) == "18:4"
    assert not check_move(q, "19").wins  # take 1: the opponent takes 1 from 19 and wins
    assert check_move(q, "18:4").wins  # the full notation is read as it is
    wrong = check_move(q, "18:5")
    assert wrong.move is None and "No single move" in wrong.message
    end = Question("k-multiple", 3, 0, arena, arena.parse("3:5"))
    assert check_move(end, "0").wins  # take all three
