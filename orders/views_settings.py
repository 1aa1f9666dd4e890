"""The owner's settings in the admin panel (admin only):

- GET/PUT /api/v1/admin/shop-settings: the shop's details (orders/shop_details.py), the
  delivery rule and the cash on delivery cap. A write sends the `updatedAt` it loaded;
  a row saved since then is not overwritten (409).
- GET/POST/DELETE /api/v1/admin/served-pincodes: how many PIN codes the served list has
  (and one looked up), a new list from a CSV file (all or nothing, orders/delivery.py),
  and the list removed (every PIN code served again, with cash).
"""

import unicodedata

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.views import APIView

from accounts.india import STATE_CHOICES
from orders import delivery
from orders.models import ServedPincode
from orders.shop_details import (
    EDITABLE,
    get_shop_details,
    placeholder_fields,
    shop_details_update,
)
from shop.api.envelope import ok
from shop.api.exceptions import PayloadTooLarge
from shop.api.fields import TextField, WholeNumberField, iso_utc, rupees_number
from shop.api.permissions import IsAdmin, IsSignedIn
from shop.api.schema import Envelope, error_responses

# The wire name of each editable field.
WIRE = {
    "legal_name": "legalName",
    "trade_name": "tradeName",
    "address": "address",
    "city": "city",
    "state": "state",
    "pincode": "pincode",
    "gstin": "gstin",
    "email": "email",
    "phone": "phone",
    "toll_free": "tollFree",
    "grievance_name": "grievanceName",
    "grievance_designation": "grievanceDesignation",
    "grievance_email": "grievanceEmail",
    "grievance_phone": "grievancePhone",
    "invoice_prefix": "invoicePrefix",
    "delivery_charge": "deliveryCharge",
    "free_delivery_from": "freeDeliveryFrom",
    "cod_limit": "codLimit",
}
FIELD_OF = {wire: field for field, wire in WIRE.items()}
assert set(WIRE) == set(EDITABLE)

# A cap no shop's cash on delivery reaches (Rs 1 crore); the column holds more.
MAX_COD_LIMIT = 10_000_000
STATE_MESSAGE = "State must be one of India's states or union territories."
RUPEES_DIGITS = "{label} must be written with the digits 0-9."
# Characters that reorder the text around them: on an invoice or the footer they can make
# a name read as something else.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class ShopText(TextField):
    """Printable text, without characters that reorder what follows them."""

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if any(c in BIDI_CONTROLS or unicodedata.category(c) == "Co" for c in value):
            raise serializers.ValidationError(
                f"{self.label} contains characters that are not allowed."
            )
        return value


def _text(label: str, max_length: int, *, blank: bool = False) -> ShopText:
    return ShopText(label=label, max_length=max_length, required=False, allow_blank=blank)


@extend_schema_field({"type": "number", "minimum": 0, "multipleOf": 0.01})
class RupeesInput(serializers.DecimalField):
    """Rupees with at most two decimals, at least 0, in the digits 0-9."""

    def __init__(self, *, label: str, max_digits: int, **kwargs):
        super().__init__(
            max_digits=max_digits,
            decimal_places=2,
            min_value=0,
            label=label,
            required=False,
            error_messages={
                "invalid": f"{label} must be an amount in rupees.",
                "min_value": f"{label} cannot be negative.",
                "max_decimal_places": f"{label} has at most 2 decimals (paise).",
                "max_digits": f"{label} is too large.",
                "max_whole_digits": f"{label} is too large.",
                "max_string_length": f"{label} is too large.",
                "null": f"{label} is required.",
            },
            **kwargs,
        )

    def to_internal_value(self, data):
        if isinstance(data, bool) or (isinstance(data, str) and not data.isascii()):
            raise serializers.ValidationError(RUPEES_DIGITS.format(label=self.label))
        return super().to_internal_value(data)


class ShopSettingsInput(serializers.Serializer):
    """A field left out keeps its value; `updatedAt` is required."""

    legalName = _text("Legal name", 200)
    tradeName = _text("Trade name", 200, blank=True)
    address = _text("Street address", 300)
    city = _text("City", 100)
    state = serializers.ChoiceField(
        choices=STATE_CHOICES,
        required=False,
        error_messages={"invalid_choice": STATE_MESSAGE, "null": STATE_MESSAGE},
    )
    pincode = _text("PIN code", 6)
    gstin = _text("GSTIN", 20)
    email = serializers.EmailField(
        max_length=254,
        required=False,
        error_messages={"invalid": "Enter a valid customer care e-mail address."},
    )
    phone = _text("Customer care phone", 20)
    tollFree = _text("Toll-free number", 20, blank=True)
    grievanceName = _text("Grievance officer", 100)
    grievanceDesignation = _text("Designation", 100)
    grievanceEmail = serializers.EmailField(
        max_length=254,
        required=False,
        error_messages={"invalid": "Enter a valid e-mail address for the grievance officer."},
    )
    grievancePhone = _text("Grievance officer's phone", 20)
    invoicePrefix = _text("Invoice prefix", 4)
    deliveryCharge = RupeesInput(label="Delivery charge", max_digits=10)
    freeDeliveryFrom = RupeesInput(label="Free delivery from", max_digits=12, allow_null=True)
    codLimit = WholeNumberField(
        min_value=0,
        max_value=MAX_COD_LIMIT,
        required=False,
        allow_null=True,
        help_text="Rupees, a whole number; null: the COD_LIMIT setting.",
        error_messages={
            "invalid": "Cash on delivery cap must be a whole number of rupees.",
            "min_value": "Cash on delivery cap cannot be negative.",
            "max_value": f"Cash on delivery cap is at most {MAX_COD_LIMIT}.",
            "max_string_length": "Cash on delivery cap is too large.",
        },
    )
    updatedAt = serializers.DateTimeField(
        allow_null=True,
        error_messages={
            "required": "Updated at is required: reload the settings and save again.",
            "invalid": "Updated at must be a date and time (ISO 8601).",
        },
        help_text="The settings' updatedAt when the form was loaded (null as loaded from a "
        "database that had lost the row); a newer stored one refuses the write (409).",
    )


class ShopSettingsOutput(serializers.Serializer):
    legalName = serializers.CharField(source="legal_name")
    tradeName = serializers.CharField(source="trade_name")
    address = serializers.CharField(help_text="The street address (without city and PIN).")
    city = serializers.CharField()
    state = serializers.CharField()
    stateCode = serializers.CharField(source="state_code", help_text="Two-digit GST code.")
    pincode = serializers.CharField()
    gstin = serializers.CharField()
    email = serializers.EmailField()
    phone = serializers.CharField()
    tollFree = serializers.CharField(source="toll_free")
    grievanceName = serializers.CharField(source="grievance_name")
    grievanceDesignation = serializers.CharField(source="grievance_designation")
    grievanceEmail = serializers.EmailField(source="grievance_email")
    grievancePhone = serializers.CharField(source="grievance_phone")
    invoicePrefix = serializers.CharField(source="invoice_prefix")
    deliveryCharge = serializers.SerializerMethodField()
    freeDeliveryFrom = serializers.SerializerMethodField()
    codLimit = serializers.IntegerField(
        source="cod_limit", allow_null=True, help_text="null: the COD_LIMIT setting."
    )
    updatedAt = serializers.SerializerMethodField()

    def get_deliveryCharge(self, details) -> float:
        return rupees_number(details.delivery_charge)

    def get_freeDeliveryFrom(self, details) -> float | None:
        value = details.free_delivery_from
        return None if value is None else rupees_number(value)

    def get_updatedAt(self, details) -> str | None:
        return iso_utc(details.updated_at) if details.updated_at else None


class ShopSettingsAnswer(Envelope):
    settings = ShopSettingsOutput()
    placeholders = serializers.ListField(
        child=serializers.CharField(),
        help_text="The fields that still hold a fresh shop's placeholder (legalName, "
        "address, gstin, email, phone and the grievance officer's); [] once all are the "
        "shop's own.",
    )
    codLimitDefault = serializers.IntegerField(
        help_text="The COD_LIMIT setting: the cap while codLimit is null."
    )
    states = serializers.ListField(
        child=serializers.CharField(), help_text="The names `state` takes, A to Z."
    )


def _answer(details, message: str | None = None) -> dict:
    body = {
        "settings": ShopSettingsOutput(details).data,
        "placeholders": [WIRE[field] for field in placeholder_fields(details)],
        "codLimitDefault": settings.COD_LIMIT,
        "states": [name for name, _ in STATE_CHOICES],
    }
    if message:
        body["message"] = message
    return body


class ShopSettingsView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="The shop's details, delivery rule and cash on delivery cap (admin)",
        responses={200: ShopSettingsAnswer, **error_responses(401, 403)},
    )
    def get(self, request):
        return ok(_answer(get_shop_details()))

    @extend_schema(
        summary="Change the shop's settings (admin)",
        description="A field left out keeps its value. Checked as the Django admin checks "
        "them (GSTIN checksum and its state's code, PIN code, invoice prefix, phones, "
        "rupees): 400 naming each bad field, and nothing changes. 409 when the settings "
        "were saved since `updatedAt`. The footer, contact page and checkout see the "
        "change at once.",
        request=ShopSettingsInput,
        responses={200: ShopSettingsAnswer, **error_responses(400, 401, 403, 409, 413, 415)},
    )
    def put(self, request):
        data = ShopSettingsInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        loaded = values.pop("updatedAt")
        try:
            details = shop_details_update(
                values={FIELD_OF[wire]: value for wire, value in values.items()},
                loaded_updated_at=loaded,
            )
        except DjangoValidationError as error:
            raise ValidationError(
                {
                    WIRE.get(field, "settings"): messages
                    for field, messages in error.message_dict.items()
                }
            ) from error
        return ok(_answer(details, "Shop settings saved"))


# --- served PIN codes ------------------------------------------------------------------------


PIN_INVALID = "PIN code must be six digits."
NO_FILE = "Choose a CSV file to upload."


class ServedLookupInput(serializers.Serializer):
    pincode = serializers.RegexField(
        r"^[0-9]{6}\Z",
        required=False,
        error_messages={"invalid": PIN_INVALID, "blank": PIN_INVALID},
    )


class ServedLookupOutput(serializers.Serializer):
    pincode = serializers.CharField()
    serviceable = serializers.BooleanField()
    cod = serializers.BooleanField()
    listed = serializers.BooleanField(help_text="On the loaded list.")
    days = serializers.IntegerField(
        allow_null=True, help_text="Its delivery days; null: the DELIVERY_DAYS setting."
    )
    state = serializers.CharField(allow_blank=True)
    city = serializers.CharField(allow_blank=True)


class ServedPincodesAnswer(Envelope):
    loaded = serializers.IntegerField(help_text="PIN codes on the list; 0: every PIN served.")
    cod = serializers.IntegerField(help_text="Of them, with cash on delivery.")
    lookup = ServedLookupOutput(required=False, help_text="Only with `?pincode=`.")


class ServedPincodesUpload(serializers.Serializer):
    file = serializers.FileField(help_text="CSV, UTF-8: `pincode,cod` or `pincode,cod,days`.")


def _counts() -> dict:
    return {
        "loaded": ServedPincode.objects.count(),
        "cod": ServedPincode.objects.filter(cod=True).count(),
    }


class ServedPincodesView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]
    parser_classes = [MultiPartParser, FormParser]

    def initial(self, request, *args, **kwargs):
        """A body well over the file's limit is refused before it is read (after the
        token and the role are checked): nobody fills the server's disk with one."""
        super().initial(request, *args, **kwargs)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > delivery.MAX_IMPORT_BYTES + 64 * 1024:
            raise PayloadTooLarge(delivery.TOO_LARGE)

    @extend_schema(
        summary="How many PIN codes the served list has (admin)",
        parameters=[
            OpenApiParameter("pincode", {"type": "string", "pattern": "^[0-9]{6}$"}, required=False)
        ],
        responses={200: ServedPincodesAnswer, **error_responses(400, 401, 403)},
    )
    def get(self, request):
        data = ServedLookupInput(data=request.query_params)
        data.is_valid(raise_exception=True)
        body = _counts()
        pincode = data.validated_data.get("pincode")
        if pincode:
            found = delivery.check(pincode)
            row = ServedPincode.objects.filter(pk=pincode).first()
            body["lookup"] = {
                "pincode": pincode,
                "serviceable": found.serviceable,
                "cod": found.cod,
                "listed": row is not None,
                "days": row.days if row else None,
                "state": found.state,
                "city": found.city,
            }
        return ok(body)

    @extend_schema(
        summary="Replace the served PIN codes from a CSV file (admin)",
        description="Multipart `file`: header `pincode,cod` or `pincode,cod,days`. One bad "
        "line refuses the whole file: 400 with every problem by line in `errors.file`, and "
        "the list stays as it was. Over 5 MB: 413.",
        request={"multipart/form-data": ServedPincodesUpload},
        responses={200: ServedPincodesAnswer, **error_responses(400, 401, 403, 413, 415)},
    )
    def post(self, request):
        upload = request.FILES.get("file")
        if upload is None:
            raise ValidationError({"file": [NO_FILE]})
        if upload.size > delivery.MAX_IMPORT_BYTES:
            raise PayloadTooLarge(delivery.TOO_LARGE)
        try:
            result = delivery.served_pincodes_import(delivery.decode_upload(upload.chunks()))
        except delivery.ImportProblem as problem:
            raise ValidationError({"file": problem.problems}) from problem
        noun = "PIN code" if result.loaded == 1 else "PIN codes"
        return ok(
            {
                "message": f"Loaded {result.loaded} {noun} ({result.cod} with cash on delivery).",
                "loaded": result.loaded,
                "cod": result.cod,
            }
        )

    @extend_schema(
        summary="Remove the served PIN codes: every PIN code is served again (admin)",
        responses={200: ServedPincodesAnswer, **error_responses(401, 403)},
    )
    def delete(self, request):
        delivery.served_pincodes_clear()
        return ok(
            {
                "message": "The list is removed: every PIN code is served, with cash on delivery.",
                **_counts(),
            }
        )
