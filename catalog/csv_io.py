"""CSV import and export of the catalogue (`manage.py import_products` / `export_products`).

Two layouts, told apart by the header; UTF-8 with or without a BOM, comma (or Excel's
semicolon) separated.

- **One row per product** (the original layout): `name,slug,description,price,quantity,
  category,shipping,photo`. A new product gets one variant of that price and stock; an
  existing product sold one way gives them to its variant; one with several variants
  keeps them, and a row that would change its price or stock is refused (give it one row
  per variant).
- **One row per variant** (what `export_products` writes), when the header has `sku` or
  an `optionN_*` column: the product's columns (`name`, `description`, `category`,
  `shipping`, `photos`, `photo_alts`, `photo_options`, `optionN_name`, `optionN_values`)
  on its first row, and on every row its `slug` and one variant: `sku`, `option1_value`
  ... `option3_value`, `price`, `quantity`. Rows that follow with the same slug are more
  variants of that product; on them the product's columns are left blank (or repeat the
  first row's exactly). The rows are the product's whole list of variants, in order: a
  variant is matched by its SKU, else by its options; a stored variant no row names is
  removed.

In either layout, the product's `hsn`, `gst_rate` and `country_of_origin` (its own tax
details, catalog/tax.py) may follow: blank is the category's, a file without the column
keeps what the product has.

`optionN_values` lists an option's values in order (`S|M|L`, values nobody sells
included); blank, they are the values the rows use, in the order first used. `photos` is
the whole gallery in order (`front.jpg|back.jpg`): the base name of a photo the product
has keeps it (alt text and option included), any other name is a file in --images; blank
keeps the gallery. The original `photo` column replaces the first photo.

`photo_alts` and `photo_options` (with `photos`, in either layout) give each photo of
`photos`, in the same order, its alt text and the option value it shows (`Front|Back`,
`Blue|`): as many items as `photos` has, else the row is refused; a blank item is no alt
text or no option, and so is a blank cell for every photo (what export writes when no
photo has one). Alt text follows the gallery's rules (catalog/gallery.py: spaces
collapsed, at most MAX_ALT characters, no control characters); an option must be a value
of one of the product's options (as the file leaves them), matched regardless of case and
spelled as the product spells it. An item that is what a kept photo already has leaves
that photo as it is at the write, as a stock given unchanged does. A file without the
column keeps each kept photo's alt text or option, and gives a new photo none.

In `photos`, `photo_alts`, `photo_options` and `optionN_values` a `|` or `\\` inside an
item is written `\\|` or `\\\\`.

A cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
carriage return: OWASP's CSV injection rule) is written behind an apostrophe, and so is a
cell that starts with an apostrophe itself; import drops one leading apostrophe from every
cell. So the escaping is undone exactly (a list cell's too: an alt text `=HYPERLINK(..)`
comes back as it was), and `'` is how a hand-written file starts a cell with one of those
characters or (doubled) with an apostrophe.

Import is all or nothing: every row is checked first (the API's rules for each field, its
options, variants and SKUs through catalog.variants, the same photo check and
re-encoding), and any bad row is reported as `line N: column: ...` with nothing written.
Then photos are stored, and every product is written in one transaction with bulk
inserts and updates; a product whose variants change has its row locked before them (as
checkout does) and its price (the lowest variant price) and stock (their sum) set from
them in the same transaction. A product that changes nothing is not written, so
importing a file twice (or importing what `export_products` wrote) changes nothing.
"""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import logging
import os
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.validators import validate_unicode_slug
from django.db import connection, transaction
from django.db.models.functions import Lower
from django.utils import timezone
from rest_framework import serializers

from catalog.cache import bump_version
from catalog.gallery import MAX_PHOTOS, GalleryItem, parse_gallery, write_gallery
from catalog.gallery import TOO_MANY as TOO_MANY_PHOTOS
from catalog.gallery import check_options as check_gallery_options
from catalog.media.photos import CheckedPhoto, check_photo
from catalog.media.renditions import delete_renditions, make_renditions
from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.serializers import CountryField, GstRateField, ProductInput
from catalog.services import photo_remove_after_commit
from catalog.slugs import base_slug, first_free
from catalog.stock import StockWrite, bulk_update, chunks, write_stock
from catalog.variants import (
    MAX_VARIANTS,
    SKU_USED,
    VariantSpec,
    attach_parts,
    field_of,
    generated_sku,
    option_key,
    parse_options,
    parse_variants,
)
from shop.api.exceptions import Conflict, PayloadTooLarge
from shop.api.fields import TextField

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
COLUMNS = (
    *("name", "slug", "description", "price", "quantity", "category", "shipping", "photo"),
    *("photos", *PHOTO_TEXT_COLUMNS, "sku", *OPTION_COLUMNS, *VALUE_COLUMNS, *TAX_COLUMNS),
)
EXPORT_COLUMNS = (
    *("name", "slug", "description", "category", "shipping", "photos", *PHOTO_TEXT_COLUMNS),
    *OPTION_COLUMNS,
    *TAX_COLUMNS,
    *("sku", *VALUE_COLUMNS, "price", "quantity"),
)
REQUIRED_COLUMNS = ("name", "description", "price", "quantity", "category")
SLUG_MAX = Product._meta.get_field("slug").max_length
TRUE_WORDS = {"1", "true", "yes", "y"}
FALSE_WORDS = {"0", "false", "no", "n", ""}
MEMORY_FOR_PHOTOS = 256 * 1024 * 1024
DIGEST_IN_NAME = 16
LIST_SEPARATOR = "|"

Progress = Callable[[str, int, int], None]

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
    """A following row of a product: one more variant, price and stock by the API's
    rules."""

    price = copy.deepcopy(ProductInput._declared_fields["price"])
    quantity = copy.deepcopy(ProductInput._declared_fields["quantity"])


@dataclass
class VariantRow:
    """One variant as a row gives it: its SKU (blank: kept, or made), its option cells
    by option number, its price and stock."""

    line: int
    sku: str
    values: dict[int, str]
    price: Decimal
    quantity: int


@dataclass
class Place:
    """One photo of a gallery to write: a kept photo's id or a source file of --images,
    with its alt text and option (None: what the kept photo has at the write)."""

    source: int | Path
    alt: str | None = None
    option: str | None = None


@dataclass
class Row:
    """One product of the file: its first row's columns and every row's variant."""

    line: int
    name: str
    slug: str
    description: str
    price: Decimal  # the first row's (the product's, in the one-row layout)
    quantity: int
    category: str
    shipping: bool | None  # None: no shipping column (keep on update, 0 on create)
    photo: str  # the original single photo: a file name in --images, "" for none given
    photos: list[str] | None  # the gallery's file names; None: keep the gallery
    # An item per name of `photos`; [] a blank cell (none for every photo); None: the file
    # has no such column (a kept photo keeps its own, a new one has none).
    photo_alts: list[str] | None = None
    photo_options: list[str] | None = None
    option_cells: dict[int, tuple[str, str]] = field(default_factory=dict)  # n: name, values
    # The tax columns the file has, as stored (None: the category's); a column the file
    # lacks keeps the product's value.
    tax: dict[str, object] = field(default_factory=dict)
    variant_rows: list[VariantRow] = field(default_factory=list)
    product: Product | None = None
    options: list[dict] = field(default_factory=list)
    specs: list[VariantSpec] = field(default_factory=list)
    stored_variants: list[Variant] = field(default_factory=list)  # as they were when checked
    variants_changed: bool = False
    # The gallery to write, in order (None: as it is).
    gallery: list[Place] | None = None
    changed: list[str] = field(default_factory=list)  # what of `product` this row changes

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


# --- planning (validation; nothing is written) --------------------------------------------


def _checked_bytes(path: Path) -> CheckedPhoto:
    """The picture as it would be stored: the upload check and re-encoding of the API."""
    with open(path, "rb") as handle:
        return check_photo(handle, slug="import")


def _file_digest(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _stored_digest(name: str, plan: Plan) -> str | None:
    if name not in plan.stored_digests:
        try:
            with default_storage.open(name, "rb") as handle:
                plan.stored_digests[name] = hashlib.sha256(handle.read()).hexdigest()
        except OSError:
            plan.stored_digests[name] = None
    return plan.stored_digests[name]


def _new_row(line: int, v: dict, header: list[str], values: dict) -> Row:
    """A product from its first row, validated (`v`), and its raw cells (`values`)."""
    photos = split(values.get("photos", ""))
    row = Row(
        line=line,
        name=v["name"],
        slug=v.get("slug", ""),
        description=v["description"],
        price=v["price"],
        quantity=v["quantity"],
        category=v["category"],
        shipping=v.get("shipping") if "shipping" in header else None,
        photo=(v.get("photo") or "").strip(),
        photos=photos or None,
        photo_alts=_photo_texts(values, header, PHOTO_ALTS),
        photo_options=_photo_texts(values, header, PHOTO_OPTIONS),
        tax={name: _stored_tax(v.get(name)) for name in TAX_COLUMNS if name in header},
    )
    for n in OPTION_NUMBERS:
        name = values.get(OPTION_NAME.format(n), "").strip()
        if name:
            row.option_cells[n] = (name, values.get(OPTION_VALUES.format(n), ""))
    row.variant_rows.append(_variant_row(line, values, v["price"], v["quantity"]))
    return row


def _photo_texts(values: dict, header: list[str], column: str) -> list[str] | None:
    """A `photo_alts` or `photo_options` cell: its items, blank ones in their places."""
    if column not in header:
        return None
    cell = values.get(column, "")
    return split(cell, keep_blank=True) if cell.strip() else []


def _stored_tax(value):
    """A checked tax cell as the product stores it: blank is None (the category's)."""
    return None if value in ("", None) else value


def _variant_row(line: int, values: dict, price: Decimal, quantity: int) -> VariantRow:
    cells = {n: values.get(OPTION_VALUE.format(n), "").strip() for n in OPTION_NUMBERS}
    return VariantRow(
        line=line,
        sku=values.get("sku", "").strip(),
        values={n: cell for n, cell in cells.items() if cell},
        price=price,
        quantity=quantity,
    )


def _repeated_cells(row: Row, line: int, values: dict, first: dict) -> list[str]:
    """A following row of a product leaves the product's columns blank, or repeats its
    first row's exactly."""
    errors = []
    for column in PRODUCT_COLUMNS:
        cell = values.get(column, "").strip()
        if cell and cell != first.get(column, "").strip():
            errors.append(
                f"line {line}: {column}: differs from line {row.line}, the first row of "
                f"product {row.slug}; leave it blank on the product's following rows."
            )
    return errors


def plan_import(handle, *, images: Path | None = None, progress: Progress | None = None) -> Plan:
    """Check every row of the file against the database; raises ImportFailed with every
    problem found. Returns what would be created and updated.

    Every read of the check sees the database as of one moment: on PostgreSQL it runs in
    one REPEATABLE READ transaction (when no transaction is open already). Otherwise an
    import checked while another one commits would find the products by slug as they
    were before and their SKUs as they are after, and report the other import's SKUs as
    taken (a problem in the file) where apply_import's Conflict ("run it again") is the
    truth. On SQLite every transaction takes the one write lock (IMMEDIATE), which would
    hold all other writers for the whole check, so there the check reads without one."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return _plan_import(handle, images=images, progress=progress)
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        return _plan_import(handle, images=images, progress=progress)


def _plan_import(handle, *, images: Path | None, progress: Progress | None) -> Plan:
    header, raw_rows = read_rows(handle)
    by_variant = any(column in header for column in VARIANT_LAYOUT)
    total = len(raw_rows)
    errors: list[str] = []
    plan = Plan()
    seen_names: dict[str, int] = {}
    seen_slugs: dict[str, int] = {}
    # One serializer for every row: DRF copies its fields once, not per row.
    validator, follower = RowInput(), VariantRowInput()
    current: Row | None = None  # the product whose rows are being read
    current_slug, current_values = "", {}
    for index, (line, values) in enumerate(raw_rows, 1):
        slug = values.get("slug", "").strip()
        if by_variant and slug and slug == current_slug:
            # One more variant of the product above.
            try:
                v = follower.run_validation(
                    {k: values[k] for k in ("price", "quantity") if k in values}
                )
            except serializers.ValidationError as exc:
                errors.extend(f"line {line}: {m}" for m in _messages(exc.detail))
            else:
                if current is not None:
                    current.variant_rows.append(
                        _variant_row(line, values, v["price"], v["quantity"])
                    )
            if current is not None:
                errors.extend(_repeated_cells(current, line, values, current_values))
        else:
            current, current_slug, current_values = None, slug, values
            try:
                v = validator.run_validation(values)
            except serializers.ValidationError as exc:
                errors.extend(f"line {line}: {m}" for m in _messages(exc.detail))
            else:
                current = _new_row(line, v, header, values)
                key = current.name.lower()
                if key in seen_names:
                    first = seen_names[key]
                    hint = (
                        "; give its rows the product's slug to sell it in several variants"
                        if by_variant and not current.slug
                        else ""
                    )
                    errors.append(
                        f"line {line}: name: {current.name} is already on line {first}{hint}."
                    )
                seen_names.setdefault(key, line)
                if current.slug:
                    if current.slug in seen_slugs:
                        where = seen_slugs[current.slug]
                        hint = " (a product's rows follow each other)" if by_variant else ""
                        errors.append(
                            f"line {line}: slug: {current.slug} is already on line {where}{hint}."
                        )
                    seen_slugs.setdefault(current.slug, line)
                plan.rows.append(current)
        if progress and index % 500 == 0:
            progress("checking", index, total)
    if progress and total:
        progress("checking", total, total)

    # Which product each row is: by slug when given, else by name regardless of case.
    slugs = [r.slug for r in plan.rows if r.slug]
    names = [r.name.lower() for r in plan.rows]
    by_slug: dict[str, Product] = {}
    by_name: dict[str, Product] = {}
    for chunk in chunks(slugs):
        for p in Product.objects.filter(slug__in=chunk).select_related("category"):
            by_slug[p.slug] = p
    for chunk in chunks(names):
        for p in (
            Product.objects.annotate(lname=Lower("name"))
            .filter(lname__in=chunk)
            .select_related("category")
        ):
            by_name[p.lname] = p
    categories = {c.name.lower(): c for c in Category.objects.all()}

    new_categories: set[str] = set()
    product_lines: dict[int, int] = {}
    for index, row in enumerate(plan.rows, 1):
        if progress and (index % 500 == 0 or index == len(plan.rows)):
            progress("matching", index, len(plan.rows))
        owner = by_name.get(row.name.lower())
        row.product = by_slug.get(row.slug) if row.slug else owner
        if owner is not None and row.product is not None and owner.pk != row.product.pk:
            errors.append(
                f"line {row.line}: name: {row.name} is already the name of product {owner.slug}."
            )
        elif owner is not None and row.product is None:
            errors.append(
                f"line {row.line}: name: {row.name} is already the name of product "
                f"{owner.slug}; give its slug to update it."
            )
        if row.product is not None:
            first = product_lines.setdefault(row.product.pk, row.line)
            if first != row.line:
                errors.append(
                    f"line {row.line}: product {row.product.slug} is already changed on line "
                    f"{first}."
                )
        if row.category.lower() not in categories and row.category.lower() not in new_categories:
            new_categories.add(row.category.lower())
            plan.new_categories.append(row.category)

    variants, photos = _parts([row.product.pk for row in plan.rows if row.product is not None])
    for row in plan.rows:
        own = variants.get(row.product.pk, []) if row.product is not None else []
        problems = _plan_variants(row, own) if by_variant else _plan_one_variant(row, own)
        errors.extend(problems)
        gallery = photos.get(row.product.pk, []) if row.product is not None else []
        # A photo's option is checked against the product's options once they are known.
        errors.extend(_plan_gallery(row, gallery, images, plan, options_known=not problems))
    errors.extend(_skus_taken(plan.rows))

    if errors:
        # In file order (a row's field problems were found before its photo's).
        raise ImportFailed(sorted(errors, key=lambda e: int(e.split(":", 1)[0].split()[1])))

    for row in plan.rows:
        if row.product is None:
            plan.created += 1
            continue
        row.changed = _changes(row, categories.get(row.category.lower()))
        if row.changed:
            plan.updated += 1
        else:
            plan.unchanged += 1
    return plan


def _parts(product_ids: list[int]) -> tuple[dict[int, list], dict[int, list]]:
    """The stored variants and gallery photos of these products, in order."""
    variants: dict[int, list[Variant]] = {}
    photos: dict[int, list[ProductPhoto]] = {}
    for chunk in chunks(product_ids):
        for variant in Variant.objects.filter(product_id__in=chunk).order_by(
            "product_id", "position", "id"
        ):
            variants.setdefault(variant.product_id, []).append(variant)
        for photo in ProductPhoto.objects.filter(product_id__in=chunk).order_by(
            "product_id", "position", "id"
        ):
            photos.setdefault(photo.product_id, []).append(photo)
    return variants, photos


def _spec_of(variant: Variant) -> VariantSpec:
    return VariantSpec(
        pk=variant.pk,
        sku=variant.sku,
        options=variant.options,
        price=variant.price,
        quantity=variant.quantity,
    )


def _plan_one_variant(row: Row, own: list[Variant]) -> list[str]:
    """The one-row-per-product layout: a new product sold one way; an existing one sold
    one way takes the row's price and stock; one with several variants keeps them, and
    may not be given another price or stock here (as the API's original form)."""
    product = row.product
    row.options = list(product.options or []) if product is not None else []
    if len(own) > 1:
        row.specs = [_spec_of(v) for v in own]
        for column, wanted, now in (
            ("price", row.price, product.price),
            ("quantity", row.quantity, product.quantity),
        ):
            if wanted != now:
                return [
                    f"line {row.line}: {column}: product {product.slug} has {len(own)} "
                    "variants; give it one row per variant (sku and option columns) to "
                    "change their prices or stock."
                ]
    elif own:
        row.specs = [_spec_of(own[0])]
        row.specs[0].price, row.specs[0].quantity = row.price, row.quantity
    else:
        row.options = []
        row.specs = [
            VariantSpec(pk=None, sku="", options={}, price=row.price, quantity=row.quantity)
        ]
    row.stored_variants = own
    _variants_changed(row, own)
    return []


def _plan_options(row: Row) -> list[str]:
    """The product's options from its first row: each `optionN_name` with its
    `optionN_values`, or the values its rows use, in the order first used."""
    raw = []
    for n, (name, cell) in sorted(row.option_cells.items()):
        values = split(cell)
        if not values:
            seen = set()
            for variant in row.variant_rows:
                value = variant.values.get(n)
                if value and value.casefold() not in seen:
                    seen.add(value.casefold())
                    values.append(value)
        raw.append({"name": name, "values": values})
    try:
        row.options = parse_options(raw)
    except serializers.ValidationError as exc:
        return [f"line {row.line}: options: {m}" for m in _api_messages(exc)]
    return []


def _plan_variants(row: Row, own: list[Variant]) -> list[str]:
    """The one-row-per-variant layout: the product's variants are its rows, checked by
    catalog.variants; each matched to a stored one by SKU, else by options."""
    errors = _plan_options(row)
    if errors:
        return errors
    names = {n: name for n, (name, _) in row.option_cells.items()}
    if not row.options and len(row.variant_rows) > 1:
        second = row.variant_rows[1].line
        return [
            f"line {second}: slug: {row.slug} is already on line {row.line}; a product "
            "without options (option1_name ...) has exactly one variant."
        ]
    if len(row.variant_rows) > MAX_VARIANTS:
        return [
            f"line {row.line}: slug: product {row.slug or row.name} has "
            f"{len(row.variant_rows)} rows; a product can have at most {MAX_VARIANTS} variants."
        ]
    combinations: dict[str, int] = {}
    skus: dict[str, int] = {}
    for variant in row.variant_rows:
        extra = [n for n in variant.values if n not in names]
        if extra:
            errors.append(
                f"line {variant.line}: {OPTION_VALUE.format(extra[0])}: the product has no "
                f"{OPTION_NAME.format(extra[0])}."
            )
            continue
        missing = [n for n in names if n not in variant.values]
        if missing:
            errors.append(
                f"line {variant.line}: {OPTION_VALUE.format(missing[0])}: every variant needs "
                f"a value of {names[missing[0]]}."
            )
            continue
        item = {
            "sku": variant.sku,
            "options": {names[n]: variant.values[n] for n in names},
            "price": str(variant.price),
            "quantity": variant.quantity,
        }
        try:
            [spec] = parse_variants([item], row.options)
        except serializers.ValidationError as exc:
            errors.extend(
                f"line {variant.line}: {_column_of(m, names)}: {m}" for m in _api_messages(exc)
            )
            continue
        key = option_key(spec.options)
        if key in combinations:
            errors.append(
                f"line {variant.line}: options: {spec.label()} is already on line "
                f"{combinations[key]}."
            )
            continue
        combinations[key] = variant.line
        if spec.sku and spec.sku.casefold() in skus:
            errors.append(
                f"line {variant.line}: sku: SKU {spec.sku} is already on line "
                f"{skus[spec.sku.casefold()]}."
            )
            continue
        if spec.sku:
            skus[spec.sku.casefold()] = variant.line
        row.specs.append(spec)
    if errors:
        return errors
    # Which stored variant each row is: by SKU first, then by options.
    by_sku = {v.sku.casefold(): v for v in own}
    unmatched = {v.pk: v for v in own}
    for spec in row.specs:
        stored = by_sku.get(spec.sku.casefold()) if spec.sku else None
        if stored is not None:
            spec.pk = unmatched.pop(stored.pk).pk
    by_options = {v.option_key: v for v in unmatched.values()}
    for spec in row.specs:
        stored = by_options.get(option_key(spec.options)) if spec.pk is None else None
        if stored is not None and stored.pk in unmatched:
            spec.pk = unmatched.pop(stored.pk).pk
    row.stored_variants = own
    sent = [
        {
            "_id": spec.pk,
            "sku": spec.sku,
            "options": spec.options,
            "price": str(spec.price),
            "quantity": spec.quantity,
        }
        for spec in row.specs
    ]
    try:
        # All together, as the API takes them (combinations, SKUs, counts); one row alone
        # was checked so above.
        if len(sent) > 1:
            parse_variants(sent, row.options)
    except serializers.ValidationError as exc:
        return [f"line {row.line}: variants: {m}" for m in _api_messages(exc)]
    _variants_changed(row, own)
    return []


def _number(names: dict[int, str], name: str) -> int:
    return next(n for n, known in names.items() if known == name)


def _column_of(message: str, names: dict[int, str]) -> str:
    """The column a message of catalog.variants is about."""
    field = field_of(message)
    if field:
        return field
    for n, name in names.items():
        if message.endswith(f" of {name}."):
            return OPTION_VALUE.format(n)
    return "options"


def _variants_changed(row: Row, own: list[Variant]) -> None:
    stored = [(v.pk, v.sku, v.options, v.price, v.quantity) for v in own]
    skus = {v.pk: v.sku for v in own}
    wanted = [
        (spec.pk, spec.sku or skus.get(spec.pk, ""), spec.options, spec.price, spec.quantity)
        for spec in row.specs
    ]
    row.variants_changed = wanted != stored


def _skus_taken(rows: list[Row]) -> list[str]:
    """Each SKU once in the file, and none that another product's variant has (as the
    API's check_skus_free; a SKU does not move between products in one import)."""
    errors, first_line, owners = [], {}, {}
    for row in rows:
        for variant in row.variant_rows:
            if not variant.sku:
                continue
            key = variant.sku.casefold()
            if key in first_line and first_line[key][1] is not row:
                errors.append(
                    f"line {variant.line}: sku: SKU {variant.sku} is already on line "
                    f"{first_line[key][0]}."
                )
            first_line.setdefault(key, (variant.line, row))
    keys = list(first_line)
    for chunk in chunks(keys):
        for low, sku, product_id in (
            Variant.objects.annotate(low=Lower("sku"))
            .filter(low__in=chunk)
            .values_list("low", "sku", "product_id")
        ):
            owners[low] = (sku, product_id)
    for key, (line, row) in first_line.items():
        if key in owners:
            sku, product_id = owners[key]
            if row.product is None or row.product.pk != product_id:
                errors.append(f"line {line}: sku: {SKU_USED.format(sku=sku)}")
    return errors


def _source(row: Row, column: str, name: str, images: Path | None, plan: Plan):
    """The checked file `name` of --images: `(path, [])`, or `(None, errors)`."""
    if images is None:
        return None, [f"line {row.line}: {column}: {name} is given but no --images folder."]
    if name not in plan.sources:
        root = images.resolve()
        source = (images / name).resolve()
        ok = root in source.parents and source.is_file()
        plan.sources[name] = source if ok else None
    source = plan.sources[name]
    if source is None:
        return None, [f"line {row.line}: {column}: {name} is not a file in {images}."]
    if source not in plan.photos:
        try:
            checked = _checked_bytes(source)
        except PayloadTooLarge as exc:
            return None, [f"line {row.line}: {column}: {name}: {exc.detail}"]
        except serializers.ValidationError as exc:
            return None, [f"line {row.line}: {column}: {name}: {m}" for m in _api_messages(exc)]
        except OSError as exc:
            return None, [f"line {row.line}: {column}: {name}: {exc.strerror or exc}"]
        data = checked.content.read()
        keep = plan.kept_bytes + len(data) <= MEMORY_FOR_PHOTOS
        plan.kept_bytes += len(data) if keep else 0
        plan.photos[source] = CheckedSource(
            digest=hashlib.sha256(data).hexdigest(),
            raw_digest=_file_digest(source),
            extension=checked.name.rsplit(".", 1)[-1],
            data=data if keep else None,
        )
    return source, []


def _in_images(name: str, images: Path | None) -> bool:
    return images is not None and (images / name).is_file()


def _plan_gallery(
    row: Row, stored: list[ProductPhoto], images: Path | None, plan: Plan, *, options_known: bool
):
    """The gallery a row asks for, in order: `photos` names the whole gallery (the base
    name of a photo the product has keeps it, unless --images holds a different picture
    under that name; any other name is a file in --images, checked like an upload, which
    keeps a stored photo of the same picture); `photo` replaces the first photo. Blank:
    the gallery stays as it is. `photo_alts` and `photo_options` give its photos' alt
    texts and options (`options_known`: the row's options were read without a problem)."""
    if row.photos:
        column, names = "photos", row.photos
    elif row.photo:
        column, names = "photo", [row.photo]
    else:
        return [
            f"line {row.line}: {text_column}: {_count(len(items), 'item')} but photos is "
            "blank; name the photos they are for there."
            for text_column, items in (
                (PHOTO_ALTS, row.photo_alts),
                (PHOTO_OPTIONS, row.photo_options),
            )
            if items
        ]
    errors = []
    seen = set()
    for name in names:
        if name in seen:
            errors.append(f"line {row.line}: {column}: {name} is listed twice.")
        seen.add(name)
    if len(names) > MAX_PHOTOS:
        errors.append(f"line {row.line}: {column}: {TOO_MANY_PHOTOS}")
    for text_column in PHOTO_TEXT_COLUMNS:
        items = getattr(row, text_column)
        if items and len(items) != len(names):
            errors.append(
                f"line {row.line}: {text_column}: {_count(len(items), 'item')} for "
                f"{_count(len(names), 'photo')}; give one per photo of photos, in order (a "
                "blank item for none)."
            )
    if errors:
        return errors
    # The original column compares with the first photo only: the rest stay after it.
    candidates = stored[:1] if column == "photo" else list(stored)
    by_name = {os.path.basename(p.image.name): p for p in candidates}
    by_name.update({p.image.name: p for p in candidates})
    kept: set[int] = set()
    gallery: list[int | Path] = []
    for name in names:
        photo = by_name.get(name)
        if photo is not None and photo.pk not in kept and not _in_images(name, images):
            kept.add(photo.pk)
            gallery.append(photo.pk)
            continue
        source, problems = _source(row, column, name, images, plan)
        if problems:
            errors.extend(problems)
            continue
        same = [photo] if photo is not None else candidates
        match = next(
            (
                p
                for p in same
                if p is not None and p.pk not in kept and _same_photo(p.image.name, source, plan)
            ),
            None,
        )
        if match is not None:
            kept.add(match.pk)
            gallery.append(match.pk)
        else:
            gallery.append(source)
    if errors:
        return errors
    if column == "photo":
        gallery += [p.pk for p in stored[1:]]
    # A kept photo keeps its alt text and option, a new one has none, unless the file
    # gives them.
    places = [
        Place(entry) if isinstance(entry, int) else Place(entry, alt="", option="")
        for entry in gallery
    ]
    errors = _plan_photo_texts(row, names, places, stored, options_known=options_known)
    if errors:
        return errors
    relabelled = any(
        isinstance(place.source, int) and (place.alt, place.option) != (None, None)
        for place in places
    )
    if relabelled or gallery != [p.pk for p in stored]:
        row.gallery = places
    return []


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _plan_photo_texts(
    row: Row,
    names: list[str],
    places: list[Place],
    stored: list[ProductPhoto],
    *,
    options_known: bool,
) -> list[str]:
    """Each photo's alt text (the gallery's rules) and option (a value of the product's
    options, spelled as there, by the API's rule) as `photo_alts` and `photo_options`
    give them; an item that is what a kept photo has leaves it as it is at the write."""
    own = {p.pk: p for p in stored}
    errors = []
    for column, attribute, items in (
        (PHOTO_ALTS, "alt", row.photo_alts),
        (PHOTO_OPTIONS, "option", row.photo_options),
    ):
        if items is None or (column == PHOTO_OPTIONS and not options_known):
            continue
        given = items or [""] * len(names)  # a blank cell: none for every photo
        for name, place, item in zip(names, places[: len(names)], given, strict=True):
            photo = own.get(place.source) if isinstance(place.source, int) else None
            now = getattr(photo, attribute) if photo is not None else None
            if now is not None and _same_text(item, now):
                continue
            try:
                if column == PHOTO_ALTS:
                    [checked] = parse_gallery([{"new": 0, "alt": item}], new_count=1)
                else:
                    checked = GalleryItem(pk=None, new=0, alt="", option=item)
                    check_gallery_options([checked], row.options)
            except serializers.ValidationError as exc:
                errors.extend(f"line {row.line}: {column}: {name}: {m}" for m in _api_messages(exc))
                continue
            value = getattr(checked, attribute)
            if value != now:
                setattr(place, attribute, value)
    return errors


def _same_text(item: str, stored: str) -> bool:
    """Whether a cell's item is the stored text as export wrote it (spaces aside)."""
    return _plain(item) == _plain(stored)


def _plain(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.split()))


def _changes(row: Row, category: Category | None) -> list[str]:
    """What of an existing product this row changes: its fields, and `variants` or
    `gallery` when those change."""
    p = row.product
    changed = []
    for name in ("name", "description"):
        if getattr(p, name) != getattr(row, name):
            changed.append(name)
    if category is None or p.category_id != category.pk:
        changed.append("category")
    if row.shipping is not None and p.shipping != row.shipping:
        changed.append("shipping")
    changed += [name for name, value in row.tax.items() if getattr(p, name) != value]
    if (p.options or []) != row.options:
        changed.append("options")
    if row.variants_changed:
        changed.append("variants")
    if row.gallery is not None:
        changed.append("gallery")
    return changed


def _same_photo(current: str, source: Path, plan: Plan) -> bool:
    """Whether a stored photo is already this picture: by the content digest in the name
    of an imported photo, else (an upload) by reading the stored file."""
    if not current:
        return False
    checked = plan.photos[source]
    if current.rsplit(".", 1)[0].endswith(f"-{checked.digest[:DIGEST_IN_NAME]}"):
        return True
    return _stored_digest(current, plan) in (checked.digest, checked.raw_digest)


# --- applying -----------------------------------------------------------------------------


def apply_import(plan: Plan, *, progress: Progress | None = None) -> None:
    """Write the plan: photos first (removed again on failure), then every row in one
    transaction."""
    stored: dict[Path, str] = {}
    try:
        _store_photos(plan, stored, progress)
        with transaction.atomic():
            _write_rows(plan, stored, progress)
            transaction.on_commit(bump_version)
    except BaseException:
        for name in stored.values():
            try:
                default_storage.delete(name)
            except OSError:
                logger.warning("Could not delete imported photo %s", name, exc_info=True)
            delete_renditions(name)
        raise


def _store_photos(plan: Plan, stored: dict[Path, str], progress: Progress | None) -> None:
    """Store each photo file the rows need (once per file, shared by its rows) with its
    WebP renditions. Photos equal to one the product has are kept, not stored again."""
    needed = {}
    for row in plan.rows:
        if row.product is not None and not row.changed:
            continue
        slug = row.slug or base_slug(row.name, fallback="product", max_length=60)
        for place in row.gallery or []:
            if isinstance(place.source, Path):
                needed.setdefault(place.source, slug)
    for done, (source, slug) in enumerate(needed.items(), 1):
        checked = plan.photos[source]
        data = checked.data or _checked_bytes(source).content.read()
        name = default_storage.save(checked.stored_name(slug), ContentFile(data))
        stored[source] = name
        make_renditions(data, name)
        if progress and (done % 50 == 0 or done == len(needed)):
            progress("photos", done, len(needed))


def _write_rows(plan: Plan, stored: dict[Path, str], progress: Progress | None) -> None:
    categories = {c.name.lower(): c for c in Category.objects.all()}
    for name in plan.new_categories:
        if name.lower() in categories:
            continue  # made since the file was checked (another import, an editor): used
        category = Category(name=name, slug=_free_slug(Category, name, "category", set()))
        category.full_clean()
        category.save()
        categories[name.lower()] = category

    taken_slugs = set(Product.objects.values_list("slug", flat=True))
    now = timezone.now()
    creates: list[tuple[Row, Product]] = []
    updates: list[tuple[Row, Product]] = []
    fields: set[str] = set()
    total = len(plan.rows)
    for index, row in enumerate(plan.rows, 1):
        category = categories[row.category.lower()]
        if row.product is None:
            slug = row.slug
            if not slug or slug in taken_slugs:
                slug = _free_slug(Product, row.name, "product", taken_slugs, wanted=row.slug)
            taken_slugs.add(slug)
            first = row.gallery[0].source if row.gallery else None
            product = Product(
                name=row.name,
                slug=slug,
                description=row.description,
                # What its variants give, from the first write on.
                price=min(spec.price for spec in row.specs),
                quantity=sum(spec.quantity for spec in row.specs),
                category=category,
                shipping=bool(row.shipping),
                options=row.options,
                photo=stored[first] if first is not None else "",
                created_at=now,
                updated_at=now,
                **row.tax,
            )
            creates.append((row, product))
        elif row.changed:
            product = row.product
            for name in ("name", "description", "shipping", "options", *TAX_COLUMNS):
                if name in row.changed:
                    value = row.tax[name] if name in TAX_COLUMNS else getattr(row, name)
                    setattr(product, name, value)
                    fields.add(name)
            if "category" in row.changed:
                product.category = category
                fields.add("category")
            product.updated_at = now
            updates.append((row, product))
        if progress and index % 500 == 0:
            progress("writing", index, total)
    for chunk in chunks([product for _, product in creates]):
        Product.objects.bulk_create(chunk)
    _create_parts(creates, stored)
    replaced = _update_parts(updates, stored, fields)
    if updates:
        bulk_update(Product, [product for _, product in updates], fields | {"updated_at"})
    for name in sorted(replaced):
        photo_remove_after_commit(name)
    if progress and total:
        progress("writing", total, total)


def _create_parts(creates: list[tuple[Row, Product]], stored: dict[Path, str]) -> None:
    """The new products' variants (a blank SKU made as the API makes it: `SS-{id}`, or
    `SS-{id}-{n}` for the n-th of several) and galleries, in bulk."""
    variants, photos = [], []
    wanted = []
    for row, product in creates:
        for position, spec in enumerate(row.specs):
            n = 0 if len(row.specs) == 1 else position + 1
            wanted.append((spec, product, n))
    taken = {spec.sku.casefold() for spec, _, _ in wanted if spec.sku}
    made = [f"SS-{product.pk}" + (f"-{n}" if n else "") for spec, product, n in wanted]
    for chunk in chunks([sku.lower() for sku in made]):
        taken |= set(
            Variant.objects.annotate(low=Lower("sku"))
            .filter(low__in=chunk)
            .values_list("low", flat=True)
        )
    positions: dict[int, int] = {}
    for spec, product, n in wanted:
        sku = spec.sku or generated_sku(product.pk, n, taken)
        taken.add(sku.casefold())
        position = positions.get(product.pk, 0)
        positions[product.pk] = position + 1
        variants.append(
            Variant(
                product=product,
                sku=sku,
                options=spec.options,
                option_key=option_key(spec.options),
                price=spec.price,
                quantity=spec.quantity,
                position=position,
            )
        )
    for row, product in creates:
        for position, place in enumerate(row.gallery or []):
            photos.append(
                ProductPhoto(
                    product=product,
                    image=stored[place.source],
                    alt=place.alt or "",
                    option=place.option or "",
                    position=position,
                )
            )
    for chunk in chunks(variants):
        Variant.objects.bulk_create(chunk)
    for chunk in chunks(photos):
        ProductPhoto.objects.bulk_create(chunk)


def _update_parts(
    updates: list[tuple[Row, Product]], stored: dict[Path, str], fields: set[str]
) -> set[str]:
    """The changed products' variants and galleries. Their rows are locked first (in id
    order), then their variants, as checkout locks them (and as the editor locks a
    product before its gallery). The variants and their stock go through
    catalog.stock.write_stock, as every editor's do: a stock the file gives as it was
    when the file was checked is left as it is now (a sale made meanwhile stays), a
    changed one is written as given; a photo the file keeps that an editor removed
    meanwhile stops the import (Conflict: nothing is written). Returns the photo files
    no longer used."""
    writes = [
        StockWrite(
            product=product,
            specs=row.specs,
            seen={v.pk: v.quantity for v in row.stored_variants},
            stored=row.stored_variants,
        )
        for row, product in updates
        if row.variants_changed
    ]
    write_stock(
        writes, also_locked=[product.pk for row, product in updates if row.gallery is not None]
    )
    replaced: set[str] = set()
    for row, product in updates:
        if row.gallery is not None:
            items, names = [], []
            kept = {p.pk: (p.alt, p.option) for p in ProductPhoto.objects.filter(product=product)}
            for place in row.gallery:
                if isinstance(place.source, Path):
                    items.append(
                        GalleryItem(pk=None, new=len(names), alt=place.alt, option=place.option)
                    )
                    names.append(stored[place.source])
                elif place.source not in kept:
                    raise Conflict(
                        f"line {row.line}: photos: a photo of {product.name} this file keeps "
                        "was removed while it was being imported"
                    )
                else:
                    alt, option = kept[place.source]
                    items.append(
                        GalleryItem(
                            pk=place.source,
                            new=None,
                            alt=alt if place.alt is None else place.alt,
                            option=option if place.option is None else place.option,
                        )
                    )
            old = product.photo.name
            replaced.update(write_gallery(product, items, names))
            if product.photo.name != old:
                fields.add("photo")
    return replaced


def _free_slug(model, name: str, fallback: str, taken: set[str], wanted: str = "") -> str:
    """A slug free in `taken` and in the table: `wanted` or the name's, then `-2`, ..."""
    max_length = model._meta.get_field("slug").max_length - 8
    base = wanted or base_slug(name, fallback=fallback, max_length=max_length)
    if model is Category:
        taken = taken | set(
            model.objects.filter(slug__startswith=base).values_list("slug", flat=True)
        )
    return first_free(base, taken)


# --- export -------------------------------------------------------------------------------


def export_rows(handle, *, images: Path | None = None) -> int:
    """Write every product (oldest first), one row per variant in the variants' order,
    in the import format: the product's columns on its first row only, its slug on every
    row. UTF-8 with a BOM (Excel then reads it as UTF-8), CRLF line ends. With `images`,
    each gallery photo is copied there under the base name the `photos` column gives.
    Returns the product count."""
    handle.write("\ufeff")
    writer = csv.writer(handle)
    writer.writerow(EXPORT_COLUMNS)
    count = 0
    copied = set()
    ids = list(Product.objects.order_by("created_at", "id").values_list("id", flat=True))
    for chunk in chunks(ids):
        found = Product.objects.select_related("category").in_bulk(chunk)
        products = [found[pk] for pk in chunk if pk in found]
        attach_parts(products)  # their variants and gallery: two queries a chunk
        for p in products:
            files = _write_product(writer, p)
            if images is not None:
                for name in files:
                    base = os.path.basename(name)
                    if base in copied:
                        continue
                    try:
                        with default_storage.open(name, "rb") as source:
                            (images / base).write_bytes(source.read())
                        copied.add(base)
                    except OSError:
                        logger.warning("Photo %s is missing; not copied", name)
            count += 1
    return count


def _write_product(writer, p: Product) -> list[str]:
    """A product's rows: one per variant, in order, the product's columns on the first.
    Returns its gallery's file names."""
    photos = [(image, alt, option) for _, image, alt, option in p.photo_rows]
    if not photos and p.photo.name:
        photos = [(p.photo.name, "", "")]
    files = [image for image, _, _ in photos]
    options = list(p.options or [])[: len(OPTION_NUMBERS)]
    first = [p.name, p.slug, p.description, p.category.name, 1 if p.shipping else 0]
    first.append(joined(os.path.basename(name) for name in files))
    # Each photo's alt text and option; a blank cell where no photo has one.
    for texts in ([alt for _, alt, _ in photos], [option for _, _, option in photos]):
        first.append(joined(texts) if any(texts) else "")
    for n in OPTION_NUMBERS:
        option = options[n - 1] if n <= len(options) else None
        first += [option["name"], joined(option["values"])] if option else ["", ""]
    # The product's own tax details; blank where it takes its category's.
    first += ["" if getattr(p, name) is None else getattr(p, name) for name in TAX_COLUMNS]
    blank = ["", p.slug, *[""] * (len(first) - 2)]
    variants = [
        (sku, choice, price, quantity) for _, sku, choice, price, quantity in p.variant_rows
    ]
    for index, (sku, choice, price, quantity) in enumerate(
        variants or [("", {}, p.price, p.quantity)]
    ):
        cells = list(first if index == 0 else blank)
        cells.append(sku)
        for n in OPTION_NUMBERS:
            option = options[n - 1] if n <= len(options) else None
            cells.append(choice.get(option["name"], "") if option else "")
        cells += [f"{price:.2f}", quantity]
        writer.writerow([escaped_cell(cell) for cell in cells])
    return files
