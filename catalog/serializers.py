"""The wire shape, in one place: input serializers check requests, output serializers
write `_id` strings, numbers for price and quantity, 0/1 shipping and the nested
category `{_id, name, slug}`."""

import unicodedata
from datetime import UTC, datetime
from decimal import Decimal

import orjson
from django.core.files.uploadedfile import UploadedFile
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers
from rest_framework.utils import html

from catalog import prices
from catalog.media.photos import NOT_AN_IMAGE, gallery_photo_url, photo_url
from catalog.media.renditions import photo_widths
from catalog.tax import (
    DEFAULT_COUNTRY,
    GST_RATES,
    HSN_MESSAGE,
    RATE_MESSAGE,
    category_rate,
    country_of_origin,
    gst_rate,
    hsn,
)
from catalog.tax import valid_hsn as _valid_hsn
from catalog.variants import attach_parts
from shop.api.fields import IdField, TextField, clean_text, parse_id  # noqa: F401 (catalog.views)
from shop.api.schema import TIMESTAMP, Envelope, IdOutputField, MessageField, inline

MAX_PAGE = 1_000_000_000
PAGE_ERROR = "Page must be a whole number of at least 1."
MAX_KEYWORD = 1000
MAX_SUGGEST = 200


# --- fields -------------------------------------------------------------------------------


@extend_schema_field({"type": "integer", "enum": [0, 1]})
class ShippingField(serializers.Field):
    """0 or 1 (as text in multipart); booleans from JSON clients too."""

    default_error_messages = {"invalid": "Shipping must be 0 or 1."}

    def to_internal_value(self, data):
        if data in (True, 1, "1"):
            return True
        if data in (False, 0, "0"):
            return False
        if isinstance(data, str) and data.strip() in ("0", "1"):
            return data.strip() == "1"
        self.fail("invalid")

    def to_representation(self, value):
        return 1 if value else 0


@extend_schema_field(
    {
        "type": "string",
        "format": "binary",
        "description": "JPEG, PNG, WebP or GIF; at most MAX_PHOTO_BYTES.",
    }
)
class PhotoField(serializers.Field):
    """An uploaded file, or an empty text field meaning "no photo" (the original client
    sends `photo=""` when none was chosen)."""

    default_error_messages = {"invalid": NOT_AN_IMAGE}

    def to_internal_value(self, data):
        if isinstance(data, UploadedFile):
            return data
        if isinstance(data, str) and data.strip() in ("", "null", "undefined"):
            return None
        self.fail("invalid")


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "number", "nullable": True, "minimum": 0},
        "maxItems": 2,
        "description": "[], [min], [min, null] or [min, max]; ends included.",
    }
)
class PriceBandField(serializers.ListField):
    """`[]`, `[min]`, `[min, null]` or `[min, max]`, both ends included."""

    default_error_messages = {
        "band": "Price range must be [], [min], [min, null] or [min, max] with min <= max."
    }

    def __init__(self, **kwargs):
        super().__init__(
            child=serializers.DecimalField(
                max_digits=12, decimal_places=2, min_value=Decimal(0), allow_null=True
            ),
            allow_empty=True,
            max_length=2,
            **kwargs,
        )

    def to_internal_value(self, data):
        values = super().to_internal_value(data)
        if len(values) > 2:
            self.fail("band")
        low = values[0] if values else None
        high = values[1] if len(values) > 1 else None
        if low is not None and high is not None and low > high:
            self.fail("band")
        return (low, high)


@extend_schema_field({"type": "string", "pattern": r"^[0-9]+$", "description": "A category id."})
class CategoryIdField(IdField):
    """A category id; the form sends it as text."""


PRICE_DIGITS = "Price must be written with the digits 0-9."
QUANTITY_DIGITS = "Quantity must be written with the digits 0-9."


def written_in_ascii(data) -> bool:
    """Python reads Arabic-Indic, Devanagari or full-width digits as numbers; a price or
    stock figure is taken only in the digits 0-9 (as checkout takes quantities)."""
    return not isinstance(data, str) or data.isascii()


@extend_schema_field({"type": "number", "minimum": 0, "maximum": 99999999.99, "multipleOf": 0.01})
class PriceField(serializers.DecimalField):
    """Rupees with at most two decimals, in the digits 0-9."""

    def to_internal_value(self, data):
        if not written_in_ascii(data):
            raise serializers.ValidationError(PRICE_DIGITS, code="invalid")
        return super().to_internal_value(data)


MRP_DIGITS = "MRP must be written with the digits 0-9."


@extend_schema_field(
    {
        "type": "number",
        "nullable": True,
        "minimum": 0,
        "maximum": 99999999.99,
        "multipleOf": 0.01,
        "description": "Maximum retail price (tax inclusive), at least the price; blank or "
        "null: none.",
    }
)
class MrpField(PriceField):
    """The maximum retail price: rupees as `price` is written, or blank (or null) for
    none, which reads as "" (as a tax field's blank does): the services clear it then,
    and keep it when the field is not sent at all."""

    def get_value(self, dictionary):
        # DRF reads a blank form field that is not required as "not sent"; here blank
        # means something (no MRP).
        if html.is_html_input(dictionary) and dictionary.get(self.field_name) == "":
            return ""
        return super().get_value(dictionary)

    def validate_empty_values(self, data):
        if data is None or (isinstance(data, str) and not data.strip()):
            return (True, "")
        return super().validate_empty_values(data)

    def to_internal_value(self, data):
        if not written_in_ascii(data):
            raise serializers.ValidationError(MRP_DIGITS, code="invalid")
        return super().to_internal_value(data)


class QuantityField(serializers.IntegerField):
    """A whole number in the digits 0-9."""

    def to_internal_value(self, data):
        if not written_in_ascii(data):
            raise serializers.ValidationError(QUANTITY_DIGITS, code="invalid")
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "description": "JSON text."})
class JsonTextField(serializers.Field):
    """JSON sent as a text field of a multipart form (or as JSON in a JSON body): passed
    on as it is, read and checked by the service that takes it (catalog.variants,
    catalog.gallery)."""

    def to_internal_value(self, data):
        if isinstance(data, UploadedFile):
            raise serializers.ValidationError("Must be JSON text, not a file.")
        if isinstance(data, str) and len(data) > 200_000:
            raise serializers.ValidationError("Is too long.")
        return data


# Tax fields of create-product and update-product: "" (or null) means "the category's",
# which the services store as None; not sent leaves an update's value as it is.
COUNTRY_MESSAGE = "Country of origin must be 2 to 60 characters."


class _BlankMeansCategory(serializers.Field):
    """null or blank is "" (the category's); anything else is checked by `parse`."""

    def get_value(self, dictionary):
        # DRF reads a blank form field that is not required as "not sent"; here blank
        # means something (back to the category's).
        if html.is_html_input(dictionary) and dictionary.get(self.field_name) == "":
            return ""
        return super().get_value(dictionary)

    def validate_empty_values(self, data):
        if data is None:
            return (True, "")
        return super().validate_empty_values(data)

    def to_internal_value(self, data):
        if isinstance(data, str) and not clean_text(data):
            return ""
        return self.parse(data)


@extend_schema_field(
    {
        "type": "string",
        "pattern": r"^([0-9]{4,8})?$",
        "description": "4-8 digits; blank: the category's.",
    }
)
class HsnField(_BlankMeansCategory):
    def parse(self, data):
        value = clean_text(data) if isinstance(data, str) else data
        if isinstance(value, bool) or not isinstance(value, str | int) or not _valid_hsn(value):
            raise serializers.ValidationError(HSN_MESSAGE)
        return str(value)


@extend_schema_field(
    {"type": "integer", "enum": list(GST_RATES), "description": "Blank: the category's rule."}
)
class GstRateField(_BlankMeansCategory):
    def parse(self, data):
        if isinstance(data, str) and data.strip().isascii() and data.strip().isdigit():
            data = int(data.strip())
        if isinstance(data, bool) or data not in GST_RATES:
            raise serializers.ValidationError(RATE_MESSAGE)
        return int(data)


@extend_schema_field(
    {"type": "string", "minLength": 2, "maxLength": 60, "description": "Blank: the category's."}
)
class CountryField(_BlankMeansCategory):
    def parse(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError(COUNTRY_MESSAGE)
        value = " ".join(clean_text(data).split())
        if not 2 <= len(value) <= 60:
            raise serializers.ValidationError(COUNTRY_MESSAGE)
        if any(unicodedata.category(c) == "Cc" for c in value):
            raise serializers.ValidationError(
                "Country of origin contains characters that are not allowed."
            )
        return value


def _name_field(max_length: int) -> TextField:
    return TextField(label="Name", max_length=max_length)


# --- input --------------------------------------------------------------------------------


class PageInput(serializers.Serializer):
    page = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE,
        error_messages={
            "invalid": PAGE_ERROR,
            "min_value": PAGE_ERROR,
            "max_value": "Page is too large.",
            "required": PAGE_ERROR,
            "max_string_length": "Page is too large.",
        },
    )


class SuggestInput(serializers.Serializer):
    """What is typed so far; blank answers no suggestions."""

    q = TextField(
        label="Search text",
        max_length=MAX_SUGGEST,
        allow_blank=True,
        required=False,
        help_text="The text typed so far; its last word is a prefix.",
    )

    def validate_q(self, value):
        return value or ""


class AdminProductListInput(PageInput):
    page = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE,
        required=False,
        default=1,
        error_messages={
            "invalid": PAGE_ERROR,
            "min_value": PAGE_ERROR,
            "max_value": "Page is too large.",
            "max_string_length": "Page is too large.",
        },
    )
    q = TextField(
        label="Search text",
        max_length=200,
        allow_blank=True,
        required=False,
        default="",
        help_text="Part of the product's name.",
    )
    sort = serializers.ChoiceField(
        choices=["newest", "stock", "-stock", "name"],
        required=False,
        default="newest",
        help_text="newest first (default), stock (fewest left first), -stock, name.",
        error_messages={"invalid_choice": "Sort must be one of: newest, stock, -stock, name."},
    )


THRESHOLD_PAIR = "Give both the threshold and the rate above it, or neither."
RATE_ABOVE_LOWER = "The rate above the threshold must be higher than the GST rate."


@extend_schema_field(
    {"type": "string", "pattern": r"^([0-9]{4,8})?$", "description": "4-8 digits; blank: none."}
)
class CategoryHsnField(HsnField):
    pass


@extend_schema_field({"type": "integer", "enum": list(GST_RATES)})
class CategoryRateField(serializers.Field):
    """A GST rate of GST_RATES (18 or "18" alike); blank or null is refused."""

    default_error_messages = {"null": RATE_MESSAGE}

    def to_internal_value(self, data):
        if isinstance(data, str) and data.strip().isascii() and data.strip().isdigit():
            data = int(data.strip())
        if isinstance(data, bool) or data not in GST_RATES:
            raise serializers.ValidationError(RATE_MESSAGE)
        return int(data)

    def to_representation(self, value):
        return value


@extend_schema_field(
    {"type": "integer", "enum": list(GST_RATES), "nullable": True, "description": "null: none."}
)
class CategoryRateAboveField(CategoryRateField):
    def validate_empty_values(self, data):
        if data is None or (isinstance(data, str) and not data.strip()):
            return (True, None)
        return super().validate_empty_values(data)


@extend_schema_field({"type": "string", "minLength": 2, "maxLength": 60})
class CategoryCountryField(CountryField):
    """Blank is the default, India."""

    def to_internal_value(self, data):
        return super().to_internal_value(data) or DEFAULT_COUNTRY


@inline
class CategoryInput(serializers.Serializer):
    """create-category and update-category: the contract's `name`, and (ours, optional)
    the category's tax defaults its products take (catalog/tax.py). A price-dependent rate
    needs both `gstThreshold` and `gstRateAbove`, the rate above higher than `gstRate`;
    on an update the values not sent are the category's (context `category`)."""

    TAX = {
        "hsn": "hsn",
        "gstRate": "gst_rate",
        "gstThreshold": "gst_threshold",
        "gstRateAbove": "gst_rate_above",
        "countryOfOrigin": "country_of_origin",
    }

    name = _name_field(100)
    hsn = CategoryHsnField(required=False, help_text="Ours: the HSN code its products take.")
    gstRate = CategoryRateField(required=False, help_text="Ours: the GST rate (%); default 18.")
    gstThreshold = PriceField(
        max_digits=10,
        decimal_places=2,
        min_value=0,
        required=False,
        allow_null=True,
        help_text="Ours: sale value a piece (rupees) up to which gstRate applies; null: none.",
        error_messages={
            "invalid": "GST threshold must be an amount in rupees.",
            "min_value": "GST threshold cannot be negative.",
            "max_decimal_places": "GST threshold has at most 2 decimals.",
            "max_digits": "GST threshold is too large.",
            "max_whole_digits": "GST threshold is too large.",
            "max_string_length": "GST threshold is too large.",
        },
    )
    gstRateAbove = CategoryRateAboveField(
        required=False, allow_null=True, help_text="Ours: the rate above gstThreshold."
    )
    countryOfOrigin = CategoryCountryField(
        required=False, help_text="Ours: its products' country of origin; default India."
    )

    def validate(self, attrs):
        category = self.context.get("category")

        def value(key, default):
            if key in attrs:
                return attrs[key]
            return getattr(category, self.TAX[key]) if category is not None else default

        threshold, above = value("gstThreshold", None), value("gstRateAbove", None)
        if (threshold is None) != (above is None):
            key = "gstRateAbove" if above is None else "gstThreshold"
            raise serializers.ValidationError({key: [THRESHOLD_PAIR]})
        if above is not None and above <= value("gstRate", 18):
            raise serializers.ValidationError({"gstRateAbove": [RATE_ABOVE_LOWER]})
        return attrs

    def tax(self) -> dict:
        """The tax defaults sent, by model field (catalog.services' `tax`)."""
        return {
            field: self.validated_data[key]
            for key, field in self.TAX.items()
            if key in self.validated_data
        }


@inline
class OptionFacetsInput(serializers.Serializer):
    """option-facets; product-filters adds its page, order and option values."""

    checked = serializers.ListField(
        child=IdField(), required=False, default=list, allow_empty=True, max_length=1000
    )
    radio = PriceBandField(required=False, default=list)

    def validate_radio(self, value):
        # `default=list` gives [] when missing; a sent value is already a (low, high) pair.
        return (None, None) if value == [] else value


@inline
class ProductFilterInput(OptionFacetsInput):
    page = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE,
        required=False,
        allow_null=True,
        error_messages={
            "invalid": PAGE_ERROR,
            "min_value": PAGE_ERROR,
            "max_value": "Page is too large.",
            "max_string_length": "Page is too large.",
        },
    )

    sort = serializers.ChoiceField(
        choices=["newest", "price-asc", "price-desc", "rating"],
        required=False,
        default="newest",
        help_text="newest first (default), price-asc (lowest price first), price-desc, or "
        "rating (highest average first, then more ratings, then newest; unrated last).",
        error_messages={
            "invalid_choice": "Sort must be one of: newest, price-asc, price-desc, rating.",
            "null": "Sort must be one of: newest, price-asc, price-desc, rating.",
        },
    )

    options = serializers.DictField(
        child=serializers.ListField(
            child=TextField(label="An option value", max_length=50),
            allow_empty=False,
            max_length=30,
        ),
        required=False,
        default=dict,
        help_text='Option values, e.g. `{"Size": ["M", "L"]}`: products sold in a variant '
        "with one of each option's values (see option-facets).",
    )

    def validate_options(self, value):
        if len(value) > 3:
            raise serializers.ValidationError("At most 3 options can be chosen.")
        if any(not name.strip() or len(name) > 30 for name in value):
            raise serializers.ValidationError("An option's name must be 1-30 characters.")
        return value


@inline
class ProductInput(serializers.Serializer):
    """create-product; update-product uses it with partial=True (missing keeps the value)."""

    name = _name_field(200)
    description = TextField(label="Description", max_length=5000, multiline=True)
    price = PriceField(
        max_digits=10,
        decimal_places=2,
        min_value=Decimal(0),
        error_messages={
            "required": "Price is required.",
            "null": "Price is required.",
            "invalid": "Price must be a number.",
            "min_value": "Price must be zero or more.",
            "max_digits": "Price is too large.",
            "max_whole_digits": "Price is too large.",
            "max_decimal_places": "Price can have at most 2 decimals.",
        },
    )
    mrp = MrpField(
        max_digits=10,
        decimal_places=2,
        min_value=Decimal(0),
        required=False,
        help_text="Optional: the maximum retail price (tax inclusive), at least `price`; "
        "blank: none. Without `variants` it is the only variant's; with them, the MRP of "
        "each variant that sends no `mrp`. On update, absent keeps the MRPs as they are.",
        error_messages={
            "invalid": "MRP must be a number.",
            "min_value": "MRP must be zero or more.",
            "max_digits": "MRP is too large.",
            "max_whole_digits": "MRP is too large.",
            "max_decimal_places": "MRP can have at most 2 decimals.",
            "max_string_length": "MRP is too large.",
        },
    )
    quantity = QuantityField(
        min_value=0,
        max_value=2_147_483_647,
        error_messages={
            "required": "Quantity is required.",
            "null": "Quantity is required.",
            "invalid": "Quantity must be a whole number, zero or more.",
            "min_value": "Quantity must be a whole number, zero or more.",
            "max_value": "Quantity is too large.",
            "max_string_length": "Quantity is too large.",
        },
    )
    category = CategoryIdField(
        error_messages={
            "required": "Category is required.",
            "null": "Category is required.",
            "invalid": "Category must be an existing category id.",
        }
    )
    shipping = ShippingField(required=False, allow_null=True, help_text="Optional, default 0.")
    photo = PhotoField(
        required=False, allow_null=True, help_text="Replaces the gallery's first photo."
    )
    options = JsonTextField(
        required=False,
        help_text='JSON text: `[{"name": "Size", "values": ["S", "M"]}]`, at most 3 options.',
    )
    variants = JsonTextField(
        required=False,
        help_text='JSON text: `[{"_id"?, "sku"?, "options": {"Size": "M"}, "price"?, "mrp"?, '
        '"quantity"}]`. Without `_id`: new; on update, a variant not sent is removed. Without '
        "`price`: the form's `price`. `mrp`: a number of at least the variant's price, or "
        "null for none; without it, the form's `mrp` when sent, else the variant's own. "
        "Without `variants`: one variant of `price`, `mrp` and `quantity`.",
    )
    photos = serializers.ListField(
        child=PhotoField(),
        required=False,
        max_length=12,
        help_text="New gallery photos, in order (repeated file fields).",
        error_messages={"max_length": "A product can have at most 12 photos."},
    )
    hsn = HsnField(required=False, help_text="HSN code; blank or absent: the category's.")
    gstRate = GstRateField(
        source="gst_rate",
        required=False,
        help_text="0, 5, 18 or 40; blank or absent: the category's rule. On update, absent "
        "keeps the product's own and blank clears it.",
    )
    countryOfOrigin = CountryField(
        source="country_of_origin",
        required=False,
        help_text="Blank or absent: the category's (India when it names none).",
    )
    gallery = JsonTextField(
        required=False,
        help_text='JSON text, the whole gallery in order: `[{"_id": "5", "alt", "option"}, '
        '{"new": 0, "alt", "option"}]` (`new`: the index of a `photos` file). Photos not '
        "listed are removed. Without it, `photos` are added at the end.",
    )

    def to_internal_value(self, data):
        # Multipart sends "" for an unset select; treat an empty shipping as not sent.
        if hasattr(data, "get") and data.get("shipping") == "":
            # A plain dict of the last values: copying a QueryDict would deep-copy files.
            photos = data.getlist("photos") if hasattr(data, "getlist") else None
            data = data.dict() if hasattr(data, "dict") else dict(data)
            data.pop("shipping")
            if photos:
                data["photos"] = photos
        values = super().to_internal_value(data)
        if values.get("photos") is not None:
            values["photos"] = [photo for photo in values["photos"] if photo is not None]
        return values


@inline
class ProductUpdateInput(ProductInput):
    """update-product: the product fields (partial), and optionally the `updatedAt` the
    form was loaded with, so a write over someone else's newer save is refused."""

    updatedAt = serializers.DateTimeField(
        required=False,
        error_messages={"invalid": "Updated at must be a date and time (ISO 8601)."},
        help_text="Optional: the product's updatedAt when the form was loaded; a newer "
        "stored one refuses the write (409).",
    )


# --- output -------------------------------------------------------------------------------


def _iso(value) -> str:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _number(value: Decimal):
    """Rupees as a JSON number with at most two decimals (whole amounts as integers)."""
    value = Decimal(value).quantize(Decimal("0.01"))
    return int(value) if value == value.to_integral_value() else float(value)


@extend_schema_serializer(component_name="Category")
class CategoryOutput(serializers.Serializer):
    """The fields declare the shape (the schema reads them); `to_representation` renders
    it in one step, as lists of products render it once per row (a field-by-field
    serializer costs about four times as much). shop/tests/test_schema.py holds the two
    to the same keys."""

    _id = IdOutputField()
    name = serializers.CharField()
    slug = serializers.CharField()

    def to_representation(self, instance):
        return {"_id": str(instance.pk), "name": instance.name, "slug": instance.slug}


@extend_schema_serializer(component_name="CategoryWithTax")
class CategoryTaxOutput(CategoryOutput):
    """A category as the admin edits it: the contract's keys and (ours) its tax defaults."""

    hsn = serializers.CharField(allow_blank=True, help_text="Ours: blank: none.")
    gstRate = serializers.IntegerField(help_text="Ours.")
    gstThreshold = serializers.FloatField(allow_null=True, help_text="Ours: rupees; null: none.")
    gstRateAbove = serializers.IntegerField(allow_null=True, help_text="Ours.")
    countryOfOrigin = serializers.CharField(help_text="Ours.")

    def to_representation(self, instance):
        threshold = instance.gst_threshold
        return {
            **super().to_representation(instance),
            "hsn": instance.hsn,
            "gstRate": instance.gst_rate,
            "gstThreshold": None if threshold is None else _number(threshold),
            "gstRateAbove": instance.gst_rate_above,
            "countryOfOrigin": instance.country_of_origin,
        }


@extend_schema_field({"type": "number", "minimum": 0, "description": "Rupees, <= 2 decimals."})
class PriceOutputField(serializers.Field):
    def to_representation(self, value):
        return _number(value)


class InForceOutputField(PriceOutputField):
    """The price in force of a product or a variant (catalog.prices), read off it."""

    def __init__(self, **kwargs):
        super().__init__(source="*", **kwargs)

    def to_representation(self, item):
        product = getattr(item, "product", item)
        return _number(prices.in_force(item.price, product.pk, product.category_id).price)


@extend_schema_field(
    {
        "type": "number",
        "nullable": True,
        "minimum": 0,
        "description": "Maximum retail price (tax inclusive), rupees, <= 2 decimals; at "
        "least `price`; null when not set.",
    }
)
class MrpOutputField(serializers.Field):
    def __init__(self, **kwargs):
        super().__init__(required=False, allow_null=True, **kwargs)

    def to_representation(self, value):
        return _number(value)


@extend_schema_field(
    {
        "type": "object",
        "nullable": True,
        "properties": {"name": {"type": "string"}, "endsAt": TIMESTAMP},
        "description": "The sale that gives `price`, and when it ends; null outside one.",
    }
)
class SaleOutputField(serializers.Field):
    def __init__(self, **kwargs):
        super().__init__(source="*", allow_null=True, **kwargs)

    def to_representation(self, product):
        sale = prices.in_force(product.price, product.pk, product.category_id).sale
        return None if sale is None else {"name": sale.name, "endsAt": _iso(sale.ends_at)}


def rating(average, count: int) -> dict:
    """A product's `rating`: the average of its published reviews as a number with one
    decimal (4.0 for four: always a float, never a whole number) and how many there
    are; the average null when there are none."""
    return {"average": float(average) if count and average is not None else None, "count": count}


@extend_schema_field(
    {
        "type": "object",
        "properties": {
            "average": {
                "type": "number",
                "format": "float",
                "nullable": True,
                "minimum": 1,
                "maximum": 5,
                "description": "The average of the published reviews' ratings (1-5), one "
                "decimal (e.g. 4.3, 4.0); null when there are none.",
            },
            "count": {"type": "integer", "minimum": 0, "description": "Published reviews."},
        },
        "required": ["average", "count"],
        "description": "The product's rating by its published reviews.",
    }
)
class RatingOutputField(serializers.Field):
    def __init__(self, **kwargs):
        super().__init__(source="*", **kwargs)

    def to_representation(self, product):
        return rating(product.rating_average, product.rating_count)


@extend_schema_field(TIMESTAMP)
class TimestampOutputField(serializers.Field):
    def to_representation(self, value):
        return _iso(value)


@extend_schema_field({"type": "string", "description": "URL of the product photo."})
class PhotoUrlField(serializers.Field):
    def __init__(self, **kwargs):
        super().__init__(source="*", required=False, **kwargs)

    def to_representation(self, product):
        return photo_url(product)


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "integer"},
        "description": "Widths accepted by the photo URL's `?w=`.",
    }
)
class PhotoWidthsField(serializers.Field):
    def __init__(self, **kwargs):
        super().__init__(source="*", required=False, **kwargs)

    def to_representation(self, product):
        return photo_widths(product.photo.name)


class _ProductTaxField(serializers.Field):
    """A tax detail of the product (catalog.tax), read off the product and its category."""

    def __init__(self, **kwargs):
        super().__init__(source="*", required=False, **kwargs)

    def to_representation(self, product):
        return self.compute(product, product.category)


@extend_schema_field({"type": "string", "pattern": r"^([0-9]{4,8})?$"})
class HsnOutputField(_ProductTaxField):
    compute = staticmethod(hsn)


@extend_schema_field({"type": "integer", "enum": list(GST_RATES)})
class GstRateOutputField(_ProductTaxField):
    @staticmethod
    def compute(product, category):
        shown = prices.in_force(product.price, product.pk, product.category_id).price
        return gst_rate(product, category, shown)


@extend_schema_field({"type": "string"})
class CountryOutputField(_ProductTaxField):
    compute = staticmethod(country_of_origin)


@extend_schema_field({"type": "integer", "enum": list(GST_RATES)})
class VariantRateField(serializers.Field):
    """The GST rate of a variant at its own price."""

    def __init__(self, **kwargs):
        super().__init__(source="*", required=False, **kwargs)

    def to_representation(self, variant):
        product = variant.product
        shown = prices.in_force(variant.price, product.pk, product.category_id).price
        return gst_rate(product, product.category, shown)


@inline
class OptionOutput(serializers.Serializer):
    name = serializers.CharField()
    values = serializers.ListField(child=serializers.CharField())


@extend_schema_serializer(component_name="Variant")
class VariantOutput(serializers.Serializer):
    """One way the product is sold; its `options` hold one value of each product option."""

    _id = IdOutputField()
    sku = serializers.CharField()
    options = serializers.DictField(child=serializers.CharField())
    price = InForceOutputField(help_text="The price in force (the sale price in a sale).")
    regularPrice = PriceOutputField(source="price", help_text="The price without a sale.")
    mrp = MrpOutputField(help_text="This variant's MRP; null when not set.")
    quantity = serializers.IntegerField(min_value=0)
    gstRate = VariantRateField(help_text="GST rate (%) of this variant at its own price.")


@extend_schema_serializer(component_name="GalleryPhoto")
class GalleryPhotoOutput(serializers.Serializer):
    """A photo of the gallery, in order; `option` is the option value it shows, or null."""

    _id = IdOutputField()
    url = serializers.CharField(help_text="Versioned; `?w=` one of `widths` for a rendition.")
    alt = serializers.CharField()
    option = serializers.CharField(allow_null=True)
    widths = serializers.ListField(child=serializers.IntegerField())


class ProductListOutput(serializers.ListSerializer):
    """A list of products: their variants and photos read for the whole list at once."""

    def to_representation(self, data):
        items = list(data.all() if hasattr(data, "all") else data)
        attach_parts(items)
        return [self.child.to_representation(item) for item in items]


@extend_schema_serializer(component_name="Product")
class ProductOutput(serializers.Serializer):
    _id = IdOutputField()
    name = serializers.CharField()
    slug = serializers.CharField()
    description = serializers.CharField()
    price = InForceOutputField(help_text="The price in force: the sale price while a sale runs.")
    regularPrice = PriceOutputField(
        source="price", help_text="The price without a sale (= `price` outside one)."
    )
    sale = SaleOutputField()
    mrp = MrpOutputField(
        help_text="The MRP of the variant that gives `price` (the cheapest), so it belongs "
        "to the price shown; null when that variant has none."
    )
    quantity = serializers.IntegerField(min_value=0)
    shipping = ShippingField()
    category = CategoryOutput()
    hsn = HsnOutputField(
        help_text="HSN code: the product's own or its category's; blank when neither."
    )
    gstRate = GstRateOutputField(
        help_text="GST rate (%) included in the price: the product's own, else its "
        "category's rule at this price."
    )
    countryOfOrigin = CountryOutputField(
        help_text="The product's own, else its category's, else India."
    )
    photo = PhotoUrlField()
    photoWidths = PhotoWidthsField()
    createdAt = TimestampOutputField(source="created_at")
    updatedAt = TimestampOutputField(source="updated_at")
    options = OptionOutput(many=True)
    variants = VariantOutput(many=True)
    photos = GalleryPhotoOutput(many=True)
    rating = RatingOutputField()

    class Meta:
        list_serializer_class = ProductListOutput

    def to_representation(self, instance):
        # The declared fields above, rendered in one step (see CategoryOutput).
        attach_parts([instance])
        return _product(instance, _iso)


def _product(instance, stamp, sales=None) -> dict:
    """ProductOutput's fields of a product (or a selectors.ProductRow), its two
    timestamps passed through `stamp`, its prices those in force under `sales` (default:
    those running now, catalog.prices; a list passes the ones it read once)."""
    data = _product_as_stored(instance, stamp)  # regularPrice = price, sale null
    sales = prices.running() if sales is None else sales
    if not sales:
        return data
    prices.apply(data, instance.category.pk, sales)
    if data["sale"] is not None and instance.gst_rate is None:
        # The category's rule reads the price the buyer pays (a clothing threshold).
        category = instance.category
        data["gstRate"] = category_rate(category, Decimal(str(data["price"])))
        for variant in data["variants"]:
            variant["gstRate"] = category_rate(category, Decimal(str(variant["price"])))
    return data


def _product_as_stored(instance, stamp) -> dict:
    category = instance.category
    price = instance.price
    mrp = instance.mrp
    # Each variant's rate: the product's own, else the category's when its rule has no
    # threshold, else the rule at the variant's price (category_rate).
    flat_rate = instance.gst_rate
    if flat_rate is None and (category.gst_threshold is None or category.gst_rate_above is None):
        flat_rate = category.gst_rate
    return {
        "_id": str(instance.pk),
        "name": instance.name,
        "slug": instance.slug,
        "description": instance.description,
        "price": _number(price),
        "regularPrice": _number(price),  # the price in force and the sale: catalog.prices
        "sale": None,
        "mrp": None if mrp is None else _number(mrp),
        "quantity": instance.quantity,
        "shipping": 1 if instance.shipping else 0,
        "category": {"_id": str(category.pk), "name": category.name, "slug": category.slug},
        "hsn": hsn(instance, category),
        "gstRate": gst_rate(instance, category, price),
        "countryOfOrigin": country_of_origin(instance, category),
        "photo": photo_url(instance),
        "photoWidths": photo_widths(instance.photo.name),
        "createdAt": stamp(instance.created_at),
        "updatedAt": stamp(instance.updated_at),
        "options": instance.options or [],
        "variants": [
            {
                "_id": str(pk),
                "sku": sku,
                "options": options,
                "price": number,
                "regularPrice": number,
                "mrp": None if mrp is None else _variant_number(mrp),
                "quantity": quantity,
                "gstRate": flat_rate
                if flat_rate is not None
                else category_rate(category, Decimal(price)),
            }
            for pk, sku, options, price, quantity, mrp in instance.variant_rows
            for number in (_variant_number(price),)
        ],
        "photos": [
            {
                "_id": str(pk),
                "url": gallery_photo_url(instance.pk, pk, image),
                "alt": alt or instance.name,
                "option": option or None,
                "widths": photo_widths(image),
            }
            for pk, image, alt, option in instance.photo_rows
        ],
        "rating": rating(instance.rating_average, instance.rating_count),
    }


def _variant_number(price) -> int | float:
    """`_number` of a variant's price or MRP, which come as text on PostgreSQL (see
    selectors.rows._ROW_SELECT): a numeric of scale 2 ("899.00", "1499.50") is read
    without a Decimal."""
    if isinstance(price, str):
        whole, _, cents = price.partition(".")
        return int(whole) if cents in ("", "00", "0") else float(price)
    return _number(price)


def _in_utc(value: datetime) -> datetime:
    return value if value.tzinfo is UTC else value.astimezone(UTC)


# DRF's JSONRenderer writes these two escaped (JSON allows them raw, JavaScript did not).
_LINE_SEPARATORS = ((b"\xe2\x80\xa8", b"\\u2028"), (b"\xe2\x80\xa9", b"\\u2029"))


def render_json(value) -> bytes:
    """The bytes DRF's JSONRenderer writes for `value` (compact, UTF-8, the two line
    separators escaped), for values of str, int, bool, None, lists and dicts of them and
    orjson.Fragment (already rendered JSON)."""
    body = orjson.dumps(value, option=orjson.OPT_UTC_Z)
    for raw, escaped in _LINE_SEPARATORS:
        if raw in body:
            body = body.replace(raw, escaped)
    return body


def render_products(items) -> bytes:
    """The bytes DRF's JSONRenderer writes for `ProductOutput(items, many=True).data`, at
    about a third of its CPU: orjson writes the timestamps itself (UTC as `Z`,
    microseconds only when there are some, as `_iso`), where the serializer formatted
    them in Python and the renderer encoded every string again; a search renders 50
    products. Tests hold the two to the same bytes (odd text, prices, instants)."""
    items = list(items)
    attach_parts(items)
    sales = prices.running()
    return render_json([_product(item, _in_utc, sales) for item in items])


@inline
class SuggestionOutput(serializers.Serializer):
    """(kind, category or product) -> `{type, name, slug}`: a category's slug opens its
    page, a product's its details."""

    type = serializers.ChoiceField(choices=["category", "product"])
    name = serializers.CharField()
    slug = serializers.CharField()

    def to_representation(self, instance):
        kind, item = instance
        return super().to_representation({"type": kind, "name": item.name, "slug": item.slug})


# --- answers (the envelope around the output serializers, for the OpenAPI schema) ---------


class CategoryListAnswer(Envelope):
    message = MessageField()
    category = CategoryOutput(many=True)


class CategoryDetailAnswer(Envelope):
    message = MessageField(required=False)
    category = CategoryOutput()


class AdminCategoryListAnswer(Envelope):
    category = CategoryTaxOutput(many=True, help_text="By name.")


class CategoryAnswer(Envelope):
    """create-category, update-category."""

    message = MessageField()
    category = CategoryTaxOutput(help_text="Ours: with the category's tax defaults.")


class ProductsAnswer(Envelope):
    """product-list."""

    products = ProductOutput(many=True)


class RelatedProductsAnswer(Envelope):
    products = serializers.ListField(child=ProductOutput(), max_length=3)


class ProductCountAnswer(Envelope):
    total = serializers.IntegerField(min_value=0)


class ProductFilterAnswer(Envelope):
    """With `page`: that page of results and `total`."""

    products = ProductOutput(many=True)
    total = serializers.IntegerField(min_value=0, required=False)


@inline
class FacetValueOutput(serializers.Serializer):
    value = serializers.CharField()
    count = serializers.IntegerField(min_value=1, help_text="Products sold in this value.")


@inline
class FacetOutput(serializers.Serializer):
    name = serializers.CharField()
    values = FacetValueOutput(many=True)


class OptionFacetsAnswer(Envelope):
    facets = FacetOutput(many=True)


class SuggestAnswer(Envelope):
    suggestions = serializers.ListField(child=SuggestionOutput(), max_length=8)


class LatestProductsAnswer(Envelope):
    """Without `?page`: the newest 12. With it: that page, `total`, `page` and `pages`."""

    counTotal = serializers.IntegerField(min_value=0)  # the contract spells it so
    message = MessageField()
    products = ProductOutput(many=True)
    total = serializers.IntegerField(min_value=0, required=False)
    page = serializers.IntegerField(min_value=1, required=False)
    pages = serializers.IntegerField(min_value=0, required=False)


class ProductDetailAnswer(Envelope):
    message = MessageField()
    product = ProductOutput()


class CategoryProductsAnswer(Envelope):
    category = CategoryOutput()
    products = ProductOutput(many=True)
    total = serializers.IntegerField(min_value=0, required=False)


class ProductAnswer(Envelope):
    """create-product, update-product: the product under `products` (the contract spells
    it so)."""

    message = MessageField()
    products = ProductOutput()
