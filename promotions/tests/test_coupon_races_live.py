"""Coupon limits under parallel checkouts, with real processes and threads: a real
gunicorn (two workers, eight threads each) on a SQLite file, or on PostgreSQL when the
tests run on it. Twenty buyers race for a coupon's last five uses: five orders carry it,
the other fifteen are 400 and place nothing. One buyer tapping eight times at once (eight
Idempotency-Keys) on a once-per-customer code, and on a first-order code, gets one
order each time."""

import json

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

BUYERS = 20
USES = 5
TAPS = 8
PASSWORD = "Shop-Pass-2026!"

SEED = f"""
import json
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category
from catalog.services import product_create
from promotions.models import Coupon
product = product_create(
    name="Race Lamp", description="Bright.", price=Decimal("999"), quantity=1000,
    category=Category.objects.create(name="Lighting", slug="lighting"),
)
Coupon.objects.create(code="LASTFIVE", kind="percent", value=Decimal("10"), usage_limit={USES})
Coupon.objects.create(code="ONCEEACH", kind="amount", value=Decimal("100"), per_customer_limit=1)
Coupon.objects.create(code="FIRSTBUY", kind="amount", value=Decimal("50"), first_order_only=True)
buyers = [
    User.objects.create_user(
        f"buyer{{n}}@example.com", "{PASSWORD}", name=f"Buyer {{n}}",
        address="12 MG Road, Bengaluru 560001",
    )
    for n in range({BUYERS} + 2)
]
print(json.dumps({{
    "buyers": [user_issue_token(user=buyer) for buyer in buyers],
    "product": product.pk,
}}))
"""

STATE = """
import json
from catalog.models import Product
from orders.models import Order
print(json.dumps({
    "stock": Product.objects.get(name="Race Lamp").quantity,
    "orders": {code: Order.objects.filter(coupon_code=code).count()
               for code in ("", "LASTFIVE", "ONCEEACH", "FIRSTBUY")},
    "linked": Order.objects.exclude(coupon=None).count(),
}))
"""


def _checkout(server, token, product, code, key=None):
    headers = {"Authorization": f"Bearer {token}"}
    if key:
        headers["Idempotency-Key"] = key

    def run():
        return requests.post(
            f"{server.url}/api/v1/orders/checkout",
            json={"cart": [{"_id": product, "quantity": 1}], "coupon": code},
            headers=headers,
            timeout=120,
        )

    return run


def test_racing_checkouts_never_pass_a_coupons_limits(tmp_path):
    with gunicorn_server(
        tmp_path, WEB_CONCURRENCY="2", GUNICORN_THREADS="8", THROTTLE_CHECKOUT="100000/min"
    ) as server:
        seeded = json.loads(server.manage("shell", "-c", SEED).strip().splitlines()[-1])
        product, tokens = seeded["product"], seeded["buyers"]

        answers = together(
            [_checkout(server, tokens[n], product, "lastfive") for n in range(BUYERS)]
        )
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [201] * USES + [400] * (BUYERS - USES), [a.text for a in answers]
        refused = {a.json()["message"] for a in answers if a.status_code == 400}
        assert refused == {"This coupon has been used up."}

        once = tokens[BUYERS]
        answers = together(
            [_checkout(server, once, product, "ONCEEACH", key=f"tap-{n}") for n in range(TAPS)]
        )
        assert sorted(a.status_code for a in answers) == [201] + [400] * (TAPS - 1)

        first = tokens[BUYERS + 1]
        answers = together(
            [_checkout(server, first, product, "FIRSTBUY", key=f"tap-{n}") for n in range(TAPS)]
        )
        assert sorted(a.status_code for a in answers) == [201] + [400] * (TAPS - 1)

        state = json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])
    assert state["orders"] == {"": 0, "LASTFIVE": USES, "ONCEEACH": 1, "FIRSTBUY": 1}
    assert state["linked"] == USES + 2
    assert state["stock"] == 1000 - USES - 2
