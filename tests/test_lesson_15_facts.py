"""Every fact lesson 15 (take-and-break games) states, recomputed: the values by brute force over
the games as the lesson words them (rows of pins, heaps split, sheets cut), the periods by the
engine and against the published sequences, the periodicity theorem against long tables, Lasker's
rule and its proof's bit facts, and the three judge programs compiled and run on their samples."""
from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games import octal
from grundy.games.core import mex
from grundy.widgets import octal_sequence
from tests import lesson_code
from tests.judge import judge_samples
from tests.lesson_code import needs_cxx

LESSON = lesson_code.Lesson("15-take-and-break.md")

# OEIS's published terms (A002186 Kayles n = 0..104, A002187 Dawson's chess n = 0..131, A002188
# Grundy's game n = 0..104), as the lesson cites them.
A002186 = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
           6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
           1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
           7, 2, 1]
A002187 = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
           0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
           8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
           8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4]
A002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
           1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
           3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3,
           5, 2, 3]


# ---------------------------------------------------------------- the games as the lesson words them

def pin_rows(row: int, knock: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The rows left after knocking down ``size`` neighbouring pins of a row, for each allowed size."""
    for size in knock:
        for first in range(row - size + 1):
            yield tuple(part for part in (first, row - first - size) if part)


def values_by_search(options: Callable[[int], Iterator[tuple[int, ...]]], upto: int) -> list[int]:
    """G(0..upto): each heap the mex of the XORs of what its moves leave (lesson 6 and 7)."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for parts in options(n):
            x = 0
            for part in parts:
                x ^= g[part]
            seen.add(x)
        g.append(mex(seen))
    return g


def kayles(upto: int) -> list[int]:
    return values_by_search(lambda n: pin_rows(n, (1, 2)), upto)


def dawsons_kayles(upto: int) -> list[int]:
    return values_by_search(lambda n: pin_rows(n, (2,)), upto)


def grundys_game(upto: int) -> list[int]:
    return values_by_search(lambda n: ((a, n - a) for a in range(1, n) if 2 * a != n), upto)


def lasker(upto: int) -> list[int]:
    def options(n: int) -> Iterator[tuple[int, ...]]:
        yield from ((m,) if m else () for m in range(n))
        yield from ((a, n - a) for a in range(1, n))
    return values_by_search(options, upto)


def split_three(upto: int) -> list[int]:
    def options(n: int) -> Iterator[tuple[int, ...]]:
        yield from ((m,) if m else () for m in range(n))
        yield from ((a, b, n - a - b) for a in range(1, n) for b in range(1, n - a))
    return values_by_search(options, upto)


def lasker_rule(n: int) -> int:
    return n + 1 if n % 4 == 3 else n - 1 if n % 4 == 0 and n else n


# ---------------------------------------------------------------- Kayles and octal codes


def test_kayles_values_and_the_worked_row_of_four() -> None:
    g = kayles(120)
    assert g == octal.sg_values(".77", 120) and g[:105] == A002186
    assert g[:4] == [0, 1, 2, 3] and g[4] == 1
    LESSON.says(r"\(G(0), \ldots, G(3) = 0, 1, 2, 3\)", r"\(\{0, 2, 3\}\) is 1, so \(G(4) = 1\)")
    LESSON.states(r"1 \oplus 2 = 3", r"1 \oplus 1 = 0")
    worth = [0 if not p else g[p[0]] ^ (g[p[1]] if len(p) > 1 else 0) for p in pin_rows(4, (1, 2))]
    assert sorted(set(worth)) == [0, 2, 3] and mex(worth) == 1
    fences = LESSON.widgets("octal-sequence")
    assert fences[0] == {"code": ".77", "upto": "40", "step": "0", "n": "8"}
    assert all(fence["step"] == "0" for fence in fences)  # predict first: every strip opens hidden


def test_octal_digits_read_as_the_lesson_says() -> None:
    """Each code's moves, from the digit rule (1 none, 2 one, 4 two heaps), are the engine's, and
    the rows of pins the lesson describes."""
    def by_digits(code: str, n: int) -> set[tuple[int, tuple[int, ...]]]:
        head, tail = code.split(".")
        digits = [int(head or "0")] + [int(c) for c in tail]
        found = set()
        for j, d in enumerate(digits):
            left = n - j
            if left < 0:
                continue
            if d & 1 and left == 0:
                found.add((j, ()))
            if d & 2 and left > 0 and j > 0:
                found.add((j, (left,)))
            if d & 4:
                found |= {(j, (a, left - a)) for a in range(1, left // 2 + 1)}
        return found

    for code in (".77", ".07", ".137", "4.07", ".4", ".6"):
        for n in range(30):
            assert by_digits(code, n) == {(s.removed, s.parts) for s in octal.moves(code, n)}, (code, n)
    for n in range(30):  # Kayles and Dawson's Kayles are the pins
        assert {tuple(sorted(p)) for p in pin_rows(n, (1, 2))} == {p for _, p in by_digits(".77", n)}
        assert {tuple(sorted(p)) for p in pin_rows(n, (2,))} == {p for _, p in by_digits(".07", n)}
        # .137: two only from an end or a whole heap of 2, never from the middle
        assert all(len(p) < 2 for j, p in by_digits(".137", n) if j == 2)
    LESSON.says("\\(d_1 = 7 = 1 + 2 + 4\\)", "\\(d_2 = 3 = 1 + 2\\)")
    LESSON.says("| `4.07` | (no name) |", "work it out, then press Next to check")
    assert "| `4.07` | （没有名字） |" in LESSON.twins["zh"] and "再按 **下一步** 核对" in LESSON.twins["zh"]
    for bad in (".8", ".70", "3.7", ".123456789"):
        with pytest.raises(Exception):
            octal.OctalCode.parse(bad)


def test_the_symmetry_strategy() -> None:
    g = octal.sg_values(".77", 400)
    assert all(g[n] for n in range(1, 401))
    for n in range(1, 200):
        middle = 1 if n % 2 else 2
        first = (n - middle) // 2
        assert first == n - first - middle  # two equal rows (or none)
        assert tuple(r for r in (first, first) if r) in set(pin_rows(n, (middle,)))
    assert dawsons_kayles(5)[5] == 0  # "in Dawson's Kayles … a row of 5 is a P-position"
    LESSON.states(r"1 \oplus 4 = 5", r"4 \oplus 5 = 1")
    assert g[4] ^ g[5] == 5 and g[4] == 1 and (4,) in set(pin_rows(5, (1,)))


# ---------------------------------------------------------------- periods and the theorem


def test_kayles_period_and_the_theorems_range() -> None:
    p = octal.period(".77")
    assert (p.preperiod, p.length, p.proved) == (71, 12, True)
    g = kayles(400)
    assert all(g[n] == g[n + 12] for n in range(71, 389)) and g[70] != g[82]
    LESSON.says("From \\(n = 71\\) on its values\nrepeat with period 12", "the last exception is at\n\\(n = 70\\)")
    LESSON.states(r"2 \times 71 + 12 + 2 = 156", r"1000 - 71 = 929 = 77 \times 12 + 5")
    # the values up to heap 167 are what the check reads: n + p for n < 156
    assert 156 + 12 - 1 == 167 and all(g[n] == g[n + 12] for n in range(71, 156))
    assert octal.sg(".77", 1000) == g[76] == 1
    LESSON.says("so the values up to heap 167 prove the\nperiod for ever", "\\(G(1000) = G(76) = 1\\)")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=3).filter(lambda d: d[-1] != 0), st.sampled_from(["", "4"]))
def test_the_periodicity_theorem_against_long_tables(digits: list[int], head: str) -> None:
    """Wherever the theorem's finite check passes on a table cut just long enough, the period
    holds in a table four times longer, computed by the definition."""
    code = head + "." + "".join(map(str, digits))
    k = len(digits)
    long = octal.sg_values(code, 700)
    for n0 in range(1, 60):
        for p in range(1, 40):
            end = 2 * n0 + p + k
            if end + p > 700:
                continue
            if all(long[n] == long[n + p] for n in range(n0, end)):
                assert all(long[n] == long[n + p] for n in range(n0, 700 - p)), (code, n0, p)


def test_the_theorem_needs_n0_at_least_one() -> None:
    """With n0 = 0 the finite check can pass and the period still fail: `.4` with p = 1, k = 1
    (the proof's b − p may be 0, turning a two-heap move into a one-heap move). The lesson states
    n0 >= 1 in the theorem, its proof and its summary, in both languages."""
    g = octal.sg_values(".4", 10)
    n0, p, k = 0, 1, 1
    assert all(g[n + p] == g[n] for n in range(n0, 2 * n0 + p + k))  # G(0) = G(1) = G(2) = 0
    assert g[:3] == [0, 0, 0] and g[3] == 1 and g[3] != g[3 - p]
    LESSON.says(r"be \(d_k\), and let \(n_0 \ge 1\) and \(p \ge 1\).",
                r"passes the check with \(n_0 = 0\), \(p = 1\), \(k = 1\), since \(G(0) = G(1) = G(2) = 0\), yet \(G(3) = 1\)",
                r"\(b - p \ge n_0 \ge 1\): the heap is still there", "By induction on \\(N\\)",
                r"\(n_0 \le n < 2 n_0 + p + k\), for some \(n_0 \ge 1\), holds for ever",
                r"So \(N\) and \(N + p\) have the same sets of option values, and \(G(N + p) = G(N)\).")
    zh = LESSON.twins["zh"]
    for phrase in (r"并且 \(n_0 \ge 1\)，\(p \ge 1\)", r"\(b - p \ge n_0 \ge 1\)", "对 \\(N\\) 归纳",
                   r"于是 \(N\) 与 \(N + p\) 的后继 SG 值集合相同", r"只要 \(n_0 \ge 1\)"):
        assert phrase in zh, phrase
    # the engine's own check starts at n0 = 1 whatever the preperiod it reports
    assert octal.period(".33") == octal.Period(0, 3, True)


def test_dawsons_kayles_and_dawsons_chess() -> None:
    d = dawsons_kayles(400)
    assert d == octal.sg_values(".07", 400)
    assert d[:15] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4]
    LESSON.says("0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4")
    assert (octal.period(".07").preperiod, octal.period(".07").length) == (53, 34)
    assert (octal.period(".137").preperiod, octal.period(".137").length) == (52, 34)
    LESSON.states(r"2 \times 53 + 34 + 2 = 142")
    chess = octal.sg_values(".137", 399)
    assert chess == d[1:] and chess[:132] == A002187
    # the correspondence the lesson gives: a row of h pins ↔ a heap of h − 1, move for move
    for h in range(1, 60):
        rows = {tuple(sorted(part - 1 for part in p if part > 1)) for p in pin_rows(h, (2,))}
        heaps = {tuple(sorted(s.parts)) for s in octal.moves(".137", h - 1)}
        assert rows == heaps, h


def test_grundys_game_is_open_and_computed_to_its_bound() -> None:
    g = grundys_game(104)
    assert g == octal.grundys_game_values(104) == A002188
    LESSON.says("| \\(G(n)\\) | 0 | 0 | 0 | 1 | 0 | 2 | 1 | 0 | 2 | 1 | 0 | 2 | 1 | 3 |")
    assert octal.GRUNDY_MAX_UPTO == 8191
    LESSON.says("The engine computes values up to heap 8191; the strip shows up to 200.", "open problem", "OEIS A002188")
    assert octal_sequence.MAX_UPTO == 200
    # the widget opens on a heap the reader can win (9), not on a P-position (10)
    fence = LESSON.widgets("octal-sequence")[2]
    assert fence["game"] == "grundys-game" and fence["n"] == "9"
    g = octal.grundys_game_values(10)
    assert g[9] == 1 and g[10] == 0
    LESSON.says("a heap of 9 to split against the server: it is worth\n1", "a heap of 10 is worth 0, a P-position")
    for said in ("n = 8191", "n = 3071", r"只要算出 \(G(0)\) 到 \(G(167)\)"):
        assert said in LESSON.twins["zh"], said
    assert not re.search(r"第 \d+ 堆", LESSON.twins["zh"])  # a heap size is n = …, not "the n-th heap"
    assert len(octal.grundys_game_values(8191)) == 8192
    with pytest.raises(Exception):
        octal.grundys_game_values(8192)
    assert octal.period(".6") is None and octal.MAX_DIRECT_UPTO == 3071
    LESSON.says("such as `.6`\n  (Officers), no period is known: the widget computes it to heap 3071")


# ---------------------------------------------------------------- Lasker's Nim and the judges


def test_laskers_nim_rule_and_proof_facts() -> None:
    g = lasker(300)
    assert g == [lasker_rule(n) for n in range(301)]
    assert g[:13] == [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]
    LESSON.says("0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, …")
    # the proof's facts: f keeps each block of four, its last two bits follow m mod 4
    for m in range(1, 400):
        assert (lasker_rule(m) - 1) // 4 == (m - 1) // 4
        assert lasker_rule(m) & 3 == {1: 1, 2: 2, 3: 0, 0: 3}[m % 4]
    LESSON.states(r"3 \oplus 1 = 2", r"2 \oplus 0 = 2")
    # 4.333 agrees with Lasker's Nim up to heap 4 and then parts ways: it is not Lasker's Nim
    four = octal.sg_values("4.333", 5)
    assert four[:5] == g[:5] == [0, 1, 2, 4, 3] and four[5] == 0 != g[5] == 5
    LESSON.says("it agrees with Lasker's Nim up to heap 4\n(0, 1, 2, 4, 3) and then parts ways (\\(G(5) = 0\\), not 5)")
    for text in (LESSON.plain, LESSON.twins["zh"]):
        assert "is the octal game `4.333`" not in text and "就是八进制博弈 `4.333`" not in text
    assert "到堆大小 4 为止它和 Lasker 尼姆博弈的值一样（0, 1, 2, 4, 3）" in LESSON.twins["zh"]
    # the name write-ups give such games, in both languages
    LESSON.says("call **Multi-SG** games")
    assert "**[Multi-SG]{lang=en} 游戏**（贾志豪 2009 年集训队论文），HDU 3032 就是它的模板题" in LESSON.twins["zh"]
    # ... after Lasker's proof, not between its key idea and the proof
    for text, name, judge in ((LESSON.text, "**Multi-SG**", "## Judge problems"),
                              (LESSON.twins["zh"], "**[Multi-SG]{lang=en} 游戏**", "## 例题")):
        rule = text.index("G(4k + 4) = 4k + 3")
        assert text.index("::: proof", rule) < text.index(name) < text.index(judge)


def test_the_split_into_three_rule() -> None:
    g = split_three(64)
    assert g == [n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 and n else n for n in range(65)]
    assert g[:7] == list(range(7))
    LESSON.states(r"1 \oplus 2 \oplus 4 = 7")


def test_cutting_game_reduction_by_search() -> None:
    """The real game (cutting out a 1 × 1 square wins) against the lesson's game (cuts that keep
    every side at least 2, the player who cannot loses), for every sheet up to 6 × 6; and a sheet
    two squares wide is `.4` on w − 1."""
    @cache
    def wins(pieces: tuple[tuple[int, int], ...]) -> bool:
        for i, (w, h) in enumerate(pieces):
            rest = pieces[:i] + pieces[i + 1:]
            for a, b in [((x, h), (w - x, h)) for x in range(1, w)] + [((w, y), (w, h - y)) for y in range(1, h)]:
                if (1, 1) in (a, b):
                    return True
                after = tuple(sorted(rest + (tuple(sorted(a)), tuple(sorted(b)))))
                if not wins(after):
                    return True
        return False

    @cache
    def g(w: int, h: int) -> int:
        seen = {g(i, h) ^ g(w - i, h) for i in range(2, w - 1)} | {g(w, j) ^ g(w, h - j) for j in range(2, h - 1)}
        return mex(seen)

    for w in range(2, 7):
        for h in range(2, 7):
            if w * h <= 20:
                assert wins(((min(w, h), max(w, h)),)) == (g(w, h) != 0), (w, h)
    assert g(2, 2) == g(2, 3) == g(3, 2) == 0
    assert [g(2, w) for w in range(2, 80)] == octal.sg_values(".4", 78)[1:]
    assert octal.sg_values(".4", 200)[1:] == octal.sg_values(".07", 199)  # G_.4(n) = G_.07(n − 1)
    # the match of Going further: a heap of n in .4 ↔ a row of n − 1 pins in .07, each row of r
    # pins (0 too) a heap of r + 1, as for Dawson's chess; never "the POJ 2311 argument"
    for n in range(2, 60):
        rows = {tuple(sorted((first + 1, n - 1 - first - 2 + 1))) for first in range(n - 2)}
        assert rows == {s.parts for s in octal.moves(".4", n)}, n
    LESSON.says(r"so \(G_{.4}(n) = G_{.07}(n - 1)\)", "(match them as for Dawson's\n  chess)")
    assert "POJ 2311\n  argument" not in LESSON.text and "按 POJ 2311 里的对应" not in LESSON.twins["zh"]
    # the count of the program's work: sides 2 to 200, a cut keeps both pieces at least 2 wide
    sides = range(2, 201)
    assert len(sides) == 199 and max(len(range(2, w - 1)) for w in sides) == 197
    LESSON.states(r"197 + 197", r"199 \times 199")


def test_the_python_code_computes_any_octal_code() -> None:
    octal_values = LESSON.python("octal_values")["octal_values"]
    assert octal_values(".77", 12) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    LESSON.says("gives 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4.")
    for digits in itertools.product(range(8), repeat=2):
        for head in ("", "4"):
            if digits[-1]:
                code = head + "." + "".join(map(str, digits))
                assert octal_values(code, 50) == octal.sg_values(code, 50), code
    assert octal_values(".137", 60) == octal.sg_values(".137", 60)


def test_the_try_it_answers() -> None:
    g = octal.sg_values(".77", 10)
    assert g[3] ^ g[5] == 7 and 4 ^ 7 == 3 and (3,) in set(pin_rows(5, (2,)))
    LESSON.says(r"\(G(3) \oplus G(5) = 3 \oplus 4 = 7\)", r"\(G(3) \oplus G(4) = 4 \oplus 3 = 7\)")
    LESSON.states(r"1 \oplus 2 \oplus 3 = 0")
    la = lasker(4)
    assert la[3] ^ la[4] == 7 and la[1] ^ la[2] ^ la[4] == 0
    d = dawsons_kayles(5)
    assert {d[p[0]] ^ (d[p[1]] if len(p) > 1 else 0) for p in pin_rows(5, (2,))} == {1} and d[5] == 0
    LESSON.states(r"0 \oplus 1 = 1")


def test_the_sample_verdicts_in_the_text() -> None:
    la = lasker(3)
    assert la[2] ^ la[2] ^ la[3] == 4 and la[3] ^ la[3] == 0
    LESSON.states(r"2 \oplus 2 \oplus 4 = 4", r"4 \oplus 4 = 0")
    LESSON.says("A case has up to\n\\(10^6\\) heaps; with the rule no table is needed: read each heap and\nXOR in its value.")
    assert "有了公式就不用打表" in LESSON.twins["zh"] and "所以每组至多" not in LESSON.twins["zh"]
    # HDU 5795's sample, in its own order: 4 4 first (Second), then 1 2 4 (First)
    sample = judge_samples("HDU-5795")[0]
    assert sample["input"].split("\n")[1:5] == ["2", "4 4", "3", "1 2 4"]
    assert sample["output"].split("\n")[:2] == ["Second player wins.", "First player wins."]
    s3 = split_three(8)
    assert s3[4] ^ s3[4] == 0 and s3[1] ^ s3[2] ^ s3[4] == 7
    LESSON.says("its first case, 4 and 4, is\n\\(4 \\oplus 4 = 0\\), `Second player wins.`; its second, heaps 1, 2, 4,")
    zh = LESSON.twins["zh"]
    assert zh.index("第一组 4 和 4") < zh.index("第二组 1、2、4")


JUDGE = [("HDU-3032", "lasker(long long s)"), ("HDU-5795", "split3(long long s)"), ("POJ-2311", "int g[201][201];")]


@needs_cxx
@pytest.mark.parametrize("problem, marker", JUDGE, ids=[p for p, _ in JUDGE])
def test_each_judge_program_prints_its_published_sample(tmp_path, problem: str, marker: str) -> None:
    LESSON.prints_samples(LESSON.compile(LESSON.cpp(marker), tmp_path), problem)


@needs_cxx
def test_the_lasker_program_agrees_with_the_search_on_many_heaps(tmp_path) -> None:
    binary = LESSON.compile(LESSON.cpp("lasker(long long s)"), tmp_path)
    g = lasker(40)
    cases = [[a, b, c] for a, b, c in itertools.product(range(1, 13), repeat=3)]
    text = f"{len(cases)}\n" + "".join(f"3\n{a} {b} {c}\n" for a, b, c in cases)
    want = ["Alice" if g[a] ^ g[b] ^ g[c] else "Bob" for a, b, c in cases]
    assert LESSON.run(binary, text).split("\n")[:-1] == want
