"""Product writes: create, update and delete, for the API and the Django admin alike
(the CSV import's batch form is catalog.services.batch). Each save checks everything
(catalog.variants, catalog.gallery, full_clean()) before a file is stored or a row
written; stores new photos before its transaction and removes them again when it fails;
locks the product's row, then its variants (checkout's order), and writes the variants
and their stock through catalog.services.stock.write_stock, the gallery through
catalog.services.gallery, then the row with only the fields that changed (which tells the
read cache how much changed: catalog.cache's catalog_changed). A lost race on the unique
name is the same 409 as the check before it; replaced photos' files go after the commit."""

from dataclasses import dataclass
from dataclasses import field as default
from datetime import datetime
from decimal import Decimal

from django.core.files.storage import default_storage
from django.db import transaction
from django.http import Http404
from rest_framework.exceptions import ValidationError

from catalog.gallery import MAX_PHOTOS, GalleryItem, parse_gallery
from catalog.gallery import TOO_MANY as TOO_MANY_PHOTOS
from catalog.gallery import appended as gallery_appended
from catalog.gallery import check_ids_belong as check_gallery_ids
from catalog.gallery import check_options as check_gallery_options
from catalog.media.renditions import ensure_renditions
from catalog.models import Category, Product, ProductPhoto, ProductSlugHistory, Variant
from catalog.services.common import (
    PRODUCT_CHANGED,
    PRODUCT_EXISTS,
    _changed_since,
    _clean,
    _save,
)
from catalog.services.files import (
    _store_photo,
    _store_photos,
    photo_discard,
    photo_remove_after_commit,
)
from catalog.services.gallery import replace_first, write_gallery, write_photos
from catalog.services.stock import StockWrite, lock_product, lock_variants, write_stock
from catalog.slugs import renamed_slug, unique_slug
from catalog.variants import (
    KEEP,
    VariantSpec,
    check_skus_free,
    derive,
    give_single_variants,
    parse_options,
    parse_variants,
    with_mrps,
    with_prices,
)
from catalog.variants import check_ids_belong as check_variant_ids
from shop.api.exceptions import Conflict


def _sent_mrp(mrp):
    """The form's `mrp` as catalog.variants.with_mrps takes it: None (not sent) is KEEP,
    "" (sent blank) is None (no MRP)."""
    if mrp is None:
        return KEEP
    return None if mrp == "" else mrp


class _Parts:
    """What a create or update sends beyond the original fields, checked before any
    file is stored or row written: options, variants (with their MRPs), gallery."""

    def __init__(
        self, product, *, options, variants, photos, gallery, photo, price, quantity, mrp=None
    ):
        mrp = _sent_mrp(mrp)
        stored_mrps: dict[int, Decimal | None] = {}
        current_options = (product.options or []) if product is not None else []
        self.options = current_options if options is None else parse_options(options)
        self.options_changed = self.options != current_options
        self.photos = list(photos or [])
        self.photo = photo
        # The stock of each stored variant as read now, before the write's locks: what
        # the editor's figures are compared with under them (catalog.services.stock.keep_sales).
        self.seen: dict[int, int] = {}
        if variants is not None:
            self.variants = parse_variants(variants, self.options)
            check_variant_ids(self.variants, product)
            if product is not None and product.pk:
                for pk, stock, own_mrp in Variant.objects.filter(product=product).values_list(
                    "pk", "quantity", "mrp"
                ):
                    self.seen[pk], stored_mrps[pk] = stock, own_mrp
        elif product is None or not product.pk:
            if self.options:
                raise ValidationError({"variants": ["A product with options needs its variants."]})
            self.variants = [
                VariantSpec(
                    pk=None,
                    sku="",
                    options={},
                    price=price,
                    quantity=quantity,
                    mrp=None if mrp is KEEP else mrp,
                )
            ]
        else:
            self.variants = self._kept(product, price, quantity, mrp)
        fallback = price if price is not None else getattr(product, "price", None)
        with_prices(self.variants, fallback)
        # Without the variants' JSON the form's `mrp` is the only variant's: a refusal
        # names it.
        with_mrps(
            self.variants, mrp, stored_mrps, field="variants" if variants is not None else "mrp"
        )
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

    def _kept(self, product, price, quantity, mrp) -> list[VariantSpec]:
        """An update without `variants`: the variants as they are. The original form's
        price and stock, and the `mrp` (KEEP when not sent), apply to a product sold one
        way; a product with several variants takes them per variant (400 when they would
        change)."""
        if self.options_changed:
            raise ValidationError({"variants": ["Changing the options needs the variants too."]})
        current = list(Variant.objects.filter(product=product))
        self.seen = {v.pk: v.quantity for v in current}
        specs = [
            VariantSpec(
                pk=v.pk,
                sku=v.sku,
                options=v.options,
                price=v.price,
                quantity=v.quantity,
                mrp=v.mrp,
            )
            for v in current
        ]
        if len(specs) == 1:
            if price is not None:
                specs[0].price = price
            if quantity is not None:
                specs[0].quantity = quantity
            if mrp is not KEEP:
                specs[0].mrp = mrp
            return specs
        if price is not None and price != product.price:
            raise ValidationError(
                {"price": ["This product has variants: set the price of each variant."]}
            )
        if quantity is not None and quantity != product.quantity:
            raise ValidationError(
                {"quantity": ["This product has variants: set the stock of each variant."]}
            )
        if mrp is not KEEP and mrp != product.mrp:
            raise ValidationError(
                {"mrp": ["This product has variants: set the MRP of each variant."]}
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
    mrp: Decimal | str | None = None,
) -> Product:
    """A product, its variants and its photos are saved together or not at all. Tax
    fields left None or "" take the category's (catalog.tax). `mrp` (None or "": none)
    is the only variant's MRP, or the MRP of each variant of `variants` that sends
    none; an MRP below its price is refused (400)."""
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
        mrp=mrp,
    )
    parts.store(product.slug)
    try:
        with transaction.atomic():
            # Derived from the variants before the first save, so the row is never seen
            # with a price, MRP or stock its variants do not have.
            derive(product, parts.variants)
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
    "mrp",
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
    mrp: Decimal | str | None = None,
    loaded_updated_at: datetime | None = None,
) -> Product:
    """Fields left as None keep their value; a tax field given as "" goes back to the
    category's (catalog.tax), and its change replaces the catalogue version as a price
    change does. `mrp` given as "" clears it; given, it is the only variant's MRP, or
    that of each variant of `variants` that sends none (a variant that sends none without
    it keeps its own); an MRP below its price is refused (400). New photos are stored
    before the write and removed again if it fails; replaced ones are removed only after
    the commit. With
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
        mrp=mrp,
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


# --- the Django admin's product page and list ----------------------------------------------


@dataclass
class PhotoRow:
    """One photo of the gallery as the admin's rows give it, in order: a kept photo
    (`pk`), with a new file when its image is replaced, or a new one (`pk` None).
    `content` is a file checked by catalog.media.photos.check_photo (named as it is to be
    stored)."""

    pk: int | None
    alt: str
    option: str
    content: object | None = None


@dataclass
class ProductSaved:
    """What a save wrote, for the page's history: the variants and photos in order."""

    variants: list[Variant] = default(default_factory=list)
    photos: list[ProductPhoto] = default(default_factory=list)


SEVERAL_VARIANTS = "This product has {count} variants: set the price and stock of each on its page."


def product_save(
    *,
    product: Product,
    changed: list[str],
    specs: list[VariantSpec] | None,
    seen: dict[int, int],
    gallery: list[PhotoRow] | None,
) -> ProductSaved:
    """The Django admin's product page: `product` carries the editor's fields (checked by
    the page's form), `changed` names those it changed; `specs` the variants as checked
    (catalog.variants; None: left as they are), `seen` the stock each showed; `gallery`
    the photos in order (None: left as they are). A new product gets its slug and the
    price and stock its variants give before its first save; a renamed one its new slug
    and the old one remembered. The variants go through write_stock, the gallery through
    write_photos (new files stored first, removed again when the save fails; replaced
    ones removed after the commit), then the row with only what changed."""
    saved = ProductSaved()
    new_files: list[str] = []
    try:
        with transaction.atomic():
            if product.pk is None:
                if not specs:
                    raise ValidationError({"variants": ["A product needs at least one variant."]})
                product.slug = unique_slug(Product, product.name, fallback="product")
                derive(product, specs)
                _clean(product, exists_message=PRODUCT_EXISTS)
                _save(product, exists_message=PRODUCT_EXISTS)
                stored = {
                    "price": product.price,
                    "mrp": product.mrp,
                    "quantity": product.quantity,
                    "photo": "",
                }
                fields: list[str] = []
            else:
                if lock_product(product.pk) is None:
                    raise Http404("Product not found")
                lock_variants(product.pk)
                stored = (
                    Product.objects.filter(pk=product.pk)
                    .values("price", "mrp", "quantity", "photo")
                    .get()
                )
                fields = [*changed, "slug", "updated_at"]
                if "name" in changed:
                    old_slug = product.slug
                    product.slug = renamed_slug(Product, product, product.name, fallback="product")
                    product_slug_remember(product=product, old_slug=old_slug)
            if specs is not None:
                write = StockWrite(product=product, specs=specs, seen=seen)
                write_stock([write])
                saved.variants = write.variants
            else:
                saved.variants = list(
                    Variant.objects.filter(product=product).order_by("position", "pk")
                )
                derive(product, saved.variants)
            removed: list[str] = []
            if gallery is not None:
                items, names, replaced = [], [], {}
                for row in gallery:
                    name = None
                    if row.content is not None:
                        # Stored as an upload is (renditions too), inside the page's
                        # transaction; removed again below when the save fails.
                        name = default_storage.save(f"products/{row.content.name}", row.content)
                        new_files.append(name)
                        ensure_renditions(name)
                    if row.pk is None:
                        items.append(
                            GalleryItem(pk=None, new=len(names), alt=row.alt, option=row.option)
                        )
                        names.append(name)
                    else:
                        items.append(
                            GalleryItem(pk=row.pk, new=None, alt=row.alt, option=row.option)
                        )
                        if name is not None:
                            replaced[row.pk] = name
                saved.photos, removed = write_photos(product, items, names, replaced=replaced)
            for name in ("price", "mrp", "quantity", "photo"):
                value = getattr(product, name)
                if (value.name if name == "photo" else value) != stored[name]:
                    fields.append(name)
            if fields:
                _clean(product, exists_message=PRODUCT_EXISTS)
                _save(
                    product,
                    exists_message=PRODUCT_EXISTS,
                    update_fields=sorted({*fields, "updated_at"}),
                )
            for name in removed:
                photo_remove_after_commit(name)
    except BaseException:
        for name in new_files:
            photo_discard(name)
        raise
    return saved


def product_set_price_stock(
    *,
    product: Product,
    price: Decimal | None = None,
    quantity: int | None = None,
    shown_quantity: int | None = None,
    mrp: Decimal | str | None = None,
) -> Product:
    """The admin list's quick edit of a product sold one way: its only variant takes the
    price, stock and MRP given (None: kept; an MRP of "": none), the stock through
    write_stock (`shown_quantity`, the figure the list showed: a stock left as shown keeps
    the sales made since), then the product's row follows. A product with several
    variants is refused (400: its page sets each), and so is an MRP below the price."""
    changed = [
        name
        for name, value in (("price", price), ("quantity", quantity), ("mrp", mrp))
        if value is not None
    ]
    with transaction.atomic():
        if lock_product(product.pk) is None:
            raise Http404("Product not found")
        lock_variants(product.pk)
        variants = list(Variant.objects.filter(product=product))
        if len(variants) > 1:
            field_name = changed[0] if changed else "price"
            raise ValidationError({field_name: [SEVERAL_VARIANTS.format(count=len(variants))]})
        if price is not None:
            product.price = price
        if quantity is not None:
            product.quantity = quantity
        if mrp is not None:
            product.mrp = _sent_mrp(mrp)
        if product.mrp is not None and product.mrp < product.price:
            field_name = "mrp" if mrp is not None else "price"
            raise ValidationError(
                {
                    field_name: [
                        f"MRP (Rs {product.mrp:.2f}) must be at least the price "
                        f"(Rs {product.price:.2f})."
                    ]
                }
            )
        if variants:
            [variant] = variants
            spec = VariantSpec(
                pk=variant.pk,
                sku=variant.sku,
                options=variant.options,
                price=product.price if price is not None else variant.price,
                quantity=product.quantity,
                mrp=product.mrp if mrp is not None else variant.mrp,
            )
            seen = {} if shown_quantity is None else {variant.pk: shown_quantity}
            write_stock([StockWrite(product=product, specs=[spec], seen=seen)])
        # Only what this edit changed: the rest (the stock above all, which sales move
        # while the page is open) stays as stored.
        _save(product, exists_message=PRODUCT_EXISTS, update_fields=[*changed, "updated_at"])
        if not variants:
            give_single_variants([product.pk])
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
