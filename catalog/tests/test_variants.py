"""Options, variants and the gallery through create-product and update-product: the
contract's shape, the product's derived price and stock, and bad input that changes
nothing."""

import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalog.models import Product, ProductPhoto, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_products_write import BASE, create, form, jpeg, media_files
from catalog.variants import parse_variants, with_prices

pytestmark = pytest.mark.django_db

SIZES = {"name": "Size", "values": ["S", "M", "L"]}
COLOURS = {"name": "Colour", "values": ["Black", "Blue"]}


@pytest.fixture
def category():
    return CategoryFactory(name="Clothing")


def tee_form(category, **overrides):
    variants = [
        {"options": {"Size": "S", "Colour": "Black"}, "quantity": 3, "price": "499"},
        {"options": {"Size": "M", "Colour": "Black"}, "quantity": 0},
        {"options": {"Size": "L", "Colour": "Blue"}, "quantity": 5, "price": "549.50"},
    ]
    values = form(
        category,
        name="Cotton Tee",
        price="599",
        quantity="0",
        options=json.dumps([SIZES, COLOURS]),
        variants=json.dumps(variants),
    )
    values.update(overrides)
    return values


def update(client, product, data):
    return client.put(f"{BASE}/update-product/{product.pk}", data, format="multipart")


def snapshot():
    return (
        list(Product.objects.values_list("id", "name", "price", "quantity", "photo")),
        list(Variant.objects.values_list("id", "sku", "options", "price", "quantity")),
        list(ProductPhoto.objects.values_list("id", "image", "alt", "position")),
    )


def test_a_product_with_options_answers_them_with_its_variants(admin_api, category):
    response = create(admin_api, tee_form(category))

    assert response.status_code == 201, response.json()
    item = response.json()["products"]
    assert item["options"] == [SIZES, COLOURS]
    assert [(v["options"], v["price"], v["quantity"]) for v in item["variants"]] == [
        ({"Size": "S", "Colour": "Black"}, 499, 3),
        ({"Size": "M", "Colour": "Black"}, 599, 0),  # no price of its own: the form's
        ({"Size": "L", "Colour": "Blue"}, 549.5, 5),
    ]
    # The contract's shape for a client that knows no variants: the lowest price, the sum.
    assert (item["price"], item["quantity"]) == (499, 8)
    product = Product.objects.get()
    assert (product.price, product.quantity) == (Decimal("499.00"), 8)
    assert [v["sku"] for v in item["variants"]] == [
        f"SS-{product.pk}-1",
        f"SS-{product.pk}-2",
        f"SS-{product.pk}-3",
    ]
    # Every read answers the same.
    read = admin_api.get(f"{BASE}/get-product/{product.slug}").json()["product"]
    assert read["variants"] == item["variants"] and read["price"] == 499


def test_the_original_form_makes_a_product_of_one_variant(admin_api, category):
    response = create(admin_api, form(category))

    item = response.json()["products"]
    assert item["options"] == []
    assert [(v["options"], v["price"], v["quantity"]) for v in item["variants"]] == [({}, 1499, 25)]
    assert item["variants"][0]["sku"] == f"SS-{item['_id']}"


@pytest.mark.parametrize(
    ("options", "variants", "message"),
    [
        (
            [SIZES],
            [{"options": {"Size": "S"}, "quantity": 1}, {"options": {"size": "s"}, "quantity": 2}],
            "Two variants are S.",
        ),
        (
            [SIZES],
            [
                {"options": {"Size": "S"}, "quantity": 1, "sku": "TEE-1"},
                {"options": {"Size": "M"}, "quantity": 2, "sku": "tee-1"},
            ],
            "SKU tee-1 is used by two variants.",
        ),
        ([SIZES], [{"options": {"Size": "XXL"}, "quantity": 1}], "XXL is not a value of Size."),
        (
            [SIZES],
            [{"options": {"Size": "S", "Fit": "Slim"}, "quantity": 1}],
            "Fit is not one of the product's options.",
        ),
        ([SIZES, COLOURS], [{"options": {"Size": "S"}, "quantity": 1}], "Every variant needs"),
        (
            [SIZES, COLOURS, {"name": "Fit", "values": ["Slim"]}, {"name": "Arm", "values": ["X"]}],
            [],
            "at most 3 options",
        ),
        ([{"name": "Size", "values": ["S", "s"]}], [], "Size s is listed twice."),
        ([], [{"quantity": 1}, {"quantity": 2}], "exactly one variant"),
        ([SIZES], [{"options": {"Size": "S"}, "quantity": -1}], "whole number, zero or more"),
        ([SIZES], [{"options": {"Size": "S"}, "quantity": 1, "price": "1e3"}], None),
        ([SIZES], [{"options": {"Size": "S"}, "quantity": 1, "price": "12.345"}], "2 decimals"),
        ([SIZES], [{"options": {"Size": "S"}, "quantity": 1, "sku": "=cmd|' /C calc'!A0"}], None),
        ([{"name": "Size\u202e", "values": ["S"]}], [], "control characters"),
    ],
)
def test_bad_options_or_variants_are_400_and_save_nothing(
    admin_api, category, options, variants, message
):
    before = snapshot()
    data = tee_form(category, options=json.dumps(options), variants=json.dumps(variants))

    response = create(admin_api, data)

    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    text = " ".join(errors.get("variants", []) + errors.get("options", []))
    assert text, errors
    if message:
        assert message in text
    assert snapshot() == before


def test_a_sku_of_another_product_is_refused(admin_api, category):
    other = ProductFactory(name="Other")
    taken = other.variants.get().sku
    variants = [{"options": {"Size": "S"}, "quantity": 1, "sku": taken.lower()}]
    before = snapshot()

    response = create(
        admin_api, tee_form(category, options=json.dumps([SIZES]), variants=json.dumps(variants))
    )

    assert response.status_code == 400
    assert response.json()["errors"]["variants"] == [
        f"SKU {taken} is already used by another product."
    ]
    assert snapshot() == before


def test_not_json_is_a_clear_400(admin_api, category):
    response = create(admin_api, tee_form(category, variants="[{"))
    assert response.status_code == 400
    assert response.json()["errors"]["variants"] == ["Variants must be JSON text."]


def test_a_variant_without_a_price_needs_one_from_the_product():
    specs = parse_variants([{"options": {}, "quantity": 1}], [])
    with pytest.raises(Exception, match="needs a price"):
        with_prices(specs, None)
    assert with_prices(specs, Decimal("10"))[0].price == Decimal("10")


def test_an_update_keeps_sent_variants_removes_the_rest_and_adds_new_ones(admin_api, category):
    item = create(admin_api, tee_form(category)).json()["products"]
    small, medium, large = item["variants"]
    sent = [
        {**large, "quantity": 9},  # kept, restocked, now first
        {**small, "price": 450},
        {"options": {"Size": "M", "Colour": "Blue"}, "quantity": 2, "sku": "TEE-M-BLUE"},
    ]

    response = update(admin_api, Product.objects.get(), {"variants": json.dumps(sent)})

    assert response.status_code == 200, response.json()
    after = response.json()["products"]
    assert [(v["_id"], v["sku"], v["quantity"], v["price"]) for v in after["variants"]] == [
        (large["_id"], large["sku"], 9, 549.5),
        (small["_id"], small["sku"], 3, 450),
        # No price of its own, and none sent with the form: the product's (its lowest).
        (after["variants"][2]["_id"], "TEE-M-BLUE", 2, 499),
    ]
    assert not Variant.objects.filter(pk=medium["_id"]).exists()
    assert (after["price"], after["quantity"]) == (450, 14)


def test_two_kept_variants_may_swap_their_skus_in_one_save(admin_api, category):
    item = create(admin_api, tee_form(category)).json()["products"]
    first, second, third = item["variants"]
    sent = [{**first, "sku": second["sku"]}, {**second, "sku": first["sku"]}, third]

    response = update(admin_api, Product.objects.get(), {"variants": json.dumps(sent)})

    assert response.status_code == 200, response.json()
    skus = {v["_id"]: v["sku"] for v in response.json()["products"]["variants"]}
    assert (skus[first["_id"]], skus[second["_id"]]) == (second["sku"], first["sku"])


def test_a_variant_of_another_product_cannot_be_sent(admin_api, category):
    create(admin_api, tee_form(category))
    other = ProductFactory(name="Other")
    stranger = other.variants.get()
    before = snapshot()
    sent = [{"_id": str(stranger.pk), "options": {"Size": "S", "Colour": "Black"}, "quantity": 1}]

    response = update(
        admin_api, Product.objects.get(name="Cotton Tee"), {"variants": json.dumps(sent)}
    )

    assert response.status_code == 400
    assert "not one of this product's" in response.json()["errors"]["variants"][0]
    assert snapshot() == before


def test_the_original_form_edits_a_product_sold_one_way(admin_api, category):
    product = ProductFactory(price=Decimal("100"), quantity=4)

    response = update(admin_api, product, {"price": "120", "quantity": "7"})

    assert response.status_code == 200
    variant = product.variants.get()
    assert (variant.price, variant.quantity) == (Decimal("120.00"), 7)
    assert response.json()["products"]["variants"][0]["quantity"] == 7


def test_the_original_form_cannot_overwrite_several_variants(admin_api, category):
    create(admin_api, tee_form(category))
    product = Product.objects.get()
    before = snapshot()

    unchanged = update(admin_api, product, {"price": "499", "quantity": "8", "name": "Tee"})
    assert unchanged.status_code == 200  # what the form shows, sent back: no change
    assert Variant.objects.filter(product=product).count() == 3
    before = snapshot()
    changed = update(admin_api, product, {"quantity": "20"})

    assert changed.status_code == 400
    assert changed.json()["errors"]["quantity"] == [
        "This product has variants: set the stock of each variant."
    ]
    assert snapshot() == before


def test_changing_the_options_needs_the_variants(admin_api, category):
    create(admin_api, tee_form(category))
    before = snapshot()
    response = update(admin_api, Product.objects.get(), {"options": json.dumps([SIZES])})
    assert response.status_code == 400
    assert snapshot() == before


# --- gallery --------------------------------------------------------------------------


def gallery_of(item):
    return [(p["alt"], p["option"]) for p in item["photos"]]


def test_photos_make_a_gallery_in_order_the_first_is_the_product_photo(
    admin_api, category, anon_api
):
    files = [jpeg(f"{n}.jpg", color=(n * 60, 10, 10)) for n in range(3)]
    gallery = [
        {"new": 2, "alt": "Back, blue", "option": "blue"},
        {"new": 0, "alt": "Front"},
        {"new": 1, "alt": ""},
    ]

    response = create(
        admin_api, {**tee_form(category), "photos": files, "gallery": json.dumps(gallery)}
    )

    assert response.status_code == 201, response.json()
    item = response.json()["products"]
    assert gallery_of(item) == [("Back, blue", "Blue"), ("Front", None), ("Cotton Tee", None)]
    photos = list(ProductPhoto.objects.order_by("position"))
    assert Product.objects.get().photo.name == photos[0].image.name
    # Each photo is served at its own versioned address, the first also at the product's.
    first = anon_api.get(item["photos"][0]["url"])
    assert first.status_code == 200 and first["Content-Type"] == "image/jpeg"
    assert first.content == anon_api.get(item["photo"]).content
    assert anon_api.get(item["photos"][1]["url"]).content != first.content
    assert anon_api.get(f"{BASE}/product-photo/{item['_id']}/999999").status_code == 404


def test_a_gallery_is_reordered_relabelled_and_trimmed(
    admin_api, category, settings, django_capture_on_commit_callbacks
):
    files = [jpeg(f"{n}.jpg", color=(n * 60, 10, 10)) for n in range(3)]
    item = create(admin_api, {**tee_form(category), "photos": files}).json()["products"]
    a, b, c = item["photos"]
    assert media_files(settings) and len(media_files(settings)) == 3

    gallery = [{"_id": c["_id"], "alt": "Now first"}, {"_id": a["_id"], "option": "Black"}]
    with django_capture_on_commit_callbacks(execute=True):
        response = update(admin_api, Product.objects.get(), {"gallery": json.dumps(gallery)})

    assert response.status_code == 200, response.json()
    after = response.json()["products"]
    assert [p["_id"] for p in after["photos"]] == [c["_id"], a["_id"]]
    assert gallery_of(after) == [("Now first", None), ("Cotton Tee", "Black")]
    assert Product.objects.get().photo.name == ProductPhoto.objects.get(pk=c["_id"]).image.name
    assert len(media_files(settings)) == 2  # b's file went with it, after the commit
    assert not ProductPhoto.objects.filter(pk=b["_id"]).exists()


def test_more_than_twelve_photos_or_a_bad_one_save_nothing(admin_api, category, settings):
    item = create(admin_api, {**tee_form(category), "photos": [jpeg()]}).json()["products"]
    before = snapshot()
    too_many = [jpeg(f"{n}.jpg") for n in range(12)]

    over = update(admin_api, Product.objects.get(), {"photos": too_many})
    bad = update(
        admin_api,
        Product.objects.get(),
        {"photos": [jpeg(), jpeg("x.jpg")], "gallery": json.dumps([{"new": 0}])},
    )
    text = SimpleUploadedFile("t.jpg", b"not a picture", content_type="image/jpeg")
    not_an_image = update(admin_api, Product.objects.get(), {"photos": [jpeg(), text]})

    assert over.status_code == 400 and "at most 12 photos" in json.dumps(over.json())
    assert bad.status_code == 400 and "must have its place" in json.dumps(bad.json())
    assert not_an_image.status_code == 400
    assert snapshot() == before
    assert len(media_files(settings)) == 1  # the stored new files were removed again
    assert item["photos"][0]["_id"] == str(ProductPhoto.objects.get().pk)


def test_a_photo_option_must_be_one_of_the_values(admin_api, category):
    before = snapshot()
    response = create(
        admin_api,
        {
            **tee_form(category),
            "photos": [jpeg()],
            "gallery": json.dumps([{"new": 0, "option": "Red"}]),
        },
    )
    assert response.status_code == 400
    assert response.json()["errors"]["gallery"] == ["Red is not a value of the product's options."]
    assert snapshot() == before


def test_the_single_photo_field_replaces_the_first_photo(
    admin_api, category, settings, django_capture_on_commit_callbacks
):
    files = [jpeg(f"{n}.jpg", color=(n * 60, 10, 10)) for n in range(2)]
    item = create(admin_api, {**tee_form(category), "photos": files}).json()["products"]
    first, second = item["photos"]

    with django_capture_on_commit_callbacks(execute=True):
        response = update(
            admin_api, Product.objects.get(), {"photo": jpeg("n.jpg", color=(1, 2, 3))}
        )

    after = response.json()["products"]
    assert [p["_id"] for p in after["photos"]] == [first["_id"], second["_id"]]
    assert after["photos"][0]["url"] != first["url"]  # a new file: a new version
    assert after["photo"] != item["photo"]
    assert len(media_files(settings)) == 2


def test_deleting_a_product_removes_its_gallery_files(
    admin_api, category, settings, django_capture_on_commit_callbacks
):
    create(admin_api, {**tee_form(category), "photos": [jpeg("a.jpg"), jpeg("b.jpg")]})
    product = Product.objects.get()

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.delete(f"{BASE}/delete-product/{product.pk}")

    assert response.status_code == 200
    assert media_files(settings) == []
    assert not Variant.objects.exists() and not ProductPhoto.objects.exists()


# --- filters by option value --------------------------------------------------------------


@pytest.fixture
def wardrobe(category):
    def tee(name, sizes, colour="Black"):
        return ProductFactory(
            name=name,
            category=category,
            options=[{"name": "Size", "values": sizes}, {"name": "Colour", "values": [colour]}],
            variants=[{"options": {"Size": s, "Colour": colour}, "quantity": 1} for s in sizes],
        )

    return {
        "small": tee("Tee Small", ["S", "M"]),
        "large": tee("Tee Large", ["L", "XL"], colour="Blue"),
        "all": tee("Tee All", ["XL", "S", "M", "L"]),
        "mug": ProductFactory(name="Mug", category=category),
    }


def names(response):
    return sorted(p["name"] for p in response.json()["products"])


def test_filters_take_option_values(anon_api, wardrobe):
    url = f"{BASE}/product-filters"
    xl = anon_api.post(url, {"options": {"Size": ["XL"]}, "page": 1})
    m_or_l = anon_api.post(url, {"options": {"Size": ["M", "L"]}})
    blue_s = anon_api.post(url, {"options": {"Size": ["S"], "Colour": ["Blue"]}})
    black_s = anon_api.post(url, {"options": {"Size": ["S"], "Colour": ["Black"]}})

    assert names(xl) == ["Tee All", "Tee Large"] and xl.json()["total"] == 2
    assert names(m_or_l) == ["Tee All", "Tee Large", "Tee Small"]
    assert names(blue_s) == []  # the same variant must be both
    assert names(black_s) == ["Tee All", "Tee Small"]


def test_option_facets_count_the_products_sold_in_each_value(anon_api, wardrobe, category):
    response = anon_api.post(f"{BASE}/option-facets", {"checked": [str(category.pk)]})

    assert response.status_code == 200
    assert response.json()["facets"] == [
        {
            "name": "Size",
            "values": [
                {"value": "S", "count": 2},
                {"value": "M", "count": 2},
                {"value": "L", "count": 2},
                {"value": "XL", "count": 2},
            ],
        },
        {
            "name": "Colour",
            "values": [{"value": "Black", "count": 2}, {"value": "Blue", "count": 1}],
        },
    ]
    cheap = anon_api.post(f"{BASE}/option-facets", {"radio": [0, 1]})
    assert cheap.json()["facets"] == []  # no product under a rupee


def test_unselling_a_combination_updates_the_facets(admin_api, anon_api, wardrobe):
    before = anon_api.post(f"{BASE}/option-facets", {}).json()["facets"]
    small = wardrobe["small"]
    kept = [
        {"_id": str(v.pk), "options": v.options, "quantity": v.quantity}
        for v in small.variants.all()
        if v.options["Size"] == "S"
    ]

    assert update(admin_api, small, {"variants": json.dumps(kept)}).status_code == 200

    after = anon_api.post(f"{BASE}/option-facets", {}).json()["facets"]
    sizes = {v["value"]: v["count"] for v in after[0]["values"]}
    assert {v["value"]: v["count"] for v in before[0]["values"]}["M"] == 2
    assert sizes["M"] == 1


def test_bad_option_filters_are_400(anon_api):
    url = f"{BASE}/product-filters"
    for options in ({"Size": "M"}, {"Size": []}, {"a": ["1"], "b": ["1"], "c": ["1"], "d": ["1"]}):
        assert anon_api.post(url, {"options": options}).status_code == 400


def test_facet_values_come_in_natural_order(anon_api, category):
    sizes = ["UK 10", "UK 6", "UK 8", "UK 6.5"]
    letters = ["XXL", "M", "xs", "L", "S", "XL"]
    for n, (name, values) in enumerate((("Shoe", sizes), ("Size", letters), ("Pack", ["10", "2"]))):
        ProductFactory(
            name=f"Product {n}",
            category=category,
            options=[{"name": name, "values": values}],
            variants=[{"options": {name: v}, "quantity": 1} for v in values],
        )

    facets = anon_api.post(f"{BASE}/option-facets", {}).json()["facets"]
    order = {facet["name"]: [v["value"] for v in facet["values"]] for facet in facets}

    assert order["Shoe"] == ["UK 6", "UK 6.5", "UK 8", "UK 10"]
    assert order["Size"] == ["xs", "S", "M", "L", "XL", "XXL"]
    assert order["Pack"] == ["2", "10"]
    # A product's own values keep the order the admin gave them.
    product = anon_api.get(f"{BASE}/get-product/product-0").json()["product"]
    assert product["options"][0]["values"] == sizes
