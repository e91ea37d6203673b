"""Fast delivery on a phone on classroom Wi-Fi: compressed answers, validators, cache lifetimes,
and a bounded memo of computed answers.

- **Compression.** HTML, CSS, JavaScript, JSON and SVG answers of at least :data:`MIN_SIZE`
  bytes go out brotli-compressed to clients that accept it, else gzip, with ``Vary:
  Accept-Encoding``. Static files are compressed once per process at the strongest settings and
  kept (:func:`compressed_static`); made answers at a fast setting (brotli 5, gzip 6).
- **Validators.** Every GET answer of status 200 without a cookie gets a strong ETag (a hash of
  its bytes, per encoding); a request whose ``If-None-Match`` holds it is answered 304.
- **Lifetimes** (``Cache-Control``): static files whose URL carries their own digest
  (``?v=``, :func:`grundy.web.assets.asset_url`) for a year, immutable; widget answers, pure
  functions of their URL, :data:`WIDGET_MAX_AGE` seconds for any cache; pages ``no-cache`` (kept,
  but checked with the ETag each time: a lesson changes only when the site does).
- **The memo** (:class:`ResponseCache`): a widget's answer is a function of its path, its query
  and three htmx headers, and a class of 40 asks for the same few URLs. Each process keeps the
  answers it made, compressed, in a least-recently-used store bounded by bytes
  (:data:`CACHE_BYTES`); the compute pool looks there before handing a request to a child.
"""
from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

import brotli  # type: ignore[import-untyped]  # ships no types
from flask import Flask, Response, request
from werkzeug.http import parse_cookie

from grundy.cache import BoundedCache
from grundy.web.language import unprefixed

MIN_SIZE = 1024  # bytes: below this, compression saves less than its headers cost
COMPRESSIBLE = ("text/html", "text/css", "text/javascript", "application/javascript", "application/json",
                "image/svg+xml", "text/plain")
WIDGET_MAX_AGE = 300  # seconds a widget's answer may be reused: a deploy is visible within 5 minutes
STATIC_MAX_AGE = 31_536_000  # a year: the URL changes when the file does
CACHE_BYTES = 32 * 1024 * 1024  # per process: about 2,000 typical widget answers (8–20 KB compressed)
CACHEABLE = ("widgets", "present")  # blueprints whose GET answers depend on the URL and htmx headers only
# The memo also keeps the lessons and the home page: rendered once at start-up, the same for
# everyone (browsers revalidate them, since their URLs carry no version). Not under the
# development server, which re-renders a lesson when its file changes.
KEPT = (*CACHEABLE, "lessons")
# … except pages that show the reader's own progress (from the session cookie): kept only for a
# request without that cookie, which everyone's first visit is.
PERSONAL = ("lessons.index",)
StartResponse = Callable[..., Any]
Answer = tuple[str, list[tuple[str, str]], bytes]


def choose_encoding(accept: str) -> str:
    """"br", "gzip" or "identity", from an Accept-Encoding header (a q of 0 refuses)."""
    offered: dict[str, float] = {}
    for part in accept.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name:
            offered[name.strip().lower()] = q
    for encoding in ("br", "gzip"):
        if offered.get(encoding, offered.get("*", 0.0)) > 0:
            return encoding
    return "identity"


def encode(data: bytes, encoding: str, *, strong: bool = False) -> bytes:
    if encoding == "br":
        return bytes(brotli.compress(data, quality=11 if strong else 5))
    if encoding == "gzip":
        return gzip.compress(data, compresslevel=9 if strong else 6, mtime=0)
    return data


def compressible(mimetype: str | None, size: int) -> bool:
    return size >= MIN_SIZE and (mimetype or "").split(";")[0].strip() in COMPRESSIBLE


def etag_of(data: bytes, encoding: str) -> str:
    return hashlib.blake2b(data, digest_size=12).hexdigest() + ("" if encoding == "identity" else f"-{encoding}")


# ---------------------------------------------------------------- static files

# The whole static folder is a few MB compressed; the bound only keeps a development server,
# whose edited files come back under a new mtime, from keeping every version.
STATIC_KEPT = 1024
_STATIC: BoundedCache[tuple[str, int, str], bytes] = BoundedCache(STATIC_KEPT)


def compressed_static(path: str, mtime_ns: int, encoding: str, read: Callable[[], bytes]) -> bytes:
    """A static file compressed at the strongest setting, once per process (compressed outside
    the cache's lock: brotli 11 is slow, and the other files need not wait for it)."""
    return _STATIC.get_or_compute((path, mtime_ns, encoding), lambda: encode(read(), encoding, strong=True))


# ---------------------------------------------------------------- made answers


def finish(response: Response) -> Response:
    """After every request: compress, add the validator, set the lifetime, answer 304."""
    if response.direct_passthrough or request.method not in ("GET", "HEAD"):
        return response
    endpoint = request.endpoint or ""
    blueprint = endpoint.partition(".")[0]
    if "Content-Encoding" not in response.headers and compressible(response.mimetype, response.content_length or 0):
        encoding = choose_encoding(request.headers.get("Accept-Encoding", ""))
        if encoding != "identity":
            response.set_data(encode(response.get_data(), encoding))
            response.headers["Content-Encoding"] = encoding
        response.vary.add("Accept-Encoding")
    if response.status_code == 200 and "Set-Cookie" not in response.headers:
        if "ETag" not in response.headers:
            response.set_etag(etag_of(response.get_data(), response.headers.get("Content-Encoding", "identity")))
        if blueprint == "assets":
            pass  # static files set their own lifetime
        elif blueprint in CACHEABLE:
            response.cache_control.public = True
            response.cache_control.max_age = WIDGET_MAX_AGE
            response.vary.add("HX-Current-URL")
        elif "Cache-Control" not in response.headers:
            response.cache_control.no_cache = True
        response.make_conditional(request)
    return response


def _key(environ: dict[str, Any]) -> tuple[str, ...]:
    """What a cacheable answer depends on: the path (its language prefix too) and query, whether htmx asked for a fragment
    (and not for a history restore), whether its page is a widget's own, and the encoding."""
    try:
        own_page = unprefixed(urlsplit(environ.get("HTTP_HX_CURRENT_URL", "")).path).startswith("/w/")
    except ValueError:
        own_page = False
    return (environ.get("SCRIPT_NAME", ""), environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", ""), environ.get("HTTP_HX_REQUEST", ""),
            "restore" if environ.get("HTTP_HX_HISTORY_RESTORE_REQUEST") else "", "own" if own_page else "",
            choose_encoding(environ.get("HTTP_ACCEPT_ENCODING", "")))


class ResponseCache:
    """WSGI middleware: GET answers of the kept blueprints (:data:`KEPT`), kept by their key,
    least recently used first out, up to ``max_bytes`` of bodies and headers."""

    def __init__(self, app: Flask, wsgi: Callable[..., Iterable[bytes]], max_bytes: int = CACHE_BYTES) -> None:
        self.app = app
        self.wsgi = wsgi
        self.max_bytes = max_bytes
        self._store: BoundedCache[tuple[str, ...], Answer] = BoundedCache(max(max_bytes, 0), size=_answer_size)

    @property
    def size(self) -> int:
        """Bytes kept: the bodies and headers, and 200 for each answer's own keeping."""
        return self._store.total

    @property
    def hits(self) -> int:
        return self._store.hits

    @property
    def misses(self) -> int:
        return self._store.misses

    def cacheable(self, environ: dict[str, Any]) -> bool:
        if environ.get("REQUEST_METHOD") != "GET" or self.max_bytes <= 0:
            return False
        try:
            endpoint, _ = self.app.url_map.bind_to_environ(environ).match()
        except Exception:  # noqa: BLE001 — a 404, 405 or redirect: not ours to keep
            return False
        blueprint = str(endpoint).partition(".")[0]
        if endpoint in PERSONAL and self.app.config["SESSION_COOKIE_NAME"] in parse_cookie(environ):
            return False
        return blueprint in CACHEABLE or (blueprint in KEPT and not self.app.debug)

    def lookup(self, environ: dict[str, Any]) -> Answer | None:
        """The kept answer for this request (a 304 if the client holds it), or None."""
        found = self._store.get(_key(environ))
        if found is None:
            return None
        status, headers, body = found
        etag = next((v for k, v in headers if k.lower() == "etag"), None)
        if etag is not None and etag in environ.get("HTTP_IF_NONE_MATCH", ""):
            kept = [(k, v) for k, v in headers if k.lower() not in ("content-length", "content-type", "content-encoding")]
            return "304 NOT MODIFIED", kept, b""
        return found

    def store(self, environ: dict[str, Any], answer: Answer) -> None:
        status, headers, _body = answer
        if not status.startswith(("200", "400")) or any(k.lower() == "set-cookie" for k, _ in headers):
            return
        if _answer_size(answer) > self.max_bytes // 8:
            return  # one answer may not push out most of the others
        self._store.add(_key(environ), answer)  # an answer kept already stays

    def answer(self, environ: dict[str, Any], make: Callable[[dict[str, Any]], Answer]) -> Answer:
        """The kept answer, or ``make``'s (asked without the client's validator, so that the
        whole answer is kept), then stored; a 304 when the client already holds it."""
        found = self.lookup(environ)
        if found is not None:
            return found
        plain = {k: v for k, v in environ.items() if k != "HTTP_IF_NONE_MATCH"}
        made = make(plain)
        self.store(plain, made)
        held = environ.get("HTTP_IF_NONE_MATCH")
        etag = next((v for k, v in made[1] if k.lower() == "etag"), None)
        if held and etag and etag in held and made[0].startswith("200"):
            kept = [(k, v) for k, v in made[1] if k.lower() not in ("content-length", "content-type", "content-encoding")]
            return "304 NOT MODIFIED", kept, b""
        return made

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if not self.cacheable(environ):
            return self.wsgi(environ, start_response)
        status, headers, body = self.answer(environ, self.serve)
        start_response(status, headers)
        return [body]

    def serve(self, environ: dict[str, Any]) -> Answer:
        """The app's own answer, collected whole."""
        return collect(self.wsgi, environ)


def _answer_size(answer: Answer) -> int:
    _status, headers, body = answer
    return len(body) + sum(len(k) + len(v) for k, v in headers) + 200


def collect(wsgi: Callable[..., Iterable[bytes]], environ: dict[str, Any]) -> Answer:
    """A WSGI app's whole answer to ``environ``: status, headers and body."""
    started: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], None]:
        started["status"], started["headers"] = status, list(headers)
        return lambda _data: None

    chunks = wsgi(environ, start_response)
    try:
        body = b"".join(chunks)
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
    return started["status"], started["headers"], body


def cache_bytes(app: Flask) -> int:
    """The memo's bound: ``GRUNDY_RESPONSE_CACHE_MB`` (0 in the compute children), else the app's
    ``RESPONSE_CACHE_BYTES``, else :data:`CACHE_BYTES`."""
    megabytes = os.environ.get("GRUNDY_RESPONSE_CACHE_MB")
    return int(float(megabytes) * 1024 * 1024) if megabytes else int(app.config.get("RESPONSE_CACHE_BYTES", CACHE_BYTES))


def register(app: Flask) -> None:
    """Compress, validate and set lifetimes after every request (the memo is a layer of the WSGI
    stack: grundy.web.stack)."""
    app.after_request(finish)


__all__ = ["ResponseCache", "cache_bytes", "choose_encoding", "collect", "compressed_static", "encode", "finish", "register"]
