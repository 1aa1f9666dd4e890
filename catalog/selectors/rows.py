"""Product rows as the answers read them (`ProductRow`): one query's columns, written
out on PostgreSQL (prepared once a connection for the hot ones), without model instances."""

from typing import NamedTuple

import orjson
import psycopg
from django.db import connection
from django.db.models import QuerySet
from psycopg.types.json import JsonLoader

from catalog import search
from catalog.models import Product
from catalog.search import prepared

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
    # Last, so the columns before them keep their places.
    "mrp",
    "rating_average",
    "rating_count",
)


def _products():
    return Product.objects.with_category().only(*PRODUCT_FIELDS)


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
        "mrp",
        "name",
        "options",
        "photo",
        "photo_rows",
        "pk",
        "price",
        "quantity",
        "rating_average",
        "rating_count",
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
        self.mrp = values[22]
        self.rating_average, self.rating_count = values[23:25]
        # [id, sku, options, price, quantity, mrp] and [id, image, alt, option] lists, read
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


# _ROW_COLUMNS written out (PostgreSQL): building the ORM's query was a third of the CPU
# of a search, a page or a product read. The same values as `values_list` (no converter
# applies to these columns on PostgreSQL); a test holds the two to the same rows.
_ROW_SELECT = (
    "SELECT p.id, p.name, p.slug, p.description, p.price, p.quantity, p.shipping, p.photo, "
    "p.created_at, p.updated_at, c.id, c.name, c.slug, p.options, "
    "p.hsn, p.gst_rate, p.country_of_origin, c.hsn, c.gst_rate, c.gst_threshold, "
    "c.gst_rate_above, c.country_of_origin, p.mrp, p.rating_average, p.rating_count, "
    # The product's variants and gallery, kept on its row by triggers (catalog migration
    # 0015; prices as text: a JSON number would come back as a float).
    "p.variant_parts, p.photo_parts "
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


class PageIds(NamedTuple):
    """A page's ids as a subquery written out (PostgreSQL; see `paging._id_slice`)."""

    sql: str
    params: list


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


class _JsonLoader(JsonLoader):
    """The variants' and gallery's `json` lists parsed by orjson: psycopg's own loader
    calls the standard library's `json.loads`, a third of the rows' fetch in a cold
    search's profile. The same values (their prices are text, see `_ROW_SELECT`)."""

    _loads = orjson.loads


def _fetch_rows(sql: str, params) -> list[tuple]:
    """`_ROW_COLUMNS` rows of a query that selects them (PostgreSQL)."""
    with connection.cursor() as cursor:
        cursor.cursor.adapters.register_loader("timestamptz", _TIMESTAMPTZ_LOADER)
        cursor.cursor.adapters.register_loader("json", _JsonLoader)
        prepared.execute(cursor, sql, params)
        return cursor.fetchall()


def _rows_where(condition: str, params) -> list[tuple]:
    """`_ROW_COLUMNS` of the products meeting `condition` (PostgreSQL)."""
    return _fetch_rows(_ROWS_SQL + condition, params)


# Planned once a connection (catalog/search/prepared.py): the steps whose products are the whole
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
