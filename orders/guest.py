"""Guest checkout's order tokens and claims (docs/orders.md, "Guest checkout").

A guest's order carries a random `guest_secret`; its token is HMAC-SHA256 under
SECRET_KEY of the order's id and that secret (64 hex characters). The database alone
never holds a working token, a retry of the checkout (same Idempotency-Key, same body)
answers the same token again, and the order mail's link is made when the mail is sent,
so no token is ever in a job's arguments or a log line. A token is checked in constant
time; a wrong or missing one finds nothing, the same 404 as an order that does not
exist. Rotating SECRET_KEY (without keeping the old key in SECRET_KEY_FALLBACKS) ends
every guest order's link.

Claims: a signed-in user whose e-mail is the guest's (case-insensitive) and who opens
the order with its token (the mail's link) makes the order theirs: it is then in their
orders, their returns and their cancels. An e-mail alone never claims: the shop does not verify
the e-mail a user registers with, so attaching orders by e-mail would hand a stranger's
orders (address, phone, items) to whoever registers that address first.
"""

import hmac
import secrets

from django.db import transaction
from django.http import Http404
from django.utils.crypto import salted_hmac

from orders.models import Order
from orders.selectors import NOT_FOUND

SALT = "orders.guest.order-token"


def new_secret() -> str:
    return secrets.token_hex(32)


def order_token(order: Order) -> str:
    """The order's token (a guest's order only; "" for any other)."""
    if not order.guest_secret:
        return ""
    return salted_hmac(SALT, f"{order.pk}:{order.guest_secret}", algorithm="sha256").hexdigest()


def token_matches(order: Order, token: str | None) -> bool:
    expected = order_token(order)
    if not expected or not isinstance(token, str) or not token:
        return False
    return hmac.compare_digest(expected.encode(), token.encode())


def order_link(order: Order, base_url: str) -> str:
    """The order page for whoever holds the token: the token travels in the fragment,
    which browsers never send to a server, so no access log or Referer carries it (the
    page sends it to the API in the X-Order-Token header)."""
    return f"{base_url.rstrip('/')}/order/{order.pk}#token={order_token(order)}"


def order_for_token(qs, *, order_id: int, token: str | None) -> Order:
    """The order `order_id` of queryset `qs` when `token` is its token; else Http404."""
    if not token:
        raise Http404(NOT_FOUND)
    order = qs.filter(pk=order_id).exclude(guest_secret="").first()
    if order is None or not token_matches(order, token):
        raise Http404(NOT_FOUND)
    return order


def order_claim_if_mine(*, user, order: Order, token: str) -> bool:
    """`user` (signed in) opened a guest's order with its token (checked by the caller):
    when the guest's e-mail is the user's (any case) and no account has claimed it, the
    order becomes the user's. Returns whether it is the user's now."""
    if order.buyer_id is not None:
        return order.buyer_id == user.pk
    if order.guest_email != (user.email or "").lower() or not token_matches(order, token):
        return False
    with transaction.atomic():
        claimed = Order.objects.filter(pk=order.pk, buyer__isnull=True).update(buyer=user)
    if claimed:
        order.buyer = user
    return bool(claimed)
