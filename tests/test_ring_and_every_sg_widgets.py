"""What the ring and every-SG widgets say and offer, as a student meets them on /w/."""
from __future__ import annotations

import re

from flask.testing import FlaskClient

HX = {"HX-Request": "true"}


def take_options(html: str) -> list[str]:
    select = re.search(r'<select name="take".*?</select>', html, re.S)
    assert select
    return re.findall(r'<option value="(\d+)"', select.group(0))


def marked_coins(html: str) -> list[str]:
    return re.findall(r'class="ring-coin is-reply"[^>]*>(\d+)<', html)


def test_a_click_can_take_only_what_k_allows(client: FlaskClient) -> None:
    assert take_options(client.get("/w/ring?n=9&k=2", headers=HX).text) == ["1", "2"]
    assert take_options(client.get("/w/ring?n=9&k=1", headers=HX).text) == ["1"]
    assert take_options(client.get("/w/ring?n=9&k=4", headers=HX).text) == ["1", "2", "3", "4"]


def test_the_reply_is_marked_on_the_board_only_when_a_click_plays_it(client: FlaskClient) -> None:
    # Alice took coin 5 of 9: the reply takes coins 9 and 1, two coins.
    two = client.get("/w/ring?n=9&k=2&take=2&moves=5", headers=HX).text
    assert sorted(marked_coins(two)) == ["1", "9"]
    assert "set “A click takes” to" not in two
    one = client.get("/w/ring?n=9&k=2&moves=5", headers=HX).text
    assert marked_coins(one) == []  # a click takes one coin: a marked coin would not play the reply
    assert "To play it by clicking, set “A click takes” to 2 coins" in one
    assert "Play the reply" in one


def test_the_whole_ring_names_the_rows_a_first_move_leaves(client: FlaskClient) -> None:
    assert "one row of 7 or 8 coins is left" in client.get("/w/ring?n=9&k=2", headers=HX).text
    assert "one row of 8 coins is left" in client.get("/w/ring?n=9&k=1", headers=HX).text
    assert "one row of 6 to 8 coins is left" in client.get("/w/ring?n=9&k=3", headers=HX).text


def test_a_winning_move_that_leaves_one_row_says_so(client: FlaskClient) -> None:
    # K = 1, a ring of 11 with coins 1 and 3 taken: rows of 1 (coin 2) and 8. Taking coin 2
    # leaves one row of 8, worth 0 (an even row when a move takes one coin).
    html = client.get("/w/ring?n=11&k=1&moves=1,3", headers=HX).text
    assert "leaving one row of 8 (SG 0)" in html
    assert "rows of 8" not in html


def test_every_sg_names_the_player_who_wins_from_here(client: FlaskClient) -> None:
    html = client.get("/w/every-sg?size=8&pairs=3,5 2,7", headers=HX).text
    assert "lasts 3 more moves, an odd number, so <strong>the player to move now</strong>" in html
    html = client.get("/w/every-sg?size=8&pairs=2,3 1,1", headers=HX).text
    assert "lasts 2 more moves, an even number, so <strong>the other player</strong>" in html


def test_every_sg_when_every_game_is_finished(client: FlaskClient) -> None:
    html = client.get("/w/every-sg?size=8&pairs=0,3 2,0", headers=HX).text
    assert "Every game is finished" in html and "lasts 0" not in html
    assert "Play this turn in every game" not in html


def test_every_sg_steps_fill_a_pairs_moves_before_it() -> None:
    """The widget's order is the lesson's program's: by the larger pile, then the smaller; every
    move of a pair leads to a pair filled earlier, so each step can be explained from the table."""
    from grundy.widgets import every_sg

    order = every_sg.parse({"size": "20"}).order()
    assert len(order) == every_sg.pair_count(20) == len(set(order))
    index = {pair: i for i, pair in enumerate(order)}
    for pair in order:
        for option in every_sg.options(pair):
            assert index[option.after] < index[pair], (pair, option.after)


def test_every_sg_stepping_hides_what_the_steps_have_not_reached(client: FlaskClient) -> None:
    html = client.get("/w/every-sg?size=6&step=5&pairs=3,5", headers=HX).text
    assert "5 of 28 pairs filled" in html
    shown = re.findall(r'name="cell" value="(\d+),(\d+)"', html)
    assert {(min(int(a), int(b)), max(int(a), int(b))) for a, b in shown} == {(0, 0), (0, 1), (1, 1), (0, 2), (1, 2)}
    assert "(1, 2)</strong>: 1 step" in html  # the pair the last step filled is explained
    assert "lasts 3 more moves" not in html and "press <strong>Show all</strong>" in html
    # a blank pair clicked while hiding explains nothing; with hide=0 every pair is shown
    assert "(4, 6)</strong>" not in client.get("/w/every-sg?size=6&step=5&cell=4,6", headers=HX).text
    assert len(re.findall(r'name="cell"', client.get("/w/every-sg?size=6&step=5&hide=0", headers=HX).text)) == 49


def test_every_sg_step_buttons_win_over_the_step_the_form_carries(client: FlaskClient) -> None:
    html = client.get("/w/every-sg?size=6&step=5&go=6", headers=HX).text
    assert "6 of 28 pairs filled" in html
    assert "All 28 pairs shown" in client.get("/w/every-sg?size=6&step=5&go=", headers=HX).text
    assert '<input type="hidden" name="step" value="6">' in html  # a clicked pair keeps the step


def test_every_sg_resizing_keeps_the_step() -> None:
    from grundy.widgets import every_sg

    old = every_sg.parse({"size": "8", "step": "30"})
    assert every_sg.resume_step(old, every_sg.parse({"size": "12"})) == 30
    assert every_sg.resume_step(old, every_sg.parse({"size": "4"})) == 15  # all of a 4-table's pairs
    assert every_sg.resume_step(every_sg.parse({"size": "8"}), every_sg.parse({"size": "4"})) == 0


def test_every_sg_rings_the_cells_of_the_games_played_at_once(client: FlaskClient) -> None:
    """The games listed are found in the table: their cells (both ways round) are ringed, and
    the sum says so; a game too large for the table rings nothing."""
    def ringed(html: str) -> list[str]:
        return re.findall(r'<button type="submit" name="cell" value="(\d+,\d+)" class="cell[^"]*\bis-played\b', html)

    html = client.get("/w/every-sg?size=8&pairs=3,5 2,7", headers=HX).text
    assert sorted(ringed(html)) == ["2,7", "3,5", "5,3", "7,2"]
    assert "Their pairs are ringed in the table." in html
    zh = client.get("/zh/w/every-sg?size=8&pairs=3,5 2,7", headers=HX).text
    assert sorted(ringed(zh)) == ["2,7", "3,5", "5,3", "7,2"] and "格子加了圈" in zh
    big = client.get("/w/every-sg?size=8&pairs=30,50", headers=HX).text
    assert ringed(big) == [] and "ringed" not in big
    assert ringed(client.get("/w/every-sg?size=8", headers=HX).text) == []


def test_after_the_symmetric_reply_the_ring_names_the_copy(client: FlaskClient) -> None:
    """Alice took coins 3 and 4 of row 2–4 (the rows 2–4 and 6–8 were equal): the reply shown is
    their copy, coins 7 and 8, said as a copy, in a swap, in a plain page and in Chinese."""
    url = "/w/ring?n=9&k=2&take=2&moves=5,9-1,3-4"
    for html in (client.get(url, headers=HX).text, client.get(url).text):
        assert "Copy: Alice took coins 3 and 4 of row 2–4 (its places 2 to 3), so take the same in the equal row 6–8: coins 7 and 8." in html
        assert sorted(re.findall(r'class="ring-coin[^"]*\bis-reply"[^>]*>(\d+)<', html)) == ["7", "8"]
        assert 'name="moves" value="5,9-1,3-4,7-8"' in html  # Play the reply
    one = client.get("/w/ring?n=9&k=2&moves=5,9-1,3", headers=HX).text
    assert "Copy: Alice took coin 3 of row 2–4 (its place 2), so take the same in the equal row 6–8: coin 7." in one
    zh = client.get("/zh" + url, headers=HX).text
    assert "照搬：Alice 从 2–4 那一行拿走了硬币 3 和 4（这一行的第 2 到第 3 枚）" in zh
    unequal = client.get("/w/ring?n=10&k=3&moves=1-3,6,4", headers=HX).text
    assert "Copy:" not in unequal and "A winning move" in unequal  # rows that were not in pairs: the values decide
