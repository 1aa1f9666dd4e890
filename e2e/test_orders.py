"""Orders in a real browser: a shopper adds two products, places the order (cash on
delivery) and sees it; the admin marks it Shipped in the panel; the shopper sees Shipped.
Stock labels and the sold-out rule are checked on the way. The last screen is saved as a
picture (to refresh the README's: `SCREENSHOTS_DIR=docs/screenshots .venv/bin/pytest
e2e/test_orders.py`)."""

import os
import re
from decimal import Decimal
from pathlib import Path

from playwright.sync_api import expect

from accounts.tests.factories import PASSWORD, AdminFactory, UserFactory
from catalog.models import Product
from catalog.tests.factories import ProductFactory
from orders.models import Order


def url_is(page, base_url, path):
    expect(page).to_have_url(re.compile("^" + re.escape(base_url + path) + r"(\?.*)?$"))


def log_in(page, base_url, user, lands="/"):
    page.goto(base_url + "/login")
    page.get_by_label("Email address", exact=True).fill(user.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Login").click()
    url_is(page, base_url, lands)


def log_out(page, user):
    nav = page.get_by_role("navigation", name="Main")
    nav.get_by_role("button", name=user.name).click()
    nav.get_by_role("button", name="Logout").click()


def expect_shipped_with(card, courier, awb):
    """The order card's Delivery: the courier and AWB it shipped with; no tracking link
    for a courier the shop has no tracking page of."""
    delivery = card.get_by_role("region", name="Delivery")
    expect(delivery.get_by_role("term")).to_have_text(["Courier:", "AWB:"])
    expect(delivery.get_by_role("definition")).to_have_text([courier, awb])
    expect(delivery.get_by_role("link")).to_have_count(0)


def test_a_shopper_orders_the_admin_ships_and_the_shopper_sees_shipped(page, base_url, tmp_path):
    kettle = ProductFactory(name="Steel Kettle", price=Decimal("1299.00"), quantity=3)
    ProductFactory(name="Coffee Mug", price=Decimal("499.00"), quantity=20)
    ProductFactory(name="Sold Lamp", price=Decimal("999.00"), quantity=0)
    shopper = UserFactory(name="Meera Iyer", address="8 Marine Drive, Mumbai 400002")
    admin = AdminFactory(name="Shop Owner")

    log_in(page, base_url, shopper)
    lamp = page.get_by_role("article", name="Sold Lamp", exact=True)
    expect(lamp.get_by_text("Out of stock")).to_be_visible()
    expect(lamp.get_by_role("button", name=re.compile("add to cart", re.I))).to_be_disabled()
    steel = page.get_by_role("article", name="Steel Kettle", exact=True)
    expect(steel.get_by_text("Only 3 left")).to_be_visible()
    steel.get_by_role("button", name=re.compile("add to cart", re.I)).click()
    mug = page.get_by_role("article", name="Coffee Mug", exact=True)
    expect(mug.get_by_text("In stock")).to_be_visible()
    mug.get_by_role("button", name=re.compile("add to cart", re.I)).click()
    page.get_by_role("link", name="Cart, 2 items").click()

    url_is(page, base_url, "/cart")
    page.get_by_role("button", name="More: Steel Kettle").click()
    expect(page.get_by_label("Quantity of Steel Kettle")).to_have_text("2")
    expect(page.get_by_test_id("cart-total")).to_have_text("Total: ₹3,097")
    page.get_by_role("button", name="Place Order (Cash on Delivery)").click()

    # Checkout lands on the order's confirmation, which leads to the order's page.
    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    expect(page.get_by_role("status").filter(has_text="Order placed")).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    order = Order.objects.get()
    page.get_by_role("link", name="View Order").click()
    url_is(page, base_url, f"/dashboard/user/orders/{order.pk}")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_test_id("status")).to_have_text("Not Processed")
    # Mumbai is another state than the shop's: IGST, at the category's 18% (no HSN set).
    expect(
        card.get_by_role("row", name="Steel Kettle 2 ₹1,299 - 18% IGST ₹396.31", exact=True)
    ).to_be_visible()
    expect(
        card.get_by_role("row", name="Coffee Mug 1 ₹499 - 18% IGST ₹76.12", exact=True)
    ).to_be_visible()
    expect(card.get_by_text("Total: ₹3,097")).to_be_visible()
    expect(card.get_by_text("8 Marine Drive, Mumbai 400002")).to_be_visible()
    expect(card.get_by_role("button", name=f"Cancel order #{order.pk}")).to_be_visible()
    assert Product.objects.get(pk=kettle.pk).quantity == 1

    log_out(page, shopper)
    log_in(page, base_url, admin, lands="/dashboard/admin")
    page.get_by_role("navigation", name="Admin Panel").get_by_role("link", name="Orders").click()
    url_is(page, base_url, "/dashboard/admin/orders")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_role("link", name=shopper.email)).to_be_visible()
    expect(card.get_by_role("link", name=shopper.phone)).to_be_visible()
    select = page.get_by_label(f"New status of order #{order.pk}")
    expect(select.locator("option")).to_have_text(["Choose ...", "Processing", "Cancelled"])
    select.select_option("Processing")
    page.get_by_role("button", name="Update Status").click()
    expect(page.get_by_role("status").filter(has_text="Order marked Processing")).to_be_visible()
    expect(select.locator("option")).to_have_text(["Choose ...", "Shipped", "Cancelled"])
    select.select_option("Shipped")
    # No courier on file: the courier is typed in.
    card.get_by_role("textbox", name="Courier (optional)").fill("India Post")
    card.get_by_label("AWB / tracking number (optional)").fill("EZ123456789IN")
    page.get_by_role("button", name="Update Status").click()
    expect(page.get_by_role("status").filter(has_text="Order marked Shipped")).to_be_visible()
    expect(select.locator("option")).to_have_text(["Choose ...", "Delivered", "Returned"])
    expect_shipped_with(card, "India Post", "EZ123456789IN")

    log_out(page, admin)
    log_in(page, base_url, shopper)
    page.goto(base_url + "/dashboard/user/orders")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_test_id("status")).to_have_text("Shipped")
    expect_shipped_with(card, "India Post", "EZ123456789IN")
    expect(card.get_by_role("button", name=re.compile("Cancel"))).to_have_count(0)

    out = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=out / "orders.png")
    assert (out / "orders.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_on_a_phone_the_cart_keeps_its_total_and_main_button_in_reach(page, base_url):
    ProductFactory(name="Desk Fan", price=Decimal("1999.00"), quantity=4)
    page.set_viewport_size({"width": 390, "height": 740})
    page.goto(base_url + "/")
    page.get_by_role("button", name=re.compile("add to cart: desk fan", re.I)).click()
    page.goto(base_url + "/cart")
    bar = page.get_by_test_id("cart-sticky-bar")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("₹1,999")
    expect(bar.get_by_role("button", name="Please login to checkout")).to_be_visible()
    box = bar.bounding_box()
    assert box["y"] + box["height"] <= 740 + 1  # on screen, at the bottom
    page.get_by_role("button", name="Remove: Desk Fan").first.click()
    expect(page.get_by_role("link", name="Continue Shopping")).to_be_visible()
    expect(page.get_by_test_id("cart-sticky-bar")).to_have_count(0)
