"""Words at the edge: the engine leaves moves and errors as data, and this package says them in
the reader's language through the gettext catalogue (no sentence tables in Python).

- a move: :mod:`grundy.words.moves` (``describe``, ``split``, ``in_a_sentence``), the one place
  a move is said; how to add a kind of move is in its docstring;
- an error: :func:`error_message`, a :class:`~grundy.games.core.GameError`'s English message
  (a msgid marked where it is raised) said with its params;
- a choice among items: :func:`either` ("a, b or c", "a、b 或 c").
"""
from __future__ import annotations

from collections.abc import Iterable

from grundy.games.core import GameError
from grundy.i18n import say
from grundy.marks import OR, Listing
from grundy.words.moves import describe, in_a_sentence, split


def error_message(error: GameError, language: str | None = None) -> str:
    """What went wrong, for a learner, in ``language`` (by default the request's): the error's
    English message in that language, its params filled (a message the web layer raised is said
    already, and stands as it is)."""
    return say(error.phrase, language)


def either(items: Iterable[str], language: str | None = None) -> str:
    """A choice among items in the request's language: "a, b or c", "a、b 或 c"."""
    return say(Listing(tuple(items), last=OR), language)


__all__ = ["describe", "either", "error_message", "in_a_sentence", "split"]
