"""The WSGI stack is built once, in one place (grundy.web.stack), and it is the same stack for
the test client and for `make run`, where grundy.serve only plugs the compute pool into it:
every layer appears exactly once, and the pool sees the routes' own paths."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from grundy import create_app, serve
from grundy.web.delivery import ResponseCache
from grundy.web.language import LanguagePrefix
from grundy.web.stack import HANDOFF, Handoff, build, layers


def kinds(app: Flask) -> list[str]:
    """Each layer's kind, outermost first; Flask's own wsgi_app last."""
    return [type(layer).__name__ if getattr(layer, "__self__", None) is not app else "Flask.wsgi_app" for layer in layers(app)]


@pytest.mark.parametrize(("proxies", "expected"), [
    (0, ["LanguagePrefix", "Handoff", "ResponseCache", "Flask.wsgi_app"]),
    (1, ["LanguagePrefix", "Handoff", "ResponseCache", "ProxyFix", "Flask.wsgi_app"]),
])
def test_each_layer_is_in_the_stack_once(proxies: int, expected: list[str]) -> None:
    app = create_app({"TESTING": True, "GRUNDY_PROXIES": proxies})
    assert kinds(app) == expected
    assert max(Counter(kinds(app)).values()) == 1
    found = layers(app)
    assert app.extensions["grundy.response_cache"] is next(layer for layer in found if isinstance(layer, ResponseCache))
    assert app.extensions[HANDOFF] is next(layer for layer in found if isinstance(layer, Handoff))
    assert sum(isinstance(layer, (LanguagePrefix, ProxyFix)) for layer in found) == len(expected) - 3


def test_the_stack_is_built_once_per_app(app: Flask) -> None:
    with pytest.raises(RuntimeError, match="built once"):
        build(app)


class FakePool:
    """Stands for grundy.web.pool.ComputePool (no child processes): notes each path it is
    asked for, and answers with the layers below it, as the pool does for a page."""

    made: list[FakePool] = []

    def __init__(self, app: Flask, *, wsgi: Callable[..., Iterable[bytes]], **_settings: Any) -> None:
        self.app = app
        self.wsgi = wsgi
        self.seen: list[tuple[str, str, str]] = []
        FakePool.made.append(self)

    def wait_ready(self, _timeout: float, tick: Callable[[], None]) -> bool:
        tick()
        return True

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        self.seen.append((environ["SCRIPT_NAME"], environ["PATH_INFO"], environ["grundy.language"]))
        return self.wsgi(environ, start_response)


class FakeWorker:
    def __init__(self, app: Flask) -> None:
        self.wsgi = app
        self.ticks = 0

    def notify(self) -> None:
        self.ticks += 1


def test_make_run_plugs_the_pool_into_the_same_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "ComputePool", FakePool)
    monkeypatch.setenv("GRUNDY_COMPUTE_PROCESSES", "2")
    app = create_app({"TESTING": True})
    worker = FakeWorker(app)
    serve.post_worker_init(worker)
    assert worker.wsgi is app and worker.ticks == 1  # gunicorn calls the app itself: no layer outside it
    pool = FakePool.made[-1]
    assert kinds(app) == ["LanguagePrefix", "Handoff", "FakePool", "ResponseCache", "Flask.wsgi_app"]
    assert pool.wsgi is app.extensions["grundy.response_cache"]
    client = app.test_client()
    assert client.get("/zh/w/pn-table").status_code == 200
    assert client.get("/w/pn-table").status_code == 200
    assert pool.seen == [("/zh", "/w/pn-table", "zh"), ("", "/w/pn-table", "en")]  # read once, above the pool
