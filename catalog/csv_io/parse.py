"""Reading a CSV file: its header and rows (UTF-8, comma or Excel's semicolon), each
row's cells checked by the API's field rules, and the import's report of problems
(`ImportFailed`, one `line N: column: message` each)."""

from __future__ import annotations

import copy
import csv
import io
import logging
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_unicode_slug
from rest_framework import serializers

from catalog.csv_io.columns import (
    COLUMNS,
    DIGEST_IN_NAME,
    FALSE_WORDS,
    OPTION_NAME,
    OPTION_NUMBERS,
    OPTION_VALUE,
    OPTION_VALUES,
    PHOTO_TEXT_COLUMNS,
    REQUIRED_COLUMNS,
    SLUG_MAX,
    TRUE_WORDS,
    unescaped_cell,
)
from catalog.serializers import CountryField, GstRateField, ProductInput
from catalog.services.batch import BatchProduct
from catalog.variants import KEEP, Keep
from shop.api.fields import TextField

logger = logging.getLogger("catalog")


class ImportFailed(Exception):
    """The file cannot be imported; `errors` holds one `line N: ...` text per problem."""

    def __init__(self, errors: list[str]):
        super().__init__(f"{len(errors)} problem(s)")
        self.errors = errors


class RowInput(ProductInput):
    """A product's first CSV row: the API's product fields, with the category given by
    name and the photos by file name."""

    category = TextField(label="Category", max_length=100)
    photo = serializers.CharField(required=False, allow_blank=True, max_length=255)
    photos = serializers.CharField(required=False, allow_blank=True)
    shipping = serializers.CharField(required=False, allow_blank=True)
    slug = serializers.CharField(required=False, allow_blank=True, max_length=SLUG_MAX)
    # The API's tax fields under the CSV's column names (`hsn` is the same).
    gstRate = None
    countryOfOrigin = None
    gst_rate = GstRateField(required=False)
    country_of_origin = CountryField(required=False)

    def validate_shipping(self, value):
        word = (value or "").strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise serializers.ValidationError("Shipping must be 0 or 1.")

    def validate_slug(self, value):
        value = value.strip()
        if not value:
            return ""
        try:
            validate_unicode_slug(value)
        except DjangoValidationError:
            raise serializers.ValidationError(
                "Slug may hold only letters, digits, hyphens and underscores."
            ) from None
        if value != value.lower():
            raise serializers.ValidationError("Slug must be lowercase.")
        return value


class VariantRowInput(serializers.Serializer):
    """A following row of a product: one more variant, price, MRP and stock by the API's
    rules."""

    price = copy.deepcopy(ProductInput._declared_fields["price"])
    mrp = copy.deepcopy(ProductInput._declared_fields["mrp"])
    quantity = copy.deepcopy(ProductInput._declared_fields["quantity"])


@dataclass
class VariantRow:
    """One variant as a row gives it: its SKU (blank: kept, or made), its option cells
    by option number, its price and stock, and its MRP (None: none; KEEP: the file has
    no `mrp` column, the stored one stays)."""

    line: int
    sku: str
    values: dict[int, str]
    price: Decimal
    quantity: int
    mrp: Decimal | Keep | None = KEEP


@dataclass(kw_only=True)
class Row(BatchProduct):
    """One product of the file: its first row's columns and every row's variant, and
    (BatchProduct) what the import writes of it."""

    price: Decimal  # the first row's (the product's, in the one-row layout)
    quantity: int
    mrp: Decimal | Keep | None = KEEP  # the first row's, as VariantRow's
    photo: str  # the original single photo: a file name in --images, "" for none given
    photos: list[str] | None  # the gallery's file names; None: keep the gallery
    # An item per name of `photos`; [] a blank cell (none for every photo); None: the file
    # has no such column (a kept photo keeps its own, a new one has none).
    photo_alts: list[str] | None = None
    photo_options: list[str] | None = None
    option_cells: dict[int, tuple[str, str]] = field(default_factory=dict)  # n: name, values
    variant_rows: list[VariantRow] = field(default_factory=list)

    @property
    def lines(self) -> list[int]:
        return [variant.line for variant in self.variant_rows]


@dataclass
class CheckedSource:
    """A photo file of --images as it would be stored: checked and re-encoded like an
    upload. Its bytes are kept in memory up to MEMORY_FOR_PHOTOS in all, else read and
    checked again when stored."""

    digest: str  # of the bytes that would be stored
    raw_digest: str  # of the file as it is (an exported photo is already re-encoded)
    extension: str
    data: bytes | None

    def stored_name(self, slug: str) -> str:
        # Named after the content: a later import of the same picture finds it by name.
        return f"products/{slug[:60]}-{self.digest[:DIGEST_IN_NAME]}.{self.extension}"


@dataclass
class Plan:
    rows: list[Row] = field(default_factory=list)
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    new_categories: list[str] = field(default_factory=list)
    photos: dict[Path, CheckedSource] = field(default_factory=dict)
    kept_bytes: int = 0
    sources: dict[str, Path | None] = field(default_factory=dict)  # photo cell -> its file
    stored_digests: dict[str, str | None] = field(default_factory=dict)  # stored name -> sha256


# --- reading ------------------------------------------------------------------------------


def read_rows(handle: io.BufferedReader) -> tuple[list[str], list[tuple[int, dict]]]:
    """The header and `(line number, row)` pairs. UTF-8 with or without BOM; the
    delimiter is a comma, or a semicolon or tab when the header uses one (Excel in
    locales with a decimal comma)."""
    raw = handle.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ImportFailed(
            [f"line {line}: the file is not UTF-8 (in Excel: Save As, CSV UTF-8)."]
        ) from None
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except StopIteration:
        raise ImportFailed(["line 1: the file is empty."]) from None
    except csv.Error as exc:
        raise ImportFailed([f"line 1: {exc}"]) from None
    header = [h.strip().lower() for h in header]
    while header and not header[-1]:  # Excel may add empty columns at the right
        header.pop()
    problems = []
    unknown = [h for h in header if h not in COLUMNS]
    if unknown:
        problems.append(
            f"line 1: unknown column(s) {', '.join(unknown)}; expected {','.join(COLUMNS)}."
        )
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        problems.append(f"line 1: missing column(s) {', '.join(missing)}.")
    duplicated = sorted({h for h in header if header.count(h) > 1})
    if duplicated:
        problems.append(f"line 1: column(s) {', '.join(duplicated)} given twice.")
    if "photo" in header and "photos" in header:
        problems.append("line 1: give photo (the first photo) or photos (the gallery), not both.")
    for column in PHOTO_TEXT_COLUMNS:
        if column in header and "photos" not in header:
            problems.append(f"line 1: column {column} needs the column photos.")
    for n in OPTION_NUMBERS:
        name = OPTION_NAME.format(n)
        for column in (OPTION_VALUES.format(n), OPTION_VALUE.format(n)):
            if column in header and name not in header:
                problems.append(f"line 1: column {column} needs the column {name}.")
    if problems:
        raise ImportFailed(problems)
    rows = []
    start = reader.line_num + 1
    try:
        for values in reader:
            values = [unescaped_cell(v) for v in values]
            while len(values) > len(header) and not values[-1].strip():
                values.pop()
            if any(v.strip() for v in values):
                if len(values) != len(header):
                    problems.append(
                        f"line {start}: {len(values)} values for {len(header)} columns."
                    )
                else:
                    rows.append((start, dict(zip(header, values, strict=True))))
            start = reader.line_num + 1
    except csv.Error as exc:
        problems.append(f"line {start}: {exc}")
    if problems:
        raise ImportFailed(problems)
    return header, rows


def _messages(errors) -> list[str]:
    out = []
    for column, messages in errors.items():
        for message in messages if isinstance(messages, list) else [messages]:
            out.append(f"{column}: {message}")
    return out


def _api_messages(exc: serializers.ValidationError) -> list[str]:
    """The texts of a catalog.variants or catalog.gallery refusal (`{field: [..]}`)."""
    detail = exc.detail
    if isinstance(detail, dict):
        return [str(m) for messages in detail.values() for m in messages]
    return [str(m) for m in (detail if isinstance(detail, list) else [detail])]
