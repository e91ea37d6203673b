"""The front end stays small enough to read: template lines of at most 160 characters, ES modules
of at most 150 lines, each event heard by one listener (static/js/grundy/main.js), and modules
that import each other only by relative URLs inside their versioned folder
(grundy.web.assets.module_url), which the server keeps fresh after a deploy."""
from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import urljoin

import pytest
from flask import Flask

from grundy import create_app

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"
JS = ROOT / "static" / "js"
MODULES = JS / "grundy"
MAX_TEMPLATE_LINE = 160
MAX_MODULE_LINES = 150

LISTENER = re.compile(r"([\w.]+)\s*\.\s*addEventListener\s*\(\s*([^,\s]+)")
IMPORT = re.compile(r"""^\s*import\b[^"';]*?(?:\bfrom\s*)?["']([^"']+)["']""", re.M)
DYNAMIC_IMPORT = re.compile(r"\bimport\s*\(")


def test_no_template_line_is_over_160_characters() -> None:
    long = [f"{path.relative_to(ROOT)}:{number}: {len(line)} characters"
            for path in sorted(TEMPLATES.rglob("*.html"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if len(line) > MAX_TEMPLATE_LINE]
    assert long == []


def test_scripts_are_modules_of_at_most_150_lines() -> None:
    scripts = sorted(JS.rglob("*.js"))
    assert scripts and all(path.parent == MODULES for path in scripts), "every script is a module in static/js/grundy"
    long = {path.name: n for path in scripts if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def listeners(text: str) -> list[tuple[str, str]]:
    """(target, event type) of each addEventListener call in a script."""
    return [(target, kind) for target, kind in LISTENER.findall(text)]


def test_the_listener_check_sees_what_it_must() -> None:
    text = 'document.addEventListener("click", a);\n  window .addEventListener( "scroll", b, { passive: true });'
    assert listeners(text) == [("document", '"click"'), ("window", '"scroll"')]


def test_each_event_has_one_listener_on_each_target() -> None:
    seen: dict[tuple[str, str], list[str]] = {}
    for path in sorted(JS.rglob("*.js")):
        for target, kind in listeners(path.read_text(encoding="utf-8")):
            assert re.fullmatch(r'"[\w:.-]+"', kind), f"{path.name}: an event named by a literal string, not {kind}"
            seen.setdefault((target, kind.strip('"')), []).append(path.name)
    twice = {key: files for key, files in seen.items() if len(files) > 1}
    assert seen and twice == {}
    # The page's own events are heard in main.js alone, where their order is written down.
    assert {files[0] for (target, _), files in seen.items() if target in ("document", "window")} == {"main.js"}


def test_modules_import_each_other_inside_their_folder() -> None:
    """A relative import resolves inside the versioned folder, so it is as fresh as the page; an
    absolute one (/static/…) would be cached by its own unversioned URL."""
    names = {path.name for path in MODULES.glob("*.js")}
    imported: set[str] = set()
    for path in MODULES.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert not DYNAMIC_IMPORT.search(text), path.name
        for spec in IMPORT.findall(text):
            assert re.fullmatch(r"\./[\w-]+\.js", spec), f"{path.name} imports {spec}"
            assert spec[2:] in names, f"{path.name} imports {spec}, which is not there"
            imported.add(spec[2:])
    assert imported == names - {"main.js"}, "every module is reached from main.js"


def module_urls(page: str) -> tuple[str, list[str]]:
    entry = re.findall(r'<script type="module" src="([^"]+)"></script>', page)
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    assert len(entry) == 1, entry
    return entry[0], preloads


@pytest.mark.parametrize("url", ["/", "/zh/lessons/nim", "/present/pn-table", "/w/pn-table"])
def test_every_module_is_served_long_cached_under_the_folders_digest(app: Flask, url: str) -> None:
    client = app.test_client()
    entry, preloads = module_urls(client.get(url).text)
    assert re.fullmatch(r"/static/js/grundy@[0-9a-f]{10}/main\.js", entry), entry
    assert sorted(preloads) == sorted(urljoin(entry, p.name) for p in MODULES.glob("*.js") if p.name != "main.js")
    for module in [entry, *preloads]:
        response = client.get(module)
        assert response.status_code == 200 and response.mimetype == "text/javascript", module
        assert response.cache_control.immutable and response.cache_control.max_age == 31_536_000, module
        for spec in IMPORT.findall(response.text):  # what the browser asks for next
            assert urljoin(module, spec) in preloads


def test_a_changed_module_moves_the_whole_folder_to_a_new_url(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static" / "js", static / "js")
    # An app that watches its files, as the development server does (a served one looks once)
    app = create_app({"TESTING": True, "STATIC_DIR": static, "TEMPLATES_AUTO_RELOAD": True})
    client = app.test_client()
    before, _ = module_urls(client.get("/w/pn-table").text)
    keys = static / "js" / "grundy" / "keys.js"  # not the entry: imported by it
    keys.write_text(keys.read_text(encoding="utf-8") + "// changed\n", encoding="utf-8")
    after, preloads = module_urls(client.get("/w/pn-table?upto=12").text)  # a page not in the memo
    assert after != before and urljoin(after, "keys.js") in preloads
    assert client.get(urljoin(after, "keys.js")).text.endswith("// changed\n")
    # A page made before the change asks for the old folder: it gets today's file, not to be kept.
    stale = client.get(urljoin(before, "keys.js"))
    assert stale.status_code == 200 and stale.cache_control.no_cache and not stale.cache_control.immutable


def test_a_served_app_looks_at_its_static_files_once(tmp_path: Path) -> None:
    """Without the development server's watching, the files' versions are read once per process
    (a deploy restarts the server): a page names the same URLs after a file changed under it."""
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    app = create_app({"TESTING": True, "STATIC_DIR": static})
    client = app.test_client()
    page = client.get("/w/pn-table").text
    (static / "js" / "grundy" / "keys.js").write_text("// changed\n", encoding="utf-8")
    (static / "css" / "grundy.css").write_text("/* changed */\n", encoding="utf-8")
    later = client.get("/w/pn-table?upto=20").text  # the same table, not in the memo
    assert later.replace("?upto=20", "") == page != ""


@pytest.mark.parametrize("path", ["../../css/grundy.css", "../main.js", "nothing.js", "main.css"])
def test_the_module_route_serves_the_modules_only(app: Flask, path: str) -> None:
    client = app.test_client()
    entry, _ = module_urls(client.get("/").text)
    assert client.get(entry.rsplit("/", 1)[0] + "/" + path).status_code == 404
