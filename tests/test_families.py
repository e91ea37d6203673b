"""Every family in the registry, checked the same way: its notation round-trips, its moves are
legal components, and its values (closed forms and bounded searches alike) agree with a plain
minimax over its own moves. A family added to the registry joins these checks by itself."""
from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from grundy.games.core import GameError, Solver, mex
from grundy.games.family import Family, FamilyGame
from grundy.games.registry import FAMILIES, family
from grundy.games.solve import solve
from grundy.words import describe

KEYS = list(FAMILIES)


def make(key: str) -> Family[Any]:
    return family(key, FAMILIES[key].example_rule)


def closure(fam: Family[Any], start: Any, limit: int = 40) -> list[Any]:
    """Components reachable from ``start`` (itself included), breadth first, at most ``limit``."""
    seen, queue = [start], [start]
    while queue and len(seen) < limit:
        for _action, parts in fam.moves(queue.pop(0)):
            for p in parts:
                if p not in seen and len(seen) < limit:
                    seen.append(p)
                    queue.append(p)
    return seen


def brute_wins(fam: Family[Any]):  # noqa: ANN201 — a cached closure
    """Whether the player to move wins, by minimax over the family's own moves (normal play)."""

    @cache
    def wins(position: tuple[Any, ...]) -> bool:
        return any(not wins(fam.settle(m.after)) for m in fam.sum_moves(position))

    return wins


def test_every_family_has_a_distinct_key_and_a_parsable_example() -> None:
    assert len({kind.key for kind in FAMILIES.values()}) == len(FAMILIES)
    for key in KEYS:
        fam = make(key)
        c = fam.parse(fam.example)
        assert fam.parse(fam.format(c)) == c


@pytest.mark.parametrize("key", KEYS)
def test_notation_round_trips_and_moves_leave_components(key: str) -> None:
    fam = make(key)
    for c in closure(fam, fam.parse(fam.example)):
        assert fam.parse(fam.format(c)) == c, (key, c)
        for action, parts in fam.moves(c):
            assert describe(action)  # every move kind has words
            for p in parts:
                assert fam.parse(fam.format(p)) == p, (key, c, action, p)
            assert fam.move_to(c, parts) is not None


@pytest.mark.parametrize("key", KEYS)
def test_outcomes_and_values_agree_with_minimax_over_the_moves(key: str) -> None:
    fam = make(key)
    wins = brute_wins(fam)
    parts = closure(fam, fam.parse(fam.example), limit=25)
    rng = random.Random(key)
    positions = [(c,) for c in parts]
    if len(parts) > 1 and fam.is_sum:  # a family that is not a sum has no positions of two components
        positions += [tuple(rng.sample(parts, 2)) for _ in range(25)]
    solver = Solver(FamilyGame(fam), max_positions=200_000)
    # A sum's value searched whole runs over the product of its components' positions (a
    # staircase's sums took most of this test): sums are searched until SUM_SEARCH positions
    # are known, and every sum's outcome is still minimax's.
    sums = Solver(FamilyGame(fam), max_positions=SUM_SEARCH)
    searched = 0
    for position in positions:
        truth = "N" if wins(fam.settle(position)) else "P"
        assert fam.sum_outcome(position) == truth, (key, position)
        try:
            value = fam.sum_grundy(position)
        except GameError:
            continue  # beyond the SG search's bound: the outcome above still had to be right
        if value is None or fam.values_of_cut_down:  # (Marbles': test_games checks them)
            continue
        if len(position) == 1:
            assert value == solver.grundy(fam.settle(position)), (key, position)
            continue
        try:
            assert value == sums.grundy(fam.settle(position)), (key, position)
            searched += 1
        except GameError:
            pass  # the search is full: the outcome above still had to be right
    assert searched or not any(len(p) > 1 for p in positions) or fam.values_of_cut_down, "no sum's value was searched"


# The positions a test searches for sums' values whole (see above).
SUM_SEARCH = 15_000


@pytest.mark.parametrize("key", KEYS)
def test_every_listed_winning_move_wins_and_none_is_missed(key: str) -> None:
    fam = make(key)
    wins = brute_wins(fam)
    for c in closure(fam, fam.parse(fam.example), limit=15):
        answer = solve(fam, [fam.format(c)])
        listed = {(m.action, m.becomes) for m in answer.winning_moves}
        truth = {(a, tuple(map(fam.format, p))) for a, p in fam.moves(c) if not wins(fam.settle(p))}
        if answer.note is None:
            assert listed == truth, (key, c)


@pytest.mark.parametrize("key", KEYS)
def test_a_family_that_is_not_a_sum_reads_one_position_and_refuses_several(key: str) -> None:
    fam = make(key)
    example = fam.format(fam.parse(fam.example))
    assert solve(fam, [example]).position == [example]
    if fam.is_sum:
        fam.parse_sum([example, example])  # a sum of two (which may cancel: two bombs on one cell)
        return
    with pytest.raises(GameError, match="not a sum") as refused:
        solve(fam, [example, example])
    assert refused.value.code == "not-a-sum" and refused.value.params["got"] == 2
    with pytest.raises(AssertionError):
        fam.sum_outcome((fam.parse(example),) * 2)  # a caller's bug, never a silent XOR


def test_a_single_heaps_values_are_the_mex_of_its_options() -> None:
    """The heap-like tables are the definition (mex over the options), one family at a time."""
    for key in KEYS:
        fam = make(key)
        if fam.layout != "heaps":
            continue
        for n in range(0, 15):
            c = fam.table_component(n)
            if c is None:
                continue
            options = [0 if not parts else fam.sum_grundy(parts) for _a, parts in fam.moves(c)]
            assert fam.sg(c) == mex(options), (key, n)


def test_the_readmes_table_of_games_is_the_one_the_registry_gives() -> None:
    """The README's table of games is made from the registry (grundy.cli.games_table): a family
    added, or a notation or rule changed, and the README not regenerated, fails here."""
    from pathlib import Path

    from grundy.cli import games_table

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    table = games_table()
    assert table in readme, f"paste grundy.cli.games_table() into README.md:\n{table}"
    for key in KEYS:
        row = next(line for line in table.splitlines() if line.startswith(f"| `{key}` |"))
        assert f"`{FAMILIES[key].example}`" in row, (key, row)


@pytest.mark.parametrize("key", KEYS)
def test_the_searches_see_every_position_a_sum_reaches_once(key: str) -> None:
    """FamilyGame moves in one of each group of equal components and gives each settled position
    once: the same set of positions as every move of the sum, with no repeats."""
    fam = make(key)
    rng = random.Random(key)
    parts = closure(fam, fam.parse(FAMILIES[key].example), limit=12)
    game = FamilyGame(fam)
    for _ in range(30):
        count = rng.randint(1, 4) if fam.is_sum else 1
        position = fam.settle(tuple(rng.choice(parts) for _ in range(count)))
        options = [m.position for m in game.options(position)]
        assert len(options) == len(set(options))
        assert set(options) == {fam.settle(m.after) for m in fam.sum_moves(position)}
