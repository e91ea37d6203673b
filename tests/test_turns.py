"""Computing requests take turns (grundy.web.turns): while the slots are taken, pages already
made are served at once, a computing request waits and, after the stated wait, gets a 503 that
says the server is busy; a slot is given back however its request ended."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

import grundy.web.widgets as widget_routes
from grundy import create_app


@pytest.fixture()
def one_slot_app() -> Flask:
    return create_app({"TESTING": True, "GRUNDY_COMPUTE_SLOTS": 1, "GRUNDY_COMPUTE_WAIT": 0.05})


@pytest.fixture()
def held(one_slot_app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """A /w/ request that holds the only slot until the returned event is set."""
    entered, release = threading.Event(), threading.Event()
    render = widget_routes.render_widget

    def blocking(*args: Any, **kwargs: Any) -> Any:
        if not entered.is_set():
            entered.set()
            release.wait(timeout=30)
        return render(*args, **kwargs)

    monkeypatch.setattr(widget_routes, "render_widget", blocking)
    statuses: list[int] = []
    worker = threading.Thread(target=lambda: statuses.append(one_slot_app.test_client().get("/w/pn-table").status_code))
    worker.start()
    assert entered.wait(timeout=30)
    yield release
    release.set()
    worker.join(timeout=30)
    assert statuses == [200]


def test_pages_already_made_never_wait_behind_computing_requests(one_slot_app: Flask, held: threading.Event) -> None:
    client = one_slot_app.test_client()
    for url in ("/", "/lessons/nim", "/static/css/grundy.css"):
        assert client.get(url).status_code == 200


def test_a_computing_request_that_finds_no_slot_is_told_the_server_is_busy(one_slot_app: Flask, held: threading.Event) -> None:
    response = one_slot_app.test_client().get("/w/mex-steps")
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    assert "busy" in response.text and "Content-Security-Policy" in response.headers
    held.set()


def test_the_slot_is_given_back_after_an_error(one_slot_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    client = one_slot_app.test_client()
    with monkeypatch.context() as patch:
        patch.setattr(widget_routes, "render_widget", broken)
        one_slot_app.config["PROPAGATE_EXCEPTIONS"] = False
        assert client.get("/w/pn-table").status_code == 500
    for _ in range(3):  # with the slot lost, these would wait and get 503s
        assert client.get("/w/pn-table").status_code == 200
        assert client.get("/play/nim?start=3,4,5").status_code == 200
