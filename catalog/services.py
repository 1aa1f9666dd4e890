"""Writes. Each service runs in one transaction, checks the model with full_clean(), and
turns a lost race on a unique name into the same 409 as the check before it."""

import logging
from decimal import Decimal

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from rest_framework.exceptions import APIException

from catalog import selectors
from catalog.models import Category, Product
from catalog.photos import check_photo
from catalog.renditions import delete_renditions
from catalog.slugs import renamed_slug, unique_slug
from shop.api.exceptions import Conflict

logger = logging.getLogger("catalog")

CATEGORY_EXISTS = "Category already exists"
PRODUCT_EXISTS = "Product already exists"


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


def _save(instance, *, exists_message: str) -> None:
    try:
        with transaction.atomic():
            instance.save()
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


def _attach_photo(product: Product, upload) -> str:
    """Check the upload and write it to storage; returns the stored name. The caller's
    transaction removes the file again if the product row is not saved."""
    checked = check_photo(upload, slug=product.slug)
    try:
        stored = default_storage.save(f"products/{checked.name}", checked.content)
    except OSError as exc:
        logger.exception("Storing a product photo failed")
        raise PhotoNotStored() from exc
    product.photo.name = stored
    return stored


def _discard_on_failure(stored: str | None):
    if stored:
        try:
            default_storage.delete(stored)
        except OSError:
            logger.warning("Could not delete orphan photo %s", stored, exc_info=True)
        delete_renditions(stored)


def product_create(
    *,
    name: str,
    description: str,
    price: Decimal,
    quantity: int,
    category: Category,
    shipping: bool = False,
    photo=None,
) -> Product:
    """A product and its photo are saved together or not at all."""
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
    )
    stored = None
    try:
        with transaction.atomic():
            if photo is not None:
                stored = _attach_photo(product, photo)
            _clean(product, exists_message=PRODUCT_EXISTS)
            _save(product, exists_message=PRODUCT_EXISTS)
    except BaseException:
        _discard_on_failure(stored)
        raise
    return product


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
) -> Product:
    """Fields left as None keep their value. A new photo replaces the old one, whose file
    is removed only after the commit; on failure the new file is removed instead."""
    if name is not None and Product.objects.with_name(name).exclude(pk=product.pk).exists():
        raise Conflict(PRODUCT_EXISTS)
    old_photo = product.photo.name
    stored = None
    try:
        with transaction.atomic():
            if name is not None and name != product.name:
                product.slug = renamed_slug(Product, product, name, fallback="product")
                product.name = name
            for field, value in (
                ("description", description),
                ("price", price),
                ("quantity", quantity),
                ("category", category),
                ("shipping", shipping),
            ):
                if value is not None:
                    setattr(product, field, value)
            if photo is not None:
                stored = _attach_photo(product, photo)
            _clean(product, exists_message=PRODUCT_EXISTS)
            _save(product, exists_message=PRODUCT_EXISTS)
            if stored and old_photo:
                photo_remove_after_commit(old_photo)
    except BaseException:
        _discard_on_failure(stored)
        product.photo.name = old_photo
        raise
    return product


@transaction.atomic
def product_delete(*, product: Product) -> None:
    """Delete the row now and its photo file after the commit."""
    photo = product.photo.name
    product.delete()
    photo_remove_after_commit(photo)
