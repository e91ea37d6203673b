"""The site with one extra route, for bench/classroom.py only: server-sent events for a live class.

    gunicorn -c python:grundy.serve --pythonpath bench 'sse_app:create_app()'

``GET /class/<code>/events`` streams ``data: <version>`` whenever the class's version changes
(the version students' polls compare, :class:`grundy.web.classroom.store.Room`). The store is a
SQLite file shared by every worker and thread, with nothing to wake a waiting thread, so each
open stream asks it again every :data:`CHECK_EVERY` seconds, as a real SSE implementation over
this store would have to. A page would then fetch /class/<code>/live, as it does after a
changed poll. This is how the transport would look, built without touching the site's code;
it is not part of the site.

gunicorn's gthread worker gives each open stream one of its threads for the stream's whole life
(the generator below runs in it), so 60 phones hold 60 of the 2 × 128 threads.
"""
from __future__ import annotations

import time
from collections.abc import Iterator

import grundy
from flask import Flask, Response, abort

CHECK_EVERY = 0.1  # seconds between two reads of the store, per open stream
KEEP_ALIVE = 15.0  # seconds: a comment line then, so a closed connection frees its thread


def create_app() -> Flask:
    app = grundy.create_app()
    store = app.extensions["grundy.classes"]  # the same SQLiteClassStore the classroom routes use

    @app.get("/class/<code>/events")
    def class_events(code: str) -> Response:
        if store.room(code, time.time()) is None:
            abort(404)

        def stream() -> Iterator[bytes]:
            last = None
            written = time.monotonic()
            while True:
                room = store.room(code, time.time())
                if room is None or room.phase == "ended":
                    yield b"event: end\ndata: \n\n"  # the class is over: the stream ends, its thread is free
                    return
                if room.version != last:
                    last = room.version
                    written = time.monotonic()
                    yield f"data: {last}\n\n".encode()
                elif time.monotonic() - written >= KEEP_ALIVE:
                    written = time.monotonic()
                    yield b": keep-alive\n\n"
                time.sleep(CHECK_EVERY)

        response = Response(stream(), mimetype="text/event-stream")
        response.headers["Cache-Control"] = "no-cache, private"
        response.headers["X-Accel-Buffering"] = "no"  # nginx in front: pass each event on at once
        # grundy.web.delivery.finish would read the whole (endless) body to hash it into an ETag;
        # a passthrough response (its chunks already bytes) is left alone.
        response.direct_passthrough = True
        return response

    return app
