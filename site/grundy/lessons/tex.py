"""Math typeset on the server: the vendored KaTeX (static/vendor/katex/katex.min.js) run in an
embedded V8 (mini-racer). Lessons are typeset when they are rendered, so a browser receives HTML
and MathML — readable with JavaScript off, no typesetting flash, and no KaTeX script to download;
it needs only KaTeX's CSS and fonts.

One V8 context per process, behind a lock (a context is not safe to share between threads, and a
lesson renders in well under a second). A process made by fork does not use the V8 of its parent
(V8's threads do not survive a fork): it starts its own. Formulas repeat across lessons and across
the apps the tests create, so results are kept (:data:`CACHED` of them).
"""
from __future__ import annotations

import os
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

KATEX = Path(__file__).resolve().parents[3] / "static" / "vendor" / "katex" / "katex.min.js"
CACHED = 16_384  # formulas: the lessons hold about 2,000, each a few KB of HTML at most
# Options for KaTeX: fail on any error (a lesson's formula must be right), keep the MathML for
# screen readers next to the HTML for the eye, and allow \( … \)'s common text-mode commands.
OPTIONS = {"throwOnError": True, "output": "htmlAndMathml", "strict": "ignore"}


class TexError(ValueError):
    """A formula KaTeX cannot typeset; the message is KaTeX's own, ``tex`` the formula."""

    def __init__(self, message: str, tex: str) -> None:
        super().__init__(message)
        self.tex = tex


_LOCK = threading.Lock()
_ENGINE: tuple[int, Any] | None = None  # (the pid that made it, the MiniRacer)


def _engine() -> Any:
    global _ENGINE
    if _ENGINE is None or _ENGINE[0] != os.getpid():
        from py_mini_racer import MiniRacer

        racer = MiniRacer()
        racer.eval(KATEX.read_text(encoding="utf-8"))
        _ENGINE = (os.getpid(), racer)
    return _ENGINE[1]


@lru_cache(maxsize=CACHED)
def typeset(tex: str, display: bool = False) -> str:
    """The HTML (and MathML) KaTeX makes of ``tex``; TexError if it cannot."""
    from py_mini_racer import JSEvalException

    with _LOCK:
        try:
            html: str = _engine().call("katex.renderToString", tex, {**OPTIONS, "displayMode": display})
        except JSEvalException as error:
            raise TexError(_katex_message(str(error), tex), tex) from None
    return html


def _katex_message(raw: str, tex: str) -> str:
    """KaTeX's own message ("KaTeX parse error: …"), without V8's stack trace."""
    for line in raw.splitlines():
        if "ParseError" in line or "KaTeX" in line:
            return line.split("ParseError: ", 1)[-1].strip() + f" in \\({tex[:80]}\\)"
    return f"KaTeX could not typeset \\({tex[:80]}\\)"


__all__ = ["TexError", "typeset"]
