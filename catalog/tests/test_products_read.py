"""Product reads on their literal contract paths, with exact query counts."""

from datetime import timedelta
from decimal import Decimal
from urllib.parse import quote

import pytest
from django.core.cache import cache
from django.utils import timezone

from catalog.tests.factories import (
    MODEL_PARTS,
    PARTS,
    RELATED_QUERIES,
    CategoryFactory,
    ProductFactory,
)
from catalog.tests.test_search import SIZE_QUERY

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"
PRODUCT_KEYS = {
    "_id",
    "name",
    "slug",
    "description",
    "price",
    "mrp",
    "quantity",
    "shipping",
    "category",
    "hsn",
    "gstRate",
    "countryOfOrigin",
    "photo",
    "photoWidths",
    "createdAt",
    "updatedAt",
    "options",
    "variants",
    "photos",
    # Ours (contract, "Promotions"): the price without a sale, and the sale.
    "regularPrice",
    "sale",
    # Ours (contract, "Reviews"): the published reviews' average and count.
    "rating",
}


def make_products(count, **kwargs):
    """Products created a minute apart, oldest first (so newest-first is well defined)."""
    start = timezone.now() - timedelta(days=1)
    return [ProductFactory(created_at=start + timedelta(minutes=i), **kwargs) for i in range(count)]


def ids(products):
    return [p["_id"] for p in products]


def test_product_json_has_the_contract_shape(anon_api):
    category = CategoryFactory(name="Clothing")
    product = ProductFactory(
        name="Cotton Kurta",
        price=Decimal("799.50"),
        quantity=7,
        shipping=True,
        category=category,
    )
    body = anon_api.get(f"{BASE}/get-product/cotton-kurta").json()
    item = body["product"]
    assert set(item) == PRODUCT_KEYS
    assert item["_id"] == str(product.pk)
    assert item["price"] == 799.5 and isinstance(item["price"], float)
    assert item["mrp"] is None  # none set
    assert item["quantity"] == 7 and isinstance(item["quantity"], int)
    assert item["shipping"] == 1
    assert item["category"] == {"_id": str(category.pk), "name": "Clothing", "slug": "clothing"}
    assert item["photo"].startswith(f"/api/v1/product/product-photo/{product.pk}")
    # Sold one way: no options, one variant carrying the product's price and stock.
    (variant,) = product.variants.all()
    assert item["options"] == []
    assert item["variants"] == [
        {
            "_id": str(variant.pk),
            "sku": variant.sku,
            "options": {},
            "price": 799.5,
            "regularPrice": 799.5,
            "mrp": None,
            "quantity": 7,
            "gstRate": 18,
        }
    ]
    # No sale runs: the regular price is the price.
    assert item["regularPrice"] == 799.5 and item["sale"] is None
    assert item["photos"] == []
    assert item["createdAt"].endswith("Z") and item["updatedAt"].endswith("Z")
    assert "photo" not in item["description"]


def test_whole_rupee_prices_are_json_integers_and_shipping_zero(anon_api):
    ProductFactory(name="Socks", price=Decimal("199.00"), shipping=False)
    item = anon_api.get(f"{BASE}/get-product/socks").json()["product"]
    assert item["price"] == 199 and isinstance(item["price"], int)
    assert item["shipping"] == 0


def test_product_list_pages_newest_first(anon_api, settings, django_assert_num_queries):
    settings.PRODUCTS_PER_PAGE = 4
    products = make_products(10)
    newest = [str(p.pk) for p in reversed(products)]
    with django_assert_num_queries(1 + PARTS):
        first = anon_api.get(f"{BASE}/product-list/1")
    assert first.status_code == 200
    assert first.json()["success"] is True
    assert ids(first.json()["products"]) == newest[:4]
    assert ids(anon_api.get(f"{BASE}/product-list/2").json()["products"]) == newest[4:8]
    assert ids(anon_api.get(f"{BASE}/product-list/3").json()["products"]) == newest[8:]
    assert anon_api.get(f"{BASE}/product-list/4").json()["products"] == []


def test_product_list_query_count_is_fixed_whatever_the_page_size(
    anon_api, settings, django_assert_num_queries
):
    settings.PRODUCTS_PER_PAGE = 25
    for i in range(5):
        make_products(5, category=CategoryFactory(name=f"Cat {i}"))
    with django_assert_num_queries(1 + PARTS):
        body = anon_api.get(f"{BASE}/product-list/1").json()
    assert len(body["products"]) == 25
    assert len({p["category"]["_id"] for p in body["products"]}) == 5


@pytest.mark.parametrize("page", ["0", "-1", "abc", "1.5", "%20", "1e3", "99999999999999999999"])
def test_bad_pages_are_400_never_500(anon_api, page):
    response = anon_api.get(f"{BASE}/product-list/{page}")
    assert response.status_code in (400, 404)
    assert response.json()["success"] is False
    assert response.json()["message"]


def test_page_far_past_the_end_is_an_empty_list(anon_api):
    make_products(2)
    response = anon_api.get(f"{BASE}/product-list/1000000")
    assert response.status_code == 200
    assert response.json()["products"] == []


def test_product_count(anon_api, django_assert_num_queries):
    make_products(7)
    with django_assert_num_queries(1):
        response = anon_api.get(f"{BASE}/product-count")
    assert response.json() == {"success": True, "total": 7}


def test_get_product_answers_the_newest_twelve(anon_api, django_assert_num_queries):
    products = make_products(15)
    with django_assert_num_queries(1 + MODEL_PARTS):
        body = anon_api.get(f"{BASE}/get-product").json()
    assert body["success"] is True
    assert body["message"]
    assert body["counTotal"] == 12
    assert ids(body["products"]) == [str(p.pk) for p in reversed(products)][:12]


def test_get_product_with_a_page_answers_that_page_and_the_total(
    anon_api, django_assert_num_queries
):
    products = make_products(15)
    with django_assert_num_queries(2 + PARTS):
        body = anon_api.get(f"{BASE}/get-product?page=2").json()
    assert body["total"] == 15 and body["pages"] == 2 and body["page"] == 2
    assert ids(body["products"]) == [str(p.pk) for p in reversed(products)][12:]
    assert body["counTotal"] == 3


@pytest.mark.parametrize("page", ["0", "-1", "abc"])
def test_get_product_bad_page_is_400(anon_api, page):
    response = anon_api.get(f"{BASE}/get-product?page={page}")
    assert response.status_code == 400
    assert response.json()["success"] is False


def test_get_single_product_is_one_query(anon_api, django_assert_num_queries):
    ProductFactory(name="Mi Band")
    with django_assert_num_queries(1 + PARTS):
        response = anon_api.get(f"{BASE}/get-product/mi-band")
    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True and body["message"]
    assert body["product"]["name"] == "Mi Band"


@pytest.mark.parametrize("slug", ["no-such-product", "%00", "y" * 400])
def test_get_unknown_product_is_404(anon_api, slug):
    response = anon_api.get(f"{BASE}/get-product/{slug}")
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Product not found"}


def test_related_products_exclude_the_product_itself_and_stay_in_the_category(
    anon_api, django_assert_num_queries
):
    category = CategoryFactory()
    others = make_products(5, category=category)
    product = others[0]
    ProductFactory(category=CategoryFactory())  # another category: never related
    with django_assert_num_queries(RELATED_QUERIES + PARTS):
        response = anon_api.get(f"{BASE}/related-product/{product.pk}/{category.pk}")
    body = response.json()
    assert response.status_code == 200 and body["success"] is True
    assert len(body["products"]) == 3
    assert str(product.pk) not in ids(body["products"])
    assert all(p["category"]["_id"] == str(category.pk) for p in body["products"])


def test_related_products_of_a_lonely_product_is_empty(anon_api, django_assert_num_queries):
    product = ProductFactory()
    with django_assert_num_queries(RELATED_QUERIES):
        response = anon_api.get(f"{BASE}/related-product/{product.pk}/{product.category_id}")
    assert response.status_code == 200
    assert response.json()["products"] == []


def test_related_products_of_an_unknown_product_in_a_full_category_is_404(anon_api):
    category = CategoryFactory()
    gone = make_products(4, category=category)[0]
    gone_id = gone.pk
    gone.delete()
    response = anon_api.get(f"{BASE}/related-product/{gone_id}/{category.pk}")
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Product not found"}


@pytest.mark.parametrize(
    "path",
    ["999999/1", "abc/1", "0/1", "-1/1", "{pid}/abc", "{pid}/-5"],
)
def test_related_products_with_unknown_or_malformed_ids_is_404(anon_api, path):
    product = ProductFactory()
    response = anon_api.get(f"{BASE}/related-product/{path.format(pid=product.pk)}")
    assert response.status_code == 404
    assert response.json()["success"] is False


def test_product_category_answers_the_category_and_its_products(
    anon_api, django_assert_num_queries
):
    clothing = CategoryFactory(name="Clothing")
    shirts = make_products(4, category=clothing)
    ProductFactory(category=CategoryFactory(name="Electronics"))
    with django_assert_num_queries(2 + MODEL_PARTS):
        response = anon_api.get(f"{BASE}/product-category/clothing")
    body = response.json()
    assert body["success"] is True
    assert body["category"] == {"_id": str(clothing.pk), "name": "Clothing", "slug": "clothing"}
    assert ids(body["products"]) == [str(p.pk) for p in reversed(shirts)]


def test_product_category_with_a_page(anon_api, settings, django_assert_num_queries):
    settings.PRODUCTS_PER_PAGE = 2
    clothing = CategoryFactory(name="Clothing")
    make_products(5, category=clothing)
    with django_assert_num_queries(3 + PARTS):
        body = anon_api.get(f"{BASE}/product-category/clothing?page=3").json()
    assert len(body["products"]) == 1 and body["total"] == 5


def test_product_category_unknown_slug_is_404(anon_api):
    response = anon_api.get(f"{BASE}/product-category/nothing-here")
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Category not found"}


# --- product-filters ----------------------------------------------------------------------


@pytest.fixture
def catalogue():
    phones = CategoryFactory(name="Phones")
    shirts = CategoryFactory(name="Shirts")
    start = timezone.now() - timedelta(days=1)
    made = {}
    for i, (name, price, category) in enumerate(
        [
            ("Cable", "149", phones),
            ("Case", "199", phones),
            ("Charger", "200", phones),
            ("Tee", "349", shirts),
            ("Polo", "599", shirts),
            ("Phone", "12999", phones),
        ]
    ):
        made[name] = ProductFactory(
            name=name,
            price=Decimal(price),
            category=category,
            created_at=start + timedelta(minutes=i),
        )
    return phones, shirts, made


def names(response):
    return sorted(p["name"] for p in response.json()["products"])


def test_filters_by_checked_categories_as_strings_or_numbers(anon_api, catalogue):
    _, shirts, _ = catalogue
    url = f"{BASE}/product-filters"
    as_strings = anon_api.post(url, {"checked": [str(shirts.pk)], "radio": []})
    as_numbers = anon_api.post(url, {"checked": [shirts.pk], "radio": []})
    assert names(as_strings) == names(as_numbers) == ["Polo", "Tee"]
    assert as_strings.json()["success"] is True
    assert "total" not in as_strings.json()


def test_price_band_includes_both_ends(anon_api, catalogue):
    response = anon_api.post(f"{BASE}/product-filters", {"checked": [], "radio": [0, 199]})
    assert names(response) == ["Cable", "Case"]
    response = anon_api.post(f"{BASE}/product-filters", {"checked": [], "radio": [200, 349]})
    assert names(response) == ["Charger", "Tee"]


@pytest.mark.parametrize("radio", [[1000], [1000, None], ["1000", None]])
def test_open_price_band_has_no_upper_bound(anon_api, catalogue, radio):
    response = anon_api.post(f"{BASE}/product-filters", {"checked": [], "radio": radio})
    assert response.status_code == 200
    assert names(response) == ["Phone"]


def test_categories_and_price_combine(anon_api, catalogue):
    phones, _, _ = catalogue
    response = anon_api.post(
        f"{BASE}/product-filters", {"checked": [phones.pk], "radio": [150, 12999]}
    )
    assert names(response) == ["Case", "Charger", "Phone"]


def test_unknown_category_ids_in_a_filter_match_nothing(anon_api, catalogue):
    response = anon_api.post(f"{BASE}/product-filters", {"checked": ["987654"], "radio": []})
    assert response.status_code == 200
    assert response.json()["products"] == []


def test_bad_items_in_a_filter_are_named_in_plain_sentences(anon_api, catalogue):
    """A list field whose items are wrong reports each item in words, never the inner
    Python objects of the validation error."""
    response = anon_api.post(
        f"{BASE}/product-filters", {"checked": [{"a": 1}], "radio": ["a", "b"]}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["message"] == "Checked: Item 1: Must be an id (a whole number as text or number)."
    assert body["errors"] == {
        "checked": ["Item 1: Must be an id (a whole number as text or number)."],
        "radio": ["Item 1: A valid number is required.", "Item 2: A valid number is required."],
    }


def test_no_filters_answers_everything_newest_first(anon_api, catalogue):
    response = anon_api.post(f"{BASE}/product-filters", {})
    assert [p["name"] for p in response.json()["products"]] == [
        "Phone",
        "Polo",
        "Tee",
        "Charger",
        "Case",
        "Cable",
    ]


def test_filters_with_a_page_answer_that_page_and_the_total(
    anon_api, catalogue, settings, django_assert_num_queries
):
    settings.PRODUCTS_PER_PAGE = 2
    phones, _, _ = catalogue
    with django_assert_num_queries(2 + PARTS):
        response = anon_api.post(
            f"{BASE}/product-filters", {"checked": [phones.pk], "radio": [], "page": 2}
        )
    body = response.json()
    assert body["total"] == 4
    assert [p["name"] for p in body["products"]] == ["Case", "Cable"]


def test_a_filter_page_over_several_categories_reads_the_catalogue_size_once(
    anon_api, catalogue, settings, django_assert_num_queries
):
    # Several categories walk the list index, so the page decides from the catalogue's
    # size (a PostgreSQL statistic, kept a catalogue version) whether to walk it
    # (catalog/selectors/, `_page_ids`); one category never asks (the test above).
    settings.PRODUCTS_PER_PAGE = 2
    phones, shirts, _ = catalogue
    band = {"checked": [phones.pk, shirts.pk], "radio": [0, 999]}
    with django_assert_num_queries(2 + SIZE_QUERY + PARTS):  # the total, the size, the page
        first = anon_api.post(f"{BASE}/product-filters", {**band, "page": 1}).json()
    with django_assert_num_queries(1 + PARTS):  # the page alone
        second = anon_api.post(f"{BASE}/product-filters", {**band, "page": 2}).json()
    assert first["total"] == second["total"] == 5
    assert [p["name"] for p in first["products"] + second["products"]] == [
        "Polo",
        "Tee",
        "Charger",
        "Case",
    ]


def test_filters_query_count_is_fixed(anon_api, django_assert_num_queries):
    categories = [CategoryFactory() for _ in range(4)]
    for category in categories:
        ProductFactory.create_batch(5, category=category)
    with django_assert_num_queries(1 + MODEL_PARTS):
        response = anon_api.post(
            f"{BASE}/product-filters", {"checked": [c.pk for c in categories], "radio": [0, 999]}
        )
    assert len(response.json()["products"]) == 20


@pytest.mark.parametrize(
    "payload",
    [
        {"checked": "5"},
        {"checked": ["abc"]},
        {"checked": [-1]},
        {"checked": [1.5]},
        {"checked": [True]},
        {"radio": [500, 100]},
        {"radio": [1, 2, 3]},
        {"radio": ["cheap"]},
        {"radio": [-5, 10]},
        {"radio": "0-199"},
        {"page": 0},
        {"page": -1},
        {"page": "abc"},
    ],
)
def test_bad_filter_input_is_400(anon_api, catalogue, payload):
    response = anon_api.post(f"{BASE}/product-filters", payload)
    assert response.status_code == 400
    assert response.json()["success"] is False
    assert response.json()["message"]


def test_malformed_json_body_is_400(anon_api):
    response = anon_api.generic(
        "POST", f"{BASE}/product-filters", "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["success"] is False


def test_an_oversized_filter_body_is_413_in_our_shape(anon_api):
    response = anon_api.post(f"{BASE}/product-filters", {"checked": ["1"] * 100_000, "radio": []})
    assert response.status_code == 413
    assert response.json()["success"] is False


def test_every_product_answer_renders_exactly_as_the_product_serializer_renders_models(
    anon_api, settings
):
    # Pages and single products are read as rows, not model instances (selectors.py,
    # `_rows`): the list, a category, a filter, related products and a product page answer
    # the same bytes as ProductOutput over the models, for every kind of value.
    import json
    from datetime import UTC, datetime

    from rest_framework.renderers import JSONRenderer

    from catalog.models import Product, ProductSlugHistory
    from catalog.serializers import ProductOutput

    settings.PRODUCTS_PER_PAGE = 3
    lamps = CategoryFactory(name="Lamps \u2028 ünï")
    made = [
        ProductFactory(
            category=lamps, name="Lamp\u2028Plain", price=Decimal("499.50"), shipping=False
        ),
        ProductFactory(category=lamps, name="Lamp Whole", price=Decimal("500"), quantity=0),
        ProductFactory(category=lamps, name="Lamp Ünïcode", with_photo=True),
        ProductFactory(category=lamps, name="Lamp Old"),
    ]
    old = datetime(2020, 2, 29, 23, 59, tzinfo=UTC)  # no microseconds in the ISO text
    Product.objects.filter(pk=made[3].pk).update(created_at=old, updated_at=old)
    responses = [
        anon_api.get(f"{BASE}/product-list/1"),
        anon_api.get(f"{BASE}/product-list/2"),
        anon_api.get(f"{BASE}/product-category/{lamps.slug}?page=1"),
        anon_api.get(f"{BASE}/product-category/{lamps.slug}"),
        anon_api.post(
            f"{BASE}/product-filters", {"checked": [lamps.pk], "radio": [0, 500], "page": 1}
        ),
        anon_api.post(f"{BASE}/product-filters", {"checked": [lamps.pk], "radio": []}),
        anon_api.get(f"{BASE}/related-product/{made[0].pk}/{lamps.pk}"),
        anon_api.get(f"{BASE}/get-product"),
        anon_api.get(f"{BASE}/get-product?page=1"),
    ]
    answers = [response.json()["products"] for response in responses]
    models = Product.objects.select_related("category").in_bulk([p.pk for p in made])
    for response, found in zip(responses, answers, strict=True):
        assert found
        expected = ProductOutput([models[int(p["_id"])] for p in found], many=True).data
        assert found == json.loads(JSONRenderer().render(expected))
        # The whole answer, byte for byte, as DRF's renderer writes it (U+2028 escaped).
        envelope = {**response.json(), "products": expected}
        assert response.content == JSONRenderer().render(envelope)
        assert response["Content-Type"] == "application/json"
    # One product, by its slug and by a slug it had before a rename.
    ProductSlugHistory.objects.create(product=made[2], slug="lamp-before")
    for slug in (made[2].slug, "lamp-before", made[3].slug):
        product = anon_api.get(f"{BASE}/get-product/{slug}").json()["product"]
        answers.append([product])
    seen = {p["_id"] for found in answers for p in found}
    assert seen == {str(p.pk) for p in made}
    everything = [p for found in answers for p in found]
    assert any(p["photoWidths"] for p in everything) and any(p["shipping"] == 0 for p in everything)


@pytest.mark.parametrize(
    "page",
    ["1", "7", "0", "-1", "abc", "1.5", " 3", "", "1e3", "٣", "99999999999999999999", "9" * 1001],
)
def test_a_page_is_checked_as_the_page_serializer_checks_it(anon_api, monkeypatch, page):
    # views._page validates with PageInput's field alone: the same answer, status and body,
    # as the whole serializer gives (on every call that takes a page).
    from catalog import views
    from catalog.serializers import PageInput

    ProductFactory()

    def whole_serializer(value):
        serializer = PageInput(data={"page": value})
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data["page"]

    paths = [f"{BASE}/get-product?page={quote(page)}", f"{BASE}/product-list/{quote(page)}"]
    answers = [anon_api.get(path) for path in paths]
    monkeypatch.setattr(views, "_page", whole_serializer)
    for path, answer in zip(paths, answers, strict=True):
        cache.clear()
        expected = anon_api.get(path)
        assert (answer.status_code, answer.content) == (expected.status_code, expected.content)
