"""Order side effects run by the task queue (shop/tasks.py): the buyer's mails and the
PDFs of tax documents. orders.actions and orders.services enqueue the mails
(`order_mail`), orders.invoices the PDFs, each in the order's transaction. This module
imports what the jobs run and nothing that enqueues them."""

from orders.emails import order_email_send
from orders.invoice_files import invoice_pdf_ensure
from orders.models import Order
from shop.tasks import MailNotSent, retrying


@retrying
def send_order_mail(order_id: int, event: str, base_url: str = "") -> None:
    """The buyer's mail about an order ("placed", "Shipped", "Cancelled"); raises when the
    mail did not go out, so the queue tries again later. `base_url`: where a guest's link
    to the order points (else SHOP_URL); the link itself is made here, when sending."""
    order = Order.objects.select_related("buyer").prefetch_related("lines").get(pk=order_id)
    if not order_email_send(order=order, event=event, base_url=base_url):
        raise MailNotSent(f"The {event} mail for order {order_id} was not sent.")


def order_mail(order_id: int, event: str, base_url: str = "") -> None:
    """The buyer's mail, as a job written in this transaction: sent by a worker once the
    order is committed, never if it is not, retried while the mail server is away."""
    if base_url:
        send_order_mail.enqueue(order_id, event, base_url)
    else:
        send_order_mail.enqueue(order_id, event)


@retrying
def render_invoice(invoice_id: int) -> None:
    """Makes a tax invoice's or credit note's PDF and keeps it in the media storage;
    nothing to do when it has one (a second run, or the download made it first)."""
    invoice_pdf_ensure(invoice_id=invoice_id)
