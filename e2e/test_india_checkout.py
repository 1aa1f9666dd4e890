"""Selling in India in a real browser: a shopper adds an address to the address book,
checks delivery to a PIN code on the product page, orders to that address (GST shown per
line), the admin ships the order, and the shopper downloads the tax invoice: a real PDF
whose text names the invoice number, the buyer's state and the tax."""

import io
import re
from decimal import Decimal

from playwright.sync_api import expect
from pypdf import PdfReader

from accounts.models import Address
from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.test_orders import log_in, log_out, url_is
from orders.models import Order, ServedPincode


def test_address_check_delivery_order_ship_and_download_the_invoice(page, base_url):
    apparel = CategoryFactory(
        name="Apparel", hsn="6109", gst_rate=5, gst_threshold=Decimal("2500"), gst_rate_above=18
    )
    tee = ProductFactory(name="Cotton Tee", price=Decimal("1050.00"), quantity=5, category=apparel)
    ServedPincode.objects.create(pincode="110001", cod=True)
    ServedPincode.objects.create(pincode="400001", cod=False)
    shopper = UserFactory(name="Meera Iyer", address="")
    admin = AdminFactory(name="Shop Owner")

    log_in(page, base_url, shopper)
    page.goto(base_url + "/dashboard/user/profile")
    page.get_by_role("button", name="Add address").click()
    form = page.get_by_role("form", name="Add an address")
    form.get_by_label("Full name").fill("Meera Iyer")
    form.get_by_label("Phone").fill("98765 43210")
    form.get_by_label("Address line 1").fill("14 Janpath")
    form.get_by_label("City").fill("New Delhi")
    form.get_by_label("State").select_option("Delhi")
    # A PIN code of another state is refused under its field, and nothing is saved.
    form.get_by_label("PIN code").fill("560001")
    form.get_by_role("button", name="Save address").click()
    expect(form.get_by_text(re.compile("560001 is in Karnataka"))).to_be_visible()
    assert not Address.objects.exists()
    form.get_by_label("PIN code").fill("110001")
    form.get_by_role("button", name="Save address").click()
    expect(page.get_by_text("14 Janpath").first).to_be_visible()
    saved = Address.objects.get()
    assert (saved.state, saved.pincode, saved.is_default) == ("Delhi", "110001", True)

    page.goto(f"{base_url}/product/{tee.slug}")
    expect(page.get_by_text("Inclusive of all taxes")).to_be_visible()
    expect(page.get_by_text("Country of origin: India")).to_be_visible()
    check = page.get_by_role("form", name="Check delivery")
    check.get_by_label("PIN code").fill("400001")
    check.get_by_role("button", name="Check").click()
    expect(page.get_by_test_id("delivery-result")).to_contain_text("Cash on delivery not available")
    check.get_by_label("PIN code").fill("682001")
    check.get_by_role("button", name="Check").click()
    expect(page.get_by_test_id("delivery-result")).to_contain_text("do not deliver to 682001")
    check.get_by_label("PIN code").fill("110001")
    check.get_by_role("button", name="Check").click()
    expect(page.get_by_test_id("delivery-result")).to_contain_text("Cash on delivery available")
    page.get_by_role("button", name=re.compile("add to cart", re.I)).first.click()

    page.goto(base_url + "/cart")
    chooser = page.get_by_role("group", name="Deliver to")
    expect(chooser.get_by_role("radio")).to_have_count(1)
    expect(chooser.get_by_role("radio")).to_be_checked()
    expect(page.get_by_text("Prices are inclusive of all taxes")).to_be_visible()
    page.get_by_role("button", name="Place Order (Cash on Delivery)").click()
    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    order = Order.objects.get()
    page.get_by_role("link", name="View order").click()
    url_is(page, base_url, f"/dashboard/user/orders/{order.pk}")
    assert order.shipping_address["pincode"] == "110001"
    # Delhi is another state than the shop's (Karnataka): IGST, 1,050 x 5 / 105 = 50.
    line = order.lines.get()
    assert (line.gst_rate, line.igst, line.cgst, line.hsn) == (5, Decimal("50.00"), 0, "6109")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_text(re.compile("IGST"))).to_be_visible()
    expect(card.get_by_role("button", name=re.compile("Download invoice"))).to_have_count(0)

    log_out(page, shopper)
    log_in(page, base_url, admin, lands="/dashboard/admin")
    page.goto(base_url + "/dashboard/admin/orders")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    select = page.get_by_label(f"New status of order #{order.pk}")
    for status in ("Processing", "Shipped"):
        select.select_option(status)
        page.get_by_role("button", name="Update status").click()
        expect(page.get_by_role("status").filter(has_text=f"Order marked {status}")).to_be_visible()
    order.refresh_from_db()
    assert order.invoice_number

    log_out(page, admin)
    log_in(page, base_url, shopper)
    page.goto(base_url + "/dashboard/user/orders")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    with page.expect_download() as download_info:
        card.get_by_role("button", name=re.compile("Download invoice")).click()
    download = download_info.value
    assert download.suggested_filename.endswith(".pdf")
    with open(download.path(), "rb") as handle:
        data = handle.read()
    assert data.startswith(b"%PDF")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert order.invoice_number in text
    assert "Meera Iyer" in text and "14 Janpath" in text
    assert "Delhi" in text and "07" in text
    assert "6109" in text and "IGST" in text
