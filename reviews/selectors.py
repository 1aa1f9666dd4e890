"""Reads of reviews. A product's reviews page is three queries whatever its length: the
product by its slug (a second for an old slug), the published reviews' count by rating
(the histogram, and from it the average and the total), then the page with its authors
joined (and a signed-in reader's own review: one more). The admin's list is a count
and a page with products and authors joined."""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count
from django.http import Http404

from catalog.models import Product, ProductSlugHistory
from reviews.models import Review, ReviewStatus

REVIEWS_PER_PAGE = 10
ADMIN_REVIEWS_PER_PAGE = 20
PRODUCT_NOT_FOUND = "Product not found"
REVIEW_NOT_FOUND = "Review not found"
MAX_SLUG = 220

# The public list's orders (`sort`), each with a stable tie-break.
SORTS = {
    "recent": ("-created_at", "-id"),
    "helpful": ("-helpful", "-created_at", "-id"),
    "rating-high": ("-rating", "-created_at", "-id"),
    "rating-low": ("rating", "-created_at", "-id"),
}
# The admin's list filters (`status`); `reported` is the published reviews someone
# reported, the moderators' queue.
ADMIN_FILTERS = ("published", "hidden", "reported")


def product_id_for_slug(*, slug: str) -> int:
    """The product at this slug, or the one that had it before a rename (the catalogue's
    slug history); 404 otherwise."""
    if not slug or len(slug) > MAX_SLUG or "\x00" in slug:
        raise Http404(PRODUCT_NOT_FOUND)
    found = Product.objects.filter(slug=slug).values_list("pk", flat=True).first()
    if found is None:
        old = ProductSlugHistory.objects.filter(slug=slug)
        found = old.values_list("product_id", flat=True).first()
    if found is None:
        raise Http404(PRODUCT_NOT_FOUND)
    return found


def rating_average(total: int, count: int) -> Decimal | None:
    """The mean of `count` ratings summing to `total`, to one decimal, halves up; None
    when there are none."""
    if not count:
        return None
    return (Decimal(total) / Decimal(count)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class RatingSummary:
    average: Decimal | None
    count: int
    histogram: dict[str, int]


def rating_summary(*, product_id: int) -> RatingSummary:
    """The published reviews of a product counted by rating, in one grouped query."""
    rows = (
        Review.objects.published()
        .filter(product_id=product_id)
        .values("rating")
        .annotate(n=Count("id"))
        .order_by()
    )
    histogram = {str(stars): 0 for stars in range(1, 6)}
    for row in rows:
        histogram[str(row["rating"])] = row["n"]
    count = sum(histogram.values())
    total = sum(int(stars) * n for stars, n in histogram.items())
    return RatingSummary(average=rating_average(total, count), count=count, histogram=histogram)


def review_list_for_product(*, product_id: int, page: int, sort: str) -> list[Review]:
    start = (page - 1) * REVIEWS_PER_PAGE
    return list(
        Review.objects.published()
        .with_author()
        .filter(product_id=product_id)
        .order_by(*SORTS[sort])[start : start + REVIEWS_PER_PAGE]
    )


def review_of(*, product_id: int, user) -> Review | None:
    """The user's own review of the product, published or hidden."""
    return Review.objects.with_author().filter(product_id=product_id, user=user).first()


def review_get(*, review_id: int) -> Review:
    return Review.objects.with_author().select_related("product").get(pk=review_id)


@dataclass(frozen=True)
class ReviewPage:
    reviews: list[Review]
    total: int


def review_admin_list(*, page: int = 1, status: str | None = None) -> ReviewPage:
    """A page of every review for the moderators, newest first, optionally published,
    hidden, or published and reported."""
    qs = Review.objects.all()
    if status == "reported":
        qs = qs.filter(status=ReviewStatus.PUBLISHED, reported__gt=0)
    elif status:
        qs = qs.filter(status=status)
    total = qs.count()
    start = (page - 1) * ADMIN_REVIEWS_PER_PAGE
    found = list(
        qs.select_related("user", "product").order_by("-created_at", "-id")[
            start : start + ADMIN_REVIEWS_PER_PAGE
        ]
    )
    return ReviewPage(reviews=found, total=total)


def author_name(name: str) -> str:
    """'Asha Kumar' -> 'Asha K.': the first name and the initial of the last; one name
    alone as it is."""
    words = (name or "").split()
    if not words:
        return "A shopper"
    if len(words) == 1:
        return words[0]
    return f"{words[0]} {words[-1][0].upper()}."


def review_source(product_id: int, limit: int) -> list[dict]:
    """The product's newest published reviews for its page's JSON-LD (registered with
    catalog.services.ratings by ReviewsConfig.ready): author as the list shows it,
    rating, title, body and `createdAt` (a datetime)."""
    found = (
        Review.objects.published()
        .with_author()
        .filter(product_id=product_id)
        .order_by(*SORTS["recent"])[:limit]
    )
    return [
        {
            "author": author_name(review.user.name),
            "rating": review.rating,
            "title": review.title,
            "body": review.body,
            "createdAt": review.created_at,
        }
        for review in found
    ]
