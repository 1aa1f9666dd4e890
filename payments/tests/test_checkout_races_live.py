"""Checkout paying online while something else happens to its order, with real processes
and real threads: a real gunicorn (two workers, eight threads each) on a SQLite file, or
PostgreSQL when the tests run on it, and the Razorpay stand-in on loopback, held while
the gateway is being asked.

- The buyer cancels while the gateway is making the Razorpay order: checkout answers 409
  and no payment details; a payment that still arrives on that gateway order is refunded.
- The buyer cancels and then the gateway times out: checkout answers 503 "nothing was
  ordered", and a retry with the same Idempotency-Key places the order again (it does
  not answer the cancelled one).
- A double-clicked Pay: the second click, while the first is asking the gateway, is 409
  at once; one order, one gateway order.
"""

import json
import threading

import pytest
import requests

from orders.tests.live_seed import SPEAKER
from orders.tests.razorpay_standin import Standin
from payments.online import CANCELLED_MEANWHILE, IN_PROGRESS
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SEED = (
    SPEAKER
    + """
buyer = User.objects.create_user(
    "buyer@example.com", "Shop-Pass-2026!", name="Buyer", address="12 MG Road, Pune 411001"
)
print(json.dumps({"product": product.pk, "token": user_issue_token(user=buyer)}))
"""
)

STATE = """
import json
from catalog.models import Product
from orders.models import Order, Payment, Refund
print(json.dumps({
    "stock": Product.objects.get().quantity,
    "orders": list(Order.objects.order_by("pk").values("pk", "status", "idempotency_key")),
    "gateway_orders": sorted(
        Payment.objects.exclude(gateway_order_id=None).values_list("gateway_order_id", flat=True)
    ),
    "refunds": list(Refund.objects.values("payment_id", "reason")),
}))
"""


@pytest.fixture
def standin():
    running = Standin().start()
    yield running
    running.stop()


@pytest.fixture
def shop(tmp_path, standin):
    """The server, its buyer and product, and the stand-in: the gateway's order creation
    holds until `standin.released` is set; the client gives up after 8 s."""
    standin.order_delay = 120
    with gunicorn_server(
        tmp_path,
        WEB_CONCURRENCY="2",
        GUNICORN_THREADS="8",
        THROTTLE_CHECKOUT="10000/min",
        RAZORPAY_TIMEOUT_SECONDS="8",
        **standin.settings(),
    ) as server:
        out = server.manage("shell", "-c", SEED % {"stock": 10})
        seeded = json.loads(out.strip().splitlines()[-1])
        yield Shop(server, standin, seeded)


class Shop:
    def __init__(self, server, standin, seeded):
        self.server, self.standin = server, standin
        self.api = f"{server.url}/api/v1"
        self.headers = {"Authorization": f"Bearer {seeded['token']}"}
        self.cart = [{"_id": seeded["product"], "quantity": 2}]

    def checkout(self, key: str) -> requests.Response:
        return requests.post(
            f"{self.api}/orders/checkout",
            json={"cart": self.cart, "payment": "razorpay"},
            headers={**self.headers, "Idempotency-Key": key},
            timeout=120,
        )

    def in_background(self, key: str) -> dict:
        """A checkout sent from another thread; its answer lands in the dict."""
        answer: dict = {}

        def run():
            answer["response"] = self.checkout(key)

        answer["thread"] = threading.Thread(target=run)
        answer["thread"].start()
        return answer

    def placed_order(self) -> int:
        """The id of the order the held checkout placed, once its reservation committed
        (the buyer's list shows it; each look is a request, no clock involved)."""
        for _ in range(2000):
            listed = requests.get(f"{self.api}/auth/orders", headers=self.headers, timeout=60)
            awaiting = [o for o in listed.json() if o["status"] == "Awaiting Payment"]
            if awaiting:
                return awaiting[0]["_id"]
        raise AssertionError("the checkout never placed its order")

    def cancel(self, order_id: int) -> requests.Response:
        return requests.post(
            f"{self.api}/orders/{order_id}/cancel", headers=self.headers, timeout=60
        )

    def state(self) -> dict:
        return json.loads(self.server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def test_an_order_cancelled_while_the_gateway_is_asked_gets_no_payment_details(shop):
    held = shop.in_background("pay-1")
    order_id = shop.placed_order()
    assert shop.cancel(order_id).status_code == 200
    shop.standin.released.set()  # the gateway answers now, with a Razorpay order
    held["thread"].join(timeout=120)

    answer = held["response"]
    assert answer.status_code == 409, answer.text
    assert answer.json() == {"success": False, "message": CANCELLED_MEANWHILE}
    state = shop.state()
    assert [o["status"] for o in state["orders"]] == ["Cancelled"]
    assert state["stock"] == 10  # back once, by the cancel
    # The gateway order was made and is kept: a payment that still reaches it (a page
    # that had it) is refunded, not taken.
    assert len(shop.standin.orders) == 1
    (made,) = shop.standin.orders
    assert state["gateway_orders"] == [made]
    shop.standin.webhook_url = f"{shop.api}/payments/razorpay/webhook"
    paid = shop.standin.pay(made)
    state = shop.state()
    assert state["refunds"] == [{"payment_id": paid["razorpay_payment_id"], "reason": "late"}]
    assert [o["status"] for o in state["orders"]] == ["Cancelled"]


def test_a_gateway_timeout_after_a_cancel_leaves_no_order_a_retry_returns(shop):
    shop.standin.fail_orders = "timeout"
    shop.standin.hang_seconds = 120  # longer than the client's 8 s
    held = shop.in_background("pay-2")
    order_id = shop.placed_order()
    assert shop.cancel(order_id).status_code == 200
    held["thread"].join(timeout=120)
    assert held["response"].status_code == 503, held["response"].text
    assert "nothing was ordered" in held["response"].json()["message"]

    shop.standin.fail_orders = None
    shop.standin.released.set()
    retry = shop.checkout("pay-2")

    assert retry.status_code == 201, retry.text
    assert retry.json()["order"]["_id"] != order_id
    assert retry.json()["order"]["status"] == "Awaiting Payment"
    assert retry.json()["razorpay"]["orderId"] in shop.standin.orders
    state = shop.state()
    assert [(str(o["pk"]), o["status"]) for o in state["orders"]] == [
        (order_id, "Cancelled"),
        (retry.json()["order"]["_id"], "Awaiting Payment"),
    ]
    assert state["stock"] == 8  # the cancel put 2 back, the new order took 2


def test_a_double_clicked_pay_is_409_at_once_while_the_first_asks(shop):
    held = shop.in_background("pay-3")
    order_id = shop.placed_order()
    # Three more clicks while the first is still waiting for the gateway: each answers
    # now (the first is still held), with the contract's 409.
    clicks = together([lambda: shop.checkout("pay-3")] * 3)
    assert held["thread"].is_alive()
    assert [c.status_code for c in clicks] == [409] * 3, [c.text for c in clicks]
    assert {c.json()["message"] for c in clicks} == {IN_PROGRESS}

    shop.standin.released.set()
    held["thread"].join(timeout=120)
    first = held["response"]
    assert first.status_code == 201, first.text
    again = shop.checkout("pay-3")
    assert again.status_code == 200
    assert again.json()["order"]["_id"] == first.json()["order"]["_id"] == order_id
    assert again.json()["razorpay"]["orderId"] == first.json()["razorpay"]["orderId"]
    assert len(shop.standin.orders) == 1
    state = shop.state()
    assert state["stock"] == 8 and [o["status"] for o in state["orders"]] == ["Awaiting Payment"]
