"""GST of a product: its HSN code and rate, its own or its category's, and the rule that
makes a rate depend on the price.

Rates are the slabs in force since 22 September 2025 (CBIC notification 9/2025-Central
Tax (Rate)): 0, 5, 18 and 40%. A category may name a threshold of sale value a piece and
a rate above it (apparel and footwear: 5% up to Rs 2,500, 18% above). Sale value is the
value before tax, so with tax-inclusive prices a piece priced P is at the lower rate when
P x 100 / (100 + lower rate) is at most the threshold: Rs 2,625.00 is Rs 2,500.00 of
sale value at 5%, and stays at 5%; Rs 2,625.01 is above it and taxed at 18%.
"""

import re
from decimal import Decimal

GST_RATES = (0, 5, 18, 40)
GST_RATE_CHOICES = [(rate, f"{rate}%") for rate in GST_RATES]
HSN_RE = re.compile(r"^[0-9]{4,8}$")
HSN_MESSAGE = "HSN code must be 4 to 8 digits."
RATE_MESSAGE = "GST rate must be one of 0, 5, 18 or 40."
DEFAULT_COUNTRY = "India"


def valid_hsn(value: str) -> bool:
    return bool(HSN_RE.match(str(value or "")))


def category_rate(category, unit_price: Decimal) -> int:
    """The rate the category's rule gives a piece at `unit_price` (tax inclusive)."""
    low, threshold, high = category.gst_rate, category.gst_threshold, category.gst_rate_above
    if threshold is None or high is None:
        return low
    sale_value = Decimal(unit_price) * 100 / (100 + low)
    return low if sale_value <= threshold else high


def gst_rate(product, category, unit_price: Decimal) -> int:
    """The product's own rate, else its category's rule at `unit_price`."""
    if product.gst_rate is not None:
        return product.gst_rate
    return category_rate(category, unit_price)


def hsn(product, category) -> str:
    return product.hsn or category.hsn or ""


def country_of_origin(product, category) -> str:
    return product.country_of_origin or category.country_of_origin or DEFAULT_COUNTRY
