"""Addresses sent at the same moment, as a double tap or two open tabs send them: real
threads send real HTTP requests to a real gunicorn (gthread workers, one database
connection per thread) on a SQLite file, or on PostgreSQL when the tests run on it."""

import json

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "8"}

SEED = """
import json
from accounts.models import Address, User
from accounts.services import user_issue_token
users = [
    User.objects.create_user(f"shopper{n}@example.com", "Shop-Pass-2026!", name=f"Shopper {n}")
    for n in range(%(users)d)
]
for user in users:
    for n in range(%(existing)d):
        Address.objects.create(
            user=user, name="Old", phone="9876543210", line1=f"{n} Old Road", city="Pune",
            state="Maharashtra", pincode="411001", is_default=(n == 0),
        )
    if %(existing)d:
        user.address = Address.objects.get(user=user, is_default=True).text
        user.save(update_fields=["address"])
print(json.dumps([user_issue_token(user=user) for user in users]))
"""

STATE = """
import json
from accounts.models import Address, User
answer = []
for user in User.objects.order_by("pk"):
    rows = list(Address.objects.filter(user=user))
    default = [a for a in rows if a.is_default]
    answer.append({
        "count": len(rows),
        "defaults": len(default),
        "synced": bool(default) and user.address == default[0].text,
    })
print(json.dumps(answer))
"""


def _post(server, token, n, pincode="560001"):
    body = {
        "name": f"Tab {n}",
        "phone": "9876543210",
        "line1": f"{n} MG Road",
        "city": "Bengaluru",
        "state": "Karnataka",
        "pincode": pincode,
    }
    return lambda: requests.post(
        f"{server.url}/api/v1/auth/addresses",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
        timeout=120,
    )


def _seed(server, *, users: int, existing: int = 0) -> list[str]:
    out = server.manage("shell", "-c", SEED % {"users": users, "existing": existing})
    return json.loads(out.strip().splitlines()[-1])


def _state(server) -> list[dict]:
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def _warm_up(server, token) -> None:
    """Both workers load the PIN directory (a refused PIN code saves nothing), so the
    race below is between the writes, not the first lookups."""
    answers = together([_post(server, token, n, pincode="999999") for n in range(16)])
    assert {answer.status_code for answer in answers} == {400}


def test_first_addresses_sent_at_once_leave_exactly_one_default(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        tokens = _seed(server, users=3)
        _warm_up(server, tokens[0])

        answers = together([_post(server, token, n) for token in tokens for n in range(6)])

        assert [answer.status_code for answer in answers] == [201] * 18, [
            answer.text for answer in answers
        ]
        # One answer a user says it made the default; the others did not.
        for index in range(3):
            mine = answers[index * 6 : index * 6 + 6]
            assert sorted(a.json()["address"]["isDefault"] for a in mine) == [False] * 5 + [True]
        assert _state(server) == [{"count": 6, "defaults": 1, "synced": True}] * 3


def test_addresses_sent_at_once_never_pass_the_limit(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        [token] = _seed(server, users=1, existing=18)
        _warm_up(server, token)

        answers = together([_post(server, token, n) for n in range(8)])

        codes = sorted(answer.status_code for answer in answers)
        assert codes == [201] * 2 + [400] * 6, [answer.text for answer in answers]
        assert _state(server) == [{"count": 20, "defaults": 1, "synced": True}]


SERVED_LIST = """
from orders.models import ServedPincode
ServedPincode.objects.create(pincode="560001", cod=True)
"""

DEFAULT_PIN = """
import json
from accounts.models import Address
print(json.dumps(list(Address.objects.filter(is_default=True).values_list("pincode", flat=True))))
"""


def _post_unserved(server, token, n):
    body = {
        "name": f"Tab {n}",
        "phone": "9876543210",
        "line1": f"{n} Janpath",
        "city": "New Delhi",
        "state": "Delhi",
        "pincode": "110001",
    }
    return lambda: requests.post(
        f"{server.url}/api/v1/auth/addresses",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
        timeout=120,
    )


def test_served_and_unserved_first_addresses_at_once_leave_one_served_default(tmp_path):
    """Whatever order they land in, an address the shop does not serve never ends up the
    default: one served address is, and the profile's text is its."""
    with gunicorn_server(tmp_path, **SERVER) as server:
        [token] = _seed(server, users=1)
        server.manage("shell", "-c", SERVED_LIST)
        _warm_up(server, token)

        answers = together(
            [_post_unserved(server, token, n) for n in range(4)]
            + [_post(server, token, n) for n in range(4)]
        )

        assert [answer.status_code for answer in answers] == [201] * 8, [
            answer.text for answer in answers
        ]
        assert not any(a.json()["address"]["isDefault"] for a in answers[:4])
        assert _state(server) == [{"count": 8, "defaults": 1, "synced": True}]
        pins = json.loads(server.manage("shell", "-c", DEFAULT_PIN).strip().splitlines()[-1])
        assert pins == ["560001"]
