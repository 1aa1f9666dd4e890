"""The sales log (catalog/cache/): after a sale, a cached answer that does not show the
sold product is served as it is, without a query; one that shows it is computed again.
On Django's local-memory cache and on the real Redis through the project's backend."""

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from catalog.cache import keys as cache_keys
from catalog.cache import sales_log, stamps
from catalog.models import Product, Variant
from catalog.tests.factories import ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"


@pytest.fixture
def recorded(shared_cache, monkeypatch):
    """Every key read through get_many from now on."""
    keys: list[str] = []
    original = shared_cache.get_many

    def get_many(wanted, *args, **kwargs):
        keys.extend(wanted)
        return original(wanted, *args, **kwargs)

    def start():
        monkeypatch.setattr(shared_cache, "get_many", get_many)
        keys.clear()
        return keys

    return start


def sell(product, quantity=1):
    """What checkout does to stock, then to the stamps (orders.services)."""
    Variant.objects.filter(product=product).update(quantity=F("quantity") - quantity)
    Product.objects.filter(pk=product.pk).update(quantity=F("quantity") - quantity)
    stamps.stock_changed([product.pk])


def test_a_hit_not_showing_the_sold_product_is_served_as_it_is(
    anon_api, recorded, django_assert_num_queries
):
    sold, other = ProductFactory(name="Steel Bottle", quantity=9), ProductFactory(name="Desk Lamp")
    paths = [f"{BASE}/get-product/{other.slug}", f"{BASE}/search/Desk Lamp"]
    for path in paths:
        assert anon_api.get(path).status_code == 200
    sell(sold)
    keys = recorded()
    with django_assert_num_queries(0):
        for path in paths:
            assert anon_api.get(path).status_code == 200
    # The log of the one replacement was fetched once for the process, not per hit.
    assert len([key for key in keys if ":sale:" in key]) == 1


def test_a_hit_showing_the_sold_product_is_fresh(anon_api, recorded, django_assert_num_queries):
    sold = ProductFactory(name="Steel Bottle", quantity=9)
    ProductFactory(name="Desk Lamp")
    paths = [f"{BASE}/get-product/{sold.slug}", f"{BASE}/search/Steel Bottle"]
    for path in paths:
        assert anon_api.get(path).status_code == 200
    sell(sold, 2)
    keys = recorded()
    assert anon_api.get(paths[0]).json()["product"]["quantity"] == 7
    assert anon_api.get(paths[1]).json()[0]["quantity"] == 7
    assert len([key for key in keys if ":sale:" in key]) == 1  # the log named it
    with django_assert_num_queries(0):  # and the fresh answers were kept
        assert anon_api.get(paths[0]).json()["product"]["quantity"] == 7


def test_without_the_log_record_a_hit_is_computed_again_and_stays_right(anon_api, shared_cache):
    sold, other = ProductFactory(name="Steel Bottle", quantity=9), ProductFactory(name="Desk Lamp")
    path = f"{BASE}/get-product/{other.slug}"
    anon_api.get(path)
    sell(sold)
    # The record expired (or the sale is still writing it): the log cannot tell.
    mark = shared_cache.get(cache_keys._stamped_key())
    shared_cache.delete(cache_keys._sale_key(mark))
    with CaptureQueriesContext(connection) as computed:
        assert anon_api.get(path).json()["product"]["quantity"] == other.quantity
    assert computed.captured_queries  # not served from the entry: computed again
    sell(other, 1)
    assert anon_api.get(path).json()["product"]["quantity"] == other.quantity - 1


def test_a_lost_mark_starts_again_above_every_mark_an_entry_holds(shared_cache):
    stamps.stock_changed([1])
    before = shared_cache.get(cache_keys._stamped_key())
    shared_cache.delete(cache_keys._stamped_key())
    stamps.stock_changed([2])
    after = shared_cache.get(cache_keys._stamped_key())
    assert isinstance(after, int) and after > before
    assert shared_cache.get(cache_keys._sale_key(after)) == (2,)


def test_too_long_a_gap_reads_the_stamps_instead_of_the_log(shared_cache):
    stamps.stock_changed([1])
    mark = shared_cache.get(cache_keys._stamped_key())
    assert sales_log._sold_between(mark - 1, mark) == frozenset({1})
    assert sales_log._sold_between(mark - sales_log.SALES_LOG_SPAN - 1, mark) is None
    assert sales_log._sold_between(str(mark - 1), mark) is None  # a mark from the clock


def test_the_etag_moves_with_a_sale_of_a_product_shown_and_only_then(anon_api):
    shown, other = ProductFactory(name="Steel Bottle", quantity=9), ProductFactory(name="Desk Lamp")
    path = f"{BASE}/get-product/{shown.slug}"
    first = anon_api.get(path)
    sell(other)
    assert anon_api.get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    sell(shown)
    after = anon_api.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert after.json()["product"]["quantity"] == 8
