"""Delivery (grundy.web.delivery): compressed answers, validators and 304s, cache lifetimes, and
the bounded memo of widget answers."""
from __future__ import annotations

import gzip
import re

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.web import delivery

BR = {"Accept-Encoding": "gzip, deflate, br"}
HX = {"HX-Request": "true"}


@pytest.mark.parametrize("accept, chosen", [
    ("gzip, deflate, br", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("", "identity"),
    ("identity", "identity"), ("*", "br"), ("br;q=x", "identity"), ("GZIP;q=0.5", "gzip"),
])
def test_the_encoding_follows_accept_encoding(accept: str, chosen: str) -> None:
    assert delivery.choose_encoding(accept) == chosen


def test_pages_and_fragments_go_out_compressed(client: FlaskClient) -> None:
    plain = client.get("/lessons/wythoff")
    assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.headers["Vary"]
    squeezed = client.get("/lessons/wythoff", headers=BR)
    assert squeezed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(squeezed.data) == plain.data and len(squeezed.data) < len(plain.data) / 4
    zipped = client.get("/w/pn-table?upto=300&sg=1", headers={"Accept-Encoding": "gzip"} | HX)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert b"pn-table" in gzip.decompress(zipped.data)


def test_a_page_the_client_holds_is_answered_304(client: FlaskClient) -> None:
    first = client.get("/lessons/nim", headers=BR)
    assert first.headers["Cache-Control"] == "no-cache" and first.headers["ETag"].endswith('-br"')
    again = client.get("/lessons/nim", headers=BR | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    other = client.get("/lessons/nim", headers={"If-None-Match": first.headers["ETag"]})  # no br: another body
    assert other.status_code == 200


def test_widget_answers_are_kept_and_may_be_cached(app: Flask, client: FlaskClient) -> None:
    cache = app.extensions["grundy.response_cache"]
    url = "/w/pn-table?upto=120&sg=1"
    first = client.get(url, headers=BR | HX)
    hits = cache.hits
    second = client.get(url, headers=BR | HX)
    assert cache.hits == hits + 1 and second.data == first.data
    assert second.headers["ETag"] == first.headers["ETag"]
    assert "public" in first.headers["Cache-Control"] and f"max-age={delivery.WIDGET_MAX_AGE}" in first.headers["Cache-Control"]
    assert {"HX-Request", "HX-Current-URL", "Accept-Encoding"} <= {v.strip() for v in first.headers["Vary"].split(",")}
    held = client.get(url, headers=BR | HX | {"If-None-Match": first.headers["ETag"]})
    assert held.status_code == 304
    # the page and the fragment are kept apart, and so are the encodings
    page = client.get(url, headers=BR)
    assert b"<!doctype html>" in brotli.decompress(page.data) and b"<!doctype html>" not in brotli.decompress(first.data)
    assert client.get(url, headers=HX).data == brotli.decompress(first.data)


def test_a_bad_widget_query_is_kept_too_and_a_cookie_never(app: Flask, client: FlaskClient) -> None:
    cache = app.extensions["grundy.response_cache"]
    for _ in range(2):
        assert client.get("/w/pn-table?upto=x", headers=HX).status_code == 400
    assert ("", "/w/pn-table", "upto=x", "true", "", "", "identity") in cache._store
    kept = cache.size
    cache.store({"PATH_INFO": "/w/x", "QUERY_STRING": ""}, ("200 OK", [("Set-Cookie", "a=b")], b"x" * 100))
    assert cache.size == kept


def test_the_memo_is_bounded_by_bytes() -> None:
    app = Flask(__name__)
    cache = delivery.ResponseCache(app, lambda environ, start: [b""], max_bytes=10_000)
    for i in range(100):
        cache.store({"PATH_INFO": "/w/pn-table", "QUERY_STRING": f"upto={i}"}, ("200 OK", [("ETag", '"e"')], b"x" * 900))
    assert cache.size <= 10_000 and len(cache._store) == 9  # the oldest went first
    assert cache.lookup({"PATH_INFO": "/w/pn-table", "QUERY_STRING": "upto=99"}) is not None
    assert cache.lookup({"PATH_INFO": "/w/pn-table", "QUERY_STRING": "upto=0"}) is None
    cache.store({"PATH_INFO": "/w/big", "QUERY_STRING": ""}, ("200 OK", [], b"x" * 5_000))  # over an eighth
    assert cache.lookup({"PATH_INFO": "/w/big", "QUERY_STRING": ""}) is None


def test_static_files_by_digest_are_immutable_and_compressed(client: FlaskClient) -> None:
    html = client.get("/lessons/nim").text
    urls = re.findall(r'(?:href|src)="(/(?:static|highlight)[^"]+)"', html)
    # each names its version: a file by ?v=, the ES modules by their folder's (grundy.web.assets)
    assert urls and all("?v=" in u or re.match(r"/static/js/grundy@[0-9a-f]{10}/", u) for u in urls)
    for url in urls:
        r = client.get(url, headers=BR)
        assert r.status_code == 200
        assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable", url
        if r.mimetype in ("text/css", "text/javascript", "application/javascript"):
            # (a module under delivery.MIN_SIZE goes as it is: compression would cost more)
            assert r.headers.get("Content-Encoding") == "br" or len(r.data) < delivery.MIN_SIZE, url
            held = client.get(url, headers=BR | {"If-None-Match": r.headers["ETag"]})
            assert held.status_code == 304
    stale = client.get(urls[0].split("?")[0] + "?v=old")
    assert "immutable" not in stale.headers.get("Cache-Control", "")


def test_no_katex_script_is_shipped(client: FlaskClient) -> None:
    html = client.get("/lessons/wythoff").text
    assert "katex.min.js" not in html and "auto-render" not in html and "katex.min.css" in html
    assert '<span class="katex">' in html and "\\(" not in html
