"""deploy/nginx/grundy.conf made into this machine's nginx site: addresses and paths substituted, nothing else.

    python3 deploy/nginx_site.py --name grundy.example.org --root /srv/grundy \\
        --app 127.0.0.1:8000 [--app 10.0.0.2:8000 …] > /etc/nginx/sites-available/grundy

- ``--name``: the server's name (``server_name``, and the certificate's folder under
  /etc/letsencrypt/live/ unless ``--certs`` names another folder holding fullchain.pem and privkey.pem);
- ``--root``: where the site is checked out (static files are served from its static/);
- ``--app``: an app server's address, once per server (``host:port``, or ``unix:/path``);
- ``--http``, ``--https``: what nginx listens on instead of ports 80 and 443 (an address nginx's
  ``listen`` takes: a port, ``host:port`` or ``unix:/path``);
- ``--logs``: the folder of the access log instead of /var/log/nginx.

Only the standard library: it runs with the system's python3 before any virtual environment
exists. tests/test_multi_server.py and bench/multi_server.py start nginx with its output, and
every substitution must find what it replaces, so a change to the shipped file that this script
no longer understands stops it (and those tests) with the line it looked for.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

SHIPPED = Path(__file__).resolve().parent / "nginx" / "grundy.conf"
NAME = "grundy.example.org"
ROOT = "/srv/grundy"
CERTS = f"/etc/letsencrypt/live/{NAME}"
LOGS = "/var/log/nginx"
APP = re.compile(r"^( *)server 127\.0\.0\.1:8000;\n", re.M)
LISTEN = {  # the shipped listen lines of each server block, IPv4 and IPv6
    "http": re.compile(r"^( *)listen 80;\n *listen \[::\]:80;\n", re.M),
    "https": re.compile(r"^( *)listen 443 ssl http2;\n *listen \[::\]:443 ssl http2;\n", re.M),
}
SUFFIX = {"http": "", "https": " ssl http2"}


class Unrecognised(ValueError):
    """The shipped file no longer has a line this script substitutes."""


def _once(pattern: re.Pattern[str], replace: str, text: str, what: str) -> str:
    new, count = pattern.subn(lambda m: replace.replace("\\1", m[1]), text)
    if count != 1:
        raise Unrecognised(f"deploy/nginx/grundy.conf: expected one {what} ({pattern.pattern!r}), found {count}")
    return new


def _every(old: str, new: str, text: str) -> str:
    if old not in text:
        raise Unrecognised(f"deploy/nginx/grundy.conf: {old!r} is not in it")
    return text.replace(old, new)


def site(name: str, root: str, apps: list[str], certs: str | None = None, http: str | None = None,
         https: str | None = None, logs: str | None = None, text: str | None = None) -> str:
    """The shipped configuration with these addresses and paths."""
    for value in (name, root, certs, http, https, logs, *apps):
        if value is not None and (not value or re.search(r"[\s;{}'\"$#]", value)):
            raise ValueError(f"not an address or a path nginx can take as it is: {value!r}")
    if not apps:
        raise ValueError("at least one app server (--app)")
    conf = SHIPPED.read_text() if text is None else text
    conf = _once(APP, "".join(f"\\1server {app};\n" for app in apps), conf, "app server line")
    for kind, address in (("http", http), ("https", https)):
        if address is not None:
            conf = _once(LISTEN[kind], f"\\1listen {address}{SUFFIX[kind]};\n", conf, f"pair of {kind} listen lines")
    conf = _every(CERTS, certs or f"/etc/letsencrypt/live/{name}", conf)
    conf = _every(LOGS, logs or LOGS, conf)
    conf = _every(ROOT, root.rstrip("/") or "/", conf)
    return _every(NAME, name, conf)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--name", required=True, help="the server's name, e.g. grundy.example.org")
    parser.add_argument("--root", default=ROOT, help=f"where the site is checked out (default {ROOT})")
    parser.add_argument("--app", action="append", required=True, help="an app server: host:port or unix:/path (repeat)")
    parser.add_argument("--certs", help="the folder of fullchain.pem and privkey.pem (default /etc/letsencrypt/live/NAME)")
    parser.add_argument("--http", help="listen for HTTP (redirected to HTTPS) here instead of port 80")
    parser.add_argument("--https", help="listen for HTTPS here instead of port 443")
    parser.add_argument("--logs", help=f"the access log's folder (default {LOGS})")
    args = parser.parse_args(argv)
    try:
        sys.stdout.write(site(args.name, args.root, args.app, args.certs, args.http, args.https, args.logs))
    except ValueError as error:
        raise SystemExit(str(error)) from None


if __name__ == "__main__":
    main()
