"""The wishlist calls: add (201, again 200, never twice), the list (bare, newest added
first, the catalogue's product answers), remove; every refusal names its reason and
saves nothing; one shopper never sees or changes another's list."""

import pytest

from catalog.tests.factories import ProductFactory
from wishlist.models import WishlistItem
from wishlist.services import WISHLIST_MAX

pytestmark = pytest.mark.django_db

WISHLIST = "/api/v1/auth/wishlist"


def _ids(response) -> list[str]:
    return [product["_id"] for product in response.json()]


def test_adding_answers_201_then_200_and_keeps_one_row(buyer, buyer_api, tee):
    first = buyer_api.post(WISHLIST, {"product": tee.pk})
    again = buyer_api.post(WISHLIST, {"product": str(tee.pk)})

    assert first.status_code == 201, first.json()
    assert first.json() == {"success": True, "message": "Added to your wishlist"}
    assert again.status_code == 200, again.json()
    assert again.json() == {"success": True, "message": "Already on your wishlist"}
    assert list(WishlistItem.objects.values_list("user_id", "product_id")) == [(buyer.pk, tee.pk)]


def test_the_list_is_bare_newest_added_first_in_the_catalogues_product_answer(
    buyer_api, tee, kettle, anon_api
):
    older = ProductFactory(name="Desk Lamp")
    for product in (older, kettle, tee):
        assert buyer_api.post(WISHLIST, {"product": product.pk}).status_code == 201

    answer = buyer_api.get(WISHLIST)

    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/json"
    assert _ids(answer) == [str(tee.pk), str(kettle.pk), str(older.pk)]
    listed = anon_api.get("/api/v1/product/product-list/1").json()["products"]
    assert answer.json() == sorted(listed, key=lambda p: _ids(answer).index(p["_id"]))
    shown = anon_api.get(f"/api/v1/product/get-product/{tee.slug}").json()["product"]
    assert answer.json()[0]["variants"] == shown["variants"]
    assert answer.json()[0]["quantity"] == 7


def test_an_empty_wishlist_is_an_empty_list(buyer_api):
    answer = buyer_api.get(WISHLIST)
    assert (answer.status_code, answer.json()) == (200, [])


def test_a_removed_product_leaves_the_list(buyer_api, tee, kettle):
    buyer_api.post(WISHLIST, {"product": tee.pk})
    buyer_api.post(WISHLIST, {"product": kettle.pk})

    removed = buyer_api.delete(f"{WISHLIST}/{tee.pk}")

    assert removed.status_code == 200, removed.json()
    assert removed.json() == {"success": True, "message": "Removed from your wishlist"}
    assert _ids(buyer_api.get(WISHLIST)) == [str(kettle.pk)]
    again = buyer_api.delete(f"{WISHLIST}/{tee.pk}")
    assert again.status_code == 404
    assert again.json()["message"] == f"Product {tee.pk} is not on your wishlist."


def test_a_deleted_product_leaves_every_wishlist(buyer_api, tee, kettle):
    buyer_api.post(WISHLIST, {"product": tee.pk})
    buyer_api.post(WISHLIST, {"product": kettle.pk})
    kettle.delete()
    assert _ids(buyer_api.get(WISHLIST)) == [str(tee.pk)]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "Product: This field is required."),
        ({"product": "abc"}, "Product: Must be an id (a whole number as text or number)."),
        ({"product": -1}, "Product: Must be an id (a whole number as text or number)."),
        ({"product": True}, "Product: Must be an id (a whole number as text or number)."),
        ({"product": None}, "Product: This field may not be null."),
        ({"product": [1]}, "Product: Must be an id (a whole number as text or number)."),
    ],
)
def test_a_bad_product_is_400_naming_it_and_saves_nothing(buyer_api, body, message):
    answer = buyer_api.post(WISHLIST, body)
    assert answer.status_code == 400, answer.json()
    assert answer.json()["success"] is False
    assert answer.json()["message"] == message
    assert not WishlistItem.objects.exists()


def test_an_unknown_product_is_404_naming_it(buyer_api):
    answer = buyer_api.post(WISHLIST, {"product": 987654})
    assert answer.status_code == 404
    assert answer.json() == {"success": False, "message": "Product 987654 not found."}
    assert not WishlistItem.objects.exists()


def test_a_full_wishlist_refuses_one_more_but_answers_one_already_on_it(buyer, buyer_api, tee):
    products = ProductFactory.create_batch(WISHLIST_MAX)
    WishlistItem.objects.bulk_create(WishlistItem(user=buyer, product=p) for p in products)

    refused = buyer_api.post(WISHLIST, {"product": tee.pk})
    kept = buyer_api.post(WISHLIST, {"product": products[0].pk})

    assert refused.status_code == 400
    assert refused.json()["message"] == (
        "Your wishlist holds at most 200 products; remove one before adding another."
    )
    assert kept.status_code == 200
    assert WishlistItem.objects.count() == WISHLIST_MAX
    assert len(buyer_api.get(WISHLIST).json()) == WISHLIST_MAX


def test_another_shoppers_list_is_never_seen_nor_changed(buyer_api, other_api, tee):
    buyer_api.post(WISHLIST, {"product": tee.pk})

    assert other_api.get(WISHLIST).json() == []
    assert other_api.delete(f"{WISHLIST}/{tee.pk}").status_code == 404
    assert _ids(buyer_api.get(WISHLIST)) == [str(tee.pk)]
    # Theirs is their own: adding the same product makes a row of theirs.
    assert other_api.post(WISHLIST, {"product": tee.pk}).status_code == 201
    assert WishlistItem.objects.count() == 2


@pytest.mark.parametrize(
    ("method", "path"),
    [("get", WISHLIST), ("post", WISHLIST), ("delete", f"{WISHLIST}/1")],
)
def test_the_wishlist_needs_a_token(anon_api, method, path):
    answer = getattr(anon_api, method)(path, {"product": 1} if method == "post" else None)
    assert answer.status_code == 401
    assert answer.json()["success"] is False


@pytest.mark.parametrize("product_id", ["abc", "0", "-3", "1.5"])
def test_removing_a_path_that_is_no_id_is_404(buyer_api, product_id):
    assert buyer_api.delete(f"{WISHLIST}/{product_id}").status_code == 404


def test_adds_and_removals_are_throttled_per_user_but_reads_are_not(
    buyer_api, other_api, tee, settings
):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "wishlist": "2/min",
        },
    }
    assert buyer_api.post(WISHLIST, {"product": tee.pk}).status_code == 201
    assert buyer_api.delete(f"{WISHLIST}/{tee.pk}").status_code == 200
    refused = buyer_api.post(WISHLIST, {"product": tee.pk})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert not WishlistItem.objects.exists()
    assert buyer_api.get(WISHLIST).status_code == 200
    assert other_api.post(WISHLIST, {"product": tee.pk}).status_code == 201
