"""The problem set: every judge problem the course solves, read once from content/problems.yaml
(the one place a problem's words, limits, lesson section and `grundy solve` command live)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from grundy.i18n import N_, _
from grundy.lessons.catalog import FILENAME
from grundy.lessons.entries import load_entries

# The judges whose names Chinese writes its own way (the others, HDU, POJ, CSES…, are the same).
JUDGE_NAMES = {"Luogu": N_("Luogu")}


def problem_name(problem_id: str) -> str:
    """A problem's id with its judge named in the reader's language: "Luogu P2197" is
    "洛谷 P2197" on a Chinese page."""
    judge, _space, number = problem_id.partition(" ")
    return f"{_(JUDGE_NAMES[judge])} {number}".strip() if judge in JUDGE_NAMES else problem_id

# A lesson's problems of one difficulty are listed Luogu first, then HDU and POJ, then the other
# judges: the order a Chinese student meets judges in (judge_rank reads it).
JUDGE_ORDER = ("Luogu", "HDU", "POJ")

FIELDS = ("id", "title", "url", "lesson", "section", "difficulty", "game", "game_zh", "limits", "limits_zh")
# How hard a problem is once its lesson is read, said once here and read by every page that shows it.
DIFFICULTIES = {
    1: N_("the lesson's rule, applied as it stands"),
    2: N_("the lesson's rule after a step of your own: see the game in the story, or compute a table"),
    3: N_("an idea beyond the lesson's text, or a program the lesson does not give"),
}
_HAN = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


@dataclass(frozen=True, slots=True)
class Problem:
    id: str  # "HDU 1846"
    title: str
    url: str
    lesson: str  # the slug of the lesson that solves it
    section: str  # the anchor of the section that does
    game: str  # the game in one sentence, the course's words
    limits: str
    difficulty: int  # 1 to 3, keys of DIFFICULTIES
    # `grundy solve` arguments for one case of the published sample, and what it answers ("P" or
    # "N"): given for every problem whose sample is on file and whose game the command line plays;
    # a problem listed for practice only has neither.
    solve: str | None = None
    outcome: str | None = None
    prints: str | None = None  # what the judge wants for that case
    game_zh: str = ""  # the game in Chinese, for /zh/problems (`…` marks what a judge prints)
    limits_zh: str = ""

    @property
    def judge(self) -> str:
        return self.id.split()[0]

    @property
    def title_language(self) -> str:
        """The language the judge's title is in: "zh" when it has any Chinese in it."""
        return "zh" if _HAN.search(self.title) else "en"

    def game_in(self, language: str) -> str:
        """The game in one sentence, in ``language`` (English where no Chinese is written)."""
        return self.game_zh if language == "zh" and self.game_zh else self.game

    def limits_in(self, language: str) -> str:
        return self.limits_zh if language == "zh" and self.limits_zh else self.limits


def course_order(path: Path) -> list[str]:
    """The lessons' slugs in the course's order, named as the catalog names them (FILENAME): the
    English lessons beside the file, content/en/NN-slug.md; empty where there is no such folder."""
    found = (FILENAME.fullmatch(lesson.name) for lesson in sorted((path.parent / "en").glob("*.md")))
    return [match["slug"] for match in found if match]


def judge_rank(problem: Problem) -> int:
    """Where a problem's judge comes among problems of one lesson and difficulty: Luogu first,
    then HDU and POJ, then the others (JUDGE_ORDER)."""
    return JUDGE_ORDER.index(problem.judge) if problem.judge in JUDGE_ORDER else len(JUDGE_ORDER)


def load(path: Path, lessons: list[str] | None = None) -> list[Problem]:
    """The problems in the course's order: by lesson (``lessons``, by default the course's order
    read by :func:`course_order`), then by difficulty, then Luogu first (:func:`judge_rank`), the
    file's order breaking ties; a problem of a lesson not in ``lessons`` comes after them all, in
    the file's order. A difficulty outside 1 to 3, or a `solve` without its `outcome` (or the
    reverse, or `prints` without either), is an error naming the problem."""
    found = []
    for entry in load_entries(path, FIELDS):
        fields = {k: str(v) for k, v in entry.items() if k != "difficulty"}
        name, difficulty = fields["id"], int(entry["difficulty"])
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"{path}: {name} has difficulty {difficulty}, not one of 1, 2, 3")
        if ("solve" in fields) != ("outcome" in fields) or ("prints" in fields and "solve" not in fields):
            raise ValueError(f"{path}: {name} needs solve and outcome together (and prints only with them)")
        if fields.get("outcome", "P") not in ("P", "N"):
            raise ValueError(f"{path}: {name} has outcome {fields['outcome']}, not P or N")
        found.append(Problem(difficulty=difficulty, **fields))
    order = {slug: i for i, slug in enumerate(course_order(path) if lessons is None else lessons)}

    def place(p: Problem) -> tuple[int, int, int]:
        return (order[p.lesson], p.difficulty, judge_rank(p)) if p.lesson in order else (len(order), 0, 0)

    return sorted(found, key=place)


def by_lesson(problems: list[Problem]) -> dict[str, list[Problem]]:
    """Each lesson's problems, easiest first, Luogu first within a difficulty (the order given
    breaking ties)."""
    lessons: dict[str, list[Problem]] = {}
    for p in sorted(problems, key=lambda p: (p.difficulty, judge_rank(p))):
        lessons.setdefault(p.lesson, []).append(p)
    return lessons


__all__ = ["DIFFICULTIES", "JUDGE_ORDER", "Problem", "by_lesson", "course_order", "judge_rank", "load"]
