"""Filter totals from the price counts held once a catalogue version
(catalog/selectors/price_counts.py): the same totals as counting in the database, for
every kind of combination and band, one grouped query a catalogue version for all of
them, fresh after a write."""

from decimal import Decimal

import pytest

from catalog import selectors
from catalog.models import Product
from catalog.selectors import price_counts
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_search import SIZE_QUERY  # a ranged page's size statistic too

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cache_on(settings):
    settings.CATALOG_CACHE_SECONDS = 300
    settings.PRODUCTS_PER_PAGE = 4


@pytest.fixture
def shop():
    phones, shirts, shoes = (CategoryFactory(name=n) for n in ("Phones", "Shirts", "Shoes"))
    prices = ["0", "0.01", "199", "199.99", "200", "200", "349.50", "999.99", "1000", "25000"]
    for n, price in enumerate(prices * 2):
        ProductFactory(category=(phones, shirts, shoes)[n % 3], price=Decimal(price))
    return phones, shirts, shoes


def orm_matching(category_ids=(), low=None, high=None, exclude_pk=None):
    """A list's products by plain ORM lookups, for the written-out or held versions to be
    compared with."""
    matching = Product.objects.all()
    if category_ids:
        matching = matching.filter(category_id__in=category_ids)
    if low is not None:
        matching = matching.filter(price__gte=low)
    if high is not None:
        matching = matching.filter(price__lte=high)
    if exclude_pk is not None:
        matching = matching.exclude(pk=exclude_pk)
    return matching


def counted_by_the_database(category_ids, low, high) -> int:
    return orm_matching(category_ids, low, high).count()


def test_the_held_counts_are_the_databases(shop):
    phones, shirts, shoes = shop
    held = price_counts.held()
    assert held is not None
    combinations = [
        [],
        [phones.pk],
        [shirts.pk, shoes.pk],
        [phones.pk, phones.pk],
        [phones.pk, 999_999],
        [999_999],
    ]
    ends = [None, Decimal("0"), Decimal("0.01"), Decimal("199.99"), Decimal("200"), 350, 25000]
    ends += [Decimal("1000.00"), Decimal("24999.99"), Decimal("100000")]
    for category_ids in combinations:
        for low in ends:
            for high in ends:
                if low is not None and high is not None and low > high:
                    continue
                expected = counted_by_the_database(category_ids, low, high)
                assert held.count(category_ids, low, high) == expected, (category_ids, low, high)
    assert held.count([], None, None) == 20


def test_every_filter_total_of_a_version_comes_from_one_grouped_query(
    shop, django_assert_num_queries
):
    phones, shirts, _ = shop
    # The price counts, the page (and on PostgreSQL the catalogue's size for its walk).
    with django_assert_num_queries(2 + SIZE_QUERY):
        _, total = selectors.product_filter(category_ids=[], low=200, high=None, page=1)
    assert total == counted_by_the_database([], 200, None)
    with django_assert_num_queries(1):  # another combination: its page alone
        _, total = selectors.product_filter(
            category_ids=[phones.pk, shirts.pk], low=None, high=Decimal("999.99"), page=2
        )
    assert total == counted_by_the_database([phones.pk, shirts.pk], None, Decimal("999.99"))


def test_a_write_brings_new_counts(shop):
    phones, _, _ = shop
    before = selectors.product_filter(category_ids=[phones.pk], low=None, high=None, page=1)[1]
    ProductFactory(category=phones, price=Decimal("5"))
    after = selectors.product_filter(category_ids=[phones.pk], low=None, high=None, page=1)[1]
    assert after == before + 1 == counted_by_the_database([phones.pk], None, None)


def test_too_many_prices_to_hold_are_counted_by_the_database(
    shop, monkeypatch, django_assert_num_queries
):
    monkeypatch.setattr(price_counts, "MAX_GROUPS", 5)
    assert price_counts.load() is None
    _, total = selectors.product_filter(category_ids=[], low=1, high=None, page=1)
    assert total == counted_by_the_database([], 1, None)
    with django_assert_num_queries(1):  # the page: that count is in the read cache, as before
        assert selectors.product_filter(category_ids=[], low=1, high=None, page=2)[1] == total


def test_with_the_cache_off_every_total_is_counted(shop, settings):
    settings.CATALOG_CACHE_SECONDS = 0
    assert price_counts.held() is None
    total = selectors.product_filter(category_ids=[], low=200, high=349, page=1)[1]
    assert total == counted_by_the_database([], 200, 349) == 4
