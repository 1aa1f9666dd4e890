"""Razorpay, as the shop talks to it: the official client (`razorpay` on PyPI) pointed at
RAZORPAY_API_BASE, the two signatures, and rupees as paise.

Only what is outside the project goes through the client (orders, payments, refunds);
the signatures are checked here, by our own code: a signature that is not 64 hex
characters is refused as it is, and one that is, is compared as bytes with
`hmac.compare_digest` (which raises on a str with non-ASCII characters). Amounts
are Decimal rupees in the shop and whole paise (int) at the gateway, never floats.

The client takes its base URL as the `base_url` option; it sets no timeout on its
requests, so its session is one that does (RAZORPAY_TIMEOUT_SECONDS)."""

import hashlib
import hmac
import logging
import re
from decimal import Decimal

import razorpay
import requests
from django.conf import settings

logger = logging.getLogger("payments.gateway")

CURRENCY = "INR"


class GatewayUnavailable(Exception):
    """Razorpay did not answer in time, could not be reached, or answered with an error:
    nothing was done there that the shop relies on."""

    def __init__(self, message: str, *, timed_out: bool = False):
        super().__init__(message)
        self.timed_out = timed_out


class GatewayRefused(Exception):
    """Razorpay answered that the request is wrong (a 4xx): trying again will not help."""


def configured() -> bool:
    """Razorpay is on when its key id and key secret are set."""
    return bool(settings.RAZORPAY_KEY_ID and settings.RAZORPAY_KEY_SECRET)


def paise(rupees: Decimal) -> int:
    """Rupees (Decimal, at most two decimals) as whole paise."""
    amount = Decimal(rupees) * 100
    if amount != amount.to_integral_value():
        raise ValueError(f"{rupees} is not a whole number of paise")
    return int(amount)


def rupees_of(paise_amount: int) -> Decimal:
    return (Decimal(paise_amount) / 100).quantize(Decimal("0.01"))


# HMAC-SHA256 in hex, as Razorpay sends it; ASCII only (\d would match other digits).
SIGNATURE_FORMAT = re.compile(r"[0-9a-fA-F]{64}", re.ASCII)


def _sign(secret: str, message: bytes) -> str:
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def _matches(expected: str, signature) -> bool:
    """The signature sent is 64 hex characters and, byte for byte, the expected one."""
    if not isinstance(signature, str) or not SIGNATURE_FORMAT.fullmatch(signature):
        return False
    return hmac.compare_digest(expected.encode("ascii"), signature.encode("ascii"))


def payment_signature_ok(*, gateway_order_id: str, payment_id: str, signature: str) -> bool:
    """Razorpay's checkout signature: HMAC-SHA256 of "{order_id}|{payment_id}" keyed with
    the key secret, in hex."""
    expected = _sign(settings.RAZORPAY_KEY_SECRET, f"{gateway_order_id}|{payment_id}".encode())
    return _matches(expected, signature)


def webhook_signature_ok(body: bytes, signature: str) -> bool:
    """A webhook's signature: HMAC-SHA256 of the raw body keyed with the webhook secret."""
    secret = settings.RAZORPAY_WEBHOOK_SECRET
    if not secret or not signature:
        return False
    return _matches(_sign(secret, body), signature)


class _TimedSession(requests.Session):
    """A session whose requests give up after RAZORPAY_TIMEOUT_SECONDS."""

    def request(self, method, url, **kwargs):
        kwargs.setdefault("timeout", settings.RAZORPAY_TIMEOUT_SECONDS)
        return super().request(method, url, **kwargs)


def client() -> razorpay.Client:
    return razorpay.Client(
        session=_TimedSession(),
        auth=(settings.RAZORPAY_KEY_ID, settings.RAZORPAY_KEY_SECRET),
        base_url=settings.RAZORPAY_API_BASE.rstrip("/"),
    )


def _call(what: str, function, *args):
    """Runs a client call; its failures as GatewayUnavailable (try again later) or
    GatewayRefused (a 4xx: do not)."""
    try:
        return function(*args)
    except requests.Timeout as exc:
        logger.warning("Razorpay did not answer in time: %s", what)
        raise GatewayUnavailable(f"{what}: timed out", timed_out=True) from exc
    except razorpay.errors.BadRequestError as exc:
        logger.error("Razorpay refused %s: %s", what, exc)
        raise GatewayRefused(f"{what}: {exc}") from exc
    except (
        requests.RequestException,
        razorpay.errors.ServerError,
        razorpay.errors.GatewayError,
    ) as exc:
        logger.warning("Razorpay failed %s: %s", what, exc)
        raise GatewayUnavailable(f"{what}: {exc}") from exc
    except ValueError as exc:  # an answer that is not JSON (a proxy's error page)
        logger.warning("Razorpay answered %s with something not JSON", what)
        raise GatewayUnavailable(f"{what}: not JSON") from exc


def create_order(*, amount: int, receipt: str, notes: dict) -> dict:
    """A Razorpay order for `amount` paise; its answer (`id`, `amount`, `status`...)."""
    body = {"amount": amount, "currency": CURRENCY, "receipt": receipt, "notes": notes}
    return _call("create an order", client().order.create, body)


def fetch_order(gateway_order_id: str) -> dict:
    """A Razorpay order (`id`, `amount`, `receipt`, `notes`...)."""
    return _call("fetch an order", client().order.fetch, gateway_order_id)


def fetch_refund(refund_id: str) -> dict:
    """A refund made earlier (`id`, `status`: pending, processed or failed, `amount`)."""
    return _call("fetch a refund", client().refund.fetch, refund_id)


def order_payments(gateway_order_id: str) -> list[dict]:
    """The payments made against a Razorpay order."""
    answer = _call("list an order's payments", client().order.payments, gateway_order_id)
    return list(answer.get("items", []))


def fetch_payment(payment_id: str) -> dict:
    return _call("fetch a payment", client().payment.fetch, payment_id)


def payment_refunds(payment_id: str) -> list[dict]:
    """The refunds made of a payment (Razorpay's `GET /payments/{id}/refunds`, newest
    first, at most 100: far more than the shop ever asks of one payment)."""
    answer = _call(
        "list a payment's refunds",
        client().payment.fetch_multiple_refund,
        payment_id,
        {"count": 100},
    )
    return list(answer.get("items", []))


def refund(*, payment_id: str, amount: int, notes: dict) -> dict:
    """A refund of `amount` paise of the payment; its answer (`id`, `status`...)."""
    # The client's payment.refund(payment_id, data): its second definition wins.
    body = {"amount": amount, "notes": notes}
    return _call("refund a payment", client().payment.refund, payment_id, body)
