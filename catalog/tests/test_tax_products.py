"""GST in product answers and in create-product / update-product: `hsn`, `gstRate` and
`countryOfOrigin`, the product's own or its category's (catalog/tax.py)."""

from decimal import Decimal

import pytest

from catalog.models import Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"


@pytest.fixture
def apparel():
    """Clothing's rule: 5% up to Rs 2,500 of sale value a piece, 18% above."""
    return CategoryFactory(
        name="Apparel",
        hsn="6109",
        gst_rate=5,
        gst_threshold=Decimal("2500.00"),
        gst_rate_above=18,
        country_of_origin="Bangladesh",
    )


def tax_of(item) -> tuple:
    return item["hsn"], item["gstRate"], item["countryOfOrigin"]


def every_answer(api, product) -> list[dict]:
    """The product as each public read and the admin's table show it."""
    slug, category = product.slug, product.category
    answers = [
        api.get(f"{BASE}/get-product/{slug}").json()["product"],
        *api.get(f"{BASE}/product-list/1").json()["products"],
        *api.get(f"{BASE}/get-product").json()["products"],
        *api.get(f"{BASE}/get-product?page=1").json()["products"],
        *api.get(f"{BASE}/product-category/{category.slug}").json()["products"],
        *api.get(f"{BASE}/product-category/{category.slug}?page=1").json()["products"],
        *api.post(f"{BASE}/product-filters", {"checked": [category.pk]}).json()["products"],
        *api.post(f"{BASE}/product-filters", {"radio": [0], "page": 1}).json()["products"],
        *api.get(f"{BASE}/search/{product.name}").json(),
    ]
    return [item for item in answers if item["_id"] == str(product.pk)]


def test_a_product_without_its_own_takes_its_category_rule_at_its_price(anon_api, apparel):
    # Rs 2,625.00 is Rs 2,500.00 of sale value at 5%: still 5%. A paisa more is 18%.
    at = ProductFactory(name="Tee At", price=Decimal("2625.00"), category=apparel)
    above = ProductFactory(name="Tee Above", price=Decimal("2625.01"), category=apparel)
    for product, rate in ((at, 5), (above, 18)):
        seen = every_answer(anon_api, product)
        assert len(seen) == 9
        assert {tax_of(item) for item in seen} == {("6109", rate, "Bangladesh")}


def test_a_product_own_details_win_over_its_category(anon_api, apparel):
    product = ProductFactory(
        name="Silk Saree",
        price=Decimal("9999.00"),
        category=apparel,
        hsn="50072010",
        gst_rate=5,
        country_of_origin="India",
    )
    seen = every_answer(anon_api, product)
    assert len(seen) == 9
    assert {tax_of(item) for item in seen} == {("50072010", 5, "India")}


def test_with_nothing_set_hsn_is_blank_and_the_country_is_india(anon_api):
    bare = CategoryFactory(name="Odds", hsn="", gst_rate=18, country_of_origin="")
    product = ProductFactory(name="Odd Thing", category=bare)
    item = anon_api.get(f"{BASE}/get-product/odd-thing").json()["product"]
    assert tax_of(item) == ("", 18, "India")
    related = ProductFactory(name="Odd Other", category=bare)
    near = anon_api.get(f"{BASE}/related-product/{related.pk}/{bare.pk}").json()["products"]
    assert [tax_of(p) for p in near] == [("", 18, "India")] and near[0]["_id"] == str(product.pk)


def test_each_variant_states_the_rate_of_its_own_price(anon_api, apparel):
    product = ProductFactory(
        name="Jacket",
        category=apparel,
        options=[{"name": "Size", "values": ["M", "XL"]}],
        variants=[
            {"options": {"Size": "M"}, "price": Decimal("2000.00"), "quantity": 1},
            {"options": {"Size": "XL"}, "price": Decimal("3000.00"), "quantity": 1},
        ],
    )
    for item in every_answer(anon_api, product):
        assert item["price"] == 2000 and item["gstRate"] == 5
        assert [(v["options"]["Size"], v["gstRate"]) for v in item["variants"]] == [
            ("M", 5),
            ("XL", 18),
        ]


def test_the_admin_table_shows_the_same_tax(admin_api, apparel):
    ProductFactory(name="Tee", price=Decimal("3000.00"), category=apparel, hsn="61091000")
    (item,) = admin_api.get("/api/v1/admin/products").json()
    assert tax_of(item) == ("61091000", 18, "Bangladesh")


# --- create and update --------------------------------------------------------------------


def form(category, **overrides):
    data = {
        "name": "Cotton Tee",
        "description": "A plain cotton tee.",
        "price": "799.00",
        "quantity": "5",
        "category": str(category.pk),
    }
    data.update(overrides)
    return data


def create(client, data):
    return client.post(f"{BASE}/create-product", data, format="multipart")


def update(client, product, data, fmt="multipart"):
    return client.put(f"{BASE}/update-product/{product.pk}", data, format=fmt)


def stored(product) -> tuple:
    product = Product.objects.get(pk=product.pk if hasattr(product, "pk") else product)
    return product.hsn, product.gst_rate, product.country_of_origin


def test_create_takes_the_tax_fields(admin_api, apparel):
    data = form(apparel, hsn=" 61091000 ", gstRate="18", countryOfOrigin="Sri Lanka")
    response = create(admin_api, data)
    assert response.status_code == 201, response.json()
    item = response.json()["products"]
    assert tax_of(item) == ("61091000", 18, "Sri Lanka")
    assert stored(int(item["_id"])) == ("61091000", 18, "Sri Lanka")


@pytest.mark.parametrize("sent", [{}, {"hsn": "", "gstRate": "", "countryOfOrigin": "  "}])
def test_create_without_them_or_blank_takes_the_category(admin_api, apparel, sent):
    response = create(admin_api, form(apparel, **sent))
    assert response.status_code == 201, response.json()
    item = response.json()["products"]
    assert tax_of(item) == ("6109", 5, "Bangladesh")
    assert stored(int(item["_id"])) == (None, None, None)


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("hsn", "123", "HSN code must be 4 to 8 digits."),
        ("hsn", "123456789", "HSN code must be 4 to 8 digits."),
        ("hsn", "61O9", "HSN code must be 4 to 8 digits."),
        ("hsn", "٦١٠٩", "HSN code must be 4 to 8 digits."),
        ("gstRate", "12", "GST rate must be one of 0, 5, 18 or 40."),
        ("gstRate", "5.0", "GST rate must be one of 0, 5, 18 or 40."),
        ("gstRate", "-5", "GST rate must be one of 0, 5, 18 or 40."),
        ("gstRate", "five", "GST rate must be one of 0, 5, 18 or 40."),
        ("countryOfOrigin", "X", "Country of origin must be 2 to 60 characters."),
        ("countryOfOrigin", "Y" * 61, "Country of origin must be 2 to 60 characters."),
    ],
)
def test_bad_tax_values_are_a_400_naming_the_field_and_nothing_is_saved(
    admin_api, apparel, field, value, message
):
    response = create(admin_api, form(apparel, **{field: value}))
    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False and message in body["message"]
    assert not Product.objects.exists()
    product = ProductFactory(name="Kept", category=apparel, hsn="6109", gst_rate=5)
    response = update(admin_api, product, {field: value})
    assert response.status_code == 400 and message in response.json()["message"]
    assert stored(product) == ("6109", 5, None)


def test_json_numbers_and_null_are_taken_too(admin_api, apparel):
    product = ProductFactory(name="Tee", category=apparel, hsn="6109", gst_rate=18)
    response = update(admin_api, product, {"gstRate": 40, "hsn": 61091000}, fmt="json")
    assert response.status_code == 200, response.json()
    assert stored(product) == ("61091000", 40, None)
    response = update(admin_api, product, {"gstRate": None, "hsn": None}, fmt="json")
    assert response.status_code == 200
    assert stored(product) == (None, None, None)
    response = update(admin_api, product, {"gstRate": True}, fmt="json")
    assert response.status_code == 400


def test_update_keeps_what_is_not_sent_and_blank_goes_back_to_the_category(admin_api, apparel):
    product = ProductFactory(
        name="Tee", category=apparel, hsn="61091000", gst_rate=18, country_of_origin="Nepal"
    )
    response = update(admin_api, product, {"description": "Softer cotton."})
    assert response.status_code == 200
    assert stored(product) == ("61091000", 18, "Nepal")
    response = update(admin_api, product, {"gstRate": ""})
    assert response.status_code == 200
    assert stored(product) == ("61091000", None, "Nepal")
    assert tax_of(response.json()["products"]) == ("61091000", 5, "Nepal")
    response = update(admin_api, product, {"hsn": "", "countryOfOrigin": ""})
    assert stored(product) == (None, None, None)
    assert tax_of(response.json()["products"]) == ("6109", 5, "Bangladesh")


def test_a_tax_change_reaches_cached_answers_at_once(admin_api, anon_api, apparel):
    product = ProductFactory(name="Tee", price=Decimal("999.00"), category=apparel)
    before = every_answer(anon_api, product)  # now cached
    assert {item["gstRate"] for item in before} == {5}
    response = update(admin_api, product, {"gstRate": "18", "countryOfOrigin": "Vietnam"})
    assert response.status_code == 200
    after = every_answer(anon_api, product)
    assert len(after) == 9
    assert {(item["gstRate"], item["countryOfOrigin"]) for item in after} == {(18, "Vietnam")}


def test_a_category_rule_change_reaches_cached_answers_at_once(anon_api, apparel):
    product = ProductFactory(name="Tee", price=Decimal("999.00"), category=apparel)
    assert {item["gstRate"] for item in every_answer(anon_api, product)} == {5}
    apparel.gst_rate, apparel.gst_threshold, apparel.gst_rate_above = 18, None, None
    apparel.save()
    assert {item["gstRate"] for item in every_answer(anon_api, product)} == {18}


def test_the_postgresql_row_select_reads_the_same_tax_columns_as_the_orm(apparel):
    from catalog import selectors
    from catalog.selectors import rows

    made = [
        ProductFactory(
            name="Own", category=apparel, hsn="6109", gst_rate=40, country_of_origin="X"
        ),
        ProductFactory(name="Category's", category=apparel),
    ]
    ids = [p.pk for p in made]
    orm = Product.objects.filter(pk__in=ids).values_list(*rows._ROW_COLUMNS)
    expected = {row[0]: row for row in orm}
    read = {row[0]: row for row in rows._rows(ids)}
    width = len(rows._ROW_COLUMNS)
    for pk, row in read.items():
        assert tuple(row[14:width]) == tuple(expected[pk][14:width])
        assert [type(v) for v in row[14:width]] == [type(v) for v in expected[pk][14:width]]
    row = selectors.ProductRow(read[made[0].pk])
    assert (row.hsn, row.gst_rate, row.country_of_origin) == ("6109", 40, "X")
    category = row.category
    assert (category.hsn, category.gst_rate, category.gst_threshold, category.gst_rate_above) == (
        "6109",
        5,
        Decimal("2500.00"),
        18,
    )
