"""Django admin for orders: lines inline and read-only (a line's price is what the buyer
was charged and never changes), search by the buyer's e-mail, filter by status. A status
change goes through the same service as the API, so the status machine holds, stock goes
back on a cancel and the buyer gets the mail."""

from django import forms
from django.contrib import admin
from django.http import Http404, HttpResponse
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from orders.invoice_pdf import issue_date
from orders.invoices import file_name, invoice_pdf_bytes
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
        "tax_documents",
    )
    fields = ("buyer", "status", *readonly_fields[1:])
    date_hierarchy = "created_at"
    list_per_page = 50

    @admin.display(description="Invoice and credit note")
    def tax_documents(self, order):
        """Each document's number and date, linked to its PDF."""
        documents = list(order.invoices.all())
        if not documents:
            return "None yet: the tax invoice is issued when the order ships."
        return format_html_join(
            mark_safe("<br>"),
            '{}: <a href="{}">{}</a> ({}, PDF)',
            (
                (
                    document.get_kind_display(),
                    reverse("admin:orders_order_document", args=[order.pk, document.kind]),
                    document.number,
                    issue_date(document),
                )
                for document in documents
            ),
        )

    def get_urls(self):
        own = [
            path(
                "<int:order_id>/document/<str:kind>/",
                self.admin_site.admin_view(self.document_view),
                name="orders_order_document",
            )
        ]
        return own + super().get_urls()

    def document_view(self, request, order_id: int, kind: str):
        """The PDF download for staff who may view the order (the API's call takes a
        token, which an admin session does not carry). Made now if the job has not run."""
        order = self.get_object(request, str(order_id))
        if order is None or not self.has_view_permission(request, order):
            raise Http404("Order not found")
        document = order.invoices.filter(kind=kind).first()
        if document is None:
            raise Http404("No such document")
        response = HttpResponse(invoice_pdf_bytes(document), content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="{file_name(document)}"'
        response["Cache-Control"] = "private, no-store"
        return response

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
