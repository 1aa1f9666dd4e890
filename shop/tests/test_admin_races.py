"""The Django admin's add pages (shop.admin_races) under staff saving at the same moment:
real browsers' posts (every field of the page's form, a session and its CSRF token) from
real threads to a real gunicorn on a SQLite file, or on PostgreSQL when the tests run on
it. The forms' checks read before the write; when a parallel save wins between the two,
the page is shown again with the field's error (what a check after that save says),
never a server error, and nothing is saved twice."""

import json
import re

import pytest
import requests

from catalog.tests.admin_forms import form_data
from shop.tests.live_gunicorn import admin_session, gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "8"}
STAFF = 8
PASSWORD = "Owner-Pass-2026!"

SEED = f"""
import json
from accounts.models import User
from catalog.models import Category
User.objects.create_superuser("owner@example.com", "{PASSWORD}", name="Owner")
category = Category.objects.create(name="Clothing", slug="clothing")
print(json.dumps({{"category": str(category.pk)}}))
"""

STATE = """
import json
from accounts.models import User
from catalog.models import Category, Product, Variant
print(json.dumps({
    "users": sorted(User.objects.values_list("email", flat=True)),
    "categories": sorted(Category.objects.values_list("name", flat=True)),
    "products": sorted(Product.objects.values_list("name", flat=True)),
    "skus": sorted(Variant.objects.values_list("sku", flat=True)),
}))
"""


def _signed_in(server) -> requests.Session:
    return admin_session(server, "owner@example.com", PASSWORD)


def _add(server, session, model: str, **changes):
    """The add page (`app/model`) as a person's save posts it, ready to send."""
    url = f"{server.url}/admin/{model}/add/"
    data = form_data(session.get(url, timeout=60).text, **changes)
    return lambda: session.post(url, data=data, allow_redirects=False, timeout=120)


def _saved_at_once(server, model: str, changes_of) -> list:
    """STAFF people, each signed in, open the add page (`app/model`) and save it with
    `changes_of(n)` at the same moment; their answers."""
    sessions = [_signed_in(server) for _ in range(STAFF)]
    calls = [_add(server, session, model, **changes_of(n)) for n, session in enumerate(sessions)]
    return together(calls)


def _errors(answer) -> str:
    return " ".join(re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', answer.text, re.S))


def _state(server) -> dict:
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def _seeded(server) -> dict:
    return json.loads(server.manage("shell", "-c", SEED).strip().splitlines()[-1])


def _one_saved(answers, expected_error: str) -> None:
    codes = [answer.status_code for answer in answers]
    assert codes.count(302) == 1 and codes.count(200) == len(answers) - 1, codes
    refused = [_errors(answer) for answer in answers if answer.status_code == 200]
    assert all(expected_error in text for text in refused), refused


def _kurta(name: str, sku: str, category: str) -> dict:
    return {
        "name": name,
        "description": "Hand-block printed cotton.",
        "category": category,
        "options": json.dumps([{"name": "Size", "values": ["S"]}]),
        "variants-TOTAL_FORMS": "1",
        "variants-0-sku": sku,
        "variants-0-options": json.dumps({"Size": "S"}),
        "variants-0-price": "899.00",
        "variants-0-quantity": "4",
        "variants-0-position": "0",
    }


def test_one_sku_saved_by_eight_staff_at_once_goes_to_one_product(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        world = _seeded(server)

        category = world["category"]
        answers = _saved_at_once(
            server, "catalog/product", lambda n: _kurta(f"Kurta {n}", "KURTA-RACE", category)
        )

        _one_saved(answers, "SKU")
        state = _state(server)
        assert len(state["products"]) == 1 and state["skus"] == ["KURTA-RACE"]


def test_the_same_new_product_saved_eight_times_at_once_is_made_once(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        world = _seeded(server)

        answers = _saved_at_once(
            server, "catalog/product", lambda n: _kurta("Ajrakh Kurta", "", world["category"])
        )

        _one_saved(answers, "Product already exists")
        state = _state(server)
        assert state["products"] == ["Ajrakh Kurta"] and len(state["skus"]) == 1


def test_the_same_new_category_saved_eight_times_at_once_is_made_once(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        _seeded(server)

        answers = _saved_at_once(server, "catalog/category", lambda n: {"name": "Footwear"})

        _one_saved(answers, "Category already exists")
        assert _state(server)["categories"] == ["Clothing", "Footwear"]


def test_the_same_new_user_saved_eight_times_at_once_is_made_once(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        _seeded(server)
        user = {
            "email": "Meera@Example.com",
            "name": "Meera Iyer",
            "password1": "Meera-Pass-2026!",
            "password2": "Meera-Pass-2026!",
        }

        answers = _saved_at_once(server, "accounts/user", lambda n: user)

        _one_saved(answers, "A user with this email already exists.")
        assert _state(server)["users"] == ["meera@example.com", "owner@example.com"]
