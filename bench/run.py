"""Benchmarks (not tests): server time per widget request and lesson page, and page weight.

Run with `make bench`. Figures are medians over repeated requests through Flask's test client
(no network), so they measure the app's own work: parsing, the engine and the templates.
"""
from __future__ import annotations

import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "site"))

from grundy import create_app  # noqa: E402
from grundy.games.takeaway import SubtractionSet, period  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engine  # noqa: E402

CASES = [
    ("pn-table default (Bash m=2, N=20)", "/w/pn-table", True),
    ("pn-table worst case (N=300, SG, Bash m=100)", "/w/pn-table?rule=bash&m=100&upto=300&sg=1", True),
    ("pn-table worst case stepping (Fibonacci, N=300, step 300)", "/w/pn-table?rule=fibonacci&upto=300&step=300&sg=1", True),
    ("pn-table 10-element set, N=300", "/w/pn-table?rule=set&set=7,13,29,41,53,67,71,83,97,100&upto=300", True),
    ("pn-table bad input (400)", "/w/pn-table?upto=-1", True),
    ("mex-steps worst case (N=60, n=60)", "/w/mex-steps?upto=60&n=60", True),
    ("xor-columns, 12 heaps below 10^36", "/w/xor-columns?heaps=" + ",".join(str(10**35 + 7 * i) for i in range(12)), True),
    ("period, |S|=10, 1000-digit n", "/w/period?set=7,13,29,41,53,67,71,83,97,100&upto=200&n=" + "9" * 1000, True),
    ("grid worst case (Wythoff 24x24, SG, a cell chosen)", "/w/grid?game=wythoff&size=24&sg=1&cell=24,24", True),
    ("grid Bomb 24x24 with SG", "/w/grid?game=bomb&size=24&sg=1&cell=24,24", True),
    ("game-sum, 8 mixed components", "/w/game-sum?nim=5,9&bash=7,100&m=3&sub=10,500&set=1,3,4&wythoff=20,33 60,59", True),
    ("wythoff plot, span 200", "/w/wythoff?a=120&b=190&span=200&k=102334155", True),
    ("play: Nim 3,4,5, learner moves, computer replies", "/play/nim?start=3,4,5&moves=1,4,5", True),
    ("play: Wythoff 4,9 with hints (outcome + SG of every move)", "/play/wythoff?start=4,9&hints=1", True),
    ("quiz: a Wythoff level-2 question", "/quiz/q?game=wythoff&level=2&seed=7", True),
    ("lesson 2, whole page (cached render)", "/lessons/p-and-n-positions", False),
    ("lesson 5, whole page (cached render)", "/lessons/wythoff", False),
]


def main() -> None:
    t0 = time.perf_counter()
    app = create_app()
    print(f"app start-up, all lessons rendered: {1000 * (time.perf_counter() - t0):.0f} ms")
    client = app.test_client()
    print(f"{'request':62} {'median':>9} {'bytes':>8}")
    for label, url, htmx in CASES:
        headers = {"HX-Request": "true"} if htmx else {}
        size = len(client.get(url, headers=headers).data)
        median = engine.median_seconds(lambda: client.get(url, headers=headers), 30)
        print(f"{label:62} {1000 * median:7.2f} ms {size:8d}")

    for label, form in [("quiz: answer a Nim level-3 question", {"game": "nim", "level": "3", "seed": "5", "says": "N"}),
                        ("quiz: answer a Wythoff level-2 question", {"game": "wythoff", "level": "2", "seed": "7", "says": "N"})]:
        median = engine.median_seconds(lambda: client.post("/quiz/answer", data=form, headers={"HX-Request": "true"}), 30)
        print(f"{label:62} {1000 * median:7.2f} ms")
    practice_searches()

    rule = SubtractionSet.of(7, 13, 29, 41, 53, 67, 71, 83, 97, 100)
    start = time.perf_counter()
    found = period(rule, search_limit=20_000)
    print(f"period search for |S|=10, max 100: {found} in {1000 * (time.perf_counter() - start):.0f} ms")

    weight = 0
    html = client.get("/lessons/p-and-n-positions").text
    for url in re.findall(r'(?:src|href)="(/(?:static|highlight)[^"]*)"', html):
        weight += len(client.get(url).data)
    print(f"lesson 2 page weight: HTML {len(html) / 1024:.0f} KiB + assets {weight / 1024:.0f} KiB (before fonts, uncompressed)")
    print()
    engine.main()


def practice_searches() -> None:
    """The computer's first move from the largest position each game allows, with an empty memo
    (later moves come from the memo): the cost that the play limits bound."""
    from grundy.practice import arena as arena_mod
    from grundy.practice.games import make_arena

    cases = [
        (make_arena("nim"), (12, 12, 12, 12)),
        (make_arena("misere-nim"), (10, 10, 10, 10)),
        (make_arena("bash", {"m": "20"}), (749,)),
        (make_arena("bash", {"m": "1"}), (749,)),
        (make_arena("nim"), (45, 45)),
        (make_arena("bash", {"m": "5"}), (20, 20, 20)),
        (make_arena("subtraction", {"set": "1,3,4"}), (20, 20, 20)),
        (make_arena("wythoff"), ((22, 22),)),
        (make_arena("wythoff"), ((5, 5), (5, 5))),
        (make_arena("kiki"), ((8, 8), (8, 8))),
        (make_arena("marbles"), ((6, 6), (4, 5))),
        (make_arena("bomb"), ((4, 3), (3, 3))),
        (make_arena("kayles"), (20,)),
        (make_arena("kayles"), (7, 8)),
        (make_arena("grundys-game"), (22,)),
    ]
    for arena, position in cases:
        assert arena.unplayable(position) is None, (arena, position)
        arena_mod._MEMOS.clear()
        start = time.perf_counter()
        arena.computer_move(position)
        rule = "".join(f" {k}={v}" for k, v in arena.rule_query().items())
        label = f"computer's first move, {arena.key}{rule} {arena.format(position)} (fresh search)"
        print(f"{label:62} {1000 * (time.perf_counter() - start):7.0f} ms")


if __name__ == "__main__":
    main()
