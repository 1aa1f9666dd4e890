"""Mail to the buyer when an order is placed, shipped or cancelled, through Django's
e-mail framework (EMAIL_BACKEND / EMAIL_URL in settings). Sent after the commit; a
failing mail server is logged and never fails the order. A guest's order (orders.guest)
is mailed to the guest's e-mail with the link to its order page, token included; the
link is made as the mail is written, never kept or logged."""

import logging

from django.conf import settings
from django.core.mail import send_mail

from orders import guest, shipments
from orders.models import Order, OrderStatus
from shop.money import rupees

logger = logging.getLogger("orders.email")

SUBJECTS = {
    "placed": "ShopSphere: your order {number} is placed",
    OrderStatus.SHIPPED: "ShopSphere: your order {number} has shipped",
    OrderStatus.CANCELLED: "ShopSphere: your order {number} is cancelled",
    OrderStatus.RETURNED: "ShopSphere: your order {number} is returned",
    # Part of the order cancelled before shipping (orders.actions, CANCELLED_PART).
    "cancelled-part": "ShopSphere: items of your order {number} are cancelled",
}
INTROS = {
    "placed": "Thank you for your order. You pay in cash when it is delivered.",
    OrderStatus.SHIPPED: "Your order is on its way.",
    OrderStatus.CANCELLED: "Your order has been cancelled. Nothing is owed.",
    OrderStatus.RETURNED: (
        "We have your order back. A credit note cancels its tax invoice; you can download "
        "it from your orders."
    ),
    "cancelled-part": (
        "The items you asked to cancel are cancelled. This is what your order is for now."
    ),
}


# An order paid online says so: nothing is paid at the door, and a cancel or return
# refunds the payment (payments.refunds).
ONLINE_INTROS = {
    "placed": "Thank you for your order. We have your payment online.",
    OrderStatus.CANCELLED: (
        "Your order has been cancelled. Your payment is refunded in full, to the account "
        "or card it came from."
    ),
    "cancelled-part": (
        "The items you asked to cancel are cancelled, and the difference is refunded to "
        "the account or card your payment came from. This is what your order is for now."
    ),
}


def _intro(order: Order, event: str) -> str:
    if order.payment_method == "razorpay" and order.paid and event in ONLINE_INTROS:
        return ONLINE_INTROS[event]
    if order.payment_method == "razorpay" and order.paid and event == OrderStatus.RETURNED:
        return INTROS[event] + " Your payment is refunded in full."
    return INTROS[event]


def inr(amount) -> str:
    """Rupees the Indian way with paise, as a mail writes them: ₹1,499.00, ₹1,00,000.00."""
    return rupees(amount, paise=True)


def indian_date(day) -> str:
    """A date as India writes it: Friday, 4 December 2026."""
    return f"{day:%A}, {day.day} {day:%B %Y}"


def _shipped_lines(order: Order) -> list[str]:
    """The courier, the AWB, the link to track it (orders.shipments: from the courier's
    template) and the day it should arrive, each when known."""
    lines = []
    if order.courier or order.tracking_number:
        lines += [f"Courier: {order.courier or 'not given'}"]
        lines += [f"AWB (tracking number): {order.tracking_number or 'not given'}"]
    link = shipments.order_tracking_url(order)
    if link:
        lines += [f"Track your parcel: {link}"]
    if order.expected_delivery:
        lines += [f"Expected delivery: {indian_date(order.expected_delivery)}"]
    return [*lines, ""] if lines else []


def _body(order: Order, event: str, base_url: str = "") -> str:
    lines = [f"Hello {order.buyer_name},", "", _intro(order, event), "", f"Order {order.pk}"]
    lines += [
        f"  {line.quantity} x {line.name} at {inr(line.price)}: {inr(line.subtotal)}"
        + (f" ({line.cancelled} cancelled)" if line.cancelled else "")
        for line in order.lines.all()
    ]
    if order.discount_total:
        code = f"Coupon {order.coupon_code}" if order.coupon_code else "Discount"
        lines += [f"{code}: -{inr(order.discount_total)}"]
    if order.delivery_charge:
        lines += [f"Delivery: {inr(order.delivery_charge)}"]
    lines += [f"Total: {inr(order.total)}"]
    if order.tax_total:
        lines += [f"Includes GST of {inr(order.tax_total)}"]
    lines += [""]
    if event == OrderStatus.SHIPPED:
        lines += _shipped_lines(order)
    lines += ["Deliver to:", order.address, ""]
    if order.is_guest:
        link = guest.order_link(order, base_url or settings.SHOP_URL)
        lines += ["Your order, its status and its invoice:", link, ""]
    lines += ["ShopSphere"]
    return "\n".join(lines)


def order_email_send(*, order: Order, event: str, base_url: str = "") -> bool:
    """Send one mail about `order`; `event` is "placed" or the new status. Returns whether
    it went out."""
    if event not in SUBJECTS:
        return False
    try:
        send_mail(
            SUBJECTS[event].format(number=order.pk),
            _body(order, event, base_url),
            settings.DEFAULT_FROM_EMAIL,
            [order.buyer_email],
            fail_silently=False,
        )
    except Exception:
        logger.exception("Could not send the %s mail for order %s", event, order.pk)
        return False
    return True
