"""The most expensive request each computing route accepts, searched for and measured cold (a
benchmark, not a test): the work budget says every accepted request costs at most
budget.ACCEPTED_MS of server CPU time, cold, as right after a server start.

bench/budget.py measures a fixed list of cases, each the worst someone thought of; this one
*searches*. Candidates come from the registries and their bound constants, never from a list of
games or widgets written here:

- widgets (/w/<name>) and projections (/present/<name>): each widget's declared parameters
  (grundy.widgets.spec.Param: kind, lo, hi, choices, max_items) give values at and near their
  bounds plus random ones; the settings that combine them are the bounds together, a random
  sample, and then a local search from the costliest accepted ones (one parameter changed at a
  time, kept when the measured cost grows). Free-text parameters are written by TEXT below from
  each widget module's own constants;
- the quiz (/quiz/q, its answer and move POSTs): every practice game at every level, several
  seeds; the move is posted after the answer (as it only can be), once losing and once winning;
- play (/play/<game>): for every practice game (and rule values probed at their bounds) a hill
  climb over starts the game accepts (Arena.unplayable is None), growing the computer's search
  estimate; the largest it finds for each number of components are played with the computer
  first and with hints (the full search from the start, plus every move's outcome).

Each candidate is measured cold: the app is built once and warmed with one cheap request per
route (templates compiled, small tables made), then for every candidate a forked child issues
that one request and reports its CPU time (time.thread_time, so the load on the machine does not
count) and status over a pipe. The parent never runs a candidate, so every child starts from the
same warm-app, cold-caches state; candidates are generated in a forked child too.

    .venv/bin/python bench/worst.py            # the whole search (a few minutes)
    .venv/bin/python bench/worst.py --quick    # fewer seeds and samples
    .venv/bin/python bench/worst.py --save F   # also every measurement, as JSON, in F
    .venv/bin/python bench/worst.py --only /play/nim   # only the routes that start so
"""
from __future__ import annotations

import gc
import json
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from itertools import product
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "site"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from budget import ACCEPTED_MS  # noqa: E402  (one budget, read by both benchmarks)

QUICK = "--quick" in sys.argv
SEED = 2024  # every sample is drawn from this seed, so two runs try the same candidates
REPEAT = 3  # the costliest candidates are measured this many times; the least counts
CPU_CAP_S = 20  # a child still computing after this much CPU is stopped and reported as over
HX = {"HX-Request": "true"}
SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin"}


@dataclass
class Candidate:
    route: str  # "/w/grid", "/play/nim", "/quiz/answer": what the report groups by
    url: str  # path and query
    form: dict[str, str] | None = None  # POSTed when not None
    before: dict[str, str] | None = None  # a quiz answer POSTed (not timed) before the move
    move: str = ""  # quiz move: "losing" or "winning", typed in the child after the answer
    page: bool = False  # a whole page (no HX-Request), not the htmx fragment
    widget: str = ""  # for the local search: the widget and its arguments
    args: dict[str, str] = field(default_factory=dict)


@dataclass
class Result:
    candidate: Candidate
    status: int
    ms: float


# ------------------------------------------------------------------ measuring, in forked children


def in_child(work: Callable[[], Any]) -> Any:
    """Run ``work`` in a forked child and return what it returns (JSON over a pipe)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            signal.setitimer(signal.ITIMER_PROF, CPU_CAP_S)  # SIGPROF ends a runaway request
            out = json.dumps({"ok": work()})
        except BaseException as error:  # noqa: BLE001 (reported to the parent)
            out = json.dumps({"error": repr(error)[:300]})
        with os.fdopen(write, "w") as pipe:
            pipe.write(out)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        return {"error": f"child ended with status {status} (over {CPU_CAP_S} s CPU?)"}
    return json.loads(data)


def measure(app: Any, c: Candidate) -> Result:
    def work() -> tuple[int, float]:
        client = app.test_client()
        headers = {} if c.page else dict(HX)
        form = c.form
        if form is not None:
            headers |= _token(client)
        if c.before is not None:
            client.post("/quiz/answer", data=c.before, headers=headers | SAME_ORIGIN)
            form = dict(c.form or {}) | {"after": _quiz_move(c.before, c.move)}
        start = time.thread_time()
        if form is None:
            response = client.get(c.url, headers=headers)
        else:
            response = client.post(c.url, data=form, headers=headers | SAME_ORIGIN)
        spent = time.thread_time() - start
        return response.status_code, spent

    got = in_child(work)
    if "error" in got:
        return Result(c, 599, CPU_CAP_S * 1000.0)  # a crash or a runaway counts as over
    status, spent = got["ok"]
    return Result(c, status, 1000 * spent)


def _token(client: Any) -> dict[str, str]:
    """The session's CSRF token (web/csrf.py), read from a quiz card's form as a browser has it
    (the card drawn is warm()'s, cheap and already warm); sent as a script sends it."""
    import re

    from grundy.web import csrf

    page = client.get("/quiz/q?game=nim&level=1&seed=0", headers=HX).get_data(as_text=True)
    found = re.search(f'name="{csrf.FIELD}" value="([^"]+)"', page)
    return {csrf.HEADER: found.group(1)} if found else {}


def _quiz_move(answer: dict[str, str], pick: str) -> str:
    """In the child, after the answer (which already worked the position out): a move that loses
    or wins, as the learner would type it."""
    from grundy.practice import quiz as quiz_mod

    q = quiz_mod.question(answer["game"], int(answer["level"]), int(answer["seed"]))
    moves = q.arena.moves(q.position)
    chosen = [m for m in moves if (q.arena.outcome(m.after) == "P") == (pick == "winning")] or moves
    return q.arena.format(chosen[0].after)


# ------------------------------------------------------------------ widgets and projections


def _text_values(widget: str, name: str, rng: random.Random) -> list[str] | None:
    """Free-text parameters at and near their bounds, from the widget module's own constants
    (None: a text parameter this benchmark does not know yet, reported so it gets one)."""
    from grundy.widgets import coin_row, every_sg, game_sum, grid, period, ring, take_away, wythoff_plot

    def pairs(count: int, hi: int, lo: int = 0) -> str:
        return " ".join(f"{rng.randint(lo, hi)},{rng.randint(lo, hi)}" for _ in range(count))

    table: dict[tuple[str, str], Callable[[], list[str]]] = {
        ("coins", "row"): lambda: ["H" * coin_row.MAX_ROW, "T" * (coin_row.MAX_ROW - 1) + "H",
                                   "".join(rng.choice("HT") for _ in range(coin_row.MAX_ROW))],
        ("every-sg", "cell"): lambda: [f"{every_sg.MAX_PILE},{every_sg.MAX_PILE - 1}", f"1,{every_sg.MAX_PILE}",
                                       f"{every_sg.MAX_SIZE},{every_sg.MAX_SIZE - 1}", pairs(1, every_sg.MAX_PILE), ""],
        ("every-sg", "pairs"): lambda: [
            " ".join(f"{every_sg.MAX_PILE - i},{every_sg.MAX_PILE - 2 * i - 1}" for i in range(every_sg.MAX_PAIRS)),
            " ".join(f"{1 + i},{every_sg.MAX_PILE - i}" for i in range(every_sg.MAX_PAIRS)),
            pairs(every_sg.MAX_PAIRS, every_sg.MAX_PILE, 1), pairs(every_sg.MAX_PAIRS, every_sg.MAX_PILE, 1), ""],
        ("game-sum", "wythoff"): lambda: [
            " ".join(f"{game_sum.SG_MAX_PILE - i},{game_sum.SG_MAX_PILE - i - 1}" for i in range(game_sum.MAX_PARTS)),
            f"{game_sum.SG_MAX_PILE},{game_sum.SG_MAX_PILE}", pairs(2, game_sum.SG_MAX_PILE), ""],
        ("grid", "cell"): lambda: [f"{grid.MAX_SIZE},{grid.MAX_SIZE}", f"{grid.MAX_SIZE},{grid.MAX_SIZE - 1}",
                                   f"1,{grid.MAX_SIZE}", ""],
        ("period", "n"): lambda: ["9" * period.MAX_DIGITS, str(10 ** (period.MAX_DIGITS - 1) + rng.randrange(10**6)), "0"],
        ("ring", "moves"): lambda: [",".join(str(i) for i in range(1, ring.MAX_N + 1)),
                                    ",".join(str(i) for i in range(1, ring.MAX_N, 2)), ""],
        ("ring", "keep"): lambda: [",".join(str(i) for i in range(1, ring.MAX_N + 1)), ""],
        ("take-away", "moves"): lambda: [",".join(["1"] * (take_away.MAX_START - 1)), ",".join(["1"] * take_away.MAX_START),
                                         ",".join(["2"] * (take_away.MAX_START // 2 - 1)), ""],
        ("wythoff", "a"): lambda: ["9" * wythoff_plot.MAX_DIGITS, str(wythoff_plot.MAX_SPAN), str(rng.randint(0, 10**6))],
        ("wythoff", "b"): lambda: ["8" * wythoff_plot.MAX_DIGITS, str(wythoff_plot.MAX_SPAN - 1), str(rng.randint(0, 10**6))],
        ("wythoff", "k"): lambda: ["9" * wythoff_plot.MAX_DIGITS, "1" + "0" * (wythoff_plot.MAX_DIGITS - 1), ""],
    }
    make = table.get((widget, name))
    return make() if make else None


def param_values(widget: str, q: Any, rng: random.Random) -> list[str]:
    """Values of one parameter at and near its bounds, and a random one; "" leaves it out."""
    if q.kind == "int":
        values = [str(q.hi), str(q.hi - 1), str(q.lo), str(rng.randint(q.lo, q.hi))]
        return values + ([""] if q.default == "" else [])
    if q.kind == "choice":
        return list(q.choices)
    if q.kind in ("flag", "hide"):
        return ["1", "0"]
    if q.kind in ("int-list", "int-set"):
        n = q.max_items
        top = [str(q.hi - i) for i in range(n)]
        values = [",".join(top), ",".join(str(q.lo + 1 + i) for i in range(n)), str(q.hi),
                  ",".join(str(rng.randint(q.lo, q.hi)) for _ in range(n)), ",".join(top[: max(1, n // 2)])]
        if q.kind == "int-list":
            values.append(",".join([str(q.hi)] * n))
        return values
    text = _text_values(widget, q.name, rng)
    if text is None:
        print(f"  (no values for {widget}'s text parameter {q.name!r}: only its default is tried)")
        return [q.default]
    return text


def widget_candidates(rng: random.Random) -> list[Candidate]:
    from grundy.web.widgets import PRESENTABLE
    from grundy.widgets import WIDGETS

    found = []
    for name, widget in WIDGETS.items():
        values = {q.name: param_values(name, q, rng) for q in widget.params}
        switches = [q.name for q in widget.params if q.kind in ("choice", "flag", "hide")]
        combos: list[dict[str, str]] = []
        # the bounds together, under every setting of the switches (sampled when there are many)
        settings = list(product(*(values[s] for s in switches)))
        for setting in rng.sample(settings, min(len(settings), 12 if QUICK else 32)):
            combos.append({k: v[0] for k, v in values.items()} | dict(zip(switches, setting)))
        for _ in range(25 if QUICK else 70):
            combos.append({k: rng.choice(v) for k, v in values.items()})
        for args in combos:
            args = {k: v for k, v in args.items() if v != ""}
            found.append(_widget_candidate("/w", name, args))
            if name in PRESENTABLE:
                found.append(_widget_candidate("/present", name, args))
    return found


def _widget_candidate(prefix: str, name: str, args: dict[str, str]) -> Candidate:
    url = f"{prefix}/{name}" + ("?" + urlencode(args) if args else "")
    return Candidate(f"{prefix}/{name}", url, widget=name, args=args)


def neighbours(c: Candidate, rng: random.Random, count: int) -> list[Candidate]:
    """The local search's step: the same settings with one parameter changed."""
    from grundy.widgets import WIDGETS

    widget = WIDGETS[c.widget]
    out = []
    for _ in range(count):
        q = rng.choice(widget.params)
        value = rng.choice(param_values(c.widget, q, rng))
        args = {k: v for k, v in (c.args | {q.name: value}).items() if v != ""}
        out.append(_widget_candidate(c.route.rsplit("/", 1)[0], c.widget, args))
    return out


# ------------------------------------------------------------------ the quiz


def quiz_candidates(rng: random.Random) -> list[Candidate]:
    from grundy.practice import quiz as quiz_mod
    from grundy.practice.games import SPECS

    seeds = [0, quiz_mod.MAX_SEED] + [rng.randint(0, quiz_mod.MAX_SEED) for _ in range(2 if QUICK else 5)]
    found = []
    for game in SPECS:
        for level in quiz_mod.LEVELS:
            for seed in seeds:
                ask = {"game": game, "level": str(level), "seed": str(seed)}
                found.append(Candidate("/quiz/q", "/quiz/q?" + urlencode(ask)))
                found.append(Candidate("/quiz/answer", "/quiz/answer", form=ask | {"says": "N"}))
                if quiz_mod.question(game, level, seed).verdict() == "N":  # P and D have no move to find
                    for pick in ("losing", "winning"):
                        found.append(Candidate("/quiz/move", "/quiz/move", form=dict(ask), before=ask | {"says": "N"},
                                               move=pick))
    return found


# ------------------------------------------------------------------ play


def rule_variants(spec: Any) -> list[dict[str, str]]:
    """The rules a game's URL may set, probed at their bounds: for each rule key its default, the
    quiz's draws, and the largest number (or longest set of the largest amounts) its check
    accepts. Games without rule keys have one rule."""
    from grundy.games.core import GameError

    def accepts(check: Callable[[str], str], raw: str) -> bool:
        try:
            check(raw)
            return True
        except (GameError, ValueError):
            return False

    def largest(ok: Callable[[int], bool], lo: int = 1, most: int = 10**7) -> int:
        hi = lo
        while hi < most and ok(hi * 2):
            hi *= 2
        top = min(hi * 2, most + 1)  # ok(hi), not ok(top) (or top past the probe)
        while top - hi > 1:
            mid = (hi + top) // 2
            hi, top = (mid, top) if ok(mid) else (hi, mid)
        return hi

    variants: list[dict[str, str]] = [dict(spec.default_rule)]
    for key, check in spec.rule_keys.items():
        values = {spec.default_rule[key]}
        for level in (1, 2, 3):
            for s in range(3):
                rule, _position = spec.draw(random.Random(s), level, "N")
                values.add(rule.get(key, spec.default_rule[key]))
        if accepts(check, "1,2"):  # a set of amounts
            top = largest(lambda v: accepts(check, str(v)))
            size = largest(lambda n: accepts(check, ",".join(map(str, range(1, n + 1)))), most=10**3)
            values |= {",".join(map(str, range(1, size + 1))), ",".join(map(str, range(top - size + 1, top + 1))), str(top),
                       "1", f"{top - 1},{top}"}
        elif accepts(check, "1"):
            top = largest(lambda v: accepts(check, str(v)))
            values |= {"1", "2", str(top), str(top - 1)}
        variants += [dict(spec.default_rule) | {key: v} for v in sorted(values) if accepts(check, v)]
    unique = {tuple(sorted(v.items())): v for v in variants}
    return list(unique.values())


def _leaves(c: Any) -> list[tuple[int, ...]]:
    if isinstance(c, int):
        return [()]
    return [(i, *rest) for i, part in enumerate(c) for rest in _leaves(part)]


def _bump(c: Any, path: tuple[int, ...], delta: int) -> Any:
    if not path:
        return c + delta
    i = path[0]
    return c[:i] + (_bump(c[i], path[1:], delta),) + c[i + 1 :]


def mutate(position: tuple[Any, ...], rng: random.Random, most: int) -> tuple[Any, ...] | None:
    """A neighbour of a start: one number bumped, a component copied, a tuple component lengthened
    (a longer staircase or row of coins) or a component dropped."""
    if not position:
        return None
    i = rng.randrange(len(position))
    c = position[i]
    roll = rng.random()
    if roll < 0.6:
        path = rng.choice(_leaves(c))
        delta = rng.choice((1, 1, 1, 2, 3, 5, 10, 50, -1))
        new = _bump(c, path, delta)
        return position[:i] + (new,) + position[i + 1 :]
    if roll < 0.8:
        return position + (c,) if len(position) < most else None
    if roll < 0.9 and isinstance(c, tuple) and c:
        return position[:i] + (c + (rng.choice(c),),) + position[i + 1 :]
    return position[:i] + position[i + 1 :] if len(position) > 1 else None


def play_candidates(rng: random.Random) -> list[Candidate]:
    from grundy.games.core import GameError
    from grundy.practice import arena as arena_mod
    from grundy.practice.games import SPECS

    found = []
    trials = 150 if QUICK else 400
    for key, spec in SPECS.items():
        for rule in rule_variants(spec):
            arena = spec.arena(rule)

            def accepted(position: tuple[Any, ...]) -> tuple[Any, ...] | None:
                try:
                    if any(isinstance(v, int) and v < 0 for c in position for v in _flat(c)):
                        return None
                    text = arena.format(position)
                    parsed = arena.parse(text)
                    if arena.unplayable(parsed) is None and arena.can_move(parsed):
                        return parsed
                except (GameError, ValueError, TypeError, IndexError, KeyError):
                    pass
                return None

            def score(position: tuple[Any, ...]) -> tuple[int, int]:
                # the computer's search estimate; every-SG has none (its turns are looked up),
                # so there the number of moves a game may last
                work = arena.search_work(position)
                length = sum(arena.family.longest(c) for c in position) if arena.every_turn else 0
                return work + length, sum(v for c in position for v in _flat(c))

            seeds = [spec.start] + [spec.random_start(rng) for _ in range(5)]
            best: dict[int, tuple[tuple[int, int], tuple[Any, ...]]] = {}
            for seed_text in seeds:
                try:
                    here = arena.parse(seed_text)
                except GameError:
                    continue
                if accepted(here) is None:
                    continue
                here_score = score(here)
                for _ in range(trials):
                    new = mutate(here, rng, arena_mod.MAX_COMPONENTS)
                    kept = accepted(new) if new is not None else None
                    if kept is None:
                        continue
                    s = score(kept)
                    if s >= here_score:
                        here, here_score = kept, s
                        if len(here) not in best or s > best[len(here)][0]:
                            best[len(here)] = (s, here)
            for _score, position in best.values():
                start = arena.format(position)
                for extra in ({"first": "computer", "hints": "1"}, {"hints": "1"}):
                    query = rule | {"start": start} | extra
                    found.append(Candidate(f"/play/{key}", f"/play/{key}?" + urlencode(query, safe=",;:/")))
        arena_mod._DECISIONS.clear()
        found.append(Candidate(f"/play/{key}", f"/play/{key}?random=1"))
    return found


def _flat(c: Any) -> Iterator[int]:
    if isinstance(c, int):
        yield c
    else:
        for part in c:
            yield from _flat(part)


# ------------------------------------------------------------------ the run


def warm(app: Any) -> None:
    """One cheap request per route: modules imported, templates compiled, the small defaults'
    tables made, as on a server that has answered a few requests."""
    from grundy.practice.games import SPECS
    from grundy.web.widgets import PRESENTABLE
    from grundy.widgets import WIDGETS

    client = app.test_client()
    for name in WIDGETS:
        client.get(f"/w/{name}", headers=HX)
        client.get(f"/w/{name}")
    for name in PRESENTABLE:
        client.get(f"/present/{name}", headers=HX)
        client.get(f"/present/{name}")
    for game in SPECS:
        client.get(f"/play/{game}", headers=HX)
        client.get(f"/quiz/q?game={game}&level=1&seed=0", headers=HX)
    ask = {"game": "nim", "level": "1", "seed": "0"}
    token = _token(client)
    client.post("/quiz/answer", data=ask | {"says": "N"}, headers=HX | SAME_ORIGIN | token)
    client.post("/quiz/move", data=ask | {"after": "0,0,0"}, headers=HX | SAME_ORIGIN | token)


def main() -> None:
    from grundy import create_app

    started = time.time()
    app = create_app({"TESTING": True})
    warm(app)
    gc.collect()
    gc.freeze()  # the children's collections leave the app's objects alone (no copy-on-write noise)
    rng = random.Random(SEED)

    def generate() -> list[dict[str, Any]]:
        cands = widget_candidates(rng) + quiz_candidates(rng) + play_candidates(rng)
        return [asdict(c) for c in cands]

    got = in_child(generate)  # the engine's caches the generation fills stay in that child
    if "error" in got:
        raise SystemExit(f"generating candidates failed: {got['error']}")
    candidates = [Candidate(**c) for c in got["ok"]]
    if "--only" in sys.argv:  # one kind of route: --only /play (or /play/nim, /w, /quiz, ...)
        only = sys.argv[sys.argv.index("--only") + 1]
        candidates = [c for c in candidates if c.route.startswith(only)]
    print(f"{len(candidates)} candidates from the registries ({time.time() - started:.0f} s); measuring each cold")

    results = [measure(app, c) for c in candidates]
    # The local search: from the costliest accepted settings of each widget route, one
    # parameter changed at a time, kept while the cost grows.
    for _round in range(2 if QUICK else 3):
        tops = _worst_by_route([r for r in results if r.candidate.widget], per_route=3)
        more = [n for r in tops for n in neighbours(r.candidate, rng, 4 if QUICK else 8)]
        results += [measure(app, c) for c in more]
    # The costliest again, each REPEAT times in a fresh child and its least CPU time kept (other
    # processes on the machine slow a child's CPU too: caches, memory, the clock), as fragments
    # and as whole pages (a reader without htmx, a link opened in a tab).
    accepted = [r for r in results if r.status == 200]
    costly = sorted(accepted, key=lambda r: -r.ms)[:15] + _worst_by_route(accepted, per_route=3)
    unique = {(r.candidate.url, json.dumps(r.candidate.form)): r.candidate for r in costly}
    again = [replace(c, page=page) for c in unique.values() for page in (False, True)]
    confirmed = [least(app, c, REPEAT) for c in again]
    report(results, confirmed, time.time() - started)
    if "--save" in sys.argv:  # every measurement, for a closer look: --save FILE
        with open(sys.argv[sys.argv.index("--save") + 1], "w") as out:
            json.dump([asdict(r) for r in results + confirmed], out)


def least(app: Any, c: Candidate, repeat: int) -> Result:
    """The least CPU time of ``repeat`` cold runs (each in its own child)."""
    runs = [measure(app, c) for _ in range(repeat)]
    return min(runs, key=lambda r: r.ms)


def _worst_by_route(results: list[Result], per_route: int) -> list[Result]:
    by_route: dict[str, list[Result]] = {}
    for r in results:
        if r.status == 200:
            by_route.setdefault(r.candidate.route, []).append(r)
    return [r for rs in by_route.values() for r in sorted(rs, key=lambda r: -r.ms)[:per_route]]


def _said(c: Candidate) -> str:
    said = c.url if c.form is None else f"POST {c.url} {urlencode(c.form)}"
    if c.before is not None:
        said += f" ({c.move} move, after the answer)"
    said += " [whole page]" if c.page else ""
    return said if len(said) <= 180 else said[:180] + "…"  # the whole URL is in --save's file


def report(results: list[Result], confirmed: list[Result], seconds: float) -> None:
    accepted = [r for r in results if r.status == 200]
    crashed = [r for r in results if r.status >= 500]
    print(f"\n{len(results)} requests measured in {seconds:.0f} s: {len(accepted)} accepted, "
          f"{sum(400 <= r.status < 500 for r in results)} refused, {len(crashed)} failed; load average "
          f"{os.getloadavg()[1]:.1f} on {os.cpu_count()} cores (CPU time still grows with the load: "
          f"an idle core takes less)")
    for r in crashed[:10]:
        print(f"  FAILED {r.status}: {_said(r.candidate)}")
    print(f"\nThe most expensive accepted request per route (CPU ms, cold, least of {REPEAT} runs; budget {ACCEPTED_MS} ms):")
    for r in sorted(_worst_by_route(confirmed, 1), key=lambda r: r.candidate.route):
        mark = "" if r.ms <= ACCEPTED_MS else "  OVER"
        print(f"  {r.candidate.route:22} {r.ms:7.1f}{mark}  {_said(r.candidate)}")
    print("\nThe ten most expensive accepted requests:")
    top = sorted((r for r in confirmed if r.status == 200), key=lambda r: -r.ms)
    ten: dict[tuple[str, str], Result] = {}  # one line a request: its fragment or page, whichever cost more
    for r in top:
        ten.setdefault((r.candidate.url, json.dumps(r.candidate.form)), r)
    for r in list(ten.values())[:10]:
        mark = "" if r.ms <= ACCEPTED_MS else "  OVER"
        print(f"  {r.ms:7.1f}{mark}  {_said(r.candidate)}")
    over = [r for r in top if r.ms > ACCEPTED_MS]
    print(f"\n{len(over)} accepted requests over {ACCEPTED_MS} ms" if over else
          f"\nevery accepted request within {ACCEPTED_MS} ms")


if __name__ == "__main__":
    main()
