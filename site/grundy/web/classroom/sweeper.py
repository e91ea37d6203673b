"""Expired classes are purged on a schedule, in a daemon thread of each process that serves
classes (so a store never grows with classes nobody will open again)."""
from __future__ import annotations

import logging
import os
import threading
import time

from grundy.web.classroom.store import ClassStore

LOG = logging.getLogger(__name__)
PURGE_EVERY = 600  # seconds between sweeps (GRUNDY_PURGE_EVERY overrides it)


class Sweeper:
    """Purges expired classes every ``every`` seconds, in a daemon thread of the process that
    serves classes, started by its first classroom request (so the compute children, which
    never serve one, start none, and a fork never inherits a running one)."""

    def __init__(self, classes: ClassStore, every: float) -> None:
        self.classes = classes
        self.every = every
        self.swept = threading.Event()  # set after each sweep (the tests wait for it)
        self._pid = 0
        self._lock = threading.Lock()

    def ensure_running(self) -> None:
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid != os.getpid():
                threading.Thread(target=self._run, name="grundy-class-sweeper", daemon=True).start()
                self._pid = os.getpid()

    def _run(self) -> None:
        while True:
            try:
                self.classes.purge(time.time())
            except Exception:  # noqa: BLE001  (a locked or full disk: try again at the next sweep)
                LOG.exception("purging expired classes failed")
            self.swept.set()
            time.sleep(self.every)


__all__ = ["PURGE_EVERY", "Sweeper"]
