"""The Django admin's product page: variants and gallery photos inline, checked by the
API's rules, written with the product in one transaction; the product's price, stock
and photo follow them, and the read cache is told just what changed."""

import re
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.tests.factories import UserFactory
from catalog.admin import NO_VARIANT, SEVERAL_VARIANTS, STOCK_CHANGED
from catalog.cache import catalog_version
from catalog.models import Product, ProductPhoto, Variant
from catalog.tests.admin_forms import add_page, change_page
from catalog.tests.conftest import image_bytes
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.variants import SKU_USED
from orders.services import order_checkout

pytestmark = pytest.mark.django_db

SIZES = [{"name": "Size", "values": ["S", "M", "L"]}]


def tee(**kwargs):
    return ProductFactory(
        name="Tee",
        options=SIZES,
        variants=[
            {"options": {"Size": "S"}, "quantity": 2, "price": Decimal("499.00")},
            {"options": {"Size": "M"}, "quantity": 3, "price": Decimal("549.00")},
        ],
        **kwargs,
    )


def change(client, product, data):
    return client.post(f"/admin/catalog/product/{product.pk}/change/", data)


def page_errors(response) -> str:
    html = response.content.decode()
    return " ".join(re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', html, re.S))


def skus(product):
    return list(product.variants.values_list("sku", flat=True))


def test_the_page_shows_variants_and_photos_and_price_and_stock_read_only(staff_client):
    product = tee(with_photo=True)
    html = staff_client.get(f"/admin/catalog/product/{product.pk}/change/").content.decode()
    assert 'name="variants-0-sku"' in html and 'name="variants-1-options"' in html
    assert 'name="photos-0-image"' in html and 'name="photos-0-alt"' in html
    assert 'name="price"' not in html and 'name="quantity"' not in html
    assert "549.00" in html  # the rows' figures; the product's are shown, not typed


def test_a_save_that_changes_nothing_writes_nothing_to_the_variants(staff_client):
    product = tee()
    before = list(Variant.objects.values_list("pk", "sku", "price", "quantity", "position"))
    with CaptureQueriesContext(connection) as queries:
        response = change(staff_client, product, change_page(staff_client, product))
    assert response.status_code == 302, page_errors(response)
    assert not [
        q
        for q in queries.captured_queries
        if "catalog_variant" in q["sql"].split(" WHERE")[0]
        and q["sql"].startswith(("UPDATE", "INSERT", "DELETE"))
    ]
    assert list(Variant.objects.values_list("pk", "sku", "price", "quantity", "position")) == before


def test_adding_a_product_with_variants_and_a_photo(staff_client):
    category = CategoryFactory(name="Clothing")
    data = add_page(
        staff_client,
        name="Linen Shirt",
        description="Breathes.",
        category=str(category.pk),
        options='[{"name": "Size", "values": ["S", "M"]}, {"name": "Colour", "values": ["White"]}]',
        **{
            "variants-TOTAL_FORMS": "2",
            "variants-0-options": '{"Size": "M", "colour": "white"}',
            "variants-0-price": "1299.00",
            "variants-0-quantity": "4",
            "variants-0-position": "1",
            "variants-1-sku": "LIN-S",
            "variants-1-options": '{"Size": "S", "Colour": "White"}',
            "variants-1-price": "1199.50",
            "variants-1-quantity": "2",
            "variants-1-position": "0",
            "photos-0-alt": "Folded, front",
            "photos-0-option": "white",
        },
    )
    data["photos-0-image"] = SimpleUploadedFile("s.png", image_bytes("PNG"))
    response = staff_client.post("/admin/catalog/product/add/", data)
    assert response.status_code == 302, page_errors(response)
    product = Product.objects.get()
    assert product.slug == "linen-shirt"
    assert (product.price, product.quantity) == (Decimal("1199.50"), 6)
    variants = list(product.variants.all())
    # In the rows' positions; options in the product's spelling; a blank SKU made.
    assert [v.options for v in variants] == [
        {"Size": "S", "Colour": "White"},
        {"Size": "M", "Colour": "White"},
    ]
    assert [v.sku for v in variants] == ["LIN-S", f"SS-{product.pk}-2"]
    [photo] = product.photos.all()
    assert (photo.alt, photo.option) == ("Folded, front", "White")
    assert product.photo.name == photo.image.name and photo.image.name.endswith(".png")


def test_a_new_product_needs_a_variant(staff_client):
    category = CategoryFactory(name="Clothing")
    data = add_page(staff_client, name="Bare", description="x", category=str(category.pk))
    response = staff_client.post("/admin/catalog/product/add/", data)
    assert response.status_code == 200
    assert NO_VARIANT in page_errors(response)
    assert not Product.objects.exists()


def test_a_stock_edit_moves_the_products_stock_and_tells_only_its_stamps(staff_client):
    product = tee()
    version = catalog_version()
    data = change_page(staff_client, product, **{"variants-1-quantity": "10"})
    response = change(staff_client, product, data)
    assert response.status_code == 302, page_errors(response)
    product.refresh_from_db()
    assert (product.price, product.quantity) == (Decimal("499.00"), 12)
    assert catalog_version() == version  # a stock edit replaces the product's stamps only


def test_a_price_edit_moves_the_lowest_price_and_the_catalogue_version(staff_client):
    product = tee()
    version = catalog_version()
    data = change_page(staff_client, product, **{"variants-0-price": "599.00"})
    assert change(staff_client, product, data).status_code == 302
    product.refresh_from_db()
    assert product.price == Decimal("549.00")
    assert catalog_version() != version  # lists and filters by price change


def test_adding_and_removing_variants(staff_client):
    product = tee()
    small = product.variants.get(options={"Size": "S"})
    data = change_page(
        staff_client,
        product,
        **{
            "variants-0-DELETE": "on",
            "variants-TOTAL_FORMS": "3",
            "variants-2-id": "",
            "variants-2-product": str(product.pk),
            "variants-2-sku": "TEE-L",
            "variants-2-options": '{"Size": "L"}',
            "initial-variants-2-options": "{}",
            "variants-2-price": "599.00",
            "variants-2-quantity": "7",
            "initial-variants-2-quantity": "",
            "variants-2-position": "5",
        },
    )
    response = change(staff_client, product, data)
    assert response.status_code == 302, page_errors(response)
    assert not Variant.objects.filter(pk=small.pk).exists()
    product.refresh_from_db()
    assert [v.options["Size"] for v in product.variants.all()] == ["M", "L"]
    assert [v.position for v in product.variants.all()] == [0, 1]
    assert (product.price, product.quantity) == (Decimal("549.00"), 10)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"variants-1-options": '{"Size": "S"}'}, "Two variants are S."),
        ({"variants-1-options": '{"Size": "XL"}'}, "XL is not a value of Size."),
        ({"variants-1-options": '{"Colour": "Red"}'}, "Colour is not one of the product&#x27;s"),
        ({"variants-1-options": "{}"}, "Every variant needs a value of Size."),
        ({"variants-1-sku": "OTHER-1"}, SKU_USED.format(sku="other-1")),
        ({"variants-0-sku": "TEE-X", "variants-1-sku": "tee-x"}, "SKU tee-x is used by two"),
        ({"variants-1-sku": "no spaces"}, "SKU no spaces must be 1-64 letters"),
        ({"variants-0-DELETE": "on", "variants-1-DELETE": "on"}, NO_VARIANT),
        ({"options": '[{"name": "Size", "values": ["S", "S"]}]'}, "Size S is listed twice."),
        ({"options": "[]"}, "Size is not one of the product&#x27;s options."),
        ({"photos-0-option": "Purple"}, "Purple is not a value of the product&#x27;s options."),
        ({"variants-1-price": "-1"}, "Ensure this value is greater than or equal to 0."),
        # Nested past Python's recursion (Django's json raised RecursionError, a 500), and
        # past what a staff member types, closed or not.
        ({"options": "[" * 50000 + "]" * 50000}, "Enter a valid JSON."),
        ({"options": "[" * 50000}, "Enter a valid JSON."),
        ({"options": "[" * 40 + "]" * 40}, "Enter a valid JSON."),
        ({"variants-1-options": '{"a":' * 50000 + "1" + "}" * 50000}, "Enter a valid JSON."),
    ],
)
def test_refused_edits_say_why_and_change_nothing(staff_client, changes, message):
    ProductFactory(name="Other", variants=[{"sku": "other-1", "options": {}, "quantity": 1}])
    product = tee(with_photo=True)
    before = list(Variant.objects.order_by("pk").values_list())
    stored = Product.objects.filter(pk=product.pk).values_list().get()
    data = change_page(staff_client, product, **changes)
    response = change(staff_client, product, data)
    assert response.status_code == 200
    assert message in page_errors(response)
    assert list(Variant.objects.order_by("pk").values_list()) == before
    assert Product.objects.filter(pk=product.pk).values_list().get() == stored


def test_two_variants_may_swap_skus_in_one_save(staff_client):
    product = tee()
    first, second = skus(product)
    data = change_page(staff_client, product, **{"variants-0-sku": second, "variants-1-sku": first})
    assert change(staff_client, product, data).status_code == 302
    assert skus(product) == [second, first]


def test_a_stock_edit_from_an_old_figure_is_refused_and_a_sale_is_kept(staff_client):
    product = tee()
    small = product.variants.get(options={"Size": "S"})
    data = change_page(staff_client, product, **{"variants-0-quantity": "9"})
    untouched = change_page(staff_client, product, description="New words.")
    cart = [{"_id": product.pk, "quantity": 1, "variant": small.pk}]
    order_checkout(buyer=UserFactory(), cart=cart, address="")
    response = change(staff_client, product, data)
    assert response.status_code == 200
    assert STOCK_CHANGED.format(shown=2, now=1) in page_errors(response)
    small.refresh_from_db()
    assert small.quantity == 1
    # A save that leaves the stock alone keeps the sale made meanwhile.
    response = change(staff_client, product, untouched)
    assert response.status_code == 302, page_errors(response)
    small.refresh_from_db()
    product.refresh_from_db()
    assert (small.quantity, product.quantity, product.description) == (1, 4, "New words.")


def test_the_product_row_is_locked_before_its_variants(staff_client):
    product = tee()
    data = change_page(staff_client, product, **{"variants-0-quantity": "8"})
    with CaptureQueriesContext(connection) as queries:
        response = change(staff_client, product, data)
    assert response.status_code == 302, page_errors(response)
    if connection.vendor != "postgresql":
        assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
        return
    sql = [query["sql"] for query in queries.captured_queries]

    def first(test):
        return next(i for i, q in enumerate(sql) if test(q))

    product_lock = first(lambda q: "FOR UPDATE" in q and 'FROM "catalog_product"' in q)
    variant_lock = first(lambda q: "FOR UPDATE" in q and 'FROM "catalog_variant"' in q)
    variant_write = first(lambda q: q.startswith('UPDATE "catalog_variant"'))
    product_write = first(lambda q: q.startswith('UPDATE "catalog_product"'))
    assert product_lock < variant_lock < variant_write < product_write


def test_the_gallery_order_gives_the_products_photo(staff_client):
    product = tee(with_photo=True)
    first = product.photos.get()
    data = change_page(
        staff_client,
        product,
        **{"photos-0-position": "3", "photos-1-alt": "Back", "photos-1-position": "1"},
    )
    data["photos-1-image"] = SimpleUploadedFile("b.png", image_bytes("PNG", color=(1, 2, 3)))
    response = change(staff_client, product, data)
    assert response.status_code == 302, page_errors(response)
    product.refresh_from_db()
    photos = list(product.photos.all())
    assert [p.alt for p in photos] == ["Back", ""]
    assert [p.position for p in photos] == [0, 1]
    assert product.photo.name == photos[0].image.name != first.image.name

    # Removing the first photo: the next one is the product's photo.
    data = change_page(staff_client, product, **{"photos-0-DELETE": "on"})
    assert change(staff_client, product, data).status_code == 302
    product.refresh_from_db()
    assert product.photo.name == first.image.name
    assert ProductPhoto.objects.filter(product=product).count() == 1


def test_a_refused_photo_stores_nothing(staff_client, settings):
    product = tee()
    data = change_page(staff_client, product)
    data["photos-0-image"] = SimpleUploadedFile("x.png", b"not an image")
    response = change(staff_client, product, data)
    assert response.status_code == 200
    assert "Upload a valid image" in page_errors(response)
    assert not ProductPhoto.objects.exists()


def test_a_thirteenth_photo_is_refused(staff_client):
    product = tee(with_photo=True)
    first = product.photos.get()
    for position in range(1, 12):
        ProductPhoto.objects.create(product=product, image=first.image.name, position=position)
    data = change_page(staff_client, product)
    assert "photos-12-alt" not in data  # the page offers no thirteenth row
    data.update({"photos-TOTAL_FORMS": "13", "photos-12-alt": "One more", "photos-12-id": ""})
    data["photos-12-image"] = SimpleUploadedFile("p.png", image_bytes("PNG"))
    response = change(staff_client, product, data)
    assert response.status_code == 200
    assert "A product can have at most 12 photos." in page_errors(response)
    assert ProductPhoto.objects.count() == 12


# --- the products list's quick edits ---------------------------------------------------


def quick_edit(product, **changes):
    data = {
        "form-TOTAL_FORMS": "1",
        "form-INITIAL_FORMS": "1",
        "form-MIN_NUM_FORMS": "0",
        "form-MAX_NUM_FORMS": "1000",
        "form-0-id": str(product.pk),
        "form-0-price": str(product.price),
        "form-0-quantity": str(product.quantity),
        "initial-form-0-quantity": str(product.quantity),
        "_save": "Save",
    }
    data.update(changes)
    return data


def test_a_quick_edit_in_the_list_goes_to_the_only_variant(staff_client):
    product = ProductFactory(price=Decimal("999.00"), quantity=10)
    response = staff_client.post(
        "/admin/catalog/product/",
        quick_edit(product, **{"form-0-price": "899.00", "form-0-quantity": "12"}),
    )
    assert response.status_code == 302
    product.refresh_from_db()
    variant = product.variants.get()
    assert (variant.price, variant.quantity) == (Decimal("899.00"), 12)
    assert (product.price, product.quantity) == (Decimal("899.00"), 12)


def test_a_quick_edit_of_a_product_with_variants_is_refused(staff_client):
    product = tee()
    response = staff_client.post(
        "/admin/catalog/product/", quick_edit(product, **{"form-0-quantity": "50"})
    )
    assert response.status_code == 200
    assert SEVERAL_VARIANTS.format(count=2) in response.content.decode()
    product.refresh_from_db()
    assert product.quantity == 5
    assert sorted(product.variants.values_list("quantity", flat=True)) == [2, 3]


@pytest.mark.django_db(transaction=True)
def test_a_quick_stock_edit_runs_in_a_transaction_of_its_own(client):
    """Outside a test's transaction, as in production: the row lock of the stock check
    needs one (PostgreSQL refuses FOR UPDATE in autocommit)."""
    from django.contrib.auth import get_user_model

    owner = get_user_model().objects.create_superuser(email="o@example.com", password="x")
    client.force_login(owner)
    product = ProductFactory(quantity=10)
    response = client.post(
        "/admin/catalog/product/", quick_edit(product, **{"form-0-quantity": "20"})
    )
    assert response.status_code == 302
    product.refresh_from_db()
    assert (product.quantity, product.variants.get().quantity) == (20, 20)
