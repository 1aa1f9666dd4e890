"""A coupon from the cart to the order: coupons/check says what it takes off or why not;
checkout takes it off, spreads it over the lines, charges GST on what the buyer pays,
reads the delivery rule and the COD cap after it, and a cancelled order gives its use
back."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderLine
from orders.shop_details import get_shop_details
from orders.tax import split
from orders.tests.conftest import client_for

CHECK = "/api/v1/coupons/check"
CHECKOUT = "/api/v1/orders/checkout"
D = Decimal


def _cart(*items):
    return [{"_id": p.pk, "quantity": n} for p, n in items]


def test_check_says_what_a_coupon_takes_off_each_line(buyer_api, make_coupon, earbuds, kurta):
    make_coupon(code="SAVE10", kind="percent", value="10")
    response = buyer_api.post(CHECK, {"code": "save10", "cart": _cart((earbuds, 2), (kurta, 1))})
    assert response.status_code == 200, response.json()
    body = response.json()
    # 10% of 2,998 + 999 = 399.70, spread 2,998 : 999.
    assert body["coupon"] == {
        "code": "SAVE10",
        "kind": "percent",
        "value": 10,
        "prepaidOnly": False,
    }
    assert body["discount"] == 399.7
    variants = {p.pk: str(p.variants.get().pk) for p in (earbuds, kurta)}
    assert body["lines"] == [
        {"_id": str(earbuds.pk), "variant": variants[earbuds.pk], "discount": 299.8},
        {"_id": str(kurta.pk), "variant": variants[kurta.pk], "discount": 99.9},
    ]
    assert not Order.objects.exists()


def _refusal(api, code, cart, **extra):
    response = api.post(CHECK, {"code": code, "cart": cart, **extra})
    assert response.status_code == 400, response.json()
    return response.json()["message"]


def test_each_reason_a_coupon_does_not_apply_is_said(
    buyer, buyer_api, make_coupon, earbuds, kurta, gadgets
):
    now = timezone.now()
    cart = _cart((kurta, 1))
    assert "not valid" in _refusal(buyer_api, "NOPE", cart)
    make_coupon(code="PAUSED", active=False)
    assert "not available" in _refusal(buyer_api, "PAUSED", cart)
    make_coupon(code="LATER", starts_at=now + timedelta(days=2))
    assert "can be used from" in _refusal(buyer_api, "LATER", cart)
    make_coupon(code="OLD", ends_at=now - timedelta(seconds=1))
    assert "expired" in _refusal(buyer_api, "OLD", cart)
    make_coupon(code="BIG", min_order=D("1999"))
    message = _refusal(buyer_api, "BIG", cart)
    assert "minimum order of ₹1,999" in message and "₹999" in message
    make_coupon(code="ONLINE", prepaid_only=True)
    assert "online payment only" in _refusal(buyer_api, "ONLINE", cart, payment="cod")
    make_coupon(code="GADGETS", categories=[gadgets.pk])
    assert "not for the items" in _refusal(buyer_api, "GADGETS", cart)
    # What other orders decide: used up, already used, first order only.
    make_coupon(code="ONCE", usage_limit=1)
    make_coupon(code="MINE", per_customer_limit=1)
    make_coupon(code="FIRST", first_order_only=True)
    someone = client_for(UserFactory())
    assert someone.post(CHECKOUT, {"cart": cart, "coupon": "ONCE"}).status_code == 201
    assert "used up" in _refusal(buyer_api, "ONCE", cart)
    assert buyer_api.post(CHECKOUT, {"cart": cart, "coupon": "MINE"}).status_code == 201
    assert "already used" in _refusal(buyer_api, "MINE", cart)
    assert "first order only" in _refusal(buyer_api, "FIRST", cart)
    # A category coupon applies once the cart holds one of its items, to that item only.
    body = buyer_api.post(CHECK, {"code": "GADGETS", "cart": _cart((kurta, 1), (earbuds, 1))})
    assert body.status_code == 200
    assert [line["discount"] for line in body.json()["lines"]] == [0, 149.9]


def test_a_cart_of_unknown_products_or_bad_lines_is_400(buyer_api, make_coupon, kurta):
    make_coupon()
    assert "no longer available" in _refusal(buyer_api, "SAVE10", [{"_id": 987654, "quantity": 1}])
    assert _refusal(buyer_api, "SAVE10", [])
    assert _refusal(buyer_api, "SAVE10", [{"_id": kurta.pk, "quantity": 11}])
    # Without a token it answers for a guest (orders/tests/test_guest_coupon.py); a token
    # that is not one is still 401.
    bad_token = client_for()
    bad_token.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    assert bad_token.post(CHECK, {"code": "SAVE10", "cart": _cart((kurta, 1))}).status_code == 401


def test_checkout_takes_the_discount_and_charges_gst_on_what_the_buyer_pays(
    buyer_api, make_coupon, earbuds, kurta
):
    make_coupon(code="FLAT500", kind="amount", value="500")
    response = buyer_api.post(
        CHECKOUT, {"cart": _cart((earbuds, 2), (kurta, 1)), "coupon": " flat500 "}
    )
    assert response.status_code == 201, response.json()
    order = response.json()["order"]
    assert order["coupon"] == "FLAT500"
    assert order["discountTotal"] == 500
    # 500 over 2,998 : 999 = 375.03 and 124.97 (half up; the sum is exact).
    discounts = [line["discount"] for line in order["products"]]
    assert discounts == [375.03, 124.97]
    assert order["total"] == 2998 + 999 - 500
    for line in order["products"]:
        paid = D(str(line["price"])) * line["quantity"] - D(str(line["discount"]))
        parts = sum(D(str(line[k])) for k in ("taxableValue", "cgst", "sgst", "igst"))
        assert parts == paid
        # The contract's rule on the value after the discount, to the paisa.
        expected = split(paid, line["gstRate"], intra_state=line["igst"] == 0)
        assert [D(str(line[k])) for k in ("taxableValue", "cgst", "sgst", "igst")] == [
            expected.taxable_value,
            expected.cgst,
            expected.sgst,
            expected.igst,
        ]
        assert expected.tax > 0
    stored = Order.objects.get(pk=order["_id"])
    assert stored.discount_total == D("500.00") and stored.coupon.code == "FLAT500"
    assert sum(OrderLine.objects.values_list("discount", flat=True)) == D("500.00")


def test_a_coupon_that_does_not_apply_at_checkout_places_nothing(buyer_api, make_coupon, kurta):
    make_coupon(code="ONLINE", prepaid_only=True)
    before = kurta.quantity
    response = buyer_api.post(CHECKOUT, {"cart": _cart((kurta, 1)), "coupon": "ONLINE"})
    assert response.status_code == 400 and "online payment only" in response.json()["message"]
    response = buyer_api.post(CHECKOUT, {"cart": _cart((kurta, 1)), "coupon": "UNKNOWN1"})
    assert response.status_code == 400 and "not valid" in response.json()["message"]
    kurta.refresh_from_db()
    assert kurta.quantity == before and not Order.objects.exists()


def test_delivery_and_the_cod_cap_read_the_total_after_the_discount(
    buyer_api, make_coupon, settings
):
    shop = get_shop_details()
    shop.delivery_charge, shop.free_delivery_from = D("49"), D("1000")
    shop.save()
    lamp = ProductFactory(price=D("1050.00"), quantity=5)
    make_coupon(code="TENOFF", value="10")
    # 1,050 less 105 is 945: under the free-delivery threshold, so delivery is charged.
    order = buyer_api.post(CHECKOUT, {"cart": _cart((lamp, 1)), "coupon": "TENOFF"}).json()["order"]
    assert order["deliveryCharge"] == 49 and order["total"] == 945 + 49
    settings.COD_LIMIT = 2000
    make_coupon(code="HALF", value="50")
    # 3 x 1,050 = 3,150 is over the cap; after 50% off, 1,575 is under it.
    response = buyer_api.post(CHECKOUT, {"cart": _cart((lamp, 3)), "coupon": "HALF"})
    assert response.status_code == 201, response.json()
    assert response.json()["order"]["total"] == 1575


def test_a_cancelled_order_gives_its_use_back(buyer_api, admin_api, make_coupon, kurta):
    coupon = make_coupon(code="LASTONE", usage_limit=1)
    order = buyer_api.post(CHECKOUT, {"cart": _cart((kurta, 1)), "coupon": "LASTONE"}).json()[
        "order"
    ]
    listed = admin_api.get("/api/v1/coupons").json()["coupons"][0]
    assert (listed["used"], listed["discountGiven"]) == (1, 99.9)
    other = client_for(UserFactory())
    assert other.post(CHECKOUT, {"cart": _cart((kurta, 1)), "coupon": "LASTONE"}).status_code == 400
    assert buyer_api.post(f"/api/v1/orders/{order['_id']}/cancel").status_code == 200
    listed = admin_api.get("/api/v1/coupons").json()["coupons"][0]
    assert (listed["used"], listed["discountGiven"]) == (0, 0)
    assert other.post(CHECKOUT, {"cart": _cart((kurta, 1)), "coupon": "LASTONE"}).status_code == 201
    assert coupon.orders.count() == 2


def test_a_retried_checkout_with_a_coupon_places_one_order(buyer_api, make_coupon, kurta):
    make_coupon(code="ONCEEACH", per_customer_limit=1)
    body = {"cart": _cart((kurta, 1)), "coupon": "ONCEEACH"}
    first = buyer_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="tap-1")
    again = buyer_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="tap-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["order"]["_id"] == again.json()["order"]["_id"]
    # The same key with another coupon is another checkout: 422.
    other = buyer_api.post(
        CHECKOUT, {**body, "coupon": "SOMETHINGELSE"}, HTTP_IDEMPOTENCY_KEY="tap-1"
    )
    assert other.status_code == 422
    assert Order.objects.count() == 1


def test_a_coupon_changed_between_pricing_and_placing_is_409(
    buyer_api, make_coupon, kurta, monkeypatch
):
    from orders import services
    from promotions.models import Coupon

    make_coupon(code="MOVING", value="10")
    original = services._claim_coupon

    def edited_meanwhile(order, bill, payment, lines):
        Coupon.objects.filter(code="MOVING").update(value=D("20"))
        return original(order, bill, payment, lines)

    monkeypatch.setattr(services, "_claim_coupon", edited_meanwhile)
    response = buyer_api.post(CHECKOUT, {"cart": _cart((kurta, 1)), "coupon": "MOVING"})
    assert response.status_code == 409 and "coupon changed" in response.json()["message"]
    assert not Order.objects.exists()


@pytest.mark.parametrize("code", ["", None])
def test_no_coupon_is_an_order_without_one(buyer_api, kurta, code):
    body = {"cart": _cart((kurta, 1))}
    if code is not None:
        body["coupon"] = code
    order = buyer_api.post(CHECKOUT, body).json()["order"]
    assert order["coupon"] is None and order["discountTotal"] == 0
    assert order["products"][0]["discount"] == 0
