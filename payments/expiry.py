"""Online orders not paid in time: checkout enqueues `expire_order` (payments.methods) to
run when PAYMENT_WINDOW_MINUTES have passed; it asks the gateway for the order's payments
first (a captured one it had not heard of pays the order, payments.online), then gives
the order up through orders' handler of that move (orders.actions.order_expire:
Cancelled, its stock back). The reconcile run sweeps what the jobs missed
(`expire_overdue`). The job is defined here, where it is enqueued again when early.
An order its buyer switched to cash on delivery (orders.pay_on_delivery) is Not
Processed, so neither gives it up; the same look at the gateway answers, before that
switch, whether a payment was taken (`payment_taken`)."""

import logging
from collections import Counter
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from orders.actions import order_expire as order_expire_unpaid
from orders.models import Order, OrderStatus
from payments import gateway
from payments.online import payment_arrived
from shop.tasks import retrying

logger = logging.getLogger("payments.expiry")


@retrying
def expire_order(order_id: int) -> None:
    """Cancels an online order left unpaid past PAYMENT_WINDOW_MINUTES and returns its
    stock (nothing to do once it is paid or cancelled)."""
    order_expire(order_id=order_id)


def order_expire(*, order_id: int) -> str:
    """Cancels an online order still Awaiting Payment once PAYMENT_WINDOW_MINUTES have
    passed since it was placed, and returns its stock; a payment the gateway took that
    we have not heard of yet pays it instead. Idempotent: a paid, cancelled or missing
    order is left alone. Early (the job ran before its time): enqueued again. The gateway
    unreachable: raises gateway.GatewayUnavailable and the order keeps waiting (a payment
    may have been taken); the job's next try or the reconcile run asks again."""
    order = Order.objects.filter(pk=order_id).first()
    # Paid, cancelled, or switched to cash on delivery (Not Processed): not ours to end.
    if order is None or order.status != OrderStatus.AWAITING_PAYMENT:
        return "nothing to do"
    due = order.created_at + timedelta(minutes=settings.PAYMENT_WINDOW_MINUTES)
    if due > timezone.now():
        expire_order.using(run_after=due).enqueue(order_id)
        return "not yet"
    if _paid_at_gateway(order):
        return "paid"
    # orders' handler of the move: Awaiting Payment -> Cancelled by one conditional
    # UPDATE, its history row and the stock back, in one transaction.
    if not order_expire_unpaid(order_id=order.pk):
        return "nothing to do"
    logger.info("Order %s was not paid in time: cancelled, stock returned", order.pk)
    return "cancelled"


def _gateway_payments(order: Order) -> list[dict]:
    """The payments the gateway has for the order's gateway order ([] when it has none
    stored or the gateway does not know it). Unreachable: raises
    gateway.GatewayUnavailable."""
    payment = order.payment_record
    if payment is None or not payment.gateway_order_id:
        return []
    try:
        return gateway.order_payments(payment.gateway_order_id)
    except gateway.GatewayRefused:
        return []


def _paid_at_gateway(order: Order, found: list[dict] | None = None) -> bool:
    """Asks the gateway whether a payment of the order was captured that neither the
    browser nor a webhook told us of; when so, it pays the order. A gateway that does not
    know the order: no. Unreachable: raises gateway.GatewayUnavailable."""
    payment = order.payment_record
    if payment is None or not payment.gateway_order_id:
        return False
    for item in _gateway_payments(order) if found is None else found:
        if item.get("status") == "captured" and item.get("amount") == payment.amount:
            arrival = payment_arrived(
                gateway_order_id=payment.gateway_order_id,
                payment_id=str(item.get("id")),
                amount=item["amount"],
            )
            if arrival.paid:
                return True
    return False


def payment_taken(order: Order) -> bool:
    """Before an order Awaiting Payment is switched to cash on delivery (the method's
    `payment_taken`, orders.pay_on_delivery): whether the gateway captured a payment of
    it (which pays the order now, as the expiry does) or holds one authorised (to be
    captured). The gateway unreachable: False, and the switch goes ahead: a capture that
    still comes is refunded in full (payments.online.payment_arrived)."""
    try:
        found = _gateway_payments(order)
        if _paid_at_gateway(order, found):
            return True
    except gateway.GatewayUnavailable:
        logger.warning(
            "Order %s switches to cash on delivery without asking the gateway (unreachable)",
            order.pk,
        )
        return False
    return any(item.get("status") == "authorized" for item in found)


def expire_overdue() -> dict[str, int]:
    """The sweep for expiry jobs that were lost or gave up (payments.reconcile): every online
    order Awaiting Payment past its window, asked of the gateway and expired now. Returns
    how many orders had each outcome: "cancelled", "paid", "nothing to do" (another run
    settled it meanwhile) or "waiting" (the gateway could not be reached: next run)."""
    since = timezone.now() - timedelta(minutes=settings.PAYMENT_WINDOW_MINUTES)
    overdue = Order.objects.filter(
        status=OrderStatus.AWAITING_PAYMENT, created_at__lte=since
    ).values_list("pk", flat=True)
    outcomes: dict[str, int] = Counter()
    for pk in list(overdue):
        try:
            outcomes[order_expire(order_id=pk)] += 1
        except gateway.GatewayUnavailable:
            outcomes["waiting"] += 1
    return outcomes
