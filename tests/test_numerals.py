"""One reader of typed numbers (grundy.numerals), used by every layer: ASCII digits only, the
length bounded before converting, and no other way of reading a number left in the code. (What a
phone types, full-width ３ and ，, is made ASCII where a field enters, before this reader sees it:
tests/test_input_zh.py.)"""
from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from grundy.games.core import GameError
from grundy.games.family import number
from grundy.numerals import digit_limit, is_numeral, read_whole

SITE = Path(__file__).resolve().parents[1] / "site" / "grundy"
HX = {"HX-Request": "true"}
# Digits int() and \d accept but a keyboard's digit keys do not type: Arabic-Indic, Devanagari,
# full-width (the reader's; the routes make them ASCII first), mathematical bold; and ones only
# str.isdigit() accepts (superscript, circled).
FOREIGN = ["١٢", "१२", "１２", "𝟏𝟐", "²", "①", "1١"]


@given(st.integers(min_value=-(10**40), max_value=10**40))
def test_every_ascii_numeral_reads_as_its_integer(n: int) -> None:
    assert read_whole(str(n), signed=True) == n
    assert read_whole(str(n)) == (n if n >= 0 else None)
    assert read_whole("+" + str(abs(n))) == abs(n)
    assert read_whole("000" + str(abs(n))) == abs(n)


@given(st.text(max_size=12))
def test_anything_else_is_refused(text: str) -> None:
    ascii_numeral = re.fullmatch(r"[+-]?[0-9]+", text, re.ASCII) is not None
    assert (read_whole(text, signed=True) is not None) == ascii_numeral
    assert is_numeral(text, signed=True) == ascii_numeral


@pytest.mark.parametrize("text", FOREIGN + ["1_000", " 1", "1 ", "1\n", "", "+", "-", "+-1", "1e3", "0x1f", "1.0"])
def test_what_python_would_accept_or_crash_on_is_refused(text: str) -> None:
    assert read_whole(text, signed=True) is None


@pytest.fixture()
def pythons_digit_limit() -> Iterator[None]:
    """Python's own limit, as the web app runs (the CLI's tests lift it for this process)."""
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    yield
    sys.set_int_max_str_digits(saved)


@pytest.mark.usefixtures("pythons_digit_limit")
def test_the_length_is_bounded_before_converting() -> None:
    assert read_whole("9" * 12, max_digits=12) == 10**12 - 1
    assert read_whole("9" * 13, max_digits=12) is None
    assert read_whole("0" * 13, max_digits=12) is None  # the bound is on the text
    limit = digit_limit()
    assert limit == 4300
    huge = "9" * (limit + 1)  # int() itself would raise ValueError here
    assert read_whole(huge) is None and is_numeral(huge)
    with pytest.raises(GameError) as error:
        number(huge, "the heap")
    assert error.value.code == "too-long"
    with pytest.raises(GameError) as error:
        number("١٢", "the heap")
    assert error.value.code == "foreign-digit"


def test_no_other_number_reader_is_left_in_the_code() -> None:
    """int() on text is read_whole's alone: no isdigit(), no Unicode \\d, no int() of a match; and
    typed text is normalised in one place (numerals.typed: no other unicodedata, no other NFKC)."""
    suspicious = re.compile(r"\.isdigit\(|\.isdecimal\(|\.isnumeric\(|\\d|unicodedata|NFKC")
    found = []
    for path in SITE.rglob("*.py"):
        if path.name == "numerals.py":
            continue
        for number_, line in enumerate(path.read_text().splitlines(), 1):
            if suspicious.search(line):
                found.append(f"{path.relative_to(SITE)}:{number_}: {line.strip()}")
    assert found == []


# One URL per way a number reaches the site: widget fields, lists, sets, pairs, cells, huge n,
# the quiz's level and seed, and play's positions and rule keys.
ENTRY_POINTS = [
    "/w/pn-table?upto={}",
    "/w/pn-table?rule=set&set=1,{}",
    "/w/xor-columns?heaps=3,{}",
    "/w/period?n={}",
    "/w/wythoff?a={}&b=5",
    "/w/grid?cell={},1",
    "/w/game-sum?wythoff={},3",
    "/w/take-away?moves={}",
    "/quiz/q?game=nim&level=1&seed={}",
    "/play/nim?start=3,{}",
    "/play/bash?m={}&start=10",
]


@pytest.mark.parametrize("template", ENTRY_POINTS)
@pytest.mark.parametrize("digits", ["١٢", "१२"])
def test_digits_of_other_scripts_are_refused_at_every_entry_point(client: FlaskClient, template: str, digits: str) -> None:
    """The same URL with ASCII 12 is fine; with the Arabic-Indic or Devanagari 12 (which int()
    and \\d accept) it is a 400 that says what was wrong. (Full-width １２ is what a phone types:
    read as 12, tests/test_input_zh.py.)"""
    assert unicodedata.digit(digits[0]) == 1
    ascii_url = template.format("12").replace("take-away?moves=12", "take-away?moves=1")
    assert client.get(ascii_url, headers=HX).status_code in (200, 303), ascii_url
    response = client.get(template.format(digits), headers=HX)
    assert response.status_code == 400, template
