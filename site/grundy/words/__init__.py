"""Words at the edge: the engine describes moves and errors as data, and this package says them.

A language is a catalogue (``grundy.words.en``, and ``grundy.words.zh`` with the same keys), so
translating the site never means editing the engine.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from grundy.games.core import Action, GameError
from grundy.i18n import here as _here
from grundy.words import en, zh

# A format string over the error's params, or a function of them (None: not this catalogue's to
# say, e.g. an error a web layer raised in the reader's words under a code the engine uses too).
ErrorTemplate = str | Callable[[dict[str, object]], str | None]

CATALOGUES = {"en": en.MOVES, "zh": zh.MOVES}
GROUP_CATALOGUES = {"en": en.GROUPS, "zh": zh.GROUPS}
# The engine's errors said in a language other than English, by ``GameError.code``: a format
# string over the error's ``params`` ({name}), or a function of them. English is ``str(error)``,
# which the engine writes itself.
ERROR_CATALOGUES: dict[str, dict[str, ErrorTemplate]] = {"zh": zh.ERRORS}
EITHER: dict[str, Callable[[Iterable[str]], str]] = {"en": en.either, "zh": zh.either}


def here() -> str:
    """The language words are wanted in: the request's (``/zh/…`` is Chinese), else English,
    as on the command line."""
    code = _here()  # grundy.i18n's: the one place the language is found
    return code if code in CATALOGUES else "en"


def describe(action: Action, language: str | None = None) -> str:
    """A move in words: ``describe(Action("take-from", (12, 3)))`` is "take 12 from pile 3".

    >>> describe(Action("take-both", (4,)))
    'take 4 from both piles'
    """
    template = CATALOGUES[language or here()][action.kind]
    return template(action.args) if callable(template) else template.format(*action.args)


def split(action: Action, language: str | None = None) -> tuple[str, str]:
    """A move as (group, label) for a list of buttons: ("pile 1", "take 3"). Kinds without a
    group give ("", the whole description)."""
    language = language or here()
    groups = GROUP_CATALOGUES[language]
    grouped = groups.get(action.kind)
    if grouped is None:
        return "", describe(action, language)
    if callable(grouped):
        return grouped(action.args)
    group, label = grouped
    return group.format(*action.args), label.format(*action.args)


def names_a_place(action: Action) -> bool:
    """Whether :func:`split`'s group is where the label happens, so English may say "take 3
    from pile 1"; a heading for a row of buttons ("coin 5 to tails" over "and 1, 2") is not, and a
    sentence says the whole description instead."""
    return not callable(en.GROUPS.get(action.kind))


def error_message(error: GameError, language: str | None = None) -> str:
    """What went wrong, for a learner, in the request's language: the catalogue's words for the
    error's code, filled from its params; English (or a code the catalogue lacks, such as an error
    a web layer raised already in the reader's words) is the error's own message."""
    template = ERROR_CATALOGUES.get(language or here(), {}).get(error.code)
    if template is None:
        return str(error)
    try:
        said = template(error.params) if callable(template) else template.format(**error.params)
    except (KeyError, IndexError):  # a raise without the params its words need: English beats a crash
        return str(error)
    return str(error) if said is None else said


def either(items: Iterable[str], language: str | None = None) -> str:
    """A choice among items in the request's language: "a, b or c", "a、b 或 c"."""
    return EITHER[language or here()](items)


__all__ = ["describe", "either", "error_message", "here", "split"]
