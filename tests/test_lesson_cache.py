"""Rendered lessons kept on disk for the next process (grundy.lessons.catalog): read back whole,
never stale, one version of the site kept, and a damaged file only costs a rendering."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from grundy.lessons import catalog
from grundy.lessons.catalog import Catalog

LESSON = """---
title: A lesson
summary: One formula and one widget.
---
# A lesson

Heap $n$ is P when $n \\bmod 4 = 0$.

```widget pn-table
rule: bash
m: 3
upto: 8
```
"""


def _widget(name: str, params: dict[str, str], widget_id: str) -> str:
    return f'<div data-widget="{name}" id="{widget_id}">{sorted(params.items())}</div>'


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    folder.mkdir()
    (folder / "01-a-lesson.md").write_text(LESSON, encoding="utf-8")
    return folder


@pytest.fixture()
def new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a process just started: the in-memory memo empty (the disk is what is tested)."""
    monkeypatch.setattr(catalog, "_MEMO", {})


def _load(content: Path, disk: Path) -> Catalog:
    found = Catalog(content, _widget, disk=disk)
    found.load()
    return found


def test_a_new_process_reads_the_lesson_without_rendering_it(content: Path, tmp_path: Path, new_process: None,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    disk = tmp_path / "kept"
    first = _load(content, disk).lessons[0]
    assert len(list(disk.glob("*.pickle"))) == 1
    monkeypatch.setattr(catalog, "_MEMO", {})

    def no_rendering(*args: object) -> None:
        raise AssertionError("rendered again")

    monkeypatch.setattr(catalog, "_render", no_rendering)
    again = _load(content, disk).lessons[0]
    assert again == first and "katex" in again.html and again.widgets == {"pn-table"}


def test_an_edited_lesson_is_rendered_again(content: Path, tmp_path: Path, new_process: None,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    disk = tmp_path / "kept"
    first = _load(content, disk).lessons[0]
    (content / "01-a-lesson.md").write_text(LESSON.replace("bmod 4", "bmod 5"), encoding="utf-8")
    monkeypatch.setattr(catalog, "_MEMO", {})
    edited = _load(content, disk).lessons[0]
    assert edited.html == first.html.replace("<mn>4</mn>", "<mn>5</mn>").replace(">4</span>", ">5</span>").replace("bmod 4", "bmod 5") != first.html
    assert len(list(disk.glob("*.pickle"))) == 2  # both texts' files: one version of the code


def test_another_version_of_the_code_names_other_files_and_removes_the_old(content: Path, tmp_path: Path,
                                                                          new_process: None,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    disk = tmp_path / "kept"
    _load(content, disk)
    old = {p.name for p in disk.glob("*.pickle")}
    monkeypatch.setattr(catalog, "code_digest", lambda: "0123456789abcdef")
    monkeypatch.setattr(catalog, "_MEMO", {})
    _load(content, disk)
    now = {p.name for p in disk.glob("*.pickle")}
    assert now and not now & old and all(name.startswith("0123456789abcdef-") for name in now)


def test_the_code_digest_follows_the_code() -> None:
    """Every Python file of the package, template, translation and KaTeX itself is read into it."""
    read = {p.resolve() for folder, pattern in catalog._CODE for p in folder.rglob(pattern)}
    assert Path(catalog.__file__).resolve() in read
    assert (catalog.ROOT / "templates" / "widgets" / "pn-table.html").resolve() in read
    assert (catalog.ROOT / "static" / "vendor" / "katex" / "katex.min.js").resolve() in read
    assert any(p.suffix == ".po" for p in read)
    assert len(catalog.code_digest()) == 16


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05K\x01."])  # empty, garbage, a pickled 1
def test_a_damaged_file_is_rendered_again_and_replaced(content: Path, tmp_path: Path, new_process: None,
                                                       monkeypatch: pytest.MonkeyPatch, damage: bytes) -> None:
    disk = tmp_path / "kept"
    first = _load(content, disk).lessons[0]
    (kept,) = disk.glob("*.pickle")
    kept.write_bytes(damage)
    monkeypatch.setattr(catalog, "_MEMO", {})
    assert _load(content, disk).lessons[0] == first
    assert kept.read_bytes() != damage


def test_a_folder_that_cannot_be_written_only_costs_the_rendering(content: Path, tmp_path: Path,
                                                                  new_process: None) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert _load(content, blocked / "kept").lessons[0].title == "A lesson"


@pytest.mark.parametrize("finished", [True, False], ids=["written", "its-renderer-died"])
def test_processes_starting_together_share_the_rendering(content: Path, tmp_path: Path, new_process: None,
                                                        monkeypatch: pytest.MonkeyPatch, finished: bool) -> None:
    """A lesson another process is rendering (its lock held) is left to it: this one renders the
    others first, then waits for that lesson's file and reads it; if that process ended without
    writing it, this one renders it."""
    for number in (2, 3):
        (content / f"0{number}-lesson-{number}.md").write_text(LESSON.replace("A lesson", f"Lesson {number}"), encoding="utf-8")
    disk, taken = tmp_path / "kept", content / "02-lesson-2.md"
    rendered: list[str] = []
    others_done = threading.Event()
    real = catalog._render

    def recorded(path: Path, *args: Any) -> catalog.Lesson:
        rendered.append(path.name)
        if {"01-a-lesson.md", "03-lesson-3.md"} <= set(rendered):
            others_done.set()
        return real(path, *args)

    name = catalog._disk_name(taken, taken.read_text(encoding="utf-8"), "en", (), "", _widget)
    loaded: list[Catalog] = []
    with catalog._claim(disk, name, wait=True) as mine:  # as the other process does
        assert mine
        monkeypatch.setattr(catalog, "_render", recorded)
        loader = threading.Thread(target=lambda: loaded.append(_load(content, disk)))
        loader.start()
        assert others_done.wait(timeout=120), "the lessons no one else renders were not rendered"
        assert rendered == ["01-a-lesson.md", "03-lesson-3.md"]  # not the one taken
        if finished:
            catalog._to_disk(disk, name, real(taken, taken.read_text(encoding="utf-8"), _widget, (), "", "en"))  # not recorded
    loader.join(timeout=120)
    assert [lesson.title for lesson in loaded[0].lessons] == ["A lesson", "Lesson 2", "Lesson 3"]
    assert rendered == ["01-a-lesson.md", "03-lesson-3.md"] + ([] if finished else ["02-lesson-2.md"])
