"""Every fact about a game that lessons 1 and 2 state, checked against the engine.

A lesson may say "3 is a P-position" or "Kiki has five winning first moves"; each such claim
has a test here, so an edit to a lesson or to the engine that breaks one fails loudly. The
lessons' code blocks are tested too: the Python blocks are executed and compared with the
engine, and the C++ blocks are compiled and run when a C++ compiler is available.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests import lesson_code
from tests.lesson_code import needs_cxx

from grundy.games.takeaway import Bash, PowersOfTwo, SubtractionSet, outcomes
from tests.judge import judge_samples

REPO = Path(__file__).parents[1]
LESSON_1 = lesson_code.Lesson("01-impartial-games.md", cxx_flags=("-O1",))
LESSON_2 = lesson_code.Lesson("02-p-and-n-positions.md", cxx_flags=("-O1",))

TAKE_ONE_OR_TWO = Bash(2)  # lesson 1's coin game
CARDS = PowersOfTwo()  # HDU 1847
TAKE_TWO_OR_THREE = SubtractionSet(frozenset({2, 3}))
TAKE_ONE_THREE_FOUR = SubtractionSet(frozenset({1, 3, 4}))


# ---------------------------------------------------------------- helpers


def options(rule, n: int) -> list[int]:
    """The positions one move away from a heap of n, largest first (as the lesson lists them)."""
    return [n - take for take in rule.moves(n)]


def winning_moves(rule, n: int) -> list[int]:
    """The amounts that may be taken from n to leave a P-position."""
    table = outcomes(rule, n)
    return [take for take in rule.moves(n) if table[n - take] == "P"]


def longest_play(rule, n: int) -> int:
    return max((1 + longest_play(rule, option) for option in options(rule, n)), default=0)


def shortest_play(rule, n: int) -> int:
    return min((1 + shortest_play(rule, option) for option in options(rule, n)), default=0)


def letters(text: str) -> list[str]:
    """'P N N P' -> ['P', 'N', 'N', 'P']."""
    return text.split()


# ---------------------------------------------------------------- lesson 1: the coin game


def test_the_game_graph_table_in_lesson_1_matches_the_engine() -> None:
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \|$", LESSON_1.text, re.MULTILINE)
    assert [int(position) for position, _ in rows] == [5, 4, 3, 2, 1, 0]
    for position, listed in rows:
        n = int(position)
        expected = [str(option) for option in options(TAKE_ONE_OR_TWO, n)]
        if expected:
            assert listed.strip().split(", ") == expected
        else:
            assert listed.strip() == "none (terminal)"


def test_the_coin_game_from_five_coins() -> None:
    reachable = {5}
    frontier = [5]
    while frontier:
        for option in options(TAKE_ONE_OR_TWO, frontier.pop()):
            if option not in reachable:
                reachable.add(option)
                frontier.append(option)
    assert sorted(reachable) == [0, 1, 2, 3, 4, 5]  # "it has six positions"
    assert [n for n in reachable if not TAKE_ONE_OR_TWO.moves(n)] == [0]  # the only terminal one
    assert options(TAKE_ONE_OR_TWO, 5) == [4, 3]
    assert options(TAKE_ONE_OR_TWO, 1) == [0]
    assert longest_play(TAKE_ONE_OR_TWO, 5) == 5  # take one coin every time
    assert shortest_play(TAKE_ONE_OR_TWO, 5) == 3  # e.g. two, two, then one


def test_every_move_in_a_take_away_game_makes_the_heap_smaller() -> None:
    """Why the game graphs are acyclic and a heap of n lasts at most n moves."""
    for rule in (TAKE_ONE_OR_TWO, CARDS, TAKE_TWO_OR_THREE, TAKE_ONE_THREE_FOUR):
        for n in range(300):
            assert all(1 <= take <= n for take in rule.moves(n))


def test_the_example_game_is_legal_and_ends_with_bob_stuck() -> None:
    heap = 5
    for take in (2, 1, 2):  # Alice, Bob, Alice
        assert take in TAKE_ONE_OR_TWO.moves(heap)
        heap -= take
    assert heap == 0 and TAKE_ONE_OR_TWO.moves(heap) == []


def test_the_outcomes_worked_out_in_lesson_1() -> None:
    table = outcomes(TAKE_ONE_OR_TWO, 6)
    assert table[3] == "P"  # whoever must move at 3 loses
    for option in options(TAKE_ONE_OR_TWO, 3):  # ... because each reply takes the rest
        assert option in TAKE_ONE_OR_TWO.moves(option)
    assert table[5] == "N" and winning_moves(TAKE_ONE_OR_TWO, 5) == [2]  # Alice's only winning move
    assert table[4] == "N" and winning_moves(TAKE_ONE_OR_TWO, 4) == [1]  # after 5 -> 4, Bob leaves 3
    assert table[6] == "P"  # with six coins the second player wins


def test_lesson_1_try_it_terminal_positions_of_take_two_or_three() -> None:
    terminal = [n for n in range(300) if not TAKE_TWO_OR_THREE.moves(n)]
    assert terminal == [0, 1]


def test_lesson_1_try_it_six_coins() -> None:
    assert outcomes(TAKE_ONE_OR_TWO, 6)[6] == "P"
    assert options(TAKE_ONE_OR_TWO, 6) == [5, 4]
    assert winning_moves(TAKE_ONE_OR_TWO, 5) == [2] and winning_moves(TAKE_ONE_OR_TWO, 4) == [1]


# ---------------------------------------------------------------- lesson 2: HDU 1847


def test_hdu_1847_p_positions_are_the_multiples_of_3() -> None:
    table = outcomes(CARDS, 1000)  # the judge's whole range
    assert table == ["P" if n % 3 == 0 else "N" for n in range(1001)]


def test_the_hand_filled_cells_of_hdu_1847() -> None:
    table = outcomes(CARDS, 12)
    assert table == letters("P N N P N N P N N P N N P")
    assert "P N N P N N P N N P N N P" in LESSON_2.text
    assert CARDS.moves(0) == []  # 0 is terminal
    assert table[1 - 1] == "P"  # 1: take 1 to reach 0
    assert table[2 - 2] == "P"  # 2: take 2 to reach 0
    assert CARDS.moves(3) == [1, 2] and table[2] == table[1] == "N"  # 3: not 4; both options N
    assert table[4 - 1] == "P" and table[5 - 2] == "P"  # 4: take 1; 5: take 2
    assert options(CARDS, 6) == [5, 4, 2] and all(table[o] == "N" for o in (5, 4, 2))


def test_the_three_rules_hold_for_the_engine_outcomes() -> None:
    for rule in (TAKE_ONE_OR_TWO, CARDS, TAKE_TWO_OR_THREE, TAKE_ONE_THREE_FOUR):
        table = outcomes(rule, 300)
        for n in range(301):
            option_labels = [table[o] for o in options(rule, n)]
            if not option_labels:
                assert table[n] == "P"  # rule 1
            assert table[n] == ("N" if "P" in option_labels else "P")  # rules 2 and 3


def test_the_proof_steps_for_hdu_1847() -> None:
    powers = [1 << k for k in range(64)]
    assert all(p % 3 != 0 for p in powers)  # no power of two is a multiple of 3
    assert [p % 3 for p in powers[:8]] == [1, 2, 1, 2, 1, 2, 1, 2]
    assert [n for n in range(1001) if not CARDS.moves(n)] == [0]  # the only terminal position
    for n in range(1001):
        if n % 3 == 0:  # every move leaves the multiples of 3
            assert all((n - take) % 3 != 0 for take in CARDS.moves(n))
        else:  # taking n mod 3 (1 or 2) is legal and leaves a multiple of 3
            assert n % 3 in CARDS.moves(n) and (n - n % 3) % 3 == 0


def test_the_winner_needs_only_one_or_two_and_the_bash_table_agrees() -> None:
    assert outcomes(CARDS, 1000) == outcomes(TAKE_ONE_OR_TWO, 1000)
    # Note 001's table for the Bash game with m = 2, writing 0 for P and 1 for N:
    assert ["0" if o == "P" else "1" for o in outcomes(Bash(2), 9)] == "0 1 1 0 1 1 0 1 1 0".split()


def test_a_heap_of_at_most_1000_cards_has_at_most_10_moves() -> None:
    assert max(len(CARDS.moves(n)) for n in range(1001)) == 10
    assert CARDS.moves(1000) == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]


def test_hdu_1847_judge_samples() -> None:
    samples = judge_samples("HDU-1847")
    assert samples, "the judge file lists its samples"
    for sample in samples:
        heaps = [int(line) for line in sample["input"].split()]
        table = outcomes(CARDS, max(heaps))
        answers = ["Kiki" if table[n] == "N" else "Cici" for n in heaps]
        assert answers == sample["output"].split()
        assert heaps == [1, 3] and answers == ["Kiki", "Cici"]  # as the lesson quotes them


# ---------------------------------------------------------------- lesson 2: Try it


def test_lesson_2_try_it_take_two_or_three() -> None:
    assert outcomes(TAKE_TWO_OR_THREE, 9) == letters("P P N N N P P N N N")
    assert options(TAKE_TWO_OR_THREE, 5) == [3, 2] and options(TAKE_TWO_OR_THREE, 6) == [4, 3]
    table = outcomes(TAKE_TWO_OR_THREE, 4)
    assert all(any(table[o] == "P" and o in (0, 1) for o in options(TAKE_TWO_OR_THREE, n)) for n in (2, 3, 4))


def test_lesson_2_try_it_take_one_three_or_four() -> None:
    assert outcomes(TAKE_ONE_THREE_FOUR, 14) == letters("P N P N N N N P N P N N N N P")
    table = outcomes(TAKE_ONE_THREE_FOUR, 1000)
    assert table == ["P" if n % 7 in (0, 2) else "N" for n in range(1001)]
    # The proof's remainders: moves from remainder 0 and 2 ...
    assert sorted((0 - take) % 7 for take in (1, 3, 4)) == [3, 4, 6]
    assert sorted((2 - take) % 7 for take in (1, 3, 4)) == [1, 5, 6]
    # ... and the move the answer names from each other remainder.
    named = {1: 1, 3: 1, 4: 4, 5: 3, 6: 4}
    for n in range(1001):
        if n % 7 in named:
            take = named[n % 7]
            assert take in TAKE_ONE_THREE_FOUR.moves(n) and table[n - take] == "P"


def test_lesson_2_try_it_kikis_winning_moves_from_1000() -> None:
    assert outcomes(CARDS, 1000)[1000] == 'N'
    LESSON_2.states(r"1000 \bmod 3 = 1")
    assert winning_moves(CARDS, 1000) == [1, 4, 16, 64, 256]
    assert [1000 - take for take in winning_moves(CARDS, 1000)] == [999, 996, 984, 936, 744]


# ---------------------------------------------------------------- the lessons' widgets


@pytest.mark.parametrize("lesson", [LESSON_1, LESSON_2])
def test_the_pn_table_widgets_use_only_documented_keys(lesson: Path) -> None:
    for body in lesson.blocks("widget pn-table"):
        params = dict(line.split(": ", 1) for line in body.strip().splitlines())
        assert set(params) <= {"rule", "m", "set", "upto", "step"}  # no SG before lesson 6
        assert params["rule"] in {"bash", "set", "powers-of-two", "fibonacci"}
        assert 0 <= int(params["upto"]) <= 300
        assert 0 <= int(params.get("step", "0")) <= int(params["upto"]) + 1


def test_lesson_2_embeds_two_powers_of_two_tables_both_opened_empty() -> None:
    widgets = [dict(line.split(": ", 1) for line in body.strip().splitlines())
               for body in LESSON_2.blocks("widget pn-table")]
    assert {"rule": "powers-of-two", "upto": "12", "step": "0"} in widgets
    assert {"rule": "powers-of-two", "upto": "30", "step": "0"} in widgets


# ---------------------------------------------------------------- the lessons' code


def test_the_lessons_have_exactly_the_code_blocks_tested_here() -> None:
    assert LESSON_1.blocks("python") == [] and LESSON_1.blocks("cpp") == []
    assert len(LESSON_2.blocks("python")) == 2
    assert len(LESSON_2.blocks("cpp")) == 2


def test_python_outcome_table_matches_the_engine() -> None:
    outcome_table = LESSON_2.python("outcome_table")["outcome_table"]
    assert outcome_table(200) == outcomes(CARDS, 200)
    assert outcome_table(1000) == outcomes(CARDS, 1000)
    assert outcome_table(0) == ["P"]


def test_python_first_player_wins_matches_the_engine() -> None:
    first_player_wins = LESSON_2.python("first_player_wins")["first_player_wins"]
    table = outcomes(CARDS, 1000)
    assert [first_player_wins(n) for n in range(1001)] == [o == "N" for o in table]


@needs_cxx
def test_cpp_outcome_table_matches_the_engine(tmp_path: Path) -> None:
    harness = LESSON_2.cpp("outcome_table(int limit)") + (
        "\n#include <cstdio>\n"
        "int main() {\n"
        "    for (char c : outcome_table(1000)) std::putchar(c);\n"
        "    std::putchar('\\n');\n"
        "}\n"
    )
    binary = LESSON_2.compile(harness, tmp_path)
    printed = subprocess.run([str(binary)], check=True, capture_output=True, text=True, timeout=30).stdout
    assert printed.strip() == "".join(outcomes(CARDS, 1000))


@needs_cxx
def test_cpp_judge_program_answers_the_samples_and_every_n(tmp_path: Path) -> None:
    binary = LESSON_2.compile(LESSON_2.cpp("int main()"), tmp_path)
    for sample in judge_samples("HDU-1847"):
        run = subprocess.run([str(binary)], input=sample["input"], check=True, capture_output=True,
                             text=True, timeout=30)
        assert run.stdout.split() == sample["output"].split()
    table = outcomes(CARDS, 1000)
    every_n = "".join(f"{n}\n" for n in range(1, 1001))
    run = subprocess.run([str(binary)], input=every_n, check=True, capture_output=True, text=True, timeout=30)
    assert run.stdout.split() == ["Kiki" if table[n] == "N" else "Cici" for n in range(1, 1001)]
