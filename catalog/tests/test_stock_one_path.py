"""Every editor writes stock through one path (catalog.services.stock.write_stock) that locks the
product and its variants and reads their stock again under the locks: a sale committed
between the editor's read and its write stays, through the API, the Django admin and the
CSV import alike, and the product's stock is its variants' sum afterwards.

The sale is made where it happens for real: for the API while the save's photo is being
stored (before the write's transaction, the slow part of a save), for the admin while
its page is open, for the CSV import between the check of the file and its write."""

import json
from decimal import Decimal

import pytest
from django.core.files.storage import FileSystemStorage

from accounts.tests.factories import UserFactory
from catalog.csv_io import apply_import, plan_import
from catalog.models import Product, Variant
from catalog.tests.admin_forms import change_page
from catalog.tests.factories import ProductFactory
from catalog.tests.test_products_write import jpeg
from orders.services import order_checkout

pytestmark = pytest.mark.django_db

SIZES = [{"name": "Size", "values": ["S", "M", "L"]}]


def tee():
    return ProductFactory(
        name="Tee",
        slug="tee",
        options=SIZES,
        variants=[
            {"sku": "TEE-S", "options": {"Size": "S"}, "quantity": 5, "price": Decimal("499.00")},
            {"sku": "TEE-M", "options": {"Size": "M"}, "quantity": 3, "price": Decimal("549.00")},
        ],
    )


def sell(product, quantity, variant=None):
    line = {"_id": product.pk, "quantity": quantity}
    if variant is not None:
        line["variant"] = variant.pk
    buyer = UserFactory(address="12 MG Road, Bengaluru 560001")
    order, _ = order_checkout(buyer=buyer, cart=[line])
    return order


def stock(product) -> tuple[dict, int]:
    """{sku: stock} of its variants, and the product's own stock."""
    product.refresh_from_db()
    return dict(product.variants.values_list("sku", "quantity")), product.quantity


def sold_while_storing(monkeypatch, *sales):
    """The sales are made when the save starts storing its photo (once)."""
    real_save, made = FileSystemStorage._save, []

    def storing(self, name, content):
        if not made:
            made.extend(sell(*sale) for sale in sales)
        return real_save(self, name, content)

    monkeypatch.setattr(FileSystemStorage, "_save", storing)
    return made


def update(client, product, **fields):
    return client.put(f"/api/v1/product/update-product/{product.pk}", fields, format="multipart")


# --- the API ------------------------------------------------------------------------------


def test_an_api_edit_keeps_a_sale_made_while_its_photo_is_stored(admin_api, monkeypatch):
    product = ProductFactory(quantity=10, description="Old words.")
    made = sold_while_storing(monkeypatch, (product, 2))

    response = update(admin_api, product, description="New words.", photo=jpeg())

    assert response.status_code == 200, response.content
    assert made, "the sale was made"
    variants, total = stock(product)
    assert list(variants.values()) == [8]
    assert total == 8
    assert response.json()["products"]["quantity"] == 8
    assert product.description == "New words."


def test_an_api_edit_sending_the_variants_as_read_keeps_a_sale_made_meanwhile(
    admin_api, anon_api, monkeypatch
):
    """The editor sends every variant back with the stock it read and changes one: the
    stock it left alone takes the sale, the one it changed is written as sent."""
    product = tee()
    shown = anon_api.get(f"/api/v1/product/get-product/{product.slug}").json()["product"]
    small, medium = shown["variants"]
    sent = [{**small, "price": "479"}, {**medium, "quantity": 10}]
    made = sold_while_storing(
        monkeypatch,
        (product, 2, Variant.objects.get(sku="TEE-S")),
        (product, 1, Variant.objects.get(sku="TEE-M")),
    )

    response = update(
        admin_api, product, variants=json.dumps(sent), options=json.dumps(SIZES), photo=jpeg()
    )

    assert response.status_code == 200, response.content
    assert len(made) == 2
    assert stock(product) == ({"TEE-S": 3, "TEE-M": 10}, 13)
    assert product.price == Decimal("479.00")


# --- the Django admin ---------------------------------------------------------------------


def test_an_admin_save_keeps_a_sale_of_each_variant_made_while_the_page_was_open(
    staff_client,
):
    product = tee()
    shown = change_page(
        staff_client, product, description="New words.", **{"variants-1-price": "529.00"}
    )
    sell(product, 2, Variant.objects.get(sku="TEE-S"))
    sell(product, 1, Variant.objects.get(sku="TEE-M"))

    response = staff_client.post(f"/admin/catalog/product/{product.pk}/change/", shown)

    assert response.status_code == 302
    assert stock(product) == ({"TEE-S": 3, "TEE-M": 2}, 5)
    assert product.description == "New words."
    assert Variant.objects.get(sku="TEE-M").price == Decimal("529.00")


def test_a_quick_price_edit_in_the_admin_list_keeps_the_sale_and_the_sum(staff_client):
    product = ProductFactory(quantity=10, price="999.00")
    page = staff_client.get("/admin/catalog/product/").content.decode()
    assert 'name="initial-form-0-quantity" value="10"' in page
    sell(product, 3)

    response = staff_client.post(
        "/admin/catalog/product/",
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-MIN_NUM_FORMS": "0",
            "form-MAX_NUM_FORMS": "1000",
            "form-0-id": str(product.pk),
            "form-0-price": "899.00",
            "form-0-quantity": "10",
            "initial-form-0-quantity": "10",
            "_save": "Save",
        },
    )

    assert response.status_code == 302
    variants, total = stock(product)
    assert (list(variants.values()), total, product.price) == ([7], 7, Decimal("899.00"))
    assert Variant.objects.get(product=product).price == Decimal("899.00")


# --- the CSV import -----------------------------------------------------------------------

HEADER = (
    "name,slug,description,category,shipping,photos,option1_name,option1_values,"
    "option2_name,option2_values,sku,option1_value,option2_value,price,quantity"
)


def test_an_import_keeps_the_sales_made_after_its_check_in_every_product(tmp_path):
    """A batch: one product whose prices the file changes, one whose stock it sets, one
    it gives another description; sales of each come between the check and the write."""
    product = tee()
    mug = ProductFactory(name="Mug", slug="mug", quantity=40, price="249.00")
    lamp = ProductFactory(name="Lamp", slug="lamp", quantity=6, price="999.00")
    tee_cells = f"Tee,tee,{product.description},{product.category.name},1,,Size,S|M|L,,"
    path = tmp_path / "p.csv"
    path.write_text(
        f"{HEADER}\n"
        f"{tee_cells},TEE-S,S,,459,5\n"  # a new price, the stock as it was
        ",tee,,,,,,,,,TEE-M,M,,529,3\n"
        f"Mug,mug,{mug.description},{mug.category.name},1,,,,,,{mug.variants.get().sku},,,"
        "249,50\n"  # a count of the shelf
        f"Lamp,lamp,A brass lamp.,{lamp.category.name},1,,,,,,{lamp.variants.get().sku},,,"
        "999,6\n",
        encoding="utf-8",
    )
    with open(path, "rb") as handle:
        plan = plan_import(handle)
    assert (plan.updated, plan.created) == (3, 0)
    sell(product, 2, Variant.objects.get(sku="TEE-S"))
    sell(mug, 4)
    sell(lamp, 1)

    apply_import(plan)

    assert stock(product) == ({"TEE-S": 3, "TEE-M": 3}, 6)
    assert product.price == Decimal("459.00")
    assert stock(mug)[1] == 50  # the stock the file sets
    assert stock(lamp) == ({lamp.variants.get().sku: 5}, 5)
    assert lamp.description == "A brass lamp."
    for item in Product.objects.all():
        assert item.quantity == sum(item.variants.values_list("quantity", flat=True))
