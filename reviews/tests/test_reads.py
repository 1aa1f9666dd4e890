"""A product's reviews: published only, paged and sorted, with the rating's average,
count and histogram from the reviews table; hidden reviews vanish from all of it at once."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from catalog.models import ProductSlugHistory
from catalog.tests.factories import ProductFactory
from reviews import selectors
from reviews.models import Review, ReviewStatus
from shop.api.fields import iso_utc

EMPTY = {"average": None, "count": 0, "histogram": {"1": 0, "2": 0, "3": 0, "4": 0, "5": 0}}


def review(product, rating, *, name="Meera Nair", days_ago=0, helpful=0, **extra) -> Review:
    at = timezone.now() - timedelta(days=days_ago)
    return Review.objects.create(
        product=product,
        user=UserFactory(name=name),
        rating=rating,
        title=f"{rating} stars",
        body="Text.",
        helpful=helpful,
        created_at=at,
        updated_at=at,
        **extra,
    )


def test_a_product_without_reviews(api, product):
    answer = api.get(f"/api/v1/product/{product.slug}/reviews")
    assert answer.status_code == 200
    assert answer.json() == {
        "success": True,
        "reviews": [],
        "rating": EMPTY,
        "total": 0,
        "mine": None,
    }
    assert (answer["X-Total-Count"], answer["X-Page-Size"]) == ("0", "10")


def test_an_unknown_product_is_404(api, db):
    answer = api.get("/api/v1/product/nothing-here/reviews")
    assert answer.status_code == 404
    assert answer.json()["message"] == "Product not found"


def test_an_old_slug_answers_the_renamed_products_reviews(api, product):
    review(product, 4)
    ProductSlugHistory.objects.create(slug="lamp-2019", product=product)
    answer = api.get("/api/v1/product/lamp-2019/reviews")
    assert answer.json()["total"] == 1


def test_the_answer_shape_and_the_authors_name(api, product):
    stored = review(product, 5, name="Asha Kumar", verified=True, helpful=3)
    review(product, 4, name="Prakash", days_ago=1)
    review(product, 3, name="  aditi   rao  ", days_ago=2)
    answer = api.get(f"/api/v1/product/{product.slug}/reviews").json()
    assert answer["reviews"][0] == {
        "_id": str(stored.pk),
        "rating": 5,
        "title": "5 stars",
        "body": "Text.",
        "author": "Asha K.",
        "verified": True,
        "helpful": 3,
        "createdAt": iso_utc(stored.created_at),
    }
    assert [r["author"] for r in answer["reviews"]] == ["Asha K.", "Prakash", "aditi R."]


def test_the_rating_and_histogram_count_published_reviews(api, product):
    for stars in (5, 4, 4, 4):
        review(product, stars)
    review(product, 1, status=ReviewStatus.HIDDEN)
    review(ProductFactory(), 1)  # another product's
    answer = api.get(f"/api/v1/product/{product.slug}/reviews").json()
    # 17 / 4 = 4.25: halves go up.
    assert answer["rating"] == {
        "average": 4.3,
        "count": 4,
        "histogram": {"1": 0, "2": 0, "3": 0, "4": 3, "5": 1},
    }
    assert answer["total"] == 4
    assert len(answer["reviews"]) == 4


@pytest.mark.parametrize(
    ("ratings", "average"),
    [((5,), "5.0"), ((1, 2), "1.5"), ((5, 4, 4), "4.3"), ((3, 4, 4, 4), "3.8"), ((1, 1, 2), "1.3")],
)
def test_the_average_is_rounded_half_up_to_one_decimal(ratings, average):
    from decimal import Decimal

    assert selectors.rating_average(sum(ratings), len(ratings)) == Decimal(average)


def test_pages_of_ten_newest_first(api, product):
    for day in range(23):
        review(product, 1 + day % 5, days_ago=day)
    first = api.get(f"/api/v1/product/{product.slug}/reviews").json()
    third = api.get(f"/api/v1/product/{product.slug}/reviews", {"page": 3}).json()
    past = api.get(f"/api/v1/product/{product.slug}/reviews", {"page": 4})
    assert [r["title"] for r in first["reviews"][:2]] == ["1 stars", "2 stars"]
    assert len(first["reviews"]) == 10 and len(third["reviews"]) == 3
    assert first["total"] == third["total"] == 23
    assert past.status_code == 200 and past.json()["reviews"] == []
    assert past["X-Total-Count"] == "23"


def test_sorts(api, product):
    old_good = review(product, 5, days_ago=3, helpful=1)
    new_bad = review(product, 1, days_ago=0, helpful=0)
    mid = review(product, 3, days_ago=1, helpful=7)
    same_stars_newer = review(product, 5, days_ago=2, helpful=0)

    def ids(sort):
        answer = api.get(f"/api/v1/product/{product.slug}/reviews", {"sort": sort})
        assert answer.status_code == 200
        return [int(r["_id"]) for r in answer.json()["reviews"]]

    assert ids("recent") == [new_bad.pk, mid.pk, same_stars_newer.pk, old_good.pk]
    assert ids("helpful") == [mid.pk, old_good.pk, new_bad.pk, same_stars_newer.pk]
    assert ids("rating-high") == [same_stars_newer.pk, old_good.pk, mid.pk, new_bad.pk]
    assert ids("rating-low") == [new_bad.pk, mid.pk, same_stars_newer.pk, old_good.pk]


@pytest.mark.parametrize("sort", ["newest", "RECENT", "rating", "recent "])
def test_an_unknown_sort_is_400(api, product, sort):
    answer = api.get(f"/api/v1/product/{product.slug}/reviews", {"sort": sort})
    assert answer.status_code == 400
    assert answer.json() == {
        "success": False,
        "message": "Sort must be one of: recent, helpful, rating-high, rating-low.",
        "errors": {"sort": ["Sort must be one of: recent, helpful, rating-high, rating-low."]},
    }


@pytest.mark.parametrize("page", ["0", "-1", "two", "1.5", "99999999999"])
def test_a_bad_page_is_400(api, product, page):
    answer = api.get(f"/api/v1/product/{product.slug}/reviews", {"page": page})
    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["page"]


def test_three_queries_whatever_the_page_holds(api, product, django_assert_num_queries):
    for stars in (1, 2, 3, 4, 5, 5, 4):
        review(product, stars)
    with django_assert_num_queries(3):
        answer = api.get(f"/api/v1/product/{product.slug}/reviews", {"sort": "helpful"})
    assert answer.json()["total"] == 7


def test_hidden_reviews_vanish_from_the_answer_at_once(api, admin_api, product):
    kept = review(product, 5)
    hidden = review(product, 1)
    answer = admin_api.put(f"/api/v1/reviews/{hidden.pk}/status", {"status": "hidden"})
    assert answer.status_code == 200
    after = api.get(f"/api/v1/product/{product.slug}/reviews").json()
    assert [r["_id"] for r in after["reviews"]] == [str(kept.pk)]
    assert after["rating"]["average"] == 5.0
    assert after["rating"]["count"] == after["total"] == 1
    assert after["rating"]["histogram"]["1"] == 0


def test_the_json_ld_source_gives_the_newest_published_reviews(product):
    review(product, 4, name="Asha Kumar", days_ago=2)
    review(product, 2, name="Old One", days_ago=5)
    review(product, 5, name="Hidden Person", status=ReviewStatus.HIDDEN)
    newest = review(product, 3, name="Ravi", days_ago=0)
    found = selectors.review_source(product.pk, 2)
    assert [r["author"] for r in found] == ["Ravi", "Asha K."]
    assert found[0] == {
        "author": "Ravi",
        "rating": 3,
        "title": "3 stars",
        "body": "Text.",
        "createdAt": newest.created_at,
    }


def test_mine_is_the_callers_own_review_even_hidden(asha, asha_api, ravi_api, product):
    own = review(product, 2, status=ReviewStatus.HIDDEN)
    Review.objects.filter(pk=own.pk).update(user=asha)
    mine = asha_api.get(f"/api/v1/product/{product.slug}/reviews").json()
    assert mine["mine"]["_id"] == str(own.pk)
    assert (mine["mine"]["status"], mine["mine"]["author"]) == ("hidden", "Asha K.")
    assert mine["reviews"] == []
    assert ravi_api.get(f"/api/v1/product/{product.slug}/reviews").json()["mine"] is None


def test_a_bad_token_reads_as_a_guest(product):
    from orders.tests.conftest import client_for

    client = client_for()
    client.credentials(HTTP_AUTHORIZATION="Bearer expired.or.forged")
    answer = client.get(f"/api/v1/product/{product.slug}/reviews")
    assert answer.status_code == 200
    assert answer.json()["mine"] is None


def test_a_signed_in_read_adds_two_queries(asha_api, product, django_assert_num_queries):
    review(product, 4)
    # The reader's user row and their own review.
    with django_assert_num_queries(5):
        asha_api.get(f"/api/v1/product/{product.slug}/reviews")
