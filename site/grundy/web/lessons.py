"""Routes for the course map and the lessons."""
from __future__ import annotations

from typing import Any

import re

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from flask_babel import force_locale
from markupsafe import Markup, escape
from werkzeug.exceptions import NotFound

from grundy.i18n import _
from grundy.marks import N_, quoted
from grundy.lessons import Catalog
from grundy.lessons.catalog import Lesson, learned
from grundy.lessons.problems import DIFFICULTIES, Problem, by_lesson, problem_name
from grundy.practice.games import SPECS, SUMS_LESSON
from grundy.web import language, scores

bp = Blueprint("lessons", __name__)


def _catalog(code: str | None = None) -> Catalog:
    """The lessons of this request's language (or of ``code``)."""
    code = code or language.current().code
    catalog: Catalog = current_app.extensions["grundy.catalogs"][code]
    if current_app.debug:
        # Re-rendered as at start-up, in a request of the catalogue's own language (its boxes'
        # and widgets' words, its links), whatever the language of the request that noticed.
        lang = language.LANGUAGES[code]
        environ = {language.ENVIRON_KEY: code, "SCRIPT_NAME": lang.prefix}
        with current_app.test_request_context("/", environ_overrides=environ), force_locale(code):
            catalog.refresh()
    return catalog


def find_lesson(slug: str) -> tuple[Lesson | None, bool]:
    """The lesson ``slug`` in this request's language, or in English where it is not written
    yet; and whether it is the English stand-in."""
    found = _catalog().get(slug)
    if found is not None or language.current().code == language.DEFAULT:
        return found, False
    return _catalog(language.DEFAULT).get(slug), True


def course() -> list[Lesson]:
    """The course in this request's language: each lesson in it, or its English stand-in."""
    return [find_lesson(lesson.slug)[0] or lesson for lesson in _catalog(language.DEFAULT).lessons]


@bp.get("/")
def index() -> str:
    """The course map: every lesson in order with its summary, and this browser's progress (the
    lessons it opened, each game's quiz score) read from the signed cookie."""
    book = scores.load()
    seen = scores.opened()
    lessons = course()
    games: dict[str, list[dict[str, Any]]] = {
        lesson.slug: [{"title": kind.title, "score": book.get(key),
                       "quiz": url_for("practice.quiz_question", game=key, level=1)}
                      for key, kind in SPECS.items() if kind.lesson[0] == lesson.slug]
        for lesson in lessons
    }
    progress = {lesson.slug: {"opened": lesson.number in seen, "games": games[lesson.slug]} for lesson in lessons}
    return render_template("index.html", lessons=lessons, progress=progress, opened=len(seen),
                           scored_any=any(g["score"] for found in games.values() for g in found),
                           rejected=scores.rejected())


@bp.post("/progress/opened/<slug>")
def opened(slug: str) -> tuple[str, int]:
    """A lesson page asks this once it has loaded (with JavaScript on), so that the course map can
    mark it opened; the lesson pages themselves stay the same for everyone, and cached."""
    found = _catalog(language.DEFAULT).get(slug)
    if found is None:
        abort(404, _("There is no lesson called %(slug)s.", slug=quoted(slug, 40)))
    scores.mark_opened(found.number)
    return "", 204


@bp.get("/lessons/<slug>")
def lesson(slug: str) -> str:
    """One lesson, with its widgets already in their first state."""
    found, stand_in = find_lesson(slug)
    if found is None:
        abort(404, _("There is no lesson called %(slug)s.", slug=quoted(slug, 40)))
    lessons = course()
    i = [lesson.slug for lesson in lessons].index(slug)
    before = lessons[i - 1] if i > 0 else None
    after = lessons[i + 1] if i + 1 < len(lessons) else None
    problems = by_lesson(current_app.extensions["grundy.problems"]).get(slug, [])
    sections = {h.anchor: Markup(h.html) for h in found.toc}  # each problem links to the section that solves it
    return render_template(
        "lesson.html", lesson=found, body=Markup(found.html), before=before, after=after, stand_in=stand_in,
        needs_plotly="data-figure=" in found.html, practice=_practice(slug), problems=problems, sections=sections,
    )


@bp.get("/problems")
def problems() -> Response:
    """The problem set, filtered by lesson (``topic``) and by judge, with a plain GET form."""
    found: list[Problem] = current_app.extensions["grundy.problems"]
    lessons = {lesson.slug: lesson for lesson in course()}
    judges = sorted({p.judge for p in found})
    topic = request.args.get("topic", "").strip()
    judge = request.args.get("judge", "").strip()
    error = None
    if topic and topic not in lessons:
        error = _("There is no lesson %(topic)s to filter by; choose one from the list.", topic=quoted(topic, 40))
    elif judge and judge not in judges:
        error = _("There is no judge %(judge)s here; choose one of %(judges)s.", judge=quoted(judge, 40),
                  judges=_(", ").join(judges))
    shown = [] if error else [p for p in found if (not topic or p.lesson == topic) and (not judge or p.judge == judge)]
    used = [lesson for lesson in course() if any(p.lesson == lesson.slug for p in found)]
    html = render_template("problems.html", problems=shown, total=len(found), lessons=lessons, topics=used,
                           judges=judges, topic=topic, judge=judge, error=error)
    return Response(html, status=400 if error else 200, mimetype="text/html")


@bp.get("/glossary")
def glossary() -> str:
    """Every term of the course in English and Chinese, defined in a line, linked to its lesson."""
    lessons = {lesson.slug: lesson for lesson in course()}
    return render_template("glossary.html", terms=current_app.extensions["grundy.glossary"], lessons=lessons)


@bp.get("/summary")
def summary() -> str:
    """Every rule, formula and strategy of the course on one page: each lesson's "What you
    learned", linked to the lesson (a print stylesheet fits it on few sheets)."""
    sections = [(lesson, Markup(found)) for lesson in course() if (found := learned(lesson.html))]
    return render_template("summary.html", sections=sections)


def _practice(slug: str) -> list[dict[str, str]]:
    """Quiz and play links for the games this lesson teaches; the sums lesson gets every game's
    level of sums."""
    sums = slug == SUMS_LESSON[0]
    return [
        {"title": kind.title,
         "quiz": url_for("practice.quiz_question", game=key, level=3 if sums else 1),
         "play": url_for("practice.play", game=key)}
        for key, kind in SPECS.items()
        if kind.lesson[0] == slug or slug in kind.also_in or (sums and kind.sum_is_plain)
    ]


_CODE = re.compile(r"`([^`]+)`")


bp.add_app_template_filter(problem_name, "problem_name")



@bp.record_once
def _difficulties(state: Any) -> None:
    """The difficulty levels and what each means, for every template (the legend's macro is imported
    without the page's context)."""
    state.app.jinja_env.globals["difficulties"] = DIFFICULTIES


@bp.app_template_filter("code_spans")
def code_spans(text: str) -> Markup:
    """Plain text with `what a judge prints` in backticks, as HTML with <code> for each."""
    return Markup(_CODE.sub(lambda found: f"<code>{found.group(1)}</code>", str(escape(text))))


@bp.app_errorhandler(404)
def not_found(error: Exception) -> tuple[str, int]:
    """A friendly page for a missing lesson, widget or file (Werkzeug's own sentence, said when
    nobody said why, in the reader's language)."""
    message = getattr(error, "description", None) or NotFound.description
    if message == NotFound.description:
        message = _("The requested URL was not found on the server. If you entered the URL manually please check "
                    "your spelling and try again.")
    return render_template("error.html", title=N_("Not found"), message=message), 404
