"""How often a class's pages look for news: the one place the intervals are set, and read.

- **With JavaScript**, a class's pages (a phone, the console, the screen) ask for their live part
  every :func:`poll_ms` milliseconds, sending the ETag of what they show (answered 304 while
  nothing changed: static/js/grundy/live.js). A projection's class bar asks half as often
  (:func:`bar_poll_ms`): it only learns whether the class ended or another projection is shown.
- **Without JavaScript** a page reloads itself (a ``<meta>`` refresh in ``<noscript>``): a phone
  every :func:`reload_s` seconds while it follows or waits for the reveal, the projected screen a
  second sooner (:func:`screen_reload_s`: one device, where the phones are a hall of them).

Each is an operator's setting (``GRUNDY_POLL_MS``, ``GRUNDY_RELOAD_S``; the README's table), read
once at the start and checked there: a step shows on the phones within one poll, and a hall of
phones costs the server one request per phone per poll. The test suite's app sets them short,
so that its browser tests wait less for each step to arrive (the same code and the same events,
sooner).
"""
from __future__ import annotations

from flask import Flask, current_app

from grundy.web.security import whole_setting

POLL_SETTING = "GRUNDY_POLL_MS"
POLL_MS = 500  # a step shows within a second; 120 phones ask 240 times a second, each a 304 while nothing changes
POLL_BOUNDS = (100, 10_000)
RELOAD_SETTING = "GRUNDY_RELOAD_S"
RELOAD_S = 4  # a JS-off phone's page reloads itself this often
RELOAD_BOUNDS = (2, 60)  # at least 2: the screen reloads a second sooner


def register(app: Flask) -> None:
    """Reads both settings (the app's config, else the environment, else the defaults above);
    a value out of bounds stops the start with a message that names it."""
    app.config[POLL_SETTING] = whole_setting(app, POLL_SETTING, POLL_MS, *POLL_BOUNDS, "milliseconds, a whole number")
    app.config[RELOAD_SETTING] = whole_setting(app, RELOAD_SETTING, RELOAD_S, *RELOAD_BOUNDS, "seconds, a whole number")


def poll_ms() -> int:
    """Milliseconds between a class page's questions to the server (live.js)."""
    return int(current_app.config[POLL_SETTING])


def bar_poll_ms() -> int:
    """Milliseconds between a projection's class bar's questions (classbar.js)."""
    return 2 * poll_ms()


def reload_s() -> int:
    """Seconds between the reloads of a phone's page with JavaScript off."""
    return int(current_app.config[RELOAD_SETTING])


def screen_reload_s() -> int:
    """Seconds between the reloads of the projected screen with JavaScript off."""
    return reload_s() - 1


__all__ = ["POLL_MS", "POLL_SETTING", "RELOAD_S", "RELOAD_SETTING", "bar_poll_ms", "poll_ms", "register", "reload_s",
           "screen_reload_s"]
