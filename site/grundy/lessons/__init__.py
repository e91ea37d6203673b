"""Lessons: Markdown files with front matter, rendered once to HTML with their widgets inline."""
from __future__ import annotations

from grundy.lessons.catalog import Catalog, Lesson, LessonError

__all__ = ["Catalog", "Lesson", "LessonError"]
