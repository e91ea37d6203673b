"""The command line: `grundy solve`, `grundy table` and `grundy serve` (also `python -m grundy`).

Every game, its notation and its rule options come from the family registry; this module only
reads options, calls the engine and words its answer (``grundy.words``).
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from grundy.games import GameError
from grundy.games.family import Family
from grundy.games.registry import FAMILIES, family
from grundy.games.solve import Solution, WinningMove, solve
from grundy.games.table import table as make_table
from grundy.numerals import typed
from grundy.words import describe

# Every rule option any family reads, with the families that read it: --max, --set, --k, …
RULE_OPTIONS: dict[str, list[tuple[str, str]]] = {}
for _kind in FAMILIES.values():
    for _key in _kind.rule_keys:
        RULE_OPTIONS.setdefault(_key.option, []).append((_kind.key, _key.help))


def _component_help() -> str:
    lines = ["\b", "Components, one per argument (several make a sum):"]
    for kind in FAMILIES.values():
        rule = "  ".join(f"{k.option} ({k.help})" for k in kind.rule_keys)
        lines.append(f"  {kind.key:<13} {kind.example:<10} {rule}".rstrip())
    lines += ["", "A rule option's value may be read from a file: --edges @graph.txt (@- reads standard input)."]
    lines += ["", "\b", "Outcomes use closed forms and accept integers of any size where one is known.",
              "SG values and moves that need a search are bounded, so every command stays fast;",
              "a position beyond a bound gets one line saying which bound. Every winning move",
              "is listed: which component, the move, and what the component becomes."]
    return "\n".join(lines)


def games_table() -> str:
    """The README's table of games, one row a family, made from the registry (a test keeps the
    README equal to it): how a component is written, and the options of its rule."""
    rows = ["| game | a component | rule |", "| --- | --- | --- |"]
    for kind in FAMILIES.values():
        rules = [f"`{k.option} {k.name.upper()}` ({'; '.join(filter(None, (k.help, k.more)))}"
                 f"{'' if k.default is None else f', default {k.default}'})" for k in kind.rule_keys]
        if kind.every_steps is not Family.every_steps:
            rules.append("`--every` for every-SG")
        cells = [f"`{kind.key}`", kind.notation.format(example=kind.example), ", ".join(rules)]
        rows.append("|" + "|".join(f" {c.replace('|', chr(92) + '|')} " if c else " " for c in cells) + "|")
    return "\n".join(rows)


def fail(message: str) -> NoReturn:
    """Bad input: one line on stderr, exit status 2."""
    click.echo(f"grundy: error: {message}", err=True)
    sys.exit(2)


def rule_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """One click option per rule option in the registry, gathered into ``rule`` (by option)."""
    for option, users in reversed(list(RULE_OPTIONS.items())):
        helps = "; ".join(f"{game}: {text}" for game, text in users)
        f = click.option(option, option.lstrip("-").replace("-", "_"), type=str, default=None, help=helps)(f)
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")(f)


def _family(game: str, given: dict[str, str | None]) -> Family[Any]:
    kind = FAMILIES.get(game)
    if kind is None:
        fail(f"unknown game {game!r}; choose one of {', '.join(FAMILIES)}")
    by_option = {k.option: k.name for k in kind.rule_keys}
    rule: dict[str, str] = {}
    for option, value in given.items():
        if value is None:
            continue
        if option not in by_option:
            fail(f"{option} does not apply to {game}")
        rule[by_option[option]] = value
    try:
        return family(game, rule)
    except GameError as error:
        fail(str(error))


# A rule option's value may be a file's text, written @PATH (@- is standard input): a graph of
# 10^5 moves is longer than one argument may be (Linux: 128 KiB). A larger file is refused unread.
MAX_RULE_FILE = 16 * 1024 * 1024  # bytes


def _read_value(value: str) -> str:
    if not value.startswith("@"):
        return value
    path = value[1:]
    try:
        if path == "-":
            text = sys.stdin.read(MAX_RULE_FILE + 1)
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read(MAX_RULE_FILE + 1)
    except (OSError, UnicodeDecodeError) as error:
        fail(f"cannot read {path}: {error}")
    if len(text) > MAX_RULE_FILE:
        fail(f"{path} is longer than {MAX_RULE_FILE:,} characters")
    return text


def _given(kwargs: dict[str, Any]) -> dict[str, str | None]:
    """The rule options given, each read as typed (grundy.numerals.typed: --max ３ is --max 3),
    from a file where the value is @PATH."""
    values = {option: kwargs.get(option.lstrip("-").replace("-", "_")) for option in RULE_OPTIONS}
    return {option: None if value is None else typed(_read_value(value)) for option, value in values.items()}


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Grundy: solve impartial games exactly, or serve the teaching site."""
    sys.set_int_max_str_digits(0)  # piles of any size are welcome


def _move_dict(m: WinningMove) -> dict[str, Any]:
    return {"component": m.component + 1, "move": describe(m.action), "becomes": list(m.becomes)}


def as_dict(s: Solution) -> dict[str, Any]:
    """The JSON shape of a solution (documented in the README)."""
    out: dict[str, Any] = {"game": s.game, **({"rule": s.rule} if s.rule else {}), "position": s.position,
                           "outcome": s.outcome, "sg": s.sg,
                           "winning_moves": [_move_dict(m) for m in s.winning_moves]}
    if s.component_sg is not None:
        out["component_sg"] = s.component_sg
    if s.misere:
        out["misere"] = True
    if s.drawing_moves is not None:
        out["drawing_moves"] = [_move_dict(m) for m in s.drawing_moves]
    if s.steps is not None:
        out.update(every=True, steps=s.steps, winning_turn=[_move_dict(m) for m in s.every_turn or []])
    if s.note:
        out["note"] = s.note
    return out


WHO = {"N": "the player to move wins", "P": "the player to move loses",
       "D": "a draw: neither player can force a win, and with best play the game never ends"}


def _line(m: WinningMove, count: int) -> str:
    where = f"component {m.component + 1}: " if count > 1 else ""
    return f"  {where}{describe(m.action)} → {' '.join(m.becomes) or '(nothing left)'}"


# Components such as "-5" must reach our own parser (one clear line), not click's option parser.
@main.command(epilog=_component_help(), context_settings={"ignore_unknown_options": True})
@click.argument("game", metavar="GAME")
@click.argument("components", nargs=-1)
@rule_options
@click.option("--every", is_flag=True, help="Every-SG (euclid): every game moves each turn; the last to finish decides.")
@click.option("--misere", is_flag=True, help="Misère play: the player who makes the last move loses.")
def solve_command(game: str, components: tuple[str, ...], as_json: bool, every: bool, misere: bool,
                  **rule: str | None) -> None:
    """Who wins from a position, and every winning move."""
    fam = _family(game, _given(rule))
    components = tuple(typed(c) for c in components)  # as typed: ３，５ is 3,5
    if not components:
        fail(f"give at least one component of {game}, e.g. `grundy solve {game} {fam.example}` (see --help)")
    try:
        solution = solve(fam, list(components), misere=misere, every=every)
    except GameError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(as_dict(solution)))
        return
    value = "" if solution.sg is None else f" (SG {solution.sg})"
    who = WHO[solution.outcome]
    click.echo(f"{game} {' '.join(solution.position)}: {solution.outcome}{value}: {who}")
    if solution.misere:
        click.echo("  misère play: the player who makes the last move loses")
    if solution.component_sg is not None:
        click.echo(f"  component SG values: {', '.join('none' if g is None else str(g) for g in solution.component_sg)}")
    if solution.steps is not None:
        click.echo(f"  step counts: {', '.join(map(str, solution.steps)) or 'none (no game is left to move in)'}")
    if solution.note:
        click.echo(f"  {solution.note}")
    count = len(solution.position)
    if solution.every_turn:
        click.echo("the winning turn (a move in every unfinished game):")
        for m in solution.every_turn:
            click.echo(_line(m, count))
    if solution.winning_moves:
        click.echo("winning moves:")
        for m in solution.winning_moves:
            click.echo(_line(m, count))
    if solution.drawing_moves:
        click.echo("moves that keep the draw (any other loses):")
        for m in solution.drawing_moves:
            click.echo(_line(m, count))


solve_command.name = "solve"


@main.command()
@click.argument("game", metavar="GAME")
@click.option("--upto", required=True, type=str, help="The largest component (pair games: the largest coordinate).")
@rule_options
def table(game: str, upto: str, as_json: bool, **rule: str | None) -> None:
    """SG values of single components 0..N (a matrix for pair games)."""
    fam = _family(game, _given(rule))
    from grundy.games.family import number

    try:
        result = make_table(fam, number(typed(upto), "--upto"))
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
