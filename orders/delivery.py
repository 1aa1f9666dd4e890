"""Where the shop delivers, and where its courier collects cash.

A PIN code is served when India Post's directory knows it (accounts.pincodes) and either
no list of served PIN codes is loaded (every PIN code is served, with cash on delivery)
or the loaded list has it (with its `cod` flag). The list lives in the database table of
ServedPincode and nowhere else: a check reads it (one primary-key query, and for a PIN
code not on it one existence query), so a new list takes effect on every server the
moment its import commits, and no cache can serve an old one. Both queries are index
reads of a table of some 20,000 short rows; a cached copy would save about a millisecond
and need its own invalidation.

`served_pincodes_import` replaces the list from CSV text (header `pincode,cod`), all or
nothing; `manage.py import_pincodes` and the Django admin's "Import CSV" page call it.
"""

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction

from accounts import pincodes
from orders.models import ServedPincode

HEADER = ("pincode", "cod")
COD_VALUES = {"1": True, "0": False}
MAX_PROBLEMS = 20  # reported at once; the rest are summed up
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


def parse_served_csv(text: str) -> dict[str, bool]:
    """PIN code -> cod from the CSV text, or ImportProblem naming every bad line (up to
    MAX_PROBLEMS of them)."""
    text = text.removeprefix("\ufeff")  # a spreadsheet's byte-order mark
    rows = csv.reader(io.StringIO(text, newline=""))
    problems: list[str] = []
    try:
        header = next(rows, None)
    except csv.Error as error:
        raise ImportProblem([f"Line 1: {error}."]) from error
    if header is None or tuple(cell.strip().lower() for cell in header) != HEADER:
        raise ImportProblem(['Line 1: the header must be "pincode,cod".'])
    served: dict[str, bool] = {}
    first_line: dict[str, int] = {}
    try:
        for row in rows:
            line = rows.line_num
            problem = _row_problem(row, served, first_line)
            if problem is None:
                if row and any(cell.strip() for cell in row):
                    pin, cod = row[0].strip(), row[1].strip()
                    served[pin] = COD_VALUES[cod]
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
                "to do that, delete the list (import_pincodes --clear)."
            ]
        )
    return served


def _row_problem(row: list[str], served: dict, first_line: dict) -> str | None:
    if not row or not any(cell.strip() for cell in row):
        return None  # a blank line
    if len(row) != 2:
        return f"expected 2 values (pincode,cod), found {len(row)}."
    pin, cod = row[0].strip(), row[1].strip()
    if not (len(pin) == 6 and pin.isascii() and pin.isdigit()):
        return f'"{pin[:20]}" is not a six-digit PIN code.'
    if pincodes.lookup(pin) is None:
        return f"PIN code {pin} is not in India Post's directory."
    if cod not in COD_VALUES:
        return f'cod must be 1 or 0, not "{cod[:20]}".'
    if pin in served:
        return f"PIN code {pin} is listed twice (first on line {first_line[pin]})."
    return None


def served_pincodes_replace(served: dict[str, bool]) -> ImportResult:
    """The served list becomes exactly `served`, in one transaction: readers see the old
    list or the new one, never a mix (or an empty table, which would mean every PIN)."""
    with transaction.atomic():
        ServedPincode.objects.all().delete()
        ServedPincode.objects.bulk_create(
            (ServedPincode(pincode=pin, cod=cod) for pin, cod in sorted(served.items())),
            batch_size=IMPORT_BATCH,
        )
    return ImportResult(loaded=len(served), cod=sum(served.values()))


def served_pincodes_import(text: str) -> ImportResult:
    """Replace the served list from CSV text (header `pincode,cod`, cod 1 or 0). One bad
    row, a duplicate, a PIN code not in the directory or a bad header refuses the whole
    file (ImportProblem) and the list stays as it was."""
    return served_pincodes_replace(parse_served_csv(text))


def served_pincodes_clear() -> int:
    """Delete the list: every PIN code in the directory is served again, with cash."""
    deleted, _ = ServedPincode.objects.all().delete()
    return deleted


def decode_upload(chunks: Iterable[bytes]) -> str:
    """An uploaded file's text (UTF-8, with or without a byte-order mark)."""
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ImportProblem(["The file is not UTF-8 text (save it as CSV UTF-8)."]) from error
