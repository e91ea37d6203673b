"""Moore's Nim_k: Moore's theorem (every binary column's count of 1s a multiple of k + 1) and
the listing of every winning move, both against brute force over the game's own rules; a
position that is one game, never a sum; and the bounds, refused before any work."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.games import moore
from grundy.games.core import GameError, Solver, nim_sum
from grundy.games.registry import family
from grundy.games.solve import solve

SOLVERS = {k: Solver(moore.MooreGame(k)) for k in range(1, 5)}  # shared memos: ~1,300 positions each
heaps = st.lists(st.integers(0, 5), min_size=1, max_size=4).map(tuple)
ks = st.integers(1, 4)


@given(heaps, ks)
def test_moores_theorem_agrees_with_brute_force(h: tuple[int, ...], k: int) -> None:
    assert moore.outcome(h, k) == SOLVERS[k].outcome(h)


@given(heaps, ks)
def test_every_winning_move_is_listed_once_and_only_those(h: tuple[int, ...], k: int) -> None:
    brute = sorted(m.position for m in moore.MooreGame(k).options(h) if SOLVERS[k].outcome(m.position) == "P")
    listed = moore.winning_moves(h, k)
    assert sorted(listed) == brute
    assert len(set(listed)) == len(listed)


@given(heaps, ks)
def test_the_move_count_is_the_brute_force_count(h: tuple[int, ...], k: int) -> None:
    assert moore.move_count(h, k) == sum(1 for _ in moore.MooreGame(k).options(h))


@given(st.lists(st.integers(0, 10**30), min_size=1, max_size=6), st.integers(1, 6))
def test_every_listed_move_of_large_heaps_is_a_legal_move_to_a_p_position(h: list[int], k: int) -> None:
    try:
        listed = moore.winning_moves(h, k)
    except GameError as error:  # more than the bounds allow: said before any listing
        assert error.code in ("listing-too-long", "too-many-moves")
        return
    assert (moore.outcome(h, k) == "P") == (not listed)
    for after in listed:
        lowered = [i for i, (a, b) in enumerate(zip(h, after)) if b != a]
        assert 1 <= len(lowered) <= k and all(after[i] < h[i] for i in lowered)
        assert moore.outcome(after, k) == "P"


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=6))
def test_k_1_is_nim(h: list[int]) -> None:
    assert moore.outcome(h, 1) == ("P" if nim_sum(h) == 0 else "N")


def test_the_columns_of_3_5_7() -> None:
    # 011, 101, 111: the columns hold 2, 2 and 3 ones; with k = 2 each must be 0 or 3
    assert moore.column_counts([3, 5, 7]) == [2, 2, 3]
    fam = family("moore", {"k": "2"})
    answer = solve(fam, ["3,5,7"])
    assert answer.outcome == "N" and [m.becomes for m in answer.winning_moves] == [("3,3,3",)]
    assert answer.winning_moves[0].action.args == (2, 2, 3, 4)  # take 2 from heap 2 and 4 from heap 3
    assert solve(fam, ["3,5,6,7"]).outcome == "P"


def test_a_position_is_one_game_not_a_sum() -> None:
    fam = family("moore", {"k": "2"})
    with pytest.raises(GameError, match="not a sum") as refused:
        solve(fam, ["1,2", "1,1"])
    assert refused.value.code == "not-a-sum"


def test_k_is_required_and_bounded() -> None:
    with pytest.raises(GameError) as missing:
        family("moore", {})
    assert missing.value.code == "rule-missing"
    for bad in ("0", str(moore.MAX_K + 1)):
        with pytest.raises(GameError):
            family("moore", {"k": bad})


def test_the_work_is_bounded_before_it_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_work(*_args: object) -> None:
        raise AssertionError("the bound is checked before any column is read")

    many = [10**18 + i for i in range(20)]  # an N-position (its 1s column holds 10 ones)
    assert moore.winning_work(many, 3) > moore.MAX_WINNING_WORK
    monkeypatch.setattr(moore, "_ways", no_work)
    with pytest.raises(GameError) as refused:
        moore.winning_moves(many, 3)
    assert refused.value.code == "listing-too-long"
    with pytest.raises(GameError) as wide:
        moore.outcome([1 << 300] * moore.MAX_HEAPS, 2)
    assert wide.value.code == "too-many-digits"
    with pytest.raises(GameError) as too_many:
        moore.outcome([1] * (moore.MAX_HEAPS + 1), 2)
    assert too_many.value.code == "too-many-heaps"


def test_too_many_winning_moves_are_counted_not_listed() -> None:
    h = [2**60 - 1] * 4  # with k = 2, any 60-bit split between two heaps wins
    with pytest.raises(GameError) as refused:
        moore.winning_moves(h, 2)
    count = int(str(refused.value.params["count"]).replace(",", ""))  # said with thousands separators
    assert refused.value.code == "too-many-moves" and count > moore.MAX_LISTED
    answer = solve(family("moore", {"k": "2"}), [",".join(map(str, h))])
    assert answer.outcome == "N" and answer.winning_moves == [] and answer.note is not None


def test_sg_values_by_search_within_their_bound() -> None:
    fam = family("moore", {"k": "2"})
    assert fam.sg((1, 1, 1)) == 0
    assert fam.sg((3, 5, 7)) == SOLVERS[2].grundy((3, 5, 7)) != 0
    assert fam.sg((1, 2)) == SOLVERS[2].grundy((1, 2))
    with pytest.raises(GameError) as far:
        fam.sg((100, 100, 100))
    assert far.value.code == "sg-out-of-reach"


# ---------------------------------------------------------------- the command line and practice


def test_the_command_line_solves_one_position_and_refuses_a_sum() -> None:
    from click.testing import CliRunner

    from grundy.cli import main

    runner = CliRunner()
    solved = runner.invoke(main, ["solve", "moore", "3,5,7", "--k", "2"])
    assert solved.exit_code == 0 and "moore 3,5,7: N" in solved.output
    assert "take 2 from heap 2 and 4 from heap 3 → 3,3,3" in solved.output
    refused = runner.invoke(main, ["solve", "moore", "1,2", "1,1", "--k", "2"])
    assert refused.exit_code == 2 and "not a sum" in refused.output
    assert "needs --k" in runner.invoke(main, ["solve", "moore", "3,5,7"]).output


def test_practice_reads_a_typed_position_as_one_game() -> None:
    from grundy.practice.games import SPECS

    arena = SPECS["moore"].arena({"k": "2"})
    assert arena.parse("3 5 7") == arena.parse("3;5;7") == arena.parse("(3, 5, 7)") == ((3, 5, 7),)
    with pytest.raises(GameError):
        arena.parse("3,5,99")  # above practice's bound on a heap


def test_the_feedback_shows_the_binary_columns_that_decide() -> None:
    from grundy.practice.games import SPECS

    arena = SPECS["moore"].arena({"k": "2"})
    said = arena.reason(((3, 5, 7),), reveal_move=True)
    assert "3 = 011, 5 = 101, 7 = 111" in said and "(4s, 2s, 1s): 2, 2, 3" in said
    assert "The 4s column holds 2" in said and "the move to 3,3,3" in said
    assert "3,3,3" not in arena.reason(((3, 5, 7),), reveal_move=False)
    assert "3, 3, 3. Every count is a multiple" in arena.reason(((3, 5, 6, 7),))


@pytest.mark.parametrize("level", [1, 2, 3])
def test_quiz_levels_draw_what_they_say_by_hand_and_half_are_p(level: int) -> None:
    from grundy.practice.games.moore import LEVEL_DRAWS
    from grundy.practice.quiz import question

    count, width, k = LEVEL_DRAWS[level]
    outcomes = []
    for seed in range(40):
        q = question("moore", level, seed)
        (heaps,) = q.position
        assert len(heaps) == count and all(0 < h < 1 << width for h in heaps)
        assert q.arena.family.rule() == {"k": str(k)}
        outcomes.append(q.outcome())
        if level == 1:  # small enough for brute force: the drawn outcome is the game's
            assert q.outcome() == SOLVERS[k].outcome(heaps)
    assert 10 <= outcomes.count("P") <= 30


# ---------------------------------------------------------------- lesson 4's section on Moore's Nim


def proof_move(heaps: tuple[int, ...], k: int) -> tuple[int, ...]:
    """Lemma 3's construction as the lesson words it, column by column from the highest: with s
    heaps lowered and x the other heaps' 1s modulo k + 1, turn x of those 1s into 0s when
    s + x <= k (the lowered heaps get 0), else give k + 1 - x lowered heaps a 1."""
    width = max(h.bit_length() for h in heaps)
    bits = [[h >> (width - 1 - c) & 1 for c in range(width)] for h in heaps]
    lowered: list[int] = []
    for c in range(width):
        others = [i for i in range(len(heaps)) if i not in lowered and bits[i][c]]
        x, s = len(others) % (k + 1), len(lowered)
        if s + x <= k:
            for i in lowered:
                bits[i][c] = 0
            for i in others[:x]:
                bits[i][c] = 0
                lowered.append(i)
        else:
            for n, i in enumerate(lowered):
                bits[i][c] = 1 if n < k + 1 - x else 0
    return tuple(int("".join(map(str, b)), 2) for b in bits)


@given(heaps, ks)
def test_the_lessons_proof_builds_a_winning_move(h: tuple[int, ...], k: int) -> None:
    if moore.outcome(h, k) == "P":
        return
    after = proof_move(h, k)
    assert after in {m.position for m in moore.MooreGame(k).options(h)}
    assert SOLVERS[k].outcome(after) == "P"


def test_the_lessons_examples() -> None:
    # 3, 5, 7 with k = 2: columns 2, 2, 3; the proof lowers 5 and 7 to 3, the only winning move
    assert moore.column_counts([3, 5, 7]) == [2, 2, 3] and proof_move((3, 5, 7), 2) == (3, 3, 3)
    assert moore.winning_moves([3, 5, 7], 2) == [(3, 3, 3)]
    # three heaps, k = 2: the P-positions are the three equal heaps
    assert all((SOLVERS[2].outcome((a, b, c)) == "P") == (a == b == c)
               for a in range(6) for b in range(6) for c in range(6))
    # 3, 5, 6, 7: P in Nim_2, N in Nim (its XOR is 7)
    assert SOLVERS[2].outcome((3, 5, 6, 7)) == "P" and nim_sum((3, 5, 6, 7)) == 7
    # try it 6: second from 3, 5, 6, 7; first from 1, 2, 4, 6, for instance to 1, 2, 3, 3
    assert SOLVERS[2].outcome((1, 2, 4, 6)) == "N" and (1, 2, 3, 3) in moore.winning_moves([1, 2, 4, 6], 2)
    assert moore.column_counts([1, 2, 4, 6]) == [2, 2, 1] and moore.column_counts([1, 2, 3, 3]) == [3, 3]  # 4s: none
