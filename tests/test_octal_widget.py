"""/w/octal-sequence (lesson 15): the SG strip of an octal code or of Grundy's game, stepped with
the values hidden, the period shaded with the theorem's check, and a row of pins played against
the server — as an htmx fragment, a whole page, projected, inside the lesson, and in Chinese."""
from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from grundy.games import octal
from grundy.games.registry import family
from grundy.widgets import octal_sequence

HX = {"HX-Request": "true"}


def strip(html: str) -> list[tuple[int, str]]:
    """(n, value or '·') of each cell of the strip."""
    return [(int(n), v) for n, v in re.findall(r'<li class="(?:done|todo)[^"]*"[^>]*><span class="n">(\d+)</span><span class="sg"[^>]*>([^<]+)</span>', html)]


def test_it_opens_everything_or_nothing_and_steps_one_heap_at_a_time(client: FlaskClient) -> None:
    shown = client.get("/w/octal-sequence?code=.77&upto=20", headers=HX).text
    assert strip(shown) == [(n, str(g)) for n, g in enumerate(octal.sg_values(".77", 20))]
    hidden = client.get("/w/octal-sequence?code=.77&upto=20&step=0", headers=HX).text
    assert [v for _n, v in strip(hidden)] == ["·"] * 21 and "What is SG(0)?" in hidden
    five = client.get("/w/octal-sequence?code=.77&upto=20&step=5", headers=HX).text
    assert [v for _n, v in strip(five)][:6] == ["0", "1", "2", "3", "1", "·"]
    assert "SG(4) = mex{0, 2, 3} = 1" in five  # the lesson's worked row of four
    assert 'name="step" value="" data-step="all"' in five  # Show all: one click
    assert 'name="step" value="6" data-step="next"' in five


def test_a_proved_period_is_shaded_with_the_theorems_check(client: FlaskClient) -> None:
    html = client.get("/w/octal-sequence?code=.77&upto=100", headers=HX).text
    assert "repeat with period <strong>12</strong>" in html
    assert "checked for 71 ≤ n &lt; 156, which needs the values up to heap 167" in html
    assert html.count("band-pre") == 71 and html.count("period-start") == 3  # 71, 83, 95
    stepping = client.get("/w/octal-sequence?code=.77&upto=100&step=100", headers=HX).text
    assert "band-pre" not in stepping and "period-start" not in stepping  # spotting it is the reader's part
    chess = client.get("/w/octal-sequence?code=.137&upto=100", headers=HX).text
    assert "(<span lang=\"en\">Dawson&#39;s chess</span>)" in chess  # as lesson 15 writes it
    assert "period <strong>34</strong>" in chess and "52 ≤ n &lt; 141" in chess
    zh = client.get("/zh/w/octal-sequence?code=.137&upto=10", headers=HX).text
    assert "<strong>.137</strong>（Dawson 国际象棋）" in zh and "Chess" not in zh and "chess" not in zh


def _note_and_bands(html: str) -> tuple[str, list[str]]:
    note = re.search(r'<p class="period-note">(.*?)</p>', html, re.DOTALL)
    assert note
    return " ".join(note.group(1).split()), re.findall(r'<li class="done (band-\w+)', html)


@pytest.mark.parametrize("query", ["code=.137&upto=100", "code=.77&upto=40", "game=grundys-game&upto=30"])
@pytest.mark.parametrize("language", ["", "/zh"])
def test_next_onto_the_last_cell_shows_what_show_all_shows(client: FlaskClient, query: str, language: str) -> None:
    """Stepping with Next onto the last cell reveals every value: the period note and the shading
    are Show all's, not "the period is for you to spot"."""
    cells = int(query.rsplit("=", 1)[1]) + 1
    everything = _note_and_bands(client.get(f"{language}/w/octal-sequence?{query}", headers=HX).text)
    last = _note_and_bands(client.get(f"{language}/w/octal-sequence?{query}&step={cells}", headers=HX).text)
    before = _note_and_bands(client.get(f"{language}/w/octal-sequence?{query}&step={cells - 1}", headers=HX).text)
    assert last == everything and len(last[1]) == cells
    assert before != everything and "band-pre" not in before[1] and "band-even" not in before[1]
    if "game=" not in query:
        assert ("band-pre" in last[1] or "band-even" in last[1]) and ("period" in last[0] or "周期" in last[0])


@pytest.mark.parametrize(("code", "length", "end"), [(".33", 3, 7), (".3", 2, 5)])
def test_a_period_from_zero_is_checked_from_one(client: FlaskClient, code: str, length: int, end: int) -> None:
    """The theorem needs n0 >= 1: a period that starts at 0 is checked from 1 (2·1 + p + k), and
    the line says so, with G(0) = G(p) read off the values, never 0 <= n < 2·1 + p + k."""
    p = octal.period(code)
    k = octal.OctalCode.parse(code).max_removal
    assert (p.preperiod, p.length, p.proved) == (0, length, True) and end == 2 * 1 + length + k
    values = octal.sg_values(code, end + length)
    assert values[0] == values[length] and all(values[n] == values[n + length] for n in range(1, end))
    html = client.get(f"/w/octal-sequence?code={code}&upto=20", headers=HX).text
    assert (f"checked for 1 ≤ n &lt; {end} (the theorem needs n₀&nbsp;≥&nbsp;1; G(0) = G({length}) is read off"
            f" the values), which needs the values up to heap {end + length - 1}") in html
    assert "0 ≤ n" not in html
    zh = client.get(f"/zh/w/octal-sequence?code={code}&upto=20", headers=HX).text
    assert f"对 1 ≤ n &lt; {end} 验证了" in zh and "定理要求 n₀&nbsp;≥&nbsp;1" in zh


def test_no_period_and_grundys_game_say_so(client: FlaskClient) -> None:
    officers = client.get("/w/octal-sequence?code=.6", headers=HX).text
    assert f"No period shows in the values up to heap {octal.MAX_DIRECT_UPTO}" in officers
    grundy = client.get("/w/octal-sequence?game=grundys-game&upto=20", headers=HX).text
    assert "open problem" in grundy and f"up to heap {octal.GRUNDY_MAX_UPTO}" in grundy
    assert strip(grundy) == [(n, str(g)) for n, g in enumerate(octal.grundys_game_values(20))]
    assert '<option value="0" selected>' in grundy  # a click cuts: Grundy's game only splits
    assert 'name="code" value=".77"' in grundy and 'id="octal-sequence-code"' not in grundy  # no code to type
    assert 'id="octal-sequence-code"' in officers
    stepping = client.get("/w/octal-sequence?game=grundys-game&upto=20&step=0", headers=HX).text
    assert "no period is known — look for one anyway" in stepping and "for you to spot" not in stepping
    assert "for you to spot" in client.get("/w/octal-sequence?code=.07&step=0", headers=HX).text


BAD = [
    ("code=.8", "code", "The octal code: octal digits are 0 to 7; got &#39;.8&#39;."),
    ("code=.70", "code", "The octal code: the last digit of an octal code must not be 0."),
    ("code=3.7", "code", "The octal code: the digit before the point must be 0 or 4; got 3."),
    ("code=.123456701", "code", "at most 8 digits after the point; got 9."),
    ("code=kayles", "code", "an octal code looks like .77 or 4.07"),
    ("upto=201", "upto", "The largest heap shown must be from 0 to 200; got 201."),
    ("upto=10&step=12", "step", "must be from 0 to 11; got 12."),
    ("n=21", "n", "Pins in the row must be from 1 to 20; got 21."),
    ("take=3", "take", "This game never takes 3 pins in one move; a click may take 1, 2."),
    ("strip=2", "strip", "The strip only is a switch: use 1 or 0; got &#39;2&#39;."),
    ("game=chess", "game", "Unknown game &#39;chess&#39;: choose octal or grundys-game."),
    ("heaps=21", "heaps", "Each row is a number of pins from 1 to 20"),
    ("heaps=10,11", "heaps", "The rows hold at most 20 pins in all; got 21."),
    ("heaps=3,,4", "heaps", "Each row is a number of pins"),
    ("heaps=" + ",".join(["1"] * 21), "heaps", "At most 20 rows; got 21."),
]


@pytest.mark.parametrize("query, name, message", BAD, ids=[q for q, _n, _m in BAD])
def test_bad_input_gets_a_specific_message(client: FlaskClient, query: str, name: str, message: str) -> None:
    response = client.get(f"/w/octal-sequence?{query}", headers=HX)
    assert response.status_code == 400
    assert message in response.text, response.text[-600:]


def test_the_server_answers_with_a_winning_move() -> None:
    game = family("octal", {"code": ".77"})
    for heaps in [(3, 4), (5,), (1, 2, 4), (6, 6), (2, 7, 9)]:
        answer = octal_sequence.reply(game, heaps)
        value = 0
        for h in heaps:
            value ^= game.sg(h)
        assert answer is not None and answer[1] == (value != 0)
        if answer[1]:
            after = octal_sequence._apply(heaps, answer[0])
            total = 0
            for h in after:
                total ^= game.sg(h)
            assert total == 0


def test_playing_a_row_by_clicks(client: FlaskClient) -> None:
    start = client.get("/w/octal-sequence?code=.77&n=7&step=0", headers=HX).text
    assert "One row of 7 pins: SG 2." in start and "Show a winning move" in start
    # the middle pin leaves 3 and 3: the reader's button carries that position
    assert 'name="heaps" value="3,3"' in start
    after = client.get("/w/octal-sequence?code=.77&n=7&heaps=3,3", headers=HX).text
    assert "The server answered:" in after and "It had no winning move" in after
    assert 'name="keep" value="3,3"' in after  # a setting change keeps the game
    losing = client.get("/w/octal-sequence?code=.77&n=7&heaps=6", headers=HX).text
    assert "back to SG 0 for you" in losing and "You face SG 0" in losing
    won = client.get("/w/octal-sequence?code=.77&heaps=0", headers=HX).text
    assert "You made the last move: you win." in won
    server = client.get("/w/octal-sequence?code=.77&heaps=2", headers=HX).text
    assert "No move is left for you: the server wins." in server


def test_a_click_takes_the_fewest_pins_a_move_here_takes(client: FlaskClient) -> None:
    """Dawson's chess (.137) takes one pin only as a whole row of 1: a fresh row of 9 opens with
    clicks of 2 (lesson 15's fence), and an amount with no move here says so."""
    chess = client.get("/w/octal-sequence?code=.137&n=9", headers=HX).text
    game = family("octal", {"code": ".137"})
    assert not any(octal_sequence._legal(game, (9,), (0, first, 1)) for first in range(9))
    starts = [first for first in range(9) if octal_sequence._legal(game, (9,), (0, first, 2))]
    assert starts == [0, 7]  # two pins only from an end (d2 = 3)
    assert '<option value="2" selected>' in chess and chess.count('class="pin"') == len(starts)
    assert "No move here takes" not in chess
    one = client.get("/w/octal-sequence?code=.137&n=9&take=1", headers=HX).text
    assert 'class="pin"' not in one and "No move here takes 1 pin: choose another amount" in one
    assert '<option value="1" selected>' in client.get("/w/octal-sequence?code=.77&n=9", headers=HX).text
    zh = client.get("/zh/w/octal-sequence?code=.137&n=9&take=1", headers=HX).text
    assert "这里没有一步是击倒 1 根木柱的" in zh


def test_a_hinted_move_of_another_amount_says_which_to_choose(client: FlaskClient) -> None:
    """Dawson's chess opens on clicks of 2, but its winning move from a row of 9 takes 3: the hint
    says to set "A click takes" to 3 pins; a hint of the amount already chosen says nothing more."""
    game = family("octal", {"code": ".137"})
    move, wins = octal_sequence.reply(game, (9,))
    assert wins and move[2] == 3
    said = octal_sequence.move_words((9,), move)
    chess = client.get("/w/octal-sequence?code=.137&n=9", headers=HX).text
    assert '<option value="2" selected>' in chess
    assert f"{said}: it leaves SG 0 (set “A click takes” to 3 pins)." in chess
    three = client.get("/w/octal-sequence?code=.137&n=9&take=3", headers=HX).text
    assert f"{said}: it leaves SG 0.</p>" in three and "(set “A click takes”" not in three
    kayles = client.get("/w/octal-sequence?code=.77&n=8", headers=HX).text  # the middle two: 2 pins, clicks take 1
    assert "(set “A click takes” to 2 pins)" in kayles
    zh = client.get("/zh/w/octal-sequence?code=.137&n=9", headers=HX).text
    assert "走完 SG 为 0（先在“点一下取走”里选 3 根）。" in zh
    expected = octal_sequence.reply(family("octal", {"code": "4.07"}), (8,))  # 4.07: a cut takes no pin
    assert expected and expected[1] and expected[0][2] == 0
    cut = client.get("/w/octal-sequence?code=4.07&n=8&take=2", headers=HX).text
    assert "(set “A click takes” to “no pin: cut a row in two”)" in cut


def test_taking_a_whole_row_is_said_so() -> None:
    assert octal_sequence.move_words((3, 1), (1, 0, 1)) == "take the only pin of row 2"
    assert octal_sequence.move_words((2,), (0, 0, 2)) == "take all 2 pins of row 1"
    assert octal_sequence.move_words((5,), (0, 1, 2)) == "take pins 2 to 3 of row 1, leaving 1, 2"


def test_the_strip_alone(client: FlaskClient) -> None:
    """strip=1 (a quiz answer): the values, without the row to play or its settings."""
    html = client.get("/w/octal-sequence?code=.77&upto=12&strip=1", headers=HX).text
    assert "data-strip-only" in html and 'name="strip" value="1"' in html
    assert "pins-play" not in html and 'name="n"' not in html and 'name="take"' not in html
    assert strip(html) == [(n, str(g)) for n, g in enumerate(octal.sg_values(".77", 12))]
    assert "pins-play" in client.get("/w/octal-sequence?code=.77&upto=12", headers=HX).text


def test_a_cut_splits_a_row_where_the_code_allows_it(client: FlaskClient) -> None:
    html = client.get("/w/octal-sequence?code=4.07&n=6&take=0", headers=HX).text
    assert 'class="pin-cut"' in html and 'name="heaps" value="1,5"' in html
    assert 'class="pin-cut"' not in client.get("/w/octal-sequence?code=.07&n=6", headers=HX).text


def test_without_javascript_every_control_is_a_plain_get_form(client: FlaskClient) -> None:
    page = client.get("/w/octal-sequence?code=.07&n=6").text
    form = page[page.index('<form class="widget-form"'):]
    assert form.startswith('<form class="widget-form" action="/w/octal-sequence" method="get"')
    assert re.search(r'<button type="submit" name="heaps" value="[\d,]+" class="pin"', page)


def test_inside_the_lesson_in_both_languages_and_projected(client: FlaskClient) -> None:
    lesson = client.get("/lessons/take-and-break").text
    assert lesson.count('data-widget="octal-sequence"') == 3
    assert 'id="octal-sequence-1"' in lesson and 'name="id" value="octal-sequence-2"' in lesson
    assert lesson.count('aria-label="not yet revealed"') == 41 + 101 + 61  # every strip opens hidden
    chinese = client.get("/zh/lessons/take-and-break").text
    assert chinese.count('data-widget="octal-sequence"') == 3 and "和电脑下一盘：你先手" in chinese
    projected = client.get("/present/octal-sequence?code=.07")
    assert projected.status_code == 200 and "is-presented" in projected.text
    assert 'aria-label="not yet revealed"' in projected.text  # a projection opens at step 0
