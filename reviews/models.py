"""A product review, its helpful votes and its reports (docs/reviews.md).

One review per product and user, one vote and one report per review and user: unique
constraints in the database, so two requests at once cannot make a second. `helpful`
and `reported` are counters kept by the writes that insert a vote or a report (an
`UPDATE ... SET helpful = helpful + 1` after the vote's row is in), so a list reads them
from the review's row."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from catalog.models import Product

MAX_TITLE = 120
MAX_BODY = 5000


class ReviewStatus(models.TextChoices):
    PUBLISHED = "published"
    HIDDEN = "hidden"


class ReviewQuerySet(models.QuerySet):
    def published(self):
        return self.filter(status=ReviewStatus.PUBLISHED)

    def with_author(self):
        return self.select_related("user")


class Review(models.Model):
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="reviews")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviews"
    )
    rating = models.PositiveSmallIntegerField()
    title = models.CharField(max_length=MAX_TITLE)
    body = models.TextField(max_length=MAX_BODY)
    # The reviewer had a Delivered order line of the product when the review was last
    # written (created or edited); kept, not read on every list.
    verified = models.BooleanField(default=False)
    status = models.CharField(
        max_length=10, choices=ReviewStatus.choices, default=ReviewStatus.PUBLISHED
    )
    helpful = models.PositiveIntegerField(default=0)
    reported = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    objects = ReviewQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["product", "user"],
                name="review_one_per_product_and_user",
                violation_error_message="You have already reviewed this product.",
            ),
            models.CheckConstraint(
                condition=Q(rating__gte=1, rating__lte=5), name="review_rating_1_to_5"
            ),
        ]
        indexes = [
            models.Index(
                fields=["product", "status", "-created_at", "-id"], name="review_product_recent"
            ),
            models.Index(fields=["status", "-created_at", "-id"], name="review_status_recent"),
        ]

    def __str__(self) -> str:
        return f"{self.rating}/5 {self.title}"


class ReviewVote(models.Model):
    """A user found a review helpful (once)."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="votes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["review", "user"], name="review_vote_once_per_user")
        ]

    def __str__(self) -> str:
        return f"helpful: review {self.review_id} by user {self.user_id}"


class ReviewReport(models.Model):
    """A user reported a review to the moderators (once)."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="reports")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["review", "user"], name="review_report_once_per_user")
        ]

    def __str__(self) -> str:
        return f"report: review {self.review_id} by user {self.user_id}"
