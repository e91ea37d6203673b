"""A server just started (or restarted in the middle of a lecture): how soon it answers, what the
first computing requests cost, and whether a class arriving at once sees a 503 (a benchmark, not
a test: this machine's 2 shared cores make absolute figures drift, so compare within a run).

For each server — the one `make run` starts from this tree, and, with ``--before REV``, the same
from another revision of the project (checked out into a temporary git worktree, run with this
virtual environment) — side by side:

1. start it, and ask for ``GET /`` until it answers: **ready after** (seconds from the start);
2. at once, one request of each computing kind not asked before (a widget, a projection, a quiz
   question, a game): **first requests** (each one's time, client side, on loopback);
3. the same URLs again, to compare: **warm** (their own second time);
4. a class arriving at once on a server just started: :data:`PHONES` threads each open a class's
   student page and poll it, and :data:`WIDGETS` threads ask for fresh widgets, all from the first
   moment the server accepts a connection: **503s seen** and the slowest answer.

    .venv/bin/python bench/restart.py [--before REV]

Only 127.0.0.1 is ever a target.
"""
from __future__ import annotations

import argparse
import http.client
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_weight import _free_port as free_port  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / ".venv" / "bin"
FIRST = ["/w/pn-table?rule=set&set=1,3,4&upto=120&sg=1", "/present/wythoff?upto=30",
         "/quiz/q?game=wythoff&level=2&seed=77", "/play/nim?start=3,5,7,9"]
PHONES = 40
WIDGETS = 8
WIDGET_ROUNDS = 5


def start(tree: Path, port: int, classes: Path) -> tuple[subprocess.Popen[bytes], float]:
    env = os.environ | {"GRUNDY_CLASS_DB": str(classes), "PYTHONPATH": str(tree / "site")}
    began = time.monotonic()
    server = subprocess.Popen([str(BIN / "gunicorn"), "-c", "python:grundy.serve", "--bind", f"127.0.0.1:{port}",
                               "grundy:create_app()"], cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return server, began


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def get(port: int, path: str, headers: dict[str, str] | None = None, method: str = "GET",
        body: bytes | None = None, timeout: float = 120) -> tuple[int, float, http.client.HTTPResponse, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    began = time.monotonic()
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        return response.status, time.monotonic() - began, response, data
    finally:
        conn.close()


def wait_listening(port: int) -> None:
    for _ in range(3000):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.02)
    raise SystemExit("the server did not listen")


def cookies_of(response: http.client.HTTPResponse) -> dict[str, str]:
    found = {}
    for line in response.headers.get_all("Set-Cookie") or []:
        name, _, value = line.split(";", 1)[0].partition("=")
        found[name.strip()] = value.strip()
    return found


def a_class(port: int) -> str:
    """A class started as an instructor starts one: the start page's token, then the post."""
    status, _, response, page = get(port, "/class/new")
    jar = cookies_of(response)
    token = re.search(rb'name="csrf_token" value="([^"]+)"', page)
    form = urlencode({"csrf_token": token[1].decode() if token else ""}).encode()
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()), "Content-Type": "application/x-www-form-urlencoded"}
    status, _, response, _ = get(port, "/class/new", headers, "POST", form)
    location = response.getheader("Location", "")
    code = re.search(r"/class/([A-Z0-9]{6})/teach", location)
    if status != 303 or not code:
        raise SystemExit(f"POST /class/new answered {status}")
    return code[1]


def measure(label: str, tree: Path) -> dict[str, object]:
    result: dict[str, object] = {"label": label}
    with tempfile.TemporaryDirectory() as tmp:
        # 1–3: the first requests of a server just started
        port = free_port()
        server, began = start(tree, port, Path(tmp, "a.sqlite3"))
        try:
            wait_listening(port)
            status, _, _, _ = get(port, "/", timeout=600)
            result["ready"] = time.monotonic() - began
            first = {url: get(port, url)[:2] for url in FIRST}
            again = {url: get(port, url + "&again=1" if "?" in url else url)[:2] for url in FIRST}
            result["first"], result["again"] = first, again
        finally:
            stop(server)
        # 4: a class (and widgets) from the first moment the server accepts a connection
        port = free_port()
        server, began = start(tree, port, Path(tmp, "b.sqlite3"))
        try:
            wait_listening(port)
            code = a_class(port)
            statuses: list[int] = []
            slowest = [0.0]
            lock = threading.Lock()

            def note(status: int, seconds: float) -> None:
                with lock:
                    statuses.append(status)
                    slowest[0] = max(slowest[0], seconds)

            def phone() -> None:
                status, seconds, response, _ = get(port, f"/class/{code}")
                note(status, seconds)
                jar = cookies_of(response)
                for _ in range(3):
                    status, seconds, _, _ = get(port, f"/class/{code}/live",
                                                {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())})
                    note(status, seconds)

            def widgets(index: int) -> None:
                for n in range(WIDGET_ROUNDS):
                    status, seconds, _, _ = get(port, f"/w/pn-table?rule=set&set=1,{index + 2},{n + 5}&upto=90&sg=1")
                    note(status, seconds)

            threads = [threading.Thread(target=phone) for _ in range(PHONES)]
            threads += [threading.Thread(target=widgets, args=(i,)) for i in range(WIDGETS)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            result["class"] = (len(statuses), statuses.count(503), sum(s >= 500 for s in statuses), slowest[0])
        finally:
            stop(server)
    return result


def report(results: list[dict[str, object]]) -> None:
    for r in results:
        print(f"\n== {r['label']}")
        print(f"ready after (GET / answered): {r['ready']:.1f} s from the start")
        first, again = r["first"], r["again"]
        assert isinstance(first, dict) and isinstance(again, dict)
        for url in FIRST:
            (s1, t1), (s2, t2) = first[url], again[url]
            print(f"  {url:52} first {1000 * t1:7.0f} ms ({s1})   warm {1000 * t2:6.0f} ms ({s2})   ×{t1 / max(t2, 1e-6):5.1f}")
        total, busy, failed, slowest = r["class"]  # type: ignore[misc]
        print(f"a class at once ({PHONES} phones, {WIDGETS}×{WIDGET_ROUNDS} fresh widgets): {total} requests, "
              f"{busy} answered 503, {failed} 5xx in all, slowest {slowest:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="another revision to measure beside this tree (e.g. HEAD~3)")
    args = parser.parse_args()
    results = []
    if args.before:
        with tempfile.TemporaryDirectory() as tmp:
            old = Path(tmp, "before")
            subprocess.run(["git", "worktree", "add", "--detach", str(old), args.before], cwd=ROOT, check=True,
                           capture_output=True)
            try:
                (old / "instance").mkdir(exist_ok=True)
                results.append(measure(f"before ({args.before})", old))
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)
    results.append(measure("this tree", ROOT))
    report(results)


if __name__ == "__main__":
    sys.exit(main())
