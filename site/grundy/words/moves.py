"""A move in words, in the reader's language: the one place a move is said — whole or by its
button, as it is offered or told after it was made, alone or in a sentence with where it was made.

The engine makes a move as data, ``Action(kind, numbers)``; each kind's English lives beside the
code that makes it (``grundy.games.moves.MoveKind``) and its other languages in the catalogue.
To add a kind (Moore's Nim's ``take-heaps``, say):

1. in the game's module, ``TAKE_HEAPS = kind("take-heaps", ("n", "heap"), N_("take %(n)s from
   heap %(heap)s"), N_("took %(n)s from heap %(heap)s"))`` — or ``MoveKind(name, words)`` with a
   function choosing among messages by the numbers (see ``circle.py``, ``turtles.py``: a plural
   is ``nphrase``, a list ``Listing``, a context ``NP_``) — and make ``Action(TAKE_HEAPS.name, …)``;
2. put each new msgid's Chinese in ``translations/zh/LC_MESSAGES/moves.po`` (an error's, raised as
   ``GameError(N_("… %(got)r"), "code", got=…)``, in ``engine.po``), or all of a new game's words
   in a catalogue file of its own (``moore.po``): a message lives in one file only;
3. ``tests/test_words_catalogue.py`` fails until every kind the engine makes, and every message
   it can say, has its Chinese.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol

from grundy.games.core import Action
from grundy.games.moves import MOVE_KINDS, MoveWords
from grundy.i18n import LANGUAGES, catalogue, here
from grundy.marks import N_, Catalogue, Phrase, phrase

# A move said with where it was made ("take 3 from heap 2"; Chinese puts the place first), a
# turn of several moves (every-SG), and a grouped move said by its button ("take 3 from pile 1").
PLACED = N_("%(move)s %(where)s")
BETWEEN_MOVES = N_("; ")
FROM_GROUP = N_("%(label)s from %(group)s")


class Played(Protocol):
    """A move in play (``grundy.practice.arena.PlayMove``): which part it was made in, what it
    did, what that part was, and, for an every-SG turn, its moves part by part."""

    @property
    def component(self) -> int: ...
    @property
    def action(self) -> Action: ...
    @property
    def parts(self) -> tuple[Any, ...]: ...
    @property
    def was(self) -> Any: ...


# Where a move in a part was made ("from heap 2"), from the part's 0-based number and the part.
Where = Callable[[int, Any], str]
# A game that says its moves whole (Kayles: "took 1 pin from row 1, leaving 1"): from the move's
# action, the 0-based part it was made in (None: not said) and whether it is told after.
SaysItself = Callable[[Action, int | None, bool], str]


@lru_cache(maxsize=8192)  # a page lists the same moves again (its buttons, its history): built once
def words(action: Action) -> MoveWords:
    """The words of ``action``, by its kind (a kind nobody defined is a KeyError: a bug)."""
    return MOVE_KINDS[action.kind].words(action.args)


def describe(action: Action, language: str | None = None, *, told: bool = False) -> str:
    """A move in words, whole: ``describe(Action("take-from", (12, 3)))`` is "take 12 from pile 3"
    ("took 12 from pile 3" ``told`` after it was made); ``language`` by default the request's.

    >>> describe(Action("take-both", (4,)))
    'take 4 from both piles'
    """
    return _whole(action, told).say(catalogue(language))


def split(action: Action, language: str | None = None) -> tuple[str, str]:
    """A move as (heading, label) for a list of buttons: ("pile 1", "take 3"). A kind listed under
    no heading gives ("", the whole move)."""
    book = catalogue(language)
    said = words(action)
    if said.group is None or said.label is None:
        return "", said.says.say(book)
    return said.group.say(book), said.label.say(book)


def in_a_sentence(move: Played, *, many: bool, where: Where, told: bool = False,
                  says_itself: SaysItself | None = None, language: str | None = None) -> str:
    """A move of a game in play, as a sentence says it: "take 3 from heap 2" (where it was made,
    when the position has ``many`` parts), "took …" ``told`` after it was made. An every-SG turn
    says each of its moves with its game ("…in game 1; …in game 2"). A game may say its moves
    itself (``says_itself``, the spec's ``say``)."""
    code = language or here()
    book = catalogue(code)
    if move.parts:
        return book.gettext(BETWEEN_MOVES).join(_placed(_whole(p.action, told), where(p.component, p.was), book)
                                                for p in move.parts)
    if says_itself is not None:
        return says_itself(move.action, move.component if many else None, told)
    place = where(move.component, move.was) if many else ""
    said = words(move.action)
    if said.group is None or said.label is None or LANGUAGES[code].says_moves_whole:
        return _placed(said.told if told else said.says, place, book)
    if not said.group_is_place:  # a heading that says what the move does ("coin 5 to tails"), not where
        return (said.told if told else said.says).say(book)
    label = said.label_told if told else said.label
    return _placed(Phrase(FROM_GROUP, {"label": label, "group": said.group}), place, book)


def on_a_button(move: Played, *, says_itself: SaysItself | None = None, language: str | None = None) -> str:
    """What a move's button says, under its heading (:func:`split`): "take 3" under "pile 1"; a
    game that says its moves itself says it whole ("take 1 pin, leaving 3")."""
    if says_itself is not None and not move.parts:
        return says_itself(move.action, None, False)
    if move.parts:
        return catalogue(language).gettext(BETWEEN_MOVES).join(split(p.action, language)[1] for p in move.parts)
    return split(move.action, language)[1]


def _whole(action: Action, told: bool) -> Phrase:
    said = words(action)
    return said.told if told else said.says


def _placed(move: Phrase, place: str, book: Catalogue) -> str:
    """The move, with where it was made if that is said."""
    return (phrase(PLACED, move=move, where=place) if place else move).say(book)


__all__ = ["Played", "describe", "in_a_sentence", "on_a_button", "split", "words"]
