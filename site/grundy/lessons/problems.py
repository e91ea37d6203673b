"""The problem set: every judge problem the course solves, read once from content/problems.yaml
(the one place a problem's words, limits, lesson section and `grundy solve` command live)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from grundy.lessons.entries import load_entries

FIELDS = ("id", "title", "url", "lesson", "section", "game", "limits", "solve", "outcome")


@dataclass(frozen=True, slots=True)
class Problem:
    id: str  # "HDU 1846"
    title: str
    url: str
    lesson: str  # the slug of the lesson that solves it
    section: str  # the anchor of the section that does
    game: str  # the game in one sentence, the course's words
    limits: str
    solve: str  # `grundy solve` arguments for one case of the published sample
    outcome: str  # "P" or "N": what that command answers
    prints: str | None = None  # what the judge wants for that case

    @property
    def judge(self) -> str:
        return self.id.split()[0]


def load(path: Path) -> list[Problem]:
    """The problems in the file's order."""
    return [Problem(**{k: str(v) for k, v in entry.items()}) for entry in load_entries(path, FIELDS)]


__all__ = ["Problem", "load"]
