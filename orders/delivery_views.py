"""GET /api/v1/delivery/{pincode}: whether the shop delivers to a PIN code (anyone may
ask; the checkout page asks as the shopper types). Never cached: a new list of served
PIN codes answers at once (orders/delivery.py)."""

import re

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.views import APIView

from orders import delivery
from shop.api.envelope import ok
from shop.api.schema import Envelope, error_responses
from shop.throttling import SettingAddressThrottle

# Per client address, like search: a rate no shopper reaches, that stops anyone walking
# the whole PIN directory through it. The setting DELIVERY_THROTTLE_RATE (blank: off).
DEFAULT_DELIVERY_RATE = "120/min"


class DeliveryThrottle(SettingAddressThrottle):
    scope = "delivery_ip"
    rate_setting = "DELIVERY_THROTTLE_RATE"

    def get_rate(self) -> str:
        return getattr(settings, self.rate_setting, DEFAULT_DELIVERY_RATE) or ""


PIN_INVALID = "PIN code must be six digits."


class DeliveryInput(serializers.Serializer):
    # Taken exactly as sent: " 560103" or "560103\n" in a path is not a PIN code.
    pincode = serializers.CharField(
        trim_whitespace=False, error_messages={"blank": PIN_INVALID, "invalid": PIN_INVALID}
    )

    def validate_pincode(self, value: str) -> str:
        if not re.fullmatch(r"[0-9]{6}", value, flags=re.ASCII):
            raise serializers.ValidationError(PIN_INVALID)
        return value


class DeliveryAnswer(Envelope):
    pincode = serializers.CharField()
    serviceable = serializers.BooleanField(help_text="The shop delivers there.")
    cod = serializers.BooleanField(help_text="Cash on delivery is collected there.")
    state = serializers.CharField(
        allow_blank=True, help_text='The official name; "" for an unknown PIN code.'
    )
    city = serializers.CharField(
        allow_blank=True, help_text="The district as a shopper writes the city (a suggestion)."
    )


class DeliveryView(APIView):
    authentication_classes = []
    permission_classes = []
    throttle_classes = [DeliveryThrottle]

    @extend_schema(
        summary="Does the shop deliver to this PIN code, and collect cash there?",
        description=(
            "A PIN code India Post's directory does not know is `serviceable: false`. Until "
            "the operator loads a list (`manage.py import_pincodes`), every known PIN code is "
            "served with cash on delivery; then only the listed ones, with their `cod`."
        ),
        parameters=[
            OpenApiParameter(
                "pincode", {"type": "string", "pattern": "^[0-9]{6}$"}, OpenApiParameter.PATH
            )
        ],
        responses={200: DeliveryAnswer, **error_responses(400, 429)},
    )
    def get(self, request, pincode):
        data = DeliveryInput(data={"pincode": pincode})
        data.is_valid(raise_exception=True)
        found = delivery.check(data.validated_data["pincode"])
        return ok(
            {
                "pincode": found.pincode,
                "serviceable": found.serviceable,
                "cod": found.cod,
                "state": found.state,
                "city": found.city,
            }
        )
