"""Cancelling part of a paid order while something else happens to it, with real
processes and real threads: a real gunicorn (two workers, eight threads each) on a SQLite
file, or PostgreSQL when the tests run on it, and the Razorpay stand-in on loopback.

- Two cancels of the same units at once (the last ones, or more than half of what is
  left): one applies, the other is refused; the stock comes back once and the payment is
  refunded once, for the difference.
- A double-clicked partial cancel: each click cancels its units while there are some
  (the call has no key; the page disables its button while the call is out), never more
  than was ordered, and each is refunded once.
- A partial cancel and the admin's Shipped at the same moment: whichever comes second
  sees the first (a cancel after shipping is 409).

After each run the jobs run, and for every order: its stock is back for exactly the units
cancelled, its refunds at the gateway add up to what was captured less what it costs now
(all of it when cancelled), and each refund was asked of the gateway once."""

import json

import pytest
import requests

from orders.tests.live_seed import BUYER_AND_ADMIN
from orders.tests.razorpay_standin import Standin
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

STOCK = 200
ROUNDS = 6

SEED = BUYER_AND_ADMIN

STATE = """
import json
from catalog.models import Product, Variant
from orders.models import Order, Payment, Refund
orders = {}
for order in Order.objects.prefetch_related("lines"):
    payment = Payment.objects.filter(order=order).first()
    orders[order.pk] = {
        "status": order.status,
        "total": str(order.total),
        "lines": [[line.quantity, line.cancelled] for line in order.lines.all()],
        "payment": payment.payment_id if payment else "",
        "captured": payment.captured if payment else 0,
        "refunded": payment.refunded if payment else 0,
        "refunds": sorted(
            [r.key, r.amount, r.status] for r in Refund.objects.filter(order=order)
        ),
    }
print(json.dumps({
    "stock": Product.objects.get().quantity,
    "variant_stock": Variant.objects.get().quantity,
    "orders": orders,
}))
"""


@pytest.fixture
def standin():
    running = Standin().start()
    yield running
    running.stop()


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
        seeded = json.loads(server.manage("shell", "-c", SEED % {"stock": STOCK}).splitlines()[-1])
        yield Shop(server, standin, seeded)


class Shop:
    def __init__(self, server, standin, seeded):
        self.server, self.standin = server, standin
        self.api = f"{server.url}/api/v1"
        self.product = seeded["product"]
        self.buyer = {"Authorization": f"Bearer {seeded['buyer']}"}
        self.admin = {"Authorization": f"Bearer {seeded['admin']}"}

    def paid_order(self, quantity: int) -> tuple[int, str]:
        """An order of `quantity` speakers paid online: its id and its line's id."""
        placed = requests.post(
            f"{self.api}/orders/checkout",
            json={"cart": [{"_id": self.product, "quantity": quantity}], "payment": "razorpay"},
            headers=self.buyer,
            timeout=120,
        )
        assert placed.status_code == 201, placed.text
        order = placed.json()["order"]
        paid = self.standin.pay(placed.json()["razorpay"]["orderId"])
        verified = requests.post(
            f"{self.api}/orders/{order['_id']}/razorpay/verify",
            json=paid,
            headers=self.buyer,
            timeout=120,
        )
        assert verified.status_code == 200, verified.text
        return int(order["_id"]), order["products"][0]["lineId"]

    def cancel(self, order_id: int, line: str, quantity: int):
        return lambda: requests.post(
            f"{self.api}/orders/{order_id}/cancel",
            json={"lines": [{"_id": line, "quantity": quantity}]},
            headers=self.buyer,
            timeout=120,
        )

    def ship(self, order_id: int):
        def move(status):
            return requests.put(
                f"{self.api}/auth/order-status/{order_id}",
                json={"status": status},
                headers=self.admin,
                timeout=120,
            )

        return move

    def state(self) -> dict:
        self.server.manage(
            "shell", "-c", "from shop.tasks import run_ready_tasks; run_ready_tasks()"
        )
        return json.loads(self.server.manage("shell", "-c", STATE).strip().splitlines()[-1])

    def asked(self, payment_id: str) -> list[int]:
        return [r["amount"] for r in self.standin.refunds.values() if r["payment_id"] == payment_id]

    def posts(self, payment_id: str) -> int:
        return self.standin.calls.count(("POST", f"/v1/payments/{payment_id}/refund"))


def _no_5xx(answers):
    assert all(a.status_code < 500 for a in answers), [
        (a.status_code, a.text[:300]) for a in answers if a.status_code >= 500
    ]


def _money_and_stock_right(shop, state, ordered: int) -> None:
    """Every order's refunds are its captured amount less its total now (all of it when
    cancelled), each asked once; the stock is what was there less what orders still
    hold."""
    held = 0
    for order in state["orders"].values():
        captured = order["captured"]
        assert captured > 0
        asked = shop.asked(order["payment"])
        if order["status"] == "Cancelled":
            assert sum(asked) == captured, order
        else:
            held += sum(quantity for quantity, _ in order["lines"])
            assert sum(asked) == captured - round(float(order["total"]) * 100), order
        assert shop.posts(order["payment"]) == len(order["refunds"]) == len(asked), order
        assert all(status == "processed" for _, _, status in order["refunds"]), order
        assert order["refunded"] == sum(asked)
    assert state["stock"] == state["variant_stock"] == STOCK - held
    assert sum(q + c for o in state["orders"].values() for q, c in o["lines"]) == ordered


def test_two_cancels_of_the_same_units_at_once_apply_once(shop):
    ordered = 0
    answers = []
    for _ in range(ROUNDS):
        # Three ordered, two cancels of two each: only one fits.
        order_id, line = shop.paid_order(3)
        # Two ordered, two cancels of both: the first cancels the order, the second is 409.
        last_id, last_line = shop.paid_order(2)
        ordered += 5
        answers += together(
            [
                shop.cancel(order_id, line, 2),
                shop.cancel(order_id, line, 2),
                shop.cancel(last_id, last_line, 2),
                shop.cancel(last_id, last_line, 2),
            ]
        )
    _no_5xx(answers)
    for number in range(ROUNDS):
        some, again, last, last_again = answers[4 * number : 4 * number + 4]
        assert sorted([some.status_code, again.status_code]) == [200, 400], (
            some.text,
            again.text,
        )
        refused = again if again.status_code == 400 else some
        assert refused.json()["message"] == ("Lines: Only 1 of Speaker can be cancelled; 2 asked.")
        assert sorted([last.status_code, last_again.status_code]) == [200, 409]
        won = last if last.status_code == 200 else last_again
        assert won.json()["order"]["status"] == "Cancelled"

    state = shop.state()
    _money_and_stock_right(shop, state, ordered)
    statuses = sorted(order["status"] for order in state["orders"].values())
    assert statuses == ["Cancelled"] * ROUNDS + ["Not Processed"] * ROUNDS
    for order in state["orders"].values():
        if order["status"] == "Not Processed":
            assert order["lines"] == [[1, 2]] and order["total"] == "2499.00"
            assert [amount for _, amount, _ in order["refunds"]] == [499800]


def test_a_double_clicked_partial_cancel_applies_each_click_while_units_are_left(shop):
    ordered = 0
    answers = []
    for _ in range(ROUNDS):
        order_id, line = shop.paid_order(3)
        ordered += 3
        answers += together([shop.cancel(order_id, line, 1)] * 3)
    _no_5xx(answers)
    for number in range(ROUNDS):
        clicks = answers[3 * number : 3 * number + 3]
        # One unit each: two cancel a unit, the third cancels the last one, so the order.
        assert sorted(a.status_code for a in clicks) == [200, 200, 200]
        assert sorted(a.json()["order"]["status"] for a in clicks) == [
            "Cancelled",
            "Not Processed",
            "Not Processed",
        ]
    state = shop.state()
    _money_and_stock_right(shop, state, ordered)
    for order in state["orders"].values():
        assert order["status"] == "Cancelled" and order["lines"] == [[1, 2]]
        keys = [key.split(":")[0] for key, _, _ in order["refunds"]]
        assert sorted(keys) == ["cancel", "cancel", "payment"]


def test_a_partial_cancel_and_shipping_at_once_see_each_other(shop):
    ordered = 0
    answers = []
    for _ in range(ROUNDS):
        order_id, line = shop.paid_order(2)
        ordered += 2
        assert shop.ship(order_id)("Processing").status_code == 200
        answers += together(
            [
                shop.cancel(order_id, line, 1),
                lambda order_id=order_id: shop.ship(order_id)("Shipped"),
            ]
        )
    _no_5xx(answers)
    state = shop.state()
    orders = [state["orders"][key] for key in sorted(state["orders"], key=int)]
    for number, order in enumerate(orders):
        cancel, ship = answers[2 * number : 2 * number + 2]
        assert ship.status_code == 200 and order["status"] == "Shipped"
        if cancel.status_code == 200:  # before the shipping
            assert order["lines"] == [[1, 1]] and len(order["refunds"]) == 1
        else:
            assert cancel.status_code == 409, cancel.text
            assert order["lines"] == [[2, 0]] and order["refunds"] == []
    _money_and_stock_right(shop, state, ordered)
