"""GST of an order (orders.tax, catalog.tax, checkout): the contract's rounding, the
split by place of supply, the clothing threshold, the delivery charge, and checkout's
refusals for where the shop does not deliver or cannot collect cash."""

from decimal import Decimal

import pytest

from accounts.models import Address
from accounts.tests.factories import UserFactory
from catalog.models import Product
from catalog.tax import category_rate
from catalog.tests.factories import CategoryFactory, ProductFactory
from orders.models import Order, OrderLine, ServedPincode
from orders.shop_details import get_shop_details
from orders.tax import split
from orders.tests.conftest import client_for

CHECKOUT = "/api/v1/orders/checkout"
D = Decimal


def _address(user, state, pincode, **fields):
    values = {
        "name": user.name,
        "phone": "9876543210",
        "line1": "12 MG Road",
        "city": "Somewhere",
        "state": state,
        "pincode": pincode,
        "is_default": not user.addresses.exists(),
    }
    values.update(fields)
    return Address.objects.create(user=user, **values)


# --- the arithmetic -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "rate", "intra", "expected"),
    [
        # 1,180 at 18%: 180 of tax, half each.
        ("1180.00", 18, True, ("1000.00", "90.00", "90.00", "0.00")),
        ("1180.00", 18, False, ("1000.00", "0.00", "0.00", "180.00")),
        # 100.15 at 5%: tax 4.769 -> 4.77; halves 2.385 -> 2.39 each (half up), and the
        # taxable value absorbs the odd paisa: 100.15 - 4.78.
        ("100.15", 5, True, ("95.37", "2.39", "2.39", "0.00")),
        ("100.15", 5, False, ("95.38", "0.00", "0.00", "4.77")),
        ("499.00", 0, True, ("499.00", "0.00", "0.00", "0.00")),
        ("999.99", 40, False, ("714.28", "0.00", "0.00", "285.71")),
    ],
)
def test_a_line_is_split_as_the_contract_says(amount, rate, intra, expected):
    part = split(D(amount), rate, intra_state=intra)
    assert (part.taxable_value, part.cgst, part.sgst, part.igst) == tuple(D(x) for x in expected)
    assert part.taxable_value + part.tax == D(amount)


def test_many_lines_add_up_to_what_the_buyer_pays():
    """Rounded per line, every line's parts still add up to its amount, so the order's
    parts add up to its total whatever the number of lines."""
    total = parts = D("0")
    for n in range(1, 400):
        amount = (D(n) * D("13.37")).quantize(D("0.01"))
        for rate in (0, 5, 18, 40):
            for intra in (True, False):
                part = split(amount, rate, intra_state=intra)
                assert part.cgst == part.sgst
                total += amount
                parts += part.taxable_value + part.cgst + part.sgst + part.igst
    assert parts == total


def test_the_clothing_rule_compares_the_sale_value_before_tax(db):
    """5% up to Rs 2,500 of sale value a piece, 18% above: a tax-inclusive Rs 2,625.00
    is Rs 2,500.00 at 5% and stays at 5%; a paisa more is 18%."""
    apparel = CategoryFactory(
        name="Apparel", gst_rate=5, gst_threshold=D("2500.00"), gst_rate_above=18
    )
    assert category_rate(apparel, D("2500.00")) == 5
    assert category_rate(apparel, D("2625.00")) == 5
    assert category_rate(apparel, D("2625.01")) == 18
    flat = CategoryFactory(name="Phones", gst_rate=18)
    assert category_rate(flat, D("100000.00")) == 18


# --- checkout ---------------------------------------------------------------------------


@pytest.fixture
def apparel(db):
    return CategoryFactory(
        name="Apparel", hsn="6109", gst_rate=5, gst_threshold=D("2500.00"), gst_rate_above=18
    )


@pytest.fixture
def tee(apparel):
    return ProductFactory(name="Cotton Tee", price=D("2625.00"), quantity=10, category=apparel)


@pytest.fixture
def jacket(apparel):
    return ProductFactory(name="Wool Jacket", price=D("2625.01"), quantity=10, category=apparel)


def _lines(response):
    return {line["name"]: line for line in response.json()["order"]["products"]}


def test_delivery_in_the_shops_state_is_cgst_and_sgst(tee, jacket):
    shop = get_shop_details()
    buyer = UserFactory()
    home = _address(buyer, shop.state, "560001")
    response = client_for(buyer).post(
        CHECKOUT,
        {"cart": [{"_id": tee.pk, "quantity": 1}, {"_id": jacket.pk}], "addressId": home.pk},
    )
    assert response.status_code == 201, response.json()
    order = response.json()["order"]
    lines = _lines(response)
    assert (lines["Cotton Tee"]["gstRate"], lines["Cotton Tee"]["hsn"]) == (5, "6109")
    assert lines["Cotton Tee"]["cgst"] == lines["Cotton Tee"]["sgst"] == 62.5
    assert lines["Cotton Tee"]["igst"] == 0
    assert lines["Cotton Tee"]["taxableValue"] == 2500
    assert lines["Wool Jacket"]["gstRate"] == 18
    # 2,625.01 x 18 / 118 = 400.4252 -> 400.43; each half 200.215 -> 200.22 (half up).
    assert lines["Wool Jacket"]["cgst"] == lines["Wool Jacket"]["sgst"] == 200.22
    assert lines["Wool Jacket"]["taxableValue"] == 2224.57
    assert D(str(order["taxTotal"])) == D("125.00") + D("400.44")
    assert order["total"] == 5250.01
    assert order["deliveryCharge"] == 0
    assert order["invoiceNumber"] is None
    assert order["shippingAddress"]["_id"] == str(home.pk)
    assert order["shippingAddress"]["stateCode"] == shop.state_code
    assert order["placeOfSupply"] == {"state": shop.state, "stateCode": shop.state_code}
    assert order["address"] == home.text


def test_delivery_to_another_state_is_igst(tee):
    buyer = UserFactory()
    delhi = _address(buyer, "Delhi", "110001")
    response = client_for(buyer).post(
        CHECKOUT, {"cart": [{"_id": tee.pk, "quantity": 2}], "addressId": delhi.pk}
    )
    assert response.status_code == 201, response.json()
    line = _lines(response)["Cotton Tee"]
    assert (line["cgst"], line["sgst"], line["igst"], line["taxableValue"]) == (0, 0, 250, 5000)
    stored = OrderLine.objects.get()
    assert stored.igst == D("250.00") and stored.taxable_value == D("5000.00")
    assert Order.objects.get().place_of_supply == "07"


def test_a_free_text_address_is_placed_by_its_pin_code(tee):
    """The spec's client sends text: a PIN code in it that the directory knows decides
    the place of supply, and so the tax; text with none is 400 and places nothing."""
    buyer = UserFactory(address="")
    api = client_for(buyer)
    response = api.post(
        CHECKOUT, {"cart": [{"_id": tee.pk}], "address": "Flat 3, Park Street, Kolkata 700016"}
    )
    assert response.status_code == 201, response.json()
    assert response.json()["order"]["placeOfSupply"]["state"] == "West Bengal"
    assert response.json()["order"]["shippingAddress"] is None
    assert _lines(response)["Cotton Tee"]["igst"] == 125
    response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk}], "address": "12 MG Road, Pune 411001"})
    assert response.status_code == 201, response.json()
    assert response.json()["order"]["placeOfSupply"]["state"] == "Maharashtra"
    assert get_shop_details().state != "Maharashtra"
    assert _lines(response)["Cotton Tee"]["igst"] == 125
    placed = Order.objects.count()
    for text in ("12 MG Road, Pune", "Near the temple", "Flat 3, Kolkata 999999", "PIN 12345"):
        response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk}], "address": text})
        assert response.status_code == 400, (text, response.json())
        assert response.json()["message"] == "Please add the PIN code of the delivery address"
        assert response.json()["errors"] == {
            "address": ["Please add the PIN code of the delivery address"]
        }
    assert Order.objects.count() == placed


def test_the_profile_address_that_is_the_default_address_is_that_address(tee):
    buyer = UserFactory()
    delhi = _address(buyer, "Delhi", "110001")
    buyer.address = delhi.text
    buyer.save()
    response = client_for(buyer).post(CHECKOUT, {"cart": [{"_id": tee.pk}]})
    assert response.status_code == 201, response.json()
    assert response.json()["order"]["shippingAddress"]["_id"] == str(delhi.pk)


def test_the_delivery_charge_is_added_below_the_free_threshold_and_taxed(tee, db):
    shop = get_shop_details()
    shop.delivery_charge, shop.free_delivery_from = D("49.00"), D("3000.00")
    shop.save()
    cheap = ProductFactory(name="Socks", price=D("299.00"), quantity=5, category=tee.category)
    buyer = UserFactory()
    home = _address(buyer, "Delhi", "110001")
    api = client_for(buyer)
    response = api.post(CHECKOUT, {"cart": [{"_id": cheap.pk}], "addressId": home.pk})
    assert response.status_code == 201, response.json()
    order = response.json()["order"]
    assert order["deliveryCharge"] == 49
    assert order["total"] == 348
    stored = Order.objects.get(pk=order["_id"])
    # Taxed at the goods' rate (5%): 49 x 5 / 105 = 2.33.
    assert (stored.delivery_gst_rate, stored.delivery_igst) == (5, D("2.33"))
    assert D(str(order["taxTotal"])) == D("14.24") + D("2.33")
    # At or above the threshold: free.
    response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk, "quantity": 2}], "addressId": home.pk})
    assert response.json()["order"]["deliveryCharge"] == 0
    assert response.json()["order"]["total"] == 5250


def _nothing_taken(*products):
    return [Product.objects.get(pk=p.pk).quantity for p in products], Order.objects.count()


def test_cash_on_delivery_over_the_cap_is_refused_and_nothing_is_taken(tee, settings):
    settings.COD_LIMIT = 5000
    buyer = UserFactory()
    home = _address(buyer, "Delhi", "110001")
    api = client_for(buyer)
    before = _nothing_taken(tee)
    response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk, "quantity": 2}], "addressId": home.pk})
    assert response.status_code == 400
    assert "Cash on delivery is available for orders up to ₹5,000" in str(response.json())
    assert _nothing_taken(tee) == before
    # At the cap exactly: accepted.
    settings.COD_LIMIT = 5250
    response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk, "quantity": 2}], "addressId": home.pk})
    assert response.status_code == 201, response.json()


def test_an_unserved_pin_code_and_one_without_cash_are_refused(tee):
    ServedPincode.objects.create(pincode="110001", cod=False)
    ServedPincode.objects.create(pincode="560001", cod=True)
    buyer = UserFactory()
    delhi = _address(buyer, "Delhi", "110001")
    mumbai = _address(buyer, "Maharashtra", "400001")
    home = _address(buyer, "Karnataka", "560001")
    api = client_for(buyer)
    before = _nothing_taken(tee)
    response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk}], "addressId": mumbai.pk})
    assert response.status_code == 400
    assert "Sorry, we do not deliver to PIN code 400001 yet." in str(response.json())
    response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk}], "addressId": delhi.pk})
    assert response.status_code == 400
    assert "Cash on delivery is not available for PIN code 110001." in str(response.json())
    response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk}], "address": "Near the temple"})
    assert response.status_code == 400
    assert "PIN code" in str(response.json())
    assert _nothing_taken(tee) == before
    response = api.post(CHECKOUT, {"cart": [{"_id": tee.pk}], "addressId": home.pk})
    assert response.status_code == 201, response.json()


def test_another_users_address_is_refused(tee):
    owner, thief = UserFactory(), UserFactory()
    theirs = _address(owner, "Delhi", "110001")
    before = _nothing_taken(tee)
    for address_id in (theirs.pk, 999999, "abc"):
        response = client_for(thief).post(
            CHECKOUT, {"cart": [{"_id": tee.pk}], "addressId": address_id}
        )
        assert response.status_code == 400, response.json()
        assert "addressId" in str(response.json())
    assert _nothing_taken(tee) == before


def test_a_retry_with_the_same_key_and_address_id_answers_the_first_order(tee):
    buyer = UserFactory()
    home = _address(buyer, "Delhi", "110001")
    other = _address(buyer, "Karnataka", "560001")
    api = client_for(buyer)
    body = {"cart": [{"_id": tee.pk}], "addressId": home.pk}
    first = api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="tap-1")
    again = api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="tap-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["order"]["_id"] == again.json()["order"]["_id"]
    moved = api.post(CHECKOUT, {**body, "addressId": other.pk}, HTTP_IDEMPOTENCY_KEY="tap-1")
    assert moved.status_code == 422
    assert Order.objects.count() == 1
