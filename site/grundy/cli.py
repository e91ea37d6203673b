"""The command line: `grundy solve`, `grundy table` and `grundy serve` (also `python -m grundy`)."""
from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from grundy.games import GameError
from grundy.games.solve import FAMILIES, Options, solve
from grundy.games.table import table as make_table

GAMES = list(FAMILIES)
COMPONENT_HELP = """\b
Components, one per argument (several make a sum):
  bash          heap size              --max M  (take 1..M)
  subtraction   heap size              --set 1,3,4 | powers-of-two | fibonacci
  nim           heap size
  wythoff       a,b
  kiki          board n,m (coin at the top-right corner)
  marbles       marble r,c
  bomb          bomb p,q (1-based)
  euclid        a,b                    --every (every-SG over all components)
  circle        ring size              --max K  (take 1..K adjacent, default 2)
  staircase     the staircase c1,c2,…,cn (coins on steps 1..n)
  k-multiple    heap size              --k K
  mock-turtles  a row of coins such as THHTH

\b
Outcomes use closed forms and accept integers of any size where one is
known (nim, bash, subtraction with a period, wythoff, kiki, euclid, circle,
staircase, k-multiple, mock-turtles). SG values and moves that need a
search are bounded so every command stays fast: wythoff piles ≤ 100,
kiki boards ≤ 300, euclid piles ≤ 1000, marbles ≤ 100, bombs ≤ 60,
k-multiple heaps ≤ 150 (to list every move), rings with coins × K ≤ 20,000,
mock-turtles rows ≤ 60 (to list moves), misère search ≤ 30,000 positions.
At most 1000 winning moves are listed; winning_moves_total counts them all."""


def fail(message: str) -> NoReturn:
    """Bad input: one line on stderr, exit status 2."""
    click.echo(f"grundy: error: {message}", err=True)
    sys.exit(2)


def rule_options(f: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed(
        [
            click.option("--max", "max_", type=str, default=None, help="Bash: take 1..M; circle: take 1..K adjacent."),
            click.option("--set", "set_", type=str, default=None, help="Subtraction set: 1,3,4 or powers-of-two or fibonacci."),
            click.option("--k", "k", type=str, default=None, help="k-multiple: each move at most K times the last."),
            click.option("--json", "as_json", is_flag=True, help="Print one JSON object."),
        ]
    ):
        f = option(f)
    return f


def _options(max_: str | None, set_: str | None, k: str | None, every: bool = False) -> Options:
    def number(raw: str | None, name: str) -> int | None:
        if raw is None:
            return None
        if not re.fullmatch(r"\+?[0-9]+", raw.strip()):
            fail(f"{name} must be a whole number; got {raw!r}")
        return int(raw)

    return Options(max=number(max_, "--max"), set=set_, k=number(k, "--k"), every=every)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Grundy: solve impartial games exactly, or serve the teaching site."""
    sys.set_int_max_str_digits(0)  # piles of any size are welcome


def _game(game: str) -> str:
    if game not in GAMES:
        fail(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return game


# Components such as "-5" must reach our own parser (one clear line), not click's option parser.
@main.command(epilog=COMPONENT_HELP, context_settings={"ignore_unknown_options": True})
@click.argument("game", metavar="GAME")
@click.argument("components", nargs=-1)
@rule_options
@click.option("--every", is_flag=True, help="euclid: every-SG (all games move each turn; the last to finish decides).")
@click.option("--misere", is_flag=True, help="Misère play: the player who makes the last move loses.")
def solve_command(game: str, components: tuple[str, ...], max_: str | None, set_: str | None, k: str | None,
                  as_json: bool, every: bool, misere: bool) -> None:
    """Who wins from a position, and every winning move."""
    _game(game)
    if not components:
        fail(f"give at least one component of {game}, e.g. `grundy solve {game} …` (see --help)")
    if every and game != "euclid":
        fail("--every applies to euclid only")
    if every and misere:
        fail("--every and --misere cannot be combined")
    try:
        solution = solve(game, list(components), _options(max_, set_, k, every), misere=misere)
    except GameError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(solution.as_dict()))
        return
    value = "" if solution.sg is None else f" (SG {solution.sg})"
    who = "the player to move wins" if solution.outcome == "N" else "the player to move loses"
    click.echo(f"{game} {' '.join(solution.position)}: {solution.outcome}{value}: {who}")
    for key, val in solution.extra.items():
        shown = ", ".join(map(str, val)) if isinstance(val, list) else "yes" if val is True else val
        click.echo(f"  {key.replace('_', ' ')}: {shown}")
    if solution.winning_moves:
        total = solution.extra.get("winning_moves_total")
        click.echo("winning moves:" if total is None else f"winning moves (the first {len(solution.winning_moves)} of {total}):")
        for m in solution.winning_moves:
            click.echo(f"  {m.description} → {' '.join(m.position) or '(nothing left)'}")


solve_command.name = "solve"


@main.command()
@click.argument("game", metavar="GAME")
@click.option("--upto", required=True, type=str, help="The largest component (pair games: the largest coordinate).")
@rule_options
def table(game: str, upto: str, max_: str | None, set_: str | None, k: str | None, as_json: bool) -> None:
    """SG values of single components 0..N (a matrix for pair games)."""
    _game(game)
    if not re.fullmatch(r"[0-9]+", upto.strip()):
        fail(f"--upto must be a whole number; got {upto!r}")
    try:
        result = make_table(game, int(upto), _options(max_, set_, k))
    except GameError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(result))
        return
    if "matrix" in result:
        width = len(result["matrix"])
        click.echo("    " + " ".join(f"{c:>3}" for c in range(width)))  # column numbers
        for r, row in enumerate(result["matrix"]):
            click.echo(f"{r:>3} " + " ".join(f"{'.' if v is None else v:>3}" for v in row))
    else:
        click.echo(" ".join("." if v is None else str(v) for v in result["sg"]))
    if result.get("period"):
        p = result["period"]
        click.echo(f"preperiod {p['preperiod']}, period {p['length']}")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
def serve(host: str, port: int) -> None:
    """Run the development server (use `make run` for gunicorn)."""
    from grundy import create_app

    create_app().run(host=host, port=port, debug=True)


if __name__ == "__main__":
    main()
