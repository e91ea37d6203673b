"""Static files served by the app itself (offline first), with content-hashed URLs."""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, send_from_directory, url_for

from grundy.lessons.markdown import pygments_css

bp = Blueprint("assets", __name__)


@cache
def _digest(path: Path, mtime_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:10]


def asset_url(filename: str) -> str:
    """The URL of a static file with a version tag, so browsers may cache it for long."""
    path = Path(current_app.config["STATIC_DIR"]) / filename
    try:
        version = _digest(path, path.stat().st_mtime_ns)
    except FileNotFoundError:
        version = "missing"
    return url_for("assets.static", filename=filename, v=version)


@bp.get("/static/<path:filename>")
def static(filename: str) -> Response:
    """A file from static/ (css, js, and the pinned vendor libraries)."""
    return send_from_directory(current_app.config["STATIC_DIR"], filename)


@bp.get("/highlight.css")
def highlight_css() -> Response:
    """The colours of highlighted code, generated from Pygments' styles."""
    response = Response(_pygments(), mimetype="text/css")
    response.cache_control.max_age = 3600
    return response


@cache
def _pygments() -> str:
    return pygments_css()


def register(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["asset_url"] = asset_url


__all__ = ["asset_url", "register"]
