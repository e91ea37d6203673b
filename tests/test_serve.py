"""The server `make run` starts (gunicorn with grundy.serve's settings), spoken to over a socket:
the answers gunicorn writes itself, before the app sees a request, carry the site's security
headers like every other answer."""
from __future__ import annotations

import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy.web.security import HEADERS

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    port = _free_port()
    env = os.environ | {"GRUNDY_SECRET_KEY": "test-serve"}
    command = [sys.executable, "-m", "gunicorn", "-c", "python:grundy.serve", "--workers", "1",
               "--bind", f"127.0.0.1:{port}", "grundy:create_app()"]
    log = tmp_path_factory.mktemp("gunicorn") / "log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + HANG
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("gunicorn did not start:\n" + log.read_text())
                time.sleep(0.1)
        # The socket listens at once; a worker takes requests once its compute children can answer
        # (grundy.web.pool), a minute or more on a loaded machine: wait for that answer, not a clock.
        assert exchange(port, b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")[0] == 200
        yield port
    finally:
        # Ctrl-C's quick stop: the worker the master starts after the last test's kill -9 is still
        # warming its children, and a graceful stop would wait for it (gunicorn's graceful_timeout).
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=HANG)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


HANG = 600  # seconds: only a hung server takes this long, however loaded the machine


def exchange(port: int, request: bytes) -> tuple[int, dict[str, str], str]:
    """Send raw bytes, read the whole answer (the server closes): status, headers, body."""
    with socket.create_connection(("127.0.0.1", port), timeout=HANG) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body.decode()


def test_the_app_answers_through_the_served_configuration(server: int) -> None:
    status, headers, body = exchange(server, b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    assert status == 200 and "Grundy" in body
    assert headers["content-security-policy"] == HEADERS["Content-Security-Policy"]


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid``, from /proc (Linux)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def test_computing_requests_are_served_by_nicer_children(server: int) -> None:
    """grundy.web.pool: a widget, a game and a quiz answer go through the niced children (and
    come back whole, cookie included); the worker itself stays at the server's priority."""
    status, _, body = exchange(server, b"GET /w/pn-table?upto=40&sg=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    assert status == 200 and 'data-widget="pn-table"' in body
    status, headers, page = exchange(server, b"GET /quiz/q?game=nim&level=1&seed=3 HTTP/1.1\r\nHost: localhost\r\n"
                                     b"Connection: close\r\n\r\n")  # the question's page: its form carries the token
    assert status == 200
    cookie = headers["set-cookie"].split(";", 1)[0].encode()
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    form = b"game=nim&level=1&seed=3&says=N&csrf_token=" + token[1].encode()
    status, headers, body = exchange(server, b"POST /quiz/answer HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                                     b"Sec-Fetch-Site: same-origin\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                                     b"Cookie: %s\r\nContent-Length: %d\r\n\r\n%s" % (cookie, len(form), form))
    assert status == 200 and "set-cookie" in headers and "quiz-card" in body
    gunicorn = next(p for p in _descendants(os.getpid()) if b"gunicorn" in Path(f"/proc/{p}/cmdline").read_bytes())
    nice = {p: os.getpriority(os.PRIO_PROCESS, p) for p in _descendants(gunicorn)}
    assert sorted(set(nice.values())) == [0, 10], nice  # the worker (and its helpers) at 0, the children at 10


TOO_MANY_HEADERS = b"".join(b"X-H%d: 1\r\n" % i for i in range(120))


@pytest.mark.parametrize(
    ("request_bytes", "status", "says"),
    [
        (b"GET /play/nim?start=" + b"1," * 2500 + b"1 HTTP/1.1\r\nHost: x\r\n\r\n", 414, "Request Line is too large"),
        (b"GET / HTTP/1.1\r\nHost: x\r\n" + TOO_MANY_HEADERS + b"\r\n", 431, "Request Header Fields Too Large"),
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431, "Request Header Fields Too Large"),
        (b"G<script>ET / HTTP/1.1\r\n\r\n", 400, "Bad Request"),
        (b"GET / HTTP/1.1\r\nBad Header\r\n\r\n", 400, "Bad Request"),
    ],
    ids=["long-request-line", "too-many-headers", "huge-header", "bad-method", "bad-header"],
)
def test_gunicorns_own_refusals_carry_the_security_headers(server: int, request_bytes: bytes, status: int, says: str) -> None:
    got, headers, body = exchange(server, request_bytes)
    assert got == status
    for name, value in HEADERS.items():
        assert headers[name.lower()] == value, name
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert int(headers["content-length"]) == len(body.encode())
    assert says in body and "Grundy" in body
    assert "<script" not in body  # what the client sent is escaped, never echoed as markup
    assert not re.search(r"Traceback|File \"", body)


def _worker_of(master: int) -> int:
    workers = [p for p in _descendants(master) if _parent(p) == master]
    assert len(workers) == 1, workers
    return workers[0]


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def test_a_killed_worker_takes_its_compute_children_with_it(server: int) -> None:
    """kill -9 of a worker (a crash, the out-of-memory killer) leaves none of its processes behind:
    the compute children and the fork server watch the worker and end with it (grundy.web.pool).
    Last in this module: the master starts a new worker, which the tests above would wait for."""
    assert exchange(server, b"GET /w/pn-table?upto=30 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")[0] == 200
    master = next(p for p in _descendants(os.getpid()) if b"gunicorn" in Path(f"/proc/{p}/cmdline").read_bytes())
    worker = _worker_of(master)
    below = _descendants(worker)
    niced = [p for p in below if os.getpriority(os.PRIO_PROCESS, p) == 10]
    assert len(niced) >= 2, below  # the compute children (and the fork server and resource tracker beside them)
    handles = {pid: os.pidfd_open(pid) for pid in below}
    os.kill(worker, 9)
    waiting = dict(handles)
    deadline = time.monotonic() + 2.0  # the bound: gone within 2 s (each exit is an event the kernel reports)
    while waiting and (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select(list(waiting.values()), [], [], left)
        waiting = {pid: fd for pid, fd in waiting.items() if fd not in ready}
    for fd in handles.values():
        os.close(fd)
    alive = [p for p in waiting if Path(f"/proc/{p}").exists() and "Z" not in Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1][:3]]
    assert not alive, [Path(f"/proc/{p}/cmdline").read_bytes()[:80] for p in alive]
