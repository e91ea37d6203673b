"""An app factory that notes each process that builds an app (tests/test_pool.py checks that the
compute children are forked from one built in the fork server, and build none themselves)."""
from __future__ import annotations

import os

from flask import Flask

from grundy import create_app


def counted() -> Flask:
    with open(os.environ["GRUNDY_TEST_BUILDS"], "a") as builds:
        builds.write(f"{os.getpid()}\n")
    return create_app({"TESTING": True})
