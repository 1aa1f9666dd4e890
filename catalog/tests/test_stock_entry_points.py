"""One stock path, three entry points: the API's update, the Django admin's change form
(posted through the test client, signed in as staff) and the CSV import each write a
product's stock through catalog.services.stock.write_stock, so a sale committed between
the read the editor based its figures on and the write is kept. Each sale is made while
the save stores a photo: for the API before its transaction, for the admin and the CSV
import after their figures were read (the page shown, the file checked)."""

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalog.csv_io import apply_import, plan_import
from catalog.models import Variant
from catalog.tests.admin_forms import change_page
from catalog.tests.factories import ProductFactory, jpeg_bytes
from catalog.tests.test_stock_one_path import sold_while_storing, stock, tee

pytestmark = pytest.mark.django_db


def test_api_update_with_the_stock_as_read_keeps_a_sale_made_during_the_write(
    admin_api, anon_api, monkeypatch
):
    """The original form sends every field back, the stock as it read it."""
    product = ProductFactory(quantity=10, price="999.00", description="Old words.")
    shown = anon_api.get(f"/api/v1/product/get-product/{product.slug}").json()["product"]
    made = sold_while_storing(monkeypatch, (product, 3))

    response = admin_api.put(
        f"/api/v1/product/update-product/{product.pk}",
        {
            "name": shown["name"],
            "description": "New words.",
            "price": "899",
            "quantity": str(shown["quantity"]),
            "category": str(product.category_id),
            "photo": SimpleUploadedFile("p.jpg", jpeg_bytes(), content_type="image/jpeg"),
        },
        format="multipart",
    )

    assert response.status_code == 200, response.content
    assert made
    variants, total = stock(product)
    assert (list(variants.values()), total) == ([7], 7)
    assert product.price == Decimal("899.00")
    assert response.json()["products"]["quantity"] == 7


def test_admin_change_form_keeps_a_sale_made_during_the_write(staff_client, monkeypatch):
    """The page is shown, then saved with a price changed and a photo added; the sale
    comes after the page's figures were read, while the save stores the photo."""
    product = tee()
    shown = change_page(
        staff_client,
        product,
        **{
            "variants-0-price": "479.00",
            "photos-0-image": SimpleUploadedFile("p.jpg", jpeg_bytes(), content_type="image/jpeg"),
            "photos-0-alt": "Front",
        },
    )
    made = sold_while_storing(
        monkeypatch,
        (product, 2, Variant.objects.get(sku="TEE-S")),
        (product, 1, Variant.objects.get(sku="TEE-M")),
    )

    response = staff_client.post(f"/admin/catalog/product/{product.pk}/change/", shown)

    assert response.status_code == 302, response.content.decode()[:3000]
    assert made
    assert stock(product) == ({"TEE-S": 3, "TEE-M": 2}, 5)
    assert product.price == Decimal("479.00")
    assert product.photos.count() == 1


HEADER = (
    "name,slug,description,category,shipping,photos,option1_name,option1_values,"
    "sku,option1_value,price,quantity"
)


def test_csv_import_keeps_a_sale_made_during_the_write(tmp_path, monkeypatch):
    """The file gives the stock as it was when it was checked, a new price and a new
    photo; the sale comes while the import stores the photo."""
    product = tee()
    images = tmp_path / "images"
    images.mkdir()
    (images / "front.jpg").write_bytes(jpeg_bytes())
    path = tmp_path / "p.csv"
    cells = f"Tee,tee,{product.description},{product.category.name},1,front.jpg,Size,S|M|L"
    path.write_text(
        f"{HEADER}\n{cells},TEE-S,S,459,5\n,tee,,,,,,,TEE-M,M,549,3\n", encoding="utf-8"
    )
    with open(path, "rb") as handle:
        plan = plan_import(handle, images=images)
    assert plan.updated == 1
    made = sold_while_storing(
        monkeypatch,
        (product, 2, Variant.objects.get(sku="TEE-S")),
        (product, 1, Variant.objects.get(sku="TEE-M")),
    )

    apply_import(plan)

    assert made
    assert stock(product) == ({"TEE-S": 3, "TEE-M": 2}, 5)
    assert product.price == Decimal("459.00")
    assert product.photos.count() == 1
