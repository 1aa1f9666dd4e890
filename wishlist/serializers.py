"""The wishlist's and back-in-stock requests' input, and their answers for the OpenAPI
schema (a wishlist is a bare list of the catalogue's product answers)."""

from rest_framework import serializers

from shop.api.fields import IdField
from shop.api.schema import MessageAnswer

EMAIL_NEEDED = "Please give the email address to tell when it is back in stock."


class WishlistAddInput(serializers.Serializer):
    product = IdField(help_text="The product's `_id`, as text or a number.")


class StockAlertInput(serializers.Serializer):
    email = serializers.EmailField(
        required=False,
        max_length=254,
        help_text="Where to write; a signed-in shopper's own address when left out.",
    )
    variant = IdField(
        required=False, help_text="A variant `_id` of this product; the product when left out."
    )

    def __init__(self, *args, signed_in_email: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.signed_in_email = signed_in_email

    def validate(self, attrs):
        if not attrs.get("email"):
            if not self.signed_in_email:
                raise serializers.ValidationError({"email": [EMAIL_NEEDED]})
            attrs["email"] = self.signed_in_email
        return attrs


class WishlistAnswer(MessageAnswer):
    pass
