"""Static files served by the app itself (offline first), with content-hashed URLs."""
from __future__ import annotations

import hashlib
from functools import cache, lru_cache
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, request, send_from_directory, url_for
from werkzeug.security import safe_join

from grundy.lessons.markdown import pygments_css
from grundy.web import delivery, language

bp = Blueprint("assets", __name__)


@cache
def _digest(path: Path, mtime_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:10]


def _watching() -> bool:
    """Whether static files may change under a running app, so each page looks at them again:
    the development server's setting for templates (Flask's ``TEMPLATES_AUTO_RELOAD``, which
    follows debug mode). A served app's files change only with a deploy, which restarts it: it
    looks at each file once (a page names six files and ten modules; looking at them on every
    page cost a quarter of a widget page's time)."""
    return bool(current_app.jinja_env.auto_reload)


def asset_url(filename: str) -> str:
    """The URL of a static file with a version tag, so browsers may cache it for long."""
    folder = str(current_app.config["STATIC_DIR"])
    version = _version(folder, filename) if _watching() else _kept_version(folder, filename)
    return _versioned_url(filename, version, request.script_root)


def _version(folder: str, filename: str) -> str:
    path = Path(folder) / filename
    try:
        return _digest(path, path.stat().st_mtime_ns)
    except FileNotFoundError:
        return "missing"


@lru_cache(maxsize=256)
def _kept_version(folder: str, filename: str) -> str:
    """:func:`_version`, looked at once per process (bounded: the names come from templates)."""
    return _version(folder, filename)


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
    path = _existing(filename)
    return _send(filename, request.args.get("v") == _digest(path, path.stat().st_mtime_ns))


# ---------------------------------------------------------------- the ES modules
# static/js/grundy holds ES modules that import each other by relative URLs ("./keys.js"). A
# version query on main.js alone would not reach its imports: a year-long cache would then keep
# keys.js from before a deploy. So the folder as a whole is versioned: its URL names the digest
# of every module in it (/static/js/grundy@<digest>/main.js), the relative imports resolve inside
# that folder, and a change to any module moves them all to a new URL. The files stay plain
# (no rewriting on the way out), and ~15 small modules downloaded again after a deploy cost
# less than a second request for each. An import map would do the same per file, but it is an
# inline script, which the CSP forbids.
MODULES = "js/grundy"
ENTRY = "main.js"  # the one module a page names; it imports the others


def _module_files() -> tuple[tuple[str, int, int], ...]:
    """Every module in the folder, with what tells a changed file (its mtime and size): looked
    at on every page while the app watches its files (:func:`_watching`), once otherwise."""
    folder = str(Path(current_app.config["STATIC_DIR"]) / MODULES)
    return _scan_modules(folder) if _watching() else _kept_modules(folder)


@lru_cache(maxsize=8)
def _kept_modules(folder: str) -> tuple[tuple[str, int, int], ...]:
    return _scan_modules(folder)


def _scan_modules(where: str) -> tuple[tuple[str, int, int], ...]:
    folder = Path(where)
    found = sorted(p for p in folder.rglob("*.js") if p.is_file())
    return tuple((p.relative_to(folder).as_posix(), p.stat().st_mtime_ns, p.stat().st_size) for p in found)


@lru_cache(maxsize=8)
def _modules_digest(folder: str, files: tuple[tuple[str, int, int], ...]) -> str:
    """The digest of the modules' names and bytes together (kept per set of file versions)."""
    h = hashlib.sha256()
    for name, _, _ in files:
        h.update(name.encode() + b"\0" + (Path(folder) / name).read_bytes() + b"\0")
    return h.hexdigest()[:10]


def modules_version() -> str:
    return _modules_digest(str(Path(current_app.config["STATIC_DIR"]) / MODULES), _module_files())


def module_url(filename: str) -> str:
    """The URL of a module in static/js/grundy, inside the folder's versioned URL."""
    return _versioned_module_url(filename, modules_version(), request.script_root)


def module_urls() -> list[str]:
    """The URLs of the modules the entry imports, for <link rel="modulepreload">: the browser
    fetches them all at once instead of learning of each only when the entry has arrived."""
    version, root = modules_version(), request.script_root
    return [_versioned_module_url(name, version, root) for name, _, _ in _module_files() if name != ENTRY]


@lru_cache(maxsize=256)
def _versioned_module_url(filename: str, version: str, root: str) -> str:
    url = url_for("assets.module", version=version, filename=filename)
    prefix = language.current().prefix  # one URL in every language, as for asset_url
    return url.replace(prefix + "/static/", "/static/", 1) if prefix else url


@bp.get("/static/js/grundy@<version>/<path:filename>")
def module(version: str, filename: str) -> Response:
    """A module from static/js/grundy. Asked for under the current digest of the folder, it may
    be kept a year; under another (a page made before a deploy) it is today's file, which the
    browser must not keep."""
    if not filename.endswith(".js") or safe_join(MODULES, filename) is None:
        abort(404)  # only the modules themselves, not the rest of static/ by a detour
    current = version == modules_version()
    response = _send(f"{MODULES}/{filename}", current)
    if not current:
        response.cache_control.max_age = 0
        response.cache_control.no_cache = True
    return response


def _existing(filename: str) -> Path:
    path = safe_join(str(current_app.config["STATIC_DIR"]), filename)
    if path is None or not Path(path).is_file():
        abort(404)
    return Path(path)


def _send(filename: str, current: bool) -> Response:
    """static/``filename``, kept for a year when ``current`` (its URL names this version), and
    compressed for clients that accept it."""
    response = send_from_directory(current_app.config["STATIC_DIR"], filename)
    path = _existing(filename)
    stat = path.stat()
    if current:
        response.cache_control.public = True
        response.cache_control.max_age = delivery.STATIC_MAX_AGE
        response.cache_control.immutable = True
    if delivery.compressible(response.mimetype, stat.st_size):
        response.vary.add("Accept-Encoding")
        encoding = delivery.choose_encoding(request.headers.get("Accept-Encoding", ""))
        if encoding != "identity":
            data = delivery.compressed_static(str(path), stat.st_mtime_ns, encoding, path.read_bytes)
            response.direct_passthrough = False
            response.set_data(data)
            response.headers["Content-Encoding"] = encoding
            response.set_etag(f"{_digest(path, stat.st_mtime_ns)}-{encoding}")
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
    app.jinja_env.globals["module_url"] = module_url
    app.jinja_env.globals["module_urls"] = module_urls


__all__ = ["asset_url", "module_url", "module_urls", "register"]
