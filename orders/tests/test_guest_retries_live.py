"""A guest's checkout sent twice at once with one Idempotency-Key (a double tap on a bad
network): real threads send real HTTP requests to a real gunicorn on a SQLite file, or
on PostgreSQL when the tests run on it. One order, stock taken once, one token."""

import json

import pytest
import requests

from orders.tests.live_seed import SPEAKER
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "8", "THROTTLE_GUEST_CHECKOUT": "10000/min"}

SEED = SPEAKER + 'print(json.dumps({"product": product.pk}))\n'

STATE = """
import json
from catalog.models import Product
from orders.models import Order
print(json.dumps({
    "stock": Product.objects.get().quantity,
    "orders": list(Order.objects.values_list("guest_email", flat=True)),
}))
"""

GUEST = {"name": "Asha Rao", "email": "asha@example.com", "phone": "9876543210"}
ADDRESS = {
    "name": "Asha Rao",
    "phone": "9876543210",
    "line1": "14 Janpath",
    "city": "New Delhi",
    "state": "Delhi",
    "pincode": "110001",
}


def _checkout(server, product, key, quantity=2):
    body = {
        "cart": [{"_id": product, "quantity": quantity}],
        "guest": GUEST,
        "shippingAddress": ADDRESS,
    }
    return lambda: requests.post(
        f"{server.url}/api/v1/orders/checkout",
        json=body,
        headers={"Idempotency-Key": key},
        timeout=120,
    )


def test_one_key_sent_twice_at_once_places_one_guest_order(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        out = server.manage("shell", "-c", SEED % {"stock": 10})
        product = json.loads(out.strip().splitlines()[-1])["product"]

        answers = together([_checkout(server, product, "tap-g")] * 2)
        answers += together([_checkout(server, product, "tap-g")] * 2)

        # The second of a pair may answer 409 (still in progress) instead of waiting.
        codes = sorted(answer.status_code for answer in answers)
        assert codes.count(201) == 1, [a.text for a in answers]
        assert set(codes) <= {200, 201, 409}, [a.text for a in answers]
        placed = [a.json() for a in answers if a.status_code in (200, 201)]
        assert len({body["order"]["_id"] for body in placed}) == 1
        assert len({body["orderToken"] for body in placed}) == 1
        state = json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])
        assert state == {"stock": 8, "orders": ["asha@example.com"]}

        # The same key with another cart: the conflict answer, nothing placed.
        other = _checkout(server, product, "tap-g", quantity=1)()
        assert other.status_code == 422
        state = json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])
        assert state["stock"] == 8
