"""`/` carries, as `#initial-data`, the answers of every call home's first render would
make (product-list page 1, product-count, get-category, option-facets with no filter,
shop-info), so a first visit makes no API call. They are the API's own answers, kept with
the catalogue like them: a write or a sale shows at once, a warm page costs no query."""

from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db.models import F

from catalog.cache import local, stock_changed
from catalog.models import Product, Variant
from catalog.tests.factories import PARTS, CategoryFactory, ProductFactory
from orders.shop_details import get_shop_details
from shop.tests.test_seo_pages import fetch

pytestmark = pytest.mark.django_db


@pytest.fixture
def shop(settings):
    settings.PRODUCTS_PER_PAGE = 2
    clothing = CategoryFactory(name="Clothing", slug="clothing")
    audio = CategoryFactory(name="Audio", slug="audio")
    ProductFactory(name="Sony WH-1000XM5", category=audio, price=Decimal("15299"), quantity=9)
    ProductFactory(name="Bose QC Ultra", category=audio, price=Decimal("29900.50"))
    return ProductFactory(
        name="Cotton Kurta",
        price=Decimal("899"),
        category=clothing,
        options=[{"name": "Size", "values": ["M", "XL"]}],
        variants=[
            {"options": {"Size": "M"}, "quantity": 3},
            {"options": {"Size": "XL"}, "quantity": 4, "price": Decimal("999")},
        ],
    )


@pytest.fixture
def cached(settings):
    settings.CATALOG_CACHE_SECONDS = 300
    local.clear()
    yield
    local.clear()


def api_answers(api) -> dict:
    return {
        "productList": api.get("/api/v1/product/product-list/1").json(),
        "productCount": api.get("/api/v1/product/product-count").json(),
        "categories": api.get("/api/v1/category/get-category").json(),
        "optionFacets": api.post(
            "/api/v1/product/option-facets", {"checked": [], "radio": []}
        ).json(),
        "shopInfo": api.get("/api/v1/shop-info").json(),
    }


@pytest.mark.parametrize("cache_on", [False, True])
def test_home_carries_the_api_answers_of_its_first_render(client, api, shop, settings, cache_on):
    settings.CATALOG_CACHE_SECONDS = 300 if cache_on else 0
    local.clear()
    page = fetch(client, "/")
    assert page.initial == {"route": "home", **api_answers(api)}
    # The answers are real ones: the first page (newest first), the total, the facets.
    assert [p["name"] for p in page.initial["productList"]["products"]] == [
        "Cotton Kurta",
        "Bose QC Ultra",
    ]
    assert page.initial["productCount"]["total"] == 3
    assert [c["name"] for c in page.initial["categories"]["category"]] == ["Audio", "Clothing"]
    assert page.initial["optionFacets"]["facets"] == [
        {"name": "Size", "values": [{"value": "M", "count": 1}, {"value": "XL", "count": 1}]}
    ]
    assert page.initial["shopInfo"]["shop"]["gstin"]


def test_home_keeps_its_head_and_has_no_server_body(client, shop):
    page = fetch(client, "/?category=1&sort=price-asc")
    assert page.title == "SHOPSPHERE - shop now"
    assert page.links["canonical"] == "http://testserver/"
    assert page.ld("WebSite")["url"] == "http://testserver/"
    # The client uses the products only for the unfiltered list; the rest whatever the query.
    assert page.initial["route"] == "home"


def test_home_is_four_queries_cold_and_none_warm(client, shop, cached, django_assert_num_queries):
    # Product list (and its variants and gallery where the rows do not bring them), count,
    # categories, facets; the shop's details come from their own cache, warmed here
    # (they cost one query once per change of them, as for shop-info itself).
    get_shop_details()
    with django_assert_num_queries(4 + PARTS):
        cold = client.get("/")
    with django_assert_num_queries(0):
        warm = client.get("/")
    assert cold.status_code == warm.status_code == 200
    assert cold.content == warm.content


def test_with_every_cache_cold_the_shop_details_add_one_query(
    client, shop, cached, django_assert_num_queries
):
    cache.clear()
    with django_assert_num_queries(4 + PARTS + 1):
        assert client.get("/").status_code == 200
    with django_assert_num_queries(0):
        assert client.get("/").status_code == 200


def test_a_catalogue_write_shows_at_once(client, shop, cached):
    fetch(client, "/")
    ProductFactory(name="Desk Lamp", category=shop.category, price=Decimal("1200"))
    page = fetch(client, "/")
    assert page.initial["productList"]["products"][0]["name"] == "Desk Lamp"
    assert page.initial["productCount"]["total"] == 4


def test_a_sale_of_a_product_shown_refreshes_it(client, api, shop, cached):
    fetch(client, "/")
    # What checkout does to stock, then to the stamps (orders/services.py).
    Variant.objects.filter(product=shop).update(quantity=F("quantity") - 1)
    Product.objects.filter(pk=shop.pk).update(quantity=F("quantity") - 1)
    stock_changed([shop.pk])
    page = fetch(client, "/")
    kurta = page.initial["productList"]["products"][0]
    assert kurta["name"] == "Cotton Kurta" and kurta["quantity"] == 6
    assert page.initial == {"route": "home", **api_answers(api)}


def test_text_from_the_database_cannot_break_out_of_home(client, shop):
    CategoryFactory(name="</script><script>alert(1)</script>", slug="evil")
    response = client.get("/")
    assert b"<script>alert(1)" not in response.content
    names = [c["name"] for c in fetch(client, "/").initial["categories"]["category"]]
    assert "</script><script>alert(1)</script>" in names
