"""The lesson Markdown dialect, as fixture files: input Markdown beside its expected HTML.

Regenerate an expected file after a deliberate change with
``GRUNDY_UPDATE_FIXTURES=1 pytest tests/test_markdown.py`` and read the diff before committing.
"""
from __future__ import annotations

import re

import os
from pathlib import Path

import pytest

from grundy.lessons.markdown import FenceError, build_markdown, headings

FIXTURES = Path(__file__).parent / "fixtures" / "markdown"


def fake_widget(name: str, params: dict[str, str], widget_id: str) -> str:
    if name != "pn-table":
        raise ValueError(f"unknown widget {name!r}")
    shown = ", ".join(f"{k}={v}" for k, v in params.items())
    return f'<section data-widget="{name}" id="{widget_id}">{shown}</section>'


def render(text: str) -> str:
    return build_markdown(fake_widget).render(text)


@pytest.mark.parametrize("source", sorted(FIXTURES.glob("*.md")), ids=lambda p: p.stem)
def test_fixture(source: Path) -> None:
    expected_file = source.with_suffix(".html")
    actual = render(source.read_text(encoding="utf-8"))
    if os.environ.get("GRUNDY_UPDATE_FIXTURES"):
        expected_file.write_text(actual, encoding="utf-8")
    assert actual == expected_file.read_text(encoding="utf-8")


def test_math_is_protected_from_markdown() -> None:
    html = render(r"Here \(a_1 * b_2 * c\) and $x_1 * y_2$.")
    # Without protection the underscores and stars would become <em>.
    assert "<em>" not in html
    # typeset whole: the TeX survives as KaTeX's annotation
    assert '<annotation encoding="application/x-tex">a_1 * b_2 * c</annotation>' in html
    assert '<annotation encoding="application/x-tex">x_1 * y_2</annotation>' in html


def test_math_is_html_escaped() -> None:
    html = render(r"\(a < b\)")
    assert "<mo>&lt;</mo>" in html and "a < b" not in html


def test_widget_fence_errors_carry_the_line() -> None:
    text = "Intro\n\n```widget nope\nrule: bash\n```\n"
    with pytest.raises(FenceError) as info:
        render(text)
    assert info.value.line == 3 and "unknown widget 'nope'" in str(info.value)
    with pytest.raises(FenceError) as info:
        render("```widget pn-table\nrule bash\n```\n")
    assert info.value.line == 2 and "expected 'key: value'" in str(info.value)
    with pytest.raises(FenceError, match="given twice"):
        render("```widget pn-table\nm: 1\nm: 2\n```\n")


def test_two_widgets_of_a_kind_get_distinct_ids() -> None:
    html = render("```widget pn-table\n```\n\n```widget pn-table\n```\n")
    assert 'id="pn-table-1"' in html and 'id="pn-table-2"' in html


def test_headings_have_anchors_for_the_table_of_contents() -> None:
    md = build_markdown(fake_widget)
    tokens = md.parse("## P and N\n\n### The `mex`\n\n#### too deep\n")
    assert [(h.level, h.anchor, h.text) for h in headings(tokens)] == [
        (2, "p-and-n", "P and N"),
        (3, "the-mex", "The mex"),
    ]


def test_a_bad_formula_fails_with_file_and_line(tmp_path) -> None:
    """KaTeX runs when a lesson renders: a formula it cannot typeset stops the lesson, naming the
    file and the line, like a bad widget fence."""
    import pytest

    from grundy.lessons.catalog import LessonError, render_lesson

    lesson = tmp_path / "01-broken.md"
    lesson.write_text("---\ntitle: T\nsummary: S\n---\n\nFine \\(a + b\\).\n\nBroken \\(\\frac{1}{\\).\n", encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        render_lesson(lesson, lambda name, params, wid: "")
    assert caught.value.line == 8 and "01-broken.md" in str(caught.value)
    assert "frac" in str(caught.value)


def test_try_it_answers_open_one_at_a_time() -> None:
    """Issue 14, fix 5: each numbered answer is its own disclosure; nested lists stay inside
    their answer; an answer that is not a numbered list stays whole."""
    from grundy.lessons.markdown import separate_answers

    text = (":::: try-it\n1. One?\n2. Two?\n\n::: answer\n1. First.\n2. Second, in parts:\n   - a\n   - b\n:::\n::::\n\n"
            "::: answer\nJust a paragraph.\n:::\n")
    html = separate_answers(render(text))
    assert re.findall(r"<summary>([^<]*)</summary>", html) == ["Answer 1", "Answer 2", "Show the answer"]
    second = html.split("<summary>Answer 2</summary>")[1].split("</details>")[0]
    assert "Second, in parts:" in second and "<li>a</li>" in second and "First." not in second


def test_side_proofs_and_going_further_boxes_open_on_a_click():
    """Issue 14, fix 10: a reader may skip a side claim's proof or what goes further
    without losing the thread, so those boxes are closed <details>; a main proof stays open."""
    from grundy.lessons.markdown import build_markdown

    md = build_markdown(lambda name, params, wid: "")
    html = md.render("::: side-proof Why it holds\nBecause.\n:::\n\n::: further More\nExtra.\n:::\n\n::: proof\nMain.\n:::\n")
    assert '<details class="box box-proof box-collapsed"><summary class="box-title">' in html
    assert '<span class="box-name">Why it holds</span>' in html and "Because." in html
    assert '<details class="box box-further box-collapsed">' in html and "Extra." in html
    assert '<aside class="box box-proof">' in html and "Main." in html


def test_an_english_title_in_a_chinese_lesson_keeps_its_language_in_text_headings_and_boxes() -> None:
    md = build_markdown(fake_widget)
    source = ("## HDU 1847：[Good Luck in CET-4 Everybody!]{lang=en}\n\n"
              "叫做**逆推**（[backward induction]{lang=en}）。[x]{.c} [y](http://a)\n\n"
              "::: further HDU 2149：[Public Sale]{lang=en}\n正文\n:::\n")
    html = md.render(source)
    assert '<span lang="en">backward induction</span>' in html and "<strong>逆推</strong>" in html
    assert 'box-name">HDU 2149：<span lang="en">Public Sale</span>' in html
    assert 'class="c"' not in html  # only lang is allowed on a span
    (heading,) = headings(md.parse(source))
    assert heading.text == "HDU 1847：Good Luck in CET-4 Everybody!"
    assert heading.html == 'HDU 1847：<span lang="en">Good Luck in CET-4 Everybody!</span>'


def test_a_box_title_typesets_its_math() -> None:
    html = build_markdown(fake_widget).render("::: proof A heap of \\(n\\) has SG value \\(n\\)\nText.\n:::\n")
    assert "\\(n\\)" not in html and html.count('class="katex"') == 2
