"""Text fields shared by every app's input serializers.

Text is trimmed of whitespace and of invisible format characters (zero-width spaces,
BOMs, direction marks) at both ends, NFC-normalised, and refused when it holds control
characters, so a name made only of invisible characters counts as blank and nothing
unprintable reaches the database.
"""

import unicodedata

from rest_framework import serializers
from rest_framework.fields import empty

LINE_BREAKS = frozenset({"\n", "\r", "\t"})


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
