"""The path every new customer takes from the cart: register with a free-text address,
log in, check out to the profile's address (the spec's client sends no address). The
address's PIN code fixes the state and so the tax; without one the checkout is 400 with
the contract's sentence and places nothing."""

from decimal import Decimal

import pytest

from accounts.tests.helpers import LOGIN, REGISTER
from catalog.models import Product
from catalog.tests.factories import ProductFactory
from orders.models import Order
from orders.shop_details import get_shop_details

CHECKOUT = "/api/v1/orders/checkout"
PASSWORD = "Shop-Pass-2026!"


@pytest.fixture
def tee(db):
    return ProductFactory(name="Cotton Tee", price=Decimal("1000.00"), quantity=5)


def _registered(api, address: str):
    email = "new.customer@example.com"
    answer = api.post(
        REGISTER,
        {
            "name": "New Customer",
            "email": email,
            "password": PASSWORD,
            "phone": "9845012345",
            "address": address,
            "answer": "cricket",
        },
    )
    assert answer.status_code == 201, answer.json()
    token = api.post(LOGIN, {"email": email, "password": PASSWORD}).json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return api


def test_registering_from_the_cart_with_a_pin_code_checks_out_taxed_by_it(api, tee):
    assert get_shop_details().state != "Maharashtra"
    api = _registered(api, "12 MG Road, Pune 411001")

    placed = api.post(CHECKOUT, {"cart": [{"_id": tee.pk}]})

    assert placed.status_code == 201, placed.json()
    order = placed.json()["order"]
    assert order["address"] == "12 MG Road, Pune 411001"
    assert order["placeOfSupply"] == {"state": "Maharashtra", "stateCode": "27"}
    line = order["products"][0]
    assert line["igst"] > 0 and line["cgst"] == 0 and line["sgst"] == 0


def test_registering_with_an_address_without_a_pin_code_cannot_check_out(api, tee):
    api = _registered(api, "12 MG Road, Pune")

    refused = api.post(CHECKOUT, {"cart": [{"_id": tee.pk}]})

    assert refused.status_code == 400
    assert refused.json()["message"] == "Please add the PIN code of the delivery address"
    assert refused.json()["errors"] == {
        "address": ["Please add the PIN code of the delivery address"]
    }
    assert not Order.objects.exists()
    assert Product.objects.get(pk=tee.pk).quantity == 5
