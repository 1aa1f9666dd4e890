"""A guest's coupon: coupons/check without a token says what a code takes off the cart (the
guest checkout form's coupon box), throttled per client address, leaving the limits per
customer to checkout, which counts them by the guest's e-mail; guest checkout takes the
code as a buyer's does."""

from decimal import Decimal

import pytest
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from catalog.tests.factories import ProductFactory
from orders.models import Order
from promotions.models import Coupon

pytestmark = pytest.mark.django_db

CHECK = "/api/v1/coupons/check"
CHECKOUT = "/api/v1/orders/checkout"
GUEST = {"name": "Asha Rao", "email": "asha.rao@example.com", "phone": "9876543210"}
ADDRESS = {
    "name": "Asha Rao",
    "phone": "9876543210",
    "line1": "14 Janpath",
    "city": "New Delhi",
    "state": "Delhi",
    "pincode": "110001",
}


@pytest.fixture
def anon():
    client = APIClient()
    client.default_format = "json"
    return client


@pytest.fixture
def kurta(db):
    return ProductFactory(name="Cotton Kurta", price=Decimal("1000.00"), quantity=10)


def _cart(product, quantity=1):
    return [{"_id": product.pk, "quantity": quantity}]


def test_a_guest_learns_what_a_coupon_takes_off_without_a_token(anon, kurta):
    Coupon.objects.create(code="SAVE10", kind="percent", value=Decimal("10"))

    response = anon.post(CHECK, {"code": "save10", "cart": _cart(kurta, 2)})

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["coupon"]["code"] == "SAVE10"
    assert body["discount"] == 200
    assert not Order.objects.exists()


def test_a_guests_check_says_why_a_code_does_not_apply(anon, kurta):
    Coupon.objects.create(code="BIG", kind="amount", value=Decimal("100"), min_order=Decimal(5000))

    unknown = anon.post(CHECK, {"code": "NOPE", "cart": _cart(kurta)})
    minimum = anon.post(CHECK, {"code": "BIG", "cart": _cart(kurta)})

    assert unknown.status_code == 400 and "not valid" in unknown.json()["message"]
    assert minimum.status_code == 400 and "minimum" in minimum.json()["message"].lower()


def test_a_guests_check_leaves_per_customer_limits_to_checkout_which_counts_the_email(anon, kurta):
    """The check knows no e-mail (asking by e-mail would tell anyone whether an e-mail has
    ordered): a first-order coupon applies there; guest checkout then refuses it to an
    e-mail that has ordered, and takes it for one that has not."""
    Coupon.objects.create(code="FIRST", kind="percent", value=Decimal("10"), first_order_only=True)
    first = anon.post(
        CHECKOUT,
        {"cart": _cart(kurta), "guest": GUEST, "shippingAddress": ADDRESS, "coupon": "FIRST"},
    )
    assert first.status_code == 201, first.json()
    assert first.json()["order"]["coupon"] == "FIRST"
    assert first.json()["order"]["discountTotal"] == 100

    assert anon.post(CHECK, {"code": "FIRST", "cart": _cart(kurta)}).status_code == 200
    again = anon.post(
        CHECKOUT,
        {"cart": _cart(kurta), "guest": GUEST, "shippingAddress": ADDRESS, "coupon": "FIRST"},
    )
    assert again.status_code == 400
    assert "first order" in again.json()["message"].lower()
    assert Order.objects.count() == 1


def test_a_used_up_coupon_is_said_to_a_guest_before_checkout(anon, kurta):
    Coupon.objects.create(code="ONCE", kind="amount", value=Decimal("50"), usage_limit=1)
    placed = anon.post(
        CHECKOUT,
        {"cart": _cart(kurta), "guest": GUEST, "shippingAddress": ADDRESS, "coupon": "ONCE"},
    )
    assert placed.status_code == 201, placed.json()

    response = anon.post(CHECK, {"code": "ONCE", "cart": _cart(kurta)})

    assert response.status_code == 400
    assert "used" in response.json()["message"].lower()


def test_guests_checks_are_throttled_per_client_address(anon, kurta, monkeypatch):
    monkeypatch.setitem(api_settings.DEFAULT_THROTTLE_RATES, "guest_coupon_check", "2/min")
    Coupon.objects.create(code="SAVE10", kind="percent", value=Decimal("10"))
    body = {"code": "SAVE10", "cart": _cart(kurta)}

    answers = [anon.post(CHECK, body, REMOTE_ADDR="203.0.113.7").status_code for _ in range(3)]
    elsewhere = anon.post(CHECK, body, REMOTE_ADDR="203.0.113.8").status_code

    assert answers == [200, 200, 429]
    assert elsewhere == 200
