"""What every impartial game shares: the error type, mex, and outcomes from Grundy values."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

Outcome = Literal["P", "N"]


class GameError(ValueError):
    """A position, rule or parameter that the mathematics does not allow; the message quotes it."""


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least natural number not among ``values``.

    >>> mex([0, 1, 2, 4])
    3
    >>> mex([2, 3, 5])
    0
    >>> mex([])
    0
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def outcome_of(grundy: int) -> Outcome:
    """P exactly when the Grundy value is 0 (the player to move has no winning move)."""
    return "P" if grundy == 0 else "N"
