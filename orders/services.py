"""Writes: checkout, status changes, cancel. Each runs in one transaction.

Stock is taken with one conditional UPDATE per product (`quantity >= wanted`), never read
then written, so two buyers can never both get the last unit, on SQLite and PostgreSQL.
A checkout takes every line or nothing; a cancel puts the stock back in the same
transaction as the status change. Stock changes made here do not go through model saves,
so they replace the catalogue cache version themselves (catalog.caching), like a product
write does, and move the product's `updated_at`: stock is part of the product, and an
editor who loaded it before the sale must not write the old stock back over it (the
update call's `updatedAt` check sees the sale; the Django admin compares the stock).
"""

from collections import OrderedDict
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import Http404
from django.utils import timezone
from rest_framework.exceptions import ValidationError

from catalog.caching import catalog_changed
from catalog.models import Product
from orders import selectors
from orders.emails import order_email_send
from orders.models import NEXT_STATUSES, Order, OrderLine, OrderStatus
from orders.payments import METHODS
from shop.api.exceptions import Conflict

MAX_PER_PRODUCT = 10
NO_ADDRESS = "Please add a delivery address"
EMPTY_CART = "Your cart is empty."


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


def _mail_after_commit(order_id: int, event: str) -> None:
    def send():
        order = Order.objects.select_related("buyer").prefetch_related("lines").get(pk=order_id)
        order_email_send(order=order, event=event)

    transaction.on_commit(send)


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
    item and how many are left, and nothing is taken. The same Idempotency-Key from the
    same buyer within 24 hours returns the first order (created False)."""
    if not cart:
        raise ValidationError({"cart": [EMPTY_CART]})
    if payment not in METHODS:
        raise ValidationError({"payment": ["Unknown payment method."]})
    wanted = _merge(cart)
    if idempotency_key:
        earlier = selectors.order_by_idempotency_key(buyer=buyer, key=idempotency_key)
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
        order = _place(buyer, wanted, address, payment, idempotency_key)
    except IntegrityError:
        # A retry with the same key raced this one and won: answer its order.
        earlier = idempotency_key and selectors.order_by_idempotency_key(
            buyer=buyer, key=idempotency_key
        )
        if not earlier:
            raise
        return earlier, False
    return order, True


@transaction.atomic
def _place(buyer, wanted, address, payment, idempotency_key) -> Order:
    # Writes come first in the transaction (no read-then-upgrade), ids in a fixed order
    # so two checkouts of the same products never wait on each other crosswise.
    short = []
    for product_id in sorted(wanted):
        taken = Product.objects.filter(pk=product_id, quantity__gte=wanted[product_id]).update(
            quantity=F("quantity") - wanted[product_id], updated_at=timezone.now()
        )
        if not taken:
            short.append(product_id)
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
    if idempotency_key:
        # A key older than the window may be used again: the old order lets go of it.
        Order.objects.filter(buyer=buyer, idempotency_key=idempotency_key).update(
            idempotency_key=None
        )
    lines = []
    total = Decimal("0.00")
    for product_id, quantity in wanted.items():
        product = products[product_id]
        total += product.price * quantity
        lines.append(
            OrderLine(
                product=product,
                product_ref=product.pk,
                name=product.name,
                slug=product.slug,
                description=product.description,
                price=product.price,
                quantity=quantity,
            )
        )
    order = Order(
        buyer=buyer,
        address=address,
        payment_method=payment,
        total=total,
        idempotency_key=idempotency_key or None,
    )
    order.full_clean(exclude=["buyer"])
    order.save()
    for line in lines:
        line.order = order
    OrderLine.objects.bulk_create(lines)
    catalog_changed()
    _mail_after_commit(order.pk, "placed")
    return order


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
            for line in order.lines.exclude(product=None):
                Product.objects.filter(pk=line.product_id).update(
                    quantity=F("quantity") + line.quantity, updated_at=timezone.now()
                )
            catalog_changed()
        if status in (OrderStatus.SHIPPED, OrderStatus.CANCELLED):
            _mail_after_commit(order.pk, status)
    return selectors.order_get_for(user=order.buyer, order_id=order.pk)


def order_cancel(*, buyer, order_id: int) -> Order:
    return order_set_status(order_id=order_id, status=OrderStatus.CANCELLED, buyer=buyer)
