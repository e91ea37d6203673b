"""Every fact lesson 14 (coin turning) states, checked against a search over the games as stated —
rows of coins, each move turning a set of coins whose rightmost goes from heads to tails — not
through the XOR-of-heads theorem the lesson proves; and its code, run against that search."""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

from grundy.games import coins, turtles
from grundy.games.core import mex
from grundy.widgets import coin_row
from tests import lesson_code
from tests.lesson_code import needs_cxx

LESSON = lesson_code.Lesson("14-coin-turning.md")

# Each rule as its move sets, written out here from the lesson's words (not the engine's).
SETS: dict[str, Callable[[int], Iterator[tuple[int, ...]]]] = {
    "mock-turtles": lambda x: (s for size in (0, 1, 2) for s in itertools.combinations(range(x), size)),
    "twins": lambda x: ((y,) for y in range(x)),
    "ruler": lambda x: (tuple(range(y, x)) for y in range(x + 1)),
}


def options(rule: str, row: tuple[bool, ...]) -> Iterator[tuple[bool, ...]]:
    for x, heads in enumerate(row):
        if heads:
            for others in SETS[rule](x):
                after = list(row)
                for i in (*others, x):
                    after[i] = not after[i]
                yield tuple(after)


WIDTH = 12  # every row of up to 12 coins is searched


@cache
def values(rule: str) -> list[int]:
    """The SG value of every row of WIDTH coins, by the definition (the mex of its options'
    values), indexed by the row read as a binary number: options are smaller numbers, so one
    pass upwards finds them all."""
    found: list[int] = []
    for number in range(1 << WIDTH):
        row = tuple(bool(number >> x & 1) for x in range(WIDTH))
        found.append(mex(found[sum(1 << x for x, h in enumerate(after) if h)] for after in options(rule, row)))
    return found


def sg(rule: str, row: tuple[bool, ...]) -> int:
    assert len(row) <= WIDTH
    return values(rule)[sum(1 << x for x, h in enumerate(row) if h)]


def head(x: int) -> tuple[bool, ...]:
    return (False,) * x + (True,)


def test_the_game_ends_because_the_row_as_a_number_drops() -> None:
    LESSON.states(r"2 + 4 + 16 = 22")
    assert sum(1 << x for x, h in enumerate(coins.parse_row("THHTH")) if h) == 22
    number = lambda row: sum(1 << x for x, h in enumerate(row) if h)  # noqa: E731
    for rule in SETS:
        for row in itertools.product((False, True), repeat=6):
            assert all(number(after) < number(row) for after in options(rule, row))


def test_a_row_is_the_xor_of_its_heads_for_every_rule() -> None:
    """The theorem, against the whole-row search: every row of up to 9 coins, three rules."""
    for rule in SETS:
        g = [sg(rule, head(x)) for x in range(9)]
        assert g == coins.single_values(coins.RULES[rule], 9)
        for n in range(1, 10):
            for row in itertools.product((False, True), repeat=n):
                want = 0
                for x, h in enumerate(row):
                    if h:
                        want ^= g[x]
                assert sg(rule, row) == want, (rule, row)


def test_twins_is_nim() -> None:
    assert [sg("twins", head(x)) for x in range(12)] == list(range(12))
    LESSON.states(r"1 \oplus 2 \oplus 4 = 7")
    row = coins.parse_row("THHTH")
    wins = [after for after in options("twins", row) if sg("twins", after) == 0]
    assert wins == [coins.parse_row("THHHT")]  # coins 3 and 4 turned: heap 4 → 3
    assert 4 ^ 7 == 3


def test_mock_turtles_values_are_the_odious_numbers() -> None:
    table = [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
    assert [sg("mock-turtles", head(x)) for x in range(12)] == table
    LESSON.says("| \\(g(x)\\) | 1 | 2 | 4 | 7 | 8 | 11 | 13 | 14 | 16 | 19 | 21 | 22 |")
    odious = [n for n in range(200) if bin(n).count("1") % 2 == 1]
    assert [turtles.g(x) for x in range(len(odious))][: len(odious)] == odious[: len(odious)]
    for x in range(1000):  # the notes' rule, and "the x-th odious number"
        assert turtles.g(x) == (2 * x if bin(x).count("1") % 2 else 2 * x + 1)
        assert turtles.g(x) in (2 * x, 2 * x + 1) and bin(turtles.g(x)).count("1") % 2 == 1
    LESSON.states(r"1 \oplus 2 = 3", r"1 \oplus 4 = 5", r"2 \oplus 4 = 6")
    LESSON.says("(1, 2, 4, 7, 8, 11, …)", "(0, 3, 5, 6, 9, 10, …)")


def test_the_parity_facts() -> None:
    odious = [n for n in range(256) if bin(n).count("1") % 2]
    assert all(bin(a ^ b).count("1") % 2 == 0 for a in odious for b in odious)
    for e in range(1, 256):
        if bin(e).count("1") % 2 == 0:
            top = 1 << (e.bit_length() - 1)
            assert top in odious and e - top in odious and e - top != top


def test_the_worked_moves() -> None:
    LESSON.states(r"2 \oplus 4 \oplus 8 = 14", r"6 = 4 \oplus 2")
    LESSON.says(r"\(u = 8 \oplus 14 = 6\)")
    assert 8 ^ 14 == 6 and bin(6).count("1") % 2 == 0
    row = coins.parse_row("THHTH")
    assert sg("mock-turtles", row) == 14
    winning = {after for after in options("mock-turtles", row) if sg("mock-turtles", after) == 0}
    assert coins.parse_row("TTTTT") in winning
    ns = LESSON.python("g", "row_value", "winning_move")
    assert ns["winning_move"]("THHTH") == [1, 2, 4]


def test_try_it_answers() -> None:
    LESSON.states(r"1 \oplus 7 = 6", r"1 \oplus 3 \oplus 4 = 6", r"4 \oplus 6 = 2")
    LESSON.says(r"\(u = 7 \oplus 6 = 1 = g(0)\)", r"\(10 = 8 \oplus 2 = g(4) \oplus g(1)\)")
    assert 7 ^ 6 == 1 == turtles.g(0) and 8 ^ 2 == 10
    assert sg("mock-turtles", coins.parse_row("HTTH")) == 6
    assert coins.parse_row("TTTT") in {a for a in options("mock-turtles", coins.parse_row("HTTH")) if sg("mock-turtles", a) == 0}
    assert sg("twins", coins.parse_row("THTHH")) == 6 and sg("twins", coins.parse_row("THHHT")) == 0
    assert turtles.g(5) == 11 and turtles.g(4) ^ turtles.g(1) == 10


def test_ruler() -> None:
    assert [sg("ruler", head(x)) for x in range(8)] == [1, 2, 1, 4, 1, 2, 1, 8]
    LESSON.says("1, 2, 1, 4, 1, 2, 1, 8, …")
    assert all(coins.single_values(coins.RULES["ruler"], 64)[x] == (x + 1) & -(x + 1) for x in range(64))


def test_the_widget_fence_and_its_moves() -> None:
    assert LESSON.widgets("coins") == [{"row": "THHTTHTH", "rule": "mock-turtles", "step": "0"}]  # predict first
    for rule in SETS:
        v = coin_row.view(coin_row.parse({"row": "THHTTHTH", "rule": rule}))
        row = coins.parse_row("THHTTHTH")
        assert v.total == sg(rule, row)
        truth = {coins.format_row(a) for a in options(rule, row) if sg(rule, a) == 0}
        assert {m.after for m in v.winning} <= truth and len(v.winning) == min(len(truth), coin_row.SHOWN_MOVES)


def test_python_code_matches_the_search() -> None:
    ns = LESSON.python("g", "row_value", "winning_move")
    rng = random.Random(14)
    for n in range(1, 9):
        for bits in itertools.product("HT", repeat=n):
            row = "".join(bits)
            parsed = coins.parse_row(row)
            assert ns["row_value"](row) == sg("mock-turtles", parsed)
            move = ns["winning_move"](row)
            if sg("mock-turtles", parsed) == 0:
                assert move is None
            else:
                assert move == sorted(move) and len(move) <= 3 and parsed[move[-1]]
                after = list(parsed)
                for i in move:
                    after[i] = not after[i]
                assert sg("mock-turtles", tuple(after)) == 0, (row, move)
    for _ in range(50):  # long rows: against the closed form
        row = "".join(rng.choice("HT") for _ in range(60))
        assert ns["row_value"](row) == turtles.grundy(coins.parse_row(row))


@needs_cxx
def test_cpp_hdu_3537(tmp_path: Path) -> None:
    """HDU 3537 (Daizhenyang's Coin): the published sample, byte for byte; then rows with repeated
    positions (one head each, as the statement says) against the search and, for positions up to
    10⁸, against the closed form."""
    program = LESSON.compile(LESSON.cpp("heads.insert"), tmp_path)
    LESSON.prints_samples(program, "HDU-3537")
    rng = random.Random(3537)
    cases = [[rng.randrange(WIDTH) for _ in range(rng.randrange(0, 8))] for _ in range(400)]
    want = []
    for listed in cases:
        row = tuple(x in listed for x in range(WIDTH))
        want.append("Yes" if sg("mock-turtles", row) == 0 else "No")
    big = [[rng.randrange(10**8) for _ in range(rng.randrange(1, 101))] for _ in range(50)]
    big += [[5, 5, 7], [10**8 - 1] * 3]
    for listed in big:
        value = 0
        for x in set(listed):
            value ^= turtles.g(x)
        want.append("Yes" if value == 0 else "No")
    text = "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases + big)
    assert LESSON.run(program, text).splitlines() == want
