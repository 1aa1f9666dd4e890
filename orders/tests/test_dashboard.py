"""The owner's dashboard call: who may read it, its exact figures (today and this month in
the shop's time zone, cancelled orders left out, orders waiting, low stock) and its
fixed number of queries."""

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderStatus

DASHBOARD = "/api/v1/admin/dashboard"
IST = ZoneInfo("Asia/Kolkata")


def _order(buyer, total, status, when):
    return Order.objects.create(
        buyer=buyer, address="12 MG Road", total=Decimal(total), status=status, created_at=when
    )


def test_the_dashboard_is_for_admins_only(db, api, buyer_api):
    for client, code in ((api, 401), (buyer_api, 403)):
        response = client.get(DASHBOARD)
        assert response.status_code == code
        assert response.json()["success"] is False


def test_the_dashboard_counts_today_and_this_month_in_the_shops_time_zone(
    admin_api, buyer, settings, monkeypatch
):
    settings.LOW_STOCK_THRESHOLD = 3
    # 00:30 on 15 March in India is still 14 March in UTC: it counts as today.
    now = datetime(2026, 3, 15, 0, 30, tzinfo=IST)
    monkeypatch.setattr(timezone, "now", lambda: now)
    _order(buyer, "1499", OrderStatus.NOT_PROCESSED, datetime(2026, 3, 15, 0, 5, tzinfo=IST))
    _order(buyer, "250.50", OrderStatus.DELIVERED, datetime(2026, 3, 15, 0, 10, tzinfo=IST))
    _order(buyer, "9999", OrderStatus.CANCELLED, datetime(2026, 3, 15, 0, 20, tzinfo=IST))
    _order(buyer, "1000", OrderStatus.PROCESSING, datetime(2026, 3, 14, 23, 59, tzinfo=IST))
    _order(buyer, "700", OrderStatus.CANCELLED, datetime(2026, 3, 2, 10, 0, tzinfo=IST))
    _order(buyer, "80000", OrderStatus.NOT_PROCESSED, datetime(2026, 2, 28, 23, 0, tzinfo=IST))
    _order(buyer, "5", OrderStatus.SHIPPED, datetime(2026, 2, 28, 23, 59, tzinfo=IST))
    ProductFactory(name="Plenty", quantity=4)
    ProductFactory(name="Three Left", slug="three-left", quantity=3)
    ProductFactory(name="Sold Out", slug="sold-out", quantity=0)

    response = admin_api.get(DASHBOARD)

    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True
    sold_out, three = (
        body["dashboard"]["lowStock"]["products"][0]["_id"],
        body["dashboard"]["lowStock"]["products"][1]["_id"],
    )
    assert body["dashboard"] == {
        "today": {"orders": 2, "revenue": 1749.5},
        "month": {"orders": 3, "revenue": 2749.5},
        "waiting": 2,
        "lowStock": {
            "threshold": 3,
            "total": 2,
            "products": [
                {"_id": sold_out, "name": "Sold Out", "slug": "sold-out", "quantity": 0},
                {"_id": three, "name": "Three Left", "slug": "three-left", "quantity": 3},
            ],
        },
    }


def test_an_empty_shop_has_zeros(admin_api):
    assert admin_api.get(DASHBOARD).json()["dashboard"] == {
        "today": {"orders": 0, "revenue": 0},
        "month": {"orders": 0, "revenue": 0},
        "waiting": 0,
        "lowStock": {"threshold": 5, "total": 0, "products": []},
    }


@pytest.mark.parametrize("orders", [1, 12])
def test_the_dashboard_is_four_queries_however_many_orders_and_products(
    admin_api, buyer, orders, django_assert_num_queries
):
    for _ in range(orders):
        _order(buyer, "10", OrderStatus.NOT_PROCESSED, timezone.now())
        ProductFactory(quantity=1)
    # admin (token), the order figures, the low-stock count, the low-stock products
    with django_assert_num_queries(4):
        body = admin_api.get(DASHBOARD).json()
    assert body["dashboard"]["waiting"] == orders
    assert body["dashboard"]["lowStock"]["total"] == orders
    assert len(body["dashboard"]["lowStock"]["products"]) == min(orders, 10)
