"""Sales over a range of days, for the owner's dashboard (docs/admin-guide.md): per day
the orders, units and revenue, every day of the range listed (zeros included), the
range's totals and its ten best-selling products by revenue.

What counts is what the dashboard's figures count (orders.selectors.counted_as_sale):
every order but the cancelled, the returned and those still awaiting their online
payment. An order's revenue is its `total` (what is left after lines cancelled before
shipping, delivery charge included); its units are its lines' `quantity` (what is left of
each). A product's revenue is what its lines are worth (price x quantity less their share
of a coupon's discount), without delivery charges, so the ten need not add up to the
total. Days are the shop's (TIME_ZONE), cut in the database; money is summed there, as
Decimal. Three queries whatever the number of days and products.
"""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db.models import Count, DecimalField, ExpressionWrapper, F, Max, Sum
from django.db.models.functions import Coalesce, TruncDate
from django.utils import timezone

from orders.models import Order, OrderLine
from orders.selectors import counted_as_sale
from reports import periods
from reports.documents import json_numbers

DEFAULT_DAYS = 30
TOP_PRODUCTS = 10
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Days:
    """The days from `first` to `last` (both included) in the shop's time zone."""

    first: date
    last: date

    def _moment(self, day: date) -> datetime:
        return datetime.combine(day, time.min, timezone.get_default_timezone())

    @property
    def start(self) -> datetime:
        return self._moment(self.first)

    @property
    def end(self) -> datetime:
        return self._moment(self.last + timedelta(days=1))

    def each(self) -> list[date]:
        return [self.first + timedelta(days=n) for n in range((self.last - self.first).days + 1)]


def shop_today() -> date:
    return timezone.localtime(timezone.now(), timezone.get_default_timezone()).date()


def days(raw_from, raw_to) -> Days:
    """`from`..`to` as the call gives them. Both left out: the last DEFAULT_DAYS days,
    today included; `from` alone: to today; `to` alone: the DEFAULT_DAYS days ending then.
    Otherwise the sales and tax summary's rules (reports.periods.days: 400 naming the
    field for a malformed day or one outside 2000..2999, `to` for one before `from` or
    more than 366 days)."""
    given_from, given_to = (str(raw or "").strip() for raw in (raw_from, raw_to))
    if not given_to:
        given_to = shop_today().isoformat()
    if not given_from:
        last = periods.one_day(given_to, "to")
        given_from = max(last - timedelta(days=DEFAULT_DAYS - 1), periods.EARLIEST).isoformat()
    span = periods.days(given_from, given_to)
    return Days(span.first, span.last)


def _line_value():
    return ExpressionWrapper(
        F("price") * F("quantity") - F("discount"),
        output_field=DecimalField(max_digits=14, decimal_places=2),
    )


def sales_over_time(span: Days) -> dict:
    """The answer's keys (without `success`), money as JSON rupees."""
    zone = timezone.get_default_timezone()
    placed = {"created_at__gte": span.start, "created_at__lt": span.end}
    orders = Order.objects.filter(counted_as_sale(), **placed)
    lines = OrderLine.objects.filter(
        counted_as_sale("order__"), **{f"order__{key}": value for key, value in placed.items()}
    )
    by_day = {
        row["day"]: row
        for row in orders.annotate(day=TruncDate("created_at", tzinfo=zone))
        .values("day")
        .annotate(orders=Count("pk"), revenue=Sum("total"))
        .order_by()
    }
    units_by_day = {
        row["day"]: row["units"]
        for row in lines.annotate(day=TruncDate("order__created_at", tzinfo=zone))
        .values("day")
        .annotate(units=Sum("quantity"))
        .order_by()
    }
    top = list(
        lines.values("product_ref")
        .annotate(
            revenue=Sum(_line_value()),
            units=Sum("quantity"),
            # The product's name and slug today; a product deleted since keeps the name
            # its lines copied.
            name=Coalesce(Max("product__name"), Max("name")),
            slug=Coalesce(Max("product__slug"), Max("slug")),
            live=Max("product_id"),
        )
        .filter(units__gt=0)
        .order_by("-revenue", "-units", "product_ref")[:TOP_PRODUCTS]
    )
    rows = []
    for day in span.each():
        found = by_day.get(day, {})
        rows.append(
            {
                "date": day.isoformat(),
                "orders": found.get("orders", 0),
                "units": units_by_day.get(day) or 0,
                "revenue": found.get("revenue") or ZERO,
            }
        )
    return json_numbers(
        {
            "from": span.first.isoformat(),
            "to": span.last.isoformat(),
            "totals": {
                "orders": sum(row["orders"] for row in rows),
                "units": sum(row["units"] for row in rows),
                "revenue": sum((row["revenue"] for row in rows), ZERO),
            },
            "byDay": rows,
            "topProducts": [
                {
                    "_id": row["product_ref"],
                    "name": row["name"],
                    "slug": row["slug"],
                    "exists": row["live"] is not None,
                    "units": row["units"],
                    "revenue": row["revenue"],
                }
                for row in top
            ],
        }
    )
