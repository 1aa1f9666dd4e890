"""The reviews' source for the dashboard's "to act on" list (orders.to_act_on): the
published reviews someone reported (a hidden one is dealt with) and when the oldest of
their reports was made, in one query; registered when the app loads."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from orders import to_act_on
from reviews.models import Review, ReviewReport, ReviewStatus
from reviews.to_act_on import reported_reviews

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


def review(status=ReviewStatus.PUBLISHED, *reported_hours_ago):
    written = Review.objects.create(
        product=ProductFactory(),
        user=UserFactory(),
        rating=4,
        title="Fine",
        body="Fine.",
        status=status,
        reported=len(reported_hours_ago),
    )
    for hours in reported_hours_ago:
        ReviewReport.objects.create(
            review=written, user=UserFactory(), created_at=NOW - timedelta(hours=hours)
        )
    return written


def test_the_reported_published_reviews_and_the_oldest_report(db, django_assert_num_queries):
    review(ReviewStatus.PUBLISHED, 4, 50)
    review(ReviewStatus.PUBLISHED, 1)
    review(ReviewStatus.HIDDEN, 90)
    review(ReviewStatus.PUBLISHED)
    with django_assert_num_queries(1):
        found = reported_reviews()
    # Two reviews (the one reported twice counts once), the oldest report 50 hours ago.
    assert found == to_act_on.Waiting(count=2, since=NOW - timedelta(hours=50))


def test_nothing_reported_is_zero_since_none(db):
    review(ReviewStatus.PUBLISHED)
    assert reported_reviews() == to_act_on.Waiting(count=0, since=None)


def test_the_app_registers_its_source():
    assert to_act_on._sources["reviews"] is reported_reviews
