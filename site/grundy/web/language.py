"""The site in two languages: English at today's URLs, Simplified Chinese under /zh/.

- **The prefix.** :class:`LanguagePrefix` (WSGI, outermost) moves a leading ``/zh`` from the
  path into ``SCRIPT_NAME`` and notes the language in the environ. Every route then serves both
  languages unchanged, and every ``url_for`` on a Chinese page writes a Chinese URL, so a reader
  who switched stays in Chinese from link to link, form to form and htmx swap to htmx swap.
- **The words.** Interface strings go through gettext (Flask-Babel). The catalogue is kept as
  text (``site/grundy/translations/<lang>/LC_MESSAGES/*.po``, a file per part of the site) and compiled at start-up into
  ``instance/translations`` (:func:`compile_catalogues`), so no setup step can be forgotten and a
  stale compiled file cannot outlive its source.
- **The switch.** Every page links to itself in the other language, with the same path and
  query (static/js/grundy/language.js adds the section the reader is at), and names both in ``hreflang`` links.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel import support
from babel.messages.pofile import read_po
from flask import Flask, request
from flask_babel import Babel

from grundy import i18n
from grundy.i18n import DEFAULT, ENVIRON_KEY, LANGUAGES, Language, current  # the languages, and the request's: grundy.i18n's

SOURCE = Path(__file__).resolve().parents[1] / "translations"


def split_prefix(path: str) -> tuple[Language, str]:
    """A site path's language and the path without its prefix: ``/zh/w/grid`` → (zh, ``/w/grid``)."""
    for lang in LANGUAGES.values():
        if lang.prefix and (path == lang.prefix or path.startswith(lang.prefix + "/")):
            return lang, path[len(lang.prefix):] or "/"
    return LANGUAGES[DEFAULT], path


def unprefixed(path: str) -> str:
    """A site path without its language prefix: ``/zh/w/grid`` → ``/w/grid``."""
    return split_prefix(path)[1]


class LanguagePrefix:
    """WSGI middleware: ``/zh/lessons/nim`` is the app's ``/lessons/nim`` with SCRIPT_NAME
    ``/zh`` and the language ``zh``; every other path is English."""

    def __init__(self, wsgi: Callable[..., Iterable[bytes]]) -> None:
        self.wsgi = wsgi

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if ENVIRON_KEY in environ:  # already read (a compute child gets the environ its worker read)
            return self.wsgi(environ, start_response)
        lang, rest = split_prefix(environ.get("PATH_INFO", ""))
        environ[ENVIRON_KEY] = lang.code
        if lang.prefix:
            environ["SCRIPT_NAME"] = environ.get("SCRIPT_NAME", "") + lang.prefix
            environ["PATH_INFO"] = rest
        return self.wsgi(environ, start_response)


def compile_catalogues(source: Path, target: Path) -> None:
    """Compile each language's catalogue files (``<lang>/LC_MESSAGES/*.po``, one per part of the
    site: the frame, the widgets, practice, the reference pages…) into one ``messages.mo`` under
    ``target``, when it is missing or older than any of them. (A message belongs in one file;
    tests/test_language.py holds them to that, and here the first file's translation is kept.)
    Written whole, then renamed, so a gunicorn worker never reads half a catalogue."""
    for folder in sorted(source.glob("*/LC_MESSAGES")):
        parts = sorted(folder.glob("*.po"))
        if not parts:
            continue
        mo = target / folder.relative_to(source) / "messages.mo"
        # The files it was compiled from, by name: a file removed (or added with an old date)
        # since then recompiles too, not only a file edited.
        listing = mo.with_suffix(".parts")
        names = "\n".join(po.name for po in parts)
        if (mo.exists() and listing.exists() and listing.read_text(encoding="utf-8") == names
                and all(mo.stat().st_mtime_ns >= po.stat().st_mtime_ns for po in parts)):
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        catalogue = read_catalogue(parts, locale=folder.parent.name)
        fd, temporary = tempfile.mkstemp(dir=mo.parent, prefix=".messages.")
        try:
            with os.fdopen(fd, "wb") as handle:
                write_mo(handle, catalogue)
            os.replace(temporary, mo)
            listing.write_text(names, encoding="utf-8")
        except BaseException:
            os.unlink(temporary)
            raise


def read_catalogue(parts: Iterable[Path], *, locale: str, strict: bool = False) -> Catalog:
    """The catalogue files of one language read as one. With ``strict``, a message translated in
    two of them is an error; otherwise the first file's translation stands."""
    merged = Catalog(locale=locale)
    for po in parts:
        with po.open("rb") as handle:
            part = read_po(handle, locale=locale)
        for message in part:
            if not message.id:
                continue
            if merged.get(message.id, context=message.context) is not None:  # the same words in another context are another message
                if not strict:
                    continue
                raise ValueError(f"{po.name}: {message.id!r} is already translated in another catalogue file")
            merged[message.id] = message
    return merged


def switch_url(to: Language) -> str:
    """This page in the language ``to``: the same path and query under its prefix."""
    path = request.path  # without SCRIPT_NAME's prefix
    query = request.query_string.decode("latin-1")
    return to.prefix + (path if path != "/" or not to.prefix else "/") + (f"?{query}" if query else "")


def register(app: Flask, instance: Path) -> None:
    target = instance / "translations"
    compile_catalogues(SOURCE, target)
    Babel(app, locale_selector=lambda: current().code, default_translation_directories=str(target))
    for code in LANGUAGES:
        if code != DEFAULT:
            i18n.CATALOGUES[code] = support.Translations.load(str(target), [code])
    # Templates say their words through the same one-lookup catalogue (newstyle: Jinja fills and
    # escapes the placeholders itself).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: i18n.translations().ugettext(s),
        ngettext=lambda s, p, n: i18n.translations().ungettext(s, p, n),
        newstyle=True,
    )
    # A {% trans %} block's whitespace collapses, as the extractor reads it (babel.cfg: trimmed),
    # so a block laid out over several lines still finds its catalogue entry.
    app.jinja_env.policies["ext.i18n.trimmed"] = True

    @app.context_processor
    def languages() -> dict[str, Any]:
        here = current()
        return {"language": here, "languages": LANGUAGES,
                "switch_url": switch_url, "other_languages": [lang for lang in LANGUAGES.values() if lang != here]}


__all__ = ["DEFAULT", "ENVIRON_KEY", "LANGUAGES", "Language", "LanguagePrefix", "compile_catalogues", "current", "read_catalogue", "register",
           "split_prefix", "switch_url", "unprefixed"]
