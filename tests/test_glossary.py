"""The glossary (/glossary, content/glossary.yaml): each term links to a section that exists, the
Chinese terms said to be the notes' own are in the notes, and the terms the issue names are there."""
from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from tests.judge import SHARED


def test_each_term_links_to_a_section_that_exists(app: Flask) -> None:
    catalog = app.extensions["grundy.catalog"]
    for t in app.extensions["grundy.glossary"]:
        lesson = catalog.get(t.lesson)
        assert lesson is not None and t.section in {h.anchor for h in lesson.toc}, t.term


def test_the_notes_terms_are_the_notes_own(app: Flask) -> None:
    notes = SHARED / "notes"
    if not notes.is_dir():
        return  # a clone on its own: the notes live beside it in CI
    # "SG 函数" as the course spaces it is the notes' "SG函数"
    text = re.sub(r"\s+", "", "".join(p.read_text(encoding="utf-8") for p in notes.glob("*.txt")))
    for t in app.extensions["grundy.glossary"]:
        if t.notes:
            assert re.sub(r"\s+", "", t.zh.split(" (")[0]) in text, t.zh


def test_the_page_lists_every_term(app: Flask, client: FlaskClient) -> None:
    page = client.get("/glossary").text
    for t in app.extensions["grundy.glossary"]:
        assert f'id="{t.anchor}"' in page and t.zh in page
    for zh in ("必败态", "必胜态", "先手", "必胜走法", "博弈图", "奇异局势", "巴什博弈", "威佐夫博弈", "尼姆博弈",
               "SG 函数", "阶梯博弈", "斐波那契博弈", "反 Nim 游戏"):
        assert zh in page
    assert 'href="/glossary"' in page  # in the header


def test_lessons_link_each_terms_first_use_to_the_glossary(app: Flask, client: FlaskClient) -> None:
    """Lesson 7 uses terms taught before it: the first use of each is a link to its entry, with
    the definition as the link's title; later uses, headings and the teaching lesson are plain."""
    page = client.get("/lessons/sums-of-games").text
    glossary = client.get("/glossary").text
    links = re.findall(r'<a href="/glossary#([^"]+)" class="term" title="[^"]+">([^<]+)</a>', page)
    anchors = [a for a, _ in links]
    assert {"p-position", "nim", "mex", "bash-s-game"} <= set(anchors)
    assert len(anchors) == len(set(anchors))  # one link per term
    assert all(f'id="{a}"' in glossary for a in anchors)
    assert "sum-of-games" not in anchors  # lesson 7 teaches it
    for heading in re.findall(r"<h[23][^>]*>.*?</h[23]>", page, re.DOTALL):
        assert 'class="term"' not in heading


def test_a_term_is_found_in_its_plural_and_with_a_curly_apostrophe() -> None:
    from markdown_it import MarkdownIt

    from grundy.lessons.glossary import Term, link_first_uses

    terms = [Term("Bash's game", "巴什博弈", "One heap.", "bash-game", "x"), Term("P-position", "必败点", "Loses.", "p", "y")]
    md = MarkdownIt("commonmark", {"typographer": True}).enable("smartquotes")
    tokens = md.parse("In Bash's game the P-positions, [a P-position](x) and P-positions again.")
    link_first_uses(tokens, terms, "/g", "other")
    html = md.renderer.render(tokens, md.options, {})
    assert '<a href="/g#bash-s-game" class="term" title="One heap.">Bash’s game</a>' in html
    assert html.count('href="/g#p-position"') == 1 and ">P-positions</a>, <a href=\"x\">" in html


def test_the_sj_entry_states_the_theorem_with_its_condition(app: Flask) -> None:
    """Lesson 9 shows the SJ theorem is false without its condition (all parts worth 0 only at
    the end of the game): the entry states the whole theorem, in both languages, in the lesson's
    words for the condition."""
    from tests.lesson_code import Lesson, fold

    lesson = Lesson("09-misere.md")
    sj = next(t for t in app.extensions["grundy.glossary"] if t.term == "SJ theorem")
    lesson.says("**every\nposition in which all components have SG value 0 is the end of the\ngame**")
    assert "with all components worth 0 is the end of the game" in sj.means
    assert "XOR is not 0 and some component's SG value is greater than 1" in sj.means
    assert "the XOR is 0 and no component's is" in sj.means
    assert "所有子游戏的 SG 值都为 0" in lesson.twins["zh"]
    assert "所有子游戏的 SG 值都为 0 时游戏已经结束" in sj.means_zh
    assert "异或不为 0 且某个子游戏的 SG 值大于 1" in sj.means_zh and "异或为 0 且没有子游戏的 SG 值大于 1" in sj.means_zh
    assert fold(sj.means) == sj.means  # one line, as the page shows it


# The terms issue 25 found missing, each with the lesson section that teaches it.
ISSUE_25_TERMS = {
    "Kayles": ("take-and-break", "knocking-down-pins", "Kayles 游戏"),
    "Grundy's game": ("take-and-break", "grundys-game", "Grundy 博弈"),
    "octal code": ("take-and-break", "octal-codes", "八进制代码"),
    "Euclid's game": ("every-sg", "euclids-game", "欧几里得游戏"),
    "step count": ("every-sg", "how-long-a-game-lasts", "步数"),
    "Mock Turtles": ("coin-turning", "mock-turtles", "Mock Turtles"),
    "symmetry strategy": ("circular", "the-symmetry-strategy", "对称策略"),
}


def test_the_terms_issue_25_names_are_there_in_both_languages(app: Flask, client: FlaskClient) -> None:
    terms = {t.term: t for t in app.extensions["grundy.glossary"]}
    en, zh = client.get("/glossary").text, client.get("/zh/glossary").text
    for term, (lesson, section, chinese) in ISSUE_25_TERMS.items():
        t = terms[term]
        assert (t.lesson, t.section, t.zh) == (lesson, section, chinese), term
        assert t.means and t.means_zh and not t.means_zh.isascii()
        assert f'id="{t.anchor}"' in en and f'href="/lessons/{lesson}#{section}"' in en
        assert f'id="{t.anchor}"' in zh and t.zh_term in zh and str(escape(t.means_zh)) in zh
        assert str(escape(t.means)) in en


def test_the_new_terms_link_from_the_lessons_that_use_them(client: FlaskClient) -> None:
    """Lesson 11 uses Kayles and octal games, taught in lesson 15; the Chinese lesson 15 names
    the symmetry strategy of lesson 11: each first use links to its entry."""
    circular = client.get("/lessons/circular").text
    assert 'href="/glossary#kayles"' in circular and 'href="/glossary#octal-code"' in circular
    assert 'href="/zh/glossary#symmetry-strategy"' in client.get("/zh/lessons/take-and-break").text
    assert 'href="/zh/glossary#step-count"' not in client.get("/zh/lessons/p-and-n-positions").text  # 步数 there is any count


def test_another_name_is_shown_as_also_called(client: FlaskClient) -> None:
    """必败点 and 必胜点 are what some write-ups say: the glossary names them once, as 也称, beside the
    course's 必败态 and 必胜态 (tests/test_terminology.py keeps them out of every other Chinese text)."""
    zh, en = client.get("/zh/glossary").text, client.get("/glossary").text
    assert '<strong>必败态（P 局面）</strong> <span class="also">也称：必败点</span>' in zh
    assert '<strong>必胜态（N 局面）</strong> <span class="also">也称：必胜点</span>' in zh
    assert '<span class="also">也称：Anti-Nim</span>' in zh
    assert '<span class="zh" lang="zh-Hans">必败态 (P 局面)</span> <span class="also">(also called <span lang="zh-Hans">必败点</span>)</span>' in en
    assert zh.count("必败点") == 1


def test_the_singular_position_entry_agrees_with_lessons_4_and_5(app: Flask) -> None:
    """奇异局势 is the classic Chinese write-up's word for the P-positions of its games: lesson 4 uses it
    for Nim's positions with XOR 0, lesson 5 for Wythoff's P-positions, and the entry says both."""
    from tests.lesson_code import ROOT

    singular = next(t for t in app.extensions["grundy.glossary"] if t.zh == "奇异局势")
    assert "必败态" in singular.means_zh and "尼姆博弈" in singular.means_zh and "异或为 0" in singular.means_zh
    assert "威佐夫博弈" in singular.means_zh and "(⌊kφ⌋, ⌊kφ²⌋)" in singular.means_zh
    assert "XOR to 0" in singular.means and "Wythoff" in singular.means and "P-position" in singular.means
    for name, says in (("04-nim.md", "异或"), ("05-wythoff.md", "P 局面|必败态")):
        paragraphs = (ROOT / "content" / "zh" / name).read_text(encoding="utf-8").split("\n\n")
        using = [p for p in paragraphs if "奇异局势" in p and re.search(says, p)]
        assert using, f"content/zh/{name} names 奇异局势 beside {says}"
