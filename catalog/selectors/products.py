"""Products: the lists and their totals, the filters and their facets, one product,
related products, a category's products, photos, and the admin's table."""

import re
from decimal import Decimal

from django.conf import settings
from django.db import connection
from django.db.models import CharField, Exists, OuterRef
from django.db.models.expressions import RawSQL
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.http import Http404

from catalog import prices
from catalog.cache import cached_value
from catalog.models import Category, Product, ProductPhoto, ProductSlugHistory, Variant
from catalog.search import prepared
from catalog.selectors import anchors, price_counts, sale_filters
from catalog.selectors.categories import category_get
from catalog.selectors.paging import RATING_ORDER, Matching, _count, _deferred_page, _rated_page
from catalog.selectors.rows import (
    _BY_SLUG,
    _ROW_COLUMNS,
    _ROWS_SQL,
    PRODUCT_FIELDS,
    ProductRow,
    _products,
    _rows,
    _rows_where,
)

LATEST_COUNT = 12


def product_page(
    *, page: int, per_page: int | None = None, sort: str = "newest"
) -> list["ProductRow"]:
    """A page of every product, newest first, or with `sort="rating"` in the rating
    order (paging.RATING_ORDER: best average first, then more ratings, then newest;
    unrated last)."""
    per_page = per_page or settings.PRODUCTS_PER_PAGE
    if sort == "rating":
        # The count (kept once a catalogue version, product-count's own) only for a page
        # below the top: it lets a page in the deeper half be read from the end.
        deep = (page - 1) * per_page >= anchors.EVERY
        total = product_count() if deep else None
        return _rated_page(Matching(), page=page, per_page=per_page, total=total)
    # Below the first anchor, with the catalogue cache on, the total is looked up (one
    # count a catalogue version, product-count's own), so a page past the end costs no
    # query (nor the anchors down to the end: a hostile `page=10**9`). Near the top a plain
    # offset is cheap and needs no count; with the cache off it would read the table.
    deep = (page - 1) * per_page >= anchors.EVERY
    total = product_count() if deep and anchors.in_use() else None
    return _deferred_page(Matching(), page=page, per_page=per_page, listing="all", total=total)


def product_count() -> int:
    return _count("all", Matching())


def product_latest(*, limit: int = LATEST_COUNT) -> list[Product]:
    return list(_products().newest_first()[:limit])


# product-filters' `sort`: newest first (the call's own order), or by price with the newest
# first among equal prices, or by rating (paging.RATING_ORDER).
PRICE_ORDERS = {
    "price-asc": ("price", "-created_at", "-id"),
    "price-desc": ("-price", "-created_at", "-id"),
}
ORDERS = {**PRICE_ORDERS, "rating": RATING_ORDER}


def product_filter(
    *,
    category_ids: list[int],
    low,
    high,
    page: int | None = None,
    sort: str = "newest",
    options: dict[str, list[str]] | None = None,
) -> tuple[list[Product] | list["ProductRow"], int | None]:
    """Products in any of the categories (all when none are checked) whose price lies in
    [low, high], both ends included (an end of None is open), newest first or in the
    price order `sort` names; with `options` ({"Size": ["M", "L"]}), only those sold in
    a variant that has one of each option's values. With a page: that page and the
    total; without: every match (the original call) and no total."""
    sales = prices.running()
    if sales and (low is not None or high is not None or sort in PRICE_ORDERS):
        groups = sale_filters.plan(sales, category_ids, low, high)
        # The groups' pages are newest first or by price; the rating order of a band of
        # prices in force is the ORM's, like a sale that names products.
        if groups is None or options or page is None or sort == "rating":
            return _in_force(sales, category_ids, low, high, page, sort, options)
        total = sale_filters.total(groups)
        if sort in PRICE_ORDERS:
            descending = sort == "price-desc"
            return sale_filters.price_page(groups, page, total, descending=descending), total
        return sale_filters.newest_page(groups, page, total), total
    matching = Matching(category_ids=category_ids, low=low, high=high)
    if options:
        return _with_options(matching, options, page, sort)
    if sort in PRICE_ORDERS:
        return _by_price(matching, category_ids, low, high, page, PRICE_ORDERS[sort])
    if page is None:
        products = matching.queryset.with_category().only(*PRODUCT_FIELDS)
        if sort == "rating":
            return list(products.order_by(*RATING_ORDER)), None
        return list(products.newest_first()), None
    if sort == "rating":
        total = _filter_total(matching, category_ids, low, high)
        per_page = settings.PRODUCTS_PER_PAGE
        return _rated_page(matching, page=page, per_page=per_page, total=total), total
    # No anchors: the bench's 1,000 filter pages fall on 222 combinations (about 4.5
    # pages each per catalogue version), too few to repay finding anchors. The total comes
    # first: it decides which end and which index a page is read from (`_page_ids`).
    total = _filter_total(matching, category_ids, low, high)
    # One category walks its own index (its entries only); none or several walk the list's.
    ranged = len(set(category_ids)) != 1
    per_page = settings.PRODUCTS_PER_PAGE
    products = _deferred_page(matching, page=page, per_page=per_page, total=total, ranged=ranged)
    return products, total


def _priced_in_force(sales, category_ids, low, high):
    """The products of the categories (all when none) whose price in force lies in [low,
    high] (catalog.prices: the lowest of the sales covering each), with it as `shown`."""
    products = Product.objects.all()
    if category_ids:
        products = products.in_categories(category_ids)
    products = products.alias(shown=prices.price_expression(sales))
    if low is not None:
        products = products.filter(shown__gte=low)
    if high is not None:
        products = products.filter(shown__lte=high)
    return products


def _in_force(sales, category_ids, low, high, page, sort, options):
    """product_filter while a sale runs and the filter reads prices (a band, a price
    order), where the indexes cannot serve it (sale_filters: a sale that names products,
    a filter with option values, the unpaged call): the ORM's query with the price in
    force worked out in it, its total counted with it. A filter that reads no price keeps
    the indexed path (a sale moves no product in or out of it)."""
    products = _priced_in_force(sales, category_ids, low, high)
    if options:
        products = products.filter(_sold_in(options))
    order = {
        "price-asc": ("shown", "-created_at", "-id"),
        "price-desc": ("-shown", "-created_at", "-id"),
        "rating": RATING_ORDER,
    }.get(sort, ("-created_at", "-id"))
    rows = products.with_category().only(*PRODUCT_FIELDS).order_by(*order)
    if page is None:
        return list(rows), None
    total = products.count()
    start = (page - 1) * settings.PRODUCTS_PER_PAGE
    if start >= total:
        return [], total
    return list(rows[start : start + settings.PRODUCTS_PER_PAGE]), total


def _sold_in(options: dict[str, list[str]]) -> Exists:
    """Products with a variant holding one of the values of every option named."""
    variants = Variant.objects.filter(product_id=OuterRef("pk"))
    for n, (name, values) in enumerate(options.items()):
        # As text (a JSON key's lookups would read the values as JSON on SQLite).
        value = Cast(KeyTextTransform(name, "options"), CharField())
        variants = variants.annotate(**{f"o{n}": value}).filter(**{f"o{n}__in": values})
    return Exists(variants)


def _with_options(matching: Matching, options, page, sort):
    """A filter with option values: the ORM's query (no covering index holds options),
    its total counted once a catalogue version like any other filter's."""
    products = matching.queryset.filter(_sold_in(options))
    order = ORDERS.get(sort, ("-created_at", "-id"))
    rows = products.with_category().only(*PRODUCT_FIELDS).order_by(*order)
    if page is None:
        return list(rows), None
    total = products.count()
    start = (page - 1) * settings.PRODUCTS_PER_PAGE
    if start >= total:
        return [], total
    return list(rows[start : start + settings.PRODUCTS_PER_PAGE]), total


# A facet's values in their natural order: clothing sizes as shoppers expect them, then
# everything else with its numbers read as numbers ("UK 6" before "UK 10", "2" before
# "10"), the rest of the text by letters, case aside. `natural_order` is the sort key.
_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL", "5XL"]
SIZE_ORDER = {size: n for n, size in enumerate(_SIZES)}
SIZE_ORDER |= {"2XS": SIZE_ORDER["XXS"], "2XL": SIZE_ORDER["XXL"], "XXXL": SIZE_ORDER["3XL"]}
SIZE_ORDER |= {"SMALL": SIZE_ORDER["S"], "MEDIUM": SIZE_ORDER["M"], "LARGE": SIZE_ORDER["L"]}
_NUMBER = re.compile(r"(\d+(?:\.\d+)?)")


def natural_order(value: str) -> tuple:
    size = SIZE_ORDER.get(value.strip().upper())
    if size is not None:
        return (0, size, ())
    parts = _NUMBER.split(value.casefold().strip())
    # Text and numbers alternate (split keeps the numbers at odd places): pairs compare
    # alike, a number where the other has text sorting first.
    key = tuple((1, Decimal(part), "") if n % 2 else (0, 0, part) for n, part in enumerate(parts))
    return (1, 0, key)


_FACETS_SQL = {
    "postgresql": "SELECT kv.key, kv.value, count(DISTINCT v.product_id) FROM catalog_variant v "
    "CROSS JOIN LATERAL jsonb_each_text(v.options) kv WHERE v.product_id IN ({}) "
    "GROUP BY kv.key, kv.value",
    "sqlite": "SELECT kv.key, kv.value, count(DISTINCT v.product_id) FROM catalog_variant v, "
    "json_each(v.options) kv WHERE v.product_id IN ({}) GROUP BY kv.key, kv.value",
}


def option_facets(*, category_ids: list[int], low, high) -> list[dict]:
    """The option values in use among the products of a filter (categories and price
    band), each with how many of those products are sold in it: `[{name, values:
    [{value, count}]}]`, the options most products have first, values in natural order. One
    query, over the matching products' variants."""
    sales = prices.running()
    groups = None
    if sales and (low is not None or high is not None):
        groups = sale_filters.plan(sales, category_ids, low, high)
    if groups is not None:
        matches = sale_filters.matching(groups).queryset
    elif sales and (low is not None or high is not None):
        matches = _priced_in_force(sales, category_ids, low, high)
    else:
        matches = Matching(category_ids=category_ids, low=low, high=high).queryset
    inner, params = matches.values("id").query.sql_with_params()
    sql = _FACETS_SQL["postgresql" if connection.vendor == "postgresql" else "sqlite"]
    with connection.cursor() as cursor:
        cursor.execute(sql.format(inner), params)  # the ORM's text, values apart
        found = cursor.fetchall()
    facets: dict[str, list[tuple[str, int]]] = {}
    for name, value, count in found:
        facets.setdefault(name, []).append((str(value), count))
    ordered = sorted(facets.items(), key=lambda item: (-sum(c for _, c in item[1]), item[0]))
    return [
        {
            "name": name,
            "values": [
                {"value": value, "count": count}
                for value, count in sorted(values, key=lambda vc: natural_order(vc[0]))
            ],
        }
        for name, values in ordered
    ]


def _filter_total(matching: Matching, category_ids, low, high) -> int:
    counts = price_counts.held()  # every combination's total, once a catalogue version
    if counts is not None:
        return counts.count(category_ids, low, high)
    key = f"filter:{','.join(map(str, sorted(set(category_ids))))}:{low}:{high}"
    return _count(key, matching)


def _by_price(matching: Matching, category_ids, low, high, page, order):
    """product_filter in a price order: the price indexes give the matches in order."""
    products = matching.queryset.with_category().only(*PRODUCT_FIELDS).order_by(*order)
    if page is None:
        return list(products), None
    total = _filter_total(matching, category_ids, low, high)
    start = (page - 1) * settings.PRODUCTS_PER_PAGE
    if start >= total:
        return [], total
    return list(products[start : start + settings.PRODUCTS_PER_PAGE]), total


def product_get_by_id(*, product_id: int) -> Product:
    product = Product.objects.select_related("category").filter(pk=product_id).first()
    if product is None:
        raise Http404("Product not found")
    return product


# The `limit` nearest at or above a price and the `limit` nearest below, in a category,
# each from the category-and-price index. Parameters: category, product, price, limit,
# twice.
_RELATED_SQL = (
    "SELECT id FROM (SELECT id FROM catalog_product WHERE category_id = %s AND id <> %s "
    "AND price >= %s ORDER BY price, id DESC LIMIT %s) above UNION ALL "
    "SELECT id FROM (SELECT id FROM catalog_product WHERE category_id = %s AND id <> %s "
    "AND price < %s ORDER BY price DESC, id DESC LIMIT %s) below"
)


# On PostgreSQL the product's own row comes with them: its price is read in the query
# (an InitPlan both ranges start from), and its row tells it exists. Parameters: the
# product, then `_RELATED_SQL`'s with the product's id for its price.
_PRICE_OF = "(SELECT price FROM catalog_product WHERE id = %s)"
_RELATED_WITH_ITSELF = (
    "p.id IN ("
    + _RELATED_SQL.replace("price >= %s", f"price >= {_PRICE_OF}").replace(
        "price < %s", f"price < {_PRICE_OF}"
    )
    + " UNION ALL SELECT %s)"
)
prepared.register(_ROWS_SQL + _RELATED_WITH_ITSELF)


def product_related(*, product_id: int, category_id: int, limit: int = 3) -> list["ProductRow"]:
    """Up to three other products of the category, closest in price to the product first
    (the newer of two as close); 404 for an unknown product. The nearest `limit` at or
    above the price and the nearest below are each a short range of the
    category-and-price index; of those, the closest win. One query on PostgreSQL (the
    product's row and the nearest ones', `_RELATED_WITH_ITSELF`, prepared once a
    connection); elsewhere two: the product's price, then the rows."""
    if connection.vendor == "postgresql":
        params = [category_id, product_id, product_id, limit] * 2 + [product_id]
        rows = list(map(ProductRow, _rows_where(_RELATED_WITH_ITSELF, params)))
        itself = next((row for row in rows if row.pk == product_id), None)
        if itself is None:
            raise Http404("Product not found")
        price = itself.price
        near = [row for row in rows if row is not itself]
    else:
        price = Product.objects.filter(pk=product_id).values_list("price", flat=True).first()
        if price is None:
            raise Http404("Product not found")
        # One subquery of two short index ranges (an OR of two IN subqueries was planned
        # as a scan of the whole table), read as rows.
        params = [category_id, product_id, price, limit] * 2
        nearest = RawSQL(_RELATED_SQL, params)  # noqa: S611 (constant text; values are parameters)
        found = Product.objects.filter(pk__in=nearest).values_list(*_ROW_COLUMNS)
        near = list(map(ProductRow, found))
    near.sort(key=lambda p: (abs(p.price - price), -p.created_at.timestamp(), -p.pk))
    return near[:limit]


def product_in_category(
    *, slug: str, page: int | None = None
) -> tuple[Category, list[Product] | list["ProductRow"], int | None]:
    if page is None:
        category = category_get(slug=slug)
        return category, list(_products().filter(category=category).newest_first()), None
    # Every page of a category needs the same category row and total: once per version.
    category = cached_value(f"category:{slug}", lambda: category_get(slug=slug))
    matching = Matching(category_ids=[category.pk])
    key = f"category:{category.pk}"
    total = _count(key, matching)
    per_page = settings.PRODUCTS_PER_PAGE
    products = _deferred_page(matching, page=page, per_page=per_page, listing=key, total=total)
    return category, products, total


def product_photo_source(*, product_id: int) -> Product:
    """Only what serving a photo needs: its file name."""
    product = Product.objects.only("id", "photo", "updated_at").filter(pk=product_id).first()
    if product is None:
        raise Http404("Product not found")
    return product


def gallery_photo_name(*, product_id: int, photo_id: int) -> str:
    """A gallery photo's file name; 404 when the product has no such photo."""
    name = (
        ProductPhoto.objects.filter(pk=photo_id, product_id=product_id)
        .values_list("image", flat=True)
        .first()
    )
    if name is None:
        raise Http404("Photo not found")
    return name


def products_using_photo(*, name: str, exclude_pk=None) -> bool:
    """Whether a product or a gallery still uses this file (demo products share a pool)."""
    qs = Product.objects.filter(photo=name)
    if exclude_pk is not None:
        qs = qs.exclude(pk=exclude_pk)
    return qs.exists() or ProductPhoto.objects.filter(image=name).exists()


def product_get_current(*, slug: str) -> "ProductRow":
    """The product at this slug, or the one that had it before a rename: one
    query when the slug is current, two for an old or unknown one. Read as a row (see
    `_rows`): building the model query was a third of the request's CPU."""
    if connection.vendor == "postgresql":
        found = _rows_where(_BY_SLUG, [slug])
    else:
        found = list(Product.objects.filter(slug=slug).values_list(*_ROW_COLUMNS))
    if not found:
        found = _rows(ProductSlugHistory.objects.filter(slug=slug).values("product_id"))
    if not found:
        raise Http404("Product not found")
    return ProductRow(found[0])


# The admin products table's orders (`sort`): a stable tie-break after each key.
ADMIN_PRODUCT_ORDERS = {
    "newest": ("-created_at", "-id"),
    "stock": ("quantity", "name", "id"),
    "-stock": ("-quantity", "name", "id"),
    "name": ("name", "id"),
}


def product_admin_list(*, page: int, q: str = "", sort: str = "newest") -> tuple[list, int]:
    """A page of every product for the admin's table, ADMIN_PRODUCTS_PER_PAGE a page, its
    name containing `q` (any case), in the order `sort` names; with the total. Two
    queries, whatever the page size: the count, then the page with its category joined."""
    products = Product.objects.all()
    if q:
        products = products.filter(name__icontains=q)
    total = products.count()
    per_page = settings.ADMIN_PRODUCTS_PER_PAGE
    start = (page - 1) * per_page
    rows = (
        products.with_category()
        .only(*PRODUCT_FIELDS)
        .order_by(*ADMIN_PRODUCT_ORDERS[sort])[start : start + per_page]
    )
    return (list(rows) if start < total else []), total
