"""The wire shape of returns (contract, "Returns and exchanges"; docs/returns.md): the
buyer's request and the admin's move checked field by field (400 naming the field), and
the answers, which the OpenAPI schema reads."""

from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from orders.serializers import AdminBuyerOutput, BuyerOutput, MoneyField, TimestampField
from returns.models import NEXT_STATUSES, ReturnKind, ReturnReason, ReturnStatus
from shop.api.fields import IdField, TextField, WholeNumberField
from shop.api.schema import Envelope, MessageField

MAX_RETURN_LINES = 50
QUANTITY_ERROR = "Quantity must be a whole number from 1 to 10."
REASON_ERROR = "Reason must be one of: " + ", ".join(ReturnReason.values) + "."
KIND_ERROR = 'Kind must be "refund" or "exchange".'
STATUS_ERROR = "Status must be one of: " + ", ".join(ReturnStatus.values) + "."


# --- input --------------------------------------------------------------------------------


class ReturnLineInput(serializers.Serializer):
    _id = IdField(
        help_text="The order line's `lineId`.",
        error_messages={
            "required": "Each line needs the _id of an order line.",
            "invalid": "Each line's _id must be an order line's id.",
        },
    )
    quantity = WholeNumberField(
        min_value=1,
        max_value=10,
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value", "null", "max_string_length"),
            QUANTITY_ERROR,
        ),
    )


def _choice(choices, message: str, **kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=choices,
        error_messages=dict.fromkeys(("invalid_choice", "required", "null"), message),
        **kwargs,
    )


def _note(label: str, max_length: int, help_text: str) -> TextField:
    return TextField(
        label=label,
        multiline=True,
        max_length=max_length,
        required=False,
        allow_blank=True,
        allow_null=True,
        default="",
        help_text=help_text,
    )


class ReturnInput(serializers.Serializer):
    lines = serializers.ListField(
        child=ReturnLineInput(),
        allow_empty=False,
        max_length=MAX_RETURN_LINES,
        error_messages={
            "required": "Please choose the items to return.",
            "empty": "Please choose the items to return.",
            "null": "Please choose the items to return.",
            "not_a_list": "Lines must be a list of {_id, quantity}.",
            "max_length": f"A return holds at most {MAX_RETURN_LINES} lines.",
        },
    )
    reason = _choice(ReturnReason.values, REASON_ERROR)
    kind = _choice(ReturnKind.values, KIND_ERROR)
    exchangeVariant = IdField(
        source="exchange_variant",
        required=False,
        allow_null=True,
        default=None,
        help_text="An exchange only: the `_id` of another variant of the same product.",
        error_messages={"invalid": "Exchange variant must be a variant id."},
    )
    note = _note("Note", 500, "Optional: the buyer's words (up to 500 characters).")

    def validate_note(self, value):
        return value or ""


class ReturnStatusInput(serializers.Serializer):
    status = _choice(ReturnStatus.values, STATUS_ERROR)
    note = _note("Note", 500, "Optional: the admin's note with the move (a rejection's reason).")
    refundReference = TextField(
        label="Refund reference",
        source="refund_reference",
        max_length=100,
        required=False,
        allow_blank=True,
        allow_null=True,
        default="",
        help_text="With Refunded of a cash-on-delivery order only (required there): the UPI "
        "or bank transfer reference. An order paid online refuses it.",
    )

    def validate_note(self, value):
        return value or ""

    def validate_refundReference(self, value):
        return value or ""


class ReturnListInput(serializers.Serializer):
    page = serializers.IntegerField(
        min_value=1,
        max_value=1_000_000_000,
        required=False,
        default=1,
        error_messages={
            **dict.fromkeys(("invalid", "min_value"), "Page must be a whole number of at least 1."),
            **dict.fromkeys(("max_value", "max_string_length"), "Page is too large."),
        },
    )
    status = _choice(ReturnStatus.values, STATUS_ERROR, required=False)


# --- output -------------------------------------------------------------------------------


class ReturnLineOutput(serializers.Serializer):
    _id = serializers.CharField(source="order_line_id", help_text="The order line's `lineId`.")
    quantity = serializers.IntegerField(min_value=1, max_value=10)
    name = serializers.CharField(source="order_line.name", help_text="Ours: as ordered.")
    options = serializers.DictField(
        source="order_line.options",
        child=serializers.CharField(),
        help_text="Ours: the variant's option values when ordered.",
    )
    sku = serializers.CharField(source="order_line.sku", help_text="Ours: as ordered.")
    price = MoneyField(source="order_line.price", help_text="Ours: unit price as ordered.")
    product = serializers.CharField(source="order_line.product_ref", help_text="Ours.")
    variant = serializers.SerializerMethodField(help_text="Ours: null before variants.")

    def get_variant(self, line) -> str | None:
        ref = line.order_line.variant_ref
        return str(ref) if ref else None


class ReturnRefundOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=["pending", "processed", "failed"])
    amount = serializers.SerializerMethodField(help_text="Rupees asked of the gateway.")

    @extend_schema_field({"type": "number"})
    def get_amount(self, refund):
        return MoneyField().to_representation(Decimal(refund.amount) / 100)


class ReturnHistoryOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=ReturnStatus.values)
    at = TimestampField()
    note = serializers.CharField()


class ReturnOutput(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    order = serializers.CharField(source="order_id")
    lines = ReturnLineOutput(many=True)
    reason = serializers.ChoiceField(choices=ReturnReason.values)
    kind = serializers.ChoiceField(choices=ReturnKind.values)
    exchangeVariant = serializers.CharField(
        source="exchange_variant_id", allow_null=True, help_text="Null unless an exchange."
    )
    exchangeOptions = serializers.SerializerMethodField(
        help_text="Ours: the exchange variant's option values ({} when none)."
    )
    status = serializers.ChoiceField(choices=ReturnStatus.values)
    nextStatuses = serializers.SerializerMethodField(
        help_text="Ours: where an admin may move it now."
    )
    refundAmount = MoneyField(
        source="refund_amount", help_text="Rupees back: 0 until Received, then the credit note's."
    )
    creditNoteNumber = serializers.CharField(
        source="credit_note.number", allow_null=True, default=None, help_text="From Received on."
    )
    exchangeOrder = serializers.CharField(
        source="exchange_order_id", allow_null=True, help_text="From Exchanged on."
    )
    refundReference = serializers.CharField(
        source="refund_reference",
        help_text="Ours: a cash-on-delivery refund's UPI or bank reference, else empty.",
    )
    refund = ReturnRefundOutput(
        allow_null=True, help_text="Ours: an online order's gateway refund from Refunded on."
    )
    note = serializers.CharField(help_text="Ours: the buyer's words.")
    adminNote = serializers.CharField(
        source="admin_note", help_text="Ours: the admin's note with the last move."
    )
    buyer = BuyerOutput(source="order.buyer")
    history = ReturnHistoryOutput(
        source="status_changes", many=True, help_text="Ours: each status reached, oldest first."
    )
    createdAt = TimestampField(source="created_at")
    updatedAt = TimestampField(source="updated_at")

    def get_exchangeOptions(self, ret) -> dict[str, str]:
        variant = ret.exchange_variant
        return dict(variant.options or {}) if variant is not None else {}

    def get_nextStatuses(self, ret) -> list[str]:
        allowed = NEXT_STATUSES[ret.status]
        if ret.kind == ReturnKind.REFUND:
            allowed = allowed - {ReturnStatus.EXCHANGED}
        else:
            allowed = allowed - {ReturnStatus.REFUNDED}
        return [status for status in ReturnStatus.values if status in allowed]


class AdminReturnOutput(ReturnOutput):
    """A return as the admin's screens read it: the buyer's email and phone added."""

    buyer = AdminBuyerOutput(source="order.buyer")


def _answer(name: str, **fields) -> type:
    """An answer over the envelope; built with type() because one of its keys,
    `return`, is a Python keyword."""
    return type(name, (Envelope,), {"__module__": __name__, **fields})


# POST orders/{id}/returns (the buyer's own return).
ReturnAnswer = _answer("ReturnAnswer", message=MessageField(), **{"return": ReturnOutput()})
# PUT returns/{id}/status (the admin's).
AdminReturnAnswer = _answer(
    "AdminReturnAnswer", message=MessageField(), **{"return": AdminReturnOutput()}
)


class AdminReturnListAnswer(Envelope):
    returns = AdminReturnOutput(many=True, help_text="One page of returns, newest first.")


class OrderReturnsAnswer(Envelope):
    returns = ReturnOutput(many=True, help_text="The order's returns, newest first.")
