"""Finding things: product-filters' optional `sort` (price either way, newest by default,
old requests answered byte for byte as before, each order cached apart), and similar
products from the same category closest in price first."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from catalog.tests.factories import PARTS, RELATED_QUERIES, CategoryFactory, ProductFactory

FILTERS = "/api/v1/product/product-filters"


def names(response):
    return [p["name"] for p in response.json()["products"]]


@pytest.fixture
def phones(db):
    category = CategoryFactory(name="Phones")
    start = timezone.now() - timedelta(days=1)
    for minute, (name, price) in enumerate(
        [("Budget", "7999"), ("Mid", "14999"), ("Flagship", "79999"), ("Other Mid", "14999")]
    ):
        ProductFactory(
            name=name,
            price=Decimal(price),
            category=category,
            created_at=start + timedelta(minutes=minute),
        )
    ProductFactory(name="Shirt", price=Decimal("999"), category=CategoryFactory())
    return category


def test_filters_sort_by_price_both_ways_newest_first_among_equal_prices(anon_api, phones):
    body = {"checked": [phones.pk], "radio": []}
    assert names(anon_api.post(FILTERS, {**body, "sort": "price-asc"})) == [
        "Budget",
        "Other Mid",
        "Mid",
        "Flagship",
    ]
    assert names(anon_api.post(FILTERS, {**body, "sort": "price-desc"})) == [
        "Flagship",
        "Other Mid",
        "Mid",
        "Budget",
    ]
    assert names(anon_api.post(FILTERS, {**body, "sort": "newest"})) == [
        "Other Mid",
        "Flagship",
        "Mid",
        "Budget",
    ]


def test_a_sorted_page_has_its_total_and_a_phone_under_15000_is_findable(
    anon_api, phones, settings
):
    settings.PRODUCTS_PER_PAGE = 2
    body = {"checked": [], "radio": [0, 15000], "sort": "price-desc", "page": 1}
    first = anon_api.post(FILTERS, body).json()
    assert (first["products"][0]["name"], first["total"]) == ("Other Mid", 4)
    second = anon_api.post(FILTERS, {**body, "page": 2}).json()
    assert [p["name"] for p in second["products"]] == ["Budget", "Shirt"]
    assert anon_api.post(FILTERS, {**body, "page": 3}).json()["products"] == []


def test_a_request_without_sort_answers_exactly_as_before(anon_api, phones):
    body = {"checked": [phones.pk], "radio": [1000, None], "page": 1}
    plain = anon_api.post(FILTERS, body)
    newest = anon_api.post(FILTERS, {**body, "sort": "newest"})
    assert plain.status_code == newest.status_code == 200
    assert plain.content == newest.content
    assert set(plain.json()) == {"success", "products", "total"}


def test_each_order_is_cached_apart(anon_api, phones, settings):
    settings.CATALOG_CACHE_SECONDS = 300
    body = {"checked": [phones.pk], "radio": []}
    asc = names(anon_api.post(FILTERS, {**body, "sort": "price-asc"}))
    desc = names(anon_api.post(FILTERS, {**body, "sort": "price-desc"}))
    assert asc[0] == "Budget" and desc[0] == "Flagship"


@pytest.mark.parametrize("sort", ["price", "", None, 3, "PRICE-ASC"])
def test_an_unknown_sort_is_a_400_in_the_error_shape(anon_api, phones, sort):
    response = anon_api.post(FILTERS, {"checked": [], "radio": [], "sort": sort})
    assert response.status_code == 400
    assert response.json()["success"] is False
    assert "Sort must be one of" in response.json()["message"]


def test_similar_products_are_the_closest_in_price_in_the_category(
    anon_api, django_assert_num_queries
):
    category = CategoryFactory()
    start = timezone.now() - timedelta(days=1)
    made = {}
    for minute, (name, price) in enumerate(
        [
            ("Phone 15k", "15000"),
            ("Phone 14k", "14000"),
            ("Phone 17k", "17000"),
            ("Phone 16k old", "16000"),
            ("Phone 16k new", "16000"),
            ("Phone 80k", "80000"),
            ("Phone 5k", "5000"),
        ]
    ):
        made[name] = ProductFactory(
            name=name,
            price=Decimal(price),
            category=category,
            created_at=start + timedelta(minutes=minute),
        )
    ProductFactory(name="Shirt 15k", price=Decimal("15000"), category=CategoryFactory())
    product = made["Phone 15k"]
    with django_assert_num_queries(RELATED_QUERIES + PARTS):
        response = anon_api.get(f"/api/v1/product/related-product/{product.pk}/{category.pk}")
    assert response.status_code == 200
    # 1,000 away each, the newest first: the two 16k and the 14k; the product itself never.
    assert names(response) == ["Phone 16k new", "Phone 16k old", "Phone 14k"]
