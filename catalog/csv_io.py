"""CSV import and export of the catalogue (`manage.py import_products` / `export_products`).

One file format both ways: the columns `name,slug,description,price,quantity,category,
shipping,photo`, UTF-8 with or without a BOM, comma (or Excel's semicolon) separated.

A cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
carriage return: OWASP's CSV injection rule) is written behind an apostrophe, and so is a
cell that starts with an apostrophe itself; import drops one leading apostrophe from every
cell. So the escaping is undone exactly, and `'` is how a hand-written file starts a cell
with one of those characters or (doubled) with an apostrophe.

Import is all or nothing: every row is checked first (the same field rules as the API,
the same photo check and re-encoding), and any bad row is reported as `line N: ...` with
nothing written. Then photos are stored, and every product row is written in one
transaction with bulk inserts and updates. A row that changes nothing is not written, so
importing a file twice (or importing what `export_products` wrote) changes nothing.
"""

from __future__ import annotations

import csv
import hashlib
import io
import logging
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.validators import validate_unicode_slug
from django.db import transaction
from django.db.models.functions import Lower
from django.utils import timezone
from rest_framework import serializers

from catalog.caching import bump_version
from catalog.models import Category, Product
from catalog.photos import CheckedPhoto, check_photo
from catalog.renditions import delete_renditions, make_renditions
from catalog.serializers import ProductInput
from catalog.services import photo_remove_after_commit
from catalog.slugs import base_slug, first_free
from shop.api.exceptions import PayloadTooLarge
from shop.api.fields import TextField

logger = logging.getLogger("catalog")

COLUMNS = ("name", "slug", "description", "price", "quantity", "category", "shipping", "photo")
REQUIRED_COLUMNS = ("name", "description", "price", "quantity", "category")
BATCH = 1000
SLUG_MAX = Product._meta.get_field("slug").max_length
TRUE_WORDS = {"1", "true", "yes", "y"}
FALSE_WORDS = {"0", "false", "no", "n", ""}
MEMORY_FOR_PHOTOS = 256 * 1024 * 1024
DIGEST_IN_NAME = 16

Progress = Callable[[str, int, int], None]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
ESCAPE = "'"


def escaped_cell(value) -> str:
    text = str(value)
    return ESCAPE + text if text.startswith((*FORMULA_STARTS, ESCAPE)) else text


def unescaped_cell(text: str) -> str:
    return text[1:] if text.startswith(ESCAPE) else text


class ImportFailed(Exception):
    """The file cannot be imported; `errors` holds one `line N: ...` text per problem."""

    def __init__(self, errors: list[str]):
        super().__init__(f"{len(errors)} problem(s)")
        self.errors = errors


class RowInput(ProductInput):
    """A CSV row: the API's product fields, with the category given by name and the
    photo by file name."""

    category = TextField(label="Category", max_length=100)
    photo = serializers.CharField(required=False, allow_blank=True, max_length=255)
    shipping = serializers.CharField(required=False, allow_blank=True)
    slug = serializers.CharField(required=False, allow_blank=True, max_length=SLUG_MAX)

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


@dataclass
class Row:
    line: int
    name: str
    slug: str
    description: str
    price: Decimal
    quantity: int
    category: str
    shipping: bool | None  # None: no shipping column (keep on update, 0 on create)
    photo: str  # file name in --images, "" for none given
    product: Product | None = None
    photo_source: Path | None = None
    changed: list[str] = field(default_factory=list)  # fields of `product` this row changes


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


# --- planning (validation; nothing is written) --------------------------------------------


def _chunks(items: list, size: int = BATCH) -> Iterable[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


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


def plan_import(handle, *, images: Path | None = None, progress: Progress | None = None) -> Plan:
    """Check every row of the file against the database; raises ImportFailed with every
    problem found. Returns what would be created and updated."""
    header, raw_rows = read_rows(handle)
    total = len(raw_rows)
    errors: list[str] = []
    plan = Plan()
    seen_names: dict[str, int] = {}
    seen_slugs: dict[str, int] = {}
    # One serializer for every row: DRF copies its fields once, not per row.
    validator = RowInput()
    for index, (line, values) in enumerate(raw_rows, 1):
        try:
            v = validator.run_validation(values)
        except serializers.ValidationError as exc:
            errors.extend(f"line {line}: {m}" for m in _messages(exc.detail))
        else:
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
            )
            key = row.name.lower()
            if key in seen_names:
                first = seen_names[key]
                errors.append(f"line {line}: name: {row.name} is already on line {first}.")
            seen_names.setdefault(key, line)
            if row.slug:
                if row.slug in seen_slugs:
                    errors.append(
                        f"line {line}: slug: {row.slug} is already on line {seen_slugs[row.slug]}."
                    )
                seen_slugs.setdefault(row.slug, line)
            plan.rows.append(row)
        if progress and index % 500 == 0:
            progress("checking", index, total)
    if progress and total:
        progress("checking", total, total)

    # Which product each row is: by slug when given, else by name regardless of case.
    slugs = [r.slug for r in plan.rows if r.slug]
    names = [r.name.lower() for r in plan.rows]
    by_slug: dict[str, Product] = {}
    by_name: dict[str, Product] = {}
    for chunk in _chunks(slugs):
        for p in Product.objects.filter(slug__in=chunk).select_related("category"):
            by_slug[p.slug] = p
    for chunk in _chunks(names):
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
        errors.extend(_check_photo_cell(row, images, plan))

    if errors:
        # In file order (a row's field problems were found before its photo's).
        raise ImportFailed(sorted(errors, key=lambda e: int(e.split(":", 1)[0].split()[1])))

    for row in plan.rows:
        if row.product is None:
            plan.created += 1
            continue
        row.changed = _changes(row, categories.get(row.category.lower()), plan)
        if row.changed:
            plan.updated += 1
        else:
            plan.unchanged += 1
    return plan


def _check_photo_cell(row: Row, images: Path | None, plan: Plan) -> list[str]:
    """The photo cell: empty keeps the current photo; the base name of the product's
    current photo (what export_products writes) keeps it too; anything else is a file in
    `images`, checked like an upload."""
    if not row.photo:
        return []
    current = row.product.photo.name if row.product is not None else ""
    is_current = current and row.photo in (os.path.basename(current), current)
    if is_current and (images is None or not (images / row.photo).is_file()):
        return []
    if images is None:
        return [f"line {row.line}: photo: {row.photo} is given but no --images folder."]
    if row.photo not in plan.sources:
        root = images.resolve()
        source = (images / row.photo).resolve()
        ok = root in source.parents and source.is_file()
        plan.sources[row.photo] = source if ok else None
    source = plan.sources[row.photo]
    if source is None:
        return [f"line {row.line}: photo: {row.photo} is not a file in {images}."]
    row.photo_source = source
    if source not in plan.photos:
        try:
            checked = _checked_bytes(source)
        except PayloadTooLarge as exc:
            return [f"line {row.line}: photo: {row.photo}: {exc.detail}"]
        except serializers.ValidationError as exc:
            detail = exc.detail
            messages = (
                [m for ms in detail.values() for m in ms] if isinstance(detail, dict) else detail
            )
            return [f"line {row.line}: photo: {row.photo}: {m}" for m in messages]
        except OSError as exc:
            return [f"line {row.line}: photo: {row.photo}: {exc.strerror or exc}"]
        data = checked.content.read()
        keep = plan.kept_bytes + len(data) <= MEMORY_FOR_PHOTOS
        plan.kept_bytes += len(data) if keep else 0
        plan.photos[source] = CheckedSource(
            digest=hashlib.sha256(data).hexdigest(),
            raw_digest=_file_digest(source),
            extension=checked.name.rsplit(".", 1)[-1],
            data=data if keep else None,
        )
    return []


def _changes(row: Row, category: Category | None, plan: Plan) -> list[str]:
    """The fields of an existing product this row changes."""
    p = row.product
    changed = []
    for name in ("name", "description", "price", "quantity"):
        if getattr(p, name) != getattr(row, name):
            changed.append(name)
    if category is None or p.category_id != category.pk:
        changed.append("category")
    if row.shipping is not None and p.shipping != row.shipping:
        changed.append("shipping")
    if row.photo_source is not None and not _same_photo(p.photo.name, row.photo_source, plan):
        changed.append("photo")
    return changed


def _same_photo(current: str, source: Path, plan: Plan) -> bool:
    """Whether the product's stored photo is already this picture: by the content digest
    in the name of an imported photo, else (an upload) by reading the stored file."""
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
    WebP renditions. Photos that equal the product's current photo are not stored."""
    needed = {}
    for row in plan.rows:
        if row.photo_source is None:
            continue
        if row.product is not None and "photo" not in row.changed:
            continue
        slug = row.slug or base_slug(row.name, fallback="product", max_length=60)
        needed.setdefault(row.photo_source, slug)
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
        category = Category(name=name, slug=_free_slug(Category, name, "category", set()))
        category.full_clean()
        category.save()
        categories[name.lower()] = category

    taken_slugs = set(Product.objects.values_list("slug", flat=True))
    now = timezone.now()
    creates: list[Product] = []
    updates: list[Product] = []
    fields: set[str] = set()
    replaced: set[str] = set()
    total = len(plan.rows)
    for index, row in enumerate(plan.rows, 1):
        category = categories[row.category.lower()]
        photo = stored.get(row.photo_source) if row.photo_source else None
        if row.product is None:
            slug = row.slug
            if not slug or slug in taken_slugs:
                slug = _free_slug(Product, row.name, "product", taken_slugs, wanted=row.slug)
            taken_slugs.add(slug)
            creates.append(
                Product(
                    name=row.name,
                    slug=slug,
                    description=row.description,
                    price=row.price,
                    quantity=row.quantity,
                    category=category,
                    shipping=bool(row.shipping),
                    photo=photo or "",
                    created_at=now,
                    updated_at=now,
                )
            )
        else:
            product = row.product
            changed = row.changed
            if not changed:
                continue
            for name in ("name", "description", "price", "quantity", "shipping"):
                if name in changed:
                    setattr(product, name, getattr(row, name))
            if "category" in changed:
                product.category = category
            if "photo" in changed and photo:
                if product.photo.name:
                    replaced.add(product.photo.name)
                product.photo.name = photo
            product.updated_at = now
            fields.update(changed)
            updates.append(product)
        if progress and index % 500 == 0:
            progress("writing", index, total)
    for chunk in _chunks(creates):
        Product.objects.bulk_create(chunk)
    if updates:
        columns = sorted(fields | {"updated_at"})
        for chunk in _chunks(updates):
            Product.objects.bulk_update(chunk, columns)
    for name in sorted(replaced):
        photo_remove_after_commit(name)
    if progress and total:
        progress("writing", total, total)


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
    """Write every product (oldest first) in the import format: UTF-8 with a BOM (Excel
    then reads it as UTF-8), CRLF line ends. With `images`, each photo file is copied
    there under the base name the `photo` column gives. Returns the row count."""
    handle.write("\ufeff")
    writer = csv.writer(handle)
    writer.writerow(COLUMNS)
    count = 0
    copied = set()
    products = (
        Product.objects.select_related("category").order_by("created_at", "id").iterator(BATCH)
    )
    for p in products:
        photo = os.path.basename(p.photo.name) if p.photo.name else ""
        cells = [
            p.name,
            p.slug,
            p.description,
            f"{p.price:.2f}",
            p.quantity,
            p.category.name,
            1 if p.shipping else 0,
            photo,
        ]
        writer.writerow([escaped_cell(cell) for cell in cells])
        if images is not None and photo and photo not in copied:
            try:
                with default_storage.open(p.photo.name, "rb") as source:
                    (images / photo).write_bytes(source.read())
                copied.add(photo)
            except OSError:
                logger.warning("Photo %s is missing; not copied", p.photo.name)
        count += 1
    return count
