"""The Wythoff plots are plain data built without plotly.py's per-call validation (it was 85% of
the widget's time); here every kind of figure must equal plotly.py's own validated build of it."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import plots
from grundy.games import wythoff


def same(figure: dict) -> bool:  # type: ignore[type-arg]
    return json.dumps(figure, sort_keys=True) == json.dumps(plots.validated(figure), sort_keys=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 60), st.integers(0, 60), st.integers(10, 200))
def test_the_position_plot_is_what_plotly_would_build(a: int, b: int, span: int) -> None:
    moves = [m.after for m in wythoff.winning_moves(a, b)]
    assert same(plots.wythoff_figure(a, b, span, moves))


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 12), st.booleans(), st.integers(20, 200))
def test_the_stepping_plot_is_what_plotly_would_build(count: int, lines: bool, span: int) -> None:
    pairs = [wythoff.p_position(k) for k in range(count)]
    assert same(plots.wythoff_steps_figure(span, pairs, count - 1, lines=lines))
    assert same(plots.wythoff_steps_figure(span, pairs, None, lines=lines))
