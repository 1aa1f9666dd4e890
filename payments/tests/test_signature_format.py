"""Razorpay signatures that are not 64 hex characters: refused with the contract's 400,
never a 500. A header's bytes reach Django decoded as Latin-1, so a signature can hold any
character; `hmac.compare_digest` raises on a str with non-ASCII characters."""

import pytest

from orders.models import WebhookEvent
from orders.tests.razorpay_standin import payment_signature
from payments import gateway

WEBHOOK = "/api/v1/payments/razorpay/webhook"

NOT_HEX = [
    "é" * 64,  # non-ASCII, the right length
    "ï»¿" + "a" * 61,  # a UTF-8 byte-order mark read as Latin-1
    "٣" * 64,  # Arabic-Indic digits: \d would take them
    "a" * 63 + "\n",  # a trailing newline ($ would take it)
    "g" * 64,
    "a" * 65,
]


@pytest.mark.parametrize("signature", NOT_HEX)
def test_a_webhook_whose_signature_is_not_64_hex_characters_is_400(api, razorpay, db, signature):
    body, headers = razorpay.event("order.paid", order={"id": "order_x"})
    response = api.post(
        WEBHOOK,
        body,
        content_type="application/json",
        HTTP_X_RAZORPAY_SIGNATURE=signature,
        HTTP_X_RAZORPAY_EVENT_ID=headers["X-Razorpay-Event-Id"],
    )
    assert response.status_code == 400
    assert response.json() == {"success": False, "message": "The webhook could not be verified."}
    assert WebhookEvent.objects.count() == 0


def test_the_same_webhook_with_its_real_signature_is_taken(api, razorpay, db):
    body, headers = razorpay.event("order.paid", order={"id": "order_x"})
    response = api.post(
        WEBHOOK,
        body,
        content_type="application/json",
        HTTP_X_RAZORPAY_SIGNATURE=headers["X-Razorpay-Signature"],
        HTTP_X_RAZORPAY_EVENT_ID=headers["X-Razorpay-Event-Id"],
    )
    assert response.status_code == 200
    assert response.json()["result"] == "ignored"


@pytest.mark.parametrize("signature", [*NOT_HEX, "", None, 42])
def test_a_payment_signature_that_is_not_64_hex_characters_is_refused(razorpay, signature):
    assert (
        gateway.payment_signature_ok(
            gateway_order_id="order_x", payment_id="pay_x", signature=signature
        )
        is False
    )


def test_the_right_payment_signature_is_accepted_and_a_changed_one_is_not(razorpay):
    good = payment_signature("order_x", "pay_x", razorpay.key_secret)
    assert gateway.payment_signature_ok(
        gateway_order_id="order_x", payment_id="pay_x", signature=good
    )
    flipped = ("0" if good[0] != "0" else "1") + good[1:]
    assert not gateway.payment_signature_ok(
        gateway_order_id="order_x", payment_id="pay_x", signature=flipped
    )
