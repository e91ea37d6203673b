"""The glossary: every term of the course in English and Chinese, read once from
content/glossary.yaml (the one place a term's words, definitions in both languages and lesson
section live), and the course's Chinese terminology beside it: the words the Chinese pages use and
the calques they must not (tests/test_terminology.py reads them through :func:`terminology`)."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from markdown_it.token import Token

from grundy.lessons.entries import load_entries

FIELDS = ("term", "zh", "means", "means_zh", "lesson", "section")
# A parenthesis in ``zh`` ("公平组合游戏 (ICG)", "异或 (Nim 和)"): the Chinese page keeps it only
# when it is Chinese itself; an English remark is for the English page.
_ASIDE = re.compile(r"\s*[(（]([^()（）]*)[)）]\s*")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN_HAN = re.compile(r"(?<=[A-Za-z0-9])(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])")
APOSTROPHE = "['\u2019]"  # the typographer makes Bash's into Bash’s


@dataclass(frozen=True, slots=True)
class Term:
    term: str
    zh: str  # the course's Chinese term (the community's word; the notes' own where ``notes``)
    means: str  # one line, the course's words
    lesson: str  # the slug of the lesson that teaches it
    section: str  # the anchor of the section that does
    notes: bool = False  # whether the notes use this Chinese term
    forms: tuple[str, ...] = ()  # other ways a lesson writes it ("odious number"); plurals are found anyway
    means_zh: str = ""  # the definition in Chinese, for the Chinese pages
    also_zh: tuple[str, ...] = ()  # other Chinese names a reader meets elsewhere (the glossary's 也称)
    avoid_zh: tuple[str, ...] = ()  # Chinese words for it the course's Chinese must not use

    def meaning(self, language: str) -> str:
        """The one-line definition in ``language`` (the English where no Chinese is written)."""
        return self.means_zh if language == "zh" and self.means_zh else self.means

    @property
    def zh_term(self) -> str:
        """The Chinese term as the Chinese glossary leads with it, spaced as the Chinese lessons
        write ("SG函数" → "SG 函数"): its parenthesis in Chinese brackets when it is Chinese
        ("异或（Nim 和）"), left out when it is an English remark or abbreviation."""
        def bracket(found: re.Match[str]) -> str:
            return f"（{found.group(1).strip()}）" if _HAN.search(found.group(1)) else ""

        term = _ASIDE.sub(bracket, self.zh).strip()
        return _LATIN_HAN.sub(" ", term)

    @property
    def anchor(self) -> str:
        return "".join(c if c.isalnum() else "-" for c in self.term.lower()).strip("-")

    @property
    def pattern(self) -> re.Pattern[str]:
        """The term as English prose writes it: "XOR (Nim sum)" is XOR or Nim sum, any of them
        plural, in any case, as whole words."""
        return _english_pattern(self.term, self.forms)

    @property
    def zh_pattern(self) -> re.Pattern[str]:
        """The term as Chinese prose writes it: "SG函数" also as "SG 函数"; "必败态 (P 局面)" is
        either name. Chinese has no word spaces, so no word boundaries either."""
        return _chinese_pattern(self.zh)


# Built once a term (a lesson's every text node asks each waiting term for its pattern).
@cache
def _english_pattern(term: str, forms: tuple[str, ...]) -> re.Pattern[str]:
    names = [n.strip() for n in re.split(r"[()]", term) if n.strip()] + list(forms)
    words = "|".join(re.escape(n).replace("'", APOSTROPHE) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{words})(?:s|es)?(?![\w-])", re.IGNORECASE)


@cache
def _chinese_pattern(zh: str) -> re.Pattern[str]:
    names = [n.strip() for n in re.split(r"[()/（）]", zh) if n.strip() and not n.strip().isascii()]
    words = "|".join(re.escape(n).replace(r"\ ", r"\s*") for n in sorted(names, key=len, reverse=True))
    words = re.sub(r"(?<=[A-Za-z])(?=[\u4e00-\u9fff])", r"\\s*", words)  # SG函数 = SG 函数
    return re.compile(words) if words else re.compile(r"(?!)")


def link_first_uses(tokens: Sequence[Token], terms: Sequence[Term], url: str, slug: str, language: str = "en") -> None:
    """Make the first use of each term in a lesson's prose a link to its glossary entry (its
    definition in the lesson's language as the link's title), in place. Not in headings, links or code, and not in the
    lesson that teaches the term, which defines it on the spot."""
    waiting = [t for t in terms if t.lesson != slug]
    in_heading = False
    for token in tokens:
        if token.type == "heading_open":
            in_heading = True
        elif token.type == "heading_close":
            in_heading = False
        elif token.type == "inline" and token.children and not in_heading and waiting:
            token.children = _link_inline(token.children, waiting, url, language)


def _link_inline(children: list[Token], waiting: list[Term], url: str, language: str) -> list[Token]:
    def pattern(term: Term) -> re.Pattern[str]:
        return term.zh_pattern if language == "zh" else term.pattern

    out: list[Token] = []
    depth = 0  # inside a link
    for child in children:
        if child.type == "link_open":
            depth += 1
        elif child.type == "link_close":
            depth -= 1
        if child.type != "text" or depth or not waiting:
            out.append(child)
            continue
        text = child.content
        while waiting:
            hits = [(m.start(), -len(m.group()), i, m) for i, t in enumerate(waiting) if (m := pattern(t).search(text))]
            if not hits:
                break
            _, _, i, found = min(hits)
            term = waiting.pop(i)
            waiting[:] = [t for t in waiting if not pattern(t).fullmatch(found.group())]  # one link per word
            out.append(_text(text[:found.start()]))
            title = term.meaning(language)
            opening = Token("link_open", "a", 1, attrs={"href": f"{url}#{term.anchor}", "class": "term", "title": title})
            out += [opening, _text(found.group()), Token("link_close", "a", -1)]
            text = text[found.end():]
        out.append(_text(text))
    return [t for t in out if t.type != "text" or t.content]


def _text(content: str) -> Token:
    return Token("text", "", 0, content=content)


def load(path: Path) -> list[Term]:
    """The terms in the file's order."""
    return [Term(term=str(e["term"]), zh=str(e["zh"]), means=str(e["means"]), lesson=str(e["lesson"]),
                 section=str(e["section"]), notes=bool(e.get("notes", False)),
                 forms=_strings(e, "forms"), means_zh=str(e["means_zh"]),
                 also_zh=_strings(e, "also_zh"), avoid_zh=_strings(e, "avoid_zh"))
            for e in load_entries(path, FIELDS, key="terms")]


@dataclass(frozen=True, slots=True)
class Usage:
    """A rule of the terminology that is not a glossary term ("2 的幂", not "二的幂")."""
    en: str  # what it is about, in English
    zh: str  # what the Chinese pages write
    avoid_zh: tuple[str, ...] = ()
    avoid_zh_pattern: str = ""  # a regular expression, where a plain string would catch good Chinese too
    pronouns: tuple[str, ...] = ()  # never for a player in general ...
    named: tuple[str, ...] = ()  # ... only for one of these, named in the same paragraph


@dataclass(frozen=True, slots=True)
class Avoided:
    """One form the Chinese pages must not use, and what to write instead."""
    pattern: re.Pattern[str]
    use: str  # the chosen Chinese
    about: str  # the English it stands for


def usage(path: Path) -> list[Usage]:
    """The terminology's rules that are not glossary terms, in the file's order."""
    return [Usage(en=str(e["en"]), zh=str(e["zh"]), avoid_zh=_strings(e, "avoid_zh"),
                  avoid_zh_pattern=str(e.get("avoid_zh_pattern", "")), pronouns=_strings(e, "pronouns"),
                  named=_strings(e, "named"))
            for e in load_entries(path, ("en", "zh"), key="usage")]


def terminology(path: Path) -> list[Avoided]:
    """Every avoided form of the table: the glossary terms' ``avoid_zh`` and the usage rules'."""
    found = [Avoided(re.compile(re.escape(a)), t.zh_term, t.term) for t in load(path) for a in t.avoid_zh]
    for u in usage(path):
        found += [Avoided(re.compile(re.escape(a)), u.zh, u.en) for a in u.avoid_zh]
        if u.avoid_zh_pattern:
            found.append(Avoided(re.compile(u.avoid_zh_pattern), u.zh, u.en))
    return found


def _strings(entry: dict[str, object], key: str) -> tuple[str, ...]:
    value = entry.get(key) or ()
    return tuple(str(v) for v in value) if isinstance(value, list | tuple) else (str(value),)


__all__ = ["Avoided", "Term", "Usage", "link_first_uses", "load", "terminology", "usage"]
