"""The review calls (contract, "Reviews"; docs/reviews.md): validate the input, call one
service or selector, shape the answer with the output serializers, which the OpenAPI
schema reads too."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.views import APIView

from reviews import selectors, services
from reviews.serializers import (
    AdminReviewAnswer,
    AdminReviewListAnswer,
    AdminReviewListInput,
    AdminReviewOutput,
    HelpfulAnswer,
    OwnReviewOutput,
    ProductReviewsAnswer,
    RatingOutput,
    ReportAnswer,
    ReviewAnswer,
    ReviewInput,
    ReviewListInput,
    ReviewOutput,
    ReviewStatusInput,
)
from reviews.throttles import ReviewWriteThrottle
from shop.api.authentication import TokenAuthentication
from shop.api.envelope import ok
from shop.api.fields import parse_id
from shop.api.paging import PAGE_HEADERS
from shop.api.parsers import JSONParser
from shop.api.permissions import IsAdmin, IsSignedIn
from shop.api.schema import MessageAnswer, error_responses

REPORT_THANKS = "Thank you. A moderator will look at this review."


def _review_id(value: str) -> int:
    parsed = parse_id(value)
    if parsed is None:
        raise Http404(selectors.REVIEW_NOT_FOUND)
    return parsed


def _reader(request):
    """The shopper a public read's token names, or None: a missing, bad or stale token is
    no one (never a 401), so it cannot block reading."""
    try:
        found = TokenAuthentication().authenticate(request)
    except AuthenticationFailed:
        return None
    return found[0] if found else None


def _own(review_id: int) -> dict:
    return OwnReviewOutput(selectors.review_get(review_id=review_id)).data


class SignedInWrite(APIView):
    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]
    throttle_classes = [ReviewWriteThrottle]


class ProductReviewsView(APIView):
    """GET is a public read: no authentication at all, so a stale token never blocks a
    shopper; POST is a signed-in write."""

    parser_classes = [JSONParser]

    def get_authenticators(self):
        if self.request is not None and self.request.method in ("GET", "HEAD", "OPTIONS"):
            return []
        return super().get_authenticators()

    def get_permissions(self):
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return []
        return [IsSignedIn()]

    def get_throttles(self):
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return []
        return [ReviewWriteThrottle()]

    @extend_schema(
        summary="A product's published reviews, 10 a page, with its rating (anyone)",
        description="`sort`: `recent` (the default), `helpful`, `rating-high`, `rating-low`; "
        "anything else is 400. A renamed product's old slug answers its reviews. "
        "`mine` (ours) is the caller's own review of the product, whatever its status, when "
        "the request carries a valid token; null otherwise (a bad token is ignored here). "
        "`X-Total-Count` and `X-Page-Size` as the admin lists; `total` says the same. "
        "Hidden reviews are in no answer, average or count.",
        parameters=[ReviewListInput, *PAGE_HEADERS],
        responses={200: ProductReviewsAnswer, **error_responses(400, 404)},
    )
    def get(self, request, slug):
        query = ReviewListInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        product_id = selectors.product_id_for_slug(slug=slug)
        summary = selectors.rating_summary(product_id=product_id)
        found = selectors.review_list_for_product(product_id=product_id, **query.validated_data)
        reader = _reader(request)
        mine = reader and selectors.review_of(product_id=product_id, user=reader)
        return ok(
            {
                "reviews": ReviewOutput(found, many=True).data,
                "rating": RatingOutput(summary).data,
                "total": summary.count,
                "mine": OwnReviewOutput(mine).data if mine else None,
            },
            X_Total_Count=str(summary.count),
            X_Page_Size=str(selectors.REVIEWS_PER_PAGE),
        )

    @extend_schema(
        summary="Review a product (signed in; one review per product)",
        description="`rating` a whole number 1 to 5; `title` 1 to 120 characters, one line; "
        "`body` 1 to 5,000 characters, line breaks kept. Text is stored as written "
        "(trimmed, NFC), control characters refused (400 naming the field). A second "
        "review of the product by the same user is 409. `verified` is true when the "
        "reviewer has a delivered order of the product.",
        request=ReviewInput,
        responses={201: ReviewAnswer, **error_responses(400, 401, 404, 409, 413, 415, 429)},
    )
    def post(self, request, slug):
        product_id = selectors.product_id_for_slug(slug=slug)
        data = ReviewInput(data=request.data)
        data.is_valid(raise_exception=True)
        review = services.review_create(
            user=request.user, product_id=product_id, **data.validated_data
        )
        return ok({"review": _own(review.pk)}, status=status.HTTP_201_CREATED)


class ReviewDetailView(SignedInWrite):
    @extend_schema(
        summary="Rewrite my review (its author only)",
        description="The fields as when it was written, all of them. Anyone else's review "
        "(an admin's too) is 404. `verified` is read again; a hidden review stays hidden.",
        request=ReviewInput,
        responses={200: ReviewAnswer, **error_responses(400, 401, 404, 413, 415, 429)},
    )
    def put(self, request, review_id):
        review_id = _review_id(review_id)
        data = ReviewInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.review_update(user=request.user, review_id=review_id, **data.validated_data)
        return ok({"review": _own(review_id)})

    @extend_schema(
        summary="Delete my review (its author only)",
        description="With its votes and reports. Anyone else's review is 404.",
        responses={200: MessageAnswer, **error_responses(401, 404, 429)},
    )
    def delete(self, request, review_id):
        services.review_delete(user=request.user, review_id=_review_id(review_id))
        return ok({"message": "Review deleted"})


class ReviewHelpfulView(SignedInWrite):
    @extend_schema(
        summary="Say a review was helpful (signed in, not its author)",
        description="Counted once per user: a second vote is 409, a vote for one's own "
        "review 400. A hidden review is 404.",
        request=None,
        responses={200: HelpfulAnswer, **error_responses(400, 401, 404, 409, 429)},
    )
    def post(self, request, review_id):
        helpful = services.review_vote_helpful(user=request.user, review_id=_review_id(review_id))
        return ok({"helpful": helpful})


class ReviewReportView(SignedInWrite):
    @extend_schema(
        summary="Report a review to the moderators (signed in, not its author)",
        description="Once per user (409 again); one's own review is 400, a hidden one 404. "
        "The review stays published; the admin's list shows it under `status=reported`.",
        request=None,
        responses={200: ReportAnswer, **error_responses(400, 401, 404, 409, 429)},
    )
    def post(self, request, review_id):
        reported = services.review_report(user=request.user, review_id=_review_id(review_id))
        return ok({"message": REPORT_THANKS, "reported": reported})


class ReviewStatusView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Publish or hide a review (admin)",
        description="`status` `published` or `hidden`. A hidden review leaves every public "
        "answer, the product's average and count at once; publishing brings it back.",
        request=ReviewStatusInput,
        responses={200: AdminReviewAnswer, **error_responses(400, 401, 403, 404, 413, 415)},
    )
    def put(self, request, review_id):
        review_id = _review_id(review_id)
        data = ReviewStatusInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.review_set_status(review_id=review_id, **data.validated_data)
        return ok({"review": AdminReviewOutput(selectors.review_get(review_id=review_id)).data})


class ReviewListView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="Every review, 20 a page, newest first (admin)",
        description="`status`: `published`, `hidden`, or `reported` (published reviews "
        "someone reported). Each carries its product's name and slug, the reviewer's "
        "account and how many reported it. Paged as the other admin lists (`page`, "
        "`X-Total-Count`, `X-Page-Size`), in the envelope `{success, reviews}`.",
        parameters=[AdminReviewListInput, *PAGE_HEADERS],
        responses={200: AdminReviewListAnswer, **error_responses(400, 401, 403)},
    )
    def get(self, request):
        query = AdminReviewListInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = selectors.review_admin_list(**query.validated_data)
        return ok(
            {"reviews": AdminReviewOutput(found.reviews, many=True).data},
            X_Total_Count=str(found.total),
            X_Page_Size=str(selectors.ADMIN_REVIEWS_PER_PAGE),
        )
