"""Input as a Chinese phone types it (issue 27.2), at every entry point where a number, a position,
a rule or a class code is read: full-width digits, letters and punctuation (３，５, （３，５）,
ＡＣＥ３４７), the ideographic space \\u3000 and the list comma 、 give the same page as ASCII;
digits of other scripts (١٢, ①, ²) are refused with a 400 that says why (0–9 only); a number below
0 where a whole number ≥ 0 is read is said to be one (非负整数); and no message shows an escape.

The entry points come from the registries: every widget's parameters (grundy.widgets.WIDGETS),
every practice game (grundy.practice.games.SPECS: its start, rule keys and a move), the quiz's
fields, and the class's join code, posed position and answer; a new widget or game is covered
without an edit here (a new text parameter with no number in its default needs an example in
TEXT_EXAMPLES, and test_every_text_parameter_has_an_example says so).
"""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from grundy.cli import main
from grundy.games.circle import RING_MARK
from grundy.marks import quoted
from grundy.numerals import foreign_digit, typed
from grundy.practice.games import SPECS, make_arena
from grundy.practice.quiz import question
from grundy.widgets import WIDGETS
from grundy.widgets.spec import Param
from tests.test_classroom import person, room_of, sid_of, start

HX = {"HX-Request": "true"}
NUMERIC = ("int", "int-list", "int-set")
# A text parameter whose default holds no number, with a value it reads (a widget's own notation).
TEXT_EXAMPLES = {
    ("take-away", "moves"): "1,2", ("grid", "cell"): "3,5", ("wythoff", "k"): "7", ("ring", "moves"): "1,3-4",
    ("ring", "keep"): "2", ("every-sg", "cell"): "5,8", ("every-sg", "pairs"): "5,8 2,3", ("octal-sequence", "heaps"): "3,4",
    ("octal-sequence", "keep"): "2,3", ("coins", "row"): "THHTH", ("octal-sequence", "code"): "0.07",
    ("graph", "edges"): "a>b, b>c c>a", ("graph", "sum"): "x>y y>x", ("graph", "from"): "a",
}
# Text parameters that read whole numbers ≥ 0 (their message for -1 says so); the others read
# moves or cells with bounds of their own, said in their words.
NON_NEGATIVE_TEXT = {("wythoff", "a"), ("wythoff", "b"), ("wythoff", "k"), ("period", "n")}
# Fields whose value is a pair or pairs, as paper writes them in brackets (3, 5).
PAIR_FIELDS = {("grid", "cell"), ("every-sg", "cell"), ("every-sg", "pairs"), ("game-sum", "wythoff")}
# A value some parameters need beside them to be read at all (a number of cards for n boxes).
COMPANIONS = {("boxes", "cards"): {"n": "3"}, ("staircase", "before"): {"coins": "3,5,4,2,6"}}
VALUES = {("boxes", "cards"): "1,0,2", ("staircase", "before"): "3,5,4,2,7", ("octal-sequence", "take"): "1"}


def phone(text: str) -> str:
    """``text`` as a phone's full-width keyboard types it: every printable ASCII character in its
    full-width form (３，５, （, ：, Ａ), a space as the ideographic space."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "\u3000" if c == " " else c for c in text)


def chinese_punctuation(text: str) -> str:
    """``text`` with the separators a Chinese input method types: 、 between list items, ； and （）."""
    return text.replace(",", "、").replace(";", "；").replace("(", "（").replace(")", "）")


def ascii_twin(text: str) -> str:
    """What ``text`` says in ASCII, written out by hand (not by the code under test): full-width
    characters and the ideographic space back to ASCII, 、 a comma."""
    return "".join(chr(ord(c) - 0xFEE0) if "！" <= c <= "～" else " " if c == "\u3000" else "," if c == "、" else c
                   for c in text)


def in_brackets(text: str) -> str:
    """Each pair as written on paper: 3,5 2,7 is (3,5) (2,7)."""
    return re.sub(r"([0-9]+,[0-9]+)", r"(\1)", text)


def message(html: str) -> str:
    """The error a page shows (a widget's, play's, the quiz's, the join form's), as read."""
    found = re.findall(r'role="alert"[^>]*>(.*?)</(?:p|div)>', html, re.S)
    return " ".join(re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", f))).strip() for f in found)


def without_tokens(html: str) -> str:
    """A page without what differs from one browser to the next (its CSRF token)."""
    return re.sub(r'(name="csrf_token" value="|data-csrf=")[^"]*"', r'\1"', html)


# ------------------------------------------------------------------ widgets, from their specs


def _applies(widget: str, p: Param) -> dict[str, str]:
    return dict([p.applies_when]) if p.applies_when else {}


def _value(widget: str, p: Param) -> str | None:
    """A value the parameter reads, written in ASCII (None: not a typed number or notation)."""
    if (widget, p.name) in VALUES:
        return VALUES[(widget, p.name)]
    if p.kind in NUMERIC:
        return p.default or str(max(p.lo, 1) if p.kind != "int" else p.lo)
    if p.kind == "text":
        return p.default if re.search(r"[0-9]", p.default) else TEXT_EXAMPLES.get((widget, p.name))
    return None


FIELDS = [(w, p) for w, spec in WIDGETS.items() for p in spec.params if _value(w, p) is not None]


def test_every_text_parameter_has_an_example() -> None:
    """A new widget's text parameter is typed too: it needs a value here until its default has one."""
    missing = [(w, p.name) for w, spec in WIDGETS.items() for p in spec.params
               if p.kind == "text" and _value(w, p) is None]
    assert missing == []
    assert len(FIELDS) > 50


def _query(widget: str, p: Param, value: str) -> str:
    return urlencode(COMPANIONS.get((widget, p.name), {}) | _applies(widget, p) | {p.name: value})


@pytest.mark.parametrize("widget, p", FIELDS, ids=[f"{w}-{p.name}" for w, p in FIELDS])
def test_a_widget_reads_a_phones_digits_and_punctuation_as_ascii(client: FlaskClient, widget: str, p: Param) -> None:
    value = _value(widget, p)
    assert value is not None
    values = [value] + ([in_brackets(value)] if (widget, p.name) in PAIR_FIELDS else [])
    for written in values:
        ascii_page = client.get(f"/zh/w/{widget}?{_query(widget, p, written)}", headers=HX)
        assert ascii_page.status_code == 200, (widget, p.name, written, message(ascii_page.text))
        for typed_value in {phone(written), chinese_punctuation(written), phone(chinese_punctuation(written))} - {written}:
            assert ascii_twin(typed_value) == written
            page = client.get(f"/zh/w/{widget}?{_query(widget, p, typed_value)}", headers=HX)
            assert (page.status_code, page.text) == (200, ascii_page.text), (widget, p.name, typed_value, message(page.text))


@pytest.mark.parametrize("widget, p", FIELDS, ids=[f"{w}-{p.name}" for w, p in FIELDS])
def test_a_widget_refuses_other_scripts_digits_and_says_why(client: FlaskClient, widget: str, p: Param) -> None:
    for digits, language, why in (("١٢", "/zh", "不是 0 到 9 中的数字"), ("①", "", "write numbers with the digits 0 to 9"),
                                  ("3,²", "", "write numbers with the digits 0 to 9")):
        page = client.get(f"{language}/w/{widget}?{_query(widget, p, digits)}", headers=HX)
        assert page.status_code == 400, (widget, p.name, digits)
        said = message(page.text)
        assert why in said and quoted(str(foreign_digit(digits))) in said, said


NON_NEGATIVE = [(w, p) for w, p in FIELDS if (p.kind in NUMERIC and p.lo == 0) or (w, p.name) in NON_NEGATIVE_TEXT]


@pytest.mark.parametrize("widget, p", NON_NEGATIVE, ids=[f"{w}-{p.name}" for w, p in NON_NEGATIVE])
def test_a_widget_says_a_negative_number_is_not_a_whole_number_at_least_0(client: FlaskClient, widget: str, p: Param) -> None:
    value = "3,-1" if p.kind != "int" and p.kind != "text" else "-1"
    page = client.get(f"/zh/w/{widget}?{_query(widget, p, value)}", headers=HX)
    assert page.status_code == 400 and "非负整数" in message(page.text), (widget, p.name, message(page.text))
    english = client.get(f"/w/{widget}?{_query(widget, p, value)}", headers=HX)
    assert "≥ 0" in message(english.text) or "from 0 to" in message(english.text), message(english.text)


# What a reader may send that Python's repr would escape: an ideographic space between digits,
# a control character, a right-to-left override, a tab.
ESCAPED = ["３\u3000５", "3\x005", "\u202e12", "1\t2\n", "ｘ\u3000ｙ"]


@pytest.mark.parametrize("widget", list(WIDGETS))
def test_no_widget_message_shows_an_escape(client: FlaskClient, widget: str) -> None:
    for p in WIDGETS[widget].params:
        for value in ESCAPED:
            page = client.get(f"/zh/w/{widget}?{urlencode(_applies(widget, p) | {p.name: value})}", headers=HX)
            said = message(page.text)
            assert "\\" not in said and "\u3000" not in said and "\u202e" not in said, (widget, p.name, said)


# ------------------------------------------------------------------ play and the quiz, from the game registry


def _rule(key: str) -> dict[str, str]:
    return dict(SPECS[key].default_rule)


@pytest.mark.parametrize("game", list(SPECS))
def test_play_reads_a_phones_start_rule_and_moves(client: FlaskClient, game: str) -> None:
    spec, arena = SPECS[game], make_arena(game, _rule(game))
    start_text = spec.start
    moves = arena.format(arena.computer_move(arena.parse(start_text)).after)  # a legal move (a turn, in every-SG)
    for extra in ({}, {"moves": moves}):
        ascii_query = _rule(game) | {"start": start_text, "first": "you"} | extra
        ascii_page = client.get(f"/zh/play/{game}?{urlencode(ascii_query)}", headers=HX)
        assert ascii_page.status_code == 200, message(ascii_page.text)
        for write in (phone, lambda t: phone(chinese_punctuation(t))):
            query = {k: write(v) if k not in ("first",) else v for k, v in ascii_query.items()}
            page = client.get(f"/zh/play/{game}?{urlencode(query)}", headers=HX)
            assert page.status_code == 200, (game, query, message(page.text))
            assert page.text == ascii_page.text, (game, query)


@pytest.mark.parametrize("game", list(SPECS))
def test_play_refuses_other_scripts_digits_and_says_why(client: FlaskClient, game: str) -> None:
    page = client.get(f"/zh/play/{game}?{urlencode(_rule(game) | {'start': '١٢', 'first': 'you'})}", headers=HX)
    assert page.status_code == 400 and "不是 0 到 9 中的数字" in message(page.text), message(page.text)
    for key in SPECS[game].rule_keys:
        page = client.get(f"/play/{game}?{urlencode(_rule(game) | {key: '²', 'first': 'you'})}", headers=HX)
        assert page.status_code == 400 and "write numbers with the digits 0 to 9" in message(page.text), message(page.text)


@pytest.mark.parametrize("game", [g for g, s in SPECS.items() if s.family in ("nim", "bash", "subtraction", "octal")])
def test_play_says_a_negative_heap_is_not_a_whole_number_at_least_0(client: FlaskClient, game: str) -> None:
    page = client.get(f"/zh/play/{game}?start=-1&first=you", headers=HX)
    assert page.status_code == 400 and "非负整数" in message(page.text) and "必须是整数" not in message(page.text)


@pytest.mark.parametrize("game", list(SPECS))
def test_no_play_message_shows_an_escape(client: FlaskClient, game: str) -> None:
    for value in ESCAPED:
        for key in ("start", *SPECS[game].rule_keys):
            page = client.get(f"/zh/play/{game}?{urlencode(_rule(game) | {key: value, 'first': 'you'})}", headers=HX)
            said = message(page.text)  # "1\t2" may be a position; a control character never is
            assert "\\" not in said and "\u3000" not in said and (page.status_code == 400) >= ("\x00" in value), (game, key, said)


def _n_question(game: str) -> tuple[int, str]:
    """A level-1 seed whose position is N, and the position a winning move leaves, in ASCII."""
    for seed in range(1, 300):
        q = question(game, 1, seed)
        if q.outcome() == "N" and not q.arena.every_turn:
            return seed, q.arena.format(q.arena.winning_moves(q.position, 1)[0].after)
    raise AssertionError(f"no N question for {game}")


QUIZ_GAMES = [g for g, s in SPECS.items() if not s.arena_type.every_turn]  # every-SG's move is a turn chosen game by game


@pytest.mark.parametrize("game", QUIZ_GAMES)
def test_the_quiz_reads_a_phones_question_and_answer(app: Flask, game: str) -> None:
    seed, after = _n_question(game)
    pages = []
    for write in (str, phone, lambda t: phone(chinese_punctuation(t))):
        client = app.test_client()
        shown = client.get(f"/zh/quiz/q?game={game}&level={write('1')}&seed={write(str(seed))}", headers=HX)
        assert shown.status_code == 200, message(shown.text)
        fields = {"game": game, "level": write("1"), "seed": write(str(seed))}
        assert client.post("/zh/quiz/answer", data=fields | {"says": "N"}, headers=HX).status_code == 200
        moved = client.post("/zh/quiz/move", data=fields | {"after": write(after)}, headers=HX)
        assert moved.status_code == 200, (game, write(after), message(moved.text))
        pages.append((without_tokens(shown.text), without_tokens(moved.text)))
    assert pages[1] == pages[0] and pages[2] == pages[0]


def test_the_quiz_refuses_other_digits_and_negative_seeds_and_says_why(client: FlaskClient) -> None:
    foreign = client.get("/zh/quiz/q?game=nim&level=1&seed=١٢", headers=HX)
    assert foreign.status_code == 400 and "不是 0 到 9 中的数字" in message(foreign.text)
    negative = client.get("/zh/quiz/q?game=nim&level=1&seed=-1", headers=HX)
    assert negative.status_code == 400 and "非负整数" in message(negative.text)
    seed, _after = _n_question("nim")
    fields = {"game": "nim", "level": "1", "seed": str(seed)}
    client.post("/zh/quiz/answer", data=fields | {"says": "N"}, headers=HX)
    for after, why in (("١,٢", "不是 0 到 9 中的数字"), ("-1,3", "非负整数"), ("３\u3000\x00", "")):
        moved = client.post("/zh/quiz/move", data=fields | {"after": after}, headers=HX)
        said = message(moved.text)
        assert moved.status_code == 400 and why in said and "\\" not in said, said


# ------------------------------------------------------------------ the live class


def test_a_class_code_typed_full_width_finds_the_class(app: Flask) -> None:
    _, code = start(app)
    student = person(app)
    for typed_code in (phone(code), phone(code.lower()), phone(f"{code[:3]} {code[3:]}"), f"{code[:3]}\u3000{code[3:]}"):
        r = student.get("/zh/join", query_string={"code": typed_code})
        assert r.status_code == 303 and r.headers["Location"].endswith(f"/class/{code}"), (typed_code, message(r.text))
    refused = student.get("/zh/join", query_string={"code": "١٢٣ABC"})
    assert refused.status_code == 400 and "不是 0 到 9 中的数字" in message(refused.text)
    escaped = student.get("/zh/join", query_string={"code": "AC\x00E\u3000"})
    assert escaped.status_code in (400, 404) and "\\" not in message(escaped.text)


def test_a_posed_position_and_an_answer_typed_on_a_phone(app: Flask) -> None:
    teacher, code = start(app)
    student = person(app)
    assert student.get(f"/join?code={code}").status_code == 303 and student.get(f"/class/{code}").status_code == 200
    student.get(f"/class/{code}/live")
    r = teacher.post(f"/zh/class/{code}/round", data={"game": "wythoff", "level": "１", "position": "（３，５）；（２，４）"})
    assert r.status_code == 303, message(r.text)
    number = room_of(app, code).round
    assert app.extensions["grundy.classes"].round_of(code, number).position == "3,5;2,4"
    r = student.post(f"/zh/class/{code}/answer", data={"round": str(number), "says": "N", "after": "（３，５）；（１，２）"})
    assert r.status_code == 303, message(r.text)
    given = app.extensions["grundy.classes"].answer_of(code, number, sid_of(student))
    assert given is not None and given.says == "N" and given.wins is True  # (2,4) to (1,2): a winning move
    teacher.post(f"/class/{code}/reveal")
    for position, why in (("١,٢", "不是 0 到 9 中的数字"), ("-1,3", "非负整数"), ("３\u3000\x00", "")):
        r = teacher.post(f"/zh/class/{code}/round", data={"game": "nim", "level": "1", "position": position}, headers=HX)
        said = message(r.text)
        assert r.status_code == 400 and why in said and "\\" not in said, said


def test_the_posed_position_is_stored_as_ascii(app: Flask) -> None:
    teacher, code = start(app)
    r = teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "３，５、７"})
    assert r.status_code == 303
    store = app.extensions["grundy.classes"]
    assert store.round_of(code, room_of(app, code).round).position == "3,5,7"


# ------------------------------------------------------------------ the command line


@pytest.mark.parametrize("args, same", [
    (["solve", "nim", "３", "５"], ["solve", "nim", "3", "5"]),
    (["solve", "wythoff", "３，５"], ["solve", "wythoff", "3,5"]),
    (["solve", "bash", "７", "--max", "３"], ["solve", "bash", "7", "--max", "3"]),
    (["table", "nim", "--upto", "１０"], ["table", "nim", "--upto", "10"]),
])
def test_the_command_line_reads_a_phones_digits(args: list[str], same: list[str]) -> None:
    runner = CliRunner()
    assert runner.invoke(main, args).stdout == runner.invoke(main, same).stdout != ""


def test_the_command_line_refuses_other_digits_and_says_why() -> None:
    result = CliRunner().invoke(main, ["solve", "nim", "١٢"])
    assert result.exit_code == 2 and "'١٢' has '١' in it: write numbers with the digits 0 to 9" in result.stderr


# ------------------------------------------------------------------ the one normalisation


def test_typed_text_is_read_once_and_bounded() -> None:
    assert typed("（３，５）、７；８：９\u3000ＡＣＥ") == "(3,5),7;8:9 ACE"
    assert typed(typed("３，５")) == typed("３，５") == "3,5"  # reading it again changes nothing
    assert typed("①２²") == "①2²" and typed("١٢") == "١٢"  # digits of other scripts stay, to be refused
    long = "３" * 5000  # longer than a request line: left as it is, for the field's own bound to refuse
    assert typed(long) is long
    assert quoted("3\x00\u3000\u202e") == "'3\ufffd\ufffd\ufffd'" and quoted("x" * 50, 20) == "'" + "x" * 20 + "…'"


# ------------------------------------------------------------------ notations a reader sees


def test_the_circular_games_notation_has_no_english_word(client: FlaskClient) -> None:
    """A row by its length, a ring ○9, nothing left 0: the same page from the old notation
    (row8, none), which is still read."""
    arena = make_arena("circle")
    assert arena.format(arena.parse("row3 row4")) == "3,4" and arena.format(arena.parse("9")) == "9"
    assert arena.format(arena.parse(f"{RING_MARK}9")) == arena.format(arena.parse("ring 9")) == arena.format(arena.parse("环 9")) == "○9"
    assert arena.format(arena.parse("none")) == arena.format(arena.parse("0")) == "0"
    new = client.get("/zh/play/circle?k=2&start=8&first=computer&moves=3,3/1,1,3", headers=HX)
    old = client.get("/zh/play/circle?k=2&start=row8&first=computer&moves=row3,row3/row1,row1,row3", headers=HX)
    assert new.status_code == old.status_code == 200 and new.text == old.text
    text = unescape(re.sub(r"<[^>]+>", " ", client.get("/zh/play/circle?k=2&start=2&first=you&moves=0").text))
    assert not re.search(r"\brow\d|\bnone\b|\bring\d", text)
    for level in (1, 2):  # a ring; rows (the answer's hint says how to write them)
        quiz = unescape(re.sub(r"<[^>]+>", " ", client.get(f"/zh/quiz/q?game=circle&level={level}&seed=5").text))
        assert not re.search(r"\brow\d|\bnone\b|\bring\d", quiz)


def test_k_multiple_writes_the_empty_heap_as_the_lesson_does(client: FlaskClient) -> None:
    arena = make_arena("k-multiple", {"k": "2"})
    assert arena.format(arena.parse("0,0")) == "0,0" and arena.format(arena.parse("0:5")) == "0"
    page = client.get("/zh/play/k-multiple?k=2&start=0,0&first=you", headers=HX)
    assert page.status_code == 400 and "从 0,0 出发" in message(page.text) and "0:1" not in message(page.text)
    over = client.get("/zh/play/k-multiple?k=2&start=2&first=you&moves=1:2/0", headers=HX)
    assert over.status_code == 200 and "0:" not in re.sub(r'value="[^"]*"|href="[^"]*"', "", over.text)
