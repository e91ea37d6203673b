"""The practice engine: remoteness, the computer's moves, quiz draws and move checking, each
checked against brute force (an independent minimax written here, not the engine's search)."""
from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cache import BoundedCache
from grundy.games.core import GameError, remoteness
from grundy.games.nim import NimHeap
from grundy.practice.arena import WORK_LIMIT, replay
from grundy.practice.games import SPECS as ARENAS
from grundy.practice.games import make_arena



from grundy.practice.play import parse, random_start
from grundy.practice.quiz import LEVELS, check_move, question, winning_moves


def brute_wins(arena, position) -> bool:
    """Whether the player to move wins, by plain minimax over the arena's own move list."""

    @cache
    def wins(pos) -> bool:
        moves = arena.moves(pos)
        if not moves:
            return arena.misere  # stuck: lose under normal play, win under misère
        return any(not wins(m.after) for m in moves)

    return wins(position)


small_heaps = st.lists(st.integers(0, 6), min_size=1, max_size=3).map(tuple)
subtraction_sets = st.frozensets(st.integers(1, 5), min_size=1, max_size=3)


@settings(max_examples=60, deadline=None)
@given(amounts=subtraction_sets, heaps=small_heaps)
def test_subtraction_sums_outcome_and_remoteness_parity_match_brute_force(amounts, heaps):
    arena = make_arena("subtraction", {"set": ",".join(map(str, sorted(amounts)))})
    truth = "N" if brute_wins(arena, heaps) else "P"
    assert arena.outcome(heaps) == truth
    assert (arena.remoteness(heaps) % 2 == 1) == (truth == "N")


@settings(max_examples=60, deadline=None)
@given(heaps=small_heaps)
def test_misere_nim_outcome_and_remoteness_match_brute_force(heaps):
    arena = make_arena("misere-nim")
    truth = "N" if brute_wins(arena, heaps) else "P"
    assert arena.outcome(heaps) == truth
    assert (arena.remoteness(heaps) % 2 == 1) == (truth == "N")


@settings(max_examples=40, deadline=None)
@given(pairs=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=2).map(tuple))
def test_wythoff_sums_match_brute_force(pairs):
    arena = make_arena("wythoff")
    assert arena.outcome(pairs) == ("N" if brute_wins(arena, pairs) else "P")


@settings(max_examples=40, deadline=None)
@given(marbles=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)).filter(lambda c: c != (0, 0)),
                        min_size=1, max_size=2).map(tuple))
def test_marbles_outcome_matches_brute_force_of_the_real_game(marbles):
    """The real game (first to reach 0,0 wins), searched from scratch here, against the arena's
    outcome: home lines at once, else the cut-down game's SG values."""
    arena = make_arena("marbles")

    @cache
    def wins(pos) -> bool:
        for i, (r, c) in enumerate(pos):
            for dr, dc in [(1, 0), (0, 1), (1, 1)]:
                for t in range(1, 10):
                    x, y = r - dr * t, c - dc * t
                    if x < 0 or y < 0:
                        break
                    if (x, y) == (0, 0) or not wins(pos[:i] + ((x, y),) + pos[i + 1 :]):
                        return True
        return False

    assert arena.outcome(marbles) == ("N" if wins(marbles) else "P")
    assert (arena.remoteness(marbles) % 2 == 1) == wins(marbles)


@settings(max_examples=30, deadline=None)
@given(bombs=st.lists(st.tuples(st.integers(1, 3), st.integers(1, 3)), min_size=1, max_size=2))
def test_bomb_outcome_and_remoteness_match_the_whole_board_search(bombs):
    from grundy.games import grids
    from grundy.games.core import Solver

    arena = make_arena("bomb")
    position = grids.settle(tuple(bombs))
    board = Solver(grids.BombBoard())
    truth = "P" if board.grundy(position) == 0 else "N"
    assert arena.outcome(position) == truth
    assert (arena.remoteness(position) % 2 == 1) == (truth == "N")


@settings(max_examples=40, deadline=None)
@given(boards=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=2).map(tuple))
def test_kiki_sums_match_brute_force(boards):
    arena = make_arena("kiki")
    assert arena.outcome(boards) == ("N" if brute_wins(arena, boards) else "P")


def brute_remoteness(arena, position) -> int:
    """Remoteness straight from its definition, by recursion (small positions only)."""

    @cache
    def r(pos) -> int:
        options = [r(m.after) for m in arena.moves(pos)]
        if not options:
            return 1 if arena.misere else 0
        wins = [x for x in options if x % 2 == 0]
        return 1 + (min(wins) if wins else max(options))

    return r(position)


@settings(max_examples=60, deadline=None)
@given(m=st.integers(1, 4), heaps=small_heaps)
def test_remoteness_and_sorting_components_agree_with_the_definition(m, heaps):
    arena = make_arena("bash", {"m": str(m)})
    assert arena.remoteness(heaps) == brute_remoteness(arena, heaps)
    assert arena.remoteness(tuple(reversed(heaps))) == arena.remoteness(heaps)


def test_remoteness_of_nim_heaps_by_hand():
    # one heap: take it all; two equal heaps: the loser stalls by taking one at a time
    assert remoteness(NimHeap(), 5, {}) == 1
    assert make_arena("nim").remoteness((2, 2)) == 4
    assert make_arena("nim").remoteness((0, 0)) == 0


@settings(max_examples=60, deadline=None)
@given(amounts=subtraction_sets, heaps=small_heaps.filter(any))
def test_the_computer_wins_fastest_from_n_and_stalls_longest_from_p(amounts, heaps):
    arena = make_arena("subtraction", {"set": ",".join(map(str, sorted(amounts)))})
    if not arena.moves(heaps):
        return
    move = arena.computer_move(heaps)
    after = [brute_remoteness(arena, m.after) for m in arena.moves(heaps)]
    r = brute_remoteness(arena, move.after)
    if arena.outcome(heaps) == "N":
        assert arena.outcome(move.after) == "P"
        assert r == min(x for x in after if x % 2 == 0)
    else:
        assert r == max(after)


def test_the_computer_refuses_positions_too_large_to_search():
    with pytest.raises(GameError, match="smaller or fewer"):
        make_arena("nim").remoteness((20, 20, 20, 20, 20))


@pytest.mark.parametrize("game", list(ARENAS))
@pytest.mark.parametrize("level", list(LEVELS))
def test_quiz_draws_are_reproducible_balanced_and_answerable(game, level):
    seen = dict.fromkeys(ARENAS[game].answers, 0)  # P and N, and D where a game can be drawn
    for seed in range(40):
        q = question(game, level, seed)
        assert q == question(game, level, seed)
        outcome = q.verdict()
        seen[outcome] += 1
        # level 3 is sums (every level, for some games); Kayles and Grundy's game name their levels
        # by what they draw, and their lesson teaches the sums
        if ARENAS[game].levels[3] == LEVELS[3] or ARENAS[game].sums_taught:
            assert (level == 3) == (len(q.position) > 1) or ARENAS[game].always_sums
        else:  # the game names its own levels: one game, deeper at each level
            assert len(q.position) == 1
        moves = winning_moves(q)
        assert bool(moves) == (outcome == "N")
        for m in moves:
            assert q.arena.verdict(m.after) == "P"
    assert min(seen.values()) >= 16 // len(seen), seen  # 8 of 40 for two answers (20 expected), 5 for three (13)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9 - 1), game=st.sampled_from(sorted(ARENAS)), level=st.sampled_from(sorted(LEVELS)))
def test_quiz_questions_parse_back_from_their_own_text(seed, game, level):
    q = question(game, level, seed)
    assert q.arena.parse(q.position_text) == q.position


@settings(max_examples=60, deadline=None)
@given(heaps=st.lists(st.integers(0, 12), min_size=2, max_size=4).map(tuple), i=st.integers(0, 3), left=st.integers(0, 15))
def test_checking_a_typed_nim_move_agrees_with_the_move_list(heaps, i, left):
    arena = make_arena("nim")
    i %= len(heaps)
    after = heaps[:i] + (left,) + heaps[i + 1 :]
    legal = {m.after for m in arena.moves(heaps)}
    found = arena.find_move(heaps, after)
    assert (found is not None) == (after in legal)


def test_check_move_reports_illegal_moves_in_words():
    q = question("wythoff", 1, 3)
    a, b = q.position[0]
    verdict = check_move(q, f"{a + 1},{b}")
    assert verdict.move is None and "No single move" in verdict.message
    with pytest.raises(GameError):
        check_move(q, "three,four")


def test_check_move_names_the_kind_of_mistake():
    q = question("nim", 1, 2)
    same = check_move(q, q.position_text)
    assert same.move is None and "a move must change something" in same.message
    two = tuple(h + 1 for h in q.position)
    assert "exactly one" in check_move(q, q.arena.format(two)).message


def test_replay_names_the_first_illegal_move():
    arena = make_arena("nim")
    with pytest.raises(GameError, match="move 2 is not legal"):
        replay(arena, (3, 4, 5), [(1, 4, 5), (1, 4, 6)])


@pytest.mark.parametrize("text, message", [
    ("", "at least one"), ("3,x", "whole number"), ("1,2,3,4,5,6,7,8,9", "at most 8"), ("99999999", "from 0 to 1,000,000"), ("3;;x", "whole number"),
])
def test_positions_are_parsed_strictly(text, message):
    with pytest.raises(GameError, match=message):
        make_arena("nim").parse(text)


@pytest.mark.parametrize("game, typed, written", [
    ("wythoff", "(3,5)", "3,5"), ("wythoff", "(3, 5)", "3,5"), ("wythoff", "[3 , 5]", "3,5"), ("wythoff", "3, 5", "3,5"),
    ("wythoff", "(3,5); (2, 2)", "3,5;2,2"), ("nim", "(3, 5, 7)", "3,5,7"), ("nim", "{3 5 7}", "3,5,7"),
])
def test_a_position_may_be_bracketed_and_spaced_as_on_paper(game, typed, written):
    """A student writes Wythoff's pair as (3, 5): it was refused ("a pair of piles must be a whole
    number; got '(3'"). Brackets are read as space, and a pair's comma may have spaces around it."""
    arena = make_arena(game)
    assert arena.format(arena.parse(typed)) == written


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9 - 1), game=st.sampled_from(sorted(ARENAS)), level=st.sampled_from(sorted(LEVELS)))
def test_a_position_written_with_spaces_after_its_commas_parses_the_same(seed, game, level):
    q = question(game, level, seed)
    assert q.arena.parse(q.position_text.replace(",", ", ")) == q.position


def test_rules_are_bounded():
    with pytest.raises(GameError, match="m \\(take 1 to m\\)"):
        make_arena("bash", {"m": "0"})
    with pytest.raises(GameError, match="amount in S"):
        make_arena("subtraction", {"set": "1,99"})
    with pytest.raises(GameError, match="no practice game"):
        make_arena("chess")


@pytest.mark.parametrize("game", list(ARENAS))
def test_random_starts_can_be_searched(game):
    import random

    rng = random.Random(5)
    for _ in range(10):
        state = parse(game, {"start": "random"}, rng)
        assert state.arena.unplayable(state.start) is None
        assert random_start(state.arena, rng)


def test_a_whole_game_replays_and_undo_returns_to_the_learners_turn():
    state = parse("nim", {"start": "1,2", "first": "you"})
    state = state.with_afters(((1, 1),)).reply()  # learner takes 1 from heap 2: a P-position
    assert len(state.afters) == 2 and not state.computer_to_move
    assert state.undo() == ()
    turns = state.turns()
    assert [t.by_computer for t in turns] == [False, True]
    assert not turns[0].slip  # (1, 2) → (1, 1) is the winning move


def test_the_memo_is_bounded_and_games_from_many_starts_keep_working(monkeypatch):
    import grundy.practice.arena as arenas

    monkeypatch.setattr(arenas, "MEMO_LIMIT", 50)
    arena = make_arena("bash", {"m": str(4)})
    for start in range(30, 45):  # each search is at most 45 positions, together far more than 50
        assert arena.remoteness((start,)) == brute_remoteness(arena, (start,))
        assert len(arenas._memo(arena)) <= 2 * 50


def test_memos_shared_by_threads_never_lose_entries_under_a_search(monkeypatch):
    """A full memo is replaced, not cleared, so a search in another thread never finds an entry
    gone (the review saw KeyError 500s when one request cleared the memo under another)."""
    import threading

    import grundy.practice.arena as arenas

    monkeypatch.setattr(arenas, "MEMO_LIMIT", 200)
    arena = make_arena("nim")
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for n in range(6, 12):
                start = (n, (n + offset) % 9 + 1, 3)
                assert arena.remoteness(start) == brute_remoteness(arena, start)
        except BaseException as error:  # noqa: BLE001 — collected for the assertion below
            errors.append(error)

    import sys

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads constantly: with the old clear() this failed at once
    try:
        threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []


def test_misere_terminal_reason():
    assert "already won" in make_arena("misere-nim").reason((0, 0))


@pytest.mark.parametrize("level, hi", [(1, 12), (2, 2000)])
def test_wythoff_question_sizes_do_not_give_the_answer_away(level, hi):
    for seed in range(60):
        (a, b), = question("wythoff", level, seed).position
        assert max(a, b) <= hi


# The largest starts of each shape the work bound accepts (bench/worst.py measures them cold) and
# the next size up, refused: arena.WORK_LIMIT for the searched games, the bombs' measured bound.
LARGEST_ACCEPTED = [("bomb", "4,3;3,3"), ("bomb", "3,3;2,4"), ("kayles", "20"), ("kayles", "7,8"), ("grundys-game", "22"),
                    ("nim", "12,12,12,12"), ("nim", "45,45"), ("misere-nim", "10,10,10,10"), ("wythoff", "22,22"),
                    ("kiki", "9x9;9x9"), ("marbles", "6,6;4,5"), ("k-multiple", "57"), ("mock-turtles", "TTTTTTTH")]
JUST_BEYOND = [("bomb", "3,4;4,3"), ("bomb", "4,4;4,3;2,3"), ("bomb", "5,2"), ("bomb", "4,4"), ("kayles", "21"),
               ("kayles", "8,9"), ("grundys-game", "23"), ("nim", "13,13,13,13"), ("nim", "46,46"),
               ("misere-nim", "11,11,11,11"), ("wythoff", "23,23"), ("kiki", "10x10;10x10"), ("marbles", "6,7;4,6"),
               ("k-multiple", "58"), ("mock-turtles", "TTTTTTTTH"),
               ("marbles", "0,1;0,1;0,1;0,1;0,1;0,1;18,19;18,19"), ("wythoff", "0,0;0,0;0,0;0,0;0,0;13,13;13,13;13,13")]


@pytest.mark.parametrize("game, start", LARGEST_ACCEPTED)
def test_the_largest_starts_the_bench_times_are_accepted(game, start):
    """`make bench` times these; a start the bound refuses would silently shrink what play offers
    (a measured bound, like the bombs', replaces the estimate instead of adding to it)."""
    arena = make_arena(game)
    position = arena.parse(start)
    assert arena.unplayable(position) is None
    if arena.spec.play_limit is None:
        assert arena.search_work(position) <= WORK_LIMIT


@pytest.mark.parametrize("game, start", JUST_BEYOND)
def test_just_beyond_them_is_refused_before_any_search(game, start):
    arena = make_arena(game)
    position = arena.parse(start)
    assert arena.unplayable(position) is not None
    if arena.spec.play_limit is None:
        assert arena.search_work(position) > WORK_LIMIT and arena.unplayable(position) == arena.too_large


@pytest.mark.parametrize("game, start", [("k-multiple", "134:11"), ("circle", "25")])
def test_the_estimate_counts_the_moves_of_what_a_start_reaches(game, start):
    """A k-multiple heap's limit grows after a move (134:11 reaches 123:33), and a ring's first move
    leaves a row with more moves than the ring: their searches took 0.6–0.9 s while the estimate
    counted only the start's moves. Every component a start reaches has at most move_count moves."""
    arena = make_arena(game, {"k": "4"} if game == "circle" else {"k": "3"})
    fam = arena.family
    (c,) = arena.parse(start)
    seen, todo = {c}, [c]
    while todo:
        for _action, parts in fam.moves(todo.pop()):
            for part in parts:
                if part not in seen:
                    seen.add(part)
                    todo.append(part)
    assert max(sum(1 for _ in fam.moves(x)) for x in seen) <= fam.move_count(c)
    assert arena.unplayable((c,)) == arena.too_large


def test_a_start_is_decided_once_and_remembered(monkeypatch):
    """A refused link sent again and again costs a lookup, not another estimate; the memory of
    decisions is bounded."""
    from grundy.practice import arena as arena_mod

    calls = []
    estimate = arena_mod.Arena._unplayable
    monkeypatch.setattr(arena_mod.Arena, "_unplayable", lambda self, p: calls.append(p) or estimate(self, p))
    monkeypatch.setattr(arena_mod, "_DECISIONS", BoundedCache(3))  # three decisions kept
    nim = make_arena("nim")
    refused = nim.parse("0,0,0,0,37,37,37,37")
    for _ in range(5):
        assert nim.unplayable(refused) == nim.too_large
    assert calls == [refused]
    assert make_arena("misere-nim").unplayable(refused) is not None and len(calls) == 2  # another game: decided anew
    for heaps in ("1", "2", "3"):
        assert nim.unplayable(nim.parse(heaps)) is None
    assert len(arena_mod._DECISIONS) == 3  # the oldest forgotten
    nim.unplayable(refused)
    assert len(calls) == 6


def test_the_practice_games_are_found_not_listed_and_follow_the_registry() -> None:
    """A spec module's SPECS join practice by being there (no second list to edit), in the
    order of the family registry, a family's variants in their module's order."""
    import importlib
    import pkgutil

    import grundy.practice.games as package
    from grundy.games.registry import FAMILIES

    for info in pkgutil.iter_modules(package.__path__):
        for spec in getattr(importlib.import_module(f"{package.__name__}.{info.name}"), "SPECS", ()):
            assert ARENAS[spec.key] is spec
    order = list(FAMILIES)
    places = [order.index(spec.family) for spec in ARENAS.values()]
    assert places == sorted(places)
    assert list(ARENAS)[:5] == ["bash", "subtraction", "powers-of-two", "nim", "misere-nim"]
