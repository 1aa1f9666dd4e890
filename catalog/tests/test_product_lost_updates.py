"""Two admins editing one product: a save that carries the `updatedAt` its form was
loaded with is refused (409, nothing changes) when someone saved the product since.
Without `updatedAt` (the original client) a save goes through as before."""

import pytest

from catalog.models import Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"
CHANGED = (
    "This product was changed by someone else since you opened it. "
    "Reload it to see their changes, then make yours again."
)


def loaded(client, product) -> dict:
    response = client.get(f"{BASE}/get-product/{product.slug}")
    assert response.status_code == 200
    return response.json()["product"]


def save(client, product, **fields):
    return client.put(f"{BASE}/update-product/{product.pk}", fields, format="multipart")


def test_the_second_of_two_editors_gets_409_and_changes_nothing(admin_api, anon_api):
    product = ProductFactory(name="Boat Rockerz 450", price="1499.00", quantity=25)
    first = loaded(anon_api, product)
    second = loaded(anon_api, product)

    assert save(admin_api, product, price="1299", updatedAt=first["updatedAt"]).status_code == 200
    response = save(admin_api, product, quantity="3", updatedAt=second["updatedAt"])

    assert response.status_code == 409
    assert response.json() == {"success": False, "message": CHANGED}
    product.refresh_from_db()
    assert (str(product.price), product.quantity) == ("1299.00", 25)


def test_a_save_with_the_current_updated_at_goes_through_and_answers_the_new_one(
    admin_api, anon_api
):
    product = ProductFactory(name="Boat Rockerz 450", quantity=25)
    current = loaded(anon_api, product)

    response = save(admin_api, product, quantity="7", updatedAt=current["updatedAt"])

    assert response.status_code == 200
    fresh = response.json()["products"]
    assert fresh["quantity"] == 7
    assert fresh["updatedAt"] > current["updatedAt"]
    again = save(admin_api, product, quantity="8", updatedAt=fresh["updatedAt"])
    assert again.status_code == 200


def test_updated_at_rounded_to_milliseconds_by_a_client_still_matches(admin_api, anon_api):
    product = ProductFactory(name="Boat Rockerz 450")
    stamp = loaded(anon_api, product)["updatedAt"]  # e.g. 2026-11-23T10:00:00.123456Z
    rounded = stamp[:23] + "Z" if "." in stamp else stamp

    assert save(admin_api, product, quantity="4", updatedAt=rounded).status_code == 200


def test_without_updated_at_the_original_client_still_saves(admin_api):
    product = ProductFactory(name="Boat Rockerz 450", quantity=25)
    Product.objects.filter(pk=product.pk).update(quantity=30)

    assert save(admin_api, product, quantity="5").status_code == 200
    product.refresh_from_db()
    assert product.quantity == 5


def test_a_malformed_updated_at_is_400(admin_api):
    product = ProductFactory(name="Boat Rockerz 450", quantity=25)

    response = save(admin_api, product, quantity="5", updatedAt="yesterday")

    assert response.status_code == 400
    assert response.json()["success"] is False
    product.refresh_from_db()
    assert product.quantity == 25


def test_a_stale_write_with_a_new_photo_stores_no_file(admin_api, anon_api, settings):
    from catalog.tests.test_products_write import jpeg, media_files

    product = ProductFactory(name="Boat Rockerz 450", category=CategoryFactory())
    stale = loaded(anon_api, product)["updatedAt"]
    save(admin_api, product, quantity="9")
    before = media_files(settings)

    response = save(admin_api, product, photo=jpeg(), updatedAt=stale)

    assert response.status_code == 409
    assert media_files(settings) == before
