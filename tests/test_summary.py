"""/summary: every lesson's "What you learned", linked to the lesson."""
from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from grundy.lessons.catalog import learned


def test_every_lesson_is_summed_up(app: Flask, client: FlaskClient) -> None:
    page = client.get("/summary").text
    lessons = app.extensions["grundy.catalog"].lessons
    assert len(lessons) == 16
    for lesson in lessons:
        items = learned(lesson.html)
        assert items is not None and items.count("<li>") >= 3, lesson.slug
        assert items in page, lesson.slug
        assert f'href="/lessons/{lesson.slug}#what-you-learned"' in page
    assert 'href="/summary"' in page  # in the header
