"""Lessons: every lesson on disk renders, and a broken one is reported by file and line."""
from __future__ import annotations

import re

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy import create_app
from grundy.lessons import LessonError
from grundy.lessons.catalog import render_lesson
from grundy.web.widgets import lesson_widget_renderer

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "content" / "en").glob("*.md"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_renders(app: Flask, path: Path) -> None:
    """A broken lesson fails here, with its file and line, never at request time."""
    with app.test_request_context("/"):
        lesson = render_lesson(path, lesson_widget_renderer())
    assert lesson.title and lesson.summary and lesson.toc


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


BROKEN = [
    ("01-a.md", "no front matter\n", 1, "starts with YAML front matter"),
    ("01-a.md", "---\ntitle: [unclosed\n---\n", 2, "bad front matter"),
    ("01-a.md", "---\ntitle: A\n---\nbody\n", 2, "needs a non-empty 'summary'"),
    ("1-a.md", "---\ntitle: A\nsummary: B\n---\n", 1, "named NN-slug.md"),
    ("01-a.md", "---\ntitle: A\nsummary: B\n---\n\n## H\n\n```widget nim-sum\n```\n", 8, "unknown widget 'nim-sum'"),
    ("01-a.md", "---\ntitle: A\nsummary: B\n---\n\n```widget pn-table\nrule: bash\nm: 0\n```\n", 6, "m (take 1 to m) must be from 1 to 100; got 0."),
    ("01-a.md", "---\ntitle: A\nsummary: B\n---\n\n```widget pn-table\nupt: 9\n```\n", 6, "no parameter 'upt'"),
    ("01-a.md", "---\ntitle: A\nsummary: B\n---\n\n```widget mex-steps\nrule: set\nset: 1,,x\n```\n", 6, "empty item"),
]


@pytest.mark.parametrize("name, text, line, message", BROKEN)
def test_broken_lessons_name_the_file_and_line(app: Flask, tmp_path: Path, name: str, text: str, line: int, message: str) -> None:
    path = write(tmp_path, name, text)
    with app.test_request_context("/"), pytest.raises(LessonError) as info:
        render_lesson(path, lesson_widget_renderer())
    assert info.value.line == line
    assert str(info.value).startswith(f"{path}:{line}: ")
    assert message in str(info.value)


def test_a_broken_lesson_stops_start_up_not_a_request(tmp_path: Path) -> None:
    write(tmp_path, "01-a.md", "---\ntitle: A\nsummary: B\n---\n```widget pn-table\nm: x\n```\n")
    with pytest.raises(LessonError, match="01-a.md:5"):
        create_app({"CONTENT_DIR": tmp_path})


def test_development_server_rerenders_an_edited_lesson(tmp_path: Path) -> None:
    path = write(tmp_path, "01-a.md", "---\ntitle: First\nsummary: S\n---\n## One\n")
    app = create_app({"CONTENT_DIR": tmp_path, "DEBUG": True})
    client = app.test_client()
    assert "First" in client.get("/lessons/a").text
    path.write_text("---\ntitle: Second\nsummary: S\n---\n## One\n", encoding="utf-8")
    import os
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert "Second" in client.get("/lessons/a").text


def test_home_is_the_course_map(client: FlaskClient, app: Flask) -> None:
    html = client.get("/").text
    lessons = app.extensions["grundy.catalog"].lessons
    assert len(lessons) == len(LESSONS) >= 2
    positions = [html.index(f'href="/lessons/{lesson.slug}"') for lesson in lessons]
    assert positions == sorted(positions)
    for lesson in lessons:
        assert lesson.summary.replace("'", "&#39;") in html or lesson.summary in html


def test_lesson_page_has_toc_and_neighbours(client: FlaskClient, app: Flask) -> None:
    first, second = app.extensions["grundy.catalog"].lessons[:2]
    html = client.get(f"/lessons/{second.slug}").text
    assert f'rel="prev" href="/lessons/{first.slug}"' in html
    for heading in second.toc:
        assert f'href="#{heading.anchor}"' in html and f'id="{heading.anchor}"' in html
    assert f'rel="next" href="/lessons/{second.slug}"' in client.get(f"/lessons/{first.slug}").text


def test_lesson_widgets_are_rendered_inline_on_the_server(client: FlaskClient) -> None:
    html = client.get("/lessons/p-and-n-positions").text
    assert 'data-widget="pn-table"' in html
    # the table is there with JavaScript off, opened empty for the reader to predict (issue 25)
    assert '<li class="cell is-blank"><span class="n">12</span>' in html and 'id="pn-table-1-next"' in html


def test_unknown_lesson_is_404(client: FlaskClient) -> None:
    response = client.get("/lessons/no-such-lesson")
    assert response.status_code == 404 and "no lesson called" in response.text


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_sum_a_lesson_works_out_is_right(path: Path) -> None:
    r"""Every piece of plain arithmetic a lesson writes inline (\(40 \bmod 6 = 4\),
    \(39 \oplus 60 = 27\), \(10^9 < 2^{30}\)) is recomputed, so a typo in a worked example fails."""
    from tests.lesson_code import check_formula, worked_sums

    sums = worked_sums(path.read_text(encoding="utf-8"))
    for tex in sums:
        check_formula(tex)
    if path.name.startswith(("03", "04")):
        assert len(sums) >= 10, "the pattern still finds the worked sums of lessons 3 and 4"


def test_lesson_5s_board_is_not_spoiled_by_the_table_under_it(app: Flask) -> None:
    """Issue 14, fix 5: the P-position table under "fill in the board yourself" opens on request."""
    html = app.extensions["grundy.catalog"].get("wythoff").html
    board = html.index('data-widget="grid"')
    table = html.index("<table>\n<thead>", board)  # the first Markdown table after the board
    check = html.index('<details class="answer"><summary>Check your board', board)
    assert check < table and "</details>" not in html[check:table]


# ------------------------------------------------------------------ progress on the course map


def test_the_course_map_marks_opened_lessons_and_quiz_scores(client):
    fresh = client.get("/").get_data(as_text=True)
    assert "is-opened" not in fresh and "there is no account" in fresh
    lesson = client.get("/lessons/nim").get_data(as_text=True)
    assert 'hx-post="/progress/opened/nim"' in lesson and 'hx-trigger="load"' in lesson
    assert client.post("/progress/opened/nim").status_code == 204
    assert client.post("/progress/opened/nim").status_code == 204  # again: no change
    assert client.post("/progress/opened/nowhere").status_code == 404
    with client.session_transaction() as session:
        session["scores"] = {"nim": {"asked": 5, "right": 4, "streak": 1, "best": 3, "moves": 2, "moves_right": 1}}
    page = client.get("/").get_data(as_text=True)
    assert page.count('class="is-opened"') == 1
    item = page[page.index('href="/lessons/nim"'):]
    item = item[:item.index("</li>")]
    assert "opened" in item and "Nim</a> 4 of 5 right, 1 of 2 winning moves" in item
    assert "You have opened 1 of 16 lessons" in page


def test_a_tampered_progress_mask_is_forgotten(client):
    with client.session_transaction() as session:
        session["opened"] = "all of them"
    page = client.get("/").get_data(as_text=True)
    assert "is-opened" not in page
    with client.session_transaction() as session:
        session["opened"] = 1 << 80
    assert "is-opened" not in client.get("/").get_data(as_text=True)


def test_the_home_page_memo_never_shows_one_readers_progress_to_another(app):
    """The memo keeps "/" for readers without a cookie only: a reader's own map is made afresh."""
    app.config["TESTING"] = True
    reader, stranger = app.test_client(), app.test_client()
    assert stranger.get("/").status_code == 200  # kept in the memo, without progress
    reader.get("/")
    reader.post("/progress/opened/wythoff")
    assert 'class="is-opened"' in reader.get("/").get_data(as_text=True)
    assert 'class="is-opened"' not in stranger.get("/").get_data(as_text=True)


def test_every_lesson_ends_with_whats_next(client):
    first = client.get("/lessons/impartial-games").get_data(as_text=True)
    nxt = first[first.index('id="whats-next-title"'):]
    assert 'href="/lessons/p-and-n-positions"' in nxt
    last = client.get("/lessons/games-on-graphs").get_data(as_text=True)
    end = last[last.index('id="whats-next-title"'):]
    assert "last lesson" in end and 'href="/problems"' in end and 'href="/summary"' in end


def test_k_keeps_one_meaning_where_the_review_found_three(app):
    """Issue 14, fix 10: k was the amount taken (lesson 3), a binary column (4, 7), an index of a
    P-pair (5) and a count of options (6, 8). Now k counts or indexes (a_k, stair k, the multiple k
    of lessons 10 and 13); the amount taken is t, the column j, a count is written |S|. Moore's
    Nim_k, lesson 4's last section, keeps the k every source gives it: how many heaps a move may
    take from, a count too."""
    catalog = app.extensions["grundy.catalog"]
    for slug in ("bash-game", "nim", "mex-and-sg", "sums-of-games", "sg-by-search", "misere"):
        text = catalog.get(slug).path.read_text(encoding="utf-8")
        text = re.sub(r"^## Moore's Nim.*?(?=^## )", "", text, flags=re.DOTALL | re.MULTILINE)  # its section,
        text = re.sub(r"^ *(?:-|\d+\.) [^\n]*Moore[^\n]*(?:\n +\S[^\n]*)*", "", text, flags=re.MULTILINE)  # its items
        formulas = re.findall(r"\\\((.*?)\\\)", text, re.DOTALL)
        assert not [f for f in formulas if re.search(r"(?<![A-Za-z\\])k(?![A-Za-z])", f)], slug
