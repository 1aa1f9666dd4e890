"""Reads of returns. A list is a fixed number of queries whatever its length: the returns
with their order, buyer, exchange variant, credit note and refund joined, then their
lines (with the order lines) and their history at once (plus a count for the admin's
paged list)."""

from dataclasses import dataclass

from django.db.models import Prefetch
from django.http import Http404

from orders.models import Order
from orders.selectors import NOT_FOUND
from returns.models import Return, ReturnLine
from shop.api.permissions import ADMIN_ROLE

RETURNS_PER_PAGE = 20


def _returns():
    return Return.objects.select_related(
        "order__buyer", "exchange_variant", "credit_note", "refund"
    ).prefetch_related(
        Prefetch("lines", ReturnLine.objects.select_related("order_line")),
        "status_changes",
    )


def is_admin(user) -> bool:
    return getattr(user, "role", None) == ADMIN_ROLE


def return_list_for_order(*, user, order_id: int) -> list[Return]:
    """The order's returns, newest first, for its buyer or an admin; anyone else gets the
    order's 404, so its existence is not revealed."""
    orders = Order.objects.filter(pk=order_id)
    if not is_admin(user):
        orders = orders.filter(buyer=user)
    if not orders.exists():
        raise Http404(NOT_FOUND)
    return list(_returns().filter(order_id=order_id).order_by("-created_at", "-id"))


def return_get(*, return_id: int) -> Return:
    return _returns().get(pk=return_id)


@dataclass(frozen=True)
class ReturnPage:
    returns: list[Return]
    total: int


def return_list(*, page: int = 1, status: str | None = None) -> ReturnPage:
    """A page of every return, newest first, optionally of one status."""
    qs = Return.objects.all()
    if status:
        qs = qs.filter(status=status)
    total = qs.count()
    start = (page - 1) * RETURNS_PER_PAGE
    found = list(
        _returns()
        .filter(pk__in=qs.values("pk"))
        .order_by("-created_at", "-id")[start : start + RETURNS_PER_PAGE]
    )
    return ReturnPage(returns=found, total=total)
