"""Routes for /w/<widget>: the htmx fragment or the whole page, from one URL."""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urlsplit
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from markupsafe import Markup

from grundy.i18n import _
from grundy.numerals import typed_fields
from grundy.web import language
from grundy.web.language import unprefixed
from grundy.web.respond import KEEP_URL, fragment_or_page, is_fragment_request
from grundy.widgets import WIDGETS, BadParameter, Widget
from grundy.lessons.markdown import WidgetRenderer
from grundy.marks import quoted
from grundy.widgets.params import refuse_foreign_digits, reject_unknown
from grundy.widgets.grid import GAME_NAMES, GRID_GAMES
from grundy.widgets.rules import RULE_NAMES

bp = Blueprint("widgets", __name__)
WIDGET_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")


# The widgets that have a projection view (/present/<name>): the ones an instructor steps through.
PRESENTABLE = tuple(name for name, w in WIDGETS.items() if w.presentable)
# Projected, the hidden field that carries the state a widget is stepping in, so that a settings
# change goes on stepping (see resumed).
RESUME = "was"


@dataclass(frozen=True, slots=True)
class Frame:
    """Where a widget is shown: the route its form, links and pushed URLs go to, and whether it
    is projected full screen (which gives it the control strip and its layout)."""

    endpoint: str
    presenting: bool


INLINE = Frame("widgets.show", presenting=False)  # lessons and the /w/ pages
PROJECTED = Frame("present.show", presenting=True)  # /present/<name>


@dataclass(frozen=True, slots=True)
class Rendered:
    html: str
    status: int  # 200, or 400 when a parameter was bad
    url: str | None  # the canonical URL of this state (None for a bad one)


def render_widget(
    widget: Widget[Any, Any], args: Mapping[str, str], widget_id: str, *, standalone: bool, frame: Frame = INLINE
) -> Rendered:
    """The widget's fragment for these parameters, in the given frame."""
    bad_id = not WIDGET_ID.fullmatch(widget_id)
    if bad_id:
        widget_id = widget.name
    context: dict[str, Any] = {
        "widget": widget,
        "wid": widget_id,
        "form": widget.form_values(args),
        "standalone": standalone,
        "presenting": frame.presenting,
        "endpoint": frame.endpoint,
        "params": None,
        "view": None,
        "error": None,
        "resume": None,
        "rule_names": RULE_NAMES,
        "game_names": GAME_NAMES,
        "grid_games": GRID_GAMES,
        "param": {q.name: q for q in widget.params},  # each key's declared bounds, for the form's hints
    }
    status = 200
    try:
        if bad_id:
            raise BadParameter("id", _("The widget id must be lower-case letters, digits and hyphens (at most 40)."))
        refuse_foreign_digits(args, {q.name: q.label for q in widget.params})  # with why: only 0–9
        params = widget.parse(args)
        context.update(params=params, view=widget.view(params))
    except BadParameter as error:
        context["error"] = error
        status = 400
    if widget.resume_step is not None:  # on a lesson page and /w/ too, not only projected
        params = context["params"]
        if params is not None and params.step is not None:
            context["resume"] = urlencode(params.query())
        elif context["error"] is not None:
            context["resume"] = args.get(RESUME)  # a typo while stepping: still stepping once fixed

    bases: dict[str, str] = {}

    def url_in(endpoint: str, **changes: object) -> str:
        # The id only matters to htmx swaps inside a page, so shared links leave it out.
        query = context["params"].query(**changes) if context["params"] else {}
        if endpoint not in bases:  # a table links each of its cells: the route is built once
            bases[endpoint] = url_for(endpoint, name=widget.name)
        return with_query(bases[endpoint], query)

    def state_url(**changes: object) -> str:
        # Projected, "everything shown" is written out (step=): a projection that names no step
        # opens at step 0 (present.opening).
        if frame is PROJECTED and "step" in widget.keys and getattr(context["params"], "step", 0) is None:
            changes = {"step": ""} | changes
        return url_in(frame.endpoint, **changes)

    context["state_url"] = state_url
    # The same state in the other view: "Present this" on a /w/ page, "Open the normal view" when projected.
    # (Functions, so a lesson, which shows neither link, never asks for a URL.)
    context["normal_url"] = lambda: url_in(INLINE.endpoint)
    context["present_url"] = (lambda: url_in(PROJECTED.endpoint)) if widget.name in PRESENTABLE else None
    # Controls that apply at once (select, checkbox) send their own request with the whole form.
    context["auto"] = Markup('hx-get="{}" hx-trigger="change" hx-include="closest form"').format(
        url_for(frame.endpoint, name=widget.name)
    )
    url = state_url() if context["params"] else None
    return Rendered(render_template(widget.template, **context), status, url)


# The characters url_for leaves unescaped in a query (werkzeug.urls._urlencode: WHATWG's list).
QUERY_SAFE = "!$'()*,/:;?@"


def with_query(base: str, query: Mapping[str, str | None]) -> str:
    """``base`` with ``query`` added exactly as ``url_for(endpoint, **query)`` writes it (keys
    in order, ``None`` left out), without building the route again."""
    encoded = urlencode([(k, v) for k, v in query.items() if v is not None], safe=QUERY_SAFE)
    return f"{base}?{encoded}" if encoded else base


SHOWN = "shown"  # a lesson fence's key: why this stepping widget opens with its answers shown


def lesson_widget_renderer() -> WidgetRenderer:
    """A callback for the lesson renderer: strict about keys, raising on any bad value."""

    def render(name: str, params: dict[str, str], widget_id: str) -> str:
        widget = WIDGETS.get(name)
        if widget is None:
            raise ValueError(f"unknown widget {name!r}; known: {', '.join(WIDGETS)}")
        params = dict(params)
        # A stepping widget opens at its first step, the reader's predictions ahead of its
        # answers; one that opens with everything shown says why in its fence (``shown: …``,
        # for the author: the lesson's text beside it says so to the reader).
        why = params.pop(SHOWN, None)
        if why is not None and (not widget.steps or widget.start_key in params or len(why.split()) < 3):
            raise ValueError(f"'{SHOWN}: <why>' is for a stepping widget that gives no {widget.start_key}, "
                             "with a reason of a few words")
        reject_unknown(params, widget.keys, widget=name)
        widget.parse(params)  # raises BadParameter with the parser's own message
        return render_widget(widget, params, widget_id, standalone=False).html

    return render


def resumed(widget: Widget[Any, Any], args: Mapping[str, str]) -> dict[str, str]:
    """The query with the step to go on from filled in, when it came from a settings change
    (the form's ``was``, no step button) while stepping; else the query as it is. A bad new
    setting is left to the widget's own error message (``was`` rides along to the next try)."""
    query = dict(args)
    was = query.get(RESUME)
    if was is None or widget.resume_step is None or any(key in query for key in widget.step_keys):
        return query
    try:
        old = widget.parse(dict(parse_qsl(was)))
        new = widget.parse(query)
    except BadParameter:
        return query
    if getattr(old, "step", None) is None:
        return query
    return query | {"step": str(widget.resume_step(old, new))}


def _current_path() -> str:
    """The path of the page htmx says it is on; a header that is not a URL counts as none."""
    try:
        return unprefixed(urlsplit(request.headers.get("HX-Current-URL", "")).path)
    except ValueError:  # "http://[" and the like: a client's garbage, not our error
        return ""


@bp.get("/w/<name>")
def show(name: str) -> Response:
    """One widget in the state the query string describes: a fragment for htmx, else a page."""
    widget = WIDGETS.get(name)
    if widget is None:
        abort(404, _("There is no widget called %(name)s.", name=quoted(name, 40)))
    widget_id = request.args.get("id", name)
    args = resumed(widget, typed_fields(request.args.to_dict()))  # as typed on a phone: ３，５ is 3,5
    # A widget on its own page pushes its state into the address bar; one inside a lesson
    # leaves the lesson's URL alone. htmx says which page a fragment is for.
    on_own_page = _current_path().startswith("/w/")
    standalone = on_own_page or not is_fragment_request()
    rendered = render_widget(widget, args, widget_id, standalone=standalone)

    def page(body: str) -> str:
        # The lessons that use it, each in the reader's language where it is written in it.
        catalogs = current_app.extensions["grundy.catalogs"]
        english = catalogs[language.DEFAULT]
        here = catalogs.get(language.current().code, english)
        lessons = [here.get(lesson.slug) or lesson for lesson in english.using_widget(name)]
        return render_template("widget_page.html", widget=widget, body=Markup(body), lessons=lessons,
                               needs_plotly="data-figure=" in body)

    # Push the canonical state (only the fields the rule uses), not the raw form; an invalid
    # state is not worth a history entry; a widget inside a lesson leaves the lesson's URL alone.
    return fragment_or_page(rendered.html, page, status=rendered.status, push=rendered.url if on_own_page else KEEP_URL)
