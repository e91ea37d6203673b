"""English left on a Chinese page: the words a reader of /zh/ would meet untranslated.

What is read: the text a reader sees, and the attributes a reader meets (``title``,
``aria-label``, ``placeholder``, ``alt``, a button's ``value``). What is skipped, because it is
not interface text: code (``code``, ``pre``, ``kbd``, ``samp``), typeset math (KaTeX's spans),
scripts and styles, Plotly's figure data, and anything marked ``lang="en"`` (a judge problem's
English title, a lesson standing in English) or ``translate="no"``.

A word counts as English when it is three or more Latin letters and not a name or notation the
Chinese text keeps (``NAMES``): Nim, Wythoff, mex, SG, HDU… Single letters and two-letter
symbols (n, m, S, P, N, id) are notation.

Run it on a page to see what is left: ``python -m tests.english /zh/lessons/nim``.
"""
from __future__ import annotations

import re
import sys
from html.parser import HTMLParser

# Names (of games, people in judge statements, judges), notation and words Chinese competitive
# programmers write in Latin letters.
NAMES = frozenset("""
nim bash wythoff fibonacci sprague grundy beatty zeckendorf bouton conway kiki euclid moore
every kayles dawson twins mock turtles lasker ruler
alice bob georgia john jack stan ollie lele yueyue cici willem roy october
cookie
mex sg xor max min mod gcd lcm sum and or not anti
hdu poj zoj luogu bzoj codeforces atcoder cses gym spoj shoi hnoi zjoi sdoi haoi gzoi snoi sbcoi oi wiki oi-wiki acm icpc noi noip cet icg
python cpp java
html json csv url
""".split())
SKIPPED_TAGS = frozenset({"script", "style", "code", "pre", "kbd", "samp", "svg", "math", "template"})
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


def is_english(word: str) -> bool:
    bare = word.strip("'’").lower()
    return len(bare) >= 3 and bare not in NAMES


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)
        self.found: list[str] = []

    @property
    def skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        skipped = (
            self.skipping
            or tag in SKIPPED_TAGS
            or a.get("lang", "").startswith("en")
            or a.get("translate") == "no"
            or "katex" in a.get("class", "").split()
            or "katex-display" in a.get("class", "").split()
            or "js-plotly-plot" in a.get("class", "").split()
        )
        if not skipped:
            shown = [a[name] for name in READ_ATTRIBUTES if a.get(name)]
            if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
                shown.append(a["value"])
            for text in shown:
                self._read(text, f"<{tag} attribute>")
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        # Pop to the matching tag (HTML lets some end tags be left out).
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self._read(data, "")

    def _read(self, text: str, where: str) -> None:
        words = [w for w in WORD.findall(text) if is_english(w)]
        if words:
            self.found.append(f"{where}{' '.join(text.split())[:160]}")


def english_left(html: str) -> list[str]:
    """The pieces of a page's visible text (and read attributes) holding an English word."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.found


def _main(paths: list[str]) -> None:
    from grundy import create_app

    client = create_app({"TESTING": True}).test_client()
    for path in paths:
        response = client.get(path)
        left = english_left(response.get_data(as_text=True))
        print(f"{path} ({response.status_code}): {len(left)} pieces with English")
        for piece in left:
            print("   ", piece)


if __name__ == "__main__":
    _main(sys.argv[1:])
