"""The engine: the mathematics of impartial games, free of any web or template code.

Nothing in this package imports Flask, Jinja2 or Plotly; it can be used from a notebook, the
command line or a test on its own.
"""
from __future__ import annotations

from grundy.games.core import GameError, mex

__all__ = ["GameError", "mex"]
