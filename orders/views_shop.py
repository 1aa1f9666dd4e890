"""GET /api/v1/shop-info: what the shop says about itself (the footer, the contact page,
checkout's notes, invoices): the seller, its address and GSTIN, customer care and the
grievance officer (Consumer Protection (E-Commerce) Rules 2020, rules 4 and 5), and the
selling terms the client shows (delivery charge, cash on delivery limit, payment methods,
the days after delivery in which a buyer may return: `shop.returnWindowDays`).

Anyone may read it; it is read from orders/shop_details.py (no query when cached) and
answered with an ETag, so a browser revalidates it for a 304 without SQL."""

import hashlib
from decimal import Decimal

from django.conf import settings
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from orders.payments import CODES, METHODS, available_codes
from orders.shop_details import cod_limit, get_shop_details
from shop.api.envelope import ok
from shop.api.schema import Envelope, error_responses

# --- the wire shape -------------------------------------------------------------------------


def _rupees(value: Decimal | None):
    """Rupees as a JSON number with at most two decimals; None stays null."""
    if value is None:
        return None
    value = Decimal(value).quantize(Decimal("0.01"))
    return int(value) if value == value.to_integral_value() else float(value)


@extend_schema_field({"type": "number", "minimum": 0, "description": "Rupees, <= 2 decimals."})
class RupeesField(serializers.Field):
    def to_representation(self, value):
        return _rupees(value)


@extend_schema_field(
    {
        "type": "number",
        "minimum": 0,
        "nullable": True,
        "description": "Rupees, <= 2 decimals; null: no threshold.",
    }
)
class NullableRupeesField(RupeesField):
    pass


class GrievanceOfficerOutput(serializers.Serializer):
    name = serializers.CharField(source="grievance_name")
    designation = serializers.CharField(source="grievance_designation")
    email = serializers.EmailField(source="grievance_email")
    phone = serializers.CharField(source="grievance_phone")


class ShopOutput(serializers.Serializer):
    """The seller. `address` is one line: the street address, city and PIN code."""

    legalName = serializers.CharField(source="legal_name")
    address = serializers.SerializerMethodField(
        help_text='One line: "4th Floor, ..., Bengaluru 560103".'
    )
    state = serializers.CharField()
    stateCode = serializers.CharField(source="state_code", help_text="Two-digit GST code.")
    gstin = serializers.CharField()
    email = serializers.EmailField()
    phone = serializers.CharField()
    grievanceOfficer = GrievanceOfficerOutput(source="*")
    tradeName = serializers.CharField(source="trade_name", help_text="Ours; may be blank.")
    city = serializers.CharField(help_text="Ours.")
    pincode = serializers.CharField(help_text="Ours: six digits.")
    tollFree = serializers.CharField(
        source="toll_free", help_text="Ours: the toll-free customer care number; may be blank."
    )
    returnWindowDays = serializers.SerializerMethodField(
        help_text="Days after delivery in which a buyer may ask to return or exchange "
        "(setting RETURN_WINDOW_DAYS)."
    )

    def get_address(self, details) -> str:
        return f"{details.address}, {details.city} {details.pincode}"

    def get_returnWindowDays(self, details) -> int:
        return settings.RETURN_WINDOW_DAYS


class DeliveryOutput(serializers.Serializer):
    charge = RupeesField(
        source="delivery_charge", help_text="Added to an order below `freeFrom`; 0: free always."
    )
    freeFrom = NullableRupeesField(
        source="free_delivery_from",
        help_text="Orders of at least this much are delivered free; null: the charge always "
        "applies (when it is not 0).",
    )


class RazorpayInfoOutput(serializers.Serializer):
    keyId = serializers.CharField(help_text="The public key id checkout opens with.")
    checkoutUrl = serializers.CharField(help_text="Razorpay's checkout script.")


class ShopInfoAnswer(Envelope):
    shop = ShopOutput()
    delivery = DeliveryOutput(help_text="Ours.")
    codLimit = serializers.IntegerField(
        min_value=0, help_text="Ours: cash on delivery is refused above this many rupees."
    )
    paymentMethods = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(CODES)),
        help_text='Ours: the payment codes checkout takes (`"cod"`, and `"razorpay"` when '
        "the shop has Razorpay keys).",
    )
    razorpay = RazorpayInfoOutput(
        required=False, help_text="Ours: only when paying online through Razorpay is on."
    )
    invoices = serializers.BooleanField(help_text="Ours: a tax invoice comes with each order.")
    pricesIncludeTax = serializers.BooleanField(help_text="Ours: prices include GST.")


def shop_info() -> dict:
    """The answer's body, from the cached shop details (no query when warm)."""
    details = get_shop_details()
    codes = available_codes()
    body = {
        "success": True,
        "shop": ShopOutput(details).data,
        "delivery": DeliveryOutput(details).data,
        "codLimit": cod_limit(details),
        "paymentMethods": codes,
        "invoices": True,
        "pricesIncludeTax": True,
    }
    for code in codes:  # what a method paid online adds (`razorpay`: its key and script)
        body.update(METHODS[code].shop_info())
    return body


# --- the view --------------------------------------------------------------------------------


class ShopInfoView(APIView):
    authentication_classes = []
    permission_classes = []

    @extend_schema(
        summary="The seller's details and selling terms",
        description="The contract's `shop`, and (ours) `delivery`, `codLimit`, "
        "`paymentMethods`, `invoices`, `pricesIncludeTax`. Cacheable: an `ETag` answers "
        "`If-None-Match` with 304.",
        responses={200: ShopInfoAnswer, **error_responses()},
    )
    def get(self, request):
        body = shop_info()
        etag = quote_etag(hashlib.sha256(JSONRenderer().render(body)).hexdigest()[:32])
        response = ok({key: value for key, value in body.items() if key != "success"})
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=0, must_revalidate=True)
        return get_conditional_response(request, etag=etag, response=response)
