"""Computed answers take turns; pages that are already made never wait behind them.

Every widget, projection, quiz and play request computes (a table, a search, a figure: 2–200 ms
of CPU), while the home page, lessons (rendered at start-up) and static files cost well under a
millisecond. With gunicorn's threads all computing at once, Python's interpreter lock shares the
CPU among them in 5 ms slices, and a request for the home page waits its turn behind every one
of them: at 50 connections on a mix of the heaviest widgets, `GET /` took 373 ms at p99 (wrk,
bench/load.py). So in each worker process at most ``GRUNDY_COMPUTE_SLOTS`` computing requests
run at once (default 2, one per core of this machine); the others wait for a slot without using
the CPU, and light requests run beside the ones computing. A computing request that finds no
slot within ``GRUNDY_COMPUTE_WAIT`` seconds is answered 503 with Retry-After, which says the
server is busy rather than letting requests pile up without end.
"""
from __future__ import annotations

import os
import threading

from flask import Flask, Response, g, render_template, request

from grundy.i18n import _

# The blueprints whose requests compute; the lessons and assets blueprints serve what is made.
COMPUTING = frozenset({"widgets", "present", "practice"})


def register(app: Flask) -> None:
    slots = threading.BoundedSemaphore(int(_setting(app, "GRUNDY_COMPUTE_SLOTS", "2")))
    wait = float(_setting(app, "GRUNDY_COMPUTE_WAIT", "20"))

    @app.before_request
    def take_a_turn() -> Response | None:
        if request.blueprint not in COMPUTING:
            return None
        if not slots.acquire(timeout=wait):
            html = render_template("error.html", title=_("Busy"), links=[],
                                   message=_("The server is busy computing for others. Try again in a few seconds."))
            return Response(html, status=503, mimetype="text/html", headers={"Retry-After": "5"})
        g.grundy_turn = True
        return None

    @app.teardown_request
    def end_the_turn(_error: BaseException | None) -> None:
        if g.pop("grundy_turn", False):
            slots.release()


def _setting(app: Flask, name: str, default: str) -> str:
    """The app's config, else the environment (as `make run` is started), else the default."""
    return str(app.config.get(name) or os.environ.get(name) or default)
