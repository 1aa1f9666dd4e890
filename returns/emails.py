"""Mail to the buyer at each step of a return, through Django's e-mail framework (as
orders/emails.py). Sent by the task queue after the commit (returns/tasks.py); a failing
mail server is logged and tried again, never failing the move."""

import logging

from django.conf import settings
from django.core.mail import send_mail

from returns.models import Return, ReturnKind, ReturnStatus
from shop.money import rupees

logger = logging.getLogger("returns.email")

SUBJECTS = {
    ReturnStatus.REQUESTED: "ShopSphere: we have your return request {number}",
    ReturnStatus.APPROVED: "ShopSphere: your return {number} is approved",
    ReturnStatus.REJECTED: "ShopSphere: your return {number} was not accepted",
    ReturnStatus.RECEIVED: "ShopSphere: we have received your return {number}",
    ReturnStatus.REFUNDED: "ShopSphere: your return {number} is refunded",
    ReturnStatus.EXCHANGED: "ShopSphere: your exchange {number} is on its way",
}


def inr(amount) -> str:
    return rupees(amount, paise=True)


def _what(ret: Return) -> str:
    return "exchange" if ret.kind == ReturnKind.EXCHANGE else "return"


def _intro(ret: Return, status: str) -> list[str]:
    order = ret.order
    if status == ReturnStatus.REQUESTED:
        return [f"We have your request to {_what(ret)} these items of order {order.pk}."]
    if status == ReturnStatus.APPROVED:
        return [
            f"Your {_what(ret)} is approved. Please pack the items with their tags and hand "
            "them to our courier, or send them to us, quoting the return number."
        ]
    if status == ReturnStatus.REJECTED:
        lines = [f"We could not accept your {_what(ret)} of items of order {order.pk}."]
        return lines + ([f"Reason: {ret.admin_note}"] if ret.admin_note else [])
    if status == ReturnStatus.RECEIVED:
        lines = ["We have received the items."]
        if ret.credit_note is not None:
            lines.append(
                f"Credit note {ret.credit_note.number} for {inr(ret.refund_amount)} cancels "
                "their part of the tax invoice; you can download it from your order."
            )
        if ret.kind == ReturnKind.EXCHANGE:
            lines.append("Your replacement will be sent shortly.")
        return lines
    if status == ReturnStatus.REFUNDED:
        if ret.refund_reference:
            return [
                f"We have refunded {inr(ret.refund_amount)} by bank transfer or UPI, "
                f"reference {ret.refund_reference}."
            ]
        return [
            f"We have refunded {inr(ret.refund_amount)} to the account or card you paid "
            "with; it may take 5-7 working days to show."
        ]
    replacement = ret.exchange_order_id
    return [f"Your replacement is order {replacement}, at no charge; it ships like any order."]


def _body(ret: Return, status: str) -> str:
    lines = [f"Hello {ret.order.buyer.name},", "", *_intro(ret, status), ""]
    lines.append(f"Return {ret.pk} of order {ret.order_id}:")
    lines += [
        f"  {line.quantity} x {line.order_line.name}"
        + (
            f" ({', '.join(str(v) for v in line.order_line.options.values())})"
            if line.order_line.options
            else ""
        )
        for line in ret.lines.all()
    ]
    if ret.kind == ReturnKind.EXCHANGE and ret.exchange_variant is not None:
        options = ", ".join(str(v) for v in (ret.exchange_variant.options or {}).values())
        lines.append(f"  in exchange for: {ret.exchange_variant.product.name} ({options})")
    lines += ["", "ShopSphere"]
    return "\n".join(lines)


def return_email_send(*, ret: Return, status: str) -> bool:
    """Send the mail about `ret` reaching `status`. Returns whether it went out."""
    if status not in SUBJECTS:
        return False
    try:
        send_mail(
            SUBJECTS[status].format(number=ret.pk),
            _body(ret, status),
            settings.DEFAULT_FROM_EMAIL,
            [ret.order.buyer.email],
            fail_silently=False,
        )
    except Exception:
        logger.exception("Could not send the %s mail for return %s", status, ret.pk)
        return False
    return True
