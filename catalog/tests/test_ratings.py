"""A product's rating (catalog.services.ratings): on every product answer, refreshed in
every cached answer that shows it (and in the rating order) when it changes, the order
of `sort=rating`, and the product page's JSON-LD."""

import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import orjson
import pytest
from django.db import transaction
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from catalog import selectors
from catalog.cache import local
from catalog.models import Product
from catalog.selectors import anchors
from catalog.serializers import ProductOutput, render_products
from catalog.services import ratings
from catalog.services.ratings import register_review_source, set_rating
from catalog.tests.factories import PARTS, CategoryFactory, ProductFactory
from orders.shop_details import get_shop_details
from shop.tests.test_seo_pages import fetch

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"


def rate(product, average, count):
    """As the reviews app does: in its own transaction, the product row locked."""
    with transaction.atomic():
        Product.objects.select_for_update().filter(pk=product.pk).first()
        set_rating(product_id=product.pk, average=average, count=count)


@pytest.fixture
def no_source():
    """No review source registered, and the one registered before (the reviews app's,
    when installed) back afterwards."""
    before = ratings._review_source
    register_review_source(None)
    yield
    register_review_source(before)


# --- the answers --------------------------------------------------------------------------


@pytest.fixture
def shelf():
    """A rated kettle among unrated products of its category, and another category."""
    kitchen = CategoryFactory(name="Kitchen")
    start = timezone.now() - timedelta(days=1)
    kettle = ProductFactory(
        name="Steel Kettle", description="Boils water.", category=kitchen, created_at=start
    )
    others = [
        ProductFactory(name=f"Mug {n}", category=kitchen, created_at=start + timedelta(minutes=n))
        for n in range(1, 4)
    ]
    return kettle, others


def answers(api, product, neighbour) -> dict[str, dict]:
    """The product as every product answer shows it, by answer."""
    found = {}

    def pick(name, products):
        [item] = [p for p in products if p["_id"] == str(product.pk)]
        found[name] = item

    pick("get-product", [api.get(f"{BASE}/get-product/{product.slug}").json()["product"]])
    pick("product-list", api.get(f"{BASE}/product-list/1").json()["products"])
    pick("rating-list", api.get(f"{BASE}/product-list/1?sort=rating").json()["products"])
    pick("latest", api.get(f"{BASE}/get-product").json()["products"])
    pick("latest-page", api.get(f"{BASE}/get-product?page=1").json()["products"])
    pick("filters", api.post(f"{BASE}/product-filters", {"page": 1}).json()["products"])
    pick("filters-all", api.post(f"{BASE}/product-filters", {}).json()["products"])
    pick(
        "filters-rating",
        api.post(f"{BASE}/product-filters", {"page": 1, "sort": "rating"}).json()["products"],
    )
    pick("search", api.get(f"{BASE}/search/kettle").json())
    related = api.get(f"{BASE}/related-product/{neighbour.pk}/{neighbour.category_id}")
    pick("related", related.json()["products"])
    slug = product.category.slug
    pick("category", api.get(f"{BASE}/product-category/{slug}").json()["products"])
    pick("category-page", api.get(f"{BASE}/product-category/{slug}?page=1").json()["products"])
    return found


def test_every_product_answer_carries_the_rating(anon_api, admin_api, shelf):
    kettle, others = shelf
    unrated = answers(anon_api, kettle, others[0])
    assert {name: item["rating"] for name, item in unrated.items()} == {
        name: {"average": None, "count": 0} for name in unrated
    }
    set_rating(product_id=kettle.pk, average=Decimal("4.25"), count=12)  # rounded half up
    rated = answers(anon_api, kettle, others[0])
    assert {name: item["rating"] for name, item in rated.items()} == {
        name: {"average": 4.3, "count": 12} for name in rated
    }
    table = admin_api.get("/api/v1/admin/products").json()
    [listed] = [p for p in table if p["name"] == kettle.name]
    assert listed["rating"] == {"average": 4.3, "count": 12}


def test_a_whole_average_is_a_number_with_its_decimal(anon_api, shelf):
    kettle, _ = shelf
    set_rating(product_id=kettle.pk, average=Decimal(4), count=2)
    body = anon_api.get(f"{BASE}/get-product/{kettle.slug}").content
    assert b'"rating":{"average":4.0,"count":2}' in body
    listed = anon_api.get(f"{BASE}/product-list/1").content
    assert b'"rating":{"average":4.0,"count":2}' in listed


def test_rows_answer_as_product_output_over_the_models_with_ratings(shelf):
    kettle, others = shelf
    set_rating(product_id=kettle.pk, average=Decimal("4.3"), count=12)
    set_rating(product_id=others[0].pk, average=Decimal("5"), count=1)
    set_rating(product_id=others[1].pk, average=Decimal("1.04"), count=3)
    models = list(Product.objects.with_category().newest_first())
    expected = json.loads(JSONRenderer().render(ProductOutput(models, many=True).data))
    for rows in (
        selectors.product_page(page=1),
        sorted(selectors.product_page(page=1, sort="rating"), key=lambda r: r.created_at)[::-1],
    ):
        assert orjson.loads(render_products(rows)) == expected
    assert [p["rating"] for p in expected] == [
        {"average": None, "count": 0},
        {"average": 1.0, "count": 3},
        {"average": 5.0, "count": 1},
        {"average": 4.3, "count": 12},
    ]
    single = selectors.product_get_current(slug=kettle.slug)
    assert ProductOutput(single).data == ProductOutput(Product.objects.get(pk=kettle.pk)).data


def test_set_rating_writes_only_the_rating(shelf):
    kettle, _ = shelf
    before = Product.objects.get(pk=kettle.pk)
    set_rating(product_id=kettle.pk, average=Decimal("3.5"), count=2)
    after = Product.objects.get(pk=kettle.pk)
    assert (after.rating_average, after.rating_count) == (Decimal("3.5"), 2)
    assert after.updated_at == before.updated_at  # update-product's token is not moved
    set_rating(product_id=kettle.pk, average=Decimal("3.5"), count=0)  # no reviews left
    after = Product.objects.get(pk=kettle.pk)
    assert (after.rating_average, after.rating_count) == (None, 0)
    for average, count in ((None, 1), (Decimal("0.9"), 1), (Decimal("5.1"), 1), (4, -1)):
        with pytest.raises(ValueError):
            set_rating(product_id=kettle.pk, average=average, count=count)
    set_rating(product_id=10**9, average=Decimal(4), count=1)  # no such product: nothing


# --- the cache ----------------------------------------------------------------------------


def _warm(api, kettle, neighbour, django_assert_num_queries):
    """Every answer read once, then again from the cache without SQL."""
    first = answers(api, kettle, neighbour)
    with django_assert_num_queries(0):
        again = answers(api, kettle, neighbour)
    assert again == first
    return first


def test_a_rating_refreshes_every_cached_answer_that_shows_the_product(
    anon_api, shelf, shared_cache, django_assert_num_queries, django_capture_on_commit_callbacks
):
    kettle, others = shelf
    page = f"/product/{kettle.slug}"
    _warm(anon_api, kettle, others[0], django_assert_num_queries)
    fetch(anon_api, page)
    with django_assert_num_queries(0):
        assert "aggregateRating" not in fetch(anon_api, page).ld("Product")
    elsewhere = [f"{BASE}/product-count", "/api/v1/category/get-category"]
    elsewhere.append(f"{BASE}/get-product/{others[0].slug}")
    for path in elsewhere:
        anon_api.get(path)

    with django_capture_on_commit_callbacks(execute=True):
        rate(kettle, Decimal("4.3"), 12)

    rated = answers(anon_api, kettle, others[0])
    assert {item["rating"]["count"] for item in rated.values()} == {12}
    assert fetch(anon_api, page).ld("Product")["aggregateRating"]["reviewCount"] == 12
    # Not a flush: what does not show the product stays cached.
    for path in elsewhere:
        with django_assert_num_queries(0):
            assert anon_api.get(path).status_code == 200


def test_a_rating_moves_a_product_onto_rating_pages_that_did_not_show_it(
    anon_api, shelf, settings, shared_cache, django_capture_on_commit_callbacks
):
    settings.PRODUCTS_PER_PAGE = 2
    kettle, others = shelf
    rate(others[0], Decimal(4), 3)
    rate(others[1], Decimal(3), 3)
    body = {"page": 1, "sort": "rating"}
    top = [p["_id"] for p in anon_api.get(f"{BASE}/product-list/1?sort=rating").json()["products"]]
    filtered = anon_api.post(f"{BASE}/product-filters", body).json()["products"]
    assert top == [str(others[0].pk), str(others[1].pk)] == [p["_id"] for p in filtered]

    with django_capture_on_commit_callbacks(execute=True):
        rate(kettle, Decimal(5), 1)

    top = [p["_id"] for p in anon_api.get(f"{BASE}/product-list/1?sort=rating").json()["products"]]
    filtered = anon_api.post(f"{BASE}/product-filters", body).json()["products"]
    assert top == [str(kettle.pk), str(others[0].pk)] == [p["_id"] for p in filtered]


def test_with_the_file_cache_a_rating_replaces_the_catalogue_version(
    anon_api, shelf, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "cache"),
        }
    }
    settings.CATALOG_CACHE_SECONDS = 300
    local.clear()
    kettle, others = shelf
    before = answers(anon_api, kettle, others[0])
    assert {item["rating"]["count"] for item in before.values()} == {0}

    with django_capture_on_commit_callbacks(execute=True):
        rate(kettle, Decimal("4.5"), 2)

    after = answers(anon_api, kettle, others[0])
    assert {name: item["rating"] for name, item in after.items()} == {
        name: {"average": 4.5, "count": 2} for name in after
    }
    local.clear()


# --- sort=rating --------------------------------------------------------------------------


@pytest.fixture
def rated_shelf():
    """Products with ties at every step of the order: averages, counts, the unrated."""
    phones, shirts = CategoryFactory(name="Phones"), CategoryFactory(name="Shirts")
    start = timezone.now() - timedelta(days=1)
    figures = [None, (4.5, 2), (4.5, 9), None, (3.0, 1), (5.0, 1), (4.5, 9), None, (1.0, 4)]
    made = []
    for n, figure in enumerate(figures * 2):
        product = ProductFactory(
            category=phones if n % 2 else shirts,
            price=Decimal(100 + n * 10),
            created_at=start + timedelta(minutes=n % 5),  # equal times: the id decides
        )
        if figure is not None:
            set_rating(product_id=product.pk, average=Decimal(str(figure[0])), count=figure[1])
        made.append(product)
    return phones, shirts


def expected_order(products) -> list[str]:
    def key(p):
        rated = p.rating_average is not None
        return (rated, p.rating_average or 0, p.rating_count, p.created_at, p.pk)

    return [str(p.pk) for p in sorted(products, key=key, reverse=True)]


def walk(fetch_page) -> list[str]:
    seen, page = [], 1
    while True:
        products = fetch_page(page)
        if not products:
            return seen
        seen += [p["_id"] for p in products]
        page += 1


@pytest.mark.parametrize("deep", [False, True], ids=["from-the-top", "deeper-half-from-the-end"])
@pytest.mark.parametrize("cached", [0, 300])
def test_sort_rating_pages_the_whole_list_in_order(
    anon_api, rated_shelf, settings, monkeypatch, deep, cached
):
    settings.PRODUCTS_PER_PAGE = 4
    settings.CATALOG_CACHE_SECONDS = cached
    if deep:  # the total known on every page: the deeper half is read from the end
        monkeypatch.setattr(anchors, "EVERY", 0)
    expected = expected_order(Product.objects.all())
    assert expected[-6:] == expected_order(Product.objects.filter(rating_count=0))

    def page(n):
        return anon_api.get(f"{BASE}/product-list/{n}?sort=rating").json()["products"]

    assert walk(page) == expected
    response = anon_api.get(f"{BASE}/product-list/1?sort=best")
    assert response.status_code == 400
    assert response.json()["message"] == "Sort must be one of: newest, rating."


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"radio": [150, 260]},
        {"checked": ["phones"]},
        {"checked": ["phones", "shirts"], "radio": [0, 200]},
        {"options": {"Size": ["M"]}},
    ],
    ids=["all", "band", "one-category", "categories-and-band", "options"],
)
def test_sort_rating_orders_every_filter_and_its_pages(anon_api, rated_shelf, settings, body):
    settings.PRODUCTS_PER_PAGE = 4
    phones, shirts = rated_shelf
    body = dict(body)
    ids = {"phones": str(phones.pk), "shirts": str(shirts.pk)}
    body["checked"] = [ids[name] for name in body.get("checked", [])]
    matches = Product.objects.all()
    if body["checked"]:
        matches = matches.filter(category_id__in=body["checked"])
    if body.get("radio"):
        low, high = body["radio"]
        matches = matches.filter(price__gte=low, price__lte=high)
    if body.get("options"):
        matches = matches.none()  # the factory's products are sold one way
    expected = expected_order(matches)

    def page(n):
        answer = anon_api.post(f"{BASE}/product-filters", {**body, "page": n, "sort": "rating"})
        assert answer.json()["total"] == len(expected)
        return answer.json()["products"]

    assert walk(page) == expected
    unpaged = anon_api.post(f"{BASE}/product-filters", {**body, "sort": "rating"}).json()
    assert [p["_id"] for p in unpaged["products"]] == expected


# --- the product page ---------------------------------------------------------------------

HOSTILE = '</script><img src=x onerror=alert(1)> "quoted" & \u2028 next line'


def test_the_product_page_json_ld_carries_the_rating_and_reviews(
    client, anon_api, shelf, no_source
):
    kettle, _ = shelf
    asked = []

    def source(product_id, limit):
        asked.append((product_id, limit))
        made = datetime(2026, 11, 20, 20, 30, tzinfo=UTC)  # 21 Nov in India
        return [
            {"author": HOSTILE, "rating": 5, "title": HOSTILE, "body": HOSTILE, "createdAt": made}
            for _ in range(limit + 2)
        ]

    register_review_source(source)
    page = fetch(client, f"/product/{kettle.slug}")
    assert "aggregateRating" not in page.ld("Product") and "review" not in page.ld("Product")
    assert asked == []  # no ratings: the source is not asked
    assert "★" not in page.body_text

    set_rating(product_id=kettle.pk, average=Decimal("4.3"), count=12)
    response = client.get(f"/product/{kettle.slug}")
    html = response.content.decode()
    page = fetch(client, f"/product/{kettle.slug}")
    product = page.ld("Product")
    api = anon_api.get(f"{BASE}/get-product/{kettle.slug}").json()["product"]["rating"]
    assert product["aggregateRating"] == {
        "@type": "AggregateRating",
        "ratingValue": api["average"],
        "reviewCount": api["count"],
        "bestRating": 5,
        "worstRating": 1,
    }
    assert api == {"average": 4.3, "count": 12}
    assert asked == [(kettle.pk, 3)]
    assert len(product["review"]) == 3
    assert product["review"][0] == {
        "@type": "Review",
        "author": {"@type": "Person", "name": HOSTILE},
        "reviewRating": {"@type": "Rating", "ratingValue": 5, "bestRating": 5, "worstRating": 1},
        "name": HOSTILE,
        "reviewBody": HOSTILE,
        "datePublished": "2026-11-21",
    }
    # The hostile text stays inside its JSON-LD block, escaped.
    assert "<img src=x" not in html and "</script><img" not in html
    assert "\\u003C/script\\u003E\\u003Cimg src=x onerror=alert(1)\\u003E" in html
    assert "★ 4.3 (12 reviews)" in page.body_text


def test_a_rated_product_page_without_a_source_costs_no_query_more(
    client, shelf, no_source, settings, django_assert_num_queries
):
    settings.CATALOG_CACHE_SECONDS = 300
    local.clear()
    kettle, _ = shelf
    set_rating(product_id=kettle.pk, average=Decimal("4"), count=1)
    get_shop_details()  # the seller's name has its own cache (shop/tests/test_seo_pages.py)

    with django_assert_num_queries(1 + PARTS):
        page = fetch(client, f"/product/{kettle.slug}")
    assert "review" not in page.ld("Product")
    assert page.ld("Product")["aggregateRating"]["ratingValue"] == 4.0
    assert "★ 4.0 (1 review)" in page.body_text
    with django_assert_num_queries(0):
        fetch(client, f"/product/{kettle.slug}")
    assert ratings.reviews_for(kettle.pk, 3) == []


@pytest.mark.parametrize("cached", [0, 300])
def test_sort_rating_under_a_sale_bands_by_the_price_in_force(
    anon_api, rated_shelf, settings, django_capture_on_commit_callbacks, cached
):
    """A band read while a sale runs takes the ORM's query with the price in force (the
    sale's index groups page newest first or by price only)."""
    from promotions.models import Sale
    from promotions.pricing import in_force, schedule_load

    settings.PRODUCTS_PER_PAGE = 4
    settings.CATALOG_CACHE_SECONDS = cached
    phones, _ = rated_shelf
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        Sale.objects.create(
            name="Phones",
            kind="percent",
            value=Decimal(50),
            categories=[phones.pk],
            starts_at=now - timedelta(hours=1),
            ends_at=now + timedelta(hours=1),
        )
    running = schedule_load().running()
    low, high = Decimal(60), Decimal(150)
    matches = [
        p
        for p in Product.objects.all()
        if low <= in_force(p.price, p.pk, p.category_id, running).price <= high
    ]
    expected = expected_order(matches)
    assert any(p.category_id == phones.pk for p in matches)  # the sale moved some in

    def page(n):
        body = {"radio": [60, 150], "page": n, "sort": "rating"}
        answer = anon_api.post(f"{BASE}/product-filters", body).json()
        assert answer["total"] == len(expected)
        return answer["products"]

    assert walk(page) == expected
