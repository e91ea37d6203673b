"""The staircase and boxes widgets (lesson 12) as a student meets them on /w/."""
from __future__ import annotations

import re

from flask.testing import FlaskClient

HX = {"HX-Request": "true"}


def test_the_staircase_names_its_odd_steps_and_plays_a_winning_move(client: FlaskClient) -> None:
    html = client.get("/w/staircase?coins=3,5,4,2,6", headers=HX).text
    assert "Odd steps: 3 ⊕ 4 ⊕ 6 = <strong>1</strong>" in html
    moves = re.findall(r'<button type="submit" name="play" value="([\d,]+)" class="move">', html)
    assert set(moves) == {"2,5,4,2,6", "3,5,5,1,6"}
    # a button's "play" wins over the coins field the form sends too (JavaScript off)
    after = client.get(f"/w/staircase?coins=3,5,4,2,6&play={moves[0]}", headers=HX).text
    assert 'chip is-P">P</span>' in after and "Winning moves" not in after


def test_a_move_from_an_even_step_is_answered_by_carrying_the_coins_on(client: FlaskClient) -> None:
    html = client.get("/w/staircase?coins=2,7,2", headers=HX).text  # P: 2 ⊕ 2 = 0
    assert 'value="9,0,2"' in html  # all 7 coins of step 2 down to step 1
    reply = client.get("/w/staircase?coins=9,0,2", headers=HX).text
    assert 'value="2,0,2" class="move"' in reply  # the reply: the same 7 coins off the staircase


def test_the_staircase_refuses_what_it_cannot_draw(client: FlaskClient) -> None:
    assert client.get("/w/staircase?coins=" + ",".join(["1"] * 13), headers=HX).status_code == 400
    assert client.get("/w/staircase?coins=100", headers=HX).status_code == 400
    over = client.get("/w/staircase?coins=0,0,0", headers=HX).text
    assert "No coin is left" in over


def test_the_boxes_show_their_moves_and_classes(client: FlaskClient) -> None:
    html = client.get("/w/boxes?n=9", headers=HX).text
    rows = re.findall(r'<tr class="is-(odd|even)">\s*<th scope="row">(\d+)</th>\s*<td>(\d)</td>\s*<td>(.*?)</td>', html, re.S)
    assert [(int(b), kind) for kind, b, _, _ in rows] == [(b, "odd" if b % 6 in (0, 2, 5) else "even") for b in range(1, 10)]
    assert [b for _, b, _, moves in rows if "none" in moves] == ["1", "3", "4"]
    assert "cards" not in re.sub(r"<input[^>]*>|<label.*?</label>", "", html, flags=re.S).split("<table")[1].split("</thead>")[0]
    sample = client.get("/w/boxes?n=7&cards=1,3,3,2,2,1,2", headers=HX).text
    assert "3 ⊕ 2 ⊕ 1 = <strong>0</strong>, so the first player loses" in sample
    assert client.get("/w/boxes?n=3&cards=1,2,3,4", headers=HX).status_code == 400


def test_projected_the_staircase_reveals_in_steps(client: FlaskClient) -> None:
    first = client.get("/present/staircase?coins=3,5,4,2,6&step=0", headers=HX).text
    assert "Decide, then press Next" in first and "⊕" not in first and "Winning moves" not in first
    second = client.get("/present/staircase?coins=3,5,4,2,6&step=1", headers=HX).text
    assert "3 ⊕ 4 ⊕ 6" in second and "Winning moves" not in second
    third = client.get("/present/staircase?coins=3,5,4,2,6&step=2", headers=HX).text
    assert "Winning moves" in third
    shown = client.get("/present/staircase?coins=3,5,4,2,6&step=0&hide=0", headers=HX).text
    assert "Winning moves" in shown  # hide off: all shown while stepping


def test_a_new_staircase_starts_at_the_picture_again() -> None:
    from grundy.widgets import staircase

    old = staircase.parse({"coins": "3,5,4", "step": "2"})
    assert staircase.resume_step(old, staircase.parse({"coins": "3,5,4"})) == 2
    assert staircase.resume_step(old, staircase.parse({"coins": "2,5,4"})) == 0
