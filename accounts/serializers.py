"""The wire shape of users, and the input checks of the auth calls.

Text fields are cleaned as `shop.api.fields` says; passwords are taken exactly as typed.
"""

import re
from datetime import UTC

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers
from rest_framework.fields import empty

from accounts import cart
from accounts.gstin import GstinField
from accounts.india import STATES, find_state
from accounts.models import Address, User
from shop.api.fields import (
    IdField,
    TextField,
    WholeNumberField,
    clean_text,
    is_invisible,
    text_messages,
)
from shop.api.schema import TIMESTAMP, Envelope, IdOutputField, MessageField, SuccessField, inline

NAME_MAX = 100
EMAIL_MAX = 254
PHONE_MAX = 30
ADDRESS_MAX = 500
ANSWER_MAX = 100
PASSWORD_MAX = 128


class EmailField(serializers.EmailField):
    def __init__(self, **kwargs):
        kwargs.setdefault(
            "error_messages", {**text_messages("Email"), "invalid": "Enter a valid email address."}
        )
        super().__init__(label="Email", max_length=EMAIL_MAX, **kwargs)

    def run_validation(self, data=empty):
        if isinstance(data, str):
            data = clean_text(data)
        return super().run_validation(data)


class PasswordField(serializers.CharField):
    """Taken exactly as typed (spaces count), but one of only invisible characters is
    blank."""

    def __init__(self, *, label: str = "Password", **kwargs):
        kwargs.setdefault("error_messages", text_messages(label))
        super().__init__(label=label, max_length=PASSWORD_MAX, trim_whitespace=False, **kwargs)

    def run_validation(self, data=empty):
        if isinstance(data, str) and all(is_invisible(char) for char in data):
            data = ""
        return super().run_validation(data)


# An Indian mobile (contract, "Phone"): ten digits starting 6-9, optionally after +91 or 0;
# spaces and dashes are only grouping.
INDIAN_MOBILE = re.compile(r"(?:\+91|0)?([6-9]\d{9})")
PHONE_INVALID = "Phone must be a 10-digit Indian mobile number, optionally after +91 or 0."


class PhoneField(TextField):
    """Stored as the ten digits, whatever grouping or prefix the shopper typed."""

    def __init__(self, **kwargs):
        super().__init__(label="Phone", max_length=PHONE_MAX, **kwargs)

    def run_validation(self, data=empty):
        value = super().run_validation(data)  # cleaned, length-checked; blank if allowed
        if not value:
            return value
        match = INDIAN_MOBILE.fullmatch(re.sub(r"[\s-]", "", value))
        if match is None:
            raise serializers.ValidationError(PHONE_INVALID)
        return match.group(1)


# --- input -------------------------------------------------------------------------------


@inline
class RegisterInput(serializers.Serializer):
    name = TextField(label="Name", max_length=NAME_MAX)
    email = EmailField()
    password = PasswordField()
    phone = PhoneField()
    address = TextField(label="Address", max_length=ADDRESS_MAX, multiline=True)
    answer = TextField(label="Answer", max_length=ANSWER_MAX)


@inline
class LoginInput(serializers.Serializer):
    email = EmailField()
    password = PasswordField()


@inline
class ForgotPasswordInput(serializers.Serializer):
    email = EmailField()
    answer = TextField(label="Answer", max_length=ANSWER_MAX)
    newPassword = PasswordField(label="New password")  # the contract spells it so


class PasswordResetInput(serializers.Serializer):
    email = EmailField()


class PasswordResetConfirmInput(serializers.Serializer):
    """What the emailed link carries (`/reset-password/{uid}/{token}`) and the new password."""

    uid = serializers.CharField(max_length=64, allow_blank=True)
    token = serializers.CharField(max_length=128, allow_blank=True)
    newPassword = PasswordField(label="New password")  # spelled as forgot-password spells it


@inline
class ProfileInput(serializers.Serializer):
    """Every key optional; blank or null keeps the old value. `email` is accepted and
    ignored (the original client sends the read-only address back); `role` may only
    repeat the current role."""

    name = TextField(
        label="Name", max_length=NAME_MAX, required=False, allow_blank=True, allow_null=True
    )
    password = PasswordField(required=False, allow_blank=True, allow_null=True)
    # The current password, needed (and checked) only when `password` changes it.
    currentPassword = PasswordField(  # the contract spells it so
        label="Current password", required=False, allow_blank=True, allow_null=True
    )
    phone = PhoneField(required=False, allow_blank=True, allow_null=True)
    address = TextField(
        label="Address",
        max_length=ADDRESS_MAX,
        multiline=True,
        required=False,
        allow_blank=True,
        allow_null=True,
    )
    role = serializers.IntegerField(required=False, allow_null=True)


class UserListInput(serializers.Serializer):
    page = serializers.IntegerField(
        min_value=1,
        max_value=1_000_000,
        required=False,
        default=1,
        error_messages={
            "invalid": "Page must be a whole number of 1 or more.",
            "min_value": "Page must be a whole number of 1 or more.",
            "max_value": "Page is too large.",
        },
    )


# --- addresses ---------------------------------------------------------------------------

STATE_INVALID = "State must be one of India's states or union territories, e.g. Karnataka."
PINCODE_INVALID = "PIN code must be six digits."


class StateField(TextField):
    """Any case and spacing of an official name; the official name is kept."""

    def __init__(self, **kwargs):
        super().__init__(label="State", max_length=60, **kwargs)

    def run_validation(self, data=empty):
        value = super().run_validation(data)
        official = find_state(value)
        if not official:
            raise serializers.ValidationError(STATE_INVALID)
        return official


class PincodeField(TextField):
    """Six digits as text; a number or spaces between the digits ("560 103") are taken."""

    def __init__(self, **kwargs):
        super().__init__(label="PIN code", max_length=20, **kwargs)

    def run_validation(self, data=empty):
        if isinstance(data, int) and not isinstance(data, bool):
            data = str(data)
        value = super().run_validation(data)
        value = re.sub(r"\s", "", value)
        if not re.fullmatch(r"[0-9]{6}", value, flags=re.ASCII):
            raise serializers.ValidationError(PINCODE_INVALID)
        return value


def _address_field(name: str) -> int:
    return Address._meta.get_field(name).max_length


@inline
class AddressInput(serializers.Serializer):
    """A whole address, as a form sends it. `_id` and `stateCode` are ignored: the id is
    the path's and the code follows the state."""

    name = TextField(label="Name", max_length=_address_field("name"))
    phone = PhoneField()
    line1 = TextField(label="Address line 1", max_length=_address_field("line1"))
    line2 = TextField(
        label="Address line 2",
        max_length=_address_field("line2"),
        required=False,
        allow_blank=True,
        allow_null=True,
        default="",
    )
    city = TextField(label="City", max_length=_address_field("city"))
    state = StateField()
    pincode = PincodeField()
    gstin = GstinField(default="")
    businessName = TextField(
        label="Business name",
        max_length=_address_field("business_name"),
        required=False,
        allow_blank=True,
        allow_null=True,
        default="",
        help_text="The business's name as on its GSTIN; with `gstin` only.",
    )
    isDefault = serializers.BooleanField(  # the contract spells it so
        required=False,
        default=False,
        error_messages={
            "invalid": "isDefault must be true or false.",
            "null": "isDefault must be true or false.",
        },
    )

    def validate(self, attrs):
        return {
            "name": attrs["name"],
            "phone": attrs["phone"],
            "line1": attrs["line1"],
            "line2": attrs.get("line2") or "",
            "city": attrs["city"],
            "state": attrs["state"],
            "pincode": attrs["pincode"],
            "gstin": attrs.get("gstin") or "",
            "business_name": attrs.get("businessName") or "",
            "is_default": bool(attrs.get("isDefault")),
        }


@extend_schema_serializer(component_name="Address")
class AddressOutput(serializers.Serializer):
    """An address on the wire: `Address.as_dict()`, which orders also keep as their
    `shippingAddress`."""

    _id = serializers.CharField(label="_id", help_text="The address id, as text like every id.")
    name = serializers.CharField()
    phone = serializers.CharField(help_text="Ten digits.")
    line1 = serializers.CharField()
    line2 = serializers.CharField(allow_blank=True)
    city = serializers.CharField()
    state = serializers.ChoiceField(choices=[name for _, name in STATES])
    stateCode = serializers.CharField(help_text="The state's two-digit GST code.")
    pincode = serializers.RegexField(r"^[0-9]{6}$")
    isDefault = serializers.BooleanField()
    gstin = serializers.CharField(
        allow_null=True, help_text="A business address's GSTIN; null for a home address."
    )
    businessName = serializers.CharField(
        allow_null=True, help_text="The business name that goes with `gstin`; null without."
    )

    def to_representation(self, instance):
        # An order's `shippingAddress` is `as_dict()` alone: the GSTIN is the order's own.
        return {
            **instance.as_dict(),
            "gstin": instance.gstin or None,
            "businessName": instance.business_name or None,
        }


# --- output ------------------------------------------------------------------------------


@extend_schema_field(TIMESTAMP)
class UtcDateTimeField(serializers.DateTimeField):
    """ISO-8601 in UTC (`...Z`), whatever the server's time zone."""

    def __init__(self, **kwargs):
        super().__init__(default_timezone=UTC, **kwargs)


@extend_schema_serializer(component_name="User")
class UserOutput(serializers.ModelSerializer):
    """A user on the wire: never the password hash, never the answer."""

    _id = IdOutputField(read_only=True)
    createdAt = UtcDateTimeField(source="created_at", read_only=True)
    updatedAt = UtcDateTimeField(source="updated_at", read_only=True)

    class Meta:
        model = User
        fields = ["_id", "name", "email", "phone", "address", "role", "createdAt", "updatedAt"]
        read_only_fields = fields


@extend_schema_serializer(component_name="UserListItem")
class UserListItemOutput(UserOutput):
    class Meta(UserOutput.Meta):
        fields = ["_id", "name", "email", "phone", "address", "role", "createdAt"]
        read_only_fields = fields


# --- answers (the envelope around the output serializers, for the OpenAPI schema) ---------


class RegisterAnswer(Envelope):
    message = MessageField()
    user = UserOutput()


class LoginAnswer(Envelope):
    message = MessageField()
    user = UserOutput()
    token = serializers.CharField(help_text="For the Authorization header.")


class OkAnswer(Envelope):
    """user-auth, admin-auth: the token is valid (an admin's)."""

    ok = SuccessField()


class ProfileAnswer(Envelope):
    """A password change revokes old tokens; the answer then carries a new `token`."""

    message = MessageField()
    updatedUser = UserOutput()  # the contract spells it so
    token = serializers.CharField(required=False)


class AddressAnswer(Envelope):
    message = serializers.CharField(
        help_text="'Address saved.', or why checkout cannot use it and it is not the default."
    )
    address = AddressOutput()


# --- the account's cart (ours) -------------------------------------------------------------

CART_QUANTITY_ERROR = "Quantity must be a whole number from 1 to 10."


@inline
class SavedCartLineInput(serializers.Serializer):
    _id = IdField(label="_id", error_messages={"required": "Product id is required."})
    variant = IdField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A variant `_id` of that product; optional for a product with one variant.",
        error_messages={"invalid": "Variant must be a variant id of the product."},
    )
    quantity = WholeNumberField(
        min_value=1,
        max_value=cart.MAX_PER_PRODUCT,
        required=False,
        default=1,
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value", "null", "max_string_length"),
            CART_QUANTITY_ERROR,
        ),
    )


def _cart_lines(**kwargs):
    return serializers.ListField(
        child=SavedCartLineInput(),
        allow_empty=True,
        max_length=cart.MAX_LINES,
        error_messages={
            "required": "Cart is required.",
            "null": "Cart must be a list of {{_id, variant, quantity}}.",
            "not_a_list": "Cart must be a list of {{_id, variant, quantity}}.",
            "max_length": f"A cart holds at most {cart.MAX_LINES} lines.",
        },
        **kwargs,
    )


class CartInput(serializers.Serializer):
    cart = _cart_lines(help_text="The whole cart: it replaces the stored one.")
    version = serializers.IntegerField(
        min_value=0,
        required=False,
        allow_null=True,
        default=None,
        help_text=(
            "The `version` this device last saw: when the cart was written since, the "
            "answer is 409 and nothing is stored. Without it the cart is replaced."
        ),
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_string_length"), "Version must be a whole number."
        ),
    )


class CartMergeInput(serializers.Serializer):
    cart = _cart_lines(help_text="The guest cart of the device that signed in.")
    mergeKey = serializers.CharField(
        source="merge_key",
        required=False,
        allow_blank=True,
        default="",
        max_length=100,
        help_text=(
            "One per sign-in: the same key merges once (a repeat answers the cart unchanged)."
        ),
        error_messages={"max_length": "Merge key is at most 100 characters."},
    )


class SavedCartLineOutput(serializers.Serializer):
    _id = IdOutputField(source="product", label="_id", help_text="The product id.")
    variant = serializers.CharField(help_text="The variant id, as text like every id.")
    quantity = serializers.IntegerField(min_value=1, max_value=cart.MAX_PER_PRODUCT)
    slug = serializers.CharField(help_text="The product's slug, to load it.")


class CartOutput(serializers.Serializer):
    cart = SavedCartLineOutput(many=True, source="lines")
    version = serializers.IntegerField(min_value=0)
    updatedAt = UtcDateTimeField(
        source="updated_at", allow_null=True, help_text="Null before the first write."
    )


class CartAnswer(Envelope, CartOutput):
    pass
