"""The sales and tax summary of a range of days (the admin dashboard's): what the tax
invoices issued in it charged, what its credit notes gave back, and the net, by GST
rate, by place of supply and by day. From the stored documents (reports.documents), in
the same fixed number of queries."""

from collections import defaultdict
from decimal import Decimal

from accounts.india import NAME_OF
from reports.documents import ZERO, documents_between, json_numbers
from reports.periods import Span

KEYS = ("taxableValue", "cgst", "sgst", "igst", "tax", "value")


def _zero() -> dict[str, Decimal]:
    return dict.fromkeys(KEYS, ZERO)


def _add(sums: dict, item, sign: int) -> None:
    sums["taxableValue"] += sign * item.txval
    sums["cgst"] += sign * item.cgst
    sums["sgst"] += sign * item.sgst
    sums["igst"] += sign * item.igst
    sums["tax"] += sign * item.tax
    sums["value"] += sign * item.value


def sales_tax(span: Span, shop) -> dict:
    """The answer's keys (without `success`)."""
    documents = documents_between(span.start, span.end, shop_state=shop.state_code)
    gross = {"invoices": {"count": 0, **_zero()}, "creditNotes": {"count": 0, **_zero()}}
    totals = _zero()
    by_rate: dict[int, dict] = defaultdict(_zero)
    by_state: dict[str, dict] = defaultdict(lambda: {"invoices": 0, "creditNotes": 0, **_zero()})
    by_day = {day: {"invoices": 0, "creditNotes": 0, **_zero()} for day in span.days()}
    for document in documents:
        kind = "creditNotes" if document.is_credit_note else "invoices"
        sign = -1 if document.is_credit_note else 1
        gross[kind]["count"] += 1
        by_state[document.pos][kind] += 1
        day = by_day[document.day]
        day[kind] += 1
        for item in document.items:
            _add(gross[kind], item, 1)
            for sums in (totals, by_rate[item.rate], by_state[document.pos], day):
                _add(sums, item, sign)
    return json_numbers(
        {
            "from": span.first.isoformat(),
            "to": span.last.isoformat(),
            **gross,
            "totals": totals,
            "byRate": [{"rate": rate, **by_rate[rate]} for rate in sorted(by_rate)],
            "byState": [
                {"stateCode": code, "state": NAME_OF.get(code, ""), **by_state[code]}
                for code in sorted(by_state)
            ],
            "byDay": [
                {
                    "date": day.isoformat(),
                    "invoices": sums["invoices"],
                    "creditNotes": sums["creditNotes"],
                    "taxableValue": sums["taxableValue"],
                    "tax": sums["tax"],
                    "value": sums["value"],
                }
                for day, sums in by_day.items()
            ],
        }
    )
