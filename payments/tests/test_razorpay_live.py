"""Paying online under load, with real processes and real threads: a real gunicorn (two
workers, eight threads each) on a SQLite file, or PostgreSQL when the tests run on it,
and the Razorpay stand-in on loopback sending its signed webhooks to the server."""

import json

import pytest
import requests

from orders.tests.live_seed import SPEAKER
from orders.tests.razorpay_standin import Standin
from payments.online import IN_PROGRESS
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

SEED = (
    SPEAKER
    + """
tokens = [
    user_issue_token(user=User.objects.create_user(
        f"buyer{n}@example.com", "Shop-Pass-2026!", name=f"Buyer {n}",
        address="1 Main Rd, Bengaluru 560001",
    ))
    for n in range(%(buyers)d)
]
print(json.dumps({"product": product.pk, "tokens": tokens}))
"""
)

STATE = """
import json
from catalog.models import Product
from orders.models import Order, Payment, Refund, WebhookEvent
print(json.dumps({
    "stock": Product.objects.get().quantity,
    "statuses": sorted(Order.objects.values_list("status", flat=True)),
    "payments": Payment.objects.exclude(payment_id="").count(),
    "gateway_orders": sorted(Payment.objects.values_list("gateway_order_id", flat=True)),
    "refunds": Refund.objects.count(),
    "events": WebhookEvent.objects.count(),
}))
"""


@pytest.fixture
def standin():
    running = Standin().start()
    yield running
    running.stop()


def _server(tmp_path, standin):
    return gunicorn_server(
        tmp_path,
        WEB_CONCURRENCY="2",
        GUNICORN_THREADS="8",
        THROTTLE_CHECKOUT="10000/min",
        **standin.settings(),
    )


def _seed(server, *, stock, buyers):
    out = server.manage("shell", "-c", SEED % {"stock": stock, "buyers": buyers})
    return json.loads(out.strip().splitlines()[-1])


def _state(server):
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def _headers(token, key=None):
    headers = {"Authorization": f"Bearer {token}"}
    if key:
        headers["Idempotency-Key"] = key
    return headers


def test_twenty_buyers_paying_for_five_units_get_exactly_five_paid_orders(tmp_path, standin):
    with _server(tmp_path, standin) as server:
        seeded = _seed(server, stock=5, buyers=20)
        standin.webhook_url = f"{server.url}/api/v1/payments/razorpay/webhook"
        cart = [{"_id": seeded["product"], "quantity": 1}]

        def buy(token):
            def run():
                placed = requests.post(
                    f"{server.url}/api/v1/orders/checkout",
                    json={"cart": cart, "payment": "razorpay"},
                    headers=_headers(token),
                    timeout=120,
                )
                if placed.status_code != 201:
                    return placed.status_code, None
                body = placed.json()
                paid = standin.pay(body["razorpay"]["orderId"])
                verified = requests.post(
                    f"{server.url}/api/v1/orders/{body['order']['_id']}/razorpay/verify",
                    json=paid,
                    headers=_headers(token),
                    timeout=120,
                )
                return placed.status_code, verified

            return run

        answers = together([buy(token) for token in seeded["tokens"]])

        codes = sorted(code for code, _ in answers)
        assert codes == [201] * 5 + [409] * 15, codes
        verified = [answer for _, answer in answers if answer is not None]
        assert [answer.status_code for answer in verified] == [200] * 5
        assert all(a.json()["order"]["status"] == "Not Processed" for a in verified)
        state = _state(server)
        assert state["stock"] == 0
        assert state["statuses"] == ["Not Processed"] * 5
        assert state["payments"] == 5 and state["refunds"] == 0
        assert len(standin.orders) == 5
        assert state["events"] == 5  # each payment's webhook, applied once


def test_a_double_clicked_pay_places_one_order_and_one_gateway_order(tmp_path, standin):
    with _server(tmp_path, standin) as server:
        seeded = _seed(server, stock=10, buyers=1)
        standin.order_delay = 0.5  # both clicks arrive while the gateway is asked
        token = seeded["tokens"][0]

        def click():
            return requests.post(
                f"{server.url}/api/v1/orders/checkout",
                json={"cart": [{"_id": seeded["product"], "quantity": 2}], "payment": "razorpay"},
                headers=_headers(token, key="pay-button-1"),
                timeout=120,
            )

        answers = together([click] * 4)

        # The click that placed the order answers it with the gateway order; a click
        # while it is still asking the gateway is 409 at once (test_checkout_races_live
        # holds the gateway to see it every time); one after it answers the same order.
        (first,) = [a for a in answers if a.status_code == 201]
        others = [a for a in answers if a is not first]
        assert all(a.status_code in (200, 409) for a in others), [a.text for a in answers]
        for other in others:
            if other.status_code == 409:
                assert other.json()["message"] == IN_PROGRESS
            else:
                assert other.json()["order"]["_id"] == first.json()["order"]["_id"]
                assert other.json()["razorpay"] == first.json()["razorpay"]
        again = click()
        assert again.status_code == 200
        assert again.json()["order"]["_id"] == first.json()["order"]["_id"]
        assert again.json()["razorpay"]["orderId"] == first.json()["razorpay"]["orderId"]
        assert len(standin.orders) == 1
        state = _state(server)
        assert state["stock"] == 8 and state["statuses"] == ["Awaiting Payment"]


def test_the_same_webhook_many_times_at_once_applies_once(tmp_path, standin):
    with _server(tmp_path, standin) as server:
        seeded = _seed(server, stock=10, buyers=1)
        token = seeded["tokens"][0]
        placed = requests.post(
            f"{server.url}/api/v1/orders/checkout",
            json={"cart": [{"_id": seeded["product"], "quantity": 1}], "payment": "razorpay"},
            headers=_headers(token),
            timeout=120,
        ).json()
        paid = standin.pay(placed["razorpay"]["orderId"])
        payment = standin.payments[paid["razorpay_payment_id"]]
        same_body, same_headers = standin.event("payment.captured", payment=payment)
        others = [standin.event("payment.captured", payment=payment) for _ in range(4)]

        def post(body, headers):
            return lambda: requests.post(
                f"{server.url}/api/v1/payments/razorpay/webhook",
                data=body,
                headers=headers,
                timeout=120,
            )

        def verify():
            return requests.post(
                f"{server.url}/api/v1/orders/{placed['order']['_id']}/razorpay/verify",
                json=paid,
                headers=_headers(token),
                timeout=120,
            )

        answers = together(
            [post(same_body, same_headers)] * 8 + [post(*other) for other in others] + [verify]
        )

        assert [a.status_code for a in answers] == [200] * 13, [a.text for a in answers]
        results = [a.json()["result"] for a in answers[:8]]
        assert sorted(results) == ["duplicate"] * 7 + ["paid"], results
        assert {a.json()["result"] for a in answers[8:12]} == {"paid"}
        state = _state(server)
        assert state["statuses"] == ["Not Processed"]
        assert state["payments"] == 1 and state["refunds"] == 0
        assert state["events"] == 5
        assert state["stock"] == 9
