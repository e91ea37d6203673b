"""A live class's cost to everyone else, and polling against server-sent events (a benchmark, not
a test; this machine's 2 shared cores make absolute figures drift between runs, so every figure
is compared with a baseline measured in the same run).

The server is the one `make run` starts (gunicorn with grundy.serve's settings: gthread, 2
workers × 128 threads, the compute pool). A class of 120 simulated students, the instructor and
wrk share it:

- **the instructor** (one browser, the session cookie of POST /class/new) steps the projection
  once a second (POST /class/<code>/view, the P/N table at the next step, as static/js/grundy/report.js reports
  it: the first with ``show=1``, shown to the class, the others with its token), and every :data:`ROUND_EVERY` seconds reveals the poll and opens the next one (Nim, level 1);
- **60 followers** each load the student page /class/<code> (their own cookie), then, as
  static/js/grundy/live.js does, ask for /class/<code>/live :data:`POLL_EVERY` after each answer, with the
  ETag they hold (304 while nothing changed; a 200 brings the new live part);
- **60 answerers** each load the student page, then answer every round once (P, N, or N with a
  move), at a random moment of the round;
- **the room's screen** (/class/<code>/screen, opened by the instructor on the projector, the
  instructor's cookie) asks for /class/<code>/screen/live every :data:`POLL_EVERY` with its ETag,
  as live.js does: each answer counted and each round changes it;
- **wrk** (``wrk -t2 -c20 --latency``, a browser's Accept-Encoding) asks for ``GET /`` and then
  for a lesson (/lessons/nim), each for the given number of seconds.

Two transports, side by side, each on its own server with its own **baseline** (wrk alone, just
before the class comes in): **polling** (the site as it is, `make run`), and **SSE**: the same
settings serving bench/sse_app.py's app, the site plus one route /class/<code>/events streaming
``data: <version>`` whenever the class changes (each stream reads the store every 100 ms); there
the followers hold a stream each and fetch /class/<code>/live only when told. gthread gives each
open stream one of its threads for as long as it is open.

Reported per case: wrk's p50, p99 and requests/s, with the ratio to the baseline; the followers'
requests, 304s and p99; the delay from the instructor's step (the moment its POST was sent) to the
moment each follower held the live part showing it; answers accepted; the workers' CPU with the
class alone (before wrk starts), the connections and most threads each worker held; every
failure seen (non-2xx/3xx, socket errors, tracebacks in gunicorn's error log); and the CPU other
work on this machine took meanwhile (a busy neighbour shows in every p99: compare within a run).

Budgets: with the class on, p99 < 100 ms for both ``GET /`` and the lesson; a step seen by every
follower within 1 s (max); each new round on the screen within 1 s (max).

    .venv/bin/python bench/classroom.py [seconds per wrk run, default 10]

Only 127.0.0.1 is ever a target. The simulated students are threads of this process, sharing
the cores (and this interpreter's lock) with the server and wrk: their latencies include that
wait, so they are upper bounds. Classes are created in the instance's store, as `make run` would.
"""
from __future__ import annotations

import gzip
import hashlib
import html
import http.client
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import brotli  # type: ignore[import-untyped]  # the site's own dependency: browsers get br

sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_weight import _free_port, _serve  # noqa: E402

FOLLOWERS = 60
ANSWERERS = 60
POLL_EVERY = 0.5  # seconds from one answer to the next poll (live.js: POLL_MS after the answer)
STEP_EVERY = 1.0  # seconds between the instructor's steps
ROUND_EVERY = 5.0  # seconds a poll stays open before the reveal and the next question
WARM_UP = 5.0  # seconds of class load alone (its CPU is measured) before wrk starts
VIEW = "/present/pn-table?rule=set&set=1,2&upto=20&step={}"
STEPS = 21  # the table's steps 0..20; a step's address comes back every 21 s (see Class.step_of)
P99_BUDGET_MS = 100.0
SEEN_BUDGET_S = 1.0
ACCEPT_ENCODING = "gzip, deflate, br"  # what a browser sends (the memo keeps pages per encoding)
PAGES = ("/", "/lessons/nim")


# ------------------------------------------------------------------ one simulated browser


class Browser:
    """A keep-alive connection and a cookie jar: one phone, or the instructor's laptop.

    gunicorn closes a connection idle for 2 s (its keepalive); like a browser, a request that
    finds its reused connection closed is sent again once on a new one."""

    def __init__(self, port: int, timeout: float = 10.0) -> None:
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                form: dict[str, str] | None = None) -> tuple[int, http.client.HTTPResponse, bytes, float]:
        """(status, response, decoded body, seconds from sending to the whole body read)."""
        sent = dict(headers or {})
        sent.setdefault("Accept-Encoding", ACCEPT_ENCODING)
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST" and "grundy_csrf" in self.cookies:  # the session's token, as report.js sends it
            sent["X-CSRF-Token"] = self.cookies["grundy_csrf"]
        body = None
        if form is not None:
            body = urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            reused = self.conn is not None
            if self.conn is None:
                self.conn = self._connect()
            start = time.monotonic()
            try:
                self.conn.request(method, path, body=body, headers=sent)
                response = self.conn.getresponse()
                data = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if reused and attempt == 1:
                    continue  # the server had closed the idle connection: send again, as browsers do
                raise
            seconds = time.monotonic() - start
            self._keep(response)
            if response.getheader("Connection", "").lower() == "close":
                self.close()
            return response.status, response, decode(response, data), seconds
        raise AssertionError("unreachable")

    def _connect(self) -> http.client.HTTPConnection:
        """A new connection (bench/multi_server.py's browsers make an HTTPS one, to nginx)."""
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)

    def _keep(self, response: http.client.HTTPResponse) -> None:
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def decode(response: http.client.HTTPResponse, data: bytes) -> bytes:
    encoding = response.getheader("Content-Encoding", "")
    if encoding == "br":
        return brotli.decompress(data)  # type: ignore[no-any-return]
    if encoding == "gzip":
        return gzip.decompress(data)
    return data


HX = {"HX-Request": "true"}  # htmx's forms and live.js's fetch both send it


# ------------------------------------------------------------------ the class, shared by the threads


def view_key(step: int) -> str:
    """The key a student's live part gives the followed view (classroom._student_context)."""
    return hashlib.sha256(VIEW.format(step).encode()).hexdigest()[:12]


@dataclass
class Class:
    code: str
    stop: threading.Event = field(default_factory=threading.Event)
    # the steps: (monotonic time the instructor sent it, its view key), by the step's index
    steps: list[tuple[float, str]] = field(default_factory=list)
    latest: dict[str, int] = field(default_factory=dict)  # view key → index of the newest step with it
    # the open round (number, position, monotonic time opened), for the answerers
    round: tuple[int, str, float] = (0, "", 0.0)
    changed: threading.Condition = field(default_factory=threading.Condition)
    lock: threading.Lock = field(default_factory=threading.Lock)
    # what the students saw and met
    statuses: Counter[str] = field(default_factory=Counter)  # "poll 304", "answer 200", "error poll: …"
    poll_seconds: dict[int, list[float]] = field(default_factory=dict)  # /live requests' seconds, by status
    screen_seconds: dict[int, list[float]] = field(default_factory=dict)  # the screen's /screen/live requests', by status
    seen: list[list[tuple[int, float]]] = field(default_factory=list)  # per follower: (step index, when first held)
    answers_sent: int = 0
    stopped: float = float("inf")  # monotonic time the load stopped
    opened: dict[int, float] = field(default_factory=dict)  # round number → monotonic time its POST was sent
    on_screen: dict[int, float] = field(default_factory=dict)  # round number → when the screen first held it

    def count(self, what: str, seconds: float | None = None, status: int = 0) -> None:
        with self.lock:
            self.statuses[what] += 1
            if seconds is not None:
                self.poll_seconds.setdefault(status, []).append(seconds)

    def step_of(self, key: str) -> int | None:
        with self.lock:
            return self.latest.get(key)


def saw(klass: Class, mine: list[tuple[int, float]], body: bytes) -> None:
    """A follower holds a live part: note the step it shows, the first time it shows a newer one."""
    match = re.search(rb'data-part="view:([0-9a-f]+)[:"]', body)  # view:<state>[:<phase>]
    index = klass.step_of(match[1].decode()) if match else None
    if index is not None and (not mine or index > mine[-1][0]):
        mine.append((index, time.monotonic()))


def tag_in(body: bytes) -> str:
    match = re.search(rb'data-tag="([^"]*)"', body)
    return html.unescape(match[1].decode()) if match else ""


# ------------------------------------------------------------------ who does what


def instructor(klass: Class, teacher: Browser) -> None:
    """A step a second; every ROUND_EVERY seconds, the reveal and the next question."""
    index = len(klass.steps)
    next_round = time.monotonic() + ROUND_EVERY
    token = ""  # the shown projection's token (classroom.projection), once the first step has shown it
    while not klass.stop.is_set():
        tick = time.monotonic()
        try:
            if tick >= next_round:
                next_round += ROUND_EVERY
                status, *_ = teacher.request("POST", f"/class/{klass.code}/reveal", HX)
                klass.count(f"instructor reveal {status}")
                open_round(klass, teacher)
            step = index % STEPS
            key = view_key(step)
            with klass.lock:
                klass.latest[key] = index
                klass.steps.append((time.monotonic(), key))
            index += 1
            # the first step shows the projection to the class (its bar's "Show this to the class"):
            # the answer carries the projection's token, which each later step sends, as report.js does
            form = {"url": VIEW.format(step)} | ({} if token else {"show": "1"})
            status, _, body, _ = teacher.request("POST", f"/class/{klass.code}/view", HX | {"X-Projection-Token": token}, form)
            klass.count(f"instructor view {status}")
            if not token:
                found = re.search(rb'data-projection-token="([^"]+)"', body)
                token = found[1].decode() if found else ""
        except OSError as error:  # counted, and the class goes on (a projector retries its next step)
            klass.count(f"error instructor: {type(error).__name__}")
            teacher.close()
        klass.stop.wait(max(0.0, tick + STEP_EVERY - time.monotonic()))


def open_round(klass: Class, teacher: Browser) -> None:
    sent = time.monotonic()
    status, _, body, _ = teacher.request("POST", f"/class/{klass.code}/round", HX, {"game": "nim", "level": "1"})
    klass.count(f"instructor round {status}")
    position = re.search(rb'q-position-text[^>]*>([^<]*)<', body)
    number = re.search(rb"Question (\d+)", body)
    if status != 200 or not position or not number:
        raise OSError(f"the instructor could not open a round: {status} {body[:300]!r}")
    with klass.changed:
        klass.round = (int(number[1]), position[1].decode(), time.monotonic())
        klass.opened[int(number[1])] = sent
        klass.changed.notify_all()


def student_page(klass: Class, student: Browser) -> bytes:
    """The student page: its cookie (the anonymous id), its live part's ETag and step."""
    try:
        status, _, body, _ = student.request("GET", f"/class/{klass.code}")
    except OSError as error:
        klass.count(f"error page: {type(error).__name__}")
        student.close()
        return b""
    klass.count(f"page {status}")
    return body


def fetch_live(klass: Class, student: Browser, mine: list[tuple[int, float]], tag: str, error_label: str) -> str:
    """Ask for the live part with the ETag held, as live.js does; a 200 is a change seen.
    Returns the ETag held now."""
    try:
        status, response, body, seconds = student.request("GET", f"/class/{klass.code}/live", HX | {"If-None-Match": tag})
    except OSError as error:
        klass.count(f"{error_label}: {type(error).__name__}")
        student.close()
        return tag
    klass.count(f"poll {status}", seconds, status)
    if status == 200:
        saw(klass, mine, body)
        return response.getheader("ETag", tag)
    return tag


def follower_polling(klass: Class, student: Browser, mine: list[tuple[int, float]]) -> None:
    """live.js: ask again POLL_EVERY after each answer, sending the ETag held."""
    body = student_page(klass, student)
    tag = tag_in(body)
    saw(klass, mine, body)
    klass.stop.wait(random.uniform(0, POLL_EVERY))  # phones do not open the page in the same instant
    while not klass.stop.is_set():
        tag = fetch_live(klass, student, mine, tag, "error poll")
        klass.stop.wait(POLL_EVERY)


def follower_sse(klass: Class, student: Browser, mine: list[tuple[int, float]]) -> None:
    """An EventSource on /class/<code>/events; each new version: fetch the live part once."""
    body = student_page(klass, student)
    tag = tag_in(body)
    saw(klass, mine, body)
    stream = http.client.HTTPConnection("127.0.0.1", student.port, timeout=60)
    try:
        stream.request("GET", f"/class/{klass.code}/events", headers={"Accept": "text/event-stream"})
        events = stream.getresponse()
        klass.count(f"events {events.status}")
        while not klass.stop.is_set():
            line = events.readline()
            if not line:
                break  # the server ended the stream
            if not line.startswith(b"data: ") or not line[6:].strip():
                continue
            version = line[6:].strip().decode()
            if tag.startswith(f'W/"s{version}-'):
                continue  # the version this page shows (the first event on opening, usually)
            tag = fetch_live(klass, student, mine, tag, "error fetch")
    except OSError as error:
        if not klass.stop.is_set():
            klass.count(f"error events: {type(error).__name__}")
    finally:
        stream.close()


def answerer(klass: Class, student: Browser) -> None:
    """Each round once, at a random moment while it is open: P, N, or N and a move."""
    student_page(klass, student)
    answered = 0
    while not klass.stop.is_set():
        with klass.changed:
            klass.changed.wait_for(partial(newer_round, klass, answered), timeout=1)
            number, position, opened = klass.round
        if number <= answered:
            continue
        if klass.stop.wait(max(0.0, opened + random.uniform(0.2, 0.8 * ROUND_EVERY) - time.monotonic())):
            break
        form = {"round": str(number), "says": random.choice("PN"), "after": ""}
        if form["says"] == "N" and random.random() < 0.5:
            form["after"] = take_one(position)  # a legal move, winning or not: checked by the quiz's engine
        with klass.lock:
            klass.answers_sent += 1
        try:
            status, *_ = student.request("POST", f"/class/{klass.code}/answer", HX, form)
        except OSError as error:
            klass.count(f"error answer: {type(error).__name__}")
            student.close()
        else:
            klass.count(f"answer {status}")
        answered = number


def screen(klass: Class, projector: Browser) -> None:
    """The room's screen: its page once, then its live part every POLL_EVERY with the ETag held
    (live.js); each round it shows is noted the first time it is held."""
    label = "screen"
    body = b""
    while not body and not klass.stop.is_set():  # a projector that finds the server busy loads the page again
        try:
            status, _, body, _ = projector.request("GET", f"/class/{klass.code}/screen")
            klass.count(f"screen page {status}")
        except OSError as error:
            klass.count(f"error screen page: {type(error).__name__}")
            projector.close()
    tag = tag_in(body)
    while not klass.stop.wait(POLL_EVERY):
        try:
            status, response, body, seconds = projector.request("GET", f"/class/{klass.code}/screen/live",
                                                                HX | {"If-None-Match": tag})
        except OSError as error:
            klass.count(f"error {label}: {type(error).__name__}")
            projector.close()
            continue
        klass.count(f"{label} {status}")
        with klass.lock:
            klass.screen_seconds.setdefault(status, []).append(seconds)
        if status == 200:
            tag = response.getheader("ETag", tag)
            shown = re.search(rb"Question (\d+)", body)
            if shown:
                with klass.lock:
                    klass.on_screen.setdefault(int(shown[1]), time.monotonic())


def screen_delays(klass: Class, since: float) -> tuple[list[float], int]:
    """Seconds from each round's POST (sent after ``since``) to the screen first holding it; a round
    opened in the last 1.5 s before the end is left out, and one never held is counted as missed."""
    found, missed = [], 0
    for number, sent in klass.opened.items():
        if sent < since or sent > klass.stopped - 1.5:
            continue
        if number in klass.on_screen:
            found.append(klass.on_screen[number] - sent)
        else:
            missed += 1
    return found, missed


def newer_round(klass: Class, than: int) -> bool:
    return klass.round[0] > than or klass.stop.is_set()


def take_one(position: str) -> str:
    """Nim heaps "3,5,6": one taken from the first heap that has any."""
    heaps = [int(h) for h in position.split(",")]
    first = next(i for i, h in enumerate(heaps) if h > 0)
    heaps[first] -= 1
    return ",".join(map(str, heaps))


# ------------------------------------------------------------------ wrk and the server


def wrk(url: str, seconds: int) -> dict[str, Any]:
    command = ["wrk", "-t2", "-c20", f"-d{seconds}s", "--latency", "-H", f"Accept-Encoding: {ACCEPT_ENCODING}", url]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"p50": milliseconds(re.search(r"(?m)^\s+50%\s+(\S+)", out)[1]),  # type: ignore[index]
            "p99": milliseconds(re.search(r"(?m)^\s+99%\s+(\S+)", out)[1]),  # type: ignore[index]
            "rate": float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1]),  # type: ignore[index]
            "failures": (int(non2xx[1]) if non2xx else 0, sum(map(int, errors.groups())) if errors else 0)}


def milliseconds(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()  # type: ignore[union-attr]
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[unit]


def serve(port: int, log: Path, app: str | None = None) -> subprocess.Popen[bytes]:
    """`make run`'s server (page_weight._serve), its error log kept in ``log``; with ``app``,
    the same settings serving that app instead (bench/sse_app.py's)."""
    extra = ("--error-logfile", str(log))
    if app is None:
        return _serve(port, extra=extra)
    return _serve(port, app, (*extra, "--pythonpath", str(Path(__file__).resolve().parent)))


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=40)  # gunicorn's graceful stop: open requests get up to 30 s
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)


def workers(server: subprocess.Popen[bytes]) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(server.pid)], capture_output=True, text=True, check=False).stdout
    return [int(pid) for pid in out.split()]


def cpu_seconds(pids: list[int]) -> float:
    """These processes' CPU time (user + system) so far, in seconds."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def threads_of(pid: int) -> int:
    try:
        return int(re.search(r"Threads:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())[1])  # type: ignore[index]
    except (OSError, TypeError):
        return 0


def log_troubles(log: Path) -> list[str]:
    """Lines of gunicorn's error log that say something went wrong."""
    if not log.exists():
        return []
    return [line for line in log.read_text(errors="replace").splitlines()
            if re.search(r"Traceback|Error|ERROR|CRITICAL|WORKER TIMEOUT|Exception", line)]


# ------------------------------------------------------------------ one case


@dataclass
class Result:
    wrk: dict[str, dict[str, Any]]
    klass: Class | None = None
    delays: list[float] = field(default_factory=list)
    missed: int = 0
    screen_delays: list[float] = field(default_factory=list)  # round opened → on the screen
    screen_missed: int = 0
    cpu_alone: float = 0.0  # the workers' CPU with the class load alone, in cores
    most_threads: list[int] = field(default_factory=list)
    connections: list[int] = field(default_factory=list)  # per worker, at the end of the warm-up
    baseline: str | None = None  # the case its wrk figures are compared with
    others: float = 0.0  # cores busy with other work on this machine meanwhile (see Others)


def with_class(server: subprocess.Popen[bytes] | list[subprocess.Popen[bytes]], port: int, seconds: int, transport: str,
               browser: Callable[[int], Browser] = Browser, base: str = "", pids: list[int] | None = None) -> Result:
    """The class load (``transport``: "polling" or "sse"), and wrk meanwhile. bench/multi_server.py
    passes its servers (``server``: every process it started), its ``browser`` (HTTPS), nginx's
    ``base`` address for wrk and the ``pids`` whose CPU and threads are measured (else the workers)."""
    teacher = browser(port)
    teacher.request("GET", "/class/new")  # the start page: its form's token comes with its cookie
    status, response, _, _ = teacher.request("POST", "/class/new")
    location = response.getheader("Location", "")
    match = re.search(r"/class/([A-Z0-9]+)/teach", location)
    if status != 303 or not match:
        raise SystemExit(f"POST /class/new answered {status} {location!r}")
    klass = Class(match[1])
    open_round(klass, teacher)
    follow: Callable[[Class, Browser, list[tuple[int, float]]], None] = (
        follower_polling if transport == "polling" else follower_sse)
    threads = []
    for _ in range(FOLLOWERS):
        mine: list[tuple[int, float]] = []
        klass.seen.append(mine)
        threads.append(threading.Thread(target=follow, args=(klass, browser(port), mine), daemon=True))
    threads += [threading.Thread(target=answerer, args=(klass, browser(port)), daemon=True) for _ in range(ANSWERERS)]
    projector = browser(port)
    projector.cookies = dict(teacher.cookies)  # the instructor's browser opened it: the same session
    threads.append(threading.Thread(target=screen, args=(klass, projector), daemon=True))
    teaching = threading.Thread(target=instructor, args=(klass, teacher), daemon=True)
    pids = pids if pids is not None else workers(server if isinstance(server, subprocess.Popen) else server[0])
    most = [0] * len(pids)
    sampling = threading.Event()

    def sample() -> None:  # the workers' threads: one per request being answered, and per open stream
        while not sampling.wait(0.5):
            for i, pid in enumerate(pids):
                most[i] = max(most[i], threads_of(pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    result = Result({})
    try:
        teaching.start()
        for thread in threads:
            thread.start()
            time.sleep(1.5 / len(threads))  # 120 phones open the page within 1.5 s
        measured_from = time.monotonic()
        others = Others(server)
        cpu = cpu_seconds(pids)
        time.sleep(WARM_UP)
        result.cpu_alone = (cpu_seconds(pids) - cpu) / (time.monotonic() - measured_from)
        result.connections = connections(pids, port)
        base = base or f"http://127.0.0.1:{port}"
        result.wrk = {page: wrk(base + page, seconds) for page in PAGES}
        result.others = others.cores()
    finally:
        klass.stopped = time.monotonic()
        klass.stop.set()
        with klass.changed:
            klass.changed.notify_all()
        teaching.join(timeout=15)
        try:
            status, *_ = teacher.request("POST", f"/class/{klass.code}/end", HX)  # SSE streams end with the class
            klass.count(f"instructor end {status}")
        except OSError as error:
            klass.count(f"error instructor end: {type(error).__name__}")
        deadline = time.monotonic() + 30
        for thread in threads:  # a thread still running past this is a daemon: it ends with the script
            thread.join(timeout=max(0.1, deadline - time.monotonic()))
        sampling.set()
    result.klass = klass
    result.most_threads = most
    result.delays, result.missed = delays(klass, measured_from)
    result.screen_delays, result.screen_missed = screen_delays(klass, measured_from)
    return result


def delays(klass: Class, since: float) -> tuple[list[float], int]:
    """Seconds from each step (sent after ``since``) to the moment each follower first held it or
    a later one; steps sent in the last 1.5 s before the end are left out (a follower may not
    have asked since), and a step a follower never held is counted as missed."""
    found: list[float] = []
    missed = 0
    for index, (sent, _) in enumerate(klass.steps):
        if sent < since or sent > klass.stopped - 1.5:
            continue
        for mine in klass.seen:
            later = next((when for step, when in mine if step >= index), None)
            if later is None:
                missed += 1
            else:
                found.append(later - sent)
    return found, missed


# ------------------------------------------------------------------ the report


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    if shutil.which("wrk") is None:
        raise SystemExit("bench/classroom.py needs wrk: sudo apt-get install wrk")
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    busy = machine_busy()
    print(f"this machine's CPUs before the run: {100 * busy:.0f} % busy"
          + (" — other work is running: wrk's p99s will be noisy" if busy > 0.15 else ""), flush=True)
    results: dict[str, Result] = {}
    troubles: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        # Each server gets its own baseline (wrk alone), measured just before its class load.
        for name, app, transport in (("polling", None, "polling"), ("SSE", "sse_app:create_app()", "sse")):
            port = _free_port()
            log = Path(tmp, f"{transport}.log")
            server = serve(port, log, app)
            base = f"http://127.0.0.1:{port}"
            try:
                for page in PAGES:  # the workers answer once their start-up is over; warm the memo
                    Browser(port, timeout=180).request("GET", page)
                settle(server)  # … and the compute pool's children have rendered their lessons
                for page in PAGES:  # and wrk once, unmeasured: the first run after a start is the slowest
                    wrk(base + page, 3)
                settle(server)
                label = "make run" if app is None else "bench/sse_app.py, same settings"
                print(f"{name}: {label}; baseline (wrk alone, {seconds} s a page) …", flush=True)
                others = Others(server)
                results[f"baseline ({transport})"] = Result({page: wrk(base + page, seconds) for page in PAGES})
                results[f"baseline ({transport})"].others = others.cores()
                settle(server)
                print(f"{name}: the class and wrk …", flush=True)
                results[name] = with_class(server, port, seconds, transport)
                results[name].baseline = f"baseline ({transport})"
            finally:
                stop(server)
            troubles[name] = log_troubles(log)
    report(results, troubles, seconds)


class Others:
    """How much CPU the machine spent, from now on, on work other than the server, this script
    and its wrk runs (in cores): on 2 shared cores, other work shows in every p99."""

    def __init__(self, server: subprocess.Popen[bytes] | list[subprocess.Popen[bytes]]) -> None:
        self.servers = [server] if isinstance(server, subprocess.Popen) else server
        self.start = self._sample()

    def _sample(self) -> tuple[float, float, float]:
        numbers = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
        machine = (sum(numbers) - numbers[3] - numbers[4]) / os.sysconf("SC_CLK_TCK")
        ours = (sum(cpu_seconds(descendants(server.pid)) for server in self.servers)
                + sum(os.times()[:4]))  # wrk: a waited-for child
        return time.monotonic(), machine, ours

    def cores(self) -> float:
        (t0, machine0, ours0), (t1, machine1, ours1) = self.start, self._sample()
        return max(0.0, (machine1 - machine0) - (ours1 - ours0)) / (t1 - t0)


def machine_busy(seconds: float = 2.0) -> float:
    """The share of all CPUs busy over ``seconds`` (from /proc/stat): other work skews every figure."""
    def sample() -> tuple[int, int]:
        numbers = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = numbers[3] + numbers[4]  # idle, iowait
        return sum(numbers[:8]) - idle, sum(numbers[:8])
    busy, total = sample()
    time.sleep(seconds)
    busy2, total2 = sample()
    return (busy2 - busy) / max(1, total2 - total)


def descendants(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True, check=True).stdout
    children: dict[int, list[int]] = {}
    for line in out.splitlines():
        child, parent = map(int, line.split())
        children.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += children.get(found[-1], [])
    return found


def settle(server: subprocess.Popen[bytes], idle: float = 0.1, most: float = 90.0) -> None:
    """Wait until the server's processes (arbiter, workers, the compute pool) use under ``idle``
    of a core over a second: after start-up each pool child renders every lesson."""
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        pids = descendants(server.pid)
        before = cpu_seconds(pids)
        time.sleep(1.0)
        if cpu_seconds(pids) - before < idle:
            return


def connections(pids: list[int], port: int) -> list[int]:
    """Established connections to ``port`` held by each worker now (from /proc/net/tcp)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            if parts[3] == "01" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(parts[9])
    held = []
    for pid in pids:
        count = 0
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    target = os.readlink(fd)
                except OSError:
                    continue
                count += target.startswith("socket:[") and target[8:-1] in inodes
        except OSError:
            pass
        held.append(count)
    return held


def report(results: dict[str, Result], troubles: dict[str, list[str]], seconds: int) -> None:
    cases = list(results)
    loaded = [c for c in cases if results[c].klass is not None]
    print(f"\n{FOLLOWERS} followers + {ANSWERERS} answerers; a step every {STEP_EVERY:g} s, a new round every "
          f"{ROUND_EVERY:g} s; wrk -t2 -c20 for {seconds} s a page; ×: the ratio to that server's baseline\n")
    width, column = 27, 21
    print(f"{'':{width}}" + "".join(f"{c:>{column}}" for c in cases))

    def row(label: str, cells: list[str]) -> None:
        print(f"{label:{width}}" + "".join(f"{c:>{column}}" for c in cells))

    for page in PAGES:
        for key, unit in (("p50", "ms"), ("p99", "ms"), ("rate", "req/s")):
            cells = []
            for case in cases:
                r = results[case]
                value = r.wrk[page][key]
                if r.baseline is None:
                    cells.append(f"{value:.1f} {unit}")
                else:
                    cells.append(f"{value:.1f} {unit} ×{value / results[r.baseline].wrk[page][key]:.2f}")
            row(f"{page} {key}", cells)
        row(f"{page} non-2xx, sock err", [f"{results[c].wrk[page]['failures'][0]}, {results[c].wrk[page]['failures'][1]}"
                                          for c in cases])

    def loaded_cells(make: Callable[[Result, Class], str]) -> list[str]:
        return [make(results[c], k) if (k := results[c].klass) is not None else "" for c in cases]

    def polls(k: Class) -> int:
        return sum(n for what, n in k.statuses.items() if what.startswith("poll "))

    row("other work on the machine", [f"{100 * results[c].others:.0f} % of a core" for c in cases])
    row("/live requests (followers)", loaded_cells(lambda r, k: str(polls(k))))
    row("  answered 304", loaded_cells(lambda r, k: str(k.statuses["poll 304"])))
    def latency(k: Class, status: int) -> str:
        seconds = k.poll_seconds.get(status, [])
        return f"{1000 * percentile(seconds, 0.5):.1f} / {1000 * percentile(seconds, 0.99):.1f} ms" if seconds else "none"

    row("  304: p50 / p99", loaded_cells(lambda r, k: latency(k, 304)))
    row("  200: p50 / p99", loaded_cells(lambda r, k: latency(k, 200)))
    row("  all: p99", loaded_cells(
        lambda r, k: f"{1000 * percentile([x for xs in k.poll_seconds.values() for x in xs], 0.99):.1f} ms"))
    row("step → seen p50", loaded_cells(lambda r, k: f"{percentile(r.delays, 0.5) * 1000:.0f} ms"))
    row("step → seen p99", loaded_cells(lambda r, k: f"{percentile(r.delays, 0.99) * 1000:.0f} ms"))
    row("step → seen max", loaded_cells(lambda r, k: f"{max(r.delays, default=float('nan')) * 1000:.0f} ms"))
    row("  steps × followers", loaded_cells(lambda r, k: f"{len(r.delays)}, {r.missed} missed"))
    def screen_polls(k: Class) -> int:
        return sum(len(v) for v in k.screen_seconds.values())

    row("screen /screen/live", loaded_cells(lambda r, k: f"{screen_polls(k)}, {len(k.screen_seconds.get(304, []))} × 304"))
    row("  all: p50 / p99", loaded_cells(
        lambda r, k: f"{1000 * percentile([x for xs in k.screen_seconds.values() for x in xs], 0.5):.1f} / "
                     f"{1000 * percentile([x for xs in k.screen_seconds.values() for x in xs], 0.99):.1f} ms"))
    row("round → on screen max", loaded_cells(
        lambda r, k: f"{max(r.screen_delays, default=float('nan')) * 1000:.0f} ms ({len(r.screen_delays)}, {r.screen_missed} missed)"))
    row("answers accepted / sent", loaded_cells(lambda r, k: f"{k.statuses['answer 200']} / {k.answers_sent}"))
    row("workers' CPU, class alone", loaded_cells(lambda r, k: f"{100 * r.cpu_alone:.0f} % of a core"))
    row("connections per worker", loaded_cells(lambda r, k: " + ".join(map(str, r.connections))))
    row("most threads per worker", loaded_cells(lambda r, k: " + ".join(map(str, r.most_threads))))
    print("\n(connections: held by each worker at the end of the class-alone warm-up; threads: the most each"
          " worker had, of 128\n for requests, sampled every 0.5 s; gthread starts one only when none is idle)\n")
    for case in loaded:
        klass = results[case].klass
        assert klass is not None
        print(f"{case}: every answer the simulated browsers got: "
              + ", ".join(f"{what} ×{n}" for what, n in sorted(klass.statuses.items())))
    for name, lines in troubles.items():
        print(f"gunicorn error log ({name}): " + ("nothing wrong" if not lines else f"{len(lines)} lines, e.g.:"))
        for line in lines[:8]:
            print(f"    {line}")
    print()
    for case in loaded:
        r = results[case]
        p99s = [r.wrk[page]["p99"] for page in PAGES]
        worst = max(r.delays, default=float("inf"))
        on_screen = max(r.screen_delays, default=float("inf"))
        ok = (all(v < P99_BUDGET_MS for v in p99s) and worst < SEEN_BUDGET_S and not r.missed
              and on_screen < SEEN_BUDGET_S and not r.screen_missed)
        print(f"budget ({case}): p99 < {P99_BUDGET_MS:.0f} ms for {' and '.join(PAGES)} "
              f"({', '.join(f'{v:.1f}' for v in p99s)} ms), every step seen within {SEEN_BUDGET_S:g} s "
              f"(max {worst * 1000:.0f} ms), every round on the screen within {SEEN_BUDGET_S:g} s "
              f"(max {on_screen * 1000:.0f} ms): {'ok' if ok else 'OVER'}"
              + (f"; other work took {100 * r.others:.0f} % of a core meanwhile: run again on a quiet machine"
                 if max(r.others, results[r.baseline or case].others) > 0.25 else ""))


if __name__ == "__main__":
    main()
