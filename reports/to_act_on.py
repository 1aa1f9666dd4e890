"""What needs the owner now, for the dashboard's "to act on" list (docs/admin-guide.md):

- orders still Not Processed: how many, and the five that have waited longest;
- orders in Processing placed more than SHIP_WITHIN_DAYS days ago (the shop promises to
  ship within two days; Processing means not shipped yet): how many, the five oldest;
- orders Shipped whose expected delivery day has passed without a Delivered (chase the
  courier, or mark it delivered): how many;
- from the apps above orders, through orders.to_act_on: the return requests still
  Requested, the published reviews someone reported; how many and since when.

Each is a count the screen links to the list that acts on it. A fixed number of queries:
one for the orders' counts, one for each list of five, one for each registered source
(five with returns and reviews installed).
"""

from datetime import timedelta

from django.db.models import Count, Min, Q
from django.utils import timezone

from orders import to_act_on
from orders.models import Order, OrderStatus
from shop.api.fields import iso_utc

SHIP_WITHIN_DAYS = 2
LISTED = 5


def _oldest(status: str, before=None) -> list[dict]:
    qs = Order.objects.filter(status=status)
    if before is not None:
        qs = qs.filter(created_at__lt=before)
    return list(
        qs.order_by("created_at", "id").values("id", "created_at", "total", "payment_method")[
            :LISTED
        ]
    )


def _moment(value):
    """A moment as the other answers write it (ISO 8601 in UTC, `Z`), or None."""
    return iso_utc(value) if value is not None else None


def _order_row(now, row) -> dict:
    return {
        "_id": row["id"],
        "createdAt": _moment(row["created_at"]),
        # Whole hours waited, for the screen to say "3 days" or "5 hours".
        "ageHours": max(0, int((now - row["created_at"]).total_seconds() // 3600)),
        "total": row["total"],
        "paymentMethod": row["payment_method"],
    }


def to_act_on_now(*, now=None) -> dict:
    """The answer's `toActOn` (money still Decimal: the view makes it rupees)."""
    now = now or timezone.now()
    late_before = now - timedelta(days=SHIP_WITHIN_DAYS)
    today = timezone.localtime(now).date()
    not_processed = Q(status=OrderStatus.NOT_PROCESSED)
    late = Q(status=OrderStatus.PROCESSING, created_at__lt=late_before)
    overdue = Q(status=OrderStatus.SHIPPED, expected_delivery__lt=today)
    counts = Order.objects.filter(not_processed | late | overdue).aggregate(
        not_processed=Count("pk", filter=not_processed),
        not_processed_since=Min("created_at", filter=not_processed),
        late=Count("pk", filter=late),
        late_since=Min("created_at", filter=late),
        overdue=Count("pk", filter=overdue),
        overdue_since=Min("expected_delivery", filter=overdue),
    )
    answer = {
        "notProcessed": {
            "count": counts["not_processed"],
            "since": _moment(counts["not_processed_since"]),
            "orders": [_order_row(now, row) for row in _oldest(OrderStatus.NOT_PROCESSED)],
        },
        "lateToShip": {
            "count": counts["late"],
            "since": _moment(counts["late_since"]),
            "days": SHIP_WITHIN_DAYS,
            "orders": [
                _order_row(now, row) for row in _oldest(OrderStatus.PROCESSING, late_before)
            ],
        },
        "overdueDelivery": {
            "count": counts["overdue"],
            # The earliest expected delivery day passed.
            "since": counts["overdue_since"].isoformat() if counts["overdue_since"] else None,
        },
    }
    for key, found in to_act_on.waiting().items():
        answer[key] = {"count": found.count, "since": _moment(found.since)}
    return answer
