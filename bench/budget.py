"""The work budget, audited (a benchmark, not a test): every request the site accepts should take
at most 200 ms of server time on this machine, and every refusal at most 10 ms.

Each case is the worst a route accepts (its largest parameters) or a refusal an attacker would
send. It is measured twice: **cold**, the first request in a fresh process (every cache empty:
the subtraction tables, Wythoff's SG table, the computer's memo), and **warm**, the median of the
next 9. Cold is what an attacker sending new parameters forces, so cold is what the budget is.

    .venv/bin/python bench/budget.py            # every case, one fresh process each
    .venv/bin/python bench/budget.py --quick    # all in one process (cold only for the first)

Server time through Flask's test client: the app's own work (parsing, the engine, templates);
the network and gunicorn add a few hundred microseconds (see bench/load.py for the served site).
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "site"))

ACCEPTED_MS = 200
REFUSED_MS = 10

SET10 = "7,13,29,41,53,67,71,83,97,100"
BIG = ",".join(str(10**35 + 7 * i) for i in range(12))
WYTHOFF_K = "9" * 190

# (label, path and query, form to POST or None, the status it must get)
CASES: list[tuple[str, str, dict[str, str] | None, int]] = [
    ("home page", "/", None, 200),
    ("lesson 5 (the heaviest page)", "/lessons/wythoff", None, 200),
    ("pn-table, 10-element set, N=300, SG, step 300", f"/w/pn-table?rule=set&set={SET10}&upto=300&sg=1&step=300", None, 200),
    ("pn-table, Fibonacci rule, N=300, SG", "/w/pn-table?rule=fibonacci&upto=300&sg=1", None, 200),
    ("mex-steps, 10-element set, N=60, n=60", f"/w/mex-steps?rule=set&set={SET10}&upto=60&n=60", None, 200),
    ("take-away, 50 coins taken one by one (m=100)", "/w/take-away?rule=bash&m=100&start=50&moves=" + ",".join(["1"] * 49), None, 200),
    ("xor-columns, 12 heaps of 36 digits, last step", f"/w/xor-columns?heaps={BIG}&step=5", None, 200),
    ("period, 10-element set, n of 1000 digits", f"/w/period?set={SET10}&upto=200&n=" + "9" * 1000, None, 200),
    ("grid, Wythoff 24x24 SG, a cell", "/w/grid?game=wythoff&size=24&sg=1&cell=24,24", None, 200),
    ("grid, kiki 24x24 SG, step 600", "/w/grid?game=kiki&size=24&sg=1&step=600", None, 200),
    ("grid, Marbles 24x24 SG", "/w/grid?game=marbles&size=24&sg=1&cell=23,24", None, 200),
    ("grid, Bomb 24x24 SG, a cell", "/w/grid?game=bomb&size=24&sg=1&cell=24,24", None, 200),
    ("game-sum, 8 components incl. Wythoff 300,299", "/w/game-sum?nim=5,9&bash=7,100&m=3&sub=1000000,999999&set=1,3,4,7,11,20&wythoff=300,299%20299,300", None, 200),
    ("wythoff plot, span 200, 200-digit piles, huge k", f"/w/wythoff?a={'9' * 200}&b={'8' * 200}&span=200&k={WYTHOFF_K}", None, 200),
    ("wythoff plot, stepping: all 77 pairs", "/w/wythoff?a=120&b=190&span=200&step=77", None, 200),
    ("present: grid, Bomb 24x24 SG, step 576", "/present/grid?game=bomb&size=24&sg=1&step=576", None, 200),
    ("quiz: Wythoff level 3", "/quiz/q?game=wythoff&level=3&seed=11", None, 200),
    ("quiz: Bomb level 3", "/quiz/q?game=bomb&level=3&seed=11", None, 200),
    ("quiz: Kayles level 3", "/quiz/q?game=kayles&level=3&seed=11", None, 200),
    ("quiz: answer, misère Nim level 3", "/quiz/answer", {"game": "misere-nim", "level": "3", "seed": "4", "says": "N"}, 200),
    ("play: Nim 12,12,12,12, first reply (fresh search)", "/play/nim?start=12,12,12,12&moves=11,12,12,12", None, 200),
    ("play: misère Nim 10,10,10,10, first reply", "/play/misere-nim?start=10,10,10,10&moves=9,10,10,10", None, 200),
    ("refused: misère Nim 11,11,11,11 (search too long)", "/play/misere-nim?start=11,11,11,11", None, 400),
    ("play: Nim 45,45, first reply", "/play/nim?start=45,45&moves=44,45", None, 200),
    ("play: kiki 9x9;9x9, first reply", "/play/kiki?start=9x9;9x9&moves=8x9;9x9", None, 200),
    ("play: Marbles 6,6;4,5, first reply", "/play/marbles?start=6,6;4,5&moves=5,6;4,5", None, 200),
    ("play: Bomb 4,3;3,3, first reply", "/play/bomb?start=4,3;3,3&moves=1,3;3,1;4,3", None, 200),
    ("refused: Bomb 3,4;4,3 (24 cells)", "/play/bomb?start=3,4;4,3", None, 400),
    ("play: Kayles 20, first reply", "/play/kayles?start=20&moves=19", None, 200),
    ("play: Grundy's game 22, first reply", "/play/grundys-game?start=22&moves=1,21", None, 200),
    ("play: Wythoff 22,22 with hints", "/play/wythoff?start=22,22&hints=1", None, 200),
    ("play: every-SG 8 games of 1,20, hints (every option's steps)", "/play/every-euclid?start=" + ";".join(["1,20"] * 8) + "&hints=1", None, 200),
    ("refused: every-SG 8 games of 55,89 (144 turns: history too long)", "/play/every-euclid?start=" + ";".join(["55,89"] * 8) + "&first=computer", None, 400),
    ("refused: every-SG 8 games of 1,100 (history too long)", "/play/every-euclid?start=" + ";".join(["1,100"] * 8), None, 400),
    # Refusals: the stalling links, and one bad value per kind of parameter.
    ("refused: Wythoff 5x 0,0 + 3x 13,13", "/play/wythoff?start=0,0;0,0;0,0;0,0;0,0;13,13;13,13;13,13", None, 400),
    ("refused: Nim 0,0,0,0,37,37,37,37", "/play/nim?start=0,0,0,0,37,37,37,37", None, 400),
    ("refused: kiki 3x 1x1 + 5x 8x8", "/play/kiki?start=1x1;1x1;1x1;8x8;8x8;8x8;8x8;8x8", None, 400),
    ("refused: Marbles 6x 0,1 + 2x 18,19", "/play/marbles?start=0,1;0,1;0,1;0,1;0,1;0,1;18,19;18,19", None, 400),
    ("refused: subtraction 1..6, 7 heaps of 15", "/play/subtraction?set=1,2,3,4,5,6&start=0,15,15,15,15,15,15,15", None, 400),
    ("refused: Bomb 4,4;4,4;4,4", "/play/bomb?start=4,4;4,4;4,4", None, 400),
    ("refused: Grundy's game 200,200,200", "/play/grundys-game?start=200,200,200", None, 400),
    ("every-sg table 20, pairs 1,1000 and 999,1000, step 200", "/w/every-sg?size=20&pairs=1,1000%20999,1000&step=200&cell=20,19", None, 200),
    ("k-multiple, heap 10^12 - 1, k = 100 (the widget's largest)", "/w/k-multiple?n=999999999999&k=100", None, 200),
    ("k-multiple, heap 10^12 - 1, k = 2, every move listed", "/w/k-multiple?n=999999999999&k=2&cap=999999999999", None, 200),
    ("k-table, k = 93..100 up to 10^6", "/w/k-table?ks=93,94,95,96,97,98,99,100&upto=1000000", None, 200),
    ("coins, 32 heads, Mock Turtles", "/w/coins?row=" + "H" * 32, None, 200),
    ("present: coins, 32 heads, Ruler, step 2", "/present/coins?row=" + "H" * 32 + "&rule=ruler&step=2", None, 200),
    ("quiz: k-multiple level 3", "/quiz/q?game=k-multiple&level=3&seed=11", None, 200),
    ("quiz: Mock Turtles level 3", "/quiz/q?game=mock-turtles&level=3&seed=11", None, 200),
    ("play: k-multiple 57 (k = 2), computer first", "/play/k-multiple?k=2&start=57&first=computer", None, 200),
    ("play: Mock Turtles TTTTTTTH, computer first", "/play/mock-turtles?start=TTTTTTTH&first=computer", None, 200),
    ("refused: k-multiple 58 (search too long)", "/play/k-multiple?k=2&start=58", None, 400),
    ("refused: k-multiple 134:11 (a later move may take 33)", "/play/k-multiple?k=3&start=134:11", None, 400),
    ("refused: a ring of 25, K = 4 (its row has 90 moves)", "/play/circle?k=4&start=25", None, 400),
    ("refused: Mock Turtles, 13 coins", "/play/mock-turtles?start=TTTTTTTTTTTTH", None, 400),
    ("refused: k-multiple heap of 13 digits", "/w/k-multiple?n=" + "9" * 13, None, 400),
    ("refused: a move before the answer", "/quiz/move", {"game": "nim", "level": "1", "seed": "1", "after": "0"}, 400),
    ("refused: pn-table upto 10^1000", "/w/pn-table?upto=" + "9" * 1000, None, 400),
    ("refused: period with n of 5000 digits", "/w/period?n=" + "9" * 5000, None, 400),
    ("refused: a 10 KB set", "/w/pn-table?rule=set&set=" + "1," * 5000, None, 400),
]


def measure(index: int, repeat: int) -> dict[str, Any]:
    """Run one case in this process: the first request (cold), then ``repeat`` more (warm)."""
    from grundy import create_app

    label, url, form, expected = CASES[index]
    client = create_app().test_client()
    headers = {"HX-Request": "true"}

    def once() -> tuple[float, int]:
        start = time.perf_counter()
        if form is None:
            response = client.get(url, headers=headers)
        else:
            response = client.post(url, data=form, headers=headers | {"Sec-Fetch-Site": "same-origin"})
        return time.perf_counter() - start, response.status_code

    # The process warms up first on the same route with every value bad, or for a POST on
    # another question (templates compiled, modules imported, no engine cache for this case
    # touched): cold is then the request's own work, not the process's start-up.
    path, _, query = url.partition("?")
    keys = [pair.partition("=")[0] for pair in query.split("&") if pair] or ["x"]
    client.get("/")
    if form is None:
        client.get(path + "?" + "&".join(f"{k}=%00" for k in keys), headers=headers)
    else:
        # another question of the same game (its card's template compiled, this one not drawn)
        other = form | {"seed": str(int(form.get("seed", "0")) + 1000)}
        client.post(path, data=other, headers=headers | {"Sec-Fetch-Site": "same-origin"})
    cold, status = once()
    warm = [once()[0] for _ in range(repeat)]
    return {"label": label, "status": status, "expected": expected, "cold": cold, "warm": statistics.median(warm)}


def report(result: dict[str, Any]) -> bool:
    budget = REFUSED_MS if result["expected"] >= 400 else ACCEPTED_MS
    worst = 1000 * max(result["cold"], result["warm"])
    ok = result["status"] == result["expected"] and worst <= budget
    print(f"{result['label']:52} {result['status']:4d} cold {1000 * result['cold']:7.1f} ms  warm {1000 * result['warm']:7.1f} ms"
          f"  budget {budget:3d} ms  {'ok' if ok else 'OVER' if worst > budget else 'WRONG STATUS'}")
    return ok


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        print(json.dumps(measure(int(sys.argv[2]), 9)))
        return
    quick = "--quick" in sys.argv
    failures = 0
    for index in range(len(CASES)):
        if quick:
            result = measure(index, 9)
        else:
            out = subprocess.run([sys.executable, __file__, "--case", str(index)], capture_output=True, text=True, check=True)
            result = json.loads(out.stdout.strip().splitlines()[-1])
        failures += not report(result)
    print(f"\n{len(CASES) - failures} of {len(CASES)} within budget" + ("" if not failures else f"; {failures} not"))


if __name__ == "__main__":
    main()
