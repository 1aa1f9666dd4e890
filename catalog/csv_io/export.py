"""Export: every product, one row per variant, in the import's format."""

from __future__ import annotations

import csv
import logging
import os
from pathlib import Path

from django.core.files.storage import default_storage

from catalog.csv_io.columns import (
    EXPORT_COLUMNS,
    OPTION_NUMBERS,
    TAX_COLUMNS,
    escaped_cell,
    joined,
)
from catalog.models import Product
from catalog.services.stock import chunks
from catalog.variants import (
    attach_parts,
)

logger = logging.getLogger("catalog")

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
        (sku, choice, price, mrp, quantity)
        for _, sku, choice, price, quantity, mrp in p.variant_rows
    ]
    for index, (sku, choice, price, mrp, quantity) in enumerate(
        variants or [("", {}, p.price, p.mrp, p.quantity)]
    ):
        cells = list(first if index == 0 else blank)
        cells.append(sku)
        for n in OPTION_NUMBERS:
            option = options[n - 1] if n <= len(options) else None
            cells.append(choice.get(option["name"], "") if option else "")
        cells += [f"{price:.2f}", "" if mrp is None else f"{mrp:.2f}", quantity]
        writer.writerow([escaped_cell(cell) for cell in cells])
    return files
