"""The wire shape of coupons (contract, "Promotions"): the admin's input, checked field
by field (400 naming the field), and the answer."""

from decimal import Decimal

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalog.models import Category, Product
from promotions.models import CODE_MAX, CODE_PATTERN, CODE_RULE, DiscountKind
from shop.api.fields import IdField, TextField, iso_utc, rupees_number

MONEY_MAX = Decimal("99999999.99")


def _money(label: str, **kwargs) -> serializers.DecimalField:
    return serializers.DecimalField(
        max_digits=10,
        decimal_places=2,
        error_messages={
            "invalid": f"{label} must be a number.",
            "max_digits": f"{label} is too large.",
            "max_whole_digits": f"{label} is too large.",
            "max_decimal_places": f"{label} can have at most 2 decimals.",
            "min_value": f"{label} must be more than zero.",
            "max_value": f"{label} is too large.",
            "null": f"{label} is required.",
            "required": f"{label} is required.",
        },
        **kwargs,
    )


def _count(label: str) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=1,
        max_value=1_000_000_000,
        required=False,
        allow_null=True,
        error_messages={
            "invalid": f"{label} must be a whole number.",
            "min_value": f"{label} must be at least 1.",
            "max_value": f"{label} is too large.",
            "max_string_length": f"{label} is too large.",
        },
    )


def _when(label: str, *, required: bool = False) -> serializers.DateTimeField:
    return serializers.DateTimeField(
        required=required,
        allow_null=not required,
        help_text="ISO 8601; without an offset it is India time (IST).",
        error_messages={
            "invalid": f"{label} must be a date and time (ISO 8601).",
            "required": f"{label} is required.",
            "null": f"{label} is required.",
        },
    )


def _ids(label: str, model) -> serializers.ListField:
    class ExistingIds(serializers.ListField):
        def to_internal_value(self, data):
            ids = list(dict.fromkeys(super().to_internal_value(data)))
            found = set(model.objects.filter(pk__in=ids).values_list("pk", flat=True))
            missing = [str(pk) for pk in ids if pk not in found]
            if missing:
                raise serializers.ValidationError(f"{label}: no such id {', '.join(missing)}.")
            return ids

    return ExistingIds(
        child=IdField(error_messages={"invalid": f"{label} must be a list of ids."}),
        required=False,
        max_length=1000,
        error_messages={
            "not_a_list": f"{label} must be a list of ids.",
            "max_length": f"{label}: at most 1000 ids.",
            "null": f"{label} must be a list of ids.",
        },
    )


def _kind_field() -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=DiscountKind.values,
        error_messages={
            "invalid_choice": 'Kind must be "percent" or "amount".',
            "required": 'Kind must be "percent" or "amount".',
        },
    )


class _DiscountInput(serializers.Serializer):
    """What a coupon's and a sale's input check alike: a percent at most 100, an end after
    the start (with what an update leaves as it is), the wire's names as the model's."""

    FIELDS = {
        "startsAt": "starts_at",
        "endsAt": "ends_at",
        "usageLimit": "usage_limit",
        "perCustomerLimit": "per_customer_limit",
        "firstOrderOnly": "first_order_only",
        "prepaidOnly": "prepaid_only",
    }

    def validate(self, attrs):
        attrs = {self.FIELDS.get(key, key): value for key, value in attrs.items()}
        current = self.instance
        kind = attrs.get("kind", current.kind if current else None)
        value = attrs.get("value", current.value if current else None)
        if kind == DiscountKind.PERCENT and value is not None and value > 100:
            raise serializers.ValidationError(
                {"value": ["Value of a percent off cannot be over 100."]}
            )
        starts = attrs.get("starts_at", current.starts_at if current else None)
        ends = attrs.get("ends_at", current.ends_at if current else None)
        if starts is not None and ends is not None and ends <= starts:
            raise serializers.ValidationError({"endsAt": ["Ends at must be after the start."]})
        return attrs


class CouponInput(_DiscountInput):
    """create (every required field) and update (any of them: the rest stays)."""

    code = serializers.CharField(
        max_length=200,
        help_text=f"3-{CODE_MAX} letters and digits; case-insensitive and unique.",
        error_messages={"required": "Code is required.", "blank": "Code is required."},
    )
    kind = _kind_field()
    value = _money("Value", min_value=Decimal("0.01"), max_value=MONEY_MAX)
    minOrder = _money(
        "Min order",
        source="min_order",
        min_value=Decimal("0.01"),
        max_value=MONEY_MAX,
        required=False,
        allow_null=True,
    )
    maxDiscount = _money(
        "Max discount",
        source="max_discount",
        min_value=Decimal("0.01"),
        max_value=MONEY_MAX,
        required=False,
        allow_null=True,
    )
    startsAt = _when("Starts at")
    endsAt = _when("Ends at")
    usageLimit = _count("Usage limit")
    perCustomerLimit = _count("Per customer limit")
    firstOrderOnly = serializers.BooleanField(required=False)
    prepaidOnly = serializers.BooleanField(required=False)
    categories = _ids("Categories", Category)
    products = _ids("Products", Product)
    active = serializers.BooleanField(required=False)

    def validate_code(self, value):
        code = value.strip().upper()
        if not CODE_PATTERN.fullmatch(code):
            raise serializers.ValidationError(CODE_RULE)
        return code


@extend_schema_field(OpenApiTypes.NUMBER)
class MoneyOut(serializers.Field):
    def to_representation(self, value):
        return None if value is None else rupees_number(value)


class WhenOut(serializers.DateTimeField):
    def to_representation(self, value):
        return None if value is None else iso_utc(value)


class CouponOutput(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    code = serializers.CharField()
    kind = serializers.ChoiceField(choices=DiscountKind.values)
    value = MoneyOut(help_text="Percent, or rupees off.")
    minOrder = MoneyOut(source="min_order", allow_null=True)
    maxDiscount = MoneyOut(source="max_discount", allow_null=True)
    startsAt = WhenOut(source="starts_at", allow_null=True)
    endsAt = WhenOut(source="ends_at", allow_null=True)
    usageLimit = serializers.IntegerField(source="usage_limit", allow_null=True)
    perCustomerLimit = serializers.IntegerField(source="per_customer_limit", allow_null=True)
    firstOrderOnly = serializers.BooleanField(source="first_order_only")
    prepaidOnly = serializers.BooleanField(source="prepaid_only")
    categories = serializers.ListField(child=serializers.CharField())
    products = serializers.ListField(child=serializers.CharField())
    active = serializers.BooleanField()
    used = serializers.IntegerField(help_text="Orders holding it now (not cancelled).")
    discountGiven = MoneyOut(source="given", help_text="What those orders took off (rupees).")
    createdAt = WhenOut(source="created_at")
    updatedAt = WhenOut(source="updated_at")


class CouponAnswer(serializers.Serializer):
    success = serializers.BooleanField(default=True)
    coupon = CouponOutput()


class CouponListAnswer(serializers.Serializer):
    success = serializers.BooleanField(default=True)
    coupons = CouponOutput(many=True)


class SaleInput(_DiscountInput):
    """create (every required field) and update (any of them: the rest stays)."""

    name = TextField(label="Name", max_length=100)
    kind = _kind_field()
    value = _money("Value", min_value=Decimal("0.01"), max_value=MONEY_MAX)
    products = _ids("Products", Product)
    categories = _ids("Categories", Category)
    startsAt = _when("Starts at", required=True)
    endsAt = _when("Ends at", required=True)
    active = serializers.BooleanField(required=False)


class SaleOutput(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=DiscountKind.values)
    value = MoneyOut(help_text="Percent, or rupees off each unit.")
    products = serializers.ListField(child=serializers.CharField())
    categories = serializers.ListField(child=serializers.CharField())
    startsAt = WhenOut(source="starts_at")
    endsAt = WhenOut(source="ends_at")
    active = serializers.BooleanField()
    running = serializers.SerializerMethodField(help_text="Active, and now within its window.")
    createdAt = WhenOut(source="created_at")
    updatedAt = WhenOut(source="updated_at")

    def get_running(self, sale) -> bool:
        from django.utils import timezone

        now = timezone.now()
        return bool(sale.active and sale.starts_at <= now < sale.ends_at)


class SaleAnswer(serializers.Serializer):
    success = serializers.BooleanField(default=True)
    sale = SaleOutput()


class SaleListAnswer(serializers.Serializer):
    success = serializers.BooleanField(default=True)
    sales = SaleOutput(many=True)
