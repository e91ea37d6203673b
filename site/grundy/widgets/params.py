"""Query parameters → typed, bounded values, or one error naming what was wrong.

Every widget reads its state through these helpers, both from a URL's query string and from the
``key: value`` lines of a lesson's widget fence, so the two can never disagree.

Each message is one whole sentence for the catalogue, with the parameter's label said in the
reader's language (``_(label)``: labels are marked with ``N_`` where they are declared). Outside a
request (lesson fences checked at start-up) the messages are English.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from grundy.i18n import N_, _
from grundy.marks import quoted
from grundy.numerals import foreign_digit, is_negative, read_whole, unbracketed
from grundy.words import either


class BadParameter(ValueError):
    """A parameter that cannot be used; ``name`` is the parameter, the message says why."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name
        self.message = message


HIDE_LABEL = N_("Hide until revealed")  # the hide switch's name in messages (spec.HIDE's label)


def _shown(raw: str) -> str:
    return quoted(raw, 40)


def shown(raw: str, most: int = 40) -> str:
    """What the reader typed, quoted for a message, without escapes (:func:`grundy.marks.quoted`)."""
    return quoted(raw, most)


def refuse_negative(name: str, raw: str, label: str) -> None:
    """A number below 0 typed where whole numbers ≥ 0 are read is refused as such (非负整数),
    not as "not a whole number"."""
    if is_negative(raw):
        raise BadParameter(name, _("%(label)s must be a whole number ≥ 0; got %(got)s.", label=_(label),
                                   got=raw if len(raw) <= 40 else raw[:40] + "…"))


def refuse_foreign_digits(args: Mapping[str, str], labels: Mapping[str, str]) -> None:
    """A digit of another script in any of a widget's fields (``labels``: each key's label) is
    refused with why: numbers are written with 0–9. (Full-width ３ is no such digit: the route
    read the fields with :func:`grundy.numerals.typed`, which made it 3.)"""
    for key, label in labels.items():
        digit = foreign_digit(args.get(key, ""))
        if digit is not None:
            raise BadParameter(key, _("%(label)s: %(got)s has %(digit)s in it; write numbers with the digits 0 to 9.",
                                      label=_(label), got=_shown(args[key]), digit=quoted(digit)))


def int_param(
    args: Mapping[str, str], name: str, *, lo: int, hi: int, default: int | None, label: str
) -> int:
    """A whole number in lo..hi. Missing means ``default``; present but blank is an error (a
    browser sends a number field blank when what was typed in it was not a number)."""
    raw = args.get(name, "").strip()
    if raw == "" and name in args and default is not None:
        raise BadParameter(name, _("%(label)s is empty: give a whole number from %(lo)s to %(hi)s.",
                                   label=_(label), lo=lo, hi=hi))
    if raw == "":
        if default is None:
            raise BadParameter(name, _("%(label)s is missing: give a whole number from %(lo)s to %(hi)s.",
                                       label=_(label), lo=lo, hi=hi))
        return default
    value = read_whole(raw, signed=True, max_digits=12)
    if value is None:
        raise BadParameter(name, _("%(label)s must be a whole number from %(lo)s to %(hi)s; got %(got)s.",
                                   label=_(label), lo=lo, hi=hi, got=_shown(raw)))
    if value < 0 == lo:  # said as a whole number ≥ 0 (非负整数)
        raise BadParameter(name, _("%(label)s must be a whole number from 0 to %(hi)s; got %(value)s.",
                                   label=_(label), hi=hi, value=value))
    if not lo <= value <= hi:
        raise BadParameter(name, _("%(label)s must be from %(lo)s to %(hi)s; got %(value)s.",
                                   label=_(label), lo=lo, hi=hi, value=value))
    return value


def optional_int_param(
    args: Mapping[str, str], name: str, *, lo: int, hi: int, label: str
) -> int | None:
    """Like :func:`int_param`, but a missing or blank value is None."""
    if args.get(name, "").strip() == "":
        return None
    return int_param(args, name, lo=lo, hi=hi, default=None, label=label)


def choice_param(
    args: Mapping[str, str], name: str, choices: Sequence[str], *, default: str, label: str
) -> str:
    """One of ``choices``; missing or blank means ``default``."""
    raw = args.get(name, "").strip()
    if raw == "":
        return default
    if raw not in choices:
        raise BadParameter(name, _("Unknown %(label)s %(got)s: choose %(choices)s.",
                                   label=_(label), got=_shown(raw), choices=either(choices)))
    return raw


def flag_param(args: Mapping[str, str], name: str, *, label: str) -> bool:
    """A yes/no switch: 1/on/true/yes, or 0/off/false/no/blank."""
    raw = args.get(name, "").strip().lower()
    if raw in ("", "0", "off", "false", "no"):
        return False
    if raw in ("1", "on", "true", "yes"):
        return True
    raise BadParameter(name, _("%(label)s is a switch: use 1 or 0; got %(got)s.", label=_(label), got=_shown(raw)))


def hide_param(args: Mapping[str, str]) -> bool:
    """Whether stepping hides what it has not reached yet (``hide``, on unless 0). Hiding is the
    default so a class can guess each cell first; ``hide=0`` shows everything and marks the step."""
    if args.get("hide", "").strip() == "":
        return True
    return flag_param(args, "hide", label=HIDE_LABEL)


def apply_overrides(args: Mapping[str, str], overrides: Mapping[str, str]) -> dict[str, str]:
    """A button's key in place of the field it sets: a form can carry a field hidden (the step,
    the cell) and a button that changes it, and the button wins."""
    merged = dict(args)
    for button, field in overrides.items():
        if button in merged:
            merged[field] = merged.pop(button)
    return merged


def hide_query(hide: bool) -> dict[str, str]:
    """The URL field for :func:`hide_param`: nothing for the default, ``hide=0`` otherwise."""
    return {} if hide else {"hide": "0"}


def int_list_param(
    args: Mapping[str, str], name: str, *, lo: int, hi: int, min_items: int, max_items: int, default: str, label: str
) -> list[int]:
    """An ordered list of whole numbers separated by commas or spaces, such as ``1, 3, 4`` or
    ``1 3 4`` (repeats allowed), in brackets or not; a trailing comma is forgiven, an empty item
    between two commas is not."""
    raw = args.get(name, "").strip()
    if raw == "" and name in args:
        raise BadParameter(name, _("%(label)s is empty: write numbers separated by commas, like %(example)s.",
                                   label=_(label), example=default))
    raw = unbracketed(raw or default).strip()  # (3, 5) is 3, 5
    raw = raw[:-1].rstrip() if raw.endswith(",") else raw
    items = [item.strip() for item in re.split(r"\s*,\s*|\s+", raw)]
    if any(item == "" for item in items):
        raise BadParameter(name, _("%(label)s has an empty item in %(got)s: write numbers separated by single "
                                   "commas, like %(example)s.", label=_(label), got=_shown(raw), example=default or "1,3,4"))
    if len(items) > max_items:
        raise BadParameter(name, _too_many(label, max_items, len(items)))
    if len(items) < min_items:
        if min_items == 1:
            raise BadParameter(name, _("%(label)s needs at least 1 number.", label=_(label)))
        raise BadParameter(name, _("%(label)s needs at least %(least)s numbers.", label=_(label), least=min_items))
    digits = len(str(hi))
    # The top bound as written: 1,000; 10^9; or (for 10^9 − 1 and the like) below 10^9.
    below = hi >= 10**9 and hi != 10 ** (digits - 1)
    top = f"{hi:,}" if hi < 10**9 else f"10^{digits - 1}" if not below else f"10^{digits}"
    values = []
    for item in items:
        value = read_whole(item, signed=True, max_digits=digits + 1)
        if value is not None and value < 0 == lo:  # said as whole numbers ≥ 0 (非负整数)
            raise BadParameter(name, _("%(label)s must list whole numbers ≥ 0; got %(value)s.", label=_(label), value=value))
        if value is None:
            if below:
                raise BadParameter(name, _("%(label)s must list whole numbers from %(lo)s to below %(hi)s; %(got)s is "
                                           "not one.", label=_(label), lo=lo, hi=top, got=_shown(item)))
            raise BadParameter(name, _("%(label)s must list whole numbers from %(lo)s to %(hi)s; %(got)s is not one.",
                                       label=_(label), lo=lo, hi=top, got=_shown(item)))
        if not lo <= value <= hi:
            if below:
                raise BadParameter(name, _("%(label)s must list whole numbers from %(lo)s to below %(hi)s; got "
                                           "%(value)s.", label=_(label), lo=lo, hi=top, value=value))
            raise BadParameter(name, _("%(label)s must list whole numbers from %(lo)s to %(hi)s; got %(value)s.",
                                       label=_(label), lo=lo, hi=top, value=value))
        values.append(value)
    return values


def _too_many(label: str, most: int, count: int) -> str:
    return str(_("%(label)s may hold at most %(most)s numbers; got %(count)s.", label=_(label), most=most, count=count))


def int_set_param(
    args: Mapping[str, str], name: str, *, lo: int, hi: int, max_items: int, default: str, label: str
) -> frozenset[int]:
    """A set of whole numbers written like a list (see :func:`int_list_param`); repeats collapse."""
    values = frozenset(
        int_list_param(args, name, lo=lo, hi=hi, min_items=1, max_items=10 * max_items, default=default, label=label)
    )
    if len(values) > max_items:
        raise BadParameter(name, _too_many(label, max_items, len(values)))
    return values


def reject_unknown(args: Mapping[str, str], known: Sequence[str], *, widget: str) -> None:
    """Lesson fences are strict: a key the widget does not know is a typo worth reporting."""
    for key in args:
        if key not in known:
            raise BadParameter(key, _("%(widget)s has no parameter %(key)s; it takes %(keys)s.",
                                      widget=widget, key=repr(key), keys=", ".join(known)))
