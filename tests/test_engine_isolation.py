"""The engine is usable without the web layer: importing it pulls in no Flask, Jinja2 or Plotly."""
import subprocess
import sys


def test_importing_the_engine_imports_no_web_library() -> None:
    code = (
        "import importlib, pkgutil, sys, grundy.games\n"
        "for m in pkgutil.iter_modules(grundy.games.__path__): importlib.import_module('grundy.games.' + m.name)\n"
        "bad = sorted(m for m in ('flask', 'jinja2', 'plotly', 'markupsafe', 'werkzeug', 'click') if m in sys.modules)\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
