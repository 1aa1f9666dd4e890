"""The sales and tax summary over the generated month: gross invoices and credit notes,
the net by rate, state and day adding up to the totals and to the stored documents,
the range's edges, admins only, bad dates, three queries."""

from decimal import Decimal

import pytest

from orders.models import Invoice, InvoiceKind
from orders.shop_details import get_shop_details
from reports import periods, sales_tax
from reports.tests.conftest import client_for, ist
from reports.tests.test_gstr1 import money, stored_figures

URL = "/api/v1/reports/sales-tax"
KEYS = ("taxableValue", "cgst", "sgst", "igst", "tax", "value")


@pytest.fixture
def october(month, admin_api):
    response = admin_api.get(URL, {"from": "2026-10-01", "to": "2026-10-31"})
    assert response.status_code == 200, response.content
    return response.json()


def test_totals_are_the_months_invoices_less_credit_notes(october):
    stored = stored_figures()
    totals = october["totals"]
    assert money(totals["taxableValue"]) == stored["txval"]
    assert (money(totals["igst"]), money(totals["cgst"]), money(totals["sgst"])) == (
        stored["iamt"],
        stored["camt"],
        stored["samt"],
    )
    assert money(totals["tax"]) == stored["iamt"] + stored["camt"] + stored["samt"]
    assert money(totals["value"]) == money(totals["taxableValue"]) + money(totals["tax"])
    issued = Invoice.objects.filter(issued_at__gte=ist(2026, 10, 1), issued_at__lt=ist(2026, 11, 1))
    invoices = issued.filter(kind=InvoiceKind.INVOICE)
    assert october["invoices"]["count"] == invoices.count() == 9
    assert money(october["invoices"]["value"]) == sum(i.amount for i in invoices)
    notes = issued.filter(kind=InvoiceKind.CREDIT_NOTE)
    assert october["creditNotes"]["count"] == notes.count() == 4
    assert money(october["creditNotes"]["value"]) == sum(n.amount for n in notes)
    for key in KEYS:
        assert money(totals[key]) == money(october["invoices"][key]) - money(
            october["creditNotes"][key]
        )


@pytest.mark.parametrize("group", ["byRate", "byState", "byDay"])
def test_every_breakdown_adds_up_to_the_totals(october, group):
    keys = ("taxableValue", "tax", "value") if group == "byDay" else KEYS
    for key in keys:
        assert sum(money(row[key]) for row in october[group]) == money(october["totals"][key])
    if group != "byRate":
        assert sum(row["invoices"] for row in october[group]) == 9
        assert sum(row["creditNotes"] for row in october[group]) == 4


def test_the_breakdowns(october):
    assert [row["rate"] for row in october["byRate"]] == [5, 18]
    states = {row["stateCode"]: row for row in october["byState"]}
    assert list(states) == ["07", "27", "29", "33"]
    assert (states["29"]["state"], states["29"]["igst"]) == ("Karnataka", 0)
    # Delhi: the tee invoiced and credited whole in October, and the September TV's note.
    assert (states["07"]["invoices"], states["07"]["creditNotes"]) == (1, 2)
    assert states["27"]["cgst"] == 0 and states["27"]["igst"] > 0
    days = october["byDay"]
    assert len(days) == 31 and days[0]["date"] == "2026-10-01" and days[-1]["date"] == "2026-10-31"
    # 00:00 on the 1st and 23:59 on the 31st are in the range.
    assert days[0]["invoices"] == 1 and days[-1]["invoices"] == 1
    assert days[1]["invoices"] == 0 and days[1]["value"] == 0


def test_a_single_day(month, admin_api):
    body = admin_api.get(URL, {"from": "2026-10-31", "to": "2026-10-31"}).json()
    assert body["invoices"]["count"] == 1
    assert money(body["invoices"]["value"]) == month["last_minute"].total
    assert len(body["byDay"]) == 1


def test_admins_only(db, buyer_api):
    params = {"from": "2026-10-01", "to": "2026-10-31"}
    assert client_for().get(URL, params).status_code == 401
    assert buyer_api.get(URL, params).status_code == 403


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({}, "from"),
        ({"to": "2026-10-31"}, "from"),
        ({"from": "2026-10-01"}, "to"),
        ({"from": "2026-10-1", "to": "2026-10-31"}, "from"),
        ({"from": "2026-02-30", "to": "2026-03-31"}, "from"),
        ({"from": "2026-10-01", "to": "31-10-2026"}, "to"),
        ({"from": "2026-10-31", "to": "2026-10-01"}, "to"),
        ({"from": "2025-01-01", "to": "2026-01-02"}, "to"),  # 367 days
    ],
)
def test_bad_dates(db, admin_api, params, field):
    response = admin_api.get(URL, params)
    assert response.status_code == 400
    assert list(response.json()["errors"]) == [field]


def test_366_days_are_allowed(db, admin_api):
    response = admin_api.get(URL, {"from": "2024-01-01", "to": "2024-12-31"})
    assert response.status_code == 200
    assert len(response.json()["byDay"]) == 366
    assert response.json()["totals"] == dict.fromkeys(KEYS, 0)


def test_three_queries_whatever_the_size(month, django_assert_num_queries):
    shop = get_shop_details()
    with django_assert_num_queries(3):
        body = sales_tax.sales_tax(periods.days("2026-09-01", "2026-11-30"), shop)
    assert body["invoices"]["count"] == 11
    assert money(body["totals"]["taxableValue"]) > Decimal("0")
