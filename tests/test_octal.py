"""Octal games and Grundy's game: the fast tables agree with a brute force written from the
rules alone (single heaps and sums), proved periods hold, and published facts are checked."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games import GameError
from grundy.games import octal
from grundy.games.core import Move, Solver, mex
from grundy.games.octal import (
    GRUNDY_MAX_UPTO,
    MAX_CACHED_CODES,
    MAX_DIRECT_UPTO,
    MAX_VALUES_UPTO,
    OctalCode,
    Period,
    Split,
    grundys_game_moves,
    grundys_game_sg,
    grundys_game_values,
    moves,
    period,
    sg,
    sg_values,
)

Position = tuple[int, ...]


def code_digits(text: str) -> list[int]:
    """'4.07' -> [4, 0, 7]: d0 and the digits after the point, read without octal.py."""
    head, _, tail = text.partition(".")
    return [int(head or "0")] + [int(c) for c in tail]


def brute_results(digits: list[int], heap: int) -> set[Position]:
    """What one heap can become, from the rules: remove j tokens, leaving nothing (bit 1),
    one non-empty heap (bit 2) or two non-empty heaps (bit 4)."""
    results: set[Position] = set()
    for j, d in enumerate(digits):
        if j > heap:
            break
        left = heap - j
        if j >= 1 and d & 1 and left == 0:
            results.add(())
        if j >= 1 and d & 2 and left >= 1:
            results.add((left,))
        if d & 4:
            for a in range(1, left):
                results.add(tuple(sorted((a, left - a))))
    return results


@dataclass(frozen=True)
class BruteGame:
    """A whole position (sorted heaps) under an octal code, or Grundy's game if code is None."""

    code: str | None

    def options(self, position: Position) -> Iterator[Move[Position]]:
        for i, heap in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            if self.code is None:
                parts = {(a, heap - a) for a in range(1, heap) if a != heap - a}
            else:
                parts = brute_results(code_digits(self.code), heap)
            for p in parts:
                yield Move("", tuple(sorted(rest + p)))


def direct_values(text: str, upto: int) -> list[int]:
    """G(0..upto) by the definition, one heap at a time (no periodicity, no shared sets)."""
    digits = code_digits(text)
    values: list[int] = []
    for n in range(upto + 1):
        seen: set[int] = set()
        for j, d in enumerate(digits[: n + 1]):
            left = n - j
            if j >= 1 and d & 1 and left == 0:
                seen.add(0)
            if j >= 1 and d & 2 and left >= 1:
                seen.add(values[left])
            if d & 4:
                seen.update(values[a] ^ values[left - a] for a in range(1, left // 2 + 1))
        values.append(mex(seen))
    return values


SHORT_CODES = [
    f"{d0}.{tail}"
    for d0 in ("", "4")
    for tail in [str(d) for d in range(1, 8)] + [f"{a}{b}" for a in range(8) for b in range(1, 8)]
]
SUMS = [(1, 2), (3, 5), (2, 3, 4), (1, 1, 4), (2, 2, 2, 3), (4, 6), (3, 4, 5), (1, 2, 3, 4)]


@pytest.mark.parametrize("text", SHORT_CODES)
def test_every_short_code_agrees_with_brute_force(text: str) -> None:
    solver = Solver(BruteGame(text))
    values = sg_values(text, 11)
    assert values == [solver.grundy((n,) if n else ()) for n in range(12)]
    for position in SUMS:
        assert solver.grundy(position) == reduce(xor, (values[h] for h in position))
    for n in range(12):
        found = [(s.removed, s.parts) for s in moves(text, n)]
        assert len(found) == len(set(found))
        assert {s.parts for s in moves(text, n)} == brute_results(code_digits(text), n)
        assert all(s.removed + sum(s.parts) == n and list(s.parts) == sorted(s.parts) for s in moves(text, n))


codes = st.builds(
    OctalCode,
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=0, max_size=7).flatmap(
        lambda head: st.integers(1, 7).map(lambda last: tuple(head) + (last,))
    ),
)


@settings(max_examples=60, deadline=None)
@given(codes)
def test_random_codes_agree_with_brute_force(code: OctalCode) -> None:
    solver = Solver(BruteGame(code.format()))
    values = sg_values(code, 9)
    assert values == [solver.grundy((n,) if n else ()) for n in range(10)]
    assert solver.grundy((2, 3, 4)) == values[2] ^ values[3] ^ values[4]


@settings(max_examples=25, deadline=None)
@given(codes)
def test_tables_extended_by_a_proved_period_are_right(code: OctalCode) -> None:
    """Past the computed table, values come from the period; the definition agrees."""
    assert sg_values(code, 300) == direct_values(code.format(), 300)


FOUR_CODES = [f"4.{a}{b}" for a in range(8) for b in range(1, 8)]


@pytest.mark.parametrize("text", FOUR_CODES)
def test_the_theorem_also_proves_periods_of_4_codes(text: str) -> None:
    """Splitting without removal (d0 = 4): the proof covers j = 0; check far past the proof."""
    found = period(text)
    known = octal._CACHE.get(OctalCode.parse(text))
    assert known is not None
    table = len(known.values)
    if found is not None and found.proved and table <= 256:
        assert sg_values(text, 600) == direct_values(text, 600)


def test_most_short_codes_get_a_proved_period() -> None:
    proved = [c for c in SHORT_CODES if (p := period(c)) is not None and p.proved]
    assert len(proved) >= len(SHORT_CODES) // 2


@settings(max_examples=200)
@given(codes, st.booleans())
def test_parse_and_format_round_trip(code: OctalCode, leading_zero: bool) -> None:
    text = code.format()
    assert OctalCode.parse(text) == code
    if leading_zero and code.d0 == 0:
        assert OctalCode.parse("0" + text) == code
    assert OctalCode.parse(f"  {text} ").format() == text


def test_parse_and_names() -> None:
    assert OctalCode.parse("0.77") == OctalCode.parse(".77") == OctalCode(0, (7, 7))
    assert OctalCode.parse("4.07").format() == "4.07"
    assert [OctalCode.parse(c).name for c in (".77", "0.07", ".137", ".6")] == [
        "Kayles", "Dawson's Kayles", "Dawson's chess", None]


@pytest.mark.parametrize("bad", ["", ".", "77", ".78", "1.7", "5.7", "4.0", ".70", ".123456701",
                                 "..7", ".7x", "0.", "4", "-.7", ".\u0663"])
def test_parse_refuses_garbage(bad: str) -> None:
    with pytest.raises(GameError):
        OctalCode.parse(bad)


def test_bad_codes_and_heaps_raise() -> None:
    for d0, digits in [(2, (7,)), (0, ()), (0, (8,)), (0, (1,) * 9), (0, (7, 0))]:
        with pytest.raises(GameError):
            OctalCode(d0, digits)
    with pytest.raises(GameError):
        sg(".77", -1)
    with pytest.raises(GameError):
        sg_values(".77", True)
    with pytest.raises(GameError):
        list(moves(".77", 2.0))  # type: ignore[arg-type]
    with pytest.raises(GameError):
        grundys_game_sg(-3)
    with pytest.raises(GameError):
        OctalCode.parse(77)  # type: ignore[arg-type]


def test_moves_are_data_in_a_fixed_order() -> None:
    assert list(moves(".77", 3)) == [Split(1, (2,)), Split(1, (1, 1)), Split(2, (1,))]
    assert list(moves(".1", 1)) == [Split(1, ())] and list(moves(".77", 0)) == []
    assert list(moves("4.1", 5)) == [Split(0, (1, 4)), Split(0, (2, 3))]


# ---------------------------------------------------------------- periods and published facts


def test_kayles_period_is_proved() -> None:
    assert period(".77") == Period(71, 12, proved=True)
    values = sg_values(".77", 100_000)
    assert len(values) == 100_001
    assert values[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert values[72:84] == [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]
    assert values[70] != values[82]  # the last exception
    assert all(values[n] == values[71 + (n - 71) % 12] for n in range(71, 100_001))
    assert sg(".77", 10**30) == values[71 + (10**30 - 71) % 12] == 1
    assert sg_values(".77", 300) == direct_values(".77", 300)


def test_dawsons_kayles_and_dawsons_chess() -> None:
    """.07 repeats with period 34 from heap 53 (last exception 52); .137 is .07 shifted by
    one, so its last exception is 51."""
    assert period(".07") == Period(53, 34, proved=True)
    assert period(".137") == Period(52, 34, proved=True)
    kayles, chess = sg_values(".07", 5001), sg_values(".137", 5000)
    assert all(chess[n] == kayles[n + 1] for n in range(5001))
    assert sg_values(".07", 300) == direct_values(".07", 300)
    assert sg(".137", 10**40) == kayles[53 + (10**40 + 1 - 53) % 34]


def test_periods_from_the_oeis() -> None:
    """A071435: .177 has period 20, last exception 496. A071453: .117 has period 48, last
    exception 46."""
    assert period(".177") == Period(497, 20, proved=True)
    assert period(".117") == Period(47, 48, proved=True)


def test_uncertified_codes_are_bounded() -> None:
    """Officers (.6) has no known period: no period is claimed, and no value past the bound."""
    found = period(".6")
    assert found is None or not found.proved
    assert len(sg_values(".6", MAX_DIRECT_UPTO)) == MAX_DIRECT_UPTO + 1
    with pytest.raises(GameError):
        sg_values(".6", MAX_DIRECT_UPTO + 1)
    with pytest.raises(GameError):
        sg(".6", 10**9)
    with pytest.raises(GameError):
        sg_values(".77", MAX_VALUES_UPTO + 1)


def test_observed_repetitions_are_not_proved() -> None:
    values = tuple([5] + [0, 1, 2] * 400)
    assert octal._observed(values) == Period(1, 3, proved=False)
    assert octal._observed(tuple(range(100))) is None


def test_the_cache_is_bounded() -> None:
    for d0 in (0, 4):
        for a in range(8):
            for b in range(1, 8):
                sg(OctalCode(d0, (a, b, 1)), 5)
    assert len(octal._CACHE) <= MAX_CACHED_CODES


# ---------------------------------------------------------------- Grundy's game


def test_grundys_game_first_values() -> None:
    assert grundys_game_values(20) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]


def test_grundys_game_agrees_with_brute_force() -> None:
    solver = Solver(BruteGame(None))
    values = grundys_game_values(16)
    assert values == [solver.grundy((n,) if n else ()) for n in range(17)]
    for position in SUMS + [(5, 11), (7, 8)]:
        assert solver.grundy(position) == reduce(xor, (values[h] for h in position))
    assert [grundys_game_sg(n) for n in range(17)] == values
    for n in range(17):
        assert {s.parts for s in grundys_game_moves(n)} == {tuple(sorted(o.position)) for o in BruteGame(None).options((n,))}


def test_grundys_game_is_bounded() -> None:
    assert len(grundys_game_values(1000)) == 1001
    assert grundys_game_sg(999) == grundys_game_values(999)[999]
    with pytest.raises(GameError):
        grundys_game_values(GRUNDY_MAX_UPTO + 1)
    with pytest.raises(GameError):
        grundys_game_sg(GRUNDY_MAX_UPTO + 1)
