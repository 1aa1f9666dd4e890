"""A page of a list as a deferred join: the page's ids from an index-only scan in the
list's order (from an anchor on deep pages: `anchors`), then only those rows."""

from datetime import timedelta
from functools import cached_property
from typing import NamedTuple

from django.db import connection
from django.db.models import DateTimeField, ExpressionWrapper, F, Value

from catalog import search
from catalog.cache import cached_value
from catalog.models import Product
from catalog.selectors import anchors
from catalog.selectors.rows import PageIds, ProductRow, _rows


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


# The orders a page's ids are read in: written out (PostgreSQL), and as the ORM's. The
# ranged one is an order no index has, so the planner gathers the matches by category
# and price (see `_page_ids`).
_NEWEST = "created_at DESC, id DESC"
# sort=rating: highest average first, then more ratings, then newest; unrated (average
# null) last. Both directions are `product_rating_idx` (migration 0014), the second read
# backwards (a page in the deeper half, from the list's end).
RATING_ORDER = (
    F("rating_average").desc(nulls_last=True),
    "-rating_count",
    "-created_at",
    "-id",
)
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
    "rating": (
        "rating_average DESC NULLS LAST, rating_count DESC, created_at DESC, id DESC",
        RATING_ORDER,
    ),
    "rating-last": (
        "rating_average ASC NULLS FIRST, rating_count, created_at, id",
        (F("rating_average").asc(nulls_first=True), "rating_count", "created_at", "id"),
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
    # What the ids are read from: the table, or a list's own rows (a sale's groups of
    # categories, sale_filters: a union of index ranges) under the table's name.
    source, source_params = getattr(matching, "source", ("catalog_product", ()))
    conditions, params = [matching.where.sql], [*source_params, *matching.where.params]
    if anchor is not None:
        conditions.append(_FROM_ANCHOR)
        params += [anchor[0], anchor[0], anchor[0], anchor[1]]
    sql = (
        f"SELECT id FROM {source} WHERE "  # noqa: S608 (constant texts; values apart)
        + " AND ".join(conditions)
        + f" ORDER BY {written} LIMIT %s OFFSET %s"
    )
    return PageIds(sql, [*params, size, start])


def _page_ids(
    matching: Matching, *, start: int, per_page: int, listing, total, ranged: bool = False
):
    """The page's ids as a subquery on an index alone. A page of a named `listing` (the
    product list, a category) starts from its anchor when the catalogue cache keeps
    anchors (anchors.py), so its offset stays under anchors.EVERY. Otherwise (a
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


def _rating_key(row: ProductRow) -> tuple:
    """A row's place in the rating order, for a descending sort."""
    rated = row.rating_average is not None
    return (rated, row.rating_average if rated else 0, row.rating_count, row.created_at, row.pk)


def _rated_page(
    matching: Matching, *, page: int, per_page: int, total: int | None = None
) -> list["ProductRow"]:
    """One page of `matching` in the rating order (`RATING_ORDER`), as `_deferred_page`
    reads a page newest first: the ids from `product_rating_idx` alone, then the rows by
    primary key, put in order here. No anchors: a rating moves a product within the
    order without replacing the catalogue version, and anchors are kept once a version.
    With the `total` known, a page past the end costs no query and a page in the deeper
    half is read from the list's end, so no page walks more than half the index."""
    start = (page - 1) * per_page
    if total is not None and start >= total:
        return []
    size = per_page if total is None else min(per_page, total - start)
    after = None if total is None else total - start - size  # rows below the page
    if after is not None and after < start:
        ids = _id_slice(matching, "rating-last", after, size)
    else:
        ids = _id_slice(matching, "rating", start, size)
    rows = [ProductRow(values) for values in _rows(ids)]
    rows.sort(key=_rating_key, reverse=True)
    return rows


def _count(key: str, matching: Matching) -> int:
    return cached_value(f"count:{key}", matching.count)
