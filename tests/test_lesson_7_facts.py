"""Every fact about a game that lesson 7 (sums of games) states, checked against the engine.

The lesson quotes SG values, XORs, winning moves, the HDU 1848 table and samples, periods and
preperiods, the SG of a heap of 10^18 and the answers to its Try-it; each has a test here. The
Sprague–Grundy theorem itself is checked by brute force: the generic solver, which knows nothing
about XOR, searches sums of mixed games. The lesson's code is tested too: the Python blocks are
executed and compared with the engine, and the C++ blocks are compiled with -Wall -Werror (and
bounds-checked containers) and run, when a C++ compiler is available.
"""
from __future__ import annotations

import itertools
import random
import re
from functools import cache
from pathlib import Path

import pytest

from tests import lesson_code
from tests.lesson_code import needs_cxx

from grundy.games import nim
from grundy.games.core import Solver, SumGame, mex, nim_sum
from grundy.games.nim import NimHeap, NimMove
from grundy.games.registry import family
from grundy.games.solve import solve
from grundy.games.takeaway import (
    Bash,
    Fibonacci,
    Period,
    SubtractionSet,
    TakeAwayGame,
    cells,
    grundy,
    grundy_values,
    period,
)
from grundy.games.wythoff import WythoffGame
from grundy.widgets import game_sum, pn_table
from grundy.widgets import period as period_widget
from tests.judge import judge_samples

REPO = Path(__file__).parents[1]
LESSON = lesson_code.Lesson("07-sums-of-games.md", cxx_flags=("-O1", "-D_GLIBCXX_DEBUG",), timeout=60)

FIB = Fibonacci()  # HDU 1848
S134 = SubtractionSet.of(1, 3, 4)  # lesson 6's worked example, a component of the example sum
S247 = SubtractionSet.of(2, 4, 7)  # the set with a preperiod
S289 = SubtractionSet.of(2, 8, 9)  # the longest preperiod among the small sets
BASH3 = Bash(3)
SMALL_FIB = SubtractionSet.of(1, 2, 3, 5, 8, 13)  # the Fibonacci moves for heaps up to 20

MEX_CLAIM = re.compile(r"\\operatorname\{mex\}\\\{([0-9, ]*)\\\} = (\d+)")

# Every set of one to three amounts from 1 to 9: the "129 sets" of the Beyond box.
SETS_UP_TO_9 = [SubtractionSet(frozenset(c)) for r in (1, 2, 3) for c in itertools.combinations(range(1, 10), r)]


# ---------------------------------------------------------------- helpers


def longest_play(game, position, memo: dict) -> int:
    if position not in memo:
        memo[position] = max((1 + longest_play(game, m.position, memo) for m in game.options(position)), default=0)
    return memo[position]


@cache
def fib_values(upto: int = 1000) -> tuple[int, ...]:
    return tuple(grundy_values(FIB, upto))


def option_values(game, position) -> set[int]:
    solver = Solver(game)
    return {solver.grundy(m.position) for m in game.options(position)}


# ---------------------------------------------------------------- the sum of games


COMPONENTS = [NimHeap(), TakeAwayGame(BASH3), TakeAwayGame(S134), TakeAwayGame(FIB)]


def test_a_move_in_a_sum_is_a_move_in_exactly_one_component() -> None:
    game = SumGame((NimHeap(), TakeAwayGame(S134), WythoffGame()))
    for position in [(3, 5, (2, 3)), (0, 4, (1, 0)), (2, 0, (0, 0)), (0, 0, (0, 0)), (0, 2, (0, 0))]:
        moves = list(game.options(position))
        expected = sum(len(list(g.options(p))) for g, p in zip(game.games, position))
        assert len(moves) == expected  # every move of every component, and nothing else
        for move in moves:
            changed = [i for i in range(3) if move.position[i] != position[i]]
            assert len(changed) == 1
            i = changed[0]
            assert move.position[i] in [m.position for m in game.games[i].options(position[i])]
        # No move at all exactly when every component is terminal.
        all_terminal = all(not list(g.options(p)) for g, p in zip(game.games, position))
        assert (not moves) == all_terminal


def test_a_play_of_a_sum_lasts_at_most_the_sum_of_the_heights() -> None:
    games = (NimHeap(), TakeAwayGame(S134), TakeAwayGame(BASH3))
    game = SumGame(games)
    memo: dict = {}
    for position in itertools.product(range(6), range(9), range(8)):
        parts = [longest_play(g, p, {}) for g, p in zip(games, position)]
        assert longest_play(game, position, memo) == sum(parts)  # the longest play uses every part fully
        for move in game.options(position):  # so every option has a smaller height
            assert longest_play(game, move.position, memo) < memo[position]


def test_nim_with_n_heaps_is_a_sum_of_one_heap_games() -> None:
    game = SumGame((NimHeap(), NimHeap(), NimHeap()))
    solver = Solver(game)
    for heaps in itertools.product(range(7), repeat=3):
        assert solver.outcome(heaps) == nim.outcome(list(heaps))


# ---------------------------------------------------------------- the Sprague–Grundy theorem


def test_the_sg_value_of_a_sum_is_the_xor_of_the_values_by_brute_force() -> None:
    """The generic solver searches each sum; it never uses XOR."""
    for first, second in itertools.combinations_with_replacement(range(len(COMPONENTS)), 2):
        games = (COMPONENTS[first], COMPONENTS[second])
        solver = Solver(SumGame(games))
        singles = [Solver(g) for g in games]
        for x, y in itertools.product(range(16), repeat=2):
            assert solver.grundy((x, y)) == singles[0].grundy(x) ^ singles[1].grundy(y)
    games3 = (TakeAwayGame(FIB), TakeAwayGame(S134), WythoffGame())
    solver = Solver(SumGame(games3))
    singles = [Solver(g) for g in games3]
    for x, y, a, b in itertools.product(range(9), range(9), range(4), range(5)):
        value = singles[0].grundy(x) ^ singles[1].grundy(y) ^ singles[2].grundy((a, b))
        assert solver.grundy((x, y, (a, b))) == value
        assert solver.outcome((x, y, (a, b))) == ("P" if value == 0 else "N")


def test_the_two_facts_from_lesson_6_hold_for_every_component() -> None:
    """From value g: every value below g is reachable, g itself is not."""
    for game, positions in [(NimHeap(), range(40)), (TakeAwayGame(BASH3), range(60)),
                            (TakeAwayGame(S134), range(60)), (TakeAwayGame(FIB), range(100)),
                            (WythoffGame(), itertools.product(range(8), repeat=2))]:
        solver = Solver(game)
        for position in positions:
            g = solver.grundy(position)
            reached = option_values(game, position)
            assert set(range(g)) <= reached and g not in reached


def test_the_proof_steps() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        gs = [rng.randrange(64) for _ in range(rng.randrange(1, 6))]
        s = nim_sum(gs)
        # No option keeps the XOR: changing one value g_i to g_i' != g_i changes s.
        for i, g in enumerate(gs):
            other = rng.randrange(64)
            if other != g:
                assert s ^ g ^ other != s
        # Every t < s: the highest bit of d = s ^ t is 1 in s, some g_i has it, and g_i ^ d < g_i.
        for t in range(s):
            d = s ^ t
            k = d.bit_length() - 1
            assert (s >> k) & 1 == 1 and (t >> k) & 1 == 0
            assert (s >> (k + 1)) == (t >> (k + 1))  # they agree above bit k
            holders = [g for g in gs if (g >> k) & 1]
            assert len(holders) % 2 == 1  # an odd number of them, so at least one
            for g in holders:
                assert g ^ d < g
                assert s ^ g ^ (g ^ d) == t
    assert nim_sum([0, 0, 0]) == 0  # a sum of terminal components


def test_the_winning_strategy_moves_to_a_p_position() -> None:
    games = (NimHeap(), TakeAwayGame(S134), TakeAwayGame(FIB))
    solver = Solver(SumGame(games))
    singles = [Solver(g) for g in games]
    for position in itertools.product(range(10), range(12), range(12)):
        gs = [singles[i].grundy(p) for i, p in enumerate(position)]
        s = nim_sum(gs)
        if s == 0:
            assert solver.winning_moves(position) == []
            continue
        top = s.bit_length() - 1
        i = next(i for i, g in enumerate(gs) if (g >> top) & 1)
        target = gs[i] ^ s
        assert target < gs[i]  # the recipe always moves down ...
        moves = singles[i].moves_to(position[i], target)
        assert moves  # ... and such a move exists
        after = position[:i] + (moves[0].position,) + position[i + 1:]
        assert solver.outcome(after) == "P"


def test_nim_is_the_case_sg_x_equals_x() -> None:
    solver = Solver(NimHeap())
    assert [solver.grundy(a) for a in range(200)] == list(range(200))
    rng = random.Random(4)
    for _ in range(500):
        heaps = [rng.randrange(200) for _ in range(rng.randrange(1, 6))]
        x = nim_sum(heaps)
        assert nim.outcome(heaps) == ("P" if x == 0 else "N")
        # Lesson 4's move: take a_i - (a_i ^ x) from a heap with a 1 in the highest bit of x.
        expected = [NimMove(i + 1, a - (a ^ x), a ^ x) for i, a in enumerate(heaps)
                    if x and (a >> (x.bit_length() - 1)) & 1]
        assert nim.winning_moves(heaps) == expected


def test_the_notes_name_the_xor_a_nim_sum() -> None:
    note = next((REPO.parents[0] / "shared" / "notes").glob("003_*.txt"), None)
    if note is None:
        pytest.skip("the source notes are not next to this checkout")
    source = note.read_text(encoding="utf-8")
    assert "Nim和" in source and "Bouton定理" in source and "SG(x) = x" in source
    assert "Nim sum" in LESSON.text and "Bouton's theorem" in LESSON.text


# ---------------------------------------------------------------- the worked example


EXAMPLE = {"nim": "4", "bash": "7", "m": "3", "sub": "8", "set": "1,3,4", "wythoff": "2,3"}


def test_the_example_table() -> None:
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \| (\d+) \| ([01]+) \|$", LESSON.text, re.MULTILINE)
    assert [r[0].strip() for r in rows] == ["Nim heap", r"Bash heap, \(m = 3\)", r"\(S = \{1, 3, 4\}\) heap",
                                           "Wythoff piles"]
    assert [r[1].strip() for r in rows] == ["4", "7", "8", "(2, 3)"]
    values = [Solver(NimHeap()).grundy(4), grundy(BASH3, 7), grundy(S134, 8), Solver(WythoffGame()).grundy((2, 3))]
    assert values == [4, 3, 1, 5]
    assert [int(r[2]) for r in rows] == values
    assert [r[3] for r in rows] == [format(v, "03b") for v in values]
    assert nim_sum(values) == 3 and format(3, "03b") == "011"
    assert r"100 \oplus 011 \oplus 001 \oplus 101 = 011 = 3" in LESSON.text


def test_bash_values_are_n_mod_4_and_the_options_carry_the_other_remainders() -> None:
    values = grundy_values(BASH3, 400)
    assert values == [n % 4 for n in range(401)]
    for n in range(401):
        carried = {values[n - k] for k in BASH3.moves(n)}
        assert carried == ({0, 1, 2, 3} - {n % 4} if n >= 4 else set(range(n)))


def test_the_wythoff_piles_2_3_reach_the_values_0_to_4_but_not_5() -> None:
    assert option_values(WythoffGame(), (2, 3)) == {0, 1, 2, 3, 4}
    assert Solver(WythoffGame()).grundy((2, 3)) == mex([0, 1, 2, 3, 4]) == 5


def test_the_example_winning_moves() -> None:
    # The generic solver on the whole sum, four different games at once.
    games = (NimHeap(), TakeAwayGame(BASH3), TakeAwayGame(S134), WythoffGame())
    solver = Solver(SumGame(games))
    start = (4, 7, 8, (2, 3))
    assert solver.grundy(start) == 3 and solver.outcome(start) == "N"
    winning = sorted(m.position for m in solver.winning_moves(start))
    assert winning == [(4, 4, 8, (2, 3)), (4, 7, 4, (2, 3))]  # Bash 7 -> 4 and subtraction 8 -> 4
    # The recipe: the highest 1 bit of 3 is the 2's bit, and only the Bash value 3 has it.
    assert [v for v in (4, 3, 1, 5) if v & 2] == [3]
    LESSON.states(r"3 \oplus 3 = 0")
    # The second move goes up: 8 -> 4 with S = {1, 3, 4}, from value 1 to 2 = 1 ^ 3.
    assert 4 in S134.moves(8) and grundy(S134, 4) == 2 == 1 ^ 3 > 1


def test_the_first_game_sum_widget_is_this_sum() -> None:
    params = LESSON.widgets("game-sum")
    assert params[0] == EXAMPLE
    view = game_sum.view(game_sum.parse(params[0]))
    assert [(r.kind, r.text, r.value) for r in view.rows] == [
        ("Nim heap", "4", 4), ("Bash heap", "7", 3), ("Subtraction heap", "8", 1), ("Wythoff piles", "2,3", 5)]
    assert view.total == 3 and view.outcome == "N"
    assert [(r.index, r.moves) for r in view.rows if r.moves] == [(2, [("take 3", "4")]), (3, [("take 4", "4")])]
    # "Set Bash heaps to 4 and press Show": the XOR is 0.
    after = game_sum.view(game_sum.parse({**EXAMPLE, "bash": "4"}))
    assert after.total == 0 and [r.value for r in after.rows] == [4, 0, 1, 5]
    # "A blank field means no component of that kind."
    assert len(game_sum.view(game_sum.parse({**EXAMPLE, "wythoff": ""})).rows) == 3


# ---------------------------------------------------------------- HDU 1848


def test_the_fibonacci_moves() -> None:
    assert FIB.moves(20) == [1, 2, 3, 5, 8, 13]
    assert FIB.moves(1000) == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987]
    assert len(FIB.moves(1000)) == 15
    assert r"15 Fibonacci numbers (1 to 987), so the table takes about \(1000 \times 15 = 15{,}000\)" in LESSON.plain
    assert "Up to 20 stones the Fibonacci moves are exactly 1, 2, 3, 5, 8 and 13" in LESSON.plain
    # 1 is listed once: the problem's F(1) = 1, F(2) = 2, F(n) = F(n-1) + F(n-2).
    f = [1, 2]
    while len(f) < 15:
        f.append(f[-1] + f[-2])
    assert f == FIB.moves(1000)
    # Up to 20 stones these are exactly the moves of S = {1, 2, 3, 5, 8, 13}; at 21 they differ.
    assert grundy_values(SMALL_FIB, 20) == list(fib_values()[:21])
    assert FIB.moves(21) != SMALL_FIB.moves(21)


def test_the_start_of_the_fibonacci_table() -> None:
    values = fib_values()
    assert list(values[:10]) == [0, 1, 2, 3, 0, 1, 2, 3, 4, 5]
    assert "0 1 2 3 0 1 2 3 4 5" in LESSON.text
    for n in range(4):  # heaps 0 to 3 reach every smaller heap
        assert sorted(n - s for s in FIB.moves(n)) == list(range(n))
    four = cells(FIB, 4)[4]
    assert [o.to for o in four.options] == [3, 2, 1] and [o.grundy for o in four.options] == [3, 2, 1]
    assert four.grundy == 0 and FIB.moves(4) == [1, 2, 3]  # not 5
    assert all(o.to in FIB.moves(o.to) for o in four.options)  # "the opponent takes them all"
    eight = cells(FIB, 8)[8]
    assert [o.to for o in eight.options] == [7, 6, 5, 3, 0]
    assert [o.grundy for o in eight.options] == [3, 2, 1, 3, 0] and eight.grundy == 4


def test_every_mex_the_lesson_writes_out_is_right() -> None:
    claims = MEX_CLAIM.findall(LESSON.text)
    assert len(claims) == 2
    for listed, value in claims:
        assert mex(int(x) for x in listed.split(",")) == int(value)
    assert (r"\operatorname{SG}(4) = \operatorname{mex}\{3, 2, 1\} = 0" in LESSON.text
            and r"\operatorname{SG}(8) = \operatorname{mex}\{3, 2, 1, 3, 0\} = 4" in LESSON.text)


def test_the_block_of_ten_breaks_at_34() -> None:
    values = fib_values()
    block = [0, 1, 2, 3, 0, 1, 2, 3, 4, 5]
    assert all(values[n] == block[n % 10] for n in range(34))
    assert values[34] == 4 and block[34 % 10] == 0
    assert 34 in FIB.moves(34)  # from 34 you can take everything
    assert "repeat in blocks of ten, but only up to heap 33. Heap 34 is worth 4, not 0" in LESSON.plain


def test_the_fibonacci_values_up_to_1000() -> None:
    values = fib_values()
    assert set(values) == set(range(10))
    assert values.index(9) == 627
    assert "Up to 1000 the values run from 0 to 9, and 9 first appears at heap 627" in LESSON.plain


def test_hdu_1848_judge_samples() -> None:
    (sample,) = judge_samples("HDU-1848")
    lines = [list(map(int, line.split())) for line in sample["input"].splitlines()]
    assert lines == [[1, 1, 1], [1, 4, 1], [0, 0, 0]]
    values = fib_values()
    answers = ["Fibo" if values[m] ^ values[n] ^ values[p] else "Nacci" for m, n, p in lines[:-1]]
    assert answers == sample["output"].split() == ["Fibo", "Nacci"]
    assert [values[1], values[4]] == [1, 0]
    LESSON.states(r"1 \oplus 1 \oplus 1 = 1", r"1 \oplus 0 \oplus 1 = 0")
    # Through the command line's solver, and through a brute-force search of the three-heap sum.
    sum_solver = Solver(SumGame((TakeAwayGame(FIB),) * 3))
    for (m, n, p), answer in zip(lines, answers):
        solution = solve(family("subtraction", {"set": "fibonacci"}), [str(m), str(n), str(p)])
        assert (solution.outcome == "N") == (answer == "Fibo") == (sum_solver.outcome((m, n, p)) == "N")
    # 1 1 1: the winning moves take one whole heap, leaving two heaps of 1.
    moves = solve(family("subtraction", {"set": "fibonacci"}), ["1", "1", "1"]).winning_moves
    assert sorted((m.component, m.becomes) for m in moves) == [(0, ("0",)), (1, ("0",)), (2, ("0",))]


def test_the_fibonacci_pn_table_widget() -> None:
    (params,) = LESSON.widgets("pn-table")
    assert params == {"rule": "fibonacci", "upto": "40", "sg": "1", "step": "0"}
    view = pn_table.view(pn_table.parse(params))
    assert view.params.sg and view.period is None
    assert [c.grundy for c in view.cells] == list(fib_values()[:41])
    assert view.params.upto >= 34  # heap 34 is in the table


def test_the_second_game_sum_widget_is_the_second_sample() -> None:
    params = LESSON.widgets("game-sum")[1]
    assert params == {"nim": "", "bash": "", "sub": "1,4,1", "set": "1,2,3,5,8,13", "wythoff": ""}
    view = game_sum.view(game_sum.parse(params))
    assert [(r.kind, r.value) for r in view.rows] == [("Subtraction heap", 1), ("Subtraction heap", 0),
                                                      ("Subtraction heap", 1)]
    assert view.total == 0 and view.outcome == "P"
    # For heaps up to 20 the widget answers exactly as HDU 1848.
    values = fib_values()
    for heaps in [(1, 1, 1), (2, 3, 5), (2, 3, 6), (20, 13, 7), (19, 18, 17)]:
        v = game_sum.view(game_sum.parse({**params, "sub": ",".join(map(str, heaps))}))
        assert v.total == values[heaps[0]] ^ values[heaps[1]] ^ values[heaps[2]]


# ---------------------------------------------------------------- Beyond the notes: periodicity


def test_every_small_set_is_eventually_periodic() -> None:
    for rule in SETS_UP_TO_9:
        found = period(rule)
        assert found is not None and found.length >= 1, rule.label
        values = grundy_values(rule, 3000)
        assert all(values[n + found.length] == values[n] for n in range(found.preperiod, 3001 - found.length))


def test_the_periods_found_are_the_smallest() -> None:
    for rule in SETS_UP_TO_9 + [S247, S289]:
        found = period(rule)
        values = grundy_values(rule, 2000)

        def holds(pre: int, length: int) -> bool:
            return all(values[n + length] == values[n] for n in range(pre, 2001 - length))

        assert holds(found.preperiod, found.length)
        assert not any(holds(found.preperiod, length) for length in range(1, found.length))
        if found.preperiod:
            assert not holds(found.preperiod - 1, found.length)


def test_the_window_argument() -> None:
    for rule in SETS_UP_TO_9:
        w, k = max(rule.amounts), len(rule.amounts)
        values = grundy_values(rule, 600)
        assert max(values) <= k  # every value is at most |S|
        for n in range(w, 601):  # from n >= w every move is legal, so the window decides SG(n)
            assert rule.moves(n) == sorted(rule.amounts)
            assert values[n] == mex(values[n - s] for s in rule.amounts)
        found = period(rule)
        assert found.preperiod + found.length <= (k + 1) ** w  # within the pigeonhole bound


def test_s_2_4_7_has_preperiod_8_and_period_3() -> None:
    assert period(S247) == Period(preperiod=8, length=3)
    values = grundy_values(S247, 5000)
    assert values[:8] == [0, 0, 1, 1, 2, 2, 0, 3]
    assert "The preperiod is 8; from heap 8 on, 1 0 2 repeats with period 3" in LESSON.plain
    assert "for \\(\\{2, 4, 7\\}\\): 8, then period 3" in LESSON.plain
    assert values[8:] == [[1, 0, 2][(n - 8) % 3] for n in range(8, 5001)]
    assert r"0\ 0\ 1\ 1\ 2\ 2\ 0\ 3 \mid 1\ 0\ 2 \mid 1\ 0\ 2" in LESSON.text
    # The value 3 turns up once, at heap 7, whose options 5, 3, 0 have values 2, 1, 0.
    assert [n for n in range(5001) if values[n] == 3] == [7]
    seven = cells(S247, 7)[7]
    assert [o.to for o in seven.options] == [5, 3, 0] and [o.grundy for o in seven.options] == [2, 1, 0]
    assert all(S247.moves(n) != [2, 4, 7] for n in range(7))  # heaps below 7 cannot use every move
    # The pigeonhole bound and the first repeated window.
    assert (len(S247.amounts) + 1) ** max(S247.amounts) == 4**7 == 16_384 and "16{,}384" in LESSON.text
    windows = [tuple(values[a:a + 7]) for a in range(12)]
    assert windows[11] == windows[8] and len(set(windows[:11])) == 11
    assert "the window starting at heap 11 already repeats the one at heap 8" in LESSON.plain
    assert "at heap 7 (options 5, 3 and 0, of values 2, 1 and 0), and never again" in LESSON.plain


def test_late_starts_are_rare_among_the_129_small_sets() -> None:
    assert len(SETS_UP_TO_9) == 129
    late = {tuple(sorted(r.amounts)): period(r) for r in SETS_UP_TO_9 if period(r).preperiod > 0}
    assert len(late) == 7
    longest = max(late, key=lambda s: late[s].preperiod)
    assert longest == (2, 8, 9) and late[longest] == Period(preperiod=21, length=11)
    assert r"\(\{2, 8, 9\}\), 21 values before a period of 11" in LESSON.plain
    assert "129 sets" in LESSON.plain and "only 7 have a preperiod" in LESSON.plain


def test_a_heap_of_10_to_the_18() -> None:
    n = 10**18
    assert (n - 8) % 3 == 2 and Period(8, 3).fold(n) == 10
    assert grundy(S247, n) == grundy_values(S247, 10)[10] == 2
    assert r"\((10^{18} - 8) \bmod 3 = 2\)" in LESSON.text
    assert r"\(\operatorname{SG}(10^{18}) = \operatorname{SG}(10) = 2\): N" in LESSON.plain
    # The fold formula against the table, for every heap the table can check.
    values = grundy_values(S247, 3000)
    assert all(values[n] == values[Period(8, 3).fold(n)] for n in range(3001))


def test_the_fibonacci_rule_has_no_largest_move() -> None:
    assert [max(FIB.moves(n)) for n in (1, 10, 100, 1000, 10**6)] == [1, 8, 89, 987, 832040]


def test_the_period_widget() -> None:
    (params,) = LESSON.widgets("period")
    assert params == {"set": "2,4,7", "upto": "40", "n": str(10**18)}
    view = period_widget.view(period_widget.parse(params))
    assert view.period == Period(8, 3) and view.values == grundy_values(S247, 40)
    assert view.n_value == 2 and view.folded == 10
    assert view.bands[:8] == ["pre"] * 8  # the preperiod is marked
    # "Paste a hundred-digit number", "or try the set 2,8,9".
    hundred = period_widget.view(period_widget.parse({**params, "n": "9" * 100}))
    assert hundred.n_value == grundy(S247, int("9" * 100))
    assert period_widget.view(period_widget.parse({**params, "set": "2,8,9"})).period == Period(21, 11)


# ---------------------------------------------------------------- Try it


def test_try_it_1() -> None:
    games = (NimHeap(), TakeAwayGame(Bash(2)), TakeAwayGame(S134))
    solver = Solver(SumGame(games))
    assert [Solver(g).grundy(p) for g, p in zip(games, (6, 5, 6))] == [6, 2, 2]
    LESSON.states(r"5 \bmod 3 = 2")
    assert solver.grundy((6, 5, 6)) == 6 and solver.outcome((6, 5, 6)) == "N"
    assert [m.position for m in solver.winning_moves((6, 5, 6))] == [(0, 5, 6)]  # the whole Nim heap
    assert max(grundy_values(Bash(2), 300)) == 2 and max(grundy_values(S134, 300)) == 3
    LESSON.states(r"2 \oplus 6 = 4")
    assert "The only winning move takes the whole Nim heap" in LESSON.plain and "(at most 2 and 3)" in LESSON.plain


def test_try_it_2() -> None:
    values = fib_values()
    assert [values[x] for x in (2, 3, 5)] == [2, 3, 1]
    LESSON.states(r"2 \oplus 3 \oplus 1 = 0")
    assert [values[x] for x in (2, 3, 6)] == [2, 3, 2]
    assert solve(family("subtraction", {"set": "fibonacci"}), ["2", "3", "5"]).outcome == "P"
    solution = solve(family("subtraction", {"set": "fibonacci"}), ["2", "3", "6"])
    assert solution.outcome == "N"
    assert sorted((m.component, m.becomes) for m in solution.winning_moves) == sorted(
        [(0, ("1",)), (1, ("0",)), (2, ("5",)), (2, ("1",))])
    assert values[1] == 1 and values[0] == 0 and values[5] == values[1] == 1
    assert "There are four winning moves" in LESSON.plain and "`Nacci`. `2 3 6`" in LESSON.plain


def test_try_it_3() -> None:
    values = grundy_values(S247, 3000)
    p_positions = [n for n in range(3001) if values[n] == 0]
    assert p_positions == [n for n in range(3001) if n in (0, 1, 6) or (n >= 9 and n % 3 == 0)]
    assert p_positions == [n for n in range(3001) if n == 1 or (n % 3 == 0 and n != 3)]
    assert grundy(S247, 10 ** 18 + 2) == 0
    assert "1 and every multiple of 3 except 3" in LESSON.plain and "so the second player wins" in LESSON.plain


def test_try_it_4_a_game_plus_itself_is_p() -> None:
    for game, positions in [(TakeAwayGame(S134), range(15)), (TakeAwayGame(FIB), range(15)),
                            (WythoffGame(), itertools.product(range(5), repeat=2))]:
        solver = Solver(SumGame((game, game)))
        for x in positions:
            assert solver.outcome((x, x)) == "P"
            # The copy strategy: every move in one copy is answered by the same move in the other.
            for move in solver.game.options((x, x)):
                a, b = move.position
                mirrored = (a, a) if a != x else (b, b)
                assert mirrored in [m.position for m in solver.game.options(move.position)]


# ---------------------------------------------------------------- the lesson's code


def test_the_lesson_has_exactly_the_code_blocks_tested_here() -> None:
    assert len(LESSON.blocks("python")) == 2
    assert len(LESSON.blocks("cpp")) == 3


TABLE_SETS = [(1, 3, 4), (2, 3), (1, 2, 4), (1,), (2, 4, 7), (2, 8, 9), (3, 5, 9), (1, 6, 9), (4, 9, 10, 11),
              (1, 2, 3, 5, 8, 13), (6,), (100, 37, 2)]


def test_python_fibonacci_moves_and_sg_table() -> None:
    ns = LESSON.python()
    for limit in (0, 1, 2, 3, 20, 21, 1000, 10**6):
        assert ns["fibonacci_moves"](limit) == FIB.moves(limit)
    assert ns["sg_table"](ns["fibonacci_moves"](1000), 1000) == list(fib_values())
    for amounts in TABLE_SETS:
        expected = grundy_values(SubtractionSet(frozenset(amounts)), 1500)
        assert ns["sg_table"](list(amounts), 1500) == expected
        assert ns["sg_table"](list(reversed(amounts)) + [amounts[0]], 300) == expected[:301]  # unsorted, repeated
        assert ns["sg_table"](list(amounts), 0) == [0]


def test_python_hdu_1848_answers_the_samples_and_random_tests() -> None:
    hdu = LESSON.python()["hdu_1848"]
    for sample in judge_samples("HDU-1848"):
        assert hdu(sample["input"]) == sample["output"]
    values = fib_values()
    rng = random.Random(1848)
    tests = [tuple(rng.randint(1, 1000) for _ in range(3)) for _ in range(3000)]
    text = "".join(f"{m} {n} {p}\n" for m, n, p in tests) + "0 0 0\n1 1 1\n"  # nothing after 0 0 0
    expected = "".join("Fibo\n" if values[m] ^ values[n] ^ values[p] else "Nacci\n" for m, n, p in tests)
    assert hdu(text) == expected


def test_python_period_and_huge_heaps() -> None:
    ns = LESSON.python()
    assert (ns["preperiod"], ns["period"], ns["huge"]) == (8, 3, 2)  # the example at the end of the block
    rng = random.Random(7)
    for rule in SETS_UP_TO_9[::3] + [S247, S289, SubtractionSet.of(4, 9, 10, 11)]:
        amounts = sorted(rule.amounts)
        table = ns["sg_table"](amounts, 5000)
        found = ns["find_period"](table, max(amounts))
        expected = period(rule)
        assert found == (expected.preperiod, expected.length), rule.label
        for n in list(range(60)) + [10**18, 10**99 + 12345] + [rng.randrange(10**100) for _ in range(5)]:
            assert ns["sg_of_heap"](table, *found, n) == grundy(rule, n)
    assert ns["find_period"]([0, 1, 2, 3], 2) is None  # no window repeats in so short a table


@needs_cxx
def test_cpp_judge_program(tmp_path: Path) -> None:
    binary = LESSON.compile(LESSON.cpp("std::vector<int> sg_table(") + LESSON.cpp("int main()"), tmp_path)
    for sample in judge_samples("HDU-1848"):
        assert LESSON.run(binary, sample["input"]) == sample["output"]
    values = fib_values()
    rng = random.Random(48)
    tests = [tuple(rng.randint(1, 1000) for _ in range(3)) for _ in range(3000)]
    # And the whole table: with a pair (a, b) of XOR g, "n a b" prints Nacci exactly when SG(n) = g.
    pairs = {}
    for a, b in itertools.product(range(1, 1001), repeat=2):
        pairs.setdefault(values[a] ^ values[b], (a, b))
        if len(pairs) == 10:
            break
    assert sorted(pairs) == list(range(10))
    tests += [(n, a, b) for n in range(1, 1001) for a, b in pairs.values()]
    stdin = "".join(f"{m} {n} {p}\n" for m, n, p in tests) + "0 0 0\n"
    expected = ["Fibo" if values[m] ^ values[n] ^ values[p] else "Nacci" for m, n, p in tests]
    assert LESSON.run(binary, stdin).split() == expected


PERIOD_HARNESS = """
#include <iostream>
int main() {
    int k;
    std::string n;
    while (std::cin >> k) {
        std::vector<int> moves(k);
        for (int& s : moves) std::cin >> s;
        std::cin >> n;
        const int window = *std::max_element(moves.begin(), moves.end());
        const std::vector<int> sg = sg_table(moves, 5000 + window);
        const Period p = find_period(sg, window);
        std::cout << p.preperiod << ' ' << p.length << ' ' << sg_of_heap(sg, p, n) << '\\n';
    }
}
"""


@needs_cxx
def test_cpp_period_and_huge_heaps(tmp_path: Path) -> None:
    source = LESSON.cpp("std::vector<int> sg_table(") + LESSON.cpp("Period find_period(") + PERIOD_HARNESS
    binary = LESSON.compile(source, tmp_path)
    rng = random.Random(77)
    cases = []
    for rule in SETS_UP_TO_9[::2] + [S247, S289, SubtractionSet.of(4, 9, 10, 11), SubtractionSet.of(1, 3, 4)]:
        amounts = sorted(rule.amounts)
        heaps = [0, 1, 5, 7, 8, 20, 21, 22, 999_999_999, 1_000_000_000, 10**18, 10**99 + 12345,
                 rng.randrange(10**100), rng.randrange(10**9)]
        cases += [(amounts, n) for n in heaps]
    stdin = "".join(f"{len(a)} {' '.join(map(str, a))} {n}\n" for a, n in cases)
    lines = LESSON.run(binary, stdin).splitlines()
    assert len(lines) == len(cases)
    for (amounts, n), line in zip(cases, lines):
        rule = SubtractionSet(frozenset(amounts))
        expected = period(rule)
        assert [int(x) for x in line.split()] == [expected.preperiod, expected.length, grundy(rule, n)], (amounts, n)
