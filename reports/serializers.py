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
