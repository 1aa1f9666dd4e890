"""Stock marks: a sale tells the cache which products' stock moved (`stock_changed`), and
replaces no catalogue version.

An answer that shows products is stored with their ids and the stamped mark read as its
read started (`_settle`); a hit is served while none of them changed stock since, which
the sales log tells without a round trip (`_checked`)."""

from __future__ import annotations

import logging
import time

from django.core.cache import cache
from django.db import transaction

from catalog.cache.keys import _stamped_key
from catalog.cache.layers import stamps_in_cache
from catalog.cache.sales_log import _log_sale, _sold_between

logger = logging.getLogger("catalog.cache")


def stock_changed(product_ids) -> None:
    """Tell every stored answer that shows one of these products that its stock moved,
    now and again after the current transaction commits: such answers stop being served.
    Called by sales and cancels (orders.services), which change stock without replacing
    the catalogue version. Now, so a read later in the same transaction sees the change;
    after the commit, because a read in another connection may meanwhile have stored the
    rows as they were before the commit, under the mark the first telling wrote.

    With the shared cache a real one, the stamped mark is incremented and the products
    recorded under it (the sales log, `_log_sale`). With Django's file cache a product's
    stamp is its `updated_at`, which the write moved; only the mark is replaced."""
    ids = sorted({int(pk) for pk in product_ids})
    if not ids:
        return

    def stamp():
        try:
            if stamps_in_cache():
                _log_sale(ids)
            else:
                cache.set(_stamped_key(), str(time.time_ns()), timeout=None)
        except Exception:
            logger.warning("Could not tell the cache of a stock change", exc_info=True)

    stamp()
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(stamp)


def _checked(stock: tuple, stamped) -> tuple | None:
    """An entry's stock part if none of the products it shows changed stock since it was
    computed (with the stamped mark brought up to date), None if one may have. `stamped`:
    the stamped mark as this read started.

    An entry keeps the stamped mark read as its answer's read started. While the mark is
    the same no stock changed since, and the hit costs nothing more. Otherwise, with the
    shared cache, the sales log tells which products changed since: none of the entry's,
    and the hit costs nothing more either (the log's records are fetched once a process);
    one of them, or a gap the log cannot tell, and the answer is computed again. With the
    file cache the entry holds its products' `updatedAt`s, read again by primary key
    (one query)."""
    ids, stamps, seen = stock
    if not ids or seen == stamped:
        return stock
    if not stamps_in_cache():
        return (ids, stamps, stamped) if _updated_at(ids) == stamps else None
    sold = _sold_between(seen, stamped)
    if sold is not None and sold.isdisjoint(ids):
        return (ids, stamps, stamped)
    return None


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


def _settle(shown: list[tuple[int, int, str]], start: tuple) -> tuple:
    """The stock part of an entry for an answer that shows these products: their ids, and
    what a hit checks (`_checked`): the stamped mark as the read started, which every
    stock change after it has moved, and with the file cache their `updatedAt`s as the
    answer shows them (read with its rows). No round trip: a change between the start
    and the rows' read is in the rows, or moves the mark after them (`stock_changed`
    tells after its commit), and the next hit computes the answer again."""
    stamped_before = start[2]
    if not shown:
        return ((), (), stamped_before)
    ids = sorted({pk for pk, _, _ in shown})
    if stamps_in_cache():
        return (tuple(ids), None, stamped_before)
    answered = {pk: updated for pk, _, updated in shown}
    return (tuple(ids), tuple(answered[pk] for pk in ids), stamped_before)


def _stock_entry(shown, start: tuple) -> tuple | None:
    try:
        return _settle(shown, start)
    except Exception:
        logger.warning("Stock stamps unavailable; not keeping the answer", exc_info=True)
        return None
