"""Wishlists and back-in-stock alerts in the Django admin, to look at: nothing is added or
edited here. A pending alert may be deleted (a shopper who asks to be left alone); a
sent one is kept as the record of its mail."""

from django.contrib import admin

from wishlist.models import AlertStatus, StockAlert, WishlistItem


@admin.register(WishlistItem)
class WishlistItemAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "product", "created_at")
    search_fields = ("user__email", "product__name", "=product__id")
    list_select_related = ("user", "product")
    fields = ("user", "product", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(StockAlert)
class StockAlertAdmin(admin.ModelAdmin):
    list_display = ("id", "email", "product", "variant", "status", "created_at", "sent_at")
    list_filter = ("status",)
    search_fields = ("email", "product__name", "=product__id", "variant__sku")
    list_select_related = ("product", "variant")
    date_hierarchy = "created_at"
    fields = ("email", "user", "product", "variant", "status", "site", "created_at", "sent_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return obj is None or obj.status == AlertStatus.PENDING
