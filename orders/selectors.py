"""Reads. A list of orders is a fixed number of queries whatever its length: the orders
with their buyers joined, then every line of those orders at once (plus a count for the
admin's paged list)."""

import re
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db.models import Count, Q, Sum
from django.http import Http404
from django.utils import timezone

from catalog.models import Product
from orders.models import Order, OrderStatus
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
    """Orders whose number is `text` (a leading # allowed), or whose buyer's email (a
    guest's too) holds it, or whose buyer's phone holds its digits (a +91 or 0 before ten
    digits ignored, as phones are stored as the ten digits)."""
    condition = Q(buyer__email__icontains=text) | Q(guest_email__icontains=text)
    digits = re.sub(r"\D", "", text)
    if digits and text.lstrip("#").strip().isdigit() and len(digits) <= 18:
        condition |= Q(pk=int(digits))
    if len(digits) >= 4:
        condition |= Q(buyer__phone__contains=digits[-10:]) | Q(guest_phone__contains=digits[-10:])
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


def order_get_for(*, user, order_id: int, with_history: bool = False) -> Order:
    """The order, for its buyer or an admin; anyone else gets the same 404 as for an order
    that does not exist, so an order's existence is not revealed. `with_history` loads its
    status changes too (one more query)."""
    qs = Order.objects.with_lines().filter(pk=order_id)
    if with_history:
        qs = qs.prefetch_related("status_changes")
    if getattr(user, "role", None) != ADMIN_ROLE:
        # Nobody's order (a guest's) is never found by a user: only by its token.
        qs = qs.of_buyer(user) if getattr(user, "pk", None) is not None else qs.none()
    order = qs.first()
    if order is None:
        raise Http404(NOT_FOUND)
    return order


def order_get(*, order_id: int, with_history: bool = False) -> Order:
    """The order as the calls answer it, whoever it is for (a caller that has already
    decided who may see it: a move just made, a guest's token checked)."""
    qs = Order.objects.with_lines().filter(pk=order_id)
    if with_history:
        qs = qs.prefetch_related("status_changes")
    order = qs.first()
    if order is None:
        raise Http404(NOT_FOUND)
    return order


def order_by_idempotency_key(*, buyer, key: str, guest_email: str = "") -> Order | None:
    """The buyer's order placed with `key` within the last 24 hours; for a guest (`buyer`
    None), the guest order placed with `key` and that e-mail (claimed since or not)."""
    since = timezone.now() - IDEMPOTENCY_WINDOW
    if buyer is None:
        mine = (
            Order.objects.filter(guest_email=guest_email) if guest_email else Order.objects.none()
        )
    else:
        mine = Order.objects.of_buyer(buyer).filter(guest_email="")
    return mine.with_lines().filter(idempotency_key=key, created_at__gte=since).first()


LOW_STOCK_LISTED = 10

# The orders that are not sales: given up (cancelled), come back whole (returned), or
# still waiting for their online payment (not a sale yet). Every other status counts,
# at the order's `total` (what is left after any lines cancelled before shipping, the
# delivery charge included). The dashboard's figures and the sales reports share it.
NOT_SALES = (OrderStatus.CANCELLED, OrderStatus.RETURNED, OrderStatus.AWAITING_PAYMENT)


def counted_as_sale(prefix: str = "") -> Q:
    """The orders counted as sales; `prefix` (`"order__"`) for a query from their lines."""
    return ~Q(**{f"{prefix}status__in": NOT_SALES})


@dataclass(frozen=True)
class Dashboard:
    today_orders: int
    today_revenue: Decimal
    month_orders: int
    month_revenue: Decimal
    waiting: int
    low_stock_threshold: int
    low_stock_total: int
    low_stock: list[Product]


def dashboard_figures(*, now=None) -> Dashboard:
    """The owner's figures: orders and revenue since the start of today and of this month
    in the shop's time zone, cancelled, returned and unpaid online orders left out; orders not yet
    processed; and the products with at most LOW_STOCK_THRESHOLD left, fewest first.
    Three queries."""
    local = timezone.localtime(now)
    day = local.replace(hour=0, minute=0, second=0, microsecond=0)
    month = day.replace(day=1)
    live = counted_as_sale()
    today, this_month = live & Q(created_at__gte=day), live & Q(created_at__gte=month)
    figures = Order.objects.filter(
        Q(created_at__gte=month) | Q(status=OrderStatus.NOT_PROCESSED)
    ).aggregate(
        today_orders=Count("pk", filter=today),
        today_revenue=Sum("total", filter=today, default=Decimal(0)),
        month_orders=Count("pk", filter=this_month),
        month_revenue=Sum("total", filter=this_month, default=Decimal(0)),
        waiting=Count("pk", filter=Q(status=OrderStatus.NOT_PROCESSED)),
    )
    threshold = settings.LOW_STOCK_THRESHOLD
    low = Product.objects.filter(quantity__lte=threshold)
    return Dashboard(
        **figures,
        low_stock_threshold=threshold,
        low_stock_total=low.count(),
        low_stock=list(
            low.only("id", "name", "slug", "quantity").order_by("quantity", "name")[
                :LOW_STOCK_LISTED
            ]
        ),
    )
