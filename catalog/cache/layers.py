"""Where answers are kept: this process's bounded local layer (`LocalLayer`) in front
of the shared cache, and which of the two a kind of cache may hold (the file cache keeps
only the version and answers too large for the local layer)."""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict

from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.filebased import FileBasedCache

from catalog.cache.keys import namespace

logger = logging.getLogger("catalog.cache")


class LocalLayer:
    """This process's bounded least-recently-used answers for one catalogue version.

    A new version empties it (the old answers are unreachable anyway). Bounded by entries
    and by bytes; an answer larger than an eighth of the byte bound is not kept. get and
    set are O(1) (an OrderedDict); a lock makes it safe for threaded workers."""

    def __init__(self, max_entries: int, max_bytes: int):
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._data: OrderedDict[str, tuple[object, int, float]] = OrderedDict()
        self._bytes = 0
        self._version: str | None = None
        self._lock = threading.Lock()

    def _switch(self, version: str) -> None:
        if version != self._version:
            self._data.clear()
            self._bytes = 0
            self._version = version

    def get(self, version: str, key: str):
        with self._lock:
            self._switch(version)
            entry = self._data.get(key)
            if entry is None:
                return None
            if entry[2] < time.monotonic():
                self._drop(key)
                return None
            self._data.move_to_end(key)
            return entry[0]

    def holds(self, version: str, key: str) -> bool:
        """Whether `get` would find the key (barring its expiry), without its side effects."""
        with self._lock:
            return version == self._version and key in self._data

    def fits(self, size: int) -> bool:
        return size <= self.max_bytes // 8

    def set(self, version: str, key: str, value, size: int, seconds: int) -> None:
        if not self.fits(size):
            return
        with self._lock:
            self._switch(version)
            if key in self._data:
                self._drop(key)
            self._data[key] = (value, size, time.monotonic() + seconds)
            self._bytes += size
            while len(self._data) > self.max_entries or self._bytes > self.max_bytes:
                _, (_, dropped, _) = self._data.popitem(last=False)
                self._bytes -= dropped

    def _drop(self, key: str) -> None:
        _, size, _ = self._data.pop(key)
        self._bytes -= size

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._bytes = 0
            self._version = None


local = LocalLayer(
    max_entries=getattr(settings, "CATALOG_LOCAL_CACHE_ENTRIES", 2000),
    max_bytes=getattr(settings, "CATALOG_LOCAL_CACHE_BYTES", 32 * 1024 * 1024),
)


def stamps_in_cache() -> bool:
    """Where a product's stock stamp lives. In the shared cache when it is a real one
    (Redis; a local-memory cache in one process): a hit then costs no SQL. With Django's
    file cache, which lists its whole folder on every `set`, one file per product sold
    or shown would make every write slower as the shop grows: there the stamp is the
    product's `updated_at` (which every sale and cancel moves), read by primary key on a
    hit. The file cache serves one machine on SQLite, where that read is in-process."""
    return shared_answers()


def shared_answers() -> bool:
    """Whether answers also go to the shared cache. Not to Django's file cache: its `set`
    lists the whole folder to cull, work that grows with the cache on every miss."""
    return not isinstance(caches["default"], FileBasedCache)


# `_get`'s `fetched` when the shared cache was not read yet.
NOT_READ = object()


def _shared_key(version: str, key: str) -> str:
    return f"catalog:{namespace()}:{version}:{key}"


def _fetch_key(version: str, key: str) -> str | None:
    """The shared key to read with the start (`versions._start_fetching`) for this entry:
    None when the local layer holds it."""
    return None if local.holds(version, key) else _shared_key(version, key)


def _get(version: str, key: str, fetched=NOT_READ):
    """Local layer, then the shared cache (whose hit is then kept locally too).
    `fetched`: what the shared cache holds under this key, when it was read already (in
    the start's round trip, `versions._start_fetching`; None: nothing)."""
    hit = local.get(version, key)
    if hit is None:
        # With the file cache only answers too large for the local layer are there: a miss
        # is one failed open(), never a listing.
        hit = cache.get(_shared_key(version, key)) if fetched is NOT_READ else fetched
        if hit is not None:
            local.set(version, key, hit, _size(hit), settings.CATALOG_CACHE_SECONDS)
    return hit


def _set(version: str, key: str, value) -> None:
    seconds = settings.CATALOG_CACHE_SECONDS
    size = _size(value)
    local.set(version, key, value, size, seconds)
    # Too large for the local layer (a whole category, megabytes): the shared cache keeps
    # it even when that is the file cache; such answers are rare, their cull cost too.
    if shared_answers() or not local.fits(size):
        try:
            cache.set(_shared_key(version, key), value, timeout=seconds)
        except Exception:
            logger.warning("Could not store a catalogue value in the cache", exc_info=True)


def _size(value) -> int:
    """Bytes an entry holds, roughly: its body (an answer's, or a value's pickle) plus 64."""
    if isinstance(value, tuple) and value and isinstance(value[0], bytes | str):
        return len(value[0]) + 64
    return 64


def _kept(version: str, key: str, hit: tuple, checked: tuple) -> tuple:
    """The entry as checked; when only its stamped mark moved, the local layer keeps the
    new one, so the next hit is free again."""
    if checked != hit:
        local.set(version, key, checked, _size(checked), settings.CATALOG_CACHE_SECONDS)
    return checked
