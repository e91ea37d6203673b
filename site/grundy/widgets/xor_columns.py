"""Nim heaps in binary, one column per bit: the XOR, its highest 1, and the winning moves."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from markupsafe import Markup

from grundy.games import nim
from grundy.games.core import nim_sum
from grundy.i18n import N_
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter, apply_overrides, hide_query
from grundy.widgets.sentences import gettext, paragraph

NAME = "xor-columns"
TITLE = N_("Nim in binary: the XOR columns")
BLURB = N_(
    "Write the heaps in binary, one column per power of two. Nim is lost for the player to move"
    " exactly when every column has an even number of 1s. Tick Misère for the game where the last"
    " coin loses (lesson 9)."
)
MAX_HEAPS = 12
MAX_VALUE = 10**36 - 1  # about 120 binary columns: wide, but still a table you can read
# What each step adds, so a class can work out each part before it appears. Step 0 shows the
# heap sizes alone; step k shows stages 0..k.
# The names are marked for the catalogue and said where they are shown (``_(view.stage_name)``).
STAGES = (N_("the heaps"), N_("in binary"), N_("1s per column"), N_("the XOR"), N_("its highest 1"),
          N_("the winning move"))
LAST_STAGE = len(STAGES) - 1
HEAPS = spec.Param("heaps", "int-list", N_("The heap list"), default="14,21,39", lo=0, hi=MAX_VALUE, max_items=MAX_HEAPS,
                   help=N_("e.g. `14,21,39`"))
STEP = spec.step(LAST_STAGE, N_("The step (stages shown)"),
                 help=N_("heaps, binary, 1s per column, XOR, highest 1, winning move"))
MISERE = spec.Param("misere", "flag", N_("Misère play"), help=N_("1: whoever takes the last coin loses (lesson 9)"))
PARAMS = (HEAPS, MISERE, STEP, spec.HIDE)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)


@dataclass(frozen=True, slots=True)
class Params:
    heaps: tuple[int, ...]
    step: int | None = None  # None: everything; k: the stages 0..k of STAGES
    hide: bool = True  # while stepping, later stages stay hidden (else all shown, the stage marked)
    misere: bool = False  # whoever takes the last coin loses

    def query(self, **changes: object) -> dict[str, str]:
        fields = {"heaps": self.heaps, "step": self.step, "hide": self.hide} | changes
        heaps = fields["heaps"]
        assert isinstance(heaps, tuple)
        q = {"heaps": ",".join(map(str, heaps))}
        if self.misere:
            q["misere"] = "1"
        if fields["step"] is not None:
            q["step"] = str(fields["step"])
        return q | hide_query(bool(fields["hide"]))

    def text(self, heaps: tuple[int, ...]) -> str:
        return ",".join(map(str, heaps))


# "+ Heap", "− Last heap" and the move buttons send "use" (the heaps after them): the heaps field
# holds the heaps before, and without JavaScript a form sends both, the field first.
OVERRIDES = {"use": "heaps"}


def parse(args: Mapping[str, str]) -> Params:
    args = apply_overrides(args, OVERRIDES)
    return Params(tuple(HEAPS.int_list(args)), STEP.optional_whole(args), spec.HIDE.flag(args), MISERE.flag(args))


def resume_step(old: Params, new: Params) -> int:
    """Where stepping goes on after a settings change (projected): the same heaps keep their
    stage; new heaps (typed, + Heap, a winning move) are a new question, from stage 0."""
    if old.step is None or old.heaps != new.heaps:
        return 0
    return old.step


@dataclass(frozen=True, slots=True)
class Row:
    heap: int  # 1-based
    value: int
    bits: list[int]  # most significant first, padded to the table's width
    moves_here: bool  # this heap has a 1 in the XOR's highest column: it can make the move

    @property
    def parts(self) -> list[int]:
        """The powers of two that make up the heap, largest first: 14 → [8, 4, 2]."""
        return [1 << e for e in range(self.value.bit_length() - 1, -1, -1) if (self.value >> e) & 1]


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    width: int
    powers: list[int]  # the column headings 2^(width−1) … 1, as exponents
    rows: list[Row]
    parities: list[int]  # the number of 1s in each column
    total: int
    total_bits: list[int]
    top: int | None  # the column index (0 = leftmost) of the XOR's highest 1
    moves: list[nim.NimMove]  # the winning moves of the game played (normal or misère)
    big: int  # heaps above 1: misère Nim is played like Nim while two or more are left
    ones: int  # heaps of exactly 1

    @property
    def outcome(self) -> str:
        """P or N in the game played: normal Nim, or misère Nim (HDU 1907) when asked."""
        if self.params.misere:
            return nim.misere_outcome(self.params.heaps)
        return "P" if self.total == 0 else "N"

    @property
    def xor_decides(self) -> bool:
        """Whether the XOR alone says who wins: always in normal play; in misère play while two
        or more heaps are above 1 (with one, the XOR is never 0; with none, the 1s are counted)."""
        return not self.params.misere or self.big >= 2

    @property
    def stepping(self) -> bool:
        return self.params.step is not None

    @property
    def shown(self) -> int:
        """The last stage on view: all of them, unless stepping hides the later ones."""
        step = self.params.step
        return step if step is not None and self.params.hide else LAST_STAGE

    @property
    def stage_name(self) -> str:
        return STAGES[self.params.step or 0]

    @property
    def last_stage(self) -> int:
        return LAST_STAGE

    def after(self, move: nim.NimMove) -> tuple[int, ...]:
        heaps = list(self.params.heaps)
        heaps[move.heap - 1] = move.left
        return tuple(heaps)

    @property
    def top_column(self) -> Markup:
        """The XOR's highest column as the sentences name it: its value, or 2 to a power past 2⁹."""
        assert self.top is not None  # the XOR is not 0
        e = self.powers[self.top]
        return Markup(str(1 << e)) if e < 10 else Markup("2<sup>%d</sup>") % e

    @property
    def lost_sentence(self) -> Markup:
        """Why the player to move loses, once the XOR decides (in misère play, two heaps above 1)."""
        even = gettext("Every column has an even number of 1s, so the XOR is 0: the player to move <strong>loses</strong>.")
        if not self.params.misere:
            return paragraph(even, gettext("Any move changes one heap, which makes some column odd — and the opponent can make them all even "
                                           "again."))
        return paragraph(gettext("Misère play, but two or more heaps are bigger than 1, so it is decided like Nim."), even,
                         gettext("Any move changes one heap, which makes some column odd — and the opponent answers as in Nim while two heaps "
                                 "above 1 remain, and otherwise leaves an odd number of 1-heaps."))

    @property
    def won_sentence(self) -> Markup:
        """Why the player to move wins, and the first winning move, once the XOR decides."""
        m = self.moves[0]
        said = gettext("The XOR is %(total)s, not 0: the player to move <strong>wins</strong>. Its highest 1 is in the %(col)s column "
                       "(marked). Heap %(heap)s has a 1 there, so it can drop to %(value)s ⊕ %(total)s = %(left)s, which is smaller: "
                       "<strong>take %(take)s from heap %(heap)s</strong>, and every column is even again.",
                       total=self.total, col=self.top_column, heap=m.heap, value=self.params.heaps[m.heap - 1], left=m.left, take=m.take)
        if not self.params.misere:
            return said
        return paragraph(gettext("Misère play, but two or more heaps are bigger than 1, so it is won exactly like Nim (the move below "
                                 "leaves a heap above 1)."), said)


def _bits(value: int, width: int) -> list[int]:
    return [(value >> e) & 1 for e in range(width - 1, -1, -1)]


def view(params: Params) -> View:
    heaps = params.heaps
    total = nim_sum(heaps)
    width = max(1, max(h.bit_length() for h in heaps))
    top_exponent = total.bit_length() - 1
    big = sum(1 for h in heaps if h > 1)
    # In misère Nim's endgame (fewer than two heaps above 1) the XOR's highest 1 points to no move.
    marked = total != 0 and (not params.misere or big >= 2)
    rows = [Row(i + 1, h, _bits(h, width), marked and (h >> top_exponent) & 1 == 1) for i, h in enumerate(heaps)]
    return View(
        params=params,
        width=width,
        powers=list(range(width - 1, -1, -1)),
        rows=rows,
        parities=[sum(r.bits[c] for r in rows) for c in range(width)],
        total=total,
        total_bits=_bits(total, width),
        top=width - 1 - top_exponent if marked else None,
        moves=nim.misere_winning_moves(heaps) if params.misere else nim.winning_moves(heaps),
        big=big,
        ones=heaps.count(1),
    )

WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view, resume_step=resume_step, buttons=tuple(OVERRIDES),
                presentable=True)


__all__ = ["WIDGET", "BadParameter", "parse", "resume_step", "view"]
