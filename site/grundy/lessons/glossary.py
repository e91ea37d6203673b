"""The glossary: every term of the course in English and Chinese, read once from
content/glossary.yaml (the one place a term's words, definition and lesson section live)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

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
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    terms = []
    for entry in entries:
        missing = [f for f in FIELDS if not str(entry.get(f, "")).strip()]
        if missing:
            raise ValueError(f"{path}: {entry.get('term', '?')} lacks {', '.join(missing)}")
        terms.append(Term(term=str(entry["term"]), zh=str(entry["zh"]), means=str(entry["means"]),
                          lesson=str(entry["lesson"]), section=str(entry["section"]), notes=bool(entry.get("notes", False))))
    return terms


__all__ = ["Term", "load"]
