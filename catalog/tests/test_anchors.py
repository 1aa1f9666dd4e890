"""Deep pages start from anchors (catalog/selectors/anchors.py): every page of the list and
of a category is the page a plain offset gives, before and after a write (and every
filter page, which has no anchors); a deep page costs one query once its anchors are
known, and a page in the deeper half of a list is read from its oldest end. Small figures
(an anchor every 5 rows, 3 to a chunk) stand in for 1,000 and 64."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from catalog import selectors
from catalog.models import Product
from catalog.selectors import anchors, paging, rows
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_price_counts import orm_matching as by_the_orm
from catalog.tests.test_query_plans import plans, uses

pytestmark = pytest.mark.django_db

PER_PAGE = 4


@pytest.fixture(autouse=True)
def small_anchors(monkeypatch, settings):
    monkeypatch.setattr(anchors, "EVERY", 5)
    monkeypatch.setattr(anchors, "PER_CHUNK", 3)
    settings.CATALOG_CACHE_SECONDS = 300
    settings.PRODUCTS_PER_PAGE = PER_PAGE


@pytest.fixture
def shop():
    """70 products over two categories and all prices; every third shares its creation
    time with the one before it (ties are broken by id, as in the list's order)."""
    phones, shirts = CategoryFactory(name="Phones"), CategoryFactory(name="Shirts")
    start = timezone.now() - timedelta(days=1)
    for n in range(70):
        ProductFactory(category=phones if n % 3 else shirts, price=Decimal(100 + n * 20))
    for n, pk in enumerate(Product.objects.order_by("id").values_list("id", flat=True)):
        Product.objects.filter(pk=pk).update(created_at=start + timedelta(minutes=n - n % 3 // 2))
    return phones, shirts


def plain(matching, page: int) -> list[int]:
    start = (page - 1) * PER_PAGE
    return list(
        matching.order_by("-created_at", "-id").values_list("id", flat=True)[
            start : start + PER_PAGE
        ]
    )


def ids(products) -> list[int]:
    return [p.pk for p in products]


def pages(total: int) -> range:
    return range(1, total // PER_PAGE + 3)  # every page, and two past the end


def test_every_list_page_is_the_plain_offset_page(shop):
    everything = Product.objects.all()
    for page in pages(70):
        assert ids(selectors.product_page(page=page)) == plain(everything, page), page


def test_every_filter_and_category_page_is_the_plain_offset_page(shop):
    phones, shirts = shop
    band = Product.objects.filter(category__in=[phones, shirts], price__gte=300, price__lte=1300)
    for page in pages(band.count()):
        found, total = selectors.product_filter(
            category_ids=[phones.pk, shirts.pk], low=Decimal(300), high=Decimal(1300), page=page
        )
        assert ids(found) == plain(band, page), page
        assert total == band.count()
    in_phones = Product.objects.filter(category=phones)
    for page in pages(in_phones.count()):
        _category, found, _total = selectors.product_in_category(slug=phones.slug, page=page)
        assert ids(found) == plain(in_phones, page), page


def test_a_write_moves_the_anchors_with_the_pages(shop):
    everything = Product.objects.all()
    before = ids(selectors.product_page(page=12))
    assert before == plain(everything, 12)
    ProductFactory(name="Newest Of All")  # every row moves one place down
    after = ids(selectors.product_page(page=12))
    assert after == plain(everything, 12)
    assert after != before
    Product.objects.filter(pk__in=plain(everything, 2)).delete()  # and four places up
    assert ids(selectors.product_page(page=12)) == plain(everything, 12)


def test_a_deep_page_is_one_query_once_its_anchors_are_known(shop, django_assert_num_queries):
    # Page 8 (offset 28) starts at anchor 5, in chunk 1. The list's total (one count), then
    # chunks 0-1 found once each (the numbered scan and its rows' times: two queries),
    # then the page.
    with django_assert_num_queries(1 + 2 * 2 + 1):
        selectors.product_page(page=8)
    with django_assert_num_queries(1):
        selectors.product_page(page=7)  # anchor 4, chunk 1
    with django_assert_num_queries(1):
        selectors.product_page(page=6)  # anchor 4, chunk 1
    with django_assert_num_queries(2 + 1):
        selectors.product_page(page=9)  # anchor 6: chunk 2, from chunk 1's last anchor


def test_a_filter_page_in_the_deeper_half_is_read_from_the_oldest_end(
    shop, planner_statistics, django_assert_num_queries
):
    planner_statistics()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for setting in ("enable_seqscan", "enable_bitmapscan", "enable_sort"):
                cursor.execute(f"SET LOCAL {setting} = off")

    def page(number):
        return selectors.product_filter(category_ids=[], low=None, high=None, page=number)[0]

    page(1)  # the total, now cached
    # Page 15 (offset 56 of 70): the 4 rows above the last 10, oldest first; no anchors.
    expected = plain(Product.objects.all(), 15)
    with django_assert_num_queries(1):
        assert ids(page(15)) == expected
    (found,) = plans(lambda: page(15))  # the count is cached
    if connection.vendor == "postgresql":
        assert "Index Only Scan Backward using product_list_cover_idx" in found, found
        assert "Index Cond: (created_at" not in found, found  # no anchor: from the end
    else:
        assert "COVERING INDEX product_list_cover_idx" in found, found
    everything = paging.Matching()

    def page_ids(**kwargs) -> str:
        """The subquery's text, values in: written out on PostgreSQL, the ORM's elsewhere."""
        ids = paging._page_ids(everything, start=56, per_page=4, total=70, **kwargs)
        if isinstance(ids, rows.PageIds):
            return connection.ops.compose_sql(ids.sql, ids.params)
        return str(ids.query)

    sql = page_ids(listing=None)
    if connection.vendor == "postgresql":
        assert "ORDER BY created_at, id " in sql, sql
    else:
        assert 'ORDER BY "catalog_product"."created_at" ASC, 1 ASC' in sql, sql  # 1: the id
    assert sql.endswith("LIMIT 4 OFFSET 10"), sql
    # The product list keeps its anchors at every depth (they are cached for the list).
    sql = page_ids(listing="all")
    assert "DESC" in sql and sql.endswith("LIMIT 4 OFFSET 1"), sql  # from row 55, skip 1


def test_without_the_cache_pages_are_plain_offsets(shop, settings, django_assert_num_queries):
    settings.CATALOG_CACHE_SECONDS = 0
    expected = plain(Product.objects.all(), 15)
    with django_assert_num_queries(1):
        found = selectors.product_page(page=15)
    assert ids(found) == expected


def test_an_anchored_page_starts_its_index_range_at_the_anchor(shop, planner_statistics):
    planner_statistics()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for setting in ("enable_seqscan", "enable_bitmapscan", "enable_sort"):
                cursor.execute(f"SET LOCAL {setting} = off")
    selectors.product_page(page=9)  # the total and the anchors, now cached
    with CaptureQueriesContext(connection) as queries:
        selectors.product_page(page=9)
    assert len(queries.captured_queries) == 1
    (page,) = plans(lambda: selectors.product_page(page=9))
    assert uses(page, "product_list_cover_idx"), page
    if connection.vendor == "postgresql":
        assert "Index Cond: (created_at <=" in page, page
    else:
        assert "product_list_cover_idx (created_at<?)" in page, page


def test_a_page_far_past_the_end_costs_only_the_lists_count(shop, django_assert_num_queries):
    # The total says the page is past the end: no anchors, no page query.
    with django_assert_num_queries(1):
        assert selectors.product_page(page=10**9) == []
    with django_assert_num_queries(0):
        assert selectors.product_page(page=10**9) == []


def test_without_a_total_a_page_past_the_end_costs_only_the_lists_own_chunks(
    shop, django_assert_num_queries
):
    # A listing read without its total (anchors.anchor_for alone): 70 rows make 14
    # anchors in 5 chunks, the last one short, and a page past them is a plain offset.
    everything = paging.Matching()
    with django_assert_num_queries(2 * 5 + 1):
        assert paging._deferred_page(everything, page=10**9, per_page=4, listing="all") == []
    with django_assert_num_queries(1):
        assert paging._deferred_page(everything, page=10**9, per_page=4, listing="all") == []


def test_the_written_out_page_ids_are_the_orms(shop):
    # paging._id_slice writes the page-id subquery out on PostgreSQL (the ORM's
    # queryset elsewhere): the same ids in the same order as the ORM's, for every kind of
    # list, order, depth and anchor (ties included: every third row shares its time).
    phones, shirts = shop
    some = Product.objects.order_by("id").values_list("id", flat=True)
    kinds = [
        {},
        {"category_ids": [phones.pk]},
        {"category_ids": [phones.pk, shirts.pk], "low": Decimal("300")},
        {"low": Decimal("500"), "high": Decimal("1000.50")},
        {"high": Decimal("700")},
        {"category_ids": [shirts.pk], "exclude_pk": some[3]},
    ]
    anchor_rows = Product.objects.order_by("-created_at", "-id").values_list("created_at", "id")
    for arguments in kinds:
        matching = paging.Matching(**arguments)
        orm_matching = by_the_orm(**arguments)
        assert set(matching.queryset) == set(orm_matching) and orm_matching.exists(), arguments
        for order, by in [
            ("newest", ("-created_at", "-id")),
            ("oldest", ("created_at", "id")),
            ("ranged", ("-created_at", "-id")),
        ]:
            for start, size in ((0, 4), (5, 4), (9, 3), (60, 4)):
                expected = list(orm_matching.order_by(*by).values_list("id", flat=True))
                found = paging._id_slice(matching, order, start, size)
                assert page_of(found) == expected[start : start + size], (arguments, order)
        for anchor in (anchor_rows[10], anchor_rows[31], anchor_rows[32]):
            created_at, pk = anchor
            expected = [
                row_id
                for row_time, row_id in orm_matching.order_by("-created_at", "-id").values_list(
                    "created_at", "id"
                )
                if (row_time, row_id) <= (created_at, pk)
            ]
            found = paging._id_slice(matching, "newest", 2, 4, anchor=anchor)
            assert page_of(found) == expected[2:6], (arguments, anchor)


def page_of(ids) -> list[int]:
    """The ids a page-id subquery gives, in its order."""
    if isinstance(ids, rows.PageIds):
        assert connection.vendor == "postgresql"
        with connection.cursor() as cursor:
            cursor.execute(ids.sql, ids.params)
            return [row[0] for row in cursor.fetchall()]
    return list(ids.values_list("id", flat=True))


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite reads pages by the ORM")
def test_a_page_whose_count_and_anchors_are_known_builds_no_queryset(shop, monkeypatch):
    # On PostgreSQL a page's SQL is written out; the ORM's queryset is built only to find
    # a count or anchors not cached yet (about 0.3 ms of CPU a page when built for nothing).
    phones, _ = shop

    def pages():
        selectors.product_filter(category_ids=[phones.pk], low=200, high=None, page=3)
        selectors.product_in_category(slug=phones.slug, page=9)
        selectors.product_page(page=12)
        selectors.product_related(product_id=Product.objects.first().pk, category_id=phones.pk)

    pages()  # the counts and anchors, now cached
    built = []
    queryset = paging.Matching.queryset.func
    monkeypatch.setattr(
        paging.Matching, "queryset", property(lambda self: built.append(self) or queryset(self))
    )
    pages()
    assert built == []
    spied = paging.Matching(category_ids=[phones.pk])
    assert spied.queryset.count() == Product.objects.filter(category=phones).count()
    assert len(built) == 1  # the spy sees a queryset when one is built
