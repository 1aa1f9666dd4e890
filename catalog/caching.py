"""Cached answers for the public catalogue reads, invalidated by every write (issue 8).

A public read (GET, and the product-filters POST, which is a read) is answered from the
shared cache (`CACHES`: Redis when `REDIS_URL` is set) when the same request was answered
since the catalogue last changed. Every cache key carries the catalogue's *version*, a
value kept in the cache and replaced once any write to a category or a product has
committed, so one write makes every cached list, count, page and search unreachable at
once, in every server process. Nothing is deleted key by key; old entries expire
(`CATALOG_CACHE_SECONDS`, 0 turns the cache off).

The version also gives each GET answer an `ETag` (and a `Last-Modified`), so a browser
that revalidates gets 304 without a database query, and a fresh answer after any change.

When the cache cannot be reached the reads are answered from the database as if the
cache were off: a cache outage slows the shop down, it never breaks it.
"""

from __future__ import annotations

import hashlib
import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.http import http_date, parse_etags

logger = logging.getLogger("catalog.cache")

VERSION_KEY = "catalog:version"
# Bodies of cached POST reads (product-filters) are small JSON; larger ones skip the cache.
MAX_CACHED_BODY = 8 * 1024


def catalog_version() -> str:
    """The current version: nanoseconds since the epoch at the last committed write."""
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, str(time.time_ns()), timeout=None)
        version = cache.get(VERSION_KEY)
    return version


_last_bump = 0.0  # time.monotonic() of this process's last replacement


def bump_version() -> None:
    global _last_bump
    _last_bump = time.monotonic()
    try:
        cache.set(VERSION_KEY, str(time.time_ns()), timeout=None)
    except Exception:  # the cache is down: nothing cached can be served either
        logger.warning("Could not replace the catalogue version in the cache", exc_info=True)


def catalog_changed(sender=None, **kwargs) -> None:
    """Signal receiver for saves and deletes of categories and products.

    The version is replaced at once (so a read later in the same transaction sees the
    change) and again after the commit: a read in another connection during the write's
    transaction still sees the old rows and may store them under the first new version;
    the second makes them unreachable. A bulk delete sends one signal per row, microseconds
    apart: the immediate replacement is skipped within a millisecond of the previous one,
    and the one after the commit is registered once per (sub)transaction."""
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


def cached_value(key: str, compute):
    """`compute()` once per catalogue version (at most CATALOG_CACHE_SECONDS); an exception
    (a 404) passes through and is not stored; a cache outage just computes."""
    seconds = getattr(settings, "CATALOG_CACHE_SECONDS", 0)
    if not seconds:
        return compute()
    try:
        full_key = f"catalog:v:{catalog_version()}:{key}"
        hit = cache.get(full_key)
    except Exception:
        logger.warning("Catalogue cache unavailable; answering from the database")
        return compute()
    if hit is not None:
        return hit
    value = compute()
    try:
        cache.set(full_key, value, timeout=seconds)
    except Exception:
        logger.warning("Could not store a catalogue value in the cache", exc_info=True)
    return value


class CachedRead:
    """Mixed into the public read views (before APIView). Only 200 JSON answers are
    stored; errors, photos and anything else go through untouched."""

    cache_reads = True  # False on public reads that are not JSON (the photo)
    cache_post_reads = False  # set on views whose POST is a read (product-filters)

    def dispatch(self, request, *args, **kwargs):
        key = self._cache_key(request)
        if key is None:
            return super().dispatch(request, *args, **kwargs)
        try:
            version = catalog_version()
            hit = cache.get(f"catalog:r:{version}:{key}")
        except Exception:
            logger.warning("Catalogue cache unavailable; answering from the database")
            return super().dispatch(request, *args, **kwargs)
        digest = hashlib.sha1(f"{version}:{key}".encode(), usedforsecurity=False)
        etag = f'"{digest.hexdigest()[:20]}"'
        modified = int(version) // 1_000_000_000
        if request.method != "POST" and _not_modified(request, etag):
            response = HttpResponseNotModified()
        elif hit is not None:
            content, content_type = hit
            response = HttpResponse(content, content_type=content_type)
        else:
            response = super().dispatch(request, *args, **kwargs)
            if response.status_code != 200:
                return response
            if hasattr(response, "render") and not response.is_rendered:
                response.render()
            content_type = response.get("Content-Type", "")
            if not content_type.startswith("application/json"):
                return response
            try:
                cache.set(
                    f"catalog:r:{version}:{key}",
                    (response.content, content_type),
                    timeout=settings.CATALOG_CACHE_SECONDS,
                )
            except Exception:
                logger.warning("Could not store a catalogue answer in the cache", exc_info=True)
        if request.method != "POST":
            response["ETag"] = etag
            response["Last-Modified"] = http_date(modified)
            response["Cache-Control"] = "public, max-age=0, must-revalidate"
        return response

    def _cache_key(self, request) -> str | None:
        if not self.cache_reads or not getattr(settings, "CATALOG_CACHE_SECONDS", 0):
            return None
        if request.method in ("GET", "HEAD"):
            raw = request.get_full_path().encode()
        elif request.method == "POST" and self.cache_post_reads:
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                return None
            if not 0 < length <= MAX_CACHED_BODY:
                return None
            raw = request.get_full_path().encode() + b"\n" + request.body
        else:
            return None
        return hashlib.sha1(raw, usedforsecurity=False).hexdigest()


def _not_modified(request, etag: str) -> bool:
    """The ETag is the validator. `If-Modified-Since` alone is not trusted: two writes
    within one second share a Last-Modified, so it could hide the second one."""
    if_none_match = request.headers.get("If-None-Match")
    if not if_none_match:
        return False
    tags = parse_etags(if_none_match)
    return "*" in tags or etag in tags or f"W/{etag}" in tags
