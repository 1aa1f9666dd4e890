"""Cached answers for the public catalogue reads, invalidated by every write.

A public read (GET, and the product-filters POST, which is a read) is answered from the
shared cache (`CACHES`: Redis when `REDIS_URL` is set) when the same request was answered
since the catalogue last changed. Every cache key carries the catalogue's *version*, a
value kept in the cache and replaced once any write to a category or a product has
committed, so one write makes every cached list, count, page and search unreachable at
once, in every server process. Nothing is deleted key by key; old entries expire
(`CATALOG_CACHE_SECONDS`, 0 turns the cache off).

The version also gives each GET answer an `ETag` (and a `Last-Modified`), so a browser
that revalidates gets 304 without a database query, and a fresh answer after any change.

A sale is not a catalogue write. Stock moves without replacing the version: each product
has a *stock stamp* in the shared cache, replaced after a sale or a cancel commits
(`stock_changed`). An answer that shows products (a list, a search, a product page) is
stored with the stamps of the products it shows, read after it was computed and checked
against the database (`_settle`), and a hit is served only while every one of those stamps
is unchanged (one `get_many`). So a sale refreshes exactly the answers that show the sold
product's stock, everywhere at once, and leaves every other answer, count and in-process
table where it is.

When the cache cannot be reached the reads are answered from the database as if the
cache were off: a cache outage slows the shop down, it never breaks it.

Two layers. Each process keeps a bounded local layer (`LocalLayer`: least
recently used answers, at most `CATALOG_LOCAL_CACHE_ENTRIES` entries and
`CATALOG_LOCAL_CACHE_BYTES` bytes) in front of the shared cache; it holds one catalogue
version and is emptied when the version changes, so it is never staler than the shared
layer. A request reads the version from the shared cache (one small get), then the local
layer, then the shared one. Every operation is O(1): nothing is listed, counted or scanned
per request. Django's file cache lists its whole folder to cull on every `set`, so with
the file cache (no `REDIS_URL`) answers are kept in the local layer only: the file cache
holds the version (written only when the catalogue changes) and the rare answer too large
for the local layer (an unpaged category of thousands of products).

Keys. Every key is namespaced by the database it reflects
(vendor, host, port and name of the default database) and by the settings that shape an
answer (page size, search cap), so two databases or two configurations sharing one cache
never see each other's answers. A POST read (product-filters) is cached only when it is
JSON (`Content-Type: application/json`); its key covers the content type and the exact
body (the parsed body is a function of both). Only 200 JSON answers are stored.
"""

from __future__ import annotations

import hashlib
import logging
import pickle
import threading
import time
from collections import OrderedDict
from contextvars import ContextVar
from functools import lru_cache

import orjson
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.filebased import FileBasedCache
from django.db import connection as default_connection
from django.db import transaction
from django.http import HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date

logger = logging.getLogger("catalog.cache")

# Bodies of cached POST reads (product-filters) are small JSON; larger ones skip the cache.
MAX_CACHED_BODY = 8 * 1024
CACHEABLE_POST_TYPE = "application/json"


@lru_cache(maxsize=16)
def _digest(identity: str) -> str:
    return hashlib.sha1(identity.encode(), usedforsecurity=False).hexdigest()[:16]


def namespace() -> str:
    """What every key is prefixed with: the database the answers come from and the
    settings that change them."""
    db = default_connection.settings_dict
    identity = "|".join(
        str(part)
        for part in (
            default_connection.vendor,
            db.get("HOST", ""),
            db.get("PORT", ""),
            db.get("NAME", ""),
            settings.PRODUCTS_PER_PAGE,
            settings.SEARCH_RESULTS_LIMIT,
            settings.SEARCH_WINDOW_MARGIN,
            settings.SEARCH_RANKED_MATCHES,
            "stock-stamps-3",  # the entries' layout: an older layout's entries are not read
        )
    )
    return _digest(identity)


def version_key() -> str:
    return f"catalog:{namespace()}:version"


# The version a public read answers from, read once when it starts (CachedRead.dispatch,
# or cached_value for the values computed inside one, like a search's catalogue size):
# a page's count, anchors and answer then share it, and a miss read it from the shared
# cache once instead of once per cached value (a list page: six reads, each a file open or
# a Redis round trip). A write committed meanwhile is seen by the next request, as before.
# The sales mark (`_sold_key`) is read with it, in the same round trip (see `_settle`).
_answering_from: ContextVar[tuple[str, str, str, str] | None] = ContextVar(
    "catalog_answering_from", default=None
)


def _sold_key() -> str:
    return f"catalog:{namespace()}:sold"


def _text_key() -> str:
    return f"catalog:{namespace()}:text-version"


def _stamped_key() -> str:
    return f"catalog:{namespace()}:stamped"


def _start() -> tuple[str, str, str, str]:
    """The catalogue version, the sales mark, the text version and the stamped mark as a
    read starts: the pinned ones inside a read, else from the shared cache in one round
    trip (each created if missing). With stamps kept in the database (`stamps_in_cache`
    false) there is no sales mark."""
    pinned = _answering_from.get()
    if pinned is not None:
        return pinned
    prefix = f"catalog:{namespace()}"  # once: building it reads seven settings
    keys = [f"{prefix}:version", f"{prefix}:text-version", f"{prefix}:stamped"]
    sold, edited = f"{prefix}:sold", f"{prefix}:text-edited"
    if stamps_in_cache():
        keys.append(sold)
    found = cache.get_many([*keys, edited])
    missing = [key for key in keys if key not in found]
    if missing:
        for key in missing:
            # The stamped mark is a counter (`_log_sale` increments it), started at the
            # clock so that a lost key never starts it again at a value an entry holds.
            start = _now_ns()
            cache.add(key, start if key == keys[2] else str(start), timeout=None)
        found.update(cache.get_many(missing))
    text = found[keys[1]]
    if edited in found:
        text = _text_due(text, found[edited])
    return found[keys[0]], found.get(sold, ""), text, found.get(keys[2], "")


def catalog_version() -> str:
    """The current version: nanoseconds since the epoch at the last committed write (the
    one the public read being answered started with, inside one)."""
    return _start()[0]


def _scoped(key: str, text: str, scope: str) -> str:
    """The key an entry of `scope` is kept under: answers that depend on the products'
    texts (search, suggestions, their vocabulary: scope "text") also carry the text
    version, which an edit of a description replaces alone. (In the key, not in the
    version: the local layer holds one catalogue version and empties on a new one.)"""
    return f"{key}@{text}" if scope == "text" else key


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


def _get(version: str, key: str):
    """Local layer, then the shared cache (whose hit is then kept locally too)."""
    hit = local.get(version, key)
    if hit is None:
        # With the file cache only answers too large for the local layer are there: a miss
        # is one failed open(), never a listing.
        hit = cache.get(f"catalog:{namespace()}:{version}:{key}")
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
            cache.set(f"catalog:{namespace()}:{version}:{key}", value, timeout=seconds)
        except Exception:
            logger.warning("Could not store a catalogue value in the cache", exc_info=True)


def _size(value) -> int:
    """Bytes an entry holds, roughly: its body (an answer's, or a value's pickle) plus 64."""
    if isinstance(value, tuple) and value and isinstance(value[0], bytes | str):
        return len(value[0]) + 64
    return 64


_last_bump = 0.0  # time.monotonic() of this process's last replacement


def bump_version() -> None:
    global _last_bump
    _last_bump = time.monotonic()
    try:
        cache.set(version_key(), str(time.time_ns()), timeout=None)
    except Exception:  # the cache is down: nothing cached can be served either
        logger.warning("Could not replace the catalogue version in the cache", exc_info=True)


def catalog_changed(sender=None, instance=None, update_fields=None, **kwargs) -> None:
    """Signal receiver for saves and deletes of categories and products.

    A product saved with `update_fields` within SHOWN_ONLY (its name unchanged: an edit of
    its description, stock or shipping) replaces its stock stamps, and the text version
    when its description changed, and nothing else: lists, filters, counts and pages that
    do not show it stay as they are.

    The version is replaced at once (so a read later in the same transaction sees the
    change) and again after the commit: a read in another connection during the write's
    transaction still sees the old rows and may store them under the first new version;
    the second makes them unreachable. A bulk delete sends one signal per row, microseconds
    apart: the immediate replacement is skipped within a millisecond of the previous one,
    and the one after the commit is registered once per (sub)transaction."""
    if (
        update_fields
        and set(update_fields) <= SHOWN_ONLY
        and getattr(instance, "pk", None) is not None
        and sender is not None
        and sender._meta.label == "catalog.Product"
    ):
        stock_changed([instance.pk])
        if "description" in update_fields:
            text_changed()
        return
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        current = set(connection.savepoint_ids)
        registered = any(
            func is bump_version and sids == current for sids, func, *_ in connection.run_on_commit
        )
        if not registered:
            transaction.on_commit(bump_version)
    if time.monotonic() - _last_bump > 0.001:
        bump_version()


# --- stock stamps ---------------------------------------------------------------------


def _stamp_key(product_id: int) -> str:
    return f"catalog:{namespace()}:stock:{product_id}"


def _stamp_seconds() -> int:
    # Longer than any entry lives: an answer stored before a sale (the sold product then
    # had no stamp) has expired before that sale's stamp does, so a stamp that expires
    # never makes an old answer current again. (Redis must keep what it is given for its
    # timeout: a store that evicts under memory pressure can let such an answer back for
    # the rest of its life, at most CATALOG_CACHE_SECONDS; docs/operations.md.)
    return 2 * settings.CATALOG_CACHE_SECONDS + 60


def stock_changed(product_ids) -> None:
    """Replace the stock stamps of these products, now and again after the current
    transaction commits: every stored answer that shows one of them stops being served.
    Called by sales and cancels (orders.services), which change stock without replacing
    the catalogue version. Now, so a read later in the same transaction sees the change;
    after the commit, because a read in another connection may meanwhile have stored the
    rows as they were before the commit under the first new stamps."""
    ids = sorted({int(pk) for pk in product_ids})
    if not ids:
        return

    def stamp():
        value = str(time.time_ns())
        try:
            if stamps_in_cache():
                # The sales mark before the stamps, the stamped mark after them: `_settle`
                # reads the stamps then the sales mark, a hit the stamped mark (see there).
                cache.set(_sold_key(), value, timeout=None)
                cache.set_many({_stamp_key(pk): value for pk in ids}, timeout=_stamp_seconds())
                _log_sale(ids)
            else:
                # (With the file cache the stamps are `updated_at`, which the write moved.)
                cache.set(_stamped_key(), value, timeout=None)
        except Exception:
            logger.warning("Could not replace stock stamps in the cache", exc_info=True)

    stamp()
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(stamp)


# An edit of only these fields changes what a product's own answers show, not which
# answers hold it, nor in what order: its stamps, and for a description the text version
# (search), are replaced instead of the catalogue version.
SHOWN_ONLY = frozenset({"description", "quantity", "shipping", "updated_at", "slug"})


def _edited_key() -> str:
    return f"catalog:{namespace()}:text-edited"


def _now_ns() -> int:
    return time.time_ns()


def text_changed() -> None:
    """A description changed. With SEARCH_TEXT_DELAY_SECONDS 0, replace the text version
    now and after the commit (as `catalog_changed` does). Otherwise note, now and after
    the commit, when the first edit not yet searched was made (`text-edited`): the first
    read SEARCH_TEXT_DELAY_SECONDS later replaces the text version (`_text_due`), so edits
    in between cost the search answers one recomputation, not one each. The edited
    product's own answers, search answers that show it among them, are fresh at once: its
    stamps were replaced (`catalog_changed`). What waits is a search the edit makes it
    newly match, or no longer match, and the vocabulary's new words."""
    delay = settings.SEARCH_TEXT_DELAY_SECONDS

    def bump():
        try:
            if not delay:
                cache.set(_text_key(), str(_now_ns()), timeout=None)
                return
            applied, pending = _applied_and_pending()
            if pending is None or pending < applied:  # nothing waiting: start the wait
                cache.set(_edited_key(), _now_ns(), timeout=None)
        except Exception:
            logger.warning("Could not replace the text version in the cache", exc_info=True)

    bump()
    if transaction.get_connection().in_atomic_block:
        # Again once committed: a wait that ended before the commit (a slow transaction)
        # was searched without the edit, so this starts another.
        transaction.on_commit(bump)


def _applied_and_pending() -> tuple[int, int | None]:
    """The time the text version was last replaced, and the first waiting edit's time."""
    found = cache.get_many([_text_key(), _edited_key()])
    return _as_ns(found.get(_text_key())), found.get(_edited_key())


def _as_ns(text_version) -> int:
    try:
        return int(text_version)
    except (TypeError, ValueError):
        return 0


def _text_due(text: str, edited: int) -> str:
    """The text version a read uses: `text`, or a new one when an edit newer than the text
    version has waited SEARCH_TEXT_DELAY_SECONDS.
    Every server's first read after that moment may replace it; they do so within
    microseconds of each other, so the answers computed meanwhile are few."""
    applied = _as_ns(text)
    if edited < applied:  # searched since (a version of the same moment may not have been)
        return text
    now = _now_ns()
    if now - edited < settings.SEARCH_TEXT_DELAY_SECONDS * 1_000_000_000:
        return text
    if cache.add(f"{_text_key()}:{edited}", 1, timeout=60):  # one reader replaces it
        text = str(now)
        cache.set(_text_key(), text, timeout=None)
        return text
    return str(cache.get(_text_key(), text))


def _stamps(ids: list[int]) -> tuple[tuple[str | None, ...], str | None, str]:
    """The current stamps of these products (None for a product not sold within the last
    `_stamp_seconds()`), and the sales and stamped marks, in one round trip."""
    keys = [_stamp_key(pk) for pk in ids]
    found = cache.get_many([*keys, _sold_key(), _stamped_key()])
    stamps = tuple(found.get(key) for key in keys)
    return stamps, found.get(_sold_key()), found.get(_stamped_key(), "")


# --- the sales log -----------------------------------------------------------------------
#
# With stamps in the shared cache the stamped mark is a counter: each replacement of
# stamps increments it and then writes which products it was for under the new count
# (`sale:{n}`). A hit whose entry holds an older mark M, while the mark is N, reads the
# products of replacements M+1..N (from this process's copy of the log, fetched once per
# process and replacement) and reads its stamps only when one of its own products is
# among them. Without the log every hit after any sale read every stamp of its entry
# (a list or a search: up to 50 keys) once per entry and sale, so at ten sales a second
# nearly every hit paid that round trip.

SALES_LOG_SPAN = 512  # replacements a hit looks back over before it reads its stamps instead
_sales_log: dict[int, frozenset[int]] = {}  # replacement number -> its products (this process)
_sales_log_lock = threading.Lock()


def _sale_key(number: int) -> str:
    return f"catalog:{namespace()}:sale:{number}"


def _log_sale(ids: list[int]) -> None:
    """Increment the stamped mark and record the products of this replacement under it.
    After the stamps are written: a replacement numbered after an entry's mark wrote its
    stamps after the entry read them, or at the same moment (then the stamps are read)."""
    try:
        number = cache.incr(_stamped_key())
    except ValueError:  # the mark is gone (a flushed cache): start it again, at the clock
        cache.add(_stamped_key(), time.time_ns(), timeout=None)
        number = cache.incr(_stamped_key())
    cache.set(_sale_key(number), tuple(ids), timeout=_stamp_seconds())


def _sold_between(seen, stamped) -> frozenset[int] | None:
    """The products of the replacements after mark `seen` up to mark `stamped`, or None
    when they cannot all be told (marks that are not counters, too many replacements,
    or one whose record is not written yet or has expired)."""
    if not isinstance(seen, int) or not isinstance(stamped, int):
        return None
    if not 0 < stamped - seen <= SALES_LOG_SPAN:
        return None
    numbers = range(seen + 1, stamped + 1)
    unknown = [n for n in numbers if n not in _sales_log]
    if unknown:
        found = cache.get_many([_sale_key(n) for n in unknown])
        with _sales_log_lock:
            for n in unknown:
                ids = found.get(_sale_key(n))
                if ids is not None:
                    _sales_log[n] = frozenset(ids)
            if len(_sales_log) > 4 * SALES_LOG_SPAN:
                for n in sorted(_sales_log)[: -2 * SALES_LOG_SPAN]:
                    del _sales_log[n]
    sold: set[int] = set()
    for n in numbers:
        ids = _sales_log.get(n)
        if ids is None:
            return None
        sold |= ids
    return frozenset(sold)


def _checked(stock: tuple, stamped: str) -> tuple | None:
    """An entry's stock part if every stamp it was stored with is still the current one
    (with the stamped mark brought up to date), None if not. `stamped`: the stamped mark
    as this read started.

    The stamped mark is written after every replacement of stamps, and an entry keeps the
    mark read with (or, with the file cache, before) its stamps: while the mark is the
    same no stamp has changed since, and the hit costs nothing more. Otherwise, when the
    sales log tells that none of its products was among the replacements since, it costs
    nothing more either; else the stamps are read (one round trip; with the file cache
    one query by primary key)."""
    ids, stamps, seen = stock
    if not ids or seen == stamped:
        return stock
    if not stamps_in_cache():
        return (ids, stamps, stamped) if _updated_at(ids) == stamps else None
    sold = _sold_between(seen, stamped)
    if sold is not None and sold.isdisjoint(ids):
        return (ids, stamps, stamped)
    keys = [_stamp_key(pk) for pk in ids]
    found = cache.get_many([*keys, _stamped_key()])
    if tuple(found.get(key) for key in keys) != stamps:
        return None
    return (ids, stamps, found.get(_stamped_key(), ""))


def _updated_at(ids) -> tuple[str, ...]:
    """The products' `updatedAt` as the answers show it, in the order of `ids` ("" for
    one that no longer exists)."""
    from catalog.models import Product  # models import this module
    from catalog.serializers import _iso

    found = dict(Product.objects.filter(pk__in=ids).values_list("pk", "updated_at"))
    return tuple(_iso(found[pk]) if pk in found else "" for pk in ids)


def products_shown(data) -> list[tuple[int, int, str]]:
    """`(id, quantity, updatedAt)` of every product in an answer's data (any product
    object of the contract's shape, at any depth)."""
    shown: list[tuple[int, int, str]] = []

    def walk(node):
        if isinstance(node, dict):
            if "_id" in node and "quantity" in node and "updatedAt" in node:
                shown.append((int(node["_id"]), node["quantity"], node["updatedAt"]))
                return
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data)
    return shown


def shown_in_body(value) -> list[tuple[int, int, str]]:
    """`products_shown` for a value whose first item is a rendered JSON body."""
    return products_shown(orjson.loads(value[0]))


def _settle(shown: list[tuple[int, int, str]], start: tuple) -> tuple | None:
    """The stock part of an entry for an answer that shows these products: their ids and
    the stamps to check on every hit, or None when the answer must not be stored.

    An answer computed from rows read before a sale committed must not be stored under
    the stamps that sale wrote after its commit. The stamps are read after the answer was
    computed, then the sales mark, which a sale writes before its stamps. When the mark
    is the one read before the answer was computed (`sold_before`), no sale wrote stamps
    in between, so the stamps read are older than any sale the answer may have missed and
    that sale replaces them: stored, never served stale. When the mark moved, the shown
    products' stock is read again from the database (after the stamps), and the answer is
    stored only if it still matches. So a read costs no query more unless it overlapped
    a sale. The entry keeps the stamped mark read with the stamps (`_checked`)."""
    _, sold_before, _, stamped_before = start
    if not shown:
        return ((), (), stamped_before)
    ids = sorted({pk for pk, _, _ in shown})
    answered = {pk: updated for pk, _, updated in shown}
    if not stamps_in_cache():
        # The stamps are the answer's own `updatedAt`s, read with its rows; the stamped
        # mark the one read before them.
        return (tuple(ids), tuple(answered[pk] for pk in ids), stamped_before)
    stamps, sold_after, stamped = _stamps(ids)
    if sold_after != sold_before and _updated_at(ids) != tuple(answered[pk] for pk in ids):
        return None
    return (tuple(ids), stamps, stamped)


class _OneAtATime:
    """Per-key locks of this process, for a miss computed once however many of its
    threads ask at the same moment: right after a write every thread of a worker misses
    the same popular answers, and each computed them (a deep list page's anchors, three
    times over: docs/performance.md, "While selling"). A thread that waited reads what
    the first one stored. A key's lock is dropped once no
    thread holds or waits for it, so the table stays as small as the misses in flight.
    Reentrant: a value whose computing asks for its own key computes it (twice), never
    waits on itself."""

    def __init__(self):
        self._guard = threading.Lock()
        self._locks: dict[str, list] = {}  # key -> [lock, threads holding or waiting]

    def __call__(self, key: str):
        return _Flight(self, key)

    def _enter(self, key: str) -> threading.RLock:
        with self._guard:
            entry = self._locks.setdefault(key, [threading.RLock(), 0])
            entry[1] += 1
        entry[0].acquire()
        return entry[0]

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

    def __enter__(self):
        self.flights._enter(self.key)

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
        version, _, text, stamped = start = _start()
        key = _scoped(key, text, scope)
        hit = _hit(version, key, stamped)
    except Exception:
        logger.warning("Catalogue cache unavailable; answering from the database")
        return compute()
    if hit is not None:
        return pickle.loads(hit[0])  # noqa: S301 (written by this module, never by a client)
    with one_at_a_time(f"{version}:{key}"):
        try:  # stored by the thread this one waited for?
            hit = _hit(version, key, stamped)
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


def _kept(version: str, key: str, hit: tuple, checked: tuple) -> tuple:
    """The entry as checked; when only its stamped mark moved, the local layer keeps the
    new one, so the next hit is free again."""
    if checked != hit:
        local.set(version, key, checked, _size(checked), settings.CATALOG_CACHE_SECONDS)
    return checked


def _stock_entry(shown, start: tuple) -> tuple | None:
    try:
        return _settle(shown, start)
    except Exception:
        logger.warning("Stock stamps unavailable; not keeping the answer", exc_info=True)
        return None


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
        version, _, text, _ = _start()
        version = _scoped(version, text, scope)  # held apart: one object per name
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


class CachedRead:
    """Mixed into the public read views (before APIView). Only 200 JSON answers are
    stored; errors, photos and anything else go through untouched."""

    cache_reads = True  # False on public reads that are not JSON (the photo)
    cache_scope = "catalogue"  # "text": the answer also depends on the products' texts
    cache_post_reads = False  # set on views whose POST is a read (product-filters)

    def dispatch(self, request, *args, **kwargs):
        key = self._cache_key(request)
        if key is None:
            return super().dispatch(request, *args, **kwargs)
        try:
            version, _, text, stamped = start = _start()
            key = _scoped(key, text, self.cache_scope)
            hit = _get(version, f"r:{key}")
            if hit is not None:
                stock = _checked(hit[2], stamped)
                # None: a product it shows was sold since.
                hit = None if stock is None else _kept(version, f"r:{key}", hit, (*hit[:2], stock))
        except Exception:
            logger.warning("Catalogue cache unavailable; answering from the database")
            return super().dispatch(request, *args, **kwargs)
        if hit is not None:
            content, content_type, stock = hit
            response = HttpResponse(content, content_type=content_type)
        else:
            pin = _answering_from.set(start)
            try:
                response = super().dispatch(request, *args, **kwargs)
            finally:
                _answering_from.reset(pin)
            if response.status_code != 200:
                return response
            if hasattr(response, "render") and not response.is_rendered:
                response.render()
            content_type = response.get("Content-Type", "")
            if not content_type.startswith("application/json"):
                return response
            stock = _stock_entry(products_shown(orjson.loads(response.content)), start)
            if stock is None:
                return response  # stock moved while it was computed: not kept, no ETag
            _set(version, f"r:{key}", (response.content, content_type, stock))
        if request.method != "POST":
            # The validator covers the catalogue version and the stamps of the products
            # shown, so it changes with every write and every sale of one of them.
            digest = hashlib.sha1(
                "|".join([version, key, *map(str, stock[1])]).encode(), usedforsecurity=False
            )
            etag = f'"{digest.hexdigest()[:20]}"'
            stamps = [int(s) for s in (version, *stock[1]) if s is not None and s.isdigit()]
            modified = max(stamps) // 1_000_000_000
            response["ETag"] = etag
            response["Last-Modified"] = http_date(modified)
            response["Cache-Control"] = "public, max-age=0, must-revalidate"
            # Django's If-None-Match handling, with the ETag as the only validator: two
            # writes within one second share a Last-Modified, so an If-Modified-Since
            # alone could hide the second one.
            response = get_conditional_response(request, etag=etag, response=response)
        return response

    def _cache_key(self, request) -> str | None:
        if not self.cache_reads or not getattr(settings, "CATALOG_CACHE_SECONDS", 0):
            return None
        if request.method in ("GET", "HEAD"):
            raw = request.get_full_path().encode()
        elif request.method == "POST" and self.cache_post_reads:
            # Only JSON bodies: a form or multipart body with the same bytes is parsed
            # differently, so it must never share (or fill) the JSON answer's entry.
            content_type = request.META.get("CONTENT_TYPE", "")
            if request.content_type != CACHEABLE_POST_TYPE:
                return None
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                return None
            if not 0 < length <= MAX_CACHED_BODY:
                return None
            raw = b"\n".join(
                [request.get_full_path().encode(), content_type.encode(), request.body]
            )
        else:
            return None
        return hashlib.sha1(raw, usedforsecurity=False).hexdigest()
