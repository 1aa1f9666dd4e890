"""POST /api/v1/orders/checkout: prices and stock from the database, all or nothing,
idempotent retries, and every bad input answered in the error shape with nothing written."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core import mail
from django.core.cache import cache
from django.utils import timezone

from catalog.models import Product
from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderLine

CHECKOUT = "/api/v1/orders/checkout"


@pytest.fixture
def phone(db):
    # Two of them stay within the cash-on-delivery cap (Rs 50,000).
    return ProductFactory(name="Pixel 9", price=Decimal("19999.50"), quantity=5)


@pytest.fixture
def case(db):
    return ProductFactory(name="Phone Case", price=Decimal("299.00"), quantity=20)


def _snapshot():
    return (
        sorted(Product.objects.values_list("pk", "quantity")),
        Order.objects.count(),
        OrderLine.objects.count(),
    )


def test_checkout_places_an_order_with_database_prices_and_takes_stock(
    buyer_api, buyer, phone, case
):
    body = {
        "cart": [
            {"_id": str(phone.pk), "quantity": 2, "price": 1},
            {"_id": case.pk, "name": "Free case"},
        ]
    }
    response = buyer_api.post(CHECKOUT, body)
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["success"] is True and data["message"]
    order = data["order"]
    assert set(order) >= {
        "_id",
        "products",
        "total",
        "status",
        "payment",
        "buyer",
        "address",
        "createdAt",
        "updatedAt",
    }
    assert order["status"] == "Not Processed"
    assert order["payment"] == {"method": "cod", "success": False}
    assert order["buyer"] == {"_id": str(buyer.pk), "name": buyer.name}
    assert order["address"] == "12 MG Road, Bengaluru 560001"
    assert order["products"] == [
        {
            "_id": str(phone.pk),
            "lineId": str(OrderLine.objects.get(order_id=order["_id"], product_ref=phone.pk).pk),
            "name": "Pixel 9",
            "slug": phone.slug,
            "description": phone.description,
            "price": 19999.5,
            "quantity": 2,
            "cancelledQuantity": 0,
            "discount": 0,
            "variant": str(phone.variants.get().pk),
            "sku": f"SS-{phone.pk}",
            "options": {},
            # The category's defaults (no HSN, 18%), delivered in the shop's state
            # (Karnataka, by the address's PIN code): 39,999 x 18 / 118 = 6,101.54.
            "hsn": "",
            "gstRate": 18,
            "taxableValue": 33897.46,
            "cgst": 3050.77,
            "sgst": 3050.77,
            "igst": 0,
        },
        {
            "_id": str(case.pk),
            "lineId": str(OrderLine.objects.get(order_id=order["_id"], product_ref=case.pk).pk),
            "name": "Phone Case",
            "slug": case.slug,
            "description": case.description,
            "price": 299,
            "quantity": 1,
            "cancelledQuantity": 0,
            "discount": 0,
            "variant": str(case.variants.get().pk),
            "sku": f"SS-{case.pk}",
            "options": {},
            # 299 x 18 / 118 = 45.61; each half 22.805 -> 22.81, the odd paisa off the
            # taxable value.
            "hsn": "",
            "gstRate": 18,
            "taxableValue": 253.38,
            "cgst": 22.81,
            "sgst": 22.81,
            "igst": 0,
        },
    ]
    assert order["total"] == 40298  # 2 x 19999.50 + 299
    assert order["createdAt"].endswith("Z")
    phone.refresh_from_db()
    case.refresh_from_db()
    assert (phone.quantity, case.quantity) == (3, 19)
    assert (phone.variants.get().quantity, case.variants.get().quantity) == (3, 19)
    assert Order.objects.get().total == Decimal("40298.00")


def test_a_product_listed_twice_counts_once_with_the_quantities_added(buyer_api, phone):
    cart = [{"_id": phone.pk, "quantity": 1}, {"_id": str(phone.pk), "quantity": 1}]
    response = buyer_api.post(CHECKOUT, {"cart": cart})
    assert response.status_code == 201
    assert [(p["_id"], p["quantity"]) for p in response.json()["order"]["products"]] == [
        (str(phone.pk), 2)
    ]
    phone.refresh_from_db()
    assert phone.quantity == 3


def test_a_sent_address_wins_and_a_blank_one_counts_as_none(buyer_api, phone):
    sent = buyer_api.post(
        CHECKOUT, {"cart": [{"_id": phone.pk}], "address": " 1 Park St, Kolkata 700016 "}
    )
    assert sent.json()["order"]["address"] == "1 Park St, Kolkata 700016"
    blank = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}], "address": "  "})
    assert blank.json()["order"]["address"] == "12 MG Road, Bengaluru 560001"


def test_no_address_at_all_is_400_and_takes_nothing(phone):
    from accounts.tests.factories import UserFactory
    from orders.tests.conftest import client_for

    api = client_for(UserFactory(address=""))
    before = _snapshot()
    response = api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]})
    assert response.status_code == 400
    assert response.json()["message"] == "Please add a delivery address"
    assert _snapshot() == before


def test_short_stock_is_409_naming_each_short_item_and_takes_nothing(
    buyer_api, phone, case, settings
):
    settings.COD_LIMIT = 1_000_000  # six phones: over the default cap, which is not tested here
    other = ProductFactory(name="Charger", quantity=1)
    before = _snapshot()
    cart = [
        {"_id": case.pk, "quantity": 2},
        {"_id": phone.pk, "quantity": 6},
        {"_id": other.pk, "quantity": 2},
    ]
    response = buyer_api.post(CHECKOUT, {"cart": cart})
    assert response.status_code == 409
    body = response.json()
    assert body["success"] is False
    assert "Pixel 9 (5 left)" in body["message"]
    assert "Charger (1 left)" in body["message"]
    assert "Phone Case" not in body["message"]
    assert _snapshot() == before
    assert mail.outbox == []


@pytest.mark.parametrize(
    ("cart", "words"),
    [
        ([], "empty"),
        (None, "empty"),
        ("abc", "list"),
        ([{"_id": 1, "quantity": 0}], "1 to 10"),
        ([{"_id": 1, "quantity": 11}], "1 to 10"),
        ([{"_id": 1, "quantity": 2.5}], "1 to 10"),
        ([{"_id": 1, "quantity": "two"}], "1 to 10"),
        ([{"_id": 1, "quantity": True}], "1 to 10"),
        ([{"quantity": 1}], "id"),
        ([{"_id": "x1"}], "id"),
        (["7"], "Item 1"),
    ],
)
def test_a_malformed_cart_is_400_and_changes_nothing(buyer_api, phone, cart, words):
    before = _snapshot()
    response = buyer_api.post(CHECKOUT, {"cart": cart})
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["success"] is False
    assert words.lower() in body["message"].lower(), body
    assert _snapshot() == before


def test_six_plus_six_of_one_product_is_400(buyer_api, phone):
    phone.quantity = 50
    phone.save()
    before = _snapshot()
    cart = [{"_id": phone.pk, "quantity": 6}, {"_id": phone.pk, "quantity": 6}]
    response = buyer_api.post(CHECKOUT, {"cart": cart})
    assert response.status_code == 400
    assert str(phone.pk) in response.json()["message"]
    assert _snapshot() == before


def test_an_unknown_or_deleted_product_is_400_naming_it(buyer_api, phone):
    gone = ProductFactory()
    gone_id = gone.pk
    gone.delete()
    before = _snapshot()
    response = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}, {"_id": gone_id}]})
    assert response.status_code == 400
    assert str(gone_id) in response.json()["message"]
    assert _snapshot() == before


def test_an_unknown_payment_method_is_400(buyer_api, phone):
    before = _snapshot()
    response = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}], "payment": "card"})
    assert response.status_code == 400
    assert response.json()["message"] == "Unknown payment method."
    assert _snapshot() == before


def test_checkout_needs_a_token(api, phone):
    response = api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}, format="json")
    assert response.status_code == 401
    assert response.json()["success"] is False


def test_a_later_price_change_leaves_the_order_alone(buyer_api, phone):
    order_id = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}).json()["order"]["_id"]
    phone.price = Decimal("1.00")
    phone.name = "Pixel 9 (renamed)"
    phone.save()
    order = buyer_api.get(f"/api/v1/orders/{order_id}").json()["order"]
    assert order["products"][0]["price"] == 19999.5
    assert order["products"][0]["name"] == "Pixel 9"
    assert order["total"] == 19999.5


def test_the_same_idempotency_key_returns_the_first_order_with_200(buyer_api, phone, run_tasks):
    body = {"cart": [{"_id": phone.pk, "quantity": 2}]}
    first = buyer_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="abc-123")
    again = buyer_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="abc-123")
    assert run_tasks() == 1  # one order, one mail
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["order"]["_id"] == first.json()["order"]["_id"]
    assert Order.objects.count() == 1
    phone.refresh_from_db()
    assert phone.quantity == 3
    assert len(mail.outbox) == 1


def test_idempotency_keys_are_per_user_and_last_24_hours(buyer_api, other_api, buyer, phone):
    body = {"cart": [{"_id": phone.pk}]}
    first = buyer_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="k1")
    theirs = other_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="k1")
    assert (first.status_code, theirs.status_code) == (201, 201)
    Order.objects.filter(buyer=buyer).update(created_at=timezone.now() - timedelta(hours=25))
    later = buyer_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="k1")
    assert later.status_code == 201
    assert later.json()["order"]["_id"] != first.json()["order"]["_id"]
    assert Order.objects.count() == 3


def test_a_malformed_idempotency_key_is_400(buyer_api, phone):
    response = buyer_api.post(
        CHECKOUT, {"cart": [{"_id": phone.pk}]}, HTTP_IDEMPOTENCY_KEY="x" * 101
    )
    assert response.status_code == 400
    assert Order.objects.count() == 0


def test_checkout_is_throttled_per_user_with_retry_after(buyer_api, other_api, phone, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "checkout": "3/min",
        },
    }
    from rest_framework.settings import api_settings

    api_settings.reload()
    try:
        codes = [buyer_api.post(CHECKOUT, {"cart": []}).status_code for _ in range(3)]
        blocked = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]})
        assert codes == [400, 400, 400]
        assert blocked.status_code == 429
        assert blocked.json()["success"] is False
        assert 1 <= int(blocked["Retry-After"]) <= 60
        # The counters are not in the response cache: emptying it lets nobody through.
        cache.clear()
        assert buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}).status_code == 429
        assert other_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}).status_code == 201
        assert Order.objects.count() == 1
    finally:
        settings.REST_FRAMEWORK = settings.REST_FRAMEWORK
        api_settings.reload()


def test_a_placed_order_sends_the_buyer_a_mail(buyer_api, buyer, phone, run_tasks):
    response = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk, "quantity": 2}]})
    assert mail.outbox == []  # sent by the task queue's worker, not by the request
    run_tasks()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [buyer.email]
    assert response.json()["order"]["_id"] in message.subject
    assert "2 x Pixel 9" in message.body
    assert "₹39,999.00" in message.body


def test_a_failing_mail_server_never_fails_the_order_and_the_mail_is_tried_again(
    buyer_api, phone, settings, caplog, run_tasks
):
    from django_tasks_db.models import DBTaskResult

    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = 1  # nothing listens there
    settings.EMAIL_TIMEOUT = 2
    response = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]})
    assert response.status_code == 201
    assert Order.objects.count() == 1
    assert run_tasks() == 1
    assert "Could not send" in caplog.text
    retry = DBTaskResult.objects.get(status="READY")
    assert retry.args_kwargs["kwargs"] == {"attempt": 2}
    assert retry.run_after > timezone.now()  # after a backoff, not at once
    # The server is back: the retry, once due, sends it.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    DBTaskResult.objects.filter(pk=retry.pk).update(run_after=timezone.now())
    assert run_tasks() == 1
    assert [m.subject for m in mail.outbox] == [
        f"ShopSphere: your order {response.json()['order']['_id']} is placed"
    ]


def test_checkout_makes_cached_product_reads_fresh(api, buyer_api, phone, settings):
    settings.CATALOG_CACHE_SECONDS = 300
    path = f"/api/v1/product/get-product/{phone.slug}"
    assert api.get(path).json()["product"]["quantity"] == 5
    buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk, "quantity": 2}]})
    assert api.get(path).json()["product"]["quantity"] == 3


@pytest.mark.parametrize("backend", ["locmem", "file"])
def test_a_sale_leaves_cached_lists_cached_and_the_sold_product_fresh(
    api, buyer_api, phone, case, settings, tmp_path, django_assert_num_queries, backend
):
    """A sale is not a catalogue change: lists, counts and searches that do not show the
    sold product stay cached (no SQL), and every answer that shows it is recomputed."""
    from catalog.cache import local

    if backend == "file":
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                "LOCATION": str(tmp_path / "cache"),
            }
        }
    local.clear()
    settings.CATALOG_CACHE_SECONDS = 300
    other = ProductFactory(name="Desk Lamp", category=case.category, quantity=7)
    unsold = [
        f"/api/v1/product/get-product/{other.slug}",
        f"/api/v1/product/search/{other.name}",
        "/api/v1/product/product-count",
    ]
    showing_phone = [
        f"/api/v1/product/get-product/{phone.slug}",
        f"/api/v1/product/search/{phone.name}",
        "/api/v1/product/product-list/1",
    ]
    for path in unsold + showing_phone:
        assert api.get(path).status_code == 200

    buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk, "quantity": 2}]})

    # With the file cache a hit that shows products reads their stamps (updated_at).
    per_hit = {"locmem": [0, 0, 0], "file": [1, 1, 0]}[backend]
    for path, queries in zip(unsold, per_hit, strict=True):
        with django_assert_num_queries(queries):
            assert api.get(path).status_code == 200
    assert api.get(showing_phone[0]).json()["product"]["quantity"] == 3
    assert api.get(showing_phone[1]).json()[0]["quantity"] == 3
    listed = api.get(showing_phone[2]).json()["products"]
    assert {p["slug"]: p["quantity"] for p in listed}[phone.slug] == 3
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def test_a_sale_keeps_the_catalogue_version(buyer_api, phone):
    from catalog.cache import catalog_version

    before = catalog_version()
    assert buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}).status_code == 201
    order = Order.objects.get()
    assert buyer_api.post(f"/api/v1/orders/{order.pk}/cancel").status_code == 200
    assert catalog_version() == before


def test_the_same_key_for_another_cart_is_422_and_places_nothing(buyer_api, phone, case):
    first = buyer_api.post(CHECKOUT, {"cart": [{"_id": phone.pk}]}, HTTP_IDEMPOTENCY_KEY="tap-7")
    assert first.status_code == 201
    before = _snapshot()
    for body in (
        {"cart": [{"_id": case.pk}]},
        {"cart": [{"_id": phone.pk, "quantity": 2}]},
        {"cart": [{"_id": phone.pk}], "address": "Another street 5"},
    ):
        again = buyer_api.post(CHECKOUT, body, HTTP_IDEMPOTENCY_KEY="tap-7")
        assert again.status_code == 422
        assert again.json() == {
            "success": False,
            "message": "This Idempotency-Key was used for another checkout",
        }
    assert _snapshot() == before
    # The same cart, its lines listed differently, is the same checkout.
    same = buyer_api.post(
        CHECKOUT,
        {"cart": [{"_id": phone.pk, "quantity": 1}]},
        HTTP_IDEMPOTENCY_KEY="tap-7",
    )
    assert same.status_code == 200
    assert same.json()["order"]["_id"] == first.json()["order"]["_id"]
