"""Invoices and credit notes in the scripts Indian names and addresses are written in:
each word drawn in a vendored font that has its letters (Noto Sans for the Indian
scripts), shaped, and read back from the PDF as it was typed."""

import io
import re
from decimal import Decimal

import pytest
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, TextStringObject
from reportlab.pdfbase import pdfmetrics

from catalog.tests.factories import ProductFactory
from orders.invoice_pdf import render
from orders.models import Invoice, InvoiceKind, Order, OrderLine, ShopDetails
from orders.shop_details import get_shop_details
from orders.tests.test_invoices import ADDRESS, _issued, _status, gst_order, pdf_text

NAME = "अनन्या शर्मा"
TAMIL = "14, அண்ணா சாலை"
BENGALI = "কলকাতা রাস্তা"
# A word or two of each script, as a buyer or a product might be named.
SAMPLES = {
    "Devanagari": "अनन्या शर्मा",
    "Bengali": "কলকাতা রাস্তা",
    "Gurmukhi": "ਅੰਮ੍ਰਿਤਸਰ",
    "Gujarati": "અમદાવાદ",
    "Oriya": "ଭୁବନେଶ୍ୱର",
    "Tamil": "சென்னை",
    "Telugu": "హైదరాబాద్",
    "Kannada": "ಬೆಂಗಳೂರು",
    "Malayalam": "തിരുവനന്തപുരം",
    "OlChiki": "ᱥᱟᱱᱛᱟᱲᱤ",
    "MeeteiMayek": "ꯃꯅꯤꯄꯨꯔ",
}


@pytest.fixture
def kettle(db):
    return ProductFactory(name="Steel Kettle 1.5 L", price=Decimal("1299.00"), quantity=10)


@pytest.fixture
def shirt(db):
    return ProductFactory(name="Cotton T-shirt", price=Decimal("499.00"), quantity=10)


def read_text(data: bytes) -> str:
    """The PDF's text as a reader that honours ActualText (Acrobat, pdfium, poppler)
    copies it: a marked-content span's ActualText stands for the glyphs drawn inside it.
    pypdf reads text from the glyphs only, so before it reads a span's text operators
    the first is given the span's ActualText and the others nothing."""
    texts = []
    for page in PdfReader(io.BytesIO(data)).pages:
        span: dict[str, str | None] = {"actual": None}

        def before(operator, operands, cm, tm, span=span):
            if operator == b"BDC" and len(operands) == 2:
                properties = operands[1]
                if isinstance(properties, DictionaryObject) and "/ActualText" in properties:
                    span["actual"] = str(properties["/ActualText"])
            elif operator == b"EMC":
                span["actual"] = None
            elif span["actual"] is not None and operator in (b"Tj", b"TJ"):
                text = TextStringObject(span["actual"])
                operands[0] = ArrayObject([text]) if operator == b"TJ" else text
                span["actual"] = ""

        texts.append(page.extract_text(visitor_operand_before=before))
    return "\n".join(texts)


def embedded_fonts(data: bytes) -> set[str]:
    """The base names of the fonts the PDF embeds, without their subset tags."""
    names = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None or "/FontFile2" not in descriptor.get_object():
                continue  # ReportLab's default Helvetica, named but not drawn with
            names.add(re.sub(r"^[A-Z]{6}\+", "", str(font["/BaseFont"]).lstrip("/")))
    return names


def indic_order(buyer, kettle, shirt, **address):
    order = gst_order(buyer, kettle, shirt)
    Order.objects.filter(pk=order.pk).update(shipping_address={**ADDRESS, **address})
    order.refresh_from_db()
    return order


@pytest.mark.django_db
def test_a_buyer_named_in_devanagari_with_a_tamil_and_bengali_address(
    admin_api, buyer_api, buyer, kettle, shirt
):
    order = indic_order(buyer, kettle, shirt, name=NAME, line1=TAMIL, line2=BENGALI)
    assert _status(admin_api, order.pk, "Shipped").status_code == 200
    answer = buyer_api.get(f"/api/v1/orders/{order.pk}/invoice")
    assert answer.status_code == 200
    text = read_text(answer.content)
    for field in (NAME, TAMIL, BENGALI, "Bengaluru 560001", "State: Karnataka, State code: 29"):
        assert field in text, (field, text)
    fonts = embedded_fonts(answer.content)
    assert {
        "NotoSansDevanagari-Regular",
        "NotoSansTamil-Regular",
        "NotoSansBengali-Regular",
    } <= fonts, fonts
    assert "DejaVuSansCondensed" in fonts  # the rest of the page, and the rupee sign
    # Shaped: the glyphs of "शर्मा" are not its letters in order (the reph is drawn
    # after the म it sits on), so the glyphs alone do not read as the name; the run
    # carries it as its ActualText.
    assert "शर्मा" not in pdf_text(answer.content)
    assert NAME in actual_texts(answer.content)
    # The credit note prints them too.
    assert _status(admin_api, order.pk, "Returned").status_code == 200
    note = buyer_api.get(f"/api/v1/orders/{order.pk}/credit-note")
    text = read_text(note.content)
    assert NAME in text and TAMIL in text and BENGALI in text, text


def actual_texts(data: bytes) -> list[str]:
    spans = re.findall(rb"/ActualText <([0-9A-F]+)>", _content(data))
    return [bytes.fromhex(span.decode()).decode("utf-16") for span in spans]


def _content(data: bytes) -> bytes:
    return b"".join(page.get_contents().get_data() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.django_db
@pytest.mark.parametrize("script", sorted(SAMPLES))
def test_every_script_of_indian_names_prints_in_its_noto_font(script, buyer, kettle, shirt):
    sample = SAMPLES[script]
    order = indic_order(buyer, kettle, shirt, name=sample, city=f"{sample} 2")
    OrderLine.objects.filter(order=order, product=kettle).update(name=f"{sample} (Steel)")
    data = render(_issued(order), shop=get_shop_details())
    font = f"NotoSans{script}-Regular"
    assert font in embedded_fonts(data)
    # The font has every letter of the sample: nothing prints as an empty box.
    glyphs = pdfmetrics.getFont(f"NotoSans{script}").face.charToGlyph
    assert all(ord(char) in glyphs for char in sample)
    text = read_text(data)
    assert sample in text
    assert f"{sample} 2 560001" in text
    assert f"{sample} (Steel)" in text


@pytest.mark.django_db
def test_a_seller_named_in_hindi_prints_in_bold_devanagari(buyer, kettle, shirt):
    ShopDetails.objects.filter(pk=1).update(legal_name="शॉपस्फीयर रिटेल प्राइवेट लिमिटेड")
    document = _issued(gst_order(buyer, kettle, shirt))
    data = render(document, shop=get_shop_details())
    assert {"NotoSansDevanagari-Bold", "NotoSansDevanagari-Regular"} <= embedded_fonts(data)
    text = read_text(data)
    assert "शॉपस्फीयर रिटेल प्राइवेट लिमिटेड" in text
    assert "For शॉपस्फीयर रिटेल प्राइवेट लिमिटेड" in text


@pytest.mark.django_db
def test_a_word_mixing_latin_letters_and_an_indian_script_prints_every_letter(buyer, kettle, shirt):
    """ReportLab shapes a word in the font of its first letter: such a word is drawn
    letter by letter in the fonts that have them, unshaped, never as wrong glyphs."""
    order = indic_order(buyer, kettle, shirt, name="Flat-अ12 शर्मा", line1="B/12 சென்னை")
    data = render(_issued(order), shop=get_shop_details())
    text = read_text(data)
    assert "Flat-अ12 शर्मा" in text
    assert "B/12 சென்னை" in text
    assert "\ue000" not in text and "\uffff" not in text


@pytest.mark.django_db
def test_latin_only_documents_are_drawn_as_before(buyer, kettle, shirt):
    data = render(_issued(gst_order(buyer, kettle, shirt)), shop=get_shop_details())
    assert embedded_fonts(data) == {"DejaVuSansCondensed", "DejaVuSansCondensed-Bold"}
    assert b"/ActualText" not in _content(data)
    assert Invoice.objects.get().kind == InvoiceKind.INVOICE
    assert "Asha Rao" in pdf_text(data)


@pytest.mark.django_db
def test_a_no_break_space_does_not_join_two_fonts_into_one_shaped_word(buyer, kettle, shirt):
    """ReportLab breaks words at spaces but not at a no-break space: a name joined by
    one is a single word to it, mixing fonts, and must not be shaped as one."""
    order = indic_order(buyer, kettle, shirt, name="अनन्या\u00a0Sharma")
    text = read_text(render(_issued(order), shop=get_shop_details()))
    assert "अनन्या\u00a0Sharma" in text or "अनन्या Sharma" in text, text
