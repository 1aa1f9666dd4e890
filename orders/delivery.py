"""Where the shop delivers, and where its courier collects cash.

A PIN code is served when India Post's directory knows it (accounts.pincodes) and either
no list of served PIN codes is loaded (every PIN code is served, with cash on delivery)
or the loaded list has it (with its `cod` flag). The list lives in the database table of
ServedPincode and nowhere else: a check reads it (one primary-key query, and for a PIN
code not on it one existence query), so a new list takes effect on every server the
moment its import commits, and no cache can serve an old one. Both queries are index
reads of a table of some 20,000 short rows; a cached copy would save about a millisecond
and need its own invalidation.

`served_pincodes_import` replaces the list from CSV text (header `pincode,cod`, or
`pincode,cod,days` with each PIN code's delivery days, blank for the DELIVERY_DAYS
setting), all or nothing; `manage.py import_pincodes`, the Django admin's "Import CSV"
page and the admin panel's Shop settings (orders/views_settings.py) call it. The days
are what orders.shipments counts an order's expected delivery with.
"""

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection, transaction

from accounts import pincodes
from orders.models import ServedPincode

HEADER = ("pincode", "cod")
HEADER_DAYS = ("pincode", "cod", "days")
HEADER_PROBLEM = 'Line 1: the header must be "pincode,cod" or "pincode,cod,days".'
COD_VALUES = {"1": True, "0": False}
MAX_DAYS = 60
MAX_PROBLEMS = 20  # reported at once; the rest are summed up
# An import file of every PIN code in India is about 200 KB.
MAX_IMPORT_BYTES = 5 * 1024 * 1024
TOO_LARGE = "The file is larger than 5 MB; a list of every PIN code in India is about 200 KB."
# The key of the PostgreSQL lock two imports (or an import and a removal) take in turn.
LIST_LOCK = 0x5E_2B_ED
# Rows per INSERT: at most this; Django's bulk_create sends fewer when the database takes
# fewer parameters in one statement (SQLite: 999, so 333 rows of the table's 3 columns).
IMPORT_BATCH = 2000


@dataclass(frozen=True)
class Delivery:
    pincode: str
    serviceable: bool
    cod: bool
    state: str  # the official name, "" for a PIN code the directory does not know
    city: str


def check(pincode: str) -> Delivery:
    """Whether the shop delivers to this PIN code, and collects cash there."""
    place = pincodes.lookup(pincode)
    if place is None:
        return Delivery(pincode=pincode, serviceable=False, cod=False, state="", city="")
    listed = ServedPincode.objects.filter(pk=pincode).values_list("cod", flat=True).first()
    if listed is not None:
        serviceable, cod = True, listed
    else:
        # Not on the list: served (with cash) only while there is no list at all.
        serviceable = cod = not ServedPincode.objects.exists()
    return Delivery(
        pincode=pincode, serviceable=serviceable, cod=cod, state=place.state, city=place.city
    )


def served_among(pins: set[str]) -> set[str]:
    """Those of `pins` the shop delivers to, by `check`'s rule, in at most two queries
    (the listed ones; whether there is a list at all when none of them is on it). The
    address book asks it (accounts.addresses, registered in orders/apps.py)."""
    known = {pin for pin in pins if pincodes.lookup(pin) is not None}
    if not known:
        return set()
    listed = set(ServedPincode.objects.filter(pk__in=known).values_list("pincode", flat=True))
    if listed or ServedPincode.objects.exists():
        return listed
    return known


class ImportProblem(Exception):
    """The file was refused and nothing changed; `problems` are readable sentences, each
    naming its line."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class ImportResult:
    loaded: int
    cod: int  # of them, with cash on delivery


@dataclass(frozen=True)
class Served:
    """One row of the served list: cash on delivery there, and the delivery days (None:
    DELIVERY_DAYS)."""

    cod: bool
    days: int | None = None


def parse_served_csv(text: str) -> dict[str, Served]:
    """PIN code -> Served from the CSV text, or ImportProblem naming every bad line (up
    to MAX_PROBLEMS of them)."""
    text = text.removeprefix("\ufeff")  # a spreadsheet's byte-order mark
    rows = csv.reader(io.StringIO(text, newline=""))
    problems: list[str] = []
    try:
        header = next(rows, None)
    except csv.Error as error:
        raise ImportProblem([f"Line 1: {error}."]) from error
    names = header and tuple(cell.strip().lower() for cell in header)
    if names not in (HEADER, HEADER_DAYS):
        raise ImportProblem([HEADER_PROBLEM])
    served: dict[str, Served] = {}
    first_line: dict[str, int] = {}
    try:
        for row in rows:
            line = rows.line_num
            problem = _row_problem(row, served, first_line, len(names))
            if problem is None:
                if row and any(cell.strip() for cell in row):
                    pin, cod = row[0].strip(), row[1].strip()
                    days = row[2].strip() if len(row) > 2 else ""
                    served[pin] = Served(COD_VALUES[cod], int(days) if days else None)
                    first_line[pin] = line
                continue
            problems.append(f"Line {line}: {problem}")
    except csv.Error as error:
        problems.append(f"Line {rows.line_num}: {error}.")
    if len(problems) > MAX_PROBLEMS:
        more = len(problems) - MAX_PROBLEMS
        problems = [*problems[:MAX_PROBLEMS], f"... and {more} more problems."]
    if problems:
        raise ImportProblem(problems)
    if not served:
        raise ImportProblem(
            [
                "The file lists no PIN codes. An empty list would serve every PIN code; "
                "to do that, remove the list (Shop settings, or import_pincodes --clear)."
            ]
        )
    return served


def _row_problem(row: list[str], served: dict, first_line: dict, columns: int) -> str | None:
    if not row or not any(cell.strip() for cell in row):
        return None  # a blank line
    if len(row) != columns:
        names = ",".join(HEADER_DAYS[:columns])
        return f"expected {columns} values ({names}), found {len(row)}."
    pin, cod = row[0].strip(), row[1].strip()
    if not (len(pin) == 6 and pin.isascii() and pin.isdigit()):
        return f'"{pin[:20]}" is not a six-digit PIN code.'
    if pincodes.lookup(pin) is None:
        return f"PIN code {pin} is not in India Post's directory."
    if cod not in COD_VALUES:
        return f'cod must be 1 or 0, not "{cod[:20]}".'
    days = row[2].strip() if columns > 2 else ""
    if days and not (days.isascii() and days.isdigit() and int(days) <= MAX_DAYS):
        return f'days must be a whole number from 0 to {MAX_DAYS} or blank, not "{days[:20]}".'
    if pin in served:
        return f"PIN code {pin} is listed twice (first on line {first_line[pin]})."
    return None


def served_pincodes_replace(served: dict[str, Served]) -> ImportResult:
    """The served list becomes exactly `served`, in one transaction: readers see the old
    list or the new one, never a mix (or an empty table, which would mean every PIN)."""
    rows = [
        ServedPincode(pincode=pin, cod=row.cod, days=row.days)
        for pin, row in sorted(served.items())
    ]
    with transaction.atomic():
        _lock_list()
        ServedPincode.objects.all().delete()
        ServedPincode.objects.bulk_create(rows, batch_size=IMPORT_BATCH)
    return ImportResult(loaded=len(served), cod=sum(row.cod for row in served.values()))


def served_pincodes_import(text: str) -> ImportResult:
    """Replace the served list from CSV text (header `pincode,cod`, cod 1 or 0, or
    `pincode,cod,days`, days a whole number 0-60 or blank). One bad row, a duplicate, a
    PIN code not in the directory or a bad header refuses the whole file (ImportProblem)
    and the list stays as it was."""
    return served_pincodes_replace(parse_served_csv(text))


def served_pincodes_clear() -> int:
    """Delete the list: every PIN code in the directory is served again, with cash."""
    with transaction.atomic():
        _lock_list()
        deleted, _ = ServedPincode.objects.all().delete()
    return deleted


def _lock_list() -> None:
    """Two replacements at once take turns: on PostgreSQL the second's delete would not
    see the first's new rows and its insert would collide with them. SQLite's writes
    (BEGIN IMMEDIATE) already take turns."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LIST_LOCK])


def decode_upload(chunks: Iterable[bytes]) -> str:
    """An uploaded file's text (UTF-8, with or without a byte-order mark)."""
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ImportProblem(["The file is not UTF-8 text (save it as CSV UTF-8)."]) from error
