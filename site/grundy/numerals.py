"""Whole numbers typed by people: the one reader every layer uses (engine, CLI, widgets, quiz, play).

A number is what a keyboard's digit keys type: ASCII 0–9, an optional sign first, nothing else.
Python is more generous than that, and each generosity was a bug here once: ``int()`` and the
regex ``\\d`` accept the digits of every script (``int("١٢") == 12``), ``str.isdigit()`` also
accepts ``'²'`` and ``'①'``, which ``int()`` then refuses with an error, and ``int()`` takes
``"1_000"`` and surrounding spaces. The length is checked before converting, so nobody pays for
converting a million digits (Python itself refuses more than 4,300 by default; the CLI, which
welcomes piles of any size, lifts that limit).
"""
from __future__ import annotations

import re
import sys

_NUMERAL = re.compile(r"([+-]?)([0-9]+)")


def digit_limit() -> int | None:
    """The most digits Python converts now (None: no limit, as the CLI sets it)."""
    return sys.get_int_max_str_digits() or None


def is_numeral(text: str, *, signed: bool = False) -> bool:
    """Whether ``text`` is a numeral :func:`read_whole` reads, however long (nothing converted)."""
    match = _NUMERAL.fullmatch(text)
    return match is not None and (signed or match[1] != "-")


def read_whole(text: str, *, signed: bool = False, max_digits: int | None = None) -> int | None:
    """The integer ``text`` writes: ASCII digits, a ``+`` (or, when ``signed``, a ``-``) allowed
    first, no spaces or underscores. None when it is not such a numeral or has more than
    ``max_digits`` digits (leading zeros count: the bound is on the text, checked first; None:
    as many as Python converts, :func:`digit_limit`)."""
    match = _NUMERAL.fullmatch(text)
    if match is None or (match[1] == "-" and not signed):
        return None
    most = max_digits if max_digits is not None else digit_limit()
    if most is not None and len(match[2]) > most:
        return None
    return int(text)
