"""Every response is served under a strict policy: no inline script, no eval, no framing."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.web import csrf

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


# ------------------------------------------------------------------ cross-site requests (grundy.web.csrf)

QUIZ = "/quiz/q?game=nim&level=1&seed=3"
ANSWER = {"game": "nim", "level": "1", "seed": "3", "says": "N"}


def _page_token(client: FlaskClient, url: str = QUIZ) -> str:
    """The token a page's form carries, as a browser would send it back."""
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get(url).get_data(as_text=True))
    assert found is not None, url
    return found[1]


def test_a_form_posts_with_the_token_its_page_carries(app: Flask) -> None:
    browser = FlaskClient(app, use_cookies=True)  # Flask's plain client: it adds no token of its own
    token = _page_token(browser)
    assert browser.post("/quiz/answer", data=ANSWER | {"csrf_token": token}).status_code == 200
    # … with no Origin and no Sec-Fetch-Site (an older browser, JavaScript off): the token is what counts
    assert browser.post("/quiz/answer", data=ANSWER | {"csrf_token": token}, headers={}).status_code == 200
    assert browser.post("/quiz/answer", data=ANSWER, headers={csrf.HEADER: token}).status_code == 200  # a script's header


@pytest.mark.parametrize("case", ["no token", "wrong token", "another session's token", "Origin null", "Origin elsewhere",
                                  "cross-site", "same-site"])
def test_a_cross_site_post_is_refused(app: Flask, case: str) -> None:
    browser = FlaskClient(app, use_cookies=True)
    token = _page_token(browser)
    data, headers = ANSWER | {"csrf_token": token}, {}
    if case == "no token":
        data = ANSWER
    elif case == "wrong token":
        data = ANSWER | {"csrf_token": token[:-1] + ("A" if token[-1] != "A" else "B")}
    elif case == "another session's token":
        data = ANSWER | {"csrf_token": _page_token(FlaskClient(app, use_cookies=True))}
    elif case == "Origin null":
        headers = {"Origin": "null"}
    elif case == "Origin elsewhere":
        headers = {"Origin": "https://evil.example"}
    else:
        headers = {"Sec-Fetch-Site": case}
    r = browser.post("/quiz/answer", data=data, headers=headers)
    assert r.status_code == 403, case
    assert "quiz-card" not in r.get_data(as_text=True)
    assert "Content-Security-Policy" in r.headers


def test_every_state_changing_form_carries_the_token() -> None:
    """Every POST form in the templates has the hidden field; the exempt endpoints are named, with a reason, in one place."""
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for form in re.finditer(r"<form\b[^>]*method=\"post\"[^>]*>(.{0,120})", text, re.S):
            assert "csrf_field()" in form[1], (path.name, form[0][:120])
    assert csrf.EXEMPT == {"lessons.opened"}


def test_scripts_read_the_token_from_a_cookie_of_this_site(app: Flask) -> None:
    browser = FlaskClient(app, use_cookies=True)
    token = _page_token(browser)
    cookie = browser.get_cookie(csrf.COOKIE)
    assert cookie is not None and cookie.value == token and not cookie.http_only and cookie.same_site == "Strict"
    plain = browser.get("/w/pn-table")  # a widget, the same for everyone: no cookie, no Vary: Cookie
    assert "Set-Cookie" not in plain.headers and "Cookie" not in plain.headers.get("Vary", "")


# ------------------------------------------------------------------ the client's address behind proxies


def test_the_forwarded_address_is_believed_only_from_trusted_proxies(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy import create_app
    from grundy.web.classroom import identity

    # What the joins read: only /join's own (in a worker that also serves the browser tests, the
    # live server's thread may read an address for a page of theirs meanwhile)
    seen: list[str] = []

    def address() -> str:
        found = request_address()
        if request_path() == "/join":
            seen.append(found)
        return found

    monkeypatch.setattr(identity, "address", address)
    behind = create_app({"TESTING": True, "GRUNDY_PROXIES": 1})
    for application, expected in ((app, "127.0.0.1"), (behind, "203.0.113.9")):
        client = application.test_client()
        client.get("/join?code=ACDEFG", headers={"X-Forwarded-For": "203.0.113.9"})
        assert seen[-1] == expected
    client = behind.test_client()  # a client naming its own address cannot pass the proxy's
    client.get("/join?code=ACDEFG", headers={"X-Forwarded-For": "198.51.100.1, 203.0.113.9"})
    assert seen[-1] == "203.0.113.9" and len(seen) == 3


def request_address() -> str:
    from flask import request

    return str(request.remote_addr)


def request_path() -> str:
    from flask import request

    return str(request.path)


@pytest.mark.parametrize("setting", ["-1", "6", "two", "1.5"])
def test_a_wrong_proxy_setting_stops_the_start(setting: str) -> None:
    from grundy import create_app

    with pytest.raises(ValueError, match="GRUNDY_PROXIES"):
        create_app({"TESTING": True, "GRUNDY_PROXIES": setting})
