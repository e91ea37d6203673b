"""The Wythoff, grid and k-multiple widgets in Chinese (issue 15): what a student meets at /zh/w/,
in the lessons that embed them and projected, said in Chinese (the Plotly figure's words too),
while the English pages keep their words."""
from __future__ import annotations

import html as htmllib
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.widgets import grid, k_multiple, wythoff_plot
from tests.english import english_left

HX = {"HX-Request": "true"}


def section(page: str, name: str) -> str:
    """The widget's own part of a page, without the projection's strip (the frame's, not the widget's)."""
    found = re.search(rf'<section class="widget widget-{name}[^"]*".*?</section>', page, re.S)
    assert found, name
    return re.sub(r'<span class="strip-extras">.*?</span>\s*</fieldset>', "</fieldset>", found.group(0), flags=re.S)


def text(page: str) -> str:
    """The page's text with tags dropped and spaces collapsed (autoescaped quotes undone)."""
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", "", page)))


def figure(page: str) -> dict:  # type: ignore[type-arg]
    found = re.search(r'data-figure="([^"]*)"', page)
    assert found
    return json.loads(htmllib.unescape(found.group(1)))  # type: ignore[no-any-return]


@pytest.mark.parametrize("path, name", [
    ("/zh/w/wythoff", "wythoff"), ("/zh/w/wythoff?a=3&b=5", "wythoff"), ("/zh/w/wythoff?a=300&b=2&k=5", "wythoff"),
    ("/zh/w/wythoff?a=165580140&b=267914295&k=102334155", "wythoff"), ("/zh/w/wythoff?k=" + "9" * 200, "wythoff"),
    ("/zh/w/wythoff?a=12345678901234567890123456789012345678901234567890&b=7", "wythoff"),
    ("/zh/w/wythoff?step=0", "wythoff"), ("/zh/w/wythoff?step=1", "wythoff"), ("/zh/w/wythoff?step=4&hide=0", "wythoff"),
    ("/zh/w/wythoff?step=10", "wythoff"),
    ("/zh/w/grid", "grid"), ("/zh/w/grid?game=kiki&cell=2,3&sg=1", "grid"), ("/zh/w/grid?game=marbles&sg=1&cell=3,5", "grid"),
    ("/zh/w/grid?game=marbles&cell=1,2", "grid"), ("/zh/w/grid?game=marbles&cell=0,0", "grid"),
    ("/zh/w/grid?game=marbles&cell=3,3", "grid"), ("/zh/w/grid?game=bomb&cell=3,4", "grid"),
    ("/zh/w/grid?game=bomb&cell=3,4&sg=1", "grid"), ("/zh/w/grid?game=wythoff&cell=3,5", "grid"),
    ("/zh/w/grid?step=0", "grid"), ("/zh/w/grid?step=5&cell=4,4", "grid"), ("/zh/w/grid?game=bomb&step=3&cell=4,4&sg=1", "grid"),
    ("/zh/w/grid?step=5&hide=0", "grid"), ("/zh/w/grid?size=24&cell=24,24", "grid"),
    ("/zh/w/k-multiple", "k-multiple"), ("/zh/w/k-multiple?step=0", "k-multiple"), ("/zh/w/k-multiple?step=1", "k-multiple"),
    ("/zh/w/k-multiple?n=21", "k-multiple"), ("/zh/w/k-multiple?n=0", "k-multiple"), ("/zh/w/k-multiple?n=1", "k-multiple"),
    ("/zh/w/k-multiple?n=20&cap=50", "k-multiple"), ("/zh/w/k-multiple?n=5000&k=1", "k-multiple"),
    ("/zh/w/k-multiple?play=17:6", "k-multiple"), ("/zh/w/k-multiple?n=999999999999&k=3", "k-multiple"),
    ("/zh/present/wythoff", "wythoff"), ("/zh/present/wythoff?step=3", "wythoff"), ("/zh/present/grid", "grid"),
    ("/zh/present/grid?game=marbles&sg=1&step=30", "grid"), ("/zh/present/k-multiple", "k-multiple"),
    ("/zh/present/k-multiple?step=0", "k-multiple"),
])
def test_no_english_is_left_in_the_widget(client: FlaskClient, path: str, name: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert english_left(section(response.text, name)) == []


@pytest.mark.parametrize("path, names", [
    ("/zh/lessons/wythoff", ("wythoff", "grid")), ("/zh/lessons/sg-by-search", ("grid",)), ("/zh/lessons/k-multiple", ("k-multiple",)),
])
def test_the_chinese_lessons_embed_them_in_chinese(client: FlaskClient, path: str, names: tuple[str, ...]) -> None:
    page = client.get(path).text
    for name in names:
        for found in re.finditer(rf'<section class="widget widget-{name}[^"]*".*?</section>', page, re.S):
            assert english_left(found.group(0)) == [], (path, name)


def test_wythoff_speaks_chinese(client: FlaskClient) -> None:
    said = text(client.get("/zh/w/wythoff?a=5&b=8&k=102334155", headers=HX).text)
    assert "(5, 8) 是 N 局面。差相同的 P 局面是 (4, 7)。" in said
    assert "从两堆各取走 1 个 → (4, 7)" in said  # the move words are grundy.words' Chinese
    assert "作图范围 （5 到 200）" in said and "精度实验室：k （多大都行）" in said
    assert "你的 k = 102,334,155：精确的 ak = 165,580,140；double 公式给出 165,580,141——错了。" in said
    assert "本站改用整数计算 ak = (k + isqrt(5 * k * k)) // 2，对每个 k 都精确。" in said
    assert "(3, 5) 是 P 局面：两堆相差 k = 2" in text(client.get("/zh/w/wythoff?a=3&b=5", headers=HX).text)
    far = text(client.get("/zh/w/wythoff?a=300&b=2", headers=HX).text)
    assert "(300, 2) 超出了图的范围（图上的堆只画到 25）；下面的判断和走法照样是精确的。" in far
    huge = text(client.get("/zh/w/wythoff?a=" + "1" * 50 + "&b=3", headers=HX).text)
    assert "1111111111111111…1111111111111111（共 50 位）" in huge


def test_wythoff_steps_in_chinese(client: FlaskClient) -> None:
    said = text(client.get("/zh/w/wythoff?step=3", headers=HX).text)
    assert "« 开始" in said and "下一步 ▶" in said and "25 以内的 P 局面：已找到 3 / 10 个" in said
    assert "k = 2：前面的数对用掉了 0、1、2。" not in said  # three in a row are a run
    assert "k = 2：前面的数对用掉了 0–2。没用过的最小的数是 a2 = 3，b2 = a2 + 2 = 5，所以 (3, 5) 和 (5, 3) 都是 P。" in said
    four = text(client.get("/zh/w/wythoff?step=4", headers=HX).text)
    assert "前面的数对用掉了 0–3、5。" in four  # the lesson's runs, listed with 、
    assert "还没有找到 P 局面。按“下一步”找出第一个" in text(client.get("/zh/w/wythoff?step=0", headers=HX).text)
    assert 'aria-label="还没找到"' in client.get("/zh/w/wythoff?step=1", headers=HX).text
    assert "你的局面和它的走法" in text(client.get("/zh/w/wythoff", headers=HX).text)


def test_the_plot_speaks_the_readers_language(app: Flask) -> None:
    """The figure is built per request in its reader's language; the response memo keeps the two
    apart (an English reader after a Chinese one still gets English legend and axes)."""
    client = app.test_client()
    zh = figure(client.get("/zh/w/wythoff?a=5&b=8").text)
    en = figure(client.get("/w/wythoff?a=5&b=8").text)
    assert [t["name"] for t in zh["data"]] == ["P 局面 (aₖ, bₖ)", "它们的镜像", "y = φx", "y = x/φ", "你的局面：(5, 8)，N"]
    assert zh["data"][0]["hovertemplate"] == "P 局面 (%{x}, %{y})<extra></extra>"
    assert zh["data"][-1]["hovertemplate"] == "你的局面 (%{x}, %{y})<extra></extra>"
    assert (zh["layout"]["xaxis"]["title"]["text"], zh["layout"]["yaxis"]["title"]["text"]) == ("堆 a", "堆 b")
    assert [t["name"] for t in en["data"]] == ["P-positions (aₖ, bₖ)", "their mirror images", "y = φx", "y = x/φ", "you: (5, 8), N"]
    assert en["layout"]["xaxis"]["title"]["text"] == "pile a"
    again = figure(client.get("/zh/w/wythoff?a=5&b=8").text)
    assert again == zh
    stepping = figure(client.get("/zh/w/wythoff?step=3").text)
    assert stepping["data"][-1]["name"] == "刚找到：(3, 5)"


def test_the_grid_speaks_chinese(client: FlaskClient) -> None:
    page = client.get("/zh/w/grid?game=kiki&cell=2,3&sg=1", headers=HX).text
    said = text(page)
    assert "<span>游戏</span>" in page and ">kiki 的游戏（下方格数、左方格数）</option>" in page
    assert ">威佐夫博弈（堆 a、b）</option>" in page and ">炸弹游戏（第 p 行、第 q 列）</option>" in page
    assert '<th scope="col" class="corner">下 \\ 左</th>' in page
    assert "kiki 的游戏（下方格数、左方格数），行和列都从 0 到 12。点一格看它的走法。" in said
    assert "(2, 3)：往左移一格，走到 P 局面，所以是 N。 SG = mex{0, 2, 3} = 1。" in said
    assert "往下移一格 → (1, 3)：SG 值 2" in said
    assert 'aria-label="(2, 3)：N，SG 值 1"' in page and "全部 169 格已显示" in said
    marbles = client.get("/zh/w/grid?game=marbles&cell=1,2", headers=HX).text
    assert "(1, 2)：没有安全的走法（每一步都让对手立刻获胜），所以先手必败：P。" in text(marbles)
    assert 'aria-label="(0, 0)：家"' in marbles and 'aria-label="(0, 3)：W，一步就能回家"' in marbles
    assert "这里的弹珠一步就能回家（立刻获胜）" in text(marbles)
    bomb = text(client.get("/zh/w/grid?game=bomb&cell=3,4", headers=HX).text)
    assert "引爆 3,4，留下 2,4 和 3,2：SG 0 ⊕ 0 = 0（P）" in bomb
    stepping = client.get("/zh/w/grid?step=5&cell=4,4", headers=HX).text
    assert "(4, 4) 还没填：在填到它之前，自己先算出来。它的走法：" in text(stepping)
    assert "从两堆各取走 4 个 → (0, 0)：P" in text(stepping) and "已填 5 / 169 格" in text(stepping)
    assert 'aria-label="(4, 4)，还没填"' in stepping and 'aria-label="一格一格地填网格"' in stepping
    assert "(0, 0) 是家" in text(client.get("/zh/w/grid?game=marbles&cell=0,0", headers=HX).text)


def test_k_multiple_speaks_chinese(client: FlaskClient) -> None:
    said = text(client.get("/zh/w/k-multiple", headers=HX).text)
    assert "一堆 20 个石子，k = 2。这是新的一堆：第一步取 1 到 n − 1 = 19 个。之后每一步至多取上一步的 2 倍。" in said
    assert "20 = 13 + 5 + 2，每一项都大于比它小的那一项的 2 倍：2·2 = 4 < 5，2·5 = 10 < 13。最小分项是 2。" in said
    assert "最小分项 2 不超过 19：取走它。剩下的 13 + 5，最小分项大于 2 × 2 = 4" in said
    assert "★ 取 2 个 → 剩 18 个，下一步至多取 4 个" in said and "取 1 个 → 剩 19 个，下一步至多取 2 个；应手取 1 个" in said
    assert "满足 2·aj < ai 的最大 j" in said and "（分项）" in said and "无 （bi = ai）" in said
    assert 'data-note="最小"' in client.get("/zh/w/k-multiple", headers=HX).text  # the word the stylesheet writes after the smallest part
    assert "第 0 / 2 步：只看这一堆" in text(client.get("/zh/w/k-multiple?step=0", headers=HX).text)
    assert "第 1 / 2 步：堆的分项" in text(client.get("/zh/w/k-multiple?step=1", headers=HX).text)
    assert "21 = 21，21 本身就是 k = 2 的必败数。" in text(client.get("/zh/w/k-multiple?n=21", headers=HX).text)
    assert "下一步取 1 到 20 个（上限 50 比整堆还多）。" in text(client.get("/zh/w/k-multiple?n=20&cap=50", headers=HX).text)
    assert "堆空了：最后一个石子已经被取走，先手输了。" in text(client.get("/zh/w/k-multiple?n=0", headers=HX).text)


@pytest.mark.parametrize("path, message", [
    ("/zh/w/wythoff?a=x", "“堆 a”必须是不超过 200 位的整数，收到的却是 'x'。"),
    ("/zh/w/wythoff?b=", "“堆 b”是空的：请填一个整数。"),
    ("/zh/w/wythoff?span=3", "“作图范围”必须在 5 到 200 之间，收到的却是 3。"),
    ("/zh/w/wythoff?step=99", "“步数（已显示的 25 以内的 P 局面个数）”必须在 0 到 10 之间，收到的却是 99。"),
    ("/zh/w/grid?cell=1", "格子要写成用逗号隔开的两个数，例如 3,5，收到的却是 '1'。"),
    ("/zh/w/grid?cell=99,1", "格子必须在网格上，行和列都在 0 到 12 之间，收到的却是 '99,1'。"),
    ("/zh/w/grid?size=99", "“网格大小”必须在 2 到 24 之间，收到的却是 99。"),
    ("/zh/w/grid?game=chess", "“游戏”没有 'chess' 这一项"),
    ("/zh/w/k-multiple?play=x", "一步写成“走完后剩下的石子数:下一步最多能取的数”，例如 17:6（两个数都不超过 999,999,999,999）。"),
    ("/zh/w/k-multiple?n=-1", "“石子数”必须是不超过 999999999999 的非负整数，收到的却是 -1。"),
    ("/zh/w/k-multiple?cap=0", "“下一步最多能取的数”必须在 1 到 999999999999 之间，收到的却是 0。"),
])
def test_a_bad_parameter_is_explained_in_chinese(client: FlaskClient, path: str, message: str) -> None:
    response = client.get(path, headers=HX)
    assert response.status_code == 400
    assert message in htmllib.unescape(response.text)


def test_the_english_pages_keep_their_words(client: FlaskClient) -> None:
    wythoff = text(client.get("/w/wythoff?a=5&b=8&k=102334155", headers=HX).text)
    assert "(5, 8) is an N-position. The P-position with the same difference is (4, 7)." in wythoff
    assert "take 1 from both piles → (4, 7)" in wythoff and "Plot up to (5 to 200)" in wythoff
    assert "Your k = 102,334,155: exact ak = 165,580,140; the double formula gives 165,580,141 — wrong." in wythoff
    assert "That is exact for every k up to 102,334,154; at k = 102,334,155 (a Fibonacci number, F40)" in wythoff
    assert "1111111111111111…1111111111111111 (50 digits)" in text(client.get("/w/wythoff?a=" + "1" * 50, headers=HX).text)
    assert "the pairs before it used 0–3, 5." in text(client.get("/w/wythoff?step=4", headers=HX).text)
    assert "3 of 10 P-positions up to 25 found" in text(client.get("/w/wythoff?step=3", headers=HX).text)
    page = client.get("/w/grid?game=kiki&cell=2,3&sg=1", headers=HX).text
    said = text(page)
    assert "(2, 3): move left leads to a P-position, so N. SG = mex{0, 2, 3} = 1." in said
    assert "move down → (1, 3) — SG 2" in said and 'aria-label="(2, 3): N, SG 1"' in page
    assert "P lost for the player to move N won for the player to move; numbers are SG values, 0 = P." in said
    assert "All 169 cells shown" in said and "down \\ left" in said
    assert "(1, 2): no moves at all that don't hand the opponent an instant win, so the player to move loses: P." in text(
        client.get("/w/grid?game=marbles&cell=1,2", headers=HX).text)
    assert "explode 3,4 into 2,4 and 3,2 — SG 0 ⊕ 0 = 0 (P)" in text(client.get("/w/grid?game=bomb&cell=3,4", headers=HX).text)
    k = text(client.get("/w/k-multiple", headers=HX).text)
    assert ("A heap of 20 stones, k = 2. A fresh heap: the first move takes 1 to n − 1 = 19. Each move after that takes at most"
            " 2 times the move before.") in k
    assert "each part more than 2 times the next smaller one: 2·2 = 4 < 5, 2·5 = 10 < 13. The smallest part is 2." in k
    assert "★ Take 2 → 18 left, next move at most 4" in k
    assert "A heap of 1 stone, k = 2." in text(client.get("/w/k-multiple?n=1", headers=HX).text)
    bad = client.get("/w/grid?cell=1", headers=HX)
    assert bad.status_code == 400 and "The cell is two numbers with a comma, like 3,5; got &#39;1&#39;." in bad.text


def test_titles_and_labels_are_marked_once_and_said_in_chinese(client: FlaskClient) -> None:
    """Import-time text stays English in Python (marked with N_) and is said where it is shown."""
    assert wythoff_plot.WIDGET.title == "Wythoff's game and the golden ratio"
    assert grid.GRID_GAMES["kiki"].corner == "down \\ left" and k_multiple.STAGES[0] == "the heap alone"
    for path, title in (("/zh/w/wythoff", "威佐夫博弈与黄金分割比"), ("/zh/w/grid", "二维局面的 P/N 与 SG 网格"),
                        ("/zh/w/k-multiple", "k 倍动态减法博弈：把一堆拆成分项之和")):
        page = client.get(path).text
        assert f"<h1>{title}</h1>" in page and f'aria-label="{title}"' in page
