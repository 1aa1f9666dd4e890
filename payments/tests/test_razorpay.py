"""Paying online through Razorpay, against the local stand-in of its API
(orders/tests/razorpay_standin.py): checkout's gateway order, the browser's verified
payment, webhooks in any order and any number of times, expiry of unpaid orders, and
refunds. The signature checks are the shop's own code, run for real."""

import hashlib
import hmac
from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from catalog.models import Product
from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderStatus, Payment, Refund, WebhookEvent
from orders.tests.razorpay_standin import payment_signature
from payments import expiry

CHECKOUT = "/api/v1/orders/checkout"
WEBHOOK = "/api/v1/payments/razorpay/webhook"


def verify_path(order_id) -> str:
    return f"/api/v1/orders/{order_id}/razorpay/verify"


@pytest.fixture
def lamp(db):
    return ProductFactory(name="Desk Lamp", price=Decimal("1499.50"), quantity=5)


def _stock(product) -> int:
    return Product.objects.get(pk=product.pk).quantity


def _pay_online(api, product, quantity=1, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return api.post(
        CHECKOUT,
        {"cart": [{"_id": product.pk, "quantity": quantity}], "payment": "razorpay"},
        **headers,
    )


def _placed(api, product, quantity=1):
    response = _pay_online(api, product, quantity)
    assert response.status_code == 201, response.json()
    body = response.json()
    return body["order"]["_id"], body["razorpay"]


def _webhook(api, standin, name, event_id=None, **entities):
    body, headers = standin.event(name, event_id=event_id, **entities)
    return api.post(
        WEBHOOK,
        body,
        content_type="application/json",
        HTTP_X_RAZORPAY_SIGNATURE=headers["X-Razorpay-Signature"],
        HTTP_X_RAZORPAY_EVENT_ID=headers["X-Razorpay-Event-Id"],
    )


# --- off without keys -----------------------------------------------------------------


def test_without_keys_razorpay_is_refused_and_not_offered(buyer_api, lamp, api):
    response = _pay_online(buyer_api, lamp)
    assert response.status_code == 400
    assert response.json()["message"] == (
        "Online payment is not available; please choose cash on delivery."
    )
    assert Order.objects.count() == 0 and _stock(lamp) == 5
    info = api.get("/api/v1/shop-info").json()
    assert info["paymentMethods"] == ["cod"]
    assert "razorpay" not in info
    assert "checkout" not in api.get("/api/v1/shop-info")["Content-Security-Policy"]


def test_with_keys_shop_info_offers_razorpay_and_the_policy_allows_its_checkout(api, razorpay, db):
    response = api.get("/api/v1/shop-info")
    info = response.json()
    assert info["paymentMethods"] == ["cod", "razorpay"]
    assert info["razorpay"] == {"keyId": razorpay.key_id, "checkoutUrl": razorpay.checkout_url}
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    for directive in ("script-src", "frame-src", "connect-src"):
        assert razorpay.url in policy[directive].split()
    assert policy["object-src"] == "'none'"


# --- the paid flow ----------------------------------------------------------------------


def test_checkout_reserves_stock_and_makes_a_gateway_order_for_the_exact_total(
    buyer_api, buyer, lamp, razorpay, run_tasks
):
    response = _pay_online(buyer_api, lamp, 2)
    assert response.status_code == 201, response.json()
    body = response.json()
    order = body["order"]
    assert order["status"] == "Awaiting Payment"
    assert order["total"] == 2999
    assert order["nextStatuses"] == ["Cancelled"]
    assert _stock(lamp) == 3
    gateway_order = razorpay.orders[body["razorpay"]["orderId"]]
    assert gateway_order["amount"] == 299900 and gateway_order["receipt"] == order["_id"]
    assert body["razorpay"] == {
        "keyId": razorpay.key_id,
        "orderId": gateway_order["id"],
        "amount": 299900,
        "currency": "INR",
        "name": buyer.name,
        "email": buyer.email,
        "phone": buyer.phone,
        "shopName": body["razorpay"]["shopName"],
        "checkoutUrl": razorpay.checkout_url,
    }
    assert order["payment"] == {
        "method": "razorpay",
        "success": False,
        "paymentId": "",
        "refundStatus": None,
        "gatewayOrderId": gateway_order["id"],
        "paid": 0,
        "refunded": 0,
    }
    # No "placed" mail before the money comes.
    run_tasks()
    assert mail.outbox == []


def test_a_verified_payment_marks_the_order_paid_once(buyer_api, lamp, razorpay, run_tasks):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])

    response = buyer_api.post(verify_path(order_id), paid)
    assert response.status_code == 200, response.json()
    order = response.json()["order"]
    assert order["status"] == "Not Processed"
    assert order["payment"]["method"] == "razorpay"
    assert order["payment"]["success"] is True
    assert order["payment"]["paymentId"] == paid["razorpay_payment_id"]
    assert order["payment"]["paid"] == 1499.5
    run_tasks()
    assert len(mail.outbox) == 1
    assert "We have your payment online." in mail.outbox[0].body
    assert "cash" not in mail.outbox[0].body

    again = buyer_api.post(verify_path(order_id), paid)
    assert again.status_code == 200
    assert again.json()["order"]["status"] == "Not Processed"
    run_tasks()
    assert len(mail.outbox) == 1
    assert Refund.objects.count() == 0
    assert _stock(lamp) == 4


def test_an_awaiting_order_answers_what_pay_now_reopens_and_a_paid_one_does_not(
    buyer_api, lamp, razorpay
):
    """The buyer's order page can reopen Razorpay's checkout for an order still awaiting
    its payment: the order answer carries the same options checkout gave."""
    order_id, checkout = _placed(buyer_api, lamp)
    awaiting = buyer_api.get(f"/api/v1/orders/{order_id}").json()["order"]
    assert awaiting["status"] == "Awaiting Payment"
    assert awaiting["razorpay"] == checkout
    listed = {o["_id"]: o for o in buyer_api.get("/api/v1/auth/orders").json()}
    assert listed[order_id]["razorpay"]["orderId"] == checkout["orderId"]
    buyer_api.post(verify_path(order_id), razorpay.pay(checkout["orderId"]))
    paid = buyer_api.get(f"/api/v1/orders/{order_id}").json()["order"]
    assert paid["status"] == "Not Processed" and paid["razorpay"] is None


@pytest.mark.parametrize(
    "change",
    [
        {"razorpay_signature": "0" * 64},
        {"razorpay_signature": "not hex"},
        {"razorpay_payment_id": "pay_someoneelse01"},
        {"razorpay_order_id": "order_notthisone01"},
        {"razorpay_signature": None},
    ],
)
def test_a_forged_or_mismatched_payment_is_refused_and_changes_nothing(
    buyer_api, lamp, razorpay, change
):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    sent = {**paid, **change}
    sent = {k: v for k, v in sent.items() if v is not None}

    response = buyer_api.post(verify_path(order_id), sent)
    assert response.status_code == 400, response.json()
    assert response.json()["success"] is False
    order = Order.objects.get(pk=order_id)
    assert order.status == OrderStatus.AWAITING_PAYMENT
    assert order.online_payment.payment_id == ""


def test_the_signature_of_another_order_is_refused(buyer_api, lamp, razorpay):
    first, first_checkout = _placed(buyer_api, lamp)
    _, second_checkout = _placed(buyer_api, lamp)
    paid_second = razorpay.pay(second_checkout["orderId"])

    # The second order's genuine payment, replayed against the first order.
    response = buyer_api.post(verify_path(first), paid_second)
    assert response.status_code == 400
    # And with the first order's gateway id but the second's payment and signature.
    replay = {**paid_second, "razorpay_order_id": first_checkout["orderId"]}
    response = buyer_api.post(verify_path(first), replay)
    assert response.status_code == 400
    assert response.json()["message"] == "Razorpay signature: The payment could not be verified."
    assert Order.objects.get(pk=first).status == OrderStatus.AWAITING_PAYMENT


def test_verify_of_another_buyers_order_is_404(buyer_api, other_api, lamp, razorpay):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    assert other_api.post(verify_path(order_id), paid).status_code == 404
    assert other_api.post(verify_path("999999"), paid).status_code == 404
    assert other_api.post(verify_path("abc"), paid).status_code == 404
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT


def test_verify_of_a_cash_on_delivery_order_is_400(buyer_api, lamp, razorpay):
    cod = buyer_api.post(CHECKOUT, {"cart": [{"_id": lamp.pk}]}).json()["order"]["_id"]
    sent = {
        "razorpay_order_id": "order_x",
        "razorpay_payment_id": "pay_x",
        "razorpay_signature": payment_signature("order_x", "pay_x"),
    }
    response = buyer_api.post(verify_path(cod), sent)
    assert response.status_code == 400
    assert Order.objects.get(pk=cod).status == OrderStatus.NOT_PROCESSED


# --- webhooks ---------------------------------------------------------------------------


def test_webhook_before_the_browsers_verify_pays_once(api, buyer_api, lamp, razorpay, run_tasks):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    payment = razorpay.payments[paid["razorpay_payment_id"]]

    hook = _webhook(api, razorpay, "payment.captured", payment=payment)
    assert hook.status_code == 200 and hook.json()["result"] == "paid"
    assert Order.objects.get(pk=order_id).status == OrderStatus.NOT_PROCESSED

    response = buyer_api.post(verify_path(order_id), paid)
    assert response.status_code == 200
    assert response.json()["order"]["payment"]["paymentId"] == payment["id"]
    run_tasks()
    assert len(mail.outbox) == 1 and Refund.objects.count() == 0


def test_webhook_after_the_browsers_verify_changes_nothing(api, buyer_api, lamp, razorpay):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    assert buyer_api.post(verify_path(order_id), paid).status_code == 200

    payment = razorpay.payments[paid["razorpay_payment_id"]]
    hook = _webhook(api, razorpay, "payment.captured", payment=payment)
    assert hook.status_code == 200 and hook.json()["result"] == "paid"
    assert Refund.objects.count() == 0
    assert Payment.objects.get().payment_id == payment["id"]


def test_duplicated_and_reordered_webhooks_apply_once(api, buyer_api, lamp, razorpay):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    payment = razorpay.payments[paid["razorpay_payment_id"]]

    first = _webhook(api, razorpay, "payment.captured", event_id="evt_same0000001", payment=payment)
    repeat = _webhook(
        api, razorpay, "payment.captured", event_id="evt_same0000001", payment=payment
    )
    assert first.json()["result"] == "paid" and repeat.json()["result"] == "duplicate"
    # The same payment in another event (Razorpay retried with a new id): no change.
    assert _webhook(api, razorpay, "payment.captured", payment=payment).json()["result"] == "paid"
    # A failure of an earlier attempt, delivered late, leaves the paid order paid.
    failed = {**payment, "id": "pay_earlierfail01", "status": "failed"}
    assert _webhook(api, razorpay, "payment.failed", payment=failed).json()["result"] == "recorded"
    assert Order.objects.get(pk=order_id).status == OrderStatus.NOT_PROCESSED
    assert WebhookEvent.objects.count() == 3
    assert Refund.objects.count() == 0


def test_a_second_payment_for_a_paid_order_is_refunded(api, buyer_api, lamp, razorpay, run_tasks):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    assert buyer_api.post(verify_path(order_id), paid).status_code == 200
    second = {**razorpay.payments[paid["razorpay_payment_id"]], "id": "pay_secondpay0001"}
    razorpay.payments[second["id"]] = dict(second)

    assert _webhook(api, razorpay, "payment.captured", payment=second).json()["result"] == (
        "refunded"
    )
    run_tasks()
    refund = Refund.objects.get()
    assert (refund.payment_id, refund.reason, refund.status) == (
        second["id"],
        "duplicate",
        "processed",
    )
    assert razorpay.payments[second["id"]]["amount_refunded"] == 149950
    # The order's own payment is untouched.
    assert razorpay.payments[paid["razorpay_payment_id"]]["amount_refunded"] == 0
    assert Order.objects.get(pk=order_id).online_payment.refund_status == ""


def test_a_webhook_whose_amount_is_not_the_orders_does_not_pay_it(api, buyer_api, lamp, razorpay):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    payment = {**razorpay.payments[paid["razorpay_payment_id"]], "amount": 100}

    assert _webhook(api, razorpay, "payment.captured", payment=payment).json()["result"] == (
        "refunded"
    )
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT
    assert Refund.objects.get().reason == "mismatch"


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"HTTP_X_RAZORPAY_SIGNATURE": "0" * 64},
        {"HTTP_X_RAZORPAY_SIGNATURE": "short"},
    ],
)
def test_a_webhook_with_a_bad_signature_is_400_and_changes_nothing(
    api, buyer_api, lamp, razorpay, headers
):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    body, _ = razorpay.event(
        "payment.captured", payment=razorpay.payments[paid["razorpay_payment_id"]]
    )
    response = api.post(WEBHOOK, body, content_type="application/json", **headers)
    assert response.status_code == 400
    assert response.json() == {"success": False, "message": "The webhook could not be verified."}
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT
    assert WebhookEvent.objects.count() == 0


def test_unknown_and_malformed_signed_webhooks(api, razorpay, settings, db):
    assert _webhook(api, razorpay, "order.paid", order={"id": "x"}).json()["result"] == "ignored"
    # Signed, but a payment.captured without a payment: 400, and not marked applied.
    response = _webhook(api, razorpay, "payment.captured", event_id="evt_broken000001")
    assert response.status_code == 400
    assert not WebhookEvent.objects.filter(event_id="evt_broken000001").exists()
    big = api.post(WEBHOOK, b"x" * (65 * 1024), content_type="application/json")
    assert big.status_code == 413
    settings.RAZORPAY_WEBHOOK_SECRET = ""
    assert _webhook(api, razorpay, "order.paid", order={"id": "x"}).status_code == 400


def test_a_signed_webhook_nested_past_any_depth_is_400(api, razorpay, db):
    # Within the 64 KB cap, nested deeper than Python's json can recurse.
    body = b"[" * 30000 + b"]" * 30000
    signature = hmac.new(razorpay.webhook_secret.encode(), body, hashlib.sha256).hexdigest()
    response = api.post(
        WEBHOOK, body, content_type="application/json", HTTP_X_RAZORPAY_SIGNATURE=signature
    )
    assert response.status_code == 400
    assert not WebhookEvent.objects.exists()


# --- the gateway fails at checkout ------------------------------------------------------


@pytest.mark.parametrize(("fault", "status"), [("5xx", 502), ("timeout", 503)])
def test_gateway_failure_at_checkout_takes_nothing_and_a_retry_works(
    buyer_api, lamp, razorpay, fault, status
):
    razorpay.fail_orders = fault
    response = _pay_online(buyer_api, lamp, 2, key="pay-tap-1")
    assert response.status_code == status
    assert response.json()["success"] is False
    assert "Nothing was charged and nothing was ordered" in response.json()["message"]
    assert Order.objects.count() == 0 and Payment.objects.count() == 0
    assert _stock(lamp) == 5

    razorpay.fail_orders = None
    retry = _pay_online(buyer_api, lamp, 2, key="pay-tap-1")
    assert retry.status_code == 201, retry.json()
    assert _stock(lamp) == 3
    # The same key again answers the same order and the same gateway order.
    again = _pay_online(buyer_api, lamp, 2, key="pay-tap-1")
    assert again.status_code == 200
    assert again.json()["razorpay"]["orderId"] == retry.json()["razorpay"]["orderId"]
    assert len(razorpay.orders) == 1


def test_the_cash_on_delivery_cap_does_not_apply_online(buyer_api, razorpay, db):
    tv = ProductFactory(name="TV", price=Decimal("60000.00"), quantity=2)
    assert buyer_api.post(CHECKOUT, {"cart": [{"_id": tv.pk}]}).status_code == 400
    response = _pay_online(buyer_api, tv)
    assert response.status_code == 201
    assert response.json()["razorpay"]["amount"] == 6000000


# --- expiry -----------------------------------------------------------------------------


def _age(order_id, minutes):
    Order.objects.filter(pk=order_id).update(created_at=timezone.now() - timedelta(minutes=minutes))


def test_an_unpaid_order_expires_by_its_job_and_its_stock_returns(
    buyer_api, lamp, razorpay, run_tasks, settings
):
    settings.PAYMENT_WINDOW_MINUTES = 0
    order_id, _ = _placed(buyer_api, lamp, 3)
    assert _stock(lamp) == 2
    run_tasks()
    order = Order.objects.get(pk=order_id)
    assert order.status == OrderStatus.CANCELLED
    assert _stock(lamp) == 5
    # Again (a second job, the sweep): nothing more comes back.
    assert expiry.order_expire(order_id=order_id) == "nothing to do"
    call_command("expire_unpaid_orders")
    assert _stock(lamp) == 5


def test_an_early_expiry_job_waits_and_the_sweep_finds_missed_ones(buyer_api, lamp, razorpay):
    order_id, _ = _placed(buyer_api, lamp)
    assert expiry.order_expire(order_id=order_id) == "not yet"
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT
    _age(order_id, 16)
    call_command("expire_unpaid_orders")
    assert Order.objects.get(pk=order_id).status == OrderStatus.CANCELLED
    assert _stock(lamp) == 5


def test_expiry_pays_an_order_the_gateway_took_money_for(buyer_api, lamp, razorpay, run_tasks):
    """The browser closed and the webhook was lost: the gateway knows it was paid."""
    order_id, checkout = _placed(buyer_api, lamp)
    razorpay.pay(checkout["orderId"])
    _age(order_id, 16)
    assert expiry.order_expire(order_id=order_id) == "paid"
    assert Order.objects.get(pk=order_id).status == OrderStatus.NOT_PROCESSED
    assert _stock(lamp) == 4


def test_a_payment_after_expiry_is_refunded_and_the_answer_says_cancelled(
    buyer_api, lamp, razorpay, run_tasks
):
    order_id, checkout = _placed(buyer_api, lamp)
    _age(order_id, 16)
    assert expiry.order_expire(order_id=order_id) == "cancelled"
    paid = razorpay.pay(checkout["orderId"])

    response = buyer_api.post(verify_path(order_id), paid)
    assert response.status_code == 409
    assert "cancelled" in response.json()["message"] and "refunded" in response.json()["message"]
    run_tasks()
    refund = Refund.objects.get()
    assert (refund.reason, refund.status) == ("late", "processed")
    assert razorpay.payments[paid["razorpay_payment_id"]]["amount_refunded"] == 149950
    order = buyer_api.get(f"/api/v1/orders/{order_id}").json()["order"]
    assert order["status"] == "Cancelled"
    assert order["payment"]["refundStatus"] == "processed"
    assert order["payment"]["refunded"] == 1499.5
    assert _stock(lamp) == 5
    # The webhook of the same payment, arriving after: no second refund.
    again = buyer_api.post(verify_path(order_id), paid)
    assert again.status_code == 409
    run_tasks()
    assert len(razorpay.refunds) == 1


# --- refunds of paid orders -------------------------------------------------------------


def _paid_order(buyer_api, lamp, razorpay):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    assert buyer_api.post(verify_path(order_id), paid).status_code == 200
    return order_id, paid["razorpay_payment_id"]


def test_the_buyer_cancelling_a_paid_order_refunds_it_in_full(
    api, buyer_api, lamp, razorpay, run_tasks
):
    razorpay.refund_status = "pending"
    order_id, payment_id = _paid_order(buyer_api, lamp, razorpay)

    response = buyer_api.post(f"/api/v1/orders/{order_id}/cancel")
    assert response.status_code == 200
    assert response.json()["order"]["payment"]["refundStatus"] == "pending"
    assert _stock(lamp) == 5
    assert razorpay.refunds == {}
    run_tasks()
    assert "refunded in full" in mail.outbox[-1].body
    (made,) = razorpay.refunds.values()
    assert (made["payment_id"], made["amount"]) == (payment_id, 149950)
    shown = buyer_api.get(f"/api/v1/orders/{order_id}").json()["order"]["payment"]
    assert shown["refundStatus"] == "pending" and shown["refunded"] == 1499.5

    # Razorpay's refund.processed webhook settles it.
    hook = _webhook(api, razorpay, "refund.processed", refund={**made, "status": "processed"})
    assert hook.json()["result"] == "processed"
    shown = buyer_api.get(f"/api/v1/orders/{order_id}").json()["order"]["payment"]
    assert shown["refundStatus"] == "processed"
    run_tasks()
    assert len(razorpay.refunds) == 1


def test_an_admin_cancel_and_a_return_refund_through_the_job(
    admin_api, buyer_api, lamp, razorpay, run_tasks
):
    cancelled, _ = _paid_order(buyer_api, lamp, razorpay)
    response = admin_api.put(f"/api/v1/auth/order-status/{cancelled}", {"status": "Cancelled"})
    assert response.status_code == 200
    returned, _ = _paid_order(buyer_api, lamp, razorpay)
    for status in ("Processing", "Shipped", "Returned"):
        assert (
            admin_api.put(f"/api/v1/auth/order-status/{returned}", {"status": status}).status_code
            == 200
        )
    run_tasks()
    assert len(razorpay.refunds) == 2
    for order_id in (cancelled, returned):
        payment = Payment.objects.get(order_id=order_id)
        assert (payment.refund_status, payment.refunded) == ("processed", 149950)


def _gateway_down(standin):
    """Razorpay unreachable (nothing listens on its port); the function brings it back,
    on the same address, with what it knew."""
    port = standin.server.server_address[1]
    standin.stop()

    def back():
        standin.released.clear()
        standin.start(port)

    return back


def _reconcile() -> str:
    out = StringIO()
    call_command("reconcile_payments", stdout=out)
    return out.getvalue()


def test_a_refund_whose_job_gave_up_is_made_by_the_reconcile_run_once_the_gateway_is_back(
    buyer_api, lamp, razorpay, run_tasks, settings
):
    settings.TASK_RETRY_SECONDS = 0
    order_id, payment_id = _paid_order(buyer_api, lamp, razorpay)
    back = _gateway_down(razorpay)
    buyer_api.post(f"/api/v1/orders/{order_id}/cancel")
    # The job tries TASK_MAX_ATTEMPTS times and gives up; the refund stays pending.
    run_tasks()
    tries = DBTaskResult.objects.filter(task_path="payments.refunds.refund_payment")
    assert list(tries.values_list("status", flat=True)) == ["FAILED"] * settings.TASK_MAX_ATTEMPTS
    assert Payment.objects.get(order_id=order_id).refund_status == "pending"
    assert "0 made, 0 refused, 1 waiting for the gateway" in _reconcile()
    assert Refund.objects.get().status == "pending"

    back()
    assert "1 made" in _reconcile()
    payment = Payment.objects.get(order_id=order_id)
    assert (payment.refund_status, payment.refunded) == ("processed", 149950)
    assert razorpay.payments[payment_id]["amount_refunded"] == 149950
    # Settled once: the next run asks nothing.
    assert "0 made, 0 refused, 0 waiting" in _reconcile()
    assert len(razorpay.refunds) == 1


def test_a_pending_refund_whose_webhook_never_came_is_settled_by_the_reconcile_run(
    buyer_api, lamp, razorpay, run_tasks
):
    """Razorpay took the refund as pending and its refund.processed webhook was lost: the
    reconcile run reads the refund's status and records it once it is processed (or
    failed), and asks nothing again afterwards."""
    razorpay.refund_status = "pending"
    order_id, _ = _paid_order(buyer_api, lamp, razorpay)
    buyer_api.post(f"/api/v1/orders/{order_id}/cancel")
    run_tasks()
    (made,) = razorpay.refunds.values()
    assert Refund.objects.get().refund_id == made["id"]
    # Still pending at the gateway: nothing to record yet.
    assert "0 settled since" in _reconcile()
    assert Payment.objects.get(order_id=order_id).refund_status == "pending"

    made["status"] = "processed"  # settled at the gateway; no webhook is sent
    assert "1 settled since" in _reconcile()
    payment = Payment.objects.get(order_id=order_id)
    assert (payment.refund_status, payment.refund_id) == ("processed", made["id"])
    assert Refund.objects.get().status == "processed"
    assert ("GET", f"/v1/refunds/{made['id']}") in razorpay.calls
    asked = razorpay.calls.count(("GET", f"/v1/refunds/{made['id']}"))
    assert "0 settled since" in _reconcile()
    assert razorpay.calls.count(("GET", f"/v1/refunds/{made['id']}")) == asked
    assert len(razorpay.refunds) == 1


def test_a_refund_the_gateway_failed_later_is_marked_failed_by_the_reconcile_run(
    buyer_api, lamp, razorpay, run_tasks
):
    razorpay.refund_status = "pending"
    order_id, _ = _paid_order(buyer_api, lamp, razorpay)
    buyer_api.post(f"/api/v1/orders/{order_id}/cancel")
    run_tasks()
    (made,) = razorpay.refunds.values()
    made["status"] = "failed"
    assert "1 settled since" in _reconcile()
    assert Payment.objects.get(order_id=order_id).refund_status == "failed"


def test_an_overdue_order_waits_while_the_gateway_is_down_and_is_paid_when_it_is_back(
    buyer_api, lamp, razorpay
):
    """The buyer paid, the browser closed and the webhook was lost; the window passes while
    Razorpay cannot be reached: the order is not cancelled unasked (its stock stays
    reserved); when the gateway answers, the payment it took pays the order."""
    order_id, checkout = _placed(buyer_api, lamp)
    razorpay.pay(checkout["orderId"])
    _age(order_id, 16)
    back = _gateway_down(razorpay)
    assert "0 paid, 0 cancelled, 1 waiting for the gateway" in _reconcile()
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT
    assert _stock(lamp) == 4

    back()
    assert "1 paid, 0 cancelled, 0 waiting" in _reconcile()
    assert Order.objects.get(pk=order_id).status == OrderStatus.NOT_PROCESSED
    assert _stock(lamp) == 4
    assert Refund.objects.count() == 0


def test_an_overdue_unpaid_order_is_cancelled_by_the_reconcile_run_once(buyer_api, lamp, razorpay):
    order_id, _ = _placed(buyer_api, lamp, 2)
    _age(order_id, 16)
    assert "0 paid, 1 cancelled, 0 waiting" in _reconcile()
    assert Order.objects.get(pk=order_id).status == OrderStatus.CANCELLED
    assert _stock(lamp) == 5
    assert "0 paid, 0 cancelled, 0 waiting" in _reconcile()
    assert _stock(lamp) == 5


def test_no_one_sets_an_awaiting_order_paid_by_hand(admin_api, buyer_api, lamp, razorpay):
    order_id, _ = _placed(buyer_api, lamp)
    response = admin_api.put(f"/api/v1/auth/order-status/{order_id}", {"status": "Not Processed"})
    assert response.status_code == 409
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT
    # The buyer may give up (switch to cash on delivery): stock back, nothing to refund.
    assert buyer_api.post(f"/api/v1/orders/{order_id}/cancel").status_code == 200
    assert _stock(lamp) == 5 and Refund.objects.count() == 0


def test_giving_up_online_for_cash_on_delivery_sends_only_the_cash_orders_mail(
    buyer_api, lamp, razorpay, run_tasks
):
    """The shopper closed Razorpay's window and pays cash instead: the unpaid order is
    cancelled without a cancelled mail (nothing was bought, no placed mail went out);
    the cash order's placed mail is the only one."""
    order_id, _ = _placed(buyer_api, lamp)
    assert buyer_api.post(f"/api/v1/orders/{order_id}/cancel").status_code == 200
    cod = buyer_api.post(CHECKOUT, {"cart": [{"_id": lamp.pk}]})
    assert cod.status_code == 201, cod.json()
    run_tasks()
    assert Order.objects.get(pk=order_id).status == OrderStatus.CANCELLED
    assert _stock(lamp) == 4
    assert len(mail.outbox) == 1
    assert "cancelled" not in mail.outbox[0].subject


def test_order_lists_read_the_payment_without_more_queries(
    buyer_api, lamp, razorpay, django_assert_num_queries
):
    for _ in range(3):
        _paid_order(buyer_api, lamp, razorpay)
    buyer_api.post(CHECKOUT, {"cart": [{"_id": lamp.pk}]})
    # The token's user, the orders, their lines, their tax documents (creditNotes).
    with django_assert_num_queries(4):
        response = buyer_api.get("/api/v1/auth/orders")
    methods = [order["payment"]["method"] for order in response.json()]
    assert methods == ["cod", "razorpay", "razorpay", "razorpay"]
    assert response.json()[0]["payment"] == {"method": "cod", "success": False}


def test_the_django_admin_shows_the_payment_and_offers_no_paid_move(
    buyer_api, lamp, razorpay, run_tasks, staff_client
):
    awaiting, _ = _placed(buyer_api, lamp)
    page = staff_client.get(f"/admin/orders/order/{awaiting}/change/").content.decode()
    assert 'value="Not Processed"' not in page and 'value="Cancelled"' in page

    order_id, payment_id = _paid_order(buyer_api, lamp, razorpay)
    buyer_api.post(f"/api/v1/orders/{order_id}/cancel")
    run_tasks()
    payment = Payment.objects.get(order_id=order_id)
    page = staff_client.get(f"/admin/orders/order/{order_id}/change/").content.decode()
    for shown in (payment.gateway_order_id, payment_id, payment.refund_id, "Processed"):
        assert shown in page, shown
    assert page.count("₹1,499.50") == 2  # paid and refunded
    found = staff_client.get("/admin/orders/order/", {"q": payment_id}).content.decode()
    assert f"/admin/orders/order/{order_id}/change/" in found


def test_an_order_awaiting_payment_is_not_revenue_until_paid(admin_api, buyer_api, lamp, razorpay):
    order_id, checkout = _placed(buyer_api, lamp)
    today = admin_api.get("/api/v1/admin/dashboard").json()["dashboard"]["today"]
    assert today == {"orders": 0, "revenue": 0}
    paid = razorpay.pay(checkout["orderId"])
    assert buyer_api.post(verify_path(order_id), paid).status_code == 200
    today = admin_api.get("/api/v1/admin/dashboard").json()["dashboard"]["today"]
    assert today == {"orders": 1, "revenue": 1499.5}


@pytest.mark.parametrize(
    ("rupees", "paise"),
    [(Decimal("1499.50"), 149950), (Decimal("0.01"), 1), (Decimal("100000"), 10000000)],
)
def test_rupees_become_whole_paise_exactly(rupees, paise):
    from payments.gateway import paise as to_paise

    assert to_paise(rupees) == paise and isinstance(to_paise(rupees), int)


def test_a_fraction_of_a_paisa_is_refused():
    from payments.gateway import paise as to_paise

    with pytest.raises(ValueError):
        to_paise(Decimal("1.005"))
