"""Editors saving a product while shoppers buy it, with real processes and real threads:
a real gunicorn (two workers, eight threads each) on a SQLite file, or PostgreSQL when
the tests run on it. Each editor's save stores a photo (the slow part of a save, before
its transaction) and changes the description, leaving the stock alone; no sale is
undone by a save, and the product's stock is its variants' sum afterwards."""

import json

import pytest
import requests

from catalog.tests.factories import jpeg_bytes
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

STOCK = 500
BUYERS = 10
EDITORS = 4
ROUNDS = 3

SEED = """
import json
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category
from catalog.services import product_create
admin = User.objects.create_user("owner@example.com", "Shop-Pass-2026!", name="Owner", role=1)
product = product_create(
    name="Race Tee", description="Sizes.", price=Decimal("499"), quantity=0,
    category=Category.objects.create(name="Clothing", slug="clothing"),
    options=[{"name": "Size", "values": ["S", "M"]}],
    variants=[
        {"options": {"Size": "S"}, "quantity": %(half)d},
        {"options": {"Size": "M"}, "quantity": %(half)d},
    ],
)
buyers = [
    User.objects.create_user(
        f"buyer{n}@example.com", "Shop-Pass-2026!", name=f"Buyer {n}",
        address="12 MG Road, Bengaluru 560001",
    )
    for n in range(%(buyers)d)
]
print(json.dumps({
    "token": user_issue_token(user=admin),
    "buyers": [user_issue_token(user=buyer) for buyer in buyers],
    "product": product.pk,
    "variants": list(product.variants.order_by("pk").values_list("pk", flat=True)),
}))
"""

STATE = """
import json
from catalog.models import Product, Variant
from orders.models import Order
p = Product.objects.get()
print(json.dumps({
    "quantity": p.quantity,
    "variants": sum(Variant.objects.values_list("quantity", flat=True)),
    "ordered": Order.objects.count(),
}))
"""


def test_editors_saving_while_shoppers_buy_undo_no_sale(tmp_path):
    with gunicorn_server(
        tmp_path, WEB_CONCURRENCY="2", GUNICORN_THREADS="8", THROTTLE_CHECKOUT="10000/min"
    ) as server:
        out = server.manage("shell", "-c", SEED % {"half": STOCK // 2, "buyers": BUYERS})
        seeded = json.loads(out.strip().splitlines()[-1])
        api = f"{server.url}/api/v1"
        photo = jpeg_bytes(width=1600, height=1200, color=(30, 90, 160))

        def edit(n):
            def run():
                return requests.put(
                    f"{api}/product/update-product/{seeded['product']}",
                    data={"description": f"Sizes, saved by editor {n}."},
                    files={"photo": ("tee.jpg", photo, "image/jpeg")},
                    headers={"Authorization": f"Bearer {seeded['token']}"},
                    timeout=120,
                )

            return run

        def buy(n):
            variant = seeded["variants"][n % 2]
            cart = [{"_id": seeded["product"], "quantity": 1, "variant": variant}]

            def run():
                return requests.post(
                    f"{api}/orders/checkout",
                    json={"cart": cart, "payment": "cod"},
                    headers={"Authorization": f"Bearer {seeded['buyers'][n]}"},
                    timeout=120,
                )

            return run

        sold = 0
        for _ in range(ROUNDS):
            answers = together([edit(n) for n in range(EDITORS)] + [buy(n) for n in range(BUYERS)])
            edits, sales = answers[:EDITORS], answers[EDITORS:]
            assert [a.status_code for a in edits] == [200] * EDITORS, [a.text for a in edits]
            assert [a.status_code for a in sales] == [201] * BUYERS, [a.text for a in sales]
            sold += BUYERS

        state = json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])
    assert state == {"quantity": STOCK - sold, "variants": STOCK - sold, "ordered": sold}
