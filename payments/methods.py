"""Razorpay as a payment method of orders (orders.payments, the one interface orders
has for paying): registered by this app when it is ready (payments.apps). What orders
asks of it, it does here with this app's code: the payment record and the expiry job
in checkout's transaction, the gateway's order after the commit, the checkout options
of an order awaiting its payment, the refund of a cancelled or returned one, and of
part of one, and whether the gateway took a payment of an order its buyer switches to
cash on delivery."""

from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.utils import timezone

from orders.models import Order, OrderStatus, Payment
from payments import gateway, online, refunds
from payments.expiry import expire_order, payment_taken


class Razorpay:
    """Paid online before the order is processed: the order waits in Awaiting Payment
    until the gateway's payment is verified (payments.online)."""

    code = "razorpay"
    online = True

    def available(self) -> bool:
        return gateway.configured()

    def paid_on(self, status: str) -> bool:
        return status not in ("Awaiting Payment", "Cancelled")

    def reserve(self, order: Order) -> None:
        """The order's payment record (the gateway's order is asked for after checkout's
        transaction commits) and the job that cancels the order if it is not paid in
        time."""
        now = timezone.now()
        Payment.objects.create(
            order=order,
            amount=gateway.paise(order.total),
            starting_until=now
            + timedelta(seconds=settings.RAZORPAY_TIMEOUT_SECONDS)
            + online.GATEWAY_MARGIN,
        )
        window = timedelta(minutes=settings.PAYMENT_WINDOW_MINUTES)
        expire_order.using(run_after=now + window).enqueue(order.pk)

    def checkout_started(self, order: Order, *, created: bool) -> tuple[Order, dict | None]:
        placed = online.checkout_continue(order, created=created)
        return placed.order, placed.razorpay

    def checkout_options(self, order: Order) -> dict | None:
        if order.status != OrderStatus.AWAITING_PAYMENT:
            return None
        payment = order.payment_record
        if payment is None or not payment.gateway_order_id or not gateway.configured():
            return None
        return online.checkout_options(order, payment)

    def refund(self, order: Order) -> None:
        refunds.refund_if_paid(order)

    def refund_part(self, order: Order, *, amount: Decimal, key: str, reason: str) -> None:
        refunds.refund_part(order=order, amount=amount, key=key, reason=reason)

    def shop_info(self) -> dict:
        return {
            "razorpay": {
                "keyId": settings.RAZORPAY_KEY_ID,
                "checkoutUrl": settings.RAZORPAY_CHECKOUT_URL,
            }
        }

    def payment_taken(self, order: Order) -> bool:
        return payment_taken(order)
