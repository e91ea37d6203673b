"""grundy.cache.BoundedCache: least recently used out first, within its bound (entries or total
size), safe across threads, and computing outside its lock (two threads may compute one key; the
first value stored is the one everybody gets)."""
from __future__ import annotations

import doctest
import random
import threading

import pytest

from grundy import cache
from grundy.cache import BoundedCache


def test_the_doctests_hold() -> None:
    assert doctest.testmod(cache).failed == 0


def test_the_least_recently_used_goes_first() -> None:
    kept: BoundedCache[str, int] = BoundedCache(3)
    for key, value in (("a", 1), ("b", 2), ("c", 3)):
        kept.put(key, value)
    assert kept.get("a") == 1  # a is used again: b is now the oldest
    kept.put("d", 4)
    assert kept.keys() == ["c", "a", "d"] and "b" not in kept and len(kept) == 3
    assert kept.get_or_compute("c", lambda: 99) == 3  # a use as well
    kept.put("e", 5)
    assert kept.keys() == ["d", "c", "e"]


def test_the_bound_holds_whatever_is_put() -> None:
    kept: BoundedCache[int, int] = BoundedCache(5)
    for n in range(1000):
        kept.get_or_compute(n % 37, lambda n=n: n)
        assert len(kept) <= 5 and kept.total == len(kept)
    zero: BoundedCache[int, int] = BoundedCache(0)
    assert zero.get_or_compute(1, lambda: 7) == 7 and len(zero) == 0  # a cache of nothing computes every time
    with pytest.raises(ValueError, match="at least 0"):
        BoundedCache(-1)


def test_a_size_bound_counts_sizes_and_refuses_an_entry_larger_than_it() -> None:
    kept: BoundedCache[str, bytes] = BoundedCache(10, size=len)
    kept.put("a", b"1234")
    kept.put("b", b"1234")
    assert kept.total == 8
    kept.put("c", b"123")  # 11 > 10: a, the oldest, goes
    assert kept.keys() == ["b", "c"] and kept.total == 7
    kept.put("b", b"1")  # replacing counts the new size only
    assert kept.total == 4
    kept.put("huge", b"x" * 11)
    assert "huge" not in kept and kept.keys() == ["c", "b"] and kept.total == 4


def test_a_value_of_none_or_a_failed_computation_is_not_a_hit() -> None:
    kept: BoundedCache[str, int] = BoundedCache(4)
    assert kept.get("x") is None and (kept.hits, kept.misses) == (0, 1)

    def fails() -> int:
        raise KeyError("no")

    with pytest.raises(KeyError):
        kept.get_or_compute("x", fails)
    assert "x" not in kept
    assert kept.get_or_compute("x", lambda: 1) == 1 and kept.get("x") == 1 and kept.hits == 1


def test_add_keeps_the_first_and_put_the_last() -> None:
    kept: BoundedCache[str, list[int]] = BoundedCache(4)
    first, second = [1], [1]
    assert kept.add("k", first) is first
    assert kept.add("k", second) is first  # the same object for everyone who asks
    kept.put("k", second)
    assert kept.get("k") is second


def test_a_stale_value_is_replaced() -> None:
    kept: BoundedCache[str, dict[int, int]] = BoundedCache(4)
    memo = kept.get_or_compute("rule", dict)
    memo.update({1: 1, 2: 2, 3: 3})
    small = lambda m: len(m) <= 2  # noqa: E731
    fresh = kept.get_or_compute("rule", dict, fresh=small)
    assert fresh == {} and fresh is not memo and kept.get("rule") is fresh
    assert kept.get_or_compute("rule", dict, fresh=small) is fresh


def test_computing_holds_no_lock_and_the_first_value_stored_wins() -> None:
    """A thread computing a key holds no lock meanwhile (another thread gets and computes other
    keys, and the same key, at once); when both computed one key, both get the first stored."""
    kept: BoundedCache[str, str] = BoundedCache(4)
    computing, release = threading.Event(), threading.Event()
    got: list[str] = []

    def slow() -> str:
        computing.set()
        release.wait()
        return "slow"

    thread = threading.Thread(target=lambda: got.append(kept.get_or_compute("k", slow)))
    thread.start()
    computing.wait()
    assert not kept._lock.locked()  # the slow computation is under way, and the lock is free
    assert kept.get_or_compute("other", lambda: "o") == "o"
    assert kept.get_or_compute("k", lambda: "quick") == "quick"  # computed again, here, meanwhile
    release.set()
    thread.join()
    assert got == ["quick"] and kept.get("k") == "quick"  # the slow thread gets the value stored first


def test_many_threads_keep_it_consistent() -> None:
    kept: BoundedCache[int, int] = BoundedCache(16)
    wrong: list[tuple[int, int]] = []
    start = threading.Barrier(8)

    def work(seed: int) -> None:
        rng = random.Random(seed)
        start.wait()
        for _ in range(3000):
            key = rng.randrange(40)
            action = rng.randrange(4)
            if action == 0:
                kept.put(key, key * key)
            elif action == 1:
                found = kept.get(key)
                if found is not None and found != key * key:
                    wrong.append((key, found))
            else:
                value = kept.get_or_compute(key, lambda key=key: key * key)
                if value != key * key:
                    wrong.append((key, value))

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []
    assert len(kept) <= 16 and kept.total == len(kept) == len(set(kept.keys()))
    assert all(kept.get(key) == key * key for key in kept.keys())
    kept.clear()
    assert len(kept) == 0 and kept.total == 0
