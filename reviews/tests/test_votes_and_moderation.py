"""Helpful votes and reports (once per user, never one's own, never a hidden review),
the moderators' status call and list, the Django admin's actions, and the product's
rating kept after every write."""

from decimal import Decimal

import pytest

from accounts.tests.factories import UserFactory
from catalog.models import Product
from orders.tests.conftest import client_for
from reviews.models import Review, ReviewReport, ReviewStatus, ReviewVote
from reviews.tests.helpers import post_review, review_body


@pytest.fixture
def asha_review(asha_api, product) -> str:
    return post_review(asha_api, product, rating=4).json()["review"]["_id"]


def rating_of(product) -> tuple:
    row = Product.objects.get(pk=product.pk)
    return row.rating_average, row.rating_count


# --- helpful -------------------------------------------------------------------------------


def test_a_vote_counts_once_per_user(asha_review, ravi_api):
    path = f"/api/v1/reviews/{asha_review}/helpful"
    first = ravi_api.post(path)
    assert first.status_code == 200
    assert first.json() == {"success": True, "helpful": 1}
    again = ravi_api.post(path)
    assert again.status_code == 409
    assert again.json() == {
        "success": False,
        "message": "You have already found this review helpful.",
    }
    assert client_for(UserFactory()).post(path).json()["helpful"] == 2
    assert Review.objects.get().helpful == 2
    assert ReviewVote.objects.count() == 2


def test_the_author_cannot_vote_for_their_own_review(asha_review, asha_api):
    answer = asha_api.post(f"/api/v1/reviews/{asha_review}/helpful")
    assert answer.status_code == 400
    assert answer.json()["message"] == "You cannot vote for your own review."
    assert Review.objects.get().helpful == 0
    assert not ReviewVote.objects.exists()


def test_a_guest_cannot_vote(asha_review, api):
    assert api.post(f"/api/v1/reviews/{asha_review}/helpful").status_code == 401


@pytest.mark.parametrize("review_id", ["424242", "x", "0"])
def test_a_vote_for_no_review_is_404(ravi_api, db, review_id):
    answer = ravi_api.post(f"/api/v1/reviews/{review_id}/helpful")
    assert answer.status_code == 404
    assert answer.json()["message"] == "Review not found"


def test_a_hidden_review_takes_no_votes_or_reports(asha_review, ravi_api, admin_api):
    admin_api.put(f"/api/v1/reviews/{asha_review}/status", {"status": "hidden"})
    assert ravi_api.post(f"/api/v1/reviews/{asha_review}/helpful").status_code == 404
    assert ravi_api.post(f"/api/v1/reviews/{asha_review}/report").status_code == 404
    assert not ReviewVote.objects.exists() and not ReviewReport.objects.exists()


def test_the_helpful_sort_follows_votes(asha_api, ravi_api, product):
    asha_id = post_review(asha_api, product, title="Asha's").json()["review"]["_id"]
    ravi_id = post_review(ravi_api, product, title="Ravi's").json()["review"]["_id"]
    ravi_api.post(f"/api/v1/reviews/{asha_id}/helpful")
    listed = client_for().get(f"/api/v1/product/{product.slug}/reviews", {"sort": "helpful"})
    assert [r["_id"] for r in listed.json()["reviews"]] == [asha_id, ravi_id]
    assert listed.json()["reviews"][0]["helpful"] == 1


# --- reports -------------------------------------------------------------------------------


def test_a_report_counts_once_per_user_and_never_the_authors(asha_review, asha_api, ravi_api):
    path = f"/api/v1/reviews/{asha_review}/report"
    first = ravi_api.post(path)
    assert first.status_code == 200
    assert first.json() == {
        "success": True,
        "message": "Thank you. A moderator will look at this review.",
        "reported": 1,
    }
    again = ravi_api.post(path)
    assert again.status_code == 409
    assert again.json()["message"] == "You have already reported this review."
    own = asha_api.post(path)
    assert own.status_code == 400
    assert own.json()["message"] == "You cannot report your own review."
    assert Review.objects.get().reported == 1
    # A report does not hide it.
    assert Review.objects.get().status == ReviewStatus.PUBLISHED


# --- the moderators --------------------------------------------------------------------------


def test_only_an_admin_sets_a_status(asha_review, asha_api, ravi_api, api):
    path = f"/api/v1/reviews/{asha_review}/status"
    assert api.put(path, {"status": "hidden"}).status_code == 401
    for shopper in (asha_api, ravi_api):
        answer = shopper.put(path, {"status": "hidden"})
        assert answer.status_code == 403
    assert Review.objects.get().status == ReviewStatus.PUBLISHED


@pytest.mark.parametrize("status", ["deleted", "", None, "Hidden", 1])
def test_a_bad_status_is_400(asha_review, admin_api, status):
    answer = admin_api.put(f"/api/v1/reviews/{asha_review}/status", {"status": status})
    assert answer.status_code == 400
    assert answer.json()["message"] == 'Status must be "published" or "hidden".'
    assert Review.objects.get().status == ReviewStatus.PUBLISHED


def test_a_status_for_no_review_is_404(admin_api, db):
    assert admin_api.put("/api/v1/reviews/999/status", {"status": "hidden"}).status_code == 404


def test_hide_and_publish_answer_the_review_as_the_admin_reads_it(
    asha, asha_review, admin_api, product
):
    hidden = admin_api.put(f"/api/v1/reviews/{asha_review}/status", {"status": "hidden"})
    assert hidden.status_code == 200
    review = hidden.json()["review"]
    assert review["status"] == "hidden"
    assert review["product"] == {"_id": str(product.pk), "name": "Desk Lamp", "slug": "desk-lamp"}
    assert review["user"] == {"_id": str(asha.pk), "name": "Asha Kumar", "email": asha.email}
    assert review["author"] == "Asha K."
    assert review["reported"] == 0
    assert rating_of(product) == (None, 0)
    shown = admin_api.put(f"/api/v1/reviews/{asha_review}/status", {"status": "published"})
    assert shown.json()["review"]["status"] == "published"
    assert rating_of(product) == (Decimal("4.0"), 1)


def test_the_author_still_edits_and_deletes_a_hidden_review(asha_review, asha_api, admin_api):
    admin_api.put(f"/api/v1/reviews/{asha_review}/status", {"status": "hidden"})
    edited = asha_api.put(f"/api/v1/reviews/{asha_review}", review_body(rating=2))
    assert edited.status_code == 200
    assert edited.json()["review"]["status"] == "hidden"
    assert asha_api.delete(f"/api/v1/reviews/{asha_review}").status_code == 200


def test_the_admin_list_pages_and_filters(admin_api, product, ravi_api):
    ids = []
    for n in range(23):
        user_api = client_for(UserFactory(name=f"Shopper {n}"))
        ids.append(post_review(user_api, product, title=f"Review {n}").json()["review"]["_id"])
    admin_api.put(f"/api/v1/reviews/{ids[0]}/status", {"status": "hidden"})
    ravi_api.post(f"/api/v1/reviews/{ids[1]}/report")
    ravi_api.post(f"/api/v1/reviews/{ids[0]}/report")  # hidden: 404, not counted

    everything = admin_api.get("/api/v1/reviews")
    assert everything.status_code == 200
    assert (everything["X-Total-Count"], everything["X-Page-Size"]) == ("23", "20")
    listed = everything.json()["reviews"]
    assert len(listed) == 20 and listed[0]["_id"] == ids[-1]
    last = admin_api.get("/api/v1/reviews", {"page": 2}).json()["reviews"]
    assert [r["_id"] for r in last] == [ids[2], ids[1], ids[0]]

    hidden = admin_api.get("/api/v1/reviews", {"status": "hidden"})
    assert [r["_id"] for r in hidden.json()["reviews"]] == [ids[0]]
    reported = admin_api.get("/api/v1/reviews", {"status": "reported"})
    assert reported["X-Total-Count"] == "1"
    (item,) = reported.json()["reviews"]
    assert (item["_id"], item["reported"], item["status"]) == (ids[1], 1, "published")
    assert set(item) == {
        "_id",
        "rating",
        "title",
        "body",
        "author",
        "verified",
        "helpful",
        "createdAt",
        "updatedAt",
        "status",
        "reported",
        "product",
        "user",
    }
    assert admin_api.get("/api/v1/reviews", {"status": "published"})["X-Total-Count"] == "22"


def test_the_admin_list_is_three_queries(admin_api, product, django_assert_num_queries):
    for n in range(5):
        post_review(client_for(UserFactory()), product, title=f"Review {n}")
    # The admin's user row (the token), the count, the page with products and users.
    with django_assert_num_queries(3):
        assert len(admin_api.get("/api/v1/reviews").json()["reviews"]) == 5


def test_the_admin_list_is_for_admins_and_checks_its_query(admin_api, ravi_api, api, db):
    assert api.get("/api/v1/reviews").status_code == 401
    assert ravi_api.get("/api/v1/reviews").status_code == 403
    answer = admin_api.get("/api/v1/reviews", {"status": "spam"})
    assert answer.status_code == 400
    assert answer.json()["message"] == "Status must be one of: published, hidden, reported."
    assert admin_api.get("/api/v1/reviews", {"page": "0"}).status_code == 400


def test_the_django_admins_actions_hide_and_publish_through_the_service(
    db, asha_review, product, staff_client
):
    assert rating_of(product) == (Decimal("4.0"), 1)
    page = staff_client.get("/admin/reviews/review/")
    assert page.status_code == 200 and b"Bright and steady" in page.content
    for filters in ("?status__exact=hidden", "?reported=yes", "?verified__exact=0", "?q=lamp"):
        assert staff_client.get(f"/admin/reviews/review/{filters}").status_code == 200
    staff_client.post(
        "/admin/reviews/review/", {"action": "hide", "_selected_action": [asha_review]}
    )
    assert Review.objects.get().status == ReviewStatus.HIDDEN
    assert rating_of(product) == (None, 0)
    staff_client.post(
        "/admin/reviews/review/", {"action": "publish", "_selected_action": [asha_review]}
    )
    assert Review.objects.get().status == ReviewStatus.PUBLISHED
    assert rating_of(product) == (Decimal("4.0"), 1)


# --- the product's rating ----------------------------------------------------------------------


def test_the_rating_is_kept_after_every_write(asha_api, ravi_api, admin_api, product):
    assert rating_of(product) == (None, 0)
    asha_id = post_review(asha_api, product, rating=5).json()["review"]["_id"]
    assert rating_of(product) == (Decimal("5.0"), 1)
    ravi_id = post_review(ravi_api, product, rating=4).json()["review"]["_id"]
    assert rating_of(product) == (Decimal("4.5"), 2)
    third = client_for(UserFactory())
    post_review(third, product, rating=4)
    assert rating_of(product) == (Decimal("4.3"), 3)  # 13 / 3
    asha_api.put(f"/api/v1/reviews/{asha_id}", review_body(rating=1))
    assert rating_of(product) == (Decimal("3.0"), 3)
    admin_api.put(f"/api/v1/reviews/{ravi_id}/status", {"status": "hidden"})
    assert rating_of(product) == (Decimal("2.5"), 2)
    asha_api.delete(f"/api/v1/reviews/{asha_id}")
    assert rating_of(product) == (Decimal("4.0"), 1)
    # The product's own answer says the same.
    shown = client_for().get(f"/api/v1/product/get-product/{product.slug}").json()["product"]
    assert shown["rating"] == {"average": 4.0, "count": 1}
    assert (
        client_for().get(f"/api/v1/product/{product.slug}/reviews").json()["rating"]["average"]
        == 4.0
    )


def test_votes_and_reports_leave_the_rating_alone(asha_review, ravi_api, product):
    before = rating_of(product)
    ravi_api.post(f"/api/v1/reviews/{asha_review}/helpful")
    ravi_api.post(f"/api/v1/reviews/{asha_review}/report")
    assert rating_of(product) == before


def test_the_product_page_shows_published_reviews_only(asha_review, admin_api, client, product):
    page = client.get(f"/product/{product.slug}").content.decode()
    assert '"reviewBody"' in page and "Asha K." in page
    assert '"aggregateRating"' in page
    admin_api.put(f"/api/v1/reviews/{asha_review}/status", {"status": "hidden"})
    page = client.get(f"/product/{product.slug}").content.decode()
    assert "Asha K." not in page and '"aggregateRating"' not in page
