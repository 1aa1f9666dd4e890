"""Reviews in the Django admin: read-only rows, filtered by status, reported and verified,
searched by title, text, product and reviewer. Hide and Publish are actions that run
reviews.services.review_set_status, so the product's rating moves with them as it does
from the API's status call."""

from django.contrib import admin, messages
from django.db.models import Q

from reviews.models import Review, ReviewStatus
from reviews.services import review_set_status


class ReportedFilter(admin.SimpleListFilter):
    title = "reported"
    parameter_name = "reported"

    def lookups(self, request, model_admin):
        return (("yes", "Reported"), ("no", "Not reported"))

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(reported__gt=0)
        if self.value() == "no":
            return queryset.filter(Q(reported=0))
        return queryset


def _set_status(modeladmin, request, queryset, status: str) -> None:
    ids = list(queryset.values_list("pk", flat=True))
    for review_id in ids:
        review_set_status(review_id=review_id, status=status)
    modeladmin.message_user(
        request, f"{len(ids)} review(s) {status}; the products' ratings updated.", messages.SUCCESS
    )


@admin.action(description="Hide the selected reviews")
def hide(modeladmin, request, queryset):
    _set_status(modeladmin, request, queryset, ReviewStatus.HIDDEN)


@admin.action(description="Publish the selected reviews")
def publish(modeladmin, request, queryset):
    _set_status(modeladmin, request, queryset, ReviewStatus.PUBLISHED)


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "product",
        "user",
        "rating",
        "title",
        "status",
        "verified",
        "helpful",
        "reported",
        "created_at",
    )
    list_filter = ("status", ReportedFilter, "verified", "rating")
    search_fields = ("title", "body", "product__name", "user__email", "user__name")
    list_select_related = ("product", "user")
    actions = (hide, publish)
    fields = (
        "product",
        "user",
        "rating",
        "title",
        "body",
        "status",
        "verified",
        "helpful",
        "reported",
        "created_at",
        "updated_at",
    )
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        # A delete here would skip the rating's upkeep: hide instead.
        return False
