"""Guest checkout (docs/orders.md, "Guest checkout"): an order without an account, shown
to whoever holds its token, mailed with its link, throttled per client address,
idempotent by the guest's e-mail, and claimed by the account of that e-mail that opens
its link."""

from decimal import Decimal

import pytest
from django.core import mail
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from catalog.models import Product
from catalog.tests.factories import ProductFactory
from orders import guest
from orders.models import Order, OrderLine, OrderStatus, ServedPincode
from shop.models import ThrottleCounter

CHECKOUT = "/api/v1/orders/checkout"
GUEST = {"name": "Asha Rao", "email": "Asha.Rao@Example.com", "phone": "+91 98765 43210"}
ADDRESS = {
    "name": "Asha Rao",
    "phone": "9876543210",
    "line1": "14 Janpath",
    "line2": "",
    "city": "New Delhi",
    "state": "delhi",
    "pincode": "110001",
}


@pytest.fixture
def phone(db):
    return ProductFactory(name="Pixel 9", price=Decimal("19999.50"), quantity=5)


@pytest.fixture
def anon():
    client = APIClient()
    client.default_format = "json"
    return client


def _body(product, **changes):
    body = {"cart": [{"_id": product.pk, "quantity": 2}], "guest": dict(GUEST)}
    body["shippingAddress"] = dict(ADDRESS)
    body.update(changes)
    return body


def _snapshot():
    return (
        sorted(Product.objects.values_list("pk", "quantity")),
        Order.objects.count(),
        OrderLine.objects.count(),
    )


def test_a_guest_places_an_order_as_a_buyer_would(anon, phone, run_tasks):
    response = anon.post(CHECKOUT, _body(phone))

    assert response.status_code == 201, response.json()
    data = response.json()
    order = data["order"]
    token = data["orderToken"]
    assert len(token) == 64
    assert order["buyer"] == {"_id": None, "name": "Asha Rao"}
    assert order["guest"] is True
    assert order["status"] == "Not Processed"
    assert order["total"] == 39999.0
    # Delhi is not the shop's state: IGST, from the PIN code's state.
    assert order["placeOfSupply"] == {"state": "Delhi", "stateCode": "07"}
    assert all(line["igst"] > 0 and line["cgst"] == 0 for line in order["products"])
    assert order["shippingAddress"]["state"] == "Delhi"
    assert order["shippingAddress"]["_id"] is None
    saved = Order.objects.get()
    assert (saved.buyer, saved.guest_email, saved.guest_phone) == (
        None,
        "asha.rao@example.com",
        "9876543210",
    )
    # The token is not stored: only the random secret it is made from.
    assert token not in str(Order.objects.values().get())
    phone.refresh_from_db()
    assert phone.quantity == 3

    run_tasks()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["asha.rao@example.com"]
    assert "Hello Asha Rao" in message.body
    assert f"http://testserver/order/{saved.pk}#token={token}" in message.body


def test_the_token_shows_the_order_and_its_invoice_and_nothing_else_does(
    anon, phone, other_api, admin_api
):
    placed = anon.post(CHECKOUT, _body(phone)).json()
    pk, token = placed["order"]["_id"], placed["orderToken"]
    url = f"/api/v1/orders/{pk}"

    seen = anon.get(url, {"token": token})
    assert seen.status_code == 200
    assert seen.json()["order"]["_id"] == pk
    assert seen.json()["order"]["statusHistory"][0]["status"] == "Not Processed"
    assert anon.get(url, HTTP_X_ORDER_TOKEN=token).status_code == 200
    # Wrong, empty, another order's: the 404 of an order that does not exist.
    missing = anon.get("/api/v1/orders/999999", {"token": token})
    for wrong in (token[:-1] + ("0" if token[-1] != "0" else "1"), "", "x" * 64):
        answer = anon.get(url, {"token": wrong})
        assert (answer.status_code, answer.json()) == (404, missing.json())
        assert anon.get(f"{url}/invoice", {"token": wrong}).status_code == 404
    # No token, not signed in: 401 as for any order. Signed in as someone else: 404.
    assert anon.get(url).status_code == 401
    assert other_api.get(url).status_code == 404
    assert admin_api.get(url).status_code == 200
    # A token sent with a valid JWT: the token shows it, and the JWT's own flow still works.
    assert other_api.get(url, {"token": token}).status_code == 200
    assert other_api.get("/api/v1/auth/orders").json() == []

    # Not shipped: no invoice yet (404 saying so); once shipped, the PDF by token.
    assert anon.get(f"{url}/invoice", {"token": token}).status_code == 404
    for status in ("Processing", "Shipped"):
        admin_api.put(f"/api/v1/auth/order-status/{pk}", {"status": status})
    pdf = anon.get(f"{url}/invoice", {"token": token})
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    assert b"Asha Rao" in b"".join(pdf) or pdf.content.startswith(b"%PDF")
    assert anon.get(f"{url}/invoice").status_code == 401
    # The admin's list shows the guest's e-mail and phone, and finds it by them.
    listed = admin_api.get("/api/v1/auth/all-orders", {"q": "asha.rao"}).json()
    assert [o["buyer"] for o in listed] == [
        {"_id": None, "name": "Asha Rao", "email": "asha.rao@example.com", "phone": "9876543210"}
    ]


def test_a_token_of_another_order_or_a_signed_in_order_finds_nothing(anon, phone, buyer_api):
    mine = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}).json()["order"]["_id"]
    placed = anon.post(CHECKOUT, _body(phone, cart=[{"_id": phone.pk}])).json()
    assert anon.get(f"/api/v1/orders/{mine}", {"token": placed["orderToken"]}).status_code == 404
    assert guest.order_token(Order.objects.get(pk=mine)) == ""


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"guest": {**GUEST, "name": " "}}, "guest", "Name"),
        ({"guest": {**GUEST, "email": "not-an-email"}}, "guest", "email"),
        ({"guest": {**GUEST, "phone": "12345"}}, "guest", "10-digit"),
        ({"guest": {k: v for k, v in GUEST.items() if k != "phone"}}, "guest", "Phone"),
        ({"shippingAddress": {**ADDRESS, "pincode": ""}}, "shippingAddress", "PIN code"),
        ({"shippingAddress": {**ADDRESS, "pincode": "11001"}}, "shippingAddress", "six digits"),
        ({"shippingAddress": {**ADDRESS, "pincode": "560001"}}, "shippingAddress", "Karnataka"),
        ({"shippingAddress": {**ADDRESS, "state": "Atlantis"}}, "shippingAddress", "State"),
        ({"shippingAddress": {**ADDRESS, "city": ""}}, "shippingAddress", "City"),
        ({"shippingAddress": None}, "shippingAddress", "delivery address"),
    ],
)
def test_bad_guest_input_is_400_naming_the_field_and_saves_nothing(
    anon, phone, change, field, words
):
    before = _snapshot()
    response = anon.post(CHECKOUT, _body(phone, **change))
    assert response.status_code == 400, response.json()
    body = response.json()
    assert field in body["errors"]
    assert words.lower() in " ".join(body["errors"][field]).lower()
    assert _snapshot() == before


def test_an_unserved_pin_code_and_cash_where_it_is_not_collected_are_400(anon, phone):
    ServedPincode.objects.create(pincode="560001", cod=True)
    before = _snapshot()
    response = anon.post(CHECKOUT, _body(phone))
    assert response.status_code == 400
    assert response.json()["errors"]["shippingAddress"] == [
        "PIN code: Sorry, we do not deliver to PIN code 110001 yet."
    ]
    ServedPincode.objects.create(pincode="110001", cod=False)
    response = anon.post(CHECKOUT, _body(phone))
    assert response.status_code == 400
    assert "payment" in response.json()["errors"]
    assert _snapshot() == before


def test_without_guest_and_token_it_is_401_and_guest_with_a_token_is_400(anon, buyer_api, phone):
    assert anon.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}).status_code == 401
    signed = buyer_api.post(CHECKOUT, _body(phone))
    assert signed.status_code == 400
    assert "signed in" in signed.json()["errors"]["guest"][0]
    assert Order.objects.count() == 0
    # The signed-in flow itself is unchanged (a stray shippingAddress is not read).
    body = {"cart": [{"_id": phone.pk}], "shippingAddress": ADDRESS}
    placed = buyer_api.post(CHECKOUT, body)
    assert placed.status_code == 201
    assert "orderToken" not in placed.json()


def test_idempotency_key_is_keyed_by_the_guest_email(anon, phone):
    first = anon.post(CHECKOUT, _body(phone), HTTP_IDEMPOTENCY_KEY="g-1")
    again = anon.post(
        CHECKOUT,
        _body(phone, guest={**GUEST, "email": "ASHA.RAO@example.com"}),
        HTTP_IDEMPOTENCY_KEY="g-1",
    )
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["order"]["_id"] == first.json()["order"]["_id"]
    assert again.json()["orderToken"] == first.json()["orderToken"]
    # The same key with another body: the conflict answer, nothing placed.
    other = anon.post(
        CHECKOUT, _body(phone, cart=[{"_id": phone.pk, "quantity": 1}]), HTTP_IDEMPOTENCY_KEY="g-1"
    )
    assert other.status_code == 422
    assert other.json()["message"] == "This Idempotency-Key was used for another checkout"
    moved = anon.post(
        CHECKOUT,
        _body(phone, shippingAddress={**ADDRESS, "line1": "15 Janpath"}),
        HTTP_IDEMPOTENCY_KEY="g-1",
    )
    assert moved.status_code == 422
    # Another guest's e-mail has keys of its own.
    theirs = anon.post(
        CHECKOUT,
        _body(phone, cart=[{"_id": phone.pk}], guest={**GUEST, "email": "b@example.com"}),
        HTTP_IDEMPOTENCY_KEY="g-1",
    )
    assert theirs.status_code == 201
    assert Order.objects.count() == 2


def _rates(settings, **rates):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }
    api_settings.reload()


def test_guest_checkouts_are_throttled_per_client_address(anon, buyer_api, phone, settings):
    _rates(settings, guest_checkout="3/min")
    try:
        bad = _body(phone, cart=[])
        codes = [anon.post(CHECKOUT, bad, REMOTE_ADDR="10.0.0.1").status_code for _ in range(3)]
        blocked = anon.post(CHECKOUT, _body(phone), REMOTE_ADDR="10.0.0.1")
        assert codes == [400, 400, 400]
        assert blocked.status_code == 429
        assert 1 <= int(blocked["Retry-After"]) <= 60
        # Another address, and a signed-in buyer at the same address, are not held.
        assert anon.post(CHECKOUT, _body(phone), REMOTE_ADDR="10.0.0.2").status_code == 201
        signed = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}, REMOTE_ADDR="10.0.0.1")
        assert signed.status_code == 201
        assert ThrottleCounter.objects.filter(ident__startswith="guest_checkout:").count() == 2
    finally:
        api_settings.reload()


def test_behind_a_proxy_the_forwarded_address_is_counted(anon, phone, settings):
    _rates(settings, guest_checkout="1/min")
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    api_settings.reload()
    try:
        one = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.5"}
        two = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.6"}
        assert anon.post(CHECKOUT, _body(phone, cart=[{"_id": phone.pk}]), **one).status_code == 201
        assert anon.post(CHECKOUT, _body(phone), **one).status_code == 429
        assert anon.post(CHECKOUT, _body(phone, cart=[{"_id": phone.pk}]), **two).status_code == 201
    finally:
        api_settings.reload()


def test_registering_later_and_opening_the_link_puts_the_order_in_my_orders(anon, phone):
    placed = anon.post(CHECKOUT, _body(phone)).json()
    pk, token = placed["order"]["_id"], placed["orderToken"]
    registered = anon.post(
        "/api/v1/auth/register",
        {
            "name": "Asha Rao",
            "email": "ASHA.rao@example.com",
            "password": "Shop-Pass-2026!",
            "phone": "9876543210",
            "address": "14 Janpath, New Delhi 110001",
            "answer": "blue",
        },
    )
    assert registered.status_code == 201, registered.json()
    login = anon.post(
        "/api/v1/auth/login", {"email": "asha.rao@example.com", "password": "Shop-Pass-2026!"}
    )
    me = APIClient()
    me.credentials(HTTP_AUTHORIZATION=f"Bearer {login.json()['token']}")
    # The e-mail alone shows nothing (the shop does not verify a registration's e-mail).
    assert me.get("/api/v1/auth/orders").json() == []
    assert me.get(f"/api/v1/orders/{pk}").status_code == 404
    # The mail's link opened signed in: the order is theirs from now on.
    assert me.get(f"/api/v1/orders/{pk}", HTTP_X_ORDER_TOKEN=token).status_code == 200
    mine = me.get("/api/v1/auth/orders").json()
    assert [o["_id"] for o in mine] == [pk]
    assert mine[0]["buyer"]["_id"] == str(Order.objects.get(pk=pk).buyer_id)
    assert mine[0]["guest"] is True
    assert me.get(f"/api/v1/orders/{pk}").status_code == 200
    assert me.post(f"/api/v1/orders/{pk}/cancel").status_code == 200
    # The token still works, for the holder of the mail.
    assert anon.get(f"/api/v1/orders/{pk}", {"token": token}).json()["order"]["status"] == (
        OrderStatus.CANCELLED
    )


def test_someone_else_with_the_link_claims_nothing(anon, phone, other_api):
    placed = anon.post(CHECKOUT, _body(phone)).json()
    pk, token = placed["order"]["_id"], placed["orderToken"]
    assert other_api.get(f"/api/v1/orders/{pk}", {"token": token}).status_code == 200
    assert Order.objects.get(pk=pk).buyer is None
    assert other_api.get("/api/v1/auth/orders").json() == []


def test_a_guest_pays_online_with_the_token(anon, phone, razorpay):
    placed = anon.post(CHECKOUT, _body(phone, payment="razorpay"))
    assert placed.status_code == 201, placed.json()
    data = placed.json()
    assert data["order"]["status"] == "Awaiting Payment"
    assert data["razorpay"]["email"] == "asha.rao@example.com"
    assert data["razorpay"]["name"] == "Asha Rao"
    pk, token = data["order"]["_id"], data["orderToken"]
    paid = razorpay.pay(data["razorpay"]["orderId"])
    verify = f"/api/v1/orders/{pk}/razorpay/verify"
    assert anon.post(verify, paid).status_code == 401
    assert anon.post(verify, paid, HTTP_X_ORDER_TOKEN="0" * 64).status_code == 404
    answer = anon.post(verify, paid, HTTP_X_ORDER_TOKEN=token)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["order"]["status"] == "Not Processed"


def test_guest_orders_count_for_a_first_order_only_coupon_by_email(anon, phone, buyer_api):
    from promotions.models import Coupon

    Coupon.objects.create(code="FIRST", kind="percent", value=Decimal("10"), first_order_only=True)
    first = anon.post(CHECKOUT, _body(phone, cart=[{"_id": phone.pk}], coupon="first"))
    assert first.status_code == 201, first.json()
    assert first.json()["order"]["coupon"] == "FIRST"
    second = anon.post(
        CHECKOUT,
        _body(
            phone,
            cart=[{"_id": phone.pk}],
            coupon="FIRST",
            guest={**GUEST, "email": "ASHA.RAO@example.com"},
        ),
    )
    assert second.status_code == 400
    assert "first order" in second.json()["message"].lower()
