"""The served site under a class's load and an attacker's (a benchmark, not a test).

Starts the server exactly as `make run` does (on its own port), then runs, side by side in one
run, each for DURATION seconds:

1. **class**: 50 connections on a realistic mix — lesson pages, every widget at its largest
   parameters (as fragments and as pages), quiz questions with random seeds, quiz answers, play
   pages with the computer's reply, a stylesheet;
2. **class + 10 slow clients**: the same, while 10 sockets send one header line every 2 s and
   never finish their request (bench/slow_clients.py);
3. **class + attacker**: the same, while 8 connections send the worst start /play accepts (Bomb
   3,4;4,3, the computer's reply: ~170 ms cold) again and again;
4. **class + memo-busting attacker**: 8 connections cycling through 240 subtraction rules, so
   the computer's memo (8 rules kept) never helps: every request is a fresh search.

Throughout each run a canary (2 connections, each pausing 20 ms between requests, so it asks at
most ~100 times a second whatever the server does and the runs stay comparable) asks for
`GET /` alone; its p99 is the figure that says whether the site stayed usable (target: under
100 ms). Reported per run and per client:
requests/s, p50, p99, non-2xx/3xx answers and socket errors (wrk's own counts).

    .venv/bin/python bench/load.py [DURATION] [--compare]

``--compare`` first runs everything against the server as it was before computing requests were
served by niced child processes (grundy.web.pool), computing in the workers' own threads.

wrk must be installed (Debian: apt-get install wrk). Only 127.0.0.1 is ever a target. wrk and
the slow clients share this machine's 2 cores with the server, so figures are comparable within
one run, not across machines.
"""
from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PORT = int(os.environ.get("BENCH_PORT", "8766"))
BASE = f"http://127.0.0.1:{PORT}"
DURATION = next((int(a) for a in sys.argv[1:] if a.isascii() and a.isdigit()), 60)

SET10 = "7,13,29,41,53,67,71,83,97,100"
MIX_GET = [
    "/", "/lessons/p-and-n-positions", "/lessons/nim", "/lessons/wythoff", "/lessons/sg-by-search",
    "/static/css/grundy.css",
    f"/w/pn-table?rule=set&set={SET10}&upto=300&sg=1&step=300",
    "/w/pn-table?rule=fibonacci&upto=300&sg=1",
    f"/w/mex-steps?rule=set&set={SET10}&upto=60&n=60",
    "/w/xor-columns?heaps=" + ",".join(str(10**35 + 7 * i) for i in range(12)) + "&step=5",
    f"/w/period?set={SET10}&upto=200&n=" + "9" * 1000,
    "/w/grid?game=wythoff&size=24&sg=1&cell=24,24",
    "/w/grid?game=bomb&size=24&sg=1&cell=24,24",
    "/present/grid?game=kiki&size=24&sg=1&step=300",
    "/w/game-sum?nim=5,9&bash=7,100&m=3&sub=1000000,999999&set=1,3,4,7,11,20&wythoff=300,299%20299,300",
    "/w/wythoff?a=120&b=190&span=200&k=102334155",
    "/play/nim?start=12,12,12,12&moves=11,12,12,12",
    "/play/kiki?start=13x13;13x13&moves=12x13;13x13",
    "/play/marbles?start=6,7;4,6&moves=5,7;4,6",
    "/play/wythoff?start=31,31&hints=1",
]
GAMES = ["bash", "subtraction", "nim", "misere-nim", "wythoff", "kiki", "marbles", "bomb", "kayles", "grundys-game"]
WORST_PLAY = "/play/bomb?start=3,4;4,3&moves=2,4;3,3;4,3"


def lua_mix() -> str:
    """Each request: a random page or widget (half as htmx fragments), a quiz question with a
    random seed, or a quiz answer (POST)."""
    gets = ",\n".join(f'  "{u}"' for u in MIX_GET)
    games = ", ".join(f'"{g}"' for g in GAMES)
    return f"""
local gets = {{
{gets}
}}
local games = {{ {games} }}
math.randomseed(os.time() + tonumber(tostring({{}}):sub(8), 16))
request = function()
  local r = math.random(100)
  local hx = {{}}
  if math.random(2) == 1 then hx["HX-Request"] = "true" end
  if r <= 75 then
    return wrk.format("GET", gets[math.random(#gets)], hx)
  end
  local game = games[math.random(#games)]
  local level = math.random(3)
  local seed = math.random(1000000)
  if r <= 92 then
    return wrk.format("GET", "/quiz/q?game=" .. game .. "&level=" .. level .. "&seed=" .. seed, hx)
  end
  local body = "game=" .. game .. "&level=" .. level .. "&seed=" .. seed .. "&says=N"
  return wrk.format("POST", "/quiz/answer", {{["Content-Type"] = "application/x-www-form-urlencoded", ["HX-Request"] = "true"}}, body)
end
"""


def lua_cycle(paths: list[str]) -> str:
    listed = ",\n".join(f'  "{p}"' for p in paths)
    return f"""
local paths = {{
{listed}
}}
local i = math.random(#paths)
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
"""


def memo_busting_paths(count: int = 240) -> list[str]:
    """Accepted play starts under ``count`` different subtraction rules (each a fresh memo)."""
    sys.path.insert(0, str(ROOT / "site"))
    from grundy.practice.games import make_arena

    rng = random.Random(5)
    paths: list[str] = []
    seen: set[str] = set()
    while len(paths) < count:
        rule = ",".join(map(str, sorted(rng.sample(range(1, 21), rng.randint(2, 6)))))
        if rule in seen:
            continue
        seen.add(rule)
        arena = make_arena("subtraction", {"set": rule})
        best = None
        for n in range(5, 60):  # the largest three heaps n, n+1, n+2 the bound accepts
            position = arena.parse(f"{n},{n + 1},{n + 2}")
            if arena.unplayable(position) is not None:
                break
            best = position
        if best is not None:
            paths.append(f"/play/subtraction?set={rule}&start={arena.format(best)}&first=computer")
    return paths


def wrk(connections: int, script: Path | None, path: str, seconds: int, threads: int = 1) -> subprocess.Popen[str]:
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency"]
    if script is not None:
        command += ["-s", str(script)]
    return subprocess.Popen(command + [BASE + path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def parse(out: str) -> dict[str, str]:
    """requests/s, p50, p99, failures, from wrk's report."""
    def grab(pattern: str) -> str:
        match = re.search(pattern, out)
        return match.group(1) if match else "—"

    non2xx = grab(r"Non-2xx or 3xx responses: (\d+)")
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    return {
        "req/s": grab(r"Requests/sec:\s+([\d.]+)"),
        "p50": grab(r"(?m)^\s+50%\s+(\S+)"),
        "p99": grab(r"(?m)^\s+99%\s+(\S+)"),
        "requests": grab(r"(\d+) requests in"),
        "non-2xx": "0" if non2xx == "—" else non2xx,
        "socket errors": "0" if not errors else "connect {} read {} write {} timeout {}".format(*errors.groups()),
    }


def slow_clients(count: int, seconds: float, port: int = PORT) -> threading.Thread:
    """``count`` sockets that never finish their request (one header line every 2 s), in a
    thread that stops by itself after ``seconds``. Only 127.0.0.1 is ever a target."""
    def run() -> None:
        socks = []
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
            socks.append(s)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for s in socks:
                try:
                    s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    pass
            time.sleep(2)
        for s in socks:
            s.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def start_server(env: dict[str, str]) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(["make", "--no-print-directory", "run", f"PORT={PORT}"], cwd=ROOT, env=os.environ | env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not start on port {PORT}")


# --compare: the same runs against the server as it was before computing requests went to the
# niced child processes (grundy.web.pool): computed in the worker's 32 threads, taking turns.
BEFORE = {"GRUNDY_COMPUTE_PROCESSES": "0", "GUNICORN_CMD_ARGS": "--threads 32"}


def main() -> None:
    configurations = ([("before: computed in the workers' threads", BEFORE), ("now: computed in niced child processes", {})]
                      if "--compare" in sys.argv else [("now", {})])
    for title, env in configurations:
        print(f"# {title}\n")
        measure(env)


def measure(env: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        mix, worst, busting = Path(tmp, "mix.lua"), Path(tmp, "worst.lua"), Path(tmp, "busting.lua")
        canary = Path(tmp, "canary.lua")
        canary.write_text("function delay()\n  return 20\nend\n")  # ms between one answer and the next request
        mix.write_text(lua_mix())
        worst.write_text(lua_cycle([WORST_PLAY]))
        busting.write_text(lua_cycle(memo_busting_paths()))
        server = start_server(env)
        try:
            for path in MIX_GET:  # every URL answers (a play move: 303 to the game with the reply) first
                out = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", BASE + path],
                                     capture_output=True, text=True).stdout
                assert out in ("200", "303"), (path, out)
            runs = [("class (50 connections)", None), ("class + 10 slow clients", "slow"),
                    ("class + attacker: 8 x the worst accepted /play start", worst),
                    ("class + attacker: 8 x fresh searches, 240 rules", busting)]
            print(f"server: make run (grundy.serve), {DURATION} s a run, wrk --timeout 10s\n")
            for title, extra in runs:
                clients = {"class mix": wrk(50, mix, "/", DURATION, threads=2), "canary GET /": wrk(2, canary, "/", DURATION)}
                if extra == "slow":
                    slow_clients(10, DURATION + 2)
                elif extra is not None:
                    clients["attacker"] = wrk(8, extra, "/", DURATION)
                print(f"## {title}")
                print(f"{'client':14} {'req/s':>9} {'p50':>9} {'p99':>9} {'requests':>9} {'non-2xx':>8}  socket errors")
                for name, process in clients.items():
                    figures = parse(process.communicate()[0])
                    print(f"{name:14} {figures['req/s']:>9} {figures['p50']:>9} {figures['p99']:>9} "
                          f"{figures['requests']:>9} {figures['non-2xx']:>8}  {figures['socket errors']}")
                print()
                time.sleep(3)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
