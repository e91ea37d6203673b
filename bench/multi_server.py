"""bench/classroom.py's live class through nginx, two app servers and Redis, beside the single
server with SQLite, in one run (a benchmark, not a test).

Four cases, each with its own baseline (wrk alone) just before its class, all on this machine:

- **one server, SQLite**: `make run` asked directly (bench/classroom.py's polling case);
- **nginx, one server, SQLite**: the same server behind nginx with deploy/'s site over HTTPS
  (tests/servers.py starts both as tests/test_multi_server.py does): what nginx and TLS cost;
- **nginx, one server, Redis**: the same with the class store in a redis-server of the bench's
  own (GRUNDY_CLASS_STORE): what Redis costs;
- **nginx, two servers, Redis**: two app servers sharing a redis-server of the bench's own
  behind the same nginx: the set-up of several machines, here on one.

The class is bench/classroom.py's (its functions, unchanged: 60 followers, 60 answerers, the
instructor, the room's screen, wrk on ``GET /`` and a lesson), its browsers speaking HTTPS to
nginx. Both app servers share this machine's 2 cores, so the last case shows the cost of the
set-up, not the capacity of two machines: that is the capacity model in the closing note, from the
per-request figures printed at the end (the serving processes' CPU per class request, Redis's
commands, CPU and memory per class).

    .venv/bin/python bench/multi_server.py [seconds per wrk run, default 10]
"""
from __future__ import annotations

import http.client
import os
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent)]
import classroom as room  # noqa: E402
from page_weight import _free_port  # noqa: E402

from tests.redis_server import redis_server  # noqa: E402
from tests.servers import Site, site  # noqa: E402


@dataclass
class Pid:
    """A process this script did not start with Popen (redis-server), for classroom.Others."""
    pid: int


def tls_browser(certificate: Path) -> type[room.Browser]:
    context = ssl.create_default_context(cafile=str(certificate))

    class TLSBrowser(room.Browser):
        """classroom.Browser over HTTPS (the certificate names 127.0.0.1)."""

        def _connect(self) -> http.client.HTTPConnection:
            return http.client.HTTPSConnection("127.0.0.1", self.port, timeout=self.timeout, context=context)

    return TLSBrowser


@dataclass
class Figures:
    result: room.Result
    baseline: room.Result
    seconds: float  # how long the class ran (with_class's whole call)
    redis: dict[str, Any] | None = None
    troubles: list[str] | None = None
    polls: dict[str, tuple[float, dict[str, float]]] | None = None


def warm(browser: type[room.Browser], port: int, base: str, servers: list[Any], times: int) -> None:
    """Every server answers each page once (nginx takes turns), its pool settles, and wrk runs once unmeasured."""
    for _ in range(times):
        for page in room.PAGES:
            browser(port, timeout=180).request("GET", page)
    for server in servers:
        room.settle(server)
    for page in room.PAGES:
        room.wrk(base + page, 3)
    for server in servers:
        room.settle(server)


def measure(label: str, processes: list[Any], port: int, base: str, seconds: int, browser: type[room.Browser],
            pids: list[int], settle: list[Any]) -> tuple[room.Result, room.Result, float]:
    print(f"{label}: baseline (wrk alone, {seconds} s a page) …", flush=True)
    others = room.Others(processes)
    baseline = room.Result({page: room.wrk(base + page, seconds) for page in room.PAGES})
    baseline.others = others.cores()
    for server in settle:
        room.settle(server)
    print(f"{label}: the class and wrk …", flush=True)
    started = time.monotonic()
    result = room.with_class(processes, port, seconds, "polling", browser=browser, base=base, pids=pids)
    return result, baseline, time.monotonic() - started


def single(seconds: int, folder: Path) -> Figures:
    port = _free_port()
    log = folder / "single.log"
    server = room.serve(port, log)
    base = f"http://127.0.0.1:{port}"
    try:
        warm(room.Browser, port, base, [server], 1)
        result, baseline, took = measure("one server, SQLite", [server], port, base, seconds, room.Browser,
                                         room.workers(server), [server])
        room.settle(server)
        polls = poll_cost(room.Browser, port, base, {"app": room.workers(server)}, seconds)
    finally:
        room.stop(server)
    return Figures(result, baseline, took, troubles=room.log_troubles(log), polls=polls)


@contextmanager
def behind_nginx(servers: int, use_redis: bool, folder: Path) -> Iterator[tuple[Site, str | None, int | None]]:
    port = _free_port()
    if use_redis:
        with redis_server() as server, site({"GRUNDY_CLASS_STORE": server.url}, servers=servers,
                                            https=f"127.0.0.1:{port}") as running:
            yield running, server.url, server.pid
    else:
        store = {"GRUNDY_CLASS_STORE": "", "GRUNDY_CLASS_DB": str(folder / f"nginx-{servers}.sqlite3")}
        with site(store, servers=servers, https=f"127.0.0.1:{port}") as running:
            yield running, None, None


def proxied(label: str, servers: int, use_redis: bool, seconds: int, folder: Path) -> Figures:
    with behind_nginx(servers, use_redis, folder) as (running, url, redis_pid):
        port = int(running.front.https.rsplit(":", 1)[1])
        base = f"https://127.0.0.1:{port}"
        browser = tls_browser(running.front.certificate)
        apps = [app.process for app in running.apps]
        processes: list[Any] = [*apps, running.front.process] + ([Pid(redis_pid)] if redis_pid else [])
        # measured: every app server's workers, nginx's worker, and redis-server
        groups = {"app": [pid for app in apps for pid in room.workers(app)], "nginx": room.workers(running.front.process)}
        groups |= {"redis": [redis_pid]} if redis_pid else {}
        pids = [pid for group in groups.values() for pid in group]
        warm(browser, port, base, apps, servers)
        store = redis.Redis.from_url(url) if url else None
        before = _redis_figures(store) if store else None
        result, baseline, took = measure(label, processes, port, base, seconds, browser, pids, apps)
        figures = Figures(result, baseline, took)
        if store is not None and before is not None and result.klass is not None:
            after = _redis_figures(store)
            keys = list(store.scan_iter(f"grundy:class:{result.klass.code}*", count=1000))
            figures.redis = {
                "commands": after["commands"] - before["commands"], "cpu": after["cpu"] - before["cpu"],
                "keys": len(keys), "bytes": sum(store.memory_usage(k) or 0 for k in keys),
                "used_memory": after["used_memory"], "members": store.hlen(f"grundy:class:{result.klass.code}:members"),
            }
            store.close()
        for app in apps:
            room.settle(app)
        figures.polls = poll_cost(browser, port, base, groups, seconds)
        figures.troubles = [line for app in running.apps for line in room.log_troubles(app.log)]
    return figures


def poll_cost(browser: type[room.Browser], port: int, base: str, groups: dict[str, list[int]], seconds: int
              ) -> dict[str, tuple[float, dict[str, float]]]:
    """What one student's poll costs the serving processes: wrk asks a class's /live as a phone
    does (its cookie, htmx's header), once holding the live part's ETag (304: nothing changed, the
    common case between two steps) and once without (200: the live part made again, as after a
    step). Per kind: (requests/s, ms of CPU per request of each group of processes: the app
    servers' workers, nginx's worker, redis-server)."""
    teacher, phone = browser(port, timeout=120), browser(port, timeout=120)  # a server still busy after the class
    teacher.request("GET", "/class/new")
    status, response, _, _ = teacher.request("POST", "/class/new")
    code = (response.getheader("Location") or "").rstrip("/").split("/")[-2]
    room.open_round(room.Class(code), teacher)
    page = room.student_page(room.Class(code), phone)
    tag = room.tag_in(page)
    cookie = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    costs = {}
    for kind, extra in (("304", ["-H", f"If-None-Match: {tag}"]), ("200", [])):
        command = ["wrk", "-t2", "-c20", f"-d{seconds}s", "-H", f"Accept-Encoding: {room.ACCEPT_ENCODING}",
                   "-H", f"Cookie: {cookie}", "-H", "HX-Request: true", *extra, f"{base}/class/{code}/live"]
        cpu = {name: room.cpu_seconds(pids) for name, pids in groups.items()}
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        used = {name: room.cpu_seconds(pids) - cpu[name] for name, pids in groups.items()}
        done = int(re.search(r"(\d+) requests in", out)[1])  # type: ignore[index]
        wrong = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        if kind == "200" and wrong:
            raise SystemExit(f"the live part was not answered 200: {out}")
        rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])  # type: ignore[index]
        costs[kind] = (rate, {name: 1000 * seconds_used / max(1, done) for name, seconds_used in used.items()})
    return costs


def _redis_figures(store: redis.Redis) -> dict[str, float]:
    info = store.info()
    return {"commands": info["total_commands_processed"], "cpu": info["used_cpu_sys"] + info["used_cpu_user"],
            "used_memory": info["used_memory"]}


def class_requests(result: room.Result) -> int:
    """Requests the simulated class made (every answer counted, errors too)."""
    return sum(result.klass.statuses.values()) if result.klass else 0


def main() -> None:
    if shutil.which("wrk") is None:
        raise SystemExit("bench/multi_server.py needs wrk: sudo apt-get install wrk")
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    busy = room.machine_busy()
    print(f"this machine's CPUs before the run: {100 * busy:.0f} % busy"
          + (" — other work is running: p99s will be noisy" if busy > 0.15 else ""), flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cases = {
            "direct SQLite": single(seconds, folder),
            "nginx1 SQLite": proxied("nginx, one server, SQLite", 1, False, seconds, folder),
            "nginx1 Redis": proxied("nginx, one server, Redis", 1, True, seconds, folder),
            "nginx2 Redis": proxied("nginx, two servers, Redis", 2, True, seconds, folder),
        }
    results: dict[str, room.Result] = {}
    for name, figures in cases.items():
        results[f"{name} (base)"] = figures.baseline
        figures.result.baseline = f"{name} (base)"
        results[name] = figures.result
    room.report(results, {name: f.troubles or [] for name, f in cases.items()}, seconds)
    compare(cases)


def compare(cases: dict[str, Figures]) -> None:
    """Each case beside the single server: the ratios the closing note quotes."""
    first = next(iter(cases.values())).result
    print("\nbeside the single server (×: this case / one server, SQLite, with the class on)")

    def ratio(value: float, base: float) -> str:
        return f"×{value / base:.2f}" if base else "n/a"

    def polls_p99(r: room.Result) -> float:
        k = r.klass
        return room.percentile([x for xs in k.poll_seconds.values() for x in xs], 0.99) if k else float("nan")

    for name, figures in cases.items():
        r = figures.result
        cells = [f"{page} {ratio(r.wrk[page]['rate'], first.wrk[page]['rate'])} req/s, "
                 f"p99 {ratio(r.wrk[page]['p99'], first.wrk[page]['p99'])}" for page in room.PAGES]
        cells.append(f"followers' p99 {ratio(polls_p99(r), polls_p99(first))}")
        cells.append(f"step seen p99 {ratio(room.percentile(r.delays, 0.99), room.percentile(first.delays, 0.99))}")
        cells.append(f"CPU, class alone {100 * r.cpu_alone:.0f} % of a core ({ratio(r.cpu_alone, first.cpu_alone)})")
        print(f"  {name:18} " + "; ".join(cells))
    print("\nper class request (the class alone: 120 phones, the screen and the instructor, bench/classroom.py)")
    for name, figures in cases.items():
        r = figures.result
        requests = class_requests(r)
        rate = requests / figures.seconds if figures.seconds else 0.0
        print(f"  {name:18} {requests} requests in {figures.seconds:.0f} s ({rate:.0f}/s over the whole run); "
              f"serving processes' CPU with the class alone: {100 * r.cpu_alone:.0f} % of a core")
        if figures.redis:
            d = figures.redis
            print(f"  {'':18} Redis: {d['commands']} commands ({d['commands'] / max(1, requests):.1f} per class request),"
                  f" {1000 * d['cpu'] / max(1, requests):.3f} ms of CPU per class request"
                  f" ({100 * d['cpu'] / figures.seconds:.1f} % of a core); the class's keys: {d['keys']},"
                  f" {d['bytes'] / 1024:.0f} KiB for {d['members']} members and"
                  f" {len(r.klass.opened) if r.klass else 0} rounds; used_memory {d['used_memory'] / 2**20:.1f} MiB")
        if figures.polls:
            print(f"  {'':18} one class's /live asked by wrk alone: " + "; ".join(
                f"{kind}: {rate:.0f} req/s, ms of CPU each: {sum(ms.values()):.2f} ("
                + ", ".join(f"{name} {value:.2f}" for name, value in ms.items()) + ")"
                for kind, (rate, ms) in figures.polls.items()))
    print(f"\n(the machine: {os.cpu_count()} CPUs; all four cases share them with this script's 122 browsers and wrk)")


if __name__ == "__main__":
    main()
