"""A renamed product keeps its old address: `/product/{old}`
answers 301 to the new one, get-product/{old} answers the product (the React app then
replaces the address), and an unknown slug stays a 404."""

import pytest

from catalog import services
from catalog.models import ProductSlugHistory
from catalog.tests.admin_forms import change_page
from catalog.tests.factories import PARTS, ProductFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def renamed():
    product = ProductFactory(name="Sony WH-1000XM4")
    return services.product_update(product=product, name="Sony WH-1000XM5")


def test_a_rename_remembers_the_old_slug(renamed):
    assert renamed.slug == "sony-wh-1000xm5"
    assert list(renamed.old_slugs.values_list("slug", flat=True)) == ["sony-wh-1000xm4"]


def test_the_old_address_redirects_permanently_to_the_new_one(client, renamed):
    response = client.get("/product/sony-wh-1000xm4")
    assert response.status_code == 301
    assert response["Location"] == "/product/sony-wh-1000xm5"
    assert client.get(response["Location"]).status_code == 200


def test_every_old_address_of_a_product_twice_renamed_redirects(client, renamed):
    services.product_update(product=renamed, name="Sony WH-1000XM6")
    for old in ("sony-wh-1000xm4", "sony-wh-1000xm5"):
        response = client.get(f"/product/{old}")
        assert response.status_code == 301
        assert response["Location"] == "/product/sony-wh-1000xm6"


def test_a_slug_taken_back_is_current_again(client, renamed):
    services.product_update(product=renamed, name="Sony WH-1000XM4")
    assert client.get("/product/sony-wh-1000xm4").status_code == 200
    response = client.get("/product/sony-wh-1000xm5")
    assert response.status_code == 301
    assert response["Location"] == "/product/sony-wh-1000xm4"
    assert not ProductSlugHistory.objects.filter(slug="sony-wh-1000xm4").exists()


def test_a_new_product_at_an_old_slug_wins_over_the_history(client, renamed):
    newcomer = ProductFactory(name="Sony WH-1000XM4")
    assert newcomer.slug == "sony-wh-1000xm4"
    assert client.get("/product/sony-wh-1000xm4").status_code == 200


def test_get_product_answers_the_renamed_product_at_its_old_slug(
    api, renamed, django_assert_num_queries
):
    with django_assert_num_queries(2 + PARTS):
        response = api.get("/api/v1/product/get-product/sony-wh-1000xm4")
    assert response.status_code == 200
    assert response.json()["product"]["slug"] == "sony-wh-1000xm5"
    assert response.json()["product"]["_id"] == str(renamed.pk)


def test_a_current_slug_is_still_one_query(api, renamed, django_assert_num_queries):
    with django_assert_num_queries(1 + PARTS):
        response = api.get("/api/v1/product/get-product/sony-wh-1000xm5")
    assert response.status_code == 200


def test_an_unknown_slug_is_still_a_404(client, api, renamed):
    assert client.get("/product/sony-wh-1000xm3").status_code == 404
    response = api.get("/api/v1/product/get-product/sony-wh-1000xm3")
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Product not found"}


def test_a_deleted_product_takes_its_old_slugs_with_it(client, renamed):
    services.product_delete(product=renamed)
    assert client.get("/product/sony-wh-1000xm4").status_code == 404
    assert not ProductSlugHistory.objects.exists()


def test_a_rename_in_the_django_admin_is_remembered_too(admin_client, client):
    product = ProductFactory(name="Old Admin Name")
    response = admin_client.post(
        f"/admin/catalog/product/{product.pk}/change/",
        change_page(admin_client, product, name="New Admin Name"),
    )
    assert response.status_code == 302
    assert response["Location"] == "/admin/catalog/product/"
    redirect = client.get("/product/old-admin-name")
    assert redirect.status_code == 301
    assert redirect["Location"] == "/product/new-admin-name"
