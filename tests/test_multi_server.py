"""Several app servers, one class: two app servers with `make run`'s settings and one secret key,
sharing one Redis (GRUNDY_CLASS_STORE), behind nginx with the configuration deploy/ ships (tests/servers.py).

Through nginx, over HTTPS: a class is started on one server and joined, answered, revealed and
followed through the other; the limits hold across both (classes started per address, counted
once for the two servers, whatever X-Forwarded-For a client makes up); one server is stopped in
the middle of the class, and the class goes on on the other with nothing lost; static files come
from nginx itself with the app's headers. Which server answered each request is nginx's own word
(the harness's ``X-Upstream`` header, ``$upstream_addr``); nginx, with one worker process, hands
requests to the two in turn, which :meth:`Front.next_on` uses to send a step to the server it names.
"""
from __future__ import annotations

import csv
import gzip
import hashlib
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis

from grundy.web.classroom.redis_store import PREFIX
from grundy.web.security import HEADERS
from tests.redis_server import redis_server
from tests.servers import NAME, AppServer, Answer, Client, Site, site

# Two gunicorns and nginx take about 15 s to start: `make test` runs this, `make quick` leaves it out.
pytestmark = pytest.mark.system

CLASSES_PER_ADDRESS = 3  # GRUNDY_CLASSES_PER_ADDRESS for this site: small, so the limit is reached quickly
VIEW = "/present/pn-table?rule=set&set=1,2&upto=20&step={}"  # what the class follows (bench/classroom.py's)
HX = {"HX-Request": "true"}


@pytest.fixture()
def two_servers() -> Iterator[tuple[Site, redis.Redis]]:
    """Two app servers and nginx; the class store they share: a redis-server of the test's own."""
    with redis_server() as server, site({"GRUNDY_CLASS_STORE": server.url},
                                        env={"GRUNDY_CLASSES_PER_ADDRESS": str(CLASSES_PER_ADDRESS)}) as running:
        kept = redis.Redis.from_url(server.url)
        try:
            yield running, kept
        finally:
            kept.close()


@dataclass
class Front:
    """The browsers of one class, all through nginx, and which app server answered each request."""
    site: Site
    upstreams: list[str] = field(default_factory=list)  # $upstream_addr of every proxied answer, in order

    def browser(self) -> Browser:
        return Browser(self, self.site.client())

    def next_on(self, server: AppServer) -> None:
        """Make the next proxied request go to ``server``: nginx alternates between the two, so
        when the last one went there, one cheap page in between."""
        if self.upstreams and self.upstreams[-1] == server.address:
            self.browser().get("/join")
        assert self.upstreams[-1] != server.address


@dataclass
class Browser:
    front: Front
    client: Client

    def _kept(self, answer: Answer) -> Answer:
        upstream = answer.header("X-Upstream")
        if upstream:
            self.front.upstreams.append(upstream)
        return answer

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return self._kept(self.client.get(path, headers))

    def post(self, path: str, form: dict[str, str] | None = None, headers: dict[str, str] | None = None) -> Answer:
        return self._kept(self.client.post(path, form, headers))


def served_by_last(front: Front) -> list[str]:
    """The app servers nginx tried for the last proxied answer."""
    return [part.strip() for part in front.upstreams[-1].split(",")]


def served_by(answer: Answer) -> list[str]:
    """The app servers nginx tried for this answer, in order (one, unless one refused it)."""
    return [part.strip() for part in (answer.header("X-Upstream") or "").split(",") if part.strip()]


def open_round(teacher: Browser, code: str) -> tuple[int, str]:
    opened = teacher.post(f"/class/{code}/round", {"game": "nim", "level": "1"}, HX)
    assert opened.status == 200, opened.text[:500]
    number = re.search(r"Question (\d+)", opened.text)
    position = re.search(r'q-position-text[^>]*>([^<]*)<', opened.text)
    assert number and position
    return int(number[1]), position[1]


def join(phone: Browser, code: str) -> None:
    joined = phone.get(f"/join?code={code}")
    assert joined.status == 303 and (joined.header("Location") or "").endswith(f"/class/{code}")
    page = phone.get(f"/class/{code}")
    assert page.status == 200 and code in page.text


def answer(phone: Browser, code: str, number: int, says: str) -> Answer:
    answered = phone.post(f"/class/{code}/answer", {"round": str(number), "says": says, "after": ""}, HX)
    assert answered.status == 200, answered.text[:500]
    return answered


def summary(teacher: Browser, code: str) -> list[dict[str, str]]:
    got = teacher.get(f"/class/{code}/summary.csv")
    assert got.status == 200
    return list(csv.DictReader(io.StringIO(got.text)))


def test_a_class_across_two_app_servers_behind_nginx(two_servers: tuple[Site, redis.Redis]) -> None:
    running, kept = two_servers
    a, b = running.apps
    front = Front(running)
    teacher, phone, late = front.browser(), front.browser(), front.browser()

    # Started on A …
    teacher.get("/class/new")
    front.next_on(a)
    started = teacher.post("/class/new")
    assert started.status == 303 and served_by(started) == [a.address]
    found = re.search(r"/class/([A-Z0-9]{6})/teach", started.header("Location") or "")
    assert found, started.header("Location")
    code = found[1]
    assert kept.exists(f"{PREFIX}class:{code}")  # in Redis (each server also has a SQLite file it could have used)
    first, _ = open_round(teacher, code)

    # … joined, answered, revealed and followed through B.
    front.next_on(b)
    joined = phone.get(f"/join?code={code}")
    assert joined.status == 303 and served_by(joined) == [b.address]
    assert phone.get(f"/class/{code}").status == 200
    front.next_on(b)
    answered = answer(phone, code, first, "P")
    assert served_by(answered) == [b.address]
    front.next_on(b)
    revealed = teacher.post(f"/class/{code}/reveal", {}, HX)
    assert revealed.status == 200 and served_by(revealed) == [b.address]
    front.next_on(a)
    seen = teacher.get(f"/class/{code}/summary.csv")  # the reveal made on B, read on A
    assert served_by(seen) == [a.address]
    [row] = csv.DictReader(io.StringIO(seen.text))
    assert (row["round"], row["answered"], row["said P"], row["revealed"]) == (str(first), "1", "1", "yes")
    url = VIEW.format(3)
    front.next_on(a)
    shown = teacher.post(f"/class/{code}/view", {"url": url, "show": "1"}, HX)
    assert shown.status == 200 and served_by(shown) == [a.address]
    front.next_on(b)
    followed = phone.get(f"/class/{code}/live")
    assert served_by(followed) == [b.address]
    assert f'data-part="view:{hashlib.sha256(url.encode()).hexdigest()[:12]}' in followed.text

    # The limit of classes per address holds across both servers: whichever answers, and whatever
    # X-Forwarded-For the client makes up (nginx adds the address it sees; the app believes that one).
    starter = front.browser()
    starter.get("/class/new")
    made = [starter.post("/class/new", headers={"X-Forwarded-For": f"203.0.113.{i}"}) for i in range(CLASSES_PER_ADDRESS)]
    assert [m.status for m in made] == [303] * (CLASSES_PER_ADDRESS - 1) + [429]  # the teacher's class was the first
    assert {served_by(m)[0] for m in made} == {a.address, b.address}

    # Static files come from nginx itself (no app server named), with the app's own headers.
    page = teacher.get("/")
    css = re.search(r'href="(/static/css/grundy\.css\?v=[0-9a-f]+)"', page.text)
    module = re.search(r'src="(/static/js/grundy@[0-9a-f]+/main\.js)"', page.text)
    assert css and module
    lifetimes = {}
    for path in (css[1], module[1], css[1].split("?")[0]):
        from_nginx = front.browser().get(path, {"Accept-Encoding": "gzip"})
        direct = a.client().get(path)
        assert from_nginx.status == direct.status == 200 and served_by(from_nginx) == []
        assert from_nginx.header("Content-Encoding") == "gzip" and gzip.decompress(from_nginx.body) == direct.body
        for name in ("Cache-Control", *HEADERS):
            assert from_nginx.header(name) == direct.header(name), (path, name)
        lifetimes[path] = from_nginx.header("Cache-Control")
    assert list(lifetimes.values()) == ["public, max-age=31536000, immutable"] * 2 + ["public, max-age=3600"]
    # Plain HTTP is sent to HTTPS.
    plain = Client(unix=Path(running.front.http.removeprefix("unix:"))).get("/lessons/nim")
    assert (plain.status, plain.header("Location")) == (301, f"https://{NAME}/lessons/nim")

    # A stops in the middle of the class (gunicorn's graceful stop), its turn next: the post that
    # opens the next round is refused by A before it was sent, and nginx gives it to B.
    before = summary(teacher, code)
    front.next_on(a)
    a.stop()
    mark = len(front.upstreams)
    second, _ = open_round(teacher, code)
    assert second == first + 1
    assert served_by_last(front) == [a.address, b.address]
    answer(phone, code, second, "N")
    join(late, code)
    answer(late, code, second, "P")
    assert teacher.post(f"/class/{code}/reveal", {}, HX).status == 200
    rows = summary(teacher, code)
    assert len(rows) == 2 and rows[0] == before[0] and len(before) == 1
    assert (rows[1]["answered"], rows[1]["said P"], rows[1]["said N"], rows[1]["revealed"]) == ("2", "1", "1", "yes")
    stopped_since = front.upstreams[mark:]
    assert all(u.split(",")[-1].strip() == b.address for u in stopped_since)

