"""GSTR-1 of a month from the shop's stored documents, in the JSON of the GST portal's
offline tool (docs/gst-returns.md has each section, its sources and the thresholds).

- `b2b` (Table 4A): tax invoices to a buyer with a GSTIN, by the buyer's GSTIN.
- `b2cl` (Table 5): inter-state invoices to unregistered buyers of more than Rs 1,00,000
  (Rs 2,50,000 for invoices before 1 August 2024), by place of supply.
- `b2cs` (Table 7): every other invoice to an unregistered buyer, summed by supply type,
  place of supply and rate, less the credit notes against such invoices.
- `cdnr` (Table 9B): credit notes to registered buyers, by GSTIN; `cdnur` (Table 9B):
  credit notes against B2C (Large) invoices. A credit note is reported in the month it
  was issued, whatever the month of its invoice.
- `hsn` (Table 12): by HSN and rate, net of credit notes; split into `hsn_b2b` and
  `hsn_b2c` for periods from May 2025, one `data` list before.
- `doc_issue` (Table 13): the serials of invoices (1) and credit notes (5) issued.

Items are grouped by rate within a document, numbered as the offline tool numbers them
(rate x 100 + 1: 1801 for 18%). Amounts are rupees, Decimal until written out, so the
sections add up to the month's documents to the paisa.
"""

import csv
import io
import zipfile
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from accounts.india import NAME_OF
from reports.documents import ZERO, Document, Item, documents_between, india_date, json_numbers
from reports.periods import Span

VERSION = "GST3.2.1"
HSN_SPLIT_FROM = date(2025, 5, 1)
UQC = "NOS"
TAXES = ("iamt", "camt", "samt", "csamt")
FIGURES = ("val", "txval", *TAXES)
DOC_INVOICES = (1, "Invoices for outward supply")
DOC_CREDIT_NOTES = (5, "Credit Note")


def _zero_figures() -> dict[str, Decimal]:
    return dict.fromkeys(("txval", "iamt", "camt", "samt", "csamt"), ZERO)


def _add(sums: dict, item: Item, sign: int = 1) -> None:
    sums["txval"] += sign * item.txval
    sums["iamt"] += sign * item.igst
    sums["camt"] += sign * item.cgst
    sums["samt"] += sign * item.sgst


def _items(document: Document, *, inter_only: bool = False) -> list[dict]:
    """`itms`: the document's items summed by rate, lowest rate first."""
    by_rate: dict[int, dict] = defaultdict(_zero_figures)
    for item in document.items:
        _add(by_rate[item.rate], item)
    itms = []
    for rate in sorted(by_rate):
        sums = by_rate[rate]
        detail = {"txval": sums["txval"], "rt": rate, "iamt": sums["iamt"]}
        if not inter_only:
            detail.update(camt=sums["camt"], samt=sums["samt"])
        detail["csamt"] = ZERO
        itms.append({"num": rate * 100 + 1, "itm_det": detail})
    return itms


@dataclass
class Gstr1:
    """A month's return: `data` is the portal's JSON with Decimal amounts; `names` the
    registered buyers' names (the CSV's Receiver Name)."""

    gstin: str
    span: Span
    data: dict
    names: dict[str, str] = field(default_factory=dict)

    @property
    def fp(self) -> str:
        return self.span.first.strftime("%m%Y")

    @property
    def split_hsn(self) -> bool:
        return self.span.first >= HSN_SPLIT_FROM

    def hsn_sections(self) -> list[str]:
        return ["hsn_b2b", "hsn_b2c"] if self.split_hsn else ["hsn"]

    def hsn_rows(self, section: str) -> list[dict]:
        hsn = self.data.get("hsn", {})
        return hsn.get("data", []) if section == "hsn" else hsn.get(section, [])


def build(span: Span, shop) -> Gstr1:
    """The return of `span` (a month) for the shop `shop` (its GSTIN and state)."""
    documents = documents_between(span.start, span.end, shop_state=shop.state_code)
    b2b: dict[str, list] = defaultdict(list)
    b2cl: dict[str, list] = defaultdict(list)
    b2cs: dict[tuple, dict] = defaultdict(_zero_figures)
    cdnr: dict[str, list] = defaultdict(list)
    cdnur: list[dict] = []
    hsn: dict[str, dict] = {"b2b": defaultdict(_hsn_zero), "b2c": defaultdict(_hsn_zero)}
    names: dict[str, str] = {}
    for document in documents:
        sign = -1 if document.is_credit_note else 1
        for item in document.items:
            row = hsn["b2b" if document.registered else "b2c"][(item.hsn, item.rate)]
            row["qty"] += sign * item.quantity
            _add(row, item, sign)
        if document.registered:
            names.setdefault(document.gstin, document.order.business_name)
            head = {
                "val": document.value,
                "pos": document.pos,
                "rchrg": "N",
                "inv_typ": "R",
                "itms": _items(document),
            }
            if document.is_credit_note:
                cdnr[document.gstin].append(
                    {"ntty": "C", "nt_num": document.number, "nt_dt": india_date(document.day)}
                    | head
                )
            else:
                b2b[document.gstin].append(
                    {"inum": document.number, "idt": india_date(document.day)} | head
                )
        elif document.large:
            if document.is_credit_note:
                cdnur.append(
                    {
                        "typ": "B2CL",
                        "ntty": "C",
                        "nt_num": document.number,
                        "nt_dt": india_date(document.day),
                        "val": document.value,
                        "pos": document.pos,
                        "itms": _items(document, inter_only=True),
                    }
                )
            else:
                b2cl[document.pos].append(
                    {
                        "inum": document.number,
                        "idt": india_date(document.day),
                        "val": document.value,
                        "itms": _items(document, inter_only=True),
                    }
                )
        else:
            supply = "INTRA" if document.intra_state else "INTER"
            for item in document.items:
                _add(b2cs[(supply, document.pos, item.rate)], item, sign)

    data: dict = {"gstin": shop.gstin, "fp": span.first.strftime("%m%Y"), "version": VERSION}
    data["hash"] = "hash"
    if b2b:
        data["b2b"] = [{"ctin": ctin, "inv": b2b[ctin]} for ctin in sorted(b2b)]
    if b2cl:
        data["b2cl"] = [{"pos": pos, "inv": b2cl[pos]} for pos in sorted(b2cl)]
    rows = [
        {"sply_ty": supply, "pos": pos, "typ": "OE", "rt": rate, **sums}
        for (supply, pos, rate), sums in sorted(b2cs.items())
        if any(sums.values())
    ]
    if rows:
        data["b2cs"] = rows
    if cdnr:
        data["cdnr"] = [{"ctin": ctin, "nt": cdnr[ctin]} for ctin in sorted(cdnr)]
    if cdnur:
        data["cdnur"] = cdnur
    report = Gstr1(shop.gstin, span, data, names)
    if report.split_hsn:
        hsn_json = {
            f"hsn_{kind}": _hsn_list(hsn[kind]) for kind in ("b2b", "b2c") if _hsn_list(hsn[kind])
        }
    else:
        merged: dict = defaultdict(_hsn_zero)
        for kind in ("b2b", "b2c"):
            for key, sums in hsn[kind].items():
                for name in sums:
                    merged[key][name] += sums[name]
        hsn_json = {"data": _hsn_list(merged)} if _hsn_list(merged) else {}
    if hsn_json:
        data["hsn"] = hsn_json
    doc_det = _doc_det(documents)
    if doc_det:
        data["doc_issue"] = {"doc_det": doc_det}
    return report


def _hsn_zero() -> dict:
    return {"qty": 0, **_zero_figures()}


def _hsn_list(rows: dict) -> list[dict]:
    out = []
    for (hsn_sc, rate), sums in sorted(rows.items()):
        if not (sums["qty"] or any(sums[key] for key in ("txval", *TAXES))):
            continue
        value = sums["txval"] + sums["iamt"] + sums["camt"] + sums["samt"] + sums["csamt"]
        out.append(
            {
                "num": len(out) + 1,
                "hsn_sc": hsn_sc,
                "uqc": UQC,
                "qty": sums["qty"],
                "val": value,
                "txval": sums["txval"],
                "rt": rate,
                "iamt": sums["iamt"],
                "camt": sums["camt"],
                "samt": sums["samt"],
                "csamt": sums["csamt"],
            }
        )
    return out


def _series(number: str) -> str:
    """The series a number belongs to: all but its serial (`SS/2627`, `SS/CN2627`); a
    change of prefix in the year starts another row of Table 13."""
    return number.rpartition("/")[0]


def _doc_det(documents: list[Document]) -> list[dict]:
    """Table 13: for invoices (1) and credit notes (5), each series' first and last
    number issued in the month; `totnum` counts the serials from first to last, `cancel`
    those of them not found (the shop cancels no document: a return issues a credit
    note, so it is 0 unless rows were removed), `net_issue` the documents issued."""
    doc_det = []
    for (doc_num, doc_typ), want_credit in ((DOC_INVOICES, False), (DOC_CREDIT_NOTES, True)):
        series: dict[str, list] = defaultdict(list)
        for document in documents:
            if document.is_credit_note == want_credit:
                series[_series(document.number)].append(document.document)
        docs = []
        for name in sorted(series, key=lambda s: min(d.serial for d in series[s])):
            issued = sorted(series[name], key=lambda d: d.serial)
            total = issued[-1].serial - issued[0].serial + 1
            docs.append(
                {
                    "num": len(docs) + 1,
                    "from": issued[0].number,
                    "to": issued[-1].number,
                    "totnum": total,
                    "cancel": total - len(issued),
                    "net_issue": len(issued),
                }
            )
        if docs:
            doc_det.append({"doc_num": doc_num, "doc_typ": doc_typ, "docs": docs})
    return doc_det


# --- written out -------------------------------------------------------------------------


def portal_json(report: Gstr1) -> dict:
    """The return as the portal takes it: amounts as numbers with two decimals."""
    return json_numbers(report.data)


LABELS = {
    "b2b": "B2B invoices (4A)",
    "b2cl": "B2C large invoices (5)",
    "b2cs": "B2C small, by state and rate (7)",
    "cdnr": "Credit notes, registered (9B)",
    "cdnur": "Credit notes, unregistered (9B)",
    "hsn_b2b": "HSN summary, B2B (12)",
    "hsn_b2c": "HSN summary, B2C (12)",
    "hsn": "HSN summary (12)",
}
SIGNS = {"b2b": 1, "b2cl": 1, "b2cs": 1, "cdnr": -1, "cdnur": -1}


def _documents_of(data: dict, section: str) -> list[dict]:
    """The invoices (`inv`) or notes (`nt`) of a section grouped by GSTIN or state."""
    if section == "cdnur":
        return data.get("cdnur", [])
    key = "nt" if section == "cdnr" else "inv"
    return [doc for group in data.get(section, []) for doc in group[key]]


def section_figures(report: Gstr1, section: str) -> dict:
    """A section's count and figures (`val, txval, iamt, camt, samt, csamt`), Decimal."""
    sums = dict.fromkeys(FIGURES, ZERO)
    if section in ("b2b", "b2cl", "cdnr", "cdnur"):
        documents = _documents_of(report.data, section)
        for doc in documents:
            sums["val"] += doc["val"]
            for itm in doc["itms"]:
                for key in ("txval", *TAXES):
                    sums[key] += itm["itm_det"].get(key, ZERO)
        return {"count": len(documents), **sums}
    rows = report.data.get("b2cs", []) if section == "b2cs" else report.hsn_rows(section)
    for row in rows:
        for key in ("txval", *TAXES):
            sums[key] += row[key]
        sums["val"] += row.get("val", row["txval"] + sum(row[key] for key in TAXES))
    return {"count": len(rows), **sums}


def _docs(report: Gstr1, doc_num: int) -> dict:
    det = next(
        (d for d in report.data.get("doc_issue", {}).get("doc_det", []) if d["doc_num"] == doc_num),
        None,
    )
    if det is None:
        return {"from": None, "to": None, "count": 0, "cancelled": 0}
    docs = det["docs"]
    return {
        "from": docs[0]["from"],
        "to": docs[-1]["to"],
        "count": sum(d["net_issue"] for d in docs),
        "cancelled": sum(d["cancel"] for d in docs),
    }


def summary(report: Gstr1) -> dict:
    """The monthly screen's answer (without `success`): each section's count and
    figures, the net totals (sections times their sign) and the serials used."""
    sections = []
    totals = dict.fromkeys(FIGURES, ZERO)
    for key in ("b2b", "b2cl", "b2cs", "cdnr", "cdnur", *report.hsn_sections()):
        figures = section_figures(report, key)
        sign = SIGNS.get(key, 0)
        for name in FIGURES:
            totals[name] += sign * figures[name]
        sections.append({"key": key, "label": LABELS[key], "sign": sign, **figures})
    return json_numbers(
        {
            "period": report.span.first.strftime("%Y-%m"),
            "fp": report.fp,
            "gstin": report.gstin,
            "sections": sections,
            "totals": totals,
            "documents": {"invoices": _docs(report, 1), "creditNotes": _docs(report, 5)},
        }
    )


# --- the offline tool's CSV files -----------------------------------------------------------
# Headers as the Returns Offline Tool's CSV and Excel templates name them (cited in
# docs/gst-returns.md). Tax amounts are not columns of b2b, b2cl, b2cs, cdnr and cdnur: the
# tool works them out from the rate; the HSN files carry them.

CSV_HEADERS = {
    "b2b": [
        "GSTIN/UIN of Recipient",
        "Receiver Name",
        "Invoice Number",
        "Invoice date",
        "Invoice Value",
        "Place Of Supply",
        "Reverse Charge",
        "Applicable % of Tax Rate",
        "Invoice Type",
        "E-Commerce GSTIN",
        "Rate",
        "Taxable Value",
        "Cess Amount",
    ],
    "b2cl": [
        "Invoice Number",
        "Invoice date",
        "Invoice Value",
        "Place Of Supply",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
        "E-Commerce GSTIN",
    ],
    "b2cs": [
        "Type",
        "Place Of Supply",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
        "E-Commerce GSTIN",
    ],
    "cdnr": [
        "GSTIN/UIN of Recipient",
        "Receiver Name",
        "Note Number",
        "Note Date",
        "Note Type",
        "Place Of Supply",
        "Reverse Charge",
        "Note Supply Type",
        "Note Value",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
    ],
    "cdnur": [
        "UR Type",
        "Note Number",
        "Note Date",
        "Note Type",
        "Place Of Supply",
        "Note Value",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
    ],
    "hsn": [
        "HSN",
        "Description",
        "UQC",
        "Total Quantity",
        "Total Value",
        "Rate",
        "Taxable Value",
        "Integrated Tax Amount",
        "Central Tax Amount",
        "State/UT Tax Amount",
        "Cess Amount",
    ],
    "docs": ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
}
UQC_LABEL = "NOS-NUMBERS"
INVOICE_TYPE = "Regular B2B"


def _money(value: Decimal) -> str:
    return f"{value:.2f}"


def _pos(code: str) -> str:
    """`29-Karnataka`, as the templates write a place of supply."""
    return f"{code}-{NAME_OF.get(code, '')}"


def _csv_date(text: str) -> str:
    """dd-mm-yyyy (the JSON's) -> dd-Mon-yyyy (the templates')."""
    day, month, year = text.split("-")
    names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return f"{day}-{names[int(month) - 1]}-{year}"


def csv_rows(report: Gstr1) -> dict[str, list[list[str]]]:
    """Each CSV file's rows (header first), by file name without `.csv`."""
    data = report.data
    files: dict[str, list[list[str]]] = {}
    rows = [CSV_HEADERS["b2b"]]
    for group in data.get("b2b", []):
        for inv in group["inv"]:
            for itm in inv["itms"]:
                det = itm["itm_det"]
                rows.append(
                    [
                        group["ctin"],
                        report.names.get(group["ctin"], ""),
                        inv["inum"],
                        _csv_date(inv["idt"]),
                        _money(inv["val"]),
                        _pos(inv["pos"]),
                        inv["rchrg"],
                        "",
                        INVOICE_TYPE,
                        "",
                        str(det["rt"]),
                        _money(det["txval"]),
                        _money(det["csamt"]),
                    ]
                )
    files["b2b"] = rows
    rows = [CSV_HEADERS["b2cl"]]
    for group in data.get("b2cl", []):
        for inv in group["inv"]:
            for itm in inv["itms"]:
                det = itm["itm_det"]
                rows.append(
                    [
                        inv["inum"],
                        _csv_date(inv["idt"]),
                        _money(inv["val"]),
                        _pos(group["pos"]),
                        "",
                        str(det["rt"]),
                        _money(det["txval"]),
                        _money(det["csamt"]),
                        "",
                    ]
                )
    files["b2cl"] = rows
    rows = [CSV_HEADERS["b2cs"]]
    for row in data.get("b2cs", []):
        rows.append(
            [
                row["typ"],
                _pos(row["pos"]),
                "",
                str(row["rt"]),
                _money(row["txval"]),
                _money(row["csamt"]),
                "",
            ]
        )
    files["b2cs"] = rows
    rows = [CSV_HEADERS["cdnr"]]
    for group in data.get("cdnr", []):
        for note in group["nt"]:
            for itm in note["itms"]:
                det = itm["itm_det"]
                rows.append(
                    [
                        group["ctin"],
                        report.names.get(group["ctin"], ""),
                        note["nt_num"],
                        _csv_date(note["nt_dt"]),
                        note["ntty"],
                        _pos(note["pos"]),
                        note["rchrg"],
                        INVOICE_TYPE,
                        _money(note["val"]),
                        "",
                        str(det["rt"]),
                        _money(det["txval"]),
                        _money(det["csamt"]),
                    ]
                )
    files["cdnr"] = rows
    rows = [CSV_HEADERS["cdnur"]]
    for note in data.get("cdnur", []):
        for itm in note["itms"]:
            det = itm["itm_det"]
            rows.append(
                [
                    note["typ"],
                    note["nt_num"],
                    _csv_date(note["nt_dt"]),
                    note["ntty"],
                    _pos(note["pos"]),
                    _money(note["val"]),
                    "",
                    str(det["rt"]),
                    _money(det["txval"]),
                    _money(det["csamt"]),
                ]
            )
    files["cdnur"] = rows
    for section in report.hsn_sections():
        rows = [CSV_HEADERS["hsn"]]
        for row in report.hsn_rows(section):
            rows.append(
                [
                    row["hsn_sc"],
                    "",
                    UQC_LABEL,
                    str(row["qty"]),
                    _money(row["val"]),
                    str(row["rt"]),
                    _money(row["txval"]),
                    _money(row["iamt"]),
                    _money(row["camt"]),
                    _money(row["samt"]),
                    _money(row["csamt"]),
                ]
            )
        files["hsn" if section == "hsn" else f"hsn({section[4:]})"] = rows
    rows = [CSV_HEADERS["docs"]]
    for det in data.get("doc_issue", {}).get("doc_det", []):
        for docs in det["docs"]:
            rows.append(
                [det["doc_typ"], docs["from"], docs["to"], str(docs["totnum"]), str(docs["cancel"])]
            )
    files["docs"] = rows
    return files


def csv_zip(report: Gstr1) -> bytes:
    """A ZIP of one CSV file a section (`b2b.csv`, ..., `hsn(b2b).csv`, `docs.csv`),
    UTF-8, comma separated, CRLF line ends; a section without rows has its header."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, rows in csv_rows(report).items():
            text = io.StringIO()
            csv.writer(text).writerows(rows)
            archive.writestr(f"{name}.csv", text.getvalue().encode("utf-8"))
    return buffer.getvalue()


def file_name(report: Gstr1, extension: str) -> str:
    return f"GSTR1_{report.gstin}_{report.fp}.{extension}"
