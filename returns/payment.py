"""The payment method of a replacement order (an exchange's new order, returns.services):
nothing to pay, so it counts as paid from the start, refunds nothing, and checkout never
offers it (`available` is False: a checkout that asks for it is 400). Registered in
orders.payments by this app when it is ready (returns.apps)."""

from typing import Any

EXCHANGE = "exchange"


class ExchangePayment:
    code = EXCHANGE
    online = False

    def available(self) -> bool:
        return False

    def paid_on(self, status: str) -> bool:
        return True  # paid for by the goods that came back

    def reserve(self, order) -> None:
        return None

    def checkout_started(self, order, *, created: bool) -> tuple[Any, dict | None]:
        return order, None

    def checkout_options(self, order) -> dict | None:
        return None

    def refund(self, order) -> None:
        return None  # nothing was paid

    def refund_part(self, order, *, amount, key: str, reason: str) -> None:
        return None

    def shop_info(self) -> dict:
        return {}
