"""A live class: students' phones follow the projector, and the class votes P or N.

- **Start** (/class/new, a POST): the class gets a code of six letters and digits
  (:mod:`.store`), the instructor's browser a secret in its signed session cookie (never in a
  URL), and the console /class/<code>/teach shows the code, a QR code and the join address
  (:mod:`.qr`).
- **Join** (/join): a student types the code (or scans the QR code) and lands on /class/<code>.
  Unknown codes are counted per address and refused past :data:`~.store.JOIN_LIMIT` in ten
  minutes, so codes cannot be tried cheaply one after another. Opening the class's page puts its
  code in the student's signed session cookie; the student is counted as joined when the browser
  comes back with that cookie (:mod:`.identity`). Only a joined student's answer counts (the store
  checks it), joins are limited per address (:data:`~.store.JOINS_PER_ADDRESS`, enough for a
  lecture hall behind one NAT), and the instructor can lock the class to new students
  (:mod:`.admission`).
- **Follow**: a projection (/present/<name>), or a lesson's widget, in a browser that runs the
  class shows its class bar; once the instructor presses "Show this to the class" on it, it
  reports each state it shows (static/js/grundy/report.js posts its address to /class/<code>/view
  with the token showing gave it, :mod:`.projection`); any other tab is refused, so previewing the
  next widget leaks nothing. Students see that state, the same step and the same hidden cells,
  read-only (:mod:`.view`); without JavaScript their page reloads itself. "Explore" gives a
  student their own copy of the state; "Follow" goes back.
- **Hand-over**: the console gives the class to another browser (the lecture hall's PC) with a
  one-time key shown on the console only (:mod:`.handover`, :mod:`.driving`).
- **Poll**: the instructor poses a question (drawn as the quiz draws them, or typed); students
  answer P or N and, on N, the position their winning move leaves. The projector shows how many
  have answered until the reveal; then the split, the answer with the quiz's explanation and the
  lesson's visual, and the most common wrong move refuted. A summary (percent right per round)
  downloads as CSV (:mod:`.rounds`, which imports no Flask).

**Transport.** Pages poll their live part every :func:`~.pacing.poll_ms` ms with the ETag of
what they show (static/js/grundy/live.js, :mod:`.etags`); an unchanged class answers 304 from one indexed
read of the store. With JavaScript off, the pages are plain forms and a "Refresh" link.

**Where classes are kept** (:func:`stores`): ``GRUNDY_CLASS_STORE`` unset or empty, in one
SQLite file (:mod:`.sqlite_store`, :mod:`.driving`), shared by the workers of one machine; a
Redis address, in that Redis (:mod:`.redis_store`, :mod:`.redis_driving`), shared by app servers
on several machines, with the limits counted through it, so every server enforces the same
numbers. A Redis that stops answering mid-class makes the classroom's pages say so (503).

The routes (:mod:`.routes`) only read, ask and render.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

from flask import Flask, render_template, url_for

from grundy.i18n import N_, _

from grundy.web.classroom import screen as _screen  # noqa: F401  (its routes join the blueprint)
from grundy.web.classroom import voting as _voting  # noqa: F401  (its routes join the blueprint)
from grundy.web.classroom import handover, projection  # noqa: F401  (their routes join the blueprint)
from grundy.web.classroom import pacing
from grundy.web.classroom.driving import Driving, DrivingStore
from grundy.web.classroom.routes import START_SETTING, bp
from grundy.web.classroom.sqlite_store import SQLiteClassStore
from grundy.web.classroom.store import CREATE_LIMIT, ClassStore
from grundy.web.classroom.sweeper import PURGE_EVERY, Sweeper
from grundy.web.security import whole_setting


STORE_SETTING = "GRUNDY_CLASS_STORE"
STORE_FORMS = "empty for SQLite (GRUNDY_CLASS_DB), redis://host:6379/0, rediss://host:6380/0 or unix:///path/to/redis.sock?db=0"


def _shown(url: str) -> str:
    """A store's address as an error message may show it: never its password, at most 80 characters."""
    scheme, _sep, rest = url.partition("://")
    at = rest.rfind("@", 0, rest.find("/") if "/" in rest else len(rest))
    return repr((f"{scheme}://…@{rest[at + 1:]}" if at >= 0 else url)[:80])


def stores(app: Flask, instance: Path) -> tuple[ClassStore, Driving]:
    """Where classes are kept: GRUNDY_CLASS_STORE (the app's config, else the environment) names
    a Redis; unset or empty, SQLite at the app's CLASS_DB, else GRUNDY_CLASS_DB, else
    instance/classes.sqlite3. A value that is not a Redis address, or a Redis that does not answer
    PING, stops the start with a message that says which."""
    url = str(app.config.get(STORE_SETTING, os.environ.get(STORE_SETTING, "")) or "").strip()
    if not url:
        path = Path(app.config.get("CLASS_DB") or os.environ.get("GRUNDY_CLASS_DB") or instance / "classes.sqlite3")
        return SQLiteClassStore(path), DrivingStore(path)  # the projection shown, and hand-over keys (.driving)
    import redis

    from grundy.web.classroom import redis_driving, redis_store  # only a server that uses Redis imports its client

    problem = redis_store.check_url(url)
    if problem:
        raise ValueError(f"{STORE_SETTING} is where live classes are kept: {STORE_FORMS}; {problem}: got {_shown(url)}")
    client = redis_store.connect(url)
    try:
        client.ping()
    except Exception as error:  # noqa: BLE001  (refused, no such socket, a password wanted: all stop the start)
        raise RuntimeError(f"{STORE_SETTING}={_shown(url)}: no Redis answers there ({type(error).__name__}: {error})") from error
    # Redis gone quiet mid-class (restarted, its machine down): the page says so, 503, never a 500
    app.register_error_handler(redis.ConnectionError, _unreachable)
    app.register_error_handler(redis.TimeoutError, _unreachable)
    return redis_store.RedisClassStore(client), redis_driving.RedisDrivingStore(client)


LOG = logging.getLogger(__name__)


def _unreachable(error: Exception) -> tuple[str, int, dict[str, str]]:
    """The class store did not answer in time: a page that says so (the next poll or reload tries again)."""
    LOG.warning("the class store did not answer: %s", error)
    links = [(N_("Join a class"), url_for("classroom.join")), (N_("Run a live class"), url_for("classroom.new"))]
    message = _("The server that keeps the live classes is not answering. Wait a moment, then reload this page.")
    return render_template("error.html", title=N_("Live classes are unavailable"), message=message, links=links), 503, {"Retry-After": "5"}


def register(app: Flask, instance: Path) -> None:
    classes, driving = stores(app, instance)
    app.extensions["grundy.classes"] = classes
    app.extensions["grundy.classes.driving"] = driving  # the projection shown, and hand-over keys (.driving)
    app.extensions["grundy.classes.sweeper"] = Sweeper(app.extensions["grundy.classes"],
                                                       float(app.config.get("GRUNDY_PURGE_EVERY", PURGE_EVERY)))
    # classes one address may start in a window: CREATE_LIMIT unless the operator says otherwise
    # (a school whose instructors all share one address; the browser tests, all from 127.0.0.1)
    app.config[START_SETTING] = whole_setting(app, START_SETTING, CREATE_LIMIT, 1, 10**6)
    pacing.register(app)  # how often its pages look for news
    app.register_blueprint(bp)


__all__ = ["START_SETTING", "STORE_SETTING", "register", "stores"]
