"""Plotly figures built in Python and handed to the page as JSON (the vendored plotly.js draws them).

Their words (legend, hover text, axis titles) are said with ``_`` as each figure is built, in the
request's language. Nothing here is kept between requests; the response memo that keeps whole
answers (grundy.web.delivery) is keyed by the language prefix too, so an English reader never gets
a Chinese figure."""
from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go

from grundy.games import wythoff
from grundy.i18n import _

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
    data = [*_pairs([wythoff.p_position(k) for k in ks]), *_golden_lines(span)]
    annotations = []
    if a <= span and b <= span:
        is_p = wythoff.is_p(a, b)
        # hover templates are Plotly's (%{x}); gettext without arguments leaves them as they are
        data.append({"hovertemplate": _("your position (%{x}, %{y})") + "<extra></extra>",
                     "marker": {"color": "#b4236b" if is_p else N_COLOUR, "line": {"color": "#222", "width": 1.5},
                                "size": 18, "symbol": "star"},
                     "mode": "markers", "name": _("you: (%(a)s, %(b)s), %(outcome)s", a=a, b=b, outcome="P" if is_p else "N"),
                     "x": [a], "y": [b],
                     "type": "scatter"})
        # each arrow starts at the star's edge (its radius is 9 px), not its centre, which it hid
        annotations = [{"arrowcolor": "#b4236b", "arrowhead": 2, "arrowsize": 1, "arrowwidth": 2.5, "ax": a, "axref": "x",
                        "ay": b, "ayref": "y", "showarrow": True, "standoff": 4, "startstandoff": 12, "text": "", "x": x, "xref": "x",
                        "y": y, "yref": "y"}
                       for x, y in moves]
    return _finish(data, span, annotations)


def wythoff_steps_figure(span: int, pairs: list[tuple[int, int]], current: int | None, *, lines: bool) -> dict[str, Any]:
    """The P-positions found so far while a class builds them one k at a time: ``pairs`` in
    order, ``current`` (an index into them) ringed, the golden lines only when ``lines``."""
    data = _pairs(pairs) + (_golden_lines(span) if lines else [])
    if current is not None:
        a, b = pairs[current]
        data.append({"hoverinfo": "skip", "marker": {"color": "#b4236b", "line": {"width": 3}, "size": 22,
                                                     "symbol": "circle-open"},
                     "mode": "markers", "name": _("just found: (%(a)s, %(b)s)", a=a, b=b), "x": [a, b], "y": [b, a], "type": "scatter"})
    return _finish(data, span, [])


def _pairs(pairs: list[tuple[int, int]]) -> list[dict[str, Any]]:
    hover = _("P-position (%{x}, %{y})") + "<extra></extra>"
    return [
        {"hovertemplate": hover, "marker": {"color": P_COLOUR, "size": 9, "symbol": "circle"},
         "mode": "markers", "name": _("P-positions (aₖ, bₖ)"), "x": [p[0] for p in pairs], "y": [p[1] for p in pairs],
         "type": "scatter"},
        {"hovertemplate": hover,
         "marker": {"color": P_COLOUR, "line": {"width": 2}, "size": 9, "symbol": "circle-open"},
         "mode": "markers", "name": _("their mirror images"), "x": [p[1] for p in pairs], "y": [p[0] for p in pairs],
         "type": "scatter"},
    ]


def _golden_lines(span: int) -> list[dict[str, Any]]:
    return [
        {"hoverinfo": "skip", "line": {"color": "#888", "dash": "dash", "width": 1}, "mode": "lines", "name": "y = φx",
         "x": [0, span / PHI], "y": [0, span], "type": "scatter"},
        {"hoverinfo": "skip", "line": {"color": "#888", "dash": "dot", "width": 1}, "mode": "lines", "name": "y = x/φ",
         "x": [0, span], "y": [0, span / PHI], "type": "scatter"},
    ]


def _finish(data: list[dict[str, Any]], span: int, annotations: list[dict[str, Any]]) -> dict[str, Any]:
    """The shared layout (same range on both axes, transparent so dark mode works). The figure is
    plain data, written as plotly.py writes it: tests/test_plots.py holds every figure equal to
    plotly.py's own validated build (validating each request cost 85% of the widget's time)."""
    layout: dict[str, Any] = {
        "font": {"color": "#888", "size": 13},
        "height": 520,
        "legend": {"font": {"size": 12}, "orientation": "h", "x": 0, "y": -0.14, "yanchor": "top"},
        "margin": {"b": 110, "l": 45, "r": 10, "t": 10},
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
        "xaxis": {"constrain": "domain", "gridcolor": "rgba(128,128,128,0.2)", "range": [-0.5, span + 0.5],
                  "title": {"text": _("pile a")}, "zeroline": False},
        "yaxis": {"gridcolor": "rgba(128,128,128,0.2)", "range": [-0.5, span + 0.5], "title": {"text": _("pile b")},
                  "zeroline": False},  # same range on both axes; no forced aspect, which squashed narrow plots
    }
    if annotations:
        layout["annotations"] = annotations
    return {"data": data, "layout": layout}


def validated(figure: dict[str, Any]) -> dict[str, Any]:
    """``figure`` as plotly.py builds and validates it (for the tests: the plain data above must
    come back unchanged)."""
    result: dict[str, Any] = json.loads(go.Figure(figure).to_json())
    result["layout"].pop("template", None)  # plotly.py's default theme: 10 KB the page does not need
    return result
