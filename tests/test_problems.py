"""The problem set (/problems, content/problems.yaml): every problem a lesson names is listed, each
links to a real section, each `grundy solve` command answers what the page says, and what the page
says the judge prints is in that problem's published sample."""
from __future__ import annotations

import json
import re
import shlex

from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from grundy.cli import main
from tests.judge import JUDGE_FIXTURES, SHARED

PROBLEMS = "grundy.problems"


def _problems(app: Flask) -> list:  # type: ignore[type-arg]
    return app.extensions[PROBLEMS]


def test_every_problem_a_lesson_names_is_listed_once(app: Flask) -> None:
    ids = [p.id for p in _problems(app)]
    assert len(ids) == len(set(ids))
    named = {pid for lesson in app.extensions["grundy.catalog"].lessons for pid in lesson.problems}
    assert named <= set(ids), named - set(ids)


def test_each_problem_links_to_a_section_that_exists(app: Flask) -> None:
    catalog = app.extensions["grundy.catalog"]
    for p in _problems(app):
        lesson = catalog.get(p.lesson)
        assert lesson is not None, p.id
        assert p.section in {h.anchor for h in lesson.toc}, (p.id, p.section)


def test_each_command_answers_what_the_page_says(app: Flask) -> None:
    for p in _problems(app):
        result = CliRunner().invoke(main, ["solve", *shlex.split(p.solve), "--json"])
        assert result.exit_code == 0, (p.id, result.output)
        assert json.loads(result.output)["outcome"] == p.outcome, p.id


def test_what_the_judge_prints_is_in_its_sample(app: Flask) -> None:
    checked = 0
    for p in _problems(app):
        name = p.id.replace(" ", "-")
        source = next((d / f"{name}.json" for d in (SHARED / "judge", JUDGE_FIXTURES) if (d / f"{name}.json").is_file()), None)
        if source is None or p.prints is None:
            continue
        outputs = [line.strip() for s in json.loads(source.read_text(encoding="utf-8"))["samples"]
                   for line in s["output"].splitlines()]
        assert p.prints in outputs, (p.id, p.prints, outputs)
        checked += 1
    assert checked >= 24  # every problem with a sample on file (POJ 2348 has none here)


def test_the_page_filters_by_lesson_and_judge(client: FlaskClient) -> None:
    everything = client.get("/problems").text
    assert everything.count("<li id=") == 31 and 'href="/problems"' in everything  # in the header
    nim = client.get("/problems?topic=nim").text
    assert re.findall(r'<h2><a href="[^"]+" rel="noopener">([^<]+)</a>', nim) == [
        "Luogu P2197", "POJ 2234", "HDU 1849", "HDU 1850", "HDU 2176", "POJ 2975"]
    assert 'href="/lessons/nim#how-many-winning-moves"' in nim
    poj = client.get("/problems?judge=POJ").text
    assert all(i.startswith("POJ") for i in re.findall(r'rel="noopener">([^<]+)</a>', poj))
    for bad in ("topic=nowhere", "judge=XYZ", "topic=" + "x" * 500):
        r = client.get("/problems?" + bad)
        assert r.status_code == 400 and 'class="widget-error"' in r.text


def test_a_lesson_header_links_its_problems(client: FlaskClient) -> None:
    page = client.get("/lessons/k-multiple").text
    assert 'href="/problems?topic=k-multiple#hdu-2516"' in page
    assert 'id="hdu-2516"' in client.get("/problems?topic=k-multiple").text
