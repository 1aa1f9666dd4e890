"""Sales and coupons in the Django admin: the same fields and checks as the API (the model's
`clean`), with each coupon's uses and the discount given, read in the list's query."""

from django.contrib import admin

from promotions import selectors
from promotions.models import Coupon, Sale
from shop.money import rupees


@admin.register(Coupon)
class CouponAdmin(admin.ModelAdmin):
    list_display = (
        "code",
        "kind",
        "value",
        "active",
        "starts_at",
        "ends_at",
        "uses",
        "discount_given",
    )
    list_filter = ("active", "kind", "first_order_only", "prepaid_only")
    search_fields = ("code",)
    readonly_fields = ("created_at", "updated_at")
    fieldsets = (
        (None, {"fields": ("code", "kind", "value", "active")}),
        ("When", {"fields": ("starts_at", "ends_at"), "description": "India time (IST)."}),
        (
            "Rules",
            {
                "fields": (
                    "min_order",
                    "max_discount",
                    "usage_limit",
                    "per_customer_limit",
                    "first_order_only",
                    "prepaid_only",
                )
            },
        ),
        (
            "What it covers",
            {
                "fields": ("categories", "products"),
                "description": "Lists of category and product ids, e.g. [3, 7]; both "
                "empty: everything.",
            },
        ),
        (None, {"fields": ("created_at", "updated_at")}),
    )

    def get_queryset(self, request):
        return selectors.coupon_list()

    @admin.display(description="Used", ordering="used")
    def uses(self, coupon) -> str:
        limit = f" / {coupon.usage_limit}" if coupon.usage_limit is not None else ""
        return f"{coupon.used}{limit}"

    @admin.display(description="Discount given", ordering="given")
    def discount_given(self, coupon) -> str:
        return rupees(coupon.given, paise=True)


@admin.register(Sale)
class SaleAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "value", "active", "starts_at", "ends_at")
    list_filter = ("active", "kind")
    search_fields = ("name",)
    readonly_fields = ("created_at", "updated_at")
    fieldsets = (
        (None, {"fields": ("name", "kind", "value", "active")}),
        ("When", {"fields": ("starts_at", "ends_at"), "description": "India time (IST)."}),
        (
            "What it covers",
            {
                "fields": ("categories", "products"),
                "description": "Lists of category and product ids, e.g. [3, 7]; both "
                "empty: the whole shop.",
            },
        ),
        (None, {"fields": ("created_at", "updated_at")}),
    )

    def save_model(self, request, obj, form, change):
        from promotions.services import sale_update

        sale_update(sale=obj)

    def delete_model(self, request, obj):
        from promotions.services import sale_delete

        sale_delete(sale=obj)
