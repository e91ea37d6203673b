"""The one answer every interactive route gives: htmx gets the fragment it swaps, a browser (or
a history restore) the whole page around it, so every state works with JavaScript off."""
from __future__ import annotations

from collections.abc import Callable

from flask import Response, request

KEEP_URL = object()  # htmx leaves the address bar alone (a widget inside a lesson)


def is_fragment_request() -> bool:
    """An htmx swap asks for the fragment; a page load or a history restore for the whole page."""
    return request.headers.get("HX-Request") == "true" and not request.headers.get("HX-History-Restore-Request")


def fragment_or_page(fragment: str, page: Callable[[str], str], *, status: int = 200,
                     push: str | None | object = None) -> Response:
    """``fragment`` for htmx, else ``page(fragment)``. For htmx, ``push`` is the URL to show in
    the address bar (None: a state not worth a history entry, such as a bad one; KEEP_URL: say
    nothing). Either way the answer varies with HX-Request, so caches keep the two apart."""
    fragment_request = is_fragment_request()
    response = Response(fragment if fragment_request else page(fragment), status=status, mimetype="text/html")
    response.vary.add("HX-Request")
    if fragment_request and push is not KEEP_URL:
        response.headers["HX-Push-Url"] = push if isinstance(push, str) else "false"
    return response


__all__ = ["KEEP_URL", "fragment_or_page", "is_fragment_request"]
