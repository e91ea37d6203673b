"""Every fact lesson 13 (k-multiple subtraction) states, checked against a search over the game
as stated — a heap and the most the next move may take — not through the construction the lesson
derives; and its code, run on the judge samples and against that search."""
from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from grundy.games import kmultiple
from grundy.widgets import k_multiple, k_table
from tests import lesson_code
from tests.judge import judge_samples
from tests.lesson_code import needs_cxx

LESSON = lesson_code.Lesson("13-k-multiple.md")
BRUTE_HEAP = 100


@cache
def table(k: int) -> list[list[bool]]:
    """win[n][m]: the player to move wins a heap of n when the next move may take at most m
    (m ≤ n; a larger limit allows no more). Bottom-up over n, so no recursion."""
    win = [[False] * (BRUTE_HEAP + 1) for _ in range(BRUTE_HEAP + 1)]
    for n in range(1, BRUTE_HEAP + 1):
        for m in range(1, n + 1):
            win[n][m] = win[n][m - 1] or not win[n - m][min(k * m, n - m)]  # take m, or anything less
    return win


def wins(n: int, k: int, m: int | None = None) -> bool:
    """A heap of n (fresh: the first move takes at most n − 1)."""
    limit = n - 1 if m is None else m
    return table(k)[n][min(limit, n)] if limit >= 1 else False


def winning_takes(n: int, k: int, m: int | None = None) -> list[int]:
    limit = min(n, n - 1 if m is None else m)
    return [t for t in range(1, limit + 1) if t == n or not wins(n - t, k, k * t)]


def test_the_small_example() -> None:
    LESSON.says("Every first move loses: 5 is a P-position", "With\n\\(k = 2\\), taking 2 from a fresh heap of 20 leaves `18:4`")
    assert not wins(5, 2) and not wins(3, 2, 2) and wins(4, 2, 2)
    assert wins(2, 2, 2) and wins(1, 2, 4)
    assert k_multiple.parse({"n": "20", "k": "2"}).after(2) == "18:4"


def test_k_1_powers_of_two_and_the_lowest_bit() -> None:
    LESSON.says("a fresh heap is a P-position exactly when \\(n\\) is a\npower of two")
    for n in range(1, BRUTE_HEAP + 1):
        assert wins(n, 1) == (n & (n - 1) != 0), n
        if wins(n, 1):
            assert (n & -n) in winning_takes(n, 1)
    # 12: take 4; the opponent takes 3 from 8; 5's lowest bit 1 is within 3; and so on
    assert winning_takes(12, 1) == [4] and not wins(8, 1, 4)
    assert 5 & -5 == 1 and not wins(4, 1, 1)


def test_k_1_safe_heaps() -> None:
    """A multiple of 2x, after you took x: whatever t ≤ x the opponent takes, the lowest set bit
    of what is left is the lowest set bit of t."""
    for x in (1, 2, 4, 8, 16):
        for heap in range(2 * x, BRUTE_HEAP + 1, 2 * x):
            for t in range(1, x + 1):
                low = (heap - t) & -(heap - t)
                assert low == t & -t
                assert not wins(heap - t - low, 1, low)  # taking it hands back a safe heap


def test_k_2_fibonacci_and_zeckendorf() -> None:
    LESSON.says("\\(1, 2, 3, 5, 8, 13, 21, 34, \\ldots\\)")
    fib = [1, 2]
    while fib[-1] < BRUTE_HEAP:
        fib.append(fib[-1] + fib[-2])
    for n in range(1, BRUTE_HEAP + 1):
        assert wins(n, 2) == (n not in fib), n
    assert kmultiple.decompose(20, 2) == [13, 5, 2] and kmultiple.decompose(100, 2) == [89, 8, 3]
    LESSON.states(r"20 = 13 + 5 + 2", r"100 = 89 + 8 + 3", r"2 \cdot 2 = 4 < 5", r"2 \cdot 5 = 10 < 13")
    assert winning_takes(20, 2) == [2] and not wins(18, 2, 4)


def test_hdu_2516_sample_explained() -> None:
    LESSON.states(r"10000 = 6765 + 2584 + 610 + 34 + 5 + 2")
    assert kmultiple.decompose(10000, 2) == [6765, 2584, 610, 34, 5, 2]
    assert kmultiple.winning_first_move(10000, 2) == 2
    LESSON.says("Its sample, 2, 13 and 10000, answers\n`Second win`, `Second win`, `First win`")
    sample = judge_samples("HDU-2516")[0]
    assert sample["input"].split() == ["2", "13", "10000", "0"]
    assert sample["output"].split("\n")[:3] == ["Second win", "Second win", "First win"]


def test_the_construction_for_k_3() -> None:
    rows = kmultiple.construction(21, 3)
    assert [r.a for r in rows][:9] == [1, 2, 3, 4, 6, 8, 11, 15, 21]
    assert [r.b for r in rows][:6] == [1, 2, 3, 5, 7, 10]
    LESSON.states(r"3 \cdot 1 = 3 < 4", r"3 \cdot 2 = 6 < 8")
    LESSON.says(r"\(b_3 = 4 + 1 = 5\)", r"\(b_4 = 6 + 1 = 7\)", r"\(b_5 = 8 + 2 = 10\)")
    LESSON.says("\\(a_6 = 11\\), \\(a_7 = 15\\), \\(a_8 = 21\\)", "(\\(b_i = 2^{i+1} - 1\\))")
    assert [r.b for r in kmultiple.construction(1000, 1)][:10] == [2 ** (i + 1) - 1 for i in range(10)]


def test_the_table_for_k_1_to_5_against_search() -> None:
    """The lesson's table widget (k = 1..5 up to 100) lists exactly the fresh heaps the first
    player loses, found by search."""
    assert LESSON.widgets("k-table") == [{"ks": "1,2,3,4,5", "upto": "100"}]
    shown = k_table.view(k_table.parse({"ks": "1,2,3,4,5", "upto": "100"}))
    for line in shown.lines:
        assert line.numbers == [n for n in range(1, BRUTE_HEAP + 1) if not wins(n, line.k)], line.k


def test_the_smallest_part_decides_every_position() -> None:
    """n:m is P exactly when n's smallest part is more than m; the winning moves are the sums of
    the smallest parts that leave the next part out of reach — every heap, every limit, k 1..5."""
    for k in range(1, 6):
        for n in range(1, BRUTE_HEAP + 1):
            parts = kmultiple.decompose(n, k)
            for m in range(1, n + 1):
                assert wins(n, k, m) == (parts[-1] <= m), (k, n, m)
                assert kmultiple.winning_takes(n, k, m) == winning_takes(n, k, m), (k, n, m)


def test_the_examples_of_the_proofs() -> None:
    LESSON.says("take 1 and the 4 left\nis \\(3 + 1\\), answered by 1")
    assert kmultiple.decompose(4, 2) == [3, 1] and kmultiple.decompose(3, 2) == [3]
    LESSON.says("With\n\\(k = 1\\) and \\(n = 7 = 4 + 2 + 1\\), taking 1 wins, and so does taking\n\\(1 + 2 = 3\\)")
    assert winning_takes(7, 1) == [1, 3]


def test_the_notes_template_traps() -> None:
    LESSON.says("with \\(k = 10^5\\) there are 748,550 losing\nnumbers up to \\(10^8\\)", "\\(a_{31} = 2^{31}\\)")
    assert len(kmultiple.losing_numbers(10**8, 10**5)) == 748_550
    assert kmultiple.construction(2**31, 1)[31].a == 2**31 > 2**31 - 1
    for k in (1, 2, 10, 1000):
        for n in (10**3, 10**9):
            assert len(kmultiple.losing_numbers(n, k)) <= k + (k + 1) * 0.6932 * n.bit_length() + 2


def test_try_it_answers() -> None:
    assert winning_takes(24, 1) == [8]
    LESSON.states(r"2 \cdot 1 = 2", r"2 \cdot 4 = 8")
    assert kmultiple.decompose(33, 2) == [21, 8, 3, 1] and winning_takes(33, 2) == [1]
    assert not wins(15, 3) and winning_takes(19, 3) == [4]
    LESSON.states(r"19 = 15 + 4", r"3 \cdot 4 = 12 < 15")


def test_the_widget_fences() -> None:
    assert LESSON.widgets("k-multiple") == [{"n": "20", "k": "2", "step": "0"}]
    v = k_multiple.view(k_multiple.parse({"n": "20", "k": "2"}))
    assert v.parts == [13, 5, 2] and v.winning == [2] and v.outcome == "N"
    for move in v.moves:  # each losing move's listed reply wins
        if not move.wins:
            assert move.reply is not None and move.reply <= 2 * move.take
            left = 20 - move.take
            assert move.reply == left or not wins(left - move.reply, 2, 2 * move.reply)


def test_python_code_matches_the_search() -> None:
    ns = LESSON.python("losing_numbers", "parts", "first_move")
    for k in range(1, 6):
        assert ns["losing_numbers"](100, k) == [n for n in range(1, 101) if not wins(n, k)]
        for n in range(1, BRUTE_HEAP + 1):
            firsts = winning_takes(n, k)
            assert ns["first_move"](n, k) == (firsts[0] if firsts else None), (n, k)
    assert ns["parts"](10000, 2) == [6765, 2584, 610, 34, 5, 2]


@needs_cxx
def test_cpp_hdu_2516(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp("Second win"), tmp_path)
    for sample in judge_samples("HDU-2516"):
        assert LESSON.run(program, sample["input"]).splitlines() == sample["output"].splitlines()
    rng = random.Random(2516)
    ns = [rng.randint(2, 2**31 - 1) for _ in range(300)] + [1836311903, 1134903170, 2, 3, 4, 2**31 - 1]
    want = ["Second win" if kmultiple.outcome(n, 2) == "P" else "First win" for n in ns]
    text = "".join(f"{n}\n" for n in ns) + "0\n"
    assert LESSON.run(program, text).splitlines() == want


@needs_cxx
def test_cpp_any_k(tmp_path: Path) -> None:
    """POJ 3922 (and HDU 2486, the same problem): the case count first, `Case i: ` on every answer,
    exactly the published sample's output; then many cases against the engine and the search."""
    program = LESSON.compile(LESSON.cpp("smallest_part"), tmp_path)
    for problem in ("POJ-3922", "HDU-2486"):
        LESSON.prints_samples(program, problem)
    rng = random.Random(3922)
    cases = [(n, k) for k in range(1, 6) for n in range(2, BRUTE_HEAP + 1)]
    cases += [(rng.randint(2, 10**8), rng.randint(1, 10**5)) for _ in range(20)] + [(10**8, 10**5), (10**8, 1)]
    text = f"{len(cases)}\n" + "".join(f"{n} {k}\n" for n, k in cases)
    want = []
    for i, (n, k) in enumerate(cases, 1):
        first = kmultiple.winning_first_move(n, k)
        want.append(f"Case {i}: " + ("lose" if first is None else str(first)))
    for n, k in cases[: 5 * (BRUTE_HEAP - 1)]:  # the small ones against the search too
        firsts = winning_takes(n, k)
        assert kmultiple.winning_first_move(n, k) == (firsts[0] if firsts else None)
    assert LESSON.run(program, text).splitlines() == want
