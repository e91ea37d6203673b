"""The kinds of move the engine makes, each with its words, defined beside the code that makes it.

An :class:`~grundy.games.core.Action` is data: a kind and its numbers. Each kind is a
:class:`MoveKind`, defined once in the module whose game makes it (``take-from`` in
``wythoff.py``; ``take`` and ``nothing-left``, which several games make, here): how its numbers
read as English msgids (marked with ``N_``), whole and told after the fact, and — for a kind
listed under headings, such as a pile's moves — the heading and the button's label. Defining a
kind registers it in :data:`MOVE_KINDS`; ``grundy.words.moves`` says them in the reader's
language, and the Chinese is in the catalogue only (``translations/zh/LC_MESSAGES/moves.po``).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from grundy.marks import N_, Phrase

Args = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MoveWords:
    """How one move reads. ``says`` is the move whole ("take 3 from pile 1"), ``told`` the same
    after it was made ("took 3 from pile 1"). A kind listed under headings also has its
    ``group`` (the heading: "pile 1") and its button's ``label`` ("take 3"; ``label_told``
    after it was made); ``group_is_place`` is False where the heading says what the moves do
    ("coin 5 to tails") rather than where they are made."""

    says: Phrase
    told: Phrase
    group: Phrase | None = None
    label: Phrase | None = None
    label_told: Phrase | None = None
    group_is_place: bool = True


@dataclass(frozen=True, slots=True)
class MoveKind:
    """One kind of move: its name (``Action.kind``) and the words for a move's numbers."""

    name: str
    words: Callable[[Args], MoveWords]

    def __post_init__(self) -> None:
        if MOVE_KINDS.setdefault(self.name, self) is not self:
            raise ValueError(f"two kinds of move are called {self.name!r}")


MOVE_KINDS: dict[str, MoveKind] = {}


def named(names: tuple[str, ...], args: Args) -> dict[str, object]:
    """A move's numbers by the names its messages give them."""
    return dict(zip(names, args, strict=True))


def kind(name: str, names: tuple[str, ...], says: str, told: str, *,
         grouped: tuple[str, str, str] | None = None, context: str | None = None) -> MoveKind:
    """A kind whose words are fixed messages over its numbers, named by ``names`` in order:
    ``kind("take-from", ("n", "pile"), N_("take %(n)s from pile %(pile)s"), N_("took …"))``.
    ``grouped`` is (heading, label, label told after) for a kind listed under headings;
    ``context`` is gettext's, for a label whose English is said otherwise elsewhere."""

    def words(args: Args) -> MoveWords:
        values = named(names, args)
        if grouped is None:
            return MoveWords(Phrase(says, values), Phrase(told, values))
        group, label, label_told = grouped
        return MoveWords(Phrase(says, values), Phrase(told, values), Phrase(group, values),
                         Phrase(label, values, context), Phrase(label_told, values, context))

    return MoveKind(name, words)


def fixed(name: str, says: str, told: str, values: Mapping[str, object] | None = None) -> MoveKind:
    """A kind with no numbers ("move left")."""
    return MoveKind(name, lambda _args: MoveWords(Phrase(says, values or {}), Phrase(told, values or {})))


# Kinds several games make.
TAKE = kind("take", ("n",), N_("take %(n)s"), N_("took %(n)s"))  # from one heap: Nim, Bash, subtraction, k-multiple
NOTHING_LEFT = fixed("nothing-left", N_("(nothing left: the player to move wins)"),  # misère's extra move
                     N_("(nothing left: the player to move wins)"))

__all__ = ["MOVE_KINDS", "MoveKind", "MoveWords", "NOTHING_LEFT", "TAKE", "fixed", "kind", "named"]
