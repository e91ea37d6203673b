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

**Warm from the first request.** The children are forked by multiprocessing's fork server, a
clean single-threaded process started for the pool, which builds the app once and serves one
request of every computing kind to itself (:mod:`grundy.web.warm`, its preloaded module) before it
forks any child: every child starts with the lessons rendered, the templates compiled and the
engine's modules imported, in milliseconds, and a child that replaces a dead one does too. The
worker waits for its children before it takes a request (:meth:`ComputePool.wait_ready`, called
by grundy.serve), so a server just started or restarted answers its first widget at full speed.

**No orphans.** A child watches the worker that owns it (a pidfd: the kernel says when that
process ends) and exits with it, ``kill -9`` and the out-of-memory killer included; the fork
server exits when the worker's end of its pipe closes.

The Flask test client and `make dev` do not use it: they call the app directly.
"""
from __future__ import annotations

import io
import multiprocessing
import os
import select
import sys
import threading
import time
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
    answered here, by ``wsgi`` (the layers below the pool in the app's stack, grundy.web.stack;
    by default the whole ``app``)."""

    def __init__(self, app: Flask, *, processes: int, nice: int, wait: float, factory: str = "grundy:create_app",
                 wsgi: Callable[..., Iterable[bytes]] | None = None) -> None:
        self.app = app
        self.wsgi = wsgi or app
        self.processes = processes
        self.nice = nice
        self.wait = wait
        self.factory = factory
        self._lock = threading.Lock()
        self._executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # forkserver: the children start from a clean process, not a copy of this threaded one;
        # that process builds and warms the app once (grundy.web.warm), and every child is a copy
        context = multiprocessing.get_context("forkserver")
        os.environ[WARM_FACTORY] = self.factory  # read by grundy.web.warm in the fork server
        context.set_forkserver_preload(["grundy.web.warm"])
        executor = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_child_start,
                                       initargs=(self.factory, self.nice, os.getpid()))
        # start the children now, not on the first request
        self._readiness = [executor.submit(_ready) for _ in range(self.processes)]
        return executor

    def wait_ready(self, timeout: float, tick: Callable[[], None] = lambda: None) -> bool:
        """Block until the children have started (each built app answered), calling ``tick``
        about once a second meanwhile (gunicorn's heartbeat); False if ``timeout`` passed first."""
        deadline = time.monotonic() + timeout
        for future in self._readiness:
            while True:
                tick()
                try:
                    future.result(timeout=max(0.0, min(1.0, deadline - time.monotonic())))
                    break
                except FutureTimeout:
                    if time.monotonic() >= deadline:
                        return False
                except (BrokenProcessPool, RuntimeError):
                    return False
        return True

    def computes(self, environ: dict[str, Any]) -> bool:
        """Whether the request belongs to a computing blueprint (by the app's own url_map)."""
        try:
            endpoint, _ = self.app.url_map.bind_to_environ(environ).match()
        except HTTPException:
            return False  # 404, 405, a redirect to add a slash: answered here
        return str(endpoint).partition(".")[0] in COMPUTING

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if not self.computes(environ):
            return self.wsgi(environ, start_response)
        length = read_whole(environ.get("CONTENT_LENGTH") or "0", max_digits=12)
        if length is None or length > MAX_BODY:
            return self.wsgi(environ, start_response)  # the app answers what it cannot accept
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
WARM_FACTORY = "GRUNDY_POOL_FACTORY"  # the environment variable grundy.web.warm reads


def _child_start(factory: str, nice: int, owner: int) -> None:
    global _APP
    exit_with(owner)
    os.nice(nice)
    from grundy.web import warm

    _APP = warm.app_for(factory)


def exit_with(owner: int) -> None:
    """End this process as soon as ``owner`` (the worker) ends, however it ends."""
    try:
        handle = os.pidfd_open(owner)
    except ProcessLookupError:
        os._exit(0)  # the worker is gone already
    except (AttributeError, OSError):  # no pidfd (not Linux, or a kernel before 5.3): ask every half second
        def watch() -> None:
            while os.getppid() != 1 and _alive(owner):
                time.sleep(0.5)
            os._exit(0)
    else:
        def watch() -> None:
            select.select([handle], [], [])  # readable once the process has ended
            os._exit(0)
    threading.Thread(target=watch, name="grundy-watch-worker", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _ready() -> None:
    return None


def _child_serve(environ: dict[str, Any], body: bytes) -> Answer:
    assert _APP is not None
    return collect(_APP, environ | {"wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr})


__all__ = ["MAX_BODY", "ComputePool", "exit_with"]
