"""GSTR-1 over a generated month (conftest.month): the sections' figures equal the
month's invoices less its credit notes to the paisa, each document in its section, the
serials of Table 13, the HSN rows, the CSV files against the JSON, the month's edges,
who may ask, bad periods, and the queries it takes."""

import csv
import io
import json
import zipfile
from decimal import Decimal

import pytest
from django.db.models import Sum

from orders.models import Invoice, InvoiceKind, Order, OrderLine
from orders.shop_details import get_shop_details
from reports import gstr1, periods
from reports.tests.conftest import ACME, BANGALORE_CO, client_for, ist

PERIOD = "2026-10"
START, END = ist(2026, 10, 1), ist(2026, 11, 1)
FIGURES = ("txval", "iamt", "camt", "samt")
D = Decimal


def money(value) -> Decimal:
    return D(str(value)).quantize(D("0.01"))


def stored_figures() -> dict[str, Decimal]:
    """October's invoices less its credit notes, added up straight from the tables."""
    issued = {"issued_at__gte": START, "issued_at__lt": END}
    invoiced = Order.objects.filter(
        invoices__kind=InvoiceKind.INVOICE, **{f"invoices__{k}": v for k, v in issued.items()}
    )
    lines = OrderLine.objects.filter(order__in=invoiced).aggregate(
        txval=Sum("taxable_value"), iamt=Sum("igst"), camt=Sum("cgst"), samt=Sum("sgst")
    )
    delivery = invoiced.aggregate(
        charge=Sum("delivery_charge"),
        iamt=Sum("delivery_igst"),
        camt=Sum("delivery_cgst"),
        samt=Sum("delivery_sgst"),
    )
    sums = {key: lines[key] + delivery[key] for key in ("iamt", "camt", "samt")}
    sums["txval"] = (
        lines["txval"] + delivery["charge"] - delivery["iamt"] - delivery["camt"] - delivery["samt"]
    )
    for note in Invoice.objects.filter(kind=InvoiceKind.CREDIT_NOTE, **issued):
        rows = note.lines
        if not rows:  # a note from before notes kept lines: the whole order
            order = note.order
            rows = [
                {
                    "taxableValue": line.taxable_value,
                    "igst": line.igst,
                    "cgst": line.cgst,
                    "sgst": line.sgst,
                }
                for line in order.lines.all()
            ] + [
                {
                    "taxableValue": order.delivery_charge
                    - order.delivery_igst
                    - order.delivery_cgst
                    - order.delivery_sgst,
                    "igst": order.delivery_igst,
                    "cgst": order.delivery_cgst,
                    "sgst": order.delivery_sgst,
                }
            ]
        for row in rows:
            for key, name in zip(FIGURES, ("taxableValue", "igst", "cgst", "sgst"), strict=True):
                sums[key] -= D(str(row[name]))
    return sums


def report_figures(data: dict) -> dict[str, Decimal]:
    """b2b + b2cl + b2cs - cdnr - cdnur, from the JSON as answered."""
    sums = dict.fromkeys(FIGURES, D("0.00"))

    def items(documents, sign):
        for doc in documents:
            for itm in doc["itms"]:
                for key in FIGURES:
                    sums[key] += sign * money(itm["itm_det"].get(key, 0))

    items([inv for group in data.get("b2b", []) for inv in group["inv"]], 1)
    items([inv for group in data.get("b2cl", []) for inv in group["inv"]], 1)
    items([nt for group in data.get("cdnr", []) for nt in group["nt"]], -1)
    items(data.get("cdnur", []), -1)
    for row in data.get("b2cs", []):
        for key in FIGURES:
            sums[key] += money(row[key])
    return sums


def numbers(data: dict, section: str) -> set[str]:
    if section == "cdnur":
        return {nt["nt_num"] for nt in data.get("cdnur", [])}
    key, number = ("nt", "nt_num") if section == "cdnr" else ("inv", "inum")
    return {doc[number] for group in data.get(section, []) for doc in group[key]}


def get(api, **params):
    return api.get("/api/v1/reports/gstr1", params)


@pytest.fixture
def answer(month, admin_api):
    response = get(admin_api, period=PERIOD)
    assert response.status_code == 200, response.content
    return json.loads(response.content)


def test_the_sections_add_up_to_the_months_invoices_less_credit_notes(month, answer):
    expected = stored_figures()
    assert report_figures(answer) == expected
    # Not trivially zero: the month sold and took back.
    assert expected["txval"] > 0 and expected["iamt"] > 0 and expected["camt"] > 0
    summary = gstr1.summary(gstr1.build(periods.month(PERIOD), get_shop_details()))
    assert {key: money(summary["totals"][key]) for key in FIGURES} == expected


def test_each_document_is_in_its_section(month, answer):
    number = {name: order.invoice_number for name, order in month.items()}
    assert answer["gstin"] == get_shop_details().gstin
    assert answer["fp"] == "102026"
    assert [group["ctin"] for group in answer["b2b"]] == sorted([ACME[0], BANGALORE_CO[0]])
    assert numbers(answer, "b2b") == {number["b2b_inter"], number["b2b_intra"]}
    acme = next(group for group in answer["b2b"] if group["ctin"] == ACME[0])["inv"][0]
    assert (acme["pos"], acme["rchrg"], acme["inv_typ"], acme["idt"]) == (
        "27",
        "N",
        "R",
        "04-10-2026",
    )
    order = month["b2b_inter"]
    assert money(acme["val"]) == order.total
    # Kettles and the delivery at 18%, the tee at 5%: one item a rate, IGST only.
    assert [(i["num"], i["itm_det"]["rt"]) for i in acme["itms"]] == [(501, 5), (1801, 18)]
    assert all(i["itm_det"]["camt"] == 0 and i["itm_det"]["iamt"] > 0 for i in acme["itms"])
    local = next(group for group in answer["b2b"] if group["ctin"] == BANGALORE_CO[0])["inv"][0]
    assert local["pos"] == "29"
    assert all(i["itm_det"]["iamt"] == 0 and i["itm_det"]["camt"] > 0 for i in local["itms"])
    # Large: Rs 1,20,049 to Tamil Nadu; Rs 60,049 there is small.
    assert answer["b2cl"] == [{"pos": "33", "inv": [answer["b2cl"][0]["inv"][0]]}] and numbers(
        answer, "b2cl"
    ) == {number["large"]}
    large = answer["b2cl"][0]["inv"][0]
    assert money(large["val"]) == D("120049.00")
    assert set(large["itms"][0]["itm_det"]) == {"txval", "rt", "iamt", "csamt"}
    # B2C small: by supply type, state and rate.
    keys = {(row["sply_ty"], row["pos"], row["rt"]) for row in answer["b2cs"]}
    assert keys == {
        ("INTRA", "29", 5),
        ("INTRA", "29", 18),
        ("INTER", "27", 18),
        ("INTER", "33", 18),
    }
    assert all(row["typ"] == "OE" for row in answer["b2cs"])
    # Credit notes: the registered buyer's in cdnr, the large sale's in cdnur (its
    # invoice was September's), the small ones netted into b2cs.
    notes = Invoice.objects.filter(kind=InvoiceKind.CREDIT_NOTE)
    acme_note = notes.get(order=month["b2b_inter"])
    assert numbers(answer, "cdnr") == {acme_note.number}
    assert answer["cdnr"][0]["ctin"] == ACME[0]
    cdnr_note = answer["cdnr"][0]["nt"][0]
    assert (cdnr_note["ntty"], cdnr_note["pos"], cdnr_note["nt_dt"]) == ("C", "27", "13-10-2026")
    assert money(cdnr_note["val"]) == acme_note.amount
    large_note = notes.get(order=month["large_returned"])
    assert answer["cdnur"] == [
        {
            "typ": "B2CL",
            "ntty": "C",
            "nt_num": large_note.number,
            "nt_dt": "14-10-2026",
            "val": float(large_note.amount),
            "pos": "07",
            "itms": answer["cdnur"][0]["itms"],
        }
    ]
    # Not in October: September's and November's invoices, the cancelled order.
    everything = numbers(answer, "b2b") | numbers(answer, "b2cl")
    assert month["large_returned"].invoice_number not in everything
    assert month["cancelled"].invoice_number is None
    assert not Invoice.objects.filter(order=month["cancelled"]).exists()


def test_b2cs_nets_the_small_credit_notes(month, answer):
    """Delhi's tee was invoiced and credited whole in October: its row nets to nothing
    and is left out; Karnataka's 5% row is its invoices' less the tee returned."""
    rows = {(r["sply_ty"], r["pos"], r["rt"]): r for r in answer["b2cs"]}
    assert ("INTER", "07", 5) not in rows
    small_5 = [month[name] for name in ("intra", "part_cancelled", "last_minute")]
    invoiced = sum(
        (line.taxable_value for order in small_5 for line in order.lines.filter(gst_rate=5)),
        D("0"),
    )
    for order in small_5:
        if order.delivery_gst_rate == 5:
            invoiced += order.delivery_charge - order.delivery_cgst - order.delivery_sgst
    returned = Invoice.objects.get(kind=InvoiceKind.CREDIT_NOTE, order=month["intra"])
    assert money(rows[("INTRA", "29", 5)]["txval"]) == invoiced - D(
        returned.lines[0]["taxableValue"]
    )


def test_the_serials_of_table_13(month, answer):
    invoices = Invoice.objects.filter(
        kind=InvoiceKind.INVOICE, issued_at__gte=START, issued_at__lt=END
    ).order_by("serial")
    notes = Invoice.objects.filter(
        kind=InvoiceKind.CREDIT_NOTE, issued_at__gte=START, issued_at__lt=END
    ).order_by("serial")
    assert invoices.count() == 9 and notes.count() == 4
    # September's invoice was serial 1; October's run 2 to 10; November's is 11.
    assert [i.serial for i in invoices] == list(range(2, 11))
    assert answer["doc_issue"] == {
        "doc_det": [
            {
                "doc_num": 1,
                "doc_typ": "Invoices for outward supply",
                "docs": [
                    {
                        "num": 1,
                        "from": "SS/2627/000002",
                        "to": "SS/2627/000010",
                        "totnum": 9,
                        "cancel": 0,
                        "net_issue": 9,
                    }
                ],
            },
            {
                "doc_num": 5,
                "doc_typ": "Credit Note",
                "docs": [
                    {
                        "num": 1,
                        "from": "SS/CN2627/0001",
                        "to": "SS/CN2627/0004",
                        "totnum": 4,
                        "cancel": 0,
                        "net_issue": 4,
                    }
                ],
            },
        ]
    }
    assert invoices.first().number == "SS/2627/000002"
    assert notes.last().number == "SS/CN2627/0004"


def test_the_hsn_rows(month, answer):
    """From May 2025 the summary is split B2B / B2C, net of credit notes, one row an
    HSN and rate; the delivery charge goes with the goods at its rate."""
    assert set(answer["hsn"]) == {"hsn_b2b", "hsn_b2c"}
    b2b = {(row["hsn_sc"], row["rt"]): row for row in answer["hsn"]["hsn_b2b"]}
    assert set(b2b) == {("8516", 18), ("6109", 5)}
    # Kettles: Acme 2 less 1 returned, Bangalore Kitchens 3.
    kettles = b2b[("8516", 18)]
    assert (kettles["uqc"], kettles["qty"]) == ("NOS", 4)
    acme, local = month["b2b_inter"], month["b2b_intra"]
    acme_note = Invoice.objects.get(kind=InvoiceKind.CREDIT_NOTE, order=acme)
    expected = D("0")
    for order in (acme, local):
        expected += order.lines.get(hsn="8516").taxable_value
        expected += order.delivery_charge - order.delivery_igst - order.delivery_cgst
        expected -= order.delivery_sgst
    expected -= sum(D(row["taxableValue"]) for row in acme_note.lines)
    assert money(kettles["txval"]) == expected
    assert money(kettles["val"]) == money(
        kettles["txval"] + kettles["iamt"] + kettles["camt"] + kettles["samt"]
    )
    assert [row["num"] for row in answer["hsn"]["hsn_b2b"]] == [1, 2]
    b2c = {(row["hsn_sc"], row["rt"]) for row in answer["hsn"]["hsn_b2c"]}
    assert b2c == {("6109", 5), ("8516", 18), ("8528", 18)}
    # The HSN summary restates the same net supplies.
    net = stored_figures()
    for key in FIGURES:
        assert (
            sum(
                money(row[key])
                for section in ("hsn_b2b", "hsn_b2c")
                for row in answer["hsn"][section]
            )
            == net[key]
        )


def test_the_month_edges(month, answer, admin_api):
    everything = numbers(answer, "b2b") | numbers(answer, "b2cl")
    hsn_quantity = sum(row["qty"] for row in answer["hsn"]["hsn_b2c"] if row["hsn_sc"] == "6109")
    # 23:59 on 31 October is October's (counted among the tees); 00:00 on 1 November is not.
    last, first = month["last_minute"].invoice_number, month["november"].invoice_number
    assert answer["doc_issue"]["doc_det"][0]["docs"][0]["to"] == last
    assert first not in everything and first != last
    # Tees to consumers: intra 2 - 1 returned, part-cancelled 2, old note 1 - 1, last 1.
    assert hsn_quantity == 4
    november = json.loads(get(admin_api, period="2026-11").content)
    assert november["doc_issue"]["doc_det"][0]["docs"][0]["from"] == first


def test_the_csv_zip_matches_the_json(month, admin_api, answer):
    response = get(admin_api, period=PERIOD, format="csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    gstin = get_shop_details().gstin
    assert response["Content-Disposition"] == f'attachment; filename="GSTR1_{gstin}_102026.zip"'
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    files = {
        name.removesuffix(".csv"): list(csv.reader(io.StringIO(archive.read(name).decode())))
        for name in archive.namelist()
    }
    assert set(files) == {"b2b", "b2cl", "b2cs", "cdnr", "cdnur", "hsn(b2b)", "hsn(b2c)", "docs"}
    assert files["b2b"][0] == gstr1.CSV_HEADERS["b2b"]
    b2b = [
        (
            g["ctin"],
            inv["inum"],
            money(inv["val"]),
            itm["itm_det"]["rt"],
            money(itm["itm_det"]["txval"]),
        )
        for g in answer["b2b"]
        for inv in g["inv"]
        for itm in inv["itms"]
    ]
    assert [(r[0], r[2], money(r[4]), int(r[10]), money(r[11])) for r in files["b2b"][1:]] == b2b
    acme_row = next(r for r in files["b2b"][1:] if r[0] == ACME[0])
    assert (acme_row[1], acme_row[3], acme_row[5], acme_row[8]) == (
        ACME[1],
        "04-Oct-2026",
        "27-Maharashtra",
        "Regular B2B",
    )
    b2cl = [
        (inv["inum"], money(inv["val"]), money(itm["itm_det"]["txval"]))
        for g in answer["b2cl"]
        for inv in g["inv"]
        for itm in inv["itms"]
    ]
    assert [(r[0], money(r[2]), money(r[6])) for r in files["b2cl"][1:]] == b2cl
    b2cs = [(f"{r['pos']}-", r["rt"], money(r["txval"])) for r in answer["b2cs"]]
    assert [(r[1][:3], int(r[3]), money(r[4])) for r in files["b2cs"][1:]] == b2cs
    cdnr = [
        (n["nt_num"], money(n["val"]), money(i["itm_det"]["txval"]))
        for g in answer["cdnr"]
        for n in g["nt"]
        for i in n["itms"]
    ]
    assert [(r[2], money(r[8]), money(r[11])) for r in files["cdnr"][1:]] == cdnr
    cdnur = [
        (n["nt_num"], money(n["val"]), money(i["itm_det"]["txval"]))
        for n in answer["cdnur"]
        for i in n["itms"]
    ]
    assert [(r[1], money(r[5]), money(r[8])) for r in files["cdnur"][1:]] == cdnur
    assert files["cdnur"][1][0] == "B2CL"
    for section in ("hsn_b2b", "hsn_b2c"):
        rows = files[f"hsn({section[4:]})"]
        assert rows[0] == gstr1.CSV_HEADERS["hsn"]
        assert [
            (r[0], int(r[3]), money(r[4]), int(r[5]), *map(money, r[6:10])) for r in rows[1:]
        ] == [
            (
                h["hsn_sc"],
                h["qty"],
                money(h["val"]),
                h["rt"],
                *(money(h[key]) for key in ("txval", "iamt", "camt", "samt")),
            )
            for h in answer["hsn"][section]
        ]
    assert files["docs"][1:] == [
        ["Invoices for outward supply", "SS/2627/000002", "SS/2627/000010", "9", "0"],
        ["Credit Note", "SS/CN2627/0001", "SS/CN2627/0004", "4", "0"],
    ]


def test_the_json_is_a_download_named_for_the_portal(month, admin_api):
    response = get(admin_api, period=PERIOD)
    gstin = get_shop_details().gstin
    assert response["Content-Disposition"] == f'attachment; filename="GSTR1_{gstin}_102026.json"'
    assert "success" not in json.loads(response.content)


def test_a_month_without_documents(db, admin_api):
    response = get(admin_api, period="2025-04")
    body = json.loads(response.content)
    assert response.status_code == 200
    assert body == {
        "gstin": get_shop_details().gstin,
        "fp": "042025",
        "version": gstr1.VERSION,
        "hash": "hash",
    }
    summary = admin_api.get("/api/v1/reports/gstr1/summary", {"period": "2025-04"}).json()
    # Before May 2025 the HSN summary was one table.
    assert [s["key"] for s in summary["sections"]] == [
        "b2b",
        "b2cl",
        "b2cs",
        "cdnr",
        "cdnur",
        "hsn",
    ]
    assert summary["documents"]["invoices"] == {
        "from": None,
        "to": None,
        "count": 0,
        "cancelled": 0,
    }


def test_the_summary(month, admin_api, answer):
    response = admin_api.get("/api/v1/reports/gstr1/summary", {"period": PERIOD})
    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True
    assert (body["period"], body["fp"]) == (PERIOD, "102026")
    sections = {s["key"]: s for s in body["sections"]}
    assert list(sections) == ["b2b", "b2cl", "b2cs", "cdnr", "cdnur", "hsn_b2b", "hsn_b2c"]
    assert {k: (s["sign"], s["count"]) for k, s in sections.items()} == {
        "b2b": (1, 2),
        "b2cl": (1, 1),
        "b2cs": (1, len(answer["b2cs"])),
        "cdnr": (-1, 1),
        "cdnur": (-1, 1),
        "hsn_b2b": (0, 2),
        "hsn_b2c": (0, 3),
    }
    assert money(sections["b2cl"]["val"]) == D("120049.00")
    assert money(sections["cdnur"]["txval"]) == money(
        answer["cdnur"][0]["itms"][0]["itm_det"]["txval"]
    )
    assert {k: money(body["totals"][k]) for k in FIGURES} == stored_figures()
    assert body["documents"] == {
        "invoices": {"from": "SS/2627/000002", "to": "SS/2627/000010", "count": 9, "cancelled": 0},
        "creditNotes": {
            "from": "SS/CN2627/0001",
            "to": "SS/CN2627/0004",
            "count": 4,
            "cancelled": 0,
        },
    }


@pytest.mark.parametrize("path", ["gstr1", "gstr1/summary"])
def test_admins_only(db, buyer_api, path):
    anonymous = client_for()
    assert anonymous.get(f"/api/v1/reports/{path}", {"period": PERIOD}).status_code == 401
    assert buyer_api.get(f"/api/v1/reports/{path}", {"period": PERIOD}).status_code == 403


@pytest.mark.parametrize(
    "period", ["", "2026-13", "2026-00", "2026-1", "26-10", "October", "2026-10-01"]
)
@pytest.mark.parametrize("path", ["gstr1", "gstr1/summary"])
def test_bad_periods(db, admin_api, clock, path, period):
    clock(ist(2026, 11, 20, 12, 0))
    response = admin_api.get(f"/api/v1/reports/{path}", {"period": period} if period else {})
    assert response.status_code == 400
    assert "period" in response.json()["errors"]


@pytest.mark.parametrize("path", ["gstr1", "gstr1/summary"])
def test_a_month_not_begun_is_refused(db, admin_api, clock, path):
    # 30 November 23:59 in India: December has not begun (it has in no time zone west of it).
    clock(ist(2026, 11, 30, 23, 59))
    response = admin_api.get(f"/api/v1/reports/{path}", {"period": "2026-12"})
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["period"]
    assert admin_api.get(f"/api/v1/reports/{path}", {"period": "2026-11"}).status_code == 200
    clock(ist(2026, 12, 1, 0, 0))
    assert admin_api.get(f"/api/v1/reports/{path}", {"period": "2026-12"}).status_code == 200


def test_a_bad_format(db, admin_api):
    response = get(admin_api, period="2025-04", format="xml")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["format"]


def test_the_report_reads_in_three_queries_whatever_the_months_size(
    month, django_assert_num_queries
):
    shop = get_shop_details()  # cached from here on
    span = periods.month(PERIOD)
    # The documents with their orders, the orders' lines, the orders' tax invoices.
    with django_assert_num_queries(3):
        report = gstr1.build(span, shop)
    assert len(report.data["doc_issue"]["doc_det"][0]["docs"]) == 1
    with django_assert_num_queries(3):
        gstr1.build(periods.month("2026-09"), shop)
    # A month without documents: the first query finds none, so nothing is prefetched.
    with django_assert_num_queries(1):
        gstr1.build(periods.month("2025-04"), shop)
