"""Product stock as editors write it: the one function, `write_stock`, by which every
editor writes a product's variants and, from them, the product's `price` (the lowest
variant price), `mrp` (that variant's MRP) and `quantity` (the sum of their stock): the
API's create and update and the Django admin's product page and list
(catalog.services.products), and the CSV import (catalog.services.batch, all its
products in one call).

Each editor read the stock before it writes: the API before its photos are stored, the
admin page when it was shown, the CSV import when the file was checked. Orders take and
give back stock in between. So the write locks the products' rows (in id order), then
their variants (in id order), as checkout does (docs/variants.md, "Lock order"), and
reads their stock again under those locks; then each variant's stock is the editor's
change applied to that fresh figure:

- a stock given as the editor read it (left alone) is the one stored now, so a sale or
  a cancel committed since the editor's read stays;
- a stock the editor changed is written as given (a count of the shelf).

The admin also refuses a stock typed over a figure that is no longer the stored one
(`stock_changed_since`, read under `lock_product`); the API refuses a save loaded before
any change when it sends `updatedAt`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import CharField, Min, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Cast, Concat

from catalog.models import Product, Variant
from catalog.services.restock import stock_may_have_risen
from catalog.variants import (
    KEEP,
    KEY_SEPARATOR,
    SKU_RACED,
    VariantSpec,
    _with_generated_skus,
    derive,
    option_key,
)
from shop.api.exceptions import Conflict

BATCH = 1000
# A column with at most this many values in a chunk is written with one UPDATE per value.
FEW_VALUES = 20


@dataclass
class StockWrite:
    """One product's variants as an editor wants them. `seen` is the stock each stored
    variant had when the editor read it (variant id -> stock); a variant missing from it
    has its stock written as given. `stored`, when the caller holds the variants as it
    read them (the CSV import), lets a save that keeps the same variants write only the
    fields it changes, in bulk."""

    product: Product
    specs: list[VariantSpec]
    seen: dict[int, int]
    stored: list[Variant] | None = None
    variants: list[Variant] = field(default_factory=list)  # as written


def chunks(items: list, size: int = BATCH) -> Iterable[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def lock_stock(product_ids: Iterable[int]) -> dict[int, int]:
    """The products' rows locked (id order), then their variants (id order), a chunk at a
    time, until the transaction ends (PostgreSQL; SQLite's IMMEDIATE transactions hold
    the write lock from their start). Returns each variant's stock as it is now."""
    now: dict[int, int] = {}
    for chunk in chunks(sorted(set(product_ids))):
        list(Product.objects.select_for_update().filter(pk__in=chunk).order_by("pk").values("pk"))
        now.update(
            Variant.objects.select_for_update()
            .filter(product_id__in=chunk)
            .order_by("pk")
            .values_list("pk", "quantity")
        )
    return now


def keep_sales(specs: list[VariantSpec], seen: dict[int, int], now: dict[int, int]) -> None:
    """Each stored variant's stock left as the editor read it takes the figure stored
    `now` (a sale made meanwhile stays); a changed one stays as given."""
    for spec in specs:
        if spec.pk in now and spec.pk in seen and spec.quantity == seen[spec.pk]:
            spec.quantity = now[spec.pk]


def write_stock(writes: list[StockWrite], *, also_locked: Iterable[int] = ()) -> None:
    """Within the caller's transaction: every product of `writes` (and of `also_locked`,
    those whose gallery the caller writes next) locked in one id order, then their
    variants; each product's variants become its specs with the sales made meanwhile
    kept (`keep_sales`), and the products' price, MRP and stock follow them, in the
    database and on each `product`. Each write's `variants` are the variants written."""
    now = lock_stock([w.product.pk for w in writes] + [int(pk) for pk in also_locked])
    changes: dict[tuple[str, ...], list[Variant]] = {}
    for write in writes:
        keep_sales(write.specs, write.seen, now)
        simple = None
        if write.stored is not None:
            for variant in write.stored:
                variant.quantity = now.get(variant.pk, variant.quantity)
            simple = _simple_changes(write.specs, write.stored)
        if simple is None:
            write.variants = write_variants(write.product, write.specs)
            continue
        for variant, names in simple:
            changes.setdefault(names, []).append(variant)
        write.variants = list(write.stored)
        derive(write.product, write.variants)
    for names, variants in changes.items():
        bulk_update(Variant, variants, names)
    _derive([w.product.pk for w in writes])
    stock_may_have_risen(w.product.pk for w in writes)


def write_variants(product: Product, specs: list[VariantSpec]) -> list[Variant]:
    """Within the caller's transaction, after the product row is saved and locked: the
    product's variants become `specs` (sent ids kept, the rest removed, new ones added),
    then the product's `price`, `mrp` and `quantity` follow them. A spec whose MRP is
    KEEP (not settled by the caller) keeps the variant's. Returns the variants."""
    existing = {v.pk: v for v in Variant.objects.filter(product=product)}
    keep = [spec.pk for spec in specs if spec.pk is not None]
    removed = [pk for pk in existing if pk not in keep]
    if removed:
        Variant.objects.filter(pk__in=removed).delete()
    moved = [
        spec.pk
        for spec in specs
        if spec.pk is not None
        and (
            (spec.sku and spec.sku != existing[spec.pk].sku)
            or option_key(spec.options) != existing[spec.pk].option_key
        )
    ]
    if moved:
        # Combinations and SKUs are unique: the kept rows that change theirs let go of the
        # old ones first, so two variants may swap combinations or SKUs within one save.
        # (A SKU cannot start with "~", nor an option value hold a control character.)
        number = Cast("id", CharField())
        Variant.objects.filter(pk__in=moved).update(
            option_key=Concat(Value(KEY_SEPARATOR), number), sku=Concat(Value("~"), number)
        )
    skus = _with_generated_skus(product, specs, existing)
    variants = []
    for position, (spec, sku) in enumerate(zip(specs, skus, strict=True)):
        variant = existing.get(spec.pk) or Variant(product=product)
        variant.sku = sku
        variant.options = spec.options
        variant.option_key = option_key(spec.options)
        variant.price = spec.price
        if spec.mrp is not KEEP:
            variant.mrp = spec.mrp
        variant.quantity = spec.quantity
        variant.position = position
        variants.append(variant)
    try:
        with transaction.atomic():
            for variant in variants:
                variant.save()
    except IntegrityError as exc:
        raise Conflict(SKU_RACED) from exc
    derive(product, variants)
    return variants


def lock_product(pk: int) -> int | None:
    """The product row, locked until the caller's transaction ends (PostgreSQL; SQLite's
    transactions take the write lock when they begin); returns its stock (None: no such
    product). Taken before any variant is read: checkout's order, the product, then its
    variants."""
    return (
        Product.objects.select_for_update().filter(pk=pk).values_list("quantity", flat=True).first()
    )


def lock_variants(pk: int) -> list[int]:
    """The product's variants locked, in id order (docs/variants.md, "Lock order"), after
    its row; returns their ids."""
    return list(
        Variant.objects.select_for_update()
        .filter(product_id=pk)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def stock_changed_since(shown: int | None, now: int | None) -> bool:
    """Whether a stock an editor typed over was read as a figure no longer stored (`now`,
    read under the lock): such an edit is refused rather than written."""
    return shown is not None and shown != now


def _simple_changes(specs: list[VariantSpec], stored: list[Variant]):
    """When the product keeps the same variants with the same SKUs and options (only
    prices, MRPs, stock or order move): each variant to write with the fields it changes, for
    a bulk update. None when variants come, go or change SKU or options
    (catalog.variants.write_variants then)."""
    own = {v.pk: v for v in stored}  # their stock as it is now, locked
    if len(specs) != len(own) or any(spec.pk not in own for spec in specs):
        return None
    out = []
    for position, spec in enumerate(specs):
        variant = own[spec.pk]
        if (spec.sku and spec.sku != variant.sku) or spec.options != variant.options:
            return None
        names = []
        for name, value in (
            ("price", spec.price),
            ("mrp", spec.mrp),
            ("quantity", spec.quantity),
            ("position", position),
        ):
            if value is not KEEP and getattr(variant, name) != value:
                setattr(variant, name, value)
                names.append(name)
        if names:
            out.append((variant, tuple(names)))
    return out


def _derive(product_ids: list[int]) -> None:
    """The products' price (the lowest variant price), MRP (that variant's, the first of
    equal prices in the variants' order, as catalog.variants.cheapest picks it) and stock
    (the sum) from their variants as written, in SQL, within the caller's transaction."""
    own = Variant.objects.filter(product=OuterRef("pk")).order_by().values("product")
    first = Variant.objects.filter(product=OuterRef("pk")).order_by("price", "position", "id")
    for chunk in chunks(sorted(set(product_ids))):
        Product.objects.filter(pk__in=chunk).update(
            price=Subquery(own.annotate(low=Min("price")).values("low")),
            mrp=Subquery(first.values("mrp")[:1]),
            quantity=Subquery(own.annotate(total=Sum("quantity")).values("total")),
        )


def bulk_update(model, objects: list, names) -> None:
    """Write these fields of `objects`, a chunk at a time: a field that takes few values
    (the import's time, a stock set alike) with one UPDATE per value, the others with
    Django's bulk_update (one UPDATE of a CASE per id; slow with thousands of ids)."""
    for chunk in chunks(objects):
        varied = []
        for name in sorted(names):
            attname = model._meta.get_field(name).attname
            groups: dict = {}
            for obj in chunk:
                value = getattr(obj, attname)
                key = value.name if hasattr(value, "name") and name == "photo" else value
                groups.setdefault(_hashable(key), (key, []))[1].append(obj.pk)
            if len(groups) > FEW_VALUES:
                varied.append(name)
                continue
            for value, pks in groups.values():
                model.objects.filter(pk__in=pks).update(**{attname: value})
        if varied:
            model.objects.bulk_update(chunk, varied)


def _hashable(value):
    """A key for grouping equal values (options are lists of dicts)."""
    return repr(value) if isinstance(value, (dict, list)) else value
