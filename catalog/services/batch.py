"""The catalogue's batch write, for the CSV import (catalog.csv_io turns a file's rows
into `BatchProduct` items and reports): many products in one transaction, with bulk
inserts and updates, through the same stock path as every editor's save
(catalog.services.stock.write_stock: the products' rows locked before their variants, a
stock given as it was read taking the figure stored now), the gallery rows through
catalog.services.gallery, photo files stored before the transaction and removed again
when it fails, replaced ones removed after the commit, and the read cache told once.

Also `catalogue_statistics_refresh`, the planner statistics after a bulk write."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.db.models.functions import Lower
from django.utils import timezone

from catalog.cache import bump_version
from catalog.gallery import GalleryItem
from catalog.media.renditions import make_renditions
from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.services.categories import category_create
from catalog.services.files import photo_discard, photo_remove_after_commit
from catalog.services.gallery import write_gallery
from catalog.services.stock import StockWrite, bulk_update, chunks, write_stock
from catalog.slugs import base_slug, first_free
from catalog.variants import VariantSpec, cheapest, generated_sku, mrp_of, option_key
from shop.api.exceptions import Conflict

TAX_COLUMNS = ("hsn", "gst_rate", "country_of_origin")

Progress = Callable[[str, int, int], None]
# A photo source of the batch and the slug it is for -> (the name to store it under, bytes).
PhotoFile = Callable[[Path, str], tuple[str, bytes]]


@dataclass
class Place:
    """One photo of a gallery to write: a kept photo's id or a source file, with its alt
    text and option (None: what the kept photo has at the write)."""

    source: int | Path
    alt: str | None = None
    option: str | None = None


@dataclass(kw_only=True)
class BatchProduct:
    """One product of a batch, checked: new (`product` None) or an existing one with what
    the batch changes of it (`changed`: field names, `variants`, `gallery`)."""

    line: int  # where it came from, for the report
    name: str
    slug: str
    description: str
    category: str  # by name; made when missing
    shipping: bool | None  # None: keep on update, 0 on create
    # The tax fields to set, as stored (None: the category's); one absent keeps the value.
    tax: dict[str, object] = field(default_factory=dict)
    product: Product | None = None
    options: list[dict] = field(default_factory=list)
    specs: list[VariantSpec] = field(default_factory=list)
    stored_variants: list[Variant] = field(default_factory=list)  # as they were when checked
    variants_changed: bool = False
    # The gallery to write, in order (None: as it is).
    gallery: list[Place] | None = None
    changed: list[str] = field(default_factory=list)  # what of `product` this item changes


def products_write_batch(
    items: list[BatchProduct],
    *,
    new_categories: list[str],
    photo_file: PhotoFile,
    progress: Progress | None = None,
) -> None:
    """Write a checked batch: the photo files first (removed again on failure), then every
    item in one transaction; the read cache told once, after the commit. An item whose
    kept photo an editor removed meanwhile stops the batch with a Conflict naming its
    line (nothing is written)."""
    stored: dict[Path, str] = {}
    try:
        _store_photos(items, photo_file, stored, progress)
        with transaction.atomic():
            _write_rows(items, new_categories, stored, progress)
            transaction.on_commit(bump_version)
    except BaseException:
        for name in stored.values():
            photo_discard(name)
        raise


def _store_photos(
    items: list[BatchProduct],
    photo_file: PhotoFile,
    stored: dict[Path, str],
    progress: Progress | None,
) -> None:
    """Store each photo file the items need (once per file, shared by its items) with its
    WebP renditions. Photos equal to one the product has are kept, not stored again."""
    needed = {}
    for row in items:
        if row.product is not None and not row.changed:
            continue
        slug = row.slug or base_slug(row.name, fallback="product", max_length=60)
        for place in row.gallery or []:
            if isinstance(place.source, Path):
                needed.setdefault(place.source, slug)
    for done, (source, slug) in enumerate(needed.items(), 1):
        wanted, data = photo_file(source, slug)
        name = default_storage.save(wanted, ContentFile(data))
        stored[source] = name
        make_renditions(data, name)
        if progress and (done % 50 == 0 or done == len(needed)):
            progress("photos", done, len(needed))


def _write_rows(
    items: list[BatchProduct],
    new_categories: list[str],
    stored: dict[Path, str],
    progress: Progress | None,
) -> None:
    categories = {c.name.lower(): c for c in Category.objects.all()}
    for name in new_categories:
        if name.lower() in categories:
            continue  # made since the file was checked (another import, an editor): used
        categories[name.lower()] = category_create(name=name)

    taken_slugs = set(Product.objects.values_list("slug", flat=True))
    now = timezone.now()
    creates: list[tuple[BatchProduct, Product]] = []
    updates: list[tuple[BatchProduct, Product]] = []
    fields: set[str] = set()
    total = len(items)
    for index, row in enumerate(items, 1):
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
                mrp=mrp_of(cheapest(row.specs)),
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


def _create_parts(creates: list[tuple[BatchProduct, Product]], stored: dict[Path, str]) -> None:
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
                mrp=mrp_of(spec),
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
    updates: list[tuple[BatchProduct, Product]], stored: dict[Path, str], fields: set[str]
) -> set[str]:
    """The changed products' variants and galleries. Their rows are locked first (in id
    order), then their variants, as checkout locks them (and as the editor locks a
    product before its gallery). The variants and their stock go through
    catalog.services.stock.write_stock, as every editor's do: a stock the file gives as it was
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


CATALOGUE_TABLES = (
    "catalog_category",
    "catalog_product",
    "catalog_variant",
    "catalog_productphoto",
)
# Autovacuum's own rule for analyzing a table (its defaults): 50 rows + 10% of the table.
ANALYZE_THRESHOLD, ANALYZE_SCALE = 50, 0.1


def catalogue_statistics_refresh(*, changed: int | None = None, before: int = 0) -> bool:
    """Fresh planner statistics after a bulk write (PostgreSQL; nothing elsewhere) of the
    catalogue's tables (categories, products, their variants and gallery photos, which
    every product answer reads): until autovacuum comes by (if it is on), PostgreSQL plans
    the catalogue as the tables it saw before, and search sizes its windows by the same
    figures (catalog/search/windows.py). With `changed` (rows written) and `before`
    (products before), only when the write is as large as autovacuum would analyze for.
    VACUUM also sets the visibility map, without which the list's covering index cannot
    answer alone; it cannot run inside a transaction (a test's): ANALYZE there. Returns
    whether it ran."""
    if connection.vendor != "postgresql":
        return False
    if changed is not None and changed < ANALYZE_THRESHOLD + ANALYZE_SCALE * before:
        return False
    statement = "ANALYZE" if connection.in_atomic_block else "VACUUM (ANALYZE)"
    with connection.cursor() as cursor:
        cursor.execute(f"{statement} {', '.join(CATALOGUE_TABLES)}")
    return True
