"""The glossary (/glossary, content/glossary.yaml): each term links to a section that exists, the
Chinese terms said to be the notes' own are in the notes, and the terms the issue names are there."""
from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

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
    text = "".join(p.read_text(encoding="utf-8") for p in notes.glob("*.txt"))
    for t in app.extensions["grundy.glossary"]:
        if t.notes:
            assert t.zh.split(" (")[0] in text, t.zh


def test_the_page_lists_every_term(app: Flask, client: FlaskClient) -> None:
    page = client.get("/glossary").text
    for t in app.extensions["grundy.glossary"]:
        assert f'id="{t.anchor}"' in page and t.zh in page
    for zh in ("必败点", "必胜点", "奇异局势", "巴什博弈", "威佐夫博弈", "尼姆博弈", "SG函数", "阶梯博弈"):
        assert zh in page
    assert 'href="/glossary"' in page  # in the header
