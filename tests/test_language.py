"""The Chinese edition's frame (issue 15): /zh/ mirrors every route, links stay in the reader's
language, the memo keeps the languages apart, the switch and hreflang name the same page, and
every interface string marked for translation has its Chinese."""
from __future__ import annotations

import functools
import io
import os
import re
import time
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from flask import Flask
from flask.testing import FlaskClient

from grundy.web.language import SOURCE, LanguagePrefix, compile_catalogues, read_catalogue, unprefixed

ROOT = Path(__file__).resolve().parents[1]


def test_the_prefix_moves_into_script_name() -> None:
    seen = {}

    def app(environ, start_response):  # type: ignore[no-untyped-def]
        seen.update(environ)
        return [b""]

    wrapped = LanguagePrefix(app)
    for path, script, rest, code in (("/zh/lessons/nim", "/zh", "/lessons/nim", "zh"), ("/zh", "/zh", "/", "zh"),
                                     ("/zh/", "/zh", "/", "zh"), ("/lessons/nim", "", "/lessons/nim", "en"),
                                     ("/zhx/y", "", "/zhx/y", "en")):
        seen.clear()
        wrapped({"PATH_INFO": path, "SCRIPT_NAME": ""}, None)
        assert (seen["SCRIPT_NAME"], seen["PATH_INFO"], seen["grundy.language"]) == (script, rest, code), path
    seen.clear()
    wrapped({"PATH_INFO": "/lessons/nim", "SCRIPT_NAME": "/zh", "grundy.language": "zh"}, None)  # read once only
    assert seen["SCRIPT_NAME"] == "/zh" and seen["grundy.language"] == "zh"
    assert unprefixed("/zh/w/grid") == "/w/grid" and unprefixed("/w/grid") == "/w/grid" and unprefixed("/zh") == "/"


def test_a_chinese_page_stays_in_chinese(client: FlaskClient) -> None:
    page = client.get("/zh/").get_data(as_text=True)
    assert '<html lang="zh-Hans" ' in page and "<h1>谁会赢？怎样赢？</h1>" in page
    assert 'href="/zh/lessons/nim"' in page and 'href="/lessons/nim"' not in page
    assert '<link rel="alternate" hreflang="en" href="/">' in page and '<link rel="alternate" hreflang="zh-Hans" href="/zh/">' in page
    assert 'class="language-switch" href="/"' in page and "data-language-suggestion" not in page
    assert 'href="/static/css/grundy.css?v=' in page  # one URL per file in both languages
    english = client.get("/").get_data(as_text=True)
    assert '<html lang="en" ' in english and 'class="language-switch" href="/zh/"' in english
    assert 'data-language-suggestion="zh"' in english and "hidden" in english


def test_the_switch_keeps_the_widget_query(client: FlaskClient) -> None:
    page = client.get("/w/pn-table?rule=bash&m=3&upto=12").get_data(as_text=True)
    assert 'class="language-switch" href="/zh/w/pn-table?rule=bash&amp;m=3&amp;upto=12"' in page
    zh = client.get("/zh/w/pn-table?rule=bash&m=3&upto=12")
    assert zh.status_code == 200 and 'action="/zh/w/pn-table"' in zh.get_data(as_text=True)


def test_the_memo_keeps_the_languages_apart(app: Flask) -> None:
    client = app.test_client()
    for first, second in (("/lessons/nim", "/zh/lessons/nim"), ("/zh/w/pn-table", "/w/pn-table")):
        a, b = client.get(first).get_data(as_text=True), client.get(second).get_data(as_text=True)
        assert ('<html lang="zh-Hans" ' in a) == first.startswith("/zh") and ('<html lang="zh-Hans" ' in b) == second.startswith("/zh")
    htmx = {"HX-Request": "true"}
    assert 'action="/w/pn-table"' in client.get("/w/pn-table", headers=htmx).get_data(as_text=True)
    assert 'action="/zh/w/pn-table"' in client.get("/zh/w/pn-table", headers=htmx).get_data(as_text=True)


def test_a_lesson_not_yet_written_in_chinese_stands_in_english_and_says_so() -> None:
    """Every lesson has its Chinese twin now; a new English lesson would not at first, and /zh/
    serves it in English, marked as such, rather than a 404 (the switch must keep working)."""
    from grundy import create_app

    app = create_app({"TESTING": True})
    chinese = app.extensions["grundy.catalogs"]["zh"]
    chinese.lessons = [lesson for lesson in chinese.lessons if lesson.slug != "coin-turning"]
    client = app.test_client()
    page = client.get("/zh/lessons/coin-turning").get_data(as_text=True)
    assert 'class="stand-in"' in page and "第 14 课" in page and 'href="/zh/lessons/k-multiple"' in page
    assert '<div lang="en">' in page and '<h1 lang="en">Coin turning</h1>' in page
    assert client.get("/zh/lessons/nowhere").status_code == 404


@functools.cache
def _extracted() -> dict[tuple[object, str | None], str]:
    """Every marked message (and its context), with the file it is in: extracted as babel.cfg
    says (its keywords too: NP_ with a context, nphrase with a plural)."""
    found = {}
    with (SOURCE / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options = parse_mapping_cfg(config)
    for filename, _line, message, _comments, context in extract_from_dir(str(ROOT), method_map, options):
        found[(message, context)] = filename
    return found


def test_every_marked_string_has_its_chinese() -> None:
    """The interface strings marked for translation (templates and Python) each have a Chinese
    msgstr with the same %(name)s placeholders; a new English string without one fails here."""
    found = _extracted()
    catalogue = read_catalogue(sorted((SOURCE / "zh" / "LC_MESSAGES").glob("*.po")), locale="zh", strict=True)
    assert any(context == "what" for _message, context in found) and any(isinstance(m, tuple) for m, _c in found)
    for (message, context), where in found.items():
        entry = catalogue.get(message, context=context)
        assert entry is not None and entry.string, f"{where}: no Chinese for {message!r}"
        # A plural message has one Chinese form (nplurals=1): msgstr[0], holding the same names.
        string = entry.string[0] if isinstance(entry.string, tuple) else entry.string
        english = message[0] if isinstance(message, tuple) else message
        assert string, f"{where}: no Chinese for {message!r}"
        assert sorted(set(re.findall(r"%\((\w+)\)[sr]", english))) == sorted(set(re.findall(r"%\((\w+)\)[sr]", string))), message
        assert "fuzzy" not in entry.flags, message


def test_every_chinese_entry_is_said_somewhere() -> None:
    """The other way round: each Chinese entry translates a message the code or a template still
    marks, so a sentence reworded or removed takes its old Chinese with it (a translator would
    otherwise keep polishing words no reader sees). A message looked up by a name the extractor
    does not know (a variable, an alias of gettext) fails here too: write it in a marked call."""
    found = _extracted()
    stale = []
    for path in sorted((SOURCE / "zh" / "LC_MESSAGES").glob("*.po")):
        for entry in read_catalogue([path], locale="zh", strict=True):
            if entry.id and (entry.id, entry.context) not in found:
                stale.append(f"{path.name}: {entry.id!r}")
    assert stale == []


def test_catalogues_compile_at_start_and_again_when_their_source_changes(tmp_path: Path) -> None:
    source = tmp_path / "src" / "zh" / "LC_MESSAGES"
    source.mkdir(parents=True)
    po = source / "messages.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Lessons"\nmsgstr "课程"\n', encoding="utf-8")
    target = tmp_path / "out"
    compile_catalogues(tmp_path / "src", target)
    mo = target / "zh" / "LC_MESSAGES" / "messages.mo"
    first = mo.read_bytes()
    assert "课程".encode() in first
    compile_catalogues(tmp_path / "src", target)  # up to date: left alone
    assert mo.read_bytes() == first
    po.write_text(po.read_text(encoding="utf-8").replace("课程", "课"), encoding="utf-8")
    later = time.time() + 5
    os.utime(po, (later, later))
    compile_catalogues(tmp_path / "src", target)
    assert "课".encode() in mo.read_bytes() and mo.read_bytes() != first
    assert not [p for p in mo.parent.iterdir() if p.name.startswith(".messages.")]  # no temporary left behind
    assert io.BytesIO(mo.read_bytes()).read(4) in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")  # a gettext .mo


def _catalogue_dir(tmp_path: Path) -> Path:
    """An empty source of Chinese catalogue files, as site/grundy/translations holds them."""
    source = tmp_path / "src" / "zh" / "LC_MESSAGES"
    source.mkdir(parents=True)
    return source


def _po(path: Path, message: str, chinese: str) -> None:
    """A catalogue file of one message."""
    header = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    path.write_text(f'{header}msgid "{message}"\nmsgstr "{chinese}"\n', encoding="utf-8")


def test_a_language_s_catalogue_files_compile_into_one_and_may_not_repeat_a_message(tmp_path: Path) -> None:
    """One file per part of the site; the test of every marked string reads them strictly, so a
    message translated in two files fails there (the compiler keeps the first, so a server being
    edited keeps running)."""
    source = _catalogue_dir(tmp_path)
    _po(source / "messages.po", "Lessons", "课程")
    _po(source / "widgets.po", "Next ▶", "下一步 ▶")
    compile_catalogues(tmp_path / "src", tmp_path / "out")
    compiled = (tmp_path / "out" / "zh" / "LC_MESSAGES" / "messages.mo").read_bytes()
    assert "课程".encode() in compiled and "下一步".encode() in compiled
    _po(source / "practice.po", "Lessons", "课")
    compile_catalogues(tmp_path / "src", tmp_path / "out2")
    assert "课程".encode() in (tmp_path / "out2" / "zh" / "LC_MESSAGES" / "messages.mo").read_bytes()
    try:
        read_catalogue(sorted(source.glob("*.po")), locale="zh", strict=True)
    except ValueError as error:
        assert "practice.po" in str(error) and "Lessons" in str(error)
    else:
        raise AssertionError("a message translated twice was compiled")


def test_a_catalogue_file_removed_is_no_longer_compiled_in(tmp_path: Path) -> None:
    source = _catalogue_dir(tmp_path)
    _po(source / "messages.po", "Lessons", "课程")
    _po(source / "old.po", "Gone", "已删除")
    compile_catalogues(tmp_path / "src", tmp_path / "out")
    mo = tmp_path / "out" / "zh" / "LC_MESSAGES" / "messages.mo"
    assert "已删除".encode() in mo.read_bytes()
    (source / "old.po").unlink()  # messages.po is older than the compiled file: only the listing tells
    compile_catalogues(tmp_path / "src", tmp_path / "out")
    assert "已删除".encode() not in mo.read_bytes() and "课程".encode() in mo.read_bytes()
