"""The command-line solver: its JSON, its tables, its errors, and integers of any size."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from grundy.cli import main
from grundy.games import wythoff


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run([sys.executable, "-m", "grundy", "solve", "nim", "2", "3"], capture_output=True, text=True, check=True)
    assert result.stdout.startswith("nim 2 3: N (SG 1)")


@pytest.mark.parametrize("command", [[], ["solve"], ["table"], ["serve"]])
def test_help(command: list[str]) -> None:
    code, out, _ = run(*command, "--help")
    assert code == 0 and "Usage:" in out


def test_solve_help_lists_every_game_and_its_component() -> None:
    out = run("solve", "--help")[1]
    for game in ("bash", "subtraction", "nim", "wythoff", "kiki", "marbles", "bomb", "euclid", "circle",
                 "staircase", "k-multiple", "mock-turtles"):
        assert game in out


def test_json_has_the_documented_shape() -> None:
    code, out, _ = run("solve", "nim", "14", "21", "39", "--json")
    assert code == 0
    assert json.loads(out) == {
        "game": "nim",
        "position": ["14", "21", "39"],
        "outcome": "N",
        "sg": 60,
        "winning_moves": [{"component": 3, "move": "take 12", "becomes": ["27"]}],
        "component_sg": [14, 21, 39],
    }


def test_every_sg_with_no_game_left_is_p() -> None:
    """Boards that settle to nothing (a bomb board whose every square is terminal) leave no game:
    the player to move has no move and loses (was a traceback: max() of no step counts)."""
    code, out, _ = run("solve", "bomb", "3,5", "3,5", "--every")
    assert code == 0 and "P: the player to move loses" in out and "none (no game is left" in out
    assert json.loads(run("solve", "bomb", "3,5", "3,5", "--every", "--json")[1])["outcome"] == "P"


def test_every_sg_reports_its_step_counts() -> None:
    data = json.loads(run("solve", "euclid", "3,5", "1,1", "--every", "--json")[1])
    assert data["steps"] == [3, 1] and data["outcome"] == "N" and data["sg"] is None


def test_a_sum_of_mixed_positions_has_moves_in_each_component() -> None:
    data = json.loads(run("solve", "subtraction", "10", "11", "--set", "1,3,4", "--json")[1])
    assert data["sg"] == 3 and data["component_sg"] == [1, 2]
    assert {(m["component"], m["move"], tuple(m["becomes"])) for m in data["winning_moves"]} == {
        (1, "take 4", ("6",)), (2, "take 1", ("10",)), (2, "take 3", ("8",))}


def test_ten_thousand_digit_wythoff_piles() -> None:
    # Writing the piles needs what the CLI does for its own output: no limit on digits. (This
    # test passed only after another had run the CLI in the same process, which lifts it.)
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        k = 10**9999 + 7
        a, b = wythoff.p_position(k)
        data = json.loads(run("solve", "wythoff", f"{a},{b + 1}", "--json")[1])
        assert data["outcome"] == "N" and data["sg"] is None  # the outcome is exact; SG is out of reach
        assert any(m["becomes"] == [f"{a},{b}"] for m in data["winning_moves"])
    finally:
        sys.set_int_max_str_digits(limit)


def test_table_with_period() -> None:
    code, out, _ = run("table", "subtraction", "--upto", "8", "--set", "1,3,4")
    assert code == 0 and out.splitlines() == ["0 1 0 1 2 3 2 0 1", "preperiod 0, period 7"]
    data = json.loads(run("table", "subtraction", "--upto", "8", "--set", "1,3,4", "--json")[1])
    assert data["period"] == {"preperiod": 0, "length": 7}


def test_pair_games_print_a_matrix() -> None:
    data = json.loads(run("table", "wythoff", "--upto", "3", "--json")[1])
    assert data["matrix"][1][2] == 0 and data["matrix"][2][1] == 0 and data["matrix"][0][0] == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "nim", "x"], "a heap must be a whole number; got 'x'"),
        (["solve", "bash", "5"], "bash needs --max (take 1 to M), e.g. --max 3"),
        (["solve", "subtraction", "5", "--set", "1,,2"], "the set S has an empty item in '1,,2'"),
        (["solve", "wythoff", "1,2,3"], "a pair of piles is two numbers, like 3,5; got '1,2,3'"),
        (["solve", "bomb", "0,3"], "a bomb row,column must be from 1 to 60; got 0"),
        (["solve", "nim", "3", "--set", "1,2"], "--set does not apply to nim"),
        (["solve", "k-multiple", "5"], "k-multiple needs --k (each move takes at most K times the last), e.g. --k 2"),
        (["solve", "bash", "5", "--max", "two"], "M (take 1 to M) must be a whole number; got 'two'"),
        (["solve", "mock-turtles", "HXT"], "H (heads) and T (tails)"),
        (["solve", "wythoff", "400,400", "401,2"], "for piles up to 300; got 400,400"),
        (["solve", "nim", "-5"], "a heap must be a whole number ≥ 0; got -5"),
        (["solve", "nim", "++5"], "a heap must be a whole number; got '++5'"),
        (["solve", "nim", "²"], "'²' has '²' in it: write numbers with the digits 0 to 9"),
        (["solve", "chess", "1"], "unknown game 'chess'"),
        (["solve", "nim"], "give at least one component of nim"),
        (["solve", "nim", "3", "--every"], "every-SG step counts are not available for nim"),
        (["solve", "subtraction", "5", "--set", "1,100000"], "an amount in S must be from 1 to 10,000; got 100,000"),
        (["solve", "k-multiple", "5", "--k", "1000000"], "K must be from 1 to 100,000; got 1,000,000"),
        (["solve", "k-multiple", "9" * 60, "--k", "100000"], "building the losing numbers for k = 100,000 up to a heap of 60 digits could take 20,100,202 steps"),
        (["solve", "bash", "5", "--max", "²"], "'²' has '²' in it: write numbers with the digits 0 to 9"),
        (["table", "circle", "--upto", "1000"], "--upto may be at most 500 for circle"),
        (["table", "nim", "--upto", "x"], "--upto must be a whole number; got 'x'"),
        (["table", "wythoff", "--upto", "1000"], "--upto may be at most 120"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("grundy: error: ") and message in err


def test_huge_bash_and_euclid_use_their_closed_forms() -> None:
    data = json.loads(run("solve", "bash", str(10**30), "--max", str(10**29), "--json")[1])
    assert data["sg"] == 10**30 % (10**29 + 1) and data["winning_moves"][0]["move"] == f"take {10**30 % (10**29 + 1)}"
    data = json.loads(run("solve", "euclid", f"{10**50},3", "--json")[1])
    assert data["outcome"] == "N" and data["sg"] is None
    x, y = map(int, data["winning_moves"][0]["becomes"][0].split(","))
    from grundy.games import euclid

    assert euclid.outcome(x, y) == "P"


def test_every_winning_move_is_listed_compactly() -> None:
    heaps = ["1"] * 2001  # XOR 1: emptying any heap wins
    data = json.loads(run("solve", "nim", *heaps, "--json")[1])
    assert len(data["winning_moves"]) == 2001
    assert data["winning_moves"][-1] == {"component": 2001, "move": "take 1", "becomes": ["0"]}


def test_a_finished_marbles_game_is_p() -> None:
    data = json.loads(run("solve", "marbles", "0,0", "3,4", "--json")[1])
    assert data["outcome"] == "P" and data["winning_moves"] == []


def test_every_sg_move_moves_in_every_unfinished_game() -> None:
    data = json.loads(run("solve", "euclid", "3,5", "2,7", "0,4", "--every", "--json")[1])
    assert data["outcome"] == "N"
    assert data["winning_moves"] == []  # every game moves at once: one winning turn
    turn = data["winning_turn"]
    assert [(m["component"], m["becomes"]) for m in turn] == [(1, ["2,3"]), (2, ["2,3"])]


def test_k_multiple_lists_every_winning_first_move() -> None:
    data = json.loads(run("solve", "k-multiple", "7", "--k", "1", "--json")[1])
    assert {m["move"] for m in data["winning_moves"]} == {"take 1", "take 3"}


def test_marbles_lists_the_moves_off_the_home_line_too() -> None:
    data = json.loads(run("solve", "marbles", "2,2", "--json")[1])
    assert sorted(m["becomes"][0] for m in data["winning_moves"]) == ["0,0", "1,2", "2,1"]


def test_misere_bash_closed_form_agrees_with_search() -> None:
    from grundy.games.core import misere_outcome
    from grundy.games.registry import family
    from grundy.games.solve import solve
    from grundy.games.takeaway import Bash, TakeAwayGame

    for m in range(1, 6):
        for n in range(0, 40):
            answer = solve(family("bash", {"m": str(m)}), [str(n)], misere=True)
            assert answer.outcome == misere_outcome(TakeAwayGame(Bash(m)), n)
            for move in answer.winning_moves:
                assert misere_outcome(TakeAwayGame(Bash(m)), int(move.becomes[0])) == "P"


def test_a_misere_search_too_large_says_so_in_one_line() -> None:
    code, out, err = run("solve", "bash", "90", "90", "90", "--max", "90", "--misere")
    assert code == 2 and err.count("\n") == 1 and "solved by search" in err
