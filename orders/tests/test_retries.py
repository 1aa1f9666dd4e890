"""Checkout as a phone on a bad network sends it, and cancels racing checkouts: real
threads send real HTTP requests to a real gunicorn (gthread workers, one database
connection per thread) on a SQLite file, or on PostgreSQL when the tests run on it."""

import json

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "8", "THROTTLE_CHECKOUT": "10000/min"}

SEED = """
import json
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category, Product
from catalog.variants import give_single_variants
category = Category.objects.create(name="Audio", slug="audio")
products = [
    Product.objects.create(
        name=f"Speaker {n}", slug=f"speaker-{n}", description="Loud.",
        price=Decimal("999.00"), quantity=%(stock)d, category=category,
    )
    for n in range(2)
]
give_single_variants([p.pk for p in products])
tokens = [
    user_issue_token(user=User.objects.create_user(
        f"buyer{n}@example.com", "Shop-Pass-2026!", name=f"Buyer {n}",
        address="1 Main Rd, Bengaluru 560001",
    ))
    for n in range(%(buyers)d)
]
print(json.dumps({"products": [p.pk for p in products], "tokens": tokens}))
"""

STATE = """
import json
from catalog.models import Product
from orders.models import Order, OrderLine
print(json.dumps({
    "stock": list(Product.objects.order_by("pk").values_list("quantity", flat=True)),
    "orders": Order.objects.count(),
    "active_units": [
        sum(OrderLine.objects.filter(product_id=pk).exclude(order__status="Cancelled")
            .values_list("quantity", flat=True))
        for pk in Product.objects.order_by("pk").values_list("pk", flat=True)
    ],
}))
"""


def _seed(server, *, stock: int, buyers: int) -> dict:
    out = server.manage("shell", "-c", SEED % {"stock": stock, "buyers": buyers})
    return json.loads(out.strip().splitlines()[-1])


def _state(server) -> dict:
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def _checkout(server, token, cart, key=None, **fields):
    headers = {"Authorization": f"Bearer {token}"}
    if key:
        headers["Idempotency-Key"] = key
    return lambda: requests.post(
        f"{server.url}/api/v1/orders/checkout",
        json={"cart": cart, **fields},
        headers=headers,
        timeout=120,
    )


SAVED_ADDRESS = """
from accounts.models import Address, User
buyer = User.objects.get(email="buyer0@example.com")
address = Address.objects.create(
    user=buyer, name="Buyer 0", phone="9876543210", line1="14 Janpath", city="New Delhi",
    state="Delhi", pincode="110001", is_default=True,
)
print(address.pk)
"""

SAVED_ORDER = """
import json
from orders.models import Order
order = Order.objects.get()
print(json.dumps({
    "pincode": (order.shipping_address or {}).get("pincode"),
    "place": order.place_of_supply,
    "igst": [str(line.igst) for line in order.lines.all()],
}))
"""


def test_eight_retries_to_a_saved_address_place_one_taxed_order(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        seeded = _seed(server, stock=100, buyers=1)
        a, _ = seeded["products"]
        address_id = server.manage("shell", "-c", SAVED_ADDRESS).strip().splitlines()[-1]
        cart = [{"_id": a, "quantity": 2}]
        call = _checkout(server, seeded["tokens"][0], cart, key="tap-2", addressId=address_id)

        answers = together([call] * 8)

        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200] * 7 + [201], [a.text for a in answers]
        assert len({answer.json()["order"]["_id"] for answer in answers}) == 1
        state = _state(server)
        assert (state["orders"], state["stock"]) == (1, [98, 100])
        # Delhi is not the shop's state: 1,998 x 18 / 118 = 304.78 of IGST, stored once.
        saved = json.loads(server.manage("shell", "-c", SAVED_ORDER).strip().splitlines()[-1])
        assert saved == {"pincode": "110001", "place": "07", "igst": ["304.78"]}


def test_eight_retries_at_once_place_one_order_and_take_stock_once(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        seeded = _seed(server, stock=100, buyers=1)
        a, b = seeded["products"]
        token = seeded["tokens"][0]
        cart = [{"_id": a, "quantity": 2}, {"_id": b, "quantity": 3}]

        answers = together([_checkout(server, token, cart, key="tap-1")] * 8)

        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200] * 7 + [201], [a.text for a in answers]
        assert len({answer.json()["order"]["_id"] for answer in answers}) == 1
        state = _state(server)
        assert state["orders"] == 1
        assert state["stock"] == [98, 97]

        # A later retry (the network came back) still answers the same order.
        again = _checkout(server, token, cart, key="tap-1")()
        assert again.status_code == 200
        assert again.json()["order"]["_id"] == answers[0].json()["order"]["_id"]


def test_one_key_sent_with_two_carts_at_once_places_one_order(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        seeded = _seed(server, stock=100, buyers=1)
        a, b = seeded["products"]
        token = seeded["tokens"][0]
        one, other = [{"_id": a, "quantity": 1}], [{"_id": b, "quantity": 1}]

        answers = together(
            [_checkout(server, token, one, key="k")] * 4
            + [_checkout(server, token, other, key="k")] * 4
        )

        placed = [answer for answer in answers if answer.status_code == 201]
        assert len(placed) == 1
        winner = placed[0].json()["order"]["products"][0]["_id"]
        for answer in answers:
            sent = json.loads(answer.request.body)["cart"][0]["_id"]
            if answer.status_code == 422:
                assert sent != int(winner)
                assert answer.json() == {
                    "success": False,
                    "message": "This Idempotency-Key was used for another checkout",
                }
            else:
                assert answer.status_code in (200, 201), answer.text
                assert sent == int(winner)
        state = _state(server)
        assert state["orders"] == 1
        assert sorted(state["stock"]) == [99, 100]


def test_cancels_and_checkouts_of_the_same_products_at_once_never_fail(tmp_path):
    """Orders list the products in the other order than checkout locks them (by id), so
    a cancel that put stock back in line order would meet a checkout crosswise."""
    with gunicorn_server(tmp_path, **SERVER) as server:
        seeded = _seed(server, stock=1000, buyers=2)
        a, b = seeded["products"]
        canceller, buyer = seeded["tokens"]
        backwards = [{"_id": b, "quantity": 1}, {"_id": a, "quantity": 1}]
        orders = [
            _checkout(server, canceller, backwards)().json()["order"]["_id"] for _ in range(25)
        ]

        def cancel(order_id):
            return lambda: requests.post(
                f"{server.url}/api/v1/orders/{order_id}/cancel",
                headers={"Authorization": f"Bearer {canceller}"},
                timeout=120,
            )

        answers = together(
            [cancel(order_id) for order_id in orders] + [_checkout(server, buyer, backwards)] * 25
        )

        codes = [answer.status_code for answer in answers]
        assert codes == [200] * 25 + [201] * 25, [a.text for a in answers if a.status_code >= 300]
        state = _state(server)
        assert state["orders"] == 50
        assert state["active_units"] == [25, 25]
        assert state["stock"] == [975, 975]
