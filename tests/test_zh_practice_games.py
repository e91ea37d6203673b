"""The practice games' own words in Chinese (issue 15): every game's quiz reasons, rules, titles,
hints, nouns and bounds, said under a /zh/ request in the Chinese lessons' terms, and the English
ones exactly as they were."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.games.core import GameError
from grundy.i18n import _
from grundy.practice.games import SPECS, make_arena
from grundy.practice.quiz import question
from grundy.words import error_message
from tests.english import WORD, english_left, is_english

ZH = {"grundy.language": "zh", "SCRIPT_NAME": "/zh"}
# What a learner types, quoted in a hint: none is English any more (the circular game's rows are
# their lengths, its ring ○9, no coin or bomb left 0: grundy.games.circle).
TYPED: set[str] = set()
HAN = re.compile(r"[\u4e00-\u9fff]")


# The app is the test session's own (tests/conftest.py): these tests need nothing else of it.


@pytest.fixture()
def zh(app: Flask) -> Iterator[None]:
    with app.test_request_context("/", environ_overrides=ZH):
        yield


def english_words(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if is_english(w) and w not in TYPED]


def assert_chinese(text: str, where: object) -> None:
    assert HAN.search(text), f"{where}: no Chinese in {text!r}"
    assert not english_words(text), f"{where}: English {english_words(text)} in {text!r}"


# Reasons the English page gives, word for word (the English tests and the lessons quote them).
ENGLISH = [
    ("bash", {"m": "3"}, "13", "13 mod 4 = 1, not 0, so it is N: take 1 to leave 12, a multiple of 4."),
    ("bash", {"m": "3"}, "12", "12 = 3 × 4, a multiple of m + 1 = 4, so it is P: whatever you take (1 to 3), the opponent"
     " takes the rest of 4 and keeps the heap a multiple."),
    ("subtraction", {"set": "1,3,4"}, "19", "The SG values repeat every 7 (0, 1, 0, 1, 2, 3, 2, then again), so SG(19) ="
     " SG(5) = 3, and 19 is N: some move reaches a position of SG 0."),
    ("powers-of-two", {}, "12", "12 mod 3 = 0, so it is P: a power of two is never a multiple of 3, so every move leaves a"
     " heap that is not one, and the opponent takes 1 or 2 to make it a multiple of 3 again."),
    ("nim", {}, "3,4,5", "3 ⊕ 4 ⊕ 5 = 2, not 0, so the position is N. Its highest 1 is the 2s column; a heap with a 1"
     " there shrinks to heap ⊕ 2, and the XOR becomes 0."),
    ("misere-nim", {}, "1,1,1", "Every heap is 0 or 1, so the players just take turns removing the 3 ones; the player to"
     " move takes the last coin, and loses, exactly when that number is odd. 3 is odd, so the position is P."),
    ("wythoff", {}, "6,10", "The piles differ by k = 4, and the k-th P-position is (⌊kφ⌋, ⌊kφ⌋ + k) = (6, 10): these"
     " piles, so the position is P."),
    ("kiki", {}, "9x6", "On a 9×6 board the coin starts with d = 8 cells below it and l = 5 to its left (lesson 8's"
     " distances): l is odd, so it is N. The winning move makes both even: left."),
    ("marbles", {}, "12,21", "No marble is on a home line, so no one can win at once, and moving onto one hands the win"
     " to the opponent. What is left is the cut-down game, and its P-squares are Wythoff's pairs (1,2), (3,5), (4,7),"
     " (6,10), … in either order: the pair holding 12 is (12, 20), not (12, 21), so the position is N."),
    ("bomb", {}, "2,30", "Lesson 8's table: row 2 is all 0s from (2, 3) on, so SG(2,30) = 0 and the position is P."),
    ("k-multiple", {"k": "2"}, "20", "Write 20 in the losing numbers for k = 2 (Zeckendorf: the Fibonacci numbers): 20 ="
     " 13 + 5 + 2, the smallest part 2, at most the 19 the next move may take, so it is N: take 2. What is left"
     " (13 + 5) has a smallest part more than 2 × 2, out of your opponent's reach."),
    ("kayles", {}, "9", "A single row of 9 is N: the first player can leave two equal rows — knock down the middle pin"
     " (odd rows) or the middle two (even rows), and then copy each of the opponent's moves in the other row, so the"
     " opponent runs out of moves first."),
    ("every-euclid", {}, "3,5;2,7", "In every-SG the game that finishes last decides, and each game lasts its step count"
     " (its winner plays long, its loser short). Step counts: (3,5) 3, (2,7) 3. The largest, 3, is odd, so the player"
     " to move makes the last move of the longest game: the position is N. To win, move in each game you are winning"
     " to the P-position with the most steps left, and in each game you are losing to the position with the fewest."),
    ("circle", {"k": "2"}, "○9", "A ring of 9 is P: the first move leaves one row, and the reply leaves two equal rows —"
     " it takes the middle 1 or 2 coins of the row; after that the second player copies every move in the other row"
     " and moves last."),
    ("staircase", {}, "3,5,4,2,6", "Only the odd steps count: 3 ⊕ 4 ⊕ 6 = 1, not 0, so it is N: slide coins so that the"
     " odd steps XOR to 0, as in Nim."),
    ("mock-turtles", {}, "THHTTH THT", "A head at x is worth the x-th odious number (2x or 2x + 1, whichever has an odd"
     " number of 1s): heads at 1, 2, 5, worth 2 ⊕ 4 ⊕ 11 = 13; heads at 1, worth 2; together 15. That is not 0, so it"
     " is N: turn over a head x and up to two coins to its left whose values XOR to g(x) ⊕ 15."),
]


@pytest.mark.parametrize("game, rule, position, said", ENGLISH)
def test_the_english_reasons_are_unchanged(app: Flask, game: str, rule: dict[str, str], position: str, said: str) -> None:
    arena = make_arena(game, rule)
    assert arena.reason(arena.parse(position)) == said  # outside a request
    with app.test_request_context("/"):
        assert arena.reason(arena.parse(position)) == said


# The Chinese of a few reasons, as a teacher would say them (the lessons' terms: 必败数, 最小分项, 回家线…).
CHINESE = [
    ("bash", {"m": "3"}, "13", "13 mod 4 = 1，不为 0，所以是 N：取 1 个，留下 12 个，正是 4 的倍数。"),
    ("bash", {"m": "3"}, "12", "12 = 3 × 4，是 m + 1 = 4 的倍数，所以是 P：你取 t 个（1 ≤ t ≤ 3），对手就取 m + 1 − t 个，"
     "堆始终是 4 的倍数。"),
    ("nim", {}, "3,4,5", "3 ⊕ 4 ⊕ 5 = 2，不为 0，所以这个局面是 N。异或和的最高位 1 在 2 位那一列；任选一个在这一列为 1 的堆 a，"
     "把它减到 a ⊕ 2，异或和就变成 0。"),
    ("k-multiple", {"k": "2"}, "20", "把 20 写成 k = 2 的必败数（齐肯多夫：斐波那契数）之和：20 = 13 + 5 + 2，最小分项是 2，"
     "不超过下一步最多能取的 19 个，所以是 N：取走 2 个。剩下的（13 + 5）最小分项大于 2 × 2，对手够不着。"),
    ("marbles", {}, "0,5", "0,5 上的弹珠在第 0 行，这是一条回家线，所以它一步就能回到 (0, 0)：这个局面是 N，这一步立刻获胜。"
     "把弹珠移上回家线，等于当场认输。"),
    ("every-euclid", {}, "3,5;2,7", "在 Every-SG 游戏里，最后结束的那一局决定胜负，而每一局要走的正是它的步数（赢家尽量拖，"
     "输家尽快结束）。各局步数：(3,5) 3 步、(2,7) 3 步。最大的步数 3 是奇数，所以最长那一局的最后一步由先手走：这个局面是 N。"
     "要赢，就在能赢的每一局里走到剩余步数最多的 P 局面，在要输的每一局里走到剩余步数最少的局面。"),
    ("mock-turtles", {}, "THHTH", "位置 x 上的正面，值是 2x 和 2x + 1 中二进制里有奇数个 1 的那个：正面在 1、2、4，"
     "值为 2 ⊕ 4 ⊕ 8 = 14。它不为 0，所以是 N：翻动一个正面 x，再翻动它左边至多两枚硬币，这几枚的值异或起来要等于 g(x) ⊕ 14。"),
]


@pytest.mark.parametrize("game, rule, position, said", CHINESE)
def test_key_reasons_read_as_the_lessons_say_them(zh: None, game: str, rule: dict[str, str], position: str,
                                                   said: str) -> None:
    arena = make_arena(game, rule)
    assert arena.reason(arena.parse(position)) == said


def reasons(game: str) -> Iterator[tuple[str, str]]:
    """Every reason a few quiz questions of each level give, revealing the move or not, and the
    reasons of the positions their moves leave (a losing move's explanation)."""
    for level in (1, 2, 3):
        for seed in range(6):
            q = question(game, level, seed)
            where = f"{game} level {level} seed {seed}"
            for reveal in (True, False):
                yield where, q.arena.reason(q.position, reveal_move=reveal)
            for move in q.arena.moves(q.position)[:3]:
                yield f"{where} after {q.arena.format(move.after)}", q.arena.reason(move.after, reveal_move=True)


@pytest.mark.parametrize("game", list(SPECS))
def test_every_games_reasons_hold_no_english(zh: None, game: str) -> None:
    for where, said in reasons(game):
        assert_chinese(said, where)


# The corners the draws rarely reach: empty games, single pins and coins, every line of the Bomb
# table, every home line, each K of the circular game, a single losing number.
CORNERS = [
    ("bash", {}, "0"), ("misere-nim", {}, "0,0"), ("misere-nim", {}, "1"), ("misere-nim", {}, "1,1"),
    ("misere-nim", {}, "3,5,1"), ("misere-nim", {}, "1,2,3"), ("subtraction", {"set": "2,3"}, "3"),
    ("subtraction", {"set": "3,4,5"}, "200"), ("powers-of-two", {}, "10"), ("nim", {}, "1,2,3"),
    ("bomb", {}, "1,1"), ("bomb", {}, "1,5"), ("bomb", {}, "5,1"), ("bomb", {}, "6,6"), ("bomb", {}, "7,2"),
    ("bomb", {}, "2,7"), ("bomb", {}, "4,5"), ("bomb", {}, "3,4;2,2"), ("marbles", {}, "5,0"), ("marbles", {}, "4,4"),
    ("marbles", {}, "3,5"), ("marbles", {}, "5,8;3,7"), ("marbles", {}, "0,0;3,4"), ("kiki", {}, "7x7"),
    ("kiki", {}, "8x8"), ("kiki", {}, "8x7"), ("wythoff", {}, "0,0"), ("k-multiple", {"k": "1"}, "8"),
    ("k-multiple", {"k": "1"}, "7"), ("k-multiple", {"k": "3"}, "30"),
    ("k-multiple", {"k": "2"}, "1:1"), ("kayles", {}, "4,7"), ("grundys-game", {}, "9,5"), ("every-euclid", {}, "3,5;2,1"),
    ("every-euclid", {}, "0,5;3,0"), ("circle", {"k": "1"}, "○1"), ("circle", {"k": "1"}, "○7"), ("circle", {"k": "1"}, "○8"),
    ("circle", {"k": "3"}, "○3"), ("circle", {"k": "2"}, "2"), ("circle", {"k": "2"}, "4 7"), ("circle", {"k": "2"}, "row4 row7"),
    ("staircase", {}, "2,7,2"), ("staircase", {}, "3,5,4;1,1"), ("mock-turtles", {}, "TTT"), ("mock-turtles", {}, "H"),
]


@pytest.mark.parametrize("game, rule, position", CORNERS)
def test_the_corner_cases_hold_no_english_either(zh: None, game: str, rule: dict[str, str], position: str) -> None:
    arena = make_arena(game, rule)
    parsed = arena.parse(position)
    for reveal in (True, False):
        assert_chinese(arena.reason(parsed, reveal_move=reveal), (game, position, reveal))


def test_the_bombs_gone_and_the_marble_home_are_said_too(zh: None) -> None:
    assert_chinese(make_arena("bomb").reason(()), "no bombs")
    assert_chinese(make_arena("k-multiple").reason(((0, 0),)), "no stones")
    assert_chinese(make_arena("marbles").reason(((0, 0), (3, 4))), "marble home")
    assert make_arena("marbles").reason(((0, 0),)) == "有一颗弹珠在 (0, 0)：游戏已经结束，把它移到那里的人赢了。"


@pytest.mark.parametrize("game", list(SPECS))
def test_every_games_words_are_chinese(zh: None, game: str) -> None:
    """The words the pages show from a spec: the title, the rule (under each rule the quiz draws),
    the ending, the hints, the nouns, where a move was made, the level names, the labels."""
    spec = SPECS[game]
    shown: list[Any] = [spec.title, spec.ending, spec.answer_hint, *spec.noun, *spec.levels.values(),
                        *spec.rule_labels.values()]
    shown += [text for text in (spec.answer_hint_one, spec.finished_text, spec.picture_args.get("label")) if text]
    for text in shown:
        said = _(text)
        if text not in ("Kayles",):  # a name the Chinese lessons keep
            assert said != text, f"{game}: no Chinese for {text!r}"
        assert not english_words(re.sub(r"%\(\w+\)s", "", said)), f"{game}: {said!r}"  # a label's %(number)s
    if spec.where:
        assert_chinese(_(spec.where).format(2), (game, spec.where))
    for level in (1, 2, 3):
        assert_chinese(question(game, level, 0).arena.rule_text, (game, "rule", level))
    if spec.rule_keys:
        assert_chinese(spec.arena(spec.default_rule).rule_text, (game, "default rule"))


def test_the_rules_say_their_numbers(zh: None) -> None:
    assert make_arena("bash", {"m": "5"}).rule_text == "从一堆里取 1 到 5 个石子"
    assert make_arena("subtraction", {"set": "1,3,4"}).rule_text == "从一堆里取 s 个石子，s 属于 S = {1, 3, 4}"
    assert make_arena("circle", {"k": "3"}).rule_text.startswith("取走 1 到 3 枚相邻的硬币；")
    assert make_arena("k-multiple", {"k": "1"}).rule_text.endswith("至多和上一步一样多")
    assert make_arena("k-multiple", {"k": "4"}).rule_text.endswith("至多取上一步的 4 倍")


BOUNDS = [
    ("subtraction", {"set": "1,2,3,4,5,6,7"}, None, "集合 S 至多只能有 6 个数"),
    ("subtraction", {"set": "1,30"}, None, "S 中的数"),
    ("bash", {"m": "99"}, None, "m（每次取 1 到 m 个）"),
    ("nim", {}, "3,2000000", "每堆的石子数必须在 0 到 1,000,000 之间"),
    ("k-multiple", {}, "20000", "这里一堆至多 10,000 个石子"),
    ("circle", {}, "99", "这里一个环或一行至多 60 枚硬币"),
    ("staircase", {}, ",".join(["1"] * 14), "这里一段楼梯至多 12 级"),
    ("staircase", {}, "100", "每一级的硬币数"),
    ("mock-turtles", {}, "H" * 20, "这里一行至多 16 枚硬币"),
    ("kiki", {}, "200000x3", "棋盘的边长"),
    ("kayles", {}, "2000", "一排的木柱数"),
    ("wythoff", {}, "3,2000000", "每堆的石子数"),
    ("every-euclid", {}, "3,200", "每堆的石子数"),
]


@pytest.mark.parametrize("game, rule, position, said", BOUNDS)
def test_practices_bounds_are_said_in_chinese(zh: None, game: str, rule: dict[str, str], position: str | None,
                                              said: str) -> None:
    with pytest.raises(GameError) as caught:
        arena = make_arena(game, rule)
        if position is not None:
            arena.parse(position)
    message = error_message(caught.value)
    assert said in message and not english_words(message), message


def test_the_bomb_games_measured_bound_is_said_in_chinese(zh: None) -> None:
    said = make_arena("bomb").unplayable(((5, 5),))
    assert said is not None and "至多只下 2 颗炸弹" in said and not english_words(said)


def test_the_same_bounds_stay_english_on_english_pages(app: Flask) -> None:
    with app.test_request_context("/"), pytest.raises(GameError) as caught:
        make_arena("subtraction", {"set": "1,2,3,4,5,6,7"})
    assert error_message(caught.value) == "S holds at most 6 amounts"
    with app.test_request_context("/"):
        assert make_arena("bomb").unplayable(((5, 4),)) == (
            "bombs multiply as they explode, so the computer plays at most 2 bombs within rows and columns 1 to 4,"
            " none larger than 3×4 and together at most 21 cells")


# ------------------------------------------------------------------ through the site


def reason_of(page: str) -> list[str]:
    return re.findall(r'<p class="reason">(.*?)</p>', page, re.S)


@pytest.mark.parametrize("game", ["bash", "wythoff", "marbles", "k-multiple", "every-euclid", "mock-turtles"])
def test_a_chinese_quiz_answer_explains_in_chinese(app: Flask, game: str) -> None:
    client: FlaskClient = app.test_client()
    q = question(game, 1, 2)
    english = client.post("/quiz/answer", data={"game": game, "level": 1, "seed": 2, "says": q.outcome()})
    chinese = client.post("/zh/quiz/answer", data={"game": game, "level": 1, "seed": 2, "says": q.outcome()})
    assert english.status_code == chinese.status_code == 200
    said, told = reason_of(chinese.get_data(as_text=True)), reason_of(english.get_data(as_text=True))
    assert said and told and said != told
    for text in said:
        assert not english_left(f"<p>{text}</p>"), text
    assert q.arena.reason(q.position, reveal_move=q.outcome() == "P").replace("'", "&#39;") in told


def test_a_bad_rule_gets_its_400_in_chinese(app: Flask) -> None:
    client = app.test_client()
    r = client.get("/zh/play/subtraction?set=1,2,3,4,5,6,7&start=9")
    assert r.status_code == 400 and "集合 S 至多只能有 6 个数" in r.get_data(as_text=True)
    r = client.get("/zh/play/bomb?start=5,5")
    assert r.status_code == 400 and "炸弹会越炸越多" in r.get_data(as_text=True)
    r = client.get("/play/bomb?start=5,5")
    assert r.status_code == 400 and "at most 2 bombs within rows and columns 1 to 4" in r.get_data(as_text=True)
