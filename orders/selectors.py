"""Reads. A list of orders is a fixed number of queries whatever its length: the orders
with their buyers joined, then every line of those orders at once (plus a count for the
admin's paged list)."""

import re
from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Q
from django.http import Http404
from django.utils import timezone

from orders.models import Order
from shop.api.permissions import ADMIN_ROLE

ORDERS_PER_PAGE = 20
IDEMPOTENCY_WINDOW = timedelta(hours=24)
NOT_FOUND = "Order not found"


@dataclass(frozen=True)
class OrderPage:
    orders: list[Order]
    total: int


def order_list_for_buyer(*, buyer) -> list[Order]:
    return list(Order.objects.of_buyer(buyer).with_lines().newest_first())


def _matching(text: str) -> Q:
    """Orders whose number is `text` (a leading # allowed), or whose buyer's email holds
    it, or whose buyer's phone holds its digits (a +91 or 0 before ten digits ignored, as
    phones are stored as the ten digits)."""
    condition = Q(buyer__email__icontains=text)
    digits = re.sub(r"\D", "", text)
    if digits and text.lstrip("#").strip().isdigit() and len(digits) <= 18:
        condition |= Q(pk=int(digits))
    if len(digits) >= 4:
        condition |= Q(buyer__phone__contains=digits[-10:])
    return condition


def order_list(*, page: int = 1, status: str | None = None, q: str = "") -> OrderPage:
    """A page of every order, newest first, optionally of one status and matching `q`."""
    qs = Order.objects.all()
    if status:
        qs = qs.filter(status=status)
    if q:
        qs = qs.filter(_matching(q))
    total = qs.count()
    start = (page - 1) * ORDERS_PER_PAGE
    orders = list(qs.with_lines().newest_first()[start : start + ORDERS_PER_PAGE])
    return OrderPage(orders=orders, total=total)


def order_get_for(*, user, order_id: int) -> Order:
    """The order, for its buyer or an admin; anyone else gets the same 404 as for an order
    that does not exist, so an order's existence is not revealed."""
    qs = Order.objects.with_lines().filter(pk=order_id)
    if getattr(user, "role", None) != ADMIN_ROLE:
        qs = qs.of_buyer(user)
    order = qs.first()
    if order is None:
        raise Http404(NOT_FOUND)
    return order


def order_by_idempotency_key(*, buyer, key: str) -> Order | None:
    """The buyer's order placed with `key` within the last 24 hours."""
    since = timezone.now() - IDEMPOTENCY_WINDOW
    return (
        Order.objects.of_buyer(buyer)
        .with_lines()
        .filter(idempotency_key=key, created_at__gte=since)
        .first()
    )
