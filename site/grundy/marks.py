"""Words the engine leaves to be said, with nothing to import: the engine marks its English for
the catalogue and stays free of Flask (tests/test_engine_isolation.py); the edge says it in the
reader's language (``grundy.words``, ``grundy.i18n``).

- :func:`N_` marks a message for the extractor without translating it; :func:`NP_` marks one
  with a context, where the same English is said otherwise elsewhere ("a heap" names a number
  in an error, and a heap's stones in practice).
- A :class:`Phrase` (:func:`phrase`, :func:`nphrase` for a plural) is a message and the values of its named placeholders (``%(n)s``, or
  ``%(got)r`` for a value quoted as typed): a move's words, an error's message. ``str()`` is
  English; :meth:`Phrase.say` says it with a language's catalogue (gettext's API), so Chinese may
  reorder the placeholders and the engine holds no sentence but its English.
- A value that is itself words is said in the same language: a :class:`Phrase`, a
  :class:`Listing` (its items joined as the language joins a list) or a :class:`GameName`.
"""
from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for this marker
    """Mark ``message`` for the catalogue without translating it here (babel extracts N_)."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 - N_ with pgettext's context
    """Mark ``message`` in ``context`` for the catalogue (babel.cfg extracts ``NP_:1c,2``); the
    code that says it passes the same context to :class:`Phrase`."""
    return message


class Catalogue(Protocol):
    """What saying a message needs from a language's catalogue: gettext's own methods."""

    def gettext(self, message: str, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


# English is the engine's own words: no catalogue translates them (the command line says these).
ENGLISH: Catalogue = gettext.NullTranslations()
SEPARATOR = N_(", ")  # between the items of a list: "1, 2, 4"; Chinese writes 1、2、4
AND = N_("%(items)s and %(last)s")  # a list's last item: "1, 2 and 4" (Listing's ``last``)
OR = N_("%(items)s or %(last)s")  # a choice's: "bash, set or fibonacci"
# A list of clauses ("2 from heap 1, 3 from heap 2 and 1 from heap 3"), which Chinese separates
# with "，": Listing(…, last=AND, context=CLAUSES).
CLAUSES = "between clauses"
_CLAUSES_MARKED = (NP_("between clauses", ", "), NP_("between clauses", "%(items)s and %(last)s"))


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message to be said in some language: its English (a msgid marked where it is written),
    the values of its placeholders, and optionally gettext's context or a plural form chosen by
    ``count`` (``ngettext``: "turn over coin 1" / "turn over coins 1, 2")."""

    message: str
    params: Mapping[str, object] = field(default_factory=dict)
    context: str | None = None
    plural: str | None = None
    count: int = 1

    def say(self, catalogue: Catalogue = ENGLISH) -> str:
        """The message in ``catalogue``'s language, its placeholders filled (their values said
        in the same language)."""
        c = self.context
        if self.plural is not None:
            template = (catalogue.npgettext(c, self.message, self.plural, self.count) if c is not None
                        else catalogue.ngettext(self.message, self.plural, self.count))
        else:
            template = catalogue.pgettext(c, self.message) if c is not None else catalogue.gettext(self.message)
        return fill(template, self.params, catalogue) if self.params else template

    def __str__(self) -> str:
        return self.say()


def phrase(message: str, /, **params: object) -> Phrase:
    """``phrase(N_("take %(n)s from pile %(pile)s"), n=12, pile=3)``."""
    return Phrase(message, params)


def nphrase(singular: str, plural: str, count: int, /, **params: object) -> Phrase:
    """A message with a plural, chosen by ``count`` as the language counts (ngettext; babel.cfg
    extracts ``nphrase:1,2``): ``nphrase("turn over coin %(coins)s", "turn over coins
    %(coins)s", 2, coins=…)``. Chinese has one form for both."""
    return Phrase(singular, params, plural=plural, count=count)


@dataclass(frozen=True, slots=True)
class Listing:
    """Items said as a list: "1, 2, 4" in English, "1、2、4" in Chinese. ``last`` joins the last
    item to the others (``N_("%(items)s and %(last)s")``: "1, 2 and 4"); ``context`` says the
    separator and ``last`` in gettext's context, for a list of clauses rather than of numbers
    (Chinese separates clauses with "，")."""

    items: tuple[object, ...]
    last: str | None = None
    context: str | None = None

    @classmethod
    def of(cls, items: Iterable[object]) -> Listing:
        return cls(tuple(items))

    def say(self, catalogue: Catalogue = ENGLISH) -> str:
        c = self.context
        separator = catalogue.pgettext(c, SEPARATOR) if c is not None else catalogue.gettext(SEPARATOR)
        words = [said(item, catalogue) for item in self.items]
        if self.last is None or len(words) < 2:
            return separator.join(words)
        head = Phrase(self.last, {"items": separator.join(words[:-1]), "last": words[-1]}, c)
        return head.say(catalogue)

    def __str__(self) -> str:
        return self.say()


@dataclass(frozen=True, slots=True)
class GameName:
    """A game named in a message: English, the command line's language, names it by the key a
    reader types (``bash needs --max``); a language with a catalogue by its title as the lessons
    write it (巴什博弈需要 --max)."""

    key: str
    title: str

    def say(self, catalogue: Catalogue = ENGLISH) -> str:
        return catalogue.gettext(self.title) if isinstance(catalogue, gettext.GNUTranslations) else self.key

    def __str__(self) -> str:
        return self.key


def quoted(value: object, most: int | None = None) -> str:
    """A value as the reader typed it, in quotes, for a message (``%(got)r`` says it so): '3 5'.
    Never an escape: a character that cannot be shown (a control or format character, a space
    other than the plain one) shows as �. A text longer than ``most`` characters is cut, with
    "…". What is not text is written as Python writes it (12, [1, 2])."""
    if not isinstance(value, str):
        return repr(value)
    text = value if most is None or len(value) <= most else value[:most] + "…"
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else "\ufffd" for ch in text)
    return f"'{text}'"


def said(value: object, catalogue: Catalogue = ENGLISH) -> str:
    """A placeholder's value in words: said in the catalogue's language if it is words itself."""
    if isinstance(value, (Phrase, Listing, GameName)):
        return value.say(catalogue)
    return str(value)


_PLACEHOLDER = re.compile(r"%\((\w+)\)([sr])|%%")
# A Latin letter or digit, or a Chinese character: the two that take a space between them.
_LATIN, _HAN = 1, 2
# A template cut at its placeholders: (text before, name, "s" or "r", the kind of character just
# before the placeholder and just after it: _LATIN, _HAN or 0), the text after the last one.
Plan = tuple[tuple[tuple[str, str, str, int, int], ...], str]
_AFTER_A_VALUE = -1  # a placeholder right after another: what comes before is that value's last character


def _kind(ch: str) -> int:
    if ch.isascii():
        return _LATIN if ch.isalnum() else 0
    return _HAN if "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" else 0


@lru_cache(maxsize=4096)
def _plan(template: str) -> Plan:
    steps: list[tuple[str, str, str, int, int]] = []
    text, at = "", 0
    for found in _PLACEHOLDER.finditer(template):
        text += template[at:found.start()]
        at = found.end()
        if found.group(1) is None:
            text += "%"
            continue
        before = _kind(text[-1]) if text else _AFTER_A_VALUE if steps else 0
        after = _kind(template[at]) if at < len(template) else 0
        steps.append((text, found.group(1), found.group(2), before, after))
        text = ""
    return tuple(steps), text + template[at:]


def fill(template: str, params: Mapping[str, object], catalogue: Catalogue = ENGLISH) -> str:
    """``template % params``, each value said in ``catalogue``'s language (``%(name)r`` quotes it
    as typed, by :func:`quoted`). Where a value's Latin letters or digits meet the template's
    Chinese characters, a space is put between them, as Chinese typesetting does: "%(what)s必须是整数"
    reads "K 必须是整数" and "堆的大小必须是整数"."""
    steps, tail = _plan(template)
    out: list[str] = []
    for text, name, conversion, before, after in steps:
        out.append(text)
        value = params[name]
        said_value = quoted(value) if conversion == "r" else said(value, catalogue)
        if before == _AFTER_A_VALUE:
            before = _kind(out[-2][-1]) if len(out) > 1 and out[-2] else 0
        if said_value and before and before + _kind(said_value[0]) == _LATIN + _HAN:
            out.append(" ")
        out.append(said_value)
        if said_value and after and after + _kind(said_value[-1]) == _LATIN + _HAN:
            out.append(" ")
    out.append(tail)
    return "".join(out)


__all__ = ["AND", "CLAUSES", "ENGLISH", "OR", "SEPARATOR", "Catalogue", "GameName", "Listing", "NP_", "N_", "Phrase", "fill", "nphrase", "phrase",
           "quoted", "said"]
