"""The live class's route tests once more, on an app whose classes are kept in Redis
(GRUNDY_CLASS_STORE naming the test session's redis-server, tests/redis_server.py): every test of
tests/test_classroom*.py that drives the app (it asks for ``app`` or ``client``) is collected
here too, unchanged, with this module's ``app``. The store's own tests already run on both stores
(tests/stores.py); these show that the routes, the limits counted through ``allow()`` and the
hand-over work the same when the store is Redis."""
from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from grundy import create_app
from grundy.web.classroom.redis_driving import RedisDrivingStore
from grundy.web.classroom.redis_store import RedisClassStore
from tests import (test_classroom, test_classroom_driving, test_classroom_kinds, test_classroom_rounds, test_classroom_screen,
                   test_classroom_voting)

# Tests that look at the SQLite store itself, not at what the routes do.
SQLITE_ONLY = {"test_the_oldest_class_s_key_is_the_one_dropped",  # draws codes through sqlite_store.new_code
               "test_the_store_keeps_neither_the_key_nor_the_secret"}  # reads the SQLite file (the Redis one: test_classroom_driving)


def _drives_the_app(test: Callable[..., Any]) -> bool:
    return bool({"app", "client"} & set(inspect.signature(test).parameters))


MODULES = (test_classroom, test_classroom_driving, test_classroom_kinds, test_classroom_rounds, test_classroom_screen,
           test_classroom_voting)
COLLECTED = {name: test for module in MODULES for name, test in vars(module).items()
             if name.startswith("test_") and callable(test) and name not in SQLITE_ONLY and _drives_the_app(test)}
globals().update(COLLECTED)


@pytest.fixture(scope="module")
def app(redis_url: str) -> Flask:
    """The app as tests/conftest.py makes it, its classes in Redis."""
    made = create_app({"TESTING": True, "GRUNDY_CLASSES_PER_ADDRESS": 1000, "GRUNDY_CLASS_STORE": redis_url})
    assert isinstance(made.extensions["grundy.classes"], RedisClassStore)
    assert isinstance(made.extensions["grundy.classes.driving"], RedisDrivingStore)
    return made


def test_the_route_tests_are_collected_here() -> None:
    assert len(COLLECTED) >= 80 and "test_a_student_joins_with_the_code_typed_anyhow" in COLLECTED
