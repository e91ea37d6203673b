"""Page weight, as a phone on classroom Wi-Fi pays it (a benchmark, not a test): Chromium loads
each page from the server `make run` starts, and this sums the bytes that crossed the network —
every request the page made, headers and (compressed) bodies — on a cold load (empty cache) and on
a warm reload (what the browser asks the server again, answered 304; a file it takes from its own
cache crosses no network and counts nothing: :class:`Wire`).

    .venv/bin/python bench/page_weight.py

Budgets (issue 13): a lesson without a plot ≤ 150 KB cold and ≤ 15 KB warm; a plot page adds
only the plotly bundle.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PAGES = [
    ("home page", "/"),
    ("lesson 2, P- and N-positions", "/lessons/p-and-n-positions"),
    ("lesson 4, Nim", "/lessons/nim"),
    ("lesson 13, k-multiple subtraction", "/lessons/k-multiple"),
    ("lesson 14, coin turning", "/lessons/coin-turning"),
    ("lesson 5, Wythoff (a plot)", "/lessons/wythoff"),
    ("quiz question, Nim level 2", "/quiz/q?game=nim&level=2&seed=7"),
]
COLD_BUDGET = 150_000
WARM_BUDGET = 15_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(port: int, app: str = "grundy:create_app()", extra: tuple[str, ...] = ()) -> subprocess.Popen[bytes]:
    """The site as `make run` serves it (gunicorn with grundy.serve's settings); ``app`` and
    ``extra`` gunicorn arguments for a bench that serves a variant (bench/classroom.py)."""
    # live classes in a store of the bench's own: the limits per address (classes started from
    # 127.0.0.1) start afresh, and the instance's own store is left alone
    classes = Path(tempfile.mkdtemp(prefix="grundy-bench-")) / "classes.sqlite3"
    server = subprocess.Popen([str(BIN / "gunicorn"), "-c", "python:grundy.serve", "--bind", f"127.0.0.1:{port}",
                               *extra, app], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env=os.environ | {"GRUNDY_CLASS_DB": str(classes)})
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit(f"the server ({app}) did not start")


def main() -> None:
    from playwright.sync_api import sync_playwright

    port = _free_port()
    server = _serve(port)
    base = f"http://127.0.0.1:{port}"
    failures = 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                        args=["--no-sandbox"])
            print(f"{'page':38} {'cold':>10} {'requests':>9} {'warm':>9} {'requests':>9}   budget")
            for label, path in PAGES:
                context = browser.new_context()
                page = context.new_page()
                wire = Wire(context.new_cdp_session(page))
                page.goto(base + path, wait_until="networkidle")
                cold, cold_count = wire.total()
                wire.clear()
                page.reload(wait_until="networkidle")
                warm, warm_count = wire.total()
                context.close()
                plot = "plot" in label
                ok = (plot or cold <= COLD_BUDGET) and warm <= WARM_BUDGET
                failures += not ok
                print(f"{label:38} {cold / 1000:8.1f} KB {cold_count:9d} {warm / 1000:7.1f} KB {warm_count:9d}   "
                      f"{'ok' if ok else 'OVER'}{' (the plotly bundle)' if plot else ''}")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"\nbudgets: cold ≤ {COLD_BUDGET // 1000} KB (pages without a plot), warm ≤ {WARM_BUDGET // 1000} KB"
          + ("" if not failures else f"; {failures} over"))


class Wire:
    """Bytes on the wire, as Chromium counts them (DevTools protocol): each request's headers as
    sent, and its response's headers and body as received (Network.loadingFinished's
    encodedDataLength). A response from the browser's cache crossed no network and counts 0;
    Playwright's Request.sizes() reports the headers of such a response all the same, which made
    every cached file of a warm reload cost about 0.9 KB here."""

    def __init__(self, cdp: Any) -> None:
        self.received: dict[str, int] = {}
        self.sent: dict[str, int] = {}
        cdp.on("Network.loadingFinished", lambda e: self.received.__setitem__(e["requestId"], int(e["encodedDataLength"])))
        cdp.on("Network.requestWillBeSentExtraInfo",
               lambda e: self.sent.__setitem__(e["requestId"], sum(len(k) + len(str(v)) + 4 for k, v in e["headers"].items())))
        cdp.send("Network.enable")

    def total(self) -> tuple[int, int]:
        """The bytes, and how many requests went to the network."""
        crossed = [r for r, n in self.received.items() if n > 0]
        return sum(self.received[r] + self.sent.get(r, 0) for r in crossed), len(crossed)

    def clear(self) -> None:
        self.received.clear()
        self.sent.clear()


if __name__ == "__main__":
    main()
