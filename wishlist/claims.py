"""Alerts claimed and mailed: each pending alert whose item has stock now is moved to
`sent` by a conditional UPDATE (only while it is still pending), and its mail job is
written in the same transaction. Two runs at once (the job after a restock and the sweep,
or two workers) each try the claim; one UPDATE finds the row pending, the other finds it
sent and does nothing, so each alert is mailed once."""

from django.db import transaction
from django.utils import timezone

from wishlist.models import AlertStatus, StockAlert
from wishlist.selectors import alerts_due
from wishlist.tasks import stock_alert_mail


def stock_alerts_release(*, product_ids: list[int] | None = None) -> int:
    """Claims and mails every alert due (of these products, or of all); returns how many
    this run claimed."""
    claimed = 0
    for pk in alerts_due(product_ids=product_ids):
        with transaction.atomic():
            won = StockAlert.objects.filter(pk=pk, status=AlertStatus.PENDING).update(
                status=AlertStatus.SENT, sent_at=timezone.now()
            )
            if won:
                stock_alert_mail(pk)
        claimed += won
    return claimed
