"""The catalogue version and the text version: what a read starts from (`_start`) and
what a write replaces (`catalog_changed`, `text_changed`)."""

from __future__ import annotations

import logging
import time
from contextvars import ContextVar

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from catalog import prices
from catalog.cache.keys import _edited_key, _rated_key, _text_key, namespace, version_key
from catalog.cache.layers import NOT_READ
from catalog.cache.stamps import stock_changed

logger = logging.getLogger("catalog.cache")

# The version a public read answers from, read once when it starts (CachedRead.dispatch,
# or cached_value for the values computed inside one, like a search's catalogue size):
# a page's count, anchors and answer then share it, and a miss read it from the shared
# cache once instead of once per cached value (a list page: six reads, each a file open or
# a Redis round trip). A write committed meanwhile is seen by the next request, as before.
# The stamped mark (stamps.py) and the rating version are read with it, in the same round
# trip.
_answering_from: ContextVar[tuple[str, str, object, str] | None] = ContextVar(
    "catalog_answering_from", default=None
)


def _start() -> tuple[str, str, object, str]:
    """The catalogue version, the text version, the stamped mark and the rating version
    as a read starts: the pinned ones inside a read, else from the shared cache in one
    round trip (each created if missing; the rating version "" while none was written)."""
    pinned = _answering_from.get()
    if pinned is not None:
        return pinned
    return _read_start()[0]


# The catalogue, text and rating versions this process's last read started from: the
# versions the next read most likely starts from too (`_start_fetching`).
_last_started: tuple[str, str, str] | None = None


def _start_fetching(entry_key) -> tuple[tuple[str, str, object, str], object]:
    """`_start()` and, in the same round trip, a stored entry from the shared cache: the
    one `entry_key(version, text, rated)` names (a full key, or None: not wanted) for the
    versions this process's last read started from. A read whose answer is not in the
    local layer then costs one round trip before its answer, not two. The entry is
    returned when those versions are the current ones (its value, or None when the
    shared cache does not hold it); else, or inside a read, NOT_READ."""
    pinned = _answering_from.get()
    if pinned is not None:
        return pinned, NOT_READ
    guess = _last_started
    extra = entry_key(*guess) if guess is not None else None
    start, found = _read_start([extra] if extra else [])
    if extra is None or (start[0], start[1], start[3]) != guess:
        return start, NOT_READ
    return start, found.get(extra)


def _read_start(extra: list[str] = ()) -> tuple[tuple[str, str, object, str], dict]:
    """The start's versions and marks (see `_start`) read with the keys of `extra`, in
    one round trip; with what was found."""
    global _last_started
    prefix = f"catalog:{namespace()}"
    keys = [f"{prefix}:version", f"{prefix}:text-version", f"{prefix}:stamped"]
    edited = f"{prefix}:text-edited"
    sales = f"{prefix}:sales-version"
    rated = _rated_key()
    found = cache.get_many([*keys, edited, sales, rated, *extra])
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
    version = _in_force(found[keys[0]], found.get(sales))
    rating = str(found.get(rated, ""))
    _last_started = (version, text, rating)
    return (version, text, found.get(keys[2], ""), rating), found


def _in_force(version: str, sales_version) -> str:
    """The version the keys carry: the stored one, or the last start or end of a sale
    passed since it, whichever is later (catalog.prices). Prices change there, so the
    answers computed before it are not read after it, everywhere at once; with no sale
    scheduled it is the stored version."""
    schedule = prices.schedule_seen(sales_version)
    passed = prices.latest_boundary_ns(schedule) if schedule.rules else 0
    if passed and version.isdigit() and passed > int(version):
        return str(passed)
    return version


def sales_changed() -> None:
    """A sale was written (after its commit): every process loads the schedule again on
    its next read (the sales version in the shared cache), and every answer is computed
    again (the catalogue version)."""
    prices.forget()
    try:
        cache.set(f"catalog:{namespace()}:sales-version", str(time.time_ns()), timeout=None)
    except Exception:  # the cache is down: nothing cached can be served either
        logger.warning("Could not replace the sales version in the cache", exc_info=True)
    bump_version()


def catalog_version() -> str:
    """The current version: nanoseconds since the epoch at the last committed write (the
    one the public read being answered started with, inside one)."""
    return _start()[0]


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


# An edit of only these fields changes what a product's own answers show, not which
# answers hold it, nor in what order: its stamps, and for a description the text version
# (search), are replaced instead of the catalogue version.
SHOWN_ONLY = frozenset({"description", "quantity", "shipping", "updated_at", "slug"})


def rating_changed() -> None:
    """A product's rating changed: answers in the rating order (scope "rating") are
    computed again, now and after the commit (as `catalog_changed` replaces the catalogue
    version); every other answer keeps its entry. The answers that show the product are
    told by its stamps (`stock_changed`, catalog.services.ratings)."""

    def bump():
        try:
            cache.set(_rated_key(), str(_now_ns()), timeout=None)
        except Exception:
            logger.warning("Could not replace the rating version in the cache", exc_info=True)

    bump()
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(bump)


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
