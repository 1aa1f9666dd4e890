"""Writes: checkout, status changes, cancel. Each runs in one transaction.

Stock is taken with one conditional UPDATE per product (`quantity >= wanted`), never read
then written, so two buyers can never both get the last unit, on SQLite and PostgreSQL.
A checkout takes every line or nothing; a cancel puts the stock back in the same
transaction as the status change. Every path locks products in id order.

A sale is not a catalogue change: it does not replace the catalogue cache version, it
marks the sold products' stock as changed (`catalog.caching.stock_changed`), which
stops every cached answer that shows the product (its page, lists, searches) from being
served, and nothing else. It does move the product's
`updated_at`: an editor who loaded the product before the sale must not write the old
stock back over it (the update call's `updatedAt` check and the Django admin's see it).

Mails go through the task queue (`orders.tasks`), enqueued in the same transaction.
"""

import hashlib
import json
from collections import OrderedDict
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import Http404
from django.utils import timezone
from rest_framework.exceptions import ValidationError

from catalog.caching import stock_changed
from catalog.models import Product
from orders import selectors
from orders.models import NEXT_STATUSES, Order, OrderLine, OrderStatus
from orders.payments import METHODS
from orders.tasks import send_order_mail
from shop.api.exceptions import Conflict, Unprocessable

MAX_PER_PRODUCT = 10
NO_ADDRESS = "Please add a delivery address"
EMPTY_CART = "Your cart is empty."
KEY_REUSED = "This Idempotency-Key was used for another checkout"


def _merge(cart: list[dict]) -> "OrderedDict[int, int]":
    """Quantities added up per product, in the order first listed; 1-10 in all."""
    wanted: OrderedDict[int, int] = OrderedDict()
    for line in cart:
        wanted[line["_id"]] = wanted.get(line["_id"], 0) + line["quantity"]
    for product_id, quantity in wanted.items():
        if quantity > MAX_PER_PRODUCT:
            raise ValidationError(
                {
                    "cart": [
                        f"Product {product_id}: at most {MAX_PER_PRODUCT} of one product "
                        f"per order ({quantity} asked)."
                    ]
                }
            )
    return wanted


def _mail(order_id: int, event: str) -> None:
    """The buyer's mail, as a job written in this transaction: sent by a worker once the
    order is committed, never if it is not, retried while the mail server is away."""
    send_order_mail.enqueue(order_id, event)


def _request_digest(wanted: "OrderedDict[int, int]", address: str, payment: str) -> str:
    """What a checkout asked for, as a digest kept on its order: the merged cart (order of
    lines does not matter), the address as sent, the payment method."""
    canonical = json.dumps(
        {"cart": sorted(wanted.items()), "address": address, "payment": payment},
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def _earlier_order(buyer, key: str, digest: str) -> Order | None:
    """The order this key already placed within the window (None if none); 422 when it
    was placed for another cart or address."""
    earlier = selectors.order_by_idempotency_key(buyer=buyer, key=key)
    if earlier is not None and earlier.idempotency_digest not in ("", digest):
        raise Unprocessable(KEY_REUSED)
    return earlier


def order_checkout(
    *,
    buyer,
    cart: list[dict],
    address: str = "",
    payment: str = "cod",
    idempotency_key: str | None = None,
) -> tuple[Order, bool]:
    """Place an order for `cart` (`[{_id, quantity}]`); returns (order, created).

    Names, prices and stock come from the database. Unknown products, an empty cart or
    more than 10 of a product: 400. Not enough stock for any line: 409 naming each short
    item and how many are left, and nothing is taken.

    The same Idempotency-Key from the same buyer within 24 hours answers the first order
    (created False), also when the retries arrive at the same moment: the order row claims
    the key before any stock is taken, so a concurrent retry waits on the first one's
    uncommitted row (PostgreSQL's unique index; SQLite's single writer), then fails the
    unique constraint and answers the order that won. The same key for another cart or
    address is 422 and places nothing."""
    if not cart:
        raise ValidationError({"cart": [EMPTY_CART]})
    if payment not in METHODS:
        raise ValidationError({"payment": ["Unknown payment method."]})
    wanted = _merge(cart)
    digest = ""
    if idempotency_key:
        digest = _request_digest(wanted, address.strip(), payment)
        earlier = _earlier_order(buyer, idempotency_key, digest)
        if earlier is not None:
            return earlier, False
    address = address or (buyer.address or "").strip()
    if not address:
        raise ValidationError({"address": [NO_ADDRESS]})
    found = set(Product.objects.filter(pk__in=wanted).values_list("pk", flat=True))
    unknown = [str(pk) for pk in wanted if pk not in found]
    if unknown:
        raise ValidationError({"cart": [f"Product {', '.join(unknown)} is no longer available."]})
    try:
        order = _place(buyer, wanted, address, payment, idempotency_key, digest)
    except IntegrityError:
        # A retry with the same key raced this one and won: answer its order.
        earlier = idempotency_key and _earlier_order(buyer, idempotency_key, digest)
        if not earlier:
            raise
        return earlier, False
    return order, True


@transaction.atomic
def _place(buyer, wanted, address, payment, idempotency_key, digest) -> Order:
    # Writes come first in the transaction (no read-then-upgrade, which SQLite answers
    # with "database is locked"), and the order row comes first of all: it claims the
    # Idempotency-Key before any stock moves.
    if idempotency_key:
        # A key older than the window may be used again: its old order lets go of it.
        # Only older ones: an order inside the window keeps the key, so a concurrent retry
        # fails the unique constraint instead of placing a second order.
        Order.objects.filter(
            buyer=buyer,
            idempotency_key=idempotency_key,
            created_at__lt=timezone.now() - selectors.IDEMPOTENCY_WINDOW,
        ).update(idempotency_key=None)
    order = Order(
        buyer=buyer,
        address=address,
        payment_method=payment,
        total=Decimal("0.00"),
        idempotency_key=idempotency_key or None,
        idempotency_digest=digest,
    )
    order.full_clean(exclude=["buyer"])
    order.save()
    short = _take_stock(wanted)
    products = Product.objects.in_bulk(list(wanted))
    if short:
        raise Conflict(
            "Not enough stock: "
            + "; ".join(
                f"{products[pk].name} ({_left(products.get(pk))} left)"
                if pk in products
                else f"Product {pk} (0 left)"
                for pk in short
            )
            + "."
        )
    lines = []
    total = Decimal("0.00")
    for product_id, quantity in wanted.items():
        product = products[product_id]
        total += product.price * quantity
        lines.append(
            OrderLine(
                order=order,
                product=product,
                product_ref=product.pk,
                name=product.name,
                slug=product.slug,
                description=product.description,
                price=product.price,
                quantity=quantity,
            )
        )
    OrderLine.objects.bulk_create(lines)
    Order.objects.filter(pk=order.pk).update(total=total)
    order.total = total
    stock_changed(wanted)
    _mail(order.pk, "placed")
    return order


def _take_stock(wanted: dict[int, int]) -> list[int]:
    """Takes each product's quantity with one conditional UPDATE, in id order (every
    write path locks products in id order, so a checkout and a cancel of the same
    products never wait on each other crosswise); returns the ids that were short."""
    short = []
    now = timezone.now()
    for product_id in sorted(wanted):
        taken = Product.objects.filter(pk=product_id, quantity__gte=wanted[product_id]).update(
            quantity=F("quantity") - wanted[product_id], updated_at=now
        )
        if not taken:
            short.append(product_id)
    return short


def _left(product) -> int:
    return product.quantity if product is not None else 0


def order_set_status(*, order_id: int, status: str, buyer=None) -> Order:
    """Move an order along the status machine (NEXT_STATUSES). Any other move, including
    the current status again, is 409. Cancelling puts every line's stock back in the same
    transaction. With `buyer`, only that buyer's order is found (404 otherwise)."""
    with transaction.atomic():
        qs = Order.objects.select_for_update().filter(pk=order_id)
        if buyer is not None:
            qs = qs.filter(buyer=buyer)
        order = qs.first()
        if order is None:
            raise Http404(selectors.NOT_FOUND)
        if status not in NEXT_STATUSES[order.status]:
            raise Conflict(f"An order that is {order.status} cannot be set to {status}.")
        # Conditional on the status read, so two racing moves cannot both apply (SQLite
        # ignores select_for_update); the loser is told the move is no longer allowed.
        moved = Order.objects.filter(pk=order.pk, status=order.status).update(
            status=status, updated_at=timezone.now()
        )
        if not moved:
            raise Conflict(f"This order has changed; it cannot be set to {status} now.")
        if status == OrderStatus.CANCELLED:
            _put_back(order)
        if status in (OrderStatus.SHIPPED, OrderStatus.CANCELLED):
            _mail(order.pk, status)
    return selectors.order_get_for(user=order.buyer, order_id=order.pk)


def _put_back(order: Order) -> None:
    """Returns every line's quantity to its product, in id order like `_take_stock`."""
    now = timezone.now()
    lines = sorted(order.lines.exclude(product=None), key=lambda line: line.product_id)
    for line in lines:
        Product.objects.filter(pk=line.product_id).update(
            quantity=F("quantity") + line.quantity, updated_at=now
        )
    stock_changed(line.product_id for line in lines)


def order_cancel(*, buyer, order_id: int) -> Order:
    return order_set_status(order_id=order_id, status=OrderStatus.CANCELLED, buyer=buyer)
