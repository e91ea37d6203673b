"""Playwright drives Debian's Chromium (its headless shell, /usr/bin/chromium-headless-shell); every browser test is marked
``browser`` and fails on any console error (CSP violations included) or any request that
leaves 127.0.0.1.

A browser test waits for the event it needs and never says how soon it must come: the suite has
to pass on a machine loaded to the full, where anything can take seconds. Every wait (an
``expect``, an action, ``wait_for_*``, ``expect_request``) has one generous limit, :data:`HANG`,
there only so that a hung page fails instead of stalling the run; no test sets a shorter one.
How fast things happen (a phone following the projector, say) is measured in bench/."""
from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect


HANG = 60_000  # ms: a guard against a hung page, not a deadline (see above)
expect.set_options(timeout=HANG)
# s: the same guard for a whole browser test, for the calls that take no limit of their own
# (closing a page or a context, evaluating a script). A test that hangs in one is stopped with
# every thread's stack printed (pytest-timeout's thread method: its worker ends, and xdist names
# the test and starts another worker), instead of stalling the run until CI gives up on it.
# A browser test takes seconds; ten minutes allows for a machine loaded to the full.
TEST_HANG = 600


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.timeout(TEST_HANG, method="thread"))


# Debian's chromium-headless-shell: the same Blink and V8 as its `chromium`, without the desktop
# browser around them (no browser UI, profile or WebUI processes for nobody to see), so a page
# costs about half the CPU (bench/suite_cpu.py: the browser tests' Chromium seconds, halved). It is
# what Playwright itself runs for headless tests; the full `chromium` still works (GRUNDY_CHROMIUM).
HEADLESS_SHELL = "chromium-headless-shell"
CHROMIUM = os.environ.get("GRUNDY_CHROMIUM") or shutil.which(HEADLESS_SHELL) or f"/usr/bin/{HEADLESS_SHELL}"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


def hold_answer(page: Page, pattern: str, wanted: Callable[[str], bool], act: Callable[[], None],
                seen: list[str] | None = None) -> Route:
    """Does ``act`` (a click, a choice) and holds back the first request to ``pattern`` whose URL
    ``wanted`` accepts: it stays unanswered until the caller continues the route returned, so a
    test can act while an answer is on its way, every run. The others go on; each URL routed is
    added to ``seen``. The request can reach Python before the route's callback, which Playwright
    delivers at the next exchange with the browser: the page is asked something until it has."""
    holding: list[Route] = []

    def hold(route: Route) -> None:
        if seen is not None:
            seen.append(route.request.url)
        if not holding and wanted(route.request.url):
            holding.append(route)
        else:
            route.continue_()

    page.route(pattern, hold)
    with page.expect_request(lambda r: wanted(r.url)):
        act()
    while not holding:
        page.evaluate("0")
    return holding[0]


class Watch:
    """What a page did that a test must not allow: console errors and requests elsewhere."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []

    def attach(self, page: Page) -> Page:
        page.context.set_default_timeout(HANG)  # the pages it opens (a new tab) too
        page.set_default_timeout(HANG)
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("request", lambda r: self.requests.append(r.url))
        return page

    def check(self) -> None:
        assert self.errors == []
        elsewhere = [u for u in self.requests if urlsplit(u).scheme not in ("data", "blob", "about")
                     and urlsplit(u).hostname != "127.0.0.1"]
        assert elsewhere == []
        assert self.requests, "the page made no request at all"


@pytest.fixture()
def context(context: BrowserContext) -> BrowserContext:
    """pytest-playwright's context, with the same hang guard for a test that takes ``page`` alone."""
    context.set_default_timeout(HANG)
    return context


@pytest.fixture()
def watched(page: Page) -> Iterator[tuple[Page, Watch]]:
    watch = Watch()
    watch.attach(page)
    yield page, watch
    watch.check()


@pytest.fixture()
def no_js_page(browser: Browser) -> Iterator[tuple[Page, Watch]]:
    context: BrowserContext = browser.new_context(java_script_enabled=False)
    watch = Watch()
    page = watch.attach(context.new_page())
    yield page, watch
    watch.check()
    context.close()
