"""After the sale in Chromium, a shopper and an admin side by side (two browser contexts,
each signed in once):

1. Cash on delivery: the shopper buys two sizes of a tee, cancels one from the order's
   page before it ships ("Cancel items"); the admin ships with a courier on file and an
   AWB; the shopper sees the tracking link and the expected day; the admin marks it
   Delivered; the shopper asks to exchange the other size for a third; the admin, in
   the Returns queue, approves, marks it received, marks it exchanged; the exchange
   order ships like any other and the shopper sees it.
2. Paid online (the Razorpay stand-in's dialog, a UPI payment there): delivered, returned
   for a refund, approved, received and refunded by the admin; the shopper sees where
   the refund stands and downloads the credit note.

The stock of each size is checked after every step that moves it (and those that must
not), the paise refunded at the stand-in, and the credit notes' numbers and amounts."""

import datetime
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.models import Product, Variant
from catalog.tests.factories import ProductFactory
from e2e.session import sign_in
from orders.models import Courier, Invoice, InvoiceKind, Order, Refund, ServedPincode
from orders.tests.conftest import razorpay  # noqa: F401 (the stand-in fixture)
from returns.models import Return

TRACKING = "https://www.delhivery.com/track/package/{awb}"
TIMES = "\N{MULTIPLICATION SIGN}"  # as the screens count items: "1 (times) Cotton Tee"
PIN_DAYS = 3  # Mumbai 400002's delivery days, from the served PIN code list


@pytest.fixture
def admin_page(browser, browser_context_args, base_url):
    """A second browser context for the admin, failing the test on any JavaScript error
    as the shopper's `page` does."""
    context = browser.new_context(**browser_context_args)
    admin = context.new_page()
    errors = []
    admin.on("pageerror", lambda error: errors.append(str(error)))
    admin.set_default_timeout(10_000)
    yield admin
    context.close()
    assert not errors, f"JavaScript errors on the admin's page: {errors}"


def short_day(day: datetime.date) -> str:
    """A day as the order page writes it (en-IN in Chromium): "Thu, 3 Dec"."""
    month = "Sept" if day.month == 9 else day.strftime("%b")
    return f"{day:%a}, {day.day} {month}"


def long_day(day: datetime.date) -> str:
    """A day with its year, as the credit notes' list writes it: "28 Nov 2026"."""
    month = "Sept" if day.month == 9 else day.strftime("%b")
    return f"{day.day} {month} {day.year}"


def stock(product) -> dict:
    """The stock of each size (or of the one variant) now, and the product's."""
    sizes = {
        (v.options or {}).get("Size", "-"): v.quantity
        for v in Variant.objects.filter(product=product).order_by("position")
    }
    return {**sizes, "product": Product.objects.get(pk=product.pk).quantity}


def credit_note_number(serial: int) -> str:
    """The credit-note series' number of this financial year (April to March)."""
    today = timezone.localdate()
    year = today.year if today.month >= 4 else today.year - 1
    return f"SS/CN{year % 100:02d}{(year + 1) % 100:02d}/{serial:04d}"


def order_page(page, base_url, order_id):
    page.goto(f"{base_url}/dashboard/user/orders/{order_id}")
    card = page.get_by_role("article", name=f"Order #{order_id}")
    expect(card).to_be_visible()
    return card


def admin_moves(admin, base_url, order_id, *statuses, courier=None, awb=""):
    """Moves an order through `statuses` in the panel's All Orders, as the admin does."""
    admin.goto(f"{base_url}/dashboard/admin/orders")
    card = admin.get_by_role("article", name=f"Order #{order_id}")
    for status in statuses:
        card.get_by_label(f"New status of order #{order_id}").select_option(status)
        if status == "Shipped":
            if courier:
                # The couriers on file are a select (the form loads them on Shipped).
                card.get_by_role("combobox", name="Courier (optional)").select_option(courier)
            card.get_by_label("AWB / tracking number (optional)").fill(awb)
        card.get_by_role("button", name="Update Status").click()
        expect(card.get_by_test_id("status")).to_have_text(status)
        expect(
            admin.get_by_role("status").filter(has_text=f"Order marked {status}")
        ).to_be_visible()
    return card


def return_row(admin, return_id):
    return admin.get_by_role("row").filter(
        has=admin.get_by_role("rowheader", name=re.compile(rf"^#{return_id}\b"))
    )


def status_cell(row):
    # Columns: Return (the row's header), Order, Items, Reason, Kind, Status, Actions.
    return row.get_by_role("cell").nth(4)


def return_move(admin, return_id, action, status):
    """Presses a move of the Returns queue and waits for the row to say the new status."""
    row = return_row(admin, return_id)
    row.get_by_role("button", name=f"{action} return #{return_id}").click()
    expect(status_cell(row).get_by_text(status, exact=True)).to_be_visible()
    expect(status_cell(row)).to_be_focused()
    return row


def test_cancel_items_ship_track_exchange_then_return_and_refund_an_online_order(
    page,
    admin_page,
    base_url,
    razorpay,  # noqa: F811 (the fixture imported above)
    run_tasks,
):
    admin = admin_page
    tee = ProductFactory(
        name="Cotton Tee",
        options=[{"name": "Size", "values": ["S", "M", "L"]}],
        variants=[
            {"options": {"Size": "S"}, "price": Decimal("499"), "quantity": 5},
            {"options": {"Size": "M"}, "price": Decimal("549"), "quantity": 5},
            {"options": {"Size": "L"}, "price": Decimal("599"), "quantity": 5},
        ],
    )
    lamp = ProductFactory(name="Desk Lamp", price=Decimal("1499.50"), quantity=5)
    Courier.objects.create(name="Delhivery", tracking_url=TRACKING)
    ServedPincode.objects.create(pincode="400002", cod=True, days=PIN_DAYS)
    shopper = UserFactory(name="Meera Iyer", address="8 Marine Drive, Mumbai 400002")
    sign_in(page, base_url, shopper)
    sign_in(admin, base_url, AdminFactory(name="Shop Owner"))
    assert stock(tee) == {"S": 5, "M": 5, "L": 5, "product": 15}

    # --- 1. Two sizes, cash on delivery ------------------------------------------------
    page.goto(f"{base_url}/product/{tee.slug}")
    sizes = page.get_by_role("group", name=re.compile(r"^Size"))
    for size, price, count in (("S", "₹499", "1 item"), ("M", "₹549", "2 items")):
        sizes.locator("label").filter(has_text=re.compile(rf"^{size}\b")).click()
        expect(page.get_by_test_id("price")).to_have_text(price)
        page.get_by_role("button", name="Add to Cart", exact=True).click()
        expect(page.get_by_role("link", name=f"Cart, {count}")).to_be_visible()
    page.get_by_role("link", name="Cart, 2 items").click()
    expect(page.get_by_test_id("cart-total")).to_have_text("Total: ₹1,048")
    page.get_by_role("button", name="Place Order (Cash on Delivery)").click()
    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    first = Order.objects.get()
    assert stock(tee) == {"S": 4, "M": 4, "L": 5, "product": 13}

    # Cancel the small one before it ships, from the order's page.
    card = order_page(page, base_url, first.pk)
    expect(card.get_by_text("Total: ₹1,048")).to_be_visible()
    card.get_by_role("button", name=f"Cancel items of order #{first.pk}").click()
    dialog = page.get_by_role("dialog", name=f"Cancel items of order #{first.pk}")
    dialog.get_by_role("combobox", name="Quantity of Cotton Tee (Size: S) to cancel").select_option(
        "1"
    )
    dialog.get_by_role("button", name="Continue").click()
    expect(dialog.get_by_test_id("items-to-cancel")).to_have_text(f"1 {TIMES} Cotton Tee (Size: S)")
    dialog.get_by_role("button", name="Cancel 1 item").click()
    expect(page.get_by_role("status").filter(has_text="1 item cancelled")).to_be_visible()
    expect(dialog).to_have_count(0)
    small = card.get_by_role("row").filter(has_text="Size: S")
    expect(small.get_by_test_id("line-cancelled")).to_have_text("Cancelled: 1")
    expect(card.get_by_text("Total: ₹549", exact=True)).to_be_visible()
    # One unit left: the order's own Cancel, no longer Cancel items.
    expect(card.get_by_role("button", name=f"Cancel items of order #{first.pk}")).to_have_count(0)
    first.refresh_from_db()
    assert first.total == Decimal("549.00")
    assert stock(tee) == {"S": 5, "M": 4, "L": 5, "product": 14}

    # The admin ships it with a courier on file and its AWB.
    awb = "1490811234567"
    admin_moves(admin, base_url, first.pk, "Processing", "Shipped", courier="Delhivery", awb=awb)
    shipped_day = timezone.localdate()
    first.refresh_from_db()
    assert (first.courier, first.tracking_number) == ("Delhivery", awb)
    assert first.expected_delivery == shipped_day + datetime.timedelta(days=PIN_DAYS)

    card = order_page(page, base_url, first.pk)
    expect(card.get_by_test_id("status")).to_have_text("Shipped")
    delivery = card.get_by_role("region", name="Delivery")
    expect(delivery.get_by_role("definition").filter(has_text="Delhivery")).to_be_visible()
    expect(delivery.get_by_role("definition").filter(has_text=awb)).to_be_visible()
    track = delivery.get_by_role(
        "link", name="Track your parcel with Delhivery (opens in a new tab)"
    )
    expect(track).to_have_attribute("href", TRACKING.replace("{awb}", awb))
    expect(track).to_have_attribute("target", "_blank")
    expect(delivery.get_by_test_id("expected-delivery")).to_have_text(
        f"Arriving by {short_day(first.expected_delivery)}"
    )
    expect(card.get_by_role("button", name=re.compile("^Cancel"))).to_have_count(0)

    admin_moves(admin, base_url, first.pk, "Delivered")

    # The shopper asks to exchange the medium for a large.
    card = order_page(page, base_url, first.pk)
    expect(card.get_by_test_id("status")).to_have_text("Delivered")
    section = page.get_by_role("region", name="Return or exchange")
    expect(
        section.get_by_text(re.compile(r"^You can ask to return or exchange items until "))
    ).to_be_visible()
    section.get_by_role("button", name="Return or exchange items").click()
    form = section.get_by_role("form", name="Return or exchange")
    # The small one was cancelled: only the medium can come back.
    expect(
        form.get_by_role("combobox", name=re.compile(r"^Quantity of .* to return$"))
    ).to_have_count(1)
    form.get_by_role("combobox", name="Quantity of Cotton Tee (Size: M) to return").select_option(
        "1"
    )
    form.get_by_label("Reason").select_option("Size or fit")
    form.get_by_label("Exchange for another size or colour").check()
    choice = form.get_by_label("Exchange for", exact=True)
    expect(choice.locator("option")).to_have_text(["Choose ...", "Size: S", "Size: L"])
    choice.select_option("Size: L")
    form.get_by_role("button", name="Request exchange").click()
    expect(
        page.get_by_role("status").filter(has_text="Exchange requested. We will let you know")
    ).to_be_visible()
    exchange = Return.objects.get()
    assert (exchange.kind, exchange.status) == ("exchange", "Requested")
    returns = page.get_by_role("region", name="Your returns")
    item = returns.get_by_role("listitem").filter(
        has=page.get_by_role("heading", name=f"Exchange #{exchange.pk}")
    )
    expect(item.get_by_test_id("return-status")).to_have_text("Requested")
    expect(item.get_by_text("Exchange for Size: L")).to_be_visible()
    expect(section.get_by_text("Every item of this order has been returned")).to_be_visible()
    assert stock(tee) == {"S": 5, "M": 4, "L": 5, "product": 14}  # nothing held yet

    # The admin works it through the Returns queue.
    admin.goto(f"{base_url}/dashboard/admin")
    admin.get_by_role("navigation", name="Admin Panel").get_by_role(
        "link", name="Returns", exact=True
    ).click()
    expect(admin).to_have_url(f"{base_url}/dashboard/admin/returns")
    row = return_row(admin, exchange.pk)
    expect(row.get_by_role("cell").nth(1)).to_contain_text(f"1 {TIMES} Cotton Tee (Size: M)")
    expect(row.get_by_role("cell").nth(3)).to_contain_text("for Size: L")
    return_move(admin, exchange.pk, "Approve", "Approved")
    assert stock(tee) == {"S": 5, "M": 4, "L": 4, "product": 13}  # the large one held
    row = return_move(admin, exchange.pk, "Mark received", "Received")
    exchange_note = credit_note_number(1)
    expect(status_cell(row).get_by_text(f"Credit note {exchange_note}")).to_be_visible()
    # The medium's value is credited; nothing is paid back for an exchange.
    expect(status_cell(row).get_by_text("Credited ₹549", exact=True)).to_be_visible()
    expect(status_cell(row).get_by_text(re.compile("^Refund"))).to_have_count(0)
    assert stock(tee) == {"S": 5, "M": 5, "L": 4, "product": 14}  # the medium back
    row = return_move(admin, exchange.pk, "Mark exchanged", "Exchanged")
    exchange.refresh_from_db()
    replacement = exchange.exchange_order
    assert replacement is not None
    expect(
        status_cell(row).get_by_role("link", name=f"Exchange order #{replacement.pk}")
    ).to_be_visible()
    assert (replacement.payment_method, replacement.total) == ("exchange", Decimal("0.00"))
    assert [(line.options, line.quantity) for line in replacement.lines.all()] == [
        ({"Size": "L"}, 1)
    ]
    assert stock(tee) == {"S": 5, "M": 5, "L": 4, "product": 14}  # held at Approved, once
    credit = Invoice.objects.get(kind=InvoiceKind.CREDIT_NOTE, order=first)
    assert (credit.number, credit.amount) == (exchange_note, Decimal("549.00"))

    # The exchange order ships like any other.
    admin_moves(
        admin,
        base_url,
        replacement.pk,
        "Processing",
        "Shipped",
        courier="Delhivery",
        awb="1490811234999",
    )
    assert stock(tee) == {"S": 5, "M": 5, "L": 4, "product": 14}  # not taken again

    card = order_page(page, base_url, first.pk)
    item = (
        page.get_by_role("region", name="Your returns")
        .get_by_role("listitem")
        .filter(has=page.get_by_role("heading", name=f"Exchange #{exchange.pk}"))
    )
    expect(item.get_by_test_id("return-status")).to_have_text("Exchanged")
    expect(item.get_by_text(f"Credit note {exchange_note}")).to_be_visible()
    item.get_by_role("link", name=f"Exchange order #{replacement.pk}").click()
    expect(page).to_have_url(f"{base_url}/dashboard/user/orders/{replacement.pk}")
    card = page.get_by_role("article", name=f"Order #{replacement.pk}")
    expect(card.get_by_test_id("status")).to_have_text("Shipped")
    expect(card.get_by_test_id("line-options")).to_have_text("Size: L")
    expect(card.get_by_text("Total: ₹0", exact=True)).to_be_visible()
    expect(
        card.get_by_role("link", name="Track your parcel with Delhivery (opens in a new tab)")
    ).to_have_attribute("href", TRACKING.replace("{awb}", "1490811234999"))

    # --- 2. Paid online, returned for a refund -----------------------------------------
    page.goto(f"{base_url}/product/{lamp.slug}")
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    page.get_by_role("link", name="Cart, 1 item").click()
    page.get_by_role("group", name="Payment").get_by_label(
        "Pay online (UPI, cards, netbanking)"
    ).check()
    page.get_by_role("button", name="Pay ₹1,499.50 online").click()
    page.get_by_role("dialog", name="Razorpay stand-in").get_by_role("button", name="Pay").click()
    expect(page.get_by_test_id("placed-payment")).to_have_text("Paid online")
    second = Order.objects.get(payment_method="razorpay")
    payment = second.online_payment
    assert [p["method"] for p in razorpay.payments.values()] == ["upi"]
    assert stock(lamp) == {"-": 4, "product": 4}

    admin_moves(admin, base_url, second.pk, "Processing", "Shipped", "Delivered")

    card = order_page(page, base_url, second.pk)
    expect(card.get_by_test_id("status")).to_have_text("Delivered")
    section = page.get_by_role("region", name="Return or exchange")
    section.get_by_role("button", name="Return or exchange items").click()
    form = section.get_by_role("form", name="Return or exchange")
    form.get_by_role("combobox", name="Quantity of Desk Lamp to return").select_option("1")
    form.get_by_label("Reason").select_option("Changed my mind")
    expect(form.get_by_label("Refund", exact=True)).to_be_checked()
    form.get_by_role("button", name="Request return").click()
    expect(page.get_by_role("status").filter(has_text="Return requested.")).to_be_visible()
    refund_return = Return.objects.get(order=second)
    item = (
        page.get_by_role("region", name="Your returns")
        .get_by_role("listitem")
        .filter(has=page.get_by_role("heading", name=f"Return #{refund_return.pk}"))
    )
    expect(item.get_by_test_id("return-refund")).to_have_text("Refund once we receive the items")

    admin.goto(f"{base_url}/dashboard/admin/returns")
    return_move(admin, refund_return.pk, "Approve", "Approved")
    assert stock(lamp) == {"-": 4, "product": 4}
    row = return_move(admin, refund_return.pk, "Mark received", "Received")
    expect(status_cell(row).get_by_text("Refund ₹1,499.50", exact=True)).to_be_visible()
    assert stock(lamp) == {"-": 5, "product": 5}
    row.get_by_role("button", name=f"Refund return #{refund_return.pk}").click()
    expect(
        row.get_by_text("Paid online: the amount goes back to the payment through Razorpay.")
    ).to_be_visible()
    # No reference is asked of an online refund.
    expect(row.get_by_label(re.compile("UPI or bank transfer reference"))).to_have_count(0)
    row.get_by_role("button", name=f"Refund ₹1,499.50 return #{refund_return.pk}").click()
    expect(status_cell(row).get_by_text("Refunded", exact=True)).to_be_visible()
    expect(status_cell(row).get_by_text("Gateway refund: pending")).to_be_visible()
    assert razorpay.refunds == {}  # asked by the queue's job, after the commit

    # Before the job has run, the shopper is told the refund is on its way.
    order_page(page, base_url, second.pk)
    item = (
        page.get_by_role("region", name="Your returns")
        .get_by_role("listitem")
        .filter(has=page.get_by_role("heading", name=f"Return #{refund_return.pk}"))
    )
    expect(item.get_by_test_id("return-status")).to_have_text("Refunded")
    expect(item.get_by_test_id("return-refund")).to_have_text("Refund of ₹1,499.50 on its way")

    run_tasks()  # the refund job (and the mails), as a worker runs them
    assert [(r["payment_id"], r["amount"]) for r in razorpay.refunds.values()] == [
        (payment.payment_id, 149950)
    ]
    refund = Refund.objects.get(key=f"return:{refund_return.pk}")
    assert (refund.amount, refund.status) == (149950, "processed")
    credit = Invoice.objects.get(kind=InvoiceKind.CREDIT_NOTE, order=second)
    refund_note = credit_note_number(2)
    assert (credit.number, credit.amount) == (refund_note, Decimal("1499.50"))

    card = order_page(page, base_url, second.pk)
    item = (
        page.get_by_role("region", name="Your returns")
        .get_by_role("listitem")
        .filter(has=page.get_by_role("heading", name=f"Return #{refund_return.pk}"))
    )
    expect(item.get_by_test_id("return-refund")).to_have_text("Refunded ₹1,499.50")
    expect(item.get_by_text(f"Credit note {refund_note}")).to_be_visible()
    notes = card.get_by_test_id("credit-notes")
    expect(notes.get_by_role("listitem")).to_have_text(
        [f"{refund_note}, {long_day(timezone.localdate(credit.issued_at))}: ₹1,499.50Download"]
    )
    with page.expect_download() as download:
        notes.get_by_role(
            "button", name=f"Download credit note {refund_note} of order #{second.pk}"
        ).click()
    assert download.value.suggested_filename == refund_note.replace("/", "-") + ".pdf"
    assert Path(download.value.path()).read_bytes()[:5] == b"%PDF-"
