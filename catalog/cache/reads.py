"""`CachedRead`: the public read views' answers from cache until the next write, with
an `ETag` and `Last-Modified` from the version and the stamps of the products shown."""

from __future__ import annotations

import hashlib
import logging

import orjson
from django.conf import settings
from django.http import HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.dateparse import parse_datetime
from django.utils.http import http_date

from catalog.cache.keys import _scoped
from catalog.cache.layers import _fetch_key, _get, _kept, _set
from catalog.cache.stamps import _checked, _stock_entry, products_shown
from catalog.cache.versions import _answering_from, _start_fetching

logger = logging.getLogger("catalog.cache")

# Bodies of cached POST reads (product-filters) are small JSON; larger ones skip the cache.
MAX_CACHED_BODY = 8 * 1024
CACHEABLE_POST_TYPE = "application/json"


def _validators(key: str, content: bytes, version: str, shown) -> tuple[str, int]:
    """An answer's ETag and Last-Modified (seconds), worked out once when it is stored.
    The tag is a digest of the request's key and the body: it changes exactly when the
    answer does (a write, a sale of a product shown). Last-Modified: the catalogue
    version's instant or the newest `updatedAt` shown, whichever is later."""
    digest = hashlib.sha1(key.encode() + b"|" + content, usedforsecurity=False)
    instants = [int(version) // 1_000_000_000 if version.isdigit() else 0]
    instants += [int(parse_datetime(updated).timestamp()) for _, _, updated in shown]
    return f'"{digest.hexdigest()[:20]}"', max(instants)


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
            scope = self.cache_scope_of(request)
            start, fetched = _start_fetching(
                lambda version, text, rated: _fetch_key(
                    version, f"r:{_scoped(key, text, scope, rated)}"
                )
            )
            version, text, stamped, rated = start
            key = _scoped(key, text, scope, rated)
            hit = _get(version, f"r:{key}", fetched)
            if hit is not None:
                stock = _checked(hit[2], stamped)
                # None: a product it shows was sold since.
                checked = (*hit[:2], stock, hit[3])
                hit = None if stock is None else _kept(version, f"r:{key}", hit, checked)
        except Exception:
            logger.warning("Catalogue cache unavailable; answering from the database")
            return super().dispatch(request, *args, **kwargs)
        if hit is not None:
            content, content_type, _, validators = hit
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
            shown = products_shown(orjson.loads(response.content))
            stock = _stock_entry(shown, start)
            if stock is None:
                return response  # the cache could not be told: not kept, no ETag
            validators = _validators(key, response.content, version, shown)
            _set(version, f"r:{key}", (response.content, content_type, stock, validators))
        if request.method != "POST":
            etag, modified = validators
            response["ETag"] = etag
            response["Last-Modified"] = http_date(modified)
            response["Cache-Control"] = "public, max-age=0, must-revalidate"
            # Django's If-None-Match handling, with the ETag as the only validator: two
            # writes within one second share a Last-Modified, so an If-Modified-Since
            # alone could hide the second one.
            response = get_conditional_response(request, etag=etag, response=response)
        return response

    def cache_scope_of(self, request) -> str:
        """The scope of this request's answer: the view's `cache_scope`; a view whose
        answers may be in the rating order says "rating" for those (their keys then carry
        the rating version)."""
        return self.cache_scope

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
