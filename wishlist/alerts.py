"""How back-in-stock alerts are set off:

- `stock_rose`, the listener this app registers with catalog.services.restock: after a
  commit that may have raised these products' stock, one query asks whether any pending
  alert of theirs has its item in stock now; only then is `check_stock_alerts` enqueued.
- `check_stock_alerts`, that job: claims and mails those alerts (wishlist.claims).
- `sweep_stock_alerts`, the periodic job (every STOCK_ALERT_SWEEP_SECONDS): the same over
  every product, for a stock written without the hook (a script, the database by hand)
  or a listener's job lost between the commit and its enqueueing.
"""

from django_tasks import task

from wishlist.claims import stock_alerts_release
from wishlist.selectors import any_alert_due


@task()
def check_stock_alerts(product_ids: list[int]) -> int:
    return stock_alerts_release(product_ids=product_ids)


@task()
def sweep_stock_alerts() -> int:
    return stock_alerts_release()


def stock_rose(product_ids: list[int]) -> None:
    if any_alert_due(product_ids=product_ids):
        check_stock_alerts.enqueue(list(product_ids))
