"""Words at the edge: the engine describes moves and errors as data, and this package says them.

A language is a catalogue (``grundy.words.en`` today; a Chinese one is a second catalogue with
the same keys), so translating the site never means editing the engine.
"""
from __future__ import annotations

from collections.abc import Callable

from grundy.games.core import Action, GameError
from grundy.words import en

ErrorTemplate = str | Callable[[dict[str, object]], str]

CATALOGUES = {"en": en.MOVES}
GROUP_CATALOGUES = {"en": en.GROUPS}
# The engine's errors said in a language other than English, by ``GameError.code``: a format
# string over the error's ``params`` ({name}), or a function of them. English is ``str(error)``,
# which the engine writes itself.
ERROR_CATALOGUES: dict[str, dict[str, ErrorTemplate]] = {}


def here() -> str:
    """The language words are wanted in: the request's (``/zh/…`` is Chinese), else English,
    as on the command line."""
    try:
        from flask_babel import get_locale
    except ImportError:  # pragma: no cover - flask_babel is a dependency of the site
        return "en"
    locale = get_locale()
    code = locale.language if locale is not None else "en"
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


def error_message(error: GameError, language: str | None = None) -> str:
    """What went wrong, for a learner, in the request's language: the catalogue's words for the
    error's code, filled from its params; English (or a code the catalogue lacks, such as an error
    a web layer raised already in the reader's words) is the error's own message."""
    template = ERROR_CATALOGUES.get(language or here(), {}).get(error.code)
    if template is None:
        return str(error)
    return template(error.params) if callable(template) else template.format(**error.params)


__all__ = ["describe", "error_message", "here", "split"]
