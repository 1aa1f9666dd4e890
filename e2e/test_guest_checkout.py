"""Guest checkout in Chromium, on a phone and on a laptop: a signed-out shopper fills the
cart, chooses "Checkout as guest", gives a name, e-mail, phone and the full address, pays
cash on delivery and lands on the order's page; once the order ships, the order mail's
link opens the same page (no sign-in) and the invoice downloads by the token. The guest
form says at the PIN code whether the shop delivers there and takes cash, and takes a
coupon as the signed-in cart does (its discount in the summary and on the order)."""

import re
from decimal import Decimal

import pytest
from django.core import mail
from playwright.sync_api import expect

from catalog.tests.factories import ProductFactory
from e2e.test_a11y import PHONE, assert_accessible
from orders.actions import order_set_status
from orders.models import Order, ServedPincode
from promotions.models import Coupon
from shop.tasks import run_ready_tasks


def mailed_order_link(email: str) -> str:
    run_ready_tasks()  # the task queue's worker, as the web process's thread would run it
    # The "placed" mail: its link is on the checkout's host (later mails use SHOP_URL).
    letters = [m for m in mail.outbox if m.to == [email] and "is placed" in m.subject]
    assert len(letters) == 1, [m.subject for m in mail.outbox]
    found = re.search(r"https?://\S+/order/\d+#token=[0-9a-f]{64}", letters[0].body)
    assert found, letters[0].body
    return found.group(0)


@pytest.mark.parametrize("size", [PHONE, None], ids=["phone", "laptop"])
def test_a_guest_orders_cash_on_delivery_and_opens_the_mailed_link(page, base_url, size):
    ProductFactory(name="Brass Lamp", price=Decimal("1899.00"), quantity=4)
    mail.outbox.clear()
    if size:
        page.set_viewport_size(size)
    page.goto(base_url + "/")
    lamp = page.get_by_role("article", name="Brass Lamp", exact=True)
    lamp.get_by_role("button", name=re.compile("add to cart", re.I)).click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
    page.goto(base_url + "/cart")
    expect(page.get_by_role("button", name="Please login to checkout").first).to_be_visible()

    page.get_by_role("button", name="Checkout as guest").click()
    form = page.get_by_role("form", name="Guest checkout")
    form.get_by_label("Name", exact=True).fill("Kavya Menon")
    form.get_by_label("Email", exact=True).fill("Kavya@Example.com")
    form.get_by_label("Phone", exact=True).fill("98765 43210")
    form.get_by_label("Address line 1").fill("21 Park Street")
    form.get_by_label("City").fill("Kolkata")
    form.get_by_label("State").select_option("West Bengal")
    form.get_by_label("PIN code").fill("110001")
    # The button follows the coupon box, outside the form it submits (forms do not nest).
    place = page.get_by_role("button", name="Place Order (Cash on Delivery)")
    place.click()
    # The server names the field: that PIN code is in Delhi.
    expect(form.get_by_text(re.compile("PIN code 110001 is in Delhi"))).to_be_visible()
    assert Order.objects.count() == 0
    form.get_by_label("PIN code").fill("700016")
    place.click()

    expect(page).to_have_url(re.compile(r"/order/\d+#token=[0-9a-f]{64}$"))
    order = Order.objects.get()
    expect(page.get_by_text(f"Order #{order.pk} is placed")).to_be_visible()
    expect(page.get_by_test_id("shipping-address")).to_contain_text("21 Park Street")
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    assert (order.buyer, order.guest_email) == (None, "kavya@example.com")

    order_set_status(order_id=order.pk, status="Processing")
    order_set_status(order_id=order.pk, status="Shipped", courier="Delhivery", tracking_number="1")
    link = mailed_order_link("kavya@example.com")
    # A fresh visitor (no storage) opens the mail's link: the order, and its invoice.
    page.context.clear_cookies()
    page.evaluate("localStorage.clear()")
    page.goto(base_url + "/")
    page.goto(link)
    expect(page.get_by_text(f"Order #{order.pk} is placed")).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("button", name=f"Download invoice of order #{order.pk}").click()
    assert download.value.suggested_filename.endswith(".pdf")
    # A wrong token is an order not found.
    page.goto(base_url + "/")
    page.goto(link[:-4] + "0000")
    expect(page.get_by_text("Order not found")).to_be_visible()


def open_guest_form(page, base_url):
    page.goto(base_url + "/")
    lamp = page.get_by_role("article", name="Brass Lamp", exact=True)
    lamp.get_by_role("button", name=re.compile("add to cart", re.I)).click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
    page.goto(base_url + "/cart")
    page.get_by_role("button", name="Checkout as guest").click()
    return page.get_by_role("form", name="Guest checkout")


@pytest.mark.parametrize("size", [PHONE, None], ids=["phone", "laptop"])
def test_a_guest_sees_where_we_deliver_and_orders_with_a_coupon(page, base_url, size):
    ProductFactory(name="Brass Lamp", price=Decimal("2000.00"), quantity=4)
    Coupon.objects.create(code="DIWALI10", kind="percent", value=Decimal("10"))
    # Kolkata's 700016 with cash, Mumbai's 400001 without; Delhi's 110001 not at all.
    ServedPincode.objects.create(pincode="700016", cod=True)
    ServedPincode.objects.create(pincode="400001", cod=False)
    if size:
        page.set_viewport_size(size)
    form = open_guest_form(page, base_url)
    summary = page.get_by_role("region", name="Cart Summary")
    # The coupon box is the guest form's now, not a login hint in the summary.
    expect(summary.get_by_test_id("coupon-login")).to_have_count(0)

    pin = form.get_by_label("PIN code")
    line = form.get_by_test_id("pin-delivery")
    pin.fill("110001")
    expect(line).to_have_text("We do not deliver to 110001 yet.")
    pin.fill("400001")
    expect(line).to_have_text(
        "We deliver to 400001 (Maharashtra); cash on delivery is not available there."
    )
    pin.fill("700016")
    expect(line).to_have_text("We deliver to 700016 (West Bengal); cash on delivery available.")

    box = page.get_by_role("region", name="Coupon")
    box.get_by_role("textbox", name="Coupon code").fill("NOPE")
    box.get_by_role("button", name="Apply").click()
    expect(box.get_by_role("alert")).to_contain_text("not valid")
    box.get_by_role("textbox", name="Coupon code").fill("diwali10")
    box.get_by_role("button", name="Apply").click()
    expect(box.get_by_test_id("coupon-applied")).to_contain_text("Coupon DIWALI10")
    expect(summary).to_contain_text("DIWALI10")
    expect(summary).to_contain_text("1,800")
    assert_accessible(page, f"the guest form with a coupon ({'phone' if size else 'laptop'})")

    form.get_by_label("Name", exact=True).fill("Kavya Menon")
    form.get_by_label("Email", exact=True).fill("kavya@example.com")
    form.get_by_label("Phone", exact=True).fill("9876543210")
    form.get_by_label("Address line 1").fill("21 Park Street")
    form.get_by_label("City").fill("Kolkata")
    form.get_by_label("State").select_option("West Bengal")
    page.get_by_role("button", name="Place Order (Cash on Delivery)").click()

    expect(page).to_have_url(re.compile(r"/order/\d+#token=[0-9a-f]{64}$"))
    order = Order.objects.get()
    assert (order.coupon_code, order.discount_total, order.total) == (
        "DIWALI10",
        Decimal("200.00"),
        Decimal("1800.00"),
    )
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
