"""The live class attacked as issue 24 attacked it, against the server `make run` starts (a
benchmark of what gets through, not a test; the tests hold each rule: tests/test_classroom.py).

From one address (127.0.0.1), each for a bounded number of tries:

- **poll stuffing**: a client that keeps no cookies posts :data:`STUFF` answers to an open
  question (with a token fetched each time from a page, as a script would); then a script that
  keeps cookies makes as many students as it can (page, poll, answer), up to :data:`FAKES`; then a
  real student, who joined properly, answers;
- **joined count**: :data:`VIEWS` cookieless GETs of the class's page; the console's count after;
- **class flooding**: classes started one after another for :data:`FLOOD_SECONDS` seconds (or
  :data:`FLOOD_MOST` tries), with the store's size before and after;
- **cross-site**: a POST with ``Origin: null``, and one with neither Origin nor Sec-Fetch-Site
  nor token.

    .venv/bin/python bench/stuffing.py
"""
from __future__ import annotations

import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from restart import ROOT, a_class, cookies_of, free_port, get, start, stop, wait_listening  # noqa: E402

STUFF = 520
FAKES = 700
VIEWS = 300
FLOOD_SECONDS = 60
FLOOD_MOST = 20_000
FORM = "application/x-www-form-urlencoded"


class Jar:
    """A browser's cookies (or none, for a script that keeps none)."""

    def __init__(self, port: int, keeps: bool = True) -> None:
        self.port, self.keeps, self.cookies = port, keeps, {}  # type: ignore[var-annotated]

    def ask(self, method: str, path: str, form: dict[str, str] | None = None, headers: dict[str, str] | None = None
            ) -> tuple[int, bytes]:
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body, sent["Content-Type"] = urlencode(form).encode(), FORM
        status, _, response, data = get(self.port, path, sent, method, body)
        if self.keeps:
            self.cookies.update(cookies_of(response))
        return status, data

    def token(self) -> str:
        return self.cookies.get("grundy_csrf", "")


def teacher_of(port: int) -> tuple[Jar, str]:
    teacher = Jar(port)
    status, page = teacher.ask("GET", "/class/new")
    token = re.search(rb'name="csrf_token" value="([^"]+)"', page)
    status, _ = teacher.ask("POST", "/class/new", {"csrf_token": token[1].decode() if token else ""})
    code = next(c for c in re.findall(r"[A-Z0-9]{6}", teacher.cookies.get("grundy_class", "")))
    teacher.ask("GET", f"/class/{code}/teach")
    teacher.ask("POST", f"/class/{code}/round", {"game": "nim", "level": "1", "position": "3,5", "csrf_token": teacher.token()})
    return teacher, code


def members(teacher: Jar, code: str) -> int:
    _, page = teacher.ask("GET", f"/class/{code}/teach")
    found = re.search(rb"\((\d+) students? joined\)|(\d+) students? ha(?:s|ve) joined", page)
    return int(found[1] or found[2]) if found else -1


def answered(teacher: Jar, code: str) -> int:
    _, page = teacher.ask("GET", f"/class/{code}/teach")
    found = re.search(rb'class-count[^>]*>\s*<strong>(\d+)</strong>', page)
    return int(found[1]) if found else -1


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        classes = Path(tmp, "classes.sqlite3")
        port = free_port()
        server, _ = start(ROOT, port, classes)
        try:
            wait_listening(port)
            get(port, "/", timeout=600)
            teacher, code = teacher_of(port)
            real = Jar(port)  # a real student, who joins before the attack
            real.ask("GET", f"/class/{code}")
            real.ask("GET", f"/class/{code}/live")

            # poll stuffing, cookieless: a fresh page (and token) for every answer
            statuses: Counter[int] = Counter()
            began = time.monotonic()
            for _ in range(STUFF):
                script = Jar(port)
                _, page = script.ask("GET", f"/class/{code}")
                token = re.search(rb'name="csrf_token" value="([^"]+)"', page)
                script.cookies = {}  # … and it keeps no cookie
                status, _ = script.ask("POST", f"/class/{code}/answer",
                                       {"round": "1", "says": "P", "csrf_token": token[1].decode() if token else ""})
                statuses[status] += 1
            print(f"poll stuffing, no cookies: {STUFF} answers posted in {time.monotonic() - began:.0f} s: "
                  f"{dict(statuses)}; answers counted: {answered(teacher, code)}")

            # poll stuffing with a cookie jar per fake student: joined through the front door
            statuses = Counter()
            began = time.monotonic()
            for _ in range(FAKES):
                fake = Jar(port)
                fake.ask("GET", f"/class/{code}")
                joined, _ = fake.ask("GET", f"/class/{code}/live")
                if joined != 200:
                    statuses[f"join {joined}"] += 1  # type: ignore[index]
                    continue
                status, _ = fake.ask("POST", f"/class/{code}/answer", {"round": "1", "says": "P", "csrf_token": fake.token()})
                statuses[status] += 1
            print(f"fake students with cookie jars: {FAKES} tried in {time.monotonic() - began:.0f} s: {dict(statuses)}; "
                  f"answers counted: {answered(teacher, code)}, students joined: {members(teacher, code)}")

            # the real student, joined before all that, answers now
            status, _ = real.ask("POST", f"/class/{code}/answer", {"round": "1", "says": "N", "after": "3,3",
                                                                   "csrf_token": real.token()})
            print(f"a student who joined before the attack then answers: {status}")
            late = Jar(port)
            late.ask("GET", f"/class/{code}")
            status, _ = late.ask("GET", f"/class/{code}/live")
            print(f"a student joining after it from the same address: {status} (the address's joins are used up)")

            # joined count from page views
            second, other = teacher_of(port)
            for _ in range(VIEWS):
                Jar(port, keeps=False).ask("GET", f"/class/{other}")
            print(f"{VIEWS} cookieless views of a class's page: the console says {members(second, other)} students joined")

            # cross-site
            for label, headers in (("Origin: null", {"Origin": "null"}), ("no Origin, no Sec-Fetch-Site, no token", {})):
                status, _ = Jar(port).ask("POST", "/class/new", {}, headers)
                print(f"cross-site POST /class/new with {label}: {status}")

            # class flooding
            size_before = sum(p.stat().st_size for p in Path(tmp).glob("classes.sqlite3*"))
            statuses = Counter()
            began = time.monotonic()
            tries = 0
            flooder = Jar(port)
            flooder.ask("GET", "/class/new")
            while time.monotonic() - began < FLOOD_SECONDS and tries < FLOOD_MOST:
                status, _ = flooder.ask("POST", "/class/new", {"csrf_token": flooder.token()})
                statuses[status] += 1
                tries += 1
            size_after = sum(p.stat().st_size for p in Path(tmp).glob("classes.sqlite3*"))
            print(f"class flooding for {time.monotonic() - began:.0f} s: {tries} tries: {dict(statuses)}; "
                  f"store {size_before / 1e6:.2f} MB → {size_after / 1e6:.2f} MB")
        finally:
            stop(server)


if __name__ == "__main__":
    main()
