"""Tax invoices and credit notes: their numbers, their issue and their PDF files.

Numbering (CGST Rules, rule 46(b) and 53(1A)(c)): a consecutive serial number of at most
16 characters (letters, digits, '-' and '/'), unique for a financial year, April to
March in Indian time. Each kind has its own series, one `InvoiceSequence` row a kind and
year. `allocate` takes the next serial under that row's lock, in the caller's
transaction: two servers shipping at once wait for each other, and a transaction that
rolls back gives its number back with everything else, so the series never has a gap
or a duplicate.

An invoice is issued in the transaction that moves an order to Shipped
(orders.actions.order_ship); a credit note in the one that moves an invoiced order to
Returned (orders.actions.order_return: everything not credited yet), or a return to
Received (returns.services: the units returned). A credit note keeps its own lines as
issued (`Invoice.lines`): what comes back of each order line after its share of the
discount, with the tax on it, and the delivery charge when it is refunded. The PDF is
made by a job of the task queue (orders.tasks.render_invoice), or by the download when
the job has not run yet, and kept in the media storage under a name with an unguessable
part (orders/invoice_files.py).
"""

from collections import defaultdict
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils import timezone

from orders import tax
from orders.models import Invoice, InvoiceKind, InvoiceSequence, Order, OrderLine
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


def _issue(
    order: Order,
    kind: str,
    at: datetime | None,
    *,
    amount: Decimal,
    lines: list[dict] | None = None,
) -> Invoice:
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
        amount=amount,
        lines=lines or [],
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
    document = _issue(order, InvoiceKind.INVOICE, at, amount=order.total)
    Order.objects.filter(pk=order.pk).update(invoice_number=document.number)
    order.invoice_number = document.number
    return document


# --- credit notes -------------------------------------------------------------------------

PAISA = Decimal("0.01")
ZERO = Decimal("0.00")
MONEY_KEYS = ("value", "discount", "taxableValue", "cgst", "sgst", "igst")


class Credited:
    """What an order's credit notes have credited so far: per order line the units and
    the sums of each amount, and whether the delivery charge came back. A credit note
    from before credit notes kept their lines credited the whole order."""

    def __init__(self, documents: list[Invoice]):
        self.units: dict[int, int] = defaultdict(int)
        self.sums: dict[int, dict[str, Decimal]] = defaultdict(
            lambda: dict.fromkeys(MONEY_KEYS, ZERO)
        )
        self.delivery = False
        self.everything = False
        for document in documents:
            if not document.lines:
                self.everything = self.delivery = True
                continue
            for row in document.lines:
                if row.get("line") is None:
                    self.delivery = True
                    continue
                self.units[row["line"]] += int(row["quantity"])
                sums = self.sums[row["line"]]
                for key in MONEY_KEYS:
                    sums[key] += Decimal(row.get(key) or "0")

    def left(self, line: OrderLine) -> int:
        """Units of `line` not credited yet (of those the order is for, not cancelled)."""
        if self.everything:
            return 0
        return max(line.quantity - self.units[line.pk], 0)


def credited(order: Order) -> Credited:
    """What the order's credit notes have credited so far (read in the caller's
    transaction, which holds the order's lock)."""
    return Credited(list(Invoice.objects.filter(order=order, kind=InvoiceKind.CREDIT_NOTE)))


def _money(value: Decimal) -> str:
    return str(Decimal(value).quantize(PAISA))


def _intra_state(order: Order, line: OrderLine | None, shop) -> bool:
    """CGST + SGST (the place of supply is the shop's state) or IGST, as the line was
    taxed; a line taxed at 0 (or before GST), by the place of supply."""
    if line is not None and line.igst:
        return False
    if line is not None and (line.cgst or line.sgst):
        return True
    if order.delivery_igst:
        return False
    if order.delivery_cgst or order.delivery_sgst:
        return True
    return (order.place_of_supply or shop.state_code) == shop.state_code


def credit_row(order: Order, line: OrderLine, quantity: int, done: Credited, shop) -> dict:
    """The credit note's line for `quantity` units of `line`: their value after their
    share of the line's discount (discount x units / quantity, rounded half up; the last
    units of the line take what is left of it), and the tax on that value at the line's
    rate and the order's place of supply (the last units take what is left of the line's
    taxable value and taxes, so a line credited in parts credits its invoice exactly)."""
    before = done.units[line.pk]
    if quantity < 1 or before + quantity > line.quantity:
        raise ValueError(f"{quantity} units of order line {line.pk} cannot be credited")
    sums = done.sums[line.pk]
    last = before + quantity == line.quantity
    if last:
        discount = line.discount - sums["discount"]
    else:
        discount = (line.discount * quantity / line.quantity).quantize(PAISA, ROUND_HALF_UP)
    value = line.price * quantity - discount
    untaxed = not (line.taxable_value or line.cgst or line.sgst or line.igst)
    if untaxed:
        # A line recorded before GST: its whole value, no tax.
        cgst = sgst = igst = ZERO
    elif last:
        cgst = line.cgst - sums["cgst"]
        sgst = line.sgst - sums["sgst"]
        igst = line.igst - sums["igst"]
    else:
        part = tax.split(value, line.gst_rate, intra_state=_intra_state(order, line, shop))
        cgst, sgst, igst = part.cgst, part.sgst, part.igst
    return {
        "line": line.pk,
        "quantity": quantity,
        "value": _money(value),
        "discount": _money(discount),
        "taxableValue": _money(value - cgst - sgst - igst),
        "cgst": _money(cgst),
        "sgst": _money(sgst),
        "igst": _money(igst),
    }


def delivery_row(order: Order) -> dict:
    """The delivery charge back, with its tax as charged: a line with `"line": None`."""
    taxes = order.delivery_cgst + order.delivery_sgst + order.delivery_igst
    return {
        "line": None,
        "quantity": 1,
        "value": _money(order.delivery_charge),
        "discount": _money(ZERO),
        "taxableValue": _money(order.delivery_charge - taxes),
        "cgst": _money(order.delivery_cgst),
        "sgst": _money(order.delivery_sgst),
        "igst": _money(order.delivery_igst),
    }


def issue_credit_note(
    order: Order,
    *,
    lines: list[tuple[OrderLine, int]] | None = None,
    delivery: bool | None = None,
    at: datetime | None = None,
) -> Invoice | None:
    """A credit note against the order's tax invoice (rule 53: its own series, naming the
    invoice), in the caller's transaction, which holds the order's lock.

    With `lines` ([(order line, units)], a return received: returns.services), for those
    units, and the delivery charge when `delivery`. Without (the whole order returned:
    orders.actions.order_return), for every unit not credited yet and not cancelled, and
    the delivery charge unless a credit note gave it back already; when nothing is left
    to credit, the latest credit note is answered and nothing is issued (a second call
    does nothing). None when the order has no invoice (shipped before invoices existed):
    there is nothing to credit."""
    if not Invoice.objects.filter(order=order, kind=InvoiceKind.INVOICE).exists():
        return None
    done = credited(order)
    shop = get_shop_details()
    if lines is None:
        lines = [(line, left) for line in order.lines.all() if (left := done.left(line)) > 0]
        if delivery is None:
            delivery = bool(order.delivery_charge) and not done.delivery
        if not lines and not delivery:
            return (
                Invoice.objects.filter(order=order, kind=InvoiceKind.CREDIT_NOTE)
                .order_by("-issued_at", "-id")
                .first()
            )
    rows = [credit_row(order, line, quantity, done, shop) for line, quantity in lines]
    if delivery and order.delivery_charge and not done.delivery:
        rows.append(delivery_row(order))
    amount = sum((Decimal(row["value"]) for row in rows), ZERO)
    return _issue(order, InvoiceKind.CREDIT_NOTE, at, amount=amount, lines=rows)


def invoice_get_for(*, user, order_id: int, kind: str, number: str | None = None) -> Invoice:
    """The order's invoice, or its latest credit note (`number`: that one), for the
    order's buyer or an admin. Anyone else gets the order call's 404, so an order's
    existence is not revealed; its buyer is told when there is no such document yet."""
    orders = Order.objects.filter(pk=order_id)
    if getattr(user, "role", None) != ADMIN_ROLE:
        orders = orders.filter(buyer=user)
    order = orders.only("pk").first()
    if order is None:
        raise Http404(NOT_FOUND)
    return invoice_of(order, kind=kind, number=number)


def invoice_of(order: Order, *, kind: str, number: str | None = None) -> Invoice:
    """The order's invoice or latest credit note (`number`: that one), for a caller that
    may see the order (its buyer, an admin, a guest's token); 404 saying there is none
    yet otherwise."""
    documents = Invoice.objects.filter(order=order, kind=kind)
    if number:
        documents = documents.filter(number=number)
    document = documents.order_by("-issued_at", "-id").first()
    if document is None:
        raise Http404(NO_INVOICE if kind == InvoiceKind.INVOICE else NO_CREDIT_NOTE)
    return document
