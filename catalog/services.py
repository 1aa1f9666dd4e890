"""Writes. Each service runs in one transaction, checks the model with full_clean(), and
turns a lost race on a unique name into the same 409 as the check before it."""

import logging
from datetime import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.files.storage import default_storage
from django.db import IntegrityError, connection, transaction
from django.http import Http404
from rest_framework.exceptions import APIException, ValidationError

from catalog import selectors
from catalog.gallery import MAX_PHOTOS, parse_gallery, replace_first, write_gallery
from catalog.gallery import TOO_MANY as TOO_MANY_PHOTOS
from catalog.gallery import appended as gallery_appended
from catalog.gallery import check_ids_belong as check_gallery_ids
from catalog.gallery import check_options as check_gallery_options
from catalog.media.photos import check_photo
from catalog.media.renditions import delete_renditions, ensure_renditions
from catalog.models import Category, Product, ProductPhoto, ProductSlugHistory, Variant
from catalog.slugs import renamed_slug, unique_slug
from catalog.stock import StockWrite, write_stock
from catalog.variants import (
    VariantSpec,
    check_skus_free,
    parse_options,
    parse_variants,
    with_prices,
)
from catalog.variants import check_ids_belong as check_variant_ids
from shop.api.exceptions import Conflict

logger = logging.getLogger("catalog")

CATEGORY_EXISTS = "Category already exists"
PRODUCT_EXISTS = "Product already exists"
PRODUCT_CHANGED = (
    "This product was changed by someone else since you opened it. "
    "Reload it to see their changes, then make yours again."
)


def _changed_since(stored: datetime, loaded: datetime) -> bool:
    """Compared to the millisecond: a client may round what it was sent."""
    return stored.replace(microsecond=stored.microsecond // 1000 * 1000) > loaded


class PhotoNotStored(APIException):
    status_code = 503
    default_detail = "The photo could not be stored. Please try again."
    default_code = "photo_not_stored"


def _clean(instance, *, exists_message: str) -> None:
    """full_clean() with the duplicate-name constraint reported as 409."""
    try:
        instance.full_clean()
    except DjangoValidationError as exc:
        messages = exc.message_dict if hasattr(exc, "error_dict") else {}
        flat = [m for values in messages.values() for m in values]
        if exists_message in flat:
            raise Conflict(exists_message) from None
        raise


def _save(instance, *, exists_message: str, update_fields=None) -> None:
    try:
        with transaction.atomic():
            instance.save(update_fields=update_fields)
    except IntegrityError as exc:
        # A parallel request took the name (or slug) between our check and our insert.
        raise Conflict(exists_message) from exc


def photo_remove_after_commit(name: str) -> None:
    """Delete a replaced or deleted photo once the change is committed, unless another
    product still uses the same file (demo products share a pool of images)."""
    if not name:
        return

    def remove():
        if selectors.products_using_photo(name=name):
            return
        try:
            default_storage.delete(name)
        except OSError:
            logger.warning("Could not delete photo file %s", name, exc_info=True)
        delete_renditions(name)

    transaction.on_commit(remove)


# --- categories ---------------------------------------------------------------------------


@transaction.atomic
def category_create(*, name: str) -> Category:
    """Names are unique regardless of case (409 "Category already exists")."""
    if Category.objects.with_name(name).exists():
        raise Conflict(CATEGORY_EXISTS)
    category = Category(name=name, slug=unique_slug(Category, name, fallback="category"))
    _clean(category, exists_message=CATEGORY_EXISTS)
    _save(category, exists_message=CATEGORY_EXISTS)
    return category


@transaction.atomic
def category_update(*, category: Category, name: str) -> Category:
    """Rename; the slug follows the name only where the new slug is free (F11)."""
    if Category.objects.with_name(name).exclude(pk=category.pk).exists():
        raise Conflict(CATEGORY_EXISTS)
    if name != category.name:
        category.slug = renamed_slug(Category, category, name, fallback="category")
        category.name = name
        _clean(category, exists_message=CATEGORY_EXISTS)
        _save(category, exists_message=CATEGORY_EXISTS)
    return category


@transaction.atomic
def category_delete(*, category: Category) -> None:
    """A category still used by products is not deleted (409 saying how many)."""
    count = Product.objects.filter(category_id=category.pk).count()
    if count:
        noun = "product uses" if count == 1 else "products use"
        raise Conflict(
            f"Cannot delete this category: {count} {noun} it. Move or delete those products first."
        )
    category.delete()


# --- products -----------------------------------------------------------------------------


def _store_photo(upload, *, slug: str) -> str:
    """Check the upload, write it and its renditions to storage; returns the stored name.
    All of this slow work (decoding, encoding, disk) happens before the write transaction
    opens, so it never holds the database's write lock; the caller removes the files
    again if the product row is not saved."""
    checked = check_photo(upload, slug=slug)
    stored = None
    try:
        stored = default_storage.save(f"products/{checked.name}", checked.content)
        ensure_renditions(stored)
    except Exception as exc:
        # Whatever failed (storage, an encoder's own limit), nothing written stays behind.
        logger.exception("Storing a product photo or its renditions failed")
        photo_discard(stored or f"products/{checked.name}")
        raise PhotoNotStored() from exc
    return stored


def photo_discard(stored: str | None):
    if stored:
        try:
            default_storage.delete(stored)
        except OSError:
            logger.warning("Could not delete orphan photo %s", stored, exc_info=True)
        delete_renditions(stored)


def _store_photos(uploads, *, slug: str) -> list[str]:
    """Every upload checked and stored, or none: on a failure those already stored are
    removed again."""
    stored: list[str] = []
    try:
        for upload in uploads:
            stored.append(_store_photo(upload, slug=slug))
    except BaseException:
        for name in stored:
            photo_discard(name)
        raise
    return stored


class _Parts:
    """What a create or update sends beyond the original fields, checked before any
    file is stored or row written: options, variants, gallery."""

    def __init__(self, product, *, options, variants, photos, gallery, photo, price, quantity):
        current_options = (product.options or []) if product is not None else []
        self.options = current_options if options is None else parse_options(options)
        self.options_changed = self.options != current_options
        self.photos = list(photos or [])
        self.photo = photo
        # The stock of each stored variant as read now, before the write's locks: what
        # the editor's figures are compared with under them (catalog.stock.keep_sales).
        self.seen: dict[int, int] = {}
        if variants is not None:
            self.variants = parse_variants(variants, self.options)
            check_variant_ids(self.variants, product)
            if product is not None and product.pk:
                self.seen = dict(
                    Variant.objects.filter(product=product).values_list("pk", "quantity")
                )
        elif product is None or not product.pk:
            if self.options:
                raise ValidationError({"variants": ["A product with options needs its variants."]})
            self.variants = [
                VariantSpec(pk=None, sku="", options={}, price=price, quantity=quantity)
            ]
        else:
            self.variants = self._kept(product, price, quantity)
        fallback = price if price is not None else getattr(product, "price", None)
        with_prices(self.variants, fallback)
        check_skus_free(self.variants, product.pk if product is not None else None)
        self.gallery = None
        if gallery is not None:
            self.gallery = parse_gallery(gallery, new_count=len(self.photos))
        elif self.photos:
            self.gallery = gallery_appended(product, len(self.photos))
        if self.gallery is not None:
            if (
                len(self.gallery) + (1 if photo is not None and not self.gallery else 0)
                > MAX_PHOTOS
            ):
                raise ValidationError({"photos": [TOO_MANY_PHOTOS]})
            check_gallery_ids(self.gallery, product)
            check_gallery_options(self.gallery, self.options)

    def _kept(self, product, price, quantity) -> list[VariantSpec]:
        """An update without `variants`: the variants as they are. The original form's
        price and stock apply to a product sold one way; a product with several variants
        takes them per variant (400 when they would change)."""
        if self.options_changed:
            raise ValidationError({"variants": ["Changing the options needs the variants too."]})
        current = list(Variant.objects.filter(product=product))
        self.seen = {v.pk: v.quantity for v in current}
        specs = [
            VariantSpec(pk=v.pk, sku=v.sku, options=v.options, price=v.price, quantity=v.quantity)
            for v in current
        ]
        if len(specs) == 1:
            if price is not None:
                specs[0].price = price
            if quantity is not None:
                specs[0].quantity = quantity
            return specs
        if price is not None and price != product.price:
            raise ValidationError(
                {"price": ["This product has variants: set the price of each variant."]}
            )
        if quantity is not None and quantity != product.quantity:
            raise ValidationError(
                {"quantity": ["This product has variants: set the stock of each variant."]}
            )
        return specs

    def store(self, slug: str) -> None:
        """Check and store the files (before the transaction)."""
        self.stored = _store_photos(self.photos, slug=slug)
        self.stored_single = None
        try:
            if self.photo is not None:
                self.stored_single = _store_photo(self.photo, slug=slug)
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        for name in self.stored + ([self.stored_single] if self.stored_single else []):
            photo_discard(name)

    def write(self, product) -> list[str]:
        """Within the transaction, the product row saved: variants, then the gallery.
        Returns the files no longer used, to remove after the commit."""
        product.options = self.options
        before = set(Variant.objects.filter(product=product).values_list("option_key", flat=True))
        # Locked and read again there: a sale made since `seen` was read stays.
        write = StockWrite(product=product, specs=self.variants, seen=self.seen)
        write_stock([write])
        variants = write.variants
        # Which combinations are sold is what option-facets count: a change of it is a
        # catalogue change, not only this product's (see product_update).
        self.combinations_changed = before != {v.option_key for v in variants}
        removed = []
        if self.gallery is not None:
            removed += write_gallery(product, self.gallery, self.stored)
        if self.stored_single:
            removed += replace_first(product, self.stored_single)
        product.variant_rows = product.photo_rows = None  # read again for the answer
        return removed


def product_create(
    *,
    name: str,
    description: str,
    price: Decimal,
    quantity: int,
    category: Category,
    shipping: bool = False,
    photo=None,
    options=None,
    variants=None,
    photos=None,
    gallery=None,
    hsn: str | None = None,
    gst_rate: int | str | None = None,
    country_of_origin: str | None = None,
) -> Product:
    """A product, its variants and its photos are saved together or not at all. Tax
    fields left None or "" take the category's (catalog.tax)."""
    if Product.objects.with_name(name).exists():
        raise Conflict(PRODUCT_EXISTS)
    product = Product(
        name=name,
        slug=unique_slug(Product, name, fallback="product"),
        description=description,
        price=price,
        quantity=quantity,
        category=category,
        shipping=shipping,
        hsn=hsn or None,
        gst_rate=_own(gst_rate),
        country_of_origin=country_of_origin or None,
    )
    parts = _Parts(
        None,
        options=options,
        variants=variants,
        photos=photos,
        gallery=gallery,
        photo=photo,
        price=price,
        quantity=quantity,
    )
    parts.store(product.slug)
    try:
        with transaction.atomic():
            # Derived from the variants before the first save, so the row is never seen
            # with a price or stock its variants do not have.
            product.price = min(spec.price for spec in parts.variants)
            product.quantity = sum(spec.quantity for spec in parts.variants)
            _clean(product, exists_message=PRODUCT_EXISTS)
            _save(product, exists_message=PRODUCT_EXISTS)
            parts.write(product)
            product.save(update_fields=["photo", "options"])
    except BaseException:
        parts.discard()
        raise
    return product


# What the update call may change, as attributes to compare (a foreign key by its id).
EDITABLE = (
    "name",
    "slug",
    "description",
    "price",
    "quantity",
    "category_id",
    "shipping",
    "options",
    "hsn",
    "gst_rate",
    "country_of_origin",
)
FIELD_NAMES = {"category_id": "category"}
TAX_FIELDS = ("hsn", "gst_rate", "country_of_origin")


def _own(value):
    """A tax field as stored: "" (the category's) is None."""
    return None if value == "" else value


def product_update(
    *,
    product: Product,
    name: str | None = None,
    description: str | None = None,
    price: Decimal | None = None,
    quantity: int | None = None,
    category: Category | None = None,
    shipping: bool | None = None,
    photo=None,
    options=None,
    variants=None,
    photos=None,
    gallery=None,
    hsn: str | None = None,
    gst_rate: int | str | None = None,
    country_of_origin: str | None = None,
    loaded_updated_at: datetime | None = None,
) -> Product:
    """Fields left as None keep their value; a tax field given as "" goes back to the
    category's (catalog.tax), and its change replaces the catalogue version as a price
    change does. New photos are stored before the write and
    removed again if it fails; replaced ones are removed only after the commit. With
    `loaded_updated_at` (what the editor loaded), a product saved since then is not
    overwritten: 409, nothing changes (checked under the row's lock)."""
    if loaded_updated_at is not None and _changed_since(product.updated_at, loaded_updated_at):
        raise Conflict(PRODUCT_CHANGED)
    if name is not None and Product.objects.with_name(name).exclude(pk=product.pk).exists():
        raise Conflict(PRODUCT_EXISTS)
    parts = _Parts(
        product,
        options=options,
        variants=variants,
        photos=photos,
        gallery=gallery,
        photo=photo,
        price=price,
        quantity=quantity,
    )
    old_photo = product.photo.name
    before = {field: getattr(product, field) for field in EDITABLE}
    old_slug = product.slug
    if name is not None and name != product.name:
        product.slug = renamed_slug(Product, product, name, fallback="product")
        product.name = name
    for field, value in (
        ("description", description),
        ("category", category),
        ("shipping", shipping),
    ):
        if value is not None:
            setattr(product, field, value)
    for field, value in zip(TAX_FIELDS, (hsn, gst_rate, country_of_origin), strict=True):
        if value is not None:
            setattr(product, field, _own(value))
    parts.store(product.slug)
    try:
        with transaction.atomic():
            # The row's lock first, then its variants (checkout's order: no deadlock).
            current = (
                Product.objects.select_for_update()
                .filter(pk=product.pk)
                .values_list("updated_at", flat=True)
                .first()
            )
            if current is None:
                raise Http404("Product not found")
            if loaded_updated_at is not None and _changed_since(current, loaded_updated_at):
                raise Conflict(PRODUCT_CHANGED)
            if product.slug != old_slug:
                product_slug_remember(product=product, old_slug=old_slug)
            removed = parts.write(product)
            _clean(product, exists_message=PRODUCT_EXISTS)
            # Only what changed is written, which also tells the read cache how much of
            # it a save makes stale (catalog.cache.catalog_changed).
            changed = [f for f in EDITABLE if getattr(product, f) != before[f]]
            if product.photo.name != old_photo:
                changed.append("photo")
            if parts.combinations_changed and "options" not in changed:
                changed.append("options")
            fields = [FIELD_NAMES.get(f, f) for f in changed] + ["updated_at"]
            _save(product, exists_message=PRODUCT_EXISTS, update_fields=fields)
            for name_removed in removed:
                photo_remove_after_commit(name_removed)
    except BaseException:
        parts.discard()
        product.photo.name = old_photo
        raise
    return product


@transaction.atomic
def product_delete(*, product: Product) -> None:
    """Delete the row (its variants and gallery with it) now and the files after the
    commit."""
    names = {product.photo.name} | set(
        ProductPhoto.objects.filter(product=product).values_list("image", flat=True)
    )
    product.delete()
    for name in names:
        photo_remove_after_commit(name)


def product_slug_remember(*, product: Product, old_slug: str) -> None:
    """When a product's slug changes (`product.slug` is the new one), keep the old one:
    `/product/{old}` answers 301 to the new address. A slug the product takes
    back is no longer "old"."""
    if not product.pk or old_slug == product.slug:
        return
    ProductSlugHistory.objects.filter(slug=product.slug).delete()
    ProductSlugHistory.objects.update_or_create(slug=old_slug, defaults={"product": product})


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
