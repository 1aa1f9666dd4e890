"""One handler per move of an order's status. Every write of `Order.status` after
checkout's first one is here: the admin's `PUT auth/order-status/{id}`, the buyer's
`POST orders/{id}/cancel`, the Django admin (orders/admin.py) and the payment code (through
`order_pay` and `order_expire`) call these, nothing else writes the status.

Each handler, in one transaction:
1. locks the order, then its payment record (the lock order below);
2. checks the move against NEXT_STATUSES (orders/models.py): any other move, the current
   status again included, is 409, and so is a move only a payment makes when a person
   asks for it (Awaiting Payment to Not Processed);
3. writes the move as a conditional `UPDATE ... WHERE status = <the status read>`, so of
   two racing moves one applies and the other is 409 (SQLite ignores
   select_for_update), and records it in the order's status history;
4. does that move's side effects: stock put back (cancel, return, expiry), the payment
   refunded through the order's payment method (orders.payments: cancel, return), the
   tax invoice (ship) or credit note (return) numbered, the buyer's mail enqueued
   (placed on payment; shipped, cancelled, returned).

Locks: every transaction that touches more than one of an order's rows takes them in
one order: the Order row, then its Payment, then a Refund, then the invoice number's
sequence row (orders.invoices.allocate); products and variants after these, in id order
(orders.stock). The payment's arrival, checkout's gateway order and its undoing (the
payments app) lock the order first as well. Two of them on one order wait for each
other in turn and never deadlock. docs/orders.md has the same rule under "Locks".
"""

import logging

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from orders import cancel, invoices, selectors, shipments
from orders.models import (
    NEXT_STATUSES,
    PAYMENT_MOVES,
    Order,
    OrderStatus,
    OrderStatusChange,
    Refund,
)
from orders.models import Payment as PaymentRecord
from orders.payments import payment_method
from orders.stock import order_release_stock
from orders.tasks import order_mail
from shop.api.exceptions import Conflict

logger = logging.getLogger("orders.actions")

# The mail event of a cancel of part of an order (orders.emails).
CANCELLED_PART = "cancelled-part"


def status_recorded(*, order_id: int, status: str, at=None, by=None) -> None:
    """One row of the order's status history. Callers are inside the transaction of the
    move, so the row and the move commit or roll back together."""
    OrderStatusChange.objects.create(
        order_id=order_id, status=status, at=at or timezone.now(), by=by
    )


def _lock(order_id: int, buyer=None) -> Order:
    """The order locked, then its payment record (the lock order). With `buyer`, only
    that buyer's order is found: 404 otherwise, so its existence is not revealed."""
    orders = Order.objects.select_for_update().filter(pk=order_id)
    if buyer is not None:
        orders = orders.filter(buyer=buyer)
    order = orders.first()
    if order is None:
        raise Http404(selectors.NOT_FOUND)
    PaymentRecord.objects.select_for_update().filter(order_id=order.pk).first()
    return order


def _write(order: Order, status: str, *, by=None, asked: bool = True) -> bool:
    """The move of the locked `order` to `status`, checked against NEXT_STATUSES and
    written conditionally, with its history row. `asked`: a person asked for it (409 on
    a move that is not allowed); otherwise (a payment, the expiry) a move that is not
    allowed now returns False and writes nothing."""
    if status not in NEXT_STATUSES[order.status]:
        if not asked:
            return False
        raise Conflict(f"An order that is {order.status} cannot be set to {status}.")
    if asked and (order.status, status) in PAYMENT_MOVES:
        raise Conflict(
            f"An order that is {order.status} moves to {status} when its payment arrives."
        )
    now = timezone.now()
    moved = Order.objects.filter(pk=order.pk, status=order.status).update(
        status=status, updated_at=now
    )
    if not moved:
        if not asked:
            return False
        raise Conflict(f"This order has changed; it cannot be set to {status} now.")
    status_recorded(order_id=order.pk, status=status, at=now, by=by)
    order.status, order.updated_at = status, now
    return True


def _answer(order: Order) -> Order:
    """The order as the calls answer it, read after the move committed."""
    return selectors.order_get(order_id=order.pk)


def _refund(order: Order) -> None:
    method = payment_method(order.payment_method)
    if method is not None:
        method.refund(order)


# --- the moves a person makes (the admin, the buyer's cancel) ----------------------------


def order_process(*, order_id: int, buyer=None, by=None) -> Order:
    """Not Processed -> Processing."""
    with transaction.atomic():
        order = _lock(order_id, buyer)
        _write(order, OrderStatus.PROCESSING, by=by or buyer)
    return _answer(order)


def order_ship(
    *, order_id: int, buyer=None, by=None, tracking_number: str = "", courier: str = ""
) -> Order:
    """Processing -> Shipped: the tax invoice numbered (orders.invoices), the courier and
    its AWB (`tracking_number`) stored (both optional), the expected delivery counted
    again from today (orders.shipments) and the shipped mail, which is sent after the
    commit and reads them, enqueued. A refused move numbers nothing and stores nothing."""
    with transaction.atomic():
        order = _lock(order_id, buyer)
        _write(order, OrderStatus.SHIPPED, by=by or buyer)
        shipped = {
            "shipped_at": order.updated_at,
            "expected_delivery": shipments.expected_delivery(
                shipments.order_pincode(order), order.updated_at
            ),
        }
        if tracking_number or courier:
            shipped.update(tracking_number=tracking_number, courier=courier)
        Order.objects.filter(pk=order.pk).update(**shipped)
        invoices.issue_invoice(order)
        order_mail(order.pk, OrderStatus.SHIPPED)
    return _answer(order)


def order_deliver(*, order_id: int, buyer=None, by=None) -> Order:
    """Shipped -> Delivered (cash on delivery counts as paid from here)."""
    with transaction.atomic():
        order = _lock(order_id, buyer)
        _write(order, OrderStatus.DELIVERED, by=by or buyer)
        Order.objects.filter(pk=order.pk).update(delivered_at=order.updated_at)
    return _answer(order)


def order_cancel(*, order_id: int, buyer=None, by=None, lines: list[dict] | None = None) -> Order:
    """Awaiting Payment, Not Processed or Processing -> Cancelled, by the buyer (with
    `buyer`: only their own order, 404 otherwise) or an admin: every line's stock back,
    an order paid online refunded (what is left of its payment: its payment method; a
    job asks the gateway), the cancelled mail (none for an order still Awaiting Payment).

    With `lines` (`[{_id: line id, quantity}]`, CancelInput's), only those units
    (`_cancel_part`)."""
    if lines is not None:
        return _cancel_part(order_id=order_id, buyer=buyer, by=by, lines=lines)
    with transaction.atomic():
        order = _lock(order_id, buyer)
        _cancel_whole(order, by=by or buyer)
    return _answer(order)


def _cancel_whole(order: Order, *, by=None) -> None:
    """The locked `order` Cancelled, with its side effects. An order still Awaiting
    Payment gets no cancelled mail: nothing was bought and no placed mail went out (a
    shopper who gives up paying online for cash on delivery gets only the cash order's
    mail), as when its payment window runs out (`order_expire`)."""
    unpaid = order.status == OrderStatus.AWAITING_PAYMENT
    _write(order, OrderStatus.CANCELLED, by=by)
    order_release_stock(order)
    _refund(order)
    if not unpaid:
        order_mail(order.pk, OrderStatus.CANCELLED)


PAY_FIRST = (
    "This order is waiting for its payment, so part of it cannot be cancelled yet: cancel "
    "the whole order, or pay for it first and then cancel the items you do not want."
)


def _cancel_part(*, order_id: int, lines: list[dict], buyer=None, by=None) -> Order:
    """Part of an order cancelled before it ships (orders.cancel works out what is left):
    in Not Processed or Processing, those units' stock back, each line's quantity down
    and `cancelled` up, the totals, tax and coupon of what is left written, an order
    paid online refunded the difference (its payment method's `refund_part`, keyed
    "cancel:<order id>:<n>"), the cancelled-part mail; the status stays. Nothing left:
    the whole order is cancelled as `order_cancel` does it. Awaiting Payment, Shipped and
    later: 409; a line not the order's or more units than are left: 400; a cancel that
    would make the order cost more: 409. A refused cancel changes nothing."""
    with transaction.atomic():
        order = _lock(order_id, buyer)
        if order.status == OrderStatus.AWAITING_PAYMENT:
            raise Conflict(PAY_FIRST)
        if order.status not in (OrderStatus.NOT_PROCESSED, OrderStatus.PROCESSING):
            raise Conflict(f"An order that is {order.status} cannot be set to Cancelled.")
        current = cancel.order_lines(order)
        units = cancel.units_asked(current, lines)
        rest = cancel.remainder(order, current, units)
        if rest.nothing_left:
            _cancel_whole(order, by=by or buyer)
            return _answer(order)
        cancel.remainder_check(order, rest)
        before = order.total
        cancel.remainder_write(order, rest)
        order_release_stock(order, units)
        if before > order.total:
            method = payment_method(order.payment_method)
            if method is not None and method.online:  # cash on delivery: paid at the door
                done = Refund.objects.filter(key__startswith=f"cancel:{order.pk}:").count()
                method.refund_part(
                    order,
                    amount=before - order.total,
                    key=f"cancel:{order.pk}:{done + 1}",
                    reason=Refund.Reason.PART,
                )
        order_mail(order.pk, CANCELLED_PART)
        logger.info(
            "Order %s: %s cancelled by user %s; total %s -> %s",
            order.pk,
            ", ".join(f"{count} of line {pk}" for pk, count in units.items()),
            getattr(by or buyer, "pk", None),
            before,
            order.total,
        )
    return _answer(order)


def order_return(*, order_id: int, buyer=None, by=None) -> Order:
    """Shipped (the courier brought it back) or Delivered (the buyer returned it) ->
    Returned: the stock of every unit not cancelled and not already back through a
    buyer's return (what its credit notes credited) back, an order paid online refunded,
    one credit note for everything not credited yet numbered, the returned mail."""
    with transaction.atomic():
        order = _lock(order_id, buyer)
        _write(order, OrderStatus.RETURNED, by=by or buyer)
        done = invoices.credited(order)
        order_release_stock(order, {line.pk: done.left(line) for line in order.lines.all()})
        _refund(order)
        invoices.issue_credit_note(order)
        order_mail(order.pk, OrderStatus.RETURNED)
    return _answer(order)


MOVES = {
    OrderStatus.PROCESSING: order_process,
    OrderStatus.SHIPPED: order_ship,
    OrderStatus.DELIVERED: order_deliver,
    OrderStatus.CANCELLED: order_cancel,
    OrderStatus.RETURNED: order_return,
}


def _refused(*, order_id: int, status: str, buyer=None, by=None) -> Order:
    """A status no person moves an order to (Awaiting Payment, Not Processed): the same
    checks, which refuse it (409) once the order is found."""
    with transaction.atomic():
        order = _lock(order_id, buyer)
        _write(order, status, by=by or buyer)
    return _answer(order)  # not reached: no person's move there is allowed


def order_set_status(
    *,
    order_id: int,
    status: str,
    buyer=None,
    by=None,
    tracking_number: str = "",
    courier: str = "",
) -> Order:
    """The move to `status` by its handler (the admin's status call, the Django admin).
    With `buyer`, only that buyer's order is found (404 otherwise); the move is recorded
    as made by `by` (else `buyer`)."""
    if status == OrderStatus.SHIPPED:
        return order_ship(
            order_id=order_id,
            buyer=buyer,
            by=by,
            tracking_number=tracking_number,
            courier=courier,
        )
    handler = MOVES.get(status)
    if handler is None:
        return _refused(order_id=order_id, status=status, buyer=buyer, by=by)
    return handler(order_id=order_id, buyer=buyer, by=by)


# --- the moves a payment makes (the payments app, through these) -------------------------


def order_pay(*, order_id: int) -> bool:
    """Awaiting Payment -> Not Processed: the order's payment arrived. Inside the caller's
    transaction, which holds the order's lock and then its payment's. Returns whether
    this moved the order (False: it was not awaiting a payment any more, nothing is
    written); when it did, the placed mail is enqueued."""
    with transaction.atomic():
        order = _lock(order_id)
        if not _write(order, OrderStatus.NOT_PROCESSED, asked=False):
            return False
        order_mail(order.pk, "placed")
    return True


def order_expire(*, order_id: int) -> bool:
    """Awaiting Payment -> Cancelled: the payment window ran out with no payment. Every
    line's stock back; no mail (nothing was bought). Returns whether this moved the
    order (False: paid, cancelled or gone meanwhile, nothing written)."""
    with transaction.atomic():
        order = Order.objects.select_for_update().filter(pk=order_id).first()
        if order is None or order.status != OrderStatus.AWAITING_PAYMENT:
            return False
        if not _write(order, OrderStatus.CANCELLED, asked=False):
            return False
        order_release_stock(order)
    return True
