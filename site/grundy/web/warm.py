"""The app the compute children are forked from, built and warmed once (grundy.web.pool).

multiprocessing's fork server imports this module (its "preload") before it forks any child;
the import builds the app named by the pool's factory (``GRUNDY_POOL_FACTORY``: "module:callable")
and asks it once for each computing kind of page: a widget, a projection, a quiz question and its
answer, a game (:func:`warm`). Building renders every lesson; the requests compile the templates
and import what the engine uses lazily. Every child forked afterwards shares all of that and
answers its first request as fast as its hundredth.

Anything that fails here is left for the child to meet again (it builds the app itself, see
:func:`app_for`), so a broken preload shows up as a slow start, never as a fork server that died.
"""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

_BUILT: dict[str, Flask] = {}


def build(factory: str) -> Flask:
    """The app made by ``factory`` ("module:callable" or "module:callable()")."""
    module, _, call = factory.partition(":")
    __import__(module)
    app: Flask = getattr(sys.modules[module], call.removesuffix("()"))()
    return app


def warm(app: Flask) -> None:
    """One request of each computing kind, in both languages (each compiles its templates)."""
    from grundy.practice.games import SPECS
    from grundy.web.widgets import PRESENTABLE
    from grundy.widgets import WIDGETS

    client = app.test_client()
    game = next(iter(SPECS))
    for prefix in ("", "/zh"):
        for name in WIDGETS:
            client.get(f"{prefix}/w/{name}")
        for name in PRESENTABLE:
            client.get(f"{prefix}/present/{name}")
        for name in SPECS:
            client.get(f"{prefix}/play/{name}")
        client.get(f"{prefix}/quiz/q?game={game}&level=1&seed=1")


def app_for(factory: str) -> Flask:
    """The app for a child: the preloaded one if it was made by this factory, else a new one."""
    os.environ["GRUNDY_RESPONSE_CACHE_MB"] = "0"  # the worker keeps the answers (grundy.web.delivery)
    if factory not in _BUILT:
        _BUILT[factory] = build(factory)
    return _BUILT[factory]


def _preload() -> None:
    factory = os.environ.get("GRUNDY_POOL_FACTORY")
    if not factory:
        return
    from grundy.web.pool import exit_with

    exit_with(os.getppid())  # the fork server ends with the worker that started it, at once
    try:
        warm(app_for(factory))
    except Exception:  # noqa: BLE001  (see the module's docstring: the child builds its own)
        return


_preload()
