"""The WSGI layers around the Flask app, built once, here, the same for every way the site is
served (`make run`, `make dev`, the test client), outermost first:

1. :class:`~grundy.web.language.LanguagePrefix` reads ``/zh`` off the path, so every layer
   below sees the routes' own paths;
2. :class:`Handoff`, where `make run` plugs the compute pool in (:func:`grundy.serve.post_worker_init`):
   computing requests go to child processes from there; elsewhere it hands every request on;
3. :class:`~grundy.web.delivery.ResponseCache`, the memo of computed answers (which the pool
   reads first, so a widget asked again needs no child);
4. werkzeug's ProxyFix, only when ``GRUNDY_PROXIES`` says proxies stand in front;
5. Flask's own ``wsgi_app``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from grundy.web.delivery import ResponseCache, cache_bytes
from grundy.web.language import LanguagePrefix
from grundy.web.security import trusted_proxies

WSGI = Callable[..., Iterable[bytes]]
HANDOFF = "grundy.handoff"  # app.extensions' key for the stack's Handoff


class Handoff:
    """WSGI middleware: the place for the compute pool, under the language prefix and over the
    response memo. Until :attr:`pool` is set, it hands every request straight on."""

    def __init__(self, wsgi: WSGI) -> None:
        self.wsgi = wsgi  # the layers below (what the pool answers non-computing requests with)
        self.pool: WSGI | None = None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        return (self.pool or self.wsgi)(environ, start_response)


def build(app: Flask) -> None:
    """Wrap ``app``'s WSGI callable in the site's layers, once (a second time is an error)."""
    if HANDOFF in app.extensions:
        raise RuntimeError("the WSGI stack is built once per app")
    wsgi: WSGI = app.wsgi_app
    proxies = trusted_proxies(app)
    if proxies:
        wsgi = ProxyFix(wsgi, x_for=proxies, x_proto=proxies, x_host=proxies)
    cache = ResponseCache(app, wsgi, cache_bytes(app))
    handoff = Handoff(cache)
    app.extensions["grundy.response_cache"] = cache
    app.extensions[HANDOFF] = handoff
    app.wsgi_app = LanguagePrefix(handoff)  # type: ignore[method-assign]


def layers(app: Flask) -> list[object]:
    """The layers a request passes through, outermost first, down to Flask's own ``wsgi_app``."""
    found: list[object] = []
    layer: object = app.wsgi_app
    while layer is not None:
        found.append(layer)
        if isinstance(layer, Handoff):
            layer = layer.pool or layer.wsgi
        elif isinstance(layer, ProxyFix):
            layer = layer.app
        else:  # the language prefix, the compute pool and the response memo name what they wrap ``wsgi``
            layer = getattr(layer, "wsgi", None)
    return found


__all__ = ["HANDOFF", "Handoff", "build", "layers"]
