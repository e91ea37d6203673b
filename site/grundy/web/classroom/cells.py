""""Predict the next cell" (issue 28, point 5): during a table's step-through that the class
follows, the instructor asks for the cell the table fills next; the phones answer with its value
as the table shows it (P or N, or an SG value when the table shows SG values), the screen counts
each value given, and the reveal shows the table's next step, which explains that cell.

What the class follows is its view (:attr:`~.store.Room.view`, a projection's address with its
state, ``step`` included: :mod:`.view`). Each table that can be predicted says how to read its
next cell from that state (:data:`TABLES`, keyed by the widget's name): the cell's heap, whether
it shows SG values, the practice game and rule whose position it is (so the question is an
ordinary round: its picture, its rule, its reason), and the state one step on.

The round keeps the view it was asked from (:attr:`~.store.Round.detail`), so the reveal shows
that table's next step whatever the class follows by then.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urlsplit

from grundy.games.core import GameError, outcome_of
from grundy.games.takeaway import HeapFamily, Rule
from grundy.i18n import _
from grundy.practice.games import SPECS
from grundy.web.classroom.rules import rule_of
from grundy.web.classroom.store import MAX_DETAIL
from grundy.widgets import WIDGETS


@dataclass(frozen=True, slots=True)
class NextCell:
    """The cell a followed table fills next, as a question: the practice game and its rule (in
    the command line's option names), the position, the truth as the table shows it, and the
    table's state one step on (the reveal)."""

    widget: str
    game: str
    rule: dict[str, str]
    position: str
    truth: str
    next_view: str


def _game_of(rule: Rule, keys: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """The practice game whose one heap plays the take-away ``rule`` (``keys``: the table's rule
    fields, which are the families' rule keys: m, set), and that rule in its option names: the
    first practice game in normal play whose arena, given those of its keys, plays exactly the
    rule. No game is named: the specs and their families say."""
    from grundy.web.classroom.rules import options

    for spec in SPECS.values():
        if spec.misere or any(key not in keys for key in spec.rule_keys):
            continue
        try:
            arena = spec.arena({key: keys[key] for key in spec.rule_keys})
        except GameError:
            continue
        if isinstance(arena.family, HeapFamily) and arena.family.rule_of == rule:
            names = {name: option for option, name in options(spec).items()}
            return spec.key, {names.get(k, k): v for k, v in arena.rule_query().items() if k not in spec.fixed_rule}
    raise GameError(_("no game of the quiz plays this table's rule: choose another rule for the table"), "no-game-for-table")


def _pn_table(name: str, args: Mapping[str, str]) -> NextCell:
    """The P/N table (SG values with ``sg``): step k has filled heaps 0 to k-1; the next is heap k."""
    widget = WIDGETS[name]
    try:
        params = widget.parse(args)
    except (GameError, ValueError) as error:
        raise GameError(str(error), "bad-table") from error
    step = params.step
    if step is None or not params.hide:
        raise GameError(_("the table the class follows shows every cell: start stepping through it (its first step) to ask for the"
                          " next cell"), "table-shown-whole")
    if step > params.upto:
        raise GameError(_("the table the class follows is filled to its last cell: make it longer to ask for the next one"),
                        "table-full")
    game, rule = _game_of(params.choice.rule, params.choice.query())
    from grundy.games.takeaway import grundy

    g = grundy(params.choice.rule, step)
    truth = str(g) if params.sg else outcome_of(g)
    nxt = params.query(step=step + 1)
    return NextCell(name, game, rule, str(step), truth, f"/present/{name}?{urlencode(nxt)}")


# The tables a class can be asked to predict, by widget: how each reads its next cell.
TABLES: dict[str, Callable[[str, Mapping[str, str]], NextCell]] = {"pn-table": _pn_table}


def next_cell(view: str) -> NextCell:
    """The next cell of the table the class follows (``view``: the room's), or a GameError that
    says why there is none to ask for."""
    if not view:
        raise GameError(_("the class follows no table yet: show a P/N table to the class, step through it, then ask for the next"
                          " cell"), "no-table")
    parts = urlsplit(view)
    name = parts.path.rsplit("/", 1)[-1]
    if name not in TABLES:
        title = _(WIDGETS[name].title) if name in WIDGETS else name
        raise GameError(_("the class follows %(widget)s, which has no next cell to predict: show a P/N table and step through it",
                          widget=title), "not-a-table")
    args = dict(parse_qsl(parts.query, keep_blank_values=True))
    if "step" not in args:  # a projection that names no step opens at step 0 while hiding (grundy.web.present.opening)
        from grundy.web.present import opening

        args = opening(WIDGETS[name], args)
    found = TABLES[name](name, args)
    if len(found.next_view) > MAX_DETAIL:
        raise GameError(_("the table's state is too long to keep"), "table-too-long")
    return found


__all__ = ["TABLES", "NextCell", "next_cell"]
