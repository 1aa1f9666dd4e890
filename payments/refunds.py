"""Refunds of online payments, asked for in the transaction that decides them (a cancel,
a return, a payment that came too late or twice) and made by the task queue
(`refund_payment`, defined here with what enqueues it), which tries again while the
gateway is away.

A gateway payment is refunded at most once: the Refund row is unique per payment id, and
the gateway is asked only while the row has no refund id, by one run at a time (the run
claims the row first: `refund_make`). A refund the job could not make while the gateway
was away (its tries ran out) stays `pending` and the reconcile run (payments.reconcile,
every RECONCILE_INTERVAL_SECONDS) asks for it again until it is made.

Locks follow the shop's order: the Payment row before the Refund row."""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from orders.models import Order, Payment, PaymentStatus, Refund, RefundStatus
from payments import gateway
from shop.tasks import retrying

logger = logging.getLogger("payments.refunds")


@retrying(then="the reconcile run asks for the refund again until it is made")
def refund_payment(refund_pk: int) -> str:
    """Asks the gateway for a recorded refund (`refund_make`); raises while it cannot be
    reached, so the queue tries again; after the last try the reconcile run
    (`reconcile_payments`) asks again. Nothing to do once the refund has its id."""
    return refund_make(refund_pk=refund_pk)


def refund_request(
    *, order: Order, payment_id: str, amount: int, reason: str, key: str | None = None
) -> Refund:
    """Records that `amount` paise of the gateway payment `payment_id` go back, and
    enqueues the job that asks the gateway; a cause already refunded (the same `key`,
    by default the whole payment's "payment:<id>") keeps its refund. Runs inside the
    caller's transaction: no job without the decision."""
    key = key or f"payment:{payment_id}"
    with transaction.atomic():
        existing = Refund.objects.filter(key=key).first()
        if existing is not None:
            return existing
        # The order's own payment first (the lock order), then the new Refund row.
        Payment.objects.filter(order=order, payment_id=payment_id).update(
            refund_status=RefundStatus.PENDING, updated_at=timezone.now()
        )
        try:
            with transaction.atomic():
                refund = Refund.objects.create(
                    order=order, key=key, payment_id=payment_id, amount=amount, reason=reason
                )
        except IntegrityError:
            return Refund.objects.get(key=key)
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


def _asking_for() -> timedelta:
    """How long a refund's claim lasts: longer than its two gateway calls can take. A
    claim its asker never ended (the process died) is free again after it."""
    return timedelta(seconds=2 * settings.RAZORPAY_TIMEOUT_SECONDS + 30)


def refund_make(*, refund_pk: int) -> str:
    """Asks the gateway for a recorded refund. A refund the gateway refuses is marked
    failed (the admin sees it); one it cannot be reached for raises
    gateway.GatewayUnavailable, and is tried again (the job's next try, the reconcile
    run). When an earlier try got through but its answer was lost, the payment's refunded
    amount shows it and it is not asked for twice.

    One run at a time asks: the run claims the refund by a conditional UPDATE that sets
    its `asking_until` (when the claim ends), and only a pending refund with no refund id
    and no live claim can be claimed. Another run at the same moment (the job
    handed back while it still runs, the reconcile run, two reconcile runs) finds it
    claimed and leaves it ("busy"); settling it ends the claim. Returns what was done:
    "made", "refused", "busy" or "nothing to do"."""
    now = timezone.now()
    until = now + _asking_for()
    claimed = (
        Refund.objects.filter(pk=refund_pk, refund_id="", status=RefundStatus.PENDING)
        .filter(Q(asking_until__isnull=True) | Q(asking_until__lte=now))
        .update(asking_until=until)
    )
    refund = Refund.objects.filter(pk=refund_pk).first()
    if refund is None or refund.refund_id or refund.status != RefundStatus.PENDING:
        return "nothing to do"
    if not claimed:
        logger.info("Refund %s is being asked for by another run", refund_pk)
        return "busy"
    try:
        taken = gateway.fetch_payment(refund.payment_id)
        if int(taken.get("amount_refunded") or 0) >= refund.amount:
            refund_settle(refund=refund, refund_id="", status="processed")
            return "made"
        made = gateway.refund(
            payment_id=refund.payment_id,
            amount=refund.amount,
            notes={"order": str(refund.order_id), "reason": refund.reason},
        )
    except gateway.GatewayRefused:
        refund_settle(refund=refund, refund_id="", status="failed")
        return "refused"
    except BaseException:
        # Not asked (or no answer): the claim ends now, so the next try need not wait.
        Refund.objects.filter(pk=refund_pk, asking_until=until).update(asking_until=None)
        raise
    status = made.get("status") if made.get("status") in ("pending", "processed") else "pending"
    refund_settle(
        refund=refund, refund_id=str(made.get("id") or ""), status=status, amount=made.get("amount")
    )
    return "made"
