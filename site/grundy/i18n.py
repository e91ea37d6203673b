"""The reader's language, found in one place, and saying text in it.

- **Which language.** :data:`LANGUAGES` lists the site's languages; :func:`current` is the
  request's (``grundy.web.language``'s middleware notes a ``/zh/`` path in the environ), English
  outside a request (the command line, lessons checked at start-up). Every layer asks here:
  nothing below ``grundy.web`` imports it (tests/test_import_rules.py).
- **Saying.** In a request, say a sentence with ``_`` (the request's catalogue):
  ``_("Heap %(n)s is P.", n=5)``. Placeholders are always named, so the Chinese may put them in
  its own order; build whole sentences, never glue fragments. Text defined once at import (a
  widget's title, a parameter's label, a rule's name) is marked with :func:`N_`, which only tells
  the extractor, and said where it is shown: ``{{ _(widget.title) }}`` in a template, ``_(label)``
  in Python. Words the engine leaves to be said (a move, an error: a
  :class:`~grundy.marks.Phrase`) are said with :func:`say`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from babel import support
from flask import request

from grundy.marks import N_, Catalogue, said

ENVIRON_KEY = "grundy.language"  # the request's language code, set by grundy.web.language


@dataclass(frozen=True, slots=True)
class Language:
    code: str  # gettext's and the content directory's name: en, zh
    tag: str  # for <html lang> and hreflang: en, zh-Hans
    prefix: str  # in URLs: "" or "/zh"
    name: str  # in its own words, for the switch
    plotly: str = ""  # plotly.js's locale for the figures' toolbar (static/vendor/plotly/locale-<it>.js), "" for English
    # How a move chosen from a list grouped under headings (a pile's moves, a step's) reads in a
    # sentence: English joins its button's label to its heading ("take 3" under "pile 1": "take 3
    # from pile 1"; "move 2 down" under "step 3"); Chinese says the move whole (把第 3 级的 2 枚硬币
    # 滑到第 2 级). grundy.words.moves reads it.
    says_moves_whole: bool = False


LANGUAGES = {
    "en": Language("en", "en", "", "English"),
    "zh": Language("zh", "zh-Hans", "/zh", "中文", plotly="zh-CN", says_moves_whole=True),
}
DEFAULT = "en"
# Each language's compiled catalogue, read once per process (grundy.web.language.register);
# English has none.
CATALOGUES: dict[str, support.NullTranslations] = {}
_NONE = support.NullTranslations()


def _code() -> str:
    try:
        code = request.environ.get(ENVIRON_KEY, DEFAULT)
    except RuntimeError:  # outside a request
        return DEFAULT
    return code if code in LANGUAGES else DEFAULT


def current() -> Language:
    """The language of this request (English outside one)."""
    return LANGUAGES[_code()]


def here() -> str:
    """The code of this request's language: "en" or "zh"."""
    return _code()


def translations(code: str | None = None) -> support.NullTranslations:
    """The catalogue of the language ``code`` (None: the request's), found in one look at the
    request (Flask-Babel's own lookup takes four context lookups a call, and a 24 × 24 grid's
    page says ~160 messages); English, or a language the site has not loaded, has none."""
    return CATALOGUES.get(code or _code(), _NONE)


def catalogue(code: str | None = None) -> Catalogue:
    """:func:`translations`, for saying a :class:`~grundy.marks.Phrase` with (look it up once
    when saying many)."""
    return cast(Catalogue, translations(code))  # babel types pgettext's result loosely (str | object)


def _(message: str, **variables: Any) -> str:
    """``message`` in the request's language, its ``%(name)s`` placeholders filled."""
    said_message = translations().ugettext(message)
    return said_message % variables if variables else said_message


def say(words: object, language: str | None = None) -> str:
    """Words the engine left to be said (a :class:`~grundy.marks.Phrase`, a listing, a game's
    name; anything else as it is) in ``language``, by default the request's."""
    return said(words, catalogue(language))


__all__ = ["DEFAULT", "LANGUAGES", "N_", "Language", "_", "catalogue", "current", "here", "say", "translations"]
