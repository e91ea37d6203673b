"""Every fact about a game that lesson 6 (mex and the SG function) states, checked against the engine.

The lesson quotes mex values, SG tables, periods, bounds and the answers to its Try-it; each has a
test here. Its code is tested too: the Python blocks are executed and compared with the engine for
several subtraction sets and many heaps, and the C++ block is compiled with -Wall -Werror (and
bounds-checked containers) and run, when a C++ compiler is available.
"""
from __future__ import annotations

import itertools
import random
import re
import subprocess
from pathlib import Path


from tests import lesson_code
from tests.lesson_code import CXX, needs_cxx

from grundy.games import nim
from grundy.games.core import Solver, SumGame, mex
from grundy.games.nim import NimHeap, NimMove
from grundy.games.takeaway import (
    Bash,
    Fibonacci,
    Period,
    PowersOfTwo,
    SubtractionSet,
    TakeAwayGame,
    cells,
    grundy_values,
    outcomes,
    period,
)
from grundy.widgets import mex_steps, pn_table

REPO = Path(__file__).parents[1]
LESSON = lesson_code.Lesson("06-mex-and-sg.md")

S134 = SubtractionSet.of(1, 3, 4)  # the notes' worked example
S23 = SubtractionSet.of(2, 3)  # Try it, question 2
S124 = SubtractionSet.of(1, 2, 4)  # Try it, question 3
TAKE_ONE_OR_TWO = Bash(2)  # lesson 1's coin game

# Every nonempty subtraction set drawn from 1..7: 127 games, for the general claims.
ALL_SMALL_SETS = [SubtractionSet(frozenset(c)) for r in range(1, 8) for c in itertools.combinations(range(1, 8), r)]
RULES = [S134, S23, S124, TAKE_ONE_OR_TWO, Bash(5), PowersOfTwo(), Fibonacci(), SubtractionSet.of(2, 5, 7)]

MEX_CLAIM = re.compile(r"\\operatorname\{mex\}\\\{([0-9, ]*)\\\} = (\d+)")


# ---------------------------------------------------------------- helpers


def options(rule, n: int) -> list[int]:
    """The positions one move away from a heap of n, largest first (as the lesson lists them)."""
    return [n - take for take in rule.moves(n)]


def outcomes_by_the_three_rules(rule, upto: int) -> list[str]:
    """P/N from lesson 2's rules alone, with no SG value in sight."""
    table: list[str] = []
    for n in range(upto + 1):
        table.append("N" if any(table[o] == "P" for o in options(rule, n)) else "P")
    return table


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.split()]


# ---------------------------------------------------------------- one label is not enough


def test_two_n_heaps_can_make_a_p_or_an_n_sum() -> None:
    assert nim.outcome([1]) == "N" and nim.outcome([2]) == "N"  # each heap alone: take it all
    assert nim.winning_moves([1]) == [NimMove(1, 1, 0)] and NimMove(1, 2, 0) in nim.winning_moves([2])
    assert nim.outcome([1, 1]) == "P"
    two_heaps = Solver(SumGame((NimHeap(), NimHeap())))
    assert two_heaps.outcome((1, 1)) == "P"
    # Whatever you take from (1, 1), your opponent takes the other heap and wins.
    assert sorted(m.position for m in SumGame((NimHeap(), NimHeap())).options((1, 1))) == [(0, 1), (1, 0)]
    assert all(two_heaps.winning_moves(p) for p in [(0, 1), (1, 0)])
    assert nim.outcome([1, 2]) == "N"
    assert nim.winning_moves([1, 2]) == [NimMove(2, 1, 1)]  # take 1 from the heap of 2, leaving 1 and 1


# ---------------------------------------------------------------- mex


def test_the_notes_mex_examples() -> None:
    assert mex([0, 1, 2, 4]) == 3
    assert mex([2, 3, 5]) == 0
    assert mex([]) == 0
    for example in (r"\operatorname{mex}\{0, 1, 2, 4\} = 3", r"\operatorname{mex}\{2, 3, 5\} = 0",
                    r"\operatorname{mex}\{\} = 0"):
        assert example in LESSON.text


def test_every_mex_the_lesson_writes_out_is_right() -> None:
    claims = MEX_CLAIM.findall(LESSON.text)
    assert len(claims) >= 20, "the pattern finds the lesson's mex claims"
    for listed, value in claims:
        members = [int(x) for x in listed.replace(",", " ").split()]
        assert mex(members) == int(value), f"mex{{{listed}}} = {value}"


def test_repeats_do_not_matter() -> None:
    assert mex([1, 1, 0]) == mex({0, 1}) == 2  # the list 1, 1, 0


def test_the_key_idea_every_number_below_the_mex_is_there_and_the_mex_is_not() -> None:
    for size in range(7):
        for subset in itertools.combinations(range(8), size):
            g = mex(subset)
            assert all(k in subset for k in range(g)) and g not in subset
            # ... and that pins the mex down: no other g' has both properties.
            assert [h for h in range(10) if all(k in subset for k in range(h)) and h not in subset] == [g]


# ---------------------------------------------------------------- the SG function


def test_the_coin_game_values() -> None:
    assert grundy_values(TAKE_ONE_OR_TWO, 3) == [0, 1, 2, 0]
    assert [c.option_values for c in cells(TAKE_ONE_OR_TWO, 3)] == [[], [0], [0, 1], [1, 2]]
    assert outcomes(TAKE_ONE_OR_TWO, 3)[3] == "P"  # lesson 1's P-position 3 has value 0


def test_terminal_positions_have_value_0() -> None:
    for rule in RULES + ALL_SMALL_SETS:
        values = grundy_values(rule, 60)
        assert all(values[n] == 0 for n in range(61) if not rule.moves(n))


def test_sg_is_0_exactly_at_the_p_positions() -> None:
    for rule in RULES + ALL_SMALL_SETS:
        values = grundy_values(rule, 300)
        pn = outcomes_by_the_three_rules(rule, 300)
        assert ["P" if g == 0 else "N" for g in values] == pn, rule.label
    # The same for a game that is not a single heap: two Nim heaps, by the generic solver.
    two_heaps = SumGame((NimHeap(), NimHeap()))
    solver = Solver(two_heaps)
    for a in range(12):
        for b in range(12):
            assert (solver.grundy((a, b)) == 0) == (nim.outcome([a, b]) == "P")


def test_every_value_below_g_is_reachable_and_g_is_not() -> None:
    for rule in RULES + ALL_SMALL_SETS:
        for cell in cells(rule, 200):
            reachable = {o.grundy for o in cell.options}
            assert set(range(cell.grundy)) <= reachable and cell.grundy not in reachable


def test_a_move_up_can_always_be_answered_by_a_move_back_to_the_same_value() -> None:
    for rule in RULES + ALL_SMALL_SETS:
        table = cells(rule, 200)
        for cell in table:
            for up in (o for o in cell.options if o.grundy > cell.grundy):
                assert any(back.grundy == cell.grundy for back in table[up.to].options)


def test_a_nim_heap_of_n_has_value_n() -> None:
    solver = Solver(NimHeap())
    for n in range(300):
        assert sorted(m.position for m in NimHeap().options(n)) == list(range(n))  # heaps 0 .. n-1
        assert solver.grundy(n) == n
    assert Solver(NimHeap()).grundy(0) == 0 and not list(NimHeap().options(0))  # a heap of 0 is terminal


def test_sums_are_p_exactly_when_the_xor_of_the_values_is_0() -> None:
    """The preview of lesson 7: a take-{1,3,4} heap next to a Nim heap behaves like two Nim heaps."""
    game = SumGame((TakeAwayGame(S134), NimHeap()))
    solver = Solver(game)
    values = grundy_values(S134, 30)
    for a in range(31):
        for b in range(8):
            assert solver.outcome((a, b)) == ("P" if values[a] ^ b == 0 else "N")


# ---------------------------------------------------------------- worked example: S = {1, 3, 4}


def test_the_worked_table_matches_the_engine() -> None:
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \| ([^|]+) \| \\\(\\operatorname\{mex\}\\\{([0-9, ]*)\\\} = (\d+)\\\) \|$",
                      LESSON.text, re.MULTILINE)
    assert [int(r[0]) for r in rows] == list(range(9))
    table = cells(S134, 8)
    for n_text, listed_options, listed_values, listed_set, value in rows:
        cell = table[int(n_text)]
        if not cell.options:
            assert listed_options.strip() == "none" and listed_values.strip() == "none"
        else:
            assert listed_options.strip().split(", ") == [str(o.to) for o in cell.options]
            assert listed_values.strip().split(", ") == [str(o.grundy) for o in cell.options]
        assert [int(x) for x in listed_set.replace(",", " ").split()] == cell.option_values
        assert int(value) == cell.grundy


def test_the_notes_sg_sequence_for_1_3_4() -> None:
    assert grundy_values(S134, 8) == numbers("0 1 0 1 2 3 2 0 1")
    assert options(S134, 12) == [11, 9, 8]  # options n-1, n-3, n-4
    assert S134.moves(2) == [1] and S134.moves(3) == [1, 3]  # "when not negative"


def test_row_6_moves_down_and_up() -> None:
    six = cells(S134, 6)[6]
    assert six.grundy == 2
    assert [(o.take, o.to, o.grundy) for o in six.options] == [(1, 5, 3), (3, 3, 1), (4, 2, 0)]
    five = cells(S134, 5)[5]
    assert (1, 4, 2) in [(o.take, o.to, o.grundy) for o in five.options]  # "take 1" from 5 reaches value 2


def test_the_values_of_1_3_4_repeat_with_period_7() -> None:
    assert period(S134) == Period(preperiod=0, length=7)
    values = grundy_values(S134, 5000)
    assert values == [[0, 1, 0, 1, 2, 3, 2][n % 7] for n in range(5001)]
    assert "0 1 0 1 2 3 2" in LESSON.text
    # The proof's steps: every move is legal from 4 on, and the windows 0..3 and 7..10 agree.
    assert all(S134.moves(n) == [1, 3, 4] for n in range(4, 300))
    assert S134.moves(3) != [1, 3, 4]
    assert values[7:11] == values[0:4] == [0, 1, 0, 1]
    assert values[11] == values[4] and values[8:12] == values[1:5]


def test_the_zeros_of_1_3_4_are_lesson_2s_p_positions() -> None:
    values = grundy_values(S134, 1000)
    assert [n for n in range(1001) if values[n] == 0] == [n for n in range(1001) if n % 7 in (0, 2)]
    assert values[1] == 1 and values[5] == 3  # both N, but like Nim heaps of 1 and of 3


def test_the_widgets_are_the_ones_the_lesson_describes() -> None:
    assert LESSON.widgets("mex-steps") == [{"rule": "set", "set": "1,3,4", "upto": "12", "n": "0"}]
    assert LESSON.widgets("pn-table") == [{"rule": "set", "set": "1,3,4", "upto": "30", "sg": "1", "step": "0"}]
    # The stepper goes on past 8, starting at 0 with an empty set of option values.
    stepper = mex_steps.view(mex_steps.parse(LESSON.widgets("mex-steps")[0]))
    assert stepper.params.upto > 8 and stepper.current.n == 0 and stepper.current.option_values == []
    assert stepper.sequence == "0"
    # The table of 0..30 shows the SG values and marks a whole period of 7.
    table = pn_table.view(pn_table.parse(LESSON.widgets("pn-table")[0]))
    assert table.params.sg and table.period == Period(0, 7) and table.period_visible
    assert [c.grundy for c in table.cells] == grundy_values(S134, 30)


# ---------------------------------------------------------------- Beyond the notes: the bound


def test_the_mex_of_k_numbers_is_at_most_k() -> None:
    for k in range(6):
        for chosen in itertools.product(range(k + 3), repeat=k):
            g = mex(chosen)
            assert g <= k
            assert (g == k) == (set(chosen) == set(range(k)))  # equality only for exactly 0 .. k-1


def test_sg_values_of_a_subtraction_game_are_at_most_the_size_of_s() -> None:
    for rule in ALL_SMALL_SETS:
        assert max(len(rule.moves(n)) for n in range(300)) <= len(rule.amounts)
        assert max(grundy_values(rule, 1000)) <= len(rule.amounts), rule.label
    values = grundy_values(S134, 1000)
    assert set(values) == {0, 1, 2, 3} and values.index(3) == 5  # 3 occurs, first at heap 5
    assert set(grundy_values(S124, 1000)) == {0, 1, 2}  # the bound |S| = 3 is not reached


def test_every_finite_subtraction_game_repeats_in_the_end() -> None:
    for rule in ALL_SMALL_SETS:
        found = period(rule)
        assert found is not None, rule.label
        # With at most |S| + 1 values, the windows of max S values are few, so one recurs early.
        assert found.preperiod + found.length <= (len(rule.amounts) + 1) ** max(rule.amounts)
        values = grundy_values(rule, found.preperiod + 3 * found.length + 50)
        assert all(values[n + found.length] == values[n] for n in range(found.preperiod, len(values) - found.length))


# ---------------------------------------------------------------- how long it takes


def test_the_complexity_arithmetic() -> None:
    n, k = 10**5, len(S134.amounts)
    assert n * n == 10**10  # clearing a table-sized array at every position
    assert n * (k + 1) == 400_000  # clearing k + 1 entries instead
    assert "400{,}000" in LESSON.text and "10^{10}" in LESSON.text


# ---------------------------------------------------------------- Try it


def test_try_it_1_options_with_values_0_2_2_5() -> None:
    values = [0, 2, 2, 5]
    assert mex(values) == mex({0, 2, 5}) == 1
    assert 0 in values  # an option of value 0 is a P-position: N
    assert 1 not in values and [v for v in values if v > 1] == [2, 2, 5]  # 1 unreachable; 2 and 5 go up


def test_try_it_2_subtraction_set_2_3() -> None:
    values = grundy_values(S23, 10)
    assert values == numbers("0 0 1 1 2 0 0 1 1 2 0")
    assert "0 0 1 1 2 0 0 1 1 2 0" in LESSON.text
    assert [n for n in range(11) if not S23.moves(n)] == [0, 1]  # terminal, value 0
    assert options(S23, 4) == [2, 1] and [values[2], values[1]] == [1, 0] and values[4] == 2
    assert [n for n in range(11) if values[n] == 0] == [0, 1, 5, 6, 10]
    assert outcomes(S23, 9) == "P P N N N P P N N N".split()  # lesson 2's Try-it agrees
    assert period(S23) == Period(0, 5)
    assert max(grundy_values(S23, 1000)) == 2 == len(S23.amounts)


def test_try_it_3_subtraction_set_1_2_4() -> None:
    assert grundy_values(S124, 8) == numbers("0 1 2 0 1 2 0 1 2")
    assert "0 1 2 0 1 2 0 1 2" in LESSON.text
    values = grundy_values(S124, 3000)
    assert values == [n % 3 for n in range(3001)]
    # The proof's steps.
    for n in range(2, 3001):
        others = {0, 1, 2} - {n % 3}
        assert {(n - 1) % 3, (n - 2) % 3} == others
        assert (n - 4) % 3 == (n - 1) % 3
        assert mex(others) == n % 3
    assert max(values) == 2 < len(S124.amounts) == 3


# ---------------------------------------------------------------- the lesson's code


def test_the_lesson_has_exactly_the_code_blocks_tested_here() -> None:
    assert len(LESSON.blocks("python")) == 2
    assert len(LESSON.blocks("cpp")) == 1


def test_python_mex_matches_the_engine() -> None:
    lesson_mex = LESSON.python("mex")["mex"]
    assert lesson_mex([0, 1, 2, 4]) == 3 and lesson_mex([2, 3, 5]) == 0 and lesson_mex([]) == 0
    assert lesson_mex(iter([1, 1, 0])) == 2  # any iterable, repeats allowed
    rng = random.Random(6)
    for _ in range(2000):
        values = [rng.randrange(12) for _ in range(rng.randrange(10))]
        assert lesson_mex(values) == mex(values)


TABLE_SETS = [(1, 3, 4), (2, 3), (1, 2, 4), (1,), (1, 2), (2, 5, 7), (3, 5), (1, 4), (4, 9, 10, 11), (6,),
              (1, 2, 3, 4, 5, 6, 7, 8)]


def test_python_sg_table_matches_the_engine() -> None:
    sg_table = LESSON.python("sg_table")["sg_table"]
    for amounts in TABLE_SETS:
        expected = grundy_values(SubtractionSet.of(*amounts), 2000)
        assert sg_table(list(amounts), 2000) == expected, amounts
        assert sg_table(list(reversed(amounts)) + [amounts[0]], 300) == expected[:301]  # unsorted, repeated
        assert sg_table(list(amounts), 0) == [0]
    # Against the generic solver too, which knows nothing about subtraction sets.
    solver = Solver(TakeAwayGame(S134))
    assert sg_table([1, 3, 4], 500) == [solver.grundy(n) for n in range(501)]


HARNESS = """
#include <iostream>
int main() {
    int k, limit;
    while (std::cin >> k >> limit) {
        std::vector<int> moves(k);
        for (int& s : moves) std::cin >> s;
        for (int g : sg_table(moves, limit)) std::cout << g << ' ';
        std::cout << '\\n';
    }
}
"""


@needs_cxx
def test_cpp_sg_table_compiles_cleanly_and_matches_the_engine(tmp_path: Path) -> None:
    (block,) = LESSON.blocks("cpp")
    source = tmp_path / "main.cpp"
    source.write_text(block + HARNESS, encoding="utf-8")
    binary = tmp_path / "main"
    # _GLIBCXX_DEBUG makes every vector index checked: an index out of range aborts the run.
    subprocess.run([CXX, "-std=c++17", "-O1", "-Wall", "-Werror", "-D_GLIBCXX_DEBUG", "-o", str(binary), str(source)],
                   check=True, capture_output=True, timeout=120)
    cases = [(list(a), 2000) for a in TABLE_SETS] + [([4, 1, 3, 1], 300), ([1, 3, 4], 0)]
    stdin = "".join(f"{len(moves)} {limit} {' '.join(map(str, moves))}\n" for moves, limit in cases)
    run = subprocess.run([str(binary)], input=stdin, check=True, capture_output=True, text=True, timeout=60)
    lines = run.stdout.splitlines()
    assert len(lines) == len(cases)
    for (moves, limit), line in zip(cases, lines):
        assert numbers(line) == grundy_values(SubtractionSet(frozenset(moves)), limit), moves
