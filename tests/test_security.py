"""Every response is served under a strict policy: no inline script, no eval, no framing."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[1]
URLS = ["/", "/lessons/p-and-n-positions", "/w/pn-table", "/w/pn-table?upto=-1", "/w/mex-steps",
        "/static/css/grundy.css", "/highlight.css", "/nowhere"]


@pytest.mark.parametrize("url", URLS)
def test_security_headers_everywhere(client: FlaskClient, url: str) -> None:
    headers = client.get(url).headers
    csp = headers["Content-Security-Policy"]
    directives = dict((d.split(" ", 1) + [""])[:2] for d in csp.split("; "))
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in directives["script-src"] and "unsafe-eval" not in csp
    assert directives["frame-ancestors"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"]


@pytest.mark.parametrize("url", ["/", "/lessons/impartial-games", "/lessons/p-and-n-positions", "/w/pn-table", "/w/mex-steps"])
def test_pages_have_no_inline_script_or_handler_and_no_remote_asset(client: FlaskClient, url: str) -> None:
    html = client.get(url).text
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert re.search(r'\bsrc="/static/', tag), tag
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), "inline script body"
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"
    # Links to judges may point elsewhere; nothing the page *loads* may.
    assert not re.search(r'\bsrc="(https?:)?//', html), "asset from another origin"
    assert not re.search(r'<link\b[^>]*href="(https?:)?//', html), "stylesheet from another origin"
    assert "hx-on" not in html


def test_templates_have_no_inline_script() -> None:
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
