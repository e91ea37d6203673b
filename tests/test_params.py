"""Parameter parsing: typed, bounded values, or a message that names the input."""
import pytest

from grundy.widgets.params import (
    BadParameter,
    choice_param,
    flag_param,
    int_param,
    int_set_param,
    reject_unknown,
)


def test_int_param_accepts_bounds_and_default() -> None:
    assert int_param({"n": " 7 "}, "n", lo=0, hi=9, default=None, label="n") == 7
    assert int_param({}, "n", lo=0, hi=9, default=3, label="n") == 3
    # A browser sends a number field blank when what was typed was not a number: say so.
    with pytest.raises(BadParameter, match="n is empty: give a whole number from 0 to 9."):
        int_param({"n": " "}, "n", lo=0, hi=9, default=3, label="n")


@pytest.mark.parametrize(
    "raw, message",
    [
        ("-1", "from 0 to 9; got -1"),
        ("10", "from 0 to 9; got 10"),
        ("x", "whole number from 0 to 9; got 'x'"),
        ("1.5", "got '1.5'"),
        ("9" * 5000, "whole number"),  # never parsed: too long to be in range
    ],
)
def test_int_param_rejects(raw: str, message: str) -> None:
    with pytest.raises(BadParameter, match=message):
        int_param({"n": raw}, "n", lo=0, hi=9, default=None, label="n")


def test_int_set_param() -> None:
    parse = lambda raw: int_set_param({"s": raw}, "s", lo=1, hi=100, max_items=3, default="1", label="S")
    assert parse("1, 3,4") == frozenset({1, 3, 4})
    assert parse("4,4,1") == frozenset({1, 4})
    assert parse("1 3 4") == parse("1,3,4,") == parse(" 1 , 3 ,4 ") == frozenset({1, 3, 4})
    for raw, message in [("1,,x", "empty item"), ("1,x", "'x' is not one"), ("0,1", "got 0"),
                         ("1,2,3,4", "at most 3"), ("1,,", "empty item"), (",1", "empty item")]:
        with pytest.raises(BadParameter, match=message):
            parse(raw)


def test_choice_and_flag() -> None:
    assert choice_param({"r": "b"}, "r", ("a", "b"), default="a", label="rule") == "b"
    with pytest.raises(BadParameter, match="Unknown rule 'z': choose a or b"):
        choice_param({"r": "z"}, "r", ("a", "b"), default="a", label="rule")
    assert flag_param({"f": "on"}, "f", label="f") is True
    assert flag_param({}, "f", label="f") is False
    with pytest.raises(BadParameter, match="switch"):
        flag_param({"f": "maybe"}, "f", label="f")


def test_reject_unknown_names_the_key() -> None:
    with pytest.raises(BadParameter, match="no parameter 'upt'"):
        reject_unknown({"upt": "3"}, ("upto",), widget="pn-table")


def test_the_readmes_widget_table_is_the_one_the_specs_give() -> None:
    """The README's table of widget keys comes from the widgets' declared parameters: a bound
    changed in a spec and not in the README (or the other way round) fails here."""
    from pathlib import Path

    from grundy.widgets import readme_table

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert readme_table() in readme


def test_every_widget_declares_exactly_the_keys_its_form_and_parser_use() -> None:
    from grundy.widgets import WIDGETS

    for widget in WIDGETS.values():
        assert widget.keys == tuple(p.name for p in widget.params)
        assert len(set(widget.keys)) == len(widget.keys), widget.name
        widget.parse(widget.defaults)  # the declared defaults are a valid state
