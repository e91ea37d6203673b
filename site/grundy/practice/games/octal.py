"""Practice specs for take-and-break games: Kayles (a row of pins; knock down one pin or two
neighbours, which may split the row) and Grundy's game (split a heap into two unequal heaps)."""
from __future__ import annotations

import random

from grundy.games.core import Action, Outcome
from grundy.i18n import N_, _
from grundy.practice.arena import Arena, Position
from grundy.practice.games import spec as g

MAX_ROW = 1000  # a typed row: its moves (about one per pin) are listed for the quiz and play
MAX_HEAP = 2000  # Grundy's game: a typed heap (values computed to 8,191)
# Lesson 15 teaches both games, and its strips of values (the octal-sequence widget) go to row 40
# of Kayles and heap 60 of Grundy's game: the quiz draws within them, so a question is answered
# with the lesson's strip (level 1 by hand: Grundy's heaps within the lesson's printed table,
# which stops at 13), and its answer shows the values up to the largest part drawn. No formula
# gives either game's values, so every question points to the strip.
KAYLES_LESSON: g.Lesson = ("take-and-break", "knocking-down-pins")
GRUNDY_LESSON: g.Lesson = ("take-and-break", "grundys-game")
KAYLES_LEVELS = {1: (1, 8), 2: (9, 30), 3: (1, 12)}  # row lengths drawn at each level
GRUNDY_LEVELS = {1: (3, 13), 2: (21, 60), 3: (1, 15)}  # heap sizes drawn at each level
# Every Kayles level is a sum of rows (one row alone is always N), so the levels say how many rows.
KAYLES_LEVEL_NAMES = {1: N_("Two short rows"), 2: N_("Two longer rows"), 3: N_("Three short rows")}
GRUNDY_LEVEL_NAMES = {1: N_("One small heap"), 2: N_("One larger heap"), 3: N_("Sums of two or three heaps")}


def _kayles_reason(arena: Arena, position: Position, reveal_move: bool) -> str:
    if len(position) == 1 and position[0] > 0:
        if reveal_move:
            return str(_("A single row of %(n)s is N: the first player can leave two equal rows — knock down the middle pin"
                         " (odd rows) or the middle two (even rows), and then copy each of the opponent's moves in the"
                         " other row, so the opponent runs out of moves first.", n=position[0]))
        return str(_("A single row of %(n)s is N: the first player can leave two equal rows, and then copy each of the"
                     " opponent's moves in the other row, so the opponent runs out of moves first.", n=position[0]))
    return g.sum_reason(arena, position, reveal_move)


def _kayles_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    lo, hi = KAYLES_LEVELS[level]
    count = 3 if level == 3 else 2  # one row alone is always N (the symmetry move), so P needs two
    return {}, g.draw_sum(KAYLES.arena(), rng, target, count, lambda r: r.randint(lo, hi))


def _kayles_part(c: object, i: int, where: bool) -> str:
    """A row by its number: "Row 2" over its moves and on the board, "from row 2" in a sentence."""
    if where:
        return str(_(KAYLES.where)).format(i + 1)
    name = str(_("row %(number)s", number=i + 1))
    return name[:1].upper() + name[1:]


def _kayles_say(action: Action, row: int | None, told: bool) -> str:
    """A Kayles move whole: "took 1 pin from row 1, leaving 1" (not "took 1, leaving 1 from row 1")."""
    removed, *parts = action.args
    if parts:
        left = str(_("%(first)s and %(second)s", first=parts[0], second=parts[1])) if len(parts) == 2 else str(parts[0])
        if row is None:
            if removed == 1:
                said = _("took 1 pin, leaving %(left)s", left=left) if told else _("take 1 pin, leaving %(left)s", left=left)
            else:
                said = (_("took %(count)s pins, leaving %(left)s", count=removed, left=left) if told
                        else _("take %(count)s pins, leaving %(left)s", count=removed, left=left))
        elif removed == 1:
            said = (_("took 1 pin from row %(row)s, leaving %(left)s", row=row + 1, left=left) if told
                    else _("take 1 pin from row %(row)s, leaving %(left)s", row=row + 1, left=left))
        else:
            said = (_("took %(count)s pins from row %(row)s, leaving %(left)s", count=removed, row=row + 1, left=left) if told
                    else _("take %(count)s pins from row %(row)s, leaving %(left)s", count=removed, row=row + 1, left=left))
    elif row is None:
        said = (_("took all %(count)s pins", count=removed) if told else _("take all %(count)s pins", count=removed)) \
            if removed > 1 else (_("took the only pin") if told else _("take the only pin"))
    else:
        said = (_("took the %(count)s pins of row %(row)s", count=removed, row=row + 1) if told
                else _("take the %(count)s pins of row %(row)s", count=removed, row=row + 1)) \
            if removed > 1 else (_("took the pin of row %(row)s", row=row + 1) if told else _("take the pin of row %(row)s", row=row + 1))
    return str(said)


def _grundy_part(c: object, i: int, where: bool) -> str:
    """A heap by its number, as the board names it ("Heap 2"), or "from heap 2" in a sentence."""
    return str(_(GRUNDYS_GAME.where)).format(i + 1) if where else str(_("Heap %(number)s", number=i + 1))


def _grundy_say(action: Action, heap: int | None, told: bool) -> str:
    """A split whole: "split heap 2 into 1 and 7" (not "split the heap into 1 and 7 from heap 2")."""
    _removed, first, second = action.args
    if heap is None:
        return str(_("split the heap into %(first)s and %(second)s", first=first, second=second))
    return str(_("split heap %(heap)s into %(first)s and %(second)s", heap=heap + 1, first=first, second=second))


def _values(arena: Arena, position: Position) -> tuple[str, dict[str, str]] | None:
    """Lesson 15's strip of SG values, every value shown up to the largest part: the row the
    reason's values are read from."""
    largest = max(position, default=0)
    if largest == 0:
        return None
    return "octal-sequence", arena.family.rule() | {"game": arena.family.key, "upto": str(largest), "strip": "1"}


KAYLES = g.GameSpec(
    key="kayles", always_sums=True, family="octal", title=N_("Kayles"), lesson=KAYLES_LESSON, draw=_kayles_draw, start="4,7",
    visual=_values, visual_shows_move=False, values_lesson=KAYLES_LESSON, levels=KAYLES_LEVEL_NAMES, sums_taught=True,
    random_start=lambda r: ",".join(str(r.randint(3, 12)) for _ in range(r.randint(1, 2))),
    rule_text=lambda f: str(_("knock down one pin, or two neighbouring pins, from a row (a row may break in two)")),
    reason=_kayles_reason, fixed_rule={"code": ".77"}, noun=(N_("row of pins"), N_("rows of pins")), where=N_("from row {}"),
    part=_kayles_part, say=_kayles_say,
    answer_hint=N_("the rows of pins left, with commas"), answer_hint_one=N_("the rows of pins left, with commas"),
    picture_args={"label": N_("row %(number)s")}, check_component=g.component_bound(N_("a row of pins"), MAX_ROW),
)


def _grundy_draw(rng: random.Random, level: int, target: Outcome) -> tuple[dict[str, str], Position]:
    lo, hi = GRUNDY_LEVELS[level]
    count = 1 if level < 3 else rng.randint(2, 3)
    return {}, g.draw_sum(GRUNDYS_GAME.arena(), rng, target, count, lambda r: r.randint(lo, hi))


GRUNDYS_GAME = g.GameSpec(
    key="grundys-game", family="grundys-game", lesson=GRUNDY_LESSON, draw=_grundy_draw, visual=_values, sums_taught=True,
    visual_shows_move=False, values_lesson=GRUNDY_LESSON, levels=GRUNDY_LEVEL_NAMES,
    start="9", random_start=lambda r: str(r.randint(6, 16)),
    rule_text=lambda f: str(_("split one heap into two non-empty heaps of different sizes")), part=_grundy_part, say=_grundy_say,
    answer_hint=N_("the heaps left, with commas"), answer_hint_one=N_("the heaps left, with commas"),
    check_component=g.component_bound(N_("a heap"), MAX_HEAP),
)

SPECS = (KAYLES, GRUNDYS_GAME)
