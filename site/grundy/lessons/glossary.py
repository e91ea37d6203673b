"""The glossary: every term of the course in English and Chinese, read once from
content/glossary.yaml (the one place a term's words, definition and lesson section live)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from grundy.lessons.entries import load_entries

FIELDS = ("term", "zh", "means", "lesson", "section")


@dataclass(frozen=True, slots=True)
class Term:
    term: str
    zh: str  # as the notes write it, where they use the term
    means: str  # one line, the course's words
    lesson: str  # the slug of the lesson that teaches it
    section: str  # the anchor of the section that does
    notes: bool = False  # whether the notes use this Chinese term

    @property
    def anchor(self) -> str:
        return "".join(c if c.isalnum() else "-" for c in self.term.lower()).strip("-")


def load(path: Path) -> list[Term]:
    """The terms in the file's order."""
    return [Term(term=str(e["term"]), zh=str(e["zh"]), means=str(e["means"]), lesson=str(e["lesson"]),
                 section=str(e["section"]), notes=bool(e.get("notes", False))) for e in load_entries(path, FIELDS)]


__all__ = ["Term", "load"]
