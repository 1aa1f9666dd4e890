"""Races over real HTTP, with real threads against a real gunicorn (two workers, eight
threads each) on a SQLite file, or PostgreSQL when the tests run on it:

- eight adds of one product to one wishlist at once: one 201, the rest 200, one row;
- eight back-in-stock requests of one address for one item at once: one pending request;
- the admin's restock sets off the check job after its commit, and two sweeps run at
  once (threads of one process, as two workers would) claim each request once: one mail
  job, however many runs.
"""

import json

import pytest
import requests

from orders.tests.live_seed import BUYER_AND_ADMIN
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

STATE = """
import json
from django_tasks_db.models import DBTaskResult
from wishlist.models import StockAlert, WishlistItem
print(json.dumps({
    "wishlist": list(WishlistItem.objects.values_list("user_id", "product_id")),
    "alerts": list(StockAlert.objects.order_by("pk").values_list("email", "status")),
    "jobs": sorted(DBTaskResult.objects.values_list("task_path", flat=True)),
}))
"""

TWO_SWEEPS = """
import json, threading
from django.db import connection
from wishlist.claims import stock_alerts_release
start, claimed = threading.Barrier(2), []
def sweep():
    start.wait(timeout=60)
    try:
        claimed.append(stock_alerts_release())
    finally:
        connection.close()
threads = [threading.Thread(target=sweep) for _ in range(2)]
[t.start() for t in threads]
[t.join() for t in threads]
print(json.dumps(sorted(claimed)))
"""


def _last_json(text: str):
    return json.loads(text.strip().splitlines()[-1])


def test_parallel_adds_and_requests_make_one_row_and_one_mail(tmp_path):
    with gunicorn_server(
        tmp_path,
        WEB_CONCURRENCY="2",
        GUNICORN_THREADS="8",
        TASKS_IN_PROCESS="false",
        THROTTLE_WISHLIST="1000/min",
        THROTTLE_STOCK_ALERT="1000/min",
    ) as server:
        seeded = _last_json(server.manage("shell", "-c", BUYER_AND_ADMIN % {"stock": 0}))
        api = f"{server.url}/api/v1"
        buyer = {"Authorization": f"Bearer {seeded['buyer']}"}
        admin = {"Authorization": f"Bearer {seeded['admin']}"}
        product = seeded["product"]

        def add():
            return requests.post(
                f"{api}/auth/wishlist", json={"product": product}, headers=buyer, timeout=120
            )

        added = together([add] * 8)
        assert sorted(r.status_code for r in added) == [200] * 7 + [201], [r.text for r in added]

        def ask():
            return requests.post(
                f"{api}/product/speaker/notify",
                json={"email": "asha@example.com"},
                headers=buyer,
                timeout=120,
            )

        asked = together([ask] * 8)
        assert sorted(r.status_code for r in asked) == [200] * 7 + [201], [r.text for r in asked]

        state = _last_json(server.manage("shell", "-c", STATE))
        assert len(state["wishlist"]) == 1
        assert state["alerts"] == [["asha@example.com", "pending"]]
        assert "wishlist.alerts.check_stock_alerts" not in state["jobs"]

        restocked = requests.put(
            f"{api}/product/update-product/{product}",
            data={"quantity": "4"},
            headers=admin,
            timeout=120,
        )
        assert restocked.status_code == 200, restocked.text
        state = _last_json(server.manage("shell", "-c", STATE))
        assert state["jobs"].count("wishlist.alerts.check_stock_alerts") == 1

        assert _last_json(server.manage("shell", "-c", TWO_SWEEPS)) == [0, 1]
        server.manage("shell", "-c", "from shop.tasks import run_ready_tasks; run_ready_tasks()")
        state = _last_json(server.manage("shell", "-c", STATE))
        assert state["alerts"] == [["asha@example.com", "sent"]]
        assert state["jobs"].count("wishlist.tasks.send_stock_alert") == 1
