"""One lock order for an order's rows (the Order, then its Payment, then a Refund, then
the invoice sequence: orders.actions), under real processes and real threads: a real
gunicorn (two workers, eight threads each) on a SQLite file, or PostgreSQL when the tests
run on it, and the Razorpay stand-in on loopback. The buyer's cancel, an admin's cancel,
the browser's verify and the webhook reach one order at the same moment, round after
round; a path that locked the payment before the order deadlocked on PostgreSQL, which
answered 503."""

import json

import pytest
import requests

from orders.tests.live_seed import BUYER_AND_ADMIN
from orders.tests.razorpay_standin import Standin
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 25
STOCK = 50

SEED = BUYER_AND_ADMIN

STATE = """
import json
from catalog.models import Product, Variant
from orders.models import Order, OrderStatusChange, Payment, Refund
print(json.dumps({
    "stock": Product.objects.get().quantity,
    "variant_stock": Variant.objects.get().quantity,
    "statuses": sorted(set(Order.objects.values_list("status", flat=True))),
    "orders": Order.objects.count(),
    "cancelled_moves": OrderStatusChange.objects.filter(status="Cancelled").count(),
    "paid_moves": OrderStatusChange.objects.filter(status="Not Processed").count(),
    "payments": sorted(Payment.objects.exclude(payment_id="").values_list("payment_id", flat=True)),
    "refunds": sorted(Refund.objects.values_list("payment_id", flat=True)),
    "settled": Refund.objects.filter(status="processed").count(),
}))
"""


@pytest.fixture
def standin():
    running = Standin().start()
    yield running
    running.stop()


def _state(server) -> dict:
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def _run_jobs(server) -> None:
    """Runs the queued jobs (the refunds among them) once, against the server's database
    and the stand-in."""
    server.manage("shell", "-c", "from shop.tasks import run_ready_tasks; run_ready_tasks()")


def test_cancel_verify_and_webhook_at_once_never_deadlock(tmp_path, standin):
    with gunicorn_server(
        tmp_path,
        WEB_CONCURRENCY="2",
        GUNICORN_THREADS="8",
        THROTTLE_CHECKOUT="10000/min",
        **standin.settings(),
    ) as server:
        seeded = json.loads(server.manage("shell", "-c", SEED % {"stock": STOCK}).splitlines()[-1])
        buyer = {"Authorization": f"Bearer {seeded['buyer']}"}
        admin = {"Authorization": f"Bearer {seeded['admin']}"}
        api = f"{server.url}/api/v1"
        answers = []
        for _ in range(ROUNDS):
            placed = requests.post(
                f"{api}/orders/checkout",
                json={"cart": [{"_id": seeded["product"], "quantity": 1}], "payment": "razorpay"},
                headers=buyer,
                timeout=120,
            )
            assert placed.status_code == 201, placed.text
            order_id = placed.json()["order"]["_id"]
            # Paid at the gateway; the shop hears of it from the racing verify and webhook.
            paid = standin.pay(placed.json()["razorpay"]["orderId"])
            captured = standin.payments[paid["razorpay_payment_id"]]
            body, headers = standin.event("payment.captured", payment=captured)
            answers += together(
                [
                    lambda: requests.post(
                        f"{api}/orders/{order_id}/cancel", headers=buyer, timeout=120
                    ),
                    lambda: requests.put(
                        f"{api}/auth/order-status/{order_id}",
                        json={"status": "Cancelled"},
                        headers=admin,
                        timeout=120,
                    ),
                    lambda: requests.post(
                        f"{api}/orders/{order_id}/razorpay/verify",
                        json=paid,
                        headers=buyer,
                        timeout=120,
                    ),
                    lambda: requests.post(
                        f"{api}/payments/razorpay/webhook", data=body, headers=headers, timeout=120
                    ),
                ]
            )

        codes = [answer.status_code for answer in answers]
        assert all(code < 500 for code in codes), [
            (a.status_code, a.text[:200]) for a in answers if a.status_code >= 500
        ]
        for number in range(ROUNDS):
            cancel, admin_cancel, verify, webhook = answers[4 * number : 4 * number + 4]
            # Exactly one of the two cancels moves the order; the other is told it cannot.
            assert sorted([cancel.status_code, admin_cancel.status_code]) == [200, 409]
            assert verify.status_code in (200, 409) and webhook.status_code == 200
        # Every order ends cancelled, once, with its unit back once and its payment
        # refunded once (asked of the gateway once).
        _run_jobs(server)
        state = _state(server)
        assert state["settled"] == ROUNDS
        assert state["statuses"] == ["Cancelled"] and state["orders"] == ROUNDS
        assert state["cancelled_moves"] == ROUNDS
        assert state["stock"] == STOCK and state["variant_stock"] == STOCK
        assert len(state["payments"]) == ROUNDS
        assert state["refunds"] == state["payments"]
        asked = sorted(refund["payment_id"] for refund in standin.refunds.values())
        assert asked == state["payments"]
