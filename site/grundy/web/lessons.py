"""Routes for the course map and the lessons."""
from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template, url_for
from markupsafe import Markup

from grundy.lessons import Catalog
from grundy.practice.games import SPECS, SUMS_LESSON

bp = Blueprint("lessons", __name__)


def _catalog() -> Catalog:
    catalog: Catalog = current_app.extensions["grundy.catalog"]
    if current_app.debug:
        catalog.refresh()
    return catalog


@bp.get("/")
def index() -> str:
    """The course map: every lesson in order with its summary."""
    return render_template("index.html", lessons=_catalog().lessons)


@bp.get("/lessons/<slug>")
def lesson(slug: str) -> str:
    """One lesson, with its widgets already in their first state."""
    catalog = _catalog()
    found = catalog.get(slug)
    if found is None:
        abort(404, f"There is no lesson called {slug!r}.")
    before, after = catalog.neighbours(found)
    return render_template(
        "lesson.html", lesson=found, body=Markup(found.html), before=before, after=after,
        needs_plotly="data-figure=" in found.html, practice=_practice(slug),
    )


def _practice(slug: str) -> list[dict[str, str]]:
    """Quiz and play links for the games this lesson teaches; the sums lesson gets every game's
    level of sums."""
    sums = slug == SUMS_LESSON[0]
    return [
        {"title": kind.title,
         "quiz": url_for("practice.quiz_question", game=key, level=3 if sums else 1),
         "play": url_for("practice.play", game=key)}
        for key, kind in SPECS.items()
        if kind.lesson[0] == slug or (sums and kind.sum_is_plain)
    ]


@bp.app_errorhandler(404)
def not_found(error: Exception) -> tuple[str, int]:
    """A friendly page for a missing lesson, widget or file."""
    message = getattr(error, "description", "That page does not exist.")
    return render_template("error.html", title="Not found", message=message), 404
