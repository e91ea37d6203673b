"""The one answer every interactive route gives: htmx gets the fragment it swaps, a browser (or
a history restore) the whole page around it, so every state works with JavaScript off."""
from __future__ import annotations

from collections.abc import Callable

from flask import Response, request

KEEP_URL = object()  # htmx leaves the address bar alone (a widget inside a lesson)


def is_fragment_request() -> bool:
    """An htmx swap asks for the fragment; a page load or a history restore for the whole page."""
    return request.headers.get("HX-Request") == "true" and not request.headers.get("HX-History-Restore-Request")


def fragment_or_page(fragment: str | Callable[[], str], page: Callable[[str], str], *, status: int = 200,
                     push: str | None | object = None) -> Response:
    """``fragment`` for htmx, else ``page(fragment)``; a page whose template includes the
    fragment itself passes the fragment as a function, so it is rendered only when asked for.
    For htmx, ``push`` is the URL to show in the address bar (None: a state not worth a history
    entry, such as a bad one; KEEP_URL: say nothing). Either way the answer varies with
    HX-Request, so caches keep the two apart."""
    fragment_request = is_fragment_request()
    if fragment_request:
        body = fragment() if callable(fragment) else fragment
    else:
        body = page(fragment if isinstance(fragment, str) else "")
    response = Response(body, status=status, mimetype="text/html")
    response.vary.add("HX-Request")
    if fragment_request and push is not KEEP_URL:
        response.headers["HX-Push-Url"] = push if isinstance(push, str) else "false"
    return response


__all__ = ["KEEP_URL", "fragment_or_page", "is_fragment_request"]
