"""How often a class's pages look for news (grundy.web.classroom.pacing): the defaults a
lecture gets, an operator's settings reaching every page that polls or reloads, and a wrong
setting stopping the start. (The test session's own app polls faster: tests/conftest.py.)"""
from __future__ import annotations

import re

import pytest
from flask import Flask

from grundy import create_app
from grundy.web.classroom import pacing
from tests.test_classroom import joined, start

SETTINGS = (pacing.POLL_SETTING, pacing.RELOAD_SETTING)


@pytest.fixture()
def unset(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pacing in the environment: what an operator who set nothing gets."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)


def paces(app: Flask) -> dict[str, str]:
    """What a class's pages say about their pace: the live parts' and the class bar's
    data-poll-ms, and the <meta> refresh of a phone and of the screen without JavaScript."""
    teacher, code = start(app)
    student = joined(app, code)

    def found(pattern: str, page: str) -> str:
        match = re.search(pattern, page)
        assert match is not None, pattern
        return match[1]

    phone, console, screen = (client.get(f"/class/{code}{path}").get_data(as_text=True)
                              for client, path in ((student, ""), (teacher, "/teach"), (teacher, "/screen")))
    refresh = r'<noscript><meta http-equiv="refresh" content="(\d+)"></noscript>'
    return {
        "phone polls": found(r'data-poll-ms="(\d+)"', phone),
        "console polls": found(r'data-poll-ms="(\d+)"', console),
        "screen polls": found(r'data-poll-ms="(\d+)"', screen),
        "bar polls": found(r'data-poll-ms="(\d+)"', teacher.get(f"/class/{code}/bar").get_data(as_text=True)),
        "phone reloads": found(refresh, phone),
        "screen reloads": found(refresh, screen),
    }


def test_a_lecture_gets_the_defaults(unset: None) -> None:
    """A step shows within a second with JavaScript; a phone without it reloads every 4 s."""
    assert paces(create_app({"TESTING": True})) == {
        "phone polls": "500", "console polls": "500", "screen polls": "500", "bar polls": "1000",
        "phone reloads": "4", "screen reloads": "3",
    }


def test_an_operator_s_settings_reach_every_page(unset: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """From the environment, as a server is configured (the README's table), or the app's config."""
    monkeypatch.setenv(pacing.POLL_SETTING, "800")
    monkeypatch.setenv(pacing.RELOAD_SETTING, "6")
    expected = {"phone polls": "800", "console polls": "800", "screen polls": "800", "bar polls": "1600",
                "phone reloads": "6", "screen reloads": "5"}
    assert paces(create_app({"TESTING": True})) == expected
    assert paces(create_app({"TESTING": True, pacing.POLL_SETTING: 800, pacing.RELOAD_SETTING: 6})) == expected


@pytest.mark.parametrize("name, value", [
    (pacing.POLL_SETTING, "99"), (pacing.POLL_SETTING, "10001"), (pacing.POLL_SETTING, "0.5"), (pacing.POLL_SETTING, "fast"),
    (pacing.POLL_SETTING, ""), (pacing.RELOAD_SETTING, "1"), (pacing.RELOAD_SETTING, "61"), (pacing.RELOAD_SETTING, "-4"),
])
def test_a_wrong_pace_stops_the_start(unset: None, name: str, value: str) -> None:
    with pytest.raises(ValueError, match=name):
        create_app({"TESTING": True, name: value})
