"""The Chinese lessons kept in step with the English (issue 15): each content/zh lesson has an
English twin with the same slug, the same widget fences in the same order with the same
settings, the same section anchors (so the language switch keeps the section), the same notes and
judge problems, and the numbers its widgets and key ideas rest on."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[1]
ZH = sorted((ROOT / "content" / "zh").glob("*.md"))
FENCE = re.compile(r"^```widget (\S+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"^```(python|cpp|text)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def front(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    return dict(yaml.safe_load(text.split("---", 2)[1]))


@pytest.mark.parametrize("path", ZH, ids=[p.name for p in ZH])
def test_a_chinese_lesson_has_its_english_twins_fences_anchors_and_sources(app: Flask, path: Path) -> None:
    twin = ROOT / "content" / "en" / path.name
    assert twin.exists(), f"{path.name} has no English twin"
    zh_text, en_text = path.read_text(encoding="utf-8"), twin.read_text(encoding="utf-8")
    assert FENCE.findall(zh_text) == FENCE.findall(en_text)
    # the code is the English twin's, which its facts tests run and compile
    assert CODE.findall(zh_text) == CODE.findall(en_text)
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
