"""Reviews raced with real threads against a real gunicorn (two workers, eight threads
each) on a SQLite file, or PostgreSQL when the tests run on it:

- eight users review one product at once: eight 201, and the product's rating is the
  count and the exact average of the eight (each write aggregates under the product's
  lock, so the last one leaves the figures of what is stored);
- ten users say one review was helpful at once: its count is exactly 10, one vote each;
- one user posts two reviews of one product at once: one 201 and one 409, never a 500,
  and one review stored.
"""

import json

import pytest
import requests

from orders.tests.live_seed import SPEAKER
from shop.tests.live_gunicorn import gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

USERS = 12

SEED = (
    SPEAKER
    + """
tokens = [
    user_issue_token(user=User.objects.create_user(
        f"shopper{n}@example.com", "Shop-Pass-2026!", name=f"Shopper Number{n}"
    ))
    for n in range(%(users)d)
]
print(json.dumps({"product": product.pk, "slug": product.slug, "tokens": tokens}))
"""
)

STATE = """
import json
from catalog.models import Product
from reviews.models import Review, ReviewVote
product = Product.objects.get()
print(json.dumps({
    "rating": [str(product.rating_average), product.rating_count],
    "reviews": list(Review.objects.order_by("pk").values_list("user__email", "rating", "helpful")),
    "votes": ReviewVote.objects.count(),
}))
"""


class Shop:
    def __init__(self, server):
        self.server = server
        self.api = f"{server.url}/api/v1"
        seeded = json.loads(
            server.manage("shell", "-c", SEED % {"stock": 5, "users": USERS}).splitlines()[-1]
        )
        self.slug = seeded["slug"]
        self.users = [{"Authorization": f"Bearer {token}"} for token in seeded["tokens"]]

    def review(self, user: int, rating: int) -> requests.Response:
        return requests.post(
            f"{self.api}/product/{self.slug}/reviews",
            json={"rating": rating, "title": f"{rating} stars", "body": "Raced."},
            headers=self.users[user],
            timeout=120,
        )

    def helpful(self, user: int, review_id: str) -> requests.Response:
        return requests.post(
            f"{self.api}/reviews/{review_id}/helpful", headers=self.users[user], timeout=120
        )

    def listed(self) -> dict:
        return requests.get(f"{self.api}/product/{self.slug}/reviews", timeout=120).json()

    def state(self) -> dict:
        return json.loads(self.server.manage("shell", "-c", STATE).strip().splitlines()[-1])


@pytest.fixture
def shop(tmp_path):
    with gunicorn_server(
        tmp_path, WEB_CONCURRENCY="2", GUNICORN_THREADS="8", TASKS_IN_PROCESS="false"
    ) as server:
        yield Shop(server)


def test_reviews_votes_and_a_double_post_raced(shop):
    # Eight users review the product at once.
    ratings = [1, 2, 3, 4, 5, 4, 4, 3]  # 26 / 8 = 3.25: 3.3, halves up
    posts = together([lambda n=n, r=r: shop.review(n, r) for n, r in enumerate(ratings)])
    assert [p.status_code for p in posts] == [201] * 8, [p.text[:200] for p in posts]
    state = shop.state()
    assert state["rating"] == ["3.3", 8]
    assert sorted(r for _, r, _ in state["reviews"]) == sorted(ratings)
    listed = shop.listed()
    assert listed["rating"]["count"] == listed["total"] == 8
    assert listed["rating"]["average"] == 3.3
    assert listed["rating"]["histogram"] == {"1": 1, "2": 1, "3": 2, "4": 3, "5": 1}

    # Ten other users say user 0's review was helpful at once.
    review_id = posts[0].json()["review"]["_id"]
    votes = together([lambda n=n: shop.helpful(n, review_id) for n in range(1, 11)])
    assert [v.status_code for v in votes] == [200] * 10, [v.text[:200] for v in votes]
    assert sorted(v.json()["helpful"] for v in votes) == list(range(1, 11))
    state = shop.state()
    assert state["votes"] == 10
    assert [h for email, _, h in state["reviews"] if email == "shopper0@example.com"] == [10]

    # One user posts twice at once: one review, the other answer a 409.
    twice = together([lambda: shop.review(11, 2), lambda: shop.review(11, 2)])
    assert sorted(t.status_code for t in twice) == [201, 409], [t.text[:200] for t in twice]
    loser = next(t for t in twice if t.status_code == 409)
    assert loser.json()["message"] == (
        "You have already reviewed this product. Edit your review instead."
    )
    state = shop.state()
    assert state["rating"] == ["3.1", 9]  # 28 / 9
    assert sum(1 for email, _, _ in state["reviews"] if email == "shopper11@example.com") == 1
