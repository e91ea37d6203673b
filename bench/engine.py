"""Engine benchmarks (issue 3's targets), printed as measured / target."""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "site"))
sys.set_int_max_str_digits(0)

from grundy.games import nim, wythoff  # noqa: E402
from grundy.games.takeaway import SubtractionSet, grundy, grundy_values, period  # noqa: E402


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def report(label: str, seconds: float, target: float) -> None:
    verdict = "ok" if seconds <= target else "MISSED"
    print(f"{label:64} {seconds * 1000:10.2f} ms   target {target * 1000:8.0f} ms   {seconds / target:5.2f}× of target  {verdict}")


def main() -> None:
    ten = SubtractionSet(frozenset({7, 13, 29, 41, 53, 67, 71, 83, 97, 100}))
    report("SG table, |S| = 10 (max 100), n = 0..10^6", median_seconds(lambda: grundy_values(ten, 10**6), 3), 2.0)
    one_to_ten = SubtractionSet(frozenset(range(1, 11)))
    report("SG table, S = {1..10}, n = 0..10^6", median_seconds(lambda: grundy_values(one_to_ten, 10**6), 3), 2.0)

    p = period(ten)
    grundy(ten, 10**18)  # the period is found (and cached) here
    report(f"SG(10^18) with the period known ({p})", median_seconds(lambda: grundy(ten, 10**18), 50), 0.010)

    rng = random.Random(1)
    k = rng.randrange(10**9999, 10**10000)
    a, b = wythoff.p_position(k)
    b += 12345
    report("Wythoff is-P, 10,000-digit piles", median_seconds(lambda: wythoff.is_p(a, b), 20), 0.050)
    report("Wythoff every winning move, 10,000-digit piles", median_seconds(lambda: wythoff.winning_moves(a, b), 10), 0.050)

    heaps = [rng.randrange(1, 10**9) for _ in range(10**5)]
    report("Nim outcome, 10^5 heaps", median_seconds(lambda: nim.outcome(heaps), 20), 0.050)
    report("Nim every winning move, 10^5 heaps", median_seconds(lambda: nim.winning_moves(heaps), 20), 0.050)

    start = time.perf_counter()
    found = wythoff.first_float_failure()
    report(f"first k where the double formula fails ({found})", time.perf_counter() - start, 1.0)


if __name__ == "__main__":
    main()
