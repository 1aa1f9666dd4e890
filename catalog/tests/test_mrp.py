"""The MRP (maximum retail price) of products and variants: create-product and
update-product take it (the form's `mrp` and each variant's in the variants' JSON), bad
input is a 400 naming the field with nothing saved, every product answer carries it (the
product's is the MRP of the variant that gives its price), the product page's JSON-LD and
HTML show a list price above the price, and the CSV files and the Django admin carry it."""

import json
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from catalog.models import Product, Variant
from catalog.tests.factories import (
    MODEL_PARTS,
    PARTS,
    RELATED_QUERIES,
    CategoryFactory,
    ProductFactory,
)
from catalog.tests.test_csv_import_export import HEADER, failing_import, run_import, write
from catalog.tests.test_csv_variants import exported
from catalog.tests.test_products_write import BASE, create, form
from shop.tests.test_seo_pages import fetch

pytestmark = pytest.mark.django_db

SIZES = [{"name": "Size", "values": ["S", "M", "L"]}]


@pytest.fixture
def category():
    return CategoryFactory(name="Clothing")


def update(client, product, data):
    return client.put(f"{BASE}/update-product/{product.pk}", data, format="multipart")


def sized(category, variants, **overrides):
    """create-product's form of a product in sizes, `variants` as the JSON sends them."""
    return form(
        category,
        name="Cotton Tee",
        price="599",
        quantity="0",
        options=json.dumps(SIZES),
        variants=json.dumps(variants),
        **overrides,
    )


def stored():
    """Every product's and variant's price and MRP, to show a refused write changed none."""
    return (
        list(Product.objects.order_by("pk").values_list("pk", "price", "mrp", "quantity")),
        list(Variant.objects.order_by("pk").values_list("pk", "price", "mrp", "quantity")),
    )


def tee(**kwargs):
    return ProductFactory(
        name="Tee",
        slug="tee",
        options=SIZES,
        variants=[
            {"sku": "TEE-S", "options": {"Size": "S"}, "quantity": 2, "price": Decimal("499.00")},
            {
                "sku": "TEE-M",
                "options": {"Size": "M"},
                "quantity": 3,
                "price": Decimal("549.00"),
                "mrp": Decimal("799.00"),
            },
        ],
        **kwargs,
    )


# --- create and update ------------------------------------------------------------------


def test_create_with_an_mrp_gives_it_to_the_product_and_its_only_variant(admin_api, category):
    response = create(admin_api, form(category, price="1499.00", mrp="1999.50"))

    assert response.status_code == 201, response.json()
    item = response.json()["products"]
    assert (item["price"], item["mrp"]) == (1499, 1999.5)
    assert [(v["price"], v["mrp"]) for v in item["variants"]] == [(1499, 1999.5)]
    product = Product.objects.get()
    assert (product.price, product.mrp) == (Decimal("1499.00"), Decimal("1999.50"))
    assert product.variants.get().mrp == Decimal("1999.50")


@pytest.mark.parametrize("sent", [{}, {"mrp": ""}, {"mrp": "  "}])
def test_create_without_an_mrp_or_with_a_blank_one_has_none(admin_api, category, sent):
    response = create(admin_api, form(category, **sent))

    assert response.status_code == 201, response.json()
    item = response.json()["products"]
    assert item["mrp"] is None and item["variants"][0]["mrp"] is None
    assert Product.objects.get().mrp is None and Variant.objects.get().mrp is None


def test_an_mrp_equal_to_the_price_is_taken(admin_api, category):
    response = create(admin_api, form(category, price="1499.00", mrp="1499"))
    assert response.status_code == 201, response.json()
    assert response.json()["products"]["mrp"] == 1499


def test_each_variant_carries_its_mrp_and_the_product_the_cheapest_variants(admin_api, category):
    response = create(
        admin_api,
        sized(
            category,
            [
                {"options": {"Size": "S"}, "quantity": 1, "price": 499, "mrp": 699.5},
                {"options": {"Size": "M"}, "quantity": 1, "price": "449.50", "mrp": "999"},
                {"options": {"Size": "L"}, "quantity": 1, "mrp": None},  # the form's price
            ],
        ),
    )

    assert response.status_code == 201, response.json()
    item = response.json()["products"]
    assert [(v["price"], v["mrp"]) for v in item["variants"]] == [
        (499, 699.5),
        (449.5, 999),
        (599, None),
    ]
    # The MRP shown with the product's price is that variant's, not the highest one.
    assert (item["price"], item["mrp"]) == (449.5, 999)
    product = Product.objects.get()
    assert (product.price, product.mrp) == (Decimal("449.50"), Decimal("999.00"))


@pytest.mark.parametrize(("first", "expected"), [("700", 700), ("800", 800)])
def test_of_equal_prices_the_first_variant_gives_the_product_its_mrp(
    admin_api, category, first, expected
):
    other = "800" if first == "700" else "700"
    response = create(
        admin_api,
        sized(
            category,
            [
                {"options": {"Size": "L"}, "quantity": 1, "price": 499, "mrp": first},
                {"options": {"Size": "S"}, "quantity": 1, "price": 499, "mrp": other},
            ],
        ),
    )

    assert response.status_code == 201, response.json()
    assert response.json()["products"]["mrp"] == expected
    assert Product.objects.get().mrp == Decimal(expected)


def test_variants_without_an_mrp_take_the_forms(admin_api, category):
    variants = [
        {"options": {"Size": "S"}, "quantity": 1, "price": 499},
        {"options": {"Size": "M"}, "quantity": 1, "price": 549, "mrp": 899},
    ]
    response = create(admin_api, sized(category, variants, mrp="799"))

    assert response.status_code == 201, response.json()
    assert [v["mrp"] for v in response.json()["products"]["variants"]] == [799, 899]


def test_update_sets_keeps_and_clears_the_mrp_of_a_product_sold_one_way(admin_api):
    product = ProductFactory(price=Decimal("999.00"))

    assert update(admin_api, product, {"mrp": "1299"}).status_code == 200
    product.refresh_from_db()
    assert (product.mrp, product.variants.get().mrp) == (Decimal("1299.00"), Decimal("1299.00"))

    # Not sent: kept, also when the price changes.
    answer = update(admin_api, product, {"description": "Better words.", "price": "1099"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["products"]["mrp"] == 1299
    product.refresh_from_db()
    assert (product.price, product.mrp) == (Decimal("1099.00"), Decimal("1299.00"))

    answer = update(admin_api, product, {"mrp": ""})
    assert answer.status_code == 200
    assert answer.json()["products"]["mrp"] is None
    product.refresh_from_db()
    assert (product.mrp, product.variants.get().mrp) == (None, None)


def test_variants_sent_without_an_mrp_keep_their_own(admin_api):
    """A client that knows no MRP (the JSON as it was) changes none."""
    product = tee()
    s, m = product.variants.order_by("position")
    variants = [
        {"_id": str(s.pk), "options": {"Size": "S"}, "quantity": 2, "price": 489},
        {"_id": str(m.pk), "options": {"Size": "M"}, "quantity": 3, "price": 549},
        {"options": {"Size": "L"}, "quantity": 1, "price": 599},
    ]
    response = update(admin_api, product, {"variants": json.dumps(variants)})

    assert response.status_code == 200, response.json()
    assert [v["mrp"] for v in response.json()["products"]["variants"]] == [None, 799, None]
    assert dict(Variant.objects.values_list("sku", "mrp"))["TEE-M"] == Decimal("799.00")


def test_an_update_of_the_variants_moves_the_products_mrp_with_its_price(admin_api):
    product = tee()
    s, m = product.variants.order_by("position")
    variants = [
        {"_id": str(s.pk), "options": {"Size": "S"}, "quantity": 2, "price": 649, "mrp": 699},
        {"_id": str(m.pk), "options": {"Size": "M"}, "quantity": 3, "price": 549},
    ]
    response = update(admin_api, product, {"variants": json.dumps(variants)})

    assert response.status_code == 200, response.json()
    item = response.json()["products"]
    assert (item["price"], item["mrp"]) == (549, 799)  # M is the cheapest now
    product.refresh_from_db()
    assert (product.price, product.mrp) == (Decimal("549.00"), Decimal("799.00"))
    assert admin_api.get(f"{BASE}/get-product/tee").json()["product"]["mrp"] == 799


def test_a_product_with_several_variants_takes_no_other_mrp_from_the_form(admin_api):
    product = tee()
    before = stored()

    response = update(admin_api, product, {"mrp": "999"})

    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False and "MRP" in body["message"]
    assert list(body["errors"]) == ["mrp"]
    assert stored() == before
    # Its own MRP (the cheapest variant's, none) sent back unchanged is fine.
    assert update(admin_api, product, {"mrp": "", "description": "Soft."}).status_code == 200


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mrp", "message"),
    [
        ("1000", "MRP (Rs 1000.00) must be at least the price (Rs 1499.00)."),
        ("-1", "MRP must be zero or more."),
        ("abc", "MRP must be a number."),
        ("1999.505", "MRP can have at most 2 decimals."),
        ("123456789012", "MRP is too large."),
        ("१२३४", "MRP must be written with the digits 0-9."),
        ("NaN", "MRP must be a number."),
    ],
)
def test_a_bad_mrp_is_a_400_naming_it_and_nothing_is_created(admin_api, category, mrp, message):
    response = create(admin_api, form(category, price="1499.00", mrp=mrp))

    assert response.status_code == 400
    body = response.json()
    assert body == {"success": False, "message": message, "errors": {"mrp": [message]}}
    assert not Product.objects.exists() and not Variant.objects.exists()


@pytest.mark.parametrize(
    ("mrp", "message"),
    [
        (400, "The MRP of M (Rs 400.00) must be at least its price (Rs 499.00)."),
        (-5, "The MRP of M must be 0 to 99999999.99."),
        ("abc", "The MRP of M must be a number."),
        (True, "The MRP of M must be a number."),
        ({"value": 5}, "The MRP of M must be a number."),
        ("1e3", "The MRP of M must be a number."),
        (999.999, "The MRP of M can have at most 2 decimals."),
        (1e12, "The MRP of M must be 0 to 99999999.99."),
    ],
)
def test_a_bad_mrp_of_a_variant_is_a_400_naming_it_and_nothing_changes(admin_api, mrp, message):
    product = tee()
    s, m = product.variants.order_by("position")
    variants = [
        {"_id": str(s.pk), "options": {"Size": "S"}, "quantity": 2, "price": 499, "mrp": 899},
        {"_id": str(m.pk), "options": {"Size": "M"}, "quantity": 3, "price": 499, "mrp": mrp},
    ]
    before = stored()

    response = update(admin_api, product, {"variants": json.dumps(variants)})

    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False
    assert body["message"] == f"Variants: {message}"
    assert body["errors"] == {"variants": [message]}
    assert stored() == before


def test_a_price_raised_above_the_mrp_kept_is_refused(admin_api):
    product = ProductFactory(price=Decimal("999.00"), mrp=Decimal("1199.00"))
    before = stored()

    response = update(admin_api, product, {"price": "1299"})

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "mrp": ["MRP (Rs 1199.00) must be at least the price (Rs 1299.00)."]
    }
    assert stored() == before


def test_the_database_refuses_an_mrp_below_the_price():
    product = ProductFactory(price=Decimal("500.00"))
    variant = product.variants.get()
    for table, pk in ((Variant, variant.pk), (Product, product.pk)):
        with pytest.raises(IntegrityError), transaction.atomic():
            table.objects.filter(pk=pk).update(mrp=Decimal("499.99"))
    Variant.objects.filter(pk=variant.pk).update(mrp=Decimal("500.00"))  # equal is fine


# --- the answers ------------------------------------------------------------------------


def shop_with_mrps():
    """Three products of one category: one with an MRP, one in sizes whose cheapest
    variant has one, one without."""
    category = CategoryFactory(name="Audio")
    plain = ProductFactory(name="Speaker Plain", price=Decimal("999.00"), category=category)
    sized = ProductFactory(
        name="Speaker Sizes",
        category=category,
        options=SIZES,
        variants=[
            {"options": {"Size": "S"}, "quantity": 2, "price": Decimal("1500.00")},
            {
                "options": {"Size": "M"},
                "quantity": 3,
                "price": Decimal("1200.00"),
                "mrp": Decimal("1799.99"),
            },
        ],
    )
    listed = ProductFactory(
        name="Speaker Listed", price=Decimal("1100.00"), mrp=Decimal("1500"), category=category
    )
    return category, {"plain": plain, "sized": sized, "listed": listed}


EXPECTED = {
    "Speaker Plain": (None, [None]),
    "Speaker Sizes": (1799.99, [None, 1799.99]),
    "Speaker Listed": (1500, [1500]),
}


def mrps(products) -> dict:
    return {p["name"]: (p["mrp"], [v["mrp"] for v in p["variants"]]) for p in products}


# Each read: (method, path, body, where its products are in the answer, its queries when
# cold, as the tests of each call count them; None where those tests count none).
READS = {
    "list": ("get", "{BASE}/product-list/1", None, "products", 1 + PARTS),
    "newest": ("get", "{BASE}/get-product", None, "products", 1 + MODEL_PARTS),
    "detail": ("get", "{BASE}/get-product/{product.slug}", None, "product", 1 + PARTS),
    "search": ("get", "{BASE}/search/speaker", None, "", None),
    "related": (
        "get",
        "{BASE}/related-product/{product.pk}/{category.pk}",
        None,
        "products",
        RELATED_QUERIES + PARTS,
    ),
    "category": (
        "get",
        "{BASE}/product-category/{category.slug}",
        None,
        "products",
        2 + MODEL_PARTS,
    ),
    "category-page": (
        "get",
        "{BASE}/product-category/{category.slug}?page=1",
        None,
        "products",
        None,
    ),
    "filters": ("post", "{BASE}/product-filters", {"checked": [], "radio": []}, "products", None),
    "filters-page": ("post", "{BASE}/product-filters", {"page": 1}, "products", None),
}


def read(client, name, category, product):
    method, path, body = READS[name][:3]
    path = path.format(BASE=BASE, category=category, product=product)
    call = getattr(client, method)
    return call(path, body) if body else call(path)


def products_of(body, where) -> list[dict]:
    found = body if not where else body[where]
    return found if isinstance(found, list) else [found]


def check_mrps(response, name):
    assert response.status_code == 200, name
    found = mrps(products_of(response.json(), READS[name][3]))
    assert found, name
    assert found == {product: EXPECTED[product] for product in found}, name


@pytest.mark.parametrize("name", list(READS))
def test_each_product_answer_carries_the_mrps_without_a_query_more(
    anon_api, django_assert_num_queries, name
):
    category, made = shop_with_mrps()
    listed = made["listed"]
    queries = READS[name][4]
    if queries is None:
        response = read(anon_api, name, category, listed)
    else:
        # The MRPs come with the rows: the call's own count, as its tests have it.
        with django_assert_num_queries(queries):
            response = read(anon_api, name, category, listed)
    check_mrps(response, name)
    # The cached answer: the same bytes, read without SQL.
    with django_assert_num_queries(0):
        again = read(anon_api, name, category, listed)
    assert again.content == response.content


def test_every_product_answer_carries_the_mrps_with_the_cache_off(anon_api, settings):
    settings.CATALOG_CACHE_SECONDS = 0
    category, made = shop_with_mrps()
    for name in READS:
        check_mrps(read(anon_api, name, category, made["listed"]), name)


def test_the_admins_table_carries_the_mrps(admin_api):
    shop_with_mrps()
    response = admin_api.get("/api/v1/admin/products")
    assert response.status_code == 200
    assert mrps(response.json()) == EXPECTED


def test_a_changed_mrp_shows_at_once_in_the_cached_answers(admin_api, anon_api, settings):
    settings.CATALOG_CACHE_SECONDS = 300
    category, made = shop_with_mrps()
    plain = made["plain"]
    paths = [
        f"{BASE}/product-list/1",
        f"{BASE}/get-product/{plain.slug}",
        f"{BASE}/product-category/{category.slug}?page=1",
        f"{BASE}/search/speaker",
    ]
    for path in paths:
        anon_api.get(path)

    assert update(admin_api, plain, {"mrp": "1249"}).status_code == 200

    for path in paths:
        body = anon_api.get(path).json()
        where = "product" if "get-product/" in path else ("" if "search" in path else "products")
        found = {p["name"]: p["mrp"] for p in products_of(body, where)}
        assert found["Speaker Plain"] == 1249, path


def test_a_changed_mrp_of_a_dearer_variant_shows_at_once_in_the_cached_answers(
    admin_api, anon_api, settings
):
    """The product's own MRP (its cheapest variant's) stays: only its answers change."""
    settings.CATALOG_CACHE_SECONDS = 300
    category, made = shop_with_mrps()
    sized = made["sized"]
    paths = [
        f"{BASE}/product-list/1",
        f"{BASE}/get-product/{sized.slug}",
        f"{BASE}/product-category/{category.slug}?page=1",
        f"{BASE}/search/speaker",
    ]
    for path in paths:
        anon_api.get(path)
    s, m = sized.variants.order_by("position")
    variants = [
        {"_id": str(s.pk), "options": {"Size": "S"}, "quantity": 2, "price": 1500, "mrp": 1999},
        {"_id": str(m.pk), "options": {"Size": "M"}, "quantity": 3, "price": 1200},
    ]

    response = update(admin_api, sized, {"variants": json.dumps(variants)})

    assert response.status_code == 200, response.json()
    for path in paths:
        body = anon_api.get(path).json()
        where = "product" if "get-product/" in path else ("" if "search" in path else "products")
        found = mrps(products_of(body, where))
        assert found["Speaker Sizes"] == (1799.99, [1999, 1799.99]), path


# --- the product page -------------------------------------------------------------------

LIST_PRICE = {
    "@type": "UnitPriceSpecification",
    "priceType": "https://schema.org/ListPrice",
    "price": "1500.00",
    "priceCurrency": "INR",
}


def test_an_offer_states_an_mrp_above_the_price_as_its_list_price(client):
    ProductFactory(name="Speaker Listed", price=Decimal("1100.00"), mrp=Decimal("1500"))

    page = fetch(client, "/product/speaker-listed")

    offer = page.ld("Product")["offers"]
    assert (offer["price"], offer["priceCurrency"]) == ("1100.00", "INR")
    assert offer["priceSpecification"] == LIST_PRICE
    assert "₹1,100 M.R.P.: ₹1,500 Inclusive of all taxes" in page.body_text
    assert page.initial["product"]["mrp"] == 1500


def test_the_mrp_is_struck_through_beside_the_price(client):
    ProductFactory(name="Speaker Listed", price=Decimal("1100.00"), mrp=Decimal("1500"))
    html = client.get("/product/speaker-listed").content.decode()
    assert 'data-testid="mrp">M.R.P.: <s>₹1,500</s></span>' in html


@pytest.mark.parametrize("mrp", [None, Decimal("1100.00")])
def test_no_list_price_without_an_mrp_above_the_price(client, mrp):
    ProductFactory(name="Speaker", price=Decimal("1100.00"), mrp=mrp)

    page = fetch(client, "/product/speaker")

    assert "priceSpecification" not in page.ld("Product")["offers"]
    assert "M.R.P." not in page.body_text


def test_each_variants_offer_has_its_own_list_price(client):
    product = ProductFactory(
        name="Speaker Sizes",
        options=SIZES,
        variants=[
            {"options": {"Size": "S"}, "quantity": 2, "price": Decimal("1500.00")},
            {
                "options": {"Size": "M"},
                "quantity": 3,
                "price": Decimal("1200.00"),
                "mrp": Decimal("1500.00"),
            },
        ],
    )
    s, m = product.variants.order_by("position")

    page = fetch(client, "/product/speaker-sizes")

    offers = {v["sku"]: v["offers"] for v in page.ld("ProductGroup")["hasVariant"]}
    assert "priceSpecification" not in offers[s.sku]
    assert offers[m.sku]["priceSpecification"] == LIST_PRICE
    # The "from" price is M's, and so is the MRP beside it.
    assert "from ₹1,200 M.R.P.: ₹1,500" in page.body_text
    # A variant's own address shows its own price, without an MRP for S.
    assert "M.R.P." not in fetch(client, f"/product/speaker-sizes?variant={s.pk}").body_text
    chosen = fetch(client, f"/product/speaker-sizes?variant={m.pk}").body_text
    assert "₹1,200 M.R.P.: ₹1,500" in chosen


def test_a_category_page_card_shows_the_mrp_of_its_price(client):
    category, *_ = shop_with_mrps()
    text = fetch(client, f"/category/{category.slug}").body_text
    assert "₹1,100 M.R.P.: ₹1,500" in text
    assert "from ₹1,200 M.R.P.: ₹1,799.99" in text
    assert text.count("M.R.P.") == 2


# --- CSV --------------------------------------------------------------------------------


def test_export_writes_each_variants_mrp_and_the_import_reads_it_back(tmp_path):
    tee()
    plain = ProductFactory(name="Plain", slug="plain", price=Decimal("99"), mrp=Decimal("149.5"))
    sku = plain.variants.get().sku
    path = tmp_path / "e.csv"

    rows = exported(path)

    assert [(r["sku"], r["price"], r["mrp"]) for r in rows] == [
        ("TEE-S", "499.00", ""),
        ("TEE-M", "549.00", "799.00"),
        (sku, "99.00", "149.50"),
    ]
    before = stored()
    out, _ = run_import(path)
    assert "0 created, 0 updated, 2 unchanged" in out
    assert stored() == before

    # Into an empty shop: the same MRPs.
    Product.objects.all().delete()
    out, _ = run_import(path)
    assert "2 created" in out
    assert dict(Variant.objects.values_list("sku", "mrp")) == {
        "TEE-S": None,
        "TEE-M": Decimal("799.00"),
        sku: Decimal("149.50"),
    }
    assert dict(Product.objects.values_list("slug", "mrp")) == {
        "tee": None,  # S, the cheapest, has none
        "plain": Decimal("149.50"),
    }


def test_an_import_with_the_mrp_column_sets_and_clears_mrps(tmp_path):
    product = tee()
    header = "name,slug,description,category,option1_name,sku,option1_value,price,mrp,quantity"
    path = write(
        tmp_path / "p.csv",
        f"{header}\n"
        f"Tee,tee,Soft,{product.category.name},Size,TEE-S,S,499,649,2\n"
        ",tee,,,,TEE-M,M,549,,3\n"
        f"Lamp,lamp,Bright,Home,,,,999,1299.5,4\n",
    )

    out, _ = run_import(path)

    assert "1 created, 1 updated" in out
    assert dict(Variant.objects.filter(product=product).values_list("sku", "mrp")) == {
        "TEE-S": Decimal("649.00"),
        "TEE-M": None,
    }
    product.refresh_from_db()
    assert product.mrp == Decimal("649.00")
    lamp = Product.objects.get(slug="lamp")
    assert (lamp.mrp, lamp.variants.get().mrp) == (Decimal("1299.50"), Decimal("1299.50"))


def test_an_old_file_without_the_mrp_column_keeps_the_mrps(tmp_path):
    product = tee()
    lamp = ProductFactory(name="Lamp", slug="lamp", price=Decimal("999"), mrp=Decimal("1299"))
    header = "name,slug,description,category,option1_name,sku,option1_value,price,quantity"
    path = write(
        tmp_path / "p.csv",
        f"{header}\n"
        f"Tee,tee,Soft,{product.category.name},Size,TEE-S,S,499,2\n"
        ",tee,,,,TEE-M,M,559,3\n",  # a new price, under the MRP kept
    )
    run_import(path)
    assert dict(Variant.objects.filter(product=product).values_list("sku", "mrp")) == {
        "TEE-S": None,
        "TEE-M": Decimal("799.00"),
    }
    # The original one-row-per-product layout likewise.
    run_import(write(tmp_path / "q.csv", f"{HEADER}\nLamp,lamp,Brighter,899,4,Home,1,\n"))
    lamp.refresh_from_db()
    assert (lamp.price, lamp.mrp, lamp.variants.get().mrp) == (
        Decimal("899.00"),
        Decimal("1299.00"),
        Decimal("1299.00"),
    )


@pytest.mark.parametrize(
    ("rows", "problem"),
    [
        (
            "Tee,tee,Soft,Clothing,Size,TEE-S,S,499,450,2\n,tee,,,,TEE-M,M,549,,3\n",
            "line 2: mrp: MRP (Rs 450.00) must be at least the price (Rs 499.00).",
        ),
        (
            "Tee,tee,Soft,Clothing,Size,TEE-S,S,499,,2\n,tee,,,,TEE-M,M,549,-3,3\n",
            "line 3: mrp: MRP must be zero or more.",
        ),
        (
            "Tee,tee,Soft,Clothing,Size,TEE-S,S,499,abc,2\n,tee,,,,TEE-M,M,549,,3\n",
            "line 2: mrp: MRP must be a number.",
        ),
    ],
)
def test_a_bad_mrp_in_a_file_is_reported_by_line_and_nothing_is_written(tmp_path, rows, problem):
    tee(category=CategoryFactory(name="Clothing"))
    header = "name,slug,description,category,option1_name,sku,option1_value,price,mrp,quantity"
    before = stored()

    _, err = failing_import(write(tmp_path / "p.csv", f"{header}\n{rows}"))

    assert err.strip().splitlines() == [problem]
    assert stored() == before


def test_a_price_over_the_mrp_kept_is_reported_by_line(tmp_path):
    ProductFactory(name="Lamp", slug="lamp", price=Decimal("999"), mrp=Decimal("1299"))
    before = stored()
    _, err = failing_import(write(tmp_path / "p.csv", f"{HEADER}\nLamp,lamp,B,1399,4,Home,1,\n"))
    assert err.strip().splitlines() == [
        "line 2: mrp: MRP (Rs 1299.00) must be at least the price (Rs 1399.00)."
    ]
    assert stored() == before


# --- the Django admin -------------------------------------------------------------------


def test_the_admin_edits_a_variants_mrp_and_the_product_shows_it(staff_client):
    from catalog.tests.admin_forms import change_page
    from catalog.tests.test_admin_variants import change, page_errors

    product = tee()
    html = staff_client.get(f"/admin/catalog/product/{product.pk}/change/").content.decode()
    assert 'name="variants-0-mrp"' in html and 'name="mrp"' not in html  # derived: read-only

    data = change_page(staff_client, product, **{"variants-0-mrp": "649.00"})
    response = change(staff_client, product, data)

    assert response.status_code == 302, page_errors(response)
    assert dict(Variant.objects.values_list("sku", "mrp")) == {
        "TEE-S": Decimal("649.00"),
        "TEE-M": Decimal("799.00"),
    }
    product.refresh_from_db()
    assert product.mrp == Decimal("649.00")
    html = staff_client.get(f"/admin/catalog/product/{product.pk}/change/").content.decode()
    assert "649.00" in html


def test_the_admin_refuses_a_variants_mrp_below_its_price(staff_client):
    from catalog.tests.admin_forms import change_page
    from catalog.tests.test_admin_variants import change, page_errors

    product = tee()
    before = stored()

    data = change_page(staff_client, product, **{"variants-1-mrp": "500"})
    response = change(staff_client, product, data)

    assert response.status_code == 200
    assert "MRP (Rs 500.00) must be at least the price (Rs 549.00)." in page_errors(response)
    assert stored() == before


def test_the_admin_adds_a_product_with_an_mrp(staff_client):
    from catalog.tests.admin_forms import add_page

    category = CategoryFactory(name="Home")
    data = add_page(
        staff_client,
        name="Lamp",
        description="Bright.",
        category=str(category.pk),
        options="[]",
        **{"variants-0-price": "999", "variants-0-mrp": "1299", "variants-0-quantity": "4"},
    )
    response = staff_client.post("/admin/catalog/product/add/", data)

    assert response.status_code == 302
    product = Product.objects.get()
    assert (product.price, product.mrp) == (Decimal("999.00"), Decimal("1299.00"))
    assert product.variants.get().mrp == Decimal("1299.00")


def test_a_quick_edit_in_the_list_sets_and_clears_the_mrp_of_the_only_variant(staff_client):
    from catalog.tests.test_admin_variants import quick_edit

    product = ProductFactory(price=Decimal("999.00"), quantity=10)
    page = staff_client.get("/admin/catalog/product/").content.decode()
    assert 'name="form-0-mrp"' in page

    response = staff_client.post(
        "/admin/catalog/product/", quick_edit(product, **{"form-0-mrp": "1199.00"})
    )
    assert response.status_code == 302
    product.refresh_from_db()
    assert (product.mrp, product.variants.get().mrp) == (Decimal("1199.00"), Decimal("1199.00"))

    data = quick_edit(product, **{"form-0-mrp": ""})
    assert staff_client.post("/admin/catalog/product/", data).status_code == 302
    product.refresh_from_db()
    assert (product.mrp, product.variants.get().mrp) == (None, None)


def test_a_quick_edit_below_the_mrp_is_refused(staff_client):
    from catalog.tests.test_admin_variants import quick_edit

    product = ProductFactory(price=Decimal("999.00"), mrp=Decimal("1199.00"), quantity=10)
    before = stored()
    data = quick_edit(product, **{"form-0-mrp": "1199.00", "form-0-price": "1299.00"})

    response = staff_client.post("/admin/catalog/product/", data)

    assert response.status_code == 200
    assert "MRP (Rs 1199.00) must be at least the price (Rs 1299.00)." in (
        response.content.decode()
    )
    assert stored() == before
