"""A widget's parameters, declared once: name, kind, bounds, default, label and help.

From a widget's tuple of :class:`Param` come its URL keys and defaults, its parser's checks and
messages (through :mod:`grundy.widgets.params`), the bounds its form shows, and its row in the
README's table of widget keys (:func:`readme_table`; a test keeps the README equal to it).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from grundy.i18n import N_
from grundy.widgets import params as p

Kind = Literal["int", "choice", "flag", "hide", "int-list", "int-set", "text"]


@dataclass(frozen=True, slots=True)
class Param:
    """One query key of a widget. ``hi`` is the widest bound; a parser may narrow it from another
    parameter (a step within the table's length), never widen it."""

    name: str
    kind: Kind
    label: str  # names the parameter in messages: N_("The largest heap"), said with _(label)
    default: str = ""  # "" for an optional number (blank means none)
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()
    max_items: int = 0
    help: str = ""  # what the README says beyond the bounds (marked with N_ too)
    applies_when: tuple[str, str] | None = None  # (key, value): read only then (Bash's m when rule=bash)
    labels: tuple[str, ...] = ()  # a choice's words in a menu, one per choice (none: the keys)

    @property
    def options(self) -> list[tuple[str, str]]:
        """A choice's (key, label) pairs, for a menu."""
        return list(zip(self.choices, self.labels or self.choices, strict=True))

    def whole(self, args: Mapping[str, str], *, hi: int | None = None) -> int:
        default = int(self.default) if self.default else None
        return p.int_param(args, self.name, lo=self.lo, hi=self.hi if hi is None else hi, default=default,
                           label=self.label)

    def optional_whole(self, args: Mapping[str, str], *, hi: int | None = None, label: str | None = None) -> int | None:
        return p.optional_int_param(args, self.name, lo=self.lo, hi=self.hi if hi is None else hi,
                                    label=label or self.label)

    def choice(self, args: Mapping[str, str]) -> str:
        return p.choice_param(args, self.name, self.choices, default=self.default, label=self.label)

    def flag(self, args: Mapping[str, str]) -> bool:
        return p.hide_param(args) if self.kind == "hide" else p.flag_param(args, self.name, label=self.label)

    def int_list(self, args: Mapping[str, str], *, default: str | None = None) -> list[int]:
        return p.int_list_param(args, self.name, lo=self.lo, hi=self.hi, min_items=1, max_items=self.max_items,
                                default=self.default if default is None else default, label=self.label)

    def int_set(self, args: Mapping[str, str]) -> frozenset[int]:
        return p.int_set_param(args, self.name, lo=self.lo, hi=self.hi, max_items=self.max_items,
                               default=self.default, label=self.label)

    @property
    def bounds(self) -> str:
        """The bounds as the README and the forms write them: "0–300", "≤ 10 numbers ≤ 100"."""
        if self.kind == "int":
            return f"{self.lo}–{_number(self.hi)}"
        if self.kind == "choice":
            return ", ".join(self.choices)
        if self.kind in ("int-list", "int-set"):
            top = _number(self.hi)
            return f"≤ {self.max_items} numbers {top if top.startswith('below') else '≤ ' + top}"
        return ""

    def readme(self) -> str:
        inside = "; ".join(part for part in (self.bounds, self.help) if part)
        return f"`{self.name}` ({inside})" if inside else f"`{self.name}`"


def _number(n: int) -> str:
    digits = len(str(n))
    if n >= 10**6 and n == 10 ** (digits - 1):
        return f"10^{digits - 1}"
    if n >= 10**6 and n + 1 == 10**digits:
        return f"below 10^{digits}"
    return f"{n:,}"


def keys(params: Sequence[Param]) -> tuple[str, ...]:
    return tuple(q.name for q in params)


def defaults(params: Sequence[Param]) -> dict[str, str]:
    return {q.name: q.default for q in params}


def by_name(params: Sequence[Param]) -> dict[str, Param]:
    return {q.name: q for q in params}


# ---------------------------------------------------------------- parameters several widgets share


def step(hi: int, label: str = N_("The step (cells filled)"),
         help: str = N_("start stepping with this many cells filled")) -> Param:
    return Param("step", "int", label, lo=0, hi=hi, help=help)


HIDE = Param("hide", "hide", p.HIDE_LABEL, help=N_("0: while stepping, show everything and mark the step"))
SG = Param("sg", "flag", N_("Show SG values"), help=N_("1 shows SG values"))


def readme_table(widgets: Sequence[tuple[str, Sequence[Param]]]) -> str:
    """The README's table of widget keys, one row a widget."""
    rows = ["| widget | keys |", "| --- | --- |"]
    rows += [f"| `{name}` | {', '.join(q.readme() for q in params)} |" for name, params in widgets]
    return "\n".join(rows)


__all__ = ["HIDE", "SG", "Param", "by_name", "defaults", "keys", "readme_table", "step"]
