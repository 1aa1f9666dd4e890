"""The reports' answers as the OpenAPI schema describes them (the views build the same
keys from reports.gstr1 and reports.sales_tax). Money is rupees as a number with at most
two decimals."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from shop.api.schema import Envelope

MONEY = {"type": "number", "description": "Rupees, at most two decimals."}
NULLABLE_NUMBER = {"type": "string", "nullable": True}


@extend_schema_field(MONEY)
class MoneyField(serializers.FloatField):
    pass


@extend_schema_field(NULLABLE_NUMBER)
class DocumentNumberField(serializers.CharField):
    pass


class FiguresOutput(serializers.Serializer):
    val = MoneyField(help_text="Value, tax included.")
    txval = MoneyField(help_text="Taxable value.")
    iamt = MoneyField(help_text="IGST.")
    camt = MoneyField(help_text="CGST.")
    samt = MoneyField(help_text="SGST.")
    csamt = MoneyField(help_text="Cess (always 0).")


class SectionOutput(FiguresOutput):
    key = serializers.ChoiceField(
        ["b2b", "b2cl", "b2cs", "cdnr", "cdnur", "hsn_b2b", "hsn_b2c", "hsn"],
        help_text="The portal's section (`hsn` alone for periods before May 2025).",
    )
    label = serializers.CharField()
    sign = serializers.ChoiceField(
        [1, 0, -1], help_text="1 adds to the totals, -1 takes away, 0 restates (HSN)."
    )
    count = serializers.IntegerField(min_value=0)


class SerialsOutput(serializers.Serializer):
    # `from` is a Python keyword: declared by name below.
    to = DocumentNumberField()
    count = serializers.IntegerField(min_value=0)
    cancelled = serializers.IntegerField(min_value=0)

    def get_fields(self):
        fields = super().get_fields()
        return {"from": DocumentNumberField(), **fields}


class DocumentsOutput(serializers.Serializer):
    invoices = SerialsOutput()
    creditNotes = SerialsOutput()


class Gstr1SummaryAnswer(Envelope):
    period = serializers.CharField(help_text="YYYY-MM")
    fp = serializers.CharField(help_text="MMYYYY, the portal's return period.")
    gstin = serializers.CharField()
    sections = SectionOutput(many=True)
    totals = FiguresOutput(help_text="Each section's figures times its sign.")
    documents = DocumentsOutput()


class SalesFiguresOutput(serializers.Serializer):
    taxableValue = MoneyField()
    cgst = MoneyField()
    sgst = MoneyField()
    igst = MoneyField()
    tax = MoneyField()
    value = MoneyField(help_text="Taxable value plus tax.")


class CountedFiguresOutput(SalesFiguresOutput):
    count = serializers.IntegerField(min_value=0)


class RateOutput(SalesFiguresOutput):
    rate = serializers.IntegerField(min_value=0)


class StateOutput(SalesFiguresOutput):
    stateCode = serializers.CharField()
    state = serializers.CharField()
    invoices = serializers.IntegerField(min_value=0)
    creditNotes = serializers.IntegerField(min_value=0)


class DayOutput(serializers.Serializer):
    date = serializers.DateField()
    invoices = serializers.IntegerField(min_value=0)
    creditNotes = serializers.IntegerField(min_value=0)
    taxableValue = MoneyField()
    tax = MoneyField()
    value = MoneyField()


class SalesTaxAnswer(Envelope):
    to = serializers.DateField()
    invoices = CountedFiguresOutput(help_text="As issued (gross).")
    creditNotes = CountedFiguresOutput(help_text="As issued (gross).")
    totals = SalesFiguresOutput(help_text="Invoices less credit notes.")
    byRate = RateOutput(many=True)
    byState = StateOutput(many=True)
    byDay = DayOutput(many=True)

    def get_fields(self):
        fields = super().get_fields()
        return {"success": fields.pop("success"), "from": serializers.DateField(), **fields}


class SalesDayOutput(serializers.Serializer):
    date = serializers.DateField()
    orders = serializers.IntegerField(min_value=0)
    units = serializers.IntegerField(min_value=0)
    revenue = MoneyField()


class SalesTotalsOutput(serializers.Serializer):
    orders = serializers.IntegerField(min_value=0)
    units = serializers.IntegerField(min_value=0)
    revenue = MoneyField(help_text="The orders' totals, delivery charges included.")


class TopProductOutput(serializers.Serializer):
    _id = serializers.IntegerField(help_text="The product's id (kept when it was deleted).")
    name = serializers.CharField()
    slug = serializers.CharField()
    exists = serializers.BooleanField(help_text="False: the product was deleted since.")
    units = serializers.IntegerField(min_value=0)
    revenue = MoneyField(help_text="Its lines' worth after discounts; no delivery charges.")


class SalesOverTimeAnswer(Envelope):
    to = serializers.DateField()
    totals = SalesTotalsOutput()
    byDay = SalesDayOutput(many=True, help_text="Every day of the range, oldest first.")
    topProducts = TopProductOutput(many=True, help_text="At most ten, by revenue.")

    def get_fields(self):
        fields = super().get_fields()
        return {"success": fields.pop("success"), "from": serializers.DateField(), **fields}


class WaitingOrderOutput(serializers.Serializer):
    _id = serializers.IntegerField()
    createdAt = serializers.DateTimeField()
    ageHours = serializers.IntegerField(min_value=0, help_text="Whole hours since placed.")
    total = MoneyField()
    paymentMethod = serializers.CharField()


class WaitingOutput(serializers.Serializer):
    count = serializers.IntegerField(min_value=0)
    since = serializers.DateTimeField(
        allow_null=True, help_text="When the one waiting longest began; null: none."
    )


class WaitingOrdersOutput(WaitingOutput):
    orders = WaitingOrderOutput(many=True, help_text="The five waiting longest, oldest first.")


class LateOrdersOutput(WaitingOrdersOutput):
    days = serializers.IntegerField(help_text="Days within which the shop ships.")


class OverdueOutput(serializers.Serializer):
    count = serializers.IntegerField(min_value=0)
    since = serializers.DateField(
        allow_null=True, help_text="The earliest expected delivery day passed; null: none."
    )


class ToActOnOutput(serializers.Serializer):
    notProcessed = WaitingOrdersOutput()
    lateToShip = LateOrdersOutput()
    overdueDelivery = OverdueOutput()
    returns = WaitingOutput(required=False, help_text="Return requests still Requested.")
    reviews = WaitingOutput(required=False, help_text="Published reviews someone reported.")


class ToActOnAnswer(Envelope):
    toActOn = ToActOnOutput()
