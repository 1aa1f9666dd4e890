"""What needs the owner now: admins only; the orders waiting to be processed (the five
oldest with their age), those in Processing past the two days the shop ships within,
the Shipped ones past their expected delivery, what the registered sources say (returns'
and reviews' own are tested in their apps: reports may not import them), and a fixed
number of queries whatever their number."""

from datetime import date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from orders import to_act_on
from orders.models import Order, OrderStatus
from reports.to_act_on import to_act_on_now

URL = "/api/v1/reports/to-act-on"
IST = ZoneInfo("Asia/Kolkata")
NOW = datetime(2026, 3, 20, 12, 0, tzinfo=IST)


@pytest.fixture(autouse=True)
def now(monkeypatch):
    monkeypatch.setattr(timezone, "now", lambda: NOW)


def order(status, hours_ago, **fields):
    return Order.objects.create(
        buyer=UserFactory(),
        address="12 MG Road, Bengaluru 560001",
        total=Decimal("499.50"),
        status=status,
        created_at=NOW - timedelta(hours=hours_ago),
        **fields,
    )


@pytest.fixture
def sources(monkeypatch):
    """The registered sources replaced by fakes: {key: Waiting}."""
    fakes = {}
    monkeypatch.setattr(to_act_on, "_sources", {})
    return fakes


def register(fakes, key, count, since):
    fakes[key] = to_act_on.Waiting(count=count, since=since)
    to_act_on.register_source(key, lambda: fakes[key])


def test_the_list_is_for_admins_only(db, api, buyer_api):
    for client, code in ((api, 401), (buyer_api, 403)):
        response = client.get(URL)
        assert response.status_code == code
        assert response.json()["success"] is False


def test_an_empty_shop_has_nothing_to_act_on(db, admin_api):
    body = admin_api.get(URL).json()
    assert body == {
        "success": True,
        "toActOn": {
            "notProcessed": {"count": 0, "since": None, "orders": []},
            "lateToShip": {"count": 0, "since": None, "days": 2, "orders": []},
            "overdueDelivery": {"count": 0, "since": None},
            "returns": {"count": 0, "since": None},
            "reviews": {"count": 0, "since": None},
        },
    }


def test_what_waits_and_since_when(db, admin_api, sources):
    waiting = [order(OrderStatus.NOT_PROCESSED, hours) for hours in (1, 80, 5, 30, 200, 2, 3)]
    late = order(OrderStatus.PROCESSING, 49)
    order(OrderStatus.PROCESSING, 47)  # within the two days
    order(OrderStatus.AWAITING_PAYMENT, 300)  # the gateway's, not the owner's
    overdue = order(OrderStatus.SHIPPED, 200, expected_delivery=date(2026, 3, 19))
    order(OrderStatus.SHIPPED, 200, expected_delivery=date(2026, 3, 20))  # due today
    order(OrderStatus.DELIVERED, 400, expected_delivery=date(2026, 3, 1))
    order(OrderStatus.DELIVERED, 500)
    register(sources, "returns", 2, NOW - timedelta(hours=26))
    register(sources, "reviews", 2, NOW - timedelta(hours=50))

    body = admin_api.get(URL).json()["toActOn"]

    oldest = sorted(waiting, key=lambda o: o.created_at)[:5]
    assert body["notProcessed"]["count"] == 7
    assert body["notProcessed"]["since"] == "2026-03-11T22:30:00Z"
    assert [row["_id"] for row in body["notProcessed"]["orders"]] == [o.pk for o in oldest]
    assert [row["ageHours"] for row in body["notProcessed"]["orders"]] == [200, 80, 30, 5, 3]
    assert body["notProcessed"]["orders"][0] == {
        "_id": oldest[0].pk,
        "createdAt": "2026-03-11T22:30:00Z",
        "ageHours": 200,
        "total": 499.5,
        "paymentMethod": "cod",
    }
    assert body["lateToShip"]["count"] == 1
    assert [row["_id"] for row in body["lateToShip"]["orders"]] == [late.pk]
    assert body["overdueDelivery"] == {"count": 1, "since": "2026-03-19"}
    assert overdue.status == OrderStatus.SHIPPED
    assert body["returns"] == {"count": 2, "since": "2026-03-19T04:30:00Z"}
    assert body["reviews"] == {"count": 2, "since": "2026-03-18T04:30:00Z"}


def test_a_source_not_registered_is_left_out(db, admin_api):
    assert set(to_act_on._sources) == {"returns", "reviews"}  # as the apps register them
    kept = to_act_on._sources.pop("reviews")
    try:
        body = admin_api.get(URL).json()["toActOn"]
    finally:
        to_act_on.register_source("reviews", kept)
    assert "reviews" not in body and "returns" in body


def test_five_queries_whatever_waits(db, admin_api, django_assert_num_queries):

    with django_assert_num_queries(5):
        to_act_on_now()
    for hours in range(12):
        order(OrderStatus.NOT_PROCESSED, hours)
        order(OrderStatus.PROCESSING, 50 + hours)
    with django_assert_num_queries(5):
        answer = to_act_on_now()
    assert (answer["notProcessed"]["count"], len(answer["notProcessed"]["orders"])) == (12, 5)
    assert (answer["lateToShip"]["count"], len(answer["lateToShip"]["orders"])) == (12, 5)
