"""Rupees as the server writes them (pages and mails): Indian grouping, paise as asked."""

from decimal import Decimal

import pytest

from catalog.pages import format_price
from orders.emails import inr
from shop.money import rupees


@pytest.mark.parametrize(
    ("value", "page", "mail"),
    [
        ("0", "₹0", "₹0.00"),
        ("199.5", "₹199.50", "₹199.50"),
        ("1000", "₹1,000", "₹1,000.00"),
        ("15299", "₹15,299", "₹15,299.00"),
        ("100000", "₹1,00,000", "₹1,00,000.00"),
        ("12345678.91", "₹1,23,45,678.91", "₹1,23,45,678.91"),
        ("-1500", "-₹1,500", "-₹1,500.00"),
    ],
)
def test_pages_and_mails_group_rupees_the_indian_way(value, page, mail):
    assert rupees(Decimal(value), paise=False) == format_price(value) == page
    assert rupees(Decimal(value), paise=True) == inr(Decimal(value)) == mail
