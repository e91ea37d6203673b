"""The course-wide pages, the projection pages and the lessons' own words in Chinese (issue 15):
/zh/problems, /zh/glossary, /zh/summary, /zh/present/ and a projected widget's frame, the boxes
and answers the lesson Markdown writes, and the lesson chrome, said in Chinese; the English pages
keep their words."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from grundy.lessons.catalog import learned
from tests.english import WORD, english_left, is_english

ROOT = Path(__file__).resolve().parents[1]
HAN = re.compile(r"[\u4e00-\u9fff]")
# Judges and contests the problem set names, written in Latin letters in Chinese too (the judges
# HDU, POJ and Luogu are already among tests.english's names).
JUDGE_NAMES = {"cses", "gym", "shoi"}
SLUGS = [p.stem.split("-", 1)[1] for p in sorted((ROOT / "content" / "zh").glob("*.md"))]


def left(html: str, allowed: set[str] = JUDGE_NAMES) -> list[str]:
    """english_left, less the pieces whose only English words are ``allowed`` names."""
    def english(piece: str) -> set[str]:
        return {w.strip("'’").lower() for w in WORD.findall(piece) if is_english(w)}

    return [piece for piece in english_left(html) if not english(piece) <= allowed]


def page(client: FlaskClient, path: str, status: int = 200) -> str:
    response = client.get(path)
    assert response.status_code == status, (path, response.status_code)
    return response.get_data(as_text=True)


def main(html: str) -> str:
    """The page's own part: <main> and the <title> (the header and footer are the frame's)."""
    title = re.search(r"<title>.*?</title>", html, re.S)
    body = re.search(r'<main id="main"[^>]*>.*?</main>', html, re.S)
    assert title and body
    return title.group(0) + body.group(0)


# --- /zh/problems -------------------------------------------------------------------------------

def test_the_problem_set_is_in_chinese(app: Flask, client: FlaskClient) -> None:
    html = page(client, "/zh/problems")
    assert "<title>习题集 — Grundy</title>" in html and "<h1>习题集</h1>" in html
    assert "<span>评测网站</span>" in html and '<option value="">全部课</option>' in html
    total = len(app.extensions["grundy.problems"])
    assert f"共 {total} 题，显示 {total} 题" in html and "难度（以学完本课为准）：" in html
    for p in app.extensions["grundy.problems"]:
        assert HAN.search(p.game_zh) and p.limits_zh, p.id
        assert not [w for w in WORD.findall(re.sub(r"`[^`]*`", "", p.game_zh + p.limits_zh)) if is_english(w)], p.id
        assert str(escape(p.game_zh.replace("`", ""))) in re.sub(r"</?code>", "", html), p.id
        assert str(escape(f"数据范围：{p.limits_zh}。")) in html, p.id
    # a judge's English title says it is English; a Chinese one does not
    assert '<span class="problem-title" lang="en">Good Luck in CET-4 Everybody!</span>' in html
    assert '<span class="problem-title">取(2堆)石子游戏</span>' in html
    assert '解法见<a href="/zh/lessons/p-and-n-positions#hdu-1847-good-luck-in-cet-4-everybody">第 2 课《必胜态与必败态》</a>。' in html
    assert "——评测机输出 <code>Kiki</code>" in html
    assert "否则输出 <code>Yes</code>" in html  # `…` in game_zh is what a judge prints
    assert left(main(html)) == []


def test_the_problem_filters_and_their_errors_are_in_chinese(app: Flask, client: FlaskClient) -> None:
    problems = app.extensions["grundy.problems"]
    nim = page(client, "/zh/problems?topic=nim")
    assert f"共 {len(problems)} 题，显示 {sum(p.lesson == 'nim' for p in problems)} 题" in nim and '<a href="/zh/problems">显示全部</a>' in nim
    assert 'href="/zh/lessons/nim#how-many-winning-moves"' in nim
    bad = page(client, "/zh/problems?judge=XYZ", 400)
    assert "<strong>无法这样筛选：</strong> 这里没有 &#39;XYZ&#39; 这个评测网站；请从 AtCoder、CSES、Codeforces、Gym、HDU、Luogu、POJ、SPOJ 中选一个。" in bad
    assert left(main(bad), JUDGE_NAMES | {"xyz"}) == []  # the reader's own query, quoted
    nowhere = page(client, "/zh/problems?topic=nowhere", 400)
    assert "没有 &#39;nowhere&#39; 这一课，无法按它筛选；请从列表里选一课。" in nowhere


def test_the_english_problem_set_keeps_its_words(app: Flask, client: FlaskClient) -> None:
    html = page(client, "/problems")
    total = len(app.extensions["grundy.problems"])
    assert "<title>Problem set — Grundy</title>" in html and "<h1>Problem set</h1>" in html
    assert f"{total} of {total} problems" in html and "<span>Judge</span>" in html and '<option value="">every lesson</option>' in html
    assert "<p>One heap of n cards; a move takes a power of two (1, 2, 4, …); taking the last card wins.</p>" in html
    assert "Limits: n ≤ 1,000, many cases." in html
    assert 'Solved in <a href="/lessons/p-and-n-positions#hdu-1847-good-luck-in-cet-4-everybody">lesson 2: P- and N-positions</a>.' in html
    assert "— the judge prints <code>Kiki</code>" in html
    assert 'lang="en"' not in html.split("<main", 1)[1] and not HAN.search(html.split('<ul class="problem-list">')[1].split("</h2>")[1])
    bad = page(client, "/problems?judge=XYZ", 400)
    assert "There is no judge &#39;XYZ&#39; here; choose one of AtCoder, CSES, Codeforces, Gym, HDU, Luogu, POJ, SPOJ." in bad


def test_a_problem_without_its_chinese_does_not_load(tmp_path: Path) -> None:
    from grundy.lessons.problems import load

    text = (ROOT / "content" / "problems.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "problems.yaml"
    broken.write_text(re.sub(r"\n  game_zh: .*", "", text, count=1), encoding="utf-8")
    with pytest.raises(ValueError, match="HDU 1847 lacks game_zh"):
        load(broken)


# --- /zh/glossary -------------------------------------------------------------------------------

def test_the_glossary_leads_with_the_chinese_term(app: Flask, client: FlaskClient) -> None:
    html = page(client, "/zh/glossary")
    assert "<title>术语表 — Grundy</title>" in html and "<h1>术语表</h1>" in html
    assert ('<dt><strong>必败态（P 局面）</strong> <span class="also">也称：必败点</span> '
            '<span class="en" lang="en">P-position</span></dt>') in html
    assert '<dt><strong>SG 函数（SG 值）</strong> <span class="en" lang="en">SG function</span></dt>' in html
    assert '<dt><strong>异或（Nim 和）</strong> <span class="en" lang="en">XOR (Nim sum)</span></dt>' in html
    assert "<strong>公平组合游戏</strong>" in html and "(ICG)" not in html  # an English abbreviation is for the English page
    for t in app.extensions["grundy.glossary"]:
        assert HAN.search(t.means_zh) and t.means_zh in html and t.means not in html, t.term
    assert '<a href="/zh/lessons/p-and-n-positions#two-kinds-of-positions">第 2 课《必胜态与必败态》</a>' in html
    assert left(main(html)) == []


def test_the_english_glossary_keeps_its_words(client: FlaskClient) -> None:
    html = page(client, "/glossary")
    assert '<dt><strong>P-position</strong> <span class="zh" lang="zh-Hans">必败态 (P 局面)</span>' in html
    assert "<dd>A position the player to move loses against perfect play (the Previous player wins)." in html
    assert '<a href="/lessons/p-and-n-positions#two-kinds-of-positions">Lesson 2: P- and N-positions</a>' in html
    assert "公平组合游戏 (ICG)" in html and "不管先手怎么走" not in html


def test_a_chinese_lesson_s_term_links_carry_the_chinese_definition(app: Flask, client: FlaskClient) -> None:
    terms = {t.anchor: t for t in app.extensions["grundy.glossary"]}
    zh = re.findall(r'<a href="/zh/glossary#([^"]+)" class="term" title="([^"]+)">', page(client, "/zh/lessons/sums-of-games"))
    en = re.findall(r'<a href="/glossary#([^"]+)" class="term" title="([^"]+)">', page(client, "/lessons/sums-of-games"))
    assert zh and en
    import html as html_lib
    for anchor, title in zh:
        assert html_lib.unescape(title) == terms[anchor].means_zh, anchor
    for anchor, title in en:
        assert html_lib.unescape(title) == terms[anchor].means, anchor


# --- /zh/summary --------------------------------------------------------------------------------

def test_the_summary_gathers_the_chinese_lessons(app: Flask, client: FlaskClient) -> None:
    html = page(client, "/zh/summary")
    assert "<title>一页总结 — Grundy</title>" in html and "<h1>一页总结</h1>" in html
    assert "全部 16 课的每一条规则、公式和策略" in html
    chinese = app.extensions["grundy.catalogs"]["zh"]
    assert len(chinese.lessons) == 16
    own = main(html)
    for lesson in chinese.lessons:
        items = learned(lesson.html)
        assert items is not None and HAN.search(items) and items in html, lesson.slug
        assert f'<a href="/zh/lessons/{lesson.slug}#what-you-learned">第 {lesson.number} 课《{lesson.title}》</a>' in html
        own = own.replace(items, "")  # the lessons' words are the lessons' (content/zh)
    assert left(own) == []
    english = page(client, "/summary")
    assert "<h1>The course on one page</h1>" in english and "Every rule, formula and strategy of the 16 lessons" in english
    assert '<a href="/lessons/nim#what-you-learned">4. Nim</a>' in english


# --- /zh/present/ -------------------------------------------------------------------------------

def test_the_projection_index_is_in_chinese(client: FlaskClient) -> None:
    html = page(client, "/zh/present/")
    assert "<title>投影展示小工具 — Grundy</title>" in html and "<h1>投影展示小工具</h1>" in html
    assert "“给学生的链接”" in html
    assert '出现在<a href="/zh/lessons/p-and-n-positions">第 2 课《必胜态与必败态》</a>、' in html
    # the widgets' titles and blurbs are the widgets' own catalogues'
    own = re.sub(r"<h2>.*?</h2>\s*<p>.*?</p>", "", main(html), flags=re.S)
    assert left(own) == []
    english = page(client, "/present/")
    assert "<h1>Project a widget</h1>" in english
    assert 'Used in <a href="/lessons/p-and-n-positions">lesson 2: P- and N-positions</a>, ' in english


def test_a_projected_widget_s_frame_is_in_chinese(client: FlaskClient) -> None:
    html = page(client, "/zh/present/pn-table?rule=bash&m=2&upto=20")
    assert re.search(r"<title>.* — Grundy 投影</title>", html)
    tools = re.search(r'<div class="present-tools".*?</div>', html, re.S)
    strip = re.search(r'<span class="strip-extras">.*?</span>\s*</span>\s*</span>', html, re.S)
    assert tools and strip
    assert 'aria-label="投影"' in tools.group(0) and "控制栏 <kbd>C</kbd>" in tools.group(0) and "全屏 <kbd>F</kbd>" in tools.group(0)
    assert "揭示前隐藏：<strong>开</strong>" in strip.group(0) and 'title="逐步演示时显示全部内容，只标出当前这一步"' in strip.group(0)
    assert "回到普通视图" in strip.group(0) and "给学生的链接" in strip.group(0) and 'data-copied-label="——已复制"' in strip.group(0)
    assert "<kbd>Home</kbd> 回到开头" in strip.group(0)
    assert left(tools.group(0) + strip.group(0)) == []
    off = page(client, "/zh/present/pn-table?rule=bash&m=2&upto=20&hide=0")
    assert "揭示前隐藏：<strong>关</strong>" in off and 'title="还没走到的部分先留空，让全班先猜"' in off
    english = page(client, "/present/pn-table?rule=bash&m=2&upto=20")
    assert "Controls <kbd>C</kbd>" in english and "Hide until revealed: <strong>on</strong>" in english
    assert "Link for students" in english and "<kbd>End</kbd> all" in english and "— Grundy, projected</title>" in english


def test_a_missing_projection_says_so_in_chinese(client: FlaskClient) -> None:
    html = page(client, "/zh/present/nope", 404)
    assert "没有叫 &#39;nope&#39; 的投影视图。可以投影的小工具有：pn-table、mex-steps" in html
    assert "<h1>找不到页面</h1>" in html


def test_a_missing_page_says_so_in_chinese(client: FlaskClient) -> None:
    html = page(client, "/zh/nowhere", 404)
    assert "服务器上没有这个网址" in html and left(main(html)) == []
    assert "没有叫 &#39;nowhere&#39; 的课。" in page(client, "/zh/lessons/nowhere", 404)
    assert "The requested URL was not found on the server." in page(client, "/nowhere", 404)
    assert "There is no lesson called &#39;nowhere&#39;." in page(client, "/lessons/nowhere", 404)


# --- the lessons' own words ---------------------------------------------------------------------

def test_the_lesson_boxes_and_answers_are_in_chinese(client: FlaskClient) -> None:
    zh = page(client, "/zh/lessons/nim")
    assert set(re.findall(r'<span class="box-kind">([^<]*)</span>', zh)) == {"要点", "证明", "例子", "试一试", "更进一步"}
    assert '<span class="box-open">（选读，点开查看）</span>' in zh
    assert "<summary>第 1 题答案</summary>" in zh and "Answer 1" not in zh
    en = page(client, "/lessons/nim")
    assert set(re.findall(r'<span class="box-kind">([^<]*)</span>', en)) == {"Key idea", "Proof", "Example", "Try it", "Going further"}
    assert '<span class="box-open">(optional: open it)</span>' in en and "<summary>Answer 1</summary>" in en
    # a plain-text code block's label (shown by the stylesheet from data-lang)
    assert 'data-lang="文本"' in page(client, "/zh/lessons/wythoff") and 'data-lang="Text"' in page(client, "/lessons/wythoff")


@pytest.mark.parametrize("slug", SLUGS)
def test_a_chinese_lesson_s_chrome_and_boxes_say_nothing_in_english(client: FlaskClient, slug: str) -> None:
    html = page(client, f"/zh/lessons/{slug}")
    parts = [re.search(r"<title>.*?</title>", html, re.S), re.search(r'<nav class="toc".*?</summary>', html, re.S),  # its entries are the lesson's headings
             re.search(r'<p class="eyebrow">.*?</p>', html, re.S), re.search(r'<section class="whats-next".*?</section>', html, re.S),
             re.search(r'<nav class="pager".*?</nav>', html, re.S), re.search(r'<aside class="practice-box".*?</aside>', html, re.S)]
    chrome = "".join(p.group(0) for p in parts if p)
    # a box's kind and the answers' disclosures (a box's own name is the lesson's words)
    chrome += "".join(re.findall(r'<span class="box-(?:kind|open)">[^<]*</span>', html))
    chrome += "".join(re.findall(r'<details class="answer"><summary>[^<]*</summary>', html))
    chrome += "".join(re.findall(r'<p class="lesson-problems">.*?</p>', html, re.S))
    assert left(chrome) == [], slug
    assert not re.search(r'class="box-kind">[A-Za-z]', html)


def test_bold_beside_chinese_punctuation_closes() -> None:
    """Chinese puts no space after its full-width marks: "**样例：**5、7、9" is bold, as the
    lessons mean it, where plain CommonMark left the stars showing; English parses as before."""
    from markdown_it import MarkdownIt

    from grundy.lessons.markdown import build_markdown

    md = build_markdown(lambda name, params, wid: "")
    assert md.render("**巴什博弈：**一堆石子。") == "<p><strong>巴什博弈：</strong>一堆石子。</p>\n"
    assert md.render("**样例：**5、7、9 三堆。") == "<p><strong>样例：</strong>5、7、9 三堆。</p>\n"
    assert md.render("异或为 0。**所有堆都空**，而且**（注）**也行。") == (
        "<p>异或为 0。<strong>所有堆都空</strong>，而且<strong>（注）</strong>也行。</p>\n")
    plain = MarkdownIt("commonmark", {"typographer": True}).enable(["smartquotes"])
    for english in ("**Sample:**5, 7", "a ** b ** c", "worth 2**j and **bold**.", "*a*b* and _x_y_", "**(note)**x"):
        assert md.render(english) == plain.render(english), english


@pytest.mark.parametrize("slug", SLUGS)
def test_no_stars_are_left_in_a_chinese_lesson(app: Flask, slug: str) -> None:
    lesson = app.extensions["grundy.catalogs"]["zh"].get(slug)
    prose = re.sub(r"<(pre|code)\b.*?</\1>", "", lesson.html, flags=re.S)
    assert "**" not in re.sub(r"<[^>]+>", "", prose), slug


def test_judges_are_named_in_the_readers_language(client) -> None:  # type: ignore[no-untyped-def]
    zh, en = client.get("/zh/lessons/nim").get_data(as_text=True), client.get("/lessons/nim").get_data(as_text=True)
    assert ">洛谷 P2197</a>" in zh and "Luogu P2197" not in zh and ">Luogu P2197</a>" in en
    problems = client.get("/zh/problems").get_data(as_text=True)
    assert '<option value="Luogu">洛谷</option>' in problems and ">洛谷 P2252</a>" in problems
