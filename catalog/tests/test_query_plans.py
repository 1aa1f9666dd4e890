"""The list reads rely on their indexes: each test runs a selector, takes the
SQL it sent and asks the database for its plan (`EXPLAIN` on PostgreSQL, `EXPLAIN QUERY
PLAN` on SQLite), then checks the index it relies on is in it. Dropping or changing the
index (or the query so that it no longer matches) fails the test.

A handful of rows would be read faster without any index, so on PostgreSQL the planner is
told to avoid sequential scans, bitmap scans and sorts where it has another way: what it
picks then is the plan it picks on a large catalogue (checked with EXPLAIN ANALYZE at 100k
products, README "Performance under real traffic")."""

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import selectors
from catalog.models import Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_cache(settings):
    settings.CATALOG_CACHE_SECONDS = 0  # every call reaches the database


@pytest.fixture
def catalogue(planner_statistics):
    phones, shirts = CategoryFactory(name="Phones"), CategoryFactory(name="Shirts")
    for n in range(20):
        ProductFactory(category=phones if n % 2 else shirts, price=Decimal(100 + n * 50))
    planner_statistics()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for setting in ("enable_seqscan", "enable_bitmapscan", "enable_sort"):
                cursor.execute(f"SET LOCAL {setting} = off")
    return phones, shirts


@pytest.fixture
def many_categories(catalogue, planner_statistics):
    """A shop has many categories. With only two, one category is half the table: walking
    the list index and filtering it costs the PostgreSQL planner the same as the category
    index, so it picked either from run to run (a CI failure)."""
    others = CategoryFactory.create_batch(30)
    Product.objects.bulk_create(
        ProductFactory.build(category=others[n % 30], price=Decimal(100 + n % 40 * 25))
        for n in range(600)
    )
    planner_statistics()
    return catalogue


def plans(call) -> list[str]:
    """The plan of every query `call()` sends, as one text each."""
    with CaptureQueriesContext(connection) as queries:
        call()
    found = []
    for query in queries.captured_queries:
        prefix = "EXPLAIN " if connection.vendor == "postgresql" else "EXPLAIN QUERY PLAN "
        with connection.cursor() as cursor:
            cursor.execute(prefix + query["sql"])
            rows = cursor.fetchall()
        found.append("\n".join(str(row[-1]) if len(row) > 1 else str(row[0]) for row in rows))
    return found


def uses(plan: str, index: str) -> bool:
    """The index is read on its own: an index-only scan on PostgreSQL, a covering index on
    SQLite (the page's ids never need the table)."""
    if connection.vendor == "postgresql":
        return (
            f"Index Only Scan using {index}" in plan
            or f"Index Only Scan Backward using {index}" in plan
        )
    return f"COVERING INDEX {index}" in plan


def test_a_list_page_takes_its_ids_from_the_covering_list_index(catalogue):
    (page,) = plans(lambda: selectors.product_page(page=3))
    assert uses(page, "product_list_cover_idx"), page


def test_a_category_page_takes_its_ids_from_the_category_index(many_categories):
    phones, _ = many_categories
    _category, _count, page = plans(lambda: selectors.product_in_category(slug=phones.slug, page=2))
    assert uses(page, "product_category_cover_idx"), page


def test_a_one_category_filter_page_uses_the_category_index(many_categories):
    phones, _ = many_categories
    *_count_and_size, page = plans(
        lambda: selectors.product_filter(
            category_ids=[phones.pk], low=Decimal(200), high=Decimal(799), page=1
        )
    )
    if connection.vendor == "postgresql":
        # The price is checked in the index (INCLUDE): still no table read for the ids.
        assert uses(page, "product_category_cover_idx"), page
    else:
        # Without INCLUDE, SQLite takes the ids by category and price, then sorts them.
        index = r"product_(category_cover|cat_price_cover)_idx"
        assert re.search(rf"U0 USING (COVERING )?INDEX {index}", page), page


def test_a_sparse_filter_page_sorts_its_matches_from_the_category_price_index(
    many_categories, planner_statistics
):
    # Phones and shirts cost 100-1,050: one product of 620 in the band, where walking the
    # list index would test every entry to find it (catalog/selectors/, `_page_ids`).
    phones, shirts = many_categories
    band = Product.objects.filter(category__in=[phones, shirts], price__lte=Decimal(120))
    assert band.count() == 1

    def page():
        return selectors.product_filter(
            category_ids=[phones.pk, shirts.pk], low=None, high=Decimal(120), page=1
        )

    assert [p.pk for p in page()[0]] == list(band.values_list("pk", flat=True))
    *_count_and_size, found = plans(page)
    if connection.vendor == "postgresql":
        assert uses(found, "product_cat_price_cover_idx"), found
        assert "product_list_cover_idx" not in found, found
    else:  # no rule here (no size statistic): SQLite's own planner picks the range
        assert "INDEX product_cat_price_cover_idx" in found, found


def test_a_price_band_page_walks_the_list_index(catalogue):
    *_count_and_size, page = plans(
        lambda: selectors.product_filter(category_ids=[], low=Decimal(200), high=None, page=2)
    )
    if connection.vendor == "postgresql":
        assert uses(page, "product_list_cover_idx"), page
    else:
        assert "INDEX product_list_cover_idx" in page, page


def test_related_products_come_from_the_category_and_price_index(many_categories):
    """The nearest prices above and below the product are two short ranges of the
    category-and-price index, not a sort of the whole category by distance."""
    phones, _ = many_categories
    product = phones.products.first()
    *_price, related = plans(
        lambda: selectors.product_related(product_id=product.pk, category_id=phones.pk)
    )
    assert uses(related, "product_cat_price_cover_idx"), related
    # PostgreSQL reads the product's price in the same query; elsewhere it comes first.
    assert len(_price) == (0 if connection.vendor == "postgresql" else 1)


def test_a_rating_page_takes_its_ids_from_the_rating_index(catalogue):
    # sort=rating: near the top read down the index, in the deeper half up from its end.
    from catalog.selectors import paging

    (top,) = plans(lambda: selectors.product_page(page=2, per_page=3, sort="rating"))
    assert uses(top, "product_rating_idx"), top
    (deep,) = plans(lambda: paging._rated_page(paging.Matching(), page=6, per_page=3, total=20))
    assert uses(deep, "product_rating_idx"), deep
