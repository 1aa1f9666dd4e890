"""create-category and update-category with the category's tax defaults (ours, optional):
a client that sends only `name` is answered as before; the admin's categories table reads
them from /api/v1/admin/categories."""

from decimal import Decimal

import pytest

from catalog.models import Category
from catalog.tests.factories import CategoryFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/category"
ADMIN_LIST = "/api/v1/admin/categories"
TAX_KEYS = {"hsn", "gstRate", "gstThreshold", "gstRateAbove", "countryOfOrigin"}


def tax(category: Category) -> tuple:
    category.refresh_from_db()
    return (
        category.hsn,
        category.gst_rate,
        category.gst_threshold,
        category.gst_rate_above,
        category.country_of_origin,
    )


def test_a_name_only_create_keeps_the_models_defaults(admin_api):
    response = admin_api.post(f"{BASE}/create-category", {"name": "Books"}, format="json")
    assert response.status_code == 201
    body = response.json()["category"]
    assert set(body) == {"_id", "name", "slug"} | TAX_KEYS
    assert tax(Category.objects.get()) == ("", 18, None, None, "India")


def test_a_create_with_tax_defaults_stores_and_answers_them(admin_api):
    response = admin_api.post(
        f"{BASE}/create-category",
        {
            "name": "Apparel",
            "hsn": " 6109 ",
            "gstRate": "5",
            "gstThreshold": "2500",
            "gstRateAbove": 18,
            "countryOfOrigin": "  Bangladesh ",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()["category"]
    assert (body["hsn"], body["gstRate"], body["gstThreshold"], body["gstRateAbove"]) == (
        "6109",
        5,
        2500,
        18,
    )
    assert tax(Category.objects.get()) == ("6109", 5, Decimal("2500.00"), 18, "Bangladesh")


@pytest.mark.parametrize(
    ("payload", "field", "words"),
    [
        ({"hsn": "61"}, "hsn", "4 to 8 digits"),
        ({"hsn": "\u0c66\u0c67\u0c68\u0c69"}, "hsn", "4 to 8 digits"),
        ({"gstRate": 12}, "gstRate", "0, 5, 18 or 40"),
        ({"gstRate": None}, "gstRate", "0, 5, 18 or 40"),
        ({"gstThreshold": 2500}, "gstRateAbove", "or neither"),
        ({"gstRateAbove": 18}, "gstThreshold", "or neither"),
        ({"gstThreshold": 2500, "gstRateAbove": 5, "gstRate": 18}, "gstRateAbove", "higher"),
        ({"gstThreshold": -1, "gstRateAbove": 40}, "gstThreshold", "negative"),
        ({"countryOfOrigin": "X"}, "countryOfOrigin", "2 to 60"),
    ],
)
def test_bad_tax_defaults_are_400_and_nothing_is_created(admin_api, payload, field, words):
    response = admin_api.post(
        f"{BASE}/create-category", {"name": "Apparel", **payload}, format="json"
    )
    assert response.status_code == 400, response.json()
    assert words in " ".join(response.json()["errors"][field])
    assert not Category.objects.exists()


def test_an_update_changes_only_what_is_sent_and_checks_the_pair_with_the_stored_values(
    admin_api,
):
    category = CategoryFactory(
        name="Shoes", hsn="6403", gst_rate=5, gst_threshold=Decimal("2500"), gst_rate_above=18
    )
    url = f"{BASE}/update-category/{category.pk}"
    renamed = admin_api.put(url, {"name": "Footwear"}, format="json")
    assert renamed.status_code == 200
    assert tax(category) == ("6403", 5, Decimal("2500.00"), 18, "India")
    # The stored rate above (18) is not higher than a new rate of 18.
    refused = admin_api.put(url, {"name": "Footwear", "gstRate": 18}, format="json")
    assert refused.status_code == 400
    assert "higher" in refused.json()["errors"]["gstRateAbove"][0]
    assert tax(category)[1] == 5
    # Dropping the rule takes both halves.
    flat = admin_api.put(
        url,
        {"name": "Footwear", "gstRate": 18, "gstThreshold": None, "gstRateAbove": None},
        format="json",
    )
    assert flat.status_code == 200, flat.json()
    assert tax(category) == ("6403", 18, None, None, "India")


def test_the_admin_list_has_every_category_with_its_tax_defaults(admin_api, shopper_api, anon_api):
    CategoryFactory(name="Books", hsn="4901", gst_rate=0)
    CategoryFactory(name="Apparel", hsn="6109", gst_rate=5)
    response = admin_api.get(ADMIN_LIST)
    assert response.status_code == 200
    rows = response.json()["category"]
    assert [(row["name"], row["hsn"], row["gstRate"]) for row in rows] == [
        ("Apparel", "6109", 5),
        ("Books", "4901", 0),
    ]
    assert anon_api.get(ADMIN_LIST).status_code == 401
    assert shopper_api.get(ADMIN_LIST).status_code == 403
