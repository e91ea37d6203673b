"""The live class's data model without an app: a round's rule (in the command line's option names,
read through the practice spec), its kind, its votes (a re-vote keeps the first vote's answers), an
answer a student may change until voting closes, a countdown kept as an absolute time, nicknames,
a plan of prepared questions, and an old store file brought up to date."""
from __future__ import annotations

from collections.abc import Callable

import sqlite3
from pathlib import Path

import pytest

from grundy.games.core import GameError
from grundy.practice.games import IN_CLASS, SPECS
from grundy.web.classroom import rounds, rules
from grundy.web.classroom.kinds import KINDS, Judged
from grundy.web.classroom.rounds import Refused
from grundy.web.classroom.sqlite_store import SCHEMA_VERSION, SQLiteClassStore
from grundy.web.classroom.store import MAX_NICKNAME, MAX_VOTES, OUTCOME, Answer, Ballot, ClassStore, Room, Round

T0 = 1_700_000_000.0


@pytest.fixture()
def classes(new_store: Callable[[], ClassStore]) -> ClassStore:
    """A store of each kind (tests/stores.py): every test here runs on SQLite and on Redis."""
    return new_store()


def room(classes: ClassStore, code: str, now: float = T0) -> Room:
    found = classes.room(code, now)
    assert found is not None
    return found


def with_members(classes: ClassStore, *students: str) -> str:
    code, _secret = classes.create(T0)
    for student in students:
        assert classes.join(code, student) == "joined"
    return code


# ------------------------------------------------------------------ rules


def test_a_rule_is_said_in_the_command_line_s_option_names_from_the_spec() -> None:
    assert rules.rule_of(SPECS["subtraction"].arena({})) == "set=1,3,4"
    assert rules.rule_of(SPECS["bash"].arena({"m": "5"})) == "max=5"  # the family's key is m; the command line's --max
    assert rules.rule_of(SPECS["misere-nim"].arena({})) == "misere"
    assert rules.rule_of(SPECS["nim"].arena({})) == ""
    for spec in IN_CLASS.values():  # every game a class is asked about: its rule reads back to the same arena
        arena = spec.arena({})
        again = rules.arena_for(spec.key, rules.rule_items(rules.rule_of(arena)))
        assert (again.key, again.rule_query()) == (arena.key, arena.rule_query()), spec.key
    assert {"set", "max", "k", "code"} <= set(rules.RULE_OPTIONS)


def test_a_rule_given_is_checked_by_the_game_s_own_bounds_and_keys() -> None:
    assert rules.arena_for("subtraction", {"set": " 1,2,4 "}).rule_query() == {"set": "1,2,4"}
    assert rules.arena_for("nim", {"misere": "1"}).key == "misere-nim"  # misère play: the spec that says so
    assert rules.arena_for("misere-nim", {}).key == "misere-nim"
    cases = [("nim", {"set": "1,2"}, "not-an-option"), ("bash", {"max": "0"}, None), ("wythoff", {"misere": "1"}, "no-misere"),
             ("chess", {}, "unknown-game"), ("subtraction", {"set": "1," * 80}, "rule-too-long")]
    for game, given, code in cases:
        with pytest.raises(GameError) as refused:
            rules.arena_for(game, given)
        assert str(refused.value), (game, given)
        if code:
            assert refused.value.code == code, (game, given)
    fixed = next(s for s in SPECS.values() if s.fixed_rule)
    option = next(o for o, name in rules.options(fixed).items() if name in fixed.fixed_rule)
    with pytest.raises(GameError) as other:
        rules.arena_for(fixed.key, {option: "7"})
    assert other.value.code == "fixed-rule"


def test_a_typed_question_is_posed_under_its_rule_and_the_round_keeps_it(classes: ClassStore) -> None:
    code = with_members(classes)
    rounds.ask(classes, room(classes, code), "subtraction", "2", "3", {"set": "1,2,4"})
    r = classes.round_of(code, 1)
    assert r is not None and (r.game, r.rule, r.position, r.typed, r.kind, r.vote) == ("subtraction", "set=1,2,4", "3", True,
                                                                                       OUTCOME, 1)
    q = rounds.question_of(r)
    assert q.arena.rule_query() == {"set": "1,2,4"} and r.truth == q.outcome() == brute_force(3, (1, 2, 4))
    classes.reveal(code)
    rounds.ask(classes, room(classes, code), "subtraction", "2", "3", {})  # no rule: the game's usual one, stated
    usual = classes.round_of(code, 2)
    assert usual is not None and usual.rule == "set=1,3,4" and rounds.question_of(usual).outcome() == usual.truth
    assert usual.truth == brute_force(3, (1, 3, 4)) != r.truth  # the rule decides the answer


def test_a_drawn_question_keeps_the_draw_s_rule_or_takes_the_one_given(classes: ClassStore) -> None:
    code = with_members(classes)
    rounds.ask(classes, room(classes, code), "subtraction", "1", "")
    drawn = classes.round_of(code, 1)
    assert drawn is not None and not drawn.typed and drawn.position == ""
    assert drawn.rule == rules.rule_of(rounds.question_of(drawn).arena)  # the rule stated is the one asked
    classes.reveal(code)
    rounds.ask(classes, room(classes, code), "nim", "2", "", {"misere": "1"})
    misere = classes.round_of(code, 2)
    assert misere is not None and misere.game == "misere-nim" and misere.rule == "misere" and misere.position
    assert rounds.question_of(misere).outcome() == misere.truth


def brute_force(n: int, subtract: tuple[int, ...]) -> str:
    """A one-heap subtraction game's outcome by its definition: N when some move reaches a P."""
    losing = [False] * (n + 1)
    for m in range(n + 1):
        losing[m] = not any(s <= m and losing[m - s] for s in subtract)
    return "P" if losing[n] else "N"


@pytest.mark.parametrize("subtract", [(1, 3, 4), (1, 2), (2, 5), (1, 2, 4)])
def test_the_truth_is_the_engine_s_for_the_rule_given(subtract: tuple[int, ...]) -> None:
    for n in range(min(subtract), 14):  # below, no move to make: no question
        assert rounds.pose("subtraction", "1", str(n), {"set": ",".join(map(str, subtract))}).outcome() == brute_force(n, subtract)


# ------------------------------------------------------------------ votes and answers


def test_a_student_may_change_their_answer_until_voting_closes_one_row_each(classes: ClassStore) -> None:
    code = with_members(classes, "ann", "bob")
    classes.open_round(code, "nim", 1, 0, "3,5", "N", rule="", typed=True)
    assert classes.answer(code, 1, "ann", Answer("P", "", None), T0)
    assert classes.answer(code, 1, "ann", Answer("N", "3,3", True), T0)  # changed: replaced, not added
    assert classes.count(code, 1) == 1 and classes.answer_of(code, 1, "ann") == Answer("N", "3,3", True)
    assert not classes.answer(code, 1, "stranger", Answer("P", "", None), T0)  # only joined students
    assert not classes.answer(code, 2, "bob", Answer("P", "", None), T0)  # not the current round
    assert classes.close(code)
    assert room(classes, code).phase == "closed"
    assert not classes.answer(code, 1, "bob", Answer("P", "", None), T0)  # closed
    assert not classes.answer(code, 1, "ann", Answer("P", "", None), T0)  # … and kept as it was
    assert classes.answer_of(code, 1, "ann") == Answer("N", "3,3", True)
    assert not classes.close(code)  # nothing open to close


def test_a_revote_keeps_the_first_vote_beside_the_second(classes: ClassStore) -> None:
    code = with_members(classes, "ann", "bob", "cat")
    rounds.ask(classes, room(classes, code), "nim", "1", "3,5")
    for sid, says in (("ann", "P"), ("bob", "P"), ("cat", "N")):
        assert classes.answer(code, 1, sid, Answer(says, "", None), T0)
    classes.close(code)
    before = room(classes, code).version
    assert classes.revote(code) == 2
    after = room(classes, code)
    assert after.phase == "open" and after.version > before
    r = classes.round_of(code, 1)
    assert r is not None and r.vote == 2 and classes.count(code, 1) == 0  # the new vote starts empty …
    assert classes.count(code, 1, 1) == 3  # … and the first is kept
    assert classes.answer_of(code, 1, "ann") is None and classes.answer_of(code, 1, "ann", 1) == Answer("P", "", None)
    for sid in ("ann", "bob", "cat"):
        assert classes.answer(code, 1, sid, Answer("N", "", None), T0)
    first, second = rounds.splits_of(classes, code, r)
    assert (first.p, first.n, first.right) == (2, 1, 1) and (second.p, second.n, second.right) == (0, 3, 3)
    assert first.values == (("P", 2), ("N", 1)) and second.values == (("N", 3),)
    while classes.revote(code):
        pass
    r = classes.round_of(code, 1)
    assert r is not None and r.vote == MAX_VOTES
    classes.reveal(code)
    assert classes.revote(code) == 0  # revealed: no re-vote
    assert classes.ballots(code, "ann") == [Ballot(1, 1, Answer("P", "", None)), Ballot(1, 2, Answer("N", "", None))]


def test_a_countdown_is_an_absolute_time_every_reader_agrees_on(classes: ClassStore) -> None:
    code = with_members(classes, "ann")
    classes.open_round(code, "nim", 1, 0, "3,5", "N", closes=T0 + 30)
    assert room(classes, code, T0 + 29).phase == "open" and room(classes, code, T0 + 29).closes == T0 + 30
    assert classes.answer(code, 1, "ann", Answer("P", "", None), T0 + 29)
    assert not classes.answer(code, 1, "ann", Answer("N", "", None), T0 + 30)  # at the deadline, even before anyone reads the class
    version = room(classes, code, T0 + 29).version
    late = room(classes, code, T0 + 30)  # the first reader after it closes the vote: a new version, for every poll
    assert late.phase == "closed" and late.closes is None and late.version == version + 1
    assert room(classes, code, T0 + 31).version == version + 1  # once
    assert classes.revote(code, T0 + 100) == 2 and room(classes, code, T0 + 40).closes == T0 + 100
    assert classes.close(code, T0 + 60)  # a countdown given to an open vote
    assert room(classes, code, T0 + 59).phase == "open" and room(classes, code, T0 + 60).phase == "closed"


def test_an_n_with_a_move_that_cannot_be_read_keeps_the_vote_and_says_why(classes: ClassStore) -> None:
    code = with_members(classes, "ann", "bob")
    rounds.ask(classes, room(classes, code), "wythoff", "1", "7,6")
    poll = rounds.open_poll(classes, room(classes, code), "1")
    for typed in ("0,0", "7 4", "x", "٣,٣"):
        judged = rounds.answer(classes, poll, code, "ann", "N", typed, T0)
        assert judged.answer == Answer("N", "", None, typed) and judged.problem, typed
        assert classes.answer_of(code, 1, "ann") == Answer("N", "", None, typed)
    fixed = rounds.answer(classes, poll, code, "ann", "N", "4,6", T0)  # fixed while voting is open
    assert fixed == Judged(Answer("N", "4,6", False)) and classes.count(code, 1) == 1
    with pytest.raises(GameError):
        rounds.answer(classes, poll, code, "bob", "maybe", "", T0)  # no answer at all: nothing kept
    assert classes.answer_of(code, 1, "bob") is None
    split = rounds.split_of(classes, code, poll.round)
    assert (split.n, split.unread, split.moves) == (1, 0, 1)
    rounds.answer(classes, poll, code, "bob", "N", "0,0", T0)
    assert rounds.split_of(classes, code, poll.round).unread == 1
    classes.close(code)
    with pytest.raises(Refused) as closed:
        rounds.open_poll(classes, room(classes, code), "1")
    assert closed.value.status == 409 and "closed" in closed.value.message


def test_the_move_notation_is_the_quiz_s_for_every_game() -> None:
    """Whatever the quiz reads as a move the class reads as the same move; whatever it refuses the
    class keeps as an N without a move, saying the quiz's words."""
    from grundy.practice import quiz as quiz_mod

    for game in SPECS:
        q = quiz_mod.question(game, 1, 3)
        typed = [q.arena.format(m.after) for m in q.arena.moves(q.position)[:3]] + ["0,0", "7 4", q.position_text]
        for text in typed:
            judged = rounds.judge(q, "N", text)
            try:
                verdict = quiz_mod.check_move(q, text)
            except GameError as error:
                assert judged.problem == str(error) and judged.answer == Answer("N", "", None, text), (game, text)
                continue
            if verdict.move is None:
                assert judged.problem == verdict.message and judged.answer.unread == text, (game, text)
            else:
                assert not judged.problem and judged.answer == Answer("N", q.arena.format(verdict.move.after), verdict.wins), (game, text)


def test_kinds_are_a_registry_the_store_never_names() -> None:
    assert OUTCOME in KINDS and KINDS[OUTCOME].values == ("P", "N")
    source = Path(rounds.__file__).with_name("sqlite_store.py").read_text()
    assert "'outcome'" in source and "'sg'" not in source  # a new kind needs no column: only the default is named
    source = Path(rounds.__file__).with_name("redis_store.py").read_text()
    assert not any(repr(kind) in source or f'"{kind}"' in source for kind in KINDS if kind != OUTCOME)  # nor a field in Redis


# ------------------------------------------------------------------ nicknames and the plan


def test_a_nickname_is_a_joined_student_s_and_bounded(classes: ClassStore) -> None:
    code = with_members(classes, "ann", "bob")
    assert classes.name(code, "ann", "Ann L." + "x" * 40)
    assert not classes.name(code, "stranger", "Who")
    assert classes.nickname(code, "ann") == ("Ann L." + "x" * 40)[:MAX_NICKNAME] and classes.nickname(code, "bob") == ""
    assert classes.nicknames(code) == {"ann": ("Ann L." + "x" * 40)[:MAX_NICKNAME]}
    classes.name(code, "ann", "")
    assert classes.nicknames(code) == {}


def test_a_plan_is_read_line_by_line_with_its_rules_and_kept(classes: ClassStore) -> None:
    text = "wythoff 7,6\n\n# after the break\nsubtraction set=1,3,4 10\nnim misere 1 2 3\nkayles level=2   # drawn\n"
    lines = rules.plan_lines(text)
    assert [(p.line, p.game, p.rule, p.level, p.position) for p in lines] == [
        (1, "wythoff", {}, "1", "7,6"), (4, "subtraction", {"set": "1,3,4"}, "1", "10"), (5, "nim", {"misere": "1"}, "1", "1 2 3"),
        (6, "kayles", {}, "2", "")]
    code = with_members(classes)
    classes.set_plan(code, rules.plan_text(text))
    assert classes.plan(code) == text.strip()
    assert len(rules.plan_text("nim 1\n" * 1000).splitlines()) == 60


# ------------------------------------------------------------------ an old store


OLD_SCHEMA = """
CREATE TABLE classes (code TEXT PRIMARY KEY, secret TEXT NOT NULL, created REAL NOT NULL, expires REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 1, view TEXT NOT NULL DEFAULT '', round INTEGER NOT NULL DEFAULT 0,
    phase TEXT NOT NULL DEFAULT 'idle');
CREATE TABLE rounds (code TEXT NOT NULL, number INTEGER NOT NULL, game TEXT NOT NULL, level INTEGER NOT NULL,
    seed INTEGER NOT NULL, position TEXT NOT NULL, truth TEXT NOT NULL, revealed INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (code, number));
CREATE TABLE answers (code TEXT NOT NULL, number INTEGER NOT NULL, student TEXT NOT NULL, says TEXT NOT NULL,
    move TEXT NOT NULL, wins INTEGER, PRIMARY KEY (code, number, student));
CREATE TABLE members (code TEXT NOT NULL, student TEXT NOT NULL, PRIMARY KEY (code, student));
INSERT INTO classes (code, secret, created, expires, round, phase) VALUES ('ACE347', 'x', 1700000000, 1700043200, 1, 'open');
INSERT INTO rounds VALUES ('ACE347', 1, 'subtraction', 1, 0, '10', 'N', 0);
INSERT INTO members VALUES ('ACE347', 'ann');
INSERT INTO answers VALUES ('ACE347', 1, 'ann', 'N', '9', 0);
"""


def test_an_old_store_file_is_brought_up_to_date_and_keeps_its_classes(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.executescript(OLD_SCHEMA)
    store = SQLiteClassStore(path)
    r = store.round_of("ACE347", 1)
    assert r == Round(1, "subtraction", 1, 0, "10", "N", False)  # rule "": the game's opening rule, as it was posed
    assert rounds.question_of(r).arena.rule_query() == {"set": "1,3,4"}
    assert store.answer_of("ACE347", 1, "ann") == Answer("N", "9", False)  # its answers are vote 1's
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    again = SQLiteClassStore(path)  # opened again (another worker): nothing more to do, nothing lost
    assert again.answer_of("ACE347", 1, "ann") == Answer("N", "9", False)
    assert again.answer("ACE347", 1, "ann", Answer("P", "", None), T0) and again.name("ACE347", "ann", "Ann")
    assert again.revote("ACE347") == 2 and again.count("ACE347", 1, 1) == 1 and again.count("ACE347", 1) == 0
    assert again.room("ACE347", T0) is not None
