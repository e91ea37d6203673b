"""Every route, every parameter, adversarial values: never a 5xx, never a traceback, always the
security headers. Routes come from the app's url_map and parameters from the registries (widget
specs, practice specs, families), so a new route or parameter is fuzzed without a hand list."""
from __future__ import annotations

import itertools
import re
import time
from functools import cache

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from grundy.practice.every import PICKS, EveryArena
from grundy.web import csrf
from grundy.practice.games import SPECS
from grundy.widgets import WIDGETS
from tests.conftest import quick, shared_app

NASTY = [
    "", " ", "0", "-1", "1e9", "²", "①", "٣", "३", "10" * 500, "9" * 1000, "9" * 5000, "１２", "1,,2", ",", ";", "x" * 10_000, "\x00",
    "\x1b[31m", "%ff", "<script>alert(1)</script>", "' OR 1=1 --", "none", "random", "1,2;3,4", "4x5", "0,0;0,0;0,0",
    "²,1", "3,①", "1,²;2,3", "٣x٤", "1,2,²", "²/1", "1/2/3", "../../etc/passwd", "Infinity", "NaN", "True", "[]", "{}", "row5", "20:6", ".77", "\u202e", "🂡",
    # as a Chinese phone types (issue 27.2): full-width digits, letters and punctuation, 、 and the ideographic space
    "３，５", "（３，５）；（２，７）", "３\u3000５", "5、3、1", "ＡＣＥ３４７", "○9", "环 8", "-0", "١٢，３", "ﷺ" * 300,
]
FUZZ_ADDRESS = "192.0.2.77"  # a documentation address (RFC 5737)
# Mostly the hand-picked nasty values (each key meets each of them often), some random text and numbers.
values = st.one_of(*[st.sampled_from(NASTY)] * 6, st.text(max_size=40), st.integers(-10**6, 10**40).map(str))


# Flask's reserved words (url_for's endpoint, _method, _external…) that must stay data: a route
# that passed the query on to url_for would fail on the key itself, whatever its value.
RESERVED = ["endpoint", "_method", "_external", "_anchor", "id", "was"]
# Every widget's buttons (grundy.widgets.base.Widget.buttons), each met on every widget: its own
# widget reads it, the others never do (test_a_key_a_route_never_reads_changes_nothing).
BUTTONS = sorted({b for w in WIDGETS.values() for b in w.buttons})
QUIZ_KEYS = ["game", "level", "seed", "says", "after"]


def _keys(path: str) -> list[str]:
    """The query keys worth fuzzing on a path: its own registry's parameters (the widget's
    declared ones and its buttons, the practice game's rule and play keys), and RESERVED."""
    reserved = RESERVED
    name = path.rstrip("/").rsplit("/", 1)[-1]
    if path.startswith(("/w/", "/present/")) and name in WIDGETS:
        return [p.name for p in WIDGETS[name].params] + BUTTONS + reserved
    if path.startswith(("/play", "/quiz")):
        rule_keys = sorted({k for s in SPECS.values() for k in s.rule_keys})
        return rule_keys + ["start", "first", "moves", "hints", "random", *QUIZ_KEYS, *PICKS] + reserved
    if path.startswith("/problems"):
        return ["topic", "judge"] + reserved
    if path.startswith(("/class", "/join", "/take")):
        return ["code", "explore", "round", "says", "after", "game", "level", "position", "url", "view", "locked",
                "show", "token", "key", "csrf_token", *LECTURE_KEYS] + reserved
    return reserved


# What only a class's instructor may do: the fuzz's client is not the instructor, and is refused
# at the door before any field but the CSRF token is read.
TEACHER_ONLY = re.compile(r"/class/[^/]+/(teach|teach/live|screen|screen/live|summary\.csv|round|reveal|end|lock|view|bar|handover|handover/revoke"
                          r"|close|revote|plan|plan\.txt|next)")
# A lecture's fields (grundy.web.classroom.voting): the rule beside the game in the command line's
# option names, the countdown, a previewed draw's seed, the prepared list and its lines, a nickname.
LECTURE_KEYS = ["rule", "set", "max", "k", "misere", "seconds", "seed", "preview", "plan", "line", "nickname", "file",
                "kind"]  # the kind of question (grundy.web.classroom.kinds)


# The keys a route reads, where it reads fewer than ``_keys`` offers it (as its code shows): the
# others are unread, as test_a_key_a_route_never_reads_changes_nothing shows.
READS = {
    ("GET", "/quiz/q"): {"game", "level", "seed"},
    ("GET", "/quiz/answer"): {"game", "level", "seed"},  # a bookmark of a posted answer: back to the question
    ("GET", "/quiz/move"): {"game", "level", "seed"},
    ("POST", "/quiz/move"): {"game", "level", "seed", "after"},
    ("GET", "/class/new"): {"view", "plan"},
    ("GET", "/class/{live}"): {"explore"},
    ("GET", "/class/{live}/live"): {"explore"},
    ("GET", "/join"): {"code"},
    ("GET", "/take"): {"key"},
    ("POST", "/take"): {"key", "csrf_token"},
    # a student's forms (grundy.web.classroom.routes.answer, .voting.name): their own fields, the
    # exploring flag and the CSRF token, of the 33 keys a class's routes are offered
    ("POST", "/class/{live}/answer"): {"round", "says", "after", "explore", "csrf_token"},
    ("POST", "/class/{live}/name"): {"nickname", "csrf_token"},
}


def _unread(path: str, method: str = "GET") -> set[str]:
    """The keys of ``_keys(path)`` that the route never reads, as
    test_a_key_a_route_never_reads_changes_nothing shows: on a game's own play page, the other
    games' rule keys, the quiz's keys and (but on every-SG's) a turn's picks; on a widget, the other
    widgets' buttons; on an instructor's route, every field but the CSRF token."""
    if (method, path) in READS:
        return set(_keys(path)) - READS[method, path]
    name = path.rstrip("/").rsplit("/", 1)[-1]
    if path.startswith("/play/") and name in SPECS:
        turns_picked = issubclass(SPECS[name].arena_type, EveryArena)  # only every-SG's form picks a move per game
        return ({k for s in SPECS.values() for k in s.rule_keys} - set(SPECS[name].rule_keys) | set(QUIZ_KEYS)
                | (set() if turns_picked else set(PICKS)))
    if path.startswith(("/w/", "/present/")) and name in WIDGETS:
        return set(BUTTONS) - set(WIDGETS[name].buttons) - set(WIDGETS[name].keys)
    if TEACHER_ONLY.fullmatch(path) and not _of_no_class(path):  # those: below
        return set(_keys(path)) - {csrf.FIELD}
    return set()


# Stands for the code of a live class in a path: the class is opened by the ``live`` fixture
# when a test runs, so collecting the tests changes nothing and names them the same every time
# (pytest-xdist's workers must collect the same tests).
LIVE = "{live}"


@pytest.fixture(scope="session")
def live(app: Flask) -> str:
    """A class that exists, with a question open, so the fuzz reaches past the code check (one
    for the whole test session, in the session's class store)."""
    from grundy.practice import quiz

    store = app.extensions["grundy.classes"]
    code, _secret = store.create(time.time())
    truth = quiz.question("nim", 1, 5).outcome()
    store.open_round(code, "nim", 1, 5, "", truth)
    return str(code)


# Class codes no class has: one of the right shape, one of the wrong shape (lower case, a letter
# codes never use, a path: _room refuses them all on the same line).
NO_CLASS = ["ACE347", "../x"]


def _of_no_class(path: str) -> bool:
    """A route of one of the classes in NO_CLASS."""
    return any(f"/class/{code}" in path for code in NO_CLASS)


def _paths(app: Flask) -> list[tuple[str, str]]:
    """(method, path) for every route, each variable filled from the registries."""
    fills = {"name": list(WIDGETS), "game": list(SPECS), "slug": ["nim", "wythoff", "nowhere"],
             "filename": ["css/grundy.css", "../secret", "vendor/htmx/htmx.min.js"],
             # the ES modules' folder digest (grundy.web.assets.module_url): none of these is it
             "version": ["0123456789", "..", "x" * 40],
             # a live class, and codes that name none
             "code": [LIVE, *NO_CLASS]}
    found = []
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            names = sorted(rule.arguments)  # a set: sorted, so every xdist worker collects the same
            if not names:
                found.append((method, rule.rule))
                continue
            # each variable meets each of its values, the others holding their first
            for name in names:
                for value in fills[name][1 if name != names[0] else 0:]:
                    chosen = {n: fills[n][0] for n in names} | {name: value}
                    found.append((method, re.sub(r"<(?:\w+:)?(\w+)>", lambda m: chosen[m[1]], rule.rule)))
    return found


def test_every_route_is_fuzzed(app: Flask) -> None:
    """The fuzz below covers every rule of the url_map (a new route cannot escape it)."""
    covered = {path for _method, path in _paths(app)}
    for rule in app.url_map.iter_rules():
        pattern = re.sub(r"<[^>]+>", "[^/]+", re.sub(r"<path:[^>]+>", ".+", rule.rule))
        assert any(re.fullmatch(pattern, p) for p in covered), rule.rule


# The session's app (tests/conftest.py), built once and shared with the fixtures.
PATHS = _paths(shared_app())
# Every route again under the Chinese prefix (/zh/…), which the middleware strips before routing.
ZH_PATHS = [(method, "/zh" + path) for method, path in PATHS if not path.startswith("/static/")]
# Files read no query: the sweep below leaves them out.
SWEPT = [mp for mp in PATHS if not mp[1].startswith("/static/")]
# The quick run (HYPOTHESIS_PROFILE=quick) sweeps one key-and-value pair in QUICK_SWEEP on each
# path, a different one on each path, so the paths that share keys (every widget's reserved
# words, every game's rule keys) still meet every value between them; the full run sweeps all.
QUICK_SWEEP = 5
# The full run sweeps these pairs as the quick run sweeps all (every fifth value, a different
# fifth on each key and route), because they cannot reach code the full sweep does not:
# - RESERVED keys (a key that broke url_for would break it with any value, and each route still
#   meets each of them with every fifth value);
# - the routes of a class that does not exist, and the pages in QUERYLESS: they read no query at
#   all, as test_a_page_that_reads_no_query_answers_the_same shows; and the keys ``_unread``
#   names, which a route never reads (test_a_key_a_route_never_reads_changes_nothing);
# - a projected widget's own parameters (/present/<name>): the same registry spec parses them as
#   on /w/<name>, which meets every value (the projection differs in its frame and its opening
#   step, which the random test above reaches with every key at once).
QUERYLESS = ["/play", "/quiz", "/", "/summary", "/glossary"]
SPARSE_SWEEP = QUICK_SWEEP


def _stride() -> int:
    """How sparsely this run sweeps: every value (make test), every QUICK_SWEEP-th (make quick)."""
    return QUICK_SWEEP if quick() else 1


def _every_nth(values: list[str], start: int, every: int) -> list[str]:
    """Every ``every``-th of ``values``, from a different one for each ``start`` (a key, a field):
    the keys or fields swept between them still meet every value."""
    return [value for i, value in enumerate(values) if not (start + i) % every]


# The Chinese pages run the same handlers on the same query (the language middleware strips /zh
# before routing); what they add is the Chinese catalogue's sentences, whose placeholders
# tests/test_language.py checks against the English. Each meets a third as many queries.
ZH_EXAMPLES = 20


def _reads_no_query(path: str) -> bool:
    """A route of a class that does not exist, or a page in QUERYLESS: it reads no query (but a
    POST's CSRF field), as the tests at the end show."""
    return _of_no_class(path) or path.removeprefix("/zh") in QUERYLESS


# Those routes meet fewer random queries: a query cannot reach their code, whatever its keys and
# values, so what the random tests add there is the four header sets (the sweep meets every value).
BLIND_EXAMPLES = 10


@pytest.mark.parametrize("method, path", [mp for mp in PATHS if not _reads_no_query(mp[1])])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_input_gives_a_5xx(client: FlaskClient, live: str, method: str, path: str, data: st.DataObject) -> None:
    _fuzz_once(client, live, method, path, data)


@pytest.mark.parametrize("method, path", [mp for mp in ZH_PATHS if not _reads_no_query(mp[1])])
@settings(max_examples=ZH_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_chinese_input_gives_a_5xx(client: FlaskClient, live: str, method: str, path: str, data: st.DataObject) -> None:
    _fuzz_once(client, live, method, path, data)


@pytest.mark.parametrize("method, path", [mp for mp in PATHS + ZH_PATHS if _reads_no_query(mp[1])])
@settings(max_examples=BLIND_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_input_to_a_route_reading_none_gives_a_5xx(client: FlaskClient, live: str, method: str, path: str,
                                                       data: st.DataObject) -> None:
    _fuzz_once(client, live, method, path, data)


# The header sets a random request carries: none (a page), htmx's, htmx's with a broken current
# URL, and a history restore (htmx asking for a whole page).
HEADER_SETS = [{}, {"HX-Request": "true"}, {"HX-Request": "true", "HX-Current-URL": "http://["},
               {"HX-Request": "true", "HX-History-Restore-Request": "true"}]


@cache
def _asked(path: str) -> st.SearchStrategy[tuple[list[tuple[str, str]], dict[str, str]]]:
    """A random request to ``path``: up to five of its keys, repeats allowed, each with a value,
    and one of HEADER_SETS. Made once per path: building the strategy again for each example
    cost Hypothesis about as much as drawing from it."""
    return st.tuples(st.lists(st.tuples(st.sampled_from(_keys(path)), values), max_size=5), st.sampled_from(HEADER_SETS))


def _fuzz_once(client: FlaskClient, live: str, method: str, path: str, data: st.DataObject) -> None:
    """One random query with one of the htmx header sets (``_asked``)."""
    client.environ_base["REMOTE_ADDR"] = FUZZ_ADDRESS  # its unknown class codes count against this address only
    query, headers = data.draw(_asked(path.removeprefix("/zh")))
    path = path.replace(LIVE, live)
    if method == "POST":
        response = client.post(path, data=MultiDict(query), headers=headers)
    else:
        response = client.get(path, query_string=MultiDict(query), headers=headers)
    body = response.get_data(as_text=True)
    assert response.status_code < 500, (method, path, query, headers, response.status_code)
    assert "Traceback (most recent call last)" not in body
    assert "Content-Security-Policy" in response.headers and response.headers["X-Content-Type-Options"] == "nosniff"


def _as_fragment(method: str, path: str) -> dict[str, str]:
    """The headers the sweep sends: a widget's own page (GET /w/<name>) is asked for as htmx asks
    on that page, for its fragment. The page is that same fragment, rendered from the same
    query by the same code, inside a frame that reads no query
    (test_a_widget_s_page_is_its_fragment_in_a_frame), so the frame is not rendered again for
    each of the sweep's thousands of values."""
    if method == "GET" and path.startswith("/w/"):
        return {"HX-Request": "true", "HX-Current-URL": f"http://localhost{path}"}
    return {}


@pytest.mark.parametrize("method, path", SWEPT)
def test_every_key_meets_every_nasty_value(client: FlaskClient, live: str, method: str, path: str) -> None:
    """Each key of the route alone, with each hand-picked value: the sweep that random
    combinations may miss (a cell of '²,1' is one key and one value among hundreds). Headers
    vary in the random test above.

    The keys a route never reads (``_unread``, or every key of a route that reads no query:
    both shown by the tests below) cannot reach code whatever their value: between them they
    meet each value once, a different key each time."""
    client.environ_base["REMOTE_ADDR"] = FUZZ_ADDRESS
    turn, stride = SWEPT.index((method, path)), _stride()
    reads_none = _reads_no_query(path)
    projected = path.startswith("/present/")
    unread = _unread(path, method)
    headers = _as_fragment(method, path)
    path = path.replace(LIVE, live)
    keys = _keys(path)
    never_read = [key for key in keys if (reads_none and key != csrf.FIELD) or key in unread]
    asked = [(never_read[(turn + v) % len(never_read)], value) for v, value in enumerate(NASTY) if never_read]
    for k, key in enumerate(keys):
        if key in never_read:
            continue
        every = SPARSE_SWEEP if projected or key in RESERVED else stride
        asked += [(key, value) for value in _every_nth(NASTY, turn + k, every)]
    for key, value in asked:
        query = MultiDict([(key, value)])
        if method == "POST":
            response = client.post(path, data=query, headers=headers)
        else:
            response = client.get(path, query_string=query, headers=headers)
        assert response.status_code < 500, (method, path, key, value)


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_a_widget_s_page_is_its_fragment_in_a_frame(client: FlaskClient, name: str) -> None:
    """A widget's own page (/w/<name>) is the fragment htmx gets on that page, whole and
    unchanged, with the same status, inside a frame that reads no query: the same for every
    state and every bad value, but for its links to this same state and plotly.js where the
    fragment draws a figure (the sweep above asks for fragments and relies on it)."""
    frames = set()
    for key in [p.name for p in WIDGETS[name].params] + ["zz"]:
        for value in ["", "-1", "x" * 60, "３，５", "1,2;3"]:
            query = MultiDict([(key, value)])
            page = client.get(f"/w/{name}", query_string=query)
            fragment = client.get(f"/w/{name}", query_string=query, headers=_as_fragment("GET", f"/w/{name}"))
            body, html = page.get_data(as_text=True), fragment.get_data(as_text=True)
            assert page.status_code == fragment.status_code < 500, (key, value)
            assert body.count(html) == 1, (key, value)
            # the links to this same state (the language switch, the alternates) aside, the frame
            # differs only in loading plotly.js when the fragment draws a figure
            frames.add(("data-figure=" in html, re.sub(r'href="(/zh)?/w/[^"]*"', "", body.replace(html, ""))))
    assert len(frames) == len({figure for figure, _frame in frames})


@pytest.mark.parametrize("method, path", [mp for mp in SWEPT if _of_no_class(mp[1])])
def test_a_class_that_does_not_exist_reads_no_query(client: FlaskClient, method: str, path: str) -> None:
    """The routes of a class no one started answer the same whatever the query: 404 with the
    same page, but for the language switch's link to this same URL (the lighter sweep above
    relies on it). Only a POST's CSRF field is read, first: the sweep keeps every value of it."""
    # An address of its own (RFC 5737's second block): the fuzz's own guesses at codes would
    # soon be refused with 429 by the guessing limit, which is not this test's subject.
    client.environ_base["REMOTE_ADDR"] = f"198.51.100.{SWEPT.index((method, path)) % 250}"

    def ask(query: MultiDict[str, str]) -> tuple[int, str]:
        response = client.post(path, data=query) if method == "POST" else client.get(path, query_string=query)
        return response.status_code, response.get_data(as_text=True)

    plain = ask(MultiDict())
    assert plain[0] == 404
    for key in set(_keys(path)) - {csrf.FIELD}:
        status, page = ask(MultiDict([(key, "1")]))
        assert (status, page.replace(f"?{key}=1", "")) == plain, key


@pytest.mark.parametrize("path", QUERYLESS)
def test_a_page_that_reads_no_query_answers_the_same(client: FlaskClient, path: str) -> None:
    """The pages in QUERYLESS show the same whatever their query, but for the language switch's
    link to this same URL (the lighter sweep above relies on it)."""
    plain = client.get(path)
    assert plain.status_code == 200
    for key in _keys(path) + ["n", "start", "game", "topic"]:
        said = client.get(path, query_string={key: "q9z"})
        assert (said.status_code, said.get_data(as_text=True).replace(f"?{key}=q9z", "")) == (200, plain.get_data(as_text=True)), key


@pytest.mark.parametrize("method, path", [mp for mp in SWEPT if _unread(mp[1], mp[0])])
def test_a_key_a_route_never_reads_changes_nothing(client: FlaskClient, live: str, method: str, path: str) -> None:
    """Each key ``_unread`` names leaves the route's answer as it was without it (the lighter
    sweep above relies on it), but for the language switch's link to this same URL."""
    client.environ_base["REMOTE_ADDR"] = FUZZ_ADDRESS
    unread = _unread(path, method)
    path = path.replace(LIVE, live)
    start = {"start": SPECS[path.rsplit("/", 1)[-1]].start} if path.startswith("/play/") else {}  # else a 303 to it
    if path.startswith("/quiz/"):
        start = {"game": "nim", "level": "1", "seed": "5"}  # else a 303 to a question drawn at random

    def ask(query: dict[str, str]) -> tuple[int, str]:
        response = client.post(path, data=query) if method == "POST" else client.get(path, query_string=query)
        page = response.get_data(as_text=True)
        for key, value in query.items():
            page = page.replace(f"&amp;{key}={value}", "").replace(f"?{key}={value}", "")
        return response.status_code, page

    plain = ask(start)
    for key in sorted(unread):
        assert ask({**start, key: "q9z"}) == plain, key


def test_the_instructor_s_forms_meet_every_nasty_value(app: Flask) -> None:
    """The routes only an instructor reaches (the fuzz above is refused at their door): each
    field of posing a question, reporting a view and answering, with each nasty value, as the
    class's own instructor (the quick run: as its sweep above, a different fifth on each field)."""
    field, stride = itertools.count(1), _stride()
    teacher = app.test_client()
    teacher.environ_base["REMOTE_ADDR"] = "10.99.0.1"  # classes started are counted per address
    code = teacher.post("/class/new").headers["Location"].rsplit("/", 2)[-2]
    teacher.get(f"/class/{code}")  # the instructor's browser joins as a student too, so its answers reach the checks
    teacher.get(f"/class/{code}/live")
    fields = {"round": ["game", "level", "position"], "view": ["url"], "answer": ["round", "says", "after"], "lock": ["locked"]}
    for action, keys in fields.items():
        for key in keys:
            for value in _every_nth(NASTY, next(field), stride):
                form = {"game": "nim", "level": "1", "position": "", "round": "1", "says": "N", "url": "/present/pn-table",
                        "locked": "0"}
                form[key] = value
                response = teacher.post(f"/class/{code}/{action}", data=form, headers={"HX-Request": "true"})
                assert response.status_code < 500, (action, key, value, response.status_code)
                assert "Traceback" not in response.get_data(as_text=True)
    for path in ("/teach", "/teach/live", "/screen", "/screen/live", "/summary.csv", ""):
        assert teacher.get(f"/class/{code}{path}").status_code == 200
    # A lecture's own forms (grundy.web.classroom.voting): each field, each nasty value.
    lecture = {"round": ["rule", "set", "max", "k", "code", "misere", "seconds", "seed", "preview", "kind"], "close": ["seconds"],
               "revote": ["seconds"], "plan": ["plan"], "next": ["line", "seconds"], "name": ["nickname"]}
    teacher.post(f"/class/{code}/plan", data={"plan": "nim 1,2\nsubtraction set=1,2,4 3\nkayles level=2"})
    for action, keys in lecture.items():
        for key in keys:
            for value in _every_nth(NASTY, next(field), stride):
                form = {"game": "subtraction", "level": "1", "position": "", "line": "1", "preview": "1" if action == "round" else ""}
                form[key] = value
                response = teacher.post(f"/class/{code}/{action}", data=form, headers={"HX-Request": "true"})
                assert response.status_code < 500, (action, key, value, response.status_code)
                assert "Traceback" not in response.get_data(as_text=True)
                if action in ("round", "next") and response.status_code in (200, 303):
                    teacher.post(f"/class/{code}/reveal")  # the next may be posed
    for query in ("plan=" + "x" * 20_000, "plan=%ff%00", "plan=nim%201"):
        for path in ("/class/new", f"/class/{code}/teach"):
            assert teacher.get(f"{path}?{query}").status_code == 200, (path, query)
    assert teacher.get(f"/class/{code}/plan.txt").status_code == 200
    # The kinds of question (grundy.web.classroom.kinds): an SG value typed and a move tapped, each nasty,
    # and a prepared line naming a kind.
    classes = app.extensions["grundy.classes"]
    for kind in ("sg", "move"):
        teacher.post(f"/class/{code}/reveal")
        assert teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "3,5", "kind": kind}).status_code == 303
        number = str(classes.room(code, time.time()).round)
        for value in _every_nth(NASTY, next(field), stride):
            response = teacher.post(f"/class/{code}/answer", data={"round": number, "says": value}, headers={"HX-Request": "true"})
            assert response.status_code < 500 and "Traceback" not in response.get_data(as_text=True), (kind, value)
        teacher.post(f"/class/{code}/reveal")
        for path in ("/teach", "/screen", "/screen/live", ""):
            assert teacher.get(f"/class/{code}{path}").status_code == 200, (kind, path)
    for value in _every_nth(NASTY[:30], next(field), stride):
        teacher.post(f"/class/{code}/plan", data={"plan": f"nim kind={value} 3,5"})
        response = teacher.post(f"/class/{code}/next", data={"line": "1"}, headers={"HX-Request": "true"})
        assert response.status_code < 500 and "Traceback" not in response.get_data(as_text=True), value
        teacher.post(f"/class/{code}/reveal")
