"""What a widget is: a typed parser, a view and a template, with its parameters declared."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from grundy.widgets.spec import Param, defaults, keys


class Stepping(Protocol):
    """Parameters of a widget that steps through its content."""

    @property
    def step(self) -> int | None: ...


class Staging(Protocol):
    """Parameters of a widget that reveals in named stages, hidden until reached (projection)."""

    @property
    def step(self) -> int | None: ...

    @property
    def hide(self) -> bool: ...


class Staged:
    """A view revealed in stages (staircase, k-multiple, coins): stage 0 is the position alone,
    later stages add the reasoning. ``params.step`` None shows everything; with ``hide`` off a
    stepping view shows everything too, and the step is only marked."""

    __slots__ = ()
    params: Staging

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    def shows(self, stage: int) -> bool:
        """Whether ``stage`` is on screen."""
        p = self.params
        return p.step is None or not p.hide or stage <= p.step


Params = TypeVar("Params")
View = TypeVar("View")


@dataclass(frozen=True, slots=True)
class Widget(Generic[Params, View]):
    """One widget: its name in URLs and fences, a title, its parameters, and how to build what it
    shows. mypy checks that ``parse``, ``view`` and ``resume_step`` agree on the types."""

    name: str
    title: str
    blurb: str
    params: tuple[Param, ...]
    parse: Callable[[Mapping[str, str]], Params]
    view: Callable[[Params], View]
    # Projected, a settings change while stepping keeps stepping: given the parameters stepped
    # from and the new ones (not stepping), the step to go on from. None: the widget has no
    # ``step`` to keep.
    resume_step: Callable[[Params, Params], int] | None = None
    # The query keys that ask for a step (a step button's name): a request with one of them
    # chose its step, so nothing is carried over.
    step_keys: tuple[str, ...] = ("step",)
    # The query keys its buttons send besides its parameters: a button that stands for a field
    # (a move sends the heaps after it as "use", the heaps field holding those before) or asks
    # for a move ("play"). With ``keys``, every key the widget reads (the fuzz sweeps them all).
    buttons: tuple[str, ...] = ()
    presentable: bool = False  # has a projection view (/present/<name>): an instructor steps through it
    # The key whose 0 is the first step ("n" for the mex stepper: the position being computed).
    # A widget with this key steps; in a lesson it opens there, its answers not yet on the page,
    # unless its fence says why it shows them (``shown: <why>``; see lesson_widget_renderer).
    start_key: str = "step"
    draws_figure: bool = False  # draws a Plotly figure: a page showing it must load plotly.js

    @property
    def keys(self) -> tuple[str, ...]:
        return keys(self.params)

    @property
    def defaults(self) -> dict[str, str]:
        return defaults(self.params)

    @property
    def steps(self) -> bool:
        """Whether the widget reveals its content step by step (and has a Show all)."""
        return self.start_key in self.keys

    @property
    def template(self) -> str:
        return f"widgets/{self.name}.html"

    def form_values(self, args: Mapping[str, str]) -> dict[str, str]:
        """What the form shows: the learner's own text (even when wrong), else the defaults."""
        return {key: args.get(key, self.defaults.get(key, "")) for key in self.keys}


__all__ = ["Widget"]
