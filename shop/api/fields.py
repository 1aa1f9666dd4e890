"""Fields and wire helpers shared by every app's serializers: text, whole numbers, ids,
timestamps and rupee amounts. An app's own fields stay in its serializers; what two
apps use lives here, so no app imports another's serializers for them.

Text is trimmed of whitespace and of invisible format characters (zero-width spaces,
BOMs, direction marks) at both ends, NFC-normalised, and refused when it holds control
characters, so a name made only of invisible characters counts as blank and nothing
unprintable reaches the database.
"""

import unicodedata
from datetime import UTC, datetime
from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import empty

from shop.api.schema import ID_IN

LINE_BREAKS = frozenset({"\n", "\r", "\t"})
# The largest id a request may name (a signed 64-bit primary key).
MAX_ID = 2**63 - 1


def is_invisible(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) == "Cf"


def clean_text(value: str) -> str:
    """Trimmed of whitespace and invisible format characters at both ends; NFC."""
    start, end = 0, len(value)
    while start < end and is_invisible(value[start]):
        start += 1
    while end > start and is_invisible(value[end - 1]):
        end -= 1
    return unicodedata.normalize("NFC", value[start:end])


def text_messages(label: str) -> dict:
    required = f"{label} is required."
    return {
        "required": required,
        "blank": required,
        "null": required,
        "max_length": f"{label} must be at most {{max_length}} characters.",
        "invalid": f"{label} must be text.",
    }


class TextField(serializers.CharField):
    """A trimmed, printable text field; `multiline` allows line breaks and tabs."""

    def __init__(self, *, label: str, multiline: bool = False, **kwargs):
        self.multiline = multiline
        kwargs.setdefault("error_messages", text_messages(label))
        super().__init__(label=label, **kwargs)

    def run_validation(self, data=empty):
        if isinstance(data, str):
            data = clean_text(data)
        return super().run_validation(data)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        allowed = LINE_BREAKS if self.multiline else frozenset()
        if any(unicodedata.category(c) == "Cc" and c not in allowed for c in value):
            raise serializers.ValidationError(
                f"{self.label} contains characters that are not allowed."
            )
        return value


class WholeNumberField(serializers.IntegerField):
    """A JSON whole number (3, or "3"); 2.5, true or "2.5" are refused."""

    def to_internal_value(self, data):
        if isinstance(data, (bool, float)):
            self.fail("invalid")
        if isinstance(data, str) and not (data.strip().isascii() and data.strip().isdigit()):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field(ID_IN)
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


def iso_utc(value: datetime) -> str:
    """A timestamp on the wire: ISO-8601 in UTC with a `Z` (`2026-04-01T09:30:00Z`)."""
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def rupees_number(value: Decimal) -> int | float:
    """Rupees as a JSON number with at most two decimals (whole amounts as integers)."""
    value = Decimal(value).quantize(Decimal("0.01"))
    return int(value) if value == value.to_integral_value() else float(value)
