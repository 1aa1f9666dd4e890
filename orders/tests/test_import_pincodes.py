"""`manage.py import_pincodes FILE.csv` and the Django admin's "Import CSV": the file
replaces the served list, all or nothing, naming every bad line; bulk inserts in one
transaction for a list of every PIN code in India."""

import math
import time
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection

from accounts import pincodes
from orders.delivery import HEADER_PROBLEM, IMPORT_BATCH, served_pincodes_import
from orders.models import ServedPincode

pytestmark = pytest.mark.django_db

BEFORE = {"110001": True, "560103": False}


@pytest.fixture
def existing():
    ServedPincode.objects.bulk_create(ServedPincode(pincode=p, cod=c) for p, c in BEFORE.items())


def served() -> dict[str, bool]:
    return dict(ServedPincode.objects.values_list("pincode", "cod"))


def days() -> dict[str, int | None]:
    return dict(ServedPincode.objects.values_list("pincode", "days"))


def run(tmp_path, text: str | bytes, *args) -> str:
    path = tmp_path / "served.csv"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("import_pincodes", str(path), *args, stdout=out)
    return out.getvalue()


def test_a_file_replaces_the_list_and_says_how_many(tmp_path, existing):
    out = run(tmp_path, "pincode,cod\n400001,1\n600001,0\n682001,1\n")

    assert served() == {"400001": True, "600001": False, "682001": True}
    assert "Loaded 3 PIN codes (2 with cash on delivery)" in out


def test_a_days_column_gives_each_pin_codes_delivery_days(tmp_path, existing):
    out = run(tmp_path, "pincode,cod,days\n400001,1,2\n600001,0,\n795001,1, 9 \n682001,1,0\n")

    assert served() == {"400001": True, "600001": False, "795001": True, "682001": True}
    assert days() == {"400001": 2, "600001": None, "795001": 9, "682001": 0}
    assert "Loaded 4 PIN codes (3 with cash on delivery)" in out


def test_a_file_without_days_leaves_them_to_the_setting(tmp_path, existing):
    ServedPincode.objects.filter(pk="110001").update(days=3)

    run(tmp_path, "pincode,cod\n110001,1\n")

    assert days() == {"110001": None}


def test_importing_the_same_file_twice_gives_the_same_list(tmp_path, existing):
    text = "pincode,cod\n400001,1\n600001,0\n"

    run(tmp_path, text)
    first = served()
    run(tmp_path, text)

    assert served() == first == {"400001": True, "600001": False}


def test_spreadsheet_habits_are_taken(tmp_path):
    # A byte-order mark, Windows line ends, a capitalised header, spaces, blank lines.
    text = "\ufeffPincode , COD\r\n 400001 , 1 \r\n\r\n600001,0\r\n\r\n"

    run(tmp_path, text.encode("utf-8"))

    assert served() == {"400001": True, "600001": False}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", HEADER_PROBLEM),
        ("400001,1\n", HEADER_PROBLEM),
        ("pin,cod\n400001,1\n", HEADER_PROBLEM),
        ("pincode,cod,extra\n400001,1,x\n", HEADER_PROBLEM),
        ("pincode,cod\n400001,1\n40001,1\n", 'Line 3: "40001" is not a six-digit PIN code.'),
        ("pincode,cod\n400001,1\n4000011,1\n", 'Line 3: "4000011" is not a six-digit PIN'),
        ("pincode,cod\n400001,1\n,1\n", 'Line 3: "" is not a six-digit PIN code.'),
        ("pincode,cod\n400001,1\n999999,1\n", "Line 3: PIN code 999999 is not in India Post"),
        ("pincode,cod\n400001,1\n600001,yes\n", 'Line 3: cod must be 1 or 0, not "yes".'),
        ("pincode,cod\n400001,1\n600001,\n", 'Line 3: cod must be 1 or 0, not "".'),
        ("pincode,cod\n400001,1\n600001\n", "Line 3: expected 2 values (pincode,cod), found 1"),
        ("pincode,cod\n400001,1\n600001,1,1\n", "Line 3: expected 2 values (pincode,cod), found"),
        (
            "pincode,cod\n400001,1\n600001,0\n400001,0\n",
            "Line 4: PIN code 400001 is listed twice (first on line 2).",
        ),
        ("pincode,cod,days\n400001,1,2\n600001,1,x\n", "Line 3: days must be a whole number"),
        ("pincode,cod,days\n400001,1,2\n600001,1,-1\n", 'from 0 to 60 or blank, not "-1"'),
        ("pincode,cod,days\n400001,1,2\n600001,1,61\n", "Line 3: days must be a whole"),
        ("pincode,cod,days\n400001,1,2\n600001,1,2.5\n", "Line 3: days must be a whole"),
        ("pincode,cod,days\n400001,1,2\n600001,1,\u0967\n", "Line 3: days must be"),
        ("pincode,cod,days\n400001,1,2\n600001,1\n", "Line 3: expected 3 values"),
        ("pincode,days,cod\n400001,2,1\n", HEADER_PROBLEM),
        ("pincode,cod\n", "The file lists no PIN codes."),
        ("pincode,cod\n\n\n", "The file lists no PIN codes."),
        (b"pincode,cod\n400001,1\n\xff\xfe,1\n", "not UTF-8"),
        ("pincode,cod\n\x00400001,1\n", "Line 2"),
    ],
)
def test_one_bad_line_refuses_the_whole_file_and_names_it(tmp_path, existing, text, says):
    with pytest.raises(CommandError) as refused:
        run(tmp_path, text)

    assert says in str(refused.value)
    assert "nothing was changed" in str(refused.value)
    assert served() == BEFORE


def test_every_bad_line_is_named_up_to_twenty(tmp_path, existing):
    lines = ["pincode,cod", "400001,1", "12345,1", "600001,2"] + [f"99999{n},1" for n in range(30)]

    with pytest.raises(CommandError) as refused:
        run(tmp_path, "\n".join(lines))

    message = str(refused.value)
    assert "Line 3:" in message and "Line 4:" in message and "Line 22:" in message
    assert "Line 23:" not in message
    assert "... and 12 more problems." in message
    assert served() == BEFORE


def test_a_missing_file_is_an_error_that_changes_nothing(tmp_path, existing):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_pincodes", str(tmp_path / "nowhere.csv"))
    with pytest.raises(CommandError, match="Give a CSV file, or --clear"):
        call_command("import_pincodes")
    assert served() == BEFORE


def test_clear_serves_every_pin_code_again(existing):
    out = StringIO()
    call_command("import_pincodes", "--clear", stdout=out)

    assert served() == {}
    assert "Deleted the list of 2 PIN codes" in out.getvalue()


def test_every_pin_code_in_india_loads_in_bulk_in_one_transaction(
    tmp_path, existing, django_assert_num_queries
):
    every = sorted(pincodes.places())
    text = "pincode,cod\n" + "".join(f"{pin},{n % 2}\n" for n, pin in enumerate(every))
    objs = [ServedPincode(pincode=pin) for pin in every]
    # Every column is inserted (pincode, cod, days): SQLite takes 999 parameters in one
    # statement, so 333 rows an INSERT (60 INSERTs); PostgreSQL IMPORT_BATCH (10).
    columns = [field.column for field in ServedPincode._meta.concrete_fields]
    assert columns == ["pincode", "cod", "days"]
    batch = min(IMPORT_BATCH, connection.ops.bulk_batch_size(columns, objs))
    inserts = math.ceil(len(every) / batch)

    started = time.perf_counter()
    # The transaction's savepoint, one DELETE, the INSERTs, the savepoint's release; on
    # PostgreSQL first the lock two imports take in turn.
    lock = 1 if connection.vendor == "postgresql" else 0
    with django_assert_num_queries(1 + lock + 1 + inserts + 1):
        result = served_pincodes_import(text)
    took = time.perf_counter() - started

    assert result.loaded == len(every) > 19_000
    assert ServedPincode.objects.count() == len(every)
    assert ServedPincode.objects.filter(cod=True).count() == result.cod == len(every) // 2
    assert took < 20, took


# --- the Django admin -------------------------------------------------------------------------

LIST = "/admin/orders/servedpincode/"
IMPORT = "/admin/orders/servedpincode/import/"


def upload(text: str, name: str = "served.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")


def test_the_admin_lists_and_searches_the_served_pin_codes(staff_client, existing):
    page = staff_client.get(LIST)

    assert page.status_code == 200
    html = page.content.decode()
    assert "110001" in html and "560103" in html and "Karnataka" in html
    assert f'href="{IMPORT}"' in html and "Import CSV" in html
    found = staff_client.get(LIST, {"q": "5601"}).content.decode()
    assert "560103" in found and "110001" not in found


def test_the_admin_import_page_is_a_labelled_file_form(staff_client):
    html = staff_client.get(IMPORT).content.decode()

    assert 'enctype="multipart/form-data"' in html
    assert '<label class="required" for="id_file">CSV file:</label>' in html
    assert 'type="file" name="file" id="id_file"' in html
    assert 'aria-describedby="id_file_helptext"' in html


def test_the_admin_import_replaces_the_list_through_the_same_code(staff_client, existing):
    response = staff_client.post(IMPORT, {"file": upload("pincode,cod\n400001,1\n600001,0\n")})

    assert response.status_code == 302
    assert response["Location"] == LIST
    assert served() == {"400001": True, "600001": False}
    page = staff_client.get(LIST).content.decode()
    assert "Loaded 2 PIN codes (1 with cash on delivery)" in page


def test_the_admin_import_shows_the_bad_lines_on_the_form_and_changes_nothing(
    staff_client, existing
):
    response = staff_client.post(IMPORT, {"file": upload("pincode,cod\n400001,1\n999999,1\n")})

    assert response.status_code == 200
    html = response.content.decode()
    assert "Nothing was changed" in html
    assert "Line 3: PIN code 999999 is not in India Post&#x27;s directory." in html
    assert served() == BEFORE


def test_the_admin_import_needs_a_file(staff_client, existing):
    response = staff_client.post(IMPORT, {})

    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert served() == BEFORE


def test_the_admin_import_is_for_admins_only(client, existing):
    from accounts.tests.factories import UserFactory

    client.force_login(UserFactory())
    response = client.post(IMPORT, {"file": upload("pincode,cod\n400001,1\n")})

    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert served() == BEFORE


def test_a_pin_code_added_by_hand_must_be_in_the_directory(staff_client):
    refused = staff_client.post(f"{LIST}add/", {"pincode": "999999", "cod": "on"})
    assert refused.status_code == 200
    assert "is not in India Post" in refused.content.decode()
    assert served() == {}

    added = staff_client.post(f"{LIST}add/", {"pincode": "400001", "cod": "on"})
    assert added.status_code == 302
    assert served() == {"400001": True}
