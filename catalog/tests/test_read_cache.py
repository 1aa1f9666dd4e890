"""The cache in front of the public catalogue reads (catalog/cache/): a repeated read
costs no SQL, every write is visible on the next read, ETags revalidate, and a cache
outage only slows the reads down."""

from decimal import Decimal

import pytest
from django.core.cache import cache

from catalog.cache import version_key
from catalog.models import Product
from catalog.tests.factories import PARTS, CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"


@pytest.fixture(autouse=True)
def _cache_on(settings):
    settings.CATALOG_CACHE_SECONDS = 300


def test_a_repeated_read_is_answered_without_sql(anon_api, django_assert_num_queries):
    ProductFactory.create_batch(3)
    first = anon_api.get(f"{BASE}/product-list/1")
    with django_assert_num_queries(0):
        second = anon_api.get(f"{BASE}/product-list/1")
    assert second.status_code == 200
    assert second.json() == first.json()
    assert len(second.json()["products"]) == 3


def test_every_public_read_is_cached(anon_api, django_assert_num_queries):
    product = ProductFactory()
    category = product.category
    paths = [
        f"{BASE}/product-list/1",
        f"{BASE}/product-count",
        "/api/v1/category/get-category",
        f"/api/v1/category/single-category/{category.slug}",
        f"{BASE}/get-product",
        f"{BASE}/get-product/{product.slug}",
        f"{BASE}/related-product/{product.pk}/{category.pk}",
        f"{BASE}/product-category/{category.slug}",
        f"{BASE}/product-category/{category.slug}?page=1",
        f"{BASE}/search/{product.name.split()[0]}",
    ]
    for path in paths:
        first = anon_api.get(path)
        assert first.status_code == 200, path
        with django_assert_num_queries(0):
            again = anon_api.get(path)
        assert again.content == first.content, path


def test_a_new_product_shows_in_the_count_and_the_list_at_once(admin_api, anon_api):
    category = CategoryFactory()
    ProductFactory(category=category)
    assert anon_api.get(f"{BASE}/product-count").json()["total"] == 1
    assert len(anon_api.get(f"{BASE}/product-list/1").json()["products"]) == 1

    response = admin_api.post(
        f"{BASE}/create-product",
        {
            "name": "Fresh Phone",
            "description": "Just in",
            "price": "999",
            "quantity": "4",
            "category": str(category.pk),
        },
        format="multipart",
    )
    assert response.status_code == 201

    assert anon_api.get(f"{BASE}/product-count").json()["total"] == 2
    names = [p["name"] for p in anon_api.get(f"{BASE}/product-list/1").json()["products"]]
    assert "Fresh Phone" in names


def test_an_update_and_a_delete_show_at_once(admin_api, anon_api):
    product = ProductFactory(price=Decimal("100"))
    path = f"{BASE}/get-product/{product.slug}"
    assert anon_api.get(path).json()["product"]["price"] == 100

    response = admin_api.put(
        f"{BASE}/update-product/{product.pk}", {"price": "250"}, format="multipart"
    )
    assert response.status_code == 200
    assert anon_api.get(path).json()["product"]["price"] == 250

    assert admin_api.delete(f"{BASE}/delete-product/{product.pk}").status_code == 200
    assert anon_api.get(path).status_code == 404
    assert anon_api.get(f"{BASE}/product-count").json()["total"] == 0


def test_a_renamed_category_shows_at_once(admin_api, anon_api):
    category = CategoryFactory(name="Phones")
    assert [
        c["name"] for c in anon_api.get("/api/v1/category/get-category").json()["category"]
    ] == ["Phones"]
    response = admin_api.put(f"/api/v1/category/update-category/{category.pk}", {"name": "Mobiles"})
    assert response.status_code == 200
    names = [c["name"] for c in anon_api.get("/api/v1/category/get-category").json()["category"]]
    assert names == ["Mobiles"]


def test_writes_outside_the_api_invalidate_too(anon_api):
    """The Django admin and shell save through the ORM: the signals cover them."""
    product = ProductFactory(quantity=5)
    path = f"{BASE}/get-product/{product.slug}"
    assert anon_api.get(path).json()["product"]["quantity"] == 5
    product.quantity = 7
    product.save()
    assert anon_api.get(path).json()["product"]["quantity"] == 7


def test_a_bulk_delete_shows_at_once(anon_api):
    ProductFactory.create_batch(5)
    assert anon_api.get(f"{BASE}/product-count").json()["total"] == 5
    before = cache.get(version_key())
    Product.objects.all().delete()
    assert cache.get(version_key()) != before
    assert anon_api.get(f"{BASE}/product-count").json()["total"] == 0


def test_filters_post_is_cached_per_body(anon_api, django_assert_num_queries):
    cheap = ProductFactory(price=Decimal("150"))
    ProductFactory(price=Decimal("500"))
    band = {"checked": [], "radio": [0, 199], "page": 1}
    first = anon_api.post(f"{BASE}/product-filters", band)
    assert [p["_id"] for p in first.json()["products"]] == [str(cheap.pk)]
    with django_assert_num_queries(0):
        again = anon_api.post(f"{BASE}/product-filters", band)
    assert again.json() == first.json()
    other = anon_api.post(f"{BASE}/product-filters", {"checked": [], "radio": [200, 999]})
    assert [p["price"] for p in other.json()["products"]] == [500]


def test_etag_revalidation_is_304_without_sql_until_a_write(anon_api, django_assert_num_queries):
    product = ProductFactory()
    path = f"{BASE}/product-list/1"
    response = anon_api.get(path)
    etag = response["ETag"]
    assert etag.startswith('"')
    assert response["Cache-Control"] == "public, max-age=0, must-revalidate"
    assert response["Last-Modified"]

    with django_assert_num_queries(0):
        revalidated = anon_api.get(path, HTTP_IF_NONE_MATCH=etag)
    assert revalidated.status_code == 304
    assert revalidated.content == b""

    product.name = "Renamed Gadget"
    product.save()
    changed = anon_api.get(path, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.json()["products"][0]["name"] == "Renamed Gadget"


def test_each_path_has_its_own_etag(anon_api):
    ProductFactory.create_batch(2)
    one = anon_api.get(f"{BASE}/product-list/1")["ETag"]
    count = anon_api.get(f"{BASE}/product-count")["ETag"]
    assert one != count
    assert anon_api.get(f"{BASE}/product-count", HTTP_IF_NONE_MATCH=one).status_code == 200


def test_errors_are_not_cached(anon_api):
    path = f"{BASE}/get-product/not-yet-there"
    assert anon_api.get(path).status_code == 404
    ProductFactory(name="Not Yet There", slug="not-yet-there")
    assert anon_api.get(path).status_code == 200


def test_cache_off_reads_the_database_every_time(anon_api, settings, django_assert_num_queries):
    settings.CATALOG_CACHE_SECONDS = 0
    ProductFactory()
    anon_api.get(f"{BASE}/product-count")
    with django_assert_num_queries(1):
        response = anon_api.get(f"{BASE}/product-count")
    assert response.json()["total"] == 1
    assert "ETag" not in response


def test_an_unreachable_cache_server_falls_back_to_the_database(anon_api, settings):
    # A real Redis client against a port where nothing listens: every cache call fails.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    try:
        ProductFactory.create_batch(2)
        response = anon_api.get(f"{BASE}/product-count")
        assert response.status_code == 200
        assert response.json()["total"] == 2
    finally:
        # Back to a working cache before the shared fixture clears it.
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def test_totals_are_counted_once_per_catalogue_version(
    anon_api, settings, django_assert_num_queries
):
    """Another page of the same list costs only its page, not a new count."""
    settings.PRODUCTS_PER_PAGE = 2
    clothing = CategoryFactory(name="Clothing")
    ProductFactory.create_batch(5, category=clothing, price=Decimal("250"))
    with django_assert_num_queries(3 + PARTS):  # category, page, total
        first = anon_api.get(f"{BASE}/product-category/clothing?page=1").json()
    with django_assert_num_queries(1 + PARTS):  # the page only
        third = anon_api.get(f"{BASE}/product-category/clothing?page=3").json()
    assert first["total"] == third["total"] == 5 and len(third["products"]) == 1

    band = {"checked": [str(clothing.pk)], "radio": [200, 349]}
    with django_assert_num_queries(2 + PARTS):
        anon_api.post(f"{BASE}/product-filters", {**band, "page": 1})
    with django_assert_num_queries(1 + PARTS):
        again = anon_api.post(f"{BASE}/product-filters", {**band, "page": 2}).json()
    assert again["total"] == 5

    anon_api.get(f"{BASE}/product-count")
    with django_assert_num_queries(1 + PARTS):  # a page of 12; the total is the count's
        latest = anon_api.get(f"{BASE}/get-product?page=1").json()
    assert latest["total"] == 5

    ProductFactory(category=clothing, price=Decimal("300"))  # a write: counted again
    assert anon_api.get(f"{BASE}/product-category/clothing?page=2").json()["total"] == 6
