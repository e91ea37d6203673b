"""Every fact about a game that lesson 3 (Bash's game) states, checked against the engine.

The lesson says "23 2 gives first", "the first player says 1, then stops on 12, 23, …",
"for fifteen values of m the program prints second"; each such claim has a test here, so an
edit to the lesson or to the engine that breaks one fails loudly. The engine's outcomes come
from backward induction (``outcomes`` fills the table by the definition), never from the
formula the lesson proves. The lesson's code blocks are tested too: the Python blocks are
executed and compared with the engine for many n and m, and the C++ blocks are compiled with
-Wall -Werror and run when a C++ compiler is available.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from tests import lesson_code

from grundy.games.core import misere_outcome, misere_solver
from grundy.games.takeaway import Bash, TakeAwayGame, outcomes
from tests.judge import SHARED, judge_samples

REPO = Path(__file__).parents[1]
LESSON = lesson_code.Lesson("03-bash-game.md", cxx_flags=("-O1",), timeout=60)


# Limits small enough for brute force, large enough to cover every remainder many times.
SMALL_M = range(1, 41)
UPTO = 300


# ---------------------------------------------------------------- helpers


@cache
def table(m: int, upto: int = UPTO) -> tuple[str, ...]:
    """Engine outcomes (backward induction) of Bash's game with limit m, heaps 0..upto."""
    return tuple(outcomes(Bash(m), upto))


def options(m: int, n: int) -> list[int]:
    return [n - take for take in Bash(m).moves(n)]


def winning_moves(m: int, n: int) -> list[int]:
    """The amounts that may be taken from n to leave a P-position (by the engine)."""
    labels = table(m, max(n, UPTO))
    return [take for take in Bash(m).moves(n) if labels[n - take] == "P"]


@cache
def _misere_solver(m: int):  # one memo per limit, shared by every question about it
    return misere_solver(TakeAwayGame(Bash(m)))


def misere(m: int, n: int) -> str:
    """The misère outcome (the last stone loses) of a heap of n with limit m, by the engine."""
    return _misere_solver(m).outcome(n)


def letters(row: str) -> list[str]:
    return row.split()


@cache
def count_up_outcome(target: int, most: int, said: int) -> str:
    """The counting game played directly, with no reduction: ``said`` is the last number said
    (0 before the first turn); a turn says the next 1..most numbers, never past ``target``; the
    player who says ``target`` wins. P or N for the player about to speak."""
    if said == target:
        return "P"  # the other player just said the target
    turns = range(said + 1, min(said + most, target) + 1)  # the last number this turn says
    return "N" if any(count_up_outcome(target, most, last) == "P" for last in turns) else "P"


def auction_table(N: int, upto: int) -> list[bool]:
    """HDU 2149 played directly: entry g says whether the bidder to move wins when the price is
    g below M. A raise of 1..N that reaches M (or passes it) buys the field; overshooting is
    allowed, unlike in Bash's game. Filled with a sliding count of losing gaps."""
    wins = [False] * (upto + 1)  # gap 0 never occurs to a bidder; it is a loss for them
    losing_in_window = 1  # among gaps g-N .. g-1 that are >= 0: gap 0 is losing
    for g in range(1, upto + 1):
        wins[g] = g <= N or losing_in_window > 0
        losing_in_window += 0 if wins[g] else 1
        if g - N >= 0 and not wins[g - N]:
            losing_in_window -= 1
    return wins


def auction_winning_bids(M: int, N: int, wins: list[bool]) -> list[int]:
    return [bid for bid in range(1, N + 1) if bid >= M or not wins[M - bid]]


# ---------------------------------------------------------------- the rules and the widgets


def test_the_rules_options_and_the_only_terminal_position() -> None:
    for m in SMALL_M:
        for n in range(UPTO + 1):
            assert options(m, n) == [n - k for k in range(1, min(n, m) + 1)]  # n-1 .. n-min(n,m)
        assert [n for n in range(UPTO + 1) if not Bash(m).moves(n)] == [0]


def test_m_2_is_lesson_1s_coin_game() -> None:
    assert Bash(2).moves(5) == [1, 2]
    assert all(Bash(2).moves(n) == [k for k in (1, 2) if k <= n] for n in range(50))


def test_the_widgets_show_what_the_lesson_says() -> None:
    pn = LESSON.widgets("pn-table")
    assert {"rule": "bash", "m": "2", "upto": "9", "step": "0"} in pn  # stepped
    assert {"rule": "bash", "m": "4", "upto": "30", "step": "0"} in pn  # predicted, then checked
    for params in pn:
        assert set(params) <= {"rule", "m", "set", "upto", "step"}
        assert 1 <= int(params["m"]) <= 100 and 0 <= int(params["upto"]) <= 300
    assert LESSON.widgets("take-away") == [{"rule": "bash", "m": "3", "start": "10"}]
    # Alice, moving first from 10 with m = 3, has a good first move; from 12 she has none.
    assert table(3)[10] == "N" and table(3)[12] == "P"


# ---------------------------------------------------------------- the P/N table


def test_the_notes_table_for_m_2() -> None:
    row = table(2, 9)
    assert list(row) == letters("P N N P N N P N N P")
    assert ["0" if o == "P" else "1" for o in row] == "0 1 1 0 1 1 0 1 1 0".split()
    assert "P N N P N N P N N P" in LESSON.text and "0 1 1 0 1 1 0 1 1 0" in LESSON.text


def test_every_p_is_followed_by_m_ns_and_then_a_p() -> None:
    for m in SMALL_M:
        labels = table(m)
        for n in range(UPTO - m):
            if labels[n] == "P":
                assert all(labels[n + i] == "N" and n in options(m, n + i) for i in range(1, m + 1))
                assert options(m, n + m + 1) == list(range(n + m, n, -1))  # only n+1 .. n+m
                assert labels[n + m + 1] == "P"


def test_m_4_p_positions() -> None:
    assert [n for n, o in enumerate(table(4, 30)) if o == "P"] == [0, 5, 10, 15, 20, 25, 30]
    LESSON.says("where do its P's sit? Predict, then press **Show all** to check.")


# ---------------------------------------------------------------- the key fact and its proof


def test_p_positions_are_the_multiples_of_m_plus_1() -> None:
    for m in SMALL_M:
        assert list(table(m)) == ["P" if n % (m + 1) == 0 else "N" for n in range(UPTO + 1)]
    for m in (99, 100, 250, 500, 999, 1000):  # large limits, over the whole HDU 1846 range
        assert outcomes(Bash(m), 1000) == ["P" if n % (m + 1) == 0 else "N" for n in range(1001)]


def test_the_three_checks_of_the_proof() -> None:
    for m in SMALL_M:
        for n in range(UPTO + 1):
            if n % (m + 1) == 0:  # check 2: every move leaves the multiples of m + 1
                assert all((n - k) % (m + 1) != 0 for k in Bash(m).moves(n))
            else:  # check 3: r = n mod (m+1) is 1..m, at most n, legal, and lands on a multiple
                r = n % (m + 1)
                assert 1 <= r <= m and r <= n and r in Bash(m).moves(n) and (n - r) % (m + 1) == 0
        # no multiple of m + 1 strictly between 0 and m + 1
        assert [k for k in range(1, m + 1) if k % (m + 1) == 0] == []


def test_the_sanity_checks() -> None:
    assert list(table(1)) == ["N" if n % 2 else "P" for n in range(UPTO + 1)]  # m = 1: parity
    for m in SMALL_M:
        for n in range(1, m + 1):  # 1 <= n <= m: take everything
            assert table(m)[n] == "N" and n in winning_moves(m, n) and n % (m + 1) == n


# ---------------------------------------------------------------- the strategy


def test_the_winning_move_is_n_mod_m_plus_1_and_the_only_one() -> None:
    for m in SMALL_M:
        for n in range(UPTO + 1):
            expected = [n % (m + 1)] if n % (m + 1) else []
            assert winning_moves(m, n) == expected
            assert len(options(m, n)) <= m  # at most m heaps to choose from


def test_answering_k_with_m_plus_1_minus_k() -> None:
    for m in SMALL_M:
        for heap in range(m + 1, UPTO + 1, m + 1):  # a positive multiple of m + 1
            for k in Bash(m).moves(heap):  # any move by the opponent
                answer = m + 1 - k
                assert 1 <= answer <= m and heap - k >= m + 1 - k
                assert answer in Bash(m).moves(heap - k)  # legal, and enough stones
                assert heap - k - answer == heap - (m + 1) and table(m)[heap - k - answer] == "P"
                assert heap - k > 0  # the opponent never empties the heap


def test_the_ten_stone_example() -> None:
    m = 3
    assert 10 % (m + 1) == 2 and winning_moves(m, 10) == [2]
    heap, heaps = 10, []
    for take in (2, 1, 3, 3, 1):  # Alice, Bob, Alice, Bob, Alice
        assert take in Bash(m).moves(heap)
        heap -= take
        heaps.append(heap)
    assert heaps == [8, 7, 4, 1, 0]
    assert [table(m)[h] for h in heaps[0::2]] == ["P", "P", "P"]  # each of Alice's moves leaves P
    LESSON.states(r"4 - 1 = 3", r"4 - 3 = 1")
    assert Bash(m).moves(0) == []  # Bob cannot move
    assert table(m)[12] == 'P'  # from 12, Alice faces a multiple of 4


# ---------------------------------------------------------------- counting to 100


def test_counting_to_100_is_bash_with_n_100_and_m_10() -> None:
    for said in range(101):  # the direct game agrees with Bash on the numbers not yet said
        assert count_up_outcome(100, 10, said) == table(10, 100)[100 - said]
    assert table(10, 100)[100] == 'N'
    LESSON.states(r"100 \bmod 11 = 1")
    assert winning_moves(10, 100) == [1]  # say just "1"
    assert table(10, 100)[99] == 'P'
    stops = [x for x in range(1, 101) if count_up_outcome(100, 10, x) == "P"]
    assert stops == [x for x in range(1, 101) if (100 - x) % 11 == 0]
    assert stops == [1, 12, 23, 34, 45, 56, 67, 78, 89, 100]
    assert r"1,\ 12,\ 23,\ 34,\ 45,\ 56,\ 67,\ 78,\ 89,\ 100" in LESSON.text


def test_the_counting_example_and_the_reply_11_minus_k() -> None:
    # She says 1; he says 2, 3, 4; she says the eight numbers 5 to 12.
    his = [2, 3, 4]
    hers = list(range(5, 13))
    assert len(his) == 3 and len(hers) == 8 == 11 - len(his) and hers[-1] == 12
    assert count_up_outcome(100, 10, 12) == "P"
    for stop in (1, 12, 23, 34, 45, 56, 67, 78, 89):
        for k in range(1, 11):
            assert count_up_outcome(100, 10, stop + k + (11 - k)) == "P"


# ---------------------------------------------------------------- HDU 1846


def first_or_second(n: int, m: int) -> str:
    return "first" if outcomes(Bash(m), n)[n] == "N" else "second"


def test_hdu_1846_samples() -> None:
    samples = judge_samples("HDU-1846")
    assert samples
    for sample in samples:
        numbers = [int(x) for x in sample["input"].split()]
        cases, pairs = numbers[0], numbers[1:]
        tests = [(pairs[i], pairs[i + 1]) for i in range(0, 2 * cases, 2)]
        assert [first_or_second(n, m) for n, m in tests] == sample["output"].split()
        assert tests == [(23, 2), (4, 3)] and sample["output"].split() == ["first", "second"]


def test_hdu_1846_the_sample_reasoning() -> None:
    assert winning_moves(2, 23) == [2]
    LESSON.states(r"23 \bmod 3 = 2")
    assert table(3)[4] == 'P'
    LESSON.states(r"4 \bmod 4 = 0")
    assert [(k, 4 - k) for k in Bash(3).moves(4)] == [(1, 3), (2, 2), (3, 1)]
    assert all(4 - k in Bash(3).moves(4 - k) for k in (1, 2, 3))  # the second takes the rest


def test_hdu_1846_m_larger_than_n() -> None:
    assert first_or_second(5, 1000) == 'first' and winning_moves(1000, 5) == [5]
    LESSON.states(r"5 \bmod 1001 = 5")


def test_hdu_1846_limits_quoted_in_the_lesson() -> None:
    source = SHARED / "judge" / "HDU-1846.json"
    if not source.is_file():
        pytest.skip("the full judge statement lives in ../shared, not in a fresh clone")
    statement = json.loads(source.read_text(encoding="utf-8"))["statement"]["input"]
    assert "C<=100" in statement and "1<=n,m<=1000" in statement
    assert r"\(C\) of test cases (at most 100)" in LESSON.plain
    assert r"\(1 \le n, m \le 1000\)" in LESSON.plain


# ---------------------------------------------------------------- beyond the notes: misère


def test_misere_bash_p_iff_n_mod_m_plus_1_is_1() -> None:
    for m in range(1, 16):
        for n in range(150):
            assert misere(m, n) == ("P" if n % (m + 1) == 1 else "N")
        assert misere(m, 0) == "N"  # the empty heap: the player to move wins
        for n in range(1, 150):  # misère on n is normal play on n - 1
            assert misere(m, n) == table(m)[n - 1]
        assert [n for n in range(150) if misere(m, n) == "P"][:3] == [1, m + 2, 2 * m + 3]
    # the shared memo gives what a fresh misere_outcome search gives
    assert [misere_outcome(TakeAwayGame(Bash(3)), n) for n in range(20)] == [misere(3, n) for n in range(20)]


def test_the_misere_checks() -> None:
    for m in range(1, 16):
        for n in range(150):
            if n % (m + 1) == 1:  # no move stays in L
                assert all((n - k) % (m + 1) != 1 for k in Bash(m).moves(n))
            elif n >= 1:  # every other heap outside L has a move into L
                take = (n - 1) % (m + 1)
                assert take in Bash(m).moves(n) and (n - take) % (m + 1) == 1
                assert misere(m, n - take) == "P"


# ---------------------------------------------------------------- beyond the notes: HDU 2149


def test_the_auction_has_the_outcomes_of_bash() -> None:
    """Overshooting changes no outcome: the auction with gap g is Bash's game at heap g."""
    for N in range(1, 61):
        wins = auction_table(N, 1099)
        assert ["N" if w else "P" for w in wins[1:]] == list(table(N, 1099))[1:]
    for N in (100, 500, 1099):
        wins = auction_table(N, 1099)
        assert ["N" if w else "P" for w in wins[1:]] == outcomes(Bash(N), 1099)[1:]


def test_hdu_2149_winning_bids() -> None:
    for N in range(1, 61):
        wins = auction_table(N, 200)
        for M in range(1, 201):
            bids = auction_winning_bids(M, N, wins)
            if M > N:  # Bash's game with n = M, m = N: only M mod (N+1), if it is not 0
                assert bids == winning_moves(N, M) == ([M % (N + 1)] if M % (N + 1) else [])
            else:  # every raise from M to N
                assert bids == list(range(M, N + 1))


def hdu_2149_answer(M: int, N: int) -> str:
    bids = auction_winning_bids(M, N, auction_table(N, M))
    return " ".join(map(str, bids)) if bids else "none"


def test_hdu_2149_samples_and_the_lesson_reasoning() -> None:
    samples = judge_samples("HDU-2149")
    assert samples
    for sample in samples:
        numbers = [int(x) for x in sample["input"].split()]
        pairs = list(zip(numbers[0::2], numbers[1::2]))
        assert [hdu_2149_answer(M, N) for M, N in pairs] == sample["output"].splitlines()
        assert pairs == [(4, 2), (3, 2), (3, 5)]
        assert sample["output"].splitlines() == ["1", "none", "3 4 5"]
    LESSON.states(r"4 \bmod 3 = 1", r"3 \bmod 3 = 0")


def test_hdu_2149_limits_quoted_in_the_lesson() -> None:
    source = SHARED / "judge" / "HDU-2149.json"
    if not source.is_file():
        pytest.skip("the full judge statement lives in ../shared, not in a fresh clone")
    statement = json.loads(source.read_text(encoding="utf-8"))["statement"]["input"]
    assert "M<1100" in statement and "0<N" in statement
    assert "(both positive and below 1100)" in LESSON.plain


# ---------------------------------------------------------------- Try it


def heap_1000_is_p(m: int) -> bool:
    """Whether the heap of 1000 is P with limit m, by backward induction on 0..1000. A P at
    1000 needs the previous P exactly m + 1 below, so only the last P matters: track it."""
    last_p = 0
    for n in range(1, 1001):
        if n - last_p > m:  # every option n-1 .. n-m is N: n is P
            last_p = n
    return last_p == 1000


def test_try_it_answers() -> None:
    # 1. m = 5, 40 stones: move first and take 4, leaving 36.
    assert table(5)[40] == 'N' and winning_moves(5, 40) == [4] and (table(5)[36] == 'P')
    LESSON.states(r"40 \bmod 6 = 4")
    # 2. Count to 50, 1 to 4 numbers a turn: don't start; stop on the multiples of 5.
    assert table(4, 50)[50] == 'P' and count_up_outcome(50, 4, 0) == 'P'
    LESSON.states(r"50 \bmod 5 = 0")
    assert [x for x in range(1, 51) if count_up_outcome(50, 4, x) == "P"] == list(range(5, 51, 5))
    # 3. HDU 1846 with n = 1000: fifteen values of m give "second".
    seconds = [m for m in range(1, 1001) if heap_1000_is_p(m)]
    assert seconds == [1, 3, 4, 7, 9, 19, 24, 39, 49, 99, 124, 199, 249, 499, 999]
    divisors = [d for d in range(1, 1001) if 1000 % d == 0]
    assert len(divisors) == 16 and [d - 1 for d in divisors if d > 1] == seconds
    listed = re.search(r"So \\\(m\\\) is ([\d, ]+) or (\d+)\.", LESSON.plain)
    assert listed is not None
    assert [int(x) for x in listed.group(1).split(", ")] + [int(listed.group(2))] == seconds
    # 4. Misère, m = 3, 10 stones: the first player takes 1 and leaves 9.
    assert misere(3, 10) == 'N'
    LESSON.states(r"10 \bmod 4 = 2")
    assert [k for k in Bash(3).moves(10) if misere(3, 10 - k) == "P"] == [1]
    assert misere(3, 9) == 'P'
    LESSON.states(r"9 \bmod 4 = 1")
    # 5. HDU 2149: "10 3" gives 2 and "6 8" gives 6 7 8.
    assert hdu_2149_answer(10, 3) == '2'
    LESSON.states(r"10 \bmod 4 = 2")
    assert hdu_2149_answer(6, 8) == "6 7 8"


def test_the_shortcut_used_for_try_it_3_is_backward_induction() -> None:
    """heap_1000_is_p keeps only the last P; it must agree with the engine's full table."""
    for m in list(range(1, 60)) + [99, 124, 199, 249, 499, 999, 1000]:
        assert heap_1000_is_p(m) == (outcomes(Bash(m), 1000)[1000] == "P")


# ---------------------------------------------------------------- the lesson's code


def test_the_lesson_has_exactly_the_code_blocks_tested_here() -> None:
    assert len(LESSON.blocks("python")) == 2
    assert len(LESSON.blocks("cpp")) == 2


def test_python_bash_routines_match_the_engine() -> None:
    ns = LESSON.python()
    winning_take, first_player_wins, reply = ns["winning_take"], ns["first_player_wins"], ns["reply"]
    for m in SMALL_M:
        for n in range(UPTO + 1):
            assert first_player_wins(n, m) == (table(m)[n] == "N")
            moves = winning_moves(m, n)
            assert winning_take(n, m) == (moves[0] if moves else 0)
        for heap in range(m + 1, UPTO + 1, m + 1):
            for k in Bash(m).moves(heap):
                assert table(m)[heap - k - reply(k, m)] == "P" and reply(k, m) in Bash(m).moves(heap - k)


def test_python_winning_bids_matches_the_auction() -> None:
    winning_bids = LESSON.python()["winning_bids"]
    for N in list(range(1, 61)) + [500, 1099]:
        wins = auction_table(N, 1099)
        for M in list(range(1, 201)) + [1098, 1099]:
            assert winning_bids(M, N) == auction_winning_bids(M, N, wins)
    for sample in judge_samples("HDU-2149"):
        numbers = [int(x) for x in sample["input"].split()]
        answers = [" ".join(map(str, b)) if b else "none"
                   for b in (winning_bids(M, N) for M, N in zip(numbers[0::2], numbers[1::2]))]
        assert answers == sample["output"].splitlines()


needs_gxx = lesson_code.needs_cxx


@needs_gxx
def test_cpp_hdu_1846_program(tmp_path: Path) -> None:
    binary = LESSON.compile(LESSON.cpp("first_player_wins(int n, int m)"), tmp_path)
    for sample in judge_samples("HDU-1846"):
        assert LESSON.run(binary, sample["input"]).split() == sample["output"].split()
    tests = [(n, m) for m in SMALL_M for n in range(1, UPTO + 1)]
    tests += [(n, m) for m in (99, 100, 250, 500, 999, 1000) for n in range(1, 1001)]
    stdin = f"{len(tests)}\n" + "".join(f"{n} {m}\n" for n, m in tests)
    expected = ["first" if table(m, 1000)[n] == "N" else "second" for n, m in tests]
    assert LESSON.run(binary, stdin).split() == expected


@needs_gxx
def test_cpp_hdu_2149_program(tmp_path: Path) -> None:
    binary = LESSON.compile(LESSON.cpp('"none\\n"'), tmp_path)
    for sample in judge_samples("HDU-2149"):
        assert LESSON.run(binary, sample["input"]).splitlines() == sample["output"].splitlines()
    pairs = [(M, N) for N in list(range(1, 61)) + [500, 1099] for M in list(range(1, 201)) + [1098, 1099]]
    tables = {N: auction_table(N, 1099) for N in {N for _, N in pairs}}
    expected = []
    for M, N in pairs:
        bids = auction_winning_bids(M, N, tables[N])
        expected.append(" ".join(map(str, bids)) if bids else "none")
    stdin = "".join(f"{M} {N}\n" for M, N in pairs)
    assert LESSON.run(binary, stdin).splitlines() == expected  # exact lines: no stray spaces
