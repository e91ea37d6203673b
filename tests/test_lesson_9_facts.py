"""Every fact lesson 9 (misère play) states, checked against the engine and by brute force.

The lesson's claims are of three kinds: tables (which heaps are P under each convention), the
misère Nim theorem with its winning move, and the SJ theorem with its condition. Each is checked
by a brute-force misère search that knows nothing of XOR, over every position small enough to
enumerate; the lesson's Python is run against the same search, and its C++ is compiled and run
on the judges' samples and on random cases.
"""
from __future__ import annotations

import itertools
import random
import re
from functools import cache
from pathlib import Path

import pytest

from grundy.games import nim
from grundy.games.core import mex, nim_sum
from grundy.games.registry import family
from grundy.games.solve import solve
from grundy.games.takeaway import Bash, Fibonacci, PowersOfTwo, Rule, SubtractionSet
from grundy.widgets import misere_table, xor_columns
from tests import lesson_code
from tests.judge import judge_samples
from tests.lesson_code import needs_cxx

LESSON = lesson_code.Lesson("09-misere.md")


@cache
def misere(heaps: tuple[int, ...]) -> str:
    """Misère Nim by brute force: the player who cannot move has won."""
    moves = [tuple(sorted(heaps[:i] + (left,) + heaps[i + 1 :])) for i, a in enumerate(heaps) for left in range(a)]
    if not moves:
        return "N"
    return "N" if any(misere(m) == "P" for m in moves) else "P"


def small_positions(top: int = 7, most: int = 4) -> list[tuple[int, ...]]:
    return [p for k in range(1, most + 1) for p in itertools.combinations_with_replacement(range(top + 1), k)]


def p_heaps(rule: Rule, upto: int, *, misere_play: bool) -> list[int]:
    row = misere_table.outcomes(rule, upto, misere=misere_play)
    return [n for n, o in enumerate(row) if o == "P"]


# ------------------------------------------------------------------ one heap


def test_the_worked_bash_table() -> None:
    LESSON.says("Under normal play the P-positions are 0, 3, 6, 9, …", "The misère P-positions are 1, 4, 7, 10, …")
    assert p_heaps(Bash(2), 10, misere_play=False) == [0, 3, 6, 9]
    assert p_heaps(Bash(2), 10, misere_play=True) == [1, 4, 7, 10]
    row = misere_table.outcomes(Bash(2), 4, misere=True)
    LESSON.says("heap 0 is N", "Heap 1 is P", "Heap 2 is N (take 1, leave 1), heap 3 is N (take 2, leave 1), and heap 4 is P")
    assert row == ["N", "P", "N", "N", "P"]


@pytest.mark.parametrize(("rule", "normal", "shifted"), [
    (PowersOfTwo(), "0, 3, 6", "1, 4, 7"),
    (Fibonacci(), "0, 4, 10, 14", "1, 5, 11, 15"),
    (SubtractionSet.of(1, 3, 4), "0, 2, 7, 9", "1, 3, 8, 10"),
])
def test_the_shift_for_the_lessons_other_rules(rule: Rule, normal: str, shifted: str) -> None:
    LESSON.says(f"normal P at {normal}, …", f"misère P at {shifted}, …")
    count = normal.count(",") + 1
    assert p_heaps(rule, 60, misere_play=False)[:count] == [int(n) for n in normal.split(", ")]
    assert p_heaps(rule, 60, misere_play=True)[:count] == [int(n) for n in shifted.split(", ")]


def test_the_shift_theorem_whenever_one_coin_can_be_taken() -> None:
    """o⁻(n + 1) = o⁺(n) for every rule that allows taking 1 — and not in general."""
    rules: list[Rule] = [Bash(m) for m in range(1, 12)] + [PowersOfTwo(), Fibonacci()]
    rules += [SubtractionSet(frozenset({1, *rest})) for k in range(4) for rest in itertools.combinations(range(2, 9), k)]
    for rule in rules:
        normal = misere_table.outcomes(rule, 200, misere=False)
        mis = misere_table.outcomes(rule, 201, misere=True)
        assert mis[0] == "N" and all(mis[n + 1] == normal[n] for n in range(201)), rule
    for m in range(1, 30):  # misère Bash
        mis = misere_table.outcomes(Bash(m), 200, misere=True)
        assert [n for n in range(201) if mis[n] == "P"] == [n for n in range(201) if n % (m + 1) == 1]
    LESSON.says(r"\(n \bmod (m + 1) = 1\)")


def test_one_letter_one_meaning() -> None:
    """m is Bash's parameter (lesson 3: take 1 to m); the outcomes of the shift's proof have
    names of their own, o⁺ (normal) and o⁻ (misère), in both languages."""
    for text in (LESSON.plain, *LESSON.twins.values()):
        assert r"\(o^-(n + 1) = o^+(n)\)" in text
        maths = re.findall(r"\\\((.*?)\\\)", text)
        assert any("m + 1" in x for x in maths) and any(x == "m = 2" for x in maths)
        assert not [x for x in maths if re.search(r"(?<![A-Za-z\\])m\(", x)], "m used as a function"
        assert not [x for x in maths if re.search(r"(?<![A-Za-z\\])o\(", x)], "an outcome without its + or −"


def test_the_rule_without_one_does_not_shift() -> None:
    LESSON.says("Normal P: 0, 1, 5, 6, 10, 11, …;", "misère P: 2, 3, 7, 8, 12, 13, …")
    rule = SubtractionSet.of(2, 3)
    assert p_heaps(rule, 13, misere_play=False) == [0, 1, 5, 6, 10, 11]
    assert p_heaps(rule, 13, misere_play=True) == [2, 3, 7, 8, 12, 13]
    assert rule.moves(1) == []
    LESSON.says("the rows match by a shift of **two**")
    normal, mis = misere_table.outcomes(rule, 200, misere=False), misere_table.outcomes(rule, 202, misere=True)
    assert all(mis[n + 2] == normal[n] for n in range(201))


def test_the_shift_is_by_the_smallest_amount_for_every_set() -> None:
    """The proof with 1 replaced by the smallest amount s: heaps below s are stuck (misère N),
    and o⁻(n + s) = o⁺(n) for every subtraction set — checked on every set drawn from 1 to 9."""
    LESSON.says("with 1 replaced by the smallest allowed amount", r"\(o^-(n + s) = o^+(n)\) for every heap \(n\) and every set")
    for text in LESSON.twins.values():
        assert r"\(o^-(n + s) = o^+(n)\)" in text
    for size in range(1, 6):
        for amounts in itertools.combinations(range(1, 10), size):
            rule, s = SubtractionSet.of(*amounts), min(amounts)
            normal = misere_table.outcomes(rule, 120, misere=False)
            mis = misere_table.outcomes(rule, 120 + s, misere=True)
            assert mis[:s] == ["N"] * s, amounts
            assert all(mis[n + s] == normal[n] for n in range(121)), amounts


def test_the_widgets_show_what_the_text_says() -> None:
    fences = LESSON.widgets("misere-table")
    assert fences == [{"rule": "bash", "m": "2", "upto": "12", "step": "0"}, {"rule": "set", "set": "2,3", "upto": "15", "step": "0"}]
    opened = misere_table.view(misere_table.parse(fences[0]))
    assert opened.stepping and not opened.shown  # the reader predicts before anything is revealed
    first = misere_table.view(misere_table.parse(fences[0] | {"step": ""}))
    assert first.p_heaps(False) == [0, 3, 6, 9, 12] and first.p_heaps(True) == [1, 4, 7, 10]
    stepped = misere_table.view(misere_table.parse(fences[0] | {"step": "5"}))
    assert stepped.current == 4 and stepped.normal_reason and stepped.misere_reason
    assert stepped.normal_reason.outcome == "N" and stepped.misere_reason.outcome == "P"
    assert stepped.misere_reason.takes == (1, 2)
    LESSON.says("press **Next** (or →)", "**Show all** fills the rest")


# ------------------------------------------------------------------ sums


def test_one_heap_of_one_is_p_and_two_are_n() -> None:
    LESSON.says("one heap of 1 coin is **P**", "two heaps of 1 coin are **N**", "P plus P gave N")
    assert misere((1,)) == "P" and misere((1, 1)) == "N"
    assert nim.misere_outcome([1]) == "P" and nim.misere_outcome([1, 1]) == "N"
    assert nim.outcome([0]) == "P" and nim.outcome([0, 0]) == "P"  # normal play: P plus P is P
    LESSON.says("every good position with coins\nleft has a move to a bad one")  # the empty position is good, with no move
    assert nim.misere_outcome([0, 0]) == "N" and misere((0, 0)) == "N"
    LESSON.says("heaps 2, 2 is P, and two copies of it, heaps 2, 2, 2, 2, are P too")
    assert misere((2, 2)) == "P" and misere((2, 2, 2, 2)) == "P"
    LESSON.states(r"0 \oplus 0 = 0")


def test_sg_values_do_not_decide_a_misere_sum() -> None:
    """A heap of 1 and the heaps 2, 3 have the same SG value and different misère outcomes."""
    LESSON.says("a heap of 1 and the pair of heaps 2, 3 both have SG value 1",
                "under misère play the first is P and the second N")
    assert nim_sum([1]) == nim_sum([2, 3]) == 1
    assert misere((1,)) == "P" and misere((2, 3)) == "N"
    LESSON.says("(1 and 1, against 2, 2 and 2, 2)", "the parts' outcomes no longer decide a misère sum")
    assert "SG-like" not in LESSON.plain


# ------------------------------------------------------------------ misère Nim


def test_the_misere_nim_theorem_by_brute_force() -> None:
    for heaps in small_positions():
        x = 0
        for a in heaps:
            x ^= a
        rule = (x == 0) if all(a <= 1 for a in heaps) else (x != 0)
        assert (misere(heaps) == "N") == rule, heaps
        assert nim.misere_outcome(list(heaps)) == misere(heaps)


def test_the_winning_moves_lead_to_p_positions() -> None:
    for heaps in small_positions():
        moves = nim.misere_winning_moves(list(heaps))
        wins = {tuple(sorted(heaps[: m.heap - 1] + (m.left,) + heaps[m.heap :])) for m in moves}
        assert all(misere(w) == "P" for w in wins)
        assert bool(moves) == (misere(heaps) == "N" and any(heaps))


def test_the_worked_positions() -> None:
    LESSON.states(r"3 \oplus 5 \oplus 1 = 7")
    LESSON.says("take 3 from the 5, leaving (3, 2, 1)", "The right move is\nto take 4, leaving 1, 1, 1")
    assert [(m.heap, m.take) for m in nim.misere_winning_moves([3, 5, 1])] == [(2, 3)]
    assert misere((1, 2, 3)) == "P"
    assert misere((1, 1)) == "N" and misere((1, 1, 1)) == "P"  # taking all 5 from (1, 1, 5) leaves (1, 1)
    assert [(m.heap, m.left) for m in nim.misere_winning_moves([1, 1, 5])] == [(3, 1)]
    assert nim.winning_moves([1, 1, 5]) == [nim.NimMove(3, 5, 0)]  # the normal Nim move, which loses here


def test_the_xor_widgets() -> None:
    fences = LESSON.widgets("xor-columns")
    assert fences == [{"heaps": "3,5,1", "misere": "1", "shown": "the text just above works this position out"},
                      {"heaps": "1,1,5", "misere": "1", "shown": "the example above works this position out"}]
    john = xor_columns.view(xor_columns.parse(fences[0]))
    assert john.outcome == "N" and john.xor_decides and [(m.heap, m.take) for m in john.moves] == [(2, 3)]
    endgame = xor_columns.view(xor_columns.parse(fences[1]))
    assert endgame.outcome == "N" and not endgame.xor_decides and endgame.top is None
    assert [(m.heap, m.take) for m in endgame.moves] == [(3, 4)]
    LESSON.says("Untick **Misère**")


# ------------------------------------------------------------------ judge problems


def test_hdu_1907_limits_and_sample() -> None:
    LESSON.says(r"\(T \le 474\)", r"\(T \le 500\)", r"\(N \le 47\)", r"\(1 \le A_i \le 4747\)",
                "at most 50 heaps of\nat most 5000")
    for problem in ("HDU-1907", "POJ-3480", "Luogu-P4279"):
        assert judge_samples(problem)[0]["output"].split() == ["John", "Brother"]
    assert solve(family("nim"), ["3", "5", "1"], misere=True).outcome == "N"
    assert solve(family("nim"), ["1"], misere=True).outcome == "P"


def test_the_cli_lines_say_what_the_lesson_quotes() -> None:
    from tests.test_cli import run

    code, out, _ = run("solve", "nim", "3", "5", "1", "--misere")
    assert code == 0 and "component 2: take 3 → 2" in out
    LESSON.says('"component 2: take 3 → 2"', "$ grundy solve nim 3 5 1 --misere")


def test_the_chinese_lesson_shows_the_samples_in_its_widget() -> None:
    """The Chinese lesson shows what the page shows, not the command line: its first XOR table
    is the first sample (N, the one winning move takes 3 from heap 2), and the same table with a
    single heap of 1 is the second (P)."""
    zh = LESSON.twins["zh"]
    assert "grundy solve" not in zh and "上面第一个异或表就是三堆 3、5、1" in zh
    assert "从第 2 堆取走 3 枚" in zh and "改成只有一堆 1，它就判为 P" in zh
    john = xor_columns.view(xor_columns.parse(LESSON.widgets("xor-columns")[0]))
    assert john.outcome == "N" and [(m.heap, m.take) for m in john.moves] == [(2, 3)]
    brother = xor_columns.view(xor_columns.parse(LESSON.widgets("xor-columns")[0] | {"heaps": "1"}))
    assert brother.outcome == "P"


def row_sg(k: int) -> list[int]:
    """SG of a row of k apples (HDU 2509): a move takes a consecutive block, leaving 0, 1 or 2 rows."""
    sg = [0] * (k + 1)
    for n in range(1, k + 1):
        reach = {sg[a] ^ sg[b] for take in range(1, n + 1) for a in range(n - take + 1) for b in (n - take - a,)}
        sg[n] = mex(reach)
    return sg


def test_hdu_2509_rows_are_nim_heaps() -> None:
    assert row_sg(100) == list(range(101))
    LESSON.says("A row of \\(n\\) apples is worth \\(n\\)", "the sample's groups\n2, 2 give `No`", "single group of 3 gives\n`Yes`")
    assert judge_samples("HDU-2509")[0]["output"].split() == ["No", "Yes"]
    assert nim.misere_outcome([2, 2]) == "P" and nim.misere_outcome([3]) == "N"


# ------------------------------------------------------------------ the SJ theorem


def sj_says(values: list[int]) -> str:
    x = 0
    for v in values:
        x ^= v
    big = any(v > 1 for v in values)
    return "N" if (x != 0 and big) or (x == 0 and not big) else "P"


def test_sj_theorem_holds_for_nim() -> None:
    """Nim satisfies the condition (a heap worth 0 is empty), and there the theorem is the
    misère Nim rule: it agrees with brute force on every small position."""
    for heaps in small_positions(7, 3):
        assert sj_says(list(heaps)) == misere(heaps)


def test_the_counter_game_breaks_sj_without_its_condition() -> None:
    LESSON.says("from 2\nit may also jump straight to 0", "The SG values of 0, 1, 2, 3 are 0, 1, 2\nand 0",
                "0 is N, 1 is P, 2 is N (move to 1) and 3 is P")
    moves = {0: [], 1: [0], 2: [1, 0], 3: [2], 4: [3]}
    sg: dict[int, int] = {}
    mis: dict[int, str] = {}
    for n in sorted(moves):
        sg[n] = mex({sg[t] for t in moves[n]})
        mis[n] = "N" if not moves[n] else ("N" if any(mis[t] == "P" for t in moves[n]) else "P")
    assert [sg[n] for n in range(4)] == [0, 1, 2, 0]
    assert [mis[n] for n in range(4)] == ["N", "P", "N", "P"]
    assert sj_says([sg[3]]) == "N" != mis[3]  # the theorem's answer, and the truth
    assert mis[4] == "N"  # Try it 4


# ------------------------------------------------------------------ try it


def test_try_it_answers() -> None:
    rule = Bash(3)
    mis = misere_table.outcomes(rule, 12, misere=True)
    assert mis[9] == "P" and mis[12] == "N"
    LESSON.states(r"9 \bmod 4 = 1", r"12 \bmod 4 = 0")
    assert misere((2, 2)) == "P" and misere((1, 2, 2)) == "N"
    assert [(m.heap, m.left) for m in nim.misere_winning_moves([1, 2, 2])] == [(1, 0)]
    LESSON.states(r"2 \oplus 2 = 0")
    assert [(m.heap, m.take) for m in nim.misere_winning_moves([1, 1, 1, 6])] == [(4, 6)]


# ------------------------------------------------------------------ the code


def test_python_code_matches_brute_force() -> None:
    ns = LESSON.python("misere_first_player_wins", "misere_winning_move")
    for heaps in small_positions():
        wins = ns["misere_first_player_wins"](list(heaps))
        assert wins == (misere(heaps) == "N"), heaps
        move = ns["misere_winning_move"](list(heaps))
        if not wins or not any(heaps):
            assert move is None
        elif any(heaps):
            i, left = move
            assert left < heaps[i]
            after = tuple(sorted(heaps[:i] + (left,) + heaps[i + 1 :]))
            assert misere(after) == "P", (heaps, move)
    rng = random.Random(1907)
    for _ in range(2000):
        heaps = [rng.randint(1, 4747) for _ in range(rng.randint(1, 47))]
        assert ns["misere_first_player_wins"](heaps) == (nim.misere_outcome(heaps) == "N")


def judge_input(cases: list[list[int]], *, counted: bool) -> str:
    lines = [str(len(cases))] if counted else []
    for heaps in cases:
        lines += [str(len(heaps)), " ".join(map(str, heaps))]
    return "\n".join(lines) + "\n"


@needs_cxx
def test_cpp_hdu_1907(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp('"John" : "Brother"'), tmp_path)
    for problem in ("HDU-1907", "POJ-3480", "Luogu-P4279"):
        for sample in judge_samples(problem):
            assert LESSON.run(program, sample["input"]).split() == sample["output"].split()
    rng = random.Random(3480)
    cases = [[rng.choice([1, 1, 2, rng.randint(1, 4747)]) for _ in range(rng.randint(1, 47))] for _ in range(474)]
    want = ["John" if nim.misere_outcome(c) == "N" else "Brother" for c in cases]
    assert LESSON.run(program, judge_input(cases, counted=True)).split() == want


@needs_cxx
def test_cpp_hdu_2509(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp('"Yes" : "No"'), tmp_path)
    for sample in judge_samples("HDU-2509"):
        assert LESSON.run(program, sample["input"]).split() == sample["output"].split()
    rng = random.Random(2509)
    cases = [[rng.choice([1, 2, rng.randint(1, 100)]) for _ in range(rng.randint(1, 100))] for _ in range(200)]
    want = ["Yes" if nim.misere_outcome(c) == "N" else "No" for c in cases]
    assert LESSON.run(program, judge_input(cases, counted=False)).split() == want
