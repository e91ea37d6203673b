"""Computing requests are served by child processes at a lower CPU priority, so pages that are
already made (the home page, lessons, assets) are never slowed by them.

Inside one process Python's interpreter lock is shared by every thread, so a thread answering
``GET /`` waits behind the threads that compute widgets and games (grundy.web.turns bounds how
many compute at once, not how long the others wait for the lock). Served (`make run`), each
gunicorn worker therefore hands every computing request — those of the blueprints in
:data:`grundy.web.turns.COMPUTING` — to a small pool of child processes running the same app,
``GRUNDY_COMPUTE_NICE`` steps nicer than the worker: the operating system then gives the CPU to
the worker's page-serving threads first, and the worker's own threads only wait on a pipe.

The request travels whole (its WSGI environ, with only plain values, and its body, bounded by
:data:`MAX_BODY`); the answer comes back whole (status, headers, body: every computed answer
here is a small page or fragment). A child that dies (killed, out of memory) breaks the pool:
that request is answered 503, and the next one gets a fresh pool. A request that gets no answer
within ``GRUNDY_COMPUTE_WAIT`` seconds, queueing included, is answered 503 with Retry-After.

The Flask test client and `make dev` do not use it: they call the app directly.
"""
from __future__ import annotations

import io
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from flask import Flask
from werkzeug.exceptions import HTTPException

from grundy.numerals import read_whole
from grundy.web.delivery import collect
from grundy.web.security import HEADERS
from grundy.web.turns import COMPUTING

MAX_BODY = 64 * 1024  # bytes: the largest form here (a quiz answer) is under 1 KB
Answer = tuple[str, list[tuple[str, str]], bytes]  # status, headers, body
StartResponse = Callable[..., Any]

_BUSY = (b"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Busy - Grundy</title></head>"
         b"<body><h1>Busy</h1><p>The server is busy computing for others. Try again in a few seconds.</p>"
         b"<p><a href=\"/\">Grundy's home page</a></p></body></html>")


class ComputePool:
    """WSGI middleware: computing requests go to child processes; every other request is
    answered here, by ``app`` itself."""

    def __init__(self, app: Flask, *, processes: int, nice: int, wait: float, factory: str = "grundy:create_app") -> None:
        self.app = app
        self.processes = processes
        self.nice = nice
        self.wait = wait
        self.factory = factory
        self._lock = threading.Lock()
        self._executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # forkserver: the children start from a clean process, not a copy of this threaded one
        context = multiprocessing.get_context("forkserver")
        executor = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_child_start,
                                       initargs=(self.factory, self.nice))
        for _ in range(self.processes):  # start the children now, not on the first request
            executor.submit(_ready)
        return executor

    def computes(self, environ: dict[str, Any]) -> bool:
        """Whether the request belongs to a computing blueprint (by the app's own url_map)."""
        try:
            endpoint, _ = self.app.url_map.bind_to_environ(environ).match()
        except HTTPException:
            return False  # 404, 405, a redirect to add a slash: answered here
        return str(endpoint).partition(".")[0] in COMPUTING

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if not self.computes(environ):
            return self.app(environ, start_response)
        length = read_whole(environ.get("CONTENT_LENGTH") or "0", max_digits=12)
        if length is None or length > MAX_BODY:
            return self.app(environ, start_response)  # the app answers what it cannot accept
        body = environ["wsgi.input"].read(length) if length else b""
        plain = {k: v for k, v in environ.items() if isinstance(v, (str, int, float, bool)) or (
            k == "wsgi.version" and isinstance(v, tuple))}
        cache = self.app.extensions.get("grundy.response_cache")
        if cache is not None and not body and cache.cacheable(environ):  # a widget asked again: no child needed
            status, headers, data = cache.answer(plain, lambda env: self._answer(env, b""))
        else:
            status, headers, data = self._answer(plain, body)
        start_response(status, headers)
        return [data]

    def _answer(self, environ: dict[str, Any], body: bytes) -> Answer:
        with self._lock:
            executor = self._executor
        try:
            future: Future[Answer] = executor.submit(_child_serve, environ, body)
            return future.result(timeout=self.wait)
        except FutureTimeout:
            future.cancel()
            return _busy()
        except BrokenProcessPool:  # a child died: at submit or while this request waited
            self._restart(executor)
            return _busy()
        except RuntimeError:  # that pool broke and was shut down by another thread just now
            return _busy()

    def _restart(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is broken:  # the first thread to see it starts a new pool
                broken.shutdown(wait=False, cancel_futures=True)
                self._executor = self._start()

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)


def _busy() -> Answer:
    headers = [("Content-Type", "text/html; charset=utf-8"), ("Retry-After", "5"),
               ("Content-Length", str(len(_BUSY))), *HEADERS.items()]
    return "503 Service Unavailable", headers, _BUSY


# ---------------------------------------------------------------- in the child processes

_APP: Flask | None = None


def _child_start(factory: str, nice: int) -> None:
    global _APP
    os.nice(nice)
    os.environ["GRUNDY_RESPONSE_CACHE_MB"] = "0"  # the worker keeps the answers (grundy.web.delivery)
    module, _, call = factory.partition(":")
    __import__(module)
    _APP = getattr(sys.modules[module], call.removesuffix("()"))()


def _ready() -> None:
    return None


def _child_serve(environ: dict[str, Any], body: bytes) -> Answer:
    assert _APP is not None
    return collect(_APP, environ | {"wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr})


__all__ = ["MAX_BODY", "ComputePool"]
