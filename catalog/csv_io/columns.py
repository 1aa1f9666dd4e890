"""The CSV files' columns and cells: the layouts' columns, the list cells (`a|b`, with
`\\|` and `\\\\` inside an item) and the escaping of cells a spreadsheet would run as a
formula."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from catalog.models import Product

logger = logging.getLogger("catalog")

OPTION_NUMBERS = (1, 2, 3)
OPTION_NAME = "option{}_name"
OPTION_VALUES = "option{}_values"
OPTION_VALUE = "option{}_value"
OPTION_COLUMNS = tuple(
    column.format(n) for n in OPTION_NUMBERS for column in (OPTION_NAME, OPTION_VALUES)
)
VALUE_COLUMNS = tuple(OPTION_VALUE.format(n) for n in OPTION_NUMBERS)
# The product's own tax details (catalog/tax.py); blank: the category's.
TAX_COLUMNS = ("hsn", "gst_rate", "country_of_origin")
# Each photo of `photos`: its alt text, the option value it shows.
PHOTO_ALTS, PHOTO_OPTIONS = "photo_alts", "photo_options"
PHOTO_TEXT_COLUMNS = (PHOTO_ALTS, PHOTO_OPTIONS)
# A product's columns: on its first row only (the rows after it may repeat them).
PRODUCT_COLUMNS = ("name", "description", "category", "shipping", "photo", "photos")
PRODUCT_COLUMNS += PHOTO_TEXT_COLUMNS + OPTION_COLUMNS + TAX_COLUMNS
# The columns that make a file one row per variant.
VARIANT_LAYOUT = ("sku", *OPTION_COLUMNS, *VALUE_COLUMNS)
# Each row's variant's maximum retail price (blank: none). A file without the column keeps
# the MRPs as they are.
MRP = "mrp"
COLUMNS = (
    *("name", "slug", "description", "price", "quantity", "category", "shipping", "photo"),
    *("photos", *PHOTO_TEXT_COLUMNS, "sku", *OPTION_COLUMNS, *VALUE_COLUMNS, *TAX_COLUMNS),
    MRP,
)
EXPORT_COLUMNS = (
    *("name", "slug", "description", "category", "shipping", "photos", *PHOTO_TEXT_COLUMNS),
    *OPTION_COLUMNS,
    *TAX_COLUMNS,
    *("sku", *VALUE_COLUMNS, "price", MRP, "quantity"),
)
REQUIRED_COLUMNS = ("name", "description", "price", "quantity", "category")
SLUG_MAX = Product._meta.get_field("slug").max_length
TRUE_WORDS = {"1", "true", "yes", "y"}
FALSE_WORDS = {"0", "false", "no", "n", ""}
MEMORY_FOR_PHOTOS = 256 * 1024 * 1024
DIGEST_IN_NAME = 16
LIST_SEPARATOR = "|"

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
ESCAPE = "'"


def escaped_cell(value) -> str:
    text = str(value)
    return ESCAPE + text if text.startswith((*FORMULA_STARTS, ESCAPE)) else text


def unescaped_cell(text: str) -> str:
    return text[1:] if text.startswith(ESCAPE) else text


def joined(items: Iterable[str]) -> str:
    """`a|b|c`, a `|` or `\\` inside an item written `\\|` or `\\\\`."""
    return LIST_SEPARATOR.join(
        item.replace("\\", "\\\\").replace(LIST_SEPARATOR, "\\" + LIST_SEPARATOR) for item in items
    )


def split(cell: str, *, keep_blank: bool = False) -> list[str]:
    """The items of a `joined` cell, trimmed, blank ones left out (kept with `keep_blank`,
    where an item's place counts). A backslash before anything but `|` or `\\` is kept as
    it is."""
    items, current, chars = [], [], iter(cell)
    for char in chars:
        if char == "\\":
            following = next(chars, "")
            if following in (LIST_SEPARATOR, "\\"):
                current.append(following)
            else:
                current.append(char + following)
        elif char == LIST_SEPARATOR:
            items.append("".join(current))
            current = []
        else:
            current.append(char)
    items.append("".join(current))
    return [item.strip() for item in items if keep_blank or item.strip()]
