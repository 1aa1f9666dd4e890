"""The returns' source for the dashboard's "to act on" list (orders.to_act_on): the
requests still Requested and when the oldest was made, in one query; registered when the
app loads."""

from datetime import datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from accounts.tests.factories import UserFactory
from orders import to_act_on
from orders.models import Order, OrderStatus
from returns.models import Return, ReturnKind, ReturnReason, ReturnStatus
from returns.to_act_on import requested_returns

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


def test_the_requests_still_requested_and_the_oldest(db, django_assert_num_queries):
    order = Order.objects.create(
        buyer=UserFactory(), address="12 MG Road", total=Decimal(499), status=OrderStatus.DELIVERED
    )
    for status, hours in (
        (ReturnStatus.REQUESTED, 10),
        (ReturnStatus.REQUESTED, 26),
        (ReturnStatus.APPROVED, 100),
        (ReturnStatus.REJECTED, 200),
    ):
        Return.objects.create(
            order=order,
            kind=ReturnKind.REFUND,
            reason=ReturnReason.SIZE,
            status=status,
            created_at=NOW - timedelta(hours=hours),
        )
    with django_assert_num_queries(1):
        found = requested_returns()
    assert found == to_act_on.Waiting(count=2, since=NOW - timedelta(hours=26))


def test_nothing_requested_is_zero_since_none(db):
    assert requested_returns() == to_act_on.Waiting(count=0, since=None)


def test_the_app_registers_its_source():
    assert to_act_on._sources["returns"] is requested_returns
