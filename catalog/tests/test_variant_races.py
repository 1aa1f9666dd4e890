"""An editor's save of variants sent several times at the same moment (a double click, a
retry on a bad network): real threads against a real gunicorn (a SQLite file, or
PostgreSQL when the tests run on it). One save wins; the others are told the product
changed; the variants are what was sent once, never twice."""

import json

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "8"}

SEED = """
import json
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category
from catalog.serializers import ProductOutput
from catalog.services import product_create
admin = User.objects.create_user("owner@example.com", "Shop-Pass-2026!", name="Owner", role=1)
product = product_create(
    name="Race Tee", description="Sizes.", price=Decimal("499"), quantity=0,
    category=Category.objects.create(name="Clothing", slug="clothing"),
    options=[{"name": "Size", "values": ["S", "M", "L"]}],
    variants=[{"options": {"Size": "S"}, "quantity": 3}, {"options": {"Size": "M"}, "quantity": 4}],
)
print(json.dumps({"token": user_issue_token(user=admin), "product": ProductOutput(product).data}))
"""

STATE = """
import json
from catalog.models import Product, Variant
p = Product.objects.get()
print(json.dumps({
    "quantity": p.quantity,
    "variants": sorted(Variant.objects.values_list("sku", "quantity")),
}))
"""


def test_the_same_save_sent_four_times_at_once_applies_once(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        seeded = json.loads(server.manage("shell", "-c", SEED).strip().splitlines()[-1])
        product = seeded["product"]
        small, medium = product["variants"]
        sent = [
            {**small, "quantity": 5},
            medium,
            {"options": {"Size": "L"}, "quantity": 2, "sku": "RACE-L"},  # new: must be made once
        ]
        form = {"variants": (None, json.dumps(sent)), "updatedAt": (None, product["updatedAt"])}
        url = f"{server.url}/api/v1/product/update-product/{product['_id']}"
        headers = {"Authorization": f"Bearer {seeded['token']}"}

        def save():
            return requests.put(url, files=form, headers=headers, timeout=120)

        answers = together([save] * 4)

        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200, 409, 409, 409], [a.text for a in answers]
        state = json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])
        assert state["variants"] == sorted([["RACE-L", 2], [small["sku"], 5], [medium["sku"], 4]])
        assert state["quantity"] == 11
