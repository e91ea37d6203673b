"""Widgets: each is a parser (query → typed parameters), an engine call (→ a view) and a
fragment template. This package knows no Flask; the web layer and the lesson renderer both use
:data:`WIDGETS` to turn parameters into a template and its context.
"""
from __future__ import annotations

from typing import Any

from grundy.widgets import (
    boxes,
    coin_row,
    every_sg,
    game_sum,
    graph,
    grid,
    k_multiple,
    k_table,
    mex_steps,
    misere_table,
    octal_sequence,
    period,
    pn_table,
    ring,
    spec,
    staircase,
    take_away,
    wythoff_plot,
    xor_columns,
)
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter


WIDGETS: dict[str, Widget[Any, Any]] = {
    w.name: w for w in (pn_table.WIDGET, mex_steps.WIDGET, take_away.WIDGET, xor_columns.WIDGET, period.WIDGET,
                        grid.WIDGET, game_sum.WIDGET, wythoff_plot.WIDGET, misere_table.WIDGET,
                        ring.WIDGET, every_sg.WIDGET, staircase.WIDGET, boxes.WIDGET, k_multiple.WIDGET,
                        k_table.WIDGET, coin_row.WIDGET, octal_sequence.WIDGET, graph.WIDGET)
}


def readme_table() -> str:
    """The README's table of widget keys, from the widgets' declared parameters."""
    return spec.readme_table([(w.name, w.params) for w in WIDGETS.values()])


__all__ = ["WIDGETS", "BadParameter", "Widget", "readme_table"]
