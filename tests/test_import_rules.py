"""Arrows point down (issue 26): nothing below the web layer imports ``grundy.web``, so the engine,
the words, the widgets, practice and the lessons work without the routes, and the request's
language is found in ``grundy.i18n``, not in the web layer. Read from the source with ``ast``, so
an import inside a function counts too."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "site" / "grundy"
# Above the web layer, or its entry points: the app factory's function imports the web layer to
# build the app, and the server's settings wrap it.
ALLOWED = {PACKAGE / "serve.py": None, PACKAGE / "__init__.py": "create_app"}


def imports(tree: ast.AST) -> list[tuple[ast.AST, str]]:
    """(node, module) for every import in ``tree``, relative imports made absolute is not needed:
    the package uses absolute imports only (checked below)."""
    found: list[tuple[ast.AST, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"line {node.lineno}: a relative import"
            module = node.module or ""
            found.append((node, module))
            found += [(node, f"{module}.{alias.name}") for alias in node.names if module == "grundy"]
    return found


def in_function(tree: ast.AST, node: ast.AST, name: str) -> bool:
    """Whether ``node`` lies inside the function ``name``."""
    return any(isinstance(f, ast.FunctionDef) and f.name == name and node in list(ast.walk(f)) for f in ast.walk(tree))


def web_imports_below_the_web_layer() -> list[str]:
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if (PACKAGE / "web") in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, module in imports(tree):
            if module != "grundy.web" and not module.startswith("grundy.web."):
                continue
            if path in ALLOWED:
                function = ALLOWED[path]
                if function is None or in_function(tree, node, function):
                    continue
            bad.append(f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', '?')} imports {module}")
    return bad


def test_nothing_below_the_web_layer_imports_it() -> None:
    assert web_imports_below_the_web_layer() == []


def test_the_rule_catches_an_import_up(tmp_path: Path) -> None:
    """The check sees a plain import, a from-import and one hidden inside a function."""
    for source in ("import grundy.web.language\n", "from grundy.web import practice\n", "from grundy import web\n",
                   "def f():\n    from grundy.web.language import current\n"):
        tree = ast.parse(source)
        assert any(m == "grundy.web" or m.startswith("grundy.web.") for _node, m in imports(tree)), source


def test_the_language_is_found_in_one_place() -> None:
    """Only grundy.i18n reads the language from the request (its environ key, Flask-Babel's
    locale); the web layer's middleware writes it there."""
    readers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name == "i18n.py" and path.parent == PACKAGE:
            continue
        if "get_locale" in text or "environ.get(ENVIRON_KEY" in text or 'environ.get("grundy.language"' in text:
            readers.append(str(path.relative_to(PACKAGE)))
    assert readers == []
