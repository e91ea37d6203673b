"""The problem set (content/problems.yaml, shown on /problems and at the end of each lesson): at
least 60 problems from at least 4 judges and 3 for every lesson, each id agreeing with its judge's
address, each linking to a real section; each `grundy solve` command answers what the page says,
every problem whose sample is on file has one, and what the page says the judge prints is in that
sample. Each lesson ends with exactly its own problems, easiest first, in both languages; the set
and each lesson's list run in the course's order with Luogu first, then HDU and POJ."""
from __future__ import annotations

import json
import re
import shlex
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from grundy.cli import main
from grundy.lessons.problems import DIFFICULTIES, JUDGE_ORDER, course_order, judge_rank, load
from tests.judge import JUDGE_FIXTURES, SHARED

PROBLEMS = "grundy.problems"
ROOT = Path(__file__).resolve().parents[1]

# Each judge's address for a problem number, as the judge itself writes it.
ADDRESSES = {
    "HDU": r"http://acm\.hdu\.edu\.cn/showproblem\.php\?pid={n}",
    "POJ": r"http://poj\.org/problem\?id={n}",
    "Luogu": r"https://www\.luogu\.com\.cn/problem/{n}",
    "CSES": r"https://cses\.fi/problemset/task/{n}",
    "Codeforces": r"https://codeforces\.com/problemset/problem/{contest}/{letter}",
    "Gym": r"https://codeforces\.com/gym/{contest}/problem/{letter}",
    "AtCoder": r"https://atcoder\.jp/contests/[a-z0-9]+/tasks/{n}",
    "SPOJ": r"https://www\.spoj\.com/problems/{n}/",
}


def _problems(app: Flask) -> list:  # type: ignore[type-arg]
    return app.extensions[PROBLEMS]


def _sample_file(problem_id: str) -> Path | None:
    """The file holding a problem's published sample (../shared/judge first), if any holds one."""
    name = problem_id.replace(" ", "-")
    for folder in (SHARED / "judge", JUDGE_FIXTURES):
        path = folder / f"{name}.json"
        if path.is_file() and json.loads(path.read_text(encoding="utf-8"))["samples"]:
            return path
    return None


def test_the_set_covers_every_lesson(app: Flask) -> None:
    problems = _problems(app)
    ids = [p.id for p in problems]
    assert len(ids) == len(set(ids)) and len(ids) >= 60
    assert len({p.judge for p in problems}) >= 4
    per_lesson = Counter(p.lesson for p in problems)
    for lesson in app.extensions["grundy.catalog"].lessons:
        assert per_lesson[lesson.slug] >= 3, (lesson.slug, per_lesson[lesson.slug])
    assert {p.difficulty for p in problems} == set(DIFFICULTIES) == {1, 2, 3}


def test_luogu_comes_first(app: Flask, tmp_path: Path) -> None:
    """Issue 27: Luogu first where Luogu has the problem, then HDU and POJ. The set runs lesson by
    lesson in the course's order, easiest first, and Luogu's problems lead each difficulty; every
    lesson but two has a Luogu problem (no Luogu problem of its own was found for lesson 6's
    subtraction tables or lesson 11's ring of coins)."""
    problems = _problems(app)
    lessons = [lesson.slug for lesson in app.extensions["grundy.catalog"].lessons]
    assert course_order(ROOT / "content" / "problems.yaml") == lessons
    places = [(lessons.index(p.lesson), p.difficulty, judge_rank(p)) for p in problems]
    assert places == sorted(places)
    assert JUDGE_ORDER[0] == "Luogu" and judge_rank(next(p for p in problems if p.judge == "CSES")) == len(JUDGE_ORDER)
    luogu = [p for p in problems if p.judge == "Luogu"]
    assert len(luogu) >= 24 and {p.title_language for p in luogu} == {"zh", "en"}
    assert set(lessons) - {p.lesson for p in luogu} <= {"mex-and-sg", "circular"}
    # with no course beside it, a file is read in its own order
    copy = tmp_path / "problems.yaml"
    copy.write_text((ROOT / "content" / "problems.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    in_file = [p.id for p in load(copy)]
    assert in_file[0] == "HDU 1847" and in_file != [p.id for p in problems]
    assert [p.id for p in load(copy, lessons)] == [p.id for p in problems]


def test_no_lesson_writes_its_own_list_of_problems() -> None:
    """One fact, one place: a lesson's problems are the entries of problems.yaml that name it,
    never a list in its front matter."""
    for path in sorted((ROOT / "content").glob("*/*.md")):
        front = path.read_text(encoding="utf-8").split("\n---", 1)[0]
        assert not re.search(r"^problems:", front, re.M), path


def test_each_id_agrees_with_its_judge_s_address(app: Flask) -> None:
    for p in _problems(app):
        judge, _, number = p.id.partition(" ")
        found = re.fullmatch(r"(\d+)([A-Z]\d?)", number)
        contest, letter = found.groups() if found else ("", "")
        pattern = ADDRESSES[judge].format(n=re.escape(number), contest=contest, letter=letter)
        assert re.fullmatch(pattern, p.url), (p.id, p.url)


def test_each_problem_links_to_a_section_that_exists(app: Flask) -> None:
    catalog = app.extensions["grundy.catalog"]
    for p in _problems(app):
        lesson = catalog.get(p.lesson)
        assert lesson is not None, p.id
        assert p.section in {h.anchor for h in lesson.toc}, (p.id, p.section)


def test_each_command_answers_what_the_page_says(app: Flask) -> None:
    commands = [p for p in _problems(app) if p.solve]
    assert len(commands) >= 40
    for p in commands:
        result = CliRunner().invoke(main, ["solve", *shlex.split(p.solve), "--json"])
        assert result.exit_code == 0, (p.id, result.output)
        assert json.loads(result.output)["outcome"] == p.outcome, p.id


def test_a_problem_with_its_sample_on_file_says_how_to_solve_a_case(app: Flask) -> None:
    on_file = [p for p in _problems(app) if _sample_file(p.id)]
    assert len(on_file) >= 29
    # HDU 1536, POJ 2960: a line of W/L for several cases. HDU 3032: Lasker's Nim, which no
    # `grundy solve` game is (the octal game 4.333 agrees with it only up to heap 4).
    assert [p.id for p in on_file if not (p.solve and p.prints)] == ["HDU 1536", "POJ 2960", "HDU 3032"]


def test_what_the_judge_prints_is_in_its_sample(app: Flask) -> None:
    checked = 0
    for p in _problems(app):
        source = _sample_file(p.id)
        if source is None or p.prints is None:
            continue
        outputs = [line.strip() for s in json.loads(source.read_text(encoding="utf-8"))["samples"]
                   for line in s["output"].splitlines()]
        assert p.prints in outputs, (p.id, p.prints, outputs)
        checked += 1
    assert checked >= 26


def test_a_broken_entry_does_not_load(tmp_path: Path) -> None:
    text = (ROOT / "content" / "problems.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "problems.yaml"
    for change, error in [(("  difficulty: 2", "  difficulty: 4"), "HDU 1847 has difficulty 4"),
                          (("  outcome: N\n  prints: Kiki", "  prints: Kiki"), "HDU 1847 needs solve and outcome together"),
                          (("  difficulty: 2", ""), "HDU 1847 lacks difficulty")]:
        broken.write_text(text.replace(*change, 1), encoding="utf-8")
        with pytest.raises(ValueError, match=error):
            load(broken)


def test_the_page_filters_by_lesson_and_judge(app: Flask, client: FlaskClient) -> None:
    total = len(_problems(app))
    everything = client.get("/problems").text
    assert everything.count("<li id=") == total and 'href="/problems"' in everything  # in the header
    nim = client.get("/problems?topic=nim").text
    assert re.findall(r'<h2>.*?<a href="[^"]+" rel="noopener" translate="no">([^<]+)</a>', nim) == [
        p.id for p in _problems(app) if p.lesson == "nim"]
    assert 'href="/lessons/nim#how-many-winning-moves"' in nim
    poj = client.get("/problems?judge=POJ").text
    assert all(i.startswith("POJ") for i in re.findall(r'translate="no">([^<]+)</a>', poj))
    for bad in ("topic=nowhere", "judge=XYZ", "topic=" + "x" * 500):
        r = client.get("/problems?" + bad)
        assert r.status_code == 400 and 'class="widget-error"' in r.text


def test_the_page_shows_each_difficulty_with_its_legend(app: Flask, client: FlaskClient) -> None:
    for prefix, said in (("", "Difficulty 2 of 3"), ("/zh", "难度 2/3")):
        html = client.get(f"{prefix}/problems").text
        items = re.findall(r'<li id="[^"]+">\s*.*?<h2><span class="difficulty" title="[^"]+"><span aria-hidden="true">([●○]{3})</span>', html, re.S)
        assert items == ["●" * p.difficulty + "○" * (3 - p.difficulty) for p in _problems(app)]
        assert said in html and html.count('<ul class="difficulty-legend">') == 1
    assert "先自己走一步" in client.get("/zh/problems").text
    assert "the lesson's rule, applied as it stands" in client.get("/problems").text


@pytest.mark.parametrize("prefix", ["", "/zh"])
def test_each_lesson_ends_with_its_own_problems(app: Flask, client: FlaskClient, prefix: str) -> None:
    """Generated from problems.yaml, easiest first: each one's difficulty, a link to the judge and
    one to the section that solves it; the header's list points at the same items."""
    catalog = app.extensions["grundy.catalog"]
    for lesson in catalog.lessons:
        html = client.get(f"{prefix}/lessons/{lesson.slug}").text
        mine = sorted((p for p in _problems(app) if p.lesson == lesson.slug), key=lambda p: p.difficulty)
        section = html.split('<section class="lesson-problem-list" id="lesson-problems"', 1)[1].split("</section>", 1)[0]
        items = re.findall(r'<li id="problem-([^"]+)">(.*?)</li>', section, re.S)
        assert [i for i, _ in items] == [p.id.lower().replace(" ", "-") for p in mine], lesson.slug
        for p, (_, item) in zip(mine, items):
            assert f'<a href="{p.url}" rel="noopener" translate="no">' in item, p.id
            assert f'<a href="#{p.section}">' in item and f'id="{p.section}"' in html, p.id
            assert ("●" * p.difficulty + "○" * (3 - p.difficulty)) in item, p.id
        header = re.search(r'<p class="lesson-problems">(.*?)</p>', html, re.S)
        assert header and re.findall(r'href="#problem-([^"]+)"', header.group(1)) == [i for i, _ in items]


def test_a_lesson_s_problems_speak_its_language(client: FlaskClient) -> None:
    en = client.get("/lessons/coin-turning").text
    zh = client.get("/zh/lessons/coin-turning").text
    assert "Mock Turtles — turn over one, two or three coins" in en
    assert "Mock Turtles——每次翻一枚、两枚或三枚硬币" in zh and "<h2 id=\"lesson-problems-title\">评测题</h2>" in zh
    assert '<span class="problem-title" lang="en">Daizhenyang&#39;s Coin</span>' in zh


def test_a_problem_the_lesson_programs_is_not_beyond_it(app: Flask) -> None:
    """●●● means an idea beyond the lesson's text or a program the lesson does not give, in both
    languages: a problem its own lesson names just before a C++ program is at most ●●○."""
    assert "a program the lesson does not give" in DIFFICULTIES[3]
    po = (ROOT / "site/grundy/translations/zh/LC_MESSAGES/pages.po").read_text(encoding="utf-8")
    assert f'msgid "{DIFFICULTIES[3]}"\nmsgstr "需要课文以外的想法，或者课文没有给出的程序"' in po
    programmed = 0
    for problem in _problems(app):
        lesson = next((ROOT / "content/en").glob(f"*-{problem.lesson}.md")).read_text(encoding="utf-8")
        for paragraph in re.findall(r"((?:[^\n]+\n)+)\n```cpp\n", lesson):
            if re.search(rf"{re.escape(problem.id)}(?!\d)", paragraph):
                programmed += 1
                assert problem.difficulty <= 2, f"{problem.id}: the lesson gives its program"
    assert programmed >= 15


def test_no_command_passes_an_octal_code_off_as_lasker_s_nim(app: Flask) -> None:
    """4.333 takes at most 3: G(5) = 0 there, 5 in Lasker's Nim, so `grundy solve octal 5 --code
    4.333` says P where Lasker's Nim is N. No problem's command uses it."""
    result = CliRunner().invoke(main, ["solve", "octal", "5", "--code", "4.333", "--json"])
    assert json.loads(result.output)["outcome"] == "P"  # Lasker's Nim: heap 5 is worth 5, N
    assert not [p.id for p in _problems(app) if p.solve and "4.333" in p.solve]


def test_a_problem_links_to_the_section_that_holds_its_program(app: Flask) -> None:
    """Lessons 13-16 (their review): where the lesson gives a problem's C++ program, the
    problem's link goes to the heading that holds it (a heading of its own under Code), not to
    the section that only explains the rule. (Lessons 2-12 link to the rule's section and keep
    their programs under Code: a choice for their own review.)"""
    catalog = app.extensions["grundy.catalog"]
    linked = 0
    for p in _problems(app):
        if p.lesson not in ("k-multiple", "coin-turning", "take-and-break", "games-on-graphs"):
            continue
        html = catalog.get(p.lesson).html
        parts = re.split(r'<h[23] id="([^"]+)">', html)
        holding = [anchor for anchor, body in zip(parts[1::2], parts[2::2])
                   if 'data-lang="C++"' in body and re.search(rf"{re.escape(p.id)}(?!\d)", body)]
        if holding:
            assert p.section in holding, (p.id, p.section, holding)
            linked += 1
    assert linked == 11  # HDU 2516, POJ 3922, HDU 2486, HDU 3537, HDU 3032, HDU 5795, POJ 2311, Luogu P10501,
    # HDU 1524, POJ 2425, Luogu P6560
