"""Marking text for the catalogue, with nothing to import: the engine marks its games' names
with :func:`N_` and stays free of Flask (tests/test_engine_isolation.py); the site says them in
the reader's language where it shows them (``grundy.i18n._``)."""
from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for this marker
    """Mark ``message`` for the catalogue without translating it here (babel extracts N_)."""
    return message


__all__ = ["N_"]
