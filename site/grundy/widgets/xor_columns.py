"""Nim heaps in binary, one column per bit: the XOR, its highest 1, and the winning moves."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games import nim
from grundy.games.core import nim_sum
from grundy.widgets.params import BadParameter, int_list_param

NAME = "xor-columns"
TITLE = "Nim in binary: the XOR columns"
BLURB = (
    "Write the heaps in binary, one column per power of two. Nim is lost for the player to move"
    " exactly when every column has an even number of 1s."
)
KEYS = ("heaps",)
DEFAULTS = {"heaps": "14,21,39"}
MAX_HEAPS = 12
MAX_VALUE = 10**36 - 1  # about 120 binary columns: wide, but still a table you can read


@dataclass(frozen=True, slots=True)
class Params:
    heaps: tuple[int, ...]

    def query(self, **changes: object) -> dict[str, str]:
        heaps = changes.get("heaps", self.heaps)
        assert isinstance(heaps, tuple)
        return {"heaps": ",".join(map(str, heaps))}

    def text(self, heaps: tuple[int, ...]) -> str:
        return ",".join(map(str, heaps))


def parse(args: Mapping[str, str]) -> Params:
    heaps = int_list_param(
        args, "heaps", lo=0, hi=MAX_VALUE, min_items=1, max_items=MAX_HEAPS, default="14,21,39", label="The heap list"
    )
    return Params(tuple(heaps))


@dataclass(frozen=True, slots=True)
class Row:
    heap: int  # 1-based
    value: int
    bits: list[int]  # most significant first, padded to the table's width
    moves_here: bool  # this heap has a 1 in the XOR's highest column: it can make the move


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
    moves: list[nim.NimMove]

    @property
    def outcome(self) -> str:
        return "P" if self.total == 0 else "N"

    def after(self, move: nim.NimMove) -> tuple[int, ...]:
        heaps = list(self.params.heaps)
        heaps[move.heap - 1] = move.left
        return tuple(heaps)


def _bits(value: int, width: int) -> list[int]:
    return [(value >> e) & 1 for e in range(width - 1, -1, -1)]


def view(params: Params) -> View:
    heaps = params.heaps
    total = nim_sum(heaps)
    width = max(1, max(h.bit_length() for h in heaps))
    top_exponent = total.bit_length() - 1
    rows = [
        Row(i + 1, h, _bits(h, width), total != 0 and (h >> top_exponent) & 1 == 1) for i, h in enumerate(heaps)
    ]
    return View(
        params=params,
        width=width,
        powers=list(range(width - 1, -1, -1)),
        rows=rows,
        parities=[sum(r.bits[c] for r in rows) for c in range(width)],
        total=total,
        total_bits=_bits(total, width),
        top=None if total == 0 else width - 1 - top_exponent,
        moves=nim.winning_moves(heaps),
    )


__all__ = ["BadParameter", "parse", "view"]
