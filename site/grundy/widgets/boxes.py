"""HDU 3389's boxes (lesson 12): cards in boxes 1..n; a move takes cards from box B to a box
A < B with A + B odd and divisible by 3 (so A + B = 3, 9, 15, …). The widget lists each box's
moves and its residue mod 6, and shows why it is staircase Nim: every move goes from a box
≡ 0, 2, 5 (mod 6) to one ≡ 1, 3, 4 or back, boxes 1, 3 and 4 have no move, and every box ≡ 0, 2,
5 has one. So the boxes ≡ 0, 2, 5 are the odd steps, and with cards given, the position is P
exactly when their cards XOR to 0.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.core import nim_sum
from grundy.i18n import N_, _
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter

NAME = "boxes"
TITLE = N_("HDU 3389: boxes that are a staircase")
BLURB = N_(
    "Cards move from box B to a smaller box A when A + B is odd and divisible by 3. Each box's moves,"
    " its residue mod 6, and the two classes every move goes between."
)
MAX_BOXES = 36
N = spec.Param("n", "int", N_("Boxes"), default="15", lo=1, hi=MAX_BOXES)
CARDS = spec.Param("cards", "int-list", N_("Cards in boxes 1, 2, 3, …"), default="", lo=0, hi=10**6, max_items=MAX_BOXES,
                   help="optional: the cards in each box from box 1, e.g. `1,3,3,2,2,1,2`")
PARAMS = (N, CARDS)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)
ODD_CLASS = (0, 2, 5)  # residues mod 6 of the boxes an odd number of moves from a box with no move


@dataclass(frozen=True, slots=True)
class Params:
    n: int
    cards: tuple[int, ...]

    def query(self, **changes: object) -> dict[str, str]:
        q = {"n": str(self.n)}
        if self.cards:
            q["cards"] = ",".join(map(str, self.cards))
        return q


def parse(args: Mapping[str, str]) -> Params:
    n = N.whole(args)
    cards = tuple(CARDS.int_list(args)) if args.get("cards", "").strip() else ()  # no cards: just the boxes
    if len(cards) > n:
        raise BadParameter("cards", _("There are %(n)s boxes, and %(count)s card counts were given.", n=n, count=len(cards)))
    return Params(n, cards)


def targets(box: int) -> list[int]:
    """The boxes A < box with A + box odd and divisible by 3: A + box = 3, 9, 15, …"""
    return [a for a in range(1, box) if (a + box) % 6 == 3]


@dataclass(frozen=True, slots=True)
class Box:
    number: int
    to: list[int]
    residue: int
    odd: bool  # in the class {0, 2, 5} mod 6: an odd step of the staircase
    cards: int | None


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    boxes: list[Box]
    total: int | None  # XOR of the cards in the odd-class boxes, when cards are given

    @property
    def outcome(self) -> str | None:
        return None if self.total is None else ("N" if self.total else "P")


def view(params: Params) -> View:
    cards = params.cards + (0,) * (params.n - len(params.cards)) if params.cards else ()
    boxes = [Box(b, targets(b), b % 6, b % 6 in ODD_CLASS, cards[b - 1] if cards else None)
             for b in range(1, params.n + 1)]
    total = nim_sum(c for box, c in enumerate(cards, start=1) if box % 6 in ODD_CLASS) if cards else None
    return View(params, boxes, total)


WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, presentable=True)


__all__ = ["WIDGET", "parse", "targets", "view"]
