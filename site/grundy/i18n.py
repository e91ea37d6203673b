"""Marking interface text for translation, in Python.

- In a request (a widget's summary, a quiz's reason, a 400 message), say the sentence with
  ``_`` (the request's catalogue): ``_("Heap %(n)s is P.", n=5)``. Placeholders are always named,
  so the Chinese may put them in its own order; build whole sentences, never glue fragments.
- Text defined once at import (a widget's title, a parameter's label, a rule's name) is marked
  with :func:`N_`, which only tells the extractor, and is said where it is shown:
  ``{{ _(widget.title) }}`` in a template, ``_(label)`` in Python. Outside a request (the command
  line, lessons checked at start-up) ``_`` gives the English back.
"""
from __future__ import annotations

from typing import Any

from babel import support
from flask import request

from grundy.marks import N_

ENVIRON_KEY = "grundy.language"  # the request's language code, set by grundy.web.language
# Each language's compiled catalogue, read once per process (grundy.web.language.register);
# English has none.
CATALOGUES: dict[str, support.NullTranslations] = {}
_NONE = support.NullTranslations()


def translations() -> support.NullTranslations:
    """This request's catalogue, found in one look at the request (Flask-Babel's own lookup
    takes four context lookups a call, and a 24 × 24 grid's page says ~160 messages); outside a
    request, none (English)."""
    try:
        code = request.environ.get(ENVIRON_KEY, "en")
    except RuntimeError:
        return _NONE
    return CATALOGUES.get(code, _NONE)


def in_language(code: str, message: str) -> str:
    """``message`` in the language ``code``, whatever the request's (a catalogue of words that
    is itself in one language, such as grundy.words.zh); English where the site has not loaded
    the catalogue (outside the site)."""
    return CATALOGUES.get(code, _NONE).ugettext(message)


def _(message: str, **variables: Any) -> str:
    """``message`` in the request's language, its ``%(name)s`` placeholders filled."""
    said = translations().ugettext(message)
    return said % variables if variables else said


__all__ = ["N_", "_", "in_language"]
