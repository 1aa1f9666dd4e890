"""Reads of coupons: the admin's list with each coupon's uses and the discount given."""

from django.db.models import Count, DecimalField, Q, Sum, Value
from django.db.models.functions import Coalesce

from promotions.models import Coupon, Sale

# An order gives its use back by being cancelled (orders.models.OrderStatus.CANCELLED;
# written here as the value the orders hold, so this app imports no order code).
CANCELLED = "Cancelled"


def coupon_list():
    """Every coupon, newest first, with `used` (orders holding it now) and `given` (the
    discount those orders carry), in one query."""
    holding = ~Q(orders__status=CANCELLED) & Q(orders__isnull=False)
    return Coupon.objects.annotate(
        used=Count("orders", filter=holding),
        given=Coalesce(
            Sum("orders__discount_total", filter=holding),
            Value(0),
            output_field=DecimalField(max_digits=14, decimal_places=2),
        ),
    ).order_by("-created_at", "-id")


def coupon_get(*, coupon_id: int) -> Coupon | None:
    return coupon_list().filter(pk=coupon_id).first()


def sale_list():
    """Every sale, the latest start first."""
    return Sale.objects.order_by("-starts_at", "-id")


def sale_get(*, sale_id: int) -> Sale | None:
    return Sale.objects.filter(pk=sale_id).first()
