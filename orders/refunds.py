"""Refunds of online payments, asked for in the transaction that decides them (a cancel,
a return, a payment that came too late or twice) and made by the task queue
(`orders.tasks.refund_payment`), which tries again while the gateway is away.

A gateway payment is refunded at most once: the Refund row is unique per payment id, and
the gateway is asked only while the row has no refund id, by one run at a time (the run
claims the row first: `orders.online.refund_make`). A refund the job could not make while
the gateway was away (its tries ran out) stays `pending` and the reconcile run
(orders.reconcile, every RECONCILE_INTERVAL_SECONDS) asks for it again until it is made.

Locks follow the shop's order: the Payment row before the Refund row."""

import logging

from django.db import IntegrityError, transaction
from django.utils import timezone

from orders.models import Order, Payment, PaymentStatus, Refund, RefundStatus

logger = logging.getLogger("orders.refunds")


def refund_request(*, order: Order, payment_id: str, amount: int, reason: str) -> Refund:
    """Records that `amount` paise of the gateway payment `payment_id` go back, and
    enqueues the job that asks the gateway; a payment already being refunded keeps its
    refund. Runs inside the caller's transaction: no job without the decision."""
    from orders.tasks import refund_payment  # the job module imports this one

    with transaction.atomic():
        existing = Refund.objects.filter(payment_id=payment_id).first()
        if existing is not None:
            return existing
        # The order's own payment first (the lock order), then the new Refund row.
        Payment.objects.filter(order=order, payment_id=payment_id).update(
            refund_status=RefundStatus.PENDING, updated_at=timezone.now()
        )
        try:
            with transaction.atomic():
                refund = Refund.objects.create(
                    order=order, payment_id=payment_id, amount=amount, reason=reason
                )
        except IntegrityError:
            return Refund.objects.get(payment_id=payment_id)
        if reason != Refund.Reason.CANCELLED:
            logger.warning("Refunding payment %s of order %s (%s)", payment_id, order.pk, reason)
        refund_payment.enqueue(refund.pk)
    return refund


def refund_if_paid(order: Order) -> Refund | None:
    """A paid online order that is cancelled or returned: its payment back in full."""
    payment = Payment.objects.filter(order=order, status=PaymentStatus.PAID).first()
    if payment is None or not payment.payment_id:
        return None
    return refund_request(
        order=order,
        payment_id=payment.payment_id,
        amount=payment.captured or payment.amount,
        reason=Refund.Reason.CANCELLED,
    )


def refund_settle(
    *, refund: Refund, refund_id: str, status: str, amount: int | None = None
) -> None:
    """The gateway's word on a refund (the job's answer, or a refund webhook): the row
    and, for the order's own payment, its refunded amount and refund status. A processed
    refund stays processed. Settling ends a run's claim on the refund (`asking_until`)."""
    with transaction.atomic():
        # Payment, then Refund: the shop's lock order.
        payment = (
            Payment.objects.select_for_update()
            .filter(order_id=refund.order_id, payment_id=refund.payment_id)
            .first()
        )
        refund = Refund.objects.select_for_update().get(pk=refund.pk)
        if refund.status == RefundStatus.PROCESSED and status != RefundStatus.PROCESSED:
            return
        refund.refund_id = refund_id or refund.refund_id
        refund.status = status
        refund.asking_until = None
        refund.save(update_fields=["refund_id", "status", "asking_until", "updated_at"])
        if payment is not None:
            payment.refund_id = refund.refund_id
            payment.refund_status = status
            if status != RefundStatus.FAILED:
                payment.refunded = min(amount or refund.amount, payment.captured)
                payment.refunded_at = payment.refunded_at or timezone.now()
            payment.save(
                update_fields=[
                    "refund_id",
                    "refund_status",
                    "refunded",
                    "refunded_at",
                    "updated_at",
                ]
            )
