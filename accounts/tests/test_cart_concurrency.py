"""The account's cart written from several devices at the same moment: real threads send
real HTTP requests to a real gunicorn (gthread workers, one database connection per
thread) on a SQLite file, or on PostgreSQL when the tests run on it."""

import json

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SERVER = {"WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "8"}
DEVICES = 8

SEED = """
import json
from accounts.models import User
from accounts.services import user_issue_token
from catalog.tests.factories import ProductFactory
user = User.objects.create_user("shopper@example.com", "Shop-Pass-2026!", name="Shopper")
phone = ProductFactory(name="Pixel Phone", quantity=50)
tee = ProductFactory(
    name="Cotton Tee",
    options=[{"name": "Size", "values": ["S", "M"]}],
    variants=[{"options": {"Size": "S"}, "quantity": 9}, {"options": {"Size": "M"}, "quantity": 9}],
)
print(json.dumps({
    "token": user_issue_token(user=user),
    "phone": str(phone.pk),
    "phoneVariant": str(phone.variants.get().pk),
    "tee": [str(v.pk) for v in tee.variants.order_by("position")],
    "teeId": str(tee.pk),
}))
"""

STATE = """
import json
from accounts.models import Cart
print(json.dumps([{"lines": c.lines, "version": c.version} for c in Cart.objects.all()]))
"""


def _call(server, world, method, path, body):
    return lambda: requests.request(
        method,
        f"{server.url}/api/v1/auth/{path}",
        json=body,
        headers={"Authorization": f"Bearer {world['token']}"},
        timeout=120,
    )


def _seed(server) -> dict:
    return json.loads(server.manage("shell", "-c", SEED).strip().splitlines()[-1])


def _carts(server) -> list[dict]:
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def _lines(answer) -> list[tuple]:
    return [(line["_id"], line["variant"], line["quantity"]) for line in answer.json()["cart"]]


def _start(server, world, cart) -> None:
    """The account's cart before the race, and both workers warmed up by a read."""
    assert _call(server, world, "put", "cart", {"cart": cart})().status_code == 200
    answers = together([_call(server, world, "get", "cart", None) for _ in range(DEVICES)])
    assert {answer.status_code for answer in answers} == {200}


def test_the_same_guest_cart_merged_from_eight_devices_at_once_is_added_once(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        world = _seed(server)
        medium = world["tee"][1]
        _start(server, world, [{"_id": world["phone"], "quantity": 1}])
        guest = [
            {"_id": world["phone"], "quantity": 2},
            {"_id": world["teeId"], "variant": medium, "quantity": 3},
        ]
        body = {"cart": guest, "mergeKey": "sign-in-7f3a"}

        answers = together([_call(server, world, "post", "cart/merge", body)] * DEVICES)

        assert [a.status_code for a in answers] == [200] * DEVICES, [a.text for a in answers]
        merged = [(world["phone"], world["phoneVariant"], 3), (world["teeId"], medium, 3)]
        assert [_lines(answer) for answer in answers] == [merged] * DEVICES
        [cart] = _carts(server)
        assert [line["quantity"] for line in cart["lines"]] == [3, 3]
        assert cart["version"] == 2  # the first write, then one merge


def test_eight_sign_ins_merging_at_once_each_add_their_cart_exactly_once(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        world = _seed(server)
        _start(server, world, [{"_id": world["phone"], "quantity": 1}])
        calls = [
            _call(
                server,
                world,
                "post",
                "cart/merge",
                {"cart": [{"_id": world["phone"], "quantity": 1}], "mergeKey": f"sign-in-{n}"},
            )
            for n in range(DEVICES)
        ]

        answers = together(calls)

        assert [a.status_code for a in answers] == [200] * DEVICES, [a.text for a in answers]
        # Each merge saw the ones before it: quantities 2..9, versions 2..9, none twice.
        assert sorted(_lines(a)[0][2] for a in answers) == list(range(2, 2 + DEVICES))
        assert sorted(a.json()["version"] for a in answers) == list(range(2, 2 + DEVICES))
        [cart] = _carts(server)
        assert len(cart["lines"]) == 1
        assert cart["lines"][0]["quantity"] == 1 + DEVICES


def test_eight_devices_saving_over_the_same_version_store_exactly_one(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        world = _seed(server)
        small = world["tee"][0]
        _start(server, world, [{"_id": world["phone"], "quantity": 1}])
        calls = [
            _call(
                server,
                world,
                "put",
                "cart",
                {
                    "cart": [
                        {"_id": world["phone"], "quantity": n + 1},
                        {"_id": world["teeId"], "variant": small, "quantity": 1},
                    ],
                    "version": 1,
                },
            )
            for n in range(DEVICES)
        ]

        answers = together(calls)

        codes = sorted(a.status_code for a in answers)
        assert codes == [200] + [409] * (DEVICES - 1), [a.text for a in answers]
        [winner] = [a for a in answers if a.status_code == 200]
        [cart] = _carts(server)
        assert cart["version"] == 2
        assert [line["quantity"] for line in cart["lines"]] == [_lines(winner)[0][2], 1]
