"""grundy.web.pool: computing requests served by niced child processes, everything else by the
app itself; a child that dies or a request that waits too long gets a 503, never a 500, and the
pool comes back."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.test import Client

from grundy import create_app
from grundy.web.pool import MAX_BODY, ComputePool
from grundy.web.security import HEADERS

CONFIG = {"SECRET_KEY": "test-pool"}
ROOT = Path(__file__).resolve().parents[1]


def _app() -> Flask:
    return create_app(CONFIG)


@pytest.fixture(scope="module")
def pool() -> Iterator[ComputePool]:
    made = ComputePool(_app(), processes=1, nice=5, wait=30, factory="tests.test_pool:_app")
    yield made
    made.close()


def test_only_computing_blueprints_go_to_the_children(pool: ComputePool) -> None:
    def environ(path: str, method: str = "GET") -> dict[str, str]:
        return {"PATH_INFO": path, "REQUEST_METHOD": method, "SERVER_NAME": "localhost", "SERVER_PORT": "80",
                "wsgi.url_scheme": "http"}

    for path in ("/w/pn-table", "/present/grid", "/play/nim", "/quiz/q"):
        assert pool.computes(environ(path)), path
    assert pool.computes(environ("/quiz/answer", "POST"))
    for path in ("/", "/lessons/nim", "/static/css/grundy.css", "/nowhere", "/w"):
        assert not pool.computes(environ(path)), path


def test_an_answer_from_a_child_is_the_apps_own(pool: ComputePool) -> None:
    url = "/w/pn-table?rule=set&set=1,3,4&upto=40&sg=1"
    through, direct = Client(pool).get(url), _app().test_client().get(url)
    assert through.status_code == direct.status_code == 200
    assert through.get_data() == direct.get_data()
    for name, value in HEADERS.items():
        assert through.headers[name] == value


def test_a_child_sees_the_body_and_cookies_and_sets_the_session(pool: ComputePool) -> None:
    client = Client(pool)
    page = client.get("/quiz/q?game=nim&level=1&seed=3").get_data(as_text=True)  # a child signs the token into the cookie
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    answer = client.post("/quiz/answer", data={"game": "nim", "level": "1", "seed": "3", "says": "N", "csrf_token": token[1]},
                         headers={"Sec-Fetch-Site": "same-origin"})
    assert answer.status_code == 200 and "Set-Cookie" in answer.headers
    index = client.get("/quiz")  # answered by the app itself, reading the cookie the child signed
    from grundy.practice.quiz import question

    right = int(question("nim", 1, 3).outcome() == "N")
    assert f"{right} right of 1" in index.get_data(as_text=True)


def test_a_dead_child_costs_one_busy_answer_and_the_pool_comes_back(pool: ComputePool) -> None:
    pool._executor.submit(os._exit, 1)  # a child killed, as by the OOM killer
    time.sleep(1)
    client = Client(pool)
    first = client.get("/w/pn-table")
    assert first.status_code in (200, 503)
    if first.status_code == 503:
        assert first.headers["Retry-After"] == "5" and first.headers["Content-Security-Policy"]
    assert client.get("/w/pn-table").status_code == 200


def test_waiting_too_long_is_a_busy_answer() -> None:
    impatient = ComputePool(_app(), processes=1, nice=5, wait=0.000001, factory="tests.test_pool:_app")
    try:
        answer = Client(impatient).get("/w/pn-table?upto=300&sg=1")
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "5"
        assert Client(impatient).get("/").status_code == 200  # pages are not queued behind it
    finally:
        impatient.close()


def test_a_body_too_large_to_forward_is_left_to_the_app(pool: ComputePool) -> None:
    answer = Client(pool).post("/quiz/answer", data={"says": "N" * (MAX_BODY + 10)},
                               headers={"Sec-Fetch-Site": "same-origin"})
    assert answer.status_code < 500


def test_a_widget_asked_again_is_answered_by_the_worker_without_a_child(pool: ComputePool) -> None:
    """The worker keeps widget answers (grundy.web.delivery): the second request for a URL does not
    reach the children, and a client holding it gets a 304."""
    cache = pool.app.extensions["grundy.response_cache"]
    url = "/w/pn-table?rule=set&set=1,2,5&upto=60&sg=1"
    client = Client(pool)
    first = client.get(url, headers={"Accept-Encoding": "br", "HX-Request": "true"})
    hits = cache.hits
    second = client.get(url, headers={"Accept-Encoding": "br", "HX-Request": "true"})
    assert cache.hits == hits + 1 and second.get_data() == first.get_data()
    assert second.headers["Content-Encoding"] == "br"
    held = client.get(url, headers={"Accept-Encoding": "br", "HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert held.status_code == 304


_FORKED_WARM = """
import json, os, sys
from grundy import create_app
from grundy.web.pool import ComputePool
pool = ComputePool(create_app({"TESTING": True}), processes=2, nice=0, wait=120, factory="tests.pool_factory:counted")
ready = pool.wait_ready(600)
pids = sorted({pool._executor.submit(os.getpid).result() for _ in range(20)})
parents = sorted({pool._executor.submit(os.getppid).result() for _ in range(20)})
print(json.dumps({"ready": ready, "children": pids, "parents": parents}))
pool.close()
"""


def test_the_children_are_forked_from_an_app_already_built(tmp_path: Path) -> None:
    """A worker's compute children start warm: the fork server builds (and warms) the app once,
    and every child is a copy of it; none builds its own. In a process of its own, since a
    process has one fork server, started by the first pool."""
    builds = tmp_path / "builds"
    done = subprocess.run([sys.executable, "-c", _FORKED_WARM], cwd=ROOT, capture_output=True, text=True, timeout=900,
                          env=os.environ | {"GRUNDY_TEST_BUILDS": str(builds)})
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    built_in = [int(line) for line in builds.read_text().split()]
    assert seen["ready"] is True
    assert len(built_in) == 1 and seen["parents"] == built_in, (built_in, seen)  # the fork server built it, once
    assert not set(built_in) & set(seen["children"])
