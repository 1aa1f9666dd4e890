"""The wire shape of users, and the input checks of the auth calls.

Text fields are cleaned as `shop.api.fields` says; passwords are taken exactly as typed.
"""

from datetime import UTC

from rest_framework import serializers
from rest_framework.fields import empty

from accounts.models import User
from shop.api.fields import TextField, clean_text, is_invisible, text_messages

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


# --- input -------------------------------------------------------------------------------


class RegisterInput(serializers.Serializer):
    name = TextField(label="Name", max_length=NAME_MAX)
    email = EmailField()
    password = PasswordField()
    phone = TextField(label="Phone", max_length=PHONE_MAX)
    address = TextField(label="Address", max_length=ADDRESS_MAX, multiline=True)
    answer = TextField(label="Answer", max_length=ANSWER_MAX)


class LoginInput(serializers.Serializer):
    email = EmailField()
    password = PasswordField()


class ForgotPasswordInput(serializers.Serializer):
    email = EmailField()
    answer = TextField(label="Answer", max_length=ANSWER_MAX)
    newPassword = PasswordField(label="New password")  # the contract spells it so


class ProfileInput(serializers.Serializer):
    """Every key optional; blank or null keeps the old value. `email` is accepted and
    ignored (the original client sends the read-only address back); `role` may only
    repeat the current role."""

    name = TextField(
        label="Name", max_length=NAME_MAX, required=False, allow_blank=True, allow_null=True
    )
    password = PasswordField(required=False, allow_blank=True, allow_null=True)
    phone = TextField(
        label="Phone", max_length=PHONE_MAX, required=False, allow_blank=True, allow_null=True
    )
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


class UtcDateTimeField(serializers.DateTimeField):
    """ISO-8601 in UTC (`...Z`), whatever the server's time zone."""

    def __init__(self, **kwargs):
        super().__init__(default_timezone=UTC, **kwargs)


class UserOutput(serializers.ModelSerializer):
    """A user on the wire: never the password hash, never the answer."""

    _id = serializers.CharField(source="pk", read_only=True)
    createdAt = UtcDateTimeField(source="created_at", read_only=True)
    updatedAt = UtcDateTimeField(source="updated_at", read_only=True)

    class Meta:
        model = User
        fields = ["_id", "name", "email", "phone", "address", "role", "createdAt", "updatedAt"]
        read_only_fields = fields


class UserListItemOutput(UserOutput):
    class Meta(UserOutput.Meta):
        fields = ["_id", "name", "email", "phone", "address", "role", "createdAt"]
        read_only_fields = fields
