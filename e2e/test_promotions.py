"""A festival sale and a first-order code, end to end in a real browser: the admin makes
a Diwali sale and a first-order code in the React panel; a shopper sees the struck MRP
and the sale price, applies the code in the cart, pays online through the Razorpay
stand-in; the order carries the discount and the tax invoice shows it."""

import io
import re
from datetime import datetime, timedelta
from decimal import Decimal

from playwright.sync_api import expect
from pypdf import PdfReader

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import ProductFactory
from e2e.test_orders import log_in, log_out
from orders.invoice_pdf import render
from orders.models import Invoice, Order, OrderStatus
from orders.services import order_set_status
from orders.shop_details import get_shop_details
from orders.tests.conftest import razorpay  # noqa: F401 (the stand-in fixture)
from promotions.models import Coupon, Sale


def _local(moment: datetime) -> str:
    """A datetime-local input's value in the browser's clock (the machine's)."""
    return moment.strftime("%Y-%m-%dT%H:%M")


def test_a_diwali_sale_and_a_first_order_code_reach_the_invoice(
    page,
    base_url,
    razorpay,  # noqa: F811 (the fixture imported above)
):
    ProductFactory(name="Brass Diya", price=Decimal("1500.00"), mrp=Decimal("1999.00"), quantity=5)
    shopper = UserFactory(name="Meera Iyer", address="8 Marine Drive, Mumbai 400002")
    admin = AdminFactory(name="Shop Owner")
    now = datetime.now()

    log_in(page, base_url, admin, lands="/dashboard/admin")
    page.goto(base_url + "/dashboard/admin/sales")
    page.get_by_label("Name").fill("Diwali Sale")
    page.get_by_label("Kind").select_option("percent")
    page.get_by_label("Value (percent)").fill("20")
    page.get_by_label("Starts at").fill(_local(now - timedelta(hours=1)))
    page.get_by_label("Ends at").fill(_local(now + timedelta(days=2)))
    page.get_by_role("button", name="Create sale").click()
    expect(page.get_by_role("cell", name="Diwali Sale")).to_be_visible()
    assert Sale.objects.get().value == Decimal("20.00")

    page.goto(base_url + "/dashboard/admin/coupons")
    page.get_by_label("Code").fill("first100")
    page.get_by_label("Kind").select_option("amount")
    page.get_by_label("Value (rupees)").fill("100")
    page.get_by_label("First order only").check()
    page.get_by_role("button", name="Create coupon").click()
    expect(page.get_by_role("cell", name="FIRST100")).to_be_visible()
    assert Coupon.objects.get().first_order_only
    log_out(page, admin)

    log_in(page, base_url, shopper)
    card = page.get_by_role("article", name="Brass Diya", exact=True)
    expect(card.get_by_text("₹1,200", exact=True)).to_be_visible()  # 1,500 less 20%
    expect(card.get_by_text("M.R.P. ₹1,999")).to_be_visible()  # struck through
    expect(card.get_by_text("Diwali Sale")).to_be_visible()
    card.get_by_role("button", name=re.compile("add to cart", re.I)).click()

    page.goto(base_url + "/cart")
    coupon = page.get_by_role("region", name="Coupon")
    coupon.get_by_label("Coupon code").fill("first100")
    coupon.get_by_role("button", name="Apply").click()
    expect(coupon.get_by_text("Coupon FIRST100: \u2212₹100")).to_be_visible()  # a minus sign
    payment = page.get_by_role("group", name="Payment")
    payment.get_by_label("Pay online (UPI, cards, netbanking)").check()
    page.get_by_role("button", name="Pay ₹1,100 online").click()
    dialog = page.get_by_role("dialog", name="Razorpay stand-in")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Pay").click()
    expect(page.get_by_role("status").filter(has_text="Payment received")).to_be_visible()

    order = Order.objects.get()
    assert order.status == OrderStatus.NOT_PROCESSED
    assert (order.coupon_code, order.discount_total, order.total) == (
        "FIRST100",
        Decimal("100.00"),
        Decimal("1100.00"),
    )
    line = order.lines.get()
    assert (line.price, line.discount) == (Decimal("1200.00"), Decimal("100.00"))
    assert [o["amount"] for o in razorpay.orders.values()] == [110000]  # paise at the gateway

    order_set_status(order_id=order.pk, status=OrderStatus.PROCESSING, by=admin)
    order_set_status(order_id=order.pk, status=OrderStatus.SHIPPED, by=admin)
    document = Invoice.objects.get(order=order)
    pdf = render(document, shop=get_shop_details())
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Discount" in text and "Coupon FIRST100: ₹100.00 off the lines above" in text
    assert "Total invoice value: ₹1,100.00" in text
