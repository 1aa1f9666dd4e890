"""Form fields the apps' Django admin pages share."""

from django import forms
from django.core.exceptions import ValidationError
from django.forms.fields import InvalidJSONInput, JSONString

from shop.api import jsontext

# JSON a staff member types (a product's options, a variant's): a few levels at most.
# Deeper text is refused before Django's json (parse, compare, render) recurses on it.
ADMIN_JSON_DEPTH = 32


def json_depth(value) -> int:
    """How deeply lists and objects nest in `value` (0 for a scalar), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in item)
    return deepest


class JSONTextField(forms.JSONField):
    """Django's JSONField read by the shop's depth-limited parser: text that is not JSON,
    or nests deeper than ADMIN_JSON_DEPTH, is "Enter a valid JSON." (Django's own
    recursive json raised RecursionError on it, a 500)."""

    def _read(self, text):
        value = jsontext.loads(text)
        if json_depth(value) > ADMIN_JSON_DEPTH:
            raise ValueError(f"nested deeper than {ADMIN_JSON_DEPTH}")
        return value

    def to_python(self, value):
        if self.disabled or value in self.empty_values or not isinstance(value, str | bytes):
            return super().to_python(value)
        if isinstance(value, JSONString):
            return value
        try:
            converted = self._read(value)
        except ValueError:
            raise ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value}
            ) from None
        return JSONString(converted) if isinstance(converted, str) else converted

    def bound_data(self, data, initial):
        if self.disabled or data is None:
            return super().bound_data(data, initial)
        try:
            return self._read(data)
        except ValueError:
            return InvalidJSONInput(data)
