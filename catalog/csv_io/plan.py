"""Planning an import: every row checked against the database (which product it is,
its options, variants, SKUs and gallery by catalog.variants' and catalog.gallery's
rules, its photo files checked like an upload) and turned into what the batch write
(catalog.services.batch) takes; nothing is written."""

from __future__ import annotations

import hashlib
import logging
import os
import unicodedata
from decimal import Decimal
from pathlib import Path

from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.db.models.functions import Lower
from rest_framework import serializers

from catalog.csv_io.columns import (
    DIGEST_IN_NAME,
    MEMORY_FOR_PHOTOS,
    MRP,
    OPTION_NAME,
    OPTION_NUMBERS,
    OPTION_VALUE,
    OPTION_VALUES,
    PHOTO_ALTS,
    PHOTO_OPTIONS,
    PHOTO_TEXT_COLUMNS,
    PRODUCT_COLUMNS,
    TAX_COLUMNS,
    VARIANT_LAYOUT,
    split,
)
from catalog.csv_io.parse import (
    CheckedSource,
    ImportFailed,
    Plan,
    Row,
    RowInput,
    VariantRow,
    VariantRowInput,
    _api_messages,
    _messages,
    read_rows,
)
from catalog.gallery import MAX_PHOTOS, GalleryItem, parse_gallery
from catalog.gallery import TOO_MANY as TOO_MANY_PHOTOS
from catalog.gallery import check_options as check_gallery_options
from catalog.media.photos import CheckedPhoto, check_photo
from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.services.batch import Place, Progress
from catalog.services.stock import chunks
from catalog.variants import (
    KEEP,
    MAX_VARIANTS,
    SKU_USED,
    VariantSpec,
    field_of,
    mrp_of,
    option_key,
    parse_options,
    parse_variants,
    with_mrps,
)
from shop.api.exceptions import PayloadTooLarge

logger = logging.getLogger("catalog")

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
        mrp=_mrp(v, header),
    )
    for n in OPTION_NUMBERS:
        name = values.get(OPTION_NAME.format(n), "").strip()
        if name:
            row.option_cells[n] = (name, values.get(OPTION_VALUES.format(n), ""))
    row.variant_rows.append(_variant_row(line, values, v["price"], v["quantity"], row.mrp))
    return row


def _mrp(v: dict, header: list[str]):
    """A row's checked `mrp` cell: the MRP, None for a blank cell (none), KEEP when the
    file has no such column (the stored MRPs stay, as before the column existed)."""
    if MRP not in header:
        return KEEP
    value = v.get(MRP, "")
    return None if value in ("", None) else value


def _photo_texts(values: dict, header: list[str], column: str) -> list[str] | None:
    """A `photo_alts` or `photo_options` cell: its items, blank ones in their places."""
    if column not in header:
        return None
    cell = values.get(column, "")
    return split(cell, keep_blank=True) if cell.strip() else []


def _stored_tax(value):
    """A checked tax cell as the product stores it: blank is None (the category's)."""
    return None if value in ("", None) else value


def _variant_row(line: int, values: dict, price: Decimal, quantity: int, mrp) -> VariantRow:
    cells = {n: values.get(OPTION_VALUE.format(n), "").strip() for n in OPTION_NUMBERS}
    return VariantRow(
        line=line,
        sku=values.get("sku", "").strip(),
        values={n: cell for n, cell in cells.items() if cell},
        price=price,
        quantity=quantity,
        mrp=mrp,
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
                    {k: values[k] for k in ("price", "quantity", MRP) if k in values}
                )
            except serializers.ValidationError as exc:
                errors.extend(f"line {line}: {m}" for m in _messages(exc.detail))
            else:
                if current is not None:
                    current.variant_rows.append(
                        _variant_row(line, values, v["price"], v["quantity"], _mrp(v, header))
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
        mrp=variant.mrp,
    )


def _plan_one_variant(row: Row, own: list[Variant]) -> list[str]:
    """The one-row-per-product layout: a new product sold one way; an existing one sold
    one way takes the row's price, stock and MRP (a file without the `mrp` column keeps
    its MRP); one with several variants keeps them, and may not be given another price,
    stock or MRP here (as the API's original form)."""
    product = row.product
    row.options = list(product.options or []) if product is not None else []
    if len(own) > 1:
        row.specs = [_spec_of(v) for v in own]
        for column, wanted, now, what in (
            ("price", row.price, product.price, "prices or stock"),
            ("quantity", row.quantity, product.quantity, "prices or stock"),
            (MRP, row.mrp, product.mrp, "MRPs"),
        ):
            if wanted is not KEEP and wanted != now:
                return [
                    f"line {row.line}: {column}: product {product.slug} has {len(own)} "
                    "variants; give it one row per variant (sku and option columns) to "
                    f"change their {what}."
                ]
    elif own:
        row.specs = [_spec_of(own[0])]
        row.specs[0].price, row.specs[0].quantity = row.price, row.quantity
        if row.mrp is not KEEP:
            row.specs[0].mrp = row.mrp
    else:
        row.options = []
        row.specs = [
            VariantSpec(
                pk=None,
                sku="",
                options={},
                price=row.price,
                quantity=row.quantity,
                mrp=mrp_of(row),
            )
        ]
    try:
        with_mrps(row.specs, field=MRP)
    except serializers.ValidationError as exc:
        return [f"line {row.line}: {MRP}: {m}" for m in _api_messages(exc)]
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
        if variant.mrp is not KEEP:
            item[MRP] = None if variant.mrp is None else str(variant.mrp)
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
    # Each variant's MRP: the row's, else (no `mrp` column) the one stored; not below
    # its price.
    stored_mrps = {v.pk: v.mrp for v in own}
    for variant, spec in zip(row.variant_rows, row.specs, strict=True):
        try:
            with_mrps([spec], KEEP, stored_mrps, field=MRP)
        except serializers.ValidationError as exc:
            errors.extend(f"line {variant.line}: {MRP}: {m}" for m in _api_messages(exc))
    if errors:
        return errors
    row.stored_variants = own
    sent = [
        {
            "_id": spec.pk,
            "sku": spec.sku,
            "options": spec.options,
            "price": str(spec.price),
            MRP: None if spec.mrp is None else str(spec.mrp),
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
    stored = [(v.pk, v.sku, v.options, v.price, v.quantity, v.mrp) for v in own]
    skus = {v.pk: v.sku for v in own}
    wanted = [
        (
            spec.pk,
            spec.sku or skus.get(spec.pk, ""),
            spec.options,
            spec.price,
            spec.quantity,
            spec.mrp,
        )
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
