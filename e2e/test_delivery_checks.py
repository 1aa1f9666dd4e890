"""Delivery said where the PIN code is typed, on a phone and a laptop: the address form's
live line answers each PIN code as it is typed (served with cash, served without, not
served), an address the shop does not serve is saved when the shopper insists and marked
in the book, not made the default even as the first (the toast and the book say why; the
first served address saved becomes the default), and the cart will not choose it: it is
disabled with its reason, the served address is chosen, the review shows the GST the
total includes, and the order goes there. Every screen passes the axe check."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from accounts.models import Address
from accounts.tests.factories import UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.session import sign_in
from e2e.test_a11y import PHONE, assert_accessible
from orders.models import Order, ServedPincode


@pytest.mark.parametrize("size", [PHONE, None], ids=["phone", "laptop"])
def test_the_pin_code_says_where_we_deliver_and_the_cart_skips_an_unserved_address(
    page, base_url, size
):
    apparel = CategoryFactory(name="Apparel", hsn="6109", gst_rate=5)
    tee = ProductFactory(name="Cotton Tee", price=Decimal("1050.00"), quantity=5, category=apparel)
    ServedPincode.objects.create(pincode="110001", cod=True)
    ServedPincode.objects.create(pincode="400001", cod=False)
    shopper = UserFactory(name="Meera Iyer", address="")
    if size:
        page.set_viewport_size(size)
    sign_in(page, base_url, shopper)

    page.goto(base_url + "/dashboard/user/profile")
    page.get_by_role("button", name="Add Address").click()
    form = page.get_by_role("form", name="Add an address")
    line = form.get_by_test_id("pin-delivery")
    expect(line).to_have_attribute("aria-live", "polite")
    pin = form.get_by_label("PIN code")
    pin.fill("400001")
    expect(line).to_have_text(
        "We deliver to 400001 (Maharashtra); cash on delivery is not available there."
    )
    pin.fill("110001")
    expect(line).to_have_text("We deliver to 110001 (Delhi); cash on delivery available.")
    pin.fill("682001")
    expect(line).to_have_text("We do not deliver to 682001 yet.")
    assert_accessible(page, "the address form with its delivery line")

    # Saved all the same (the book is the shopper's), and marked.
    form.get_by_label("Full name").fill("Meera Iyer")
    form.get_by_label("Phone").fill("98765 43210")
    form.get_by_label("Address line 1").fill("7 Marine Drive")
    form.get_by_label("City").fill("Kochi")
    form.get_by_label("State").select_option("Kerala")
    form.get_by_role("button", name="Save address").click()
    expect(page.get_by_test_id("not-delivered-badge")).to_have_text("We do not deliver here")
    # A first address the shop does not serve is not made the default, and the shopper
    # is told why (the toast, and the book).
    expect(
        page.get_by_role("status").filter(
            has_text="Address saved. We do not deliver to 682001 yet, so checkout cannot use it "
            "and it is not your default address."
        )
    ).to_be_visible()
    expect(page.get_by_test_id("default-badge")).to_have_count(0)
    expect(page.get_by_test_id("no-default")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Make Default"))).to_have_count(0)
    kochi = Address.objects.get()
    assert (kochi.pincode, kochi.is_default) == ("682001", False)
    shopper.refresh_from_db()
    assert shopper.address == ""

    # The first address the shop serves becomes the default.
    page.get_by_role("button", name="Add Address").click()
    form = page.get_by_role("form", name="Add an address")
    form.get_by_label("Full name").fill("Meera Iyer")
    form.get_by_label("Phone").fill("9876543210")
    form.get_by_label("Address line 1").fill("14 Janpath")
    form.get_by_label("City").fill("New Delhi")
    form.get_by_label("State").select_option("Delhi")
    form.get_by_label("PIN code").fill("110001")
    form.get_by_role("button", name="Save address").click()
    expect(page.get_by_test_id("default-badge")).to_have_count(1)
    expect(page.get_by_test_id("no-default")).to_have_count(0)
    janpath = Address.objects.get(pincode="110001")
    assert janpath.is_default
    assert_accessible(page, "the address book with an address it cannot serve")

    page.goto(f"{base_url}/product/{tee.slug}")
    page.get_by_role("button", name=re.compile("add to cart", re.I)).first.click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
    page.goto(base_url + "/cart")
    chooser = page.get_by_role("group", name="Deliver to")
    far = chooser.get_by_role("radio", name=re.compile("Marine Drive"))
    expect(far).to_be_disabled()
    expect(far).not_to_be_checked()
    expect(far).to_have_accessible_description(
        "We do not deliver to 682001 yet, so this address cannot be chosen."
    )
    expect(chooser.get_by_role("radio", name=re.compile("Janpath"))).to_be_checked()
    review = page.get_by_role("region", name="Review your order")
    expect(review.get_by_test_id("review-address")).to_contain_text("110001")
    # Delhi is another state than the shop's (Karnataka): IGST, 1,050 x 5 / 105 = 50.
    expect(review.get_by_test_id("review-gst")).to_have_text("Includes GST of ₹50")
    if not size:
        expect(review).to_be_visible()
    assert_accessible(page, "the cart with an address it cannot serve")
    page.get_by_role("button", name="Place Order (Cash on Delivery)").click()
    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    order = Order.objects.get()
    assert order.shipping_address["pincode"] == "110001"
    assert order.tax_total == Decimal("50.00")
