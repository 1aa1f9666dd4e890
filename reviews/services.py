"""Every write of reviews: a shopper's review, edit and delete, a helpful vote, a report,
and the moderators' hide and publish (docs/reviews.md).

The product's rating (catalog.services.ratings.set_rating: its average and count of
published reviews) is kept in the transaction of every write that can change it
(create, edit, delete, hide, publish): the product's row is locked first, then the
published reviews are aggregated and the figures written. Writes of one product's
reviews therefore run one after the other (on PostgreSQL by that lock; SQLite's
transactions take the write lock when they begin), each aggregate sees every review
committed before it, and the last write leaves the figures of what is stored.

Lock order: the product, then the review. A vote or a report locks only the review
(`FOR NO KEY UPDATE`, which the vote's and report's foreign keys do not wait on), then
inserts its row, whose unique constraint makes a second one from the same user a 409,
and moves the review's counter by one in the same transaction.
"""

from django.db import IntegrityError, transaction
from django.db.models import Count, F, Sum
from django.http import Http404
from django.utils import timezone
from rest_framework.exceptions import ValidationError

from catalog.services.ratings import set_rating
from catalog.services.stock import lock_product
from orders.models import OrderLine, OrderStatus
from reviews.models import Review, ReviewReport, ReviewStatus, ReviewVote
from reviews.selectors import PRODUCT_NOT_FOUND, REVIEW_NOT_FOUND, rating_average
from shop.api.exceptions import Conflict

ALREADY_REVIEWED = "You have already reviewed this product. Edit your review instead."
OWN_VOTE = "You cannot vote for your own review."
ALREADY_VOTED = "You have already found this review helpful."
OWN_REPORT = "You cannot report your own review."
ALREADY_REPORTED = "You have already reported this review."


def _lock_product(product_id: int) -> None:
    if lock_product(product_id) is None:
        raise Http404(PRODUCT_NOT_FOUND)


def _keep_rating(product_id: int) -> None:
    """The product's rating from its published reviews now (its row locked by the caller)."""
    figures = (
        Review.objects.published()
        .filter(product_id=product_id)
        .aggregate(total=Sum("rating"), count=Count("id"))
    )
    count = figures["count"] or 0
    set_rating(
        product_id=product_id,
        average=rating_average(figures["total"] or 0, count),
        count=count,
    )


def _verified(user, product_id: int) -> bool:
    """Whether the user has a Delivered order with a line of the product (not one
    cancelled whole before shipping)."""
    return OrderLine.objects.filter(
        order__buyer=user,
        order__status=OrderStatus.DELIVERED,
        product_ref=product_id,
        quantity__gt=0,
    ).exists()


def _own_review_product(user, review_id: int) -> int:
    """The product of the user's own review; 404 for anyone else's, so another's review
    cannot be told from none (an admin moderates with review_set_status instead)."""
    product_id = (
        Review.objects.filter(pk=review_id, user=user).values_list("product_id", flat=True).first()
    )
    if product_id is None:
        raise Http404(REVIEW_NOT_FOUND)
    return product_id


def _locked_own_review(user, review_id: int) -> Review:
    review = Review.objects.select_for_update(no_key=True).filter(pk=review_id, user=user).first()
    if review is None:
        raise Http404(REVIEW_NOT_FOUND)
    return review


def review_create(*, user, product_id: int, rating: int, title: str, body: str) -> Review:
    """A user's one review of a product (409 for a second), published at once, with
    `verified` as their delivered orders say now; the product's rating kept."""
    with transaction.atomic():
        _lock_product(product_id)
        if Review.objects.filter(product_id=product_id, user=user).exists():
            raise Conflict(ALREADY_REVIEWED)
        now = timezone.now()
        review = Review(
            product_id=product_id,
            user=user,
            rating=rating,
            title=title,
            body=body,
            verified=_verified(user, product_id),
            created_at=now,
            updated_at=now,
        )
        review.full_clean(exclude=["product", "user"], validate_constraints=False)
        try:
            with transaction.atomic():
                review.save()
        except IntegrityError as exc:
            # Only reached when the product's lock did not order the two writes.
            raise Conflict(ALREADY_REVIEWED) from exc
        _keep_rating(product_id)
    return review


def review_update(*, user, review_id: int, rating: int, title: str, body: str) -> Review:
    """The author rewrites their review (its status stays: a hidden one stays hidden);
    `verified` is read again; the product's rating kept."""
    with transaction.atomic():
        product_id = _own_review_product(user, review_id)
        _lock_product(product_id)
        review = _locked_own_review(user, review_id)
        review.rating, review.title, review.body = rating, title, body
        review.verified = _verified(user, product_id)
        review.updated_at = timezone.now()
        review.full_clean(exclude=["product", "user"], validate_constraints=False)
        review.save(update_fields=["rating", "title", "body", "verified", "updated_at"])
        _keep_rating(product_id)
    return review


def review_delete(*, user, review_id: int) -> None:
    """The author deletes their review, with its votes and reports; the rating kept."""
    with transaction.atomic():
        product_id = _own_review_product(user, review_id)
        _lock_product(product_id)
        _locked_own_review(user, review_id).delete()
        _keep_rating(product_id)


def review_set_status(*, review_id: int, status: str) -> Review:
    """A moderator publishes or hides a review: a hidden one leaves every public answer,
    average and count in this transaction. Setting the status it has changes nothing."""
    with transaction.atomic():
        reviews = Review.objects.filter(pk=review_id)
        product_id = reviews.values_list("product_id", flat=True).first()
        if product_id is None:
            raise Http404(REVIEW_NOT_FOUND)
        _lock_product(product_id)
        review = Review.objects.select_for_update(no_key=True).filter(pk=review_id).first()
        if review is None:
            raise Http404(REVIEW_NOT_FOUND)
        if review.status != status:
            Review.objects.filter(pk=review_id, status=review.status).update(status=status)
            review.status = status
            _keep_rating(product_id)
    return review


def _locked_public_review(review_id: int) -> Review:
    """A published review, locked for its counters; a hidden one is 404 as it is to
    every public reader."""
    review = (
        Review.objects.select_for_update(no_key=True)
        .filter(pk=review_id, status=ReviewStatus.PUBLISHED)
        .only("id", "user_id", "status")
        .first()
    )
    if review is None:
        raise Http404(REVIEW_NOT_FOUND)
    return review


def review_vote_helpful(*, user, review_id: int) -> int:
    """The user found the review helpful: counted once (409 the second time), never by
    its author (400). Answers the review's count."""
    with transaction.atomic():
        review = _locked_public_review(review_id)
        if review.user_id == user.pk:
            raise ValidationError(OWN_VOTE)
        try:
            with transaction.atomic():
                ReviewVote.objects.create(review_id=review_id, user=user)
        except IntegrityError as exc:
            raise Conflict(ALREADY_VOTED) from exc
        Review.objects.filter(pk=review_id).update(helpful=F("helpful") + 1)
        return Review.objects.filter(pk=review_id).values_list("helpful", flat=True).get()


def review_report(*, user, review_id: int) -> int:
    """The user reports the review to the moderators: once (409 again), never their own
    (400). Answers how many have reported it. The review stays published until a
    moderator hides it (the admin's list filters `reported`)."""
    with transaction.atomic():
        review = _locked_public_review(review_id)
        if review.user_id == user.pk:
            raise ValidationError(OWN_REPORT)
        try:
            with transaction.atomic():
                ReviewReport.objects.create(review_id=review_id, user=user)
        except IntegrityError as exc:
            raise Conflict(ALREADY_REPORTED) from exc
        Review.objects.filter(pk=review_id).update(reported=F("reported") + 1)
        return Review.objects.filter(pk=review_id).values_list("reported", flat=True).get()
