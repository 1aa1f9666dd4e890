"""Slugs: lowercase, unique, never empty, stable unless the name changes (F11)."""

import pytest

from catalog.models import Product
from catalog.slugs import base_slug
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db


def create(client, category, name):
    data = {
        "name": name,
        "description": "d",
        "price": "1",
        "quantity": "1",
        "category": str(category.pk),
    }
    return client.post("/api/v1/product/create-product", data, format="multipart")


@pytest.mark.parametrize(
    "name, slug",
    [
        ("Levi's 511 Slim Jeans", "levis-511-slim-jeans"),
        ("  Café  Crème  ", "cafe-creme"),
        ("USB-C (2 m)", "usb-c-2-m"),
    ],
)
def test_slugs_are_lowercase_ascii(name, slug):
    assert base_slug(name, fallback="product", max_length=200) == slug


def test_a_name_without_latin_letters_gets_a_stable_fallback():
    first = base_slug("सूती कुर्ता", fallback="product", max_length=200)
    again = base_slug("सूती कुर्ता", fallback="product", max_length=200)
    other = base_slug("🎧🎧", fallback="product", max_length=200)
    assert first == again and first.startswith("product-") and other != first


def test_product_names_that_slugify_alike_get_numbered_slugs(admin_api):
    category = CategoryFactory()
    slugs = [
        create(admin_api, category, name).json()["products"]["slug"]
        for name in ("Phone Case", "Phone-Case", "Phone  Case!")
    ]
    assert slugs == ["phone-case", "phone-case-2", "phone-case-3"]


def test_product_rename_keeps_the_slug_when_the_new_one_is_taken(admin_api):
    category = CategoryFactory()
    ProductFactory(name="Red Mug", category=category)
    product = ProductFactory(name="Blue Mug", category=category)
    response = admin_api.put(
        f"/api/v1/product/update-product/{product.pk}", {"name": "Red-Mug"}, format="multipart"
    )
    assert response.status_code == 200
    product.refresh_from_db()
    assert (product.name, product.slug) == ("Red-Mug", "blue-mug")


def test_a_very_long_name_gets_a_bounded_slug(admin_api):
    category = CategoryFactory()
    name = "Ultra " * 33  # 198 characters
    slug = create(admin_api, category, name.strip()).json()["products"]["slug"]
    assert len(slug) <= Product._meta.get_field("slug").max_length
    assert slug.startswith("ultra-ultra")
