"""The Django admin edits the tax details: a category's defaults and rule, a product's
own; bad values are refused beside their field and nothing changes."""

from decimal import Decimal

import pytest

from catalog.models import Category, Product
from catalog.tests.admin_forms import change_page, form_data
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db


def category_form(client, category, **changes) -> tuple[str, dict]:
    page = f"/admin/catalog/category/{category.pk}/change/"
    return page, form_data(client.get(page).content.decode(), **changes)


def stored_rule(category) -> tuple:
    c = Category.objects.get(pk=category.pk)
    return c.hsn, c.gst_rate, c.gst_threshold, c.gst_rate_above, c.country_of_origin


def test_the_category_page_sets_a_price_dependent_rule(staff_client, api):
    category = CategoryFactory(name="Apparel")
    product = ProductFactory(name="Kurta", price=Decimal("3000.00"), category=category)
    assert api.get("/api/v1/product/get-product/kurta").json()["product"]["gstRate"] == 18
    page, data = category_form(
        staff_client,
        category,
        hsn="6204",
        gst_rate="5",
        gst_threshold="2500",
        gst_rate_above="18",
        country_of_origin="India",
    )
    response = staff_client.post(page, data)
    assert response.status_code == 302
    assert stored_rule(category) == ("6204", 5, Decimal("2500.00"), 18, "India")
    item = api.get("/api/v1/product/get-product/kurta").json()["product"]
    assert (item["hsn"], item["gstRate"]) == ("6204", 18)  # Rs 2,857 of sale value: above
    product.variants.update(price=Decimal("2625.00"))
    Product.objects.filter(pk=product.pk).update(price=Decimal("2625.00"))
    ProductFactory(name="Nudge", category=category)  # a catalogue write: a fresh answer
    assert api.get("/api/v1/product/get-product/kurta").json()["product"]["gstRate"] == 5
    listing = staff_client.get("/admin/catalog/category/").content.decode()
    assert "18% above Rs 2500.00" in listing


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"hsn": "12"}, "hsn", "HSN code must be 4 to 8 digits."),
        ({"hsn": "12345678 9"}, "hsn", "at most 8 characters"),
        ({"gst_rate": "12"}, "gst_rate", "Select a valid choice"),
        ({"gst_threshold": "2500", "gst_rate_above": ""}, "gst_rate_above", "both"),
        ({"gst_threshold": "", "gst_rate_above": "18"}, "gst_threshold", "both"),
        ({"gst_threshold": "-1", "gst_rate_above": "18"}, "gst_threshold", "greater than"),
        (
            {"gst_rate": "18", "gst_threshold": "2500", "gst_rate_above": "5"},
            "gst_rate_above",
            "must be higher",
        ),
        (
            {"gst_rate": "5", "gst_threshold": "2500", "gst_rate_above": "5"},
            "gst_rate_above",
            "must be higher",
        ),
        ({"country_of_origin": "X"}, "country_of_origin", "2 to 60 characters"),
        ({"country_of_origin": ""}, "country_of_origin", "required"),
    ],
)
def test_a_bad_category_rule_is_refused_and_nothing_changes(staff_client, changes, field, message):
    category = CategoryFactory(name="Footwear", hsn="6403", gst_rate=5)
    before = stored_rule(category)
    page, data = category_form(staff_client, category, **changes)
    response = staff_client.post(page, data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert field in errors and message in " ".join(errors[field]), errors
    assert stored_rule(category) == before


def test_the_product_page_sets_and_clears_its_own_tax(staff_client, api):
    category = CategoryFactory(name="Audio", hsn="8518", gst_rate=18)
    product = ProductFactory(name="Earbuds", category=category)
    url = f"/admin/catalog/product/{product.pk}/change/"
    data = change_page(
        staff_client, product, hsn=" 85183000 ", gst_rate="40", country_of_origin="China"
    )
    assert staff_client.post(url, data).status_code == 302
    product.refresh_from_db()
    assert (product.hsn, product.gst_rate, product.country_of_origin) == ("85183000", 40, "China")
    item = api.get("/api/v1/product/get-product/earbuds").json()["product"]
    assert (item["hsn"], item["gstRate"], item["countryOfOrigin"]) == ("85183000", 40, "China")
    data = change_page(staff_client, product, hsn="", gst_rate="", country_of_origin="")
    assert staff_client.post(url, data).status_code == 302
    product.refresh_from_db()
    assert (product.hsn, product.gst_rate, product.country_of_origin) == (None, None, None)
    item = api.get("/api/v1/product/get-product/earbuds").json()["product"]
    assert (item["hsn"], item["gstRate"], item["countryOfOrigin"]) == ("8518", 18, "India")


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"hsn": "85a8"}, "hsn"),
        ({"hsn": "123456789"}, "hsn"),
        ({"gst_rate": "28"}, "gst_rate"),
        ({"country_of_origin": "Z"}, "country_of_origin"),
    ],
)
def test_a_bad_product_tax_value_is_refused_and_nothing_changes(staff_client, changes, field):
    product = ProductFactory(name="Earbuds", hsn="8518", gst_rate=18)
    url = f"/admin/catalog/product/{product.pk}/change/"
    response = staff_client.post(url, change_page(staff_client, product, **changes))
    assert response.status_code == 200
    assert field in response.context["adminform"].form.errors
    product.refresh_from_db()
    assert (product.hsn, product.gst_rate, product.country_of_origin) == ("8518", 18, None)
