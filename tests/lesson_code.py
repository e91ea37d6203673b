"""What the lesson facts tests share: a lesson's fenced code blocks, and compiling its C++."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

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
