"""Values kept once a catalogue version: `cached_value` (pickled, in both layers, with
the stamps of the products it shows) and `held_value` (the object itself, in this
process), each computed once per process however many threads miss it (`one_at_a_time`)."""

from __future__ import annotations

import hashlib
import logging
import pickle
import threading
import time

from django.conf import settings

from catalog.cache.keys import _scoped
from catalog.cache.layers import _get, _kept, _set
from catalog.cache.stamps import _checked, _stock_entry
from catalog.cache.versions import _answering_from, _start

logger = logging.getLogger("catalog.cache")


class _OneAtATime:
    """Per-key locks of this process, for a miss computed once however many of its
    threads ask at the same moment: right after a write every thread of a worker misses
    the same popular answers, and each computed them (a deep list page's anchors, three
    times over: docs/performance.md, "While selling"). A thread that waited reads what
    the first one stored; a thread that found no other asking for the key does not read
    again (it would be a second round trip to the shared cache on every miss). A key's
    lock is dropped once no thread holds or waits for it, so the table stays as small as
    the misses in flight.
    Reentrant: a value whose computing asks for its own key computes it (twice), never
    waits on itself."""

    def __init__(self):
        self._guard = threading.Lock()
        self._locks: dict[str, list] = {}  # key -> [lock, threads holding or waiting]

    def __call__(self, key: str):
        return _Flight(self, key)

    def _enter(self, key: str) -> bool:
        """Takes the key's lock; True when another thread held or waited for it."""
        with self._guard:
            entry = self._locks.setdefault(key, [threading.RLock(), 0])
            entry[1] += 1
            others = entry[1] > 1
        entry[0].acquire()
        return others

    def _exit(self, key: str) -> None:
        with self._guard:
            entry = self._locks[key]
            entry[0].release()
            entry[1] -= 1
            if not entry[1]:
                del self._locks[key]

    def __len__(self) -> int:
        return len(self._locks)


class _Flight:
    def __init__(self, flights: _OneAtATime, key: str):
        self.flights, self.key = flights, key

    def __enter__(self) -> bool:
        return self.flights._enter(self.key)

    def __exit__(self, *exc):
        self.flights._exit(self.key)


one_at_a_time = _OneAtATime()


def _hit(version: str, key: str, stamped: str):
    """The stored entry of `key` if it is current (its stock checked), else None."""
    hit = _get(version, key)
    if hit is not None and len(hit) > 1:
        stock = _checked(hit[1], stamped)
        hit = None if stock is None else _kept(version, key, hit, (hit[0], stock))
    return hit


def cached_value(key: str, compute, *, shows=None, scope: str = "catalogue"):
    """`compute()` once per catalogue version (at most CATALOG_CACHE_SECONDS); an exception
    (a 404) passes through and is not stored; a cache outage just computes. A value that
    shows products' stock names them with `shows(value)` (see `products_shown`): it is
    then also recomputed after any of them is sold.

    The value is kept pickled, so the local layer's byte bound counts what it really
    holds: kept as Python objects, 900 search answers (50 products each) were counted 64
    bytes apiece and grew a worker by about 110 MB. A hit unpickles (tens of microseconds
    for a page's data)."""
    seconds = getattr(settings, "CATALOG_CACHE_SECONDS", 0)
    if not seconds:
        return compute()
    # Callers' keys may hold anything a URL does (a slug): the stored key is a digest.
    key = "p:" + hashlib.sha1(key.encode(), usedforsecurity=False).hexdigest()
    try:
        version, text, stamped, rated = start = _start()
        key = _scoped(key, text, scope, rated)
        hit = _hit(version, key, stamped)
    except Exception:
        logger.warning("Catalogue cache unavailable; answering from the database")
        return compute()
    if hit is not None:
        return pickle.loads(hit[0])  # noqa: S301 (written by this module, never by a client)
    with one_at_a_time(f"{version}:{key}") as waited:
        try:  # stored by the thread this one waited for?
            hit = _hit(version, key, stamped) if waited else None
        except Exception:
            hit = None
        if hit is not None:
            return pickle.loads(hit[0])  # noqa: S301
        pin = _answering_from.set(start)  # values computed inside share it (the search's)
        try:
            value = compute()
        finally:
            _answering_from.reset(pin)
        entry = (pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL),)
        if shows is not None:
            stock = _stock_entry(shows(value), start)
            if stock is None:
                return value
            entry = (*entry, stock)
        _set(version, key, entry)
    return value


_held: dict[str, tuple[str, float, object]] = {}  # name -> (version, monotonic time, value)


def held_value(name: str, build, *, scope: str = "catalogue"):
    """`build()` once a catalogue version in this process, kept as the object itself (not
    pickled, not shared with other processes): for a structure that requests of a kind
    consult on every call and that is cheap to rebuild after a write (search's vocabulary,
    the price counts). Like every cached answer it lives at most CATALOG_CACHE_SECONDS
    (a change that replaced no version, raw SQL, is seen within that time). None with the
    catalogue cache off or out of reach: the caller asks the database. `build()` may
    return None too (nothing worth holding); that is kept."""
    seconds = getattr(settings, "CATALOG_CACHE_SECONDS", 0)
    if not seconds:
        return None
    try:
        version, text, _, rated = _start()
        version = _scoped(version, text, scope, rated)  # held apart: one object per name
    except Exception:
        logger.warning("Catalogue cache unavailable; answering from the database")
        return None
    held = _held.get(name)
    if held is None or held[0] != version or time.monotonic() - held[1] >= seconds:
        with one_at_a_time(f"held:{name}"):  # built by one thread, the others wait
            held = _held.get(name)
            now = time.monotonic()
            if held is None or held[0] != version or now - held[1] >= seconds:
                held = _held[name] = (version, now, build())
    return held[2]
