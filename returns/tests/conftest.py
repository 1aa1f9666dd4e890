"""A shop selling a tee in three sizes (5% GST, HSN 6109) and a kettle (18%), buyers and
an admin (orders' fixtures), and delivered orders placed through checkout and moved by
the order handlers, so every figure is what the shop really records."""

from decimal import Decimal

import pytest
from django.core import mail

from catalog.models import Product, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory
from orders import actions
from orders.models import Order, ShopDetails
from orders.services import order_checkout
from orders.tests.conftest import (  # noqa: F401 (fixtures)
    admin_api,
    buyer,
    buyer_api,
    client_for,
    other_api,
    razorpay,
)
from promotions.models import Coupon
from shop.tasks import run_ready_tasks

SIZES = ("S", "M", "L")


@pytest.fixture
def tee(db):
    clothing = CategoryFactory(name="Clothing", hsn="6109", gst_rate=5)
    return ProductFactory(
        name="Cotton Tee",
        price=Decimal("499.00"),
        category=clothing,
        options=[{"name": "Size", "values": list(SIZES)}],
        variants=[{"options": {"Size": size}, "quantity": 5} for size in SIZES],
    )


@pytest.fixture
def kettle(db):
    kitchen = CategoryFactory(name="Kitchen", hsn="8516", gst_rate=18)
    return ProductFactory(name="Kettle", price=Decimal("1200.00"), quantity=5, category=kitchen)


def size(product, value: str) -> Variant:
    return Variant.objects.get(product=product, options={"Size": value})


def stock(variant: Variant) -> tuple[int, int]:
    """(the variant's stock, its product's) now."""
    return (
        Variant.objects.get(pk=variant.pk).quantity,
        Product.objects.get(pk=variant.product_id).quantity,
    )


def place(user, *items, coupon: str = "", payment: str = "cod") -> Order:
    """An order of `(variant, quantity)` items through checkout."""
    cart = [
        {"_id": variant.product_id, "variant": variant.pk, "quantity": quantity}
        for variant, quantity in items
    ]
    order, _ = order_checkout(buyer=user, cart=cart, coupon=coupon, payment=payment)
    return order


def deliver(order: Order) -> Order:
    """Processing, Shipped (the tax invoice issued), Delivered, as an admin moves it; the
    jobs so far run (the order's mails, the invoice's PDF) and the mails cleared."""
    actions.order_process(order_id=order.pk)
    actions.order_ship(order_id=order.pk)
    actions.order_deliver(order_id=order.pk)
    run_ready_tasks()
    mail.outbox.clear()
    return Order.objects.get(pk=order.pk)


@pytest.fixture
def ten_off(db):
    return Coupon.objects.create(code="TENOFF", kind="percent", value=Decimal("10"))


@pytest.fixture
def delivered(buyer, tee, ten_off):  # noqa: F811 (the fixture)
    """Three Cotton Tees (M) at Rs 499 with 10% off: a line of Rs 1,497.00 less 149.70,
    paid 1,347.30, of which 5% GST in Karnataka (the shop's state) is CGST 32.08 + SGST
    32.08 on a taxable 1,283.14. Cash on delivery, delivered, its mails sent."""
    order = deliver(place(buyer, (size(tee, "M"), 3), coupon="TENOFF"))
    line = order.lines.get()
    assert (line.discount, line.taxable_value, line.cgst, line.sgst) == (
        Decimal("149.70"),
        Decimal("1283.14"),
        Decimal("32.08"),
        Decimal("32.08"),
    )
    return order


@pytest.fixture
def delivery_charge(db):
    """The shop charges Rs 49 for delivery, whatever the order's value."""
    shop = ShopDetails.objects.get()
    shop.delivery_charge = Decimal("49.00")
    shop.free_delivery_from = None
    shop.save()
