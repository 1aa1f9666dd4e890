"""The back-in-stock mail as a job of the task queue (shop/tasks.py), enqueued by
wishlist.claims in the transaction that claims its alert: sent once the claim is
committed, tried again while the mail server is away. This module imports what the job
runs and nothing that enqueues it."""

from shop.tasks import MailNotSent, retrying
from wishlist.emails import stock_alert_email_send
from wishlist.models import StockAlert


@retrying
def send_stock_alert(alert_id: int) -> None:
    """The mail of one claimed alert; raises when it did not go out, so the queue tries
    again later."""
    alert = StockAlert.objects.select_related("product", "variant").get(pk=alert_id)
    if not stock_alert_email_send(alert=alert):
        raise MailNotSent(f"The back-in-stock mail of alert {alert_id} was not sent.")


def stock_alert_mail(alert_id: int) -> None:
    """The mail as a job written in the caller's transaction (the claim's)."""
    send_stock_alert.enqueue(alert_id)
