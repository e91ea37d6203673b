"""Widgets: each is a parser (query → typed parameters), an engine call (→ a view) and a
fragment template. This package knows no Flask; the web layer and the lesson renderer both use
:data:`WIDGETS` to turn parameters into a template and its context.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from grundy.widgets import mex_steps, pn_table, take_away
from grundy.widgets.params import BadParameter


@dataclass(frozen=True, slots=True)
class Widget:
    """One widget: its name in URLs and fences, a title, and how to build what it shows."""

    name: str
    title: str
    blurb: str
    keys: tuple[str, ...]
    defaults: Mapping[str, str]
    parse: Callable[[Mapping[str, str]], Any]
    view: Callable[[Any], Any]

    @property
    def template(self) -> str:
        return f"widgets/{self.name}.html"

    def form_values(self, args: Mapping[str, str]) -> dict[str, str]:
        """What the form shows: the learner's own text (even when wrong), else the defaults."""
        return {key: args.get(key, self.defaults.get(key, "")) for key in self.keys}


WIDGETS: dict[str, Widget] = {
    w.name: w
    for w in (
        Widget(
            name="pn-table",
            title="P/N table of a take-away game",
            blurb="Choose a rule and a range; the table marks every heap P or N, and Next fills it one heap at a time with the reason.",
            keys=pn_table.KEYS,
            defaults=pn_table.DEFAULTS,
            parse=pn_table.parse,
            view=pn_table.view,
        ),
        Widget(
            name="mex-steps",
            title="The mex, step by step",
            blurb="Watch SG(0), SG(1), … being computed: the options, their values, and the first missing number.",
            keys=mex_steps.KEYS,
            defaults=mex_steps.DEFAULTS,
            parse=mex_steps.parse,
            view=mex_steps.view,
        ),
        Widget(
            name="take-away",
            title="Play a take-away game",
            blurb="Two players share one heap and take turns at one screen; whoever cannot move loses.",
            keys=take_away.KEYS,
            defaults=take_away.DEFAULTS,
            parse=take_away.parse,
            view=take_away.view,
        ),
    )
}

__all__ = ["WIDGETS", "BadParameter", "Widget"]
