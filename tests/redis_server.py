"""A real redis-server for the tests, started in a temporary folder and stopped after.

``with redis_server() as server:`` starts Debian's ``redis-server`` on a unix socket in a folder
of its own under the system's temporary folder (short enough for a socket's path; never a fixed
path or port, so every xdist worker starts its own), with no persistence (no RDB snapshot, no
append-only file), and returns once it is ready: it tells so itself, through the systemd
notification protocol (``--supervised systemd`` and a datagram socket named in
``NOTIFY_SOCKET``, the way systemd learns it), and then answers PING. No sleeps: the wait is a
blocking read of that socket, bounded by :data:`START_TIMEOUT`. On leaving (a test's failure
too) it is stopped (SIGTERM, then SIGKILL to its process group) and its folder removed.

``server.url`` is what GRUNDY_CLASS_STORE takes (``unix:///…/redis.sock?db=0``); with
``tcp=True`` it also listens on a free port of 127.0.0.1 and ``server.url`` is ``redis://127.0.0.1:<port>/0``.

Used by tests/conftest.py (the ``redis_url`` session fixture) and by the multi-server harness.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

START_TIMEOUT = 30.0  # seconds redis-server may take to say it is ready (it takes milliseconds)
STOP_TIMEOUT = 10.0
MISSING = ("redis-server is not installed: `make test` installs it (as root), or run 'sudo apt-get install redis-server'"
           " (Debian/Ubuntu)")


class RedisStartError(RuntimeError):
    """redis-server did not start (its log is in the message)."""


@dataclass(frozen=True)
class RedisServer:
    folder: Path
    socket: Path
    port: int  # 0: the unix socket only
    pid: int

    @property
    def url(self) -> str:
        if self.port:
            return f"redis://127.0.0.1:{self.port}/0"
        return f"unix://{self.socket}?db=0"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()  # SIGTERM: redis-server shuts down (nothing to save)
        try:
            process.wait(timeout=STOP_TIMEOUT)
            return
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)  # its own process group (start_new_session)
    except ProcessLookupError:
        pass
    process.wait(timeout=STOP_TIMEOUT)


def _wait_ready(process: subprocess.Popen[bytes], notify: socket.socket, log: Path) -> None:
    """Block on the notification socket until redis-server says READY=1 (or exits, or takes too long)."""
    notify.settimeout(START_TIMEOUT)
    while True:
        try:
            message = notify.recv(4096)
        except TimeoutError:
            raise RedisStartError(f"redis-server did not become ready in {START_TIMEOUT:.0f} s:\n{log.read_text(errors='replace')}")
        if b"READY=1" in message.split(b"\n"):
            return
        if process.poll() is not None:  # it said something and then stopped
            raise RedisStartError(f"redis-server stopped (status {process.returncode}):\n{log.read_text(errors='replace')}")


def _start(folder: Path, port: int) -> tuple[subprocess.Popen[bytes], Path]:
    binary = shutil.which("redis-server")
    if binary is None:
        raise RedisStartError(MISSING)
    sock, log, notify_path = folder / "redis.sock", folder / "redis.log", folder / "notify"
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(notify_path))
    arguments = [binary, "--port", str(port), "--bind", "127.0.0.1", "--unixsocket", str(sock), "--unixsocketperm", "700",
                 "--dir", str(folder), "--save", "", "--appendonly", "no", "--daemonize", "no", "--supervised", "systemd",
                 "--loglevel", "warning", "--databases", "16"]
    with notify, log.open("wb") as out:
        process = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                   env={**os.environ, "NOTIFY_SOCKET": str(notify_path)}, start_new_session=True)
        try:
            _wait_ready(process, notify, log)
        except BaseException:
            _stop(process)
            raise
    # The listening sockets are up before READY=1; a PING through the socket proves it.
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(START_TIMEOUT)
        s.connect(str(sock))
        s.sendall(b"PING\r\n")
        if not s.recv(64).startswith(b"+PONG"):
            _stop(process)
            raise RedisStartError(f"redis-server did not answer PING:\n{log.read_text(errors='replace')}")
    return process, sock


@contextmanager
def redis_server(tcp: bool = False) -> Iterator[RedisServer]:
    """A running redis-server of its own (see the module's docstring); stopped and removed after."""
    folder = Path(tempfile.mkdtemp(prefix="grundy-redis-"))
    try:
        for attempt in range(5):  # a free port may be taken by another process between choosing and binding it
            port = _free_port() if tcp else 0
            try:
                process, sock = _start(folder, port)
                break
            except RedisStartError:
                if not tcp or attempt == 4 or shutil.which("redis-server") is None:
                    raise
                for leftover in folder.iterdir():
                    leftover.unlink()
        try:
            yield RedisServer(folder, sock, port, process.pid)
        finally:
            _stop(process)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


__all__ = ["MISSING", "RedisServer", "RedisStartError", "redis_server"]
