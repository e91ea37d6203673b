"""Grundy: a teaching site for impartial combinatorial games.

Importing ``grundy`` (or the engine, ``grundy.games``) loads no web library; Flask is imported
only when the app is built.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app: settings, security headers, lessons and widgets."""
    from flask import Flask

    from grundy.web import register

    app = Flask(__name__, static_folder=None, template_folder=None)
    register(app, config or {})
    return app
