"""Every fact about a game that lesson 4 (Nim) states, checked against the engine.

The lesson says "1, 2, 3 is lost for the player to move", "take 12 from the 39", "there are
three winning moves from 55, 81, 121", "5, 7, 9 gives 1"; each such claim has a test here, so
an edit to the lesson or to the engine that breaks one fails loudly. The theorem itself (P ⇔
XOR 0) is never assumed: small positions are solved by brute force, here and by the engine's
generic Solver on a sum of Nim heaps, and only then is the XOR rule used for large heaps. The
lesson's code blocks are tested too: the Python blocks are executed and compared with the
engine, and the C++ blocks are compiled with -Wall -Werror and run on the judge samples and
on many random inputs when a C++ compiler is available.
"""
from __future__ import annotations

import itertools
import json
import random
import re
from functools import cache, reduce
from operator import xor
from pathlib import Path

import pytest

from tests import lesson_code
from tests.lesson_code import needs_cxx
from flask.testing import FlaskClient

from grundy.games import nim
from grundy.games.core import Solver, SumGame, nim_sum
from grundy.games.nim import NimHeap
from grundy.games.registry import family
from grundy.games.solve import solve
from grundy.widgets import xor_columns
from tests.judge import SHARED, judge_samples

REPO = Path(__file__).parents[1]
LESSON = lesson_code.Lesson("04-nim.md", cxx_flags=("-O2", "-Wextra"), timeout=60)


# ---------------------------------------------------------------- helpers


def moves_from(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every position one Nim move away: one heap loses 1..all of its stones."""
    return [heaps[:i] + (left,) + heaps[i + 1 :] for i, a in enumerate(heaps) for left in range(a)]


@cache
def _brute(sorted_heaps: tuple[int, ...]) -> str:
    for after in moves_from(sorted_heaps):
        if _brute(tuple(sorted(after))) == "P":
            return "N"
    return "P"  # also the terminal position: no move at all


def brute(heaps) -> str:
    """P or N by the definition alone (lesson 2's rules), never by XOR."""
    return _brute(tuple(sorted(heaps)))


def brute_winning_moves(heaps) -> list[tuple[int, int]]:
    """Every (heap index, stones left) that moves to a brute-force P-position."""
    heaps = tuple(heaps)
    return [(i, left) for i, a in enumerate(heaps) for left in range(a)
            if brute(heaps[:i] + (left,) + heaps[i + 1 :]) == "P"]


def engine_moves(heaps) -> list[tuple[int, int]]:
    """The engine's Nim winning moves as (0-based heap, stones left)."""
    return [(m.heap - 1, m.left) for m in nim.winning_moves(list(heaps))]


def sum_solver(n: int) -> Solver:
    """The engine's generic Solver on a sum of n Nim heaps (mex by search, not by XOR)."""
    return Solver(SumGame((NimHeap(),) * n))


def small_positions():
    """Every position with 1-3 heaps of at most 9 and 4 heaps of at most 5 (sorted)."""
    for n, top in ((1, 9), (2, 9), (3, 9), (4, 5)):
        yield from itertools.combinations_with_replacement(range(top + 1), n)


def highest_column(x: int) -> int:
    return x.bit_length() - 1


def binary(value: int, width: int) -> str:
    return format(value, f"0{width}b")


def column_counts(heaps, width: int) -> list[int]:
    """The number of 1s in each binary column, most significant first."""
    return [sum((a >> e) & 1 for a in heaps) for e in range(width - 1, -1, -1)]


# ---------------------------------------------------------------- the rules and the motivation


def test_a_move_takes_any_positive_number_from_one_heap() -> None:
    for n in range(30):
        assert sorted(m.position for m in NimHeap().options(n)) == list(range(n))
    assert list(SumGame((NimHeap(),) * 3).options((0, 0, 0))) == []  # the only terminal position
    for heaps in small_positions():
        assert (moves_from(heaps) == []) == (sum(heaps) == 0)


def test_a_game_lasts_at_most_the_number_of_stones() -> None:
    @cache
    def longest(heaps: tuple[int, ...]) -> int:
        return max((1 + longest(tuple(sorted(p))) for p in moves_from(heaps)), default=0)

    for heaps in itertools.combinations_with_replacement(range(6), 3):
        assert longest(heaps) == sum(heaps)


def test_one_heap_and_two_heaps() -> None:
    for n in range(1, 40):
        assert brute((n,)) == "N" and brute_winning_moves((n,)) == [(0, 0)]  # take it all
        assert Solver(NimHeap()).outcome(n) == "N"
    for a in range(25):
        for b in range(25):
            # equal heaps lose for the player to move; unequal heaps: take the difference
            assert brute((a, b)) == ("P" if a == b else "N")
            if a > b:
                assert brute_winning_moves((a, b)) == [(0, b)]
    assert brute_winning_moves((2, 3)) == [(1, 2)]  # note 002: take 1 from the 3, leaving 2 and 2
    assert sum_solver(2).outcome((2, 3)) == "N"
    assert [m.position for m in sum_solver(2).winning_moves((2, 3))] == [(2, 2)]


def test_the_table_of_moves_from_1_2_3() -> None:
    rows = re.findall(r"^\| (take .+?) \| ([\d, ]+) \| (take .+?) \| ([\d, ]+) \|$", LESSON.text, re.MULTILINE)
    assert len(rows) == 6
    start = (1, 2, 3)
    assert brute(start) == "P" and sum_solver(3).outcome(start) == "P"

    def apply(heaps: tuple[int, ...], move: str) -> tuple[int, ...]:
        took, size = map(int, re.fullmatch(r"take (\d+) from the (\d+)", move).groups())
        i = start.index(size)  # the table names heaps by their starting sizes 1, 2, 3
        assert 1 <= took <= heaps[i]
        return heaps[:i] + (heaps[i] - took,) + heaps[i + 1 :]

    seen = set()
    for move, leaves, reply, leaves_after in rows:
        after = apply(start, move)
        assert after == tuple(map(int, leaves.split(", ")))
        final = apply(after, reply)
        assert final == tuple(map(int, leaves_after.split(", ")))
        non_empty = sorted(a for a in final if a)
        assert final.count(0) == 1 and len(non_empty) == 2 and non_empty[0] == non_empty[1]
        assert brute(final) == "P"
        seen.add(after)
    assert seen == set(moves_from(start))  # every move from 1, 2, 3 is in the table


def test_55_81_121_allow_257_moves() -> None:
    assert len(list(SumGame((NimHeap(),) * 3).options((55, 81, 121)))) == 257
    LESSON.says("heaps of 55, 81 and 121 allow 257 moves")


# ---------------------------------------------------------------- XOR


def test_the_xor_table_of_5_7_9() -> None:
    rows = {r[0]: r[1:] for r in re.findall(r"^\| (.+?) \| (\d) \| (\d) \| (\d) \| (\d) \|$", LESSON.text, re.MULTILINE)}
    assert re.search(r"^\| \| 8 \| 4 \| 2 \| 1 \|$", LESSON.text, re.MULTILINE)
    for n in (5, 7, 9):
        assert "".join(rows[str(n)]) == binary(n, 4)
    assert [int(c) for c in rows["1s in the column"]] == column_counts((5, 7, 9), 4) == [1, 2, 1, 3]
    assert "".join(rows[r"\(5 \oplus 7 \oplus 9\)"]) == binary(5 ^ 7 ^ 9, 4) == "1011"
    assert nim_sum([5, 7, 9]) == 11 == 8 + 2 + 1
    # the XOR is the parity of each column
    for heaps in small_positions():
        assert [c % 2 for c in column_counts(heaps, 4)] == [int(b) for b in binary(nim_sum(heaps), 4)]
    LESSON.says(r"\(5 \oplus 7 \oplus 9 = 1011_2 = 11\)")


def test_the_xor_facts() -> None:
    assert binary(13, 4) == '1101'
    LESSON.states(r"13 = 8 + 4 + 1")
    assert binary(2, 2) == '10' and binary(3, 2) == '11'
    assert column_counts((1, 2, 3), 2) == [2, 2]
    LESSON.states(r"1 \oplus 2 \oplus 3 = 0")
    values = range(40)
    for a in values:
        assert a ^ 0 == a and a ^ a == 0
        for b in values:
            assert a ^ b == b ^ a and (b ^ a) ^ a == b
            assert (a ^ b == 0) == (a == b)
            assert all(((a ^ b) >> e & 1) == ((a >> e & 1) != (b >> e & 1)) for e in range(6))
            for c in range(0, 40, 7):
                assert (a ^ b) ^ c == a ^ (b ^ c)
    LESSON.says(r"\(2 \oplus 3 = 10_2 \oplus 11_2 = 1\)", r"\(1 \oplus 2 \oplus 3 = 0\)")


# ---------------------------------------------------------------- the theorem and its proof


def test_p_positions_are_exactly_the_positions_with_xor_0() -> None:
    for heaps in small_positions():
        expected = "P" if reduce(xor, heaps, 0) == 0 else "N"
        assert brute(heaps) == expected == nim.outcome(list(heaps))


def test_the_engines_generic_solver_agrees() -> None:
    solver = sum_solver(3)
    for heaps in itertools.product(range(6), repeat=3):
        assert solver.outcome(heaps) == ("P" if nim_sum(heaps) == 0 else "N")
        assert solver.grundy(heaps) == nim_sum(heaps)


def test_the_by_hand_positions_match_the_theorem() -> None:
    for a in range(30):
        assert nim_sum([a, a]) == 0 and brute((a, a)) == "P"
    assert nim_sum([2, 3]) == 1 and brute((2, 3)) == "N"
    assert nim_sum([1, 2, 3]) == 0 and brute((1, 2, 3)) == "P"


def test_the_three_lemmas() -> None:
    positions = list(small_positions()) + [(14, 21, 39), (55, 81, 121), (5, 7, 8, 9, 10)]
    for heaps in positions:
        x = nim_sum(heaps)
        if sum(heaps) == 0:
            assert x == 0  # lemma 1
        # a move from a_i to a' changes the XOR to x ^ a_i ^ a'
        for i, a in enumerate(heaps):
            for left in range(a):
                after = heaps[:i] + (left,) + heaps[i + 1 :]
                assert nim_sum(after) == x ^ a ^ left
                if x == 0:
                    assert nim_sum(after) != 0  # lemma 2
        if x != 0:  # lemma 3
            k = highest_column(x)
            assert column_counts(heaps, k + 1)[0] % 2 == 1  # column k holds an odd number of 1s
            movers = [i for i, a in enumerate(heaps) if (a >> k) & 1]
            assert movers
            for i in movers:
                a = heaps[i]
                assert (a ^ x) >> (k + 1) == a >> (k + 1)  # they agree above column k
                assert (a ^ x) >> k & 1 == 0  # and a ^ x has a 0 in column k
                assert a ^ x < a and 1 <= a - (a ^ x) <= a
                after = heaps[:i] + (a ^ x,) + heaps[i + 1 :]
                assert nim_sum(after) == 0
                # heap i's digits flip exactly in the odd columns
                width = max(heaps).bit_length()
                flipped = [int(b) for b in binary(a ^ (a ^ x), width)]
                assert flipped == [c % 2 for c in column_counts(heaps, width)]
    for k in range(12):  # the columns below k are worth 2^k - 1 together
        assert sum(1 << e for e in range(k)) == (1 << k) - 1 < 1 << k


def test_the_strategy_wins_against_every_reply() -> None:
    """From XOR != 0, keep moving to XOR 0: the opponent always meets the empty table."""

    def wins(heaps: tuple[int, ...]) -> bool:  # the player to move follows the strategy
        x = nim_sum(heaps)
        i = next(i for i, a in enumerate(heaps) if a ^ x < a)
        after = heaps[:i] + (heaps[i] ^ x,) + heaps[i + 1 :]
        return all(wins(reply) for reply in moves_from(after))  # no reply: the opponent is stuck

    for heaps in itertools.combinations_with_replacement(range(5), 3):
        if nim_sum(heaps) != 0:
            assert wins(heaps)


# ---------------------------------------------------------------- worked examples


def test_example_2_3() -> None:
    assert binary(2, 2) == "10" and binary(3, 2) == "11" and column_counts((2, 3), 2) == [2, 1]
    x = nim_sum([2, 3])
    assert x == 1 and highest_column(x) == 0
    LESSON.states(r"3 \oplus 1 = 2")
    assert engine_moves((2, 3)) == brute_winning_moves((2, 3)) == [(1, 2)]
    assert [str(m) for m in nim.winning_moves([2, 3])] == ["take 1 from heap 2"]
    assert nim_sum([2, 2]) == 0


def test_example_14_21_39() -> None:
    heaps = (14, 21, 39)
    assert [binary(a, 6) for a in heaps] == ["001110", "010101", "100111"]
    assert column_counts(heaps, 6) == [1, 1, 1, 3, 2, 2]
    x = nim_sum(heaps)
    assert x == 60 and binary(x, 6) == "111100" and 1 << highest_column(x) == 32
    assert [a for a in heaps if a & 32] == [39]
    assert 39 ^ x == 14 ^ 21
    LESSON.states(r"39 \oplus 60 = 27", r"39 - 27 = 12", r"14 \oplus 21 = 27")
    assert engine_moves(heaps) == [(2, 27)]
    assert [str(m) for m in nim.winning_moves(list(heaps))] == ["take 12 from heap 3"]
    # the only winning move, by the engine's generic search (no XOR involved)
    assert [m.position for m in sum_solver(3).winning_moves(heaps)] == [(14, 21, 27)]
    # heap 3 flips in the 32, 16, 8 and 4 columns, the four odd ones
    assert binary(39 ^ 27, 6) == "111100" and [c % 2 for c in column_counts(heaps, 6)] == [1, 1, 1, 1, 0, 0]
    LESSON.says("take \\(39 - 27 = 12\\) from the 39, leaving (14, 21, 27)")


def test_example_55_81_121() -> None:
    heaps = (55, 81, 121)
    assert [binary(a, 7) for a in heaps] == ["0110111", "1010001", "1111001"]
    assert column_counts(heaps, 7) == [2, 2, 3, 1, 1, 1, 3]
    x = nim_sum(heaps)
    assert x == 31 and binary(x, 7) == "0011111" and 1 << highest_column(x) == 16
    assert all(a & 16 for a in heaps)
    LESSON.states(r"55 \oplus 81 = 102", r"121 - 102 = 19")
    LESSON.states(r"55 \oplus 31 = 40", r"81 \oplus 31 = 78", r"121 \oplus 31 = 102")
    LESSON.states(r"121 - 102 = 19")
    assert [str(m) for m in nim.winning_moves(list(heaps))] == [
        "take 15 from heap 1", "take 3 from heap 2", "take 19 from heap 3"]
    # all 257 moves checked: exactly these three reach XOR 0
    assert [p for p in moves_from(heaps) if nim_sum(p) == 0] == [(40, 81, 121), (55, 78, 121), (55, 81, 102)]
    answer = solve(family("nim"), ["55", "81", "121"])
    assert answer.outcome == "N" and len(answer.winning_moves) == 3
    LESSON.says("\\(55 \\oplus 31 = 40\\): take 15 from the 55", "\\(81 \\oplus 31 = 78\\): take 3 from the 81",
         "\\(121 \\oplus 31 = 102\\): take 19 from the 121")


def test_the_widgets_show_what_the_lesson_says() -> None:
    widgets = LESSON.widgets("xor-columns")
    # each opens worked out, as the example or sample just above it (issue 25: says why)
    assert widgets == [{"heaps": "2,3", "shown": "the example above works this position out"}, {"heaps": "14,21,39", "shown": "the example above works this position out"},
                       {"heaps": "55,81,121", "shown": "the example above works this position out"}, {"heaps": "5,7,8,9,10", "shown": "the sample is worked out just above"}]
    labels = {}
    for params in widgets:
        view = xor_columns.view(xor_columns.parse(params))
        buttons = [f"Take {m.take} from heap {m.heap}" for m in view.moves]
        labels[params["heaps"]] = buttons
        for move in view.moves:  # every button leaves every column even
            after = xor_columns.view(xor_columns.parse({"heaps": view.params.text(view.after(move))}))
            assert after.outcome == "P" and all(c % 2 == 0 for c in after.parities)
        stars = [r.heap for r in view.rows if r.moves_here]
        assert len(stars) == len(view.moves)  # one ★ per winning move
    assert labels["2,3"] == ["Take 1 from heap 2"]
    assert labels["14,21,39"] == ["Take 12 from heap 3"]
    assert labels["55,81,121"] == ["Take 15 from heap 1", "Take 3 from heap 2", "Take 19 from heap 3"]
    assert labels["5,7,8,9,10"] == ["Take 7 from heap 3", "Take 9 from heap 4", "Take 7 from heap 5"]
    two_three = xor_columns.view(xor_columns.parse({"heaps": "2,3"}))
    assert two_three.parities == [2, 1]  # "the 2s column has two 1s, the 1s column one"
    after_12 = xor_columns.view(xor_columns.parse({"heaps": "14,21,27"}))
    assert after_12.powers == [4, 3, 2, 1, 0] and after_12.parities == [2, 2, 2, 2, 2]  # the 32 column drops out
    LESSON.says("Press **Take 1 from heap 2**", "Press **Take 12 from heap 3**", "**Take …** buttons")


def test_the_lesson_page_shows_the_buttons(client: FlaskClient) -> None:
    html = client.get("/lessons/nim").text
    assert html.count('data-widget="xor-columns"') == 4
    for label in ("Take 1 from heap 2", "Take 12 from heap 3", "Take 15 from heap 1", "Take 3 from heap 2",
                  "Take 19 from heap 3", "1s per column"):
        assert label in html


# ---------------------------------------------------------------- counting winning moves


def test_the_number_of_winning_moves_is_the_number_of_heaps_with_bit_k() -> None:
    for heaps in small_positions():
        moves = brute_winning_moves(heaps)
        assert moves == engine_moves(heaps)
        x = nim_sum(heaps)
        if x == 0:
            assert moves == [] and all(a ^ x == a for a in heaps)
            continue
        k = highest_column(x)
        assert len(moves) == sum((a >> k) & 1 for a in heaps)
        assert len(moves) % 2 == 1  # Try it 4: never exactly two
        # at most one per heap, to a ^ x, legal exactly when a has a 1 in column k
        assert moves == [(i, a ^ x) for i, a in enumerate(heaps) if (a >> k) & 1]
        assert all(((a ^ x) > a) for a in heaps if not (a >> k) & 1)
    assert len(engine_moves((2, 3))) == 1 and len(engine_moves((14, 21, 39))) == 1
    assert len(engine_moves((55, 81, 121))) == 3


# ---------------------------------------------------------------- the judge problems


def statement(problem: str) -> dict:
    source = SHARED / "judge" / f"{problem}.json"
    if not source.is_file():
        pytest.skip("the full judge statement lives in ../shared, not in a fresh clone")
    return json.loads(source.read_text(encoding="utf-8"))["statement"]


def luogu_p2197(text_in: str, first_player_wins=lambda h: nim.outcome(h) == "N") -> str:
    it = iter(map(int, text_in.split()))
    out = []
    for _ in range(next(it)):
        heaps = [next(it) for _ in range(next(it))]
        out.append("Yes" if first_player_wins(heaps) else "No")
    return "\n".join(out)


def count_cases(text_in: str, count=lambda h: len(nim.winning_moves(h))) -> str:
    """HDU 1850 and POJ 2975: n, then n heaps, until n = 0."""
    it = iter(map(int, text_in.split()))
    out = []
    while (n := next(it)) != 0:
        out.append(str(count([next(it) for _ in range(n)])))
    return "\n".join(out)


def hdu_2176(text_in: str, moves=engine_moves) -> str:
    it = iter(map(int, text_in.split()))
    out = []
    while (m := next(it)) != 0:
        heaps = [next(it) for _ in range(m)]
        found = moves(heaps)
        out.append("Yes" if found else "No")
        out.extend(f"{heaps[i]} {left}" for i, left in found)
    return "\n".join(out)


def test_luogu_p2197() -> None:
    samples = judge_samples("Luogu-P2197")
    assert samples
    for sample in samples:
        assert luogu_p2197(sample["input"]).split() == sample["output"].split() == ["No", "Yes"]
        assert sample["input"].split() == ["2", "2", "1", "1", "2", "1", "0"]
    assert brute((1, 1)) == 'P' and brute((1, 0)) == 'N'
    LESSON.states(r"1 \oplus 1 = 0", r"1 \oplus 0 = 1")
    assert brute_winning_moves((1, 0)) == [(0, 0)]  # take the single stone
    for heaps in itertools.combinations_with_replacement(range(6), 3):  # an empty heap is harmless
        assert brute(heaps + (0,)) == brute(heaps) and nim_sum(heaps + (0,)) == nim_sum(heaps)
    s = statement("Luogu-P2197")
    assert "T\\le10" in s["input"] and "n\\le10^4" in s["input"] and "小于 $10^4$" in s["description"]
    LESSON.says("the number of tests \\(T \\le 10\\)", "\\(n \\le 10^4\\)", "heap sizes below \\(10^4\\)")


def test_hdu_1850() -> None:
    samples = judge_samples("HDU-1850")
    assert samples
    for sample in samples:
        assert count_cases(sample["input"]).split() == sample["output"].split() == ["1"]
        assert sample["input"].split() == ["3", "5", "7", "9", "0"]
    x = nim_sum([5, 7, 9])
    assert x == 11 and binary(x, 4) == "1011" and [a for a in (5, 7, 9) if a & 8] == [9]
    assert nim_sum([5, 7, 2]) == 0
    LESSON.states(r"9 \oplus 11 = 2")
    assert brute_winning_moves((5, 7, 9)) == [(2, 2)]
    s = statement("HDU-1850")
    assert "1<M<=100" in s["input"] and "1<=Ni<=1000000" in s["input"] and "M为0" in s["input"]
    LESSON.says("\\(1 < M \\le 100\\)", "from 1 to \\(10^6\\)", "\\(M = 0\\) ends the input")


def test_poj_2975() -> None:
    samples = judge_samples("POJ-2975")
    assert samples
    for sample in samples:
        assert count_cases(sample["input"]).split() == sample["output"].split() == ["3", "0"]
        assert sample["input"].split() == ["3", "7", "11", "13", "2", "1000000000", "1000000000", "0"]
    assert [binary(a, 4) for a in (7, 11, 13)] == ["0111", "1011", "1101"]
    assert column_counts((7, 11, 13), 4) == [2, 2, 2, 3] and nim_sum([7, 11, 13]) == 1
    assert brute_winning_moves((7, 11, 13)) == [(0, 6), (1, 10), (2, 12)]  # one stone from any heap
    assert nim_sum([10**9, 10**9]) == 0
    s = statement("POJ-2975")
    assert "1 ≤ n ≤ 1000" in s["input"] and "1, 000, 000, 000" in s["input"] and "n = 0" in s["input"]
    LESSON.says("\\(1 \\le n \\le 1000\\) heaps of 1 to \\(10^9\\) stones")


def test_hdu_2176() -> None:
    samples = judge_samples("HDU-2176")
    assert samples
    for sample in samples:
        assert hdu_2176(sample["input"]).splitlines() == sample["output"].splitlines()
        assert sample["output"].splitlines() == ["No", "Yes", "9 5", "Yes", "8 1", "9 0", "10 3"]
    LESSON.states(r"45 \oplus 45 = 0")
    assert nim_sum([3, 6, 9]) == 12 and binary(12, 4) == "1100" and [a for a in (3, 6, 9) if a & 8] == [9]
    LESSON.states(r"9 \oplus 12 = 5")
    assert nim_sum([5, 7, 8, 9, 10]) == 9 and binary(9, 4) == "1001"
    assert [a for a in (5, 7, 8, 9, 10) if a & 8] == [8, 9, 10]
    LESSON.states(r"8 \oplus 9 = 1", r"9 \oplus 9 = 0", r"10 \oplus 9 = 3")
    assert brute_winning_moves((5, 7, 8, 9, 10)) == [(2, 1), (3, 0), (4, 3)]
    s = statement("HDU-2176")
    assert "m<=200000" in s["input"] and "非零正整数" in s["input"] and "m=0退出" in s["input"]
    LESSON.says("\\(m \\le 200000\\)")


# ---------------------------------------------------------------- beyond the notes


def test_changing_the_largest_heap_does_not_always_work() -> None:
    heaps = (3, 4, 5)
    LESSON.states(r"3 \oplus 4 = 7 > 5")
    assert nim_sum(heaps) == 2 and [binary(a, 3) for a in heaps] == ["011", "100", "101"]
    assert column_counts(heaps, 3) == [2, 1, 2] and binary(2, 3) == "010"
    assert brute_winning_moves(heaps) == engine_moves(heaps) == [(0, 1)]  # take 2 from the 3
    assert nim_sum([1, 4, 5]) == 0
    for a in range(12):  # c ^ x is a ^ b for three heaps
        for b in range(12):
            for c in range(12):
                assert c ^ nim_sum([a, b, c]) == a ^ b
    LESSON.says("(011, 100 and 101 put 2, 1 and 2 ones in the 4, 2 and 1 columns)")


def test_a_nim_heap_of_n_has_sg_value_n() -> None:
    solver = Solver(NimHeap())
    assert [solver.grundy(n) for n in range(60)] == list(range(60))


# ---------------------------------------------------------------- Try it


def test_try_it_answers() -> None:
    # 1. 3, 5, 6: second.
    assert [binary(a, 3) for a in (3, 5, 6)] == ["011", "101", "110"] and column_counts((3, 5, 6), 3) == [2, 2, 2]
    assert brute((3, 5, 6)) == "P"
    # 2. 6, 9, 12, 15: three moves.
    heaps = (6, 9, 12, 15)
    assert nim_sum(heaps) == 12 and binary(12, 4) == "1100" and [a for a in heaps if a & 8] == [9, 12, 15]
    assert brute_winning_moves(heaps) == engine_moves(heaps) == [(1, 5), (2, 0), (3, 3)]
    LESSON.states(r"9 \oplus 12 = 5", r"15 \oplus 12 = 3")
    # 3. two heaps a > b: only "take a - b from the larger"  (checked in test_one_heap_and_two_heaps)
    for a in range(1, 40):
        for b in range(a):
            x = a ^ b
            k = highest_column(x)
            assert (a >> k) & 1 == 1 and (b >> k) & 1 == 0 and a ^ x == b
    # 4. never exactly two winning moves (checked in the counting test); 5. HDU 2176 on 1 2 4 8
    assert hdu_2176("4\n1 2 4 8\n0\n").splitlines() == ["Yes", "8 7"]
    assert nim_sum([1, 2, 4, 8]) == 15 and binary(15, 4) == '1111'
    LESSON.states(r"8 \oplus 15 = 7")


# ---------------------------------------------------------------- the lesson's code


def test_the_lesson_has_exactly_the_code_blocks_tested_here() -> None:
    assert len(LESSON.blocks("python")) == 2
    assert len(LESSON.blocks("cpp")) == 3


def random_positions(count: int, seed: int, top: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(0, top) for _ in range(rng.randint(1, 8))] for _ in range(count)]


def test_python_code_matches_the_engine() -> None:
    ns = LESSON.python()
    positions = [list(p) for p in small_positions()] + random_positions(3000, 4, 10**9) + [[]]
    for heaps in positions:
        assert ns["nim_sum"](heaps) == nim_sum(heaps)
        assert ns["first_player_wins"](heaps) == (nim.outcome(heaps) == "N")
        assert ns["winning_moves"](heaps) == engine_moves(heaps)
        assert ns["count_winning_moves"](heaps) == len(nim.winning_moves(heaps))
    for heaps in small_positions():  # and with the brute force, which knows nothing of XOR
        assert ns["first_player_wins"](list(heaps)) == (brute(heaps) == "N")
        assert ns["winning_moves"](list(heaps)) == brute_winning_moves(heaps)
    for problem, answer in (("Luogu-P2197", lambda t: luogu_p2197(t, ns["first_player_wins"])),
                            ("HDU-1850", lambda t: count_cases(t, ns["count_winning_moves"])),
                            ("POJ-2975", lambda t: count_cases(t, ns["count_winning_moves"])),
                            ("HDU-2176", lambda t: hdu_2176(t, ns["winning_moves"]))):
        for sample in judge_samples(problem):
            assert answer(sample["input"]).split() == sample["output"].split()


@needs_cxx
def test_cpp_luogu_p2197(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp('"Yes" : "No"'), tmp_path)
    for sample in judge_samples("Luogu-P2197"):
        assert LESSON.run(program, sample["input"]).split() == sample["output"].split()
    rng = random.Random(2197)
    tests = [[rng.randint(0, 9999) for _ in range(rng.randint(1, 50))] for _ in range(10)]
    tests += [[7, 7], [0], [1, 2, 3], [9999] * 10000]
    for chunk in range(0, len(tests), 10):
        group = tests[chunk : chunk + 10]
        stdin = f"{len(group)}\n" + "".join(f"{len(h)}\n{' '.join(map(str, h))}\n" for h in group)
        assert LESSON.run(program, stdin).split() == luogu_p2197(stdin).split()


@needs_cxx
def test_cpp_counting_program_for_hdu_1850_and_poj_2975(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp("int count = 0;"), tmp_path)
    for problem in ("HDU-1850", "POJ-2975"):
        for sample in judge_samples(problem):
            assert LESSON.run(program, sample["input"]).split() == sample["output"].split()
    rng = random.Random(2975)
    tests = [[rng.randint(1, top) for _ in range(rng.randint(1, 60))] for top in (7, 1000, 10**6, 10**9) * 150]
    tests.append([10**9] * 1000)
    stdin = "".join(f"{len(h)}\n{' '.join(map(str, h))}\n" for h in tests) + "0\n"
    assert LESSON.run(program, stdin).split() == count_cases(stdin).split()


@needs_cxx
def test_cpp_hdu_2176(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp('"Yes\\n"'), tmp_path)
    for sample in judge_samples("HDU-2176"):
        assert LESSON.run(program, sample["input"]).splitlines() == sample["output"].splitlines()
    rng = random.Random(2176)
    tests = [[rng.randint(1, top) for _ in range(rng.randint(1, 40))] for top in (3, 15, 1000, 10**12) * 100]
    tests.append([rng.randint(1, 10**9) for _ in range(200000)])
    stdin = "".join(f"{len(h)}\n{' '.join(map(str, h))}\n" for h in tests) + "0\n"
    assert LESSON.run(program, stdin).splitlines() == hdu_2176(stdin).splitlines()
