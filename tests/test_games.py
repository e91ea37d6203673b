"""Every family's closed form against brute-force search, and the solver's own guarantees."""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games import circle, euclid, grids, kmultiple, nim, staircase, takeaway, turtles, wythoff
from grundy.games.core import GameError, Move, Solver, SumGame, mex, misere_outcome, misere_solver, nim_sum

# ---------------------------------------------------------------- the solver


@dataclass(frozen=True)
class Chain:
    """n → n − 1: a game as deep as its start, to prove the solver does not recurse."""

    def options(self, position: int) -> Iterator[Move[int]]:
        if position:
            yield Move("step", position - 1)


@dataclass(frozen=True)
class Loop:
    def options(self, position: int) -> Iterator[Move[int]]:
        yield Move("around", (position + 1) % 3)


def test_the_solver_is_iterative() -> None:
    assert Solver(Chain()).grundy(200_000) == 0  # far beyond Python's recursion limit
    assert Solver(Chain()).grundy(200_001) == 1


def test_cycles_and_runaway_searches_are_refused() -> None:
    with pytest.raises(GameError, match="cycle"):
        Solver(Loop()).grundy(0)
    with pytest.raises(GameError, match="more than 1000 positions"):
        Solver(Chain(), max_positions=1000).grundy(5000)


def test_trace_shows_the_mex_step() -> None:
    trace = Solver(takeaway.TakeAwayGame(takeaway.SubtractionSet.of(1, 3, 4))).trace(5)
    assert [(m.position, g) for m, g in trace.options] == [(4, 2), (2, 0), (1, 1)]
    assert trace.values == [0, 1, 2] and trace.grundy == 3


small_components = st.one_of(
    st.tuples(st.just("nim"), st.integers(0, 6)),
    st.tuples(st.just("bash"), st.integers(0, 12)),
    st.tuples(st.just("wythoff"), st.tuples(st.integers(0, 4), st.integers(0, 4))),
    st.tuples(st.just("kiki"), st.tuples(st.integers(0, 4), st.integers(0, 4))),
)
GAMES = {"nim": nim.NimHeap(), "bash": takeaway.TakeAwayGame(takeaway.Bash(3)), "wythoff": wythoff.WythoffGame(), "kiki": grids.KikiGame()}


@settings(max_examples=60, deadline=None)
@given(st.lists(small_components, min_size=1, max_size=3))
def test_sprague_grundy_a_sum_is_the_xor(parts: list[tuple[str, object]]) -> None:
    total = SumGame(tuple(GAMES[name] for name, _ in parts))
    position = tuple(p for _, p in parts)
    solver = Solver(total)
    assert solver.grundy(position) == nim_sum(Solver(GAMES[name]).grundy(p) for name, p in parts)
    for move in solver.winning_moves(position):  # every winning move leads to a P-position
        assert solver.grundy(move.position) == 0


# ---------------------------------------------------------------- Nim and misère Nim

nim_heaps = st.lists(st.integers(0, 7), min_size=1, max_size=4)


@settings(max_examples=200, deadline=None)
@given(nim_heaps)
def test_nim_against_brute_force(heaps: list[int]) -> None:
    game = SumGame(tuple(nim.NimHeap() for _ in heaps))
    solver = Solver(game)
    assert nim.outcome(heaps) == solver.outcome(tuple(heaps))
    brute = sorted(m.position for m in solver.winning_moves(tuple(heaps)))
    mine = sorted(tuple(heaps[:m.heap - 1] + [m.left] + heaps[m.heap:]) for m in nim.winning_moves(heaps))
    assert mine == brute


MISERE: dict[int, Solver] = {}


@settings(max_examples=200, deadline=None)
@given(nim_heaps)
def test_misere_nim_against_brute_force(heaps: list[int]) -> None:
    game = SumGame(tuple(nim.NimHeap() for _ in heaps))
    solver = MISERE.setdefault(len(heaps), misere_solver(game))
    assert nim.misere_outcome(heaps) == solver.outcome(tuple(heaps)) == misere_outcome(game, tuple(heaps))
    for m in nim.misere_winning_moves(heaps):
        after = heaps[: m.heap - 1] + [m.left] + heaps[m.heap :]
        assert solver.outcome(tuple(after)) == "P"
    brute_count = sum(1 for m in game.options(tuple(heaps)) if solver.outcome(m.position) == "P")
    assert len(nim.misere_winning_moves(heaps)) == brute_count


@given(st.lists(st.integers(0, 10**30), min_size=1, max_size=6))
def test_every_nim_winning_move_zeroes_the_xor(heaps: list[int]) -> None:
    moves = nim.winning_moves(heaps)
    assert bool(moves) == (nim_sum(heaps) != 0)
    for m in moves:
        assert nim_sum(heaps[: m.heap - 1] + [m.left] + heaps[m.heap :]) == 0


def test_nim_worked_examples_from_the_notes() -> None:
    assert [str(m) for m in nim.winning_moves([14, 21, 39])] == ["take 12 from heap 3"]
    assert "take 19 from heap 3" in [str(m) for m in nim.winning_moves([55, 81, 121])]
    assert nim.outcome([2, 3]) == "N" and [str(m) for m in nim.winning_moves([2, 3])] == ["take 1 from heap 2"]


# ---------------------------------------------------------------- Wythoff


def test_wythoff_first_nine_p_positions() -> None:
    assert [wythoff.p_position(k) for k in range(9)] == [
        (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20),
    ]


def test_a_k_is_the_mex_of_earlier_numbers() -> None:
    used: set[int] = set()
    for k in range(2000):
        a = mex(used)
        assert a == wythoff.a_k(k)
        used |= {a, a + k}


def test_wythoff_against_brute_force_on_boards_up_to_60() -> None:
    solver = Solver(wythoff.WythoffGame())
    for a, b in itertools.product(range(61), repeat=2):
        assert wythoff.is_p(a, b) == (solver.grundy((a, b)) == 0)
        assert sorted(m.after for m in wythoff.winning_moves(a, b)) == sorted(m.position for m in solver.winning_moves((a, b)))


@given(st.integers(0, 10**300), st.integers(1, 10**6))
def test_wythoff_exact_for_huge_piles(k: int, nudge: int) -> None:
    a, b = wythoff.p_position(k)
    assert wythoff.is_p(a, b) and wythoff.is_p(b, a)
    assert not wythoff.is_p(a, b + nudge)
    moves = wythoff.winning_moves(a, b + nudge)
    assert moves and all(wythoff.is_p(*m.after) for m in moves)


def test_the_double_formula_fails_first_at_f40() -> None:
    k = wythoff.first_float_failure()
    assert k == 102334155  # the Fibonacci number F(40)
    assert wythoff.float_a_k(k) == wythoff.a_k(k) + 1
    # The search's premise: the double r is within 6e-17 of φ (checked in exact arithmetic).
    r = Fraction(wythoff.DOUBLE_PHI)
    scale = 10**40
    phi_low = Fraction(scale + isqrt(5 * scale * scale), 2 * scale)  # φ to within 1e-40
    assert abs(r - phi_low) < Fraction(6, 10**17)
    # and a direct check of every k below a bound the premise says is safe
    assert all(int(k * wythoff.DOUBLE_PHI) == wythoff.a_k(k) for k in range(1, 200_000))


# ---------------------------------------------------------------- grids


def test_kiki_against_brute_force() -> None:
    solver = Solver(grids.KikiGame())
    for x, y in itertools.product(range(30), repeat=2):
        assert grids.kiki_outcome(x, y) == solver.outcome((x, y))
    assert grids.kiki_outcome(*grids.kiki_start(5, 3)) == "P"  # HDU 2147: n, m both odd


def notes_marbles_table(size: int) -> dict[tuple[int, int], int]:
    """The notes' own loop, transcribed: an independent computation of the same table."""
    sg: dict[tuple[int, int], int] = {}
    for i in range(1, size + 1):
        for j in range(1, size + 1):
            if i == j:
                continue
            seen = set()
            for k in range(1, max(i, j) + 1):
                if i - k >= 1 and i - k != j:
                    seen.add(sg[(i - k, j)])
                if j - k >= 1 and j - k != i:
                    seen.add(sg[(i, j - k)])
                if i - k >= 1 and j - k >= 1:
                    seen.add(sg[(i - k, j - k)])
            sg[(i, j)] = mex(seen)
    return sg


def test_marbles_matches_the_notes_table() -> None:
    for (i, j), value in notes_marbles_table(40).items():
        assert grids.marbles_grundy(i, j) == value
    assert grids.marbles_grundy(1, 2) == grids.marbles_grundy(2, 1) == 0  # the new terminal squares


BOMB_BOARD = Solver(grids.BombBoard())


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.integers(1, 3)), min_size=1, max_size=3))
def test_bomb_board_sums_are_xors(bombs: list[tuple[int, int]]) -> None:
    position = grids.settle(tuple(bombs))
    assert BOMB_BOARD.grundy(position) == nim_sum(grids.BOMBS.grundy(*b) for b in position)


# ---------------------------------------------------------------- Euclid, circle, staircase


def test_euclid_outcome_and_steps_against_brute_force() -> None:
    solver = Solver(euclid.EuclidGame())
    memo: dict[tuple[int, int], int] = {}

    def brute_steps(x: int, y: int) -> int:  # the definition, recursively
        if (x, y) not in memo:
            opts = [m.position for m in euclid.EuclidGame().options((x, y))]
            if not opts:
                memo[(x, y)] = 0
            elif solver.grundy((x, y)):
                memo[(x, y)] = 1 + max(brute_steps(*o) for o in opts if solver.grundy(o) == 0)
            else:
                memo[(x, y)] = 1 + min(brute_steps(*o) for o in opts)
        return memo[(x, y)]

    for a, b in itertools.product(range(80), repeat=2):
        x, y = min(a, b), max(a, b)
        assert euclid.outcome(a, b) == solver.outcome((x, y))
        assert euclid.steps(a, b) == brute_steps(x, y)


@given(st.integers(1, 10**200), st.integers(1, 10**200))
def test_euclid_outcome_for_huge_piles_follows_the_forced_chain(a: int, b: int) -> None:
    x, y = min(a, b), max(a, b)
    if y >= 2 * x:
        assert euclid.outcome(x, y) == "N"
    else:
        assert euclid.outcome(x, y) != euclid.outcome(y - x, x)


def test_circle_against_brute_force() -> None:
    for k in range(1, 5):
        solver = Solver(circle.CircleGame(k))
        for n in range(1, 25):
            assert circle.outcome(n, k) == solver.outcome(("ring", n))
            assert circle.ring_grundy(n, k) == solver.grundy(("ring", n))


def test_staircase_sg_is_the_xor_of_odd_steps() -> None:
    solver = Solver(staircase.StaircaseGame())
    for n in range(1, 4):
        for coins in itertools.product(range(4), repeat=n):
            assert staircase.grundy(coins) == solver.grundy(coins)
            for target in range(4):
                mine = sorted(m.position for m in staircase.moves_to_value(coins, target))
                assert mine == sorted(m.position for m in solver.moves_to(coins, target))


def test_hdu_3389_and_poj_1704_reductions_against_brute_force() -> None:
    boxes = Solver(staircase.BoxesGame())
    for n in range(1, 8):
        for cards in itertools.product(range(2), repeat=n):
            assert (staircase.boxes_grundy(cards) == 0) == (boxes.grundy(cards) == 0)
    pieces = Solver(staircase.GeorgiaBobGame())
    for n in range(1, 4):
        for squares in itertools.combinations(range(1, 10), n):
            assert (staircase.georgia_bob_grundy(squares) == 0) == (pieces.grundy(squares) == 0)


# ---------------------------------------------------------------- k-multiple and Mock Turtles


def test_k_multiple_against_brute_force() -> None:
    """Every heap n ≤ 90 under every cap m, k = 1..6: the outcome and the exact set of winning
    moves, from a search over the game as stated."""
    for k in range(1, 7):
        solver = Solver(kmultiple.KMultipleGame(k))
        for n in range(1, 91):
            assert kmultiple.outcome(n, k) == solver.outcome(kmultiple.start(n)), (n, k)
            for m in range(1, n + 1):
                truth = [t for t in range(1, min(n, m) + 1) if solver.grundy((n - t, k * t)) == 0]
                assert kmultiple.winning_takes(n, k, m) == truth, (n, k, m)
                assert kmultiple.outcome(n, k, m) == ("N" if truth else "P"), (n, k, m)
            take = kmultiple.winning_first_move(n, k)
            firsts = [t for t in range(1, n) if solver.grundy((n - t, k * t)) == 0]
            assert take == (firsts[0] if firsts else None), (n, k)


def _spread_sums(values: list[int], k: int) -> Iterator[int]:
    """Every sum of distinct ``values`` in which each part is more than k times the part below."""
    for r in range(1, len(values) + 1):
        for chosen in itertools.combinations(sorted(values), r):
            if all(k * x < y for x, y in zip(chosen, chosen[1:])):
                yield sum(chosen)


def test_k_multiple_construction_is_what_it_claims() -> None:
    """bᵢ is the largest k-spread sum of a₀..aᵢ, aᵢ₊₁ = bᵢ + 1, and every number up to bᵢ is
    exactly one such sum (so the greedy decomposition is the only one)."""
    for k in range(1, 6):
        rows = kmultiple.construction(300, k)
        for i, row in enumerate(rows[:12]):
            values = [r.a for r in rows[: i + 1]]
            sums = list(_spread_sums(values, k))
            assert row.b == max(sums), (k, i)
            assert sorted(sums) == list(range(1, row.b + 1)), (k, i)  # each number once
            if i + 1 < len(rows):
                assert rows[i + 1].a == row.b + 1
            if row.j is not None:
                assert k * rows[row.j].a < row.a and (row.j + 1 == i or k * rows[row.j + 1].a >= row.a)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2000), st.integers(1, 10**30))
def test_k_multiple_construction_cost_bounds_the_work(k: int, n: int) -> None:
    rows = kmultiple.construction(n, k)
    assert len(rows) <= kmultiple.construction_cost(n, k)
    parts = kmultiple.decompose(n, k)
    assert sum(parts) == n and all(k * y < x for x, y in zip(parts, parts[1:]))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3000), st.integers(1, 10**12))
def test_k_multiple_losing_numbers_are_the_construction_s(k: int, limit: int) -> None:
    """The losing numbers the game's answers read (built on bare lists, the quick way) are the
    construction's a's, row by row."""
    assert kmultiple.losing_numbers(limit, k) == [r.a for r in kmultiple.construction(limit, k) if r.a <= limit]


def test_k_multiple_refuses_work_before_doing_it() -> None:
    with pytest.raises(GameError, match="could take"):
        kmultiple.construction(10**60, 100_000)
    n, k = 10**8, 100_000  # POJ 3922's largest heap and k: within the bound
    for t in kmultiple.winning_takes(n, k):
        assert kmultiple.decompose(n - t, k)[-1] > k * t


def test_k_multiple_losing_numbers_are_powers_of_two_and_fibonacci() -> None:
    assert kmultiple.losing_numbers(10**6, 1) == [2**i for i in range(20)]
    fib = [1, 2]
    while fib[-1] + fib[-2] <= 10**6:
        fib.append(fib[-1] + fib[-2])
    assert kmultiple.losing_numbers(10**6, 2) == fib


def test_mock_turtles_against_brute_force() -> None:
    solver = Solver(turtles.MockTurtles())
    for n in range(1, 9):
        for row in itertools.product([False, True], repeat=n):
            assert turtles.grundy(row) == solver.grundy(row)


def test_mock_turtles_values_are_the_odious_numbers() -> None:
    odious = [v for v in range(1, 400) if bin(v).count("1") % 2 == 1]
    assert [turtles.g(x) for x in range(len(odious))] == odious


# ---------------------------------------------------------------- take-away families by search


@settings(max_examples=100, deadline=None)
@given(st.frozensets(st.integers(1, 9), min_size=1, max_size=4), st.integers(0, 80))
def test_take_away_table_equals_generic_search(amounts: frozenset[int], n: int) -> None:
    rule = takeaway.SubtractionSet(amounts)
    assert Solver(takeaway.TakeAwayGame(rule)).grundy(n) == takeaway.grundy(rule, n)


def test_bad_input_raises_game_error_quoting_it() -> None:
    for call, text in [
        (lambda: nim.outcome([3, -1]), "-1"),
        (lambda: wythoff.is_p(-2, 3), "-2"),
        (lambda: grids.kiki_start(0, 3), "(0, 3)"),
        (lambda: circle.outcome(0), "0"),
        (lambda: turtles.parse_row("HXT"), "'HXT'"),
        (lambda: kmultiple.outcome(5, 0), "0"),
        (lambda: grids.BOMBS.grundy(61, 2), "(61, 2)"),
    ]:
        with pytest.raises(GameError, match=text.replace("(", r"\(").replace(")", r"\)")):
            call()
    assert issubclass(GameError, ValueError)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 1000), st.integers(0, 1000))
def test_euclid_step_counts_by_the_forced_line_equal_the_search(a: int, b: int) -> None:
    """The closed rule follows the one line of correct play; the search takes every move."""
    assert euclid.steps(a, b) == euclid.steps_by_search(a, b)


@given(st.integers(1, 10**200), st.integers(1, 10**200))
def test_euclid_step_counts_for_huge_piles_have_the_outcomes_parity(a: int, b: int) -> None:
    assert (euclid.steps(a, b) % 2 == 1) == (euclid.outcome(a, b) == "N")


def test_euclids_line_move_is_the_strategys_move_by_the_definition() -> None:
    """EuclidFamily.every_move (the line, no listing) equals Family.every_move (every move scored)."""
    from grundy.games.family import Family

    fam = euclid.EuclidFamily()
    for x in range(0, 60):
        for y in range(x, 60):
            assert fam.every_move((x, y)) == Family.every_move(fam, (x, y)), (x, y)
    big = 10**120 + 7
    assert euclid.line_move(3, big) is not None and euclid.steps(3, big) >= 1
