"""Whole numbers typed by people: the one reader every layer uses (engine, CLI, widgets, quiz, play,
class), and the one normalisation of what they type before it is read.

**Typed text** (:func:`typed`). A phone's Chinese keyboard types full-width digits, letters and
punctuation (３，５, （３，５）, ＡＣＥ３４７, an ideographic space \\u3000) and the list comma 、.
Each field is normalised once, where it enters (a route, the command line), by Unicode's NFKC,
which turns those into their ASCII twins, with 、 read as a comma. Digits of other scripts are
kept as typed (NFKC would turn ① and ² into 1 and 2, and leaves ١٢ alone): they are refused,
and :func:`foreign_digit` finds the one the message names as it says why: numbers are written
with 0–9 (a widget's field: grundy.widgets.params; play, the quiz, a class's question and the
command line: grundy.games.family.foreign_digits; a class code: grundy.web.classroom.admission).
Texts longer than :data:`MAX_TYPED` are not normalised (NFKC may lengthen a text; every field's
own bound, checked after normalising, is far shorter and refuses them).

Where each field enters: the widget routes (grundy.web.widgets, grundy.web.present: every query
field), play and the quiz (grundy.web.practice: every query or form field), the live class
(grundy.web.classroom.routes: the join code, the posed position, the answer), and the command
line (grundy.cli: every component and rule option). Below them nothing normalises again.

**Numbers** (:func:`read_whole`). A number is what a keyboard's digit keys type: ASCII 0–9, an
optional sign first, nothing else. Python is more generous than that, and each generosity was a
bug here once: ``int()`` and the regex ``\\d`` accept the digits of every script
(``int("١٢") == 12``), ``str.isdigit()`` also accepts ``'²'`` and ``'①'``, which ``int()`` then
refuses with an error, and ``int()`` takes ``"1_000"`` and surrounding spaces. The length is
checked before converting, so nobody pays for converting a million digits (Python itself refuses
more than 4,300 by default; the CLI, which welcomes piles of any size, lifts that limit).
"""
from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Mapping

_NUMERAL = re.compile(r"([+-]?)([0-9]+)")

# The longest text normalised (characters): a request line is at most 4,094 bytes under gunicorn.
MAX_TYPED = 4096
# Digits a phone's full-width keyboard types: NFKC makes them 0–9, as the reader meant.
_FULL_WIDTH_DIGITS = frozenset("０１２３４５６７８９")
# What NFKC leaves that a Chinese input method types as a separator.
_SEPARATORS = str.maketrans({"、": ","})


def digit_limit() -> int | None:
    """The most digits Python converts now (None: no limit, as the CLI sets it)."""
    return sys.get_int_max_str_digits() or None


def _is_foreign(ch: str) -> bool:
    return unicodedata.digit(ch, None) is not None and not ch.isascii() and ch not in _FULL_WIDTH_DIGITS


def foreign_digit(text: str) -> str | None:
    """The first digit in ``text`` that is not one of 0–9 (nor a full-width ０–９, which
    :func:`typed` makes one): Arabic-Indic ١, Devanagari २, ①, ², 𝟏. None if there is none."""
    if text.isascii():
        return None
    return next((ch for ch in text if _is_foreign(ch)), None)


def typed(text: str) -> str:
    """``text`` as the reader meant it: NFKC (full-width digits, letters, commas, brackets,
    colons and spaces become ASCII), 、 a comma; digits of other scripts left as typed, for the
    reader to refuse. Apply once per field, where it enters; longer than :data:`MAX_TYPED`, the
    text is given back as it is (bounded first: NFKC may lengthen it).

    >>> typed("（３，５）、７　ＡＣＥ")
    '(3,5),7 ACE'
    >>> typed("①２")
    '①2'
    """
    if text.isascii() or len(text) > MAX_TYPED:
        return text
    # NFKC between the foreign digits, which stay as typed
    pieces, start = [], 0
    for at, ch in enumerate(text):
        if _is_foreign(ch):
            pieces += [unicodedata.normalize("NFKC", text[start:at]), ch]
            start = at + 1
    pieces.append(unicodedata.normalize("NFKC", text[start:]))
    return "".join(pieces).translate(_SEPARATORS)


_BRACKETS = re.compile(r"[()\[\]{}]")


def unbracketed(text: str) -> str:
    """``text`` with its brackets read as spaces: numbers are grouped on paper as (3, 5), and no
    field or notation here uses brackets, so a list or a position reads the same with or without
    them (after :func:`typed`, （3，5） too)."""
    return _BRACKETS.sub(" ", text)


_COMMA = re.compile(r"\s*,\s*")
_GROUP = re.compile(r"[(\[{]([^()\[\]{}]*)[)\]}]")


def as_pairs(text: str) -> str:
    """Pairs as written on paper, (3, 5) (2, 7) or (3 5), in the compact form the notations use,
    3,5 2,7: what one pair of brackets holds is one pair, its numbers joined by commas; the
    spaces around each comma are taken out, so that only the spaces between pairs separate them.

    >>> as_pairs("(3, 5) (2 7)"), as_pairs("3, 5; 2,7")
    ('3,5 2,7', '3,5; 2,7')
    """
    grouped = _GROUP.sub(lambda m: " " + ",".join(m[1].replace(",", " ").split()) + " ", text)
    return " ".join(_COMMA.sub(",", unbracketed(grouped)).split())


def typed_fields(fields: Mapping[str, str]) -> dict[str, str]:
    """Every field of a form or query, :func:`typed` once: what a route reads."""
    return {key: typed(value) for key, value in fields.items()}


def is_numeral(text: str, *, signed: bool = False) -> bool:
    """Whether ``text`` is a numeral :func:`read_whole` reads, however long (nothing converted)."""
    match = _NUMERAL.fullmatch(text)
    return match is not None and (signed or match[1] != "-")


def is_negative(text: str) -> bool:
    """Whether ``text`` is a numeral below zero ("-3", not "-0"), however long: a number refused
    for its sign, whose message says the number must be at least 0 (非负整数)."""
    match = _NUMERAL.fullmatch(text)
    return match is not None and match[1] == "-" and match[2].strip("0") != ""


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
