"""Cross-site requests are refused: every state-changing request must come from this site.

Three checks, in this order, on every POST (the site changes state with POST only):

1. **Where the browser says it comes from.** ``Sec-Fetch-Site`` other than ``same-origin`` or
   ``none`` (typed into the address bar) is refused; so is an ``Origin`` of another host, and
   ``Origin: null`` (a sandboxed frame, a ``data:`` page, a redirect across sites), which no
   page of this site ever sends.
2. **A per-session token.** A random token is kept in the signed session cookie; every form
   that changes state carries it in a hidden field (``{{ csrf_field() }}``, :data:`FIELD`), and
   a script's request in a header (:data:`HEADER`). A page on another site can make a browser
   post to us with our cookie, but cannot read the token, so its post is refused (403). Forms
   keep working with JavaScript off: the token is in the form.
3. Scripts on pages that are the same for everyone (a projection, kept in the response memo,
   carries no token) read it from the :data:`COOKIE` cookie, which only pages of this site can
   read, and send it in the header (static/js/grundy/report.js).

:data:`EXEMPT` lists the POST endpoints that need no token, each with its reason.
"""
from __future__ import annotations

import hmac
import secrets

from flask import Flask, Response, current_app, render_template, request, session
from markupsafe import Markup

from grundy.i18n import N_, _

SESSION_KEY = "csrf"
FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
COOKIE = "grundy_csrf"
# POSTs that need no token: a lesson page (one page for every reader, kept in the memo) marks
# itself read; a forged mark changes nothing but a tick on the contents page, and the page
# cannot carry a token for a reader who has no session yet.
EXEMPT = frozenset({"lessons.opened"})
# The blueprints whose pages carry forms (rendered for one reader): their answers share the token.
FORMS = frozenset({"classroom", "practice"})


def token_value() -> str:
    # hex: digits and a-f only, so no word a test looks for in a page (SG, P-position) can appear in it
    return secrets.token_hex(32)


def token() -> str:
    """This session's token, made on first use."""
    kept = session.get(SESSION_KEY)
    if not (isinstance(kept, str) and len(kept) == 64):
        kept = token_value()
        session[SESSION_KEY] = kept
    return kept


def field() -> Markup:
    """The hidden input every state-changing form carries."""
    return Markup('<input type="hidden" name="{}" value="{}">').format(FIELD, token())


def _refuse(message: str) -> Response:
    html = render_template("error.html", title=_("Not allowed"), links=[], message=message)
    return Response(html, status=403, mimetype="text/html")


def check() -> Response | None:
    """The before-request check (see the module's docstring); None lets the request through."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    site = request.headers.get("Sec-Fetch-Site")
    origin = request.headers.get("Origin")
    if (site is not None and site not in ("same-origin", "none")) or (
            origin is not None and (origin == "null" or origin.split("://", 1)[-1] != request.host)):
        return _refuse(_("Forms on this site accept posts from this site only."))
    if request.endpoint in EXEMPT:
        return None
    kept = session.get(SESSION_KEY)
    sent = request.form.get(FIELD) or request.headers.get(HEADER) or ""
    if not (isinstance(kept, str) and kept and hmac.compare_digest(kept.encode(), sent.encode())):
        return _refuse(_(NO_TOKEN))
    return None


NO_TOKEN = N_("This form was not sent from this site’s own page, or the page is older than your session: reload the"
              " page and send it again.")


def share(response: Response) -> Response:
    """After a request: scripts can read the session's token from a cookie of this site."""
    if request.blueprint not in FORMS:  # a widget, a lesson, a file: the same for everyone, no Vary: Cookie
        return response
    kept = session.get(SESSION_KEY)
    if isinstance(kept, str) and request.cookies.get(COOKIE) != kept:
        response.set_cookie(COOKIE, kept, samesite="Strict", httponly=False,
                            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def register(app: Flask) -> None:
    app.before_request(check)
    app.after_request(share)
    app.jinja_env.globals["csrf_field"] = field


__all__ = ["COOKIE", "EXEMPT", "FIELD", "HEADER", "register", "token"]
