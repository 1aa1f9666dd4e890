"""The tax invoice of an order placed with a coupon: each line's discount in its own
column, tax on what remains, the coupon named, the total the buyer paid; and the order
mail shows the discount. An invoice without a discount keeps its columns."""

import io
from decimal import Decimal

from django.core import mail
from django.db import transaction
from pypdf import PdfReader

from orders.invoice_pdf import render
from orders.invoices import issue_invoice
from orders.models import Order, OrderStatus
from orders.services import order_checkout
from orders.shop_details import get_shop_details


def _text(order) -> str:
    with transaction.atomic():
        Order.objects.filter(pk=order.pk).update(status=OrderStatus.SHIPPED)
        document = issue_invoice(order)
    data = render(document, shop=get_shop_details())
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_invoice_shows_each_lines_discount_and_the_coupon(buyer, make_coupon, earbuds, kurta):
    make_coupon(code="FLAT500", kind="amount", value="500")
    cart = [{"_id": earbuds.pk, "quantity": 2}, {"_id": kurta.pk, "quantity": 1}]
    order, _ = order_checkout(buyer=buyer, cart=cart, coupon="flat500")
    text = _text(order)
    assert "Discount" in text
    assert "Coupon FLAT500: ₹500.00 off the lines above" in text
    # 2 x 1,499 less 375.03 is 2,622.97; 999 less 124.97 is 874.03; 3,497 in all.
    assert "375.03" in text and "124.97" in text
    assert "2,622.97" in text and "874.03" in text
    assert "Total invoice value: ₹3,497.00" in text


def test_an_invoice_without_a_discount_has_no_discount_column(buyer, kurta):
    order, _ = order_checkout(buyer=buyer, cart=[{"_id": kurta.pk, "quantity": 1}])
    text = _text(order)
    assert "Discount" not in text and "Coupon" not in text


def test_the_order_mail_shows_the_coupons_discount(buyer, make_coupon, kurta, run_tasks):
    make_coupon(code="TENOFF", value="10")
    order, _ = order_checkout(buyer=buyer, cart=[{"_id": kurta.pk, "quantity": 1}], coupon="TENOFF")
    assert run_tasks() == 1
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    assert "Coupon TENOFF: -₹99.90" in body
    assert "Total: ₹899.10" in body
    assert Decimal(str(order.total)) == Decimal("899.10")
