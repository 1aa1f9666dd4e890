"""Tax invoices and credit notes: their numbers, their issue and their PDF files.

Numbering (CGST Rules, rule 46(b) and 53(1A)(c)): a consecutive serial number of at most
16 characters (letters, digits, '-' and '/'), unique for a financial year, April to
March in Indian time. Each kind has its own series, one `InvoiceSequence` row a kind and
year. `allocate` takes the next serial under that row's lock, in the caller's
transaction: two servers shipping at once wait for each other, and a transaction that
rolls back gives its number back with everything else, so the series never has a gap
or a duplicate.

An invoice is issued in the transaction that moves an order to Shipped, a credit note
in the one that moves an invoiced order to Returned (orders.actions: order_ship,
order_return);
the PDF is made by a job of the task queue (orders.tasks.render_invoice), or by the
download when the job has not run yet, and kept in the media storage under a name with
an unguessable part (orders/invoice_files.py).
"""

from datetime import datetime
from zoneinfo import ZoneInfo

from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils import timezone

from orders.models import Invoice, InvoiceKind, InvoiceSequence, Order
from orders.selectors import NOT_FOUND
from orders.shop_details import get_shop_details, seller_snapshot
from orders.tasks import render_invoice
from shop.api.exceptions import Conflict
from shop.api.permissions import ADMIN_ROLE

# The financial year and the date of issue are Indian ones, whatever TIME_ZONE says.
INDIA = ZoneInfo("Asia/Kolkata")
MAX_NUMBER_LENGTH = 16
DEFAULT_PREFIX = "SS"
NO_INVOICE = "This order has no invoice yet"
NO_CREDIT_NOTE = "This order has no credit note"


class SeriesFull(Conflict):
    """The next serial would make a number longer than 16 characters: the move that
    would issue it is refused (409) and changes nothing; a shorter invoice prefix
    (ShopDetails.invoice_prefix) makes room."""


def financial_year(moment: datetime) -> int:
    """The Indian financial year of `moment`, named by the year it starts: 2026 from
    1 April 2026 00:00 to 31 March 2027 23:59:59.999999, Indian time."""
    local = timezone.localtime(moment, INDIA)
    return local.year if local.month >= 4 else local.year - 1


def _prefix(raw: str) -> str:
    """The operator's prefix with only what a number may hold (letters, digits, '-'),
    at most 4 characters; '/' separates the parts, so it is not allowed inside one."""
    kept = "".join(c for c in (raw or "") if (c.isascii() and c.isalnum()) or c == "-")
    return kept[:4]


def format_number(kind: str, prefix: str, year: int, serial: int) -> str:
    """`SS/2627/000042` for the 42nd invoice of April 2026 - March 2027, `SS/CN2627/0007`
    for the 7th credit note. Serials are zero-padded (6 digits, 4 for credit notes) and
    grow wider past that. When that number would pass 16 characters, the year is written
    by its first year alone (`ABCD/CN26/10000`, `ABCD/26/1000000`), so a series goes on
    to 999,999 credit notes and 99,999,999 invoices a year whatever the prefix. Every
    number that fits the first form keeps it, and the forms never meet: the middle part
    is `CN2627` or `2627` in the first, `CN26` or `26` in the second."""
    full, short = f"{year % 100:02d}{(year + 1) % 100:02d}", f"{year % 100:02d}"
    marker, width = ("CN", 4) if kind == InvoiceKind.CREDIT_NOTE else ("", 6)
    for years in (full, short):
        parts = [_prefix(prefix), f"{marker}{years}", f"{serial:0{width}d}"]
        number = "/".join(part for part in parts if part)
        if len(number) <= MAX_NUMBER_LENGTH:
            return number
    raise SeriesFull(
        f"{InvoiceKind(kind).label} number {serial} of {full} does not fit in 16 "
        "characters with this prefix: shorten the invoice prefix in the shop details."
    )


def allocate(kind: str, moment: datetime, *, shop=None) -> tuple[int, int, str]:
    """The next (financial_year, serial, number) of `kind` for a document issued at
    `moment`. Must run inside the caller's transaction (the one that creates the
    document): the sequence row stays locked until it commits, and a rollback returns
    the number. The row of a new year is created race-free: of two first callers one
    inserts, the other's insert fails on the unique constraint (inside a savepoint) and it
    then waits for the row's lock like everyone else. The prefix is `shop`'s (the
    seller's details the caller read), else the shop's details now."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("allocate() must run inside the transaction that issues the document")
    year = financial_year(moment)
    rows = InvoiceSequence.objects.select_for_update().filter(kind=kind, financial_year=year)
    sequence = rows.first()
    if sequence is None:
        try:
            with transaction.atomic():
                InvoiceSequence.objects.create(kind=kind, financial_year=year, last=0)
        except IntegrityError:
            pass  # another transaction created it first; its lock is taken below
        sequence = rows.get()
    serial = sequence.last + 1
    shop = shop or get_shop_details()
    number = format_number(kind, shop.invoice_prefix or DEFAULT_PREFIX, year, serial)
    InvoiceSequence.objects.filter(pk=sequence.pk).update(last=serial)
    return year, serial, number


def _issue(order: Order, kind: str, at: datetime | None) -> Invoice:
    moment = at or timezone.now()
    # One reading of the seller's details gives the number's prefix and the seller the
    # document names for good.
    shop = get_shop_details()
    year, serial, number = allocate(kind, moment, shop=shop)
    document = Invoice.objects.create(
        order=order,
        kind=kind,
        number=number,
        financial_year=year,
        serial=serial,
        issued_at=moment,
        seller=seller_snapshot(shop),
    )
    # A job row written in this transaction: the PDF is made once the document is
    # committed, never for one that was rolled back.
    render_invoice.enqueue(document.pk)
    return document


def issue_invoice(order: Order, *, at: datetime | None = None) -> Invoice:
    """The order's tax invoice: numbered, recorded on the order (`invoice_number`) and its
    PDF job enqueued, all in the caller's transaction (the move to Shipped, which holds
    the order's row lock). An order that has one keeps it: a second call does nothing."""
    existing = Invoice.objects.filter(order=order, kind=InvoiceKind.INVOICE).first()
    if existing is not None:
        return existing
    document = _issue(order, InvoiceKind.INVOICE, at)
    Order.objects.filter(pk=order.pk).update(invoice_number=document.number)
    order.invoice_number = document.number
    return document


def issue_credit_note(order: Order, *, at: datetime | None = None) -> Invoice | None:
    """A credit note for the whole of the order's tax invoice (rule 53: its own series,
    naming the invoice), in the caller's transaction (the move to Returned). None when the
    order has no invoice (shipped before invoices existed): there is nothing to credit.
    An order that has one keeps it: a second call does nothing."""
    documents = {d.kind: d for d in Invoice.objects.filter(order=order)}
    if InvoiceKind.INVOICE not in documents:
        return None
    if InvoiceKind.CREDIT_NOTE in documents:
        return documents[InvoiceKind.CREDIT_NOTE]
    return _issue(order, InvoiceKind.CREDIT_NOTE, at)


def invoice_get_for(*, user, order_id: int, kind: str) -> Invoice:
    """The order's invoice (or credit note) for the order's buyer or an admin. Anyone
    else gets the order call's 404, so an order's existence is not revealed; its buyer
    is told when there is no such document yet."""
    orders = Order.objects.filter(pk=order_id)
    if getattr(user, "role", None) != ADMIN_ROLE:
        orders = orders.filter(buyer=user)
    order = orders.only("pk").first()
    if order is None:
        raise Http404(NOT_FOUND)
    document = Invoice.objects.filter(order=order, kind=kind).first()
    if document is None:
        raise Http404(NO_INVOICE if kind == InvoiceKind.INVOICE else NO_CREDIT_NOTE)
    return document
