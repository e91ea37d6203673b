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


def test_a_position_beyond_the_plot_keeps_the_plot_and_says_so(client) -> None:
    """Issue 14, fix 7: the plot vanished when the position lay outside it."""
    page = client.get("/w/wythoff?a=1000&b=1618").get_data(as_text=True)
    assert 'class="plot" data-figure=' in page and "lies beyond the plot, which shows piles up to 25" in page
    near = client.get("/w/wythoff?a=5&b=8").get_data(as_text=True)
    assert "lies beyond the plot" not in near and "with your position (5, 8)" in near


def test_the_move_arrows_start_at_the_stars_edge() -> None:
    from grundy.games import wythoff
    from grundy.plots import wythoff_figure

    figure = wythoff_figure(5, 8, 25, [m.after for m in wythoff.winning_moves(5, 8)])
    arrows = figure["layout"]["annotations"]
    assert arrows and all(a["startstandoff"] > 9 for a in arrows)  # the star's radius is 9 px
