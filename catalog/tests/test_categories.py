"""Category calls on their literal contract paths."""

import pytest

from catalog.models import Category
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/category"


def test_get_category_lists_every_category_by_name_with_string_ids(
    anon_api, django_assert_num_queries
):
    zebra = CategoryFactory(name="Zebra prints")
    apple = CategoryFactory(name="apple gear")
    mango = CategoryFactory(name="Mango")
    with django_assert_num_queries(1):
        response = anon_api.get(f"{BASE}/get-category")
    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True
    assert body["message"]
    assert body["category"] == [
        {"_id": str(apple.pk), "name": "apple gear", "slug": "apple-gear"},
        {"_id": str(mango.pk), "name": "Mango", "slug": "mango"},
        {"_id": str(zebra.pk), "name": "Zebra prints", "slug": "zebra-prints"},
    ]


def test_get_category_query_count_does_not_grow_with_categories(
    anon_api, django_assert_num_queries
):
    CategoryFactory.create_batch(30)
    with django_assert_num_queries(1):
        assert len(anon_api.get(f"{BASE}/get-category").json()["category"]) == 30


def test_get_category_ignores_a_stale_token(api, django_assert_num_queries):
    CategoryFactory(name="Books")
    api.credentials(HTTP_AUTHORIZATION="Bearer not-a-real-token")
    response = api.get(f"{BASE}/get-category")
    assert response.status_code == 200


def test_single_category_by_slug(anon_api):
    category = CategoryFactory(name="Electronics")
    response = anon_api.get(f"{BASE}/single-category/electronics")
    assert response.status_code == 200
    assert response.json()["category"] == {
        "_id": str(category.pk),
        "name": "Electronics",
        "slug": "electronics",
    }


@pytest.mark.parametrize("slug", ["nope", "%00", "x" * 300])
def test_single_category_unknown_slug_is_404(anon_api, slug):
    response = anon_api.get(f"{BASE}/single-category/{slug}")
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Category not found"}


def test_admin_creates_a_category_with_a_lowercase_slug(admin_api):
    response = admin_api.post(f"{BASE}/create-category", {"name": "  Smart Home  "})
    assert response.status_code == 201
    body = response.json()
    assert body["success"] is True and body["message"]
    category = Category.objects.get()
    assert category.name == "Smart Home"
    contract = {"_id": str(category.pk), "name": "Smart Home", "slug": "smart-home"}
    assert {key: body["category"][key] for key in contract} == contract


@pytest.mark.parametrize("name", ["Electronics", "electronics", "ELECTRONICS", " electronics "])
def test_duplicate_category_name_in_any_case_is_409(admin_api, name):
    CategoryFactory(name="Electronics")
    response = admin_api.post(f"{BASE}/create-category", {"name": name})
    assert response.status_code == 409
    assert response.json() == {"success": False, "message": "Category already exists"}
    assert Category.objects.count() == 1


@pytest.mark.parametrize(
    "payload", [{}, {"name": ""}, {"name": "   "}, {"name": None}, {"name": "\u200b\u2060 \u200f"}]
)
def test_blank_category_name_is_400(admin_api, payload):
    response = admin_api.post(f"{BASE}/create-category", payload)
    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False
    assert body["message"] == "Name is required."
    assert Category.objects.count() == 0


def test_too_long_category_name_is_400(admin_api):
    response = admin_api.post(f"{BASE}/create-category", {"name": "x" * 101})
    assert response.status_code == 400
    assert Category.objects.count() == 0


@pytest.mark.parametrize("name", ["Smart\x00Home", "Smart\x01Home", "Smart\nHome", "\x1b[31mRed"])
def test_category_name_with_control_characters_is_400(admin_api, name):
    response = admin_api.post(f"{BASE}/create-category", {"name": name})
    assert response.status_code == 400
    assert response.json()["message"] == "Name contains characters that are not allowed."
    assert Category.objects.count() == 0


def test_category_name_is_trimmed_of_zero_width_characters(admin_api):
    response = admin_api.post(f"{BASE}/create-category", {"name": "\ufeff Smart Home\u200b"})
    assert response.status_code == 201
    assert Category.objects.get().name == "Smart Home"
    # The same name with invisible characters around it is a duplicate, not a new category.
    again = admin_api.post(f"{BASE}/create-category", {"name": "Smart Home\u2060"})
    assert again.status_code == 409
    assert Category.objects.count() == 1


def test_devanagari_and_emoji_names_still_get_a_slug(admin_api):
    hindi = admin_api.post(f"{BASE}/create-category", {"name": "इलेक्ट्रॉनिक्स"}).json()
    emoji = admin_api.post(f"{BASE}/create-category", {"name": "📱📱"}).json()
    assert hindi["category"]["slug"].startswith("category-")
    assert emoji["category"]["slug"].startswith("category-")
    assert hindi["category"]["slug"] != emoji["category"]["slug"]
    # The slug works as an address.
    response = admin_api.get(f"{BASE}/single-category/{hindi['category']['slug']}")
    assert response.json()["category"]["name"] == "इलेक्ट्रॉनिक्स"


def test_names_that_slugify_alike_get_distinct_slugs(admin_api):
    first = admin_api.post(f"{BASE}/create-category", {"name": "Home & Kitchen"}).json()
    second = admin_api.post(f"{BASE}/create-category", {"name": "Home Kitchen"}).json()
    assert first["category"]["slug"] == "home-kitchen"
    assert second["category"]["slug"] == "home-kitchen-2"


def test_update_category_renames_and_regenerates_a_free_slug(admin_api):
    category = CategoryFactory(name="Gadgets")
    response = admin_api.put(f"{BASE}/update-category/{category.pk}", {"name": "Tech Gadgets"})
    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True and body["message"]
    contract = {"_id": str(category.pk), "name": "Tech Gadgets", "slug": "tech-gadgets"}
    assert {key: body["category"][key] for key in contract} == contract


def test_update_category_accepts_its_own_name_in_another_case_and_keeps_the_slug(admin_api):
    category = CategoryFactory(name="Gadgets")
    response = admin_api.put(f"{BASE}/update-category/{category.pk}", {"name": "GADGETS"})
    assert response.status_code == 200
    category.refresh_from_db()
    assert (category.name, category.slug) == ("GADGETS", "gadgets")


def test_rename_keeps_the_old_slug_when_the_new_one_is_taken(admin_api):
    CategoryFactory(name="Phones", slug="audio")
    category = CategoryFactory(name="Headsets", slug="headsets")
    response = admin_api.put(f"{BASE}/update-category/{category.pk}", {"name": "Audio"})
    assert response.status_code == 200
    assert response.json()["category"]["slug"] == "headsets"


def test_rename_to_another_categorys_name_is_409_and_changes_nothing(admin_api):
    CategoryFactory(name="Books")
    category = CategoryFactory(name="Music")
    response = admin_api.put(f"{BASE}/update-category/{category.pk}", {"name": "bOOKS"})
    assert response.status_code == 409
    assert response.json()["message"] == "Category already exists"
    category.refresh_from_db()
    assert category.name == "Music"


def test_update_category_with_a_blank_name_is_400(admin_api):
    category = CategoryFactory(name="Music")
    response = admin_api.put(f"{BASE}/update-category/{category.pk}", {"name": " "})
    assert response.status_code == 400
    category.refresh_from_db()
    assert category.name == "Music"


@pytest.mark.parametrize("bad_id", ["999999", "abc", "0", "-1", "1.5", "9" * 40])
def test_update_or_delete_unknown_or_malformed_category_is_404(admin_api, bad_id):
    response = admin_api.put(f"{BASE}/update-category/{bad_id}", {"name": "X"})
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Category not found"}
    response = admin_api.delete(f"{BASE}/delete-category/{bad_id}")
    assert response.status_code == 404


def test_delete_unused_category(admin_api):
    category = CategoryFactory()
    response = admin_api.delete(f"{BASE}/delete-category/{category.pk}")
    assert response.status_code == 200
    assert response.json()["success"] is True
    assert not Category.objects.exists()


def test_delete_used_category_is_409_and_says_how_many_products_use_it(admin_api):
    category = CategoryFactory()
    ProductFactory.create_batch(3, category=category)
    response = admin_api.delete(f"{BASE}/delete-category/{category.pk}")
    assert response.status_code == 409
    body = response.json()
    assert body["success"] is False
    assert "3 products" in body["message"]
    assert Category.objects.filter(pk=category.pk).exists()


def test_delete_category_used_by_one_product_says_one(admin_api):
    product = ProductFactory()
    response = admin_api.delete(f"{BASE}/delete-category/{product.category_id}")
    assert response.status_code == 409
    assert "1 product uses it" in response.json()["message"]


@pytest.mark.parametrize("client_name, status", [("anon_api", 401), ("shopper_api", 403)])
def test_category_writes_by_shopper_or_anonymous_are_refused_and_change_nothing(
    request, client_name, status
):
    client = request.getfixturevalue(client_name)
    category = CategoryFactory(name="Keep")
    responses = [
        client.post(f"{BASE}/create-category", {"name": "New"}),
        client.put(f"{BASE}/update-category/{category.pk}", {"name": "Changed"}),
        client.delete(f"{BASE}/delete-category/{category.pk}"),
    ]
    for response in responses:
        assert response.status_code == status
        assert response.json()["success"] is False
    assert list(Category.objects.values_list("name", flat=True)) == ["Keep"]


def test_wrong_method_is_405_in_our_shape(admin_api):
    response = admin_api.get(f"{BASE}/create-category")
    assert response.status_code == 405
    assert response.json()["success"] is False


def test_trailing_slash_is_not_redirected(admin_api):
    response = admin_api.post(f"{BASE}/create-category/", {"name": "X"})
    assert response.status_code == 404
    assert response.json()["success"] is False
