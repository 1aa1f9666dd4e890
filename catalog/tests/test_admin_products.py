"""The admin's products table call: admins only, 50 a page (a setting), search by name,
sort by stock, the product shape of the other lists, two queries whatever the page size."""

from decimal import Decimal

import pytest

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import MODEL_PARTS, ProductFactory

LIST = "/api/v1/admin/products"


@pytest.fixture
def admin_api(db, api):
    api.force_authenticate(AdminFactory())
    return api


def test_only_admins_read_the_table(db, api):
    assert api.get(LIST).status_code == 401
    api.force_authenticate(UserFactory())
    response = api.get(LIST)
    assert response.status_code == 403
    assert response.json()["success"] is False


def test_a_page_has_fifty_newest_first_with_the_total(admin_api):
    products = [ProductFactory() for _ in range(53)]
    response = admin_api.get(LIST)
    assert (response["X-Total-Count"], response["X-Page-Size"]) == ("53", "50")
    assert [p["_id"] for p in response.json()] == [str(p.pk) for p in products[::-1][:50]]
    second = admin_api.get(LIST, {"page": 2})
    assert [p["_id"] for p in second.json()] == [str(p.pk) for p in products[:3][::-1]]
    assert second["X-Total-Count"] == "53"
    past = admin_api.get(LIST, {"page": 3})
    assert (past.status_code, past.json(), past["X-Total-Count"]) == (200, [], "53")


def test_rows_have_the_products_shape(admin_api):
    product = ProductFactory(name="Desk Fan", price=Decimal("1999.00"), quantity=4)
    [row] = admin_api.get(LIST).json()
    assert row["name"] == "Desk Fan"
    assert (row["price"], row["quantity"]) == (1999, 4)
    assert row["category"] == {
        "_id": str(product.category.pk),
        "name": product.category.name,
        "slug": product.category.slug,
    }
    assert row["photo"]


def test_sort_by_stock_both_ways_and_search_by_name(admin_api):
    ProductFactory(name="Blue Kettle", quantity=7)
    ProductFactory(name="Red Kettle", quantity=0)
    ProductFactory(name="Green Mug", quantity=3)

    def names(**params):
        return [p["name"] for p in admin_api.get(LIST, params).json()]

    assert names(sort="stock") == ["Red Kettle", "Green Mug", "Blue Kettle"]
    assert names(sort="-stock") == ["Blue Kettle", "Green Mug", "Red Kettle"]
    assert names(sort="name") == ["Blue Kettle", "Green Mug", "Red Kettle"]
    assert names(q="KETTLE", sort="stock") == ["Red Kettle", "Blue Kettle"]
    assert admin_api.get(LIST, {"q": "kettle"})["X-Total-Count"] == "2"


@pytest.mark.parametrize(
    "params",
    [
        {"page": 0},
        {"page": -1},
        {"page": "x"},
        {"page": "1.5"},
        {"sort": "price"},
        {"q": "x" * 201},
    ],
)
def test_bad_input_is_a_400_in_the_error_shape(admin_api, params):
    response = admin_api.get(LIST, params)
    assert response.status_code == 400
    assert response.json()["success"] is False
    assert "X-Total-Count" not in response


@pytest.mark.parametrize("count", [2, 60])
def test_the_table_is_two_queries_whatever_the_page_size(
    admin_api, settings, count, django_assert_num_queries
):
    settings.ADMIN_PRODUCTS_PER_PAGE = count
    for _ in range(count):
        ProductFactory()
    with django_assert_num_queries(2 + MODEL_PARTS):  # the count, the page with its categories
        assert len(admin_api.get(LIST).json()) == count
