"""Every fact lesson 10 (every-SG) states, checked against the engine and by brute force.

The theorem is checked against a brute-force search of every-SG itself: positions are tuples of
Euclid pairs, a turn moves in every unfinished pair, and the player who makes the last move of
the last game to finish wins. The step counts, Euclid's closed rule, the widgets and the code
(Python run, C++ compiled and compared with the engine) are each checked too.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from grundy.games import euclid
from grundy.games.registry import family
from grundy.games.solve import solve
from grundy.widgets import every_sg
from tests import lesson_code
from tests.lesson_code import needs_cxx

LESSON = lesson_code.Lesson("10-every-sg.md")
Pair = tuple[int, int]


def moves(pair: Pair) -> list[Pair]:
    x, y = sorted(pair)
    if x == 0:
        return []
    return [tuple(sorted((x, y - k * x))) for k in range(1, y // x + 1)]  # type: ignore[misc]


@cache
def single_wins(pair: Pair) -> bool:
    return any(not single_wins(m) for m in moves(pair))


def turns(position: tuple[Pair, ...]) -> Iterator[tuple[Pair, ...]]:
    """Every position one every-SG turn can leave: a move in each unfinished game (none when
    every game is finished)."""
    live = [i for i, p in enumerate(position) if moves(p)]
    if not live:
        return
    for choice in itertools.product(*(moves(position[i]) for i in live)):
        after = list(position)
        for i, m in zip(live, choice):
            after[i] = m
        yield tuple(after)


@cache
def every_wins(position: tuple[Pair, ...]) -> bool:
    """Brute-force every-SG: does the player to move win? When no game is left to move, the
    player to move did not make the last move, and has lost."""
    return any(not every_wins(after) for after in turns(position))


PAIRS = [(x, y) for y in range(0, 9) for x in range(0, y + 1)]


def test_euclids_rule_by_brute_force() -> None:
    for x in range(0, 40):
        for y in range(x, 40):
            closed = x > 0 and (y >= 2 * x or y == x)
            if x > 0 and x < y < 2 * x:
                closed = not single_wins((y - x, x))
            assert single_wins((x, y)) == closed == (euclid.outcome(x, y) == "N"), (x, y)


def test_step_counts_are_odd_exactly_for_n_positions() -> None:
    LESSON.says("The step count is odd exactly when \\(v\\) is N. By induction over\npositions")
    for x in range(0, 60):
        for y in range(x, 60):
            assert (euclid.steps(x, y) % 2 == 1) == (euclid.outcome(x, y) == "N")


def test_euclids_star_is_never_a_choice() -> None:
    LESSON.says("an\nN-position has exactly **one** move to a P-position, and a P-position\nwith no empty pile has only one move at all")
    for x in range(1, 80):
        for y in range(x, 80):
            after = moves((x, y))
            if single_wins((x, y)):
                assert sum(not single_wins(m) for m in after) == 1, (x, y)
            else:
                assert len(after) == 1, (x, y)


def dag_game(rng: random.Random, size: int) -> list[list[int]]:
    """A random finite game: position i moves to some positions below i (0 has no move)."""
    return [sorted(rng.sample(range(i), rng.randint(0 if i > 1 else 1, min(i, 3)))) if i else [] for i in range(size)]


def dag_steps(game: list[list[int]]) -> tuple[list[bool], list[int]]:
    """Outcome (True: N) and step count of each position, by the lesson's definition."""
    wins: list[bool] = []
    steps: list[int] = []
    for options in game:
        to_p = [steps[u] for u in options if not wins[u]]
        wins.append(bool(to_p))
        steps.append(0 if not options else 1 + (max(to_p) if to_p else min(steps[u] for u in options)))
    return wins, steps


def test_the_theorem_for_any_game_not_only_euclids() -> None:
    """The proofs go by induction over positions, not on the step count: a move from a P-position
    can reach a position with MORE steps than its own (the loser's other moves are longer), so an
    induction on s would not cover it. The step-count parity and the theorem hold for any finite
    game, checked by a brute-force every-SG search on random games."""
    LESSON.says("By induction over\npositions: every move leads to a position whose longest play is\nshorter",
                "proved by\ninduction over positions")
    for text in (LESSON.plain, *LESSON.twins.values()):
        assert "induction on the step count" not in text and "induction on \\(s\\)" not in text and "对步数归纳" not in text
    rng = random.Random(10)
    longer_successor = 0
    for _ in range(60):
        game = dag_game(rng, 9)
        wins, steps = dag_steps(game)
        assert all((s % 2 == 1) == w for s, w in zip(steps, wins))
        longer_successor += sum(1 for v, options in enumerate(game) if not wins[v] for u in options if steps[u] > steps[v])

        @cache
        def every(position: tuple[int, ...]) -> bool:
            live = [i for i, v in enumerate(position) if game[v]]
            if not live:  # every game is over: the player to move did not make the last move
                return False
            after = []
            for choice in itertools.product(*(game[position[i]] for i in live)):
                moved = list(position)
                for i, u in zip(live, choice):
                    moved[i] = u
                after.append(tuple(moved))
            return any(not every(a) for a in after)

        for position in itertools.combinations_with_replacement(range(9), 3):
            assert every(position) == (max(steps[v] for v in position) % 2 == 1), (game, position)
    assert longer_successor > 0  # the case an induction on the step count misses does occur


def test_the_theorem_against_brute_force() -> None:
    for k in (1, 2, 3):
        for games in itertools.combinations_with_replacement(PAIRS, k):
            theorem = max(euclid.steps(*g) for g in games) % 2 == 1
            assert every_wins(games) == theorem, games
            assert euclid.every_sg_outcome(list(games)) == ("N" if theorem else "P")


def test_the_worked_examples() -> None:
    LESSON.says("The pair 5 and 8 is P with 4 steps", "goes to 3 and 5 (3 steps), which goes to 2 and 3 (2 steps), then 1 and\n2 (1 step)")
    assert [euclid.steps(*p) for p in [(5, 8), (3, 5), (2, 3), (1, 2)]] == [4, 3, 2, 1]
    assert euclid.outcome(5, 8) == "P"
    LESSON.says("the quick game has 1 step\nand the slow one 2")
    LESSON.says("(2, 3) below have SG values 1 and 0, XOR 1, which lesson 7 would call\n  a win for the first player; yet the first player loses.")
    assert euclid.grundy(1, 1) == 1 and euclid.grundy(2, 3) == 0
    LESSON.says("(1, 1) moves\n  only to the end (0, 1): SG 1. (2, 3) moves only to (1, 2), whose\n  moves reach (1, 1) and (0, 1)")
    assert moves((1, 1)) == [(0, 1)] and moves((2, 3)) == [(1, 2)] and moves((1, 2)) == [(1, 1), (0, 1)]
    assert euclid.grundy(1, 2) == 2 and euclid.grundy(0, 1) == 0
    for text in (LESSON.plain, *LESSON.twins.values()):
        assert r"\(\operatorname{SG}(1, 2) = 2\)" in text and r"\(\operatorname{SG}(2, 3) = \operatorname{mex}\{2\} = 0\)" in text
    assert euclid.steps(1, 1) == 1 and euclid.steps(2, 3) == 2 and not every_wins(((1, 1), (2, 3)))
    LESSON.says("The games 3 and 5, and 2 and 7, have 3 steps each (both N)")
    assert euclid.steps(3, 5) == euclid.steps(2, 7) == 3 and every_wins(((3, 5), (2, 7)))


def test_poj_2348_examples() -> None:
    LESSON.says("With 34 and 12 Stan wins, since\n\\(34 \\ge 2 \\times 12\\): he takes 24 and leaves (10, 12), a P-position:\n"
                "Ollie's only move from there is to (2, 10), and Stan, facing\n\\(10 \\ge 2 \\times 2\\), takes 10",
                "Stan plays 15, 24 → 9, 15; Ollie 9, 15 → 6, 9;\nStan 6, 9 → 3, 6")
    assert euclid.outcome(34, 12) == "N" and euclid.outcome(15, 24) == "P"
    assert (10, 12) in moves((12, 34)) and euclid.outcome(10, 12) == "P"
    assert moves((10, 12)) == [(2, 10)] and (0, 2) in moves((2, 10))
    assert moves((15, 24)) == [(9, 15)] and moves((9, 15)) == [(6, 9)] and moves((6, 9)) == [(3, 6)]


def test_hdu_3595_limits_and_the_cli() -> None:
    LESSON.says("\\(1 \\le n \\le 1000\\)", "\\(1 \\le p, q \\le 1000\\)")
    assert euclid.MAX_SEARCHED_PILE == 1000
    answer = solve(family("euclid"), ["3,5", "2,7"], every=True)
    assert answer.outcome == "N" and answer.steps == [3, 3]


def test_the_widgets() -> None:
    fences = LESSON.widgets("every-sg")
    assert fences == [{"size": "12", "cell": "5,8", "step": "0"},
                      {"size": "8", "pairs": "3,5 2,7", "shown": "the example is worked out just above"}]
    assert every_sg.view(every_sg.parse(fences[0])).focus is None  # at step 0 the pair waits for its step
    first = every_sg.view(every_sg.parse({"size": "12", "cell": "5,8"}))  # what Show all shows
    assert first.focus and first.focus.steps == 4 and [o.after for o in first.focus.options] == [(3, 5)]
    second = every_sg.view(every_sg.parse(fences[1]))
    assert second.verdict == "N" and [g.steps for g in second.games] == [3, 3]
    assert [g.move.after for g in second.games if g.move] == [(2, 3), (2, 3)]
    LESSON.says("**Play this turn in every game** to watch both players follow the\nrule, turn by turn")
    hdu = LESSON.text[LESSON.text.index("## HDU 3595 GG and MM"):LESSON.text.index("## Going further")]
    assert "sample" not in hdu  # HDU 3595's published sample is not on file: an example, not "the sample"
    # the listed games' pairs are ringed in the table, both ways round, and nothing else is
    ringed = {(x, y) for x in range(9) for y in range(9) if second.in_play(x, y)}
    assert ringed == {(3, 5), (5, 3), (2, 7), (7, 2)} and second.ringed


def test_try_it_answers() -> None:
    assert moves((4, 7)) == [(3, 4)] and moves((3, 4)) == [(1, 3)] and single_wins((1, 3))
    assert euclid.outcome(4, 7) == "N"
    assert not every_wins(((2, 3), (1, 1)))
    assert euclid.steps(5, 8) == 4 and euclid.steps(3, 5) == 3 and not every_wins(((5, 8), (3, 5)))
    LESSON.says("the first player's only move in (5, 8)\n   is to (3, 5), and in (3, 5), which he is winning, his only move is\n   to (2, 3)")
    assert moves((5, 8)) == [(3, 5)] and moves((3, 5)) == [(2, 3)] and euclid.outcome(3, 5) == "N"
    assert [o.after for o in every_sg.options((3, 5)) if o.chosen] == [(2, 3)]


def test_python_code_matches_the_engine() -> None:
    ns = LESSON.python("euclid_steps", "first_player_wins")
    win, steps = ns["euclid_steps"](80)
    for x in range(81):
        for y in range(81):
            assert steps[x][y] == euclid.steps(x, y) and win[x][y] == (euclid.outcome(x, y) == "N")
    rng = random.Random(3595)
    for _ in range(200):
        games = [(rng.randint(1, 80), rng.randint(1, 80)) for _ in range(rng.randint(1, 5))]
        assert ns["first_player_wins"](games, steps) == (euclid.every_sg_outcome(games) == "N")


@needs_cxx
def test_cpp_hdu_3595(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp('"MM" : "GG"'), tmp_path)
    rng = random.Random(3595)
    cases = [[(rng.randint(1, 1000), rng.randint(1, 1000)) for _ in range(rng.randint(1, 30))] for _ in range(60)]
    cases += [[(3, 5), (2, 7)], [(1, 1), (2, 3)], [(1000, 1000)], [(999, 1000)]]
    stdin = "".join(f"{len(c)}\n" + "\n".join(f"{p} {q}" for p, q in c) + "\n" for c in cases)
    want = ["MM" if euclid.every_sg_outcome(c) == "N" else "GG" for c in cases]
    assert LESSON.run(program, stdin).split() == want
