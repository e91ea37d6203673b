"""Driving a live class (issue 28.6): only the projection shown to the class moves the phones (a
second tab previewing the next widget changes nothing), the projection's class bar and its
ETag, a lesson's widget followed like a projection, and handing the class to another browser
with a one-time key (once, in time, revocable, tries counted). The browser side is in
tests/browser/test_classroom_driving.py."""
from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.web.classroom import driving as driving_mod
from grundy.web.classroom import identity, pacing
from grundy.web.classroom.driving import KEY_LIFETIME, TAKE_LIMIT, Driving, Taken, normal_key
from grundy.web.classroom.view import view_path
from tests.stores import dump
from tests.test_classroom import STEPPED, joined, person, room_of, start, store_of

TOKEN = re.compile(r'data-projection-token="([^"]+)"')
KEY = re.compile(r'class="class-code handover-key">([A-Z0-9-]+)<')
ALERT = re.compile(r'role="alert"[^>]*>([^<]+)<')


def show(teacher: FlaskClient, code: str, url: str = STEPPED) -> str:
    """"Show this to the class" on a projection showing ``url``: its token."""
    r = teacher.post(f"/class/{code}/view", data={"url": url, "show": "1"})
    assert r.status_code == 200, r.text
    found = TOKEN.search(r.text)
    assert found is not None and "Shown to the class" in r.text
    return found[1]


def step(teacher: FlaskClient, code: str, url: str, token: str = "") -> int:
    return teacher.post(f"/class/{code}/view", data={"url": url}, headers={"X-Projection-Token": token} if token else {}).status_code


# ------------------------------------------------------------------ the projection shown


def test_only_the_projection_shown_to_the_class_moves_the_phones(app: Flask) -> None:
    teacher, code = start(app)
    student = joined(app, code)
    first = show(teacher, code)
    assert room_of(app, code).view == STEPPED
    assert step(teacher, code, STEPPED.replace("step=3", "step=4"), first) == 200
    assert room_of(app, code).view.endswith("step=4")
    # a second tab previewing the next widget has no token: refused, and the phones see nothing of it
    version = room_of(app, code).version
    r = teacher.post(f"/class/{code}/view", data={"url": "/present/grid"})
    assert r.status_code == 409 and "Show this to the class" in r.text and "Phones follow another projection" in r.text
    assert step(teacher, code, "/present/grid", "made-up-token") == 409
    assert room_of(app, code).view.endswith("step=4") and room_of(app, code).version == version
    assert "P/N table" in student.get(f"/class/{code}").text
    # shown on purpose, it takes over; the first tab's token then changes nothing
    second = show(teacher, code, "/present/grid")
    assert second != first and room_of(app, code).view == "/present/grid"
    assert step(teacher, code, STEPPED, first) == 409 and room_of(app, code).view == "/present/grid"
    assert step(teacher, code, "/present/grid?step=1", second) == 200


def test_show_is_1_or_left_out(app: Flask) -> None:
    teacher, code = start(app)
    for bad in ("0", "yes", "1" * 20):
        r = teacher.post(f"/class/{code}/view", data={"url": STEPPED, "show": bad})
        assert r.status_code == 400 and "show is 1" in r.text
    assert room_of(app, code).view == ""


def test_the_bar_says_which_projection_is_shown_and_goes_when_the_class_ends(app: Flask) -> None:
    teacher, code = start(app)
    r = teacher.get(f"/class/{code}/bar")
    assert r.status_code == 200 and 'class="class-badge is-nobody"' in r.text and "data-show-class" in r.text
    tag = r.headers["ETag"]
    assert teacher.get(f"/class/{code}/bar", headers={"If-None-Match": tag}).status_code == 304
    token = show(teacher, code)
    mine = teacher.get(f"/class/{code}/bar", headers={"If-None-Match": tag, "X-Projection-Token": token})
    assert mine.status_code == 200 and "is-here" in mine.text and "data-show-class" not in mine.text
    other = teacher.get(f"/class/{code}/bar", headers={"If-None-Match": mine.headers["ETag"]})
    assert other.status_code == 200 and "is-elsewhere" in other.text
    assert teacher.get(f"/zh/class/{code}/bar", headers={"If-None-Match": other.headers["ETag"]}).status_code == 200  # another language
    # only the instructor's browser has a bar; an unknown class has none
    assert person(app).get(f"/class/{code}/bar").status_code == 403
    assert teacher.get("/class/ACDEFG/bar").status_code == 404
    assert teacher.post(f"/class/{code}/end").status_code == 303
    assert teacher.get(f"/class/{code}/bar", headers={"X-Projection-Token": token}).status_code == 410
    assert step(teacher, code, STEPPED, token) == 410


def test_a_lesson_s_widget_is_followed_as_its_projection() -> None:
    """A lesson's widget reports its own link (/w/…); "everything shown" is said, since a
    projection that names no step opens at step 0."""
    assert view_path("/w/pn-table?rule=set&set=1,2&upto=10&step=3") == "/present/pn-table?rule=set&set=1,2&upto=10&step=3"
    assert view_path("/w/pn-table?rule=set&set=1,2&upto=10") == "/present/pn-table?rule=set&set=1,2&upto=10&step="
    assert view_path("/zh/w/pn-table") == "/present/pn-table?step="
    assert view_path("/present/pn-table") == "/present/pn-table"
    assert view_path("/w/no-such-widget") is None


def test_a_lesson_s_widget_shown_steps_the_phones(app: Flask) -> None:
    teacher, code = start(app)
    student = joined(app, code)
    token = show(teacher, code, "/w/pn-table?rule=set&set=1,2&upto=10&step=2")
    page = student.get(f"/class/{code}").text
    assert "class-view-widget" in page and "2 of 11 cells filled" in page
    assert step(teacher, code, "/w/pn-table?rule=set&set=1,2&upto=10&step=5", token) == 200
    assert "5 of 11 cells filled" in student.get(f"/class/{code}").text


def test_the_drivers_store_keeps_one_token_per_class(new_driving: Callable[[], Driving]) -> None:
    drivers = new_driving()
    now = time.time()
    assert drivers.shown("ACDEFG", "") == "nobody"
    a = drivers.drive("ACDEFG", now)
    b = drivers.drive("ACDEFG", now)
    assert drivers.shown("ACDEFG", b) == "here" and drivers.shown("ACDEFG", a) == "elsewhere"
    assert drivers.shown("ACDEFG", "x" * 65) == "elsewhere" and drivers.shown("CDEFGH", b) == "nobody"
    assert new_driving().drives("ACDEFG", b) and not new_driving().drives("ACDEFG", a)  # another server agrees


def test_a_key_works_once_in_time_and_a_newer_key_or_revoke_ends_the_last(new_driving: Callable[[], Driving]) -> None:
    drivers, other = new_driving(), new_driving()  # two servers, one store
    now, code, secret = 1_700_000_000.0, "ACDEFG", "the-class-secret-0123456789"
    key = drivers.offer(code, secret, now)
    assert normal_key(key) == key and drivers.state(code, key, now) == "open" and other.expires(key) == now + KEY_LIFETIME
    assert drivers.state("CDEFGH", key, now) == "unknown"  # another class's console asks about it
    kept = dump(drivers)
    assert key not in kept and secret not in kept  # neither the key nor the secret is kept as it is
    assert other.take(key, now + 1) == Taken("open", code, secret)
    assert drivers.take(key, now + 2) == Taken("used") and drivers.state(code, key, now + 2) == "used"
    newer = drivers.offer(code, secret, now)
    newest = other.offer(code, secret, now)
    assert drivers.state(code, newer, now) == "revoked" and drivers.take(newer, now) == Taken("revoked")
    other.revoke(code)
    assert drivers.take(newest, now) == Taken("revoked")
    late = drivers.offer(code, secret, now)
    assert drivers.state(code, late, now + KEY_LIFETIME) == "expired" and other.take(late, now + KEY_LIFETIME) == Taken("expired")
    assert drivers.take("ACDEFGHJ", now) == Taken("unknown") and drivers.expires("ACDEFGHJ") == 0.0


def test_two_browsers_racing_for_one_key_cannot_both_have_it(new_driving: Callable[[], Driving]) -> None:
    stores = [new_driving() for _ in range(4)]
    now = 1_700_000_000.0
    for _ in range(10):
        key = stores[0].offer("ACDEFG", "secret", now)
        barrier = threading.Barrier(len(stores))
        taken: list[Taken] = []

        def take(drivers: Driving, key: str = key, barrier: threading.Barrier = barrier) -> None:
            barrier.wait(timeout=30)
            taken.append(drivers.take(key, now))

        threads = [threading.Thread(target=take, args=(d,)) for d in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert sorted(t.state for t in taken) == ["open", "used", "used", "used"]


# ------------------------------------------------------------------ hand-over


def offer(teacher: FlaskClient, code: str) -> str:
    r = teacher.post(f"/class/{code}/handover")
    assert r.status_code == 303 and r.headers["Location"] == f"/class/{code}/teach#handover"
    found = KEY.search(teacher.get(f"/class/{code}/teach").text)
    assert found is not None
    return found[1]


def test_another_browser_takes_the_class_with_the_key_once(app: Flask) -> None:
    teacher, code = start(app)
    key = offer(teacher, code)
    assert normal_key(key) is not None and re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}", key)
    hall = person(app)
    assert hall.get(f"/class/{code}/teach").status_code == 403
    # the link fills the key in and takes nothing (a chat app's preview cannot use it up)
    page = hall.get(f"/take?key={key}")
    assert page.status_code == 200 and f'value="{key}"' in page.text and 'action="/take"' in page.text
    assert hall.get(f"/class/{code}/teach").status_code == 403
    r = hall.post("/take", data={"key": key.lower().replace("-", " ")})  # as typed, forgiven
    assert r.status_code == 303 and r.headers["Location"] == f"/class/{code}/teach"
    assert f"grundy_class={code}" in r.headers["Set-Cookie"]
    assert hall.get(f"/class/{code}/teach").status_code == 200
    token = show(hall, code)  # the hall's PC drives the phones
    assert step(hall, code, STEPPED.replace("step=3", "step=6"), token) == 200
    # used once: refused, plainly, to anyone after
    late = person(app).post("/take", data={"key": key})
    assert late.status_code == 410 and "This key has been used already" in ALERT.search(late.text)[1]  # type: ignore[index]
    assert "Another browser took the class with the last key." in teacher.get(f"/class/{code}/teach").text
    assert hall.post(f"/class/{code}/end").status_code == 303  # both run it: the hall's PC may end it
    assert room_of(app, code).phase == "ended"


def test_a_key_is_shown_only_on_its_instructor_s_console(app: Flask) -> None:
    teacher, code = start(app)
    key = offer(teacher, code)
    hall = person(app)
    assert hall.post("/take", data={"key": key}).status_code == 303
    assert key not in hall.get(f"/class/{code}/teach").text
    student = joined(app, code)
    assert key not in student.get(f"/class/{code}").text
    assert student.post(f"/class/{code}/handover").status_code == 403


def test_a_key_expires_and_can_be_revoked(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, code = start(app)
    key = offer(teacher, code)
    later = time.time() + KEY_LIFETIME + 1
    monkeypatch.setattr(identity, "now", lambda: later)
    r = person(app).post("/take", data={"key": key})
    assert r.status_code == 410 and "This key has expired" in r.text
    monkeypatch.undo()
    fresh = offer(teacher, code)
    assert fresh != key
    r = teacher.post(f"/class/{code}/handover/revoke")
    assert r.status_code == 303
    assert KEY.search(teacher.get(f"/class/{code}/teach").text) is None
    r = person(app).post("/take", data={"key": fresh})
    assert r.status_code == 410 and "This key was revoked" in r.text
    # a newer key ends the last one
    one, two = offer(teacher, code), offer(teacher, code)
    assert person(app).post("/take", data={"key": one}).status_code == 410
    assert person(app).post("/take", data={"key": two}).status_code == 303


def test_a_wrong_key_is_refused_with_why_and_tries_are_counted(app: Flask) -> None:
    teacher, code = start(app)
    key = offer(teacher, code)
    guesser = person(app)
    for _ in range(TAKE_LIMIT + 5):  # a key of the wrong shape is refused, and not counted
        r = guesser.post("/take", data={"key": "ACDE-347"})
        assert r.status_code == 400 and "A hand-over key is eight letters and digits" in r.text
    r = guesser.post("/take", data={"key": "ACDE-FGHJ" if key != "ACDE-FGHJ" else "CDEF-GHJK"})
    assert r.status_code == 404 and "No class is waiting for the key" in r.text
    for _ in range(TAKE_LIMIT - 1):
        guesser.post("/take", data={"key": "CDEF-GHJK" if key != "CDEF-GHJK" else "DEFG-HJKM"})
    r = guesser.post("/take", data={"key": key})  # even the right key: this address tried too many
    assert r.status_code == 429 and "Too many keys tried" in r.text
    assert person(app).post("/take", data={"key": key}).status_code == 303  # another address is not refused


def test_a_key_of_a_class_that_has_ended_takes_nothing(app: Flask) -> None:
    teacher, code = start(app)
    key = offer(teacher, code)
    assert teacher.post(f"/class/{code}/end").status_code == 303
    hall = person(app)
    r = hall.post("/take", data={"key": key})
    assert r.status_code == 410 and f"Class {code} has ended." in r.text
    assert hall.get(f"/class/{code}/teach").status_code == 403
    r = teacher.post(f"/class/{code}/handover")  # no new key for a class that is over
    assert r.status_code == 303 and KEY.search(teacher.get(f"/class/{code}/teach").text) is None


def test_the_store_keeps_neither_the_key_nor_the_secret(app: Flask) -> None:
    teacher, code = start(app)
    key = offer(teacher, code)
    secret = identity_secret(teacher, code)
    with sqlite3.connect(store_of(app).path) as db:
        dump = "\n".join(db.iterdump())
    assert normal_key(key) not in dump and secret not in dump
    taken = app.extensions["grundy.classes.driving"].take(normal_key(key), time.time())
    assert taken.state == "open" and taken.code == code and taken.secret == secret


def identity_secret(client: FlaskClient, code: str) -> str:
    with client.session_transaction() as s:
        pairs = s[identity.TEACHING]
    return str(next(secret for known, secret in pairs if known == code))


def test_keys_are_drawn_from_the_code_alphabet() -> None:
    keys = {driving_mod.new_key() for _ in range(200)}
    assert len(keys) == 200 and all(normal_key(k) == k for k in keys)
    assert normal_key(" acde-3479 ") == "ACDE3479" and normal_key("ACDE-347O") is None and normal_key("ACDE34790") is None


# ------------------------------------------------------------------ phones without JavaScript, and read-only


REFRESH = 'http-equiv="refresh"'


def test_a_phone_without_javascript_reloads_itself_but_not_over_its_answer(app: Flask) -> None:
    teacher, code = start(app)
    student = joined(app, code)
    with app.app_context():
        every = pacing.reload_s()
    assert f'<noscript><meta {REFRESH} content="{every}"></noscript>' in student.get(f"/class/{code}").text  # waiting, following
    assert REFRESH not in student.get(f"/class/{code}?explore=1").text  # their own copy: left alone
    assert teacher.post(f"/class/{code}/round", data={"game": "nim", "level": "1", "position": "3,5"}).status_code == 303
    assert REFRESH not in student.get(f"/class/{code}").text  # a question to answer: nothing wipes what is typed
    assert student.post(f"/class/{code}/answer", data={"round": "1", "says": "N", "after": "3,3"}).status_code == 303
    assert REFRESH in student.get(f"/class/{code}").text  # answered: it reloads to see the reveal
    assert teacher.post(f"/class/{code}/end").status_code == 303
    assert REFRESH not in student.get(f"/class/{code}").text
    assert REFRESH not in teacher.get(f"/class/{code}/teach").text  # the console has its own script


def test_the_wythoff_plot_has_a_drawing_for_pages_without_javascript(app: Flask) -> None:
    """The followed plot (and the widget's own page) carries the same picture as SVG in
    <noscript>: the P-positions, each with its mirror image, and the position's winning moves."""
    teacher, code = start(app)
    student = joined(app, code)
    show(teacher, code, "/present/wythoff?step=3")
    page = student.get(f"/class/{code}").text
    fallback = re.search(r"<noscript><svg class=\"plot-fallback\".*?</svg></noscript>", page, re.S)
    assert fallback is not None
    assert fallback[0].count('class="pf-p"') == 3 and fallback[0].count("pf-mirror") == 2  # (0,0), (1,2), (3,5)
    assert fallback[0].count("pf-current") == 1
    own = app.test_client().get("/w/wythoff?a=5&b=8&span=25").text
    drawn = re.search(r"<noscript><svg class=\"plot-fallback\".*?</svg></noscript>", own, re.S)
    assert drawn is not None and drawn[0].count("pf-move") == 2 and "★" in drawn[0]  # (5, 8): two winning moves


def test_a_followed_grid_asks_no_click(app: Flask) -> None:
    """The read-only grid on a phone hides "Click a cell" (marked click-hint, or the explanation's hint)."""
    teacher, code = start(app)
    student = joined(app, code)
    show(teacher, code, "/present/grid?step=3")
    page = student.get(f"/class/{code}").text
    view = page[page.index('class="class-view-widget"'):]
    for sentence in re.findall(r"<(span|p) class=\"(click-hint|hint)\">(.*?)</\1>", view, re.S):
        assert "Click" in sentence[2] or sentence[1] == "hint"
    assert "Click a cell" not in re.sub(r'<span class="click-hint">.*?</span>|<p class="hint">.*?</p>', "", view, flags=re.S)
