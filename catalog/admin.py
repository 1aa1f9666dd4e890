"""Django admin for the shop owner: categories and products with photo thumbnails,
search, filters and quick price/stock edits; a product's variants and gallery inline on
its page. Slugs are made by the same rules as the API (F11), so they are read-only here.

A product's `price` (the lowest variant price), `mrp` (that variant's MRP) and `quantity`
(their stock summed) are derived, so the product page shows them read-only and the
variants carry them (the list's quick edit writes through to a product sold one way); its
`photo` is the first gallery photo. Variants and photos go through the API's checks
(catalog.variants, catalog.gallery) before anything is written, and are written with the
product in the admin's one transaction: the product row is locked first, then its
variants (checkout's order), from the check of the stock shown to the save."""

from django import forms
from django.contrib import admin
from django.db import transaction
from django.db.models import Count
from django.forms.models import BaseInlineFormSet
from django.utils.html import format_html
from rest_framework.exceptions import APIException
from rest_framework.exceptions import ValidationError as ApiValidationError

from catalog.gallery import MAX_PHOTOS, GalleryItem, parse_gallery
from catalog.gallery import TOO_MANY as TOO_MANY_PHOTOS
from catalog.gallery import check_options as check_gallery_options
from catalog.media.photos import check_photo, gallery_photo_url, photo_url
from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.serializers import MRP_DIGITS, PRICE_DIGITS, QUANTITY_DIGITS, written_in_ascii
from catalog.services import (
    PhotoRow,
    category_create,
    category_delete,
    category_update,
    product_delete,
    product_save,
    product_set_price_stock,
)
from catalog.services.categories import TAX_FIELDS
from catalog.services.products import SEVERAL_VARIANTS
from catalog.services.stock import lock_product, lock_variants, stock_changed_since
from catalog.slugs import base_slug
from catalog.tax import HSN_MESSAGE, valid_hsn
from catalog.variants import (
    MAX_VARIANTS,
    check_skus_free,
    field_of,
    parse_options,
    parse_variants,
    with_mrps,
)
from shop.admin_races import CheckedAgainOnRace
from shop.forms import JSONTextField

COUNTRY_MESSAGE = "Country of origin must be 2 to 60 characters."
THRESHOLD_PAIR = "Give both the threshold and the rate above it, or neither."
RATE_ABOVE_LOWER = "The rate above the threshold must be higher than the GST rate."


def clean_hsn(value):
    """Blank, or 4-8 digits (catalog.tax)."""
    value = (value or "").strip()
    if value and not valid_hsn(value):
        raise forms.ValidationError(HSN_MESSAGE)
    return value


def clean_country(value):
    value = " ".join((value or "").split())
    if value and not 2 <= len(value) <= 60:
        raise forms.ValidationError(COUNTRY_MESSAGE)
    return value


class CategoryAdminForm(forms.ModelForm):
    """The category's tax defaults: its products without their own take them
    (catalog/tax.py); a price-dependent rate needs both the threshold and the higher
    rate above it."""

    class Meta:
        model = Category
        fields = (
            "name",
            "hsn",
            "gst_rate",
            "gst_threshold",
            "gst_rate_above",
            "country_of_origin",
        )
        help_texts = {
            "hsn": "4 to 8 digits; its products without their own take it.",
            "gst_threshold": "Sale value a piece (before tax) up to which the GST rate "
            "applies; above it, the rate above. Apparel and footwear: 2500.",
        }

    def clean_hsn(self):
        return clean_hsn(self.cleaned_data.get("hsn"))

    def clean_country_of_origin(self):
        return clean_country(self.cleaned_data.get("country_of_origin"))

    def clean(self):
        cleaned = super().clean()
        threshold, above = cleaned.get("gst_threshold"), cleaned.get("gst_rate_above")
        if (threshold is None) != (above is None):
            field = "gst_rate_above" if above is None else "gst_threshold"
            if field not in self.errors:
                self.add_error(field, THRESHOLD_PAIR)
        elif above is not None and above <= (cleaned.get("gst_rate") or 0):
            self.add_error("gst_rate_above", RATE_ABOVE_LOWER)
        return cleaned


class CategoryAdmin(CheckedAgainOnRace, admin.ModelAdmin):
    form = CategoryAdminForm
    list_display = ("name", "slug", "hsn", "gst_rate", "gst_rule", "product_count")
    search_fields = ("name", "slug", "hsn")
    readonly_fields = ("slug",)
    ordering = ("name",)
    fieldsets = (
        (None, {"fields": ("name", "slug")}),
        (
            "GST and origin (defaults for its products)",
            {
                "fields": (
                    "hsn",
                    "gst_rate",
                    "gst_threshold",
                    "gst_rate_above",
                    "country_of_origin",
                )
            },
        ),
    )

    @admin.display(description="Above threshold")
    def gst_rule(self, obj):
        if obj.gst_threshold is None:
            return "-"
        return f"{obj.gst_rate_above}% above Rs {obj.gst_threshold}"

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_products=Count("products"))

    @admin.display(description="Products", ordering="_products")
    def product_count(self, obj):
        return obj._products

    def save_model(self, request, obj, form, change):
        """The form's fields to catalog.services (which makes the slug, checks and
        writes); the page goes on with what was saved."""
        tax = {name: form.cleaned_data.get(name) for name in TAX_FIELDS}
        if change:
            stored = Category.objects.get(pk=obj.pk)
            saved = category_update(category=stored, name=obj.name, tax=tax)
        else:
            saved = category_create(name=obj.name, tax=tax)
        obj.pk, obj.slug = saved.pk, saved.slug

    def delete_model(self, request, obj):
        category_delete(category=obj)

    def delete_queryset(self, request, queryset):
        for category in queryset:
            category_delete(category=category)


STOCK_CHANGED = (
    "The stock changed from {shown} to {now} since this page was loaded (an order or "
    "another editor). Check the new figure and save again."
)
NO_VARIANT = "A product needs at least one variant: keep one, or add one."
MRP_BELOW_PRICE = "MRP (Rs {mrp:.2f}) must be at least the price (Rs {price:.2f})."


def _messages(exc: ApiValidationError) -> list[str]:
    """The texts of a DRF ValidationError (`{field: [..]}` or `[..]`) for a Django form."""
    detail = exc.detail
    if isinstance(detail, dict):
        detail = [m for messages in detail.values() for m in messages]
    if not isinstance(detail, list):
        detail = [detail]
    return [str(m) for m in detail]


def _shown(form, name: str):
    """The figure the page showed for `name` (its hidden initial value), None without one."""
    field = form.fields[name]
    shown = field.hidden_widget().value_from_datadict(
        form.data, form.files, form[name].html_initial_name
    )
    try:
        return field.to_python(shown)
    except forms.ValidationError:
        return None  # no figure came with the form: an explicit new stock


class StockAsShown(forms.ModelForm):
    """The stock the page showed travels with the form (a hidden initial value), so a
    sale made while the page was open is never undone: a stock left alone is not written
    back (only the fields changed are written), and a stock edited from a figure that is
    no longer the stored one is refused with the new figure. The check reads the row
    locked, and the admin validates and saves in one transaction, so no sale slips in
    between the check and the save.

    The products list's quick edits (this form) write through to the product's only
    variant; a product with several is edited on its page."""

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

    def clean_mrp(self):
        self._raw_is_ascii("mrp", MRP_DIGITS)
        return self.cleaned_data.get("mrp")

    def clean_quantity(self):
        self._raw_is_ascii("quantity", QUANTITY_DIGITS)
        quantity = self.cleaned_data.get("quantity")
        if self.instance.pk and "quantity" in self.changed_data:
            shown, now = _shown(self, "quantity"), lock_product(self.instance.pk)
            if stock_changed_since(shown, now):
                raise forms.ValidationError(STOCK_CHANGED.format(shown=shown, now=now))
        return quantity

    def clean(self):
        cleaned = super().clean()
        edited = [name for name in ("price", "mrp", "quantity") if name in self.changed_data]
        if self.instance.pk and edited:
            lock_product(self.instance.pk)
            count = len(lock_variants(self.instance.pk))
            if count > 1:
                self.add_error(edited[0], SEVERAL_VARIANTS.format(count=count))
                return cleaned
        price, mrp = cleaned.get("price"), cleaned.get("mrp")
        if price is not None and mrp is not None and mrp < price:
            # Beside the field edited (the MRP when both were); the model's check of the
            # two is then left out, so the error is said once.
            field = "price" if "price" in edited and "mrp" not in edited else "mrp"
            self.add_error(field, MRP_BELOW_PRICE.format(mrp=mrp, price=price))
        return cleaned


class ProductAdminForm(forms.ModelForm):
    class Meta:
        model = Product
        fields = (
            "name",
            "description",
            "shipping",
            "category",
            "options",
            "hsn",
            "gst_rate",
            "country_of_origin",
        )
        field_classes = {"options": JSONTextField}
        help_texts = {
            "options": 'Up to 3, as JSON: [{"name": "Size", "values": ["S", "M"]}]; '
            "[] for a product sold one way. Each combination sold is a variant below.",
            "hsn": "4 to 8 digits; blank: the category's.",
            "gst_rate": "Blank: the category's rule at the product's price.",
            "country_of_origin": "Blank: the category's.",
        }

    def clean_hsn(self):
        return clean_hsn(self.cleaned_data.get("hsn")) or None

    def clean_country_of_origin(self):
        return clean_country(self.cleaned_data.get("country_of_origin")) or None

    def clean_options(self):
        try:
            return parse_options(self.cleaned_data.get("options"))
        except ApiValidationError as exc:
            # The inlines then leave the variants' and photos' options unchecked.
            self.instance._options_refused = True
            raise forms.ValidationError(_messages(exc)) from None


class VariantForm(forms.ModelForm):
    """A variant row. Its stock travels with the page's figure, as the product's did: a
    stock left alone keeps the stored one (a sale made meanwhile stays), a stock edited
    from a figure no longer stored is refused with the new one."""

    class Meta:
        model = Variant
        fields = ("sku", "options", "price", "mrp", "quantity", "position")
        field_classes = {"options": JSONTextField}
        widgets = {"options": forms.TextInput(attrs={"size": 40})}
        help_texts = {
            "options": '{"Size": "M", "Colour": "Black"}; {} without options.',
            "mrp": "Maximum retail price, at least the price; blank: none.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sku"].required = False  # blank: made by the server, as the API does
        self.fields["sku"].help_text = "Blank: made for you."
        self.fields["position"].required = False
        self.fields["quantity"].show_hidden_initial = True

    def clean_price(self):
        if not written_in_ascii(self.data.get(self.add_prefix("price"), "")):
            raise forms.ValidationError(PRICE_DIGITS)
        return self.cleaned_data.get("price")

    def clean_mrp(self):
        if not written_in_ascii(self.data.get(self.add_prefix("mrp"), "")):
            raise forms.ValidationError(MRP_DIGITS)
        return self.cleaned_data.get("mrp")

    def clean_quantity(self):
        if not written_in_ascii(self.data.get(self.add_prefix("quantity"), "")):
            raise forms.ValidationError(QUANTITY_DIGITS)
        quantity = self.cleaned_data.get("quantity")
        if self.instance.pk is None or "quantity" not in self.changed_data:
            # Left alone: the save keeps the stock stored then (catalog.services.stock.keep_sales).
            return quantity
        now = self.instance.quantity  # read under the lock (VariantFormSet.get_queryset)
        shown = _shown(self, "quantity")
        if stock_changed_since(shown, now):
            raise forms.ValidationError(STOCK_CHANGED.format(shown=shown, now=now))
        return quantity

    def clean(self):
        cleaned = super().clean()
        price, mrp = cleaned.get("price"), cleaned.get("mrp")
        if price is not None and mrp is not None and mrp < price:
            # Beside the MRP; the model's check of the two is then left out.
            self.add_error("mrp", MRP_BELOW_PRICE.format(mrp=mrp, price=price))
        return cleaned

    def clean_options(self):
        value = self.cleaned_data.get("options")
        if value in (None, ""):
            return {}
        if not isinstance(value, dict):
            raise forms.ValidationError('Options must be {"name": "value"}, {} for none.')
        return value

    def _get_validation_exclusions(self):
        # The formset checks SKUs and combinations all together (two rows may swap them
        # in one save), so the model's unique SKU is not checked row by row; the
        # database's unique indexes stay the last word.
        return {*super()._get_validation_exclusions(), "sku"}

    def validate_unique(self):
        """See _get_validation_exclusions."""


def _kept_forms(formset):
    """The rows to keep (blank extra rows and deleted rows left out), ordered by their
    position (blank last), then by their place on the page."""
    kept = []
    for index, form in enumerate(formset.forms):
        if not form.has_changed() and form.instance.pk is None:
            continue
        if formset.can_delete and formset._should_delete_form(form):
            continue
        position = form.cleaned_data.get("position")
        kept.append(((position is None, position or 0, index), form))
    kept.sort(key=lambda pair: pair[0])
    return [form for _, form in kept]


def _product_options(formset) -> list[dict] | None:
    """The options the product form sent (checked), None when they are not valid (the
    product form says why)."""
    if getattr(formset.instance, "_options_refused", False):
        return None
    try:
        return parse_options(formset.instance.options or [])
    except ApiValidationError:
        return None


def _field_of(message: str) -> str:
    """The variant row's field a message of catalog.variants is about."""
    return field_of(message) or "options"


class VariantFormSet(BaseInlineFormSet):
    """All of a product's variants checked together by the API's rules: each row's
    options against the product's, each combination and SKU once, SKUs no other product
    has, at least one variant. `specs` holds them for the save."""

    default_error_messages = {
        "too_many_forms": f"A product can have at most {MAX_VARIANTS} variants."
    }

    def get_queryset(self):
        if not hasattr(self, "_queryset") and self.is_bound and self.instance.pk:
            # The rows are read after their locks, so each form's stock is the stored one.
            lock_product(self.instance.pk)
            lock_variants(self.instance.pk)
        return super().get_queryset()

    def clean(self):
        super().clean()
        self.specs = None
        if any(self.errors):
            return
        options = _product_options(self)
        if options is None:
            return
        kept = _kept_forms(self)
        if not kept:
            raise forms.ValidationError(NO_VARIANT)
        for form in kept:
            # Each row alone first (its options, SKU, price, stock), so a problem is
            # shown beside its row; then all together (combinations, SKUs, counts).
            try:
                parse_variants([self._sent(form)], options)
            except ApiValidationError as exc:
                for message in _messages(exc):
                    form.add_error(_field_of(message), message)
        if any(self.errors):
            return
        try:
            specs = with_mrps(parse_variants([self._sent(form) for form in kept], options))
            check_skus_free(specs, self.instance.pk)
        except ApiValidationError as exc:
            raise forms.ValidationError(_messages(exc)) from None
        self.specs = specs
        # The stock each row showed: a row's stock left as shown is the one stored at the
        # save (catalog.services.stock), so a sale made while the page was open stays.
        self.seen = {}
        for form in kept:
            shown = _shown(form, "quantity") if form.instance.pk else None
            if shown is not None:
                self.seen[form.instance.pk] = shown
        self.changed = self.has_changed() or bool(self.deleted_forms)

    @staticmethod
    def _sent(form) -> dict:
        data = form.cleaned_data
        return {
            "_id": form.instance.pk,
            "sku": data.get("sku") or "",
            "options": data.get("options") or {},
            # As text, as a form sends it (catalog.variants takes no Decimal).
            "price": None if data.get("price") is None else str(data["price"]),
            "mrp": None if data.get("mrp") is None else str(data["mrp"]),
            "quantity": data.get("quantity"),
        }


class VariantInline(admin.TabularInline):
    model = Variant
    form = VariantForm
    formset = VariantFormSet
    fields = ("sku", "options", "price", "mrp", "quantity", "position")
    max_num = MAX_VARIANTS
    verbose_name = "variant"

    def get_formset(self, request, obj=None, **kwargs):
        return super().get_formset(request, obj, validate_max=True, **kwargs)

    def get_extra(self, request, obj=None, **kwargs):
        return 0 if obj is not None else 1


class PhotoForm(forms.ModelForm):
    class Meta:
        model = ProductPhoto
        fields = ("image", "alt", "option", "position")

    def __init__(self, *args, parent=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.parent = parent
        self.fields["position"].required = False
        self.fields["option"].help_text = "The option value it shows (Blue), or blank."

    def clean_image(self):
        """The API's photo rules (Pillow check, byte and pixel caps, re-encoding) apply
        here too; the file is named after the product, as an upload's is."""
        image = self.cleaned_data.get("image")
        if image and "image" in self.changed_data and hasattr(image, "read"):
            parent = self.parent
            slug = (parent.slug if parent else "") or base_slug(
                getattr(parent, "name", "") or "", fallback="product", max_length=60
            )
            try:
                checked = check_photo(image, slug=slug)
            except APIException as exc:
                detail = exc.detail
                if isinstance(detail, dict):
                    detail = next(iter(detail.values()))
                if isinstance(detail, list):
                    detail = detail[0]
                raise forms.ValidationError(str(detail)) from None
            return checked.content
        return image

    def clean_alt(self):
        """The gallery's alt text rules (trimmed, no control characters)."""
        try:
            [item] = parse_gallery([{"new": 0, "alt": self.cleaned_data.get("alt")}], new_count=1)
        except ApiValidationError as exc:
            raise forms.ValidationError(_messages(exc)) from None
        return item.alt


class PhotoFormSet(BaseInlineFormSet):
    """The gallery: at most MAX_PHOTOS, each option a value of the product's options
    (spelled as there)."""

    default_error_messages = {"too_many_forms": TOO_MANY_PHOTOS}

    def get_form_kwargs(self, index):
        return {**super().get_form_kwargs(index), "parent": self.instance}

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        options = _product_options(self)
        if options is None:
            return
        for form in _kept_forms(self):
            option = form.cleaned_data.get("option") or ""
            item = GalleryItem(pk=form.instance.pk, new=None, alt="", option=option)
            try:
                check_gallery_options([item], options)
            except ApiValidationError as exc:
                form.add_error("option", _messages(exc))
            else:
                form.instance.option = item.option


class PhotoInline(admin.TabularInline):
    model = ProductPhoto
    form = PhotoForm
    formset = PhotoFormSet
    fields = ("thumbnail", "image", "alt", "option", "position")
    readonly_fields = ("thumbnail",)
    max_num = MAX_PHOTOS
    extra = 1
    verbose_name = "photo"
    verbose_name_plural = "gallery (the first photo is the product's photo)"

    def get_formset(self, request, obj=None, **kwargs):
        return super().get_formset(request, obj, validate_max=True, **kwargs)

    @admin.display(description="")
    def thumbnail(self, obj):
        if not obj.pk or not obj.image:
            return ""
        return format_html(
            '<img src="{}" alt="{}" width="64" height="64" loading="lazy" '
            'style="object-fit:cover;border-radius:4px">',
            gallery_photo_url(obj.product_id, obj.pk, obj.image.name),
            obj.alt,
        )


def _photo_row(form) -> PhotoRow:
    """A gallery row as the service takes it: a new file only when one was chosen (the
    photo form's check gives it re-encoded)."""
    image = form.cleaned_data.get("image")
    chosen = "image" in form.changed_data and hasattr(image, "read")
    return PhotoRow(
        pk=form.instance.pk,
        alt=form.cleaned_data.get("alt") or "",
        option=form.instance.option or "",
        content=image if chosen else None,
    )


def _history(formset, saved) -> None:
    """What the page's history says of an inline (construct_change_message), from the
    rows as the service wrote them (`saved`, the kept rows in their order)."""
    kept = _kept_forms(formset)
    for form, obj in zip(kept, saved, strict=False):
        if form.initial.get("id") is None and form.instance.pk is None:
            formset.new_objects.append(obj)
        elif form.has_changed():
            formset.changed_objects.append((obj, form.changed_data))
    formset.deleted_objects = [f.instance for f in formset.deleted_forms if f.instance.pk]


class ProductAdmin(CheckedAgainOnRace, admin.ModelAdmin):
    form = ProductAdminForm
    inlines = (VariantInline, PhotoInline)
    list_display = (
        "thumbnail",
        "name",
        "category",
        "price",
        "mrp",
        "quantity",
        "shipping",
        "rating",
        "created_at",
    )
    list_display_links = ("thumbnail", "name")
    list_editable = ("price", "mrp", "quantity")
    list_filter = ("category", "shipping")
    list_select_related = ("category",)
    list_per_page = 50
    search_fields = ("name", "description", "slug")
    # The rating is the reviews app's to write (catalog.services.ratings): shown only.
    readonly_fields = (
        "slug",
        "price",
        "mrp",
        "quantity",
        "preview",
        "rating_average",
        "rating_count",
        "created_at",
        "updated_at",
    )
    fields = (
        "name",
        "slug",
        "description",
        "category",
        "price",
        "mrp",
        "quantity",
        "shipping",
        "options",
        "hsn",
        "gst_rate",
        "country_of_origin",
        "preview",
        "rating_average",
        "rating_count",
        "created_at",
        "updated_at",
    )
    autocomplete_fields = ("category",)
    date_hierarchy = "created_at"
    show_full_result_count = False

    @admin.display(description="Rating", ordering="-rating_average")
    def rating(self, obj):
        """ "4.3 (12)": the published reviews' average and count; "-" without any."""
        if not obj.rating_count or obj.rating_average is None:
            return "-"
        return f"{obj.rating_average:.1f} ({obj.rating_count})"

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

    def changelist_view(self, request, extra_context=None):
        # The quick edits are checked (the row locked) and saved in one transaction, as
        # the product page is: Django validates the list's forms outside its own.
        if request.method == "POST":
            with transaction.atomic():
                return super().changelist_view(request, extra_context)
        return super().changelist_view(request, extra_context)

    def save_model(self, request, obj, form, change):
        """Nothing is written here: a quick edit of the list, or the page with its
        variants and gallery, is handed to catalog.services in save_related, once."""

    def save_related(self, request, form, formsets, change):
        """The form and its inlines turned into catalog.services' input: a quick edit to
        product_set_price_stock, the page to product_save (the variants as checked, the
        stock each row showed, the gallery's rows in order). The page's history is told
        what was added, changed and deleted, as formset.save() tells it."""
        if not isinstance(form, ProductAdminForm):
            self._save_quick_edit(form.instance, form)
            return
        product = form.instance
        changed = (
            [name for name in form.changed_data if name in form._meta.fields] if change else []
        )
        specs, seen, gallery = None, {}, None
        for formset in formsets:
            formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
            if isinstance(formset, VariantFormSet) and (
                formset.changed or "options" in changed or product.pk is None
            ):
                specs, seen = formset.specs, formset.seen
            elif isinstance(formset, PhotoFormSet) and formset.has_changed():
                gallery = [_photo_row(row) for row in _kept_forms(formset)]
        saved = product_save(
            product=product, changed=changed, specs=specs, seen=seen, gallery=gallery
        )
        for formset in formsets:
            if isinstance(formset, VariantFormSet) and specs is not None:
                _history(formset, saved.variants)
            elif isinstance(formset, PhotoFormSet) and gallery is not None:
                _history(formset, saved.photos)

    def _save_quick_edit(self, obj, form):
        """A price, MRP or stock edited in the list: to the service, which gives it to the
        product's only variant (a product with several is refused by StockAsShown)."""
        changed = [name for name in ("price", "mrp", "quantity") if name in form.changed_data]
        mrp = None
        if "mrp" in changed:
            mrp = "" if obj.mrp is None else obj.mrp  # "": the MRP cleared
        product_set_price_stock(
            product=obj,
            price=obj.price if "price" in changed else None,
            quantity=obj.quantity,
            shown_quantity=_shown(form, "quantity"),
            mrp=mrp,
        )

    def delete_model(self, request, obj):
        product_delete(product=obj)

    def delete_queryset(self, request, queryset):
        for product in queryset:
            product_delete(product=product)


admin.site.register(Category, CategoryAdmin)
admin.site.register(Product, ProductAdmin)
