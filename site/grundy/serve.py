"""How `make run` serves the site: gunicorn's settings, read with ``gunicorn -c python:grundy.serve``.

Two ``gthread`` workers of 128 threads (see ``threads`` below). gthread holds a thread per
unfinished request: with 4 threads a worker, 40 slow clients (one header line every 2 s,
bench/slow_clients.py) starved the site (0 req/s for ``GET /``); with 32, the same site answered
1,858 req/s at p99 23 ms, as fast as with 4 threads and no slow clients. gevent answered more (2,490 req/s) but at p99 1.06 s, with
timeouts: a search holds its event loop. In public, put a buffering reverse proxy (nginx) in
front: see the README.

Python's interpreter lock is handed between threads every ``SWITCH_INTERVAL`` seconds (Python's
default is 5 ms). A request that is cheap to answer, such as the home page, needs the lock a
few times (reading, writing, gunicorn's poller) and waited up to a slice each time behind the
threads computing widgets; at 1 ms or 0.5 ms it waits that much instead (bench/load.py: ``GET /``
p99 under load went from 160–260 ms at 5 ms to 78–130 ms at 0.5 ms, with grundy.web.turns).

Computing requests do not run in the worker's threads at all: :func:`post_worker_init` plugs
grundy.web.pool into the app's WSGI stack (grundy.web.stack, built once by ``create_app``, the
same stack the test client and `make dev` use), and child processes, 10 steps nicer, compute
them, so the interval above matters only for what the worker itself answers.

The worker is gunicorn's own with two changes: that interval, and the answers gunicorn writes
itself before the app sees a request (414 for a request line over ``limit_request_line`` bytes,
431 for too many or too large headers, 400 for a malformed request), which carry the site's
security headers and say what went wrong in a page of the site's, like every other answer.
"""
from __future__ import annotations

import html
import os
import socket
import sys
from typing import Any

from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker as _GunicornThreadWorker

from flask import Flask

from grundy.web.pool import ComputePool
from grundy.web.security import HEADERS
from grundy.web.stack import HANDOFF, Handoff

worker_class = "grundy.serve.ThreadWorker"
workers = 2
# A thread per request being answered, waiting ones included: with the compute pool, most of a
# worker's threads only wait for a child's answer, and a request finding every thread taken
# waits for one in the accept queue. At 32, a class of 50 connections with 8 attackers held a
# worker's threads, and `GET /` waited behind them (p99 155–310 ms, bench/load.py); at 128 it
# was 10–23 ms in every run. Threads cost little here: they wait, and the pool bounds the work.
threads = 128
# gunicorn's default, stated because the play pages bound a game's URL by it (practice.arena).
limit_request_line = 4094

SWITCH_INTERVAL = 0.0005  # seconds; GRUNDY_SWITCH_INTERVAL overrides it (for bench/load.py)
# Computing requests (widgets, projection, quiz, play) are served by this many child processes
# per worker, this much nicer (grundy.web.pool); GRUNDY_COMPUTE_PROCESSES=0 computes in the
# worker's own threads instead (for bench/load.py --compare).
COMPUTE_PROCESSES = 2
COMPUTE_NICE = 10
# Seconds a new worker waits for its children (they build and warm the app once, in the fork
# server: about 5 s on an idle core) before it takes requests anyway; gunicorn's heartbeat is kept
# meanwhile, so its timeout does not kill a worker that is still starting on a loaded machine.
READY_WAIT = 300

_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{status} {reason} — Grundy</title></head>
<body>
<h1>{reason}</h1>
<p>The server could not read this request: {message}.</p>
<p><a href="/">Grundy's home page</a></p>
</body>
</html>
"""


def error_response(status: int, reason: str, message: str) -> bytes:
    """The whole HTTP answer to a request gunicorn refused before the app saw it."""
    body = _PAGE.format(status=status, reason=html.escape(reason), message=html.escape(message)).encode()
    head = [
        f"HTTP/1.1 {status} {reason}",
        "Connection: close",
        "Content-Type: text/html; charset=utf-8",
        f"Content-Length: {len(body)}",
        *(f"{name}: {value}" for name, value in HEADERS.items()),
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def _write_error(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    # gunicorn's Worker.handle_error picks the status and words, then calls util.write_error.
    util.write_nonblock(sock, error_response(status_int, reason, mesg or reason))


def post_worker_init(worker: Any) -> None:
    """gunicorn's hook, once the app is loaded in a worker: plug the compute pool into the app's
    stack, and take no request until its children can answer (they start warm: grundy.web.pool)."""
    processes = int(os.environ.get("GRUNDY_COMPUTE_PROCESSES", COMPUTE_PROCESSES))
    if processes > 0 and isinstance(worker.wsgi, Flask):
        # Under the language prefix, so the pool sees the routes' own paths (/zh/w/grid is /w/grid
        # in Chinese) and hands Chinese widgets to its children like English ones.
        handoff: Handoff = worker.wsgi.extensions[HANDOFF]
        pool = ComputePool(worker.wsgi, processes=processes, nice=COMPUTE_NICE,
                           wait=float(os.environ.get("GRUNDY_COMPUTE_WAIT", "20")), wsgi=handoff.wsgi)
        if not pool.wait_ready(READY_WAIT, tick=worker.notify):
            worker.log.warning("the compute children did not start within %s s; taking requests anyway", READY_WAIT)
        handoff.pool = pool


class ThreadWorker(_GunicornThreadWorker):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's gthread worker, writing its own error answers with the site's headers."""

    def init_process(self) -> Any:
        util.write_error = _write_error  # in this worker process only; the same signature
        sys.setswitchinterval(float(os.environ.get("GRUNDY_SWITCH_INTERVAL", SWITCH_INTERVAL)))
        return super().init_process()
