"""Django admin for the shop owner: categories and products with photo thumbnails,
search, filters and quick price/stock edits. Slugs are made by the same rules as the API
(F11), so they are read-only here."""

from django import forms
from django.contrib import admin
from django.db import transaction
from django.db.models import Count
from django.utils.html import format_html
from rest_framework.exceptions import APIException

from catalog.models import Category, Product
from catalog.photos import check_photo, photo_url
from catalog.serializers import PRICE_DIGITS, QUANTITY_DIGITS, written_in_ascii
from catalog.services import (
    photo_discard,
    photo_remove_after_commit,
    product_delete,
    product_slug_remember,
)
from catalog.slugs import renamed_slug, unique_slug


class CategoryAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "product_count")
    search_fields = ("name", "slug")
    readonly_fields = ("slug",)
    ordering = ("name",)

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_products=Count("products"))

    @admin.display(description="Products", ordering="_products")
    def product_count(self, obj):
        return obj._products

    def save_model(self, request, obj, form, change):
        if not change:
            obj.slug = unique_slug(Category, obj.name, fallback="category")
        elif "name" in form.changed_data:
            obj.slug = renamed_slug(Category, obj, obj.name, fallback="category")
        super().save_model(request, obj, form, change)


STOCK_CHANGED = (
    "The stock changed from {shown} to {now} since this page was loaded (an order or "
    "another editor). Check the new figure and save again."
)


class StockAsShown(forms.ModelForm):
    """The stock the page showed travels with the form (a hidden initial value), so a
    sale made while the page was open is never undone: a stock left alone is not written
    back (ProductAdmin.save_model writes only the fields changed), and a stock edited from
    a figure that is no longer the stored one is refused with the new figure. The Django
    admin validates and saves a form in one transaction, in which the row stays locked
    from this check to the save."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "quantity" in self.fields:
            self.fields["quantity"].show_hidden_initial = True

    def _raw_is_ascii(self, name: str, message: str) -> None:
        if not written_in_ascii(self.data.get(self.add_prefix(name), "")):
            raise forms.ValidationError(message)

    def clean_price(self):
        self._raw_is_ascii("price", PRICE_DIGITS)
        return self.cleaned_data.get("price")

    def clean_quantity(self):
        self._raw_is_ascii("quantity", QUANTITY_DIGITS)
        quantity = self.cleaned_data.get("quantity")
        if self.instance.pk and "quantity" in self.changed_data:
            field = self.fields["quantity"]
            shown = field.hidden_widget().value_from_datadict(
                self.data, self.files, self["quantity"].html_initial_name
            )
            try:
                shown = field.to_python(shown)
            except forms.ValidationError:
                shown = None  # no figure came with the form: an explicit new stock
            # The stored figure, locked until the admin's transaction commits, so a sale
            # cannot slip in between this check and the save (PostgreSQL; SQLite's
            # transactions take the write lock when they begin).
            now = (
                Product.objects.select_for_update()
                .filter(pk=self.instance.pk)
                .values_list("quantity", flat=True)
                .first()
            )
            if shown is not None and shown != now:
                raise forms.ValidationError(STOCK_CHANGED.format(shown=shown, now=now))
        return quantity


class ProductAdminForm(StockAsShown):
    class Meta:
        model = Product
        fields = ("name", "description", "price", "quantity", "shipping", "category", "photo")

    def clean_photo(self):
        """The API's photo rules (Pillow check, byte and pixel caps) apply here too."""
        photo = self.cleaned_data.get("photo")
        if photo and "photo" in self.changed_data and hasattr(photo, "read"):
            try:
                checked = check_photo(photo, slug=self.instance.slug or "product")
            except APIException as exc:
                detail = exc.detail
                if isinstance(detail, dict):
                    detail = next(iter(detail.values()))
                if isinstance(detail, list):
                    detail = detail[0]
                raise forms.ValidationError(str(detail)) from None
            return checked.content
        return photo


class ProductAdmin(admin.ModelAdmin):
    form = ProductAdminForm
    list_display = ("thumbnail", "name", "category", "price", "quantity", "shipping", "created_at")
    list_display_links = ("thumbnail", "name")
    list_editable = ("price", "quantity")
    list_filter = ("category", "shipping")
    list_select_related = ("category",)
    list_per_page = 50
    search_fields = ("name", "description", "slug")
    readonly_fields = ("slug", "preview", "created_at", "updated_at")
    fields = (
        "name",
        "slug",
        "description",
        "category",
        "price",
        "quantity",
        "shipping",
        "photo",
        "preview",
        "created_at",
        "updated_at",
    )
    autocomplete_fields = ("category",)
    date_hierarchy = "created_at"
    show_full_result_count = False

    @admin.display(description="Photo")
    def thumbnail(self, obj):
        return format_html(
            '<img src="{}" alt="{}" width="48" height="48" loading="lazy" '
            'style="object-fit:cover;border-radius:4px">',
            photo_url(obj),
            obj.name,
        )

    @admin.display(description="Preview")
    def preview(self, obj):
        if not obj.pk:
            return "-"
        return format_html(
            '<img src="{}" alt="{}" style="max-width:240px;max-height:240px">',
            photo_url(obj),
            obj.name,
        )

    def get_changelist_form(self, request, **kwargs):
        return super().get_changelist_form(request, form=StockAsShown, **kwargs)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.slug = unique_slug(Product, obj.name, fallback="product")
        elif "name" in form.changed_data:
            old_slug = obj.slug
            obj.slug = renamed_slug(Product, obj, obj.name, fallback="product")
            product_slug_remember(product=obj, old_slug=old_slug)
        old = form.initial.get("photo")
        old_name = getattr(old, "name", old) or ""
        try:
            self._save_product(request, obj, form, change, old_name)
        except BaseException:
            # The file field wrote the new photo before the row (and its renditions) failed.
            new_name = obj.photo.name if obj.photo else ""
            if new_name and new_name != old_name:
                photo_discard(new_name)
            raise

    def _save_product(self, request, obj, form, change, old_name):
        with transaction.atomic():
            if change:
                # Only what this form changed: the rest (the stock above all, which sales
                # move while the page is open) stays as stored.
                changed = [name for name in form.changed_data if name in form._meta.fields]
                obj.save(update_fields=[*changed, "slug", "updated_at"])
            else:
                super().save_model(request, obj, form, change)
            if change and "photo" in form.changed_data and old_name and old_name != obj.photo.name:
                photo_remove_after_commit(old_name)

    def delete_model(self, request, obj):
        product_delete(product=obj)

    def delete_queryset(self, request, queryset):
        for product in queryset:
            product_delete(product=product)


admin.site.register(Category, CategoryAdmin)
admin.site.register(Product, ProductAdmin)
