"""Cash on delivery instead of paying online, for the order checkout placed Awaiting
Payment (`POST /orders/{id}/pay-on-delivery`, orders.pay_on_delivery), against the
Razorpay stand-in: one order, the placed mail once and no cancelled one, its stock taken
once; refused as checkout refuses cash on delivery (400), for an order no longer awaiting
its payment or paid at the gateway meanwhile (409), for anyone but its buyer or the
holder of its guest token (404); a capture that comes after the switch is refunded in
full, and the payment window's expiry leaves the switched order alone."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core import mail
from django.utils import timezone

from accounts.cart import cart_get
from catalog.models import Product
from catalog.tests.factories import ProductFactory
from orders import pay_on_delivery
from orders.models import Order, OrderStatus, OrderStatusChange, Refund, ServedPincode
from orders.tests.conftest import client_for
from payments import expiry, gateway, reconcile
from payments.tests.test_razorpay import CHECKOUT, _placed, _webhook, verify_path

MY_ORDERS = "/api/v1/auth/orders"


def switch_path(order_id) -> str:
    return f"/api/v1/orders/{order_id}/pay-on-delivery"


@pytest.fixture
def lamp(db):
    return ProductFactory(name="Desk Lamp", price=Decimal("1499.50"), quantity=5)


def _stock(product) -> int:
    return Product.objects.get(pk=product.pk).quantity


def _statuses(order_id) -> list[str]:
    return list(
        OrderStatusChange.objects.filter(order_id=order_id)
        .order_by("at", "pk")
        .values_list("status", flat=True)
    )


def test_the_held_order_becomes_cash_on_delivery_once(buyer_api, buyer, lamp, razorpay, run_tasks):
    saved = buyer_api.put("/api/v1/auth/cart", {"cart": [{"_id": lamp.pk, "quantity": 2}]})
    assert saved.status_code == 200 and saved.json()["cart"]
    order_id, _ = _placed(buyer_api, lamp, 2)
    assert _stock(lamp) == 3

    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["success"] is True
    assert body["message"] == "Order switched to cash on delivery"
    order = body["order"]
    assert order["_id"] == order_id
    assert order["status"] == "Not Processed"
    assert order["payment"]["method"] == "cod"
    assert order["payment"]["success"] is False
    assert order["payment"]["paymentId"] == ""
    assert _stock(lamp) == 3  # taken once, at checkout
    assert _statuses(order_id) == ["Awaiting Payment", "Not Processed"]
    assert cart_get(user=buyer).lines == []  # the cart bought, as a cash checkout empties it
    run_tasks()
    assert len(mail.outbox) == 1
    assert "placed" in mail.outbox[0].subject
    assert "You pay in cash when it is delivered." in mail.outbox[0].body

    again = buyer_api.post(switch_path(order_id))
    assert again.status_code == 200
    assert again.json() == body
    run_tasks()
    assert len(mail.outbox) == 1
    assert _statuses(order_id) == ["Awaiting Payment", "Not Processed"]
    assert _stock(lamp) == 3
    mine = buyer_api.get(MY_ORDERS).json()
    assert [(o["_id"], o["status"], o["payment"]["method"]) for o in mine] == [
        (order_id, "Not Processed", "cod")
    ]
    assert not any("cancel" in sent.subject.lower() for sent in mail.outbox)


def test_the_switched_order_answers_no_payment_details_and_a_retried_checkout_finds_it(
    buyer_api, lamp, razorpay
):
    key = "switch-then-retry"
    first = buyer_api.post(
        CHECKOUT,
        {"cart": [{"_id": lamp.pk, "quantity": 1}], "payment": "razorpay"},
        HTTP_IDEMPOTENCY_KEY=key,
    )
    order_id = first.json()["order"]["_id"]
    assert buyer_api.post(switch_path(order_id)).status_code == 200
    retry = buyer_api.post(
        CHECKOUT,
        {"cart": [{"_id": lamp.pk, "quantity": 1}], "payment": "razorpay"},
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert retry.status_code == 200
    assert retry.json()["order"]["_id"] == order_id
    assert "razorpay" not in retry.json()
    assert Order.objects.count() == 1 and _stock(lamp) == 4


# --- refused ------------------------------------------------------------------------------


def test_a_paid_order_is_409_saying_it_is_paid(buyer_api, lamp, razorpay, run_tasks):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    assert buyer_api.post(verify_path(order_id), paid).status_code == 200

    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 409
    assert response.json() == {"success": False, "message": pay_on_delivery.PAID_ONLINE}
    order = Order.objects.get(pk=order_id)
    assert (order.status, order.payment_method) == ("Not Processed", "razorpay")

    # Cancelled since (and refunded): no longer "paid, nothing to collect".
    assert buyer_api.post(f"/api/v1/orders/{order_id}/cancel").status_code == 200
    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 409
    assert response.json()["message"] == pay_on_delivery.not_awaiting("Cancelled")


def test_a_capture_not_yet_heard_of_pays_the_order_and_is_409(buyer_api, lamp, razorpay):
    order_id, checkout = _placed(buyer_api, lamp)
    razorpay.pay(checkout["orderId"])  # no webhook, no verify: only the gateway knows

    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 409
    assert response.json()["message"] == pay_on_delivery.PAID_ONLINE
    order = Order.objects.get(pk=order_id)
    assert (order.status, order.payment_method) == ("Not Processed", "razorpay")
    assert order.paid and Refund.objects.count() == 0
    assert _stock(lamp) == 4


def test_an_authorised_payment_is_409_and_switches_nothing(buyer_api, lamp, razorpay):
    order_id, checkout = _placed(buyer_api, lamp)
    paid = razorpay.pay(checkout["orderId"])
    razorpay.payments[paid["razorpay_payment_id"]]["status"] = "authorized"

    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 409
    assert response.json()["message"] == pay_on_delivery.BEING_PAID
    order = Order.objects.get(pk=order_id)
    assert (order.status, order.payment_method) == ("Awaiting Payment", "razorpay")


def test_a_cancelled_or_cash_order_is_409(buyer_api, lamp, razorpay):
    order_id, _ = _placed(buyer_api, lamp)
    assert buyer_api.post(f"/api/v1/orders/{order_id}/cancel").status_code == 200
    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 409
    assert response.json()["message"] == pay_on_delivery.not_awaiting("Cancelled")

    cash = buyer_api.post(
        CHECKOUT, {"cart": [{"_id": lamp.pk, "quantity": 1}], "payment": "cod"}
    ).json()["order"]["_id"]
    response = buyer_api.post(switch_path(cash))
    assert response.status_code == 409
    assert response.json()["message"] == pay_on_delivery.not_awaiting("Not Processed")
    assert _statuses(cash) == ["Not Processed"]


def test_no_cash_at_the_pin_code_is_400_and_changes_nothing(buyer_api, lamp, razorpay, run_tasks):
    ServedPincode.objects.create(pincode="560001", cod=True)
    order_id, _ = _placed(buyer_api, lamp)
    ServedPincode.objects.filter(pincode="560001").update(cod=False)

    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 400
    assert response.json() == {
        "success": False,
        "message": "Payment: Cash on delivery is not available for PIN code 560001.",
        "errors": {"payment": ["Cash on delivery is not available for PIN code 560001."]},
    }
    order = Order.objects.get(pk=order_id)
    assert (order.status, order.payment_method) == ("Awaiting Payment", "razorpay")
    assert _statuses(order_id) == ["Awaiting Payment"]
    run_tasks()
    assert mail.outbox == []


def test_over_the_cash_on_delivery_cap_is_400(buyer_api, lamp, razorpay, settings):
    order_id, _ = _placed(buyer_api, lamp, 2)
    settings.COD_LIMIT = 2000

    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "payment": ["Cash on delivery is available for orders up to ₹2,000; this order is ₹2,999."]
    }
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT


def test_the_shops_own_cap_is_the_one_read(buyer_api, lamp, razorpay, settings):
    from orders.shop_details import get_shop_details

    order_id, _ = _placed(buyer_api, lamp)
    settings.COD_LIMIT = 50000
    details = get_shop_details()
    details.cod_limit = 1000
    details.save()  # its signal drops the cached copy

    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "payment": [
            "Cash on delivery is available for orders up to ₹1,000; this order is ₹1,499.50."
        ]
    }


def test_a_coupon_for_online_payment_only_is_400(buyer_api, lamp, razorpay):
    from promotions.models import Coupon

    Coupon.objects.create(code="PREPAID", kind="percent", value=10, prepaid_only=True)
    response = buyer_api.post(
        CHECKOUT,
        {"cart": [{"_id": lamp.pk, "quantity": 1}], "payment": "razorpay", "coupon": "PREPAID"},
    )
    assert response.status_code == 201, response.json()
    order_id = response.json()["order"]["_id"]

    refused = buyer_api.post(switch_path(order_id))
    assert refused.status_code == 400
    assert refused.json()["errors"] == {"payment": ["This coupon is for online payment only."]}
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT


def test_only_its_buyer_or_its_guest_token_switches_it(
    api, buyer_api, other_api, admin_api, lamp, razorpay
):
    order_id, _ = _placed(buyer_api, lamp)
    assert other_api.post(switch_path(order_id)).status_code == 404
    assert admin_api.post(switch_path(order_id)).status_code == 404
    assert api.post(switch_path(order_id)).status_code == 401
    assert api.post(switch_path(order_id), HTTP_X_ORDER_TOKEN="f" * 64).status_code == 404
    assert api.post(switch_path("99999")).status_code == 401
    assert buyer_api.post(switch_path("99999")).status_code == 404
    assert buyer_api.post(switch_path("\uff11")).status_code == 404  # a full-width 1
    assert buyer_api.post(switch_path("abc")).status_code == 404
    assert Order.objects.get(pk=order_id).status == OrderStatus.AWAITING_PAYMENT


def test_a_guest_switches_by_the_orders_token(api, lamp, razorpay, run_tasks):
    placed = api.post(
        CHECKOUT,
        {
            "cart": [{"_id": lamp.pk, "quantity": 1}],
            "payment": "razorpay",
            "guest": {"name": "Asha Guest", "email": "asha@example.com", "phone": "9876543210"},
            "shippingAddress": {
                "name": "Asha Guest",
                "phone": "9876543210",
                "line1": "12 MG Road",
                "line2": "",
                "city": "Bengaluru",
                "state": "karnataka",
                "pincode": "560001",
            },
        },
    )
    assert placed.status_code == 201, placed.json()
    order_id, token = placed.json()["order"]["_id"], placed.json()["orderToken"]
    wrong = "0" * 64 if token != "0" * 64 else "1" * 64
    assert client_for().post(switch_path(order_id), HTTP_X_ORDER_TOKEN=wrong).status_code == 404
    assert client_for().post(switch_path(order_id), HTTP_X_ORDER_TOKEN="").status_code == 404

    response = api.post(f"{switch_path(order_id)}?token={token}")
    assert response.status_code == 200, response.json()
    assert response.json()["order"]["payment"]["method"] == "cod"
    run_tasks()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["asha@example.com"]
    assert f"/order/{order_id}#token={token}" in mail.outbox[0].body


# --- the money: a capture after the switch ------------------------------------------------


def test_a_capture_after_the_switch_is_refunded_in_full_and_the_order_stays_cash(
    api, buyer_api, lamp, razorpay, run_tasks
):
    order_id, checkout = _placed(buyer_api, lamp)
    assert buyer_api.post(switch_path(order_id)).status_code == 200
    paid = razorpay.pay(checkout["orderId"])
    payment = razorpay.payments[paid["razorpay_payment_id"]]

    assert _webhook(api, razorpay, "payment.captured", payment=payment).json()["result"] == (
        "refunded"
    )
    # The browser's verify of the same payment: 409 saying what happens.
    late = buyer_api.post(verify_path(order_id), paid)
    assert late.status_code == 409
    assert late.json()["message"] == (
        "This order was switched to cash on delivery before its payment arrived; the "
        "payment will be refunded in full, and the order is paid on delivery."
    )
    run_tasks()
    refund = Refund.objects.get()
    assert (refund.payment_id, refund.reason, refund.amount, refund.status) == (
        payment["id"],
        "late",
        149950,
        "processed",
    )
    assert razorpay.payments[payment["id"]]["amount_refunded"] == 149950
    order = buyer_api.get(f"/api/v1/orders/{order_id}").json()["order"]
    assert order["status"] == "Not Processed"
    assert order["payment"]["method"] == "cod"
    assert order["payment"]["success"] is False  # paid at the door, on delivery
    assert order["payment"]["paymentId"] == payment["id"]
    assert order["payment"]["paid"] == 1499.5
    assert order["payment"]["refunded"] == 1499.5
    assert order["payment"]["refundStatus"] == "processed"
    assert _statuses(order_id) == ["Awaiting Payment", "Not Processed"]
    assert len(mail.outbox) == 1  # the placed mail, once
    assert _stock(lamp) == 4

    # Cancelled later: nothing more goes back (the late payment was refunded whole).
    assert buyer_api.post(f"/api/v1/orders/{order_id}/cancel").status_code == 200
    run_tasks()
    assert Refund.objects.count() == 1 and _stock(lamp) == 5


def test_the_gateway_away_does_not_stop_the_switch(buyer_api, lamp, razorpay, monkeypatch):
    order_id, _ = _placed(buyer_api, lamp)

    def away(_):
        raise gateway.GatewayUnavailable("down")

    monkeypatch.setattr(gateway, "order_payments", away)
    response = buyer_api.post(switch_path(order_id))
    assert response.status_code == 200
    assert response.json()["order"]["payment"]["method"] == "cod"


# --- the payment window's expiry ------------------------------------------------------


def test_the_expiry_and_the_reconcile_run_leave_a_switched_order_alone(
    buyer_api, lamp, razorpay, settings, run_tasks
):
    order_id, _ = _placed(buyer_api, lamp)
    assert buyer_api.post(switch_path(order_id)).status_code == 200
    Order.objects.filter(pk=order_id).update(
        created_at=timezone.now() - timedelta(minutes=settings.PAYMENT_WINDOW_MINUTES + 1)
    )

    assert expiry.order_expire(order_id=int(order_id)) == "nothing to do"
    done = reconcile.reconcile()
    assert (done.orders_cancelled, done.orders_paid) == (0, 0)
    run_tasks()  # the expiry job checkout enqueued, too
    order = Order.objects.get(pk=order_id)
    assert (order.status, order.payment_method) == ("Not Processed", "cod")
    assert _stock(lamp) == 4
    assert _statuses(order_id) == ["Awaiting Payment", "Not Processed"]


def test_the_same_switch_again_reads_and_writes_nothing_more(
    buyer_api, lamp, razorpay, django_assert_num_queries
):
    order_id, _ = _placed(buyer_api, lamp)
    assert buyer_api.post(switch_path(order_id)).status_code == 200
    # The token's user, the order with its payment, then the order as answered (the
    # order, its lines, its invoices): no gateway call, no write.
    with django_assert_num_queries(5):
        again = buyer_api.post(switch_path(order_id))
    assert again.status_code == 200
