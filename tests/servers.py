"""The site as it runs in public, started for a test or a bench: app servers, and nginx in front
with the configuration the project ships (deploy/nginx/grundy.conf).

- :func:`app_server`: gunicorn with `make run`'s settings (``-c python:grundy.serve``,
  ``'grundy:create_app()'``), on a unix socket in a folder of its own, with the environment given
  (one shared GRUNDY_SECRET_KEY, GRUNDY_PROXIES=1, the class store). It is ready when gunicorn says
  so itself (the systemd notification protocol, READY=1 once it listens, as deploy/grundy.service
  waits for it) and its first ``GET /`` has been answered (a worker takes requests once its
  computing children can answer). No sleeps: both are blocking reads, bounded.
- :func:`nginx`: Debian's nginx, its site made by deploy/nginx_site.py from the shipped file
  (addresses and paths substituted only, as README.md shows the operator), inside a main
  configuration of the harness's own: a prefix in the folder (pid file, logs, temporary files),
  one worker process, and one header of its own, ``X-Upstream`` (``$upstream_addr``: which app
  server answered; absent when nginx answered itself, as for static files). A self-signed
  certificate for :data:`NAME` is made with openssl. nginx is ready when its HTTPS socket answers.
- :class:`Client`: a browser of sorts: cookies, the CSRF token as the site's scripts send it, the
  Origin a browser sends with a post, over HTTPS to nginx or plain HTTP to one app server.

Everything started is stopped on leaving (a failure too): SIGTERM, then SIGKILL to the process's
group (each runs in a session of its own, gunicorn's workers and computing children with it).
Folders are made under the system's temporary folder (a unix socket's path is at most 107 bytes),
never at a fixed path, so every xdist worker may start its own.
"""
from __future__ import annotations

import http.client
import os
import runpy
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # the virtual environment's: gunicorn is installed beside python
NAME = "grundy.test"  # the server's name in the certificate and nginx's server_name
HOST = f"{NAME}:8443"  # the Host a browser sends: a port other than 443, as Origin checks must allow
START_TIMEOUT = 300.0  # seconds: grundy.serve.READY_WAIT, a worker's wait for its children on a loaded machine
STOP_TIMEOUT = 40.0  # gunicorn's graceful stop gives open requests 30 s
SECRET = "multi-server-test-key-" + "0" * 40  # one key for every app server (a test's, never a deployment's)
MISSING = {
    "nginx": "nginx is not installed: `make test` installs it (as root), or run 'sudo apt-get install nginx' (Debian/Ubuntu)",
    "openssl": "openssl is not installed: run 'sudo apt-get install openssl' (Debian/Ubuntu)",
}


class StartError(RuntimeError):
    """A server did not start (its log is in the message)."""


def _tail(log: Path, lines: int = 40) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:]) if log.exists() else "(no log)"


def _stop(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)  # what is left of its session: workers, children
    except (ProcessLookupError, PermissionError):
        pass
    if process.poll() is None:
        process.wait(timeout=STOP_TIMEOUT)


def _folder(prefix: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=prefix))


# ------------------------------------------------------------------ app servers


@dataclass
class AppServer:
    name: str
    socket: Path
    log: Path
    process: subprocess.Popen[bytes]

    @property
    def address(self) -> str:
        """As nginx's upstream names it (and its ``$upstream_addr`` says it)."""
        return f"unix:{self.socket}"

    def stop(self) -> None:
        """gunicorn's graceful stop (SIGTERM: open requests are finished), waited for."""
        _stop(self.process)

    def client(self) -> Client:
        """A client asking this server directly, without nginx."""
        return Client(unix=self.socket)


@contextmanager
def app_servers(folder: Path, names: str, env: Mapping[str, str]) -> Iterator[list[AppServer]]:
    """gunicorn as `make run` starts it, once per letter of ``names``, on ``folder/<name>.sock``:
    all started at once, then each waited for; all stopped on leaving."""
    with ExitStack() as stack:
        launched = [stack.enter_context(_launched(folder, name, env)) for name in names]
        servers = [_ready(*each) for each in launched]
        yield servers


@contextmanager
def app_server(folder: Path, name: str, env: Mapping[str, str]) -> Iterator[AppServer]:
    """One app server (see :func:`app_servers`)."""
    with app_servers(folder, name, env) as (server,):
        yield server


@contextmanager
def _launched(folder: Path, name: str, env: Mapping[str, str]
              ) -> Iterator[tuple[AppServer, socket.socket]]:
    sock, log, notify_path = folder / f"{name}.sock", folder / f"{name}.log", folder / f"{name}.notify"
    command = [str(BIN / "gunicorn"), "-c", "python:grundy.serve", "--bind", f"unix:{sock}",
               "--error-logfile", str(log), "grundy:create_app()"]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as notify:
        notify.bind(str(notify_path))
        notify.settimeout(START_TIMEOUT)
        process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True,
                                   env={**os.environ, **env, "NOTIFY_SOCKET": str(notify_path)})
        try:
            yield AppServer(name, sock, log, process), notify
        finally:
            _stop(process)


def _ready(server: AppServer, notify: socket.socket) -> AppServer:
    """Once gunicorn has said READY=1 (it listens) and answered its first ``GET /``."""
    try:
        while b"READY=1" not in notify.recv(4096).split(b"\n"):
            pass
    except TimeoutError:
        raise StartError(f"gunicorn ({server.name}) did not say it was ready:\n{_tail(server.log)}") from None
    status = server.client().get("/", timeout=START_TIMEOUT).status  # waits for a worker, however long
    if status != 200:
        raise StartError(f"gunicorn ({server.name}) answered GET / with {status}:\n{_tail(server.log)}")
    return server


# ------------------------------------------------------------------ nginx


@dataclass
class Nginx:
    folder: Path
    https: str  # what nginx listens on for HTTPS: unix:/path or 127.0.0.1:port
    http: str
    certificate: Path
    process: subprocess.Popen[bytes]

    def client(self, address: str | None = None) -> Client:
        where = address or self.https
        if where.startswith("unix:"):
            return Client(unix=Path(where[5:]), tls=self.certificate)
        host, _, port = where.rpartition(":")
        return Client(tcp=(host, int(port)), tls=self.certificate)

    @property
    def access_log(self) -> Path:
        return self.folder / "grundy.access.log"

    @property
    def error_log(self) -> Path:
        return self.folder / "error.log"


MAIN = """\
daemon off;
master_process on;
worker_processes 1;
{user}pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    # the harness's own header: which app server answered (a location with add_header of its own,
    # as the static ones have, does not inherit it: nginx answered those itself)
    add_header X-Upstream $upstream_addr always;
    include {folder}/grundy.conf;
}}
"""


def site_config(apps: list[str], folder: Path, https: str, http: str) -> str:
    """The shipped site with this harness's addresses and paths, by deploy/nginx_site.py."""
    made = runpy.run_path(str(ROOT / "deploy" / "nginx_site.py"))
    return str(made["site"](NAME, str(ROOT), apps, certs=str(folder), http=http, https=https, logs=str(folder)))


def certificate(folder: Path) -> Path:
    """A self-signed certificate for NAME (and 127.0.0.1), as fullchain.pem and privkey.pem in ``folder``."""
    openssl = shutil.which("openssl")
    if openssl is None:
        raise StartError(MISSING["openssl"])
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-days", "2", "-subj", f"/CN={NAME}", "-addext", f"subjectAltName=DNS:{NAME},IP:127.0.0.1",
                    "-keyout", str(folder / "privkey.pem"), "-out", str(folder / "fullchain.pem")],
                   check=True, capture_output=True)
    return folder / "fullchain.pem"


@contextmanager
def nginx(folder: Path, apps: list[str], https: str | None = None, http: str | None = None) -> Iterator[Nginx]:
    """nginx with the shipped site in front of ``apps`` (their addresses); on unix sockets in
    ``folder`` unless ``https``/``http`` say where to listen. Stopped on leaving."""
    binary = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if binary is None:
        raise StartError(MISSING["nginx"])
    https = https or f"unix:{folder}/https.sock"
    http = http or f"unix:{folder}/http.sock"
    cert = certificate(folder)
    (folder / "grundy.conf").write_text(site_config(apps, folder, https, http))
    # run as root (a container's test run), nginx's workers would otherwise be `nobody`, who may not
    # enter this folder (mode 700) to reach the app servers' sockets
    user = "user root;\n" if os.geteuid() == 0 else ""
    main = folder / "nginx.conf"
    main.write_text(MAIN.format(folder=folder, user=user))
    command = [binary, "-p", str(folder), "-c", str(main), "-e", str(folder / "error.log")]
    checked = subprocess.run([*command, "-t", "-q"], capture_output=True, text=True, check=False)
    if checked.returncode != 0:
        raise StartError(f"nginx -t refused the configuration:\n{checked.stderr}")
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    server = Nginx(folder, https, http, cert, process)
    try:
        _wait_listening(server)
    except BaseException:
        _stop(process, signal.SIGQUIT)
        raise
    try:
        yield server
    finally:
        _stop(process, signal.SIGQUIT)  # nginx's graceful stop


def _wait_listening(server: Nginx) -> None:
    """Until nginx's HTTPS socket takes a connection (it binds before its pid file is written and
    before it forks its worker; a connection waits in the queue for the worker). Between tries,
    wait on nginx's own exit, which a refused start ends at once."""
    for _ in range(int(START_TIMEOUT / 0.05)):
        try:
            server.client().raw_socket(timeout=START_TIMEOUT).close()
            return
        except (FileNotFoundError, ConnectionRefusedError):
            try:
                server.process.wait(timeout=0.05)
            except subprocess.TimeoutExpired:
                continue
            raise StartError(f"nginx stopped (status {server.process.returncode}):\n{_tail(server.error_log)}") from None
    raise StartError(f"nginx did not listen on {server.https}:\n{_tail(server.error_log)}")


# ------------------------------------------------------------------ the whole site


@dataclass
class Site:
    folder: Path
    apps: list[AppServer]
    front: Nginx
    env: dict[str, str] = field(default_factory=dict)

    def client(self) -> Client:
        return self.front.client()

    def server(self, address: str) -> AppServer:
        return next(app for app in self.apps if app.address == address)


@contextmanager
def site(store: Mapping[str, str], servers: int = 2, env: Mapping[str, str] | None = None,
         https: str | None = None) -> Iterator[Site]:
    """``servers`` app servers sharing ``store`` (GRUNDY_CLASS_STORE, or GRUNDY_CLASS_DB) and one
    secret key, behind nginx; everything stopped and removed on leaving."""
    folder = _folder("grundy-site-")
    os.chmod(folder, 0o700)
    settings = {"GRUNDY_SECRET_KEY": SECRET, "GRUNDY_PROXIES": "1", "GRUNDY_SECURE_COOKIES": "1", **store, **(env or {})}
    try:
        with ExitStack() as stack:
            apps = stack.enter_context(app_servers(folder, "ab"[:servers], settings))
            front = stack.enter_context(nginx(folder, [app.address for app in apps], https=https))
            yield Site(folder, apps, front, settings)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ------------------------------------------------------------------ a client


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def header(self, name: str) -> str | None:
        return self.headers.get(name)


@dataclass
class Client:
    """One browser: its cookies, over HTTPS to nginx (``tls``: the certificate to trust) or plain
    HTTP to an app server. A connection per request (nginx's and gunicorn's keep-alive are not what is tested)."""
    unix: Path | None = None
    tcp: tuple[str, int] | None = None
    tls: Path | None = None
    cookies: dict[str, str] = field(default_factory=dict)

    def raw_socket(self, timeout: float) -> socket.socket:
        if self.unix is not None:
            raw = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            raw.settimeout(timeout)
            try:
                raw.connect(str(self.unix))
            except BaseException:
                raw.close()
                raise
            return raw
        assert self.tcp is not None
        return socket.create_connection(self.tcp, timeout=timeout)

    def _connection(self, timeout: float) -> http.client.HTTPConnection:
        client = self

        class Connection(http.client.HTTPConnection):
            def connect(self) -> None:
                raw = client.raw_socket(timeout)
                if client.tls is not None:
                    context = ssl.create_default_context(cafile=str(client.tls))
                    raw = context.wrap_socket(raw, server_hostname=NAME)
                self.sock = raw

        return Connection(NAME, timeout=timeout)

    def request(self, method: str, path: str, form: Mapping[str, str] | None = None,
                headers: Mapping[str, str] | None = None, timeout: float = 60.0) -> Answer:
        sent = {"Host": HOST, **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if method == "POST":
            sent.setdefault("Origin", f"https://{HOST}")  # what a browser sends with every post
            if "grundy_csrf" in self.cookies:  # the session's token, as the site's scripts send it
                sent.setdefault("X-CSRF-Token", self.cookies["grundy_csrf"])
            body = urlencode(form or {}).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection = self._connection(timeout)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        return Answer(response.status, response.headers, data)

    def get(self, path: str, headers: Mapping[str, str] | None = None, timeout: float = 60.0) -> Answer:
        return self.request("GET", path, headers=headers, timeout=timeout)

    def post(self, path: str, form: Mapping[str, str] | None = None, headers: Mapping[str, str] | None = None) -> Answer:
        return self.request("POST", path, form, headers)


__all__ = ["HOST", "NAME", "SECRET", "AppServer", "Answer", "Client", "Nginx", "Site", "StartError", "app_server",
           "app_servers", "nginx", "site"]
