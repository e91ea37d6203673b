"""Requests per second under load, as ratios to the trivial endpoint measured in the same run (a
benchmark, not a test; this machine's 2 shared cores make absolute figures drift between runs).

The server is the one `make run` starts (gunicorn with grundy.serve's settings); wrk (Debian's
package) sends 50 connections for each case in turn, with a browser's Accept-Encoding:

- the trivial endpoint: a static file by its digest;
- a widget URL asked for again and again, as a class of 40 does (budget ≥ 50 %);
- the heaviest widget cold: the 24 × 24 Bomb grid with SG values, a different URL every request
  (budget ≥ 10 %);
- lesson pages, a Chinese one among them, and the course map (budget ≥ 70 %).

    .venv/bin/python bench/ratios.py [seconds per case, default 10]
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_weight import _free_port, _serve  # noqa: E402

COLD_SCRIPT = """
counter = 0
request = function()
  counter = counter + 1
  local path = "/w/grid?game=bomb&size=24&sg=1&cell=" .. (counter % 24 + 1) .. "," .. (math.floor(counter / 24) % 24 + 1)
    .. "&id=w" .. counter
  return wrk.format("GET", path, {["Accept-Encoding"] = "gzip, deflate, br", ["HX-Request"] = "true"})
end
"""


def wrk(url: str, seconds: int, script: str | None = None, fragment: bool = False) -> float:
    command = ["wrk", "-t2", "-c50", f"-d{seconds}s", "-H", "Accept-Encoding: gzip, deflate, br"]
    if fragment:
        command += ["-H", "HX-Request: true"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as lua:
        if script:
            lua.write(script)
            lua.flush()
            command += ["-s", lua.name]
        out = subprocess.run([*command, url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out:
        raise SystemExit(f"errors from {url}:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])  # type: ignore[index]


def main() -> None:
    if shutil.which("wrk") is None:
        raise SystemExit("bench/ratios.py needs wrk: sudo apt-get install wrk")
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    port = _free_port()
    server = _serve(port)
    base = f"http://127.0.0.1:{port}"
    try:
        home = urllib.request.urlopen(base + "/").read().decode()
        trivial = base + re.search(r'href="(/static/favicon\.svg\?v=[0-9a-f]+)"', home)[1]  # type: ignore[index]
        for url in (base + "/w/grid?game=bomb&size=24&sg=1", base + "/lessons/nim"):
            urllib.request.urlopen(url).read()  # warm the processes' engines and templates
        base_rate = wrk(trivial, seconds)
        rows = [
            ("widget asked again (P/N table, 300 cells, SG)", wrk(base + "/w/pn-table?upto=300&sg=1", seconds, fragment=True), 0.5),
            ("heaviest widget, cold (Bomb grid 24x24, SG)", wrk(base, seconds, COLD_SCRIPT), 0.1),
            ("lesson 4, Nim", wrk(base + "/lessons/nim", seconds), 0.7),
            ("lesson 5, Wythoff (the largest page)", wrk(base + "/lessons/wythoff", seconds), 0.7),
            ("lesson 4 in Chinese (/zh/, through the prefix)", wrk(base + "/zh/lessons/nim", seconds), 0.7),
            ("the course map (no cookie: kept in the memo)", wrk(base + "/", seconds), 0.7),
        ]
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"{'trivial endpoint (a static file)':50} {base_rate:9.0f} req/s")
    for label, rate, budget in rows:
        ratio = rate / base_rate
        print(f"{label:50} {rate:9.0f} req/s  {100 * ratio:6.1f} %  (budget ≥ {100 * budget:.0f} %: "
              f"{'ok' if ratio >= budget else 'UNDER'})")


if __name__ == "__main__":
    main()
