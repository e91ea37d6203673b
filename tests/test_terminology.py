"""The course's Chinese terminology (issue 27): the words a Chinese competitive programmer uses,
chosen once in content/glossary.yaml, and no calque anywhere a Chinese reader looks.

The table is the glossary's (each term's ``avoid_zh``, the ``usage`` rules' ``avoid_zh`` and
``avoid_zh_pattern``), read through grundy.lessons.glossary.terminology: there is no second list
here. Each test fails with the file, the line, the words around the calque and the word to write
instead. What is read:

- the Chinese lessons (content/zh/*.md, code comments included), their lines joined within a
  paragraph so a word broken across two lines is still found;
- every msgstr of the Chinese catalogues (site/grundy/translations/zh/LC_MESSAGES/*.po);
- the glossary's own Chinese (its ``zh`` and ``means_zh``; ``also_zh`` may name another name once);
- the text of the rendered Chinese pages that are not lessons (course map, problems, glossary,
  quiz, play, every widget and projection), where a template or a data file could say it.

And a player in general is 先手 / 后手 / 对手 / 这一方, never 她 or 他: a pronoun is only for a player
the paragraph (or the message) names (the usage rule's ``named``).
"""
from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask import Flask

from grundy.lessons.glossary import Avoided, terminology, usage

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "content" / "glossary.yaml"
LESSONS = sorted((ROOT / "content" / "zh").glob("*.md"))
CATALOGUES = sorted((ROOT / "site" / "grundy" / "translations" / "zh" / "LC_MESSAGES").glob("*.po"))
AVOIDED = terminology(GLOSSARY)
PLAYERS = next(u for u in usage(GLOSSARY) if u.pronouns)
# 其他, 他们, 她们, 他人 are not a player
PRONOUN = re.compile(rf"(?<!其)(?:{'|'.join(map(re.escape, PLAYERS.pronouns))})(?![们人])")
NAMED = re.compile(rf"(?<![A-Za-z])(?:{'|'.join(map(re.escape, PLAYERS.named))})(?![A-Za-z])")


@dataclass
class Text:
    """Text read from a file, each character's line kept (a paragraph, or a message, joined)."""
    where: str
    chars: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)

    def add(self, piece: str, line: int) -> None:
        if self.chars and piece and _alnum(self.chars[-1]) and _alnum(piece[0]):
            self.chars.append(" ")  # two Latin words on two lines stay two words
            self.lines.append(line)
        self.chars += piece
        self.lines += [line] * len(piece)

    @property
    def text(self) -> str:
        return "".join(self.chars)

    def at(self, start: int, end: int) -> str:
        """Where a match is, and the words around it."""
        text = self.text
        line = f":{self.lines[start]}" if self.lines[start] else ""  # a rendered page has no lines
        return f"{self.where}{line}: “{text[max(0, start - 14):end + 14]}”"


def _alnum(c: str) -> bool:
    return c.isascii() and c.isalnum()


def lesson_paragraphs(path: Path) -> Iterator[Text]:
    """A lesson's paragraphs (blocks between blank lines), lines joined as Markdown joins them."""
    where = str(path.relative_to(ROOT))
    paragraph = Text(where)
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            paragraph.add(line.strip(), number)
        elif paragraph.chars:
            yield paragraph
            paragraph = Text(where)
    if paragraph.chars:
        yield paragraph


def catalogue_messages(path: Path) -> Iterator[Text]:
    """Every msgstr of a .po file (its continuation lines joined), the header left out."""
    where = str(path.relative_to(ROOT))
    message: Text | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("msgstr"):
            message = Text(where)
            line = line.split(" ", 1)[1]
        elif not line.startswith('"'):
            if message is not None and message.chars:
                yield message
            message = None
            continue
        if message is not None:
            message.add(ast.literal_eval(line), number)
    if message is not None and message.chars:
        yield message


def glossary_chinese() -> Iterator[Text]:
    """The glossary's Chinese as the pages show it: each ``zh`` and ``means_zh`` line (``also_zh``
    names another name on purpose, and ``avoid_zh`` is the table itself)."""
    for number, line in enumerate(GLOSSARY.read_text(encoding="utf-8").splitlines(), start=1):
        found = re.match(r"\s*-?\s*(?:zh|means_zh):\s*(.*)", line)
        if found:
            text = Text(str(GLOSSARY.relative_to(ROOT)))
            text.add(found.group(1), number)
            yield text


def calques(texts: Iterator[Text], avoided: list[Avoided] = AVOIDED) -> list[str]:
    """Each calque once: 必胜着法 is said, not also the 着法 inside it."""
    found = []
    for t in texts:
        hits = [(m.start(), m.end(), m.group(), a) for a in avoided for m in a.pattern.finditer(t.text)]
        found += [f"{t.at(start, end)} uses {form!r}: write {a.use} ({a.about})"
                  for start, end, form, a in sorted(hits, key=lambda h: h[:2])
                  if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _, _ in hits)]
    return found


def generic_pronouns(texts: Iterator[Text]) -> list[str]:
    found = []
    for t in texts:
        text = t.text
        for m in PRONOUN.finditer(text):
            if not NAMED.search(text, 0, m.start()):
                found.append(f"{t.at(m.start(), m.end())} says {m.group()} of a player in general: write {PLAYERS.zh}")
    return found


def report(found: list[str]) -> str:
    return f"{len(found)} found:\n" + "\n".join(found)


# --- the table ----------------------------------------------------------------------------------

def test_the_table_is_read_from_the_glossary() -> None:
    """The calques the issue names are in the table, each with the word to write instead; and the
    checks below find a calque, a broken one and a generic 她, and leave a named player's alone."""
    table = {a.pattern.pattern: a.use for a in AVOIDED}
    for calque, use in (("该走的人", "先手"), ("必胜着法", "必胜走法"), ("游戏图", "博弈图"), ("最小排除值", "mex 运算（mex 函数）"),
                        ("斐波那契尼姆", "斐波那契博弈"), ("反常尼姆", "反 Nim 游戏"), ("恶毒数", "二进制中有奇数个 1 的数 / 有偶数个 1 的数"),
                        ("二的幂", "2 的幂"), ("必败点", "必败态（P 局面）")):
        assert table[re.escape(calque)] == use, calque
    assert not any(a.pattern.search(a.use) for a in AVOIDED)  # no chosen word is itself refused

    def text(*lines: str) -> Iterator[Text]:
        t = Text("x.md")
        for number, line in enumerate(lines, start=1):
            t.add(line, number)
        yield t

    assert calques(text("轮到该走", "的人时")) == ["x.md:1: “轮到该走的人时” uses '该走的人': write 先手 (player to move)"]
    assert len(calques(text("拿走 3 个硬币"))) == 1 and calques(text("拿走 3 枚硬币，这个硬币游戏")) == []
    assert len(generic_pronouns(text("先手拿 1 枚，她就赢了。"))) == 1
    assert generic_pronouns(text("Alice 先手，", "所以她赢；其他人和他们都输。")) == []


# --- where a Chinese reader looks ---------------------------------------------------------------

# Each source of Chinese text (a lesson, a catalogue, the glossary), read for both checks: the
# calques the table refuses, and a player called 她 or 他 in general.
SOURCES: list[tuple[str, Callable[[], Iterator[Text]]]] = [
    *((f"lesson-{p.name}", partial(lesson_paragraphs, p)) for p in LESSONS),
    *((f"catalogue-{p.name}", partial(catalogue_messages, p)) for p in CATALOGUES),
    ("glossary", glossary_chinese),
]


@pytest.mark.parametrize("check", [calques, generic_pronouns], ids=["words", "pronouns"])
@pytest.mark.parametrize("read", [read for _, read in SOURCES], ids=[name for name, _ in SOURCES])
def test_chinese_text_uses_the_community_s_words(read: Callable[[], Iterator[Text]],
                                                  check: Callable[[Iterator[Text]], list[str]]) -> None:
    found = check(read())
    assert not found, report(found)


class _Visible(HTMLParser):
    """A page's text and its read attributes (a link's title carries a glossary definition)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skipping += 1
        self.parts += [v for k, v in attrs if k in ("title", "aria-label", "placeholder", "alt", "value") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def test_the_rendered_chinese_pages_use_the_community_s_words(app: Flask) -> None:
    """The pages a template or a data file words (the lessons are read at their source above; the
    summary is their "What you learned")."""
    from grundy.practice.games import SPECS
    from grundy.web.widgets import PRESENTABLE
    from grundy.widgets import WIDGETS

    client = app.test_client()
    paths = ["/zh/", "/zh/problems", "/zh/glossary", "/zh/quiz", "/zh/play", "/zh/present/",
             *(f"/zh/w/{name}" for name in WIDGETS), *(f"/zh/present/{name}" for name in PRESENTABLE),
             *(f"/zh/quiz/q?game={game}&level=1&seed=7" for game in SPECS), *(f"/zh/play/{game}" for game in SPECS)]
    texts = []
    for path in paths:
        response = client.get(path, follow_redirects=True)
        assert response.status_code == 200, path
        reader = _Visible()
        # the glossary's 也称 names another name on purpose, once (its entry's also_zh)
        reader.feed(re.sub(r'<span class="also">[^<]*</span>', "", response.get_data(as_text=True)))
        for part in reader.parts:
            text = Text(f"page {path}")
            text.add(" ".join(part.split()), 0)
            texts.append(text)
    found = calques(iter(texts))
    assert not found, report(found)
