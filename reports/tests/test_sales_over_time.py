"""Sales over time: admins only; per day the orders, units and revenue counted as the
dashboard counts them (cancelled, returned and unpaid online orders left out, cancelled
lines left out), every day listed, days cut in the shop's time zone (an order at 23:50
IST is that IST day, on SQLite and PostgreSQL), the ten best-selling products, the
default range, bad dates, and three queries whatever the range or the products."""

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderLine, OrderStatus
from orders.selectors import dashboard_figures
from reports import sales_over_time

URL = "/api/v1/reports/sales-over-time"
IST = ZoneInfo("Asia/Kolkata")


def ist(*parts) -> datetime:
    return datetime(*parts, tzinfo=IST)


def order(when, status, *lines, delivery="0"):
    """An order placed at `when` with `lines` [(product, price, quantity, cancelled,
    discount)]; its total is what its lines are worth plus `delivery`, as checkout and a
    part cancel leave it."""
    worth = sum((Decimal(p) * q - Decimal(d) for _, p, q, _, d in lines), Decimal(0))
    placed = Order.objects.create(
        buyer=UserFactory(),
        address="12 MG Road, Bengaluru 560001",
        total=worth + Decimal(delivery),
        status=status,
        created_at=when,
    )
    for product, price, quantity, cancelled, discount in lines:
        OrderLine.objects.create(
            order=placed,
            product=product,
            product_ref=product.pk,
            name=product.name,
            slug=product.slug,
            description="",
            price=Decimal(price),
            quantity=quantity,
            cancelled=cancelled,
            discount=Decimal(discount),
        )
    return placed


@pytest.fixture
def now(monkeypatch):
    moment = ist(2026, 3, 20, 12, 0)
    monkeypatch.setattr(timezone, "now", lambda: moment)
    return moment


@pytest.fixture
def sales(db, now):
    """A week in March 2026: a tee, a kettle and a lamp (deleted since) sold on the 10th,
    11th (late evening) and 13th; orders that are not sales on the same days."""
    tee = ProductFactory(name="Tee", slug="tee")
    kettle = ProductFactory(name="Kettle", slug="kettle")
    lamp = ProductFactory(name="Lamp", slug="lamp")
    S = OrderStatus
    order(ist(2026, 3, 10, 0, 0), S.DELIVERED, (tee, "499", 2, 0, "0"), delivery="49")
    order(ist(2026, 3, 10, 9, 0), S.SHIPPED, (kettle, "1299", 1, 0, "100"))
    # 23:50 in India is 18:20 UTC: the 11th, not the 12th nor (in UTC) anything else.
    order(
        ist(2026, 3, 11, 23, 50), S.NOT_PROCESSED, (tee, "499", 1, 2, "0"), (lamp, "300", 0, 1, "0")
    )
    order(ist(2026, 3, 13, 10, 0), S.PROCESSING, (lamp, "300", 3, 0, "0"))
    # Not sales.
    order(ist(2026, 3, 10, 12, 0), S.CANCELLED, (tee, "499", 5, 0, "0"))
    order(ist(2026, 3, 11, 12, 0), S.RETURNED, (kettle, "1299", 4, 0, "0"))
    order(ist(2026, 3, 13, 12, 0), S.AWAITING_PAYMENT, (kettle, "1299", 4, 0, "0"))
    # Outside the range: the 9th's last minute and the 14th's first.
    order(ist(2026, 3, 9, 23, 59), S.DELIVERED, (tee, "499", 1, 0, "0"))
    order(ist(2026, 3, 14, 0, 0), S.DELIVERED, (tee, "499", 1, 0, "0"))
    lamp.delete()
    return {"tee": tee, "kettle": kettle}


def test_sales_over_time_is_for_admins_only(db, api, buyer_api):
    for client, code in ((api, 401), (buyer_api, 403)):
        response = client.get(URL)
        assert response.status_code == code
        assert response.json()["success"] is False


def test_each_day_counts_the_sales_as_the_dashboard_does(sales, admin_api):
    response = admin_api.get(URL, {"from": "2026-03-10", "to": "2026-03-13"})

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["success"] is True
    assert (body["from"], body["to"]) == ("2026-03-10", "2026-03-13")
    assert body["byDay"] == [
        # 2 tees + Rs 49 delivery; a kettle after its Rs 100 discount.
        {"date": "2026-03-10", "orders": 2, "units": 3, "revenue": 998 + 49 + 1199},
        # The tee left of three (two cancelled); the lamp cancelled whole.
        {"date": "2026-03-11", "orders": 1, "units": 1, "revenue": 499},
        {"date": "2026-03-12", "orders": 0, "units": 0, "revenue": 0},
        {"date": "2026-03-13", "orders": 1, "units": 3, "revenue": 900},
    ]
    assert body["totals"] == {"orders": 4, "units": 7, "revenue": 998 + 49 + 1199 + 499 + 900}


def test_the_top_products_by_revenue_keep_a_deleted_products_name(sales, admin_api):
    body = admin_api.get(URL, {"from": "2026-03-10", "to": "2026-03-13"}).json()
    tee, kettle = sales["tee"], sales["kettle"]
    top = body["topProducts"]
    assert [(row["name"], row["units"], row["revenue"]) for row in top] == [
        ("Tee", 3, 1497),
        ("Kettle", 1, 1199),
        ("Lamp", 3, 900),
    ]
    assert top[0] == {
        "_id": tee.pk,
        "name": "Tee",
        "slug": "tee",
        "exists": True,
        "units": 3,
        "revenue": 1497,
    }
    assert top[1]["_id"] == kettle.pk
    assert (top[2]["slug"], top[2]["exists"]) == ("lamp", False)


def test_the_revenue_is_the_dashboards_definition(sales, admin_api):
    """This month's orders and revenue on the dashboard are the sum of March's days."""
    body = admin_api.get(URL, {"from": "2026-03-01", "to": "2026-03-31"}).json()
    figures = dashboard_figures()
    assert body["totals"]["orders"] == figures.month_orders
    assert Decimal(str(body["totals"]["revenue"])) == figures.month_revenue == Decimal(4643)


@pytest.mark.parametrize("placed", [(2026, 3, 11, 23, 50), (2026, 3, 11, 0, 0)])
def test_a_day_is_the_shops_day_at_either_edge(db, now, admin_api, placed):
    tee = ProductFactory(name="Tee")
    order(ist(*placed), OrderStatus.DELIVERED, (tee, "499", 1, 0, "0"))
    days = admin_api.get(URL, {"from": "2026-03-10", "to": "2026-03-12"}).json()["byDay"]
    assert [day["orders"] for day in days] == [0, 1, 0]
    assert [day["units"] for day in days] == [0, 1, 0]


def test_the_default_is_the_last_thirty_days(sales, admin_api):
    body = admin_api.get(URL).json()
    assert (body["from"], body["to"]) == ("2026-02-19", "2026-03-20")
    assert len(body["byDay"]) == 30
    # The 9th's and the 14th's orders are in it too.
    assert body["totals"]["orders"] == 6
    assert admin_api.get(URL, {"to": "2026-03-10"}).json()["from"] == "2026-02-09"
    only_from = admin_api.get(URL, {"from": "2026-03-18"}).json()
    assert (only_from["from"], only_from["to"]) == ("2026-03-18", "2026-03-20")


def test_an_empty_range_is_zeros(db, now, admin_api):
    body = admin_api.get(URL, {"from": "2026-03-01", "to": "2026-03-02"}).json()
    assert body["totals"] == {"orders": 0, "units": 0, "revenue": 0}
    assert body["byDay"] == [
        {"date": "2026-03-01", "orders": 0, "units": 0, "revenue": 0},
        {"date": "2026-03-02", "orders": 0, "units": 0, "revenue": 0},
    ]
    assert body["topProducts"] == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"from": "2026-3-1", "to": "2026-03-02"}, "from"),
        ({"from": "2026-02-30", "to": "2026-03-02"}, "from"),
        ({"from": "2026-03-02", "to": "yesterday"}, "to"),
        ({"from": "2026-03-02", "to": "2026-03-01"}, "to"),
        ({"from": "2025-01-01", "to": "2026-03-02"}, "to"),
        ({"from": "0001-01-01", "to": "0001-01-02"}, "from"),
        ({"from": "9999-12-30", "to": "9999-12-31"}, "from"),
        ({"to": "9999-12-31"}, "to"),
        ({"from": "\uff12\uff10\uff12\uff16-03-01", "to": "2026-03-02"}, "from"),
        ({"from": "2026-03-01\x00", "to": "2026-03-02"}, "from"),
    ],
)
def test_bad_days_are_a_400_naming_the_field(db, now, admin_api, query, field):
    response = admin_api.get(URL, query)
    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False and body["message"]
    assert list(body["errors"]) == [field]


def test_three_queries_whatever_the_range_or_the_products(
    sales, admin_api, django_assert_num_queries
):
    for first, last in (("2026-03-12", "2026-03-12"), ("2025-03-21", "2026-03-20")):
        span = sales_over_time.days(first, last)
        with django_assert_num_queries(3):
            body = sales_over_time.sales_over_time(span)
        assert len(body["byDay"]) == len(span.each())
    more = ProductFactory.create_batch(12)
    for n, product in enumerate(more):
        order(ist(2026, 3, 12, 8, n), OrderStatus.DELIVERED, (product, str(100 + n), 1, 0, "0"))
    with django_assert_num_queries(3):
        body = sales_over_time.sales_over_time(sales_over_time.days("2026-03-01", "2026-03-20"))
    assert len(body["topProducts"]) == 10
    assert body["topProducts"][0]["name"] == "Tee"


@pytest.mark.parametrize("url", [URL, "/api/v1/reports/sales-tax"])
@pytest.mark.parametrize(
    ("first", "last", "field"),
    [
        ("0001-01-01", "0001-01-02", "from"),
        ("9999-12-30", "9999-12-31", "from"),
        ("2999-12-31", "3000-01-01", "to"),
    ],
)
def test_days_the_database_cannot_place_are_a_400_not_a_500(
    db, now, admin_api, url, first, last, field
):
    response = admin_api.get(url, {"from": first, "to": last})
    assert response.status_code == 400
    assert response.json()["errors"] == {field: ["Give a day from 2000-01-01 to 2999-12-31."]}


def test_the_last_days_before_2000_start_in_2000(db, now, admin_api):
    body = admin_api.get(URL, {"to": "2000-01-10"}).json()
    assert (body["from"], body["to"], len(body["byDay"])) == ("2000-01-01", "2000-01-10", 10)
