"""Returns raced with real threads against a real gunicorn (two workers, eight threads
each) on a SQLite file, or PostgreSQL when the tests run on it, with the Razorpay
stand-in on loopback:

- six requests at once, each for one of the two units of a line: two are 201, four 400,
  and the line never has more units in returns than it was delivered in;
- two admins' Approve of one return at once: one applies, the other is 409;
- two Refunded clicks at once on a return of an order paid online: one 200, one 409,
  one refund recorded and one asked of the gateway, for the return's amount in paise.
"""

import json

import pytest
import requests

from orders.tests.live_seed import BUYER_AND_ADMIN
from orders.tests.razorpay_standin import Standin
from shop.tests.live_gunicorn import gunicorn_server, together, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

SEED = BUYER_AND_ADMIN

STATE = """
import json
from django.db.models import Sum
from catalog.models import Product
from orders.models import Refund
from returns.models import Return, ReturnLine, ReturnStatusChange
print(json.dumps({
    "stock": Product.objects.get().quantity,
    "returns": list(Return.objects.order_by("pk").values("pk", "order_id", "status")),
    "units": {
        str(row["order_line_id"]): row["units"]
        for row in ReturnLine.objects.exclude(ret__status="Rejected")
        .values("order_line_id").annotate(units=Sum("quantity"))
    },
    "steps": list(ReturnStatusChange.objects.order_by("pk").values_list("ret_id", "status")),
    "refunds": list(Refund.objects.values("key", "amount", "reason", "status")),
}))
"""


@pytest.fixture
def standin():
    running = Standin().start()
    yield running
    running.stop()


class Shop:
    def __init__(self, server, standin):
        self.server, self.standin = server, standin
        self.api = f"{server.url}/api/v1"
        seeded = json.loads(server.manage("shell", "-c", SEED % {"stock": 20}).splitlines()[-1])
        self.product = seeded["product"]
        self.buyer = {"Authorization": f"Bearer {seeded['buyer']}"}
        self.admin = {"Authorization": f"Bearer {seeded['admin']}"}

    def order(self, quantity: int, payment: str = "cod") -> dict:
        """A delivered order of `quantity` speakers, paid by `payment`."""
        placed = requests.post(
            f"{self.api}/orders/checkout",
            json={"cart": [{"_id": self.product, "quantity": quantity}], "payment": payment},
            headers=self.buyer,
            timeout=120,
        )
        assert placed.status_code == 201, placed.text
        order = placed.json()["order"]
        if payment == "razorpay":
            paid = self.standin.pay(placed.json()["razorpay"]["orderId"])
            verified = requests.post(
                f"{self.api}/orders/{order['_id']}/razorpay/verify",
                json=paid,
                headers=self.buyer,
                timeout=120,
            )
            assert verified.status_code == 200, verified.text
        for status in ("Processing", "Shipped", "Delivered"):
            moved = requests.put(
                f"{self.api}/auth/order-status/{order['_id']}",
                json={"status": status},
                headers=self.admin,
                timeout=120,
            )
            assert moved.status_code == 200, moved.text
        order = moved.json()["order"]
        order["line"] = self.line_of(order["_id"])
        return order

    def line_of(self, order_id: str) -> int:
        """The order's (only) line's id, its `lineId`."""
        out = self.server.manage(
            "shell",
            "-c",
            "from orders.models import OrderLine; "
            f"print(OrderLine.objects.get(order_id={int(order_id)}).pk)",
        )
        return int(out.strip().splitlines()[-1])

    def ask(self, order: dict, quantity: int) -> requests.Response:
        line = order["line"]
        return requests.post(
            f"{self.api}/orders/{order['_id']}/returns",
            json={
                "lines": [{"_id": line, "quantity": quantity}],
                "reason": "damaged",
                "kind": "refund",
            },
            headers=self.buyer,
            timeout=120,
        )

    def move(self, return_id: str, status: str, **extra) -> requests.Response:
        return requests.put(
            f"{self.api}/returns/{return_id}/status",
            json={"status": status, **extra},
            headers=self.admin,
            timeout=120,
        )

    def state(self) -> dict:
        return json.loads(self.server.manage("shell", "-c", STATE).strip().splitlines()[-1])

    def run_jobs(self) -> None:
        self.server.manage(
            "shell", "-c", "from shop.tasks import run_ready_tasks; run_ready_tasks()"
        )


@pytest.fixture
def shop(tmp_path, standin):
    with gunicorn_server(
        tmp_path,
        WEB_CONCURRENCY="2",
        GUNICORN_THREADS="8",
        THROTTLE_CHECKOUT="10000/min",
        TASKS_IN_PROCESS="false",
        **standin.settings(),
    ) as server:
        yield Shop(server, standin)


def test_returns_raced_for_the_last_units_and_moves_raced_on_one_return(shop):
    order = shop.order(2)
    answers = together([lambda: shop.ask(order, 1)] * 6)
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [201, 201, 400, 400, 400, 400], [a.text[:200] for a in answers]
    for answer in answers:
        if answer.status_code == 400:
            assert answer.json()["message"] in (
                "Only 1 of Speaker can still be returned.",
                "All 2 of Speaker have already been returned.",
            )
    state = shop.state()
    line = str(order["line"])
    assert state["units"] == {line: 2}
    assert len(state["returns"]) == 2
    assert [status for _, status in state["steps"]] == ["Requested", "Requested"]

    # Two admins approve one return at once: one applies, the other is 409. (Approve
    # against Reject may both apply one after the other: Approved -> Rejected is a move.)
    first = next(a.json()["return"]["_id"] for a in answers if a.status_code == 201)
    clicks = together([lambda: shop.move(first, "Approved")] * 2)
    assert sorted(c.status_code for c in clicks) == [200, 409], [c.text for c in clicks]
    state = shop.state()
    assert {r["pk"]: r["status"] for r in state["returns"]}[int(first)] == "Approved"
    assert [status for ret, status in state["steps"] if ret == int(first)] == [
        "Requested",
        "Approved",
    ]


def test_two_refund_clicks_at_once_refund_once_at_the_gateway(shop):
    order = shop.order(2, payment="razorpay")
    asked = shop.ask(order, 1)
    assert asked.status_code == 201, asked.text
    return_id = asked.json()["return"]["_id"]
    assert shop.move(return_id, "Approved").status_code == 200
    received = shop.move(return_id, "Received")
    assert received.status_code == 200, received.text
    assert received.json()["return"]["refundAmount"] == 2499
    stock_after = shop.state()["stock"]
    assert stock_after == 19  # 20, two sold, one back

    clicks = together([lambda: shop.move(return_id, "Refunded")] * 2)
    assert sorted(c.status_code for c in clicks) == [200, 409], [c.text for c in clicks]
    state = shop.state()
    assert state["refunds"] == [
        {"key": f"return:{return_id}", "amount": 249900, "reason": "return", "status": "pending"}
    ]
    shop.run_jobs()
    wait_for(lambda: len(shop.standin.refunds) >= 1, "the refund at the gateway")
    (refund,) = shop.standin.refunds.values()
    assert refund["amount"] == 249900
    assert shop.state()["refunds"][0]["status"] == "processed"
    assert shop.state()["stock"] == stock_after
