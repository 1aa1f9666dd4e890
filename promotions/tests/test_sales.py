"""Sales: the admin's calls (every bad input 400 naming the field, nothing saved), the
price a sale makes (percent half up, rupees off, never below 0, the lowest of several),
and checkout charging the price in force when the order is placed, on the clock alone."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from catalog.tests.factories import ProductFactory
from orders.models import Order
from promotions.models import Sale
from promotions.pricing import SaleRule, in_force, schedule_load

SALES = "/api/v1/sales"
CHECKOUT = "/api/v1/orders/checkout"
D = Decimal


def _rule(id=1, kind="percent", value="10", products=(), categories=(), days=(-1, 1)):
    now = timezone.now()
    return SaleRule(
        id=id,
        name=f"Sale {id}",
        kind=kind,
        value=D(value),
        products=frozenset(products),
        categories=frozenset(categories),
        starts_at=now + timedelta(days=days[0]),
        ends_at=now + timedelta(days=days[1]),
    )


@pytest.mark.parametrize(
    ("kind", "value", "regular", "expected"),
    [
        ("percent", "25", "1999.00", "1499.25"),
        ("percent", "12.5", "99.99", "87.49"),  # 12.49875 off rounds to 12.50
        ("percent", "100", "499.00", "0.00"),
        ("amount", "500", "1999.00", "1499.00"),
        ("amount", "5000", "1999.00", "0.00"),  # never below 0
    ],
)
def test_a_sale_price_is_worked_out_per_unit(kind, value, regular, expected):
    assert _rule(kind=kind, value=value).price(D(regular)) == D(expected)


def test_the_lowest_price_of_the_sales_covering_a_product_wins():
    running = (
        _rule(1, "percent", "10"),  # the whole shop
        _rule(2, "amount", "300", categories={7}),
        _rule(3, "percent", "50", products={99}),
    )
    assert in_force(D("1000"), 5, 7, running).price == D("700.00")  # 300 off beats 10%
    assert in_force(D("1000"), 5, 7, running).sale.id == 2
    assert in_force(D("1000"), 99, 7, running).price == D("500.00")
    assert in_force(D("1000"), 6, 8, running).price == D("900.00")
    plain = in_force(D("1000"), 6, 8, ())
    assert (plain.price, plain.regular, plain.sale) == (D("1000.00"), D("1000.00"), None)


def _create(api, **fields):
    now = timezone.now()
    body = {
        "name": "Diwali Dhamaka",
        "kind": "percent",
        "value": 20,
        "startsAt": (now - timedelta(hours=1)).isoformat(),
        "endsAt": (now + timedelta(days=3)).isoformat(),
        **fields,
    }
    return api.post(SALES, body)


def test_an_admin_creates_lists_pauses_and_deletes_a_sale(admin_api, gadgets, earbuds):
    response = _create(admin_api, categories=[gadgets.pk], products=[str(earbuds.pk)])
    assert response.status_code == 201, response.json()
    sale = response.json()["sale"]
    assert sale["name"] == "Diwali Dhamaka" and sale["value"] == 20
    assert sale["running"] is True and sale["active"] is True
    assert sale["categories"] == [str(gadgets.pk)]
    assert [s["_id"] for s in admin_api.get(SALES).json()["sales"]] == [sale["_id"]]
    paused = admin_api.put(f"{SALES}/{sale['_id']}", {"active": False}).json()["sale"]
    assert paused["active"] is False and paused["running"] is False
    assert admin_api.delete(f"{SALES}/{sale['_id']}").status_code == 200
    assert not Sale.objects.exists()


@pytest.mark.parametrize(
    ("fields", "field_named"),
    [
        ({"value": 0}, "Value"),
        ({"value": -10}, "Value"),
        ({"value": 101}, "Value"),
        ({"kind": "free"}, "Kind"),
        ({"name": ""}, "Name"),
        ({"name": "x" * 101}, "Name"),
        ({"startsAt": None}, "Starts at"),
        ({"endsAt": "2026-01-01T00:00:00", "startsAt": "2026-02-01T00:00:00"}, "Ends at"),
        ({"categories": [123456]}, "Categories"),
        ({"products": ["abc"]}, "Products"),
    ],
)
def test_bad_sale_input_is_400_naming_the_field(admin_api, fields, field_named):
    response = _create(admin_api, **fields)
    assert response.status_code == 400, response.json()
    assert field_named.lower() in response.json()["message"].lower(), response.json()
    assert not Sale.objects.exists()


def test_shoppers_cannot_touch_sales(shop_api):
    assert shop_api.get(SALES).status_code == 403
    assert _create(shop_api).status_code == 403
    assert not Sale.objects.exists()


def test_checkout_charges_the_price_in_force_when_the_order_is_placed(
    buyer_api, make_coupon, gadgets, earbuds, kurta
):
    now = timezone.now()
    Sale.objects.create(
        name="Gadget week",
        kind="percent",
        value=D("20"),
        categories=[gadgets.pk],
        starts_at=now - timedelta(minutes=1),
        ends_at=now + timedelta(days=1),
    )
    later = Sale.objects.create(
        name="Not yet",
        kind="amount",
        value=D("500"),
        starts_at=now + timedelta(days=1),
        ends_at=now + timedelta(days=2),
    )
    make_coupon(code="TENOFF", value="10")
    cart = [{"_id": earbuds.pk, "quantity": 1}, {"_id": kurta.pk, "quantity": 1}]
    order = buyer_api.post(CHECKOUT, {"cart": cart, "coupon": "TENOFF"}).json()["order"]
    # Earbuds at 1,499 less 20% (299.80) is 1,199.20; the kurta is not in the sale.
    assert [line["price"] for line in order["products"]] == [1199.2, 999]
    # The coupon reads the prices in force: 10% of 2,198.20.
    assert order["discountTotal"] == 219.82
    assert order["total"] == 1978.38  # 2,198.20 - 219.82
    # When the later sale has started (the clock alone moved), checkout charges it.
    Sale.objects.filter(pk=later.pk).update(starts_at=now - timedelta(seconds=1))
    order = buyer_api.post(CHECKOUT, {"cart": cart}).json()["order"]
    assert [line["price"] for line in order["products"]] == [999, 499]
    assert Order.objects.count() == 2
    # An ended sale is not loaded at all.
    Sale.objects.update(ends_at=now - timedelta(seconds=1), starts_at=now - timedelta(days=9))
    assert schedule_load().rules == ()
    order = buyer_api.post(CHECKOUT, {"cart": cart}).json()["order"]
    assert [line["price"] for line in order["products"]] == [1499, 999]


def test_a_sale_for_one_product_leaves_the_others(buyer_api, earbuds):
    other = ProductFactory(price=D("250.00"), quantity=5, category=earbuds.category)
    now = timezone.now()
    Sale.objects.create(
        name="One",
        kind="amount",
        value=D("100"),
        products=[earbuds.pk],
        starts_at=now - timedelta(minutes=1),
        ends_at=now + timedelta(minutes=5),
    )
    cart = [{"_id": earbuds.pk, "quantity": 2}, {"_id": other.pk, "quantity": 1}]
    order = buyer_api.post(CHECKOUT, {"cart": cart}).json()["order"]
    assert [line["price"] for line in order["products"]] == [1399, 250]
    assert order["total"] == 2 * 1399 + 250
