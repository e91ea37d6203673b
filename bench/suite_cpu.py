"""Where the test suite's time goes, in CPU seconds (a benchmark, not a test): `make test` is
CPU-bound on two cores, so its wall time is about its CPU seconds over two, and CPU seconds,
unlike wall time, barely move when something else shares the machine.

Each selection of tests runs alone, as `make test` runs it (pytest-xdist, ``-n 2``), in a control
group of its own (cgroup v1's ``cpuacct``, which counts every process of the group, Chromium's
renderers included, however short they live), with Chromium moved into a second group by a
wrapper given to the browser tests as ``GRUNDY_CHROMIUM``: so the figures split the test
processes (Python: the app, the tests, Playwright's client) from the browser.

    .venv/bin/python bench/suite_cpu.py                       # the suite's parts, as below
    .venv/bin/python bench/suite_cpu.py tests/browser/test_accessibility.py -- -k lessons

Needs root (it makes control groups) and cgroup v1's cpuacct mounted at /sys/fs/cgroup/cpuacct
(this project's machines have it); elsewhere it says so and stops.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.browser.conftest import HEADLESS_SHELL  # noqa: E402  (the one place the browser is named)

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
PYTHON = ROOT / ".venv" / "bin" / "python"
# the browser the tests drive (tests/browser/conftest.py), or another to compare: SUITE_CHROMIUM=/usr/bin/chromium
CHROMIUM = os.environ.get("SUITE_CHROMIUM") or shutil.which(HEADLESS_SHELL) or f"/usr/bin/{HEADLESS_SHELL}"
# The suite in parts: what make test runs, split where the time goes.
PARTS = {
    "fuzz": ["tests/test_fuzz.py"],
    "browser": ["-m", "browser"],
    "rest": ["-m", "not browser", "--ignore=tests/test_fuzz.py"],
}


def usage(group: Path) -> float:
    return int((group / "cpuacct.usage").read_text()) / 1e9


def run(name: str, args: list[str]) -> tuple[float, float, float]:
    """Wall seconds, the test processes' CPU seconds and Chromium's, of one pytest run."""
    with tempfile.TemporaryDirectory() as folder:
        tests, browser = CPUACCT / f"grundy-bench-{os.getpid()}-tests", CPUACCT / f"grundy-bench-{os.getpid()}-chromium"
        tests.mkdir()
        browser.mkdir()
        wrapper = Path(folder) / "chromium"
        wrapper.write_text(f"#!/bin/sh\necho $$ > {browser}/cgroup.procs\nexec {CHROMIUM} \"$@\"\n")
        wrapper.chmod(0o755)
        env = {**os.environ, "GRUNDY_CHROMIUM": str(wrapper)}
        command = [str(PYTHON), "-m", "pytest", "-q", "-n", "2", "--dist", "worksteal", "-p", "no:cacheprovider", *args]
        started = time.monotonic()
        # the child joins the tests' group before it starts pytest, so every process it makes is counted
        process = subprocess.Popen(["sh", "-c", f'echo $$ > {tests}/cgroup.procs && exec "$@"', "sh", *command],
                                   cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        out, _ = process.communicate()
        wall = time.monotonic() - started
        figures = wall, usage(tests), usage(browser)
        tests.rmdir()
        browser.rmdir()
    last = out.strip().splitlines()[-1] if out.strip() else ""
    print(f"  {name:<10} {last}", flush=True)
    if process.returncode:
        print(out[-3000:], file=sys.stderr)
    return figures


def main() -> None:
    if os.geteuid() != 0 or not (CPUACCT / "cpuacct.usage").exists():
        sys.exit("bench/suite_cpu.py needs root and cgroup v1's cpuacct at /sys/fs/cgroup/cpuacct")
    if len(sys.argv) > 1:
        paths, _, extra = " ".join(sys.argv[1:]).partition(" -- ")
        parts = {"selection": paths.split() + extra.split()}
    else:
        parts = PARTS
    rows = {name: run(name, args) for name, args in parts.items()}
    total = sum(tests + browser for _wall, tests, browser in rows.values())
    print(f"\n{'part':<10} {'wall s':>8} {'tests CPU s':>12} {'Chromium CPU s':>15} {'share':>6}")
    for name, (wall, tests, browser) in rows.items():
        print(f"{name:<10} {wall:8.0f} {tests:12.0f} {browser:15.0f} {100 * (tests + browser) / total:5.0f}%")
    print(f"{'all':<10} {'':>8} {total:12.0f} CPU s in all: about {total / 2:.0f} s of wall time on two idle cores")


if __name__ == "__main__":
    main()
