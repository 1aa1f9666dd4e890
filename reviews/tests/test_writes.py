"""Writing a review: who may, what is refused (400 naming the field, nothing saved), one
review per product and user (409), the author's edit and delete (anyone else 404), and
`verified` from delivered orders, kept and read again on an edit."""

import pytest

from catalog.models import ProductSlugHistory
from orders.tests.conftest import client_for
from reviews.models import Review
from reviews.tests.conftest import deliver, place
from reviews.tests.helpers import post_review, review_body


def test_a_signed_in_shopper_reviews_a_product(asha_api, product):
    answer = post_review(asha_api, product, rating=4)
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["success"] is True
    review = body["review"]
    stored = Review.objects.get()
    assert review == {
        "_id": str(stored.pk),
        "rating": 4,
        "title": "Bright and steady",
        "body": "Lights the whole desk.",
        "author": "Asha K.",
        "verified": False,
        "helpful": 0,
        "createdAt": review["createdAt"],
        "product": str(product.pk),
        "status": "published",
        "updatedAt": review["updatedAt"],
    }
    assert review["createdAt"].endswith("Z")


def test_a_guest_cannot_review(api, product):
    answer = post_review(api, product)
    assert answer.status_code == 401
    assert not Review.objects.exists()


def test_an_unknown_product_is_404(asha_api, db):
    answer = asha_api.post("/api/v1/product/no-such-thing/reviews", review_body())
    assert answer.status_code == 404
    assert answer.json() == {"success": False, "message": "Product not found"}


def test_an_old_slug_reviews_the_renamed_product(asha_api, product):
    ProductSlugHistory.objects.create(slug="old-lamp", product=product)
    answer = asha_api.post("/api/v1/product/old-lamp/reviews", review_body())
    assert answer.status_code == 201
    assert Review.objects.get().product_id == product.pk


@pytest.mark.parametrize("rating", [4.5, "5", True, False, 0, 6, -1, None, "", [5], {"v": 5}])
def test_a_rating_that_is_not_a_whole_number_from_1_to_5_is_refused(asha_api, product, rating):
    answer = post_review(asha_api, product, rating=rating)
    assert answer.status_code == 400
    assert answer.json()["message"] == "Rating must be a whole number from 1 to 5."
    assert answer.json()["errors"] == {"rating": ["Rating must be a whole number from 1 to 5."]}
    assert not Review.objects.exists()


def test_a_missing_rating_is_refused(asha_api, product):
    answer = asha_api.post(
        f"/api/v1/product/{product.slug}/reviews", {"title": "Fine", "body": "Fine."}
    )
    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["rating"]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("title", "", "Title is required."),
        ("title", "   \u200b ", "Title is required."),
        ("title", None, "Title is required."),
        ("title", "x" * 121, "Title must be at most 120 characters."),
        ("title", "Two\nlines", "Title contains characters that are not allowed."),
        ("body", "", "Body is required."),
        ("body", "\n\t ", "Body is required."),
        ("body", "x" * 5001, "Body must be at most 5000 characters."),
        ("body", "y" * 10_000, "Body must be at most 5000 characters."),
        ("body", "Beep\x07", "Body contains characters that are not allowed."),
        ("body", "Null\x00byte", None),
    ],
)
def test_bad_text_is_refused_naming_the_field(asha_api, product, field, value, message):
    answer = post_review(asha_api, product, **{field: value})
    assert answer.status_code == 400, answer.json()
    assert list(answer.json()["errors"]) == [field]
    if message:
        assert answer.json()["message"] == message
    assert not Review.objects.exists()


def test_text_is_stored_as_written_trimmed_and_nfc(asha_api, product):
    body = "  <b>Caf\u0065\u0301</b> & <script>x</script>\n\nSecond\tline.  "
    answer = post_review(asha_api, product, title=" A <i>lamp</i> ", body=body)
    assert answer.status_code == 201
    review = Review.objects.get()
    assert review.title == "A <i>lamp</i>"
    assert review.body == "<b>Caf\u00e9</b> & <script>x</script>\n\nSecond\tline."
    assert answer.json()["review"]["body"] == review.body
    # JSON, never HTML: the markup goes out as text.
    assert answer["Content-Type"] == "application/json"


def test_the_longest_title_and_body_are_accepted(asha_api, product):
    answer = post_review(asha_api, product, title="t" * 120, body="b" * 5000)
    assert answer.status_code == 201


def test_a_second_review_of_the_same_product_is_409(asha_api, product):
    assert post_review(asha_api, product).status_code == 201
    again = post_review(asha_api, product, rating=1, title="Changed my mind")
    assert again.status_code == 409
    assert again.json() == {
        "success": False,
        "message": "You have already reviewed this product. Edit your review instead.",
    }
    assert Review.objects.get().rating == 5


def test_verified_is_true_for_a_delivered_order_of_the_product(asha, asha_api, product):
    deliver(place(asha, product))
    answer = post_review(asha_api, product)
    assert answer.json()["review"]["verified"] is True


def test_verified_is_false_for_an_order_not_yet_delivered_or_of_another_product(
    asha, asha_api, product
):
    from catalog.tests.factories import ProductFactory

    place(asha, product)  # Not Processed
    deliver(place(asha, ProductFactory()))
    answer = post_review(asha_api, product)
    assert answer.json()["review"]["verified"] is False


def test_an_edit_reads_verified_again(asha, asha_api, product):
    created = post_review(asha_api, product).json()["review"]
    assert created["verified"] is False
    deliver(place(asha, product))
    edited = asha_api.put(f"/api/v1/reviews/{created['_id']}", review_body(rating=3))
    assert edited.status_code == 200
    assert edited.json()["review"]["verified"] is True
    assert edited.json()["review"]["rating"] == 3
    assert Review.objects.get().verified is True


def test_the_author_edits_their_review(asha_api, product):
    created = post_review(asha_api, product).json()["review"]
    edited = asha_api.put(
        f"/api/v1/reviews/{created['_id']}",
        review_body(rating=2, title="Flickers", body="After a week it flickers."),
    )
    assert edited.status_code == 200
    review = edited.json()["review"]
    assert (review["rating"], review["title"], review["body"]) == (
        2,
        "Flickers",
        "After a week it flickers.",
    )
    assert review["createdAt"] == created["createdAt"]
    assert review["updatedAt"] >= created["updatedAt"]


def test_a_bad_edit_changes_nothing(asha_api, product):
    created = post_review(asha_api, product).json()["review"]
    answer = asha_api.put(f"/api/v1/reviews/{created['_id']}", review_body(rating=7, body=""))
    assert answer.status_code == 400
    assert set(answer.json()["errors"]) == {"rating", "body"}
    assert Review.objects.get().rating == 5


def test_anyone_but_the_author_gets_404_for_edit_and_delete(
    asha_api, ravi_api, admin_api, api, product
):
    created = post_review(asha_api, product).json()["review"]
    path = f"/api/v1/reviews/{created['_id']}"
    for other in (ravi_api, admin_api):
        assert other.put(path, review_body(rating=1)).status_code == 404
        answer = other.delete(path)
        assert answer.status_code == 404
        assert answer.json()["message"] == "Review not found"
    assert api.put(path, review_body(rating=1)).status_code == 401
    assert api.delete(path).status_code == 401
    assert Review.objects.get().rating == 5


@pytest.mark.parametrize("review_id", ["999999", "abc", "0", "-1", "9" * 30])
def test_an_unknown_review_is_404(asha_api, db, review_id):
    assert asha_api.put(f"/api/v1/reviews/{review_id}", review_body()).status_code == 404
    assert asha_api.delete(f"/api/v1/reviews/{review_id}").status_code == 404


def test_the_author_deletes_their_review(asha_api, product):
    created = post_review(asha_api, product).json()["review"]
    answer = asha_api.delete(f"/api/v1/reviews/{created['_id']}")
    assert answer.status_code == 200
    assert answer.json() == {"success": True, "message": "Review deleted"}
    assert not Review.objects.exists()
    # ... and may review the product again.
    assert post_review(asha_api, product).status_code == 201


def test_writes_are_throttled_per_user(settings, asha_api, ravi_api, product):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "reviews": "2/min",
        },
    }
    review_id = post_review(asha_api, product).json()["review"]["_id"]
    assert asha_api.put(f"/api/v1/reviews/{review_id}", review_body()).status_code == 200
    third = asha_api.put(f"/api/v1/reviews/{review_id}", review_body(rating=1))
    assert third.status_code == 429
    assert third["Retry-After"]
    assert Review.objects.get().rating == 5
    # Reads are not counted, and another user has their own count.
    assert asha_api.get(f"/api/v1/product/{product.slug}/reviews").status_code == 200
    assert post_review(ravi_api, product).status_code == 201


def test_a_stale_token_does_not_block_reading_reviews(product):
    client = client_for()
    client.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    assert client.get(f"/api/v1/product/{product.slug}/reviews").status_code == 200
    assert client.post(f"/api/v1/product/{product.slug}/reviews", review_body()).status_code == 401
