"""The wire shape, in one place: input serializers check requests, output serializers
write `_id` strings, numbers for price and quantity, 0/1 shipping and the nested
category `{_id, name, slug}`."""

from datetime import UTC
from decimal import Decimal

from django.core.files.uploadedfile import UploadedFile
from rest_framework import serializers

from catalog.photos import NOT_AN_IMAGE, photo_url
from catalog.renditions import photo_widths
from shop.api.fields import TextField

MAX_ID = 2**63 - 1
MAX_PAGE = 1_000_000_000
PAGE_ERROR = "Page must be a whole number of at least 1."
MAX_KEYWORD = 1000


# --- fields -------------------------------------------------------------------------------


class IdField(serializers.Field):
    """An id sent as `"42"` or `42`."""

    default_error_messages = {"invalid": "Must be an id (a whole number as text or number)."}

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int):
            value = data
        elif isinstance(data, str) and data.strip().isascii() and data.strip().isdigit():
            value = int(data.strip())
        else:
            self.fail("invalid")
        if not 1 <= value <= MAX_ID:
            self.fail("invalid")
        return value

    def to_representation(self, value):
        return str(value)


def parse_id(value) -> int | None:
    """An id from a path segment, or None when it cannot be one (the caller answers 404)."""
    try:
        return IdField().to_internal_value(value)
    except serializers.ValidationError:
        return None


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


class CategoryInput(serializers.Serializer):
    name = _name_field(100)


class ProductFilterInput(serializers.Serializer):
    checked = serializers.ListField(
        child=IdField(), required=False, default=list, allow_empty=True, max_length=1000
    )
    radio = PriceBandField(required=False, default=list)
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

    def validate_radio(self, value):
        # `default=list` gives [] when missing; a sent value is already a (low, high) pair.
        return (None, None) if value == [] else value


class ProductInput(serializers.Serializer):
    """create-product; update-product uses it with partial=True (missing keeps the value)."""

    name = _name_field(200)
    description = TextField(label="Description", max_length=5000, multiline=True)
    price = serializers.DecimalField(
        max_digits=10,
        decimal_places=2,
        min_value=Decimal(0),
        error_messages={
            "required": "Price is required.",
            "null": "Price is required.",
            "invalid": "Price must be a number.",
            "min_value": "Price must be 0 or more.",
            "max_digits": "Price is too large.",
            "max_whole_digits": "Price is too large.",
            "max_decimal_places": "Price can have at most 2 decimals.",
        },
    )
    quantity = serializers.IntegerField(
        min_value=0,
        max_value=2_147_483_647,
        error_messages={
            "required": "Quantity is required.",
            "null": "Quantity is required.",
            "invalid": "Quantity must be a whole number of 0 or more.",
            "min_value": "Quantity must be a whole number of 0 or more.",
            "max_value": "Quantity is too large.",
            "max_string_length": "Quantity is too large.",
        },
    )
    category = IdField(
        error_messages={
            "required": "Category is required.",
            "null": "Category is required.",
            "invalid": "Category must be an existing category id.",
        }
    )
    shipping = ShippingField(required=False, allow_null=True)
    photo = PhotoField(required=False, allow_null=True)

    def to_internal_value(self, data):
        # Multipart sends "" for an unset select; treat an empty shipping as not sent.
        if hasattr(data, "get") and data.get("shipping") == "":
            # A plain dict of the last values: copying a QueryDict would deep-copy files.
            data = data.dict() if hasattr(data, "dict") else dict(data)
            data.pop("shipping")
        return super().to_internal_value(data)


# --- output -------------------------------------------------------------------------------


def _iso(value) -> str:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _number(value: Decimal):
    """Rupees as a JSON number with at most two decimals (whole amounts as integers)."""
    value = Decimal(value).quantize(Decimal("0.01"))
    return int(value) if value == value.to_integral_value() else float(value)


class CategoryOutput(serializers.BaseSerializer):
    def to_representation(self, instance):
        return {"_id": str(instance.pk), "name": instance.name, "slug": instance.slug}


class ProductOutput(serializers.BaseSerializer):
    def to_representation(self, instance):
        category = instance.category
        return {
            "_id": str(instance.pk),
            "name": instance.name,
            "slug": instance.slug,
            "description": instance.description,
            "price": _number(instance.price),
            "quantity": instance.quantity,
            "shipping": 1 if instance.shipping else 0,
            "category": {"_id": str(category.pk), "name": category.name, "slug": category.slug},
            "photo": photo_url(instance),
            "photoWidths": photo_widths(instance.photo.name),
            "createdAt": _iso(instance.created_at),
            "updatedAt": _iso(instance.updated_at),
        }
