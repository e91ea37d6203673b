"""What the lesson facts tests share: a lesson's fenced code blocks, and compiling its C++."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.judge import judge_samples

FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
CXX = shutil.which("g++") or shutil.which("clang++")
needs_cxx = pytest.mark.skipif(CXX is None, reason="no C++ compiler on this machine")


def fenced_blocks(text: str, info: str) -> list[str]:
    """The bodies of the fenced code blocks in ``text`` whose info string is exactly ``info``."""
    return [body for found, body in FENCE.findall(text) if found.strip() == info]


def only_block(text: str, info: str, containing: str) -> str:
    """The one ``info`` block of ``text`` that contains ``containing`` (an error if not exactly one)."""
    blocks = [body for body in fenced_blocks(text, info) if containing in body]
    assert len(blocks) == 1, f"exactly one {info} block contains {containing!r}"
    return blocks[0]


def compile_cpp(source: str, directory: Path, *flags: str, name: str = "main") -> Path:
    """Compile with -std=c++17 -Wall -Werror (plus ``flags``); a warning fails the test."""
    assert CXX is not None
    (directory / f"{name}.cpp").write_text(source, encoding="utf-8")
    binary = directory / name
    subprocess.run([CXX, "-std=c++17", "-Wall", "-Werror", *flags, "-o", str(binary), str(directory / f"{name}.cpp")],
                   check=True, capture_output=True, timeout=180)
    return binary


def run(binary: Path, stdin: str, timeout: int = 120) -> str:
    return subprocess.run([str(binary)], input=stdin, check=True, capture_output=True, text=True, timeout=timeout).stdout


ROOT = Path(__file__).resolve().parents[1]


def fold(source: str) -> str:
    """Text with line breaks and runs of spaces folded to single spaces (phrases that wrap)."""
    return re.sub(r"\s+", " ", source)


class Lesson:
    """One lesson's source, as its facts test reads it: the text, its fenced blocks and widget
    fences, its Python run, its C++ compiled (with the flags that lesson's code is held to)."""

    def __init__(self, filename: str, *, cxx_flags: tuple[str, ...] = ("-O2",), timeout: int = 120) -> None:
        self.path = ROOT / "content" / "en" / filename
        self.text = self.path.read_text(encoding="utf-8")
        self.plain = fold(self.text)
        # The Chinese twin (content/zh, same file name) states the same arithmetic: each formula
        # a facts test checks must stand in both languages. (Its widget fences and code blocks
        # are the English ones, held equal by tests/test_lessons_zh.py.)
        twin = ROOT / "content" / "zh" / filename
        self.twins = {"zh": fold(twin.read_text(encoding="utf-8"))} if twin.exists() else {}
        self.cxx_flags = cxx_flags
        self.timeout = timeout

    def states(self, *formulas: str) -> None:
        """Each formula appears in the lesson, and in its Chinese twin, as TeX (``45 \\oplus 45 = 0``)
        and is true: the arithmetic a lesson writes out is checked, not just copied into a test."""
        for tex in formulas:
            assert _whole_formula(self.plain, tex), f"the lesson does not state {tex!r}"
            for language, plain in self.twins.items():
                assert _whole_formula(plain, tex), f"the lesson's {language} twin does not state {tex!r}"
            check_formula(tex)

    def says(self, *phrases: str) -> None:
        """Each phrase appears in the lesson (line breaks ignored)."""
        for phrase in phrases:
            assert fold(phrase) in self.plain, f"the lesson does not say {phrase!r}"

    def blocks(self, info: str) -> list[str]:
        """The bodies of the fenced blocks whose info string is exactly ``info``."""
        return fenced_blocks(self.text, info)

    def block(self, info: str, containing: str) -> str:
        return only_block(self.text, info, containing)

    def cpp(self, containing: str) -> str:
        """The one C++ block containing ``containing``."""
        return only_block(self.text, "cpp", containing)

    def widgets(self, name: str) -> list[dict[str, str]]:
        """Each ``widget NAME`` fence's ``key: value`` lines (a blank value, ``nim:``, is '')."""
        found = []
        for body in self.blocks(f"widget {name}"):
            params = {}
            for line in body.strip().splitlines():
                key, _, value = line.partition(":")
                params[key.strip()] = value.strip()
            found.append(params)
        return found

    def python(self, *names: str) -> dict:  # type: ignore[type-arg]
        """The Python blocks executed in order in one namespace: every one, or (given ``names``)
        those that define one of them, each of which must then be defined."""
        namespace: dict = {"__name__": self.path.stem}  # type: ignore[type-arg]
        for i, block in enumerate(self.blocks("python")):
            if not names or any(f"def {name}(" in block for name in names):
                exec(compile(block, f"<{self.path.name}: python block {i + 1}>", "exec"), namespace)
        for name in names:
            assert name in namespace, f"no Python block of {self.path.name} defines {name}"
        return namespace

    def compile(self, source: str, directory: Path, *flags: str, name: str = "main") -> Path:
        return compile_cpp(source, directory, *self.cxx_flags, *flags, name=name)

    def run(self, binary: Path, stdin: str) -> str:
        return run(binary, stdin, timeout=self.timeout)

    def prints_samples(self, binary: Path, problem: str) -> None:
        """The program prints exactly what the judge published for each of ``problem``'s samples."""
        for sample in judge_samples(problem):
            assert self.run(binary, sample["input"]) == sample["output"], problem


_TEX_OPS = [(r"\oplus", "^"), (r"\bmod", "%"), (r"\times", "*"), (r"\cdot", "*"), ("{,}", ""), (r"\le", "<="),
            (r"\ge", ">="), ("−", "-")]
_RELATION = re.compile(r"(<=|>=|=|<|>)")


def _whole_formula(text: str, tex: str) -> bool:
    """Whether ``tex`` stands in ``text`` as a formula of its own, not the tail or head of a
    longer one (``1 \\oplus 2 = 0`` inside ``2 \\oplus 1 \\oplus 2 = 0`` does not count)."""
    for found in re.finditer(re.escape(tex), text):
        before = text[: found.start()].rstrip()
        after = text[found.end():].lstrip()
        operator_before = re.search(r"(\\oplus|\\bmod|\\times|[-+*=<>^(,\d]|\\cdot)$", before) and not before.endswith("\\(")
        operator_after = re.match(r"(\\oplus|\\bmod|\\times|[-+*^\d]|\\cdot)", after)
        if not operator_before and not operator_after:
            return True
    return False


def check_formula(tex: str) -> None:
    """A chain of relations between whole-number expressions, as a lesson writes it in TeX
    (``45 \\oplus 45 = 0``, ``10^9 < 2^{30}``): every link must hold."""
    expr = tex
    for a, b in _TEX_OPS:
        expr = expr.replace(a, b)
    expr = re.sub(r"\^\{([^}]*)\}", r"**(\1)", expr)
    expr = re.sub(r"(\d)\^(\d+)", r"\1**\2", expr)
    terms = _RELATION.split(expr)
    values = [terms[i] for i in range(0, len(terms), 2)]
    assert all(re.fullmatch(r"[\d\s()+\-*/%^]*", v) for v in values), f"not plain arithmetic: {tex!r}"
    try:
        numbers = [eval(v, {"__builtins__": {}}) for v in values]  # digits and operators only (checked above)
    except SyntaxError as error:
        raise AssertionError(f"not plain arithmetic: {tex!r}") from error
    for (left, relation, right) in zip(numbers, terms[1::2], numbers[1:]):
        holds = {"=": left == right, "<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}
        assert holds[relation], f"{tex!r}: {left} {relation} {right} is false"





_INLINE = re.compile(r"\\\((.+?)\\\)")


def worked_sums(text: str) -> list[str]:
    """Every inline formula of ``text`` that is a chain of plain arithmetic on numbers
    (``40 \\bmod 6 = 4``, ``39 \\oplus 60 = 27``, ``10^9 < 2^{30}``): no letters, no binary
    subscripts, at least one relation and one operation."""
    found = []
    for tex in _INLINE.findall(fold(text)):
        plain = tex
        for a, _b in _TEX_OPS:
            plain = plain.replace(a, " ")
        if re.fullmatch(r"[\d\s(){}^+\-*<>=]*", plain) and _RELATION.search(tex.replace(r"\le", "<=").replace(r"\ge", ">="))\
                and re.search(r"\\oplus|\\bmod|\\times|[-+^]", tex) and "_" not in tex \
                and not re.search(r"(?<![\d,}])0\d", tex):  # 011: a number written in binary
            found.append(tex)
    return found
