"""Marking interface text for translation, in Python.

- In a request (a widget's summary, a quiz's reason, a 400 message), say the sentence with
  ``_``, Flask-Babel's gettext: ``_("Heap %(n)s is P.", n=5)``. Placeholders are always named,
  so the Chinese may put them in its own order; build whole sentences, never glue fragments.
- Text defined once at import (a widget's title, a parameter's label, a rule's name) is marked
  with :func:`N_`, which only tells the extractor, and is said where it is shown:
  ``{{ _(widget.title) }}`` in a template, ``_(label)`` in Python. Outside a request (the command
  line, lessons checked at start-up) ``_`` gives the English back.
"""
from __future__ import annotations

from flask_babel import gettext as _


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for this marker
    """Mark ``message`` for the catalogue without translating it here (babel extracts N_)."""
    return message


__all__ = ["N_", "_"]
