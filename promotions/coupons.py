"""Whether a coupon applies to a cart, and what it takes off (contract, "Promotions").

Checkout and `coupons/check` (orders.services) price the cart, then ask here: first
`coupon_apply` (the code, its window, the minimum order, the payment, the items it
covers: what the cart alone decides), then `coupon_check_uses` with the counts of the
orders that hold it (the limits: what other orders decide). Checkout asks the second
again inside its transaction, with the coupon's row locked, so racing checkouts never
exceed a limit. Every refusal is a 400 whose sentence says why.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from rest_framework.exceptions import ValidationError

from promotions.discounts import ZERO, allocate, discount_of
from promotions.models import Coupon
from shop.money import rupees

UNKNOWN = "This coupon code is not valid."
PAUSED = "This coupon is not available right now."
EXPIRED = "This coupon has expired."
USED_UP = "This coupon has been used up."
ALREADY_USED = "You have already used this coupon."
FIRST_ORDER = "This coupon is for your first order only."
ONLINE_ONLY = "This coupon is for online payment only."
NOT_FOR_ITEMS = "This coupon is not for the items in your cart."


def _refuse(message: str):
    raise ValidationError({"coupon": [message]})


def normalized(code: str) -> str:
    return (code or "").strip().upper()


@dataclass(frozen=True)
class Priced:
    """A cart line as the coupon sees it: what it is and what it costs."""

    product_id: int
    category_id: int | None
    value: Decimal  # price x quantity, rupees


@dataclass(frozen=True)
class Applied:
    coupon: Coupon
    discount: Decimal
    shares: list[Decimal]  # one per line, in the lines' order; 0 for lines not covered


def coupon_find(code: str, *, lock: bool = False) -> Coupon:
    """The coupon of `code` (any case); 400 UNKNOWN when there is none. With `lock`, its
    row is locked until the transaction ends (PostgreSQL; SQLite has one writer)."""
    coupons = Coupon.objects.all()
    if lock:
        coupons = coupons.select_for_update()
    coupon = coupons.filter(code=normalized(code)).first()
    if coupon is None:
        _refuse(UNKNOWN)
    return coupon


def _starts(when) -> str:
    local = timezone.localtime(when)
    return local.strftime("%-d %b %Y, %-I:%M %p").replace("AM", "am").replace("PM", "pm")


def coupon_apply(
    coupon: Coupon, lines: list[Priced], *, payment: str | None = None, now=None
) -> Applied:
    """What `coupon` takes off `lines`, or 400 saying why it does not apply. `payment`
    None: not chosen yet (an online-only coupon is checked again at checkout)."""
    now = now or timezone.now()
    if not coupon.active:
        _refuse(PAUSED)
    if coupon.starts_at is not None and now < coupon.starts_at:
        _refuse(f"This coupon can be used from {_starts(coupon.starts_at)}.")
    if coupon.ends_at is not None and now >= coupon.ends_at:
        _refuse(EXPIRED)
    cart_value = sum((line.value for line in lines), ZERO)
    if coupon.min_order is not None and cart_value < coupon.min_order:
        _refuse(
            f"This coupon needs a minimum order of {rupees(coupon.min_order, paise=False)}; "
            f"your cart is {rupees(cart_value, paise=False)}."
        )
    if coupon.prepaid_only and payment is not None and payment == "cod":
        _refuse(ONLINE_ONLY)
    covered = [
        line.value if coupon.covers(line.product_id, line.category_id) else None for line in lines
    ]
    covered_values = [value for value in covered if value is not None]
    if not covered_values:
        _refuse(NOT_FOR_ITEMS)
    discount = discount_of(
        coupon.kind, coupon.value, sum(covered_values, ZERO), coupon.max_discount
    )
    if discount <= 0:
        _refuse(NOT_FOR_ITEMS)
    parts = iter(allocate(discount, covered_values))
    shares = [next(parts) if value is not None else ZERO for value in covered]
    return Applied(coupon, discount, shares)


def coupon_check_uses(coupon: Coupon, *, used: int, buyer_used: int, buyer_orders: int) -> None:
    """400 when the limits refuse one more use: `used` orders hold it now, `buyer_used`
    of them the buyer's; the buyer has `buyer_orders` orders that are not cancelled (all
    three without the order being placed)."""
    if coupon.usage_limit is not None and used >= coupon.usage_limit:
        _refuse(USED_UP)
    if coupon.per_customer_limit is not None and buyer_used >= coupon.per_customer_limit:
        _refuse(ALREADY_USED)
    if coupon.first_order_only and buyer_orders > 0:
        _refuse(FIRST_ORDER)
