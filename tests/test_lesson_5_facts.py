"""Every fact about a game that lesson 5 (Wythoff's game) states, checked against the engine.

The lesson lists P-positions, the steps of their construction, the proofs' cases, winning moves,
judge samples, the exact place where the double-precision formula first fails and the answers to
its Try-it; each has a test here. The P-positions are recomputed from the rules alone (a cell is
P when no option is P), never from the formula the lesson proves, and compared with the engine.
The lesson's code is tested too: the Python block is executed and compared with the engine, and
the C++ blocks are compiled with -Wall -Werror and run, when g++ is available — including at
k = 102334155, where plain doubles fail.
"""
from __future__ import annotations

import bisect
import json
import math
import random
import re
from decimal import Decimal, getcontext
from fractions import Fraction
from functools import cache
from math import isqrt
from pathlib import Path

import pytest

from tests import lesson_code

from grundy.games import wythoff
from grundy.games.core import Solver
from grundy.games.wythoff import WythoffGame, a_k, first_float_failure, float_a_k, is_p, p_position
from grundy.widgets import grid, wythoff_plot
from tests.judge import SHARED, judge_samples

REPO = Path(__file__).parents[1]
LESSON = lesson_code.Lesson("05-wythoff.md", cxx_flags=("-O2",), timeout=120)


getcontext().prec = 100
PHI = (1 + Decimal(5).sqrt()) / 2  # φ to 100 digits, for checking floors and gaps

F40 = 102334155
BRUTE = 400  # the P/N board recomputed from the rules alone, piles 0..BRUTE


# ---------------------------------------------------------------- helpers


def options(a: int, b: int) -> list[tuple[int, int]]:
    """The engine's options of (a, b)."""
    return [m.position for m in WythoffGame().options((a, b))]


@cache
def board(size: int = BRUTE) -> tuple[tuple[bool, ...], ...]:
    """is-P for piles 0..size, from the rules alone. Scanning a and then b upward, every option
    of (a, b) — same b with a smaller a, same a with a smaller b, or both smaller by the same
    amount — is already labelled, and (a, b) is P exactly when none of them is P."""
    row_p = [False] * (size + 1)  # some (a, b') with b' < b is P
    col_p = [False] * (size + 1)  # some (a', b) with a' < a is P
    diag_p: dict[int, bool] = {}  # some (a - t, b - t) is P
    cells = [[False] * (size + 1) for _ in range(size + 1)]
    for a in range(size + 1):
        for b in range(size + 1):
            if not (row_p[a] or col_p[b] or diag_p.get(b - a, False)):
                cells[a][b] = True
                row_p[a] = col_p[b] = diag_p[b - a] = True
    return tuple(tuple(r) for r in cells)


def brute_p(a: int, b: int) -> bool:
    return board()[a][b]


def winning_piles(a: int, b: int) -> list[tuple[int, int]]:
    """Every option of (a, b) that is P, from the rules alone (one entry per move)."""
    return [o for o in options(a, b) if brute_p(*o)]


def construction(count: int) -> list[tuple[int, int]]:
    """The pairs built by the rule: a_k = mex of everything used before, b_k = a_k + k."""
    return list(_construction(count))


@cache
def _construction(count: int) -> tuple[tuple[int, int], ...]:
    used: set[int] = set()
    pairs = []
    for k in range(count):
        a = 0
        while a in used:  # the mex, searched from 0 every time: no shortcut
            a += 1
        pairs.append((a, a + k))
        used |= {a, a + k}
    return tuple(pairs)


@cache
def _partners() -> dict[int, int]:
    found: dict[int, int] = {}
    for a, b in construction(3000):
        found[a], found[b] = b, a
    return found


def partner(x: int) -> int:
    """The other member of x's pair, by the construction (x up to a_2999 = 4852)."""
    return _partners()[x]


def hdu_2177_lines(a: int, b: int) -> list[str]:
    """HDU 2177's answer from the engine's winning moves: 0, or 1 and each pair of piles once."""
    moves = wythoff.winning_moves(a, b)
    if not moves:
        return ["0"]
    printed: list[str] = []
    for m in moves:
        x, y = sorted(m.after)
        if f"{x} {y}" not in printed:
            printed.append(f"{x} {y}")
    return ["1", *printed]


def floor_dec(x: Decimal) -> int:
    return int(x.to_integral_value(rounding="ROUND_FLOOR"))


@cache
def exact_a_up_to(limit: int) -> tuple[int, ...]:
    """a_k for k = 0..limit, from the engine."""
    return tuple(a_k(k) for k in range(limit + 1))


def fib(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


# ---------------------------------------------------------------- the rules


def test_the_board_from_the_rules_agrees_with_the_engine() -> None:
    solver = Solver(WythoffGame())
    for a in range(41):
        for b in range(41):
            assert (solver.outcome((a, b)) == "P") == brute_p(a, b) == is_p(a, b)
    assert all(brute_p(a, b) == is_p(a, b) for a in range(BRUTE + 1) for b in range(BRUTE + 1))


def test_the_moves_of_the_rules() -> None:
    for a in range(15):
        for b in range(15):
            expected = {(a - t, b) for t in range(1, a + 1)} | {(a, b - t) for t in range(1, b + 1)}
            expected |= {(a - t, b - t) for t in range(1, min(a, b) + 1)}
            assert sorted(options(a, b)) == sorted(expected) and len(options(a, b)) == len(expected)
            assert all(x + y < a + b for x, y in options(a, b))  # every move removes a stone
            assert brute_p(a, b) == brute_p(b, a)  # the order of the piles does not matter
    assert [(a, b) for a in range(30) for b in range(30) if not options(a, b)] == [(0, 0)]


def test_finding_the_p_positions_by_hand() -> None:
    assert brute_p(0, 0)
    for n in range(1, BRUTE + 1):
        assert not brute_p(0, n) and (0, 0) in options(0, n)  # take everything
        assert not brute_p(n, n) and (0, 0) in options(n, n)
    assert sorted(options(1, 2)) == sorted([(0, 2), (1, 1), (1, 0), (0, 1)])
    assert not any(brute_p(*o) for o in options(1, 2)) and brute_p(1, 2)
    for n in range(3, BRUTE + 1):
        assert (1, 2) in options(1, n) and not brute_p(1, n)
    for n in range(2, BRUTE):
        assert (2, 1) in options(2, n) and not brute_p(2, n)
        assert (n - (n - 1), n + 1 - (n - 1)) == (1, 2) and (1, 2) in options(n, n + 1) and not brute_p(n, n + 1)
    # (3, 5), the smallest position left, reaches neither (0, 0) nor (1, 2): it is P.

    def settled(a: int, b: int) -> bool:  # shown N by one of the bullets, or already P
        return ((a, b) in {(0, 0), (1, 2)} or a == 0 or a == b or (a == 1 and b >= 3)
                or (a == 2 and b >= 2) or (b == a + 1 and a >= 2))

    left = [(a, b) for a in range(BRUTE) for b in range(a, BRUTE) if not settled(a, b)]
    assert left[0] == (3, 5)
    assert not {(0, 0), (1, 2), (2, 1)} & set(options(3, 5)) and brute_p(3, 5)


def test_the_table_of_p_positions() -> None:
    rows = {m.group(1): [int(x) for x in m.group(2).split(" | ")]
            for m in re.finditer(r"^\| \\\((a_k|b_k)\\\) \| ([\d | ]+?) \|$", LESSON.text, re.MULTILINE)}
    pairs = list(zip(rows["a_k"], rows["b_k"]))
    assert pairs == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)]
    small = [(a, b) for a in range(21) for b in range(a, 21) if brute_p(a, b)]
    assert small == pairs  # all P-positions with piles up to 20, and nothing else
    assert pairs == [p_position(k) for k in range(9)]
    assert [b - a for a, b in pairs] == list(range(9))  # each difference once
    flat = [x for a, b in pairs[1:] for x in (a, b)]
    assert len(flat) == len(set(flat)) and 0 not in flat  # no number in two pairs


# ---------------------------------------------------------------- the construction


def ranges(numbers: set[int]) -> str:
    """{0, 1, 2, 3, 5} -> '0–3, 5' as the lesson's table writes it."""
    out, run = [], []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
        else:
            if run:
                out.append(run)
            run = [n]
    out.append(run)
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in out)


def test_the_construction_table() -> None:
    rows = re.findall(r"^\| (\d) \| ([\d–, ]+) \| (\d+) \| (\d+) \|$", LESSON.text, re.MULTILINE)
    assert [int(k) for k, *_ in rows] == list(range(1, 9))
    pairs = construction(9)
    for k, used, a, b in rows:
        k = int(k)
        before = {x for pair in pairs[:k] for x in pair}
        assert used == ranges(before)
        assert (int(a), int(b)) == pairs[k] == p_position(k)
        assert int(a) == min(set(range(50)) - before) and int(b) == int(a) + k


def test_the_construction_is_the_engines_pairs() -> None:
    pairs = construction(3000)
    assert pairs == [p_position(k) for k in range(3000)]
    assert [(a, b) for a in range(BRUTE + 1) for b in range(a, BRUTE + 1) if brute_p(a, b)] == \
        [p for p in pairs if p[1] <= BRUTE]


# ---------------------------------------------------------------- the three properties


def test_property_1_and_the_steps_of_its_proof() -> None:
    pairs = construction(3000)
    a_s, b_s = [a for a, _ in pairs], [b for _, b in pairs]
    assert all(x < y for x, y in zip(a_s, a_s[1:])) and all(x < y for x, y in zip(b_s, b_s[1:]))
    used: set[int] = {0}
    for k in range(1, 3000):
        assert b_s[k] > max(used) and a_s[k] not in used and a_s[k] != b_s[k]
        assert used >= set(range(a_s[k]))  # everything below a_k was used
        used |= {a_s[k], b_s[k]}
    count: dict[int, int] = {}
    for k, (a, b) in enumerate(pairs):
        for n in {a, b}:  # (0, 0) holds 0 twice, but it is one pair
            count[n] = count.get(n, 0) + 1
    assert all(count.get(n) == 1 for n in range(a_s[-1] + 1))  # every number up to a_2999, once


def test_property_2_no_move_joins_two_pairs() -> None:
    for a, b in construction(200):
        if b > BRUTE:
            break
        assert all(not brute_p(*o) for o in options(a, b))
        assert all(not is_p(*o) for o in options(a, b))
    assert options(0, 0) == []


def proof_move(a: int, b: int) -> tuple[str, tuple[int, int]]:
    """The move that the lesson's proof of property 3 names for (a, b), a <= b, not a pair."""
    d = b - a
    pairs = construction(2 * b + 2)
    j = next(i for i, pair in enumerate(pairs) if a in pair)
    a_j, b_j = pairs[j]
    if a == b_j and j >= 1:
        assert a_j < a <= b
        return "case 1", (a, a_j)  # take b - a_j from pile b
    assert a == a_j and d != j
    if d > j:
        assert b > b_j
        return "case 2", (a, b_j)
    a_d, b_d = pairs[d]
    assert a_d < a
    return "case 3", (a_d, b - (a - a_d))


def test_property_3_the_case_analysis() -> None:
    seen = set()
    for a in range(80):
        for b in range(a, 80):
            if brute_p(a, b):
                continue
            case, left = proof_move(a, b)
            seen.add(case)
            assert left in options(a, b) and brute_p(*left)
            if case == "case 3":
                d = b - a
                assert left == p_position(d) and left[1] == left[0] + d
    assert seen == {"case 1", "case 2", "case 3"}


def test_the_pairs_are_exactly_the_p_positions() -> None:
    pairs = set(construction(400))
    for a in range(BRUTE + 1):
        for b in range(a, BRUTE + 1):
            assert brute_p(a, b) == ((a, b) in pairs)


def test_note_004s_cases() -> None:
    for a in range(1, 80):  # a = b is case 3 with d = 0, or case 1
        if a in {x for x, _ in construction(80)}:
            assert proof_move(a, a)[0] == "case 3"
            assert proof_move(a, a)[1] == (0, 0)
        else:
            assert proof_move(a, a)[0] == "case 1"
    # Note 004's extra kind of move: b = b_k and a_k < a <= b, take a - a_k from the smaller pile.
    found = 0
    for k, (ak, bk) in enumerate(construction(40)):
        for a in range(ak + 1, bk + 1):
            if not brute_p(a, bk):
                assert (ak, bk) in winning_piles(a, bk)
                found += 1
    assert found > 0


# ---------------------------------------------------------------- the golden ratio


def test_a_k_and_b_k_are_floors_of_k_phi_and_k_phi_squared() -> None:
    phi2 = PHI * PHI
    assert abs(phi2 - (PHI + 1)) < Decimal(10) ** -90
    assert abs(1 / PHI + 1 / phi2 - 1) < Decimal(10) ** -90
    assert f"{PHI:.3f}" == "1.618"
    pairs = construction(3000)
    for k, (a, b) in enumerate(pairs):
        assert a == floor_dec(k * PHI) and b == floor_dec(k * phi2) == a + k
    assert f"{5 * PHI:.2f}" == "8.09" and f"{5 * phi2:.2f}" == "13.09" and pairs[5] == (8, 13)


def test_beattys_counting_argument() -> None:
    phi2 = PHI * PHI
    a_s = [floor_dec(n * PHI) for n in range(1, 5000)]
    b_s = [floor_dec(n * phi2) for n in range(1, 5000)]
    assert sorted(a_s[:3000] + [b for b in b_s if b <= a_s[2999]]) == list(range(1, a_s[2999] + 1))
    for N in range(1, 3000):
        x, y = (N + 1) / PHI, (N + 1) / phi2
        assert x != int(x) and y != int(y) and abs(x + y - (N + 1)) < Decimal(10) ** -80
        assert floor_dec(x) + floor_dec(y) == N
        assert floor_dec(x) == bisect.bisect_right(a_s, N) and floor_dec(y) == bisect.bisect_right(b_s, N)


def test_the_plot_points_hug_the_golden_lines() -> None:
    a, b = p_position(10**6)
    assert abs(Fraction(b, a) - Fraction(PHI)) < Fraction(1, 10**5)
    assert is_p(21, 34) and p_position(13) == (21, 34)


def test_the_test_for_any_position() -> None:
    for a in range(BRUTE + 1):
        for b in range(a, BRUTE + 1):
            assert brute_p(a, b) == (a == floor_dec((b - a) * PHI))


# ---------------------------------------------------------------- every winning move


def test_the_winning_moves_are_the_three_kinds() -> None:
    three = []
    for a in range(120):
        for b in range(a, 120):
            if brute_p(a, b):
                assert winning_piles(a, b) == []
                continue
            d = b - a
            expected = []
            if p_position(d)[0] < a:
                expected.append(p_position(d))  # from both piles
            if partner(a) < b:
                expected.append((a, partner(a)))  # keep a
            if partner(b) < a:
                expected.append((partner(b), b))  # keep b
            found = winning_piles(a, b)
            assert sorted(tuple(sorted(p)) for p in found) == sorted(tuple(sorted(p)) for p in expected)
            assert 1 <= len(found) <= 3
            if len(found) == 3:
                three.append((a, b))
    assert (2, 2) in three and (5, 7) in three
    assert p_position(1) == (1, 2) and partner(3) == 5 and partner(5) == 3 and partner(0) == 0


def test_the_examples_5_8_and_2_2() -> None:
    assert p_position(3) == (4, 7) and partner(5) == 3 and partner(8) == 13
    assert sorted(winning_piles(5, 8)) == [(4, 7), (5, 3)]
    assert (4, 7) in options(5, 8) and (5, 8)[0] - 4 == 1
    assert [m.after for m in wythoff.winning_moves(5, 8)] == [(4, 7), (5, 3)]
    assert partner(2) == 1 and sorted(winning_piles(2, 2)) == [(0, 0), (1, 2), (2, 1)]
    assert hdu_2177_lines(5, 8) == ["1", "4 7", "3 5"] and hdu_2177_lines(2, 2) == ["1", "0 0", "1 2"]


def test_finding_the_partner_quickly() -> None:
    for x in range(200_000):
        q = floor_dec(x / PHI) if x else 0
        assert q == (isqrt(5 * x * x) - x) // 2
        if a_k(q + 1) == x:
            assert wythoff.p_position(q + 1) == (x, x + q + 1)
        else:
            j = x - q
            assert wythoff.p_position(j) == (q, x)  # x = b_j and its partner is q
    assert f"{8 / PHI:.2f}" == "4.94" and a_k(5) == 8 and partner(8) == 13
    assert f"{5 / PHI:.2f}" == "3.09" and a_k(4) == 6 and partner(5) == 3


def test_note_004s_first_check_never_succeeds() -> None:
    for a in range(1, 200_000):
        j = (isqrt(5 * a * a) - a) // 2  # floor(a (sqrt5 - 1) / 2) = floor(a / phi)
        assert a_k(j) < a  # j*phi < a
        if a_k(j + 1) != a:
            assert p_position(a - j) == (j, a)


# ---------------------------------------------------------------- the judge problems


def statement(problem: str) -> dict:
    source = SHARED / "judge" / f"{problem}.json"
    if not source.is_file():
        pytest.skip("the full judge statement lives in ../shared, not in a fresh clone")
    return json.loads(source.read_text(encoding="utf-8"))["statement"]


def zero_one(data: str) -> list[str]:
    nums = [int(x) for x in data.split()]
    return ["0" if is_p(a, b) else "1" for a, b in zip(nums[0::2], nums[1::2])]


def test_hdu_1527_poj_1067_and_luogu_p2252_samples() -> None:
    for problem in ("HDU-1527", "POJ-1067"):
        samples = judge_samples(problem)
        assert samples
        for sample in samples:
            assert zero_one(sample["input"]) == sample["output"].split() == ["0", "1", "0"]
            assert sample["input"].split() == "2 1 8 4 4 7".split()
    luogu = judge_samples("Luogu-P2252")
    assert luogu and all(zero_one(s["input"]) == s["output"].split() == ["1"] for s in luogu)
    assert luogu[0]["input"].split() == ["8", "4"]


def test_the_sample_reasoning() -> None:
    assert a_k(1) == 1 and brute_p(1, 2)
    assert a_k(4) == 6 and not brute_p(4, 8) and winning_piles(4, 8) == [(4, 7)]
    assert a_k(3) == 4 and brute_p(4, 7)


def test_the_statements_quoted_in_the_lesson() -> None:
    hdu, poj = statement("HDU-1527"), statement("POJ-1067")
    assert hdu["description"] == poj["description"] and hdu["input"] == poj["input"]
    assert "1,000,000,000" in hdu["input"] and "0 to 1,000,000,000" in LESSON.plain
    assert r"each at most \(10^9\)" in LESSON.plain and r"\(a \le b \le 1{,}000{,}000\)" in LESSON.plain
    luogu = statement("Luogu-P2252")
    assert "-1" in luogu["output"] and r"a, b \le 10^9" in luogu["hint"]
    hdu2177 = statement("HDU-2177")
    assert "1,000,000" in hdu2177["input"] and "a<=b" in hdu2177["input"] and "a=b=0" in hdu2177["input"]
    assert "先输出取走相同数量" in hdu2177["output"]


def test_hdu_2177_samples() -> None:
    samples = judge_samples("HDU-2177")
    assert samples
    for sample in samples:
        nums = [int(x) for x in sample["input"].split()]
        pairs = list(zip(nums[0::2], nums[1::2]))
        assert pairs == [(1, 2), (5, 8), (4, 7), (2, 2), (0, 0)]
        out = [line for a, b in pairs[:-1] for line in hdu_2177_lines(a, b)]
        assert out == sample["output"].splitlines()


def test_two_moves_can_leave_the_same_piles() -> None:
    assert sorted(winning_piles(5, 7)) == [(3, 5), (4, 7), (5, 3)]
    assert [m.after for m in wythoff.winning_moves(5, 7)][0] == (3, 5)  # from both piles
    assert hdu_2177_lines(5, 7) == ["1", "3 5", "4 7"]


# ---------------------------------------------------------------- precision


def test_the_double_formula_first_fails_at_f40() -> None:
    assert fib(40) == F40 == first_float_failure()
    assert a_k(F40) == 165580140 and float_a_k(F40) == 165580141 == a_k(F40) + 1
    notes_r = (math.sqrt(5.0) + 1) / 2
    assert notes_r == wythoff.DOUBLE_PHI
    assert int(F40 * notes_r) == 165580141  # Python floats fail the same way
    exact = exact_a_up_to(10**6)
    assert all(int(k * notes_r) == exact[k] for k in range(10**6 + 1))
    for k in range(F40 - 2000, F40):  # right up to the failure, too
        assert int(k * notes_r) == a_k(k)


def test_the_misjudged_positions() -> None:
    assert p_position(F40) == (165580140, 267914295)
    assert is_p(165580140, 267914295) and float_a_k(267914295 - 165580140) != 165580140
    assert not is_p(165580141, 267914296) and float_a_k(267914296 - 165580141) == 165580141
    assert "102,334,154" in LESSON.text and "165,580,141" in LESSON.text and "165{,}580{,}140" in LESSON.text


def test_why_the_double_fails_there() -> None:
    k = F40
    gap = 165580141 - k * PHI
    assert f"{gap:.1e}" == "4.4e-9"
    r = Decimal(wythoff.DOUBLE_PHI)  # the double's exact value
    assert f"{r - PHI:.1e}" == "5.4e-17" and f"{k * (r - PHI):.1e}" == "5.6e-9"
    assert k * r > 165580141  # the error in r alone pushes the product past the whole number
    assert f"{math.ulp(165580141.0):.1e}" == "3.0e-08" and f"{Decimal(k) * PHI:.2e}" == "1.66e+8"
    assert float(k * PHI) == 165580141.0  # even the exact product rounds up to it
    assert k * wythoff.DOUBLE_PHI == 165580141.0
    for n in range(1, 80):  # F_n phi differs from F_(n+1) by phi^(-n)
        assert abs(abs(fib(n) * PHI - fib(n + 1)) - PHI ** -n) < Decimal(10) ** -60


def test_the_exact_formula_and_why_flooring_first_is_safe() -> None:
    rng = random.Random(5)
    ks = list(range(3000)) + [F40, 10**9, 10**12] + [rng.randrange(10**18) for _ in range(2000)]
    for k in ks:
        exact = floor_dec((k + Decimal(5 * k * k).sqrt()) / 2)
        assert exact == floor_dec(k * PHI) == a_k(k) == (k + isqrt(5 * k * k)) // 2
        s = isqrt(5 * k * k)
        for m in range(exact - 2, exact + 3):  # the chain of equivalences, for whole m near the floor
            assert ((k + Decimal(5 * k * k).sqrt()) / 2 >= m) == (s >= 2 * m - k) == (Fraction(k + s, 2) >= m)
    for x in ks[:3000]:
        assert (isqrt(5 * x * x) - x) // 2 == (floor_dec(x / PHI) if x else 0)


def test_long_long_and_the_double_square_root() -> None:
    assert f'{Decimal(2 ** 63 - 1):.1e}' == '9.2e+18'
    rng = random.Random(7)
    ns = [5 * k * k for k in range(0, 10**9 + 1, 99_991)] + [rng.randrange(5 * 10**18 + 1) for _ in range(20000)]
    for r in list(range(2_236_067_977 - 3000, 2_236_067_978)) + [rng.randrange(1, 2_236_067_977) for _ in range(20000)]:
        ns += [r * r - 1, r * r, r * r + 1]
    for n in ns:
        if n <= 5 * 10**18:
            assert abs(int(math.sqrt(float(n))) - isqrt(n)) <= 1  # "off by at most one here"


# ---------------------------------------------------------------- widgets


def test_the_widgets() -> None:
    grids = LESSON.widgets("grid")
    assert grids == [{"game": "wythoff", "size": "12", "step": "0"},
                     {"game": "wythoff", "size": "12", "sg": "1", "shown": "the box is about the finished table, not about filling it"}]
    for params in grids:
        view = grid.view(grid.parse(params))
        assert [[c.kind == "P" for c in row] for row in view.rows] == [[brute_p(r, c) for c in range(13)] for r in range(13)]
    plots = LESSON.widgets("wythoff")
    assert plots == [{"a": "21", "b": "34", "span": "40", "step": "0"},  # it opens building the pairs (issue 25)
                     {"a": "5", "b": "8", "shown": "the example above works this position out"},
                     {"a": "165580140", "b": "267914295", "k": "102334155", "shown": "the text above has just shown this pair is P"}]
    assert wythoff_plot.view(wythoff_plot.parse(plots[0])).stepping
    # what each shows with everything shown (Show all, for the first)
    first, second, lab = (wythoff_plot.view(wythoff_plot.parse({k: v for k, v in p.items() if k != "step"})) for p in plots)
    assert first.is_p and first.figure_json is not None
    assert not second.is_p and [m.after for m in second.moves] == [(4, 7), (5, 3)]
    assert lab.is_p and lab.lab is not None and lab.lab.wrong and lab.lab.floating == lab.lab.exact + 1
    assert lab.first_failure.k == F40


def test_the_sg_board_going_further() -> None:
    view = grid.view(grid.parse({"game": "wythoff", "size": "24", "sg": "1"}))
    for row in view.rows:
        for cell in row:
            assert (cell.value == 0) == brute_p(cell.r, cell.c)
    assert [c.value for c in view.rows[0]] == list(range(25))  # one pile alone is a Nim heap


# ---------------------------------------------------------------- What you learned and Try it


def test_what_you_learned_lists_the_notes_pairs() -> None:
    listed = re.findall(r"\\\((\(\d+, \d+\))\\\)", LESSON.plain.split("## What you learned")[1].split("::::")[0])
    assert listed[:9] == [str(p_position(k)) for k in range(9)]


def test_try_it_answers() -> None:
    # 1. The next two pairs, and the used numbers before step 9.
    pairs = construction(11)
    assert pairs[9:] == [(14, 23), (16, 26)]
    assert ranges({x for p in pairs[:9] for x in p}) == "0–13, 15, 18, 20"
    assert f"{9 * PHI:.2f}" == "14.56" and f"{10 * PHI:.2f}" == "16.18"
    # 2. (21, 34) is P, (20, 33) is N with one winning move.
    assert brute_p(21, 34) and f"{13 * PHI:.2f}" == "21.03"
    assert not brute_p(20, 33) and winning_piles(20, 33) == [(20, 12)]
    assert a_k(13) == 21 and partner(20) == 12 and p_position(21) == (33, 54) and partner(33) == 54
    # 3. (5, 7): three moves, two leave (3, 5).
    assert sorted(winning_piles(5, 7)) == [(3, 5), (4, 7), (5, 3)]
    assert hdu_2177_lines(5, 7) == ["1", "3 5", "4 7"]
    # 4. The notes' program on 165580141 267914296.
    k = 267914296 - 165580141
    assert k == F40 and float_a_k(k) == 165580141 and a_k(k) == 165580140
    assert not is_p(165580141, 267914296)
    moves = [m.after for m in wythoff.winning_moves(165580141, 267914296)]
    assert moves == [(165580140, 267914295), (165580141, 102334155)]
    assert p_position(63245986) == (102334155, 165580141) and fib(39) == 63245986


# ---------------------------------------------------------------- the lesson's code


def test_the_lesson_has_exactly_the_code_blocks_tested_here() -> None:
    assert len(LESSON.blocks("python")) == 1
    assert len(LESSON.blocks("cpp")) == 2


def test_python_code_matches_the_engine() -> None:
    ns = LESSON.python()
    assert ns["p_positions"](5000) == [p_position(k) for k in range(5000)]
    for k in list(range(10**5)) + [F40, F40 - 1, F40 + 1, 10**9, 10**30]:
        assert ns["a_k"](k) == a_k(k)
    for a in range(150):
        for b in range(150):
            assert ns["is_p"](a, b) == brute_p(a, b)
            assert ns["winning_moves"](a, b) == [tuple(map(int, line.split())) for line in hdu_2177_lines(a, b)[1:]]
    for x in range(4800):
        assert ns["partner"](x) == partner(x)
    for x, y in [p_position(k) for k in range(0, 3000, 7)]:
        assert ns["partner"](x) == y and ns["partner"](y) == x
    assert ns["is_p"](165580140, 267914295) and not ns["is_p"](165580141, 267914296)
    rng = random.Random(11)
    for _ in range(3000):
        a, b = rng.randrange(10**9), rng.randrange(10**9)
        assert ns["is_p"](a, b) == is_p(a, b)
        assert ns["winning_moves"](a, b) == [tuple(map(int, line.split())) for line in hdu_2177_lines(a, b)[1:]]


needs_gxx = lesson_code.needs_cxx


@needs_gxx
def test_cpp_a_k_is_exact_where_doubles_fail(tmp_path: Path) -> None:
    source = LESSON.cpp("long long isqrt(long long n)").replace("int main() {", "int judge_main() {\n    return 0;")
    harness = source + (
        "\n#include <iostream>\n"
        "int main() {  // 'a k' prints a_k(k); 'r n' prints isqrt(n)\n"
        "    char what;\n"
        "    long long x;\n"
        "    while (std::cin >> what >> x) std::cout << (what == 'a' ? a_k(x) : isqrt(x)) << '\\n';\n"
        "}\n"
    )
    binary = LESSON.compile(harness, tmp_path)
    rng = random.Random(3)
    ks = list(range(10**6 + 1)) + [F40 - 1, F40, F40 + 1, 10**9] + [rng.randrange(10**9 + 1) for _ in range(20000)]
    printed = [int(x) for x in LESSON.run(binary, "".join(f"a {k}\n" for k in ks)).split()]
    assert printed[:10**6 + 1] == list(exact_a_up_to(10**6))
    assert printed[10**6 + 1:] == [a_k(k) for k in ks[10**6 + 1:]]
    assert printed[ks.index(F40)] == 165580140  # where (long long)(k * r) gives 165580141
    squares = [r * r + e for r in range(2_236_067_977 - 300, 2_236_067_978) for e in (-1, 0, 1)]
    squares = [n for n in squares if n <= 5 * 10**18] + [5 * 10**18, 0, 1, 2, 3, 4]
    squares += [5 * k * k for k in ks[::50]]
    printed = [int(x) for x in LESSON.run(binary, "".join(f"r {n}\n" for n in squares)).split()]
    assert printed == [isqrt(n) for n in squares]


@needs_gxx
def test_the_notes_double_formula_fails_in_cpp_too(tmp_path: Path) -> None:
    notes = (
        "#include <cmath>\n#include <iostream>\n"
        "int main() {\n"
        "    double r = (sqrt(5.0) + 1) / 2;\n"
        "    long long k;\n"
        "    while (std::cin >> k) std::cout << (long long)(k * r) << '\\n';\n"
        "}\n"
    )
    binary = LESSON.compile(notes, tmp_path, name="notes")
    ks = list(range(10**6 + 1)) + [F40]
    printed = [int(x) for x in LESSON.run(binary, "\n".join(map(str, ks)) + "\n").split()]
    assert printed[:-1] == list(exact_a_up_to(10**6))
    assert printed[-1] == 165580141 == a_k(F40) + 1


@needs_gxx
def test_cpp_hdu_1527_program(tmp_path: Path) -> None:
    binary = LESSON.compile(LESSON.cpp("long long isqrt(long long n)"), tmp_path)
    for problem in ("HDU-1527", "POJ-1067", "Luogu-P2252"):
        for sample in judge_samples(problem):
            assert LESSON.run(binary, sample["input"]).split() == sample["output"].split()
    tests, expected = [], []
    # Every pair with k <= 2 * 10^5, and every pair in a band of 10^4 at 10^6 and at the top of
    # the range (k = 381,966,011 is the largest pair with b <= 10^9, where rounding is closest):
    # both orders, and two N neighbours.
    top = 381_966_011
    for k in [*range(0, 2 * 10**5 + 1), *range(10**6 - 10**4, 10**6 + 1), *range(top - 10**4, top + 1)]:
        a, b = p_position(k)
        tests += [(a, b), (b, a), (a + 1, b + 1)]
        expected += ["0", "0", "1"]  # (a+1, b+1) keeps the difference k, but a+1 != a_k
        if a:
            tests.append((a - 1, b))  # difference k + 1, and a_(k+1) > a_k > a - 1
            expected.append("1")
    rng = random.Random(9)
    extra = [(165580140, 267914295), (165580141, 267914296), (267914295, 165580140)]
    extra += [(rng.randrange(10**9 + 1), rng.randrange(10**9 + 1)) for _ in range(20000)]
    extra += [(0, 0), (0, 10**9), (10**9, 10**9), (10**9, 0), p_position(top)]
    assert p_position(top)[1] <= 10**9 < p_position(top + 1)[1]  # the largest pair in range
    tests += extra
    expected += ["0" if is_p(a, b) else "1" for a, b in extra]
    assert all(is_p(a, b) == (e == "0") for (a, b), e in zip(tests[:4000], expected[:4000]))
    stdin = "".join(f"{a} {b}\n" for a, b in tests)
    assert LESSON.run(binary, stdin).split() == expected
    assert LESSON.run(binary, "165580140 267914295\n").split() == ["0"]
    assert LESSON.run(binary, "165580141 267914296\n").split() == ["1"]


@needs_gxx
def test_cpp_hdu_2177_program(tmp_path: Path) -> None:
    binary = LESSON.compile(LESSON.cpp("const int LIMIT = 1000000;"), tmp_path)
    for sample in judge_samples("HDU-2177"):
        assert LESSON.run(binary, sample["input"]).splitlines() == sample["output"].splitlines()
    pairs = [(a, b) for b in range(200) for a in range(b + 1) if (a, b) != (0, 0)]
    rng = random.Random(13)
    for _ in range(3000):
        x, y = sorted((rng.randrange(10**6 + 1), rng.randrange(10**6 + 1)))
        pairs.append((x, y))
    for k in range(1, 618000, 997):
        a, b = p_position(k)
        if b <= 10**6:
            pairs += [(a, b), (a + 1, b + 1), (a, b + 1)]
    pairs += [(10**6, 10**6), (0, 10**6), (999_999, 10**6), (5, 7)]
    stdin = "".join(f"{a} {b}\n" for a, b in pairs) + "0 0\n"
    expected = [line for a, b in pairs for line in hdu_2177_lines(a, b)]
    assert LESSON.run(binary, stdin).splitlines() == expected
