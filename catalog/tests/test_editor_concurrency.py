"""The product editor's name and SKU checks under admins saving at the same moment: real
threads send real HTTP requests to a real gunicorn (gthread workers, one database
connection per thread) on a SQLite file, or on PostgreSQL when the tests run on it. The
checks (catalog.variants.skus_held, Product.objects.with_name) read before writing; the
unique indexes decide a race, which answers 409, never 500, and saves nothing twice."""

import json

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "8"}
ADMINS = 8

SEED = """
import json
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category
admin = User.objects.create_user("admin@example.com", "Admin-Pass-2026!", name="Admin", role=1)
category = Category.objects.create(name="Clothing", slug="clothing")
print(json.dumps({"token": user_issue_token(user=admin), "category": str(category.pk)}))
"""

STATE = """
import json
from catalog.models import Product, Variant
print(json.dumps({
    "products": sorted(Product.objects.values_list("name", flat=True)),
    "skus": sorted(Variant.objects.values_list("sku", flat=True)),
}))
"""


def _create(server, world, name, sku):
    form = {
        "name": name,
        "description": "Hand-block printed cotton.",
        "price": "899",
        "quantity": "0",
        "category": world["category"],
        "shipping": "1",
        "options": json.dumps([{"name": "Size", "values": ["S"]}]),
        "variants": json.dumps([{"options": {"Size": "S"}, "quantity": 4, "sku": sku}]),
    }
    return lambda: requests.post(
        f"{server.url}/api/v1/product/create-product",
        data=form,
        headers={"Authorization": f"Bearer {world['token']}"},
        timeout=120,
    )


def _state(server) -> dict:
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def test_one_sku_sent_by_eight_admins_at_once_goes_to_one_product(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        world = json.loads(server.manage("shell", "-c", SEED).strip().splitlines()[-1])
        calls = [
            _create(server, world, f"Kurta {n}", f"kurta-race-{'A' if n % 2 else 'a'}")
            for n in range(ADMINS)
        ]

        answers = together(calls)

        codes = sorted(answer.status_code for answer in answers)
        assert codes.count(201) == 1 and set(codes) <= {201, 400, 409}, [a.text for a in answers]
        refused = [a.json() for a in answers if a.status_code != 201]
        assert all("SKU" in json.dumps(body) for body in refused), refused
        state = _state(server)
        assert len(state["products"]) == 1
        assert [sku.lower() for sku in state["skus"]] == ["kurta-race-a"]


def test_the_same_new_product_sent_eight_times_at_once_is_made_once(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        world = json.loads(server.manage("shell", "-c", SEED).strip().splitlines()[-1])

        answers = together([_create(server, world, "Ajrakh Kurta", "")] * ADMINS)

        codes = sorted(answer.status_code for answer in answers)
        assert codes.count(201) == 1 and set(codes) <= {201, 400, 409}, [a.text for a in answers]
        state = _state(server)
        assert state["products"] == ["Ajrakh Kurta"] and len(state["skus"]) == 1
