"""The Nim, sum-of-games, misère and every-SG widgets in Chinese (issue 15): at /zh/ every word
they say is Chinese (names, numbers and notation aside), in the lessons' terms; a bad parameter
is refused in Chinese; the English pages keep their words."""
from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.english import english_left

HX = {"HX-Request": "true"}
NAMES = ("xor-columns", "game-sum", "misere-table", "every-sg")


def sections(html: str, name: str) -> list[str]:
    """Each of the widget's own <section>s on a page (a lesson may hold several)."""
    found = re.findall(rf'<section class="widget widget-{name}\b.*?</section>', html, re.DOTALL)
    assert found, name
    return found


def widget(client: FlaskClient, path: str, status: int = 200) -> str:
    response = client.get(path, headers=HX)
    assert response.status_code == status, path
    name = path.split("/")[-1].split("?")[0]
    (section,) = sections(response.get_data(as_text=True), name)
    return section


def squeeze(html: str) -> str:
    return re.sub(r"\s+", " ", html)


# Every state the widgets' templates branch on: normal and misère, P and N, every stage of the
# XOR's steps, the endgames, each family of a sum, stepping and not, with and without games.
STATES = [
    "/zh/w/xor-columns",
    "/zh/w/xor-columns?heaps=1,2,3",
    "/zh/w/xor-columns?heaps=55,81,121",
    "/zh/w/xor-columns?heaps=1125899906842624,1",
    *(f"/zh/w/xor-columns?heaps=14,21,39&step={s}" for s in range(6)),
    *(f"/zh/w/xor-columns?heaps=1,1,5&misere=1&step={s}" for s in range(6)),
    "/zh/w/xor-columns?heaps=1,2,3&step=4",
    "/zh/w/xor-columns?heaps=3,5,1&misere=1",
    "/zh/w/xor-columns?heaps=2,2&misere=1",
    "/zh/w/xor-columns?heaps=1,1&misere=1",
    "/zh/w/xor-columns?heaps=1,1,1&misere=1",
    "/zh/w/xor-columns?heaps=0,0&misere=1",
    "/zh/w/xor-columns?heaps=1,1&misere=1&step=4",
    "/zh/w/game-sum",
    "/zh/w/game-sum?nim=4&bash=7&m=3&sub=8&set=1,3,4&wythoff=2,3",
    "/zh/w/game-sum?nim=1,2,3&bash=&sub=&wythoff=",
    "/zh/w/game-sum?nim=&bash=&sub=34,1,1&subrule=fibonacci&wythoff=",
    "/zh/w/game-sum?nim=&bash=&sub=7&subrule=powers-of-two&wythoff=1,2",
    "/zh/w/misere-table",
    "/zh/w/misere-table?step=0",
    "/zh/w/misere-table?step=1",
    "/zh/w/misere-table?step=5",
    "/zh/w/misere-table?step=5&hide=0",
    "/zh/w/misere-table?rule=set&set=2,3&upto=15&step=3",
    "/zh/w/misere-table?rule=fibonacci&upto=40&step=40",
    "/zh/w/misere-table?upto=0",
    "/zh/w/every-sg",
    "/zh/w/every-sg?size=12&cell=5,8",
    "/zh/w/every-sg?size=12&cell=0,5",
    "/zh/w/every-sg?size=8&pairs=3,5 2,7",
    "/zh/w/every-sg?size=8&pairs=2,3 1,1",
    "/zh/w/every-sg?size=8&pairs=0,3 2,0",
    "/zh/w/every-sg?size=8&pairs=1,2 0,0",
    "/zh/w/every-sg?size=6&step=0",
    "/zh/w/every-sg?size=6&step=5&pairs=3,5",
]


@pytest.mark.parametrize("path", STATES)
def test_every_state_is_said_in_chinese(client: FlaskClient, path: str) -> None:
    section = widget(client, path)
    assert english_left(section) == [], path


@pytest.mark.parametrize("path", ["/zh/w/xor-columns?heaps=14,21,39&misere=1", "/zh/w/game-sum", "/zh/w/misere-table?step=3",
                                  "/zh/w/every-sg?size=8&pairs=3,5 2,7"])
def test_the_whole_page_and_its_projection_hold_no_english_of_these_widgets(client: FlaskClient, path: str) -> None:
    page = client.get(path).get_data(as_text=True)
    name = path.split("/")[-1].split("?")[0]
    main = re.search(r"<main\b[^>]*>(.*)</main>", page, re.DOTALL)
    assert main is not None and "<h1>" in main[1]
    assert english_left(main[1]) == [], path  # the title and the blurb too
    if name != "game-sum":  # the sum is not projected
        projected = client.get(path.replace("/zh/w/", "/zh/present/"))
        assert projected.status_code == 200
        assert [english_left(s) for s in sections(projected.get_data(as_text=True), name)] == [[]], path


def test_nim_in_binary_reads_like_the_lesson(client: FlaskClient) -> None:
    html = squeeze(widget(client, "/zh/w/xor-columns?heaps=14,21,39"))
    assert "各堆 <small>（石子数，用逗号隔开）</small>" in html and "反常规则（拿走最后一枚的一方输）" in html
    assert ">+ 加一堆</button>" in html and ">− 去掉最后一堆</button>" in html
    assert "每列 1 的个数" in html and ">异或和</th>" in html and "所有步骤都已显示" in html
    assert "异或和是 60，不为 0：先手<strong>必胜</strong>。它的最高位 1 在 32 位那一列（已标出）。" in html
    assert "<strong>从第 3 堆取走 12 个</strong>，每一列就又都是偶数了。" in html
    assert ">从第 3 堆取走 12 个</button> → 14, 21, 27" in html and "这是唯一的必胜走法。" in html
    three = squeeze(widget(client, "/zh/w/xor-columns?heaps=55,81,121"))
    assert "一共有 3 种必胜走法" in three and ">从第 1 堆取走 15 个</button>" in three
    p = squeeze(widget(client, "/zh/w/xor-columns?heaps=1,2,3"))
    assert "每一列都有偶数个 1，所以异或和为 0：先手<strong>必败</strong>。" in p


def test_nim_in_binary_steps_in_chinese(client: FlaskClient) -> None:
    start = squeeze(widget(client, "/zh/w/xor-columns?heaps=14,21,39&step=0"))
    assert "第 0 / 5 步：各堆" in start and "各堆：14、21、39。谁会赢？" in start and ">« 开始</button>" in start
    assert "例如 14 = 8 + 4 + 2。" in widget(client, "/zh/w/xor-columns?heaps=14,21,39&step=1")
    assert "有 4 列是奇数个（已标出）" in widget(client, "/zh/w/xor-columns?heaps=14,21,39&step=2")
    assert "14 ⊕ 21 ⊕ 39 = <strong>60</strong>" in widget(client, "/zh/w/xor-columns?heaps=14,21,39&step=3")
    top = squeeze(widget(client, "/zh/w/xor-columns?heaps=14,21,39&step=4"))
    assert "第 4 / 5 步：异或和的最高位 1" in top and "异或和的最高位 1 在 32 位那一列（已框出）" in top
    big = widget(client, "/zh/w/xor-columns?heaps=1125899906842624,1&step=4")
    assert "在 2<sup>50</sup> 位那一列" in big  # a column past 2^9 is written as a power in the sentence too


def test_misere_nim_s_endgame_in_chinese(client: FlaskClient) -> None:
    html = squeeze(widget(client, "/zh/w/xor-columns?heaps=1,1,5&misere=1"))
    assert "恰好只有一堆多于 1 枚（第 3 堆）" in html and "除它之外还有 2 个 1 枚的堆" in html
    assert "<strong>从第 3 堆取走 4 枚</strong>，让它剩 1 枚" in html and ">从第 3 堆取走 4 个</button> → 1, 1, 1" in html
    assert "反常规则下，先手已经<strong>赢了</strong>" in widget(client, "/zh/w/xor-columns?heaps=0,0&misere=1")
    assert "共有 3 个 1，是奇数（异或为 1）" in widget(client, "/zh/w/xor-columns?heaps=1,1,1&misere=1")
    assert "虽是反常规则" in widget(client, "/zh/w/xor-columns?heaps=3,5,1&misere=1")


def test_a_sum_names_its_components_in_chinese(client: FlaskClient) -> None:
    html = squeeze(widget(client, "/zh/w/game-sum?nim=4&bash=7&m=3&sub=8&set=1,3,4&wythoff=2,3"))
    for label in ("尼姆堆", "巴什堆", "m <small>（巴什：取 1 到 m 个）</small>", "减法堆", "减法堆的规则",
                  "S <small>（减法集合：每次可取的个数）</small>", "威佐夫两堆 <small>（a,b …）</small>"):
        assert f"<span>{label}</span>" in html, label
    assert "1. 尼姆堆" in html and "4. 威佐夫两堆" in html and "SG 值的异或" in html
    assert ">减法集合 S</option>" in html  # the rule menu in the take-away widgets' words
    assert "各 SG 值的异或为 3" in html and "在分量 2（巴什堆 7）里：取走 3 个 → 4（SG 3 → 0）" in html
    assert "在分量 3（减法堆 8）里：取走 4 个 → 4（SG 1 → 2）" in html
    p = squeeze(widget(client, "/zh/w/game-sum?nim=1,2,3&bash=&sub=&wythoff="))
    assert "和石子数为 1、2、3 的几堆尼姆堆一模一样" in p
    wythoff = widget(client, "/zh/w/game-sum?nim=1&bash=&sub=&wythoff=2,3")
    assert "在分量 2（威佐夫两堆 2,3）里：从两堆各取走 2 个 → 0,1（SG 5 → 1）" in wythoff


@pytest.mark.parametrize(("query", "said"), [
    ("nim=&bash=&sub=&wythoff=", "和是空的：至少要给出一个分量。"),
    ("wythoff=400,2", "威佐夫局面要写成 3,5 这样的两堆（每堆至多 300 个）"),
    ("nim=1,2,3,4,5&bash=1,2,3,4", "一个和至多只能有 8 个分量，这里却有 11 个。"),
    ("sub=1001&subrule=fibonacci", "用斐波那契规则时，减法堆至多 1,000 个"),
    ("m=0", "“m（巴什博弈：每次取 1 到 m 个）”必须在 1 到 100 之间"),
])
def test_a_bad_sum_is_refused_in_chinese(client: FlaskClient, query: str, said: str) -> None:
    html = widget(client, f"/zh/w/game-sum?{query}", status=400)
    assert said in html and english_left(html) == [], query


@pytest.mark.parametrize(("query", "said"), [
    ("cell=5", "一对数是像 5,8 这样的两堆，每堆从 0 到 1000，收到的却是 &#39;5&#39;。"),
    ("pairs=" + " ".join(["1,1"] * 9), "至多同时进行 8 局，这里却有 9 局。"),
])
def test_a_bad_every_sg_is_refused_in_chinese(client: FlaskClient, query: str, said: str) -> None:
    html = widget(client, f"/zh/w/every-sg?{query}", status=400)
    assert said in html and english_left(html) == [], query


def test_normal_and_misere_rows_in_chinese(client: FlaskClient) -> None:
    html = squeeze(widget(client, "/zh/w/misere-table"))
    assert "<strong>每次取 1 到 2 个</strong>，堆 0 到 12，两种规则各一行。正常规则下的 P：0、3、6、9、12。" in html
    assert "反常规则下的 P：1、4、7、10。13 堆中有 9 堆的胜负随规则改变（标 ≠）。" in html  # no space after 。
    assert '<th scope="row">正常</th>' in html and '<th scope="row">反常</th>' in html and "不同？" in html
    assert 'title="堆 0：正常规则下是 P，反常规则下是 N"' in html
    step = squeeze(widget(client, "/zh/w/misere-table?step=5"))
    assert "<strong>正常规则，堆 4：</strong>取走 1 个 → 3，它在这一行是 P，所以 4 是 N。" in step
    assert "<strong>反常规则，堆 4：</strong>每一步都走到这一行的 N（取走 1 个 → 3、取走 2 个 → 2），所以 4 是 P。" in step
    assert "已填 5 / 13 堆" in step and "两种规则各一行。每一堆的两格" in step
    stuck = squeeze(widget(client, "/zh/w/misere-table?step=1"))
    assert "无步可走，先手被困住，<strong>输了</strong>：P。" in stuck and "无法行动的一方<strong>赢了</strong>" in stuck


def test_every_sg_in_chinese(client: FlaskClient) -> None:
    html = squeeze(widget(client, "/zh/w/every-sg?size=8&pairs=3,5 2,7&cell=5,8"))
    assert "堆大小上限 <small>（2 到 20）</small>" in html and "同时进行的各局 <small>（数对，如 3,5 2,7）</small>" in html
    assert 'title="(5, 8)：P，4 步"' in html and 'title="(1, 1)：N，1 步"' in html
    assert "<strong>(5, 8)</strong>：4 步。每一步都走到 N 局面；" in html  # no space after 。
    assert "★ 取走 5 个 → (3, 5)：<span class=\"chip is-N\">N</span> 3 步" in html
    assert "同时进行 2 局" in html and "(3, 5)：3 步，最长；这一回合：取走 3 个 → (2, 3)" in html
    assert "最长的那一局还要走 3 步，是奇数，所以它的最后一步由<strong>先手</strong>来走" in html
    assert ">在每一局里走完这一回合</button>" in html
    even = widget(client, "/zh/w/every-sg?size=8&pairs=2,3 1,1")
    assert "是偶数，所以它的最后一步由<strong>后手</strong>" in even
    done = widget(client, "/zh/w/every-sg?size=8&pairs=0,3 2,0")
    assert "每一局都结束了。" in done and "已结束" in done
    hiding = squeeze(widget(client, "/zh/w/every-sg?size=6&step=5&pairs=3,5"))
    assert "已填 5 / 28 对" in hiding and "请按 <strong>全部显示</strong>" in hiding
    assert 'aria-label="(4, 6)：尚未填写"' in hiding and "点一对数，看它的走法。每一对的字母和步数" in hiding


@pytest.mark.parametrize(("lesson", "names"), [
    ("nim", ("xor-columns",)),
    ("sums-of-games", ("game-sum",)),
    ("misere", ("misere-table", "xor-columns")),
    ("every-sg", ("every-sg",)),
])
def test_the_chinese_lessons_embed_them_in_chinese(client: FlaskClient, lesson: str, names: tuple[str, ...]) -> None:
    page = client.get(f"/zh/lessons/{lesson}").get_data(as_text=True)
    for name in names:
        for section in sections(page, name):
            assert english_left(section) == [], (lesson, name)


def test_the_english_pages_keep_their_words(client: FlaskClient) -> None:
    xor = squeeze(widget(client, "/w/xor-columns?heaps=14,21,39"))
    assert "Heaps <small>(sizes, with commas)</small>" in xor and ">+ Heap</button>" in xor and "1s per column" in xor
    assert "The XOR is 60, not 0: the player to move <strong>wins</strong>. Its highest 1 is in the 32 column (marked)." in xor
    assert ">Take 12 from heap 3</button> → 14, 21, 27" in xor and "All steps shown" in xor
    assert "has a 1 in the XOR's highest column" in xor or "has a 1 in the XOR&#39;s highest column" in xor
    misere = squeeze(widget(client, "/w/xor-columns?heaps=1,1,5&misere=1"))
    assert "There are 2 other 1-heaps, so <strong>take 4 from heap 3</strong>" in misere
    sums = squeeze(widget(client, "/w/game-sum?nim=5&bash=7&m=3&sub=10&set=1,3,4&wythoff=2,3"))
    assert "in 2 (bash heap 7): take 2 → 5 (SG 3 → 1)" in sums and "2. Bash heap" in sums
    rows = squeeze(widget(client, "/w/misere-table"))
    assert "under both conventions. Normal play: P at 0, 3, 6, 9, 12. Misère play: P at 1, 4, 7, 10. 9 of 13 heaps change" in rows
    every = squeeze(widget(client, "/w/every-sg?size=12&cell=5,8"))
    assert 'title="(5, 8): P, 4 steps"' in every and 'title="(1, 1): N, 1 step"' in every
    assert "<strong>(5, 8)</strong>: 4 steps. Every move leads to an N-position" in every
    assert "Click a pair for its moves." in every and "最" not in every
    for html in (xor, misere, sums, rows, every):
        assert not re.search(r"[\u4e00-\u9fff]", html)
