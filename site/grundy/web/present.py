"""/present/<name>: a widget projected for a class — the whole screen, large type, no site
header or footer, stepped with the arrow keys or a presentation clicker (PageUp/PageDown).

It is the same widget as /w/<name> (same parser, view and template, same query keys), shown in
the projection frame: the form and every pushed URL stay on /present/, so the address bar is the
state a student can open to follow along, and the back button steps back.

A settings change while stepping keeps stepping (never "everything shown"): the form carries
the state it was stepped in (``was``, written by widgets/_frame.html), and a request that names
no step goes on from the step the widget's ``resume_step`` gives: the same step, kept in range,
when the change only resizes what is revealed or how it is labelled; step 0 when it is a new
game (another rule, other heaps), so nothing of it shows before the class has guessed.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request, url_for
from markupsafe import Markup

from grundy.i18n import _
from grundy.marks import N_, quoted
from grundy.numerals import typed_fields
from grundy.lessons.catalog import Lesson
from grundy.web.lessons import find_lesson
from grundy.web.respond import fragment_or_page
from grundy.web.widgets import PRESENTABLE, PROJECTED, render_widget, resumed
from grundy.widgets import WIDGETS, Widget

bp = Blueprint("present", __name__)

# Width ÷ height of the room a table gets: below the one-line summary and above the explanation
# on a 16:9 projector (1920×1080 or 1280×720), and on a phone held upright.
WIDE = 2.8
TALL = 0.8


@bp.get("/present/", defaults={"name": ""})
@bp.get("/present/<name>")
def show(name: str) -> Response:
    """One widget, projected, in the state the query string describes (a fragment for htmx)."""
    if not name:
        return _index()
    if name not in PRESENTABLE:
        return _not_presentable(name)
    widget = WIDGETS[name]
    args = opening(widget, resumed(widget, typed_fields(request.args.to_dict())))  # as typed on a phone
    rendered = render_widget(widget, args, name, standalone=True, frame=PROJECTED)

    def page(body: str) -> str:
        return render_template("present.html", widget=widget, body=Markup(body), needs_plotly="data-figure=" in body)

    # The address bar follows every step (a bad state is not worth a history entry).
    return fragment_or_page(rendered.html, page, status=rendered.status, push=rendered.url)


def opening(widget: Widget[Any, Any], args: Mapping[str, str]) -> dict[str, str]:
    """A projection that names no step opens at step 0 while hiding is on: the class guesses
    before anything is revealed ("Present this" from a /w/ page, a link typed by hand). A URL
    that asks for everything says so (``step=``, as "Show all" writes it), and so does
    ``hide=0``."""
    query = dict(args)
    if ("step" in widget.keys and not any(key in query for key in widget.step_keys)
            and query.get("hide", "").strip().lower() not in ("0", "off", "false", "no")):
        query["step"] = "0"
    return query


def _index() -> Response:
    """/present/: every widget an instructor can project, with what it shows and the lessons
    that use it (in the reader's language: the Chinese lessons have the same widgets)."""
    catalog = current_app.extensions["grundy.catalog"]

    def lessons(name: str) -> list[Lesson]:
        return [find_lesson(lesson.slug)[0] or lesson for lesson in catalog.using_widget(name)]

    entries = [(WIDGETS[n], url_for("present.show", name=n), lessons(n)) for n in PRESENTABLE]
    return Response(render_template("present_index.html", entries=entries), mimetype="text/html")


def _not_presentable(name: str) -> Response:
    """A 404 that says which widgets can be projected, with a link to each."""
    links = [(WIDGETS[n].title, url_for("present.show", name=n)) for n in PRESENTABLE]
    names = _(", ").join(PRESENTABLE)
    if name:
        message = _("There is no projection view called %(name)s. These widgets can be projected: %(names)s.",
                    name=quoted(name, 40), names=names)
    else:
        message = _("These widgets can be projected: %(names)s.", names=names)
    html = render_template("error.html", title=N_("Not found"), message=message, links=links)
    return Response(html, status=404, mimetype="text/html")


def best_columns(count: int, aspect: float, period: int | None = None) -> int:
    """How many columns give ``count`` cells the biggest squares in a box ``aspect`` times as
    wide as it is high (more columns make narrower cells, fewer make more rows). With a known
    ``period`` (from the first cell), only multiples of it are tried, so the repeats line up
    in columns and the pattern shows; a period longer than the table leaves the choice free."""
    step = period if period and 1 < period <= count else 1
    best, best_side = step, 0.0
    for columns in range(step, max(count, 1) + 1, step):
        rows = -(-count // columns)
        side = min(aspect / columns, 1 / rows)
        if side > best_side + 1e-9:
            best, best_side = columns, side
    return best


@bp.app_template_global()
def present_fit(count: int, wide: float = WIDE, tall: float = TALL, period: int | None = None) -> str:
    """CSS variables that lay ``count`` cells out in a few big rows: one column count for
    landscape screens and one for portrait ones (present.css picks by orientation), so the
    table fills the screen without JavaScript. A table whose values repeat from its first cell
    with ``period`` gets a multiple of it."""
    fit = []
    for name, aspect in (("wide", wide), ("tall", tall)):
        columns = best_columns(count, aspect, period)
        fit.append(f"--cols-{name}: {columns}; --rows-{name}: {-(-count // columns)}")
    return "; ".join(fit)
