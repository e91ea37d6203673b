"""A live-class question's rule, and the question lists an instructor prepares, without Flask.

A rule is given in the command line's option names (``grundy solve --set 1,3,4``, ``--max 3``,
``--k 2``, ``--code .07``, ``--misere``), read through the practice game's spec (its rule keys,
its defaults and bounds, its fixed keys), and kept as text in one normal form, "set=1,3,4",
"max=3", "misere", so the console, the screen, the phones and the CSV all state the same rule
(:func:`rule_of`). No game is named here: the options come from the family registry's
:class:`~grundy.games.family.RuleKey` s, and misère play is the spec of the same family that
says ``misere``.

A **plan** is a list of questions typed before the lecture, one a line::

    wythoff 7,6
    subtraction set=1,3,4 10
    nim misere 1 2 3
    kayles level=2          # no position: drawn, as the quiz draws a level-2 question
    nim kind=sg 3 5         # the kind of question (kinds.py): outcome (the usual), sg, move

A line is a game, then options (``name=value``, or ``misere``), then the position (the rest);
``#`` starts a note. :func:`plan_lines` reads a plan into :class:`Planned` lines, each checked
when it is posed.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grundy.games.core import GameError
from grundy.games.registry import FAMILIES
from grundy.i18n import _
from grundy.marks import quoted
from grundy.practice.arena import Arena
from grundy.practice.games import IN_CLASS
from grundy.practice.games.spec import GameSpec
from grundy.web.classroom.store import MAX_MOVE, MAX_PLAN, MAX_PLAN_LINES, MAX_RULE

MISERE = "misere"  # the command line's flag --misere, and the word a rule's text uses for it
LEVEL = "level"  # a plan line's level for a drawn question
KIND = "kind"  # a plan line's kind of question (grundy.web.classroom.kinds), "outcome" if none


def options(spec: GameSpec) -> dict[str, str]:
    """The command line's option names for the rule keys of ``spec``'s family: {"max": "m"} for Bash."""
    return {key.option.removeprefix("--"): key.name for key in FAMILIES[spec.family].rule_keys}


# Every option some game's rule takes, in the registry's order: the console's rule fields.
RULE_OPTIONS: tuple[str, ...] = tuple(dict.fromkeys(option for spec in IN_CLASS.values() for option in options(spec)))


def rule_of(arena: Arena) -> str:
    """The arena's rule as text, in the command line's option names: "set=1,3,4", "max=3 misere"."""
    names = {name: option for option, name in options(arena.spec).items()}
    parts = [f"{names.get(key, key)}={value}" for key, value in arena.rule_query().items()]
    return " ".join(parts + ([MISERE] if arena.misere else []))


def rule_items(text: str) -> dict[str, str]:
    """A rule's text read back into options: "set=1,3,4 misere" → {"set": "1,3,4", "misere": "1"}."""
    given: dict[str, str] = {}
    for word in text.split():
        option, _eq, value = word.partition("=")
        given[option.lower().removeprefix("--")] = value if _eq else "1"
    return given


def _variant(spec: GameSpec, misere: bool) -> GameSpec:
    """The spec of the same family in normal or misère play (misère Nim for Nim and --misere)."""
    if spec.misere == misere:
        return spec
    found = next((s for s in IN_CLASS.values() if s.family == spec.family and s.misere == misere and not s.fixed_rule), None)
    if found is None:
        raise GameError(_("%(game)s is not played misère here", game=_(spec.title)), "no-misere")
    return found


def arena_for(game: str, given: Mapping[str, str]) -> Arena:
    """The arena of practice game ``game`` under the rule ``given`` in option names (missing keys
    take the game's usual rule, the one /play opens with); a GameError says what does not apply."""
    if game not in IN_CLASS:
        raise GameError(_("there is no quiz for %(game)s; choose one of %(games)s", game=quoted(game, 30), games=", ".join(IN_CLASS)),
                        "unknown-game")
    given = {k: v.strip() for k, v in given.items() if v.strip()}
    if len(" ".join(f"{k}={v}" for k, v in given.items())) > MAX_RULE:
        raise GameError(_("a rule is at most %(most)s characters long", most=MAX_RULE), "rule-too-long", most=MAX_RULE)
    misere = given.pop(MISERE, "0") not in ("0", "no", "off", "false")
    spec = _variant(IN_CLASS[game], misere or IN_CLASS[game].misere)
    by_option = options(spec)
    args: dict[str, str] = {}
    for option, value in given.items():
        if option not in by_option:
            choices = ", ".join(by_option) or _("none")
            raise GameError(_("%(option)s does not apply to %(game)s (its rule options: %(choices)s)", option=quoted(option, 20),
                              game=_(spec.title), choices=choices), "not-an-option")
        key = by_option[option]
        if key in spec.fixed_rule and value != spec.fixed_rule[key]:
            raise GameError(_("%(game)s is played with %(option)s=%(value)s only", game=_(spec.title), option=option,
                              value=spec.fixed_rule[key]), "fixed-rule")
        args[key] = value
    return spec.arena(args)


@dataclass(frozen=True, slots=True)
class Planned:
    """One line of a plan: its number (1-based), the game, the rule's options, the level and the
    position as typed ("" to draw one). What is wrong with it is found when it is posed."""

    line: int
    text: str
    game: str
    rule: dict[str, str]
    level: str
    position: str
    kind: str = "outcome"


def plan_text(text: str) -> str:
    """A plan as kept: at most MAX_PLAN characters and MAX_PLAN_LINES lines, each trimmed, and
    no line longer than a position may be (what is cut is cut whole)."""
    lines = [line.strip()[: MAX_MOVE + 100] for line in text[:MAX_PLAN].splitlines()]
    return "\n".join(lines[:MAX_PLAN_LINES]).strip()


def plan_lines(text: str) -> list[Planned]:
    """The questions of a plan, in order (notes and empty lines skipped)."""
    planned = []
    for number, raw in enumerate(plan_text(text).splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        game, rest = words[0].lower(), words[1:]
        rule: dict[str, str] = {}
        level, kind = "1", "outcome"
        while rest and ("=" in rest[0] or rest[0].lower().removeprefix("--") == MISERE):
            option, _eq, value = rest.pop(0).partition("=")
            option = option.lower().removeprefix("--")
            if option == LEVEL:
                level = value
            elif option == KIND:
                kind = value.lower()
            else:
                rule[option] = value if _eq else "1"
        planned.append(Planned(number, line, game, rule, level, " ".join(rest), kind))
    return planned


__all__ = ["KIND", "LEVEL", "MISERE", "RULE_OPTIONS", "Planned", "arena_for", "options", "plan_lines", "plan_text", "rule_items",
           "rule_of"]
