"""Price and quantity are written with the digits 0-9 only, as checkout already requires:
Arabic-Indic, Devanagari or full-width digits are refused with a clear 400 everywhere a
product is written (API create and update, the Django admin, the CSV import)."""

import pytest

from catalog.models import Product
from catalog.tests.admin_forms import add_page
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_csv_import_export import failing_import, write
from catalog.tests.test_products_write import create, form, update

pytestmark = pytest.mark.django_db

PRICE_DIGITS = "Price must be written with the digits 0-9."
QUANTITY_DIGITS = "Quantity must be written with the digits 0-9."


@pytest.fixture
def category():
    return CategoryFactory(name="Electronics")


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("price", "\u0661\u0662\u0663", PRICE_DIGITS),  # Arabic-Indic
        ("price", "\u0967\u0968\u0969.\u096b\u0966", PRICE_DIGITS),  # Devanagari
        ("price", "\uff11\uff12\uff13", PRICE_DIGITS),  # full-width
        ("quantity", "\u0665", QUANTITY_DIGITS),
        ("quantity", "\u096b", QUANTITY_DIGITS),
    ],
)
def test_create_refuses_non_ascii_digits(admin_api, category, field, value, message):
    response = create(admin_api, form(category, **{field: value}))

    assert response.status_code == 400
    assert response.json() == {"success": False, "message": message, "errors": {field: [message]}}
    assert Product.objects.count() == 0


def test_update_refuses_non_ascii_digits_and_changes_nothing(admin_api, category):
    product = ProductFactory(category=category, price=100, quantity=3)

    price = update(admin_api, product, {"price": "\u0662\u0660\u0660"})
    quantity = update(admin_api, product, {"quantity": "\u0669"})

    assert (price.status_code, quantity.status_code) == (400, 400)
    product.refresh_from_db()
    assert (product.price, product.quantity) == (100, 3)


def test_ascii_digits_still_work(admin_api, category):
    response = create(admin_api, form(category, price=" 1499.50 ", quantity="7"))
    assert response.status_code == 201
    assert (response.json()["products"]["price"], response.json()["products"]["quantity"]) == (
        1499.5,
        7,
    )


def test_the_django_admin_refuses_non_ascii_digits(staff_client, category):
    data = add_page(
        staff_client,
        name="Digits",
        description="x",
        category=str(category.pk),
        **{"variants-0-price": "\u0661\u0660\u0660", "variants-0-quantity": "\u0665"},
    )
    response = staff_client.post("/admin/catalog/product/add/", data)
    assert response.status_code == 200
    page = response.content.decode()
    assert PRICE_DIGITS in page and QUANTITY_DIGITS in page
    assert Product.objects.count() == 0


def test_the_csv_import_refuses_non_ascii_digits(tmp_path):
    path = write(
        tmp_path / "p.csv", "name,description,price,quantity,category\nA,x,\u0661\u0660\u0660,5,C\n"
    )

    message, errors = failing_import(path)

    assert "nothing was imported" in message
    assert f"line 2: price: {PRICE_DIGITS}" in errors
    assert Product.objects.count() == 0
