"""How an order is paid, behind one small interface so a gateway can be added later.

A payment method knows its code (what the client sends as `payment`) and when an order
counts as paid. Cash on delivery is paid when the order is delivered.
"""

from typing import Protocol


class PaymentMethod(Protocol):
    code: str

    def paid_on(self, status: str) -> bool:
        """Whether an order in `status` has been paid."""


class CashOnDelivery:
    code = "cod"

    def paid_on(self, status: str) -> bool:
        return status == "Delivered"


class Razorpay:
    """Paid online before the order is processed (orders.razorpay): the order waits in
    Awaiting Payment until the gateway's payment is verified."""

    code = "razorpay"

    def paid_on(self, status: str) -> bool:
        return status not in ("Awaiting Payment", "Cancelled")


METHODS: dict[str, PaymentMethod] = {
    method.code: method for method in (CashOnDelivery(), Razorpay())
}


def payment_method(code: str) -> PaymentMethod:
    return METHODS[code]
