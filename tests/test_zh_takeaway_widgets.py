"""The take-away widgets in Chinese (issue 15): the P/N table, the mex stepper, the two-player
game, periodic SG values, the k-multiple losing numbers and HDU 3389's boxes, at /zh/w/, projected
and in the lessons that embed them, said in Chinese; the English pages keep their words, and the
rule's name said at the edge stays the engine's own in English."""
from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.games.takeaway import Bash, Fibonacci, PowersOfTwo, SubtractionSet
from grundy.widgets import rules
from tests.english import english_left

HX = {"HX-Request": "true"}


def section(html: str, name: str) -> str:
    found = re.search(rf'<section class="widget widget-{name}[^"]*".*?</section>', html, re.S)
    assert found, name
    return found.group(0)


def text(html: str) -> str:
    """The words a reader sees, tags dropped and spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", "", html).replace("&nbsp;", " ").split())


@pytest.mark.parametrize("path, name", [
    ("/zh/w/pn-table", "pn-table"), ("/zh/w/pn-table?rule=set&set=1,3,4&upto=30&sg=1", "pn-table"),
    ("/zh/w/pn-table?step=0", "pn-table"), ("/zh/w/pn-table?step=1", "pn-table"), ("/zh/w/pn-table?step=5", "pn-table"),
    ("/zh/w/pn-table?hide=0&step=5", "pn-table"), ("/zh/w/pn-table?rule=set&set=3,4&step=2&sg=1", "pn-table"),
    ("/zh/w/pn-table?rule=set&set=2,4,7&upto=5", "pn-table"), ("/zh/w/pn-table?rule=set&set=2,4,7&upto=40", "pn-table"),
    ("/zh/w/pn-table?rule=fibonacci&upto=40&sg=1&step=35", "pn-table"), ("/zh/w/pn-table?rule=fibonacci", "pn-table"),
    ("/zh/w/pn-table?rule=powers-of-two&upto=300&step=300", "pn-table"), ("/zh/w/pn-table?rule=bash&m=50&upto=300&step=205", "pn-table"),
    ("/zh/w/mex-steps", "mex-steps"), ("/zh/w/mex-steps?n=5", "mex-steps"), ("/zh/w/mex-steps?n=7&hide=0", "mex-steps"),
    ("/zh/w/mex-steps?rule=set&set=3&n=0", "mex-steps"), ("/zh/w/mex-steps?rule=powers-of-two&n=12", "mex-steps"),
    ("/zh/w/take-away", "take-away"), ("/zh/w/take-away?moves=1,2", "take-away"), ("/zh/w/take-away?moves=1,1,1,1,1", "take-away"),
    ("/zh/w/take-away?rule=set&set=3,4&start=5&moves=3", "take-away"), ("/zh/w/take-away?start=1", "take-away"),
    ("/zh/w/period", "period"), ("/zh/w/period?set=2,4,7&upto=5&n=3", "period"), ("/zh/w/period?n=" + "9" * 100, "period"),
    ("/zh/w/k-table", "k-table"), ("/zh/w/k-table?ks=1,2,3&upto=1000000", "k-table"),
    ("/zh/w/boxes", "boxes"), ("/zh/w/boxes?cards=1,3,3,2,2,1,2", "boxes"), ("/zh/w/boxes?n=1&cards=4", "boxes"),
    ("/zh/present/pn-table?step=3", "pn-table"), ("/zh/present/mex-steps?n=4", "mex-steps"), ("/zh/present/boxes", "boxes"),
])
def test_no_english_is_left_in_the_widget(client: FlaskClient, path: str, name: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert english_left(section(response.text, name)) == []


def test_the_pn_table_speaks_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/pn-table", headers=HX).text
    assert "<span>规则</span>" in html and ">巴什博弈：每次取 1 到 m 个</option>" in html and ">减法集合 S</option>" in html
    assert "堆大小上限 <small>（0 到 300）</small>" in html and "<span>SG 值</span>" in html
    assert "<strong>每次取 1 到 2 个</strong>，堆 0 到 20：21 堆中有 7 堆是 P。" in html
    assert "值从一开始就以 3 为周期重复" in html and "按 <strong>« 开始</strong>，一格一格地填表" in html
    assert 'aria-label="取石子游戏的 P/N 表"' in html
    late = text(client.get("/zh/w/pn-table?rule=set&set=2,4,7&upto=5", headers=HX).text)
    assert "把堆大小上限调到 10 或更大，才能看到一个完整的周期。" in late
    p = text(client.get("/zh/w/pn-table?rule=set&set=1,3,4&upto=30&sg=1&step=8", headers=HX).text)
    assert ("堆 7：每一步都走到 N 局面：取走 1 个 → 6（N）、取走 3 个 → 4（N）、取走 4 个 → 3（N）。"
            "不管先手怎么走，对手都能赢，所以 7 是 P。") in p
    assert "SG(7) = mex{1, 2} = 0。" in p
    n = text(client.get("/zh/w/pn-table?rule=powers-of-two&upto=300&step=300", headers=HX).text)
    assert "堆 299：取走 2 个 → 297，这是 P。能一步走到 P 局面，所以 299 是 N。其他必胜走法：取走 8 个 → 291、" in n
    stuck = text(client.get("/zh/w/pn-table?rule=set&set=3,4&step=2", headers=HX).text)
    assert "堆 1：无步可走（允许取的个数都比 1 大），先手已经输了：1 是 P。" in stuck
    assert ">每次取的个数是斐波那契数</strong>" in client.get("/zh/w/pn-table?rule=fibonacci", headers=HX).text
    assert "表还是空的。" in client.get("/zh/w/pn-table?step=0", headers=HX).text


def test_the_mex_stepper_speaks_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/mex-steps?n=5", headers=HX).text
    assert "<strong>S = {1, 3, 4}</strong>：逐个局面计算 SG(0) 到 SG(12)。" in html
    assert "局面 5 / 12" in html and "1. 5 的后继状态" in html and "3. 不在集合里的最小非负整数" in html
    assert "<span>3</span> 不在集合里" in html and "<span>0</span> 在集合里" in html
    assert 'mex{0, 1, 2} = <strong>3</strong>，所以 SG(5) = 3，堆 5 是 <span class="chip is-N">N</span>。' in html
    assert "目前的序列：<code>0 1 0 1 2 3</code>" in html and ">前进 ▶</button>" in html
    empty = client.get("/zh/w/mex-steps?rule=set&set=3&n=0", headers=HX).text
    assert "没有：规则允许取的个数都比 0 大。" in empty and "（空集）" in empty and "（值为 0）" in empty


def test_the_game_speaks_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/take-away?moves=1,2", headers=HX).text
    assert "<strong>每次取 1 到 2 个</strong>，开始时有 5 枚硬币。Alice 先走，无步可走的人输。" in html
    assert "轮到 <strong>Alice</strong> 走：还剩 2 枚硬币。" in html and 'aria-label="还剩 2 枚硬币"' in html
    assert ">取 1 枚</button>" in html and ">↶ 悔一步</button>" in html and "<li>Bob 取走 2 枚：4 → 2</li>" in html
    over = client.get("/zh/w/take-away?moves=1,1,1,1,1", headers=HX).text
    assert "<strong>Bob 无步可走，Alice 赢了。</strong>" in over and ">空</span>" in over
    stuck = client.get("/zh/w/take-away?rule=set&set=3,4&start=5&moves=3", headers=HX).text
    assert "Bob 无步可走（允许取的个数都比剩下的 2 枚多），Alice 赢了。" in stuck


def test_the_period_speaks_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/period?set=2,4,7&upto=5", headers=HX).text
    assert ("<strong>S = {2, 4, 7}</strong>：SG(0) 到 SG(5)。前 8 个值是<strong>预周期</strong>（虚线标出）；"
            "从 n&nbsp;=&nbsp;8 起，值以 <strong>3</strong> 为周期重复。") in html
    assert "第一个完整的周期到 n = 10 才结束" in html and "巨大的堆 n <small>（至多 1000 位）</small>" in html
    assert "n = 8 + 3 × q + r，其中 r = 2，所以 SG(n) = SG(10)。<strong>SG(n) = 2</strong>，这一堆是" in html
    huge = client.get("/zh/w/period?n=" + "9" * 100, headers=HX).text
    assert "…999999999999999999999999（共 100 位）" in huge and "值从一开始就以 <strong>7</strong> 为周期重复。" in huge


def test_the_k_table_and_the_boxes_speak_chinese(client: FlaskClient) -> None:
    k = client.get("/zh/w/k-table", headers=HX).text
    assert "<small>2 的幂</small>" in k and "<small>斐波那契数</small>" in k and "100 以内的必败数" in k
    assert "堆大小上限 <small>（1 到 1,000,000）</small>" in k and "最后两数之比" in k
    boxes = client.get("/zh/w/boxes?cards=1,3,3,2,2,1,2", headers=HX).text
    assert "<td>奇数级</td>" in boxes and "<td>偶数级</td>" in boxes and "<em>无</em>" in boxes
    assert "≡ 0, 2, 5 的盒子里的卡片数：3 ⊕ 2 ⊕ 1 ⊕ 0 ⊕ 0 ⊕ 0 ⊕ 0 = <strong>0</strong>，所以先手输。" in boxes
    assert "盒子 1、3、4 一步都走不了" in boxes


@pytest.mark.parametrize("path, words", [
    ("/zh/w/pn-table?upto=999", "“堆大小上限”必须在 0 到 300 之间"),
    ("/zh/w/pn-table?m=abc", "“m（每次取 1 到 m 个）”必须是 1 到 100 之间的整数"),
    ("/zh/w/pn-table?rule=xyz", "“规则”没有"),
    ("/zh/w/mex-steps?n=99", "“正在计算的局面”必须在 0 到 12 之间"),
    ("/zh/w/take-away?start=0", "“起始硬币数”必须在 1 到 50 之间"),
    ("/zh/w/take-away?moves=1,x", "走法要写成用逗号隔开的硬币枚数，收到的却是 &#39;1,x&#39;。"),
    ("/zh/w/take-away?moves=1,1,1,1,1,1", "从 5 枚硬币开始的一局最多只有 5 步，这里却有 6 步。"),
    ("/zh/w/take-away?moves=3", "对局不合法："),
    ("/zh/w/period?n=abc", "堆 n 必须是不超过 1000 位的整数"),
    ("/zh/w/period?upto=999", "“显示的堆大小上限”必须在 0 到 200 之间"),
    ("/zh/w/k-table?ks=0", "“k 的取值”里只能写"),
    ("/zh/w/boxes?n=3&cards=1,2,3,4", "只有 3 个盒子，却给了 4 个卡片数。"),
    ("/zh/w/boxes?n=99", "“盒子数”必须在 1 到 36 之间"),
])
def test_a_bad_setting_is_refused_in_chinese(client: FlaskClient, path: str, words: str) -> None:
    response = client.get(path, headers=HX)
    assert response.status_code == 400 and words in response.text


def test_the_lessons_embed_them_in_chinese(client: FlaskClient) -> None:
    for slug, name, sentence in (("p-and-n-positions", "pn-table", "表还是空的。"),
                                 ("bash-game", "take-away", "开始时有 10 枚硬币"),
                                 ("bash-game", "pn-table", "<strong>每次取 1 到 4 个</strong>，堆 0 到 30"),
                                 ("mex-and-sg", "mex-steps", "逐个局面计算 SG(0) 到 SG(12)"),
                                 ("sums-of-games", "period", "前 8 个值是<strong>预周期</strong>"),
                                 ("k-multiple", "k-table", "100 以内的必败数"),
                                 ("staircase", "boxes", "所以先手输。")):
        html = client.get(f"/zh/lessons/{slug}").text
        parts = re.findall(rf'<section class="widget widget-{name}.*?</section>', html, re.S)
        assert parts and any(sentence in part for part in parts), (slug, name)
        for part in parts:
            assert english_left(part) == [], (slug, name)


def test_the_english_pages_keep_their_words(client: FlaskClient) -> None:
    html = client.get("/w/pn-table", headers=HX).text
    assert "<strong>Take 1 to 2</strong>, heaps 0 to 20: 7 of the 21 are P." in html and "<span>Rule</span>" in html
    assert ">Bash: take 1 to m</option>" in html and "Largest heap <small>(0 to 300)</small>" in html
    assert "The values repeat every 3 heaps, from the start; each period is underlined" in html
    assert "Press <strong>« Start</strong> to fill the table one cell at a time" in html
    p = text(client.get("/w/pn-table?rule=set&set=1,3,4&upto=30&sg=1&step=8", headers=HX).text)
    assert ("Heap 7: every move leads to an N-position — take 1 → 6 (N), take 3 → 4 (N), take 4 → 3 (N). "
            "Whatever the player to move does, the opponent can win, so 7 is P.") in p and "SG(7) = mex{1, 2} = 0." in p
    n = text(client.get("/w/pn-table?rule=powers-of-two&upto=300&step=300", headers=HX).text)
    assert "so 299 is N. Other winning moves: take 8 → 291, take 32 → 267, take 128 → 171." in n
    mex = client.get("/w/mex-steps?n=5", headers=HX).text
    assert "<strong>S = {1, 3, 4}</strong>: computing SG(0) to SG(12), one position at a time." in mex
    assert "Position 5 of 12" in mex and "<span>3</span> missing" in mex and "So far: <code>0 1 0 1 2 3</code>" in mex
    game = client.get("/w/take-away?moves=1,2", headers=HX).text
    assert "<strong>Alice</strong> to move: 2 coins left." in game and "<li>Bob took 2: 4 → 2</li>" in game
    assert "<strong>Take 1 to 2</strong>, starting from 5 coins. Alice moves first" in game and ">Take 1</button>" in game
    period = text(client.get("/w/period?set=2,4,7", headers=HX).text)
    assert "The first 8 values are the preperiod (dashed); from n = 8 on, the values repeat every 3." in period
    boxes = client.get("/w/boxes?cards=1,3,3,2,2,1,2", headers=HX).text
    assert "= <strong>0</strong>, so the first player loses." in boxes and "<td>odd</td>" in boxes
    assert "Illegal game: move 1 cannot take 3 from a heap of 5" in client.get("/w/take-away?moves=3", headers=HX).text
    for page in (html, mex, game, boxes):
        assert not re.search(r"[\u4e00-\u9fff]", section(page, r"[a-z-]+")), "Chinese on an English page"


def test_the_rules_name_is_the_engines_in_english(app: Flask) -> None:
    """The rule said at the edge (widgets.rules.rule_label) is the engine's label in English, on
    an English page and outside a request, and Chinese under /zh/."""
    samples = (Bash(1), Bash(2), Bash(37), SubtractionSet.of(1, 3, 4), PowersOfTwo(), Fibonacci())
    for rule in samples:
        assert rules.rule_label(rule) == rule.label
    with app.test_request_context("/w/pn-table"):
        assert [rules.rule_label(r) for r in samples] == [r.label for r in samples]
    with app.test_request_context("/w/pn-table", environ_overrides={"grundy.language": "zh", "SCRIPT_NAME": "/zh"}):
        said = [rules.rule_label(r) for r in samples]
    assert said == ["每次取 1 个", "每次取 1 到 2 个", "每次取 1 到 37 个", "S = {1, 3, 4}",
                    "每次取的个数是 2 的幂", "每次取的个数是斐波那契数"]
