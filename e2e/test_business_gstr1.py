"""A business buys and the owner files GSTR-1, in Chromium (issue 44):

1. A signed-in buyer ticks "I have a GSTIN (business purchase)" in the cart, gives the
   business's GSTIN and name, and places the order (cash on delivery).
2. The owner moves it to Processing and Shipped in All Orders: shipping issues its tax
   invoice, a B2B one naming the GSTIN.
3. The owner opens "GST returns" from the admin menu: this month is chosen, and the b2b
   row counts that invoice with its taxable value and tax, as the stored order lines
   have them; the dashboard's sales and tax panel counts it too, and draws its chart.
4. "Download JSON" saves the portal's GSTR-1 file: its b2b section lists the invoice under
   the buyer's GSTIN (`ctin`); "Download CSV (ZIP)" saves the CSV files, b2b.csv naming it.

Both screens are also checked with axe (no serious or critical violation), and saved as
pictures (`SCREENSHOTS_DIR=docs/screenshots` to keep them).
"""

import io
import json
import os
import re
import zipfile
from decimal import Decimal
from pathlib import Path

from django.db.models import Sum
from django.utils import timezone
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import ProductFactory
from e2e.session import sign_in
from e2e.test_a11y import assert_accessible
from orders.models import Invoice, Order, OrderLine
from orders.shop_details import get_shop_details

GSTIN = "27AAPFU0939F1ZV"  # Maharashtra, a valid check character
BUSINESS = "Udyog Traders LLP"


def rupees(amount: Decimal) -> str:
    """Rupees as the GST screens write them (en-IN, paise always): ₹1,10,168.64."""
    whole, paise = f"{amount:.2f}".split(".")
    head, tail = whole[:-3], whole[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return "₹" + ",".join([*groups, tail]) + "." + paise


def test_rupees_are_written_as_the_screen_does():
    assert rupees(Decimal("110168.64")) == "₹1,10,168.64"
    assert rupees(Decimal("10000")) == "₹10,000.00"
    assert rupees(Decimal("0")) == "₹0.00"


def test_a_business_buys_with_its_gstin_and_the_owner_downloads_gstr1(page, base_url, tmp_path):
    ProductFactory(name="Office Chair", price=Decimal("11800.00"), quantity=5)
    buyer = UserFactory(name="Kavya Shah", address="8 Marine Drive, Mumbai 400002")
    admin = AdminFactory(name="Shop Owner")

    # 1. The business buys.
    sign_in(page, base_url, buyer)
    page.goto(base_url + "/")
    chair = page.get_by_role("article", name="Office Chair", exact=True)
    chair.get_by_role("button", name=re.compile("add to cart", re.I)).click()
    page.get_by_role("link", name="Cart, 1 item").click()
    page.get_by_label("I have a GSTIN (business purchase)").check()
    page.get_by_label("GSTIN", exact=True).fill(GSTIN)
    expect(page.get_by_text("Registered in Maharashtra")).to_be_visible()
    page.get_by_label("Business name", exact=True).fill(BUSINESS)
    page.get_by_role("button", name="Place Order (Cash on Delivery)").click()
    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    order = Order.objects.get()
    assert (order.buyer_gstin, order.business_name) == (GSTIN, BUSINESS)

    # 2. The owner ships it: its invoice is issued now.
    sign_in(page, base_url, admin)
    page.goto(base_url + "/dashboard/admin/orders")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    for status in ("Processing", "Shipped"):
        card.get_by_label(f"New status of order #{order.pk}").select_option(status)
        if status == "Shipped":
            card.get_by_label("AWB / tracking number (optional)").fill("EZ123456789IN")
        card.get_by_role("button", name="Update Status").click()
        expect(card.get_by_test_id("status")).to_have_text(status)
    invoice = Invoice.objects.get(order=order, kind="invoice")
    sums = OrderLine.objects.filter(order=order).aggregate(
        taxable=Sum("taxable_value"), igst=Sum("igst"), cgst=Sum("cgst"), sgst=Sum("sgst")
    )
    assert sums["taxable"] == Decimal("10000.00")  # 11,800 with 18% GST in it

    # 3. The month's GST returns screen, from the admin menu.
    page.get_by_role("navigation", name="Admin Panel").get_by_role(
        "link", name="GST returns"
    ).click()
    expect(page).to_have_url(re.compile(r"/dashboard/admin/gst-returns$"))
    month = timezone.localdate()
    period = page.get_by_label("Return period (month)")
    expect(period).to_have_value(f"{month:%Y-%m}")
    table = page.get_by_role("table", name=f"GSTR-1 sections for {month:%B %Y}")
    b2b = table.get_by_role("row").filter(
        has=page.get_by_role("rowheader", name="B2B invoices (4A) (b2b)", exact=True)
    )
    expect(b2b.get_by_role("cell")).to_have_text(
        [
            "1",
            rupees(sums["taxable"]),
            rupees(sums["igst"]),
            rupees(sums["cgst"]),
            rupees(sums["sgst"]),
        ]
    )
    expect(page.get_by_test_id("gstr1-serials")).to_contain_text(
        f"Invoices: {invoice.number} to {invoice.number}: 1 issued, 0 cancelled"
    )
    assert_accessible(page, "GST returns")
    out = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.screenshot(path=out / "gst-returns.png", full_page=True)

    # 4. The return itself, as the portal takes it.
    shop_gstin = get_shop_details().gstin
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download JSON").click()
    download = download_info.value
    assert download.suggested_filename == f"GSTR1_{shop_gstin}_{month:%m%Y}.json"
    gstr1 = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert gstr1["gstin"] == shop_gstin
    assert gstr1["fp"] == f"{month:%m%Y}"
    assert [party["ctin"] for party in gstr1["b2b"]] == [GSTIN]
    [sale] = gstr1["b2b"][0]["inv"]
    assert sale["inum"] == invoice.number
    assert sale["pos"] == "27"
    assert sum(Decimal(str(item["itm_det"]["txval"])) for item in sale["itms"]) == sums["taxable"]

    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download CSV (ZIP)").click()
    download = download_info.value
    assert download.suggested_filename == f"GSTR1_{shop_gstin}_{month:%m%Y}.zip"
    with zipfile.ZipFile(io.BytesIO(Path(download.path()).read_bytes())) as archive:
        b2b_csv = archive.read("b2b.csv").decode("utf-8-sig")
    assert GSTIN in b2b_csv and invoice.number in b2b_csv

    # The dashboard's sales and tax summary of this month counts the invoice and charts it.
    page.goto(base_url + "/dashboard/admin")
    panel = page.get_by_role("region", name="Sales and tax")
    expect(panel.get_by_test_id("sales-tax-net")).to_contain_text(
        f"1 invoice, 0 credit notes. Net taxable value {rupees(sums['taxable'])}"
    )
    expect(panel.get_by_role("table", name=re.compile("By state"))).to_contain_text(
        "Maharashtra (27)"
    )
    expect(panel.get_by_role("img", name=re.compile("Bar chart of taxable value"))).to_be_visible()
    expect(panel.get_by_text("Loading the chart ...")).to_have_count(0)
    assert_accessible(page, "the dashboard's sales and tax panel")
    panel.screenshot(path=out / "sales-and-tax.png")
