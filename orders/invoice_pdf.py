"""The PDF of a tax invoice (CGST Rules, rule 46) or of a credit note (rule 53(1A)).

A4, drawn by ReportLab in fonts vendored in orders/fonts with their licences (a
server's own fonts cannot be relied on): DejaVu Sans Condensed, which has the rupee
sign, and a Noto Sans family for each script Indian names and addresses are written in.
Each word is drawn in a font that has its letters, and a paragraph with Indian scripts
is shaped by HarfBuzz (uharfbuzz), so conjuncts, vowel signs and reph print as they are
written; the shaped runs carry their text as an ActualText span, so the PDF's text
reads back as typed. What each field of the rules is, and where it is printed, is in
docs/invoices.md. The output is byte-for-byte the same for the same document in one
process (ReportLab's invariant mode: no creation time or random id), so its text can
be tested and a second rendering changes nothing.
"""

import contextvars
import functools
import io
import re
import threading
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

from django.utils import timezone
from num2words import num2words
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapedStr, TTFont, shapeStr
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.paragraph import _wsc

from accounts.india import NAME_OF
from orders.models import Invoice, InvoiceKind, Order, ShopDetails
from orders.shop_details import seller_at_issue

INDIA = ZoneInfo("Asia/Kolkata")
FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT, BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"
# Unit Quantity Code (the GST portal's UQC list): goods sold by the piece are "NOS";
# the delivery charge, part of the same composite supply, is "OTH" (others).
UNIT, DELIVERY_UNIT = "NOS", "OTH"
CENT = Decimal("0.01")
ZERO = Decimal("0.00")


# The scripts Indian names and addresses are written in, by their Unicode blocks; each
# is drawn by the Noto Sans family of its name (NotoSansTamil, NotoSansTamil-Bold, ...).
# The dandas (U+0964, U+0965) sit in the Devanagari block but end sentences in most of
# these scripts: like spaces, digits, punctuation and the joiners, they belong to none.
SCRIPTS: dict[str, tuple[tuple[int, int], ...]] = {
    "Devanagari": ((0x0900, 0x0963), (0x0966, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF)),
    "Bengali": ((0x0980, 0x09FF),),
    "Gurmukhi": ((0x0A00, 0x0A7F),),
    "Gujarati": ((0x0A80, 0x0AFF),),
    "Oriya": ((0x0B00, 0x0B7F),),
    "Tamil": ((0x0B80, 0x0BFF),),
    "Telugu": ((0x0C00, 0x0C7F),),
    "Kannada": ((0x0C80, 0x0CFF),),
    "Malayalam": ((0x0D00, 0x0D7F),),
    "OlChiki": ((0x1C50, 0x1C7F),),
    "MeeteiMayek": ((0xAAE0, 0xAAFF), (0xABC0, 0xABFF)),
}
_RANGES = sorted((low, high, script) for script, ranges in SCRIPTS.items() for low, high in ranges)
# Words as ReportLab's paragraphs cut them (at these characters, and not at a no-break
# space): a run of one font must never end inside one of its words.
_WORDS = re.compile(f"([{re.escape(_wsc)}]+)")


@functools.cache
def _fonts() -> None:
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSansCondensed.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    for script in SCRIPTS:
        for weight in ("Regular", "Bold"):
            name = _script_font(script, bold=weight == "Bold")
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / f"NotoSans{script}-{weight}.ttf")))


def _script_font(script: str, *, bold: bool) -> str:
    return f"NotoSans{script}-Bold" if bold else f"NotoSans{script}"


def _script(char: str) -> str | None:
    code = ord(char)
    for low, high, script in _RANGES:
        if low <= code <= high:
            return script
    return None


def _has(font: str, text: str) -> bool:
    glyphs = pdfmetrics.getFont(font).face.charToGlyph
    return all(ord(char) in glyphs for char in text)


def _segments(text: str, base: str) -> tuple[list[tuple[str, str]], bool]:
    """`text` as (font, text) runs, and whether every word is in one font. A word (what
    lies between the spaces ReportLab breaks lines at; a no-break space joins) of one
    script is drawn in that script's font when it has the word's digits and punctuation
    too (those of the nine main scripts do); a word with no such script, in `base`.
    A word mixing scripts, or Latin letters with one, goes letter by letter: a letter of
    no script stays in the font before it when that font has it. Spaces go with the
    word before them."""
    bold = base == BOLD
    runs: list[list[str]] = []
    whole_words = True

    def add(font: str, part: str) -> None:
        if runs and runs[-1][0] == font:
            runs[-1][1] += part
        else:
            runs.append([font, part])

    for word in _WORDS.split(text):
        if not word:
            continue
        if _WORDS.fullmatch(word):
            add(runs[-1][0] if runs else base, word)
            continue
        scripts = {script for char in word if (script := _script(char))}
        if not scripts:
            add(base, word)
            continue
        if len(scripts) == 1:
            font = _script_font(scripts.pop(), bold=bold)
            if _has(font, word):
                add(font, word)
                continue
        whole_words = False
        for char in word:
            script = _script(char)
            if script:
                add(_script_font(script, bold=bold), char)
            elif runs and _has(runs[-1][0], char):
                add(runs[-1][0], char)
            else:
                add(base, char)
    return [(font, part) for font, part in runs], whole_words


# Held while a document is drawn (render).
_DRAWING = threading.Lock()

# What each shaped word of the document being drawn was before shaping, by its font and
# its glyphs as ReportLab writes them (_note_words): read by _TextObject.
_ACTUAL: contextvars.ContextVar[dict[tuple[str, str], str] | None] = contextvars.ContextVar(
    "invoice_actual_text", default=None
)


def _note_words(segments: list[tuple[str, str]], size: float) -> None:
    table = _ACTUAL.get()
    if table is None:
        return
    for font, part in segments:
        for word in filter(None, _WORDS.split(part)[::2]):
            glyphs = str(shapeStr(word, font, size))
            if glyphs != word:
                table[(font, glyphs)] = word


def _logical(font: str, glyphs: str) -> str | None:
    """The text a shaped run of `font` was made from, or None when it is its own."""
    table = _ACTUAL.get() or {}
    pieces = glyphs.split(" ")
    words = [table.get((font, piece), piece) for piece in pieces]
    return " ".join(words) if words != pieces else None


class _TextObject(PDFTextObject):
    """Writes a shaped run inside a marked-content span whose ActualText is the run's
    text: its glyphs are in the order they are drawn (a vowel sign before its
    consonant, a reph after it) and some stand for several letters, so without it a
    reader that copies or searches the PDF would get them, not the words."""

    def _formatText(self, text):
        code = super()._formatText(text)
        if isinstance(text, ShapedStr):
            logical = _logical(self._fontname, str(text))
            if logical is not None:
                actual = ("\ufeff" + logical).encode("utf-16-be").hex().upper()
                return f"/Span <</ActualText <{actual}>>> BDC {code} EMC"
        return code


class _Canvas(Canvas):
    def beginText(self, x=0, y=0, direction=None):
        return _TextObject(self, x, y, direction=direction)


# --- words and figures ----------------------------------------------------------------


def _words(number: int) -> str:
    """`1250` -> "One Thousand Two Hundred and Fifty" (Indian numbering: lakh, crore)."""
    raw = num2words(number, lang="en_IN")
    return " ".join(
        word if word == "and" else word.capitalize()
        for word in raw.replace(",", " ").replace("-", " ").split()
    )


def amount_in_words(amount: Decimal) -> str:
    """`1250.50` -> "Rupees One Thousand Two Hundred and Fifty and Paise Fifty Only"."""
    amount = Decimal(amount).quantize(CENT, ROUND_HALF_UP)
    rupees = int(amount)
    paise = int((amount - rupees) * 100)
    text = f"Rupees {_words(rupees)}"
    if paise:
        text += f" and Paise {_words(paise)}"
    return f"{text} Only"


def inr(amount: Decimal, *, sign: bool = False) -> str:
    """`1234567.5` -> "12,34,567.50" (Indian grouping), with "₹" in front when `sign`."""
    amount = Decimal(amount).quantize(CENT, ROUND_HALF_UP)
    whole, fraction = f"{abs(amount):.2f}".split(".")
    if len(whole) > 3:
        head, groups = whole[:-3], [whole[-3:]]
        while head:
            groups.insert(0, head[-2:])
            head = head[:-2]
        whole = ",".join(groups)
    return f"{'-' if amount < 0 else ''}{'₹' if sign else ''}{whole}.{fraction}"


def _rate(value) -> str:
    """A rate in percent without needless decimals: 18 -> "18%", 2.5 -> "2.5%"."""
    text = f"{Decimal(value).normalize():f}"
    return f"{text}%"


def issue_date(document: Invoice) -> str:
    """The date of issue, Indian time: "1 April 2026"."""
    local = timezone.localtime(document.issued_at, INDIA)
    return f"{local.day} {local:%B %Y}"


# --- what the document holds ------------------------------------------------------------


@dataclass
class Row:
    description: str
    hsn: str
    quantity: int
    unit: str
    unit_price: Decimal
    discount: Decimal
    taxable: Decimal
    rate: int
    cgst: Decimal
    sgst: Decimal
    igst: Decimal
    total: Decimal


def _description(line) -> str:
    options = ", ".join(f"{name}: {value}" for name, value in (line.options or {}).items())
    description = f"{line.name} ({options})" if options else line.name
    if line.sku:
        description += f", SKU {line.sku}"
    return description


def _delivery_row(order: Order, rows: list[Row], figures: dict | None = None) -> Row:
    """The delivery charge: as charged on the order, or (`figures`) as a credit note
    gives it back. A composite supply: it is taxed as its principal supply, the line of
    the highest value at the delivery's rate, whose HSN it carries."""
    principal = max(
        (row for row in rows if row.rate == order.delivery_gst_rate),
        key=lambda row: row.taxable,
        default=None,
    )
    if figures is None:
        tax = order.delivery_cgst + order.delivery_sgst + order.delivery_igst
        figures = {
            "value": order.delivery_charge,
            "taxableValue": order.delivery_charge - tax,
            "cgst": order.delivery_cgst,
            "sgst": order.delivery_sgst,
            "igst": order.delivery_igst,
        }
    value = Decimal(figures["value"])
    return Row(
        description="Delivery charge",
        hsn=principal.hsn if principal else "-",
        quantity=1,
        unit=DELIVERY_UNIT,
        unit_price=value,
        discount=ZERO,
        taxable=Decimal(figures["taxableValue"]),
        rate=order.delivery_gst_rate,
        cgst=Decimal(figures["cgst"]),
        sgst=Decimal(figures["sgst"]),
        igst=Decimal(figures["igst"]),
        total=value,
    )


def _rows(order: Order) -> list[Row]:
    """The order's lines as its invoice prints them; a line cancelled whole (quantity 0)
    is left out."""
    rows = []
    for line in order.lines.all():
        if not line.quantity:
            continue
        # What the buyer pays for the line: its value less its share of the coupon.
        total = line.price * line.quantity - line.discount
        tax = line.cgst + line.sgst + line.igst
        # Lines placed before GST was recorded hold zeros: their whole price is the value.
        taxable = line.taxable_value or (total - tax)
        rows.append(
            Row(
                description=_description(line),
                hsn=line.hsn or "-",
                quantity=line.quantity,
                unit=UNIT,
                unit_price=line.price,
                discount=line.discount,
                taxable=taxable,
                rate=line.gst_rate,
                cgst=line.cgst,
                sgst=line.sgst,
                igst=line.igst,
                total=total,
            )
        )
    if order.delivery_charge:
        rows.append(_delivery_row(order, rows))
    return rows


def _credited_rows(order: Order, document: Invoice) -> list[Row]:
    """A credit note's own lines, as issued (`Invoice.lines`): the units that came back
    of each order line, their discount, value and tax; the delivery charge when it came
    back. A credit note from before they were kept credits the whole order."""
    if not document.lines:
        return _rows(order)
    by_id = {line.pk: line for line in order.lines.all()}
    rows, delivery = [], None
    for item in document.lines:
        if item.get("line") is None:
            delivery = item
            continue
        line = by_id[item["line"]]
        rows.append(
            Row(
                description=_description(line),
                hsn=line.hsn or "-",
                quantity=int(item["quantity"]),
                unit=UNIT,
                unit_price=line.price,
                discount=Decimal(item.get("discount") or "0"),
                taxable=Decimal(item["taxableValue"]),
                rate=line.gst_rate,
                cgst=Decimal(item["cgst"]),
                sgst=Decimal(item["sgst"]),
                igst=Decimal(item["igst"]),
                total=Decimal(item["value"]),
            )
        )
    if delivery is not None:
        rows.append(_delivery_row(order, rows, delivery))
    return rows


def _recipient(order: Order, shop: ShopDetails) -> tuple[str, list[str], str, str, str]:
    """(name, address lines, state, state code, phone) of the buyer, as delivered to."""
    address = order.shipping_address
    if address:
        lines = [address.get("line1", ""), address.get("line2", "")]
        lines.append(f"{address.get('city', '')} {address.get('pincode', '')}".strip())
        code = address.get("stateCode") or ""
        return (
            address.get("name") or order.buyer_name,
            [line for line in lines if line],
            address.get("state") or NAME_OF.get(code, ""),
            code,
            address.get("phone") or "",
        )
    # A free-text address: the place of supply is the state it names, else the shop's.
    code = order.place_of_supply or shop.state_code
    return order.buyer_name, [order.address], NAME_OF.get(code, ""), code, order.buyer_phone


def _billed_to(order: Order) -> list[str]:
    """A business buyer's lines (its name, its GSTIN, the state the GSTIN is registered
    in), as the order kept them at checkout; [] for a consumer. Every invoice already says
    "Tax payable on reverse charge: No" below the lines."""
    gstin = order.buyer_gstin
    if not gstin:
        return []
    code = gstin[:2]
    return [
        order.business_name,
        f"GSTIN: {gstin}",
        f"State: {NAME_OF.get(code, '')}, State code: {code}",
    ]


# --- the page -------------------------------------------------------------------------------


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("base", fontName=FONT, fontSize=8.5, leading=11)
    return {
        "base": base,
        "small": ParagraphStyle("small", parent=base, fontSize=7.5, leading=9.5),
        "cell": ParagraphStyle("cell", parent=base, fontSize=7.5, leading=9),
        "cellhead": ParagraphStyle("cellhead", parent=base, fontName=BOLD, fontSize=7.5, leading=9),
        "title": ParagraphStyle("title", parent=base, fontName=BOLD, fontSize=15, leading=19),
        "head": ParagraphStyle("head", parent=base, fontName=BOLD, fontSize=9.5, leading=12),
        "right": ParagraphStyle("right", parent=base, alignment=TA_RIGHT),
    }


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph of `text`, each word in a font that has its letters. One with a word
    in an Indian script is shaped, unless a word mixes fonts: ReportLab shapes a word
    with the font of its first letter, which would draw the others as wrong glyphs, so
    such a paragraph is drawn letter by letter, unshaped but legible."""
    segments, whole_words = _segments(str(text), style.fontName)
    markup = "".join(
        body if font == style.fontName else f'<font name="{font}">{body}</font>'
        for font, body in ((font, escape(part).replace("\n", "<br/>")) for font, part in segments)
    )
    if whole_words and any(font != style.fontName for font, _ in segments):
        style = ParagraphStyle(f"{style.name}-shaped", parent=style, shaping=1)
        _note_words(segments, style.fontSize)
    return Paragraph(markup, style)


GRID = [
    ("FONTNAME", (0, 0), (-1, -1), FONT),
    ("FONTSIZE", (0, 0), (-1, -1), 7.5),
    ("LEADING", (0, 0), (-1, -1), 9),
    ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LEFTPADDING", (0, 0), (-1, -1), 3),
    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ("FONTNAME", (0, 0), (-1, 0), BOLD),
    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
]


def _lines_table(rows: list[Row], inter_state: bool, styles) -> Table:
    """One row per line (and the delivery charge), a total row. A Discount column (each
    line's share of the coupon, before tax is worked out on what remains) appears when
    the order has a discount, so an invoice without one reads as it always has."""
    discounted = any(row.discount for row in rows)
    head = ["#", "Description", "HSN", "Qty", "Unit", "Unit price"]
    head += ["Discount"] if discounted else []
    head += ["Taxable value"]
    if inter_state:
        head += ["IGST rate", "IGST", "Total value"]
    else:
        head += ["CGST rate", "CGST", "SGST rate", "SGST", "Total value"]
    data: list[list] = [[_p(text, styles["cellhead"]) for text in head]]
    for number, row in enumerate(rows, 1):
        cells = [
            str(number),
            _p(row.description, styles["cell"]),
            row.hsn,
            str(row.quantity),
            row.unit,
            inr(row.unit_price),
        ]
        cells += [inr(row.discount)] if discounted else []
        cells += [inr(row.taxable)]
        if inter_state:
            cells += [_rate(row.rate), inr(row.igst)]
        else:
            half = Decimal(row.rate) / 2
            cells += [_rate(half), inr(row.cgst), _rate(half), inr(row.sgst)]
        data.append([*cells, inr(row.total)])
    taxable = sum((row.taxable for row in rows), ZERO)
    total = sum((row.total for row in rows), ZERO)
    footer = ["", "Total", "", "", "", ""]
    footer += [inr(sum((row.discount for row in rows), ZERO))] if discounted else []
    footer += [inr(taxable)]
    if inter_state:
        footer += ["", inr(sum((row.igst for row in rows), ZERO))]
    else:
        footer += ["", inr(sum((row.cgst for row in rows), ZERO))]
        footer += ["", inr(sum((row.sgst for row in rows), ZERO))]
    data.append([*footer, inr(total)])
    if inter_state:
        widths = [14, 160, 42, 24, 26, 52, 58, 36, 50, 61]
    else:
        widths = [14, 116, 42, 24, 26, 48, 52, 32, 40, 32, 40, 57]
    if discounted:
        # The Discount column takes its width from the description's.
        widths[1] -= 44
        widths.insert(6, 44)
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                *GRID,
                ("ALIGN", (3, 1), (-1, -1), "RIGHT"),
                ("ALIGN", (4, 1), (4, -1), "CENTER"),
                ("FONTNAME", (0, -1), (-1, -1), BOLD),
            ]
        )
    )
    return table


def _summary_table(rows: list[Row], inter_state: bool, styles) -> Table:
    """Taxable value and tax by HSN code and rate."""
    groups: dict[tuple[str, int], list[Decimal]] = {}
    for row in rows:
        sums = groups.setdefault((row.hsn, row.rate), [ZERO, ZERO, ZERO, ZERO])
        for i, value in enumerate((row.taxable, row.cgst, row.sgst, row.igst)):
            sums[i] += value
    if inter_state:
        data: list[list] = [["HSN", "Taxable value", "IGST rate", "IGST", "Total tax"]]
        for (hsn, rate), (taxable, _cgst, _sgst, igst) in groups.items():
            data.append([hsn, inr(taxable), _rate(rate), inr(igst), inr(igst)])
    else:
        data = [["HSN", "Taxable value", "CGST rate", "CGST", "SGST rate", "SGST", "Total tax"]]
        for (hsn, rate), (taxable, cgst, sgst, _igst) in groups.items():
            half = _rate(Decimal(rate) / 2)
            data.append([hsn, inr(taxable), half, inr(cgst), half, inr(sgst), inr(cgst + sgst)])
    data[0] = [_p(text, styles["cellhead"]) for text in data[0]]
    widths = [50, 65, 42, 55, 60] if inter_state else [50, 65, 42, 55, 42, 55, 60]
    table = Table(data, colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle([*GRID, ("ALIGN", (1, 1), (-1, -1), "RIGHT")]))
    return table


def _discount_note(order: Order, styles, *, partial: bool = False) -> list:
    """The coupon and its discount, under the lines that carry it (none without one). A
    credit note of some units (`partial`) credits each line's share of it."""
    if not order.discount_total:
        return []
    code = f"Coupon {order.coupon_code}" if order.coupon_code else "Discount"
    if partial:
        return [
            _p(
                f"{code}: each line is credited after its share of the discount; "
                "GST is credited on the value after the discount.",
                styles["base"],
            )
        ]
    return [
        _p(
            f"{code}: {inr(order.discount_total, sign=True)} off the lines above; "
            "GST is charged on the value after the discount.",
            styles["base"],
        )
    ]


def _inter_state(rows: list[Row], place_of_supply: str, shop: ShopDetails) -> bool:
    """IGST when the tax charged is IGST; with no tax charged (0% lines), when the place
    of supply is another state than the shop's."""
    if any(row.igst for row in rows):
        return True
    if any(row.cgst or row.sgst for row in rows):
        return False
    return place_of_supply != shop.state_code


def render(document: Invoice, *, shop: ShopDetails) -> bytes:
    """The document's PDF, from the order as it was recorded at checkout and the seller
    as the document was issued by (its `seller` copy); `shop`, the seller's details now,
    stands in for a document issued before that copy was kept."""
    shop = seller_at_issue(document.seller, shop)
    # One document at a time in a process: the registered fonts are shared, and shaping
    # writes to them (the private-use code a new glyph is given), which two threads of
    # a gthread worker could otherwise do at once and give two glyphs one code.
    with _DRAWING:
        _fonts()
        actual = _ACTUAL.set({})
        try:
            return _render(document, shop)
        finally:
            _ACTUAL.reset(actual)


def _render(document: Invoice, shop: ShopDetails) -> bytes:
    styles = _styles()
    order = (
        Order.objects.select_related("buyer").prefetch_related("lines").get(pk=document.order_id)
    )
    credit_note = document.kind == InvoiceKind.CREDIT_NOTE
    original = Invoice.objects.get(order=order, kind=InvoiceKind.INVOICE) if credit_note else None
    rows = _credited_rows(order, document) if credit_note else _rows(order)
    name, address_lines, state, code, phone = _recipient(order, shop)
    place_code = order.place_of_supply or code or shop.state_code
    inter_state = _inter_state(rows, place_code, shop)
    total = sum((row.total for row in rows), ZERO)

    title = "CREDIT NOTE" if credit_note else "TAX INVOICE"
    seller = [shop.legal_name]
    if shop.trade_name and shop.trade_name != shop.legal_name:
        seller.append(f"Trading as {shop.trade_name}")
    seller += [
        shop.address,
        f"{shop.city} {shop.pincode}",
        f"State: {shop.state}, State code: {shop.state_code}",
        f"GSTIN: {shop.gstin}",
        f"Phone: {shop.phone}  E-mail: {shop.email}",
    ]
    label = "Credit note" if credit_note else "Invoice"
    facts = [
        f"{label} No.: {document.number}",
        f"{label} date: {issue_date(document)}",
    ]
    if original is not None:
        facts += [
            f"Against tax invoice No.: {original.number}",
            f"Tax invoice date: {issue_date(original)}",
            "Reason: goods returned",
        ]
    facts += [
        f"Order No.: {order.pk}",
        f"Place of supply: {NAME_OF.get(place_code, '')} ({place_code})",
        "Tax payable on reverse charge: No",
    ]
    recipient = [name, *address_lines, f"State: {state}, State code: {code}"]
    if phone:
        recipient.append(f"Phone: {phone}")
    billed = _billed_to(order)

    header = Table(
        [
            [_p(title, styles["title"]), ""],
            [
                [_p(shop.legal_name, styles["head"]), _p("\n".join(seller[1:]), styles["base"])],
                _p("\n".join(facts), styles["base"]),
            ],
        ],
        colWidths=[300, 223],
    )
    header.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("SPAN", (0, 0), (1, 0))]))
    if billed:
        # A registered buyer (B2B): billed to the business by its GSTIN, shipped to the
        # delivery address (rule 46(d), (o)).
        party = Table(
            [
                [
                    [
                        _p("Recipient (registered) - billed to", styles["head"]),
                        _p("\n".join(billed), styles["base"]),
                    ],
                    [_p("Shipped to", styles["head"]), _p("\n".join(recipient), styles["base"])],
                ]
            ],
            colWidths=[262, 261],
        )
        party.setStyle(
            TableStyle(
                [("BOX", (0, 0), (-1, -1), 0.4, colors.grey), ("VALIGN", (0, 0), (-1, -1), "TOP")]
            )
        )
    else:
        party_heading = "Recipient (unregistered) - billed and shipped to"
        party = Table(
            [[[_p(party_heading, styles["head"]), _p("\n".join(recipient), styles["base"])]]],
            colWidths=[523],
        )
        party.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.4, colors.grey)]))
    credited = "Total credited" if credit_note else "Total invoice value"
    story = [
        header,
        Spacer(1, 4 * mm),
        party,
        Spacer(1, 4 * mm),
        _p("Amounts in ₹ (Indian rupees); prices include GST.", styles["small"]),
        Spacer(1, 1 * mm),
        _lines_table(rows, inter_state, styles),
        Spacer(1, 3 * mm),
        *_discount_note(order, styles, partial=credit_note and bool(document.lines)),
        _p(f"{credited}: {inr(total, sign=True)}", styles["head"]),
        _p(f"Amount in words: {amount_in_words(total)}", styles["base"]),
        Spacer(1, 4 * mm),
        _p("Tax summary", styles["head"]),
        Spacer(1, 1 * mm),
        _summary_table(rows, inter_state, styles),
        Spacer(1, 4 * mm),
        _p("Tax payable on reverse charge: No", styles["base"]),
        Spacer(1, 10 * mm),
        _p(f"For {shop.legal_name}", styles["right"]),
        Spacer(1, 12 * mm),
        _p("Authorised signatory", styles["right"]),
    ]
    buffer = io.BytesIO()
    pdf = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=36,
        rightMargin=36,
        topMargin=36,
        bottomMargin=36,
        title=f"{title.title()} {document.number}",
        author=shop.legal_name,
        subject=f"Order {order.pk}",
        creator="ShopSphere",
        invariant=True,
    )
    pdf.build(story, onFirstPage=_page_number, onLaterPages=_page_number, canvasmaker=_Canvas)
    return buffer.getvalue()


def _page_number(canvas, doc) -> None:
    canvas.saveState()
    canvas.setFont(FONT, 7)
    canvas.drawRightString(A4[0] - 36, 20, f"Page {doc.page}")
    canvas.restoreState()
