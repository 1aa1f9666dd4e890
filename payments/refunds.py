"""Refunds of online payments, asked for in the transaction that decides them (a cancel
of the whole order or of part of it, a return, a payment that came too late or twice)
and made by the task queue (`refund_payment`, defined here with what enqueues it), which
tries again while the gateway is away.

One payment may have several refunds: each partial cancel's difference, each return's
amount, and then what is left of it when the order is cancelled or returned whole. Each
refund has its cause as its unique `key` ("payment:<payment id>" for the whole payment,
or what is left of it; "cancel:<order id>:<n>"; "return:<return id>"), so a cause asks
once however often it is decided. Their amounts never add up to more than was captured:
each new one is worked out under the payment row's lock as at most what was captured
less what the payment's other refunds asked (those the gateway refused do not count).

The gateway is asked only while the row has no refund id, by one run at a time (the run
claims the row first: `refund_make`), and the notes of the gateway refund carry the key,
so a run whose earlier try got through but lost its answer finds that refund among the
payment's and does not ask twice. A refund the job could not make while the gateway was
away (its tries ran out) stays `pending` and the reconcile run (payments.reconcile, every
RECONCILE_INTERVAL_SECONDS) asks for it again until it is made.

Locks follow the shop's order: the Order row, then the Payment row, then the Refund."""

import logging
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
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
        if reason in (Refund.Reason.LATE, Refund.Reason.DUPLICATE, Refund.Reason.MISMATCH):
            logger.warning("Refunding payment %s of order %s (%s)", payment_id, order.pk, reason)
        refund_payment.enqueue(refund.pk)
    return refund


def _asked(payment: Payment) -> int:
    """The paise the payment's refunds ask for, failed ones left out (what they asked is
    still the buyer's to get back)."""
    refunds = Refund.objects.filter(payment_id=payment.payment_id).exclude(
        status=RefundStatus.FAILED
    )
    return refunds.aggregate(asked=Sum("amount"))["asked"] or 0


def _paid_payment(order: Order) -> Payment | None:
    """The order's payment that took money, locked after the order (the lock order), or
    None (cash on delivery, not paid)."""
    Order.objects.select_for_update().filter(pk=order.pk).exists()
    payment = (
        Payment.objects.select_for_update()
        .filter(order_id=order.pk, status=PaymentStatus.PAID)
        .exclude(payment_id="")
        .first()
    )
    return payment


def _captured(payment: Payment) -> int:
    return payment.captured or payment.amount


def refund_if_paid(order: Order) -> Refund | None:
    """A paid online order that is cancelled or returned whole: what is left of its payment
    back, that is what was captured less what its other refunds (partial cancels,
    returns) asked for; those the gateway refused count as not asked, so their money goes
    back now. None when nothing is left to refund (or nothing was paid). Locks the order,
    then its payment."""
    with transaction.atomic():
        payment = _paid_payment(order)
        if payment is None:
            return None
        key = f"payment:{payment.payment_id}"
        existing = Refund.objects.filter(key=key).first()
        if existing is not None:
            return existing
        left = _captured(payment) - _asked(payment)
        if left <= 0:
            return None
        return refund_request(
            order=order,
            payment_id=payment.payment_id,
            amount=left,
            reason=Refund.Reason.CANCELLED,
            key=key,
        )


def refund_part(*, order: Order, amount: Decimal, key: str, reason: str) -> Refund | None:
    """Part of an order's online payment back: `amount` rupees (Decimal, whole paise) of
    the payment that paid `order`, for the cause `key` ("cancel:<order id>:<n>",
    "return:<return id>"), with `reason` (Refund.Reason.PART, RETURN). In the caller's
    transaction: the refund row and its job commit with the caller's decision, or not at
    all. Locks the order, then its payment (the lock order), so it may be called with the
    order already locked, and never after locking the payment or a refund.

    - None, and nothing recorded, for an order with no captured online payment (cash on
      delivery, unpaid), or an amount that is not above 0.
    - The same `key` again returns the refund first recorded for it (its amount as it
      was), and asks nothing more.
    - Never more than is left of the payment: the amount is cut to what was captured less
      what its other refunds asked (refused ones not counted), and when nothing is left
      it returns None. The refund's `amount` (paise) says what was asked.
    - The job asks the gateway after the commit; the refund's status follows (`pending`,
      then `processed` or `failed`), as the payment's `refundStatus` and `refunded` do."""
    wanted = gateway.paise(Decimal(amount).quantize(Decimal("0.01")))
    if wanted <= 0:
        return None
    with transaction.atomic():
        payment = _paid_payment(order)
        if payment is None:
            return None
        existing = Refund.objects.filter(key=key).first()
        if existing is not None:
            return existing
        left = _captured(payment) - _asked(payment)
        if left <= 0:
            logger.warning(
                "Refund %s of order %s: nothing is left of payment %s", key, order.pk, payment.pk
            )
            return None
        if wanted > left:
            logger.warning(
                "Refund %s of order %s: %s paise asked, %s left of the payment: %s refunded",
                key,
                order.pk,
                wanted,
                left,
                left,
            )
        return refund_request(
            order=order,
            payment_id=payment.payment_id,
            amount=min(wanted, left),
            reason=reason,
            key=key,
        )


def _payment_state(payment: Payment) -> tuple[int, str, str]:
    """The payment's refund figures from all its refunds: (refunded paise, refund status,
    latest refund id). Refunded: the refunds the gateway made (taken, with its id, or
    processed). Status: `pending` while any refund is pending; `failed` while a refused
    one has not been covered by a later refund of what was left of the whole payment
    (which asks again for what the refused one did not give back); else `processed`."""
    refunds = list(
        Refund.objects.filter(payment_id=payment.payment_id).order_by("created_at", "pk")
    )
    made = sum(
        refund.amount
        for refund in refunds
        if refund.status == RefundStatus.PROCESSED
        or (refund.status == RefundStatus.PENDING and refund.refund_id)
    )
    whole = [
        refund
        for refund in refunds
        if refund.key.startswith("payment:") and refund.status != RefundStatus.FAILED
    ]
    if any(refund.status == RefundStatus.PENDING for refund in refunds):
        status = RefundStatus.PENDING
    elif any(
        refund.status == RefundStatus.FAILED
        and not any(later.created_at > refund.updated_at for later in whole)
        for refund in refunds
    ):
        status = RefundStatus.FAILED
    else:
        status = RefundStatus.PROCESSED
    ids = [refund.refund_id for refund in refunds if refund.refund_id]
    return made, status, ids[-1] if ids else ""


def refund_settle(
    *, refund: Refund, refund_id: str, status: str, amount: int | None = None
) -> None:
    """The gateway's word on a refund (the job's answer, or a refund webhook): the row and,
    for the order's own payment, its refunded amount (every refund of it the gateway
    made), refund status and latest refund id (`_payment_state`). A processed refund
    stays processed, a failed one told again changes nothing. Settling ends a run's claim
    on the refund (`asking_until`). `amount`: the gateway's figure, which is the one
    asked; another one is logged."""
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
        if refund.status == status == RefundStatus.FAILED:
            return
        if amount is not None and amount != refund.amount:
            logger.error(
                "Refund %s of order %s: the gateway says %s paise, %s were asked",
                refund.key,
                refund.order_id,
                amount,
                refund.amount,
            )
        refund.refund_id = refund_id or refund.refund_id
        refund.status = status
        refund.asking_until = None
        refund.save(update_fields=["refund_id", "status", "asking_until", "updated_at"])
        if payment is not None:
            made, state, latest = _payment_state(payment)
            if made > payment.captured:
                logger.error(
                    "Payment %s: refunds of %s paise made, %s captured",
                    payment.payment_id,
                    made,
                    payment.captured,
                )
            payment.refunded = min(made, payment.captured)
            payment.refund_status = state
            payment.refund_id = latest or payment.refund_id
            if payment.refunded:
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
    run). When an earlier try got through but its answer was lost, the gateway's refunds
    of the payment show it (`_made_earlier`) and it is not asked for twice.

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
        earlier = _made_earlier(refund)
        if earlier is not None:
            status = earlier.get("status")
            refund_settle(
                refund=refund,
                refund_id=str(earlier.get("id") or ""),
                status=status if status in ("pending", "processed", "failed") else "pending",
            )
            return "made"
        made = gateway.refund(
            payment_id=refund.payment_id,
            amount=refund.amount,
            notes={"key": refund.key, "order": str(refund.order_id), "reason": refund.reason},
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


def _made_earlier(refund: Refund) -> dict | None:
    """The gateway's refund of the payment made for `refund` by an earlier try whose answer
    was lost: the one whose notes carry its key. Refunds asked before the notes carried a
    key are found when the payment has no other refund here: a gateway refund of it with
    no key in its notes, for at least the amount, is that one. None when there is none."""
    made = gateway.payment_refunds(refund.payment_id)
    notes = [item.get("notes") if isinstance(item.get("notes"), dict) else {} for item in made]
    for item, note in zip(made, notes, strict=True):
        if note.get("key") == refund.key:
            return item
    if Refund.objects.filter(payment_id=refund.payment_id).exclude(pk=refund.pk).exists():
        return None
    for item, note in zip(made, notes, strict=True):
        if "key" not in note and int(item.get("amount") or 0) >= refund.amount:
            return item
    return None
