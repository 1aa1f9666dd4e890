"""Shipments: the courier and AWB (air waybill number) an order ships with, the link to
track it, and the day it is expected.

- **Tracking link.** The operator keeps each courier's tracking page as a template with
  `{awb}` in it (`orders.Courier`, Django admin). An order's link is the template of the
  courier whose name matches the order's courier ignoring case, with the AWB
  percent-encoded into every `{awb}` (nothing in an AWB can add a path, a query, a
  fragment or another host). No such courier, no AWB, or no courier: no link (null).
  The link is worked out when an order is answered, not stored, so a template corrected
  in the admin corrects every order's link.
- **Couriers per answer.** The couriers table is a handful of rows: an answer reads it
  whole at most once, and only when one of its orders has a courier and an AWB
  (`CourierBook`): a list of 20 shipped orders costs one query more, not twenty.
- **Expected delivery.** The PIN code's delivery days (`ServedPincode.days`, else the
  setting DELIVERY_DAYS), counted in calendar days from the day the order is placed (in
  India's time), and again from the day it ships.
"""

import datetime
import re
from urllib.parse import quote, urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts import pincodes
from orders.models import Courier, Order, ServedPincode

AWB = "{awb}"
TEMPLATE_HTTPS = "The tracking URL must start with https://."
TEMPLATE_AWB = "The tracking URL must contain {awb} where the AWB number goes."
TEMPLATE_HOST = "{awb} must come after the courier's web address (in its path or query)."
TEMPLATE_SPACES = "The tracking URL cannot contain spaces or control characters."
TEMPLATE_MALFORMED = "Enter a valid web address."
# A PIN code inside a free-text address (as checkout reads it).
PIN_IN_TEXT = re.compile(r"(?<![0-9])([1-9][0-9]{5})(?![0-9])")


# --- tracking links -------------------------------------------------------------------------


def clean_template(value: str) -> str:
    """A courier's tracking URL template as the Django admin accepts it: https, a host,
    `{awb}` somewhere after the host, no spaces. Returns it trimmed, or raises
    ValidationError."""
    value = (value or "").strip()
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in value):
        raise ValidationError(TEMPLATE_SPACES)
    if not value.lower().startswith("https://"):
        raise ValidationError(TEMPLATE_HTTPS)
    if AWB not in value:
        raise ValidationError(TEMPLATE_AWB)
    try:
        parts = urlsplit(value.replace(AWB, "AWB"))
        host = urlsplit(value).netloc
    except ValueError as error:
        raise ValidationError(TEMPLATE_MALFORMED) from error
    if not parts.hostname or "." not in parts.hostname:
        raise ValidationError(TEMPLATE_MALFORMED)
    if AWB in host:
        raise ValidationError(TEMPLATE_HOST)
    return value


def tracking_url(template: str | None, awb: str) -> str | None:
    """The template with `awb` percent-encoded (UTF-8, every reserved character, "/"
    included) into each `{awb}`; None without a template or an AWB."""
    if not template or not awb or AWB not in template:
        return None
    return template.replace(AWB, quote(awb, safe=""))


def courier_key(name: str) -> str:
    return " ".join(name.split()).casefold()


class CourierBook:
    """The couriers' templates by name (any case), read from the database on the first
    `template` call and kept: one per answer."""

    def __init__(self):
        self._templates: dict[str, str] | None = None

    def template(self, courier: str) -> str | None:
        if not courier:
            return None
        if self._templates is None:
            self._templates = {
                courier_key(name): url
                for name, url in Courier.objects.values_list("name", "tracking_url")
            }
        return self._templates.get(courier_key(courier))


def order_tracking_url(order: Order, book: CourierBook | None = None) -> str | None:
    """The order's tracking link (None: no courier, no AWB, or no template for it)."""
    if not (order.courier and order.tracking_number):
        return None
    return tracking_url((book or CourierBook()).template(order.courier), order.tracking_number)


def shipment(order: Order, book: CourierBook | None = None) -> dict | None:
    """The contract's `shipment` of an order: None until it ships."""
    if order.shipped_at is None:
        return None
    return {
        "courier": order.courier or None,
        "awb": order.tracking_number or None,
        "trackingUrl": order_tracking_url(order, book),
        "shippedAt": order.shipped_at,
        "deliveredAt": order.delivered_at,
    }


# --- expected delivery ------------------------------------------------------------------------


def order_pincode(order: Order) -> str | None:
    """Where the order goes: its address object's PIN code, else the first PIN code the
    directory knows in its address text (as checkout placed it); None when neither."""
    address = order.shipping_address
    if isinstance(address, dict):
        pin = str(address.get("pincode") or "").strip()
        if pincodes.lookup(pin) is not None:
            return pin
    for pin in PIN_IN_TEXT.findall(order.address or ""):
        if pincodes.lookup(pin) is not None:
            return pin
    return None


def delivery_days(pincode: str | None) -> int:
    """Days to deliver to `pincode`: its row of the served list when that gives them (one
    query), else DELIVERY_DAYS."""
    days = None
    if pincode:
        days = ServedPincode.objects.filter(pk=pincode).values_list("days", flat=True).first()
    return settings.DELIVERY_DAYS if days is None else days


def expected_delivery(pincode: str | None, start: datetime.datetime) -> datetime.date:
    """The day an order to `pincode` placed (or shipped) at `start` is expected, counted
    from `start`'s day in the shop's time zone (India's)."""
    return timezone.localdate(start) + datetime.timedelta(days=delivery_days(pincode))
