"""Shipments (contract, "Shipments"): the move to Shipped takes `courier` and `awb`
(`trackingNumber` still works), the order answers `shipment` with the tracking link from
the courier's template and `expectedDelivery` from the PIN code's delivery days, counted
from the order and again from its shipping, in India's dates; the couriers' list for the
admin, their Django admin page, and the shipped mail."""

import datetime
from decimal import Decimal
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from orders import shipments
from orders.actions import order_set_status
from orders.models import Courier, Order, OrderStatus, ServedPincode
from orders.tests.factories import place_order

pytestmark = pytest.mark.django_db

TEMPLATE = "https://www.delhivery.com/track/package/{awb}"
UTC = datetime.UTC
# 00:30 on 1 December in India, still 30 November in UTC.
SHIPPING_TIME = datetime.datetime(2026, 11, 30, 19, 0, tzinfo=UTC)


def _status(client, order_id, **body):
    return client.put(f"/api/v1/auth/order-status/{order_id}", body)


@pytest.fixture
def kettle(db):
    return ProductFactory(name="Kettle", price=Decimal("1499.00"), quantity=50)


@pytest.fixture
def delhivery(db):
    return Courier.objects.create(name="Delhivery", tracking_url=TEMPLATE)


@pytest.fixture
def processing(buyer, kettle):
    order = place_order(buyer, kettle)
    order_set_status(order_id=order.pk, status=OrderStatus.PROCESSING)
    return order


@pytest.fixture
def shipping_clock(monkeypatch):
    """The move to Shipped happens at SHIPPING_TIME."""
    monkeypatch.setattr(timezone, "now", lambda: SHIPPING_TIME)


def _days(n: int) -> datetime.timedelta:
    return datetime.timedelta(days=n)


# --- before shipping: no shipment, the expected day from the order ---------------------------


def test_before_shipping_there_is_no_shipment_and_the_day_counts_from_the_order(
    buyer, buyer_api, kettle, settings
):
    settings.DELIVERY_DAYS = 5
    order = place_order(buyer, kettle)  # 12 MG Road, Bengaluru 560001; no served list

    body = buyer_api.get(f"/api/v1/orders/{order.pk}").json()["order"]

    assert body["shipment"] is None
    placed_on = timezone.localdate(order.created_at)
    assert body["expectedDelivery"] == (placed_on + _days(5)).isoformat()
    assert (
        buyer_api.get("/api/v1/auth/orders").json()[0]["expectedDelivery"]
        == (body["expectedDelivery"])
    )


def test_checkout_counts_the_pin_codes_own_days(buyer, kettle, settings):
    settings.DELIVERY_DAYS = 5
    ServedPincode.objects.create(pincode="560001", cod=True, days=2)
    ServedPincode.objects.create(pincode="795001", cod=True, days=9)

    near = place_order(buyer, kettle)
    far = place_order(buyer, kettle, address="Thangal Bazar, Imphal 795001")

    assert near.expected_delivery == timezone.localdate(near.created_at) + _days(2)
    assert far.expected_delivery == timezone.localdate(far.created_at) + _days(9)


def test_a_listed_pin_code_without_days_takes_the_setting(buyer, kettle, settings):
    settings.DELIVERY_DAYS = 8
    ServedPincode.objects.create(pincode="560001", cod=True, days=None)

    order = place_order(buyer, kettle)

    assert order.expected_delivery == timezone.localdate(order.created_at) + _days(8)


def test_the_day_is_counted_from_indias_date_not_utcs(settings):
    settings.DELIVERY_DAYS = 5
    late_evening_utc = datetime.datetime(2026, 11, 30, 20, 0, tzinfo=UTC)  # 1 Dec, 01:30 IST

    assert shipments.expected_delivery("560001", late_evening_utc) == datetime.date(2026, 12, 6)
    assert shipments.expected_delivery(None, late_evening_utc) == datetime.date(2026, 12, 6)


def test_an_order_with_no_known_pin_code_takes_the_setting(settings):
    settings.DELIVERY_DAYS = 4
    order = Order(address="Somewhere without a PIN", shipping_address=None)

    assert shipments.order_pincode(order) is None
    assert shipments.delivery_days(None) == 4


# --- shipping: the shipment and the day counted again ---------------------------------------


def test_shipping_answers_the_shipment_and_counts_the_day_from_the_shipping(
    admin_api, buyer_api, processing, delhivery, shipping_clock, settings
):
    ServedPincode.objects.create(pincode="560001", cod=True, days=3)

    response = _status(
        admin_api, processing.pk, status="Shipped", courier="Delhivery", awb="DL1234567890"
    )

    assert response.status_code == 200
    order = response.json()["order"]
    assert order["shipment"] == {
        "courier": "Delhivery",
        "awb": "DL1234567890",
        "trackingUrl": "https://www.delhivery.com/track/package/DL1234567890",
        "shippedAt": "2026-11-30T19:00:00Z",
        "deliveredAt": None,
    }
    assert order["expectedDelivery"] == "2026-12-04"  # 1 December in India, + 3 days
    # The older keys still say the same.
    assert (order["courier"], order["trackingNumber"]) == ("Delhivery", "DL1234567890")
    mine = buyer_api.get(f"/api/v1/orders/{processing.pk}").json()["order"]
    assert mine["shipment"] == order["shipment"]


def test_delivery_stamps_the_shipment(admin_api, processing, delhivery):
    _status(admin_api, processing.pk, status="Shipped", courier="Delhivery", awb="DL1")

    delivered = _status(admin_api, processing.pk, status="Delivered").json()["order"]

    processing.refresh_from_db()
    assert delivered["shipment"]["deliveredAt"] == (
        processing.delivered_at.astimezone(UTC).isoformat().replace("+00:00", "Z")
    )
    assert delivered["shipment"]["trackingUrl"].endswith("/DL1")


def test_the_courier_matches_its_template_in_any_case(admin_api, processing, delhivery):
    order = _status(
        admin_api, processing.pk, status="Shipped", courier="  DELHIVERY ", awb="DL9"
    ).json()["order"]

    assert order["shipment"]["courier"] == "DELHIVERY"
    assert order["shipment"]["trackingUrl"] == "https://www.delhivery.com/track/package/DL9"


@pytest.mark.parametrize(
    ("awb", "quoted"),
    [
        ("AB 12", "AB%2012"),
        ("a&b=c", "a%26b%3Dc"),
        ("../../admin/x", "..%2F..%2Fadmin%2Fx"),
        ("x?next=https://evil.example#y", "x%3Fnext%3Dhttps%3A%2F%2Fevil.example%23y"),
        ("ü₹अ", "%C3%BC%E2%82%B9%E0%A4%85"),
        ("<script>alert(1)</script>", "%3Cscript%3Ealert%281%29%3C%2Fscript%3E"),
        ("'; DROP TABLE orders_order;--", "%27%3B%20DROP%20TABLE%20orders_order%3B--"),
        ("{awb}", "%7Bawb%7D"),
        ("100%", "100%25"),
        ("@evil.example", "%40evil.example"),
    ],
)
def test_a_hostile_awb_is_quoted_into_the_template_and_stored_as_given(
    admin_api, processing, awb, quoted
):
    Courier.objects.create(name="Blue Dart", tracking_url="https://bluedart.example/t?awb={awb}")

    response = _status(admin_api, processing.pk, status="Shipped", courier="Blue Dart", awb=awb)

    assert response.status_code == 200
    shipment = response.json()["order"]["shipment"]
    assert shipment["awb"] == awb
    assert shipment["trackingUrl"] == f"https://bluedart.example/t?awb={quoted}"
    link = urlsplit(shipment["trackingUrl"])
    assert (link.scheme, link.netloc, link.path, link.fragment) == (
        "https",
        "bluedart.example",
        "/t",
        "",
    )
    processing.refresh_from_db()
    assert processing.tracking_number == awb


def test_an_awb_in_the_path_cannot_climb_out_of_it():
    url = shipments.tracking_url("https://c.example/track/{awb}/status", "../../../x y")
    assert url == "https://c.example/track/..%2F..%2F..%2Fx%20y/status"


@pytest.mark.parametrize(
    "body",
    [
        {"courier": "Speedy Parcels", "awb": "SP1"},  # no template for it
        {"courier": "Delhivery"},  # no AWB
        {"awb": "DL1"},  # no courier
    ],
)
def test_no_template_courier_or_awb_means_no_tracking_link(admin_api, processing, delhivery, body):
    order = _status(admin_api, processing.pk, status="Shipped", **body).json()["order"]

    assert order["shipment"]["trackingUrl"] is None
    assert order["shipment"]["courier"] == body.get("courier")
    assert order["shipment"]["awb"] == body.get("awb")


def test_a_corrected_template_corrects_every_orders_link(admin_api, processing, delhivery):
    _status(admin_api, processing.pk, status="Shipped", courier="Delhivery", awb="DL5")
    delhivery.tracking_url = "https://track.delhivery.example/?awb={awb}"
    delhivery.save()

    order = admin_api.get(f"/api/v1/orders/{processing.pk}").json()["order"]

    assert order["shipment"]["trackingUrl"] == "https://track.delhivery.example/?awb=DL5"


# --- input ----------------------------------------------------------------------------------


def test_old_clients_send_the_awb_as_tracking_number(admin_api, processing, delhivery):
    order = _status(
        admin_api, processing.pk, status="Shipped", courier="Delhivery", trackingNumber="DL7"
    ).json()["order"]

    assert order["shipment"]["awb"] == order["trackingNumber"] == "DL7"
    assert order["shipment"]["trackingUrl"].endswith("/DL7")


def test_the_same_awb_under_both_names_is_taken(admin_api, processing):
    response = _status(admin_api, processing.pk, status="Shipped", awb="X1", trackingNumber="X1")

    assert response.status_code == 200
    assert response.json()["order"]["shipment"]["awb"] == "X1"


@pytest.mark.parametrize(
    ("body", "field", "says"),
    [
        ({"awb": "x" * 101}, "awb", "AWB must be at most 100 characters."),
        ({"trackingNumber": "x" * 101}, "trackingNumber", "at most 100 characters"),
        ({"courier": "c" * 101}, "courier", "Courier must be at most 100 characters."),
        ({"awb": "DL\n1"}, "awb", "AWB contains characters that are not allowed."),
        ({"awb": ["DL1"]}, "awb", "AWB must be text."),
        ({"courier": {"name": "x"}}, "courier", "Courier must be text."),
        ({"awb": "A", "trackingNumber": "B"}, "awb", "awb and trackingNumber differ"),
    ],
)
def test_bad_shipment_input_is_a_400_in_the_one_error_shape(
    admin_api, processing, body, field, says
):
    response = _status(admin_api, processing.pk, status="Shipped", **body)

    assert response.status_code == 400
    answer = response.json()
    assert answer["success"] is False
    assert says in answer["message"]
    assert says in " ".join(answer["errors"][field])
    processing.refresh_from_db()
    assert (processing.status, processing.tracking_number, processing.shipped_at) == (
        "Processing",
        "",
        None,
    )


def test_an_awb_with_another_status_is_refused(admin_api, processing):
    response = _status(admin_api, processing.pk, status="Cancelled", awb="X1")

    assert response.status_code == 400
    processing.refresh_from_db()
    assert processing.status == "Processing"


def test_exactly_the_longest_awb_and_courier_are_taken(admin_api, processing):
    response = _status(admin_api, processing.pk, status="Shipped", awb="A" * 100, courier="C" * 100)

    assert response.status_code == 200
    assert response.json()["order"]["shipment"]["awb"] == "A" * 100


# --- lists: one courier lookup an answer ----------------------------------------------------


def _ship(buyer, kettle, courier: str, awb: str) -> Order:
    order = place_order(buyer, kettle)
    order_set_status(order_id=order.pk, status="Processing")
    order_set_status(order_id=order.pk, status="Shipped", courier=courier, tracking_number=awb)
    return order


def _queries(client, path):
    with CaptureQueriesContext(connection) as queries:
        body = client.get(path).json()
    couriers = [q for q in queries.captured_queries if '"orders_courier"' in q["sql"]]
    return body, len(queries.captured_queries), len(couriers)


def test_a_list_of_shipped_orders_reads_the_couriers_once(admin_api, kettle, delhivery):
    Courier.objects.create(name="India Post", tracking_url="https://ip.example/?id={awb}")
    for n in range(2):
        _ship(UserFactory(), kettle, ("Delhivery", "India Post")[n], f"AWB{n}")
    _, two_orders, lookups = _queries(admin_api, "/api/v1/auth/all-orders")
    assert lookups == 1

    for n in range(2, 6):
        _ship(UserFactory(), kettle, ("Delhivery", "India Post", "Unknown Co")[n % 3], f"AWB{n}")
    body, six_orders, lookups = _queries(admin_api, "/api/v1/auth/all-orders")

    assert lookups == 1
    assert six_orders == two_orders  # the same queries whatever the number of orders
    assert [o["shipment"]["trackingUrl"] for o in body] == [
        None,
        "https://ip.example/?id=AWB4",
        "https://www.delhivery.com/track/package/AWB3",
        None,
        "https://ip.example/?id=AWB1",
        "https://www.delhivery.com/track/package/AWB0",
    ]


def test_a_list_without_couriers_reads_none(buyer, buyer_api, kettle, delhivery):
    _ship(buyer, kettle, "", "")
    place_order(buyer, kettle)

    body, _, lookups = _queries(buyer_api, "/api/v1/auth/orders")

    assert lookups == 0  # no order has a courier and an AWB
    assert body[1]["shipment"]["trackingUrl"] is None and body[0]["shipment"] is None


# --- the couriers' list and their Django admin -----------------------------------------------


def test_the_admin_lists_the_couriers_by_name(admin_api, delhivery):
    Courier.objects.create(name="Blue Dart", tracking_url="https://bluedart.example/t/{awb}")

    response = admin_api.get("/api/v1/couriers")

    assert response.status_code == 200
    assert response.json() == {
        "success": True,
        "couriers": [
            {
                "_id": str(Courier.objects.get(name="Blue Dart").pk),
                "name": "Blue Dart",
                "trackingUrlTemplate": "https://bluedart.example/t/{awb}",
            },
            {"_id": str(delhivery.pk), "name": "Delhivery", "trackingUrlTemplate": TEMPLATE},
        ],
    }


def test_only_admins_list_couriers(api, buyer_api, delhivery):
    assert buyer_api.get("/api/v1/couriers").status_code == 403
    assert api.get("/api/v1/couriers").status_code == 401


COURIERS = "/admin/orders/courier/"


@pytest.mark.parametrize(
    ("template", "says"),
    [
        ("http://track.example/{awb}", "must start with https://"),
        ("https://track.example/track", "must contain {awb}"),
        ("https://{awb}.track.example/", "must come after the courier"),
        ("https://track.example/{awb} x", "cannot contain spaces"),
        ("javascript:alert(1)//{awb}", "must start with https://"),
        ("https:///{awb}", "Enter a valid web address."),
    ],
)
def test_the_django_admin_refuses_a_bad_template(staff_client, template, says):
    response = staff_client.post(f"{COURIERS}add/", {"name": "Ekart", "tracking_url": template})

    assert response.status_code == 200
    assert says in response.content.decode()
    assert not Courier.objects.exists()


def test_the_django_admin_adds_a_courier_and_refuses_its_name_twice(staff_client):
    added = staff_client.post(
        f"{COURIERS}add/", {"name": " Ekart ", "tracking_url": " https://ekart.example/?t={awb}"}
    )
    assert added.status_code == 302
    assert list(Courier.objects.values_list("name", "tracking_url")) == [
        ("Ekart", "https://ekart.example/?t={awb}")
    ]

    again = staff_client.post(
        f"{COURIERS}add/", {"name": "EKART", "tracking_url": "https://e.example/{awb}"}
    )
    assert again.status_code == 200
    assert "There is already a courier named EKART." in again.content.decode()
    page = staff_client.get(COURIERS).content.decode()
    assert "https://ekart.example/?t={awb}" in page


def test_the_django_admin_shows_each_pin_codes_days(staff_client, settings):
    settings.DELIVERY_DAYS = 5
    ServedPincode.objects.create(pincode="560001", cod=True, days=2)
    ServedPincode.objects.create(pincode="110001", cod=True)

    html = staff_client.get("/admin/orders/servedpincode/").content.decode()

    assert "Delivery days" in html and "5 (default)" in html
    changed = staff_client.post(
        "/admin/orders/servedpincode/110001/change/", {"pincode": "110001", "days": "61"}
    )
    assert "At most 60 days." in changed.content.decode()
    staff_client.post(
        "/admin/orders/servedpincode/110001/change/", {"pincode": "110001", "days": "4"}
    )
    assert ServedPincode.objects.get(pk="110001").days == 4


# --- the shipped mail -----------------------------------------------------------------------


def test_the_shipped_mail_names_the_courier_awb_link_and_day(
    admin_api, processing, delhivery, run_tasks, shipping_clock, settings
):
    settings.DELIVERY_DAYS = 5
    run_tasks()
    mail.outbox.clear()

    _status(admin_api, processing.pk, status="Shipped", courier="Delhivery", awb="DL 42/7")
    run_tasks()

    [message] = mail.outbox
    assert "Courier: Delhivery" in message.body
    assert "AWB (tracking number): DL 42/7" in message.body
    assert "Track your parcel: https://www.delhivery.com/track/package/DL%2042%2F7" in (
        message.body
    )
    assert "Expected delivery: Sunday, 6 December 2026" in message.body


def test_a_shipped_mail_without_a_courier_still_gives_the_day(
    admin_api, processing, run_tasks, settings
):
    run_tasks()
    mail.outbox.clear()

    _status(admin_api, processing.pk, status="Shipped")
    run_tasks()

    [message] = mail.outbox
    assert "Courier:" not in message.body and "Track your parcel" not in message.body
    assert "Expected delivery: " in message.body


def test_buyers_never_see_another_buyers_shipment(other_api, processing, delhivery):
    order_set_status(
        order_id=processing.pk, status="Shipped", courier="Delhivery", tracking_number="DL1"
    )

    assert other_api.get(f"/api/v1/orders/{processing.pk}").status_code == 404
