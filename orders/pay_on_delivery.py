"""Cash on delivery instead of paying online, for the order that checkout placed
Awaiting Payment (docs/orders.md, "Paying on delivery instead"): the shopper who closed
the gateway's window and takes cash on delivery keeps that one order.

`order_pay_on_delivery` switches it in place: its payment method becomes cash on
delivery and its status Not Processed, with what a cash checkout does for an order (the
status history row, the account's cart emptied, the placed mail). Its stock stays taken
(checkout took it). Its payment record stays too: a cash on delivery order with a
gateway payment record is one switched, so a capture that still comes for its gateway
order is traced to it and refunded in full (payments.online, docs/payments.md), and the
same call again answers the switched order unchanged.

It is refused when the order cannot be paid in cash as checkout would refuse it (400:
the PIN code's courier collects no cash, the total is over the cash on delivery cap, a
coupon for online payment only), when it is not awaiting its payment (409: paid, given up,
cancelled) or when the gateway has taken a payment for it (409: a captured one pays the
order first). The gateway is asked outside the transaction; the switch is one
conditional UPDATE from Awaiting Payment under the order's and then its payment's lock
(the lock order, orders.actions), so of a switch and a payment arriving at once one
moves the order and the other finds it moved.
"""

import logging

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from accounts.cart import cart_clear
from orders import guest, selectors, services
from orders.actions import status_recorded
from orders.models import Order, OrderStatus, Payment
from orders.payments import payment_method
from orders.tasks import order_mail
from shop.api.exceptions import Conflict

logger = logging.getLogger("orders.pay_on_delivery")

COD = "cod"
PAID_ONLINE = (
    "This order has been paid online, so nothing will be collected on delivery. "
    "Your order is confirmed."
)
BEING_PAID = (
    "A payment for this order is being completed, so it cannot be switched to cash on "
    "delivery. Please check the order in a moment."
)
SETTING_UP = "The payment of this order is still being set up. Please wait a moment and try again."
CHANGED = "This order has changed meanwhile; please look at it again."


def not_awaiting(status: str) -> str:
    return (
        "Only an order waiting for its online payment can be switched to cash on delivery; "
        f"this order is {status}."
    )


def switched(order: Order) -> bool:
    """Whether `order` was placed to be paid online and switched to cash on delivery."""
    return order.payment_method == COD and order.payment_record is not None


def _find(order_id: int, *, buyer=None, token: str | None = None) -> Order:
    """The buyer's order, or the guest order `token` opens; 404 otherwise."""
    orders = Order.objects.select_related("online_payment", "buyer", "coupon")
    if token is not None:
        return guest.order_for_token(orders, order_id=order_id, token=token)
    order = orders.filter(pk=order_id, buyer=buyer).first() if buyer is not None else None
    if order is None:
        raise Http404(selectors.NOT_FOUND)
    return order


def _refuse_unless_awaiting(order: Order, payment: Payment | None) -> None:
    if order.status != OrderStatus.AWAITING_PAYMENT:
        paid = (
            payment is not None
            and bool(payment.payment_id)
            and order.paid
            and order.status not in (OrderStatus.CANCELLED, OrderStatus.RETURNED)
        )
        raise Conflict(PAID_ONLINE if paid else not_awaiting(order.status))
    method = payment_method(order.payment_method)
    if method is None or not method.online or payment is None:
        raise Conflict(not_awaiting(order.status))
    if payment.payment_id:
        raise Conflict(PAID_ONLINE)
    if (
        not payment.gateway_order_id
        and payment.starting_until
        and payment.starting_until > timezone.now()
    ):
        raise Conflict(SETTING_UP)


def order_pay_on_delivery(
    *, order_id: int, buyer=None, token: str | None = None, base_url: str = ""
) -> Order:
    """Switches the buyer's (or, with `token`, the guest's) order Awaiting Payment to cash
    on delivery, as the module says; returns the order as answered. An order already
    switched is answered as it is (the same call again changes nothing)."""
    order = _find(order_id, buyer=buyer, token=token)
    if not switched(order):
        _refuse_unless_awaiting(order, order.payment_record)
        services.cod_check(order)
        if payment_method(order.payment_method).payment_taken(order):
            order = _find(order_id, buyer=buyer, token=token)
            if order.status == OrderStatus.AWAITING_PAYMENT:
                raise Conflict(BEING_PAID)
            _refuse_unless_awaiting(order, order.payment_record)
        _switch(order.pk, base_url=base_url)
    return selectors.order_get(order_id=order.pk)


def _switch(order_id: int, *, base_url: str) -> None:
    with transaction.atomic():
        # The lock order: the order, then its payment.
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is None:
            raise Http404(selectors.NOT_FOUND)
        payment = Payment.objects.select_for_update().filter(order_id=order.pk).first()
        if order.payment_method == COD and payment is not None:
            return  # the same call, at the same moment, switched it first
        _refuse_unless_awaiting(order, payment)
        now = timezone.now()
        moved = Order.objects.filter(
            pk=order.pk,
            status=OrderStatus.AWAITING_PAYMENT,
            payment_method=order.payment_method,
        ).update(status=OrderStatus.NOT_PROCESSED, payment_method=COD, updated_at=now)
        if not moved:
            raise Conflict(CHANGED)
        # Kept: its gateway order still finds the order, so a late capture is refunded.
        Payment.objects.filter(pk=payment.pk).update(starting_until=None, updated_at=now)
        status_recorded(order_id=order.pk, status=OrderStatus.NOT_PROCESSED, at=now, by=order.buyer)
        if order.buyer_id is not None:
            cart_clear(user=order.buyer)
        order_mail(order.pk, "placed", base_url)
    logger.info("Order %s switched from paying online to cash on delivery", order_id)
