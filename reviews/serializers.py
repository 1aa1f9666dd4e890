"""The wire shape of reviews (contract, "Reviews"; docs/reviews.md): a review's fields
checked one by one (400 naming the field), and the answers, which the OpenAPI schema
reads. Text is kept as written: trimmed, NFC, control characters refused (line breaks
and tabs allowed in the body), never turned into markup."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from orders.serializers import TimestampField
from reviews.models import MAX_BODY, MAX_TITLE, ReviewStatus
from reviews.selectors import ADMIN_FILTERS, SORTS, author_name
from shop.api.fields import TextField
from shop.api.schema import Envelope, IdOutputField, MessageField

RATING_ERROR = "Rating must be a whole number from 1 to 5."
SORT_ERROR = "Sort must be one of: " + ", ".join(SORTS) + "."
STATUS_ERROR = 'Status must be "published" or "hidden".'
FILTER_ERROR = "Status must be one of: " + ", ".join(ADMIN_FILTERS) + "."
PAGE_ERRORS = {
    **dict.fromkeys(("invalid", "min_value"), "Page must be a whole number of at least 1."),
    **dict.fromkeys(("max_value", "max_string_length"), "Page is too large."),
}


# --- input --------------------------------------------------------------------------------


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": 5})
class RatingField(serializers.Field):
    """A JSON whole number from 1 to 5: 4.5, "5", true, 0 and 6 are refused."""

    default_error_messages = dict.fromkeys(("invalid", "required", "null"), RATING_ERROR)

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int) or not 1 <= data <= 5:
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


def _choice(choices, message: str, **kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=choices,
        error_messages=dict.fromkeys(("invalid_choice", "required", "null"), message),
        **kwargs,
    )


def _page() -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=1, max_value=1_000_000, required=False, default=1, error_messages=PAGE_ERRORS
    )


class ReviewInput(serializers.Serializer):
    rating = RatingField(help_text="Whole stars, 1 to 5.")
    title = TextField(
        label="Title", max_length=MAX_TITLE, help_text=f"One line, 1 to {MAX_TITLE} characters."
    )
    body = TextField(
        label="Body",
        multiline=True,
        max_length=MAX_BODY,
        help_text=f"Plain text, 1 to {MAX_BODY} characters; line breaks kept.",
    )


class ReviewListInput(serializers.Serializer):
    page = _page()
    sort = _choice(list(SORTS), SORT_ERROR, required=False, default="recent")


class ReviewStatusInput(serializers.Serializer):
    status = _choice(ReviewStatus.values, STATUS_ERROR)


class AdminReviewListInput(serializers.Serializer):
    page = _page()
    status = _choice(ADMIN_FILTERS, FILTER_ERROR, required=False)


# --- output -------------------------------------------------------------------------------


class ReviewOutput(serializers.Serializer):
    _id = IdOutputField()
    rating = serializers.IntegerField(min_value=1, max_value=5)
    title = serializers.CharField()
    body = serializers.CharField()
    author = serializers.SerializerMethodField(
        help_text="The reviewer's first name and the initial of the last: `Asha K.`."
    )
    verified = serializers.BooleanField(
        help_text="The reviewer had a delivered order of the product when the review was "
        "last written."
    )
    helpful = serializers.IntegerField(min_value=0, help_text="Users who found it helpful.")
    createdAt = TimestampField(source="created_at")

    def get_author(self, review) -> str:
        return author_name(review.user.name)


class OwnReviewOutput(ReviewOutput):
    """A review as its author's writes answer it: its product and status added."""

    product = serializers.CharField(source="product_id", help_text="Ours: the product's id.")
    status = serializers.ChoiceField(
        choices=ReviewStatus.values, help_text="Ours: `hidden` when a moderator hid it."
    )
    updatedAt = TimestampField(source="updated_at", help_text="Ours: the last edit.")


class ReviewProductOutput(serializers.Serializer):
    _id = IdOutputField()
    name = serializers.CharField()
    slug = serializers.CharField()


class ReviewUserOutput(serializers.Serializer):
    _id = IdOutputField()
    name = serializers.CharField()
    email = serializers.EmailField()


class AdminReviewOutput(OwnReviewOutput):
    """A review as the moderators read it: the product's name and slug, the reviewer's
    account and how many reported it."""

    product = ReviewProductOutput()
    user = ReviewUserOutput(help_text="The reviewer's account.")
    reported = serializers.IntegerField(min_value=0, help_text="Users who reported it.")


class RatingOutput(serializers.Serializer):
    average = serializers.DecimalField(
        max_digits=2,
        decimal_places=1,
        coerce_to_string=False,
        allow_null=True,
        help_text="The published reviews' mean to one decimal (halves up); null when none.",
    )
    count = serializers.IntegerField(min_value=0)
    histogram = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        help_text='Published reviews by stars: `{"1": n, ..., "5": n}`.',
    )


class ProductReviewsAnswer(Envelope):
    reviews = ReviewOutput(many=True, help_text="One page of published reviews.")
    rating = RatingOutput()
    total = serializers.IntegerField(min_value=0, help_text="Published reviews, all pages.")
    mine = OwnReviewOutput(
        allow_null=True, help_text="Ours: the caller's own review (a valid token), else null."
    )


class ReviewAnswer(Envelope):
    review = OwnReviewOutput()


class AdminReviewAnswer(Envelope):
    review = AdminReviewOutput()


class AdminReviewListAnswer(Envelope):
    reviews = AdminReviewOutput(many=True, help_text="One page of reviews, newest first.")


class HelpfulAnswer(Envelope):
    helpful = serializers.IntegerField(min_value=1, help_text="Users who found it helpful.")


class ReportAnswer(Envelope):
    message = MessageField()
    reported = serializers.IntegerField(min_value=1, help_text="Users who reported it.")
