"""The wire shape of paying online's own calls: the verify request and the webhook's answer.
The order they answer is orders' (orders.serializers)."""

from rest_framework import serializers


class RazorpayVerifyInput(serializers.Serializer):
    razorpay_payment_id = serializers.RegexField(
        r"^[A-Za-z0-9_]{1,40}$",
        error_messages={
            "invalid": "The payment id is not valid.",
            "required": "The payment id is required.",
        },
    )
    razorpay_order_id = serializers.RegexField(
        r"^[A-Za-z0-9_]{1,40}$",
        error_messages={
            "invalid": "This payment is not for this order.",
            "required": "The order id is required.",
        },
    )
    razorpay_signature = serializers.RegexField(
        r"^[0-9a-fA-F]{64}$",
        error_messages={
            "invalid": "The payment could not be verified.",
            "required": "The payment's signature is required.",
        },
    )


class WebhookAnswer(serializers.Serializer):
    success = serializers.BooleanField(default=True)
    result = serializers.CharField(
        help_text="Ours: paid, refunded, recorded, processed, failed, ignored or duplicate."
    )
