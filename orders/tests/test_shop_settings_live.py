"""The owner's settings saved and the served PIN codes uploaded at the same moment: real
threads send real HTTP requests to a real gunicorn (gthread workers, one database
connection per thread) on a SQLite file, or on PostgreSQL when the tests run on it."""

import json

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "8"}
URL = "/api/v1/admin/shop-settings"
PINS = "/api/v1/admin/served-pincodes"

ADMIN = """
import json
from accounts.models import User
from accounts.services import user_issue_token
admin = User.objects.create_superuser("admin@example.com", "Shop-Pass-2026!", name="Admin")
print(json.dumps({"admin": user_issue_token(user=admin)}))
"""

SERVED = """
import json
from orders.models import ServedPincode
print(json.dumps(dict(ServedPincode.objects.values_list("pincode", "cod"))))
"""


def _admin(server) -> dict:
    out = server.manage("shell", "-c", ADMIN)
    token = json.loads(out.strip().splitlines()[-1])["admin"]
    return {"Authorization": f"Bearer {token}"}


def test_admins_saving_the_same_copy_at_once_lose_no_update(tmp_path):
    """Six admins save the copy they loaded at one moment: one save wins, the others are
    told someone saved first (409), and the stored city is the winner's."""
    with gunicorn_server(tmp_path, **SERVER) as server:
        headers = _admin(server)
        loaded = requests.get(f"{server.url}{URL}", headers=headers, timeout=60)
        stamp = loaded.json()["settings"]["updatedAt"]
        cities = [f"City {n}" for n in range(6)]
        answers = together(
            [
                lambda city=city: requests.put(
                    f"{server.url}{URL}",
                    json={"updatedAt": stamp, "city": city},
                    headers=headers,
                    timeout=120,
                )
                for city in cities
            ]
        )
        codes = [answer.status_code for answer in answers]
        assert sorted(codes) == [200] + [409] * (len(cities) - 1), codes
        stored = requests.get(f"{server.url}{URL}", headers=headers, timeout=60)
        assert stored.json()["settings"]["city"] == cities[codes.index(200)]


def test_lists_uploaded_at_once_take_turns_and_one_of_them_is_the_list(tmp_path):
    """Each upload replaces the whole list in one transaction, one after another: never a
    mix of two lists, never a 500."""
    lists = [
        {"400001": True, "110001": False},
        {"600001": True, "682001": True, "560103": False},
        {"700001": False},
    ]
    files = [
        ("pincode,cod\n" + "".join(f"{pin},{int(cod)}\n" for pin, cod in served.items())).encode()
        for served in lists
    ]
    with gunicorn_server(tmp_path, **SERVER) as server:
        headers = _admin(server)
        answers = together(
            [
                lambda content=content: requests.post(
                    f"{server.url}{PINS}",
                    files={"file": ("served.csv", content, "text/csv")},
                    headers=headers,
                    timeout=120,
                )
                for content in files
            ]
        )
        assert [answer.status_code for answer in answers] == [200, 200, 200], [
            answer.text for answer in answers
        ]
        assert json.loads(server.manage("shell", "-c", SERVED).strip().splitlines()[-1]) in lists
