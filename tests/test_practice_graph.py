"""Practice on a game graph (lesson 16): the quiz's third answer, D, and play where a game may go
on for ever. Every answer is the engine's, checked here against a solver written from the
definitions (a fixpoint of the three rules; what it never labels is a draw), never a listed answer."""
from __future__ import annotations

import random
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games.core import GameError
from grundy.games.graph import analyse, parse_graph
from grundy.practice import play
from grundy.practice.draws import DRAWN_AFTER, DrawArena, solve
from grundy.practice.games import IN_CLASS, SPECS, make_arena
from grundy.practice.games.graphs import GRAPH, MAX_MOVES, MAX_POSITIONS, random_graph
from grundy.practice.quiz import LEVELS, Question, check_move, question, winning_moves

GAME = GRAPH.key


def definition(arena, start):
    """P, N or D of every position reachable from ``start``, from the definitions alone: label
    P where every move leads to a labelled N (no move at all included), N where some move leads
    to a labelled P, until nothing changes; what is never labelled is a draw."""
    seen, todo = {start}, [start]
    while todo:
        for m in arena.moves(todo.pop()):
            if m.after not in seen:
                seen.add(m.after)
                todo.append(m.after)
    label = {}
    changed = True
    while changed:
        changed = False
        for p in seen - label.keys():
            after = [label.get(m.after) for m in arena.moves(p)]
            if "P" in after:
                label[p], changed = "N", True
            elif all(a == "N" for a in after):
                label[p], changed = "P", True
    return {p: label.get(p, "D") for p in seen}


def _written(moves: list[tuple[int, int]]) -> str:
    return " ".join(f"{'abcdefg'[v]}>{'abcdefg'[w]}" for v, w in moves) or "a"


# any graph of up to 7 positions, self-loops and cycles included, and the quiz's own kind
graphs = st.one_of(
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), unique=True, max_size=16).map(_written),
    st.builds(random_graph, st.randoms(use_true_random=False), st.integers(2, 10), st.integers(0, 4)),
)


# ------------------------------------------------------------------ the engine and the arena


@settings(max_examples=150, deadline=None)
@given(edges=graphs, data=st.data())
def test_outcomes_and_remoteness_agree_with_the_definitions(edges, data):
    arena = make_arena(GAME, {"edges": edges})
    names = arena.family.graph.names
    parts = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=2))
    start = arena.parse(" ".join(parts))
    truth = definition(arena, start)
    solved = solve(arena, start)
    assert solved.verdict == truth
    for p, verdict in truth.items():
        assert arena.verdict(p) == verdict  # the family's own answer (XOR or the product graph)
        far = solved.remoteness[p]
        assert (far is None) == (verdict == "D")
        if far is not None:
            assert far % 2 == (verdict == "N")  # even ⇔ P, as remoteness always is


@settings(max_examples=120, deadline=None)
@given(edges=graphs, data=st.data())
def test_the_computer_wins_from_n_keeps_a_draw_and_never_loses_what_it_holds(edges, data):
    """Against any moves: from N the computer wins before the game is stopped (a winner that
    merely moved to some P-position could circle for ever); from D it is never beaten."""
    arena = make_arena(GAME, {"edges": edges})
    names = arena.family.graph.names
    start = arena.parse(data.draw(st.sampled_from(names)))
    if not arena.moves(start) or arena.unplayable(start):
        return
    truth = definition(arena, start)
    here, computer = start, True  # the computer moves first
    for _ in range(DRAWN_AFTER):
        moves = arena.moves(here)
        if not moves:
            break
        move = arena.computer_move(here) if computer else data.draw(st.sampled_from(moves))
        if computer:
            held, left = truth[here], truth[move.after]
            assert {"N": "P", "D": "D"}.get(held, left) == left  # wins keep winning, draws stay drawn
        here, computer = move.after, not computer
    stuck_is_computer = computer and not arena.moves(here)
    if truth[start] == "N":
        assert not arena.moves(here) and not computer  # finished, the learner stuck
    if truth[start] == "D":
        assert not stuck_is_computer


def test_the_computer_takes_the_quickest_win_and_the_longest_defence():
    # from a, both moves win: to c (P, two moves from the end: c>d, d>e) and to b (terminal)
    arena = make_arena(GAME, {"edges": "a>c a>b c>d d>e"})
    a = arena.parse("a")
    truth, far = definition(arena, a), solve(arena, a).remoteness
    assert [truth[m.after] for m in arena.moves(a)] == ["P", "P"] and far[arena.parse("c")] == 2
    assert arena.format(arena.computer_move(a).after) == "b"
    # from P every move leads to N: the longest defence (to y: y>u u>v v>w lasts longer than x>t)
    arena = make_arena(GAME, {"edges": "p>x p>y x>t y>u u>v v>w"})
    p = arena.parse("p")
    truth, far = definition(arena, p), solve(arena, p).remoteness
    assert truth[p] == "P" and far[arena.parse("y")] > far[arena.parse("x")]
    assert arena.format(arena.computer_move(p).after) == "y"


def test_the_default_start_shows_the_three_kinds_of_move():
    arena = GRAPH.arena()
    start = arena.parse(GRAPH.start)
    truth = definition(arena, start)
    assert truth[start] == "N"
    assert {truth[m.after] for m in arena.moves(start)} == {"P", "N", "D"}
    assert any(analyse(parse_graph(GRAPH.default_rule["edges"])).on_cycle)


@pytest.mark.parametrize("edges, message", [
    ("a>b " * 2, "written twice"),
    (" ".join(f"v{i}>v{i + 1}" for i in range(MAX_POSITIONS)), f"at most {MAX_POSITIONS} positions"),
    (" ".join(f"{x}>{y}" for x in "abcdef" for y in "abcdef")[: 6 * 36], f"at most {MAX_MOVES} moves"),
    ("a>", "from>to"),
    ("x" * 10_000, "at most"),
])
def test_a_practice_graph_is_bounded_before_it_is_read(edges, message):
    with pytest.raises(GameError) as caught:
        make_arena(GAME, {"edges": edges})
    assert message in str(caught.value)


# ------------------------------------------------------------------ the quiz


@pytest.mark.parametrize("level", list(LEVELS))
def test_quiz_asks_p_n_and_d_about_as_often_and_each_answer_is_the_definitions(level):
    seen = {"P": 0, "N": 0, "D": 0}
    for seed in range(45):
        q = question(GAME, level, seed)
        assert q == question(GAME, level, seed)
        verdict = q.verdict()
        assert verdict == definition(q.arena, q.position)[q.position]
        assert q.arena.moves(q.position)  # never a terminal position: its answer is given away
        seen[verdict] += 1
        assert bool(winning_moves(q)) == (verdict == "N")
        assert q.arena.parse(q.position_text) == q.position
        assert len(q.arena.family.graph.names) <= MAX_POSITIONS
    assert min(seen.values()) >= 8, seen


@pytest.mark.parametrize("level", [2, 3])
def test_from_level_2_some_n_questions_hold_a_move_to_a_draw(level):
    """A trap: the draw is no win. The draw of the question seeks one for about half the N-questions."""
    found = 0
    questions = [q for seed in range(60) if (q := question(GAME, level, seed)).verdict() == "N"]
    for q in questions:
        found += any(definition(q.arena, m.after)[m.after] == "D" for m in q.arena.moves(q.position))
    assert len(questions) // 4 <= found < len(questions), (found, len(questions))


def test_the_other_games_still_ask_p_or_n_and_keep_their_questions():
    assert all(spec.answers == ("P", "N") for key, spec in SPECS.items() if spec.draws is None)
    assert GRAPH.answers == ("P", "N", "D")
    assert question("nim", 1, 7).verdict() in ("P", "N")


def test_a_move_to_a_draw_does_not_win_and_says_why():
    arena = GRAPH.arena()
    q = Question(GAME, 1, 0, arena, arena.parse(GRAPH.start))  # the default start: N, with a move to a draw
    assert q.verdict() == "N"
    to_draw = next(m for m in q.arena.moves(q.position) if q.arena.verdict(m.after) == "D")
    verdict = check_move(q, q.arena.format(to_draw.after))
    assert not verdict.wins and "draw" in verdict.message
    win = winning_moves(q)[0]
    assert check_move(q, q.arena.format(win.after)).wins


# ------------------------------------------------------------------ the routes


def text(response) -> str:
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def seed_with(verdict: str, level: int = 1) -> int:
    return next(s for s in range(200) if question(GAME, level, s).verdict() == verdict)


def test_the_quiz_offers_a_third_answer_only_where_a_game_can_be_drawn(client):
    page = text(client.get(f"/quiz/q?game={GAME}&level=1&seed=3"))
    assert 'name="says" value="D"' in page and "or a draw" in page
    assert 'value="D"' not in text(client.get("/quiz/q?game=nim&level=1&seed=3"))


@pytest.mark.parametrize("says", ["P", "N", "D"])
def test_each_answer_is_judged_by_the_engine(client, says):
    seed = seed_with("D")
    page = text(client.post("/quiz/answer", data={"game": GAME, "level": 1, "seed": seed, "says": says}))
    assert ("Right." in page) == (says == "D")
    assert 'class="chip is-D">D</span>, a draw' in page
    assert "never decided either" in page  # the reason names the move that keeps the draw
    assert "Now find a winning move" not in page  # a draw has none to find


def test_a_d_answer_is_refused_where_the_game_has_no_draws(client):
    r = client.post("/quiz/answer", data={"game": "nim", "level": 1, "seed": 3, "says": "D"})
    assert r.status_code == 400 and "or N (winning)" in text(r)
    r = client.post("/quiz/answer", data={"game": GAME, "level": 1, "seed": 3, "says": "X"})
    assert r.status_code == 400 and "or D (a draw)" in text(r)


def test_the_move_step_of_a_draw_says_there_is_none(client):
    seed = seed_with("D")
    client.post("/quiz/answer", data={"game": GAME, "level": 1, "seed": seed, "says": "D"})
    r = client.post("/quiz/move", data={"game": GAME, "level": 1, "seed": seed, "after": "a"})
    assert r.status_code == 400 and "is a draw: there is no winning move" in text(r)


def test_a_question_answered_d_shows_its_answer_again(client):
    seed = seed_with("D")
    client.post("/quiz/answer", data={"game": GAME, "level": 1, "seed": seed, "says": "D"})
    assert "Right." in text(client.get(f"/quiz/q?game={GAME}&level=1&seed={seed}"))


EDGES = GRAPH.default_rule["edges"]


def game_url(start: str, moves: list[str], **extra: str) -> dict[str, str]:
    return {"edges": EDGES, "start": start, "moves": "/".join(moves), **extra}


def test_a_drawn_game_stops_after_the_stated_number_of_moves(client):
    arena = GRAPH.arena()
    start = next(n for n in arena.family.graph.names if arena.verdict(arena.parse(n)) == "D")
    state = play.parse(GAME, {"start": start})
    while not state.over:  # the learner keeps the draw too: the first move that does
        if state.computer_to_move:
            state = state.reply()
        else:
            keep = next(m for m in state.moves() if arena.verdict(m.after) == "D")
            state = state.then(keep.after)
    assert state.drawn and len(state.afters) == DRAWN_AFTER
    r = client.get("/play/graph", query_string=game_url(start, [arena.format(p) for p in state.afters]))
    page = text(r)
    assert r.status_code == 200 and "A draw." in page and f"lasted {DRAWN_AFTER} moves" in page
    assert 'name="moves"' not in page  # no move is offered after the end
    longer = [arena.format(p) for p in state.afters] * 2
    r = client.get("/play/graph", query_string=game_url(start, longer))
    assert r.status_code == 400 and f"stopped as a draw after {DRAWN_AFTER} moves" in text(r)


def test_play_marks_a_move_that_gives_a_win_away_for_a_draw(client):
    arena = GRAPH.arena()
    start = arena.parse(GRAPH.start)
    to_draw = next(m for m in arena.moves(start) if arena.verdict(m.after) == "D")
    r = client.get("/play/graph", query_string=game_url(GRAPH.start, [arena.format(to_draw.after)], hints="1"))
    assert r.status_code == 303
    page = text(client.get(r.headers["Location"]))
    assert "this move leaves a draw" in page and 'class="chip is-D">D' in page
    win = arena.winning_moves(start, 1)[0]
    assert re.search(rf"A winning move was move the token → (<[^>]+>)?{arena.format(win.after)}<", page)


def test_the_computer_s_moves_in_a_link_are_checked(client):
    arena = GRAPH.arena()
    start = arena.parse(GRAPH.start)
    win = arena.winning_moves(start, 1)[0]
    after = win.after
    wrong = next(m for m in arena.moves(after) if m.after != arena.computer_move(after).after)
    r = client.get("/play/graph", query_string=game_url(GRAPH.start, [arena.format(after), arena.format(wrong.after)]))
    assert r.status_code == 400 and "not the computer" in text(r)


def test_random_start_is_a_position_of_the_graph_in_the_link(client):
    rng = random.Random(4)
    own = "x>y y>x y>z"
    for _ in range(10):
        state = play.parse(GAME, {"edges": own, "start": "random"}, rng)
        assert state.arena.format(state.start) in ("x", "y")
    r = client.get("/play/graph", query_string={"edges": own, "random": "1"})
    assert r.status_code == 303 and "start=x" in r.headers["Location"] or "start=y" in r.headers["Location"]


def test_the_chinese_quiz_says_draw_in_chinese(client):
    seed = seed_with("D")
    page = text(client.get(f"/zh/quiz/q?game={GAME}&level=1&seed={seed}"))
    assert "平局（D）" in page and "先手必胜、必败，还是平局" in page
    page = text(client.post("/zh/quiz/answer", data={"game": GAME, "level": 1, "seed": seed, "says": "D"}))
    assert "平局" in page and "必败态" in page


@cache
def _arena_types():
    return {spec.arena_type for spec in SPECS.values()}


def test_only_a_game_that_can_be_drawn_plays_with_a_move_limit():
    for spec in SPECS.values():
        assert (spec.arena_type.move_limit is not None) == (spec.draws is not None), spec.key
    assert DrawArena in _arena_types()


def test_a_live_class_is_not_asked_about_a_game_that_can_be_drawn():
    """A class's kinds of question ask P or N: a game with D is practised in the quiz and play only."""
    from grundy.web.classroom import rules

    assert GAME not in IN_CLASS and set(IN_CLASS) == {k for k, s in SPECS.items() if "D" not in s.answers}
    with pytest.raises(GameError) as refused:
        rules.arena_for(GAME, {})
    assert refused.value.code == "unknown-game"


def test_a_start_too_large_to_search_is_refused_before_any_search(monkeypatch):
    """The parts' sizes bound the positions a game can reach (every order of the parts counted):
    past MAX_REACH the start is refused without a search; within it, the search runs."""
    from grundy.practice import draws

    arena = make_arena(GAME, {"edges": " ".join(f"{x}>{y}" for x, y in zip("abcdefghijk", "bcdefghijkl"))})  # 12 positions
    names = arena.family.graph.names
    assert len(names) ** 2 <= draws.MAX_REACH < len(names) ** 3
    searched: list[object] = []
    monkeypatch.setattr(draws, "solve", lambda a, p: searched.append(p) or solve(a, p))
    assert arena.unplayable(arena.parse("a b c")) == arena.too_large and not searched
    assert arena.unplayable(arena.parse("a b")) is None and searched


def test_a_sum_of_tokens_is_played_and_too_many_are_refused_with_why(client):
    r = client.get("/play/graph", query_string={"edges": EDGES, "start": "a b", "moves": "d b", "hints": "1"})
    assert r.status_code == 303  # the computer's reply joins the link
    page = text(client.get(r.headers["Location"]))
    assert "The tokens are on" in page and "The computer moved token" in page
    r = client.get("/play/graph", query_string={"edges": EDGES, "start": "a b c d"})
    assert r.status_code == 400 and "more than 600 positions" in text(r) and "use fewer tokens" in text(r)


@settings(max_examples=40, deadline=None)
@given(edges=graphs, data=st.data())
def test_any_graph_any_tokens_and_any_history_is_a_page_or_a_message(app, edges, data):
    """Random graphs (cycles, self-loops), one to four tokens, a history of names that may or may
    not be moves, hints on or off: a game page, the computer's reply as a redirect, or a 400 with
    why; never a 500."""
    names = parse_graph(edges).names
    start = " ".join(data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=4)))
    moves = "/".join(" ".join(data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=4)))
                     for _ in range(data.draw(st.integers(0, 3))))
    query = {"edges": edges, "start": start, "moves": moves, "hints": data.draw(st.sampled_from(["", "1"]))}
    r = app.test_client().get("/play/graph", query_string=query)
    assert r.status_code in (200, 303, 400), (query, r.status_code)
    if r.status_code == 400:
        assert "Can’t play this" in r.get_data(as_text=True)
    if r.status_code == 303:
        assert app.test_client().get(r.headers["Location"]).status_code == 200


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9 - 1), level=st.sampled_from(sorted(LEVELS)), says=st.sampled_from("PND"), data=st.data())
def test_any_question_any_answer_and_any_move_is_judged_or_refused_with_why(app, seed, level, says, data):
    client = app.test_client()
    q = question(GAME, level, seed)
    form = {"game": GAME, "level": level, "seed": seed}
    page = text(client.post("/quiz/answer", data=form | {"says": says}))
    assert ("Right." in page) == (says == q.verdict())
    typed = " ".join(data.draw(st.lists(st.sampled_from([*q.arena.family.graph.names, "zz", ""]), max_size=2)))
    r = client.post("/quiz/move", data=form | {"after": typed})
    assert r.status_code in (200, 400)
    if r.status_code == 200:
        move = q.arena.find_move(q.position, q.arena.parse(typed))
        assert move is not None and ("A winning move." in text(r)) == (q.arena.verdict(move.after) == "P")


@pytest.mark.parametrize("edges", ["0", "a b c"])
def test_a_random_start_on_a_graph_without_moves_says_there_is_no_game(client, edges):
    """Found by the fuzz: asked for a random start, a graph with no move had none to give, and the
    search for one ended in a 500. Now the page says why (and in Chinese too)."""
    for prefix, words in (("", "This graph has no move at all"), ("/zh", "这张图一条边也没有")):
        r = client.get(f"{prefix}/play/{GAME}", query_string={"edges": edges, "random": ""})
        assert r.status_code == 400 and words in text(r)
