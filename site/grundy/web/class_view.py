"""What a live class shows: the projected widget as students' phones follow it (rendered once
per worker, step and language), the class's QR code, and its join address."""
from __future__ import annotations

import functools
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

import segno
from flask import request, url_for
from markupsafe import Markup

from grundy.i18n import _
from grundy.web.class_store import Room
from grundy.web.language import unprefixed
from grundy.web.widgets import PRESENTABLE, render_widget, resumed
from grundy.widgets import WIDGETS
from grundy.words import here as language_code


def view_path(url: str) -> str | None:
    """A projection's address as students may follow it: /present/<a projectable widget>?query
    (the language prefix dropped: each student reads in their own language), or None."""
    if not url or len(url) > 2000:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    path = unprefixed(parts.path)
    match = re.fullmatch(r"/present/([a-z0-9-]+)", path)
    if not match or match[1] not in PRESENTABLE:
        return None
    query = parts.query[:500]
    return f"{path}?{query}" if query else path


@dataclass(frozen=True, slots=True)
class View:
    """The projected widget, rendered for a phone: its fragment and its own page's address."""

    html: Markup
    name: str
    title: str
    own_url: str
    draws_figure: bool


_VIEWS: OrderedDict[tuple[str, str, str], View] = OrderedDict()  # (path, language, root) → the rendered view
_VIEWS_LOCK = threading.Lock()
VIEWS_KEPT = 64


def view(path: str) -> View | None:
    """The projected widget for a student's page. Forty phones ask for the same state after
    each step: it is rendered once per worker and language, and kept (the last VIEWS_KEPT)."""
    if not path:
        return None
    key = (path, language_code(), request.script_root)
    with _VIEWS_LOCK:
        if key in _VIEWS:
            _VIEWS.move_to_end(key)
            return _VIEWS[key]
    made = _render_view(path)
    if made is not None:
        with _VIEWS_LOCK:
            _VIEWS[key] = made
            while len(_VIEWS) > VIEWS_KEPT:
                _VIEWS.popitem(last=False)
    return made


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


def qr(room: Room) -> Markup:
    """The QR code of the class's own address, as inline SVG (drawn here: no service, no script)."""
    return _qr_svg(url_for("classroom.student", code=room.code, _external=True), _("Join class %(code)s", code=room.code))


@functools.lru_cache(maxsize=64)
def _qr_svg(url: str, title: str) -> Markup:
    """Drawn once per address and language, not again for every step a projection reports. A
    viewBox and no size (omitsize), so the stylesheet's width scales the whole code."""
    return Markup(segno.make(url, error="m").svg_inline(border=2, omitsize=True, dark="#111", light="#fff", title=title))


def join_short() -> str:
    """The join address to read off a projector: host and path, no scheme."""
    return request.host + url_for("classroom.join")


def local_only() -> bool:
    """Whether the console was opened at an address only this computer can reach (phones
    scanning the QR code would find nothing there)."""
    host = request.host.rsplit(":", 1)[0].strip("[]")
    return host in ("localhost", "127.0.0.1", "::1") or host.endswith(".localhost")


__all__ = ["View", "join_short", "local_only", "qr", "view", "view_path"]
