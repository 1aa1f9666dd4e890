"""The tax documents of a period as the shop stored them, in a fixed number of queries
whatever their number: the invoices and credit notes issued in it (`orders.Invoice`, by
`issued_at`) with their orders, the orders' lines and the orders' tax invoices (which a
credit note is reported against). Every figure comes from what was recorded at checkout
and at issue: the order lines' taxable value and taxes, the order's delivery tax, a
credit note's own lines (`Invoice.lines`, docs/invoices.md). Nothing is recomputed from
products or today's rates.

A document becomes `items`: one per order line it covers and one for the delivery charge
(taxed at its own recorded rate, part of the invoice's value and taxable value), each
with its HSN, rate, units, taxable value and taxes. An invoice covers the order's lines
as they are (a line cancelled whole before shipping has quantity 0 and is on no
document); a credit note covers its own rows, or, an old one with no rows, the whole
order.
"""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from django.db.models import Prefetch

from accounts.india import state_code
from orders.models import Invoice, InvoiceKind, Order, OrderLine
from reports.periods import local_day

ZERO = Decimal("0.00")
PAISA = Decimal("0.01")

# B2C (Large): an inter-state invoice to an unregistered buyer whose value is more than
# this (rupees). Rs 1,00,000 for invoices from 1 August 2024 (Notification 12/2024-
# Central Tax, amending Table 5 of FORM GSTR-1), Rs 2,50,000 before (docs/gst-returns.md).
LARGE_ABOVE = Decimal("100000")
LARGE_ABOVE_BEFORE = Decimal("250000")
LARGE_FROM = date(2024, 8, 1)


def large_threshold(day: date) -> Decimal:
    return LARGE_ABOVE if day >= LARGE_FROM else LARGE_ABOVE_BEFORE


@dataclass
class Item:
    hsn: str
    rate: int
    quantity: int
    txval: Decimal
    igst: Decimal
    cgst: Decimal
    sgst: Decimal

    @property
    def tax(self) -> Decimal:
        return self.igst + self.cgst + self.sgst

    @property
    def value(self) -> Decimal:
        return self.txval + self.tax


@dataclass
class Document:
    document: Invoice
    order: Order
    items: list[Item]
    # The tax invoice this document is (an invoice) or is reported against (a credit note).
    invoice: Invoice | None
    shop_state: str

    @property
    def kind(self) -> str:
        return self.document.kind

    @property
    def is_credit_note(self) -> bool:
        return self.document.kind == InvoiceKind.CREDIT_NOTE

    @property
    def number(self) -> str:
        return self.document.number

    @property
    def day(self) -> date:
        return local_day(self.document.issued_at)

    @property
    def value(self) -> Decimal:
        """The document's value, tax included: what it says it is for (`amount`); rows
        from before it was kept: the sum of its items."""
        return self.document.amount or sum((item.value for item in self.items), ZERO)

    @property
    def gstin(self) -> str:
        return self.order.buyer_gstin or ""

    @property
    def registered(self) -> bool:
        return bool(self.order.buyer_gstin)

    @property
    def seller_state(self) -> str:
        """The seller's GST state code on the document (its copy of the seller), else the
        shop's now."""
        return state_code((self.document.seller or {}).get("state", "")) or self.shop_state

    @property
    def pos(self) -> str:
        """Place of supply: the delivery state; the seller's own when none was recorded."""
        return self.order.place_of_supply or self.seller_state

    @property
    def intra_state(self) -> bool:
        """CGST + SGST were charged (else IGST); a document without tax, by its place of
        supply."""
        if any(item.igst for item in self.items):
            return False
        if any(item.cgst or item.sgst for item in self.items):
            return True
        return self.pos == self.seller_state

    @property
    def large(self) -> bool:
        """B2C (Large): unregistered, inter-state, and the tax invoice's value over the
        threshold of its date (a credit note follows its invoice)."""
        if self.registered or self.intra_state or self.invoice is None:
            return False
        invoice_value = self.invoice.amount or self.order.total
        return invoice_value > large_threshold(local_day(self.invoice.issued_at))


def _line_item(line: OrderLine) -> Item:
    if not (line.taxable_value or line.cgst or line.sgst or line.igst):
        # A line recorded before GST: its whole value, no tax (as its credit note has it).
        return Item(line.hsn, line.gst_rate, line.quantity, line.paid_value, ZERO, ZERO, ZERO)
    return Item(
        line.hsn, line.gst_rate, line.quantity, line.taxable_value, line.igst, line.cgst, line.sgst
    )


def delivery_hsn(order: Order, lines: list[OrderLine]) -> str:
    """The delivery charge is part of a composite supply whose principal supply is the
    goods (orders.tax): it is summarised under the HSN of the order's line of greatest
    value at the delivery's rate (the rate was taken from the goods), else of the
    greatest line."""
    kept = [line for line in lines if line.quantity]
    at_rate = [line for line in kept if line.gst_rate == order.delivery_gst_rate] or kept
    if not at_rate:
        return ""
    return max(at_rate, key=lambda line: (line.paid_value, -line.pk)).hsn


def _delivery_item(order: Order, lines: list[OrderLine], row: dict | None = None) -> Item:
    if row is None:
        igst, cgst, sgst = order.delivery_igst, order.delivery_cgst, order.delivery_sgst
        txval = order.delivery_charge - igst - cgst - sgst
    else:
        igst, cgst, sgst = (Decimal(row.get(key) or "0") for key in ("igst", "cgst", "sgst"))
        txval = Decimal(row.get("taxableValue") or "0")
    return Item(delivery_hsn(order, lines), order.delivery_gst_rate, 0, txval, igst, cgst, sgst)


def order_items(order: Order) -> list[Item]:
    """What the order's tax invoice covers: every line not cancelled whole, and the
    delivery charge when there is one."""
    lines = list(order.lines.all())
    items = [_line_item(line) for line in lines if line.quantity]
    if order.delivery_charge:
        items.append(_delivery_item(order, lines))
    return items


def credit_items(document: Invoice, order: Order) -> list[Item]:
    """What a credit note credits: its rows as issued; none (an old note): the order."""
    if not document.lines:
        return order_items(order)
    lines = list(order.lines.all())
    by_id = {line.pk: line for line in lines}
    items = []
    for row in document.lines:
        if row.get("line") is None:
            items.append(_delivery_item(order, lines, row))
            continue
        line = by_id.get(row["line"])
        items.append(
            Item(
                line.hsn if line else "",
                line.gst_rate if line else 0,
                int(row.get("quantity") or 0),
                Decimal(row.get("taxableValue") or "0"),
                Decimal(row.get("igst") or "0"),
                Decimal(row.get("cgst") or "0"),
                Decimal(row.get("sgst") or "0"),
            )
        )
    return items


def documents_between(start: datetime, end: datetime, *, shop_state: str) -> list[Document]:
    """The invoices and credit notes issued in [start, end), oldest first: three queries
    (the documents with their orders, the orders' lines, the orders' tax invoices)."""
    rows = (
        Invoice.objects.filter(issued_at__gte=start, issued_at__lt=end)
        .select_related("order")
        .prefetch_related(
            "order__lines",
            Prefetch(
                "order__invoices",
                queryset=Invoice.objects.filter(kind=InvoiceKind.INVOICE),
                to_attr="tax_invoices",
            ),
        )
        .order_by("issued_at", "id")
    )
    found = []
    for document in rows:
        order = document.order
        invoice = next(iter(order.tax_invoices), None)
        if document.kind == InvoiceKind.INVOICE:
            items, invoice = order_items(order), document
        else:
            items = credit_items(document, order)
        found.append(Document(document, order, items, invoice, shop_state))
    return found


def india_date(day: date) -> str:
    """dd-mm-yyyy, as the portal's JSON writes dates."""
    return day.strftime("%d-%m-%Y")


def json_numbers(value):
    """`value` with every Decimal made a JSON number of two decimals (rupees)."""
    if isinstance(value, Decimal):
        return float(value.quantize(PAISA))
    if isinstance(value, dict):
        return {key: json_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_numbers(item) for item in value]
    return value
