"""Returns in the Django admin, read-only: the lines, the steps and what each step did
(credit note, refund, replacement order). Moves go through the API's status call
(the admin panel's Returns screen), which runs returns.services with its checks, locks
and side effects: this page writes nothing."""

from django.contrib import admin

from returns.models import Return, ReturnLine, ReturnStatusChange


class ReturnLineInline(admin.TabularInline):
    model = ReturnLine
    fields = ("order_line", "quantity")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class ReturnStatusChangeInline(admin.TabularInline):
    model = ReturnStatusChange
    fields = ("status", "at", "by", "note")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Return)
class ReturnAdmin(admin.ModelAdmin):
    list_display = ("id", "order", "kind", "reason", "status", "refund_amount", "created_at")
    list_filter = ("status", "kind", "reason")
    search_fields = ("=id", "=order__id", "order__buyer__email")
    list_select_related = ("order",)
    inlines = (ReturnLineInline, ReturnStatusChangeInline)
    fields = (
        "order",
        "kind",
        "reason",
        "note",
        "exchange_variant",
        "status",
        "admin_note",
        "refund_amount",
        "credit_note",
        "refund",
        "refund_reference",
        "reserved",
        "exchange_order",
        "created_at",
        "updated_at",
    )
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
