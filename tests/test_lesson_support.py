"""The shared lesson helpers can fail: a false formula, or one the lesson does not write."""
from __future__ import annotations

import pytest

from tests import lesson_code


@pytest.mark.parametrize("tex", [r"45 \oplus 45 = 0", r"10^9 < 2^{30}", r"3 \oplus 4 = 7 > 5", r"100 \bmod 11 = 1",
                                 r"5 \times 10^{18} < 2^{63}", r"15{,}000 = 1000 \times 15"])
def test_true_formulas_pass(tex: str) -> None:
    lesson_code.check_formula(tex)


@pytest.mark.parametrize("tex", [r"45 \oplus 45 = 1", r"2^{30} < 10^9", r"3 \oplus 4 = 7 > 8", r"x = 1", r"011 \oplus 1 = 2"])
def test_false_or_unreadable_formulas_fail(tex: str) -> None:
    with pytest.raises(AssertionError):
        lesson_code.check_formula(tex)


def test_a_formula_must_stand_on_its_own_in_the_lesson() -> None:
    text = r"we get \(2 \oplus 1 \oplus 1 \oplus 2 = 0\), and \(2 \oplus 1 = 3\)."
    assert not lesson_code._whole_formula(text, r"1 \oplus 2 = 0")  # the tail of a longer formula
    assert lesson_code._whole_formula(text, r"2 \oplus 1 = 3")
    lesson = lesson_code.Lesson("04-nim.md")
    lesson.states(r"45 \oplus 45 = 0")
    with pytest.raises(AssertionError):
        lesson.states(r"45 \oplus 46 = 3")  # true, but the lesson does not say it


def test_a_formula_must_stand_in_the_chinese_twin_too() -> None:
    """The facts tests run on both languages: a formula the English states and the Chinese twin
    lost (or changed) fails."""
    lesson = lesson_code.Lesson("04-nim.md")
    assert "zh" in lesson.twins
    lesson.states(r"45 \oplus 45 = 0")
    lesson.twins["zh"] = lesson.twins["zh"].replace(r"45 \oplus 45 = 0", r"45 \oplus 45 = 00")
    with pytest.raises(AssertionError, match="zh twin"):
        lesson.states(r"45 \oplus 45 = 0")
