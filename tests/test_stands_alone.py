"""Lessons stand on their own (issue 25, point 4): no page a reader sees leans on a text the
reader never sees. The course's Chinese source notes are the authors' source, never the
reader's: no "the notes", "note 004" or 笔记 in a lesson (its programs' comments included), the
glossary, the problem set, the home page or the Chinese catalogue; no "to be filled in" either.
Words such as "footnote", "Note that" and a published source's own "notes" (Ferguson's) are fine."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[1]
# "the notes", "notes 001 and 003", "note 004", "the notes'": the sense the issue removes.
LEANS = re.compile(r"(?<!Ferguson's )(?<!lecture )\bnotes\b|\bnote\s+\d{3}\b|笔记|to be filled in|待补", re.IGNORECASE)


def pages(app: Flask) -> list[str]:
    found = ["/", "/glossary", "/problems"]
    found += [f"/lessons/{lesson.slug}" for lesson in app.extensions["grundy.catalogs"]["en"].lessons]
    return found + [f"/zh{path}" for path in found]


def text(html: str) -> str:
    """What a reader reads: the page without its tags (code blocks and their comments included)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_pattern_finds_the_sense_it_is_for_and_only_that() -> None:
    for leaning in ("The notes state it", "note 004's example", "the notes' template", "笔记 004", "Notes 001 and 003",
                    "// to be filled in"):
        assert LEANS.search(leaning), leaning
    for fine in ("Note that the boxes", "see the footnotes", "Ferguson's notes on game theory", "a period-note"):
        assert not LEANS.search(fine), fine


def test_no_page_a_reader_sees_leans_on_the_notes(app: Flask, client: FlaskClient) -> None:
    leaning = {}
    for path in pages(app):
        response = client.get(path)
        assert response.status_code == 200, path
        body = text(response.get_data(as_text=True))
        hits = [body[max(0, m.start() - 40) : m.end() + 40] for m in LEANS.finditer(body)]
        if hits:
            leaning[path] = hits
    assert not leaning


def test_the_going_further_boxes_keep_their_name_in_both_languages(client: FlaskClient) -> None:
    en, zh = client.get("/lessons/nim").get_data(as_text=True), client.get("/zh/lessons/nim").get_data(as_text=True)
    assert '<details class="box box-further box-collapsed">' in en and '<span class="box-kind">Going further</span>' in en
    assert '<span class="box-kind">更进一步</span>' in zh and 'id="going-further"' in en and 'id="going-further"' in zh


@pytest.mark.parametrize("catalogue", sorted((ROOT / "site" / "grundy" / "translations").glob("*/LC_MESSAGES/*.po")),
                         ids=lambda p: p.name)
def test_no_catalogue_entry_leans_on_the_notes(catalogue: Path) -> None:
    entries = [line for line in catalogue.read_text(encoding="utf-8").splitlines()
               if line.startswith(("msgid", "msgstr", '"'))]
    assert [line for line in entries if LEANS.search(line)] == []


def test_no_lesson_source_or_data_file_leans_on_the_notes() -> None:
    """The sources too, front matter aside (its notes: list is for the authors and is not shown)."""
    for path in [*sorted((ROOT / "content").glob("*/*.md")), ROOT / "content" / "glossary.yaml", ROOT / "content" / "problems.yaml"]:
        lines = path.read_text(encoding="utf-8").splitlines()
        shown = [line for line in lines if not re.match(r"\s*(#|notes:)", line)]
        assert [line for line in shown if LEANS.search(line)] == [], path.name
