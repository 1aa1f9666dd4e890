"""The reviews waiting for a moderator, for the dashboard's "to act on" list
(registered with orders.to_act_on in ReviewsConfig.ready): the published reviews someone
reported (the admin list's `reported` view), and when the oldest of their reports was
made. One query."""

from django.db.models import Count, Min

from orders.to_act_on import Waiting
from reviews.models import Review, ReviewStatus


def reported_reviews() -> Waiting:
    figures = Review.objects.filter(status=ReviewStatus.PUBLISHED, reported__gt=0).aggregate(
        count=Count("pk", distinct=True), since=Min("reports__created_at")
    )
    return Waiting(**figures)
