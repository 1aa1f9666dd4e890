"""Every write of returns: the buyer's request and the admin's moves (docs/returns.md).

Locks follow the shop's order (orders.actions): the Order row first, then the Return
row (which no other path locks), then what the move's side effects lock in their own
order: the payment and a refund (payments.refunds.refund_part), the credit-note
sequence (orders.invoices.allocate), products before their variants (stock). A request
or a move takes the order's row lock before it reads anything it checks, so on
PostgreSQL two of them on one order run one after the other; SQLite ignores
select_for_update, but every transaction there takes the write lock when it begins
(`transaction_mode = IMMEDIATE`), so they run one after the other there as well. Each
status move is also a conditional `UPDATE ... WHERE status = <the status read>`: of two
racing moves one applies, the other is 409; and a request inserts its lines before it
counts the units of each line returned (its own included), so a count never misses a
request that committed first.
"""

from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import F, Sum
from django.http import Http404
from django.utils import timezone
from rest_framework.exceptions import ValidationError

from catalog import tax as catalog_tax
from catalog.cache import stock_changed
from catalog.models import Product, Variant
from catalog.services.restock import stock_may_have_risen
from orders import invoices
from orders.actions import status_recorded
from orders.models import Order, OrderLine, OrderStatus, Refund
from orders.payments import payment_method
from orders.selectors import NOT_FOUND
from orders.stock import order_release_stock
from payments.refunds import refund_part
from returns.models import (
    NEXT_STATUSES,
    SHOP_FAULT,
    Return,
    ReturnKind,
    ReturnLine,
    ReturnStatus,
    ReturnStatusChange,
)
from returns.payment import EXCHANGE
from returns.tasks import return_mail
from shop.api.exceptions import Conflict

RETURN_NOT_FOUND = "Return not found"
MAX_EXCHANGE_UNITS = 10


def _label(name: str, options: dict | None) -> str:
    values = ", ".join(str(value) for value in (options or {}).values())
    return f"{name} ({values})" if values else name


def line_label(line: OrderLine) -> str:
    """'Cotton Tee (M, Black)': an order line as a sentence names it."""
    return _label(line.name, line.options)


def variant_label(variant: Variant) -> str:
    return _label(variant.product.name, variant.options)


def _india_date(moment) -> str:
    local = timezone.localtime(moment, invoices.INDIA)
    return f"{local.day} {local:%b %Y}"


def _lock_order(order_id: int, buyer=None) -> Order:
    """The order, locked (the first lock of every write here). With `buyer`, only that
    buyer's: anyone else gets the order's 404, so its existence is not revealed."""
    orders = Order.objects.select_for_update().filter(pk=order_id)
    if buyer is not None:
        orders = orders.filter(buyer=buyer)
    order = orders.first()
    if order is None:
        raise Http404(NOT_FOUND)
    return order


def _history(ret: Return, status: str, *, at, by=None, note: str = "") -> None:
    ReturnStatusChange.objects.create(ret=ret, status=status, at=at, by=by, note=note)


# --- the buyer's request -------------------------------------------------------------------


def _check_returnable(order: Order, now) -> None:
    if order.status != OrderStatus.DELIVERED:
        raise Conflict(
            f"Only a delivered order can be returned; order {order.pk} is {order.status}."
        )
    delivered = order.delivered_at or order.updated_at
    days = settings.RETURN_WINDOW_DAYS
    closes = delivered + timedelta(days=days)
    if now > closes:
        raise ValidationError(
            f"The return window of order {order.pk} closed on {_india_date(closes)} "
            f"({days} days after delivery)."
        )


def _merge(order: Order, lines: list[dict]) -> "OrderedDict[int, tuple[OrderLine, int]]":
    """{line id: (order line, units)}, the same line sent twice added up; a line of
    another order (or none) is 400 naming it."""
    own = {line.pk: line for line in order.lines.all()}
    merged: OrderedDict[int, tuple[OrderLine, int]] = OrderedDict()
    for item in lines:
        line = own.get(item["_id"])
        if line is None:
            raise ValidationError(f"Order line {item['_id']} is not part of order {order.pk}.")
        before = merged[line.pk][1] if line.pk in merged else 0
        merged[line.pk] = (line, before + item["quantity"])
    return merged


def _exchange_variant(
    kind: str, variant_id: int | None, merged: "OrderedDict[int, tuple[OrderLine, int]]"
) -> Variant | None:
    if kind != ReturnKind.EXCHANGE:
        if variant_id is not None:
            raise ValidationError("Only an exchange takes an exchange variant.")
        return None
    if variant_id is None:
        raise ValidationError("Please choose the variant you want instead (exchangeVariant).")
    variant = Variant.objects.select_related("product").filter(pk=variant_id).first()
    for line, _units in merged.values():
        if variant is None or variant.product_id != line.product_id:
            raise ValidationError(f"Variant {variant_id} is not a variant of {line.name}.")
        if variant.pk == line.variant_id:
            raise ValidationError(
                f"Please choose another variant of {line.name} than the one returned."
            )
    units = sum(units for _line, units in merged.values())
    if units > MAX_EXCHANGE_UNITS:
        raise ValidationError(f"An exchange is for at most {MAX_EXCHANGE_UNITS} units.")
    if variant.quantity < units:
        raise Conflict(f"{variant_label(variant)} is out of stock.")
    return variant


def _check_units(merged: "OrderedDict[int, tuple[OrderLine, int]]", ret: Return) -> None:
    """Never more units of a line back than it was delivered in, across the line's
    returns not rejected: counted after this request's lines are written, so it counts
    itself and every request committed before it."""
    taken = dict(
        ReturnLine.objects.filter(order_line_id__in=list(merged))
        .exclude(ret__status=ReturnStatus.REJECTED)
        .values_list("order_line_id")
        .annotate(units=Sum("quantity"))
    )
    for line, units in merged.values():
        if taken.get(line.pk, 0) <= line.quantity:
            continue
        left = line.quantity - (taken[line.pk] - units)
        if left <= 0:
            raise ValidationError(
                f"All {line.quantity} of {line_label(line)} have already been returned."
            )
        raise ValidationError(f"Only {left} of {line_label(line)} can still be returned.")


def return_request(
    *,
    buyer,
    order_id: int,
    lines: list[dict],
    reason: str,
    kind: str,
    exchange_variant: int | None = None,
    note: str = "",
) -> Return:
    """The buyer asks to return (or exchange) units of lines of their delivered order
    (docs/returns.md, "Rules"). Any refusal changes nothing."""
    now = timezone.now()
    with transaction.atomic():
        order = _lock_order(order_id, buyer)
        _check_returnable(order, now)
        merged = _merge(order, lines)
        variant = _exchange_variant(kind, exchange_variant, merged)
        ret = Return.objects.create(
            order=order,
            kind=kind,
            reason=reason,
            note=note,
            exchange_variant=variant,
            created_at=now,
        )
        ReturnLine.objects.bulk_create(
            ReturnLine(ret=ret, order_line=line, quantity=units) for line, units in merged.values()
        )
        _check_units(merged, ret)
        _history(ret, ReturnStatus.REQUESTED, at=now, by=buyer, note=note)
        return_mail(ret.pk, ReturnStatus.REQUESTED)
    return ret


# --- the admin's moves ---------------------------------------------------------------------


@dataclass
class Move:
    ret: Return
    order: Order
    note: str
    reference: str
    by: object
    at: object


def _online(order: Order) -> bool:
    method = payment_method(order.payment_method)
    return bool(method is not None and method.online)


def _check_move(ret: Return, order: Order, status: str, reference: str) -> None:
    """409 for a move the machine does not allow (or of the wrong kind); 400 for a refund
    reference where it does not belong, or none where it must be."""
    if status not in NEXT_STATUSES[ret.status]:
        raise Conflict(f"A return that is {ret.status} cannot be set to {status}.")
    if ret.kind == ReturnKind.EXCHANGE and status == ReturnStatus.REFUNDED:
        raise Conflict("An exchange is Exchanged once received, never Refunded.")
    if ret.kind == ReturnKind.REFUND and status == ReturnStatus.EXCHANGED:
        raise Conflict("A return for a refund is Refunded once received, never Exchanged.")
    if order.status == OrderStatus.RETURNED and status in (
        ReturnStatus.APPROVED,
        ReturnStatus.RECEIVED,
    ):
        raise Conflict(
            f"Order {order.pk} was returned whole, which credited and restocked everything; "
            "this return can only be rejected."
        )
    if status != ReturnStatus.REFUNDED:
        if reference:
            raise ValidationError("A refund reference goes with the status Refunded only.")
        return
    if _online(order):
        if reference:
            raise ValidationError(
                f"Order {order.pk} was paid online: its refund goes back to the payment, "
                "so it takes no refund reference."
            )
    elif not reference and ret.refund_amount > 0:
        raise ValidationError(
            "Please give the refundReference (the UPI or bank transfer reference) of the "
            "cash-on-delivery refund."
        )


def _units(ret: Return) -> int:
    return sum(line.quantity for line in ret.lines.all())


def _take_exchange_stock(move: Move) -> None:
    """Holds one unit of the exchange variant for each unit returned: a conditional
    UPDATE of the product, then of the variant (the lock order); short is 409, and the
    move's transaction rolls back, so nothing is taken."""
    variant = move.ret.exchange_variant
    if variant is None:
        raise Conflict("The variant wanted in exchange is no longer sold; reject this return.")
    units = _units(move.ret)
    took = Product.objects.filter(pk=variant.product_id, quantity__gte=units).update(
        quantity=F("quantity") - units, updated_at=move.at
    )
    took = took and Variant.objects.filter(pk=variant.pk, quantity__gte=units).update(
        quantity=F("quantity") - units
    )
    if not took:
        raise Conflict(f"{variant_label(variant)} is out of stock.")
    move.ret.reserved = True
    stock_changed([variant.product_id])


def _give_back_exchange_stock(move: Move) -> None:
    variant = move.ret.exchange_variant
    if not move.ret.reserved or variant is None:
        return
    units = _units(move.ret)
    Product.objects.filter(pk=variant.product_id).update(
        quantity=F("quantity") + units, updated_at=move.at
    )
    Variant.objects.filter(pk=variant.pk).update(quantity=F("quantity") + units)
    move.ret.reserved = False
    stock_changed([variant.product_id])
    stock_may_have_risen([variant.product_id])


def _receive(move: Move) -> None:
    """The credit note for the units returned (their value after their discount, the
    tax on it; the delivery charge when this return completes the whole order and the
    shop is at fault), and their stock back."""
    ret, order = move.ret, move.order
    pairs = [(line.order_line, line.quantity) for line in ret.lines.all()]
    done = invoices.credited(order)
    coming = {line.pk: units for line, units in pairs}
    whole = all(
        done.units[line.pk] + coming.get(line.pk, 0) >= line.quantity for line in order.lines.all()
    )
    document = invoices.issue_credit_note(
        order, lines=pairs, delivery=whole and ret.reason in SHOP_FAULT, at=move.at
    )
    if document is None:
        raise Conflict(
            f"Order {order.pk} has no tax invoice to credit (it shipped before invoices "
            "were issued); reject this return and settle it by hand."
        )
    ret.credit_note = document
    ret.refund_amount = document.amount
    order_release_stock(order, coming)


def _refund(move: Move) -> None:
    ret, order = move.ret, move.order
    if _online(order):
        ret.refund = refund_part(
            order=order,
            amount=ret.refund_amount,
            key=f"return:{ret.pk}",
            reason=Refund.Reason.RETURN,
        )
    else:
        ret.refund_reference = move.reference


def _exchange(move: Move) -> None:
    """The replacement order: the exchange variant in the units returned, at no charge,
    to the same address; its stock is the one held since Approved."""
    ret, order = move.ret, move.order
    variant = Variant.objects.select_related("product__category").get(pk=ret.exchange_variant_id)
    product = variant.product
    replacement = Order.objects.create(
        buyer_id=order.buyer_id,
        address=order.address,
        payment_method=EXCHANGE,
        total=Decimal("0.00"),
        status=OrderStatus.NOT_PROCESSED,
        shipping_address=order.shipping_address,
        place_of_supply=order.place_of_supply,
        created_at=move.at,
    )
    OrderLine.objects.create(
        order=replacement,
        **OrderLine.copied(product, variant),
        price=Decimal("0.00"),
        quantity=_units(ret),
        hsn=catalog_tax.hsn(product, product.category),
        gst_rate=catalog_tax.gst_rate(product, product.category, variant.price),
    )
    status_recorded(order_id=replacement.pk, status=OrderStatus.NOT_PROCESSED, at=move.at)
    ret.exchange_order = replacement
    ret.reserved = False


SIDE_EFFECTS = {
    ReturnStatus.APPROVED: lambda move: (
        _take_exchange_stock(move) if move.ret.kind == ReturnKind.EXCHANGE else None
    ),
    ReturnStatus.REJECTED: _give_back_exchange_stock,
    ReturnStatus.RECEIVED: _receive,
    ReturnStatus.REFUNDED: _refund,
    ReturnStatus.EXCHANGED: _exchange,
}
SAVED_FIELDS = (
    "reserved",
    "credit_note",
    "refund_amount",
    "refund",
    "refund_reference",
    "exchange_order",
)


def return_set_status(
    *, return_id: int, status: str, by=None, note: str = "", refund_reference: str = ""
) -> Return:
    """The admin's move of a return to `status` (docs/returns.md, "States"): checked,
    written conditionally with its history row and the buyer's mail, and its side
    effects, in one transaction; any refusal changes nothing."""
    order_id = Return.objects.filter(pk=return_id).values_list("order_id", flat=True).first()
    if order_id is None:
        raise Http404(RETURN_NOT_FOUND)
    now = timezone.now()
    with transaction.atomic():
        order = _lock_order(order_id)
        ret = (
            Return.objects.select_for_update(of=("self",))
            .select_related("exchange_variant__product")
            .get(pk=return_id)
        )
        _check_move(ret, order, status, refund_reference)
        moved = Return.objects.filter(pk=ret.pk, status=ret.status).update(
            status=status, admin_note=note, updated_at=now
        )
        if not moved:
            raise Conflict(f"This return has changed; it cannot be set to {status} now.")
        move = Move(ret=ret, order=order, note=note, reference=refund_reference, by=by, at=now)
        SIDE_EFFECTS[status](move)
        Return.objects.filter(pk=ret.pk).update(**{f: getattr(ret, f) for f in SAVED_FIELDS})
        ret.status = status
        _history(ret, status, at=now, by=by, note=note)
        return_mail(ret.pk, status)
    return ret
