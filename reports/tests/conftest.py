"""A month of mixed orders (October 2026), placed through checkout and moved by the
order handlers with the clock set to each moment in Indian time, so every invoice,
credit note and serial is what the shop really issues."""

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.db import transaction
from django.utils import timezone

from accounts.tests.factories import UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from orders import actions
from orders.invoices import issue_credit_note
from orders.models import Order, ShopDetails
from orders.services import order_checkout
from orders.tests.conftest import admin_api, buyer, buyer_api, client_for  # noqa: F401 (fixtures)

IST = ZoneInfo("Asia/Kolkata")
BENGALURU = "12 MG Road, Bengaluru 560001"
MUMBAI = "4 Marine Drive, Mumbai 400001"
CHENNAI = "9 Anna Salai, Chennai 600001"
DELHI = "1 Janpath, New Delhi 110001"
# Registered buyers (valid check characters): one in Maharashtra, one in Karnataka.
ACME = ("27AAPFU0939F1ZV", "Acme Traders LLP")
BANGALORE_CO = ("29AABCT1332L1ZA", "Bangalore Kitchens Pvt Ltd")


def ist(*parts) -> datetime:
    return datetime(*parts, tzinfo=IST)


class Clock:
    """Sets django.utils.timezone.now (which the invoice numbering and the order moves
    read) to a moment."""

    def __init__(self, monkeypatch):
        self.monkeypatch = monkeypatch

    def __call__(self, moment: datetime):
        self.monkeypatch.setattr(timezone, "now", lambda: moment)


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


@pytest.fixture
def catalogue(db, settings):
    """A tee (5%, HSN 6109), a kettle (18%, HSN 8516) and a television (18%, HSN 8528,
    Rs 60,000); delivery Rs 49 on every order; cash on delivery up to Rs 5 lakh."""
    settings.COD_LIMIT = 500000
    shop = ShopDetails.objects.get()
    shop.delivery_charge = Decimal("49.00")
    shop.free_delivery_from = None
    shop.save()
    clothing = CategoryFactory(name="Clothing", hsn="6109", gst_rate=5)
    kitchen = CategoryFactory(name="Kitchen", hsn="8516", gst_rate=18)
    screens = CategoryFactory(name="Screens", hsn="8528", gst_rate=18)
    return {
        "tee": ProductFactory(name="Tee", price=Decimal("499.00"), quantity=100, category=clothing),
        "kettle": ProductFactory(
            name="Kettle", price=Decimal("1299.00"), quantity=100, category=kitchen
        ),
        "tv": ProductFactory(
            name="Television", price=Decimal("60000.00"), quantity=100, category=screens
        ),
    }


def place(shopper, address: str, *items, business=None) -> Order:
    cart = [{"_id": product.pk, "quantity": quantity} for product, quantity in items]
    order, _ = order_checkout(buyer=shopper, cart=cart, address=address)
    if business:
        Order.objects.filter(pk=order.pk).update(buyer_gstin=business[0], business_name=business[1])
    return Order.objects.get(pk=order.pk)


def ship(clock, order: Order, moment: datetime) -> Order:
    clock(moment)
    actions.order_process(order_id=order.pk)
    actions.order_ship(order_id=order.pk)
    return Order.objects.get(pk=order.pk)


def credit(order: Order, moment: datetime, *lines, delivery=False):
    """A return received (returns.services does this): a credit note for `lines`
    [(product, units)] of the order."""
    chosen = [(order.lines.get(product=product), units) for product, units in lines]
    with transaction.atomic():
        return issue_credit_note(order, lines=chosen, delivery=delivery, at=moment)


@pytest.fixture
def month(db, clock, catalogue):
    """October 2026's documents, in the order they were issued, and those just outside
    it. Returns the orders by name."""
    tee, kettle, tv = catalogue["tee"], catalogue["kettle"], catalogue["tv"]
    shopper = UserFactory()
    o = {}
    # September: a large inter-state sale to a consumer, returned in October (cdnur).
    o["large_returned"] = ship(clock, place(shopper, DELHI, (tv, 2)), ist(2026, 9, 30, 23, 59, 59))
    # October.
    o["intra"] = ship(
        clock, place(shopper, BENGALURU, (tee, 2), (kettle, 1)), ist(2026, 10, 1, 0, 0)
    )
    o["inter"] = ship(clock, place(shopper, MUMBAI, (kettle, 1)), ist(2026, 10, 3, 11, 0))
    o["b2b_inter"] = ship(
        clock, place(shopper, MUMBAI, (kettle, 2), (tee, 1), business=ACME), ist(2026, 10, 4, 9, 0)
    )
    o["b2b_intra"] = ship(
        clock,
        place(shopper, BENGALURU, (kettle, 3), business=BANGALORE_CO),
        ist(2026, 10, 5, 9, 0),
    )
    o["large"] = ship(clock, place(shopper, CHENNAI, (tv, 2)), ist(2026, 10, 6, 15, 0))
    # Just at the threshold's edge: Rs 60,000 + 49 delivery to Chennai is small (b2cs).
    o["inter_small"] = ship(clock, place(shopper, CHENNAI, (tv, 1)), ist(2026, 10, 7, 15, 0))
    # Cancelled before shipping: never invoiced.
    o["cancelled"] = place(shopper, BENGALURU, (kettle, 1))
    clock(ist(2026, 10, 8, 10, 0))
    actions.order_cancel(order_id=o["cancelled"].pk)
    # Part cancelled before shipping: 1 of 3 tees, and the kettle line whole.
    part = place(shopper, BENGALURU, (tee, 3), (kettle, 1))
    clock(ist(2026, 10, 9, 10, 0))
    actions.order_cancel(
        order_id=part.pk,
        lines=[
            {"_id": part.lines.get(product=tee).pk, "quantity": 1},
            {"_id": part.lines.get(product=kettle).pk, "quantity": 1},
        ],
    )
    o["part_cancelled"] = ship(clock, part, ist(2026, 10, 10, 10, 0))
    # Returns issued in October.
    credit(o["intra"], ist(2026, 10, 12, 12, 0), (tee, 1))
    credit(o["b2b_inter"], ist(2026, 10, 13, 12, 0), (kettle, 1), delivery=True)
    clock(ist(2026, 10, 14, 12, 0))
    actions.order_deliver(order_id=o["large_returned"].pk)
    actions.order_return(order_id=o["large_returned"].pk)
    # Returned whole; its credit note made to look like one from before credit notes
    # kept their lines (empty lines: the whole order).
    o["old_note"] = ship(clock, place(shopper, DELHI, (tee, 1)), ist(2026, 10, 15, 10, 0))
    clock(ist(2026, 10, 16, 10, 0))
    actions.order_return(order_id=o["old_note"].pk)
    o["old_note"].invoices.filter(kind="credit_note").update(lines=[])
    # The last minute of October is in; the first of November is not.
    o["last_minute"] = ship(clock, place(shopper, BENGALURU, (tee, 1)), ist(2026, 10, 31, 23, 59))
    o["november"] = ship(clock, place(shopper, BENGALURU, (tee, 1)), ist(2026, 11, 1, 0, 0))
    clock(ist(2026, 11, 20, 12, 0))  # "today", for the periods' checks
    return o
