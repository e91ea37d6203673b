"""What deploy/ ships says what the app says: the static files' headers nginx adds, the systemd
unit's command, the settings an operator sets; and deploy/nginx_site.py substitutes addresses and
paths only. (tests/test_multi_server.py runs nginx with it.)"""
from __future__ import annotations

import re
import runpy
import shlex
from pathlib import Path

import pytest
from flask import Flask

from grundy.web import delivery
from grundy.web.security import HEADERS

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
SHIPPED = (DEPLOY / "nginx" / "grundy.conf").read_text()
STATIC_HEADERS = (DEPLOY / "nginx" / "static-headers.conf").read_text()
SITE = runpy.run_path(str(DEPLOY / "nginx_site.py"))


def test_nginx_adds_the_apps_security_headers_to_static_files() -> None:
    added = dict(re.findall(r'^add_header (\S+) "([^"]*)" always;$', STATIC_HEADERS, re.M))
    assert added == HEADERS


def test_nginx_gives_static_files_the_apps_lifetimes(app: Flask) -> None:
    year = f"public, max-age={delivery.STATIC_MAX_AGE}, immutable"
    unversioned = f"public, max-age={int(app.config['SEND_FILE_MAX_AGE_DEFAULT'])}"
    mapped = re.search(r"map \$arg_v \$grundy_static_cache \{\s*\"\"\s+\"([^\"]+)\";\s*default\s+\"([^\"]+)\";", SHIPPED)
    assert mapped is not None and mapped.groups() == (unversioned, year)
    modules = re.search(r'location ~ "\^/static/js/grundy@.*?add_header Cache-Control "([^"]+)" always;', SHIPPED, re.S)
    assert modules is not None and modules[1] == year
    for static in re.findall(r"location (?:/static/|~ \"\^/static/)[^{]*\{(.*?)\n    \}", SHIPPED, re.S):
        assert "include /srv/grundy/deploy/nginx/static-headers.conf;" in static


def test_the_module_location_reaches_no_other_folder() -> None:
    pattern = re.search(r'location ~ "(\^/static/js/grundy@[^"]+)"', SHIPPED)
    assert pattern is not None
    served = re.compile(pattern[1])
    assert served.match("/static/js/grundy@0123abcdef/main.js")[1] == "main.js"  # type: ignore[index]
    assert served.match("/static/js/grundy@0123abcdef/sub/part.js")[1] == "sub/part.js"  # type: ignore[index]
    for outside in ("/static/js/grundy@0123abcdef/../../../pyproject.js", "/static/js/grundy@0123abcdef/main.css",
                    "/static/js/grundy@0123abcdef/..%2fsecret.js", "/static/js/grundy@xyz/main.js"):
        assert served.match(outside) is None, outside


def test_the_site_is_substituted_in_addresses_and_paths_only() -> None:
    made = SITE["site"]("classes.example.edu", "/opt/grundy", ["10.0.0.1:8000", "unix:/run/grundy/b.sock"],
                        https="8443", http="127.0.0.1:8080")
    assert "server 10.0.0.1:8000;\n    server unix:/run/grundy/b.sock;\n" in made
    assert "listen 8443 ssl http2;" in made and "listen 127.0.0.1:8080;" in made
    assert "listen 443" not in made and "listen [::]" not in made
    assert "/etc/letsencrypt/live/classes.example.edu/fullchain.pem" in made
    assert "alias /opt/grundy/static/;" in made
    directives = "\n".join(line for line in made.splitlines() if not line.lstrip().startswith("#"))
    assert "grundy.example.org" not in directives and "/srv/grundy" not in directives and "127.0.0.1:8000" not in directives

    def skeleton(text: str) -> list[str]:  # every line but those that hold an address or a path
        return [line for line in text.splitlines() if not re.search(r"server |listen |/|example", line)]

    assert skeleton(made) == skeleton(SHIPPED)
    default = SITE["site"]("grundy.example.org", "/srv/grundy", ["127.0.0.1:8000"])
    assert default == SHIPPED  # the shipped file is what the script makes with its own example values


@pytest.mark.parametrize("value", ["grundy.example.org; include /etc/passwd", "a b", "", "$host", "x{"])
def test_a_value_nginx_would_read_as_more_than_an_address_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="not an address or a path"):
        SITE["site"](value, "/srv/grundy", ["127.0.0.1:8000"])
    with pytest.raises(ValueError, match="not an address or a path"):
        SITE["site"]("grundy.example.org", "/srv/grundy", [value])


def test_a_shipped_file_the_script_no_longer_understands_stops_it() -> None:
    changed = SHIPPED.replace("server 127.0.0.1:8000;", "server 127.0.0.1:9000;")
    with pytest.raises(SITE["Unrecognised"], match="app server line"):
        SITE["site"]("grundy.example.org", "/srv/grundy", ["127.0.0.1:8000"], text=changed)


def test_the_service_runs_make_runs_command() -> None:
    unit = (DEPLOY / "grundy.service").read_text()
    makefile = (ROOT / "Makefile").read_text()
    run = re.search(r"^run:.*\n\t\$\(BIN\)/gunicorn (.*)$", makefile, re.M)
    start = re.search(r"^ExecStart=/srv/grundy/\.venv/bin/gunicorn (.*)$", unit, re.M)
    assert run is not None and start is not None
    made = shlex.split(run[1].replace("$(HOST):$(PORT)", "127.0.0.1:8000"))
    assert shlex.split(start[1]) == made
    assert re.search(r"^Type=notify$", unit, re.M)  # gunicorn says READY=1 once it listens (tests/servers.py waits so too)
    assert re.search(r"^ReadWritePaths=/srv/grundy/instance$", unit, re.M)


def test_every_setting_the_operator_sets_is_in_the_readmes_table() -> None:
    readme = (ROOT / "README.md").read_text()
    table = readme.split("### Serving it in public", 1)[1].split("\n## ", 1)[0]
    example = (DEPLOY / "grundy.env.example").read_text()
    for name in re.findall(r"^(GRUNDY_\w+)=", example, re.M):
        assert re.search(rf"^\| `{name}` \|", table, re.M), name
