"""Reads. Every list is one query with the category joined in (plus one count where a
total is answered), whatever the page size.

A page of a list is a deferred join: the page's ids come from an index-only
scan of a covering index in the list's order (newest first, with the category and price
columns the filters need), and only those rows are then read with their category, so a
deep page never reads the rows it skips. Totals are counted once per catalogue version
and kept in the read cache (catalog/caching.py), not on every request."""

from datetime import timedelta
from functools import cached_property
from typing import NamedTuple

import orjson
import psycopg
from django.conf import settings
from django.db import connection
from django.db.models import (
    Case,
    CharField,
    DateTimeField,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    OuterRef,
    QuerySet,
    Value,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.http import Http404

from catalog import anchors, prepared, price_counts, search
from catalog.caching import cached_value
from catalog.models import Category, Product, ProductPhoto, ProductSlugHistory, Variant

# Columns a product answer needs; the join brings the category's name, slug and tax rule.
PRODUCT_FIELDS = (
    "id",
    "name",
    "slug",
    "description",
    "price",
    "quantity",
    "shipping",
    "photo",
    "created_at",
    "updated_at",
    "category__id",
    "category__name",
    "category__slug",
    "options",
    # Tax (catalog/tax.py): the product's own, and its category's defaults and rule.
    "hsn",
    "gst_rate",
    "country_of_origin",
    "category__hsn",
    "category__gst_rate",
    "category__gst_threshold",
    "category__gst_rate_above",
    "category__country_of_origin",
)
LATEST_COUNT = 12
SUGGEST_LIMIT = 8
SUGGEST_CATEGORIES = 2
SUGGEST_MIN_LENGTH = 2


def _products():
    return Product.objects.with_category().only(*PRODUCT_FIELDS)


class Where(NamedTuple):
    """A list's conditions on catalog_product written out (PostgreSQL), built from the
    same arguments as its queryset (`Matching`): `sql` joins them with AND ("TRUE" for
    none), every value a parameter."""

    sql: str
    params: tuple


class Matching:
    """The products of a list (no arguments: every product): in any of `category_ids`
    (all when empty), priced in [low, high] (an end of None is open), other than
    `exclude_pk`. `where` is the list's conditions written out (PostgreSQL); `queryset`
    the ORM's, built from the same arguments only when something asks for it (a count or
    anchors not cached yet, SQLite): building it is a measurable share of a page's CPU."""

    def __init__(self, *, category_ids=(), low=None, high=None, exclude_pk=None):
        self.category_ids, self.low, self.high = list(category_ids), low, high
        self.exclude_pk = exclude_pk
        conditions, params = [], []
        if self.category_ids:
            # As the ORM writes it: one category is an equality (the category index gives
            # its order; `= ANY` of one would not), several an IN list.
            marks = ", ".join(["%s"] * len(self.category_ids))
            conditions.append(f"category_id IN ({marks})")
            params += self.category_ids
        for end, op in ((low, ">="), (high, "<=")):
            if end is not None:
                conditions.append(f"price {op} %s")
                params.append(end)
        if exclude_pk is not None:
            conditions.append("NOT (id = %s)")
            params.append(exclude_pk)
        self.where = Where(" AND ".join(conditions) or "TRUE", tuple(params))

    @cached_property
    def queryset(self):
        matching = Product.objects.all()
        if self.category_ids:
            matching = matching.in_categories(self.category_ids)
        matching = matching.priced_between(self.low, self.high)
        if self.exclude_pk is not None:
            matching = matching.exclude(pk=self.exclude_pk)
        return matching

    def count(self) -> int:
        return self.queryset.count()


def _deferred_page(
    matching: Matching,
    *,
    page: int,
    per_page: int,
    listing: str | None = None,
    total: int | None = None,
    ranged: bool = False,
) -> list["ProductRow"]:
    """One page of `matching`, newest first, in one query:
    `WHERE id IN (SELECT id ... ORDER BY created_at DESC, id DESC LIMIT n OFFSET m)`.
    The subquery reads only a covering index (`_page_ids`); the outer query reads the
    page's rows by primary key (as `ProductRow`s, see `_rows`) and they are put in order
    here (an ORDER BY on the outer query would tempt a planner to walk the whole list index
    to avoid sorting a handful of rows). With the list's `total` known, a page past the end
    costs no query."""
    start = (page - 1) * per_page
    if total is not None and start >= total:
        return []
    ids = _page_ids(
        matching,
        start=start,
        per_page=per_page,
        listing=listing,
        total=total,
        ranged=ranged,
    )
    rows = [ProductRow(values) for values in _rows(ids)]
    rows.sort(key=lambda p: (p.created_at, p.pk), reverse=True)
    return rows


# A filter page whose walk down the newest-first index would test more than this many
# entries per match reads its matches from the category-and-price index and sorts them.
RANGE_WALK_RATIO = 4


def _catalogue_size() -> int:
    """The number of products by PostgreSQL's statistics, once a catalogue version (0
    elsewhere, or before the first ANALYZE). The search windows read the same value."""
    if connection.vendor != "postgresql":
        return 0
    return cached_value("catalogue-size", search.estimated_total)


class PageIds(NamedTuple):
    """A page's ids as a subquery written out (PostgreSQL; see `_id_slice`)."""

    sql: str
    params: list


# The orders a page's ids are read in: written out (PostgreSQL), and as the ORM's. The
# ranged one is an order no index has, so the planner gathers the matches by category
# and price (see `_page_ids`).
_NEWEST = "created_at DESC, id DESC"
_ORDERS = {
    "newest": (_NEWEST, ("-created_at", "-id")),
    "oldest": ("created_at, id", ("created_at", "id")),
    "ranged": (
        "created_at + interval '0 seconds' DESC, id DESC",
        (
            ExpressionWrapper(
                F("created_at") + Value(timedelta(0)), output_field=DateTimeField()
            ).desc(),
            "-id",
        ),
    ),
}
# `(created_at, id) <= anchor`, as anchors.starting_at writes it (the index range starts
# at the anchor's time, only its ties are filtered).
_FROM_ANCHOR = "created_at <= %s AND (created_at < %s OR (created_at = %s AND id <= %s))"


def _id_slice(matching: Matching, order: str, start: int, size: int, anchor=None):
    """Ids `start` to `start + size` of the list in `order` (from `anchor` down, newest
    first, when given). PostgreSQL: the subquery written out (`PageIds`): building it with
    the ORM cost a fifth of a list page's CPU. Elsewhere the ORM's
    queryset. The same conditions and order as the ORM writes; the plan tests check which
    index each one uses."""
    written, orm_order = _ORDERS[order]
    if connection.vendor != "postgresql":
        if order == "newest":
            ordered = anchors.starting_at(matching.queryset, anchor)
        else:
            ordered = matching.queryset.order_by(*orm_order)
        return ordered.values("id")[start : start + size]
    conditions, params = [matching.where.sql], list(matching.where.params)
    if anchor is not None:
        conditions.append(_FROM_ANCHOR)
        params += [anchor[0], anchor[0], anchor[0], anchor[1]]
    sql = (
        "SELECT id FROM catalog_product WHERE "  # noqa: S608 (constant texts; values apart)
        + " AND ".join(conditions)
        + f" ORDER BY {written} LIMIT %s OFFSET %s"
    )
    return PageIds(sql, [*params, size, start])


def _page_ids(
    matching: Matching, *, start: int, per_page: int, listing, total, ranged: bool = False
):
    """The page's ids as a subquery on an index alone. A page of a named `listing` (the
    product list, a category) starts from its anchor when the catalogue cache keeps
    anchors (catalog/anchors.py), so its offset stays under anchors.EVERY. Otherwise (a
    filter, or the cache off) a page in the deeper half of a list whose `total` is known
    is read from the oldest end (the same index backwards; the page's rows are then put
    newest first), so no page walks more than half its list.

    A `ranged` list (a filter on no category or several, with a price band: those walk
    the list index) whose matches lie sparse in it, so that the walk to the page would
    test more than RANGE_WALK_RATIO entries per match, takes its matches from an index-only
    range of category and price (migration 0007) and sorts them. The planner cannot see that
    sparseness: it takes category and price as independent (two categories whose products
    rarely cost under 200 rupees: a few matches estimated at a hundred times as many, and
    a walk of most of the index for a page of six); the exact total shows it. PostgreSQL
    only (elsewhere the range is not index-only). Its effect on the bench's filter pages is
    in docs/performance.md, "Design decisions and the numbers behind them"."""
    size = per_page if total is None else min(per_page, total - start)
    if listing is not None and anchors.in_use():
        anchor, skip = anchors.anchor_for(listing, lambda: matching.queryset, offset=start)
        return _id_slice(matching, "newest", skip, size, anchor=anchor)
    after = None if total is None else total - start - size  # rows below the page
    if ranged and total:
        walk = (min(start, after) + size) * _catalogue_size() / total
        if walk > RANGE_WALK_RATIO * total:
            return _id_slice(matching, "ranged", start, size)
    if after is not None and after < start:
        return _id_slice(matching, "oldest", after, size)
    return _id_slice(matching, "newest", start, size)


def _count(key: str, matching: Matching) -> int:
    return cached_value(f"count:{key}", matching.count)


def category_list():
    return list(Category.objects.by_name())


def category_get(*, slug: str) -> Category:
    category = Category.objects.filter(slug=slug).first()
    if category is None:
        raise Http404("Category not found")
    return category


def category_get_by_id(*, category_id: int) -> Category:
    category = Category.objects.filter(pk=category_id).first()
    if category is None:
        raise Http404("Category not found")
    return category


def product_page(*, page: int, per_page: int | None = None) -> list["ProductRow"]:
    per_page = per_page or settings.PRODUCTS_PER_PAGE
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
# first among equal prices.
PRICE_ORDERS = {
    "price-asc": ("price", "-created_at", "-id"),
    "price-desc": ("-price", "-created_at", "-id"),
}


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
    matching = Matching(category_ids=category_ids, low=low, high=high)
    if options:
        return _with_options(matching, options, page, sort)
    if sort in PRICE_ORDERS:
        return _by_price(matching, category_ids, low, high, page, PRICE_ORDERS[sort])
    if page is None:
        products = matching.queryset.with_category().only(*PRODUCT_FIELDS).newest_first()
        return list(products), None
    # No anchors: the bench's 1,000 filter pages fall on 222 combinations (about 4.5
    # pages each per catalogue version), too few to repay finding anchors. The total comes
    # first: it decides which end and which index a page is read from (`_page_ids`).
    total = _filter_total(matching, category_ids, low, high)
    # One category walks its own index (its entries only); none or several walk the list's.
    ranged = len(set(category_ids)) != 1
    per_page = settings.PRODUCTS_PER_PAGE
    products = _deferred_page(matching, page=page, per_page=per_page, total=total, ranged=ranged)
    return products, total


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
    order = PRICE_ORDERS.get(sort, ("-created_at", "-id"))
    rows = products.with_category().only(*PRODUCT_FIELDS).order_by(*order)
    if page is None:
        return list(rows), None
    total = products.count()
    start = (page - 1) * settings.PRODUCTS_PER_PAGE
    if start >= total:
        return [], total
    return list(rows[start : start + settings.PRODUCTS_PER_PAGE]), total


# A facet's values in the order shoppers expect sizes; other values by name.
SIZE_ORDER = {size: n for n, size in enumerate(["XXS", "XS", "S", "M", "L", "XL", "XXL", "3XL"])}
_FACETS_SQL = {
    "postgresql": "SELECT kv.key, kv.value, count(DISTINCT v.product_id) FROM catalog_variant v "
    "CROSS JOIN LATERAL jsonb_each_text(v.options) kv WHERE v.product_id IN ({}) "
    "GROUP BY kv.key, kv.value",
    "sqlite": "SELECT kv.key, kv.value, count(DISTINCT v.product_id) FROM catalog_variant v, "
    "json_each(v.options) kv WHERE v.product_id IN ({}) GROUP BY kv.key, kv.value",
}


def _value_order(value: str):
    if value.upper() in SIZE_ORDER:
        return (0, SIZE_ORDER[value.upper()], "")
    number = value.split(" ")[0]
    if number.replace(".", "", 1).isdigit():
        return (1, float(number), value.casefold())
    return (2, 0, value.casefold())


def option_facets(*, category_ids: list[int], low, high) -> list[dict]:
    """The option values in use among the products of a filter (categories and price
    band), each with how many of those products are sold in it: `[{name, values:
    [{value, count}]}]`, the options most products have first, sizes in size order. One
    query, over the matching products' variants."""
    matching = Matching(category_ids=category_ids, low=low, high=high)
    inner, params = matching.queryset.values("id").query.sql_with_params()
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
                for value, count in sorted(values, key=lambda vc: _value_order(vc[0]))
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


class ProductRow:
    """A product as an answer reads it (catalog/serializers.py, `ProductOutput`), made from
    one query's columns without building model instances: pages, search and the product
    page. Building a Product and its Category for each of a search's 50 products cost
    about a millisecond and a half a search (cProfile, the bench's searches), and the
    model query's compilation as much as its answer on a page. Read-only; nothing is
    saved. Tests hold every answer read this way to ProductOutput over the models."""

    __slots__ = (
        "category",
        "country_of_origin",
        "created_at",
        "description",
        "gst_rate",
        "hsn",
        "name",
        "options",
        "photo",
        "photo_rows",
        "pk",
        "price",
        "quantity",
        "shipping",
        "slug",
        "updated_at",
        "variant_rows",
    )

    class Part:
        """The photo (its stored `name`)."""

        __slots__ = ("name",)

        def __init__(self, name):
            self.name = name

    class Category:
        """The category as an answer reads it: `pk`, `name`, `slug` and its tax rule (the
        attributes catalog.tax reads of a Category)."""

        __slots__ = (
            "country_of_origin",
            "gst_rate",
            "gst_rate_above",
            "gst_threshold",
            "hsn",
            "name",
            "pk",
            "slug",
        )

        def __init__(self, values):
            (self.pk, self.name, self.slug) = values[:3]
            (self.hsn, self.gst_rate, self.gst_threshold, self.gst_rate_above) = values[3:7]
            self.country_of_origin = values[7]

    def __init__(self, values):
        (self.pk, self.name, self.slug, self.description, self.price, self.quantity) = values[:6]
        self.shipping, photo, self.created_at, self.updated_at = values[6:10]
        self.photo = self.Part(photo or "")
        options = values[13]
        # Django has psycopg hand jsonb over as text (JSONField parses it): so must we.
        self.options = orjson.loads(options) if isinstance(options, str) else options or []
        self.hsn, self.gst_rate, self.country_of_origin = values[14:17]
        self.category = self.Category(values[10:13] + values[17:22])
        # [id, sku, options, price, quantity] and [id, image, alt, option] lists, read
        # with the row on PostgreSQL (`_ROW_SELECT`); elsewhere `with_parts` adds them.
        if len(values) > _PARTS_AT:
            self.variant_rows, self.photo_rows = (
                values[_PARTS_AT] or [],
                values[_PARTS_AT + 1] or [],
            )
        else:
            self.variant_rows = self.photo_rows = None


# The columns ProductRow reads, in its order (the ORM's `values_list` off PostgreSQL);
# on PostgreSQL the variants and gallery follow them.
_ROW_COLUMNS = PRODUCT_FIELDS
_PARTS_AT = len(_ROW_COLUMNS)


class SearchAnswer(NamedTuple):
    products: list[ProductRow]
    corrected: str | None  # the query as understood, when its results come from a correction


# _ROW_COLUMNS written out (PostgreSQL): building the ORM's query was a third of the CPU
# of a search, a page or a product read. The same values as `values_list` (no converter
# applies to these columns on PostgreSQL); a test holds the two to the same rows.
_ROW_SELECT = (
    "SELECT p.id, p.name, p.slug, p.description, p.price, p.quantity, p.shipping, p.photo, "
    "p.created_at, p.updated_at, c.id, c.name, c.slug, p.options, "
    "p.hsn, p.gst_rate, p.country_of_origin, c.hsn, c.gst_rate, c.gst_threshold, "
    "c.gst_rate_above, c.country_of_origin, "
    # The product's variants and gallery in the same round trip, each a short range of
    # its product index (prices as text: a JSON number would come back as a float).
    "(SELECT json_agg(json_build_array(v.id, v.sku, v.options, v.price::text, v.quantity) "
    "ORDER BY v.position, v.id) FROM catalog_variant v WHERE v.product_id = p.id), "
    "(SELECT json_agg(json_build_array(f.id, f.image, f.alt, f.option) "
    "ORDER BY f.position, f.id) FROM catalog_productphoto f WHERE f.product_id = p.id) "
)
_ROWS_SQL = _ROW_SELECT + (
    "FROM catalog_product p INNER JOIN catalog_category c ON c.id = p.category_id WHERE "
)
# A search step's ids query (catalog/search/'s constant texts) read with its products'
# rows, in the step's order: one round trip where the ids and then the rows were two.
_STEP_ROWS_HEAD = _ROW_SELECT + "FROM unnest(ARRAY("
_STEP_ROWS_TAIL = (
    ")) WITH ORDINALITY AS s(id, n) JOIN catalog_product p ON p.id = s.id "
    "JOIN catalog_category c ON c.id = p.category_id ORDER BY s.n"
)


def _rows(ids) -> list[tuple]:
    """The `_ROW_COLUMNS` of the products of `ids` (a list, or a queryset of ids read as a
    subquery: a page's `_page_ids`), in no order. Only the subquery is the ORM's to build:
    the whole page query built by the ORM cost measurably more CPU a page."""
    if connection.vendor != "postgresql":
        return list(Product.objects.filter(pk__in=ids).values_list(*_ROW_COLUMNS))
    if isinstance(ids, PageIds):
        return _rows_where(f"p.id IN ({ids.sql})", ids.params)  # constant texts, values apart
    if isinstance(ids, QuerySet):
        inner, params = ids.query.sql_with_params()
        return _rows_where(f"p.id IN ({inner})", params)  # the ORM's text, values apart
    return _rows_where(_BY_IDS, [list(ids)])


# psycopg's own loader of `timestamptz` (its C one with psycopg[binary]) for the rows'
# two timestamps: the connection loads them with Django's loader, a subclass of the pure
# Python one, several microseconds a value, hundreds for a search's 100 rows. The same
# instants, timezone-aware (in the connection's zone, UTC), rendered identically.
_TIMESTAMPTZ_LOADER = psycopg.adapters.get_loader(
    psycopg.postgres.types["timestamptz"].oid, psycopg.pq.Format.TEXT
)


def _fetch_rows(sql: str, params) -> list[tuple]:
    """`_ROW_COLUMNS` rows of a query that selects them (PostgreSQL)."""
    with connection.cursor() as cursor:
        cursor.cursor.adapters.register_loader("timestamptz", _TIMESTAMPTZ_LOADER)
        prepared.execute(cursor, sql, params)
        return cursor.fetchall()


def _rows_where(condition: str, params) -> list[tuple]:
    """`_ROW_COLUMNS` of the products meeting `condition` (PostgreSQL)."""
    return _fetch_rows(_ROWS_SQL + condition, params)


# Planned once a connection (catalog/prepared.py): the steps whose products are the whole
# answer, and products by their ids (a search's answer) or by their slug (a product page).
# Not the pages' ids: their plans depend on the values (a category's share, a band's).
_BY_IDS, _BY_SLUG = "p.id = ANY(%s)", "p.slug = %s"
for _step in (search._MATCH_WINDOW_SQL, search._MATCH_SQL):
    prepared.register(_STEP_ROWS_HEAD + _step + _STEP_ROWS_TAIL)
for _condition in (_BY_IDS, _BY_SLUG):
    prepared.register(_ROWS_SQL + _condition)


def _step_rows(sql: str, params) -> list[ProductRow]:
    """The products of a search step (its ids query and parameters), best first."""
    return list(map(ProductRow, _fetch_rows(_STEP_ROWS_HEAD + sql + _STEP_ROWS_TAIL, params)))


def _by_ids(ids: list[int]) -> list[ProductRow]:
    """The products of `ids`, in that order, in one query."""
    found = {row.pk: row for row in map(ProductRow, _rows(ids))}
    return [found[pk] for pk in ids if pk in found]


def _from_windows(estimate, fetch, *, total: int, limit: int, reach: float = 1.0) -> list | None:
    """A step's answer (ids, best first) from windows of the newest products
    (catalog/search/windows.py, "common words"): `estimate()` is the planner's guess of
    the step's matches, `fetch(window)` the step's answer when the newest `window`
    products hold its newest search.ranked_matches() matches, else nothing. The estimate
    only chooses how the answer is read, never what it is: a window's answer is the
    ranking's. A window that comes back short is read again eight times larger while that stays
    smaller than search.REGROW_REACH (or `reach`, when larger) x the matches; None: rank
    every match. `total` is 0 off PostgreSQL. The
    smallest window holds margin x limit products, so a catalogue no larger is never
    asked for an estimate."""
    margin = settings.SEARCH_WINDOW_MARGIN
    if total <= margin * limit:
        return None
    rows = estimate()
    # A window answers only when it holds the step's newest search.ranked_matches(): sized
    # to hold twice that on average, or margin x the answer when that is more.
    sized = max(limit, search.ranked_matches() // 2)
    window = search.window_size(matching=rows, total=total, limit=sized, margin=margin, reach=reach)
    while window is not None:
        ids = fetch(window)
        if len(ids) >= limit:
            return ids
        regrow = max(reach, search.REGROW_REACH) * rows
        window = window * 8 if window * 8 < regrow else None
    return None


def _search_more(
    expression, *, exclude: list[int], limit: int, total: int, rows=False, reach: float = 1.0
) -> list:
    """A match step's ids, best first; its products instead with `rows` (a step whose
    products are the whole answer reads them in the same query). `reach`: how many times
    its matches a window may read (search.LOOSENED_REACH)."""
    read = _step_rows if rows else search.ids_of
    found = _from_windows(
        lambda: search.estimated_match_rows(expression),
        lambda window: search.match_window(
            expression, window=window, limit=limit, exclude=exclude, read=read
        ),
        total=total,
        limit=limit,
        reach=reach,
    )
    if found is not None:
        return found
    if connection.vendor == "postgresql":
        return search.match_ranked(expression, limit=limit, exclude=exclude, read=read)
    qs = search.match_query(Product.objects.all(), expression)
    if exclude:
        qs = qs.exclude(pk__in=exclude)
    if rows:
        return list(map(ProductRow, qs.values_list(*_ROW_COLUMNS)[:limit]))
    return list(qs.values_list("id", flat=True)[:limit])


def _search_literal(keyword: str, *, limit: int, total: int) -> list[int]:
    found = _from_windows(
        lambda: search.estimated_literal_rows(keyword),
        lambda window: search.literal_window(keyword, window=window, limit=limit),
        total=total,
        limit=limit,
    )
    if found is not None:
        return found
    if connection.vendor == "postgresql":
        return search.literal_ranked(keyword, limit=limit)
    rank = Case(
        When(name__istartswith=keyword, then=Value(0)),
        When(name__icontains=keyword, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    qs = (
        Product.objects.filter_by_keyword(keyword)
        .annotate(rank=rank)
        .order_by("rank", "-created_at", "-id")
    )
    return list(qs.values_list("id", flat=True)[:limit])


def _literal_and_match(keyword: str, *, limit: int, total: int):
    """For a keyword of several words on PostgreSQL, whose literal match the planner
    expects not to fill the answer: the literal step and the match of all the words in
    one query (search.literal_and_match), as `(plan, literal ids, more ids)` where `more`
    leaves out the literal ones, exactly as the two steps one after the other would. None
    when that does not apply: one word, a catalogue too small for windows, statistics not
    held, a literal match expected to fill the answer, a match to read from a window."""
    margin = settings.SEARCH_WINDOW_MARGIN
    if total <= margin * limit or len(search.words_of(keyword)) < 2 or not keyword.isascii():
        return None
    statistics = search.held_statistics()
    if statistics is None or statistics.literal_rows(keyword) >= limit:
        return None
    meant = search.plan(keyword)
    if meant.expression is None:
        return None
    expected = search.estimated_match_rows(meant.expression)
    if search.window_size(matching=expected, total=total, limit=limit, margin=margin):
        return None
    literal, matched = search.literal_and_match(keyword, meant.expression, limit=limit)
    # The match leaves the literal's answer out, as the step after the literal does.
    return meant, literal, matched[: limit - len(literal)]


def product_search(*, keyword: str) -> SearchAnswer:
    """Literal, case-insensitive matches of the keyword in the name or the description
    come first (Django escapes `%`, `_` and `\\` in `icontains`, so the keyword is never a
    pattern): a name that starts with it, then a name containing it, then a description
    containing it; newest first within each. Then, up to SEARCH_RESULTS_LIMIT, what the
    shopper meant (catalog/search/): every word in any order, typos, joined and split
    words, plurals, ranked name > category > description. Of what the steps found, the
    products whose name holds the keyword or the words come first (search.name_first),
    unless the literal step alone fills the answer (it already ranks names first).

    Each step ranks ids only (a narrow sort, a query text without the product's columns
    and join); the products found are then read in one query by primary key, by the
    step's own query when nothing was found before it (`_step_rows`). On
    PostgreSQL (two more queries, once a catalogue version: the catalogue's size and the
    planner's statistics) a step that matches many products (a common word) ranks only
    the matches among the newest products when they fill the answer
    (catalog/search/windows.py, "common words"; the loosened step from a larger window
    than the others, search.LOOSENED_REACH), and a keyword of several words reads its literal
    match and its match in one query when the first is not expected to fill the answer
    (`_literal_and_match`)."""
    limit = settings.SEARCH_RESULTS_LIMIT
    total = _catalogue_size()  # a statistic, not a count: kept with the catalogue version
    paired = _literal_and_match(keyword, limit=limit, total=total)
    if paired is not None:
        meant, literal, more = paired
    else:
        meant, literal, more = None, _search_literal(keyword, limit=limit, total=total), []
    if len(literal) >= limit:
        return SearchAnswer(_by_ids(literal), None)
    if meant is None:
        meant = search.plan(keyword)
        if meant.expression is not None:
            more = _search_more(
                meant.expression, exclude=literal, limit=limit - len(literal), total=total
            )
    answer = None  # the products, when the step that found them read them
    if meant.expression is not None:
        loose = search.loosened(meant.expression)
        if not (literal or more) and loose is not None:
            # Nothing found so far: what this step finds is the whole answer, and it reads
            # those products itself (as the one below does).
            more = answer = _search_more(
                loose, exclude=[], limit=limit, total=total, rows=True, reach=search.LOOSENED_REACH
            )
    words = search.words_of(keyword)
    if not (literal or more) and words and len(words[-1]) >= search.MIN_PREFIX:
        # Searched before the last word was finished (`samsn`): read it as a suggestion
        # would, its last word a prefix; two more queries, only when nothing was found.
        meant = search.plan(keyword, prefix_last=True)
        if meant.expression is not None:
            more = answer = _search_more(
                meant.expression, exclude=[], limit=limit, total=total, rows=True
            )
    corrected = meant.corrected if more and not literal else None
    if answer is None:  # else literal is empty: the step's products are the answer
        answer = _by_ids(literal + more) if literal or more else []
    return SearchAnswer(search.name_first(answer, keyword, meant.expression), corrected)


def product_suggest(*, text: str, limit: int = SUGGEST_LIMIT) -> list[tuple[str, object]]:
    """Up to `limit` suggestions for what is being typed (its last word a prefix, even a
    misspelled one) in their name or category: the categories of the matches first (two
    at most), then the products' names, newest first. Two queries: the vocabulary and
    the match."""
    if len(text.strip()) < SUGGEST_MIN_LENGTH:
        return []
    meant = search.plan(text, prefix_last=True)
    if meant.expression is None:
        return []
    fields = (
        "id",
        "name",
        "slug",
        "created_at",
        "category__id",
        "category__name",
        "category__slug",
    )
    products = Product.objects.with_category().only(*fields)
    found = list(search.suggest_query(products, meant.expression)[:limit])
    categories = list({p.category_id: p.category for p in found}.values())[:SUGGEST_CATEGORIES]
    answer = [("category", category) for category in categories]
    answer += [("product", product) for product in found[: limit - len(answer)]]
    return answer


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


def product_related(*, product_id: int, category_id: int, limit: int = 3) -> list["ProductRow"]:
    """Up to three other products of the category, closest in price to the product first
    (the newer of two as close); 404 for an unknown product. Two queries: the product's
    price, then the rows. The nearest `limit` at or above the price and the nearest below
    are each a short range of the category-and-price index; of those, the closest win."""
    price = Product.objects.filter(pk=product_id).values_list("price", flat=True).first()
    if price is None:
        raise Http404("Product not found")
    # One subquery of two short index ranges (an OR of two IN subqueries was planned as a
    # scan of the whole table), read as rows.
    params = [category_id, product_id, price, limit] * 2
    if connection.vendor == "postgresql":
        found = _rows_where(f"p.id IN ({_RELATED_SQL})", params)  # constant text, values apart
    else:
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
