"""The Chinese lessons kept in step with the English (issue 15): each content/zh lesson has an
English twin with the same slug, the same widget fences in the same order with the same
settings, the same section anchors (so the language switch keeps the section), the same notes and
judge problems, and the numbers its widgets and key ideas rest on. Its code is the English twin's
(which the facts tests run and compile) with the comments and docstrings in Chinese (issue 27)."""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[1]
ZH = sorted((ROOT / "content" / "zh").glob("*.md"))
FENCE = re.compile(r"^```widget (\S+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
# The code blocks. (A ```text block is an example of what the reader sees: the Chinese lesson may
# show the web page where the English shows the command line's output.)
CODE = re.compile(r"^```(python|cpp)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def front(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    return dict(yaml.safe_load(text.split("---", 2)[1]))


@pytest.mark.parametrize("path", ZH, ids=[p.name for p in ZH])
def test_a_chinese_lesson_has_its_english_twins_fences_anchors_and_sources(app: Flask, path: Path) -> None:
    twin = ROOT / "content" / "en" / path.name
    assert twin.exists(), f"{path.name} has no English twin"
    zh_text, en_text = path.read_text(encoding="utf-8"), twin.read_text(encoding="utf-8")
    assert FENCE.findall(zh_text) == FENCE.findall(en_text)
    slug = path.stem.split("-", 1)[1]
    zh = app.extensions["grundy.catalogs"]["zh"].get(slug)
    en = app.extensions["grundy.catalogs"]["en"].get(slug)
    assert zh is not None and en is not None
    assert [h.anchor for h in zh.toc] == [h.anchor for h in en.toc]
    for key in ("notes", "problems"):
        assert front(path).get(key) == front(twin).get(key), key
    # the numbers of the English "What you learned" are in the Chinese one too
    # (an English plural such as "1s" is the number 1 too; "powers of two" is 2 的幂, and an odious
    # or evil number is 有奇数个 1 / 有偶数个 1 的数, the words the terminology table chooses)
    text = lambda html: re.sub(r"<[^>]+>", " ", html).replace("powers of two", "2")
    said = lambda html: re.sub(r"有[奇偶]数个 1 的数", "", text(html))
    numbers = lambda html: sorted(re.findall(r"(?<![\w#-])\d+(?=s?(?![\w-]))", said(html)))
    from grundy.lessons.catalog import learned

    assert numbers(learned(zh.html) or "") == numbers(learned(en.html) or "")


@pytest.mark.parametrize("path", ZH, ids=[p.name for p in ZH])
def test_a_chinese_lesson_is_served_in_chinese(client: FlaskClient, path: Path) -> None:
    slug = path.stem.split("-", 1)[1]
    page = client.get(f"/zh/lessons/{slug}").get_data(as_text=True)
    assert re.search(r'<html lang="zh-Hans"[ >]', page) and 'class="stand-in"' not in page
    assert re.search(r'<h1>[^<]*[\u4e00-\u9fff]', page)
    english = client.get(f"/lessons/{slug}").get_data(as_text=True)
    assert f'class="language-switch" href="/zh/lessons/{slug}"' in english


# --- the code: the English twin's, its comments in Chinese ---------------------------------------

CUT = "\x00"  # what a removed comment leaves, so that a line holding only a comment can be dropped
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def python_parts(code: str) -> tuple[str, list[tuple[int, str]]]:
    """The code without its comments and docstrings (a string standing alone as a statement), and
    those, each with its line in the block."""
    starts = [0]
    for line in code.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    at = lambda point: starts[point[0] - 1] + point[1]
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(code).readline)]
    skip = (tokenize.NL, tokenize.COMMENT)
    spans, said = [], []
    for i, t in enumerate(tokens):
        before = next((u.type for u in reversed(tokens[:i]) if u.type not in skip), None)
        after = next((u.type for u in tokens[i + 1:] if u.type not in skip), None)
        if t.type == tokenize.COMMENT:
            spans.append((at(t.start), at(t.end)))
            said.append((t.start[0], t.string.lstrip("#").strip()))
        elif (t.type == tokenize.STRING and before in (None, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
              and after in (tokenize.NEWLINE, tokenize.ENDMARKER)):
            spans.append((at(t.start), at(t.end)))
            said.append((t.start[0], t.string.strip("\"'rRbBuU").strip()))
    return _cut(code, spans), said


def cpp_parts(code: str) -> tuple[str, list[tuple[int, str]]]:
    """The code without its // and /* */ comments (not inside a string or character literal; a
    #include is code), and those, each with its line in the block."""
    spans, said = [], []
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c in "\"'":  # a literal: skip to its closing quote, past escapes
            j = i + 1
            while j < n and code[j] != c:
                j += 2 if code[j] == "\\" else 1
            i = j + 1
        elif code.startswith("//", i):
            j = code.find("\n", i)
            j = n if j < 0 else j
            spans.append((i, j))
            said.append((code.count("\n", 0, i) + 1, code[i + 2:j].strip()))
            i = j
        elif code.startswith("/*", i):
            j = code.find("*/", i + 2)
            j = n if j < 0 else j + 2
            spans.append((i, j))
            said.append((code.count("\n", 0, i) + 1, code[i + 2:j - 2].strip(" *\n")))
            i = j
        else:
            i += 1
    return _cut(code, spans), said


def _cut(code: str, spans: list[tuple[int, int]]) -> str:
    """The code with the spans removed, the lines that held only them dropped and every line's
    trailing white space."""
    chars = list(code)
    for start, end in spans:
        chars[start:end] = CUT * (end - start)
    lines = []
    for line in "".join(chars).split("\n"):
        if CUT in line:
            line = line.replace(CUT, "")
            if not line.strip():
                continue
        lines.append(line.rstrip())
    return "\n".join(lines).strip("\n")


PARTS = {"python": python_parts, "cpp": cpp_parts}


def english_words(comment: str, code: str) -> list[str]:
    """The English words of a comment that has no Chinese: words of three letters or more that are
    neither a name the Chinese pages keep (Nim, HDU…) nor an identifier of the code it explains."""
    from tests.english import is_english

    if CJK.search(comment):
        return []
    names = {part.lower() for name in re.findall(r"[A-Za-z_]\w*", code) for part in [name, *name.split("_")]}
    return [w for w in LATIN_WORD.findall(comment) if is_english(w) and w.lower() not in names]


def test_the_code_twin_reader_sees_through_comments_only() -> None:
    """Comments and docstrings in another language are the same code; a changed line of code, a
    changed string or an #include read as code are not."""
    en = 'def f(n):\n    """The outcome."""\n    s = "#1"  # a hash in a string\n    return n  # done\n'
    zh = 'def f(n):\n    """胜负。\n\n    两行。"""\n    s = "#1"  # 字符串里的井号\n    return n  # 完成\n'
    assert python_parts(en)[0] == python_parts(zh)[0] == 'def f(n):\n    s = "#1"\n    return n'
    assert python_parts(zh.replace("return n", "return n + 1"))[0] != python_parts(en)[0]
    assert python_parts(zh.replace('"#1"', '"#2"'))[0] != python_parts(en)[0]
    cpp = '#include <cstdio>\n/* all\n   of it */\nint main() {  // entry\n    puts("// not a comment");\n}\n'
    assert cpp_parts(cpp)[0] == '#include <cstdio>\nint main() {\n    puts("// not a comment");\n}'
    assert [text for _, text in cpp_parts(cpp)[1]] == ["all\n   of it", "entry"]
    assert english_words("the x-th value of table", "table = []") == ["the", "value"]
    assert english_words("规则 2：x 的值", "") == [] and english_words("n - take < n", "take = 1") == []


def _blocks(path: Path) -> list[tuple[int, str, str]]:
    """The code blocks of a lesson: (the line of the block's first code line, language, code)."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(2)) + 1, m.group(1), m.group(2)) for m in CODE.finditer(text)]


@pytest.mark.parametrize("path", ZH, ids=[p.name for p in ZH])
def test_a_chinese_lesson_s_code_is_its_english_twin_s(path: Path) -> None:
    """The same code blocks in the same order, the same code line for line once comments,
    docstrings and trailing white space are set aside: the English twin's code is what the facts
    tests run and compile."""
    zh, en = _blocks(path), _blocks(ROOT / "content" / "en" / path.name)
    assert [language for _, language, _ in zh] == [language for _, language, _ in en], "not the same code blocks"
    for (line, language, zh_code), (en_line, _, en_code) in zip(zh, en, strict=True):
        ours, theirs = PARTS[language](zh_code)[0].split("\n"), PARTS[language](en_code)[0].split("\n")
        for k, (a, b) in enumerate(zip(ours, theirs)):
            assert a == b, (f"{path.name}: the {language} block at line {line} differs from the English one "
                            f"(content/en line {en_line}) in its code, line {k + 1} without comments:\n  zh: {a}\n  en: {b}")
        assert len(ours) == len(theirs), f"{path.name}: the {language} block at line {line} has {len(ours)} lines of code, the English {len(theirs)}"


@pytest.mark.parametrize("path", ZH, ids=[p.name for p in ZH])
def test_a_chinese_lesson_s_comments_are_in_chinese(path: Path) -> None:
    """Every comment and docstring of a Chinese lesson's code that has words is Chinese, unless
    its words are all the code's own identifiers (a formula such as "n - take < n")."""
    found = []
    for line, language, code in _blocks(path):
        bare, said = PARTS[language](code)
        found += [f"content/zh/{path.name}:{line + k - 1}: {text!r} ({', '.join(words)})"
                  for k, text in said if (words := english_words(text, bare))]
    assert not found, f"{len(found)} comments in English:\n" + "\n".join(found)
