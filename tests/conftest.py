"""Shared fixtures: the app, a test client, and a live server for the browser tests."""
from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings
from werkzeug.serving import make_server

from grundy import create_app
from grundy.web.classroom import pacing
from tests.forms import FormClient
from tests.stores import _where, new_driving, new_store, redis_url, store_kind  # noqa: F401  (fixtures: each store test runs on SQLite and on Redis)

# The live classes of a test session are kept in a store of its own (each xdist worker has
# one too): the limits counted per address in it (classes started from 127.0.0.1, say) start
# afresh with every run, as they would on a server just installed.
_CLASS_DB_FOLDER = tempfile.mkdtemp(prefix="grundy-classes-")  # removed at the session's end, below
os.environ["GRUNDY_CLASS_DB"] = str(Path(_CLASS_DB_FOLDER) / "classes.sqlite3")

# Rendered lessons are kept on disk for the next process (grundy.lessons.catalog): a test run
# keeps its own folder, made by the run's first process and inherited by its xdist workers and
# the servers they start (gunicorn, the compute pool's fork server), so each run renders every
# lesson afresh once and no run reads another's; the process that made it removes it at the end.
_MADE_LESSON_CACHE = "GRUNDY_LESSON_CACHE" not in os.environ
if _MADE_LESSON_CACHE:
    os.environ["GRUNDY_LESSON_CACHE"] = tempfile.mkdtemp(prefix="grundy-lessons-")


def pytest_sessionfinish(session: pytest.Session) -> None:
    shutil.rmtree(_CLASS_DB_FOLDER, ignore_errors=True)
    if _MADE_LESSON_CACHE:
        shutil.rmtree(os.environ["GRUNDY_LESSON_CACHE"], ignore_errors=True)

# Every app's test client posts forms with the session's CSRF token, as the site's pages do
# (tests/forms.py); the refusal of a post without one is tested with Flask's plain client.
Flask.test_client_class = FormClient

ROOT = Path(__file__).resolve().parents[1]

# Hypothesis, two ways (HYPOTHESIS_PROFILE): "full", the default (`make test`, CI), runs every
# property test with its own max_examples as written; "quick" (`make quick`) runs at most
# QUICK_EXAMPLES of each, the written counts included (pytest_collection_modifyitems below).
# Both derandomized, without an example database: a run's examples follow from the tests'
# source alone, so a failure in CI is the same failure on a laptop, on every xdist worker, and
# no .hypothesis folder (kept on one machine, not another) changes what runs.
QUICK_EXAMPLES = 10
settings.register_profile("full", derandomize=True, database=None, deadline=None)
settings.register_profile("quick", settings.get_profile("full"), max_examples=QUICK_EXAMPLES)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "full"))


def quick() -> bool:
    """Whether this run is the quick one (asked when needed: ``--hypothesis-profile`` loads later)."""
    return settings.get_current_profile_name() == "quick"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under the quick profile, a property test's own ``@settings(max_examples=...)`` is capped
    at QUICK_EXAMPLES too (a profile alone changes only the tests that name no count)."""
    if not quick():
        return
    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        own = getattr(test, "_hypothesis_internal_use_settings", None)  # where @given keeps a test's settings
        if own is not None and own.max_examples > QUICK_EXAMPLES:
            test._hypothesis_internal_use_settings = settings(own, max_examples=QUICK_EXAMPLES)  # type: ignore[union-attr]


TEST_PACING = {pacing.POLL_SETTING: 250, pacing.RELOAD_SETTING: 2}


@cache
def shared_app() -> Flask:
    """The test session's app, built once: the ``app`` fixture, and what test modules read at
    collection (tests/test_fuzz.py's routes). A test that needs other settings (compute slots,
    a content folder) builds its own; its lessons come from the process's memo of rendered
    lessons (grundy.lessons.catalog), so that costs a fraction of a second, not a re-render."""
    # The browser tests start every class from 127.0.0.1: the limit per address is tested on its
    # own. A class's pages look for news more often than a lecture's do (TEST_PACING, read by
    # grundy.web.classroom.pacing), so the browser tests' phones see each step sooner: the same
    # code and events, with less waiting (tests/test_classroom_pacing.py holds the defaults).
    return create_app({"TESTING": True, "GRUNDY_CLASSES_PER_ADDRESS": 1000, **TEST_PACING})


@pytest.fixture(scope="session")
def app() -> Flask:
    return shared_app()


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="session")
def live_server(app: Flask) -> Iterator[str]:
    """The real app on a free port of 127.0.0.1, for Chromium to visit."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)

