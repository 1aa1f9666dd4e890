"""Several refunds of one online payment (payments.refunds), against the Razorpay stand-in:
a cancel of part of a paid order refunds the difference in whole paise, each cancel
once, the whole cancel after them what is left, never more than was captured; a refund
whose answer was lost is found at the gateway by its key; refund webhooks find their
refund; `refund_part`, the returns app's call, as its docstring says."""

from decimal import Decimal

import pytest
from django.db import transaction

from catalog.tests.factories import ProductFactory
from orders.models import Order, Payment, Refund
from orders.tests.razorpay_standin import _Error
from payments import refunds
from promotions.models import Coupon

CHECKOUT = "/api/v1/orders/checkout"
WEBHOOK = "/api/v1/payments/razorpay/webhook"
D = Decimal


@pytest.fixture
def lamp(db):
    return ProductFactory(name="Desk Lamp", price=D("1499.50"), quantity=10)


@pytest.fixture
def mug(db):
    return ProductFactory(name="Mug", price=D("250.25"), quantity=10)


def _paid(api, standin, cart, **extra) -> tuple[dict, str]:
    """An order paid online (`cart`: [(product, quantity)]): its answer and payment id."""
    response = api.post(
        CHECKOUT,
        {
            "cart": [{"_id": product.pk, "quantity": n} for product, n in cart],
            "payment": "razorpay",
            **extra,
        },
    )
    assert response.status_code == 201, response.json()
    order, checkout = response.json()["order"], response.json()["razorpay"]
    paid = standin.pay(checkout["orderId"])
    verified = api.post(f"/api/v1/orders/{order['_id']}/razorpay/verify", paid)
    assert verified.status_code == 200, verified.json()
    return verified.json()["order"], paid["razorpay_payment_id"]


def _cancel(api, order_id, *lines):
    body = {"lines": [{"_id": line, "quantity": n} for line, n in lines]} if lines else {}
    return api.post(f"/api/v1/orders/{order_id}/cancel", body)


def _asked(standin, payment_id) -> list[int]:
    """The paise of each refund the gateway was asked for and made, oldest first."""
    return [r["amount"] for r in standin.refunds.values() if r["payment_id"] == payment_id]


def _posts(standin, payment_id) -> int:
    return standin.calls.count(("POST", f"/v1/payments/{payment_id}/refund"))


def _webhook(api, standin, name, **entities):
    body, headers = standin.event(name, **entities)
    return api.post(
        WEBHOOK,
        body,
        content_type="application/json",
        HTTP_X_RAZORPAY_SIGNATURE=headers["X-Razorpay-Signature"],
        HTTP_X_RAZORPAY_EVENT_ID=headers["X-Razorpay-Event-Id"],
    )


# --- cancels of part of a paid order ---------------------------------------------------------


def test_each_partial_cancel_refunds_its_difference_and_the_whole_cancel_the_rest(
    buyer_api, lamp, mug, razorpay, run_tasks
):
    order, payment_id = _paid(buyer_api, razorpay, [(lamp, 2), (mug, 3)])
    captured = 2 * 149950 + 3 * 25025
    assert Payment.objects.get(payment_id=payment_id).captured == captured
    lamp_line, mug_line = (line["lineId"] for line in order["products"])

    first = _cancel(buyer_api, order["_id"], (mug_line, 2))
    assert first.status_code == 200, first.json()
    assert first.json()["order"]["total"] == 2999 + 250.25
    assert first.json()["order"]["payment"]["refundStatus"] == "pending"
    run_tasks()
    assert _asked(razorpay, payment_id) == [50050]
    second = _cancel(buyer_api, order["_id"], (lamp_line, 1))
    assert second.json()["order"]["status"] == "Not Processed"
    run_tasks()
    assert _asked(razorpay, payment_id) == [50050, 149950]
    shown = buyer_api.get(f"/api/v1/orders/{order['_id']}").json()["order"]["payment"]
    assert shown["refundStatus"] == "processed" and shown["refunded"] == 500.5 + 1499.5
    assert shown["paid"] == captured / 100

    # The rest, by cancelling what is left line by line: the whole order's cancel.
    last = _cancel(buyer_api, order["_id"], (lamp_line, 1), (mug_line, 1))
    assert last.json()["order"]["status"] == "Cancelled"
    run_tasks()
    assert _asked(razorpay, payment_id) == [50050, 149950, 149950 + 25025]
    assert sum(_asked(razorpay, payment_id)) == captured
    assert razorpay.payments[payment_id]["amount_refunded"] == captured
    keys = list(Refund.objects.order_by("pk").values_list("key", "reason", "amount", "status"))
    assert keys == [
        (f"cancel:{order['_id']}:1", "part", 50050, "processed"),
        (f"cancel:{order['_id']}:2", "part", 149950, "processed"),
        (f"payment:{payment_id}", "cancelled", 174975, "processed"),
    ]
    payment = Payment.objects.get(payment_id=payment_id)
    assert (payment.refunded, payment.refund_status) == (captured, "processed")
    # Once per refund, whatever runs again.
    run_tasks()
    assert len(razorpay.refunds) == 3
    assert _posts(razorpay, payment_id) == 3


def test_a_dropped_coupon_refunds_only_what_the_buyer_no_longer_pays(
    buyer_api, lamp, mug, razorpay, run_tasks
):
    Coupon.objects.create(code="TEN", kind="percent", value=D("10"), min_order=D("2000"))
    # 2,999 + 250.25 = 3,249.25; 10% = 324.93 (rounded half up): 2,924.32 paid.
    order, payment_id = _paid(buyer_api, razorpay, [(lamp, 2), (mug, 1)], coupon="TEN")
    assert order["total"] == 2924.32
    lamp_line, _ = (line["lineId"] for line in order["products"])

    after = _cancel(buyer_api, order["_id"], (lamp_line, 1)).json()["order"]

    # 1,749.75 left, under 2,000: no coupon, the buyer pays 1,749.75.
    assert after["coupon"] is None and after["total"] == 1749.75
    run_tasks()
    assert _asked(razorpay, payment_id) == [292432 - 174975]


def test_a_cancel_in_part_of_an_order_awaiting_its_payment_is_409(buyer_api, lamp, razorpay):
    response = buyer_api.post(
        CHECKOUT, {"cart": [{"_id": lamp.pk, "quantity": 2}], "payment": "razorpay"}
    )
    order = response.json()["order"]
    answer = _cancel(buyer_api, order["_id"], (order["products"][0]["lineId"], 1))
    assert answer.status_code == 409
    assert "cancel the whole order, or pay for it first" in answer.json()["message"]
    assert Order.objects.get(pk=order["_id"]).lines.get().quantity == 2


# --- the gateway's answers ---------------------------------------------------------------


def test_a_refund_whose_answer_was_lost_is_found_by_its_key_not_asked_twice(
    buyer_api, lamp, mug, razorpay, run_tasks, settings
):
    """The payment has refunds already: a lost answer is told by the key in the gateway
    refund's notes, not by the payment's refunded amount (which the earlier refunds make
    larger than this one)."""
    settings.TASK_RETRY_SECONDS = 0
    order, payment_id = _paid(buyer_api, razorpay, [(lamp, 2), (mug, 2)])
    lamp_line, mug_line = (line["lineId"] for line in order["products"])
    _cancel(buyer_api, order["_id"], (lamp_line, 1))
    run_tasks()
    assert _asked(razorpay, payment_id) == [149950]

    razorpay.lose_refund_answers = 1
    _cancel(buyer_api, order["_id"], (mug_line, 1))
    run_tasks()  # made at the gateway, the answer lost: the job tries again and finds it

    part = Refund.objects.get(key=f"cancel:{order['_id']}:2")
    assert part.status == "processed" and part.refund_id
    (made,) = [r for r in razorpay.refunds.values() if r["id"] == part.refund_id]
    assert made["notes"]["key"] == part.key and made["amount"] == 25025
    assert _asked(razorpay, payment_id) == [149950, 25025]
    assert _posts(razorpay, payment_id) == 2
    assert ("GET", f"/v1/payments/{payment_id}/refunds") in razorpay.calls


def test_a_refused_part_is_refunded_with_the_rest_when_the_order_is_cancelled(
    buyer_api, lamp, mug, razorpay, run_tasks
):
    order, payment_id = _paid(buyer_api, razorpay, [(lamp, 1), (mug, 2)])
    _, mug_line = (line["lineId"] for line in order["products"])
    refund = razorpay.refund

    def refuse_once(payment, body):
        razorpay.refund = refund
        raise _Error(400, "BAD_REQUEST_ERROR", "Refunds are not allowed for this payment")

    razorpay.refund = refuse_once
    _cancel(buyer_api, order["_id"], (mug_line, 1))
    run_tasks()
    assert Refund.objects.get().status == "failed"
    shown = buyer_api.get(f"/api/v1/orders/{order['_id']}").json()["order"]["payment"]
    assert shown["refundStatus"] == "failed" and shown["refunded"] == 0

    assert _cancel(buyer_api, order["_id"]).status_code == 200
    run_tasks()
    # What the refused part did not give back goes back now: all that was captured.
    assert _asked(razorpay, payment_id) == [149950 + 2 * 25025]
    payment = Payment.objects.get(payment_id=payment_id)
    assert (payment.refunded, payment.refund_status) == (payment.captured, "processed")


def test_refund_webhooks_find_their_refund_by_id_then_by_key(
    api, buyer_api, lamp, mug, razorpay, run_tasks
):
    razorpay.refund_status = "pending"
    order, payment_id = _paid(buyer_api, razorpay, [(lamp, 1), (mug, 2)])
    lamp_line, mug_line = (line["lineId"] for line in order["products"])
    _cancel(buyer_api, order["_id"], (mug_line, 1))
    run_tasks()
    first = Refund.objects.get()
    assert first.status == "pending" and first.refund_id

    # The second is made at the gateway, but the shop has not stored its id yet.
    _cancel(buyer_api, order["_id"], (lamp_line, 1))
    second = Refund.objects.exclude(pk=first.pk).get()
    unseen = {
        "id": "rfnd_notstoredyet1",
        "entity": "refund",
        "amount": second.amount,
        "payment_id": payment_id,
        "notes": {"key": second.key},
        "status": "processed",
    }
    assert _webhook(api, razorpay, "refund.processed", refund=unseen).json()["result"] == (
        "processed"
    )
    second.refresh_from_db()
    assert (second.status, second.refund_id) == ("processed", "rfnd_notstoredyet1")
    first.refresh_from_db()
    assert first.status == "pending"

    made = razorpay.refunds[first.refund_id]
    hook = _webhook(api, razorpay, "refund.processed", refund={**made, "status": "processed"})
    assert hook.json()["result"] == "processed"
    first.refresh_from_db()
    assert first.status == "processed"
    payment = Payment.objects.get(payment_id=payment_id)
    assert (payment.refunded, payment.refund_status) == (25025 + 149950, "processed")
    # A refund of the payment that is none of ours (made in the dashboard) is ignored.
    stranger = {**unseen, "id": "rfnd_dashboard0001", "notes": {}}
    assert _webhook(api, razorpay, "refund.processed", refund=stranger).json()["result"] == (
        "ignored"
    )


# --- refund_part, the returns app's call ------------------------------------------------------


def test_refund_part_semantics(buyer, buyer_api, lamp, razorpay, run_tasks):
    order, payment_id = _paid(buyer_api, razorpay, [(lamp, 2)])
    paid = Order.objects.get(pk=order["_id"])
    cod = Order.objects.create(buyer=buyer, address="x", total=D("10.00"))

    with transaction.atomic():
        # Nothing paid online: nothing recorded.
        assert (
            refunds.refund_part(order=cod, amount=D("5"), key="return:1", reason="return") is None
        )
        # Rupees to whole paise; the same key again is the same refund.
        first = refunds.refund_part(
            order=paid, amount=D("1000.25"), key="return:1", reason="return"
        )
        again = refunds.refund_part(order=paid, amount=D("1"), key="return:1", reason="return")
        assert again.pk == first.pk and first.amount == 100025
        # More than is left: cut to what is left; then nothing is left.
        rest = refunds.refund_part(order=paid, amount=D("5000"), key="return:2", reason="return")
        assert rest.amount == 299900 - 100025
        assert (
            refunds.refund_part(order=paid, amount=D("1"), key="return:3", reason="return") is None
        )
        assert (
            refunds.refund_part(order=paid, amount=D("0"), key="return:4", reason="return") is None
        )
    run_tasks()
    assert _asked(razorpay, payment_id) == [100025, 199875]
    assert (
        sum(_asked(razorpay, payment_id)) == Payment.objects.get(pk=paid.online_payment.pk).captured
    )
    # The whole cancel after them finds nothing left to refund.
    assert _cancel(buyer_api, paid.pk).status_code == 200
    run_tasks()
    assert len(razorpay.refunds) == 2
    assert not Refund.objects.filter(key=f"payment:{payment_id}").exists()
