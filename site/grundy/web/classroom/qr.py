"""How phones reach a live class: its QR code (drawn here as inline SVG: no service, no
script) and the join address read off the projector."""
from __future__ import annotations

import functools

import segno
from flask import request, url_for
from markupsafe import Markup

from grundy.i18n import _
from grundy.web.classroom.store import Room


def qr(room: Room) -> Markup:
    """The QR code of the class's own address, as inline SVG."""
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


__all__ = ["join_short", "local_only", "qr"]
