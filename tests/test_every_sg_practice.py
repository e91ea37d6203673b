"""Every-SG in the quiz and in play (lesson 10): a turn moves in every unfinished game.

The arena's outcomes and the computer's strategy are checked against a brute-force every-SG
search over the pairs themselves (lesson 10's facts test), not against the step counts they are
computed from.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import cache
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.games.core import Action, GameError, mex
from grundy.games.family import Family
from grundy.practice.every import PICKS, EveryArena
from grundy.practice.games import make_arena
from grundy.practice.play import parse
from grundy.practice.quiz import LEVELS, check_move, question
from grundy.widgets import every_sg
from tests.test_lesson_10_facts import every_wins, moves, turns

Pair = tuple[int, int]
SMALL = [(x, y) for y in range(0, 7) for x in range(0, y + 1)]


def arena() -> EveryArena:
    found = make_arena("every-euclid")
    assert isinstance(found, EveryArena)
    return found


def test_outcomes_agree_with_the_brute_force_search() -> None:
    a = arena()
    for count in (1, 2, 3):
        for games in itertools.combinations_with_replacement(SMALL, count):
            assert a.outcome(games) == ("N" if every_wins(tuple(sorted(games))) else "P"), games


@cache
def strategy_wins(position: tuple[Pair, ...]) -> bool:
    """With the strategy to move from ``position`` (an N-position), does it win against every
    answer the opponent can make?"""
    after = arena().strategy(position).after
    return all(strategy_wins(reply) for reply in turns(after))  # none left: the strategy moved last


def test_the_computer_wins_every_n_position_against_every_defence() -> None:
    a = arena()
    for games in itertools.combinations_with_replacement([p for p in SMALL if p[0]], 2):
        if a.outcome(games) == "N":
            assert strategy_wins(games), games
            assert a.outcome(a.strategy(games).after) == "P"


def test_the_computers_turn_is_the_widgets_starred_move() -> None:
    """Lesson 10's widget shows MM's strategy (★); the computer plays the same moves."""
    a = arena()
    for games in itertools.combinations_with_replacement([(3, 5), (2, 7), (5, 8), (4, 9), (6, 6), (1, 9)], 3):
        view = every_sg.view(every_sg.parse({"size": "8", "pairs": " ".join(f"{x},{y}" for x, y in games)}))
        widget = tuple(g.move.after if g.move else g.pair for g in view.games)
        assert a.strategy(games).after == widget


def test_a_turn_moves_in_every_unfinished_game_and_leaves_finished_ones() -> None:
    a = arena()
    before = ((3, 5), (0, 4), (2, 7))
    assert a.step(before, ((2, 3), (0, 4), (2, 3))) is not None
    assert a.why_illegal(before, ((2, 3), (0, 4), (2, 7))).startswith("Game 3 (2,7) can still move")
    assert a.why_illegal(before, ((2, 3), (0, 0), (2, 3))).startswith("Game 2 (0,4) is finished")
    assert a.why_illegal(before, ((2, 3), (2, 3))).startswith("The position has 3 games")
    assert "no move turns 2,7 into 1,7" in a.why_illegal(before, ((2, 3), (0, 4), (1, 7)))
    # a typed answer may write a pair either way round; a game's URL may not
    assert a.find_move(before, ((3, 2), (4, 0), (3, 2))) is not None
    assert a.step(before, ((3, 2), (4, 0), (3, 2))) is None
    with pytest.raises(GameError, match="choose a move in game 3"):
        a.picked_turn(before, {"g1": "2,3"})
    assert a.picked_turn(before, {"g1": "2,3", "g3": "1,2"}) == ((2, 3), (0, 4), (1, 2))


@pytest.mark.parametrize("level", list(LEVELS))
def test_quiz_answers_check_a_whole_turn(level: int) -> None:
    for seed in range(20):
        q = question("every-euclid", level, seed)
        if q.outcome() != "N":
            continue
        best = q.arena.winning_moves(q.position)[0]
        assert check_move(q, q.arena.format(best.after)).wins
        assert len(best.parts) == len([c for c in q.position if moves(c)])
        same = check_move(q, q.position_text)
        assert same.move is None and "must move in it" in same.message


def test_a_game_against_the_computer_by_form(client: FlaskClient) -> None:
    r = client.get("/play/every-euclid?start=3,5;2,7&first=you&g1=2,3&g2=1,2")
    assert r.status_code == 303  # the turn and the computer's reply go into the URL
    query = {k: v[0] for k, v in parse_qs(urlsplit(r.headers["Location"]).query).items()}
    assert query["moves"] == "2,3;1,2/1,2;0,1" and "g1" not in query
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "The computer took 1×2 = 2 from the pile of 3 in game 1; took 2×1 = 2 from the pile of 2 in game 2." in page
    assert 'name="g1"' in page and 'name="g2"' not in page  # game 2 is finished
    assert "Game 2: 0,1 — finished" in page
    # a move that is not one (a hand-edited form) is refused, naming the game
    bad = client.get("/play/every-euclid?start=3,5;2,7&first=computer&moves=2,3;2,3&g1=1,2&g2=0,2")
    assert bad.status_code == 400 and "in game 2 no move turns 2,3 into 0,2" in bad.get_data(as_text=True)


def test_picking_on_the_computers_turn_is_refused() -> None:
    with pytest.raises(GameError, match="not your turn"):
        parse("every-euclid", {"start": "3,5;2,7", "first": "computer", "g1": "2,3", "g2": "2,3"})


def test_the_quiz_round_trip(client: FlaskClient) -> None:
    seed = next(s for s in range(50) if question("every-euclid", 1, s).outcome() == "N")
    q = question("every-euclid", 1, seed)
    card = client.post("/quiz/answer", data={"game": "every-euclid", "level": 1, "seed": seed, "says": "N"})
    page = card.get_data(as_text=True)
    assert "Right." in page and "Step counts:" in page and "Now find a winning turn." in page
    typed = q.arena.format(q.arena.strategy(q.position).after)
    done = client.post("/quiz/move", data={"game": "every-euclid", "level": 1, "seed": seed, "after": typed})
    page = done.get_data(as_text=True)
    assert done.status_code == 200 and "A winning move." in page and " in game 2" in page
    assert re.search(r'data-widget="every-sg"', page)  # lesson 10's widget, with the games
    assert "/lessons/every-sg#the-theorem" in page


# In Euclid's game every choice is forced (lesson 10's facts test checks it: an N-position has
# exactly one move to a P-position, a P-position one move), so the checks above cannot tell
# "winner long, loser short" from any other rule. This small graph game has real choices.
GRAPH = {
    "a": ["b", "c"], "b": [], "c": ["d"], "d": ["e"], "e": [],  # a: P-options b (0 steps) and c (2)
    "f": ["d", "h"], "h": ["i"], "i": ["j"], "j": ["k"], "k": [],  # f: N-options d (1 step) and h (3)
}


class GraphFamily(Family[str]):
    key = "graph"

    def parse(self, text: str) -> str:
        return text

    def moves(self, c: str) -> Iterator[tuple[Action, tuple[str, ...]]]:
        for after in GRAPH[c]:
            yield Action("go", (after,)), (after,)

    def sg(self, c: str) -> int:
        return mex(self.sg(o) for o in GRAPH[c])

    def every_steps(self, c: str) -> int:
        options = GRAPH[c]
        if not options:
            return 0
        if self.sg(c):
            return 1 + max(self.every_steps(o) for o in options if self.sg(o) == 0)
        return 1 + min(self.every_steps(o) for o in options)


def test_the_strategy_plays_long_when_winning_and_short_when_losing() -> None:
    fam = GraphFamily()
    assert fam.outcome("a") == "N" and fam.every_move("a") == (Action("go", ("c",)), ("c",))
    assert fam.outcome("f") == "P" and fam.every_move("f") == (Action("go", ("d",)), ("d",))
    assert fam.every_move("b") is None



@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.dictionaries(st.sampled_from(["g1", "g2", "g3", "g9"]),
                             st.one_of(st.sampled_from(["2,3", "1,2", "2,5", "3,2", "0,7", "", "x", "²,3"]),
                                       st.text(max_size=12)), max_size=4),
       first=st.sampled_from(["you", "computer"]))
def test_any_form_on_a_real_game_is_a_turn_or_a_400(client: FlaskClient, picks: dict[str, str], first: str) -> None:
    """The form's keys with a valid game: a turn played (303 to the new history) or a 400 that
    says why — never a 5xx, and never a turn the rules forbid."""
    r = client.get("/play/every-euclid", query_string={"start": "3,5;2,7", "first": first, **picks})
    if not set(picks) & set(PICKS):  # no turn chosen: the game as it stands (the computer may reply)
        assert r.status_code in (200, 303), r.status_code
        return
    assert r.status_code in (303, 400), r.status_code
    if r.status_code == 303:
        history = parse_qs(urlsplit(r.headers["Location"]).query).get("moves", [""])[0].split("/")
        a = arena()
        here = ((3, 5), (2, 7))
        for text in history if history != [""] else []:
            after = a.parse(text)
            assert a.step(here, after) is not None
            here = after
