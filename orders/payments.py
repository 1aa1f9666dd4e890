"""How an order is paid: the one interface between orders and the code that takes
payments, so orders never imports that code.

A payment method knows its code (what the client sends as `payment`), whether checkout
takes it now, when an order counts as paid, and what checkout and the status moves ask
of it. Cash on delivery is here. A gateway's method is registered by its app when that
app is ready (`register`; the `payments` app registers Razorpay in its AppConfig), and
orders calls it only through this protocol:

- `reserve(order)`, in checkout's transaction, after the order and its lines: an order
  of an `online` method is placed `Awaiting Payment` and this records what its payment
  needs (the payment record, the job that gives the order up when it is not paid);
- `checkout_started(order, created=...)`, after that transaction commits: what the
  browser opens the gateway's checkout with, and the order as it is then;
- `checkout_options(order)`: the same for an order read later (its `razorpay` answer);
- `refund(order)`, in the transaction of a cancel or a return of the whole order: what
  is left of the order's payment back (what its partial refunds have not given back);
- `refund_part(order, amount=..., key=..., reason=...)`, in the transaction of a cancel
  of part of the order: `amount` rupees of its payment back, once per `key`;
- `shop_info()`: what `GET /shop-info` adds for the method.
- `payment_taken(order)`, outside any transaction, before an order still awaiting its
  payment is switched to cash on delivery (orders.pay_on_delivery): whether the gateway
  took a payment for it (a captured one not heard of yet pays the order meanwhile).

The status moves the payment makes (paid, given up unpaid) are orders' own handlers
(orders.actions.order_pay, order_expire), which the payment code calls.
"""

from decimal import Decimal
from typing import Any, Protocol

# Every payment code the wire knows, whether or not its method is on here. "exchange" is
# the replacement order of a return (the returns app's method): never available at
# checkout, which refuses it.
CODES = ("cod", "razorpay", "exchange")


class PaymentMethod(Protocol):
    code: str
    online: bool  # paid before the order is processed: placed Awaiting Payment

    def available(self) -> bool:
        """Whether checkout takes this method now (a gateway: its keys are set)."""

    def paid_on(self, status: str) -> bool:
        """Whether an order in `status` has been paid."""

    def reserve(self, order) -> None:
        """In checkout's transaction: what an order placed with this method needs."""

    def checkout_started(self, order, *, created: bool) -> tuple[Any, dict | None]:
        """After checkout's commit: (the order as it is now, the options the browser opens
        the gateway's checkout with, or None)."""

    def checkout_options(self, order) -> dict | None:
        """The options of an order still awaiting its payment, else None."""

    def refund(self, order) -> None:
        """In a cancel's or a return's transaction: what is left of the order's payment
        back, if paid."""

    def refund_part(self, order, *, amount: Decimal, key: str, reason: str) -> None:
        """In the transaction of a cancel of part of the order: `amount` rupees of its
        payment back, if paid (never more than is left of it), once per `key`."""

    def shop_info(self) -> dict:
        """Keys `GET /shop-info` adds while the method is available."""

    def payment_taken(self, order) -> bool:
        """Outside any transaction, for an order still Awaiting Payment that its buyer
        switches to cash on delivery: True when the gateway has captured (the order is
        paid by it now) or authorised a payment of it, so it is not switched. The gateway
        unreachable: False (a capture that still comes is refunded: payments.online)."""


class CashOnDelivery:
    code = "cod"
    online = False

    def available(self) -> bool:
        return True

    def paid_on(self, status: str) -> bool:
        return status == "Delivered"

    def reserve(self, order) -> None:
        return None

    def checkout_started(self, order, *, created: bool) -> tuple[Any, dict | None]:
        return order, None

    def checkout_options(self, order) -> dict | None:
        return None

    def refund(self, order) -> None:
        return None  # nothing was paid before delivery

    def refund_part(self, order, *, amount: Decimal, key: str, reason: str) -> None:
        return None  # the buyer pays at the door what the order is then

    def shop_info(self) -> dict:
        return {}

    def payment_taken(self, order) -> bool:
        return False


METHODS: dict[str, PaymentMethod] = {"cod": CashOnDelivery()}


def register(method: PaymentMethod) -> None:
    """Adds (or replaces) a payment method; its app calls this when it is ready."""
    if method.code not in CODES:
        raise ValueError(f"Unknown payment code {method.code!r}: add it to CODES first.")
    METHODS[method.code] = method


def payment_method(code: str) -> PaymentMethod | None:
    """The method of `code`, or None when no app provides it here."""
    return METHODS.get(code)


def available_codes() -> list[str]:
    """The codes checkout takes now, in CODES order."""
    return [code for code in CODES if code in METHODS and METHODS[code].available()]
