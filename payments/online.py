"""Paying online through Razorpay (docs/payments.md): checkout's gateway order, the
browser's verified payment and the webhook. The expiry of unpaid orders is
payments.expiry, the refunds payments.refunds.

The rules:
- An online order is placed `Awaiting Payment` with its stock taken (orders.services,
  which asks the Razorpay method, payments.methods, through orders.payments);
  the Razorpay order for its exact total in paise is asked for after that transaction
  commits. When the gateway cannot make it, the order is deleted and its stock put back,
  which also frees its Idempotency-Key, so a retry places it again.
- It becomes paid (`Not Processed`) once, by a payment whose signature we checked (the
  browser's) or a signed `payment.captured` webhook, for the stored gateway order and
  its amount: orders' handler of that move (orders.actions.order_pay) makes it with one
  conditional UPDATE from Awaiting Payment, so the browser and the webhook, in any order
  or at once, mark it paid once.
- A payment for an order that is no longer awaiting one (paid by another payment,
  cancelled, expired, switched to cash on delivery by its buyer: orders.pay_on_delivery)
  is refunded in full (payments.refunds), as is a paid order that is
  cancelled or returned (orders' cancel and return handlers ask the Razorpay method). A
  payment on another gateway order made for the same order (one a checkout made and lost
  to another that stored its own) is found through the gateway order's receipt and
  treated the same way.
- Checkout never answers payment details for an order that is not Awaiting Payment when
  the gateway's order is stored: it is stored under the order's lock, and an order
  cancelled meanwhile is 409 (a payment that still arrives on it is refunded).
- Locks, on every path: the Order row, then its Payment, then a Refund, then the
  invoice sequence row (orders.actions has the rule). `payment_arrived` locks the order
  before the payment, as a cancel does, so a cancel, a verify and a webhook on one order
  wait for each other in turn instead of deadlocking.
"""

import hashlib
import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils import timezone
from rest_framework.exceptions import APIException, ValidationError

from orders import guest, selectors, services
from orders.actions import order_pay
from orders.models import Order, OrderStatus, Payment, PaymentStatus, Refund, WebhookEvent
from orders.shop_details import get_shop_details
from orders.stock import order_release_stock
from payments import gateway, refunds
from shop.api import jsontext
from shop.api.exceptions import Conflict

logger = logging.getLogger("payments.online")

# How long the checkout that placed an online order has to get the gateway's order
# before a retry of it may ask instead (the gateway's timeout and a margin).
GATEWAY_MARGIN = timedelta(seconds=5)

NOT_ONLINE = "This order is not paid online."
WRONG_ORDER = "This payment is not for this order."
BAD_SIGNATURE = "The payment could not be verified."
LATE = "This order was cancelled before its payment arrived; the payment will be refunded in full."
SWITCHED = (
    "This order was switched to cash on delivery before its payment arrived; the payment "
    "will be refunded in full, and the order is paid on delivery."
)
IN_PROGRESS = (
    "A request with this Idempotency-Key is in progress: the payment is being set up. "
    "Please wait a moment and try again."
)
CANCELLED_MEANWHILE = (
    "This order was cancelled while its payment was being set up; nothing was charged. "
    "Please place the order again."
)


class GatewayDown(APIException):
    """502: Razorpay answered with an error or could not be reached."""

    status_code = 502
    default_detail = (
        "We could not reach the payment gateway. Nothing was charged and nothing was "
        "ordered; please try again in a moment."
    )
    default_code = "gateway_unavailable"


class GatewaySlow(GatewayDown):
    """503: Razorpay did not answer in time."""

    status_code = 503
    default_detail = (
        "The payment gateway did not answer in time. Nothing was charged and nothing was "
        "ordered; please try again in a moment."
    )


# --- checkout ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Checkout:
    order: Order
    created: bool
    razorpay: dict | None  # what the browser's checkout needs; None once it is not awaited


def checkout_options(order: Order, payment: Payment) -> dict:
    """The `razorpay` object of checkout's answer: what Razorpay's checkout is opened with."""
    return {
        "keyId": settings.RAZORPAY_KEY_ID,
        "orderId": payment.gateway_order_id,
        "amount": payment.amount,
        "currency": gateway.CURRENCY,
        "name": order.buyer_name,
        "email": order.buyer_email,
        "phone": order.buyer_phone,
        "shopName": get_shop_details().trade_name or get_shop_details().legal_name,
        "checkoutUrl": settings.RAZORPAY_CHECKOUT_URL,
    }


def order_checkout_online(*, buyer, **checkout) -> Checkout:
    """Checkout (orders.services.order_checkout) and, for `payment: "razorpay"`, the
    gateway's order (`checkout_continue`)."""
    order, created = services.order_checkout(buyer=buyer, **checkout)
    return checkout_continue(order, created=created)


def checkout_continue(order: Order, *, created: bool) -> Checkout:
    """After checkout's commit, for `payment: "razorpay"`: the gateway's order. 502/503
    when the gateway fails: the order is undone. The payment details are answered only
    for an order still Awaiting Payment once the gateway's order is stored; the checkout
    that placed an order cancelled meanwhile is 409, a retry of it answers the order
    without them."""
    if order.payment_method != "razorpay":
        return Checkout(order, created, None)
    payment = order.payment_record
    if order.status != OrderStatus.AWAITING_PAYMENT:
        return Checkout(order, created, None)
    if not payment.gateway_order_id:
        payment = _gateway_order(order, payment, own=created)
    fresh = Order.objects.with_lines().filter(pk=order.pk).first()
    if fresh is None or fresh.status != OrderStatus.AWAITING_PAYMENT:
        if created or fresh is None:
            raise Conflict(CANCELLED_MEANWHILE)
        return Checkout(fresh, created, None)
    return Checkout(fresh, created, checkout_options(fresh, payment))


def _gateway_order(order: Order, payment: Payment, *, own: bool) -> Payment:
    """The gateway's order for `payment`, asked for by the checkout that placed it (`own`)
    or, when that one has not finished in its time (it died), by a retry. A retry that
    arrives while the first is still asking (a double-clicked Pay) is 409 at once, as the
    contract allows, and makes no gateway order. The first gateway order stored is the
    order's: an asker that finds another stored answers that one (its own is never
    handed out; a payment on it would still be found by its receipt and refunded)."""
    if not own:
        fresh = Payment.objects.filter(pk=payment.pk).first()
        if fresh is None:  # the first checkout's gateway call failed: undone
            raise GatewayDown()
        if fresh.gateway_order_id:
            return fresh
        if fresh.starting_until and fresh.starting_until > timezone.now():
            raise Conflict(IN_PROGRESS)
        # Its asker is gone: this retry takes over, if no other retry did.
        until = timezone.now() + timedelta(seconds=settings.RAZORPAY_TIMEOUT_SECONDS)
        if not Payment.objects.filter(
            pk=payment.pk, gateway_order_id=None, starting_until=fresh.starting_until
        ).update(starting_until=until + GATEWAY_MARGIN):
            raise Conflict(IN_PROGRESS)
    try:
        made = gateway.create_order(
            amount=payment.amount,
            receipt=str(order.pk),
            notes={"order": str(order.pk), "buyer": str(order.buyer_id or "guest")},
        )
    except (gateway.GatewayUnavailable, gateway.GatewayRefused) as exc:
        stored = _undo(order)
        if stored is not None:  # another asker's gateway order was stored meanwhile
            return stored
        if isinstance(exc, gateway.GatewayUnavailable) and exc.timed_out:
            raise GatewaySlow() from exc
        raise GatewayDown() from exc
    if made.get("amount") != payment.amount or not made.get("id"):
        logger.error("Razorpay made order %s for %s paise", made.get("id"), made.get("amount"))
        stored = _undo(order)
        if stored is not None:
            return stored
        raise GatewayDown()
    with transaction.atomic():
        # The lock order: the order, then its payment. A cancel that comes after this
        # commit finds the gateway order stored; one before it is seen by the caller.
        if not Order.objects.select_for_update().filter(pk=order.pk).exists():
            raise GatewayDown()  # undone meanwhile by a retry whose gateway call failed
        Payment.objects.select_for_update().filter(pk=payment.pk).exists()
        if not Payment.objects.filter(pk=payment.pk, gateway_order_id=None).update(
            gateway_order_id=made["id"], starting_until=None, updated_at=timezone.now()
        ):
            logger.warning(
                "Razorpay order %s of order %s is not used: another was stored first",
                made["id"],
                order.pk,
            )
        stored = Payment.objects.filter(pk=payment.pk).first()
    if stored is None or not stored.gateway_order_id:
        raise GatewayDown()
    return stored


def _undo(order: Order) -> Payment | None:
    """The gateway could not make the order: the reservation is undone as if it never was
    (stock back, the order and its jobs gone, its Idempotency-Key free for a retry). An
    order cancelled meanwhile (its stock is back already) stays in the buyer's list as
    cancelled, but lets go of its Idempotency-Key: the checkout answered that nothing
    was ordered, so a retry with the same key places the order again. An order that
    another asker stored a gateway order for meanwhile (its page may be paying it) is
    not undone: that payment record is returned instead."""
    with transaction.atomic():
        locked = Order.objects.select_for_update().filter(pk=order.pk).first()
        if locked is None:
            return None
        if locked.status != OrderStatus.AWAITING_PAYMENT:
            if locked.status == OrderStatus.CANCELLED:
                Order.objects.filter(pk=locked.pk).update(idempotency_key=None)
            return None
        payment = Payment.objects.select_for_update().filter(order=locked).first()
        if payment is not None and payment.gateway_order_id:
            return payment
        order_release_stock(locked)
        Payment.objects.filter(order=locked).delete()
        locked.delete()
    return None


# --- the payment arrives ----------------------------------------------------------------


@dataclass(frozen=True)
class Arrival:
    order: Order
    paid: bool  # this payment pays the order (now or before); False: it is refunded


def payment_arrived(
    *, gateway_order_id: str, payment_id: str, amount: int | None, order_id: int | None = None
) -> Arrival:
    """A payment of `amount` paise (None: the verified browser's, which is the order's
    amount) made against our gateway order, or, with `order_id`, against another gateway
    order made for that order (`_stray_order`). It pays the order when the order awaits
    it and the amount is the order's; the same payment again changes nothing; any other
    payment is refunded (a second one, one after the order was cancelled or expired,
    one of another amount). Locks the order, then its payment (the lock order)."""
    if order_id is None:
        order_id = Payment.objects.values_list("order_id", flat=True).get(
            gateway_order_id=gateway_order_id
        )
    with transaction.atomic():
        order = Order.objects.select_for_update().get(pk=order_id)
        payment = Payment.objects.select_for_update().get(order_id=order.pk)
        if payment.payment_id == payment_id:
            # Told again: paid, unless it came too late and is being refunded.
            late = Refund.objects.filter(payment_id=payment_id, reason=Refund.Reason.LATE)
            return Arrival(order, not late.exists())
        if amount is not None and amount != payment.amount:
            logger.error(
                "Payment %s of order %s is %s paise, not %s: refunding it",
                payment_id,
                order.pk,
                amount,
                payment.amount,
            )
            refunds.refund_request(
                order=order, payment_id=payment_id, amount=amount, reason=Refund.Reason.MISMATCH
            )
            return Arrival(order, False)
        now = timezone.now()
        if order_pay(order_id=order.pk):  # the move, its history row and the placed mail
            Payment.objects.filter(pk=payment.pk).update(
                payment_id=payment_id,
                status=PaymentStatus.PAID,
                captured=payment.amount,
                paid_at=now,
                updated_at=now,
            )
            return Arrival(order, True)
        order.refresh_from_db(fields=["status", "payment_method"])
        # Too late: the order was cancelled (or expired), or its buyer switched it to cash
        # on delivery (orders.pay_on_delivery), before its payment came. A switched order
        # stays cash on delivery, whatever its status now: the courier may already carry
        # it to be paid at the door, so the money goes back rather than the order becoming
        # paid online.
        gave_up = order.status == OrderStatus.CANCELLED or order.payment_method == "cod"
        late = gave_up and not payment.payment_id
        if late:
            # The order's only payment, come too late: kept on the order, so its answer
            # shows the money came and the refund's progress.
            Payment.objects.filter(pk=payment.pk).update(
                payment_id=payment_id,
                status=PaymentStatus.PAID,
                captured=amount or payment.amount,
                paid_at=now,
                updated_at=now,
            )
        refunds.refund_request(
            order=order,
            payment_id=payment_id,
            amount=amount or payment.amount,
            reason=Refund.Reason.LATE if late else Refund.Reason.DUPLICATE,
        )
        return Arrival(order, False)


def razorpay_verify(
    *,
    buyer,
    order_id: int,
    razorpay_order_id: str,
    razorpay_payment_id: str,
    razorpay_signature: str,
    token: str | None = None,
) -> Order:
    """The browser's word that it paid: checked against the gateway order id we stored
    (the one sent must be it) with the key secret's signature. 400 for anything else,
    nothing changed; the same payment again answers the paid order; a payment that came
    after the order was cancelled is refunded and answered 409. A guest's order is found
    by its `token` (orders.guest) in place of its buyer."""
    if token is not None:
        order = guest.order_for_token(Order.objects.all(), order_id=order_id, token=token)
    else:
        order = Order.objects.filter(pk=order_id, buyer=buyer).first()
    if order is None:
        raise Http404(selectors.NOT_FOUND)
    payment = order.payment_record
    if payment is None or not payment.gateway_order_id:
        raise ValidationError({"razorpay_order_id": [NOT_ONLINE]})
    if razorpay_order_id != payment.gateway_order_id:
        raise ValidationError({"razorpay_order_id": [WRONG_ORDER]})
    if not gateway.payment_signature_ok(
        gateway_order_id=payment.gateway_order_id,
        payment_id=razorpay_payment_id,
        signature=razorpay_signature,
    ):
        raise ValidationError({"razorpay_signature": [BAD_SIGNATURE]})
    arrival = payment_arrived(
        gateway_order_id=payment.gateway_order_id, payment_id=razorpay_payment_id, amount=None
    )
    if not arrival.paid:
        order.refresh_from_db(fields=["payment_method"])
        raise Conflict(SWITCHED if order.payment_method == "cod" else LATE)
    if token is not None:
        return selectors.order_get(order_id=order.pk)
    return selectors.order_get_for(user=buyer, order_id=order.pk)


# --- the webhook ------------------------------------------------------------------------


class BadWebhook(Exception):
    pass


def webhook_receive(*, body: bytes, signature: str, event_id: str) -> str:
    """A webhook from Razorpay: its signature checked over the raw body (BadWebhook when
    wrong or the body is not an event). Applied once per event id: the id's row and the
    event's effects commit together, so a repeat (or the same event at the same moment)
    finds the row and changes nothing. Returns what was done."""
    if not gateway.webhook_signature_ok(body, signature):
        raise BadWebhook("bad signature")
    try:
        event = jsontext.loads(body)
        name = str(event["event"])
    except (ValueError, KeyError, TypeError) as exc:
        raise BadWebhook("not an event") from exc
    if not event_id:
        # Razorpay sends X-Razorpay-Event-Id; without it the signed body names the event.
        event_id = hashlib.sha256(body).hexdigest()
    stray = _stray_of(name, event)  # the gateway is asked outside the transaction
    with transaction.atomic():
        try:
            with transaction.atomic():
                WebhookEvent.objects.create(event_id=event_id[:64], event=name[:40])
        except IntegrityError:
            return "duplicate"
        return _apply(name, event, stray)


def _entity(event: dict, kind: str) -> dict:
    try:
        entity = event["payload"][kind]["entity"]
    except (KeyError, TypeError) as exc:
        raise BadWebhook(f"no {kind}") from exc
    if not isinstance(entity, dict):
        raise BadWebhook(f"no {kind}")
    return entity


def _stray_order(gateway_order_id: str) -> int | None:
    """Our order that a gateway order not stored with any payment was made for: a
    checkout that made one and lost to another asker that stored its own. The gateway
    order's receipt and notes name the order (`_gateway_order` sets both); None when it
    is not ours. The gateway unreachable: 502, and the webhook is sent again later."""
    try:
        made = gateway.fetch_order(gateway_order_id)
    except gateway.GatewayRefused:
        return None
    except gateway.GatewayUnavailable as exc:
        raise GatewayDown() from exc
    notes = made.get("notes") if isinstance(made.get("notes"), dict) else {}
    receipt = str(made.get("receipt") or "")
    if not receipt.isdigit() or str(notes.get("order") or "") != receipt:
        return None
    payment = Payment.objects.filter(order_id=int(receipt)).first()
    if payment is None or payment.amount != made.get("amount"):
        return None
    logger.warning(
        "Razorpay order %s was made for order %s but not stored: its payment is applied "
        "or refunded as one for the stored order",
        gateway_order_id,
        receipt,
    )
    return payment.order_id


def _stray_of(name: str, event: dict) -> int | None:
    """For a captured payment on a gateway order stored with no payment of ours: the
    order it was made for (`_stray_order`), else None."""
    if name != "payment.captured":
        return None
    gateway_order_id = _entity(event, "payment").get("order_id")
    if not gateway_order_id or not isinstance(gateway_order_id, str):
        return None
    if Payment.objects.filter(gateway_order_id=gateway_order_id).exists():
        return None
    return _stray_order(gateway_order_id)


def _apply(name: str, event: dict, stray: int | None = None) -> str:
    if name == "payment.captured":
        entity = _entity(event, "payment")
        gateway_order_id, payment_id = entity.get("order_id"), entity.get("id")
        amount = entity.get("amount")
        if not isinstance(amount, int) or not gateway_order_id or not payment_id:
            raise BadWebhook("payment without order, id or amount")
        order_id = None
        if not Payment.objects.filter(gateway_order_id=gateway_order_id).exists():
            order_id = stray
            if order_id is None:
                logger.warning("Captured payment %s of an order not ours: ignored", payment_id)
                return "ignored"
        arrival = payment_arrived(
            gateway_order_id=str(gateway_order_id),
            payment_id=str(payment_id),
            amount=amount,
            order_id=order_id,
        )
        return "paid" if arrival.paid else "refunded"
    if name == "payment.failed":
        entity = _entity(event, "payment")
        logger.info(
            "Payment %s of Razorpay order %s failed: %s",
            entity.get("id"),
            entity.get("order_id"),
            entity.get("error_description") or entity.get("error_code"),
        )
        return "recorded"
    if name in ("refund.processed", "refund.failed"):
        entity = _entity(event, "refund")
        refund = _refund_of(entity)
        if refund is None:
            return "ignored"
        status = "processed" if name == "refund.processed" else "failed"
        amount = entity.get("amount") if isinstance(entity.get("amount"), int) else None
        refunds.refund_settle(
            refund=refund, refund_id=str(entity.get("id") or ""), status=status, amount=amount
        )
        return status
    return "ignored"


def _refund_of(entity: dict) -> Refund | None:
    """The refund a refund webhook is about, among its payment's (`payment_id` is
    indexed): by the gateway's refund id, else by the key its notes carry (the job's
    answer may not have been stored yet), else the payment's only refund while it has no
    refund id (one asked before the notes carried a key). None when none is ours (a
    refund made in Razorpay's dashboard, say)."""
    payment_id = entity.get("payment_id")
    if not payment_id or not isinstance(payment_id, str):
        return None
    refunds = list(Refund.objects.filter(payment_id=payment_id).order_by("pk"))
    refund_id = entity.get("id")
    notes = entity.get("notes") if isinstance(entity.get("notes"), dict) else {}
    for found in refunds:
        if refund_id and found.refund_id == refund_id:
            return found
    for found in refunds:
        if notes.get("key") and found.key == notes.get("key"):
            return found
    if len(refunds) == 1 and not refunds[0].refund_id:
        return refunds[0]
    return None
