"""Order side effects run by the task queue (shop/tasks.py), enqueued in the order's
transaction by orders.services."""

from django_tasks import task

from orders.emails import order_email_send
from orders.models import Order
from shop.tasks import MailNotSent, retrying


@retrying
def send_order_mail(order_id: int, event: str) -> None:
    """The buyer's mail about an order ("placed", "Shipped", "Cancelled"); raises when the
    mail did not go out, so the queue tries again later."""
    order = Order.objects.select_related("buyer").prefetch_related("lines").get(pk=order_id)
    if not order_email_send(order=order, event=event):
        raise MailNotSent(f"The {event} mail for order {order_id} was not sent.")


@retrying
def render_invoice(invoice_id: int) -> None:
    """Makes a tax invoice's or credit note's PDF and keeps it in the media storage;
    nothing to do when it has one (a second run, or the download made it first)."""
    # orders.invoices enqueues this job: imported here, not at the top, to avoid a cycle.
    from orders.invoices import invoice_pdf_ensure

    invoice_pdf_ensure(invoice_id=invoice_id)


@retrying(then="the reconcile run asks for the refund again until it is made")
def refund_payment(refund_pk: int) -> str:
    """Asks the gateway for a recorded refund (orders.refunds); raises while it cannot be
    reached, so the queue tries again; after the last try the reconcile run
    (`reconcile_payments`) asks again. Nothing to do once the refund has its id."""
    from orders.online import refund_make

    return refund_make(refund_pk=refund_pk)


@retrying
def expire_order(order_id: int) -> None:
    """Cancels an online order left unpaid past PAYMENT_WINDOW_MINUTES and returns its
    stock (nothing to do once it is paid or cancelled)."""
    from orders.online import order_expire

    order_expire(order_id=order_id)


@task()
def reconcile_payments() -> dict:
    """The periodic run of `manage.py reconcile_payments` (shop/tasks.py schedules it every
    RECONCILE_INTERVAL_SECONDS, one at a time across every worker): unsettled refunds and
    overdue online orders asked of the gateway again (orders.reconcile)."""
    from orders.reconcile import reconcile

    return reconcile().as_dict()
