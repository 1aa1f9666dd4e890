"""Stock stamps: a sale replaces the sold products' stamps, not the catalogue version.

An answer that shows products is stored with their stamps (`_settle`) and served only
while they are unchanged (`_checked`); the sales log spares most hits reading them."""

from __future__ import annotations

import logging
import time

from django.core.cache import cache
from django.db import transaction

from catalog.cache.keys import _sold_key, _stamp_keys, _stamp_seconds, _stamped_key
from catalog.cache.layers import stamps_in_cache
from catalog.cache.sales_log import _log_sale, _sold_between

logger = logging.getLogger("catalog.cache")


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
                cache.set_many(dict.fromkeys(_stamp_keys(ids), value), timeout=_stamp_seconds())
                _log_sale(ids)
            else:
                # (With the file cache the stamps are `updated_at`, which the write moved.)
                cache.set(_stamped_key(), value, timeout=None)
        except Exception:
            logger.warning("Could not replace stock stamps in the cache", exc_info=True)

    stamp()
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(stamp)


def _stamps(ids: list[int]) -> tuple[tuple[str | None, ...], str | None, str]:
    """The current stamps of these products (None for a product not sold within the last
    `_stamp_seconds()`), and the sales and stamped marks, in one round trip."""
    keys = _stamp_keys(ids)
    found = cache.get_many([*keys, _sold_key(), _stamped_key()])
    stamps = tuple(found.get(key) for key in keys)
    return stamps, found.get(_sold_key()), found.get(_stamped_key(), "")


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
    keys = _stamp_keys(ids)
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


def _stock_entry(shown, start: tuple) -> tuple | None:
    try:
        return _settle(shown, start)
    except Exception:
        logger.warning("Stock stamps unavailable; not keeping the answer", exc_info=True)
        return None
