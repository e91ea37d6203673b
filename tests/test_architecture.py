"""The rooms of site/grundy and what each may import (docs/architecture.md, "Rooms"): arrows
point down only, and Flask stays above the engine. Read from the source with ast, so a new
module is checked the day it is written."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "site" / "grundy"

# Each room, lowest first, and the rooms below it that it may import (its own room always).
FOUNDATIONS = {"grundy.marks", "grundy.numerals", "grundy.cache"}
ALLOWED: dict[str, set[str]] = {
    **{room: FOUNDATIONS for room in FOUNDATIONS},
    "grundy.games": FOUNDATIONS,
    "grundy.i18n": FOUNDATIONS,
    "grundy.words": FOUNDATIONS | {"grundy.games", "grundy.i18n"},
    "grundy.plots": FOUNDATIONS | {"grundy.games", "grundy.i18n"},
    "grundy.lessons": FOUNDATIONS | {"grundy.i18n"},
    "grundy.widgets": FOUNDATIONS | {"grundy.games", "grundy.i18n", "grundy.words", "grundy.plots"},
    "grundy.practice": FOUNDATIONS | {"grundy.games", "grundy.i18n", "grundy.words"},
}
BELOW_WEB = set(ALLOWED)
ALLOWED["grundy.web"] = BELOW_WEB
# The doors: the app factory, the server's settings, the command line. They may import any room.
DOORS = {"grundy", "grundy.serve", "grundy.cli", "grundy.__main__"}
# Rooms that must never import Flask (or Werkzeug): usable from a notebook or the command line.
NO_FLASK = {"grundy.games", "grundy.words", "grundy.plots", "grundy.widgets", "grundy.cache", "grundy.marks",
            "grundy.numerals"}


def _room(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2])


def _module(path: Path) -> str:
    name = ".".join(("grundy", *path.relative_to(PACKAGE).with_suffix("").parts))
    return name.removesuffix(".__init__")


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every absolute import in the file, nested ones included; ``from
    grundy import x`` names ``grundy.x``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "grundy":
                found += [(node.lineno, f"grundy.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, node.module))
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_is_in_a_room() -> None:
    rooms = {_room(_module(p)) for p in MODULES} - DOORS
    assert rooms <= set(ALLOWED), rooms - set(ALLOWED)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path: Path) -> None:
    module = _module(path)
    room = _room(module)
    if module in DOORS:
        return
    wrong = []
    for line, target in _imports(path):
        if target.split(".")[0] in ("flask", "werkzeug", "flask_babel") and room in NO_FLASK:
            wrong.append(f"{path.name}:{line} imports {target}")
        if target.startswith("grundy") and _room(target) != room and _room(target) not in ALLOWED[room]:
            wrong.append(f"{path.name}:{line} imports {target} ({room} may import {sorted(ALLOWED[room])})")
    assert wrong == []


def test_the_rule_sees_a_wrong_import(tmp_path: Path) -> None:
    """The check reads what it should: an engine module importing the web, nested in a function."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from grundy.web import widgets\n    import flask\n", encoding="utf-8")
    assert _imports(bad) == [(2, "grundy.web"), (3, "flask")]


LONGEST = 450  # lines: a module longer than this does more than one job (docs/architecture.md)


def test_no_module_is_longer_than_a_job() -> None:
    long = {str(p.relative_to(PACKAGE)): n for p in MODULES if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST}
    assert long == {}
