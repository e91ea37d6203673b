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
        "winning_moves": [{"move": "take 12 from heap 3", "position": ["14", "21", "27"]}],
    }


def test_every_sg_reports_its_step_counts() -> None:
    data = json.loads(run("solve", "euclid", "3,5", "1,1", "--every", "--json")[1])
    assert data["steps"] == [3, 1] and data["outcome"] == "N" and data["sg"] is None


def test_a_sum_of_mixed_positions_has_moves_in_each_component() -> None:
    data = json.loads(run("solve", "subtraction", "10", "11", "--set", "1,3,4", "--json")[1])
    assert data["sg"] == 3 and data["component_sg"] == [1, 2]
    assert {m["move"] for m in data["winning_moves"]} == {
        "take 4 in component 1", "take 1 in component 2", "take 3 in component 2"}


def test_ten_thousand_digit_wythoff_piles() -> None:
    k = 10**9999 + 7
    a, b = wythoff.p_position(k)
    data = json.loads(run("solve", "wythoff", f"{a},{b + 1}", "--json")[1])
    assert data["outcome"] == "N" and data["sg"] is None  # the outcome is exact; SG is out of reach
    assert any(m["position"] == [f"{a},{b}"] for m in data["winning_moves"])


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
        (["solve", "bash", "5"], "needs --max M"),
        (["solve", "subtraction", "5", "--set", "1,,2"], "--set has an empty item in '1,,2'"),
        (["solve", "wythoff", "1,2,3"], "two numbers with a comma, like 3,5; got '1,2,3'"),
        (["solve", "bomb", "0,3"], "a bomb p,q must be at least 1; got '0'"),
        (["solve", "marbles", "0,0"], "already home"),
        (["solve", "k-multiple", "5"], "needs --k K"),
        (["solve", "bash", "5", "--max", "two"], "--max must be a whole number; got 'two'"),
        (["solve", "mock-turtles", "HXT"], "H (heads) and T (tails)"),
        (["solve", "wythoff", "400,400", "401,2"], "up to piles of 300"),
        (["table", "nim", "--upto", "x"], "--upto must be a whole number; got 'x'"),
        (["table", "wythoff", "--upto", "1000"], "--upto may be at most 120"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("grundy: error: ") and message in err


def test_unknown_game_is_a_usage_error() -> None:
    assert run("solve", "chess", "1")[0] == 2
