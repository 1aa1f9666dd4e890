"""Django admin for orders: lines and the status history inline and read-only (a line's
price is what the buyer was charged and never changes), search by the buyer's e-mail,
filter by status. A status change goes through the same handler as the API
(orders.actions), so the status machine holds, stock goes back on a cancel, a paid order
is refunded and the buyer gets the mail."""

from decimal import Decimal
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from accounts import pincodes
from orders import delivery, shipments
from orders.actions import order_set_status
from orders.invoice_files import file_name, invoice_pdf_bytes
from orders.models import (
    Courier,
    Order,
    OrderLine,
    OrderStatusChange,
    ServedPincode,
    ShopDetails,
    manual_next_statuses,
)
from orders.shop_details import clean_shop_details
from shop.money import rupees


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


class OrderStatusChangeInline(admin.TabularInline):
    """The order's status history: written by the moves themselves, never by hand."""

    model = OrderStatusChange
    fields = ("status", "at", "by")
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name = "status change"
    verbose_name_plural = "status history"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("by")

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class OrderAdminForm(forms.ModelForm):
    # Taken with the move to Shipped only (orders.actions.order_ship stores them).
    ship_courier = forms.CharField(
        label="Courier", max_length=100, required=False, help_text="With the move to Shipped."
    )
    ship_awb = forms.CharField(
        label="AWB", max_length=100, required=False, help_text="With the move to Shipped."
    )

    class Meta:
        model = Order
        fields = ("status",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        current = self.instance.status
        allowed = {current, *manual_next_statuses(current)}
        self.fields["status"].choices = [
            (value, label)
            for value, label in Order._meta.get_field("status").choices
            if value in allowed
        ]


class OrderAdmin(admin.ModelAdmin):
    form = OrderAdminForm
    inlines = (OrderLineInline, OrderStatusChangeInline)
    list_display = ("id", "buyer_email", "status", "total", "payment_method", "created_at")
    list_filter = ("status",)
    list_select_related = ("buyer",)
    search_fields = (
        "buyer__email",
        "guest_email",
        "online_payment__gateway_order_id",
        "online_payment__payment_id",
    )
    readonly_fields = (
        "buyer",
        "guest_name",
        "guest_email",
        "guest_phone",
        "address",
        "buyer_gstin",
        "business_name",
        "payment_method",
        "total",
        "gateway_order_id",
        "gateway_payment_id",
        "amount_paid",
        "amount_refunded",
        "refund_status",
        "other_refunds",
        "idempotency_key",
        "created_at",
        "updated_at",
        "tax_documents",
    )
    fields = ("buyer", "status", "ship_courier", "ship_awb", *readonly_fields[1:])
    date_hierarchy = "created_at"
    list_per_page = 50

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("online_payment")

    @admin.display(description="Razorpay order id")
    def gateway_order_id(self, order):
        payment = order.payment_record
        return (payment and payment.gateway_order_id) or "-"

    @admin.display(description="Razorpay payment id")
    def gateway_payment_id(self, order):
        payment = order.payment_record
        return (payment and payment.payment_id) or "-"

    @admin.display(description="Paid online")
    def amount_paid(self, order):
        payment = order.payment_record
        return rupees(payment.captured_rupees, paise=True) if payment else "-"

    @admin.display(description="Refunded")
    def amount_refunded(self, order):
        payment = order.payment_record
        return rupees(payment.refunded_rupees, paise=True) if payment else "-"

    @admin.display(description="Refund status")
    def refund_status(self, order):
        payment = order.payment_record
        if payment is None or not payment.refund_status:
            return "-"
        status = payment.get_refund_status_display()
        return f"{status} ({payment.refund_id})" if payment.refund_id else status

    @admin.display(description="Refunds of other payments")
    def other_refunds(self, order):
        """Payments refunded because they came late, twice or for another amount."""
        own = order.payment_record and order.payment_record.payment_id
        stray = [refund for refund in order.refunds.all() if refund.payment_id != own]
        if not stray:
            return "-"
        return format_html_join(
            mark_safe("<br>"),
            "{}: {} ({}, {})",
            (
                (
                    refund.payment_id,
                    rupees(Decimal(refund.amount) / 100, paise=True),
                    refund.get_reason_display(),
                    refund.status,
                )
                for refund in stray
            ),
        )

    @admin.display(description="Invoice and credit note")
    def tax_documents(self, order):
        """Each document's number and date, linked to its PDF."""
        documents = list(order.invoices.all())
        if not documents:
            return "None yet: the tax invoice is issued when the order ships."
        from orders.invoice_pdf import issue_date  # ReportLab loads with the first document

        return format_html_join(
            mark_safe("<br>"),
            '{}: <a href="{}">{}</a> ({}, PDF)',
            (
                (
                    document.get_kind_display(),
                    reverse("admin:orders_order_document", args=[order.pk, document.kind])
                    + "?"
                    + urlencode({"number": document.number}),
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
        # An order has one tax invoice and a credit note per return: ?number= picks one,
        # else the latest of the kind.
        documents = order.invoices.filter(kind=kind).order_by("-issued_at", "-id")
        if request.GET.get("number"):
            documents = documents.filter(number=request.GET["number"])
        document = documents.first()
        if document is None:
            raise Http404("No such document")
        response = HttpResponse(invoice_pdf_bytes(document), content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="{file_name(document)}"'
        response["Cache-Control"] = "private, no-store"
        return response

    @admin.display(description="Buyer", ordering="buyer__email")
    def buyer_email(self, order):
        # A guest's order: the e-mail it was placed with, marked as a guest's.
        return order.buyer.email if order.buyer_id else f"{order.guest_email} (guest)"

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        if change and "status" in form.changed_data:
            order_set_status(
                order_id=obj.pk,
                status=form.cleaned_data["status"],
                by=request.user,
                courier=form.cleaned_data.get("ship_courier", "").strip(),
                tracking_number=form.cleaned_data.get("ship_awb", "").strip(),
            )


admin.site.register(Order, OrderAdmin)


# --- Where the shop delivers: served PIN codes and their CSV import ------------------------

MAX_IMPORT_BYTES = delivery.MAX_IMPORT_BYTES


class ServedPincodeForm(forms.ModelForm):
    class Meta:
        model = ServedPincode
        fields = ("pincode", "cod", "days")
        help_texts = {
            "days": f"Days from order (and again from shipping) to delivery here, 0 to "
            f"{delivery.MAX_DAYS}; blank: the DELIVERY_DAYS setting."
        }

    def clean_days(self):
        days = self.cleaned_data["days"]
        if days is not None and days > delivery.MAX_DAYS:
            raise forms.ValidationError(f"At most {delivery.MAX_DAYS} days.")
        return days

    def clean_pincode(self):
        pin = self.cleaned_data["pincode"].strip()
        if pincodes.lookup(pin) is None:
            raise forms.ValidationError(f"PIN code {pin} is not in India Post's directory.")
        return pin


class ServedPincodeImportForm(forms.Form):
    file = forms.FileField(
        label="CSV file",
        help_text=(
            'Header "pincode,cod" (or "pincode,cod,days"), then one PIN code a line with cod '
            "1 (cash on delivery) or 0, and the days a delivery there takes (0 to 60; blank: "
            "the DELIVERY_DAYS setting). The file replaces the whole list; one bad line and "
            "nothing changes."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError("The file is larger than 5 MB.")
        try:
            self.result = delivery.served_pincodes_import(delivery.decode_upload(upload.chunks()))
        except delivery.ImportProblem as problem:
            raise forms.ValidationError(problem.problems) from problem
        return upload


class ServedPincodeAdmin(admin.ModelAdmin):
    """The PIN codes the courier serves; while there are none, every PIN code is served
    with cash on delivery. "Import CSV" replaces the list as `manage.py import_pincodes`
    does (the same code)."""

    form = ServedPincodeForm
    list_display = ("pincode", "cod", "delivery_days", "state", "city")
    list_filter = ("cod",)
    search_fields = ("^pincode",)
    ordering = ("pincode",)
    list_per_page = 100
    change_list_template = "admin/orders/servedpincode/change_list.html"

    @admin.display(description="Delivery days", ordering="days")
    def delivery_days(self, served):
        return served.days if served.days is not None else f"{settings.DELIVERY_DAYS} (default)"

    @admin.display(description="State")
    def state(self, served):
        place = pincodes.lookup(served.pincode)
        return place.state if place else "-"

    @admin.display(description="City")
    def city(self, served):
        place = pincodes.lookup(served.pincode)
        return place.city if place else "-"

    def get_urls(self):
        own = [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="orders_servedpincode_import",
            )
        ]
        return own + super().get_urls()

    def can_import(self, request) -> bool:
        return self.has_add_permission(request) and self.has_delete_permission(request)

    def changelist_view(self, request, extra_context=None):
        extra_context = {**(extra_context or {}), "can_import": self.can_import(request)}
        return super().changelist_view(request, extra_context)

    def import_view(self, request):
        if not self.can_import(request):
            raise PermissionDenied
        posted = request.method == "POST"
        form = ServedPincodeImportForm(*((request.POST, request.FILES) if posted else ()))
        if posted and form.is_valid():
            result = form.result
            self.message_user(
                request,
                f"Loaded {result.loaded} PIN codes ({result.cod} with cash on delivery); "
                "the list replaces the one before.",
                messages.SUCCESS,
            )
            return redirect("admin:orders_servedpincode_changelist")
        context = {
            **self.admin_site.each_context(request),
            "title": "Import served PIN codes",
            "opts": self.model._meta,
            "form": form,
        }
        return TemplateResponse(request, "admin/orders/servedpincode/import.html", context)


admin.site.register(ServedPincode, ServedPincodeAdmin)


# --- Couriers and their tracking pages -------------------------------------------------------


class CourierForm(forms.ModelForm):
    class Meta:
        model = Courier
        fields = ("name", "tracking_url")

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        # One name a courier, in any case: orders find their courier's template by it.
        others = Courier.objects.exclude(pk=self.instance.pk).values_list("name", flat=True)
        if any(shipments.courier_key(other) == shipments.courier_key(name) for other in others):
            raise forms.ValidationError(f"There is already a courier named {name}.")
        return name

    def clean_tracking_url(self):
        return shipments.clean_template(self.cleaned_data["tracking_url"])


class CourierAdmin(admin.ModelAdmin):
    """The couriers the admin panel offers when an order ships, and each one's tracking
    page: an order shipped with a courier of that name (any case) and an AWB links to the
    template with the AWB in place of {awb} (orders.shipments)."""

    form = CourierForm
    list_display = ("name", "tracking_url")
    search_fields = ("name",)
    ordering = ("name",)


admin.site.register(Courier, CourierAdmin)


class ShopDetailsForm(forms.ModelForm):
    class Meta:
        model = ShopDetails
        fields = (
            "legal_name",
            "trade_name",
            "gstin",
            "invoice_prefix",
            "address",
            "city",
            "state",
            "pincode",
            "email",
            "phone",
            "grievance_name",
            "grievance_designation",
            "grievance_email",
            "grievance_phone",
            "delivery_charge",
            "free_delivery_from",
        )

    def clean(self):
        values = super().clean()
        try:
            return clean_shop_details(values)
        except ValidationError as exc:
            for field, messages in exc.message_dict.items():
                if field in self.fields and field not in self.errors:
                    self.add_error(field, messages)
            return values


class ShopDetailsAdmin(admin.ModelAdmin):
    """The shop's details are one record: no second one, no delete, and the list goes
    straight to it. Saving it clears the cached copy every server reads
    (orders/shop_details.py)."""

    form = ShopDetailsForm
    fieldsets = (
        ("Seller", {"fields": ("legal_name", "trade_name", "gstin", "invoice_prefix")}),
        ("Address", {"fields": ("address", "city", "state", "pincode")}),
        ("Customer care", {"fields": ("email", "phone", "toll_free")}),
        (
            "Grievance officer (Consumer Protection (E-Commerce) Rules 2020, rule 4)",
            {
                "fields": (
                    "grievance_name",
                    "grievance_designation",
                    "grievance_email",
                    "grievance_phone",
                )
            },
        ),
        (
            "Delivery charge",
            {
                "fields": ("delivery_charge", "free_delivery_from"),
                "description": "A flat charge on an order below the amount (on every order "
                "when it is blank); a charge of 0 is free delivery always.",
            },
        ),
        ("Cash on delivery", {"fields": ("cod_limit",)}),
    )
    readonly_fields = ("updated_at",)

    def has_add_permission(self, request):
        return not ShopDetails.objects.exists()

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        details = ShopDetails.objects.order_by("pk").first()
        if details is None:
            return redirect("admin:orders_shopdetails_add")
        return redirect("admin:orders_shopdetails_change", details.pk)


admin.site.register(ShopDetails, ShopDetailsAdmin)
