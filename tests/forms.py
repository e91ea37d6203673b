"""A test client that posts forms as the site's own pages do: with the session's CSRF token
(grundy.web.csrf), which every form of the site carries in a hidden field. Tests of the
refusal itself (tests/test_security.py) use Flask's plain client, which sends none."""
from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from grundy.web import csrf


class FormClient(FlaskClient):
    def open(self, *args: Any, **kwargs: Any) -> TestResponse:  # type: ignore[override]
        method = str(kwargs.get("method", "GET")).upper()
        data = kwargs.get("data")
        headers = dict(kwargs.get("headers") or {})
        carries = isinstance(data, dict) and csrf.FIELD in data or csrf.HEADER in headers
        if method == "POST" and not carries and not (args and not isinstance(args[0], str)):
            with self.session_transaction() as session:
                kept = session.get(csrf.SESSION_KEY)
                if not isinstance(kept, str):
                    kept = session[csrf.SESSION_KEY] = csrf.token_value()
            kwargs["headers"] = {**headers, csrf.HEADER: kept}
        return super().open(*args, **kwargs)
