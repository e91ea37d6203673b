"""The take-away engine: closed forms and periods agree with brute force; published tables."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games import GameError, mex
from grundy.games.takeaway import (
    Bash,
    Fibonacci,
    Period,
    PowersOfTwo,
    SubtractionSet,
    cells,
    find_period,
    grundy,
    grundy_values,
    outcomes,
    period,
    replay,
)

small_sets = st.frozensets(st.integers(1, 12), min_size=1, max_size=5).map(SubtractionSet)


def brute_outcomes(rule, upto: int) -> list[str]:
    """P/N by the three rules alone, with no Grundy values involved."""
    result: list[str] = []
    for n in range(upto + 1):
        result.append("N" if any(result[n - s] == "P" for s in rule.moves(n)) else "P")
    return result


def least_period(values: list[int], window: int) -> Period | None:
    """The naive search: the least (preperiod, period) whose repetition the data confirm for
    at least ``window`` values past one full period, trying every pair."""
    n = len(values)
    for pre in range(n):
        for length in range(1, n - pre):
            if pre + length + window > n:
                break
            if all(values[i] == values[i + length] for i in range(pre, n - length)):
                return Period(pre, length)
    return None


def test_mex_examples_from_the_notes() -> None:
    assert mex([0, 1, 2, 4]) == 3
    assert mex([2, 3, 5]) == 0
    assert mex([]) == 0


def test_the_notes_table_for_1_3_4() -> None:
    assert grundy_values(SubtractionSet.of(1, 3, 4), 8) == [0, 1, 0, 1, 2, 3, 2, 0, 1]


def test_hdu_1847_is_p_exactly_on_multiples_of_three() -> None:
    assert outcomes(PowersOfTwo(), 2000) == ["P" if n % 3 == 0 else "N" for n in range(2001)]


def test_bash_with_m_2_matches_the_notes_table() -> None:
    assert "".join(outcomes(Bash(2), 9)) == "PNNPNNPNNP"


def test_fibonacci_moves_are_the_distinct_fibonacci_numbers() -> None:
    assert Fibonacci().moves(20) == [1, 2, 3, 5, 8, 13]
    assert Fibonacci().moves(0) == []
    assert PowersOfTwo().moves(9) == [1, 2, 4, 8]


@given(st.integers(1, 30), st.integers(0, 400))
def test_bash_closed_form_equals_brute_force(m: int, n: int) -> None:
    assert grundy(Bash(m), n) == grundy_values(Bash(m), n)[n]


@given(st.integers(0, 3000))
def test_powers_of_two_closed_form_equals_brute_force(n: int) -> None:
    assert grundy(PowersOfTwo(), n) == grundy_values(PowersOfTwo(), n)[n]


@settings(max_examples=300)
@given(small_sets, st.integers(0, 600))
def test_periodic_lookup_equals_brute_force(rule: SubtractionSet, n: int) -> None:
    assert grundy(rule, n) == grundy_values(rule, n)[n]


@settings(max_examples=200)
@given(small_sets)
def test_detected_period_is_the_least_one(rule: SubtractionSet) -> None:
    window = max(rule.amounts)
    values = grundy_values(rule, 400)
    found = period(rule)
    assert found is not None
    assert found == least_period(values, window)


@settings(max_examples=200)
@given(small_sets)
def test_detected_period_really_repeats(rule: SubtractionSet) -> None:
    p = period(rule)
    assert p is not None
    values = grundy_values(rule, p.preperiod + 6 * p.length + 20)
    assert all(values[i] == values[i + p.length] for i in range(p.preperiod, len(values) - p.length))


@settings(max_examples=150)
@given(st.one_of(small_sets, st.integers(1, 12).map(Bash), st.just(PowersOfTwo()), st.just(Fibonacci())))
def test_outcomes_follow_the_three_rules(rule) -> None:
    table = cells(rule, 150)
    assert [c.outcome for c in table] == brute_outcomes(rule, 150)
    for c in table:
        if c.outcome == "P":
            assert c.winning_moves == ()
            assert all(o.outcome == "N" for o in c.options)
        else:
            assert c.winning_moves and all(table[o.to].outcome == "P" for o in c.winning_moves)
        assert c.grundy == mex(o.grundy for o in c.options)


def test_huge_heaps_are_exact() -> None:
    assert grundy(Bash(3), 10**100 + 2) == 2
    # {1,3,4} has period 7 from the start: 0 1 0 1 2 3 2.
    assert period(SubtractionSet.of(1, 3, 4)) == Period(0, 7)
    assert grundy(SubtractionSet.of(1, 3, 4), 10**18) == [0, 1, 0, 1, 2, 3, 2][10**18 % 7]


def test_find_period_with_a_preperiod() -> None:
    # A preperiod of one value, then "1 2" repeating; too short a sequence shows no period.
    assert find_period([5, 1, 2, 1, 2, 1, 2], 2) == Period(1, 2)
    assert find_period([1, 2, 3], 2) is None


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Bash(0), "m >= 1"),
        (lambda: SubtractionSet(frozenset()), "at least one"),
        (lambda: SubtractionSet.of(0, 2), "positive"),
        (lambda: Bash(2).moves(-1), "-1"),
    ],
)
def test_bad_rules_and_heaps_raise_game_error(make, message: str) -> None:
    with pytest.raises(GameError, match=message):
        make()


def test_fibonacci_has_no_claimed_period_and_large_heaps_are_refused() -> None:
    assert period(Fibonacci()) is None
    assert grundy(Fibonacci(), 1000) == grundy_values(Fibonacci(), 1000)[1000]
    with pytest.raises(GameError, match="too large"):
        grundy(Fibonacci(), 10**9)


@given(st.one_of(small_sets, st.integers(1, 6).map(Bash)), st.integers(0, 60), st.data())
def test_replay_accepts_every_legal_game_and_alternates_players(rule, start: int, data) -> None:
    heap, takes = start, []
    while rule.moves(heap) and data.draw(st.booleans()):
        take = data.draw(st.sampled_from(rule.moves(heap)))
        takes.append(take)
        heap -= take
    turns = replay(rule, start, takes)
    assert [t.take for t in turns] == takes
    assert [t.player for t in turns] == [i % 2 for i in range(len(takes))]
    assert (turns[-1].after if turns else start) == heap


def test_replay_names_the_illegal_move() -> None:
    with pytest.raises(GameError, match="move 2 cannot take 5 from a heap of 3"):
        replay(Bash(2), 5, [2, 5])
    with pytest.raises(GameError, match="allowed: none: the game is over"):
        replay(Bash(2), 2, [2, 1])


def test_caches_of_rules_are_bounded() -> None:
    """Every subtraction set a URL names used to stay in memory for good (+10–15 MB per 2,000
    requests): the tables and periods kept are now bounded, least recently used dropped first."""
    from grundy.games import takeaway

    for a in range(1, 200):
        rule = takeaway.SubtractionSet(frozenset({a, a + 1}))
        takeaway.grundy(rule, 10**6)
    assert len(takeaway._TABLES) <= takeaway.MAX_CACHED_RULES
    assert takeaway._set_period.cache_info().currsize <= takeaway.MAX_CACHED_RULES
