"""Static files served by the app itself (offline first), with content-hashed URLs."""
from __future__ import annotations

import hashlib
from functools import cache, lru_cache
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request, send_from_directory, url_for
from werkzeug.security import safe_join

from grundy.lessons.markdown import pygments_css
from grundy.web import delivery, language

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
    return _versioned_url(filename, version, request.script_root)


@lru_cache(maxsize=256)
def _versioned_url(filename: str, version: str, root: str) -> str:
    """Built once per file version and mount point (a page names six files on every request;
    bounded, as the mount point comes from the server's environ)."""
    url = url_for("assets.static", filename=filename, v=version)
    # One URL per file in every language, so switching language downloads nothing again.
    prefix = language.current().prefix
    return url.replace(prefix + "/static/", "/static/", 1) if prefix else url


@bp.get("/static/<path:filename>")
def static(filename: str) -> Response:
    """A file from static/ (css, js, and the pinned vendor libraries). Asked for by its digest
    (``?v=``, as :func:`asset_url` writes it), it may be kept a year unchanged; text files go out
    compressed, each compressed once per process at the strongest setting."""
    response = send_from_directory(current_app.config["STATIC_DIR"], filename)
    path = safe_join(str(current_app.config["STATIC_DIR"]), filename)
    assert path is not None  # send_from_directory refused anything else with a 404
    stat = Path(path).stat()
    current = request.args.get("v") == _digest(Path(path), stat.st_mtime_ns)
    if current:
        response.cache_control.public = True
        response.cache_control.max_age = delivery.STATIC_MAX_AGE
        response.cache_control.immutable = True
    if delivery.compressible(response.mimetype, stat.st_size):
        response.vary.add("Accept-Encoding")
        encoding = delivery.choose_encoding(request.headers.get("Accept-Encoding", ""))
        if encoding != "identity":
            data = delivery.compressed_static(path, stat.st_mtime_ns, encoding, Path(path).read_bytes)
            response.direct_passthrough = False
            response.set_data(data)
            response.headers["Content-Encoding"] = encoding
            response.set_etag(f"{_digest(Path(path), stat.st_mtime_ns)}-{encoding}")
            response.make_conditional(request)
    return response


@bp.get("/highlight.css")
def highlight_css() -> Response:
    """The colours of highlighted code, generated from Pygments' styles (versioned by their
    digest, like a static file)."""
    response = Response(_pygments(), mimetype="text/css")
    if request.args.get("v") == _pygments_digest():
        response.cache_control.public = True
        response.cache_control.max_age = delivery.STATIC_MAX_AGE
        response.cache_control.immutable = True
    else:
        response.cache_control.max_age = 3600
    return response


@cache
def _pygments_digest() -> str:
    return hashlib.sha256(_pygments().encode()).hexdigest()[:10]


def highlight_url() -> str:
    return url_for("assets.highlight_css", v=_pygments_digest())


@cache
def _pygments() -> str:
    return pygments_css()


def register(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["asset_url"] = asset_url
    app.jinja_env.globals["highlight_url"] = highlight_url


__all__ = ["asset_url", "register"]
