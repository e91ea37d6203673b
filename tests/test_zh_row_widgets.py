"""The ring, coin-turning and staircase widgets in Chinese (issue 15): what a student meets at
/zh/w/, in the lessons that embed them and projected, said in Chinese, while the English pages
keep their words."""
from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from grundy.games import coins
from grundy.widgets import coin_row
from tests.english import english_left

HX = {"HX-Request": "true"}
NAMES = {"Alice", "Bob", "Ruler"}  # names the lessons keep: the players of POJ 2484, a rule of lesson 14


def section(html: str, name: str) -> str:
    """The widget's own part of a page, without what other parts of the site put in it: the
    frame's opening tag (its label is the frame's), the stepper's count and the projection's strip."""
    found = re.search(rf'<section class="widget widget-{name}[^"]*".*?</section>', html, re.S)
    assert found, name
    part = re.sub(r"^<section[^>]*>", "", found.group(0))
    part = re.sub(r'<span class="step-count">.*?</span>', "", part, flags=re.S)
    part = re.sub(r'<span class="strip-extras">.*?</span>\s*</fieldset>', "</fieldset>", part, flags=re.S)
    # A staircase move's words are the move catalogue's (grundy.words), not this widget's.
    return re.sub(r'(<button type="submit" name="play"[^>]*>)[^<]*(</button>)', r"\1\2", part)


def left(html: str, name: str) -> list[str]:
    return [piece for piece in english_left(section(html, name))
            if set(re.findall(r"[A-Za-z]{3,}", piece)) - NAMES]


@pytest.mark.parametrize("path, name", [
    ("/zh/w/ring", "ring"), ("/zh/w/ring?n=9&k=2&moves=5", "ring"), ("/zh/w/ring?n=11&k=1&moves=1,3", "ring"),
    ("/zh/w/ring?n=10&k=3&take=3&moves=1-3", "ring"), ("/zh/w/ring?n=12&k=2&moves=1,5,9", "ring"),
    ("/zh/w/ring?n=3&k=2&moves=1,2-3", "ring"), ("/zh/w/ring?n=2&k=4", "ring"), ("/zh/w/ring?n=9&k=3&take=3&moves=5", "ring"),
    ("/zh/w/coins", "coins"), ("/zh/w/coins?row=THHTH&rule=twins", "coins"), ("/zh/w/coins?row=TTTT&rule=ruler", "coins"),
    ("/zh/w/coins?row=THHTH&step=0", "coins"), ("/zh/w/coins?row=HTTH&step=1", "coins"), ("/zh/w/coins?row=HH&rule=twins", "coins"),
    ("/zh/w/coins?row=THHTH&step=0&hide=0", "coins"),
    ("/zh/w/staircase", "staircase"), ("/zh/w/staircase?coins=2,7,2", "staircase"), ("/zh/w/staircase?coins=0,0,0", "staircase"),
    ("/zh/w/staircase?coins=3,5,4,2,6&step=0", "staircase"), ("/zh/w/staircase?coins=3,5,4,2,6&step=1&hide=0", "staircase"),
    ("/zh/present/ring", "ring"), ("/zh/present/coins?row=THHTH&step=2", "coins"),
    ("/zh/present/staircase?coins=3,5,4,2,6&step=2", "staircase"),
])
def test_no_english_is_left_in_the_widget(client: FlaskClient, path: str, name: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert left(response.text, name) == []


def test_the_ring_speaks_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/ring?n=9&k=2", headers=HX).text
    assert "<span>点一下取走</span>" in html and ">1 枚</option>" in html and ">2 枚</option>" in html
    assert "<strong>9 枚硬币围成一圈</strong>；一步取走 1 到 2 枚相邻的硬币，取走最后一枚的人赢。Alice 先走。" in html
    assert "轮到 <strong>Alice</strong> 走。环还是完整的：不管 Alice 怎么取，都剩下一行 7 或 8 枚。" in html
    assert 'aria-label="取走硬币 5"' in html and 'aria-label="硬币环：9 枚中还剩 9 枚"' in html
    after = client.get("/zh/w/ring?n=9&k=2&moves=5", headers=HX).text
    assert "对称的应手：取走这一行正中间的硬币 9 和 1，留下两行各 3 枚。" in after
    assert "想靠点击走这一步，先把“点一下取走”设为 2 枚" in after and ">走这步应手</button>" in after
    assert "<li>Alice 取走了硬币 5</li>" in after and ">↶ 悔一步</button>" in after
    rows = client.get("/zh/w/ring?n=12&k=2&moves=1,6", headers=HX).text  # rows of 4 and 6, listed the Chinese way
    assert "剩下的各行分别有 4、6 枚（SG 值 1 ⊕ 3 = 2）。" in rows and "剩下的各行分别有 6、3 枚（" in rows
    assert "留下一行 8 枚（SG 值 0）" in client.get("/zh/w/ring?n=11&k=1&moves=1,3", headers=HX).text


def test_the_coin_row_speaks_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/coins?row=THHTH", headers=HX).text
    assert ">Mock Turtles：翻一枚、两枚或三枚</option>" in html and ">Twins：恰好翻两枚</option>" in html
    assert "正面在 1、2、4，值分别是 2、4、8。" in html
    assert "2 ⊕ 4 ⊕ 8 = <strong>14</strong>：不为 0，先手把它变成 0 就赢。" in html
    assert 'class="move">翻动硬币 1、2、4</button>' in html and "必胜走法" in html
    assert 'aria-label="硬币 1：正面，点击翻面"' in html
    first = client.get("/zh/present/coins?row=THHTH&step=0", headers=HX).text
    assert "每个正面单独值多少？先想一想，再按“下一步”。" in first
    over = client.get("/zh/w/coins?row=TTTTT", headers=HX).text
    assert "一个正面都不剩" in over


def test_the_staircase_speaks_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/staircase?coins=3,5,4,2,6", headers=HX).text
    assert "奇数级：3 ⊕ 4 ⊕ 6 = <strong>1</strong>。异或不为 0" in html
    assert 'aria-label="5 级楼梯：第 1 级 3 枚，第 2 级 5 枚，第 3 级 4 枚，第 4 级 2 枚，第 5 级 6 枚"' in html
    assert "从偶数级出发的走法" in html and "（从偶数级出发：把下面的奇数级补到恰好的枚数）" in html
    balanced = client.get("/zh/w/staircase?coins=2,7,2", headers=HX).text
    assert "奇数级：2 ⊕ 2 = <strong>0</strong>。异或为 0：怎么走都输。" in balanced


@pytest.mark.parametrize("path, words", [
    ("/zh/w/ring?n=9&moves=1,x", "每一步写一枚硬币的编号（1 到 9）"),
    ("/zh/w/ring?n=9&k=2&moves=1-3", "走法 &#39;1-3&#39; 不合法：一步只能取走 1 到 2 枚"),
    ("/zh/w/ring?n=3&moves=1,2,3,1", "3 枚硬币的环最多只能走 3 步，这里给了 4 步。"),
    ("/zh/w/coins?row=THX", "用 H 表示正面、T 表示反面来写这一排"),
    ("/zh/w/coins?row=" + "H" * 33, "一排最多 32 枚硬币，这里写了 33 个字符。"),
])
def test_a_bad_setting_is_refused_in_chinese(client: FlaskClient, path: str, words: str) -> None:
    response = client.get(path, headers=HX)
    assert response.status_code == 400 and words in response.text


def test_the_lessons_embed_them_in_chinese(client: FlaskClient) -> None:
    for slug, name, sentence in (("circular", "ring", "环还是完整的"), ("staircase", "staircase", "这段楼梯是 P 还是 N？哪几级算数？"),
                                 ("coin-turning", "coins", "被翻的硬币里最右边那枚必须从正面翻到反面")):
        html = client.get(f"/zh/lessons/{slug}").text
        assert sentence in html, slug
        for part in re.findall(rf'<section class="widget widget-{name}.*?</section>', html, re.S):
            assert left(part, name) == [], slug


def test_the_english_pages_keep_their_words(client: FlaskClient) -> None:
    ring = client.get("/w/ring?n=9&k=2&moves=5", headers=HX).text
    assert "<strong>9 coins in a ring</strong>; a move takes 1 to 2 adjacent coins" in ring
    assert "The symmetric reply: take coins 9 and 1 from the middle of the row, leaving two rows of 3." in ring
    assert "To play it by clicking, set “A click takes” to 2 coins; or press the button." in ring
    assert ">1 coin</option>" in ring and "<li>Alice took coin 5</li>" in ring and "点" not in ring
    row = client.get("/w/coins?row=THHTH", headers=HX).text
    assert ">Mock Turtles: turn over one, two or three coins</option>" in row and "The heads are at 1, 2, 4, worth 2, 4, 8." in row
    stairs = client.get("/w/staircase?coins=3,5,4,2,6", headers=HX).text
    assert 'aria-label="A staircase of 5 steps: step 1 holds 3, step 2 holds 5, step 3 holds 4, step 4 holds 2, step 5 holds 6"' in stairs
    assert "楼梯" not in stairs and "级" not in stairs
    assert "Each move is a coin from 1 to 9" in client.get("/w/ring?n=9&moves=x", headers=HX).text


def test_the_rules_words_are_the_engines() -> None:
    """The widget marks each rule's words for the catalogue; they must stay the engine's own."""
    for key, rule in coins.RULES.items():
        assert coin_row.LABELS[key] == f"{rule.title}: {rule.says}"
        assert coin_row.SAYS[key] == rule.says and coin_row.FORMULAS[key] == rule.formula
