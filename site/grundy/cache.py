"""One bounded, thread-safe cache for every memo the site keeps across requests.

A :class:`BoundedCache` keeps values by hashable key, least recently used first out, within a
bound: a number of entries, or a total size when it is given a ``size`` function (the response
memo's bytes). One lock guards the bookkeeping only; :meth:`BoundedCache.get_or_compute` computes
*outside* it, so a slow computation (a table, a rendered widget, a compressed file) never makes
the other threads wait, and two threads that miss the same key at once may both compute it. Then
the first value stored wins and both get it, so everyone who asks shares one object (a family
and its memos, a remoteness memo).

Nothing here imports Flask: the engine (``grundy.games``) keeps its tables in it too.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

# Keys are hashable (a dict holds them). Not bound to Hashable, which a Protocol type such as a
# take-away Rule does not declare, though every rule is a frozen dataclass.
K = TypeVar("K")
V = TypeVar("V")


def _one(_value: object) -> int:
    return 1


class BoundedCache(Generic[K, V]):
    """At most ``maxsize`` entries (or, with ``size``, a total of ``maxsize`` in its units: an
    entry larger than that on its own is not kept), the least recently used dropped first.

    >>> squares: BoundedCache[int, int] = BoundedCache(2)
    >>> squares.get_or_compute(3, lambda: 9), squares.get_or_compute(4, lambda: 16)
    (9, 16)
    >>> squares.get(3)  # 3 is now the most recently used, so 4 goes first
    9
    >>> squares.put(5, 25); sorted(squares.keys())
    [3, 5]
    """

    def __init__(self, maxsize: int, *, size: Callable[[V], int] | None = None) -> None:
        if maxsize < 0:
            raise ValueError(f"a cache's bound is at least 0; got {maxsize}")
        self.maxsize = maxsize
        self._size = size or _one
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.total = 0  # the entries' sizes added up (their number, without ``size``)
        self.hits = 0
        self.misses = 0

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return found[0]

    def get_or_compute(self, key: K, compute: Callable[[], V], *, fresh: Callable[[V], bool] | None = None) -> V:
        """The value kept for ``key``, or ``compute()``'s, kept. ``compute`` runs without the
        lock (and raises through, keeping nothing); if another thread stored a value for ``key``
        meanwhile, that one is returned instead. A kept value that ``fresh`` refuses (a memo grown
        too large, say) counts as missing, and the new value replaces it."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None and (fresh is None or fresh(found[0])):
                self._entries.move_to_end(key)
                self.hits += 1
                return found[0]
            self.misses += 1
        return self.add(key, compute(), fresh=fresh)

    def add(self, key: K, value: V, *, fresh: Callable[[V], bool] | None = None) -> V:
        """Keep ``value`` unless a value (that ``fresh`` accepts) is kept for ``key`` already;
        returns the one kept, now the most recently used."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None and (fresh is None or fresh(found[0])):
                self._entries.move_to_end(key)
                return found[0]
            self._store(key, value)
            return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, replacing what was kept (a longer table, say)."""
        with self._lock:
            self._store(key, value)

    def _store(self, key: K, value: V) -> None:
        old = self._entries.pop(key, None)
        if old is not None:
            self.total -= old[1]
        size = self._size(value)
        if size > self.maxsize:
            return  # it would push out every other entry, and itself
        self._entries[key] = (value, size)
        self.total += size
        while self.total > self.maxsize:
            _, (_, dropped) = self._entries.popitem(last=False)
            self.total -= dropped

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.total = 0

    def keys(self) -> list[K]:
        """The keys, least recently used first (a copy)."""
        with self._lock:
            return list(self._entries)

    def __contains__(self, key: object) -> bool:
        """Whether ``key`` is kept (not counted as a use)."""
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


__all__ = ["BoundedCache"]
