"""Plotly figures built in Python and handed to the page as JSON (the vendored plotly.js draws them)."""
from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go

from grundy.games import wythoff

PHI = (1 + 5**0.5) / 2  # for drawing the lines y = φx and y = x/φ only; every verdict is exact
P_COLOUR = "#2f6fc2"
N_COLOUR = "#d9822b"


def wythoff_figure(a: int, b: int, span: int, moves: list[tuple[int, int]]) -> dict[str, Any]:
    """P-positions (a_k, b_k) and their mirror images up to ``span``, the golden lines, the
    learner's position and arrows for every winning move."""
    ks = []
    k = 0
    while wythoff.p_position(k)[1] <= span:
        ks.append(k)
        k += 1
    fig = go.Figure()
    _add_pairs(fig, [wythoff.p_position(k) for k in ks])
    _add_golden_lines(fig, span)
    if a <= span and b <= span:
        is_p = wythoff.is_p(a, b)
        fig.add_trace(go.Scatter(x=[a], y=[b], mode="markers", name=f"you: ({a}, {b}), {'P' if is_p else 'N'}",
                                 marker={"size": 18, "symbol": "star", "color": "#b4236b" if is_p else N_COLOUR,
                                         "line": {"width": 1.5, "color": "#222"}},
                                 hovertemplate="your position (%{x}, %{y})<extra></extra>"))
        for x, y in moves:
            fig.add_annotation(x=x, y=y, ax=a, ay=b, xref="x", yref="y", axref="x", ayref="y", showarrow=True,
                               arrowhead=2, arrowsize=1.4, arrowwidth=3, arrowcolor="#b4236b", text="")
    return _finish(fig, span)


def wythoff_steps_figure(span: int, pairs: list[tuple[int, int]], current: int | None, *, lines: bool) -> dict[str, Any]:
    """The P-positions found so far while a class builds them one k at a time: ``pairs`` in
    order, ``current`` (an index into them) ringed, the golden lines only when ``lines``."""
    fig = go.Figure()
    _add_pairs(fig, pairs)
    if lines:
        _add_golden_lines(fig, span)
    if current is not None:
        a, b = pairs[current]
        fig.add_trace(go.Scatter(x=[a, b], y=[b, a], mode="markers", name=f"just found: ({a}, {b})",
                                 marker={"size": 22, "symbol": "circle-open", "color": "#b4236b", "line": {"width": 3}},
                                 hoverinfo="skip"))
    return _finish(fig, span)


def _add_pairs(fig: go.Figure, pairs: list[tuple[int, int]]) -> None:
    fig.add_trace(go.Scatter(x=[p[0] for p in pairs], y=[p[1] for p in pairs], mode="markers",
                             name="P-positions (aₖ, bₖ)", marker={"size": 9, "color": P_COLOUR, "symbol": "circle"},
                             hovertemplate="P-position (%{x}, %{y})<extra></extra>"))
    fig.add_trace(go.Scatter(x=[p[1] for p in pairs], y=[p[0] for p in pairs], mode="markers",
                             name="their mirror images", marker={"size": 9, "color": P_COLOUR, "symbol": "circle-open",
                                                                  "line": {"width": 2}},
                             hovertemplate="P-position (%{x}, %{y})<extra></extra>"))


def _add_golden_lines(fig: go.Figure, span: int) -> None:
    fig.add_trace(go.Scatter(x=[0, span / PHI], y=[0, span], mode="lines", name="y = φx",
                             line={"color": "#888", "dash": "dash", "width": 1}, hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=[0, span], y=[0, span / PHI], mode="lines", name="y = x/φ",
                             line={"color": "#888", "dash": "dot", "width": 1}, hoverinfo="skip"))


def _finish(fig: go.Figure, span: int) -> dict[str, Any]:
    """The shared layout (same range on both axes, transparent so dark mode works), as JSON data."""
    fig.update_layout(
        margin={"l": 45, "r": 10, "t": 10, "b": 110},
        height=520,
        paper_bgcolor="rgba(0,0,0,0)",
        plot_bgcolor="rgba(0,0,0,0)",
        font={"color": "#888", "size": 13},
        legend={"orientation": "h", "x": 0, "y": -0.14, "yanchor": "top", "font": {"size": 12}},
        xaxis={"title": {"text": "pile a"}, "range": [-0.5, span + 0.5], "gridcolor": "rgba(128,128,128,0.2)",
               "zeroline": False, "constrain": "domain"},
        yaxis={"title": {"text": "pile b"}, "range": [-0.5, span + 0.5], "gridcolor": "rgba(128,128,128,0.2)",
               "zeroline": False},  # same range on both axes; no forced aspect, which squashed narrow plots
    )
    result: dict[str, Any] = json.loads(fig.to_json())
    result["layout"].pop("template", None)  # plotly.py's default theme: 10 KB the page does not need
    return result
