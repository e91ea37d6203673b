"""A sum of games of different kinds: each component's SG value, their XOR, and where to move."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from grundy.games.bash import BashFamily
from grundy.games.core import nim_sum
from grundy.games.family import Family
from grundy.games.nim import NimFamily
from grundy.games.registry import family
from grundy.games.subtraction import SubtractionFamily
from grundy.games.wythoff import SG_MAX_PILE, WythoffFamily
from grundy.i18n import N_, _
from grundy.numerals import as_pairs, read_whole
from grundy.widgets import spec
from grundy.widgets.base import Widget
from grundy.widgets.params import BadParameter, shown
from grundy.widgets.rules import RULE_NAMES
from grundy.words import describe

NAME = "game-sum"
# The kinds of component, by the registry's keys (the URL's fields nim, bash, sub, wythoff are this
# widget's own names for its lists).
NIM, BASH, SUBTRACTION, WYTHOFF = NimFamily.key, BashFamily.key, SubtractionFamily.key, WythoffFamily.key
TITLE = N_("A sum of different games")
BLURB = N_(
    "Play several games at once: each turn, move in exactly one. Each component counts as a Nim"
    " heap of its SG value, so the sum is lost exactly when those values XOR to 0."
)
MAX_PARTS = 8  # components in one sum: eight rows of binary still fit the XOR table
SUB_RULES = ("set", "powers-of-two", "fibonacci")
# The Fibonacci rule has no closed form: its values are tabulated, ~0.35 s to 10^5. HDU 1848's
# heaps go to 1,000, tabulated in 2 ms.
MAX_FIBONACCI_HEAP = 1000
PARAMS = (
    spec.Param("nim", "int-list", N_("The list of Nim heaps"), default="5", hi=10**18, max_items=MAX_PARTS,
               help=N_("blank = none")),
    spec.Param("bash", "int-list", N_("The list of Bash heaps"), default="7", hi=10**18, max_items=MAX_PARTS,
               help=N_("blank = none")),
    spec.Param("m", "int", N_("m (Bash: take 1 to m)"), default="3", lo=1, hi=100),
    spec.Param("sub", "int-list", N_("The list of subtraction heaps"), default="10", hi=10**6, max_items=MAX_PARTS,
               help=N_("blank = none")),
    # The subtraction heaps' rule, as the P/N table offers it (but Bash, which has its own heaps):
    # a set S, the powers of two (HDU 1847) or the Fibonacci numbers (HDU 1848).
    spec.Param("subrule", "choice", N_("rule of the subtraction heaps"), default="set", choices=SUB_RULES,
               labels=tuple(RULE_NAMES[r] for r in SUB_RULES)),
    # the practice games' sets (at most 6 amounts up to 20): sums are about the XOR, not big rules
    spec.Param("set", "int-set", N_("The set S"), default="1,3,4", lo=1, hi=20, max_items=6, help=N_("the set rule")),
    spec.Param("wythoff", "text", N_("Wythoff positions"), default="2,3",
               help=f"pairs like `3,5 1,2`, piles up to {SG_MAX_PILE}; blank = none"),
)
P = spec.by_name(PARAMS)
KEYS = spec.keys(PARAMS)
DEFAULTS = spec.defaults(PARAMS)


@dataclass(frozen=True, slots=True)
class Part:
    family: str  # the engine's family name
    position: Any
    text: str


@dataclass(frozen=True, slots=True)
class Params:
    nim: tuple[int, ...]
    bash: tuple[int, ...]
    m: int
    sub: tuple[int, ...]
    amounts: frozenset[int]
    wythoff: tuple[tuple[int, int], ...]
    subrule: str = "set"

    def query(self, **changes: object) -> dict[str, str]:
        return {
            "nim": ",".join(map(str, self.nim)),
            "bash": ",".join(map(str, self.bash)),
            "m": str(self.m),
            "sub": ",".join(map(str, self.sub)),
            "set": ",".join(map(str, sorted(self.amounts))),
            "wythoff": " ".join(f"{a},{b}" for a, b in self.wythoff),
        } | ({} if self.subrule == "set" else {"subrule": self.subrule})

    @property
    def families(self) -> dict[str, Family[Any]]:
        return {
            NIM: family(NIM),
            BASH: family(BASH, {"m": str(self.m)}),
            SUBTRACTION: family(SUBTRACTION, {"set": ",".join(map(str, sorted(self.amounts)))
                                              if self.subrule == "set" else self.subrule}),
            WYTHOFF: family(WYTHOFF),
        }

    @property
    def parts(self) -> list[Part]:
        return (
            [Part(NIM, n, str(n)) for n in self.nim]
            + [Part(BASH, n, str(n)) for n in self.bash]
            + [Part(SUBTRACTION, n, str(n)) for n in self.sub]
            + [Part(WYTHOFF, p, f"{p[0]},{p[1]}") for p in self.wythoff]
        )


def _list(values: Mapping[str, str], name: str) -> tuple[int, ...]:
    """A list field; blank means no component of this kind."""
    if values[name].strip() == "":
        return ()
    return tuple(P[name].int_list(values, default=""))


def parse(args: Mapping[str, str]) -> Params:
    # A missing field takes its default; a blank one means "none of this kind".
    values = {key: args.get(key, DEFAULTS[key]) for key in KEYS}
    nim = _list(values, "nim")
    bash = _list(values, "bash")
    m = P["m"].whole(values)
    sub = _list(values, "sub")
    subrule = P["subrule"].choice(args)
    if subrule == "fibonacci" and any(n > MAX_FIBONACCI_HEAP for n in sub):
        raise BadParameter("sub", _("With the Fibonacci rule, subtraction heaps go up to %(most)s (HDU 1848's limit;"
                                    " its values are tabulated); got %(got)s.",
                                    most=f"{MAX_FIBONACCI_HEAP:,}", got=f"{max(sub):,}"))
    amounts = P["set"].int_set(values)
    pairs: list[tuple[int, int]] = []
    for item in filter(None, re.split(r"[\s;]+", as_pairs(values["wythoff"]))):  # (3, 5) is 3,5
        piles = [read_whole(p, max_digits=3) for p in item.split(",")]
        if len(piles) != 2 or not all(p is not None and p <= SG_MAX_PILE for p in piles):
            raise BadParameter("wythoff", _("Wythoff positions are pairs like 3,5 (piles up to %(most)s), separated"
                                            " by spaces; got %(got)s.", most=SG_MAX_PILE, got=shown(item, 20)))
        pairs.append((piles[0] or 0, piles[1] or 0))
    total = len(nim) + len(bash) + len(sub) + len(pairs)
    if total == 0:
        raise BadParameter("nim", _("The sum is empty: give at least one component."))
    if total > MAX_PARTS:
        raise BadParameter("nim", _("A sum may have at most %(most)s components; got %(got)s.", most=MAX_PARTS, got=total))
    return Params(nim, bash, m, sub, amounts, tuple(pairs), subrule)


# A component's kind, marked for the catalogue and said in the view (``_(FAMILY_NAMES[…])``).
FAMILY_NAMES = {NIM: N_("Nim heap"), BASH: N_("Bash heap"), SUBTRACTION: N_("Subtraction heap"),
                WYTHOFF: N_("Wythoff piles")}


@dataclass(frozen=True, slots=True)
class Row:
    index: int
    kind: str  # in the reader's language
    text: str
    value: int
    moves: list[tuple[str, str]]  # (move, the component after it) that make the XOR 0


@dataclass(frozen=True, slots=True)
class View:
    params: Params
    rows: list[Row]
    total: int
    width: int

    @property
    def outcome(self) -> str:
        return "P" if self.total == 0 else "N"

    def target(self, value: int) -> int:
        """The value a component must move to: Jinja has no ^ operator."""
        return value ^ self.total

    def bits(self, value: int) -> list[int]:
        return [(value >> e) & 1 for e in range(self.width - 1, -1, -1)]


def view(params: Params) -> View:
    families = params.families
    values = [families[p.family].sg(p.position) for p in params.parts]
    total = nim_sum(values)
    rows = []
    for i, (part, value) in enumerate(zip(params.parts, values)):
        moves = []
        if total:  # a move to value ⊕ total zeroes the XOR (values above this one's may be reachable too)
            fam = families[part.family]
            moves = [(describe(a), " ".join(map(fam.format, r))) for a, r in fam.moves_to_value(part.position, value ^ total)]
        rows.append(Row(i + 1, _(FAMILY_NAMES[part.family]), part.text, value, moves))
    width = max(1, max(v.bit_length() for v in values + [total]))
    return View(params, rows, total, width)

WIDGET = Widget(NAME, TITLE, BLURB, PARAMS, parse, view)


__all__ = ["WIDGET", "parse", "view"]
