"""What the owner needs to ship: the buyer's phone and email on the admin's orders, search
by order number, phone or email, a tracking number and courier entered with Shipped (shown
to the buyer, put in the mail), and mails with amounts the Indian way and their lines."""

from decimal import Decimal

import pytest
from django.core import mail

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from orders.emails import inr
from orders.models import Order, OrderStatus
from orders.tests.factories import place_order

ALL = "/api/v1/auth/all-orders"


def _status(client, order_id, **body):
    return client.put(f"/api/v1/auth/order-status/{order_id}", body)


@pytest.fixture
def kettle(db):
    return ProductFactory(name="Kettle", price=Decimal("1499.00"), quantity=50)


@pytest.fixture
def processing(buyer, kettle):
    order = place_order(buyer, (kettle, 2))
    Order.objects.filter(pk=order.pk).update(status=OrderStatus.PROCESSING)
    return order


# --- buyer's contact and search ----------------------------------------------------------


def test_the_admin_list_gives_each_buyers_phone_and_email_in_fixed_queries(
    admin_api, kettle, django_assert_num_queries
):
    buyers = [UserFactory(phone=f"98765432{i:02d}") for i in range(3)]
    for buyer in buyers:
        place_order(buyer, kettle)
    # admin (token), count, orders with buyers joined, their lines, their tax documents
    # (creditNotes)
    with django_assert_num_queries(5):
        body = admin_api.get(ALL).json()
    assert [o["buyer"] for o in body] == [
        {"_id": str(b.pk), "name": b.name, "email": b.email, "phone": b.phone}
        for b in reversed(buyers)
    ]


def test_the_buyers_own_orders_do_not_repeat_their_contact(buyer_api, processing):
    assert buyer_api.get("/api/v1/auth/orders").json()[0]["buyer"].keys() == {"_id", "name"}


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("first", ["first"]),  # part of the email
        ("FIRST@shop", ["first"]),
        ("98111", ["first"]),  # part of the phone
        ("+91 98111 22233", ["first"]),
        ("09822233344", ["second"]),
        ("number", ["second"]),  # the second order's number, filled in below
        ("nobody", []),
    ],
)
def test_orders_are_found_by_number_phone_or_email(admin_api, kettle, query, found):
    orders = {
        "first": place_order(UserFactory(email="first@shop.example", phone="9811122233"), kettle),
        "second": place_order(UserFactory(email="second@shop.example", phone="9822233344"), kettle),
    }
    if query == "number":
        query = f"#{orders['second'].pk}"
    response = admin_api.get(ALL, {"q": query})
    assert response.status_code == 200
    assert [o["_id"] for o in response.json()] == [str(orders[name].pk) for name in found]
    assert response["X-Total-Count"] == str(len(found))


def test_a_search_too_long_is_a_400_in_the_error_shape(admin_api):
    response = admin_api.get(ALL, {"q": "x" * 101})
    assert response.status_code == 400
    assert response.json()["success"] is False


def test_a_shopper_cannot_search_every_order(buyer_api, api):
    assert buyer_api.get(ALL, {"q": "a"}).status_code == 403
    assert api.get(ALL, {"q": "a"}).status_code == 401


# --- tracking ---------------------------------------------------------------------------


def test_shipping_stores_tracking_shows_it_to_the_buyer_and_mails_it(
    admin_api, buyer_api, buyer, processing, run_tasks
):
    run_tasks()  # the placed mail
    mail.outbox.clear()
    response = _status(
        admin_api,
        processing.pk,
        status="Shipped",
        trackingNumber=" EZ123456789IN ",
        courier="India Post",
    )
    run_tasks()
    assert response.status_code == 200
    order = response.json()["order"]
    assert (order["status"], order["trackingNumber"], order["courier"]) == (
        "Shipped",
        "EZ123456789IN",
        "India Post",
    )
    assert order["buyer"]["email"] == buyer.email
    mine = buyer_api.get("/api/v1/auth/orders").json()[0]
    assert (mine["trackingNumber"], mine["courier"]) == ("EZ123456789IN", "India Post")
    [message] = mail.outbox
    assert "Courier: India Post" in message.body
    assert "AWB (tracking number): EZ123456789IN" in message.body


def test_shipping_without_tracking_still_works(admin_api, processing):
    response = _status(admin_api, processing.pk, status="Shipped")
    assert response.status_code == 200
    assert (response.json()["order"]["trackingNumber"], response.json()["order"]["courier"]) == (
        "",
        "",
    )


def test_tracking_with_another_status_is_refused_and_nothing_changes(admin_api, processing):
    response = _status(admin_api, processing.pk, status="Cancelled", trackingNumber="X1")
    assert response.status_code == 400
    assert response.json()["success"] is False
    processing.refresh_from_db()
    assert (processing.status, processing.tracking_number) == ("Processing", "")


def test_a_refused_move_writes_no_tracking(admin_api, buyer, kettle):
    order = place_order(buyer, kettle)  # Not Processed: Shipped skips a step
    response = _status(admin_api, order.pk, status="Shipped", trackingNumber="X1", courier="C")
    assert response.status_code == 409
    order.refresh_from_db()
    assert (order.status, order.tracking_number, order.courier) == ("Not Processed", "", "")


@pytest.mark.parametrize("body", [{"trackingNumber": "x" * 101}, {"courier": ["India Post"]}])
def test_bad_tracking_input_is_a_400(admin_api, processing, body):
    response = _status(admin_api, processing.pk, status="Shipped", **body)
    assert response.status_code == 400
    assert response.json()["success"] is False


# --- mails ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        ("0", "₹0.00"),
        ("999", "₹999.00"),
        ("1499", "₹1,499.00"),
        ("99999.5", "₹99,999.50"),
        ("100000", "₹1,00,000.00"),
        ("12345678.9", "₹1,23,45,678.90"),
    ],
)
def test_mail_amounts_are_grouped_the_indian_way(amount, text):
    assert inr(Decimal(amount)) == text


def test_the_placed_mail_lists_the_lines_in_rupees_from_the_configured_sender(
    buyer, kettle, settings, run_tasks
):
    settings.DEFAULT_FROM_EMAIL = "Gadget Bazaar <orders@gadgetbazaar.example>"
    settings.COD_LIMIT = 200_000  # an amount in lakhs, within the cap
    mug = ProductFactory(name="Mug", price=Decimal("120000.00"), quantity=5)
    place_order(buyer, (kettle, 2), mug)
    run_tasks()
    [message] = mail.outbox
    assert message.from_email == "Gadget Bazaar <orders@gadgetbazaar.example>"
    assert "2 x Kettle at ₹1,499.00: ₹2,998.00" in message.body
    assert "1 x Mug at ₹1,20,000.00: ₹1,20,000.00" in message.body
    assert "Total: ₹1,22,998.00" in message.body
    assert "Rs." not in message.body
