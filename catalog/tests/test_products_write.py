"""create-product, update-product, delete-product: multipart, admin only, all or nothing."""

import re
from decimal import Decimal

import pytest
from django.core.files.storage import FileSystemStorage, default_storage
from django.core.files.uploadedfile import SimpleUploadedFile

from catalog.models import Product
from catalog.tests.conftest import image_bytes
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"


@pytest.fixture
def category():
    return CategoryFactory(name="Electronics")


def form(chosen, **overrides):
    data = {
        "name": "Boat Rockerz 450",
        "description": "Wireless on-ear headphones with 15 hours of play.",
        "price": "1499.00",
        "quantity": "25",
        "category": str(chosen.pk),
        "shipping": "1",
    }
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


def jpeg(name="photo.jpg", **kwargs):
    return SimpleUploadedFile(name, image_bytes("JPEG", **kwargs), content_type="image/jpeg")


def create(client, data):
    return client.post(f"{BASE}/create-product", data, format="multipart")


def media_files(settings):
    """Stored photos; their WebP renditions (name-w200.webp...) come and go with them and
    are checked in test_photo_renditions.py."""
    root = settings.MEDIA_ROOT / "products"
    names = sorted(p.name for p in root.iterdir()) if root.exists() else []
    return [n for n in names if not re.search(r"-w\d+\.webp$", n)]


# --- create -------------------------------------------------------------------------------


def test_admin_creates_a_product_with_a_photo(admin_api, category, settings):
    response = create(admin_api, form(category, photo=jpeg()))
    assert response.status_code == 201
    body = response.json()
    assert body["success"] is True and body["message"]
    item = body["products"]
    product = Product.objects.get()
    assert item["_id"] == str(product.pk)
    assert item["slug"] == "boat-rockerz-450"
    assert item["price"] == 1499 and item["quantity"] == 25 and item["shipping"] == 1
    assert item["category"] == {
        "_id": str(category.pk),
        "name": "Electronics",
        "slug": "electronics",
    }
    assert product.photo.name.startswith("products/boat-rockerz-450-")
    assert product.photo.name.endswith(".jpg")
    assert default_storage.exists(product.photo.name)
    assert len(media_files(settings)) == 1


def test_create_without_photo_or_with_an_empty_photo_field(admin_api, category):
    assert create(admin_api, form(category)).status_code == 201
    response = create(admin_api, form(category, name="Second", photo=""))
    assert response.status_code == 201
    assert not Product.objects.get(name="Second").photo


def test_shipping_is_optional_and_defaults_to_no(admin_api, category):
    response = create(admin_api, form(category, shipping=None))
    assert response.json()["products"]["shipping"] == 0
    response = create(admin_api, form(category, name="Other", shipping="0"))
    assert response.json()["products"]["shipping"] == 0
    assert Product.objects.filter(shipping=True).count() == 0


def test_shipping_one_is_stored(admin_api, category):
    create(admin_api, form(category, shipping="1"))
    assert Product.objects.get().shipping is True


def test_category_id_may_be_sent_as_json_number(admin_api, category):
    response = admin_api.post(
        f"{BASE}/create-product",
        {
            "name": "Json Phone",
            "description": "Sent as JSON.",
            "price": 9999.5,
            "quantity": 3,
            "category": category.pk,
            "shipping": 1,
        },
    )
    assert response.status_code == 201
    assert response.json()["products"]["price"] == 9999.5


@pytest.mark.parametrize(
    "overrides, field",
    [
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": None}, "name"),
        ({"name": "\u200b\ufeff"}, "name"),
        ({"name": "Boat\x01Rockerz"}, "name"),
        ({"name": "Boat\nRockerz"}, "name"),
        ({"description": ""}, "description"),
        ({"description": "\u200b \u200e"}, "description"),
        ({"description": "Bell\x07 and escape\x1b[31m"}, "description"),
        ({"description": "x" * 5001}, "description"),
        ({"description": None}, "description"),
        ({"price": "-1"}, "price"),
        ({"price": "abc"}, "price"),
        ({"price": ""}, "price"),
        ({"price": "NaN"}, "price"),
        ({"price": "Infinity"}, "price"),
        ({"price": "10.999"}, "price"),
        ({"price": "123456789012"}, "price"),
        ({"quantity": "1.5"}, "quantity"),
        ({"quantity": "-1"}, "quantity"),
        ({"quantity": "many"}, "quantity"),
        ({"quantity": None}, "quantity"),
        ({"category": "abc"}, "category"),
        ({"category": "-3"}, "category"),
        ({"category": "987654"}, "category"),
        ({"category": None}, "category"),
        ({"shipping": "2"}, "shipping"),
        ({"shipping": "yes"}, "shipping"),
        ({"shipping": "-1"}, "shipping"),
        ({"photo": "not a file"}, "photo"),
    ],
)
def test_bad_product_input_is_400_and_saves_nothing(
    admin_api, category, settings, overrides, field
):
    response = create(admin_api, form(category, **overrides))
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["success"] is False
    assert body["message"]
    assert field in body["errors"]
    assert Product.objects.count() == 0
    assert media_files(settings) == []


@pytest.mark.parametrize("name", ["Boat Rockerz 450", "boat rockerz 450", "BOAT ROCKERZ 450"])
def test_duplicate_product_name_in_any_case_is_409(admin_api, category, settings, name):
    ProductFactory(name="Boat Rockerz 450", category=category)
    response = create(admin_api, form(category, name=name, photo=jpeg()))
    assert response.status_code == 409
    assert response.json() == {"success": False, "message": "Product already exists"}
    assert Product.objects.count() == 1
    assert media_files(settings) == []


def test_names_are_trimmed_of_invisible_characters_and_descriptions_keep_line_breaks(
    admin_api, category
):
    description = "Line one.\r\nLine two,\ttabbed."
    response = create(
        admin_api, form(category, name="\u200bBoat Rockerz\ufeff ", description=description)
    )
    assert response.status_code == 201, response.content
    product = Product.objects.get()
    assert product.name == "Boat Rockerz"
    assert product.description == description
    assert product.slug == "boat-rockerz"


def test_devanagari_product_name_gets_a_slug(admin_api, category):
    response = create(admin_api, form(category, name="सूती कुर्ता"))
    slug = response.json()["products"]["slug"]
    assert slug.startswith("product-") and slug == slug.lower()
    assert admin_api.get(f"{BASE}/get-product/{slug}").json()["product"]["name"] == "सूती कुर्ता"


def test_storage_failure_while_saving_the_photo_leaves_no_product(admin_api, category, monkeypatch):
    def broken_save(self, name, content):
        raise OSError("disk full")

    monkeypatch.setattr(FileSystemStorage, "_save", broken_save)
    response = create(admin_api, form(category, photo=jpeg()))
    assert response.status_code == 503
    assert response.json()["success"] is False
    assert Product.objects.count() == 0


def test_database_failure_after_the_photo_is_stored_removes_the_file(
    admin_api, category, settings, monkeypatch
):
    from django.db import IntegrityError

    from catalog import services

    def lost_race(instance, *, exists_message):
        raise services.Conflict(exists_message) from IntegrityError("duplicate")

    monkeypatch.setattr(services.products, "_save", lost_race)
    response = create(admin_api, form(category, photo=jpeg()))
    assert response.status_code == 409
    assert Product.objects.count() == 0
    assert media_files(settings) == []


@pytest.mark.parametrize("client_name, status", [("anon_api", 401), ("shopper_api", 403)])
def test_product_writes_by_shopper_or_anonymous_are_refused_and_change_nothing(
    request, category, settings, client_name, status
):
    client = request.getfixturevalue(client_name)
    product = ProductFactory(name="Keep Me", category=category, price=Decimal("10"))
    responses = [
        create(client, form(category, photo=jpeg())),
        client.put(
            f"{BASE}/update-product/{product.pk}",
            form(category, name="Changed"),
            format="multipart",
        ),
        client.delete(f"{BASE}/delete-product/{product.pk}"),
    ]
    for response in responses:
        assert response.status_code == status
        assert response.json()["success"] is False
    product.refresh_from_db()
    assert product.name == "Keep Me" and product.price == Decimal("10")
    assert Product.objects.count() == 1
    assert media_files(settings) == []


def test_raw_token_without_bearer_is_accepted(category):
    from rest_framework.test import APIClient
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.tests.factories import AdminFactory

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=str(AccessToken.for_user(AdminFactory())))
    assert create(client, form(category)).status_code == 201


# --- update -------------------------------------------------------------------------------


def update(client, product, data):
    return client.put(f"{BASE}/update-product/{product.pk}", data, format="multipart")


def test_update_without_photo_keeps_the_photo(admin_api, category):
    product = ProductFactory(name="Old Name", category=category, with_photo=True)
    photo = product.photo.name
    response = update(admin_api, product, form(category, name="New Name", price="10.50"))
    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True and body["message"]
    assert body["products"]["name"] == "New Name"
    assert body["products"]["slug"] == "new-name"
    assert body["products"]["price"] == 10.5
    product.refresh_from_db()
    assert product.photo.name == photo


def test_update_keeps_the_slug_when_the_name_is_unchanged(admin_api, category):
    product = ProductFactory(name="Same", slug="same-original", category=category)
    update(admin_api, product, form(category, name="Same", price="5"))
    product.refresh_from_db()
    assert product.slug == "same-original"


def test_update_shipping_is_stored(admin_api, category):
    product = ProductFactory(category=category, shipping=False)
    update(admin_api, product, form(category, name=product.name, shipping="1"))
    product.refresh_from_db()
    assert product.shipping is True
    update(admin_api, product, form(category, name=product.name, shipping="0"))
    product.refresh_from_db()
    assert product.shipping is False


def test_update_moves_a_product_to_another_category(admin_api, category):
    product = ProductFactory(category=category)
    other = CategoryFactory(name="Clothing")
    response = update(admin_api, product, {"category": str(other.pk)})
    assert response.json()["products"]["category"]["slug"] == "clothing"


def test_replacing_the_photo_removes_the_old_file_after_commit(
    admin_api, category, django_capture_on_commit_callbacks
):
    product = ProductFactory(category=category, with_photo=True)
    old = product.photo.name
    with django_capture_on_commit_callbacks(execute=True):
        response = update(admin_api, product, {"photo": jpeg("new.png", color=(0, 255, 0))})
    assert response.status_code == 200
    product.refresh_from_db()
    assert product.photo.name != old
    assert default_storage.exists(product.photo.name)
    assert not default_storage.exists(old)


def test_failed_update_keeps_the_old_photo_and_removes_the_new_file(admin_api, category, settings):
    ProductFactory(name="Taken", category=category)
    product = ProductFactory(name="Mine", category=category, with_photo=True)
    old = product.photo.name
    response = update(admin_api, product, {"name": "taken", "photo": jpeg()})
    assert response.status_code == 409
    product.refresh_from_db()
    assert product.name == "Mine" and product.photo.name == old
    assert media_files(settings) == [old.split("/")[-1]]


@pytest.mark.parametrize(
    "overrides",
    [{"price": "-5"}, {"quantity": "2.5"}, {"category": "987654"}, {"shipping": "7"}, {"name": ""}],
)
def test_bad_update_is_400_and_changes_nothing(admin_api, category, overrides):
    product = ProductFactory(name="Stable", category=category, price=Decimal("99"), quantity=4)
    response = update(admin_api, product, overrides)
    assert response.status_code == 400
    product.refresh_from_db()
    assert (product.name, product.price, product.quantity) == ("Stable", Decimal("99"), 4)


@pytest.mark.parametrize("bad_id", ["999999", "abc", "0", "-1"])
def test_update_or_delete_unknown_product_is_404(admin_api, category, bad_id):
    response = admin_api.put(f"{BASE}/update-product/{bad_id}", form(category), format="multipart")
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Product not found"}
    assert admin_api.delete(f"{BASE}/delete-product/{bad_id}").status_code == 404


# --- delete -------------------------------------------------------------------------------


def test_delete_product_removes_the_row_and_its_photo_after_commit(
    admin_api, category, django_capture_on_commit_callbacks
):
    product = ProductFactory(category=category, with_photo=True)
    photo = product.photo.name
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.delete(f"{BASE}/delete-product/{product.pk}")
    assert response.status_code == 200
    assert response.json()["success"] is True and response.json()["message"]
    assert not Product.objects.exists()
    assert not default_storage.exists(photo)


def test_a_photo_shared_by_another_product_is_kept(
    admin_api, category, django_capture_on_commit_callbacks
):
    product = ProductFactory(category=category, with_photo=True)
    twin = ProductFactory(category=category)
    twin.photo.name = product.photo.name
    twin.save()
    with django_capture_on_commit_callbacks(execute=True):
        admin_api.delete(f"{BASE}/delete-product/{product.pk}")
    assert default_storage.exists(twin.photo.name)


def test_deleting_the_products_then_the_category_works(admin_api, category):
    product = ProductFactory(category=category)
    admin_api.delete(f"{BASE}/delete-product/{product.pk}")
    response = admin_api.delete(f"/api/v1/category/delete-category/{category.pk}")
    assert response.status_code == 200


def test_empty_shipping_with_a_photo_defaults_to_no(admin_api, category):
    response = create(admin_api, form(category, shipping="", photo=jpeg()))
    assert response.status_code == 201
    assert response.json()["products"]["shipping"] == 0
    assert Product.objects.get().photo


def test_update_with_an_empty_photo_field_keeps_the_photo(admin_api, category):
    product = ProductFactory(category=category, with_photo=True)
    photo = product.photo.name
    response = update(admin_api, product, {"photo": "", "quantity": "9"})
    assert response.status_code == 200
    product.refresh_from_db()
    assert product.photo.name == photo and product.quantity == 9


def test_a_negative_price_says_it_must_be_zero_or_more(admin_api, category):
    response = create(admin_api, form(category, price="-1"))

    assert response.status_code == 400
    assert response.json()["errors"]["price"] == ["Price must be zero or more."]
    assert Product.objects.count() == 0
