"""Widgets: each is a parser (query → typed parameters), an engine call (→ a view) and a
fragment template. This package knows no Flask; the web layer and the lesson renderer both use
:data:`WIDGETS` to turn parameters into a template and its context.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from grundy.widgets import game_sum, grid, mex_steps, period, pn_table, take_away, wythoff_plot, xor_columns
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
    # Projected, a settings change while stepping keeps stepping: given the parameters stepped
    # from and the new ones (not stepping), the step to go on from. None: the widget has no
    # ``step`` to keep.
    resume_step: Callable[[Any, Any], int] | None = None
    # The query keys that ask for a step (a step button's name): a request with one of them
    # chose its step, so nothing is carried over.
    step_keys: tuple[str, ...] = ("step",)

    @property
    def template(self) -> str:
        return f"widgets/{self.name}.html"

    def form_values(self, args: Mapping[str, str]) -> dict[str, str]:
        """What the form shows: the learner's own text (even when wrong), else the defaults."""
        return {key: args.get(key, self.defaults.get(key, "")) for key in self.keys}

    @classmethod
    def from_module(cls, module: ModuleType) -> Widget:
        """A widget module names itself and provides KEYS, DEFAULTS, parse and view."""
        return cls(
            name=module.NAME,
            title=module.TITLE,
            blurb=module.BLURB,
            keys=module.KEYS,
            defaults=module.DEFAULTS,
            parse=module.parse,
            view=module.view,
            resume_step=getattr(module, "resume_step", None),
            # A button that stands in for ``step`` (the grid's "go") asks for a step too.
            step_keys=("step", *(button for button, field in getattr(module, "OVERRIDES", {}).items() if field == "step")),
        )


WIDGETS: dict[str, Widget] = {
    w.name: w for w in map(Widget.from_module, (pn_table, mex_steps, take_away, xor_columns, period, grid, game_sum, wythoff_plot))
}

__all__ = ["WIDGETS", "BadParameter", "Widget"]
