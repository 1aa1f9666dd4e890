"""Tax invoices and credit notes: numbering per financial year, issue on Shipped and on
Returned, the PDF's contents (read back with pypdf from what ReportLab drew), the job
that makes it, the downloads and who may have them, and the Django admin's links.
Parallel shipments on real connections are in test_invoices_parallel.py."""

import io
import re
from datetime import datetime
from decimal import Decimal
from importlib import import_module
from urllib.parse import quote
from zoneinfo import ZoneInfo

import pytest
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django_tasks_db.models import DBTaskResult
from pypdf import PdfReader

from catalog.models import Product, Variant
from catalog.tests.factories import ProductFactory
from orders.invoice_files import invoice_pdf_ensure
from orders.invoice_pdf import amount_in_words, inr, render
from orders.invoices import (
    SeriesFull,
    allocate,
    financial_year,
    format_number,
    issue_credit_note,
    issue_invoice,
)
from orders.models import (
    Invoice,
    InvoiceKind,
    InvoiceSequence,
    Order,
    OrderLine,
    OrderStatus,
    ShopDetails,
)
from orders.services import order_set_status
from orders.shop_details import SELLER_FIELDS, get_shop_details
from orders.tasks import render_invoice
from orders.tests.factories import place_order

IST = ZoneInfo("Asia/Kolkata")
NUMBER = re.compile(r"^[A-Za-z0-9/-]{1,16}$")
ADDRESS = {
    "_id": 7,
    "name": "Asha Rao",
    "phone": "9876543210",
    "line1": "12 MG Road",
    "line2": "Flat 4B",
    "city": "Bengaluru",
    "state": "Karnataka",
    "stateCode": "29",
    "pincode": "560001",
    "isDefault": True,
}
MUMBAI = {
    **ADDRESS,
    "city": "Mumbai",
    "state": "Maharashtra",
    "stateCode": "27",
    "pincode": "400001",
}


@pytest.fixture
def kettle(db):
    return ProductFactory(name="Steel Kettle 1.5 L", price=Decimal("1299.00"), quantity=10)


@pytest.fixture
def shirt(db):
    return ProductFactory(name="Cotton T-shirt", price=Decimal("499.00"), quantity=10)


def gst_order(buyer, kettle, shirt, *, address=ADDRESS, status=OrderStatus.PROCESSING):
    """Two kettles and a shirt with the GST the checkout records (18% and 5%), a Rs 49
    delivery charge at 18%; within Karnataka (the shop's state) or, with MUMBAI, not."""
    order = place_order(buyer, (kettle, 2), shirt)
    inter = address is not None and address["stateCode"] != "29"

    def taxes(total_tax):
        if inter:
            return {"cgst": 0, "sgst": 0, "igst": total_tax}
        half = total_tax / 2
        return {"cgst": half, "sgst": half, "igst": 0}

    OrderLine.objects.filter(order=order, product=kettle).update(
        hsn="85161000", gst_rate=18, taxable_value=Decimal("2201.70"), **taxes(Decimal("396.30"))
    )
    OrderLine.objects.filter(order=order, product=shirt).update(
        hsn="6109", gst_rate=5, taxable_value=Decimal("475.24"), **taxes(Decimal("23.76"))
    )
    delivery = taxes(Decimal("7.48"))
    Order.objects.filter(pk=order.pk).update(
        status=status,
        shipping_address=address,
        place_of_supply=address["stateCode"] if address else "",
        delivery_charge=Decimal("49.00"),
        delivery_gst_rate=18,
        delivery_cgst=delivery["cgst"],
        delivery_sgst=delivery["sgst"],
        delivery_igst=delivery["igst"],
        tax_total=Decimal("427.54"),
        total=Decimal("3146.00"),
    )
    order.refresh_from_db()
    return order


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def stored_pdf(document: Invoice) -> bytes:
    document.refresh_from_db()
    with document.pdf.open("rb") as handle:
        return handle.read()


def _status(api, order_id, status):
    return api.put(f"/api/v1/auth/order-status/{order_id}", {"status": status})


# --- numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moment", "year"),
    [
        (datetime(2027, 3, 31, 23, 59, 59, 999999, tzinfo=IST), 2026),
        (datetime(2027, 4, 1, 0, 0, tzinfo=IST), 2027),
        # 00:00 on 1 April in India is still 31 March in UTC: India's clock decides.
        (datetime(2027, 3, 31, 18, 30, tzinfo=ZoneInfo("UTC")), 2027),
        (datetime(2027, 3, 31, 18, 29, 59, tzinfo=ZoneInfo("UTC")), 2026),
        (datetime(2026, 12, 31, 23, 0, tzinfo=IST), 2026),
        (datetime(2027, 1, 1, 0, 0, tzinfo=IST), 2026),
    ],
)
def test_the_financial_year_runs_april_to_march_in_indian_time(moment, year):
    assert financial_year(moment) == year


@pytest.mark.django_db
def test_the_last_minute_of_march_is_the_old_year_and_april_starts_serial_one():
    with transaction.atomic():
        march = [allocate(InvoiceKind.INVOICE, datetime(2027, 3, 31, 23, 59, tzinfo=IST))]
        march.append(allocate(InvoiceKind.INVOICE, datetime(2027, 3, 31, 23, 59, tzinfo=IST)))
        april = allocate(InvoiceKind.INVOICE, datetime(2027, 4, 1, 0, 0, tzinfo=IST))
        later = allocate(InvoiceKind.INVOICE, datetime(2027, 4, 1, 0, 1, tzinfo=IST))
    assert march == [(2026, 1, "SS/2627/000001"), (2026, 2, "SS/2627/000002")]
    assert april == (2027, 1, "SS/2728/000001")
    assert later == (2027, 2, "SS/2728/000002")
    assert dict(InvoiceSequence.objects.values_list("financial_year", "last")) == {
        2026: 2,
        2027: 2,
    }


@pytest.mark.django_db
def test_credit_notes_have_a_series_of_their_own():
    moment = datetime(2026, 6, 1, 12, 0, tzinfo=IST)
    with transaction.atomic():
        first_invoice = allocate(InvoiceKind.INVOICE, moment)
        first_note = allocate(InvoiceKind.CREDIT_NOTE, moment)
        second_invoice = allocate(InvoiceKind.INVOICE, moment)
    assert first_invoice == (2026, 1, "SS/2627/000001")
    assert first_note == (2026, 1, "SS/CN2627/0001")
    assert second_invoice == (2026, 2, "SS/2627/000002")


@pytest.mark.django_db
def test_the_number_carries_the_shops_prefix():
    ShopDetails.objects.filter(pk=1).update(invoice_prefix="ABCD")
    with transaction.atomic():
        number = allocate(InvoiceKind.INVOICE, datetime(2026, 6, 1, tzinfo=IST))[2]
    assert number == "ABCD/2627/000001"


@pytest.mark.parametrize(
    ("kind", "prefix", "serial", "number"),
    [
        (InvoiceKind.INVOICE, "SS", 42, "SS/2627/000042"),
        (InvoiceKind.INVOICE, "ABCD", 999_999, "ABCD/2627/999999"),
        (InvoiceKind.INVOICE, "SS", 1_000_000, "SS/2627/1000000"),
        (InvoiceKind.CREDIT_NOTE, "SS", 7, "SS/CN2627/0007"),
        (InvoiceKind.CREDIT_NOTE, "ABCD", 9_999, "ABCD/CN2627/9999"),
        (InvoiceKind.CREDIT_NOTE, "SS", 123_456, "SS/CN2627/123456"),
        # Past what fits with the year written twice, it is written once.
        (InvoiceKind.CREDIT_NOTE, "ABCD", 10_000, "ABCD/CN26/10000"),
        (InvoiceKind.CREDIT_NOTE, "ABCD", 999_999, "ABCD/CN26/999999"),
        (InvoiceKind.CREDIT_NOTE, "ABC", 10_000, "ABC/CN2627/10000"),
        (InvoiceKind.CREDIT_NOTE, "ABC", 100_000, "ABC/CN26/100000"),
        (InvoiceKind.INVOICE, "ABCD", 1_000_000, "ABCD/26/1000000"),
        (InvoiceKind.INVOICE, "ABCD", 99_999_999, "ABCD/26/99999999"),
        # Only letters, digits and '-' of a prefix are kept; '/' separates the parts.
        (InvoiceKind.INVOICE, "S/S ", 1, "SS/2627/000001"),
        (InvoiceKind.INVOICE, "", 1, "2627/000001"),
    ],
)
def test_numbers_are_at_most_16_letters_digits_dashes_and_slashes(kind, prefix, serial, number):
    assert format_number(kind, prefix, 2026, serial) == number
    assert NUMBER.match(number)


def test_a_serial_that_would_pass_16_characters_in_either_form_is_refused():
    with pytest.raises(SeriesFull):
        format_number(InvoiceKind.CREDIT_NOTE, "ABCD", 2026, 1_000_000)
    with pytest.raises(SeriesFull):
        format_number(InvoiceKind.INVOICE, "ABCD", 2026, 100_000_000)


@pytest.mark.django_db
def test_the_ten_thousandth_return_of_a_year_gets_its_credit_note(admin_api, buyer, kettle, shirt):
    """With a four-character prefix the credit note series goes on past 9,999: the
    return is not refused and the number stays within 16 characters."""
    ShopDetails.objects.filter(pk=1).update(invoice_prefix="ABCD")
    order = gst_order(buyer, kettle, shirt)
    assert _status(admin_api, order.pk, "Shipped").status_code == 200
    year = financial_year(datetime.now(IST))
    InvoiceSequence.objects.create(kind=InvoiceKind.CREDIT_NOTE, financial_year=year, last=9_999)
    answer = _status(admin_api, order.pk, "Returned")
    assert answer.status_code == 200, answer.json()
    note = Invoice.objects.get(order=order, kind=InvoiceKind.CREDIT_NOTE)
    assert note.serial == 10_000
    assert note.number == f"ABCD/CN{year % 100:02d}/10000"
    assert NUMBER.match(note.number)
    assert InvoiceSequence.objects.get(kind=InvoiceKind.CREDIT_NOTE).last == 10_000


@pytest.mark.django_db
def test_the_millionth_invoice_of_a_year_is_issued(admin_api, buyer, kettle, shirt):
    ShopDetails.objects.filter(pk=1).update(invoice_prefix="ABCD")
    order = gst_order(buyer, kettle, shirt)
    year = financial_year(datetime.now(IST))
    InvoiceSequence.objects.create(kind=InvoiceKind.INVOICE, financial_year=year, last=999_999)
    answer = _status(admin_api, order.pk, "Shipped")
    assert answer.status_code == 200, answer.json()
    number = Order.objects.get(pk=order.pk).invoice_number
    assert number == f"ABCD/{year % 100:02d}/1000000"
    assert NUMBER.match(number)


@pytest.mark.django_db(transaction=True)
def test_a_number_is_taken_only_inside_the_transaction_that_issues_it():
    with pytest.raises(RuntimeError):
        allocate(InvoiceKind.INVOICE, datetime(2026, 6, 1, tzinfo=IST))
    assert not InvoiceSequence.objects.exists()


# --- issue on shipping ---------------------------------------------------------------------


@pytest.mark.django_db
def test_shipping_issues_consecutive_invoices(admin_api, buyer, kettle, shirt):
    orders = [gst_order(buyer, kettle, shirt) for _ in range(3)]
    for order in orders:
        answer = _status(admin_api, order.pk, "Shipped")
        assert answer.status_code == 200, answer.json()
    numbers = [Order.objects.get(pk=order.pk).invoice_number for order in orders]
    year = financial_year(datetime.now(IST))
    years = f"{year % 100:02d}{(year + 1) % 100:02d}"
    assert numbers == [f"SS/{years}/00000{n}" for n in (1, 2, 3)]
    assert list(Invoice.objects.order_by("serial").values_list("order_id", "serial", "number")) == [
        (order.pk, n, number) for n, (order, number) in enumerate(zip(orders, numbers), 1)
    ]
    # A PDF job for each, written with the shipment.
    jobs = DBTaskResult.objects.filter(task_path="orders.tasks.render_invoice")
    assert sorted(job.args_kwargs["args"][0] for job in jobs) == sorted(
        Invoice.objects.values_list("pk", flat=True)
    )


@pytest.mark.django_db
def test_an_order_not_shipped_has_no_invoice(admin_api, buyer, kettle, shirt):
    order = gst_order(buyer, kettle, shirt, status=OrderStatus.NOT_PROCESSED)
    _status(admin_api, order.pk, "Processing")
    _status(admin_api, order.pk, "Cancelled")
    assert not Invoice.objects.exists()
    assert Order.objects.get(pk=order.pk).invoice_number is None


@pytest.mark.django_db
def test_a_rolled_back_shipment_gives_its_number_back(buyer, kettle, shirt):
    first, second = gst_order(buyer, kettle, shirt), gst_order(buyer, kettle, shirt)
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        order_set_status(order_id=first.pk, status=OrderStatus.SHIPPED)
        assert Order.objects.get(pk=first.pk).invoice_number.endswith("/000001")
        1 / 0  # anything after the number was taken, before the commit
    assert not Invoice.objects.exists()
    assert Order.objects.get(pk=first.pk).status == OrderStatus.PROCESSING
    assert not DBTaskResult.objects.filter(task_path="orders.tasks.render_invoice").exists()
    order_set_status(order_id=second.pk, status=OrderStatus.SHIPPED)
    assert Invoice.objects.get().serial == 1
    assert Order.objects.get(pk=second.pk).invoice_number.endswith("/000001")


@pytest.mark.django_db
def test_issuing_twice_keeps_the_first_invoice(buyer, kettle, shirt):
    order = gst_order(buyer, kettle, shirt)
    with transaction.atomic():
        first = issue_invoice(order)
        second = issue_invoice(order)
    assert first.pk == second.pk
    assert Invoice.objects.count() == 1
    assert InvoiceSequence.objects.get().last == 1
    assert DBTaskResult.objects.filter(task_path="orders.tasks.render_invoice").count() == 1


# --- returns and credit notes ---------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("path", [["Shipped"], ["Shipped", "Delivered"]])
def test_a_return_puts_the_stock_back_and_issues_a_credit_note(
    admin_api, buyer, kettle, shirt, path, run_tasks
):
    order = gst_order(buyer, kettle, shirt)
    for status in path:
        assert _status(admin_api, order.pk, status).status_code == 200
    assert Product.objects.get(pk=kettle.pk).quantity == 8
    answer = _status(admin_api, order.pk, "Returned")
    assert answer.status_code == 200, answer.json()
    body = answer.json()["order"]
    assert body["status"] == "Returned"
    assert body["nextStatuses"] == []
    assert body["payment"] == {"method": "cod", "success": False}
    assert [Product.objects.get(pk=p.pk).quantity for p in (kettle, shirt)] == [10, 10]
    assert [v.quantity for v in Variant.objects.filter(product__in=[kettle, shirt])] == [10, 10]
    invoice = Invoice.objects.get(order=order, kind=InvoiceKind.INVOICE)
    note = Invoice.objects.get(order=order, kind=InvoiceKind.CREDIT_NOTE)
    assert re.match(r"^SS/CN\d{4}/0001$", note.number)
    run_tasks()
    text = pdf_text(stored_pdf(note))
    assert "CREDIT NOTE" in text
    assert f"Credit note No.: {note.number}" in text
    assert f"Against tax invoice No.: {invoice.number}" in text
    assert f"Tax invoice date: {invoice.issued_at.astimezone(IST).day} " in text
    assert "Total credited: ₹3,146.00" in text
    assert "Asha Rao" in text
    assert "State: Karnataka, State code: 29" in text
    assert "Authorised signatory" in text


@pytest.mark.django_db
def test_a_returned_order_moves_nowhere_and_the_buyer_cannot_return_it(
    admin_api, buyer_api, buyer, kettle, shirt
):
    order = gst_order(buyer, kettle, shirt)
    _status(admin_api, order.pk, "Shipped")
    assert buyer_api.post(f"/api/v1/orders/{order.pk}/cancel").status_code == 409
    _status(admin_api, order.pk, "Returned")
    for status in OrderStatus.values:
        assert _status(admin_api, order.pk, status).status_code == 409
    assert Invoice.objects.filter(order=order).count() == 2
    # Stock went back once only.
    assert Product.objects.get(pk=kettle.pk).quantity == 10


@pytest.mark.django_db
def test_a_credit_note_is_issued_once_and_only_against_an_invoice(buyer, kettle, shirt):
    order = gst_order(buyer, kettle, shirt)
    with transaction.atomic():
        assert issue_credit_note(order) is None  # nothing invoiced, nothing to credit
        issue_invoice(order)
        first = issue_credit_note(order)
        again = issue_credit_note(order)
    assert first.pk == again.pk
    assert Invoice.objects.filter(kind=InvoiceKind.CREDIT_NOTE).count() == 1


@pytest.mark.django_db
def test_an_order_shipped_before_invoices_returns_without_a_credit_note(
    admin_api, buyer, kettle, shirt
):
    order = gst_order(buyer, kettle, shirt, status=OrderStatus.SHIPPED)
    assert _status(admin_api, order.pk, "Returned").status_code == 200
    assert not Invoice.objects.exists()
    assert Product.objects.get(pk=kettle.pk).quantity == 10


# --- the PDF ------------------------------------------------------------------------------


def _issued(order, *, at=None):
    with transaction.atomic():
        Order.objects.filter(pk=order.pk).update(status=OrderStatus.SHIPPED)
        return issue_invoice(order, at=at)


@pytest.mark.django_db
def test_the_invoice_pdf_holds_every_rule_46_field_within_the_state(buyer, kettle, shirt):
    order = gst_order(buyer, kettle, shirt)
    document = _issued(order, at=datetime(2026, 11, 26, 10, 0, tzinfo=IST))
    text = pdf_text(render(document, shop=get_shop_details()))
    expected = [
        "TAX INVOICE",
        # (a) the supplier's name, address and GSTIN
        "ShopSphere Retail Private Limited",
        "4th Floor, Prestige Tech Park, Outer Ring Road",
        "Bengaluru 560103",
        "GSTIN: 29AAACS1234A1ZY",
        # (b) the serial number, (c) the date of issue
        "Invoice No.: SS/2627/000001",
        "Invoice date: 26 November 2026",
        # (e)/(f) the recipient's name, delivery address, state name and code
        "Asha Rao",
        "12 MG Road",
        "Flat 4B",
        "Bengaluru 560001",
        "State: Karnataka, State code: 29",
        # (g) description, (h) HSN, (i) quantity and unit, (j) total value,
        # (k) taxable value, (m) rates, (n) amounts
        "Steel Kettle 1.5 L",
        "Cotton T-shirt",
        "85161000",
        "6109",
        "NOS",
        "Taxable\nvalue",
        "2,201.70",
        "475.24",
        "2,598.00",
        "499.00",
        "CGST",
        "SGST",
        "198.15",
        "11.88",
        "2.5%",
        "9%",
        # the delivery charge, its own row with its tax
        "Delivery charge",
        "41.52",
        "3.74",
        # (o) place of supply, (p) reverse charge
        "Place of supply: Karnataka (29)",
        "Tax payable on reverse charge: No",
        # totals, in words, the signatory line
        "Total invoice value: ₹3,146.00",
        "Amount in words: Rupees Three Thousand One Hundred and Forty Six Only",
        "Tax summary",
        "For ShopSphere Retail Private Limited",
        "Authorised signatory",
    ]
    missing = [field for field in expected if field not in text]
    assert not missing, text
    assert "IGST" not in text
    assert "₹" in text


@pytest.mark.django_db
def test_an_invoice_to_another_state_charges_igst(buyer, kettle, shirt):
    order = gst_order(buyer, kettle, shirt, address=MUMBAI)
    text = pdf_text(render(_issued(order), shop=get_shop_details()))
    for field in (
        "Place of supply: Maharashtra (27)",
        "State: Maharashtra, State code: 27",
        "Mumbai 400001",
        "IGST",
        "18%",
        "5%",
        "396.30",
        "23.76",
        "7.48",
    ):
        assert field in text, field
    assert "CGST" not in text
    assert "SGST" not in text


@pytest.mark.django_db
def test_a_free_text_address_is_printed_with_the_place_of_supply_state(buyer, kettle, shirt):
    order = gst_order(buyer, kettle, shirt, address=None)
    text = pdf_text(render(_issued(order), shop=get_shop_details()))
    assert buyer.name in text
    assert "12 MG Road, Bengaluru 560001" in text  # the order's address as typed
    assert "State: Karnataka, State code: 29" in text
    assert "Place of supply: Karnataka (29)" in text


@pytest.mark.django_db
def test_rendering_is_byte_for_byte_the_same_each_time(buyer, kettle, shirt):
    document = _issued(gst_order(buyer, kettle, shirt))
    assert render(document, shop=get_shop_details()) == render(document, shop=get_shop_details())


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("1250.50", "Rupees One Thousand Two Hundred and Fifty and Paise Fifty Only"),
        ("1250", "Rupees One Thousand Two Hundred and Fifty Only"),
        ("0.05", "Rupees Zero and Paise Five Only"),
        ("100000", "Rupees One Lakh Only"),
        (
            "12345678.99",
            "Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred and "
            "Seventy Eight and Paise Ninety Nine Only",
        ),
    ],
)
def test_the_total_in_words_counts_in_lakh_and_crore(amount, words):
    assert amount_in_words(Decimal(amount)) == words


@pytest.mark.parametrize(
    ("amount", "text"),
    [("0", "0.00"), ("999.5", "999.50"), ("1234567.5", "12,34,567.50"), ("100000", "1,00,000.00")],
)
def test_amounts_are_grouped_the_indian_way(amount, text):
    assert inr(Decimal(amount)) == text
    assert inr(Decimal(amount), sign=True) == f"₹{text}"


# --- the seller at issue ---------------------------------------------------------------------

OLD_SELLER = [
    "ShopSphere Retail Private Limited",
    "4th Floor, Prestige Tech Park, Outer Ring Road",
    "Bengaluru 560103",
    "State: Karnataka, State code: 29",
    "GSTIN: 29AAACS1234A1ZY",
]
NEW_SELLER = [
    "Sphere Traders LLP",
    "Plot 9, MIDC Andheri East",
    "Mumbai 400093",
    "State: Maharashtra, State code: 27",
    "GSTIN: 27AAPFU0939F1ZV",
]


def _move_the_shop():
    """The operator edits the shop's details as the Django admin saves them."""
    shop = ShopDetails.objects.get(pk=1)
    shop.legal_name = "Sphere Traders LLP"
    shop.address = "Plot 9, MIDC Andheri East"
    shop.city = "Mumbai"
    shop.pincode = "400093"
    shop.state = "Maharashtra"
    shop.gstin = "27AAPFU0939F1ZV"
    shop.save()
    assert get_shop_details().legal_name == "Sphere Traders LLP"


@pytest.mark.django_db
def test_a_document_prints_the_seller_as_at_its_issue(
    admin_api, buyer_api, buyer, kettle, shirt, run_tasks
):
    order = gst_order(buyer, kettle, shirt)
    assert _status(admin_api, order.pk, "Shipped").status_code == 200
    invoice = Invoice.objects.get(order=order)
    assert invoice.seller["gstin"] == "29AAACS1234A1ZY"
    _move_the_shop()
    # Drawn after the change, by the job and on the spot: the seller that issued it.
    run_tasks()
    for text in (pdf_text(stored_pdf(invoice)), pdf_text(render(invoice, shop=get_shop_details()))):
        missing = [field for field in OLD_SELLER if field not in text]
        assert not missing, text
        assert "Sphere Traders" not in text
        assert "27AAPFU0939F1ZV" not in text
        # The place of supply and the tax stay as charged: within Karnataka.
        assert "CGST" in text
        assert "IGST" not in text
    # The credit note issued after the change names the seller as it is then.
    assert _status(admin_api, order.pk, "Returned").status_code == 200
    answer = buyer_api.get(f"/api/v1/orders/{order.pk}/credit-note")
    assert answer.status_code == 200
    text = pdf_text(answer.content)
    missing = [field for field in NEW_SELLER if field not in text]
    assert not missing, text
    assert "For Sphere Traders LLP" in text
    assert "29AAACS1234A1ZY" not in text
    assert Invoice.objects.get(pk=invoice.pk).seller["legal_name"] == OLD_SELLER[0]


@pytest.mark.django_db
def test_a_document_without_a_copy_of_the_seller_prints_the_current_one(buyer, kettle, shirt):
    document = _issued(gst_order(buyer, kettle, shirt))
    Invoice.objects.filter(pk=document.pk).update(seller=None)
    _move_the_shop()
    document.refresh_from_db()
    text = pdf_text(render(document, shop=get_shop_details()))
    missing = [field for field in NEW_SELLER if field not in text]
    assert not missing, text


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_documents_issued_before_it_the_current_seller(buyer, kettle, shirt):
    before, after = (
        ("orders", "0010_status_history_of_existing_orders"),
        ("orders", "0011_invoice_seller"),
    )
    # A transactional test before this one may have emptied the table: the details as
    # a fresh install has them.
    placeholder = import_module("orders.migrations.0005_gst_invoices_delivery").PLACEHOLDER
    ShopDetails.objects.get_or_create(pk=1, defaults=placeholder)
    document = _issued(gst_order(buyer, kettle, shirt))
    # Read with today's model before going back: the columns added since are not there.
    shop = ShopDetails.objects.get(pk=1)
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    try:
        executor = MigrationExecutor(connection)
        executor.migrate([after])
        document.refresh_from_db(fields=["seller"])  # the columns 0011 knows
        assert document.seller == {
            "legal_name": "ShopSphere Retail Private Limited",
            "trade_name": shop.trade_name,
            "address": "4th Floor, Prestige Tech Park, Outer Ring Road",
            "city": "Bengaluru",
            "state": "Karnataka",
            "pincode": "560103",
            "gstin": "29AAACS1234A1ZY",
            "email": shop.email,
            "phone": shop.phone,
        }
        assert set(document.seller) == set(SELLER_FIELDS)
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    # Drawn with today's models (the migrations after it add columns the order reads).
    _move_the_shop()
    text = pdf_text(render(document, shop=get_shop_details()))
    assert "GSTIN: 29AAACS1234A1ZY" in text


# --- the job ---------------------------------------------------------------------------------


def _files(settings) -> list[str]:
    folder = settings.MEDIA_ROOT / "invoices"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.mark.django_db
def test_the_job_stores_one_file_however_often_it_runs(buyer, kettle, shirt, run_tasks, settings):
    order = gst_order(buyer, kettle, shirt)
    run_tasks()  # the "placed" mail
    document = _issued(order)
    assert run_tasks() == 1
    document.refresh_from_db()
    name = document.pdf.name
    assert re.match(r"^invoices/SS-\d{4}-000001-[A-Za-z0-9_-]{20,}\.pdf$", name)
    render_invoice.call(document.pk)
    render_invoice.enqueue(document.pk)
    assert run_tasks() == 1
    document.refresh_from_db()
    assert document.pdf.name == name
    assert _files(settings) == [name.removeprefix("invoices/")]
    assert "SS/" in pdf_text(stored_pdf(document))


@pytest.mark.django_db
def test_a_failed_save_leaves_no_file_and_the_next_run_makes_it(
    buyer, kettle, shirt, settings, monkeypatch
):
    document = _issued(gst_order(buyer, kettle, shirt))
    real_update = type(Invoice.objects.all()).update

    def failing(self, **kwargs):
        if "pdf" in kwargs:
            raise RuntimeError("the database went away")
        return real_update(self, **kwargs)

    monkeypatch.setattr(type(Invoice.objects.all()), "update", failing)
    with pytest.raises(RuntimeError):
        invoice_pdf_ensure(invoice_id=document.pk)
    assert _files(settings) == []
    monkeypatch.undo()
    invoice_pdf_ensure(invoice_id=document.pk)
    assert len(_files(settings)) == 1


# --- downloads ---------------------------------------------------------------------------------


@pytest.fixture
def shipped(admin_api, buyer, kettle, shirt):
    order = gst_order(buyer, kettle, shirt)
    assert _status(admin_api, order.pk, "Shipped").status_code == 200
    return Order.objects.get(pk=order.pk)


def _filename(number: str) -> str:
    return f'attachment; filename="{number.replace("/", "-")}.pdf"'


@pytest.mark.django_db
def test_the_buyer_downloads_the_invoice_made_on_the_spot_before_the_job_runs(
    buyer_api, shipped, run_tasks, settings
):
    answer = buyer_api.get(f"/api/v1/orders/{shipped.pk}/invoice")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/pdf"
    assert answer["Content-Disposition"] == _filename(shipped.invoice_number)
    assert answer["Cache-Control"] == "private, no-store"
    assert f"Invoice No.: {shipped.invoice_number}" in pdf_text(answer.content)
    stored = _files(settings)
    assert len(stored) == 1
    # The job finds the file made and keeps it.
    run_tasks()
    assert _files(settings) == stored
    assert buyer_api.get(f"/api/v1/orders/{shipped.pk}/invoice").content == answer.content


@pytest.mark.django_db
def test_a_download_reads_the_stored_file_in_fixed_queries(
    buyer_api, shipped, run_tasks, django_assert_num_queries
):
    run_tasks()
    # the token's user, the order, its invoice (with the stored file's name)
    with django_assert_num_queries(3):
        answer = buyer_api.get(f"/api/v1/orders/{shipped.pk}/invoice")
    assert answer.status_code == 200


@pytest.mark.django_db
def test_a_lost_file_is_drawn_again_on_download(buyer_api, shipped, run_tasks, settings):
    run_tasks()
    document = Invoice.objects.get()
    (settings.MEDIA_ROOT / document.pdf.name).unlink()
    answer = buyer_api.get(f"/api/v1/orders/{shipped.pk}/invoice")
    assert answer.status_code == 200
    assert f"Invoice No.: {shipped.invoice_number}" in pdf_text(answer.content)
    document.refresh_from_db()
    assert (settings.MEDIA_ROOT / document.pdf.name).exists()
    assert len(_files(settings)) == 1


@pytest.mark.django_db
def test_an_admin_downloads_any_invoice(admin_api, shipped):
    answer = admin_api.get(f"/api/v1/orders/{shipped.pk}/invoice", HTTP_ACCEPT="application/pdf")
    assert answer.status_code == 200
    assert answer.content.startswith(b"%PDF-")


@pytest.mark.django_db
def test_anyone_else_gets_the_order_calls_answers(api, other_api, shipped):
    order_call = other_api.get(f"/api/v1/orders/{shipped.pk}")
    answer = other_api.get(f"/api/v1/orders/{shipped.pk}/invoice", HTTP_ACCEPT="application/pdf")
    assert (answer.status_code, answer.json()) == (404, order_call.json())
    assert answer.json() == {"success": False, "message": "Order not found"}
    anonymous = api.get(f"/api/v1/orders/{shipped.pk}/invoice")
    assert anonymous.status_code == api.get(f"/api/v1/orders/{shipped.pk}").status_code == 401
    assert anonymous.json()["success"] is False
    for wrong in ("999999", "abc", "0"):
        assert other_api.get(f"/api/v1/orders/{wrong}/invoice").status_code == 404


@pytest.mark.django_db
def test_before_shipping_there_is_no_invoice_to_download(
    buyer_api, admin_api, buyer, kettle, shirt
):
    order = gst_order(buyer, kettle, shirt)
    for client in (buyer_api, admin_api):
        answer = client.get(f"/api/v1/orders/{order.pk}/invoice")
        assert answer.status_code == 404
        assert answer.json() == {"success": False, "message": "This order has no invoice yet"}


@pytest.mark.django_db
def test_the_credit_note_is_downloaded_once_the_order_is_returned(
    admin_api, buyer_api, other_api, shipped
):
    path = f"/api/v1/orders/{shipped.pk}/credit-note"
    assert buyer_api.get(path).json()["message"] == "This order has no credit note"
    _status(admin_api, shipped.pk, "Returned")
    note = Invoice.objects.get(kind=InvoiceKind.CREDIT_NOTE)
    answer = buyer_api.get(path)
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == _filename(note.number)
    assert f"Against tax invoice No.: {shipped.invoice_number}" in pdf_text(answer.content)
    assert admin_api.get(path).status_code == 200
    assert other_api.get(path).status_code == 404


@pytest.mark.django_db
def test_both_downloads_are_in_the_openapi_schema(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ("/api/v1/orders/{order_id}/invoice", "/api/v1/orders/{order_id}/credit-note"):
        answers = schema["paths"][path]["get"]["responses"]
        assert "application/pdf" in answers["200"]["content"]
        assert {"401", "404"} <= set(answers)


# --- the Django admin -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_admins_order_page_links_the_invoice_and_credit_note(staff_client, admin_api, shipped):
    page = staff_client.get(f"/admin/orders/order/{shipped.pk}/change/")
    assert page.status_code == 200
    link = f"/admin/orders/order/{shipped.pk}/document/invoice/"
    assert link + "?number=" in page.content.decode()
    assert shipped.invoice_number in page.content.decode()
    download = staff_client.get(link)
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"] == _filename(shipped.invoice_number)
    _status(admin_api, shipped.pk, "Returned")
    page = staff_client.get(f"/admin/orders/order/{shipped.pk}/change/").content.decode()
    assert f"/admin/orders/order/{shipped.pk}/document/credit_note/?number=" in page
    missing = staff_client.get(f"/admin/orders/order/{shipped.pk}/document/other/")
    assert missing.status_code == 404


@pytest.mark.django_db
def test_the_admins_order_page_links_each_credit_note_to_its_own_pdf(
    staff_client, admin_api, shipped
):
    line = shipped.lines.order_by("pk").first()
    with transaction.atomic():
        first = issue_credit_note(shipped, lines=[(line, 1)], delivery=False)
    _status(admin_api, shipped.pk, "Returned")
    notes = list(shipped.invoices.filter(kind=InvoiceKind.CREDIT_NOTE).order_by("id"))
    assert len(notes) == 2 and notes[0].number == first.number
    page = staff_client.get(f"/admin/orders/order/{shipped.pk}/change/").content.decode()
    for note in notes:
        number = quote(note.number, safe="")
        link = f"/admin/orders/order/{shipped.pk}/document/credit_note/?number={number}"
        assert link in page
        download = staff_client.get(link)
        assert download.status_code == 200
        assert download["Content-Disposition"] == _filename(note.number)
    latest = staff_client.get(f"/admin/orders/order/{shipped.pk}/document/credit_note/")
    assert latest["Content-Disposition"] == _filename(notes[-1].number)
    unknown = staff_client.get(
        f"/admin/orders/order/{shipped.pk}/document/credit_note/?number=SS%2FCN9999%2F0001"
    )
    assert unknown.status_code == 404


@pytest.mark.django_db
def test_the_admins_download_needs_a_staff_login(client, shipped):
    answer = client.get(f"/admin/orders/order/{shipped.pk}/document/invoice/")
    assert answer.status_code == 302
    assert "/admin/login/" in answer["Location"]


@pytest.mark.django_db
def test_a_shop_without_its_details_row_still_numbers_and_prints(buyer, kettle, shirt):
    ShopDetails.objects.all().delete()
    document = _issued(gst_order(buyer, kettle, shirt))
    assert document.number.startswith("SS/")
    assert "GSTIN: 29AAACS1234A1ZY" in pdf_text(render(document, shop=get_shop_details()))


@pytest.mark.django_db
def test_a_full_series_refuses_the_shipment_and_changes_nothing(admin_api, buyer, kettle, shirt):
    ShopDetails.objects.filter(pk=1).update(invoice_prefix="ABCD")
    order = gst_order(buyer, kettle, shirt)
    year = financial_year(datetime.now(IST))
    InvoiceSequence.objects.create(kind=InvoiceKind.INVOICE, financial_year=year, last=99_999_999)
    answer = _status(admin_api, order.pk, "Shipped")
    assert answer.status_code == 409
    assert "shorten the invoice prefix" in answer.json()["message"]
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PROCESSING
    assert InvoiceSequence.objects.get().last == 99_999_999
    assert not Invoice.objects.exists()
