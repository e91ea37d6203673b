"""/play/circle as lesson 11 teaches it: the computer plays the symmetry strategy whenever it
wins with it (and says so), its parts have one name on the board and in the list of moves, the
moves say which rows they leave, and a finished game has a reason that is a sentence."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.games.circle import ROW
from grundy.practice.games import make_arena


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def paired(position: tuple[tuple[int, int], ...]) -> bool:
    return all(count % 2 == 0 for count in Counter(position).values())


def page_text(client: FlaskClient, url: str) -> str:
    r = client.get(url)
    assert r.status_code == 200, r.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))


@pytest.mark.parametrize("k", [2, 3])
def test_the_computer_plays_the_symmetry_strategy(k: int) -> None:
    """From one row it takes the middle (or the whole row, when it can); after any reply it copies
    the move in the other row of the pair, to the end of the game."""
    arena = make_arena("circle", {"k": str(k)})
    for n in range(1, 15):
        position: tuple[tuple[int, int], ...] = ((ROW, n),)
        first = arena.computer_move(position)
        assert paired(first.after), (n, first.after)
        if n > k:
            assert len(first.after) == 2 and first.after[0] == first.after[1]
            assert n - 2 * first.after[0][1] == (1 if n % 2 else 2)  # the middle 1 or 2 coins
        frontier = [first.after]
        seen = set()
        while frontier:  # every line of play the learner can choose
            here = frontier.pop()
            for reply in arena.moves(here):
                if not reply.after or reply.after in seen:
                    continue
                seen.add(reply.after)
                copy = arena.computer_move(reply.after)
                assert paired(copy.after), (here, reply.after, copy.after)
                if sum(c[1] for c in reply.after) <= k and len(reply.after) == 1:  # one short row left: it goes at once
                    assert not copy.after
                frontier.append(copy.after)


def test_where_symmetry_does_not_apply_the_computer_still_wins() -> None:
    """Rows 4 and 7 are not a pair: the computer's move comes from the values (lesson 11's example)."""
    arena = make_arena("circle")
    move = arena.computer_move(((ROW, 4), (ROW, 7)))
    assert arena.outcome(move.after) == "P" and not paired(move.after)


def test_the_computer_says_it_plays_the_symmetry_strategy(client: FlaskClient) -> None:
    first = page_text(client, "/play/circle?k=2&start=row8&first=computer&moves=row3,row3")
    assert "The computer left rows of 3 and 3 by taking 2 adjacent coins." in first
    assert "It took the middle of the row, leaving two equal rows" in first and "(the symmetry strategy)" in first
    copied = page_text(client, "/play/circle?k=2&start=row8&first=computer&moves=row3,row3/row1,row1,row3/row1,row1,row1,row1")
    assert "by taking 1 coin from row 3. It left the rows in equal pairs again" in copied
    zh = page_text(client, "/zh/play/circle?k=2&start=row8&first=computer&moves=row3,row3")
    assert "它取走了这一行的正中间，留下相等的两行" in zh and "（对称策略）" in zh
    plain = page_text(client, "/play/circle?k=2&start=row4 row7&first=computer&moves=row2,row7")
    assert "symmetry strategy" not in plain  # a move found by the values is not called symmetric


def test_a_part_has_one_name_on_the_board_and_in_the_list_of_moves(client: FlaskClient) -> None:
    page = client.get("/play/circle?k=2&start=row3 row4&first=you").get_data(as_text=True)
    board = re.findall(r'<span class="pile-name">([^<]+)</span>', page)
    groups = re.findall(r'<span class="move-group-name">([^<]+)</span>', page)
    assert board == groups == ["Row 1", "Row 2"]
    assert "group" not in page_text(client, "/play/circle?k=2&start=row3 row4&first=you").lower()
    rings = client.get("/play/circle?k=2&start=○9 4&first=you").get_data(as_text=True)
    assert re.findall(r'<span class="pile-name">([^<]+)</span>', rings) == ["Ring 1", "Row 2"]
    assert re.findall(r'<span class="move-group-name">([^<]+)</span>', rings) == ["Ring 1", "Row 2"]
    zh = client.get("/zh/play/circle?k=2&start=row3 row4&first=you").get_data(as_text=True)
    assert re.findall(r'<span class="pile-name">([^<]+)</span>', zh) == re.findall(r'<span class="move-group-name">([^<]+)</span>', zh)


def test_a_move_says_the_rows_it_leaves(client: FlaskClient) -> None:
    text = page_text(client, "/play/circle?k=2&start=row8&first=you")
    assert "leaving 0 and" not in text and "and 0" not in text
    labels = re.findall(r'name="moves" value="[^"]*"[^>]*>([^<]+)<', client.get("/play/circle?k=2&start=row8&first=you").get_data(as_text=True))
    assert labels == ["leave a row of 7 by taking 1 coin", "leave rows of 1 and 6 by taking 1 coin",
                      "leave rows of 2 and 5 by taking 1 coin", "leave rows of 3 and 4 by taking 1 coin",
                      "leave a row of 6 by taking 2 adjacent coins", "leave rows of 1 and 5 by taking 2 adjacent coins",
                      "leave rows of 2 and 4 by taking 2 adjacent coins", "leave rows of 3 and 3 by taking 2 adjacent coins"]
    short = re.findall(r'name="moves" value="[^"]*"[^>]*>([^<]+)<', client.get("/play/circle?k=2&start=row2 row1").get_data(as_text=True))
    assert "take all 2 coins" in short and "take the only coin" in short


def test_every_move_of_a_row_is_listed_once_and_each_split_is_there() -> None:
    arena = make_arena("circle", {"k": "3"})
    for n in range(1, 12):
        afters = [tuple(sorted(m.after)) for m in arena.moves(((ROW, n),))]
        assert len(afters) == len(set(afters))
        want = {tuple(sorted((ROW, x) for x in (a, n - t - a) if x)) for t in range(1, min(3, n) + 1) for a in range(n - t + 1)}
        assert set(afters) == want


@pytest.mark.parametrize("url", [
    "/play/circle?k=2&start=row8&first=computer&moves=row3,row3/row1,row1,row3/row1,row1,row1,row1/row1,row1,row1/row1,row1/row1/none",
    "/play/circle?k=2&start=row2&first=you&moves=none",
])
def test_a_finished_game_says_why_in_a_sentence(client: FlaskClient, url: str) -> None:
    text = page_text(client, url)
    assert "No coin is left: the player to move has nothing to take, and has lost." in text
    assert "SG values: =" not in text and ": = 0" not in text
    zh = page_text(client, "/zh" + url)
    assert "一枚硬币也不剩了" in zh


def test_the_sum_reason_of_an_empty_position_is_a_sentence(app: Flask) -> None:
    from grundy.practice.games.spec import sum_reason

    arena = make_arena("circle")
    with app.test_request_context("/"):
        assert sum_reason(arena, (), False) == "Nothing is left to move: the player to move has lost, so the position is P."


def test_the_start_says_it_is_the_lessons_ring_after_its_first_move(client: FlaskClient) -> None:
    """/play/circle starts on a row of 8 (a start the learner can win, as every /play start is N):
    the board says it is lesson 11's ring of 9 after its first move, in both languages; a sum of
    rows says nothing of the kind."""
    r = client.get("/play/circle")
    assert r.status_code == 303 and "start=8&" in r.headers["Location"]  # a row of 8, by its length
    text = page_text(client, r.headers["Location"])
    assert "A row of 8 coins: the ring of 9 after its first move (one coin taken)." in text
    assert "一行 8 枚硬币：就是 9 枚的环走完第一步（取走一枚）之后的样子。" in page_text(client, "/zh" + r.headers["Location"])
    assert "after its first move" not in page_text(client, "/play/circle?k=2&start=row3 row4&first=you")
    text = page_text(client, "/play/circle?k=2&start=row8&first=computer&moves=row3,row3")
    assert "It took the middle of the row, leaving two equal rows" in text
