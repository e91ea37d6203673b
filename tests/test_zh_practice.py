"""The quiz and play-against-the-computer pages in Chinese (issue 15): their frame, feedback and
messages are Chinese at /zh/, a bad parameter's 400 says why in Chinese, and the English pages
say what they said before.

The words a game's own file gives (its title, rule, ending, nouns, hints, reasons) and the
lessons' widgets shown as visuals are translated elsewhere; :func:`practice_english` reads a page
with those parts set aside while they are still English, so what it finds is this part's own."""
from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from itertools import product
from typing import Any
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient

import grundy.web.widgets as widget_routes
from grundy import create_app
from grundy.games.core import GameError
from grundy.i18n import _
from grundy.practice.games import SPECS
from grundy.practice.quiz import question, winning_moves
from grundy.web.language import ENVIRON_KEY
from grundy.web.practice import tidy
from tests.english import english_left, is_english


# The app is the test session's own (tests/conftest.py): these tests need nothing else of it.


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@contextmanager
def chinese(app: Flask) -> Iterator[None]:
    with app.test_request_context("/", environ_overrides={ENVIRON_KEY: "zh", "SCRIPT_NAME": "/zh"}):
        yield


def _still_english(text: str) -> bool:
    return any(is_english(w) for w in re.findall(r"[A-Za-z][A-Za-z'’]*", text))


def _others_words(app: Flask) -> list[str]:
    """The games' own words as a Chinese page shows them, where they are still English (the
    longest first, so a rule is set aside before a noun inside it)."""
    said: set[str] = set()
    with chinese(app):
        for spec in SPECS.values():
            arena = spec.arena()
            texts = [spec.title, spec.ending, *spec.noun, spec.answer_hint, spec.answer_hint_one, spec.finished_text,
                     *spec.rule_labels.values(), *spec.levels.values(), str(spec.picture_args.get("label", ""))]
            shown = [str(_(t)) for t in texts if t] + [arena.rule_text] + [arena.where(i) for i in range(8)]
            for key, values in (("m", range(1, 21)), ("k", range(1, 7)), ("set", ("1,3", "1,3,4", "2,3", "1,2", "1,4", "2,5"))):
                for value in values if key in spec.rule_keys else ():  # the rules the quiz draws
                    try:
                        shown.append(spec.arena({key: str(value)}).rule_text)
                    except GameError:
                        pass
            for text in shown:
                if text and _still_english(text):
                    said |= {text, text[:1].upper() + text[1:], text.lower()}
    return sorted(said, key=len, reverse=True)


# Positions and values written as the site's notation, not words: rows of coins (THHTH), a URL's
# values and the games' keys, quoted. (The circular game's rows and an empty position are numbers:
# no row5 or none is left to set aside.)
NOTATION = re.compile(r"\b[HT]{2,}\b|'[a-z-]+'|(?:[a-z-]+, ){3,}[a-z-]+")


def practice_english(app: Flask, html: str) -> list[str]:
    """English left on a practice page, with the parts other files say set aside: the games'
    words (while still English), the reason a game's spec gives, and the lesson's widget."""
    html = re.sub(r'<(p|div) class="(reason|quiz-visual)"', r'<\1 translate="no" class="\2"', html)
    html = NOTATION.sub("", html.replace("&#39;", "'"))
    for text in _others_words(app):
        html = html.replace(text, "")
    return english_left(html)


def body(response) -> str:  # type: ignore[no-untyped-def]
    return str(response.get_data(as_text=True))


def follow(client: FlaskClient, path: str):  # type: ignore[no-untyped-def]
    response = client.get(path)
    while response.status_code in (302, 303):
        response = client.get(response.headers["Location"])
    return response


def n_question(game: str) -> tuple[str, str, str]:
    """A level-1 seed whose position is N and has a losing move: (seed, a losing after, a winning after)."""
    for seed in range(1, 200):
        q = question(game, 1, seed)
        if q.outcome() != "N":
            continue
        if q.arena.every_turn:  # a turn moves in every game: try the turns game by game
            options = [[m.after[0] for m in q.arena.moves(q.position) if m.component == i] or [c]
                       for i, c in enumerate(q.position)]
            turns = [tuple(t) for t in product(*options)]
        else:
            turns = [m.after for m in q.arena.moves(q.position)]
        losing = [after for after in turns if q.arena.outcome(after) == "N"]
        if losing:
            return str(seed), q.arena.format(losing[0]), q.arena.format(winning_moves(q)[0].after)
    raise AssertionError(game)


# ------------------------------------------------------------------ the index pages


def test_the_quiz_index_is_chinese(app: Flask, client: FlaskClient) -> None:
    page = body(client.get("/zh/quiz"))
    assert "<title>自测一下 — Grundy</title>" in page and "<h1>自测一下</h1>" in page
    assert "每道题给一个局面：先手能赢吗？" in page and "该走的人" not in page and "难度 1：小局面" in page and "难度 3：几个游戏的和" in page
    assert "成绩保存在本站签名的 cookie 里" in page
    assert practice_english(app, page) == []


def test_the_play_index_is_chinese(app: Flask, client: FlaskClient) -> None:
    page = body(client.get("/zh/play"))
    assert "<title>和电脑对弈 — Grundy</title>" in page and "电脑不会失误" in page
    assert '从 <span translate="no">3,4,5</span> 开始下' in page and "随机开局" in page and 'href="/zh/play/nim?start=3,4,5"' in page
    assert practice_english(app, page) == []


def test_the_score_book_is_chinese(client: FlaskClient) -> None:
    client.post("/zh/quiz/answer", data={"game": "nim", "level": "1", "seed": "11", "says": "N"})
    client.post("/zh/quiz/answer", data={"game": "nim", "level": "1", "seed": "12", "says": "N"})
    page = body(client.get("/zh/quiz"))
    assert re.search(r"答对 \d/2；连对 \d 题（最多 \d 题）。", page), page


# ------------------------------------------------------------------ the quiz


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_question_is_chinese(app: Flask, client: FlaskClient, game: str) -> None:
    for level in (1, 2, 3):
        page = body(client.get(f"/zh/quiz/q?game={game}&level={level}&seed=7"))
        asked = "这个局面，先手必胜、必败，还是平局？" if "D" in SPECS[game].answers else "这个局面，先手能赢吗？"
        assert asked in page and "必胜（N）" in page and "必败（P）" in page
        assert ("平局（D）" in page) == ("D" in SPECS[game].answers)
        assert "规则：" in page and "这道题的链接" in page
        assert practice_english(app, page) == [], (game, level)


@pytest.mark.parametrize("game", sorted(SPECS))
def test_the_feedback_is_chinese(app: Flask, game: str) -> None:
    """A wrong answer, a move that does not win (the refutation and the retry), an illegal move,
    and then the winning move: each said in Chinese."""
    seed, losing, winning = n_question(game)
    client = app.test_client()
    form = {"game": game, "level": "1", "seed": seed}
    wrong = body(client.post("/zh/quiz/answer", data=form | {"says": "P"}))
    assert "不对。" in wrong and "这个局面是" in wrong and "先手必胜" in wrong
    assert "现在找一" in wrong and "想不出来？" in wrong and "下一题 →" in wrong
    assert practice_english(app, wrong) == [], game
    again = body(client.post("/zh/quiz/answer", data=form | {"says": "N"}))
    assert "（这道题已经答过，不再计分。）" in again
    tried = body(client.post("/zh/quiz/move", data=form | {"after": losing}))
    assert "这一步赢不了。" in tried and "是 N 局面：现在对手是先手，手里有必胜走法。" in tried
    assert "对手的应手：" in tried and "再试" in tried and "只有你第一次走的那一步计入成绩。" in tried
    assert practice_english(app, tried) == [], game
    illegal = client.post("/zh/quiz/move", data=form | {"after": "1;1;1;1;1;1;1;1;1"})
    assert illegal.status_code == 400 and "这不是合法的一步。" in body(illegal)
    assert practice_english(app, body(illegal)) == [], game
    won = body(client.post("/zh/quiz/move", data=form | {"after": winning}))
    assert "这是必胜走法。" in won and "是 P 局面：现在对手是先手，怎么走都赢不了。" in won
    assert "（这道题已经走过一步，不再计分。）" in won
    assert practice_english(app, won) == [], game


def test_a_p_position_is_explained_in_chinese(app: Flask, client: FlaskClient) -> None:
    seed = next(s for s in range(1, 100) if question("nim", 1, s).outcome() == "P")
    form = {"game": "nim", "level": "1", "seed": str(seed)}
    page = body(client.post("/zh/quiz/answer", data=form | {"says": "P"}))
    assert "答对了。" in page and "只要对手不失误，先手必败。" in page
    assert "讲解见" in page and "第 4 课《尼姆博弈》" in page
    moved = client.post("/zh/quiz/move", data=form | {"after": "1"})
    assert moved.status_code == 400 and "无法检查这一步：</strong>这个局面是 P：根本没有必胜走法可找。" in body(moved)


def test_the_level_tag_and_the_title_are_chinese(client: FlaskClient) -> None:
    page = body(client.get("/zh/quiz/q?game=nim&level=2&seed=7"))
    assert re.search(r"<title>自测：[^<]*，难度 2 — Grundy</title>", page)
    assert '<span class="level-tag">难度 2：较大的局面</span>' in page


@pytest.mark.parametrize("path, said", [
    ("/zh/quiz/q?game=nim&level=9&seed=1", "难度只能是 1、2 或 3，这里是 9"),
    ("/zh/quiz/q?game=nim&level=1&seed=x", "随机种子必须是整数，这里是 &#39;x&#39;"),
    ("/zh/quiz/q?game=nim&level=x&seed=1", "难度必须是整数"),
    ("/zh/quiz/q?game=nim&level=1&seed=99999999999", "随机种子太大了"),
    ("/zh/quiz/q?game=nowhere&level=1&seed=1", "没有 &#39;nowhere&#39; 这个自测"),
])
def test_a_bad_question_says_why_in_chinese(app: Flask, client: FlaskClient, path: str, said: str) -> None:
    response = client.get(path)
    page = body(response)
    assert response.status_code == 400 and "<strong>无法显示这道题：</strong>" in page and said in page
    assert "选一个游戏和难度</a>。" in page
    assert practice_english(app, page) == [], path


def test_a_bad_answer_and_a_move_before_the_answer_are_refused_in_chinese(client: FlaskClient) -> None:
    bad = client.post("/zh/quiz/answer", data={"game": "nim", "level": "1", "seed": "3", "says": "maybe"})
    assert bad.status_code == 400 and "请回答 P（先手必败）或 N（先手必胜）" in body(bad)
    early = client.post("/zh/quiz/move", data={"game": "nim", "level": "1", "seed": "3", "after": "1"})
    assert early.status_code == 400 and "<strong>还不能检查走法：</strong>请先判断这个局面是先手必胜（N）还是先手必败（P）。" in body(early)


# ------------------------------------------------------------------ play


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_game_is_chinese(app: Flask, client: FlaskClient, game: str) -> None:
    start = SPECS[game].start
    for first in ("you", "computer"):
        page = body(follow(client, f"/zh/play/{game}?start={start}&first={first}&hints=1"))
        assert "设置对局" in page and "先手" in page and "开始新局" in page and "隐藏提示" in page
        assert "这个局面的链接" in page and ("这个局面是" in page or "电脑赢了。" in page)  # the computer may win at once
        assert practice_english(app, page) == [], (game, first)


def test_a_move_the_hints_undo_and_restart_are_chinese(client: FlaskClient) -> None:
    page = body(follow(client, "/zh/play/nim?start=3,4,5&moves=3,4,4&hints=1"))
    assert "<strong>轮到你了。</strong>" in page and "电脑从第 1 堆取走 3 个。" in page
    assert "这个局面是 P（SG = 0）：只要对手不失误，先手必败。" in page
    assert '<strong>你</strong>：从第 3 堆取走 1 个 → <span translate="no">3,4,4</span>' in page
    assert '<strong>电脑</strong>：从第 1 堆取走 3 个 → <span translate="no">0,4,4</span>' in page
    assert ('失误：<span translate="no">3,4,5</span> 本来是 N，这一步却留下了 N 局面。必胜走法是：从第 1 堆取走 2 个 → '
            '<span translate="no">1,4,5</span>。') in page
    assert 'title="走到 N，SG 为 ' in page and "必胜走法：给对手留下 P 局面。" in page
    assert ">↶ 悔一步</a>" in page and ">重新开始</a>" in page and 'href="/zh/play/nim?start=3,4,5&amp;first=you&amp;hints=1"' in page


def test_a_finished_game_is_chinese(client: FlaskClient) -> None:
    lost = body(follow(client, "/zh/play/nim?start=1,2,3&moves=0,2,3/0,2,2/0,1,2/0,1,1/0,0,1/0,0,0"))
    assert "<strong>电脑赢了。</strong>" in lost and "你已经无步可走。" in lost
    assert "你一次都没拿到过必胜态：开局就是 P 局面" in lost
    slipped = body(follow(client, "/zh/play/nim?start=3,4,5&moves=3,4,4"))
    while "电脑赢了" not in slipped:  # play the first move listed until the game is over
        move = re.search(r'<button type="submit" name="moves" value="([^"]+)"', slipped)
        assert move is not None
        slipped = body(follow(client, f"/zh/play/nim?start=3,4,5&moves={move.group(1)}"))
    assert "标出的那一步就是你丢掉胜局的地方：悔棋退回到那里，再打开提示。" in slipped
    won = body(follow(client, "/zh/play/marbles?start=1,1&moves=0,0"))
    assert "<strong>你赢了！</strong>" in won
    misere = body(follow(client, "/zh/play/misere-nim?start=1&moves=0"))
    assert "本该轮到电脑走，可石子已经取光了：取走最后一个的人输。" in misere


def test_an_every_sg_turn_is_chosen_in_chinese(app: Flask, client: FlaskClient) -> None:
    page = body(follow(client, "/zh/play/every-euclid?start=3,5;2,7&first=computer&hints=1"))
    assert "这一回合，你要在<strong>每一局</strong>还能走的游戏里各走一步" in page
    assert "第 1 局：2,3" in page and "步数 2" in page and "（N，步数 1）★" in page and ">走这一回合</button>" in page
    assert "最长的一局还要走 2 个回合" in page
    assert practice_english(app, page) == []
    bad = client.get("/zh/play/every-euclid?start=3,5;2,7&g1=3,4")
    assert bad.status_code == 400 and "请在第 2 局里选一步：每一回合，每一局没结束的游戏都要走。" in body(bad)


@pytest.mark.parametrize("path, said", [
    ("/zh/play/nim?start=1,2,3,4,5,6,7,8,9", "堆最多 8 个，这里有 9 个"),
    ("/zh/play/nim?start=0,0", "从 0,0 出发已经无步可走：对局还没开始就结束了"),
    ("/zh/play/nim?start=3,4,5&first=z", "先手只能是你或电脑，这里是 &#39;z&#39;"),
    ("/zh/play/nim?start=3,4,5&moves=1,1,1", "第 1 步不合法：没有哪一步能把 3,4,5 变成 1,1,1"),
    ("/zh/play/nim?start=3,4,5&first=computer&moves=3,4,4", "第 1 步不是电脑会走的：从 3,4,5 出发"),
    ("/zh/play/nim?start=", "请输入起始局面，或者点“随机开局”"),
    ("/zh/play/nim?start=30,30,30,30,30,30", "电脑靠搜遍每一种走法来下棋"),
])
def test_a_bad_game_says_why_in_chinese(app: Flask, client: FlaskClient, path: str, said: str) -> None:
    response = client.get(path)
    page = body(response)
    assert response.status_code == 400 and "<strong>无法开始这局：</strong>" in page and said in page, page
    assert "重新开一局</a>，或者修改上面的设置。" in page and "。。" not in page
    assert practice_english(app, page) == [], path


def test_a_refusal_is_remembered_in_each_language_apart(client: FlaskClient) -> None:
    """The computer's refusals are memoised: the words of the first language asked must not be
    served to the second."""
    path = "/play/nim?start=29,30,30,30,30,31"
    assert "the computer plays by searching" in body(client.get(path))
    assert "电脑靠搜遍每一种走法来下棋" in body(client.get("/zh" + path))
    assert "the computer plays by searching" in body(client.get(path))


def test_a_game_that_does_not_exist_is_a_chinese_404(client: FlaskClient) -> None:
    response = client.get("/zh/play/nowhere")
    assert response.status_code == 404 and "没有叫 &#39;nowhere&#39; 的游戏可下" in body(response)


def test_a_post_from_another_site_is_refused_in_chinese(client: FlaskClient) -> None:
    form = {"game": "nim", "level": "1", "seed": "3", "says": "N"}
    refused = client.post("/zh/quiz/answer", data=form, headers={"Sec-Fetch-Site": "cross-site"})
    assert refused.status_code == 403 and "本站的表单只接受从本站提交的内容。" in body(refused)
    english = client.post("/quiz/answer", data=form, headers={"Sec-Fetch-Site": "cross-site"})
    assert "Forms on this site accept posts from this site only." in body(english)


def test_a_busy_server_says_so_in_chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    one_slot = create_app({"TESTING": True, "GRUNDY_COMPUTE_SLOTS": 1, "GRUNDY_COMPUTE_WAIT": 0.05})
    entered, release = threading.Event(), threading.Event()
    render = widget_routes.render_widget

    def blocking(*args: Any, **kwargs: Any) -> Any:
        entered.set()
        release.wait(timeout=30)
        return render(*args, **kwargs)

    monkeypatch.setattr(widget_routes, "render_widget", blocking)
    worker = threading.Thread(target=lambda: one_slot.test_client().get("/w/pn-table"))
    worker.start()
    try:
        assert entered.wait(timeout=30)
        busy = one_slot.test_client().get("/zh/play/nim?start=3,4,5")
        assert busy.status_code == 503 and "服务器正忙着为其他人计算，请过几秒再试。" in body(busy)
    finally:
        release.set()
        worker.join(timeout=30)


# ------------------------------------------------------------------ English stays as it was


def test_the_english_pages_are_unchanged(client: FlaskClient) -> None:
    page = body(follow(client, "/play/nim?start=3,4,5&moves=3,4,4&hints=1"))
    assert "<strong>Your move.</strong>" in page and "The computer took 3 from heap 1." in page
    assert "This position is P (SG = 0):" in page and "the player to move loses against perfect play." in page
    assert ('A slip: <span translate="no">3,4,5</span> was N, and this move leaves an N-position. A winning move was take 2'
            ' from heap 1 → <span translate="no">1,4,5</span>.') in page
    assert "<title>Nim against the computer — Grundy</title>" in page and ">↶ Undo</a>" in page
    quiz = body(client.get("/quiz/q?game=nim&level=2&seed=7"))
    assert "<title>Quiz: Nim, level 2 — Grundy</title>" in quiz and '<span class="level-tag">level 2: larger positions</span>' in quiz
    assert "Is this position winning for the player to move?" in quiz and "No answers yet in Nim." in quiz
    bad = body(client.get("/quiz/q?game=nim&level=9&seed=1"))
    assert "<strong>Can’t show this question:</strong> the level is 1, 2 or 3; got 9." in bad
    assert "Level 1: small positions" in body(client.get("/quiz"))


def test_chinese_joins_drop_only_the_spaces_chinese_does_not_write() -> None:
    assert tidy("从堆 2 取走 3 个") == "从堆 2 取走 3 个"
    assert tidy("在第 1 局 从第 2 堆取走 3 个") == "在第 1 局从第 2 堆取走 3 个"
    assert tidy("<strong>不对。</strong>\n    这个局面") == "<strong>不对。</strong>这个局面"
    assert tidy("→ 1,2 （N，步数 1）") == "→ 1,2（N，步数 1）"
    english = "take 3 from heap 2. The position is N (SG = 2): the player to move can win."
    assert tidy(english) == english


def test_a_move_typed_with_a_chinese_input_method_is_read_and_named_by_its_heap(client: FlaskClient) -> None:
    """5，2，3 (full-width commas) is 5,2,3; from 5,2,5 that is heap 3's move, not heap 1's,
    though heap 1's would leave the same heaps in another order."""
    form = {"game": "nim", "level": "1", "seed": "657369578"}
    assert "5,2,5" in client.get("/zh/quiz/q?game=nim&level=1&seed=657369578").get_data(as_text=True)
    client.post("/zh/quiz/answer", data=form | {"says": "N"})
    page = client.post("/zh/quiz/move", data=form | {"after": "5，2，3"}).get_data(as_text=True)
    assert "你从第 3 堆取走 2 个。5,2,3 是 N 局面" in page
    page = client.post("/zh/quiz/move", data=form | {"after": "5、0、5"}).get_data(as_text=True)
    assert "你从第 2 堆取走 2 个。5,0,5 是 P 局面" in page


def test_the_quiz_index_says_a_rule_s_numbers_are_an_example(client: FlaskClient) -> None:
    """Bash's m and the subtraction set are drawn per question: the index's rule is an example."""
    page = client.get("/zh/quiz").get_data(as_text=True)
    assert "从一堆里取 1 到 3 个石子（这只是举例：每道题的数各不相同）" in page
    assert "(for example: each question sets its own numbers)" in client.get("/quiz").get_data(as_text=True)


def test_a_part_is_named_as_chinese_counts_it(client) -> None:
    """A board's parts are 第 1 堆, 第 2 堆 (not 堆 1), and Mock Turtles' row is a 排, as lesson 14 says."""
    nim = client.get("/zh/play/nim?start=3,5,7&first=you").get_data(as_text=True)
    assert "第 2 堆" in nim and "堆 2" not in nim.replace("第 2 堆", "")
    turtles = client.get("/zh/play/mock-turtles?start=THHTH&first=you").get_data(as_text=True)
    assert "第 1 排" in turtles and "行 1" not in turtles and "起始局面（排）" in turtles
