"""Slow clients for a load measurement (not a test): N sockets to a server on this machine, each
sending one more header line every 2 seconds and never finishing its request, for S seconds.

    python bench/slow_clients.py 40 8000 25 &   # then: wrk -t2 -c10 -d12s --latency http://127.0.0.1:8000/

Only 127.0.0.1 is ever a target; the loop stops by itself after S seconds. (bench/load.py runs
the same clients itself, beside its class of wrk connections.)
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import slow_clients  # noqa: E402

if __name__ == "__main__":
    n, port, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    slow_clients(n, seconds, port).join()
