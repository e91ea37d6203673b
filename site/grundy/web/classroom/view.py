"""What a live class's phones show of the projector: the projected widget, rendered once per
worker, state and language, and kept (:func:`view`); and which projection addresses students
may follow (:func:`view_path`)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

from flask import request, url_for
from markupsafe import Markup

from grundy.cache import BoundedCache
from grundy.i18n import here as language_code
from grundy.web.language import unprefixed
from grundy.web.widgets import PRESENTABLE, render_widget, resumed
from grundy.widgets import WIDGETS


def view_path(url: str) -> str | None:
    """A projection's address as students may follow it: /present/<a projectable widget>?query
    (the language prefix dropped: each student reads in their own language), or None. A lesson's
    widget shown to the class reports its own state, /w/<name>?query, which is the same state
    projected; as a lesson writes "everything shown" by naming no step, that is said (``step=``),
    since a projection naming none opens at step 0 (grundy.web.present.opening)."""
    if not url or len(url) > 2000:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    match = re.fullmatch(r"/(present|w)/([a-z0-9-]+)", unprefixed(parts.path))
    if not match or match[2] not in PRESENTABLE:
        return None
    path, query = f"/present/{match[2]}", parts.query[:500]
    if match[1] == "w":
        widget = WIDGETS[match[2]]
        named = {key for key, _value in parse_qsl(query, keep_blank_values=True)}
        if "step" in widget.keys and not named & set(widget.step_keys):
            query = f"{query}&step=" if query else "step="
    return f"{path}?{query}" if query else path


@dataclass(frozen=True, slots=True)
class View:
    """The projected widget, rendered for a phone: its fragment and its own page's address."""

    html: Markup
    name: str
    title: str
    own_url: str
    draws_figure: bool


VIEWS_KEPT = 64
# (path, language, root) → the rendered view; rendered outside the cache's lock, so one slow
# widget never holds up the phones asking for another
_VIEWS: BoundedCache[tuple[str, str, str], View] = BoundedCache(VIEWS_KEPT)


def view(path: str) -> View | None:
    """The projected widget for a student's page. Forty phones ask for the same state after
    each step: it is rendered once per worker and language, and kept (the last VIEWS_KEPT)."""
    if not path:
        return None
    key = (path, language_code(), request.script_root)
    found = _VIEWS.get(key)
    if found is None:
        found = _render_view(path)
        if found is not None:
            _VIEWS.put(key, found)
    return found


def _render_view(path: str) -> View | None:
    parts = urlsplit(path)
    name = parts.path.rsplit("/", 1)[-1]
    if name not in PRESENTABLE:
        return None
    widget = WIDGETS[name]
    args = dict(parse_qsl(parts.query, keep_blank_values=True))
    args.pop("id", None)
    from grundy.web.present import opening  # the projection's own opening rule (step 0 while hiding)

    query = opening(widget, resumed(widget, args))
    rendered = render_widget(widget, query, "class-view", standalone=False)
    own = url_for("widgets.show", name=name) + (f"?{parts.query}" if parts.query else "")
    return View(Markup(rendered.html), name, widget.title, own, widget.draws_figure)


__all__ = ["VIEWS_KEPT", "View", "view", "view_path"]
