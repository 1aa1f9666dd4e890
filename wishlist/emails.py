"""The back-in-stock mail, through Django's e-mail framework (as orders/emails.py). Sent
by the task queue (wishlist.tasks); a failing mail server is logged and tried again."""

import logging

from django.conf import settings
from django.core.mail import send_mail

from wishlist.models import StockAlert

logger = logging.getLogger("wishlist.email")

SUBJECT = "ShopSphere: {name} is back in stock"


def item_name(alert: StockAlert) -> str:
    """The product's name, with the options of the variant asked for."""
    name = alert.product.name
    if alert.variant is not None and alert.variant.options:
        name += f" ({', '.join(str(value) for value in alert.variant.options.values())})"
    return name


def _body(alert: StockAlert) -> str:
    lines = ["Hello,", "", f"Good news: {item_name(alert)} is back in stock.", ""]
    if alert.site:
        lines += [f"{alert.site}/product/{alert.product.slug}", ""]
    lines += [
        "It is not held for you: the first to order it get it.",
        "",
        "You asked us to tell you once, and this is that mail: we will not write to you "
        "about it again.",
        "",
        "ShopSphere",
    ]
    return "\n".join(lines)


def stock_alert_email_send(*, alert: StockAlert) -> bool:
    """Send the mail of `alert`. Returns whether it went out."""
    try:
        send_mail(
            SUBJECT.format(name=item_name(alert)),
            _body(alert),
            settings.DEFAULT_FROM_EMAIL,
            [alert.email],
            fail_silently=False,
        )
    except Exception:
        logger.exception("Could not send the back-in-stock mail of alert %s", alert.pk)
        return False
    return True
