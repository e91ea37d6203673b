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


def test_the_reply_to_a_move_from_an_even_step_is_marked(client: FlaskClient) -> None:
    """From the P-position 2,5,4,2,6, moving 5 coins from step 2 to step 1: among the winning
    moves, the one that carries the same 5 coins on is starred, with the odd steps it restores;
    asked first while stepping, kept through Next, in a swap, a plain page and Chinese."""
    star = "★ the reply: carry your 5 coins on, one step further — the odd steps are back to 2 ⊕ 4 ⊕ 6 = 0"
    url = "/w/staircase?coins=2,5,4,2,6&play=7,0,4,2,6"
    for html in (client.get(url, headers=HX).text, client.get(url).text):
        item = re.search(r'<li><button type="submit" name="play" value="2,0,4,2,6" class="move">[^<]*</button>[^<]*<strong class="stair-carry">([^<]*)</strong>', html)
        assert item and item.group(1) == star
        assert html.count("stair-carry") == 1 and 'name="before" value="2,5,4,2,6"' in html
    hidden = client.get(url + "&step=0", headers=HX).text
    assert "★" not in hidden and "You slid 5 coins down from an even step: which reply puts the odd steps back" in hidden
    nxt = client.get("/w/staircase?coins=7,0,4,2,6&before=2,5,4,2,6&step=2", headers=HX).text
    assert star in nxt
    assert "★ 应手：把你移下来的 5 枚再往下移一级" in client.get("/zh" + url, headers=HX).text
    # from an N-position the carry does not win, and nothing is starred; nor after a move from an odd step
    assert "★" not in client.get("/w/staircase?coins=3,5,4,2,6&play=8,0,4,2,6", headers=HX).text
    assert "★" not in client.get("/w/staircase?coins=2,5,4,2,6&play=1,5,4,2,6", headers=HX).text
    bad = client.get("/w/staircase?coins=7,0,4,2,6&before=x", headers=HX)
    assert bad.status_code == 400 and "before the move" in bad.text


def test_play_says_when_the_computer_carries_your_coins_on(client: FlaskClient) -> None:
    """/play/staircase: from the P-position 2,7,2 the learner slides 7 coins from step 2 to step 1;
    the computer carries the same 7 off the staircase and says so (lesson 12's undo). A reply
    that is not a carry (after a move from an odd step) says nothing of the kind."""
    def text(url: str) -> str:
        r = client.get(url)
        assert r.status_code == 200, r.status_code
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))

    carried = text("/play/staircase?start=2,7,2&first=you&moves=9,0,2/2,0,2")
    assert "The computer moved 7 down from step 1. It carried your 7 coins one step further: the odd steps are as they were." in carried
    one = text("/play/staircase?start=2,1,2&first=you&moves=3,0,2/2,0,2")
    assert "It carried your coin one step further" in one
    assert "它把你移下来的 7 枚硬币再往下送了一级：奇数级恢复原样。" in text("/zh/play/staircase?start=2,7,2&first=you&moves=9,0,2/2,0,2")
    odd = text("/play/staircase?start=2,7,2&first=you&moves=1,7,2/2,6,2")
    assert "carried" not in odd
