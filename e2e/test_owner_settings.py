"""The owner's settings in the admin panel, on a laptop and on a phone: the dashboard says
the shop's details are still the placeholders; the owner changes the legal name and the
delivery charge in Shop settings and sees the footer and the contact page follow; a PIN
code file with a bad line is refused with its line named and nothing changes, a good one
loads; a new category takes its HSN code and GST rate. Axe finds nothing serious."""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory
from catalog.models import Category
from e2e.session import sign_in
from e2e.test_a11y import assert_accessible
from orders.models import ServedPincode, ShopDetails

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def toast(page, text):
    return page.get_by_role("status").filter(has_text=text)


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_owner_fills_in_the_shop_and_its_pin_codes(page, base_url, viewport, tmp_path):
    page.set_viewport_size(viewport)
    ServedPincode.objects.create(pincode="560103", cod=True)
    sign_in(page, base_url, AdminFactory())

    # The dashboard asks for the real details while the placeholders stand.
    page.goto(f"{base_url}/dashboard/admin")
    notice = page.get_by_test_id("placeholder-notice")
    expect(notice).to_have_text(
        "Your shop details are still the placeholders: fill them in Shop settings."
    )
    notice.get_by_role("link", name="Shop settings").click()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/settings")
    expect(page.get_by_role("heading", name="Shop settings", level=1)).to_be_visible()

    # The legal name and the delivery charge, saved from the keyboard.
    legal = page.get_by_label("Legal name")
    expect(legal).to_have_value("ShopSphere Retail Private Limited")
    legal.fill("Asha Textiles LLP")
    page.get_by_label("Delivery charge (rupees)").fill("49")
    page.get_by_label("Delivery charge (rupees)").press("Enter")
    expect(toast(page, "Shop settings saved")).to_be_visible()
    details = ShopDetails.objects.get(pk=1)
    assert (details.legal_name, str(details.delivery_charge)) == ("Asha Textiles LLP", "49.00")
    info = page.request.get(f"{base_url}/api/v1/shop-info").json()
    assert info["delivery"]["charge"] == 49
    assert_accessible(page, "Shop settings")

    # The footer and the contact page show the new name.
    page.goto(f"{base_url}/contact")
    expect(page.get_by_text("Asha Textiles LLP,")).to_be_visible()
    expect(page.locator("footer")).to_contain_text("Asha Textiles LLP")
    expect(page.locator("footer")).not_to_contain_text("Django admin")

    # A PIN code file with a bad line: its problem is shown and the list is as it was.
    page.goto(f"{base_url}/dashboard/admin/settings")
    served = page.get_by_test_id("served-counts")
    expect(served).to_have_text("1 PIN code served, 1 with cash on delivery.")
    bad = tmp_path / "bad.csv"
    bad.write_text("pincode,cod\n400001,1\n40001,1\n")
    page.get_by_label("CSV file of served PIN codes").set_input_files(bad)
    page.get_by_role("button", name="Upload").click()
    problems = page.get_by_test_id("served-problems")
    expect(problems).to_contain_text("nothing changed")
    expect(problems.get_by_role("listitem")).to_have_text(
        ['Line 3: "40001" is not a six-digit PIN code.']
    )
    assert list(ServedPincode.objects.values_list("pincode", flat=True)) == ["560103"]
    assert_accessible(page, "Shop settings with a refused file")

    good = tmp_path / "good.csv"
    good.write_text("pincode,cod\n400001,1\n110001,0\n")
    page.get_by_label("CSV file of served PIN codes").set_input_files(good)
    page.get_by_role("button", name="Upload").click()
    expect(toast(page, "Loaded 2 PIN codes (1 with cash on delivery).")).to_be_visible()
    expect(served).to_have_text("2 PIN codes served, 1 with cash on delivery.")
    expect(problems).to_have_count(0)
    assert dict(ServedPincode.objects.values_list("pincode", "cod")) == {
        "400001": True,
        "110001": False,
    }

    # The dashboard no longer asks once the details are the shop's own.
    ShopDetails.objects.filter(pk=1).update(
        address="12 Linking Road",
        gstin="27AAPFU0939F1ZV",
        state="Maharashtra",
        email="care@asha.example",
        phone="+91 22 1234 5678",
        grievance_name="Meera Shah",
        grievance_email="grievance@asha.example",
        grievance_phone="+91 22 1234 5679",
    )
    cache.clear()
    page.goto(f"{base_url}/dashboard/admin")
    expect(page.get_by_role("heading", name="Orders and stock")).to_be_visible()
    expect(page.get_by_test_id("placeholder-notice")).to_have_count(0)

    # A new category with its HSN code and GST rate.
    page.goto(f"{base_url}/dashboard/admin/create-category")
    page.get_by_role("textbox", name="New category name").fill("Kurtas")
    page.get_by_role("button", name="Submit").click()
    hsn = page.get_by_role("textbox", name="HSN code")
    expect(hsn).to_be_focused()
    expect(hsn).to_have_attribute("aria-invalid", "true")
    hsn.fill("6211")
    page.get_by_label("GST rate", exact=True).select_option("5")
    page.get_by_role("button", name="Submit").click()
    expect(toast(page, "Kurtas is created")).to_be_visible()
    kurtas = Category.objects.get(name="Kurtas")
    assert (kurtas.hsn, kurtas.gst_rate) == ("6211", 5)
    assert_accessible(page, "Manage Category with its tax fields")
