"""The problem set: every judge problem the course solves, read once from content/problems.yaml
(the one place a problem's words, limits, lesson section and `grundy solve` command live)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from grundy.i18n import N_, _
from grundy.lessons.entries import load_entries

# The judges whose names Chinese writes its own way (the others, HDU, POJ, CSES…, are the same).
JUDGE_NAMES = {"Luogu": N_("Luogu")}


def problem_name(problem_id: str) -> str:
    """A problem's id with its judge named in the reader's language: "Luogu P2197" is
    "洛谷 P2197" on a Chinese page."""
    judge, _space, number = problem_id.partition(" ")
    return f"{_(JUDGE_NAMES[judge])} {number}".strip() if judge in JUDGE_NAMES else problem_id

FIELDS = ("id", "title", "url", "lesson", "section", "game", "game_zh", "limits", "limits_zh", "solve", "outcome")
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
    solve: str  # `grundy solve` arguments for one case of the published sample
    outcome: str  # "P" or "N": what that command answers
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


def load(path: Path) -> list[Problem]:
    """The problems in the file's order."""
    return [Problem(**{k: str(v) for k, v in entry.items()}) for entry in load_entries(path, FIELDS)]


__all__ = ["Problem", "load"]
