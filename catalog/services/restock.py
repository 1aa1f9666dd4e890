"""Stock that may have risen, told to whoever listens: the back-in-stock alerts (the
wishlist app registers its listener in `WishlistConfig.ready()`, as promotions registers
its pricing in catalog.prices), so the catalogue imports none of their code.

Every writer that can raise a product's stock calls `stock_may_have_risen(ids)` in its
transaction: catalog.services.stock.write_stock (the API's and the Django admin's
product saves, the admin's list, the CSV import), orders.stock.order_release_stock (a
cancel, a return, an unpaid order's expiry) and a return's exchange stock given back.
Checkout only takes stock and never calls it.

What it costs the writer: no query. The ids are kept on the connection and handed to
each listener once, after the transaction commits (one callback a transaction, the ids
of all its writes together, none when it rolls back); a listener that raises is logged
and never fails the write, which is committed by then. A listener works out for itself
whether anything did rise (the writers call this whenever a stock may have, not only
when it did).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from django.db import transaction

logger = logging.getLogger("catalog.restock")

_listeners: list[Callable[[list[int]], None]] = []


def register_restock_listener(listener: Callable[[list[int]], None]) -> None:
    """`listener(product_ids)` is called after each commit whose writes may have raised
    the stock of those products (ids sorted, each once). Registered once per process."""
    if listener not in _listeners:
        _listeners.append(listener)


def unregister_restock_listener(listener: Callable[[list[int]], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


class _Pending:
    """The product ids of one transaction, told once it commits."""

    def __init__(self):
        self.ids: set[int] = set()
        self.told = False

    def __call__(self) -> None:
        self.told = True
        tell(sorted(self.ids))


def stock_may_have_risen(product_ids: Iterable[int]) -> None:
    """Within the writer's transaction (or after it, in autocommit): these products'
    stock may be higher than before. Nothing when no listener is registered."""
    if not _listeners:
        return
    ids = {int(pk) for pk in product_ids}
    if not ids:
        return
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        tell(sorted(ids))
        return
    # The callback already waiting for this transaction, if any: one a transaction. It is
    # gone from the list when the savepoint that added it rolled back, and then a new one
    # is added (as when the one there has been run: tests run callbacks in place).
    pending = next(
        (
            entry[1]
            for entry in connection.run_on_commit
            if isinstance(entry[1], _Pending) and not entry[1].told
        ),
        None,
    )
    if pending is None:
        pending = _Pending()
        transaction.on_commit(pending)
    pending.ids |= ids


def tell(product_ids: list[int]) -> None:
    """Each listener called with `product_ids`; one that raises is logged, never raised."""
    for listener in list(_listeners):
        try:
            listener(product_ids)
        except Exception:
            logger.exception("A restock listener failed for products %s", product_ids)
