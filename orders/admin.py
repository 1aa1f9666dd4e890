"""Django admin for orders: lines inline and read-only (a line's price is what the buyer
was charged and never changes), search by the buyer's e-mail, filter by status. A status
change goes through the same service as the API, so the status machine holds, stock goes
back on a cancel and the buyer gets the mail."""

from django import forms
from django.contrib import admin

from orders.models import NEXT_STATUSES, Order, OrderLine
from orders.services import order_set_status


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    fields = ("product_ref", "name", "price", "quantity", "subtotal")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="Subtotal")
    def subtotal(self, line):
        return line.subtotal


class OrderAdminForm(forms.ModelForm):
    class Meta:
        model = Order
        fields = ("status",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        current = self.instance.status
        allowed = {current, *NEXT_STATUSES.get(current, ())}
        self.fields["status"].choices = [
            (value, label)
            for value, label in Order._meta.get_field("status").choices
            if value in allowed
        ]


class OrderAdmin(admin.ModelAdmin):
    form = OrderAdminForm
    inlines = (OrderLineInline,)
    list_display = ("id", "buyer_email", "status", "total", "payment_method", "created_at")
    list_filter = ("status",)
    list_select_related = ("buyer",)
    search_fields = ("buyer__email",)
    readonly_fields = (
        "buyer",
        "address",
        "payment_method",
        "total",
        "idempotency_key",
        "created_at",
        "updated_at",
    )
    fields = ("buyer", "status", *readonly_fields[1:])
    date_hierarchy = "created_at"
    list_per_page = 50

    @admin.display(description="Buyer", ordering="buyer__email")
    def buyer_email(self, order):
        return order.buyer.email

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        if change and "status" in form.changed_data:
            order_set_status(order_id=obj.pk, status=form.cleaned_data["status"])


admin.site.register(Order, OrderAdmin)
