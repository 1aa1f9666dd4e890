"""Business buyers (docs/tax.md, "Business buyers"): checkout takes a GSTIN and business
name (checked: checksum, state code, each with the other), keeps them on the order and in
its answer, takes them from the saved address chosen when none is sent, counts them in
the Idempotency-Key's request, leaves the tax to the delivery state, and the invoice
and credit notes of such an order are B2B documents naming them."""

from decimal import Decimal

import pytest
from django.db import transaction
from rest_framework.exceptions import ValidationError
from stdnum.in_ import gstin as stdnum_gstin

from accounts.gstin import GstinError, check_gstin
from accounts.models import Address
from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from orders.invoice_pdf import render
from orders.invoices import issue_credit_note, issue_invoice
from orders.models import Order, OrderStatus
from orders.services import order_checkout
from orders.shop_details import get_shop_details
from orders.tests.test_invoices import pdf_text

CHECKOUT = "/api/v1/orders/checkout"
# Valid GSTINs (python-stdnum agrees): the shop's placeholder (Karnataka), and one PAN
# registered in Maharashtra, Delhi and Ladakh.
KARNATAKA = "29AAACS1234A1ZY"
MAHARASHTRA = "27AAACS1234A1Z2"
DELHI = "07AAACS1234A1Z4"
LADAKH = "38AAACS1234A1ZZ"
# Same numbers, last character changed: the checksum fails.
BAD_CHECKSUM = "27AAACS1234A1Z3"
NAME = "Asha Traders Private Limited"


@pytest.fixture
def kettle(db):
    return ProductFactory(name="Steel Kettle", price=Decimal("1180.00"), quantity=20)


def _address(user, state="Karnataka", pincode="560001", city="Bengaluru", **fields):
    return Address.objects.create(
        user=user,
        name="Asha Rao",
        phone="9876543210",
        line1="12 MG Road",
        city=city,
        state=state,
        pincode=pincode,
        is_default=not user.addresses.exists(),
        **fields,
    )


def _body(kettle, **extra):
    return {"cart": [{"_id": kettle.pk, "quantity": 1}], **extra}


def _errors(response) -> dict:
    assert response.status_code == 400, response.json()
    return response.json()["errors"]


# --- the check ------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [KARNATAKA, MAHARASHTRA, DELHI, "33AAACS1234A1Z9"])
def test_the_test_numbers_are_valid_for_python_stdnum_too(number):
    assert stdnum_gstin.is_valid(number)
    assert check_gstin(number) == number


def test_a_gstin_is_made_compact_and_capital():
    assert check_gstin(" 27 aaacs-1234-a1z2 ") == MAHARASHTRA


def test_ladakh_is_a_state_though_python_stdnum_does_not_list_it():
    assert check_gstin(LADAKH) == LADAKH


@pytest.mark.parametrize(
    ("number", "code"),
    [
        (BAD_CHECKSUM, "checksum"),
        ("29AAACS1234A1ZZ", "checksum"),
        # Checksum right, but 99, 00 and 97 name no delivery state, 25 and 28 no longer.
        ("99AAACS1234A1ZR", "state"),
        ("00AAACS1234A1ZI", "state"),
        ("97AAACS1234A1ZV", "state"),
        ("25AAACS1234A1Z6", "state"),
        ("28AAACS1234A1Z0", "state"),
        ("29AAACS1234A1Z", "format"),
        ("29AAACS1234A1ZYY", "format"),
        ("29AAAXS1234A1Z" + "Y", "format"),  # X is no PAN holder type
        ("29AAACS1234A0ZY", "format"),  # registration number 0
        ("29AAACS1234A1YY", "format"),  # the 14th is always Z
        ("२९AAACS1234A1ZY", "format"),
    ],
)
def test_a_bad_gstin_says_what_is_wrong(number, code):
    with pytest.raises(GstinError) as raised:
        check_gstin(number)
    assert raised.value.code == code
    assert raised.value.message.startswith("Enter a valid GSTIN")


def test_the_state_code_cases_have_a_right_checksum():
    """So the state is what they fail on: python-stdnum's checksum accepts each."""
    from stdnum import luhn

    for number in ("99AAACS1234A1ZR", "00AAACS1234A1ZI", "97AAACS1234A1ZV", "25AAACS1234A1Z6"):
        assert luhn.is_valid(number, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), number


# --- checkout --------------------------------------------------------------------------------


def test_a_business_checkout_keeps_the_gstin_and_name_and_answers_them(buyer, buyer_api, kettle):
    response = buyer_api.post(
        CHECKOUT, _body(kettle, gstin="27aaacs1234a1z2 ", businessName=f"  {NAME}  ")
    )
    assert response.status_code == 201, response.json()
    answer = response.json()["order"]
    assert answer["buyerGstin"] == MAHARASHTRA
    assert answer["businessName"] == NAME
    order = Order.objects.get(pk=answer["_id"])
    assert (order.buyer_gstin, order.business_name) == (MAHARASHTRA, NAME)
    # The place of supply is the delivery state (the buyer's PIN is Bengaluru's), not
    # the GSTIN's: CGST + SGST, no IGST.
    assert answer["placeOfSupply"] == {"state": "Karnataka", "stateCode": "29"}
    line = answer["products"][0]
    assert (line["cgst"], line["sgst"], line["igst"]) == (90, 90, 0)
    # Read back, and in the list, the same keys.
    detail = buyer_api.get(f"/api/v1/orders/{order.pk}").json()["order"]
    assert (detail["buyerGstin"], detail["businessName"]) == (MAHARASHTRA, NAME)


def test_a_consumer_order_answers_null_for_both(buyer_api, kettle):
    response = buyer_api.post(CHECKOUT, _body(kettle))
    assert response.status_code == 201, response.json()
    answer = response.json()["order"]
    assert "buyerGstin" in answer and "businessName" in answer
    assert answer["buyerGstin"] is None and answer["businessName"] is None
    assert Order.objects.get().buyer_gstin == ""


def test_a_business_name_in_odd_unicode_is_kept_as_sent(buyer_api, kettle):
    name = "श्री गणेश ट्रेडर्स & Sons <b>“Ltd”</b> 🙂"
    response = buyer_api.post(CHECKOUT, _body(kettle, gstin=DELHI, businessName=name))
    assert response.status_code == 201, response.json()
    assert response.json()["order"]["businessName"] == name


@pytest.mark.parametrize(
    ("extra", "field", "words"),
    [
        ({"gstin": BAD_CHECKSUM, "businessName": NAME}, "gstin", "does not match"),
        ({"gstin": "99AAACS1234A1ZR", "businessName": NAME}, "gstin", "99 is none"),
        ({"gstin": "00AAACS1234A1ZI", "businessName": NAME}, "gstin", "00 is none"),
        ({"gstin": "29AAACS1234", "businessName": NAME}, "gstin", "15 characters"),
        ({"gstin": 29, "businessName": NAME}, "gstin", "Enter a valid GSTIN"),
        ({"businessName": NAME}, "businessName", "goes with a GSTIN"),
        ({"gstin": "", "businessName": NAME}, "businessName", "goes with a GSTIN"),
        ({"gstin": MAHARASHTRA}, "businessName", "Please add the business name on the GSTIN"),
        ({"gstin": MAHARASHTRA, "businessName": "  "}, "businessName", "Please add"),
        ({"gstin": MAHARASHTRA, "businessName": "A" * 201}, "businessName", "at most 200"),
        ({"gstin": MAHARASHTRA, "businessName": "Bad\x07Name"}, "businessName", "not allowed"),
        ({"gstin": MAHARASHTRA, "businessName": "Two\nlines"}, "businessName", "not allowed"),
        ({"gstin": ["x"], "businessName": NAME}, "gstin", "text"),
    ],
)
def test_bad_business_details_are_400_on_their_field_and_place_nothing(
    buyer_api, kettle, extra, field, words
):
    errors = _errors(buyer_api.post(CHECKOUT, _body(kettle, **extra)))
    assert field in errors, errors
    assert any(words in message for message in errors[field]), errors
    assert not Order.objects.exists()
    kettle.refresh_from_db()
    assert kettle.quantity == 20


def test_a_business_name_of_200_characters_is_kept(buyer_api, kettle):
    name = "B" * 200
    response = buyer_api.post(CHECKOUT, _body(kettle, gstin=MAHARASHTRA, businessName=name))
    assert response.status_code == 201, response.json()
    assert Order.objects.get().business_name == name


def test_the_service_checks_them_too_for_other_callers(buyer, kettle):
    cart = [{"_id": kettle.pk, "quantity": 1}]
    with pytest.raises(ValidationError) as raised:
        order_checkout(buyer=buyer, cart=cart, gstin=BAD_CHECKSUM, business_name=NAME)
    assert "gstin" in raised.value.detail
    with pytest.raises(ValidationError) as raised:
        order_checkout(buyer=buyer, cart=cart, gstin=MAHARASHTRA)
    assert "businessName" in raised.value.detail
    order, created = order_checkout(
        buyer=buyer, cart=cart, gstin="27 aaacs 1234 a1z2", business_name=NAME
    )
    assert created and (order.buyer_gstin, order.business_name) == (MAHARASHTRA, NAME)
    assert not Order.objects.exclude(pk=order.pk).exists()


# --- from the address book ----------------------------------------------------------------


def test_an_address_with_a_gstin_bills_it_when_checkout_sends_none(buyer, buyer_api, kettle):
    office = _address(buyer, gstin=KARNATAKA, business_name=NAME)
    response = buyer_api.post(CHECKOUT, _body(kettle, addressId=office.pk))
    assert response.status_code == 201, response.json()
    answer = response.json()["order"]
    assert (answer["buyerGstin"], answer["businessName"]) == (KARNATAKA, NAME)
    # The order's shippingAddress is the address object, without the billing details.
    assert "gstin" not in answer["shippingAddress"]


def test_gstin_sent_takes_the_place_of_the_addresses(buyer, buyer_api, kettle):
    office = _address(buyer, gstin=KARNATAKA, business_name=NAME)
    response = buyer_api.post(
        CHECKOUT,
        _body(kettle, addressId=office.pk, gstin=DELHI, businessName="Delhi Branch LLP"),
    )
    assert response.status_code == 201, response.json()
    answer = response.json()["order"]
    assert (answer["buyerGstin"], answer["businessName"]) == (DELHI, "Delhi Branch LLP")
    assert answer["placeOfSupply"]["stateCode"] == "29"
    # Kept on the address for next time.
    office.refresh_from_db()
    assert (office.gstin, office.business_name) == (DELHI, "Delhi Branch LLP")


def test_a_gstin_typed_at_checkout_is_offered_again_from_the_address(buyer, buyer_api, kettle):
    home = _address(buyer)
    other = _address(UserFactory(), gstin=KARNATAKA, business_name=NAME)
    first = buyer_api.post(
        CHECKOUT, _body(kettle, addressId=home.pk, gstin=DELHI, businessName=NAME)
    )
    assert first.status_code == 201, first.json()
    home.refresh_from_db()
    assert (home.gstin, home.business_name) == (DELHI, NAME)
    again = buyer_api.post(CHECKOUT, _body(kettle, addressId=home.pk))
    assert again.json()["order"]["buyerGstin"] == DELHI
    # A consumer purchase from it later does not wipe it, nor does anyone touch another's.
    assert buyer_api.post(CHECKOUT, _body(kettle, addressId=home.pk, gstin="")).status_code == 201
    home.refresh_from_db()
    other.refresh_from_db()
    assert home.gstin == DELHI and other.gstin == KARNATAKA


@pytest.mark.parametrize("none", ["", None])
def test_an_empty_gstin_buys_as_a_consumer_from_a_business_address(buyer, buyer_api, kettle, none):
    office = _address(buyer, gstin=KARNATAKA, business_name=NAME)
    response = buyer_api.post(CHECKOUT, _body(kettle, addressId=office.pk, gstin=none))
    assert response.status_code == 201, response.json()
    answer = response.json()["order"]
    assert answer["buyerGstin"] is None and answer["businessName"] is None


def test_a_home_address_bills_no_gstin(buyer, buyer_api, kettle):
    home = _address(buyer)
    response = buyer_api.post(CHECKOUT, _body(kettle, addressId=home.pk))
    assert response.status_code == 201, response.json()
    assert response.json()["order"]["buyerGstin"] is None


def test_the_gstin_state_does_not_move_the_place_of_supply(buyer, buyer_api, kettle):
    """A Karnataka business takes delivery in Maharashtra: IGST, place of supply 27."""
    mumbai = _address(buyer, state="Maharashtra", pincode="400001")
    response = buyer_api.post(
        CHECKOUT, _body(kettle, addressId=mumbai.pk, gstin=KARNATAKA, businessName=NAME)
    )
    assert response.status_code == 201, response.json()
    answer = response.json()["order"]
    assert answer["placeOfSupply"] == {"state": "Maharashtra", "stateCode": "27"}
    line = answer["products"][0]
    assert (line["cgst"], line["sgst"], line["igst"]) == (0, 0, 180)


# --- the Idempotency-Key -----------------------------------------------------------------------


def test_a_retry_with_the_same_gstin_answers_the_first_order(buyer_api, kettle):
    body = _body(kettle, gstin=MAHARASHTRA, businessName=NAME)
    first = buyer_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="b2b-1")
    # The same number typed otherwise is the same request.
    again = buyer_api.post(
        CHECKOUT, {**body, "gstin": "27 aaacs 1234 a1z2"}, HTTP_IDEMPOTENCY_KEY="b2b-1"
    )
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["order"]["_id"] == again.json()["order"]["_id"]
    assert Order.objects.count() == 1


@pytest.mark.parametrize(
    "changed",
    [
        {"gstin": DELHI, "businessName": NAME},
        {"gstin": MAHARASHTRA, "businessName": "Another Name Ltd"},
        {},
    ],
)
def test_a_retry_with_other_business_details_is_another_checkout(buyer_api, kettle, changed):
    first = buyer_api.post(
        CHECKOUT, _body(kettle, gstin=MAHARASHTRA, businessName=NAME), HTTP_IDEMPOTENCY_KEY="k"
    )
    assert first.status_code == 201
    retry = buyer_api.post(CHECKOUT, _body(kettle, **changed), HTTP_IDEMPOTENCY_KEY="k")
    assert retry.status_code == 422, retry.json()
    assert Order.objects.count() == 1


def test_a_consumer_retry_then_a_business_one_is_another_checkout(buyer_api, kettle):
    assert buyer_api.post(CHECKOUT, _body(kettle), HTTP_IDEMPOTENCY_KEY="k2").status_code == 201
    retry = buyer_api.post(
        CHECKOUT, _body(kettle, gstin=MAHARASHTRA, businessName=NAME), HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert retry.status_code == 422


# --- paid online ------------------------------------------------------------------------------


def test_an_online_checkout_keeps_the_gstin_too(buyer_api, kettle, razorpay):
    response = buyer_api.post(
        CHECKOUT, _body(kettle, payment="razorpay", gstin=MAHARASHTRA, businessName=NAME)
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["order"]["status"] == OrderStatus.AWAITING_PAYMENT
    assert body["razorpay"]["orderId"]
    assert (body["order"]["buyerGstin"], body["order"]["businessName"]) == (MAHARASHTRA, NAME)
    assert Order.objects.get().buyer_gstin == MAHARASHTRA


# --- the documents ---------------------------------------------------------------------------


def _shipped(order):
    with transaction.atomic():
        Order.objects.filter(pk=order.pk).update(status=OrderStatus.SHIPPED)
        return issue_invoice(order)


def _placed(buyer, kettle, **business):
    address = _address(buyer, state="Maharashtra", pincode="400001", city="Mumbai")
    order, _ = order_checkout(
        buyer=buyer, cart=[{"_id": kettle.pk, "quantity": 2}], address_id=address.pk, **business
    )
    return order


def test_a_b2b_invoice_names_the_buyer_by_gstin_and_ships_to_the_address(buyer, kettle):
    order = _placed(buyer, kettle, gstin=DELHI, business_name=NAME)
    text = pdf_text(render(_shipped(order), shop=get_shop_details()))
    for field in (
        "TAX INVOICE",
        "Recipient (registered) - billed to",
        NAME,
        # A Delhi business (the seller's own GSTIN is Karnataka's).
        f"GSTIN: {DELHI}",
        "State: Delhi, State code: 07",
        "Shipped to",
        "Asha Rao",
        "Mumbai 400001",
        "State: Maharashtra, State code: 27",
        # The place of supply is still the delivery state: IGST from Karnataka.
        "Place of supply: Maharashtra (27)",
        "IGST",
        "Total invoice value: ₹2,360.00",
    ):
        assert field in text, (field, text)
    assert "unregistered" not in text
    assert text.count("GSTIN:") == 2  # the seller's and the buyer's
    assert text.count("reverse charge: No") == 2  # in the facts and under the tax summary


def test_a_consumer_invoice_is_unchanged(buyer, kettle):
    order = _placed(buyer, kettle)
    text = pdf_text(render(_shipped(order), shop=get_shop_details()))
    assert "Recipient (unregistered) - billed and shipped to" in text
    assert "Recipient (registered)" not in text
    assert "Shipped to" not in text
    assert text.count("reverse charge: No") == 2  # in the facts and under the tax summary
    # The seller's GSTIN is the only one.
    assert text.count("GSTIN:") == 1


def test_a_credit_note_of_a_b2b_order_names_the_buyers_gstin(buyer, kettle):
    order = _placed(buyer, kettle, gstin=DELHI, business_name=NAME)
    _shipped(order)
    with transaction.atomic():
        Order.objects.filter(pk=order.pk).update(status=OrderStatus.RETURNED)
        note = issue_credit_note(order)
    text = pdf_text(render(note, shop=get_shop_details()))
    assert "CREDIT NOTE" in text
    assert f"GSTIN: {DELHI}" in text
    assert NAME in text
    assert "Recipient (registered) - billed to" in text


def test_the_django_admin_shows_the_buyers_gstin_and_business_name(
    buyer, buyer_api, kettle, staff_client
):
    response = buyer_api.post(CHECKOUT, _body(kettle, gstin=DELHI, businessName="Delhi Traders"))
    assert response.status_code == 201, response.json()
    page = staff_client.get(f"/admin/orders/order/{response.json()['order']['_id']}/change/")
    html = page.content.decode()
    assert DELHI in html and "Delhi Traders" in html
