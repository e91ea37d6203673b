"""Headers that make the site safe by default (a strict CSP: no inline script, no eval), and
whom to believe about the client's address.

Behind a reverse proxy every request comes from the proxy's address, so the limits counted per
address (class codes tried, students joined, classes started: grundy.web.classroom.store) would
count the whole audience as one client. ``GRUNDY_PROXIES`` is the number of proxies in front of
the app that add ``X-Forwarded-For`` (and ``-Proto``, ``-Host``); that many hops of those headers
are believed (werkzeug's ProxyFix), and no more, so a client cannot choose its own address by
sending the header itself. The default, 0, believes none: right for a server facing the network.
"""
from __future__ import annotations

import os

from flask import Flask, Response

from grundy.numerals import read_whole

# KaTeX positions glyphs with style attributes and Plotly styles its SVG inline, so inline
# *styles* are allowed; inline *scripts* and eval never are.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Cross-Origin-Opener-Policy": "same-origin",
}


MAX_PROXIES = 5  # hops of X-Forwarded-For that may be believed; more is a misconfiguration


def whole_setting(app: Flask, name: str, default: int, lo: int, hi: int, means: str = "a whole number") -> int:
    """A whole-number setting: the app's config, else the environment, else ``default``; a value
    outside ``lo``–``hi`` (or not a number) stops the start with a message that names it."""
    text = str(app.config.get(name, os.environ.get(name, default))).strip()
    number = read_whole(text, max_digits=len(str(hi)))
    if number is None or not lo <= number <= hi:
        raise ValueError(f"{name} is {means}, {lo} to {hi}; got {text[:20]!r}")
    return number


def trusted_proxies(app: Flask) -> int:
    """``GRUNDY_PROXIES``: how many reverse proxies stand in front of the app, 0–5."""
    return whole_setting(app, "GRUNDY_PROXIES", 0, 0, MAX_PROXIES, "the number of reverse proxies in front of the app")


def register(app: Flask) -> None:
    trusted_proxies(app)  # a wrong setting stops the start; ProxyFix is a layer of the WSGI stack (grundy.web.stack)

    @app.after_request
    def add_headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response
