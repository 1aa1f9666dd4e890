"""The Django admin for categories and products."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalog.models import Category, Product
from catalog.tests.admin_forms import add_page, form_data
from catalog.tests.conftest import image_bytes
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db


def test_product_list_shows_thumbnails_and_filters(staff_client, django_assert_max_num_queries):
    category = CategoryFactory(name="Audio")
    ProductFactory.create_batch(5, category=category, with_photo=True)
    ProductFactory(category=CategoryFactory(name="Clothing"))
    response = staff_client.get("/admin/catalog/product/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("/api/v1/product/product-photo/") >= 5
    assert 'name="form-0-price"' in html and 'name="form-0-quantity"' in html
    assert "By category" in html and "By shipping" in html
    # The list does not run one query per row.
    ProductFactory.create_batch(20, category=category)
    with django_assert_max_num_queries(15):
        staff_client.get("/admin/catalog/product/")


def test_product_search_finds_by_name(staff_client):
    ProductFactory(name="Pique Polo")
    ProductFactory(name="Denim Jacket")
    response = staff_client.get("/admin/catalog/product/?q=polo")
    html = response.content.decode()
    assert "Pique Polo" in html and "Denim Jacket" not in html


def test_admin_adds_a_product_with_a_generated_slug(staff_client):
    category = CategoryFactory(name="Audio")
    data = add_page(
        staff_client,
        name="Studio Monitor Pro",
        description="Flat response.",
        shipping="on",
        category=str(category.pk),
        created_at_0="2026-01-01",
        created_at_1="10:00:00",
        **{"variants-0-price": "4999.00", "variants-0-quantity": "3"},
    )
    data["photos-0-image"] = SimpleUploadedFile("m.png", image_bytes("PNG"))
    response = staff_client.post("/admin/catalog/product/add/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    product = Product.objects.get()
    assert product.slug == "studio-monitor-pro"
    assert (str(product.price), product.quantity) == ("4999.00", 3)
    assert product.photo.name.endswith(".png")
    assert product.photos.get().image.name == product.photo.name


def test_admin_refuses_a_fake_image_and_a_duplicate_name(staff_client):
    category = CategoryFactory(name="Audio")
    ProductFactory(name="Taken", category=category)
    data = add_page(
        staff_client,
        name="TAKEN",
        description="x",
        category=str(category.pk),
        **{"variants-0-price": "1", "variants-0-quantity": "1"},
    )
    data["photos-0-image"] = SimpleUploadedFile("x.png", b"not an image")
    response = staff_client.post("/admin/catalog/product/add/", data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Product already exists" in html and "Upload a valid image" in html
    assert Product.objects.count() == 1


def test_admin_category_rename_updates_a_free_slug(staff_client):
    category = CategoryFactory(name="Gadgets")
    page = f"/admin/catalog/category/{category.pk}/change/"
    # The whole form as a browser posts it (the category's tax defaults are on it too).
    html = staff_client.get(page).content.decode()
    response = staff_client.post(page, form_data(html, name="Smart Gadgets"))
    assert response.status_code == 302
    category.refresh_from_db()
    assert category.slug == "smart-gadgets"


def test_admin_category_list_counts_products(staff_client):
    category = CategoryFactory(name="Audio")
    ProductFactory.create_batch(2, category=category)
    html = staff_client.get("/admin/catalog/category/").content.decode()
    assert "Audio" in html
    assert Category.objects.count() == 1
