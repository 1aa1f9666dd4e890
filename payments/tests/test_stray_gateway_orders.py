"""A payment on a Razorpay order the shop made for an order but did not store (a checkout
that asked the gateway and lost to another asker that stored its own first) is found by
the gateway order's receipt and applied or refunded like a payment on the stored one;
a gateway order that is not the shop's stays ignored. Against the Razorpay stand-in."""

from decimal import Decimal

import pytest

from catalog.models import Product
from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderStatus, Refund
from payments import gateway, online

CHECKOUT = "/api/v1/orders/checkout"
WEBHOOK = "/api/v1/payments/razorpay/webhook"


@pytest.fixture
def lamp(db):
    return ProductFactory(name="Desk Lamp", price=Decimal("1499.50"), quantity=5)


def _placed(api, product) -> tuple[int, dict]:
    response = api.post(
        CHECKOUT, {"cart": [{"_id": product.pk, "quantity": 1}], "payment": "razorpay"}
    )
    assert response.status_code == 201, response.json()
    return int(response.json()["order"]["_id"]), response.json()["razorpay"]


def _lost_askers_gateway_order(order_id: int) -> str:
    """A second Razorpay order for the same order, made as checkout makes one (the
    shop's own call), and never stored: what a lost asker leaves behind."""
    order = Order.objects.get(pk=order_id)
    made = gateway.create_order(
        amount=order.online_payment.amount,
        receipt=str(order.pk),
        notes={"order": str(order.pk), "buyer": str(order.buyer_id)},
    )
    return made["id"]


def _captured(api, standin, gateway_order_id: str) -> str:
    """The stand-in's checkout pays that gateway order and sends the signed webhook to
    the shop; returns the shop's answer."""
    paid = standin.pay(gateway_order_id)
    body, headers = standin.event(
        "payment.captured", payment=standin.payments[paid["razorpay_payment_id"]]
    )
    answer = api.post(
        WEBHOOK,
        body,
        content_type="application/json",
        HTTP_X_RAZORPAY_SIGNATURE=headers["X-Razorpay-Signature"],
        HTTP_X_RAZORPAY_EVENT_ID=headers["X-Razorpay-Event-Id"],
    )
    assert answer.status_code == 200, answer.content
    return answer.json()["result"], paid["razorpay_payment_id"]


def test_a_payment_on_an_unstored_gateway_order_of_an_awaiting_order_pays_it(
    api, buyer_api, lamp, razorpay
):
    order_id, checkout = _placed(buyer_api, lamp)
    stray = _lost_askers_gateway_order(order_id)
    assert stray != checkout["orderId"]

    result, payment_id = _captured(api, razorpay, stray)

    assert result == "paid"
    order = Order.objects.get(pk=order_id)
    assert order.status == OrderStatus.NOT_PROCESSED
    assert order.online_payment.payment_id == payment_id
    assert order.online_payment.gateway_order_id == checkout["orderId"]  # the stored one
    assert not Refund.objects.exists()


def test_a_payment_on_an_unstored_gateway_order_of_a_paid_order_is_refunded(
    api, buyer_api, lamp, razorpay, run_tasks
):
    order_id, checkout = _placed(buyer_api, lamp)
    stray = _lost_askers_gateway_order(order_id)
    assert _captured(api, razorpay, checkout["orderId"])[0] == "paid"

    result, payment_id = _captured(api, razorpay, stray)

    assert result == "refunded"
    run_tasks()
    refund = Refund.objects.get()
    assert (refund.order_id, refund.payment_id, refund.reason, refund.status) == (
        order_id,
        payment_id,
        "duplicate",
        "processed",
    )
    assert razorpay.payments[payment_id]["amount_refunded"] == 149950
    assert Order.objects.get(pk=order_id).status == OrderStatus.NOT_PROCESSED


def test_a_payment_on_a_gateway_order_of_a_cancelled_order_is_refunded(
    api, buyer_api, lamp, razorpay
):
    order_id, _ = _placed(buyer_api, lamp)
    stray = _lost_askers_gateway_order(order_id)
    assert buyer_api.post(f"/api/v1/orders/{order_id}/cancel").status_code == 200

    result, payment_id = _captured(api, razorpay, stray)

    assert result == "refunded"
    assert Refund.objects.get().payment_id == payment_id
    assert Refund.objects.get().reason == "late"


def test_a_gateway_order_that_is_not_the_shops_stays_ignored(api, buyer_api, lamp, razorpay):
    order_id, _ = _placed(buyer_api, lamp)
    # Made by someone else on the account: no receipt naming an order of the shop's.
    foreign = razorpay.create_order({"amount": 149950, "currency": "INR", "receipt": "x-1"})
    other = razorpay.create_order(
        {"amount": 149950, "currency": "INR", "receipt": str(order_id), "notes": {}}
    )

    assert _captured(api, razorpay, foreign["id"])[0] == "ignored"
    assert _captured(api, razorpay, other["id"])[0] == "ignored"
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT
    assert not Refund.objects.exists()


def test_an_asker_whose_gateway_call_fails_keeps_an_order_another_stored_one_for(
    buyer_api, lamp, razorpay
):
    """Two askers of one order's gateway order (a retry took over from a slow first
    one): the first stores its gateway order while the other's call fails. The order its
    page may be paying is not undone; the failing asker answers the stored one."""
    order_id, checkout = _placed(buyer_api, lamp)
    order = Order.objects.get(pk=order_id)
    payment = order.online_payment
    payment.gateway_order_id = None  # what the failing asker read before the other stored
    razorpay.fail_orders = "5xx"

    answered = online._gateway_order(order, payment, own=True)

    assert answered.gateway_order_id == checkout["orderId"]
    order = Order.objects.get(pk=order_id)  # still there, stock still reserved
    assert order.status == OrderStatus.AWAITING_PAYMENT
    assert order.online_payment.gateway_order_id == checkout["orderId"]
    assert Product.objects.get(pk=lamp.pk).quantity == 4
