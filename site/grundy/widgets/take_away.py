"""A take-away game for two players at one screen: the whole game lives in the URL."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games import GameError
from grundy.games.takeaway import Turn, replay
from grundy.i18n import N_, _
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.numerals import read_whole
from grundy.widgets.params import BadParameter, shown
from grundy.widgets.rules import RuleChoice, parse_rule, rule_label, rule_params
from grundy.words import error_message

NAME = "take-away"
TITLE = N_("Play a take-away game")
BLURB = N_(
    "Two players share one heap and take turns at one screen; whoever cannot move loses."
)
MAX_START = 50  # two players at one screen: a game of at most 50 moves, each a button
START = spec.Param("start", "int", N_("The starting heap"), default="5", lo=1, hi=MAX_START, help="coins")
PARAMS = (*rule_params("bash"), START,
          spec.Param("moves", "text", N_("The moves"), help="the coins taken so far, e.g. `1,3`: two players at one screen"))
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)
PLAYERS = ("Alice", "Bob")


@dataclass(frozen=True, slots=True)
class Params:
    choice: RuleChoice
    start: int
    takes: tuple[int, ...]

    def query(self, **changes: object) -> dict[str, str]:
        takes = changes.get("takes", self.takes)
        assert isinstance(takes, tuple)
        q = self.choice.query() | {"start": str(self.start)}
        if takes:
            q["moves"] = ",".join(map(str, takes))
        return q

    def moves_text(self, *extra: int) -> str:
        """The history as the form sends it, with ``extra`` moves appended."""
        return ",".join(map(str, self.takes + extra))


def parse(args: Mapping[str, str]) -> Params:
    choice = parse_rule(args)
    start = START.whole(args)
    raw = args.get("moves", "").strip()
    items = [item.strip() for item in raw.split(",")] if raw else []
    if len(items) > start:  # every move takes at least one coin
        raise BadParameter("moves", _("A game from %(start)s coins has at most %(start)s moves; got %(count)s.",
                                     start=start, count=len(items)))
    read = [read_whole(item, max_digits=3) for item in items]
    takes = tuple(n for n in read if n is not None)
    if len(takes) != len(items):
        raise BadParameter("moves", _("The moves must be numbers of coins separated by commas; got %(got)s.",
                                     got=shown(raw)))
    try:
        replay(choice.rule, start, takes)
    except GameError as error:
        raise BadParameter("moves", _("Illegal game: %(error)s.", error=error_message(error))) from error
    return Params(choice, start, takes)


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    rule_label: str
    turns: list[Turn]
    heap: int
    to_move: str
    waiting: str
    legal: list[int]

    @property
    def over(self) -> bool:
        return not self.legal


def view(params: Params) -> View:
    rule = params.choice.rule
    turns = replay(rule, params.start, params.takes)
    heap = turns[-1].after if turns else params.start
    mover = len(turns) % 2
    return View(
        params=params,
        rule_label=rule_label(rule),
        turns=turns,
        heap=heap,
        to_move=PLAYERS[mover],
        waiting=PLAYERS[1 - mover],
        legal=rule.moves(heap),
    )

WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view)
