"""The wire shape of users, and the input checks of the auth calls.

Text fields are cleaned as `shop.api.fields` says; passwords are taken exactly as typed.
"""

import re
from datetime import UTC

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers
from rest_framework.fields import empty

from accounts.models import User
from shop.api.fields import TextField, clean_text, is_invisible, text_messages
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


class UserListAnswer(Envelope):
    users = UserListItemOutput(many=True)
    total = serializers.IntegerField(min_value=0)
    page = serializers.IntegerField(min_value=1)
    pages = serializers.IntegerField(min_value=0)
