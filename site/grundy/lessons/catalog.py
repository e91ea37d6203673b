"""The lessons on disk: read, validate and render each once, and re-render only on change."""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import pickle
import re
import sys
import threading
from collections.abc import Iterator, Sequence
from functools import cache
from importlib import metadata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, overload

import yaml

from grundy.lessons.glossary import Term, link_first_uses
from grundy.lessons.markdown import FenceError, Heading, WidgetRenderer, build_markdown, headings, separate_answers
from grundy.lessons.tex import TexError

FILENAME = re.compile(r"(?P<number>[0-9][0-9])-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.md")
REQUIRED = ("title", "summary")


class LessonError(ValueError):
    """A lesson that cannot be rendered, located by file and line."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line


_WIDGET_NAME = re.compile(r'data-widget="([^"]+)"')


@dataclass(frozen=True, slots=True)
class Lesson:
    number: int
    slug: str
    title: str
    summary: str
    meta: dict[str, Any]
    html: str
    toc: list[Heading]
    path: Path
    mtime_ns: int
    widgets: frozenset[str] = field(init=False)  # the names of the widgets the lesson shows

    def __post_init__(self) -> None:
        object.__setattr__(self, "widgets", frozenset(_WIDGET_NAME.findall(self.html)))


def _front_matter(path: Path, text: str) -> dict[str, Any]:
    if not text.startswith("---\n"):
        raise LessonError(path, 1, "a lesson starts with YAML front matter between '---' lines")
    end = text.find("\n---", 4)
    if end < 0:
        raise LessonError(path, 1, "the front matter has no closing '---' line")
    try:
        meta = yaml.safe_load(text[4:end]) or {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = (mark.line + 2) if mark is not None else 1
        raise LessonError(path, line, f"bad front matter: {getattr(error, 'problem', error)}") from error
    if not isinstance(meta, dict):
        raise LessonError(path, 2, "the front matter must be 'key: value' lines")
    for key in REQUIRED:
        if not isinstance(meta.get(key), str) or not meta[key].strip():
            raise LessonError(path, 2, f"the front matter needs a non-empty '{key}'")
    return meta


LEARNED = re.compile(r'<h2 id="what-you-learned">.*?</h2>\s*(<ul>.*?</ul>)', re.DOTALL)


def learned(html: str) -> str | None:
    """The list under a lesson's "What you learned" heading (the one-page summary gathers them)."""
    found = LEARNED.search(html)
    return found.group(1) if found else None


def render_lesson(path: Path, render_widget: WidgetRenderer, glossary: Sequence[Term] = (), glossary_url: str = "",
                  language: str = "en") -> Lesson:
    """Read and render one lesson file, or raise LessonError naming the file and line. With a
    glossary, each term's first use links to its entry at ``glossary_url``."""
    return _render(path, path.read_text(encoding="utf-8"), render_widget, glossary, glossary_url, language)


def _render(path: Path, text: str, render_widget: WidgetRenderer, glossary: Sequence[Term], glossary_url: str,
            language: str) -> Lesson:
    match = FILENAME.fullmatch(path.name)
    if not match:
        raise LessonError(path, 1, "a lesson file is named NN-slug.md, e.g. 02-p-and-n-positions.md")
    meta = _front_matter(path, text)
    md = build_markdown(render_widget)
    env: dict[str, Any] = {}
    tokens = md.parse(text, env)
    if glossary:
        link_first_uses(tokens, glossary, glossary_url, match["slug"], language)
    try:
        html = separate_answers(md.renderer.render(tokens, md.options, env))
    except FenceError as error:
        raise LessonError(path, error.line, str(error)) from error
    except TexError as error:  # inline tokens carry no line: find the formula in the source
        found = text.find(error.tex) if error.tex else -1
        raise LessonError(path, text.count("\n", 0, found) + 1 if found >= 0 else 1, str(error)) from error
    return Lesson(
        number=int(match["number"]),
        slug=match["slug"],
        title=meta["title"].strip(),
        summary=meta["summary"].strip(),
        meta=meta,
        html=html,
        toc=headings(tokens),
        path=path,
        mtime_ns=path.stat().st_mtime_ns,
    )


# Rendered lessons, shared by every Catalog of the process: rendering all of them (Markdown,
# glossary links, KaTeX, the widgets' first frames) takes seconds, and each create_app() of a
# test session would otherwise pay it again for the same files. One entry per file and way of
# rendering it, replaced when the file's text changes, so the memo stays as big as the content.
_MEMO: dict[tuple[Any, ...], tuple[str, tuple[Term, ...], Lesson]] = {}
_MEMO_LOCK = threading.Lock()


# Rendered lessons on disk too, for the next process: a server's every worker, its compute
# children's fork server, a restart after a crash, each test process. The file is named by a
# digest of everything a rendering reads: the lesson's text and way of rendering (language,
# glossary and its URL, the widget renderer's code), and the code itself (every file of the
# package, the templates, the translations, KaTeX, and the versions of the libraries that render).
# An edit to any of them names other files, so a stale lesson is never read; files of another
# code digest are removed when a lesson is written (the cache holds one version of the site).
ROOT = Path(__file__).resolve().parents[3]
_CODE = [(ROOT / "site" / "grundy", "*.py"), (ROOT / "templates", "*.html"), (ROOT / "site" / "grundy" / "translations", "*.po"),
         (ROOT / "static" / "vendor" / "katex", "katex.min.js")]
_LIBRARIES = ("markdown-it-py", "mdit-py-plugins", "pygments", "jinja2", "flask", "mini-racer", "pyyaml")


@cache
def code_digest() -> str:
    """A digest of the code that renders lessons (see above), read once a process."""
    digest = hashlib.sha256(sys.version.encode())
    for directory, pattern in _CODE:
        for path in sorted(directory.rglob(pattern)):
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    for library in _LIBRARIES:
        try:
            digest.update(f"{library} {metadata.version(library)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{library} -".encode())
    return digest.hexdigest()[:16]


def _disk_name(path: Path, text: str, language: str, glossary: tuple[Term, ...], glossary_url: str,
               render_widget: WidgetRenderer) -> str:
    code = getattr(render_widget, "__code__", None)
    way = repr((language, glossary, glossary_url, code and (code.co_filename, code.co_qualname)))
    digest = hashlib.sha256(text.encode() + b"\0" + way.encode()).hexdigest()[:24]
    return f"{code_digest()}-{language}-{path.stem}-{digest}.pickle"


def _from_disk(file: Path) -> Lesson | None:
    try:
        lesson = pickle.loads(file.read_bytes())  # written by this site's own code (below), never by a reader
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError, ValueError):
        return None
    return lesson if isinstance(lesson, Lesson) else None


def _to_disk(directory: Path, name: str, lesson: Lesson) -> None:
    """Kept atomically (a file is whole or absent, whichever process reads it), the files of
    other code digests removed; a cache that cannot be written is only slower."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        part = directory / f".{name}.{os.getpid()}.{threading.get_ident()}"
        part.write_bytes(pickle.dumps(lesson, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(part, directory / name)
        for old in [*directory.glob("*.pickle"), *directory.glob(".*.lock")]:
            if not old.name.lstrip(".").startswith(code_digest()):
                old.unlink(missing_ok=True)
    except OSError:
        pass


@contextlib.contextmanager
def _claim(directory: Path, name: str, wait: bool) -> Iterator[bool]:
    """Whether this process (this thread) may render the lesson kept as ``name``: True once it
    holds the file's lock, which another renderer of it holds until its file is written (the lock
    is gone with the process, a crash included). Without ``wait``, False while another holds it.
    True where the lock cannot be made: then every process renders for itself, as with no cache."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle = os.open(directory / f".{name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield True
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        os.close(handle)
        yield False
        return
    try:
        yield True
    finally:
        os.close(handle)  # the lock with it


def _renderer_key(render_widget: WidgetRenderer) -> tuple[Any, ...] | None:
    """What makes two widget renderers render alike: the same function code with the same
    captured values (each app's ``lesson_widget_renderer()`` is a new closure of the same code).
    What they read beyond their arguments, the process's widget registry and the templates, is
    the same for every app of a process, since every app reads templates from the same folder.
    None for a renderer that is not a plain function or captures something unhashable."""
    code = getattr(render_widget, "__code__", None)
    if code is None:
        return None
    try:
        cells = tuple(cell.cell_contents for cell in getattr(render_widget, "__closure__", None) or ())
        hash(cells)
    except (TypeError, ValueError):  # unhashable, or a cell not filled yet
        return None
    return (code, cells)


@dataclass
class Catalog:
    """All lessons of one language, in order. ``refresh()`` re-renders files that changed."""

    directory: Path
    render_widget: WidgetRenderer
    glossary: Sequence[Term] = ()
    glossary_url: str = ""
    language: str = "en"  # which words of the glossary's terms to look for
    disk: Path | None = None  # a folder keeping rendered lessons for the next process (above); None: none
    lessons: list[Lesson] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def files(self) -> list[Path]:
        if not self.directory.is_dir():
            return []
        return sorted(p for p in self.directory.glob("*.md") if not p.name.startswith("."))

    def load(self) -> None:
        """Render every lesson; the first broken one raises LessonError.

        Processes that start together (a server's workers, a test run's) share the rendering:
        each renders the lessons no other is rendering, then reads the others' from disk once they
        are written, waiting for them only at the end."""
        files = self.files()
        found = {p: self._rendered(p, wait=False) for p in files}
        lessons = [found[p] or self._rendered(p, wait=True) for p in files]
        slugs = [lesson.slug for lesson in lessons]
        for lesson in lessons:
            if slugs.count(lesson.slug) > 1:
                raise LessonError(lesson.path, 1, f"the slug {lesson.slug!r} is used twice")
        self.lessons = lessons

    @overload
    def _rendered(self, path: Path, wait: Literal[True] = ...) -> Lesson: ...
    @overload
    def _rendered(self, path: Path, wait: bool) -> Lesson | None: ...

    def _rendered(self, path: Path, wait: bool = True) -> Lesson | None:
        """The lesson in ``path``, from the process's memo when this file's text was already
        rendered the same way (an app made again in one process, as the tests do, or a development
        server whose other lesson was edited); else read from disk or rendered now, and kept.
        Without ``wait``, None while another process is rendering it."""
        text = path.read_text(encoding="utf-8")
        way = _renderer_key(self.render_widget)
        if way is None:  # a renderer whose output cannot be told apart from another's: never shared
            return _render(path, text, self.render_widget, self.glossary, self.glossary_url, self.language)
        key = (path.resolve(), self.language, self.glossary_url, way)
        glossary = tuple(self.glossary)
        with _MEMO_LOCK:
            kept = _MEMO.get(key)
        if kept is not None and kept[0] == text and kept[1] == glossary:
            lesson = kept[2]
        else:
            found = self._from_disk_or_rendered(path, text, glossary, wait)
            if found is None:
                return None
            lesson = found
            with _MEMO_LOCK:
                _MEMO[key] = (text, glossary, lesson)
        mtime_ns = path.stat().st_mtime_ns
        # same path, same text: only the file's time can differ (refresh() compares it)
        return lesson if lesson.path == path and lesson.mtime_ns == mtime_ns else replace(lesson, path=path, mtime_ns=mtime_ns)

    def _from_disk_or_rendered(self, path: Path, text: str, glossary: tuple[Term, ...], wait: bool) -> Lesson | None:
        if self.disk is None:
            return _render(path, text, self.render_widget, glossary, self.glossary_url, self.language)
        name = _disk_name(path, text, self.language, glossary, self.glossary_url, self.render_widget)
        lesson = _from_disk(self.disk / name)
        if lesson is not None:
            return lesson
        with _claim(self.disk, name, wait) as mine:
            if not mine:
                return None
            lesson = _from_disk(self.disk / name)  # written while this process waited for it
            if lesson is None:
                lesson = _render(path, text, self.render_widget, glossary, self.glossary_url, self.language)
                _to_disk(self.disk, name, lesson)
        return lesson

    def refresh(self) -> None:
        """Re-render when a file was added, removed or edited (used by the development server)."""
        stamp = [(p, p.stat().st_mtime_ns) for p in self.files()]
        if stamp != [(lesson.path, lesson.mtime_ns) for lesson in self.lessons]:
            with self._lock:
                self.load()

    def get(self, slug: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.slug == slug), None)

    def neighbours(self, lesson: Lesson) -> tuple[Lesson | None, Lesson | None]:
        i = self.lessons.index(lesson)
        before = self.lessons[i - 1] if i > 0 else None
        after = self.lessons[i + 1] if i + 1 < len(self.lessons) else None
        return before, after

    def using_widget(self, name: str) -> list[Lesson]:
        return [lesson for lesson in self.lessons if name in lesson.widgets]


__all__ = ["Catalog", "Lesson", "LessonError"]
