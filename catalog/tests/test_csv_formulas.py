"""Export never writes a cell a spreadsheet would run as a formula (OWASP's CSV
injection rule), and import undoes exactly that escaping, so a round trip is a no-op."""

import csv
import io

import pytest
from django.core.management import call_command

from catalog.models import Category, Product
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_csv_import_export import run_import, updated_at, write

pytestmark = pytest.mark.django_db

TRICKY_NAMES = [
    '=HYPERLINK("http://x")',
    "-5 off",
    "+91 charger",
    "@home speaker",
    "'Quoted' on purpose",
    "''Twice quoted",
    "Plain name",
]
FIELDS = ("name", "slug", "description", "price", "quantity", "category__name", "shipping")


def exported_rows(path) -> list[dict]:
    call_command("export_products", str(path), stdout=io.StringIO())
    return list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))


def snapshot():
    return list(Product.objects.order_by("slug").values_list(*FIELDS))


def test_formula_cells_are_written_behind_an_apostrophe(tmp_path):
    category = CategoryFactory(name="=cmd|' /C calc'!A0", slug="cmd")
    for name in TRICKY_NAMES:
        ProductFactory(name=name, category=category, description="\tTabbed description")

    rows = {row["slug"]: row for row in exported_rows(tmp_path / "e.csv")}

    names = {row["name"] for row in rows.values()}
    assert names == {
        '\'=HYPERLINK("http://x")',
        "'-5 off",
        "'+91 charger",
        "'@home speaker",
        "''Quoted' on purpose",
        "'''Twice quoted",
        "Plain name",
    }
    for row in rows.values():
        assert row["category"] == "'=cmd|' /C calc'!A0"
        assert row["description"] == "'\tTabbed description"
        assert row["name"][0] not in "=+-@\t\r"


def test_export_then_import_of_formula_like_text_is_a_no_op(tmp_path):
    category = CategoryFactory(name="@Risky category", slug="risky")
    for name in TRICKY_NAMES:
        ProductFactory(name=name, category=category, description="=SUM(1,2) is not a sum")
    before, saved = updated_at(), snapshot()
    path = tmp_path / "e.csv"
    exported_rows(path)

    out, _ = run_import(path)
    assert f"0 created, 0 updated, {len(TRICKY_NAMES)} unchanged" in out
    assert updated_at() == before

    Product.objects.all().delete()
    Category.objects.all().delete()
    out, _ = run_import(path)
    assert f"{len(TRICKY_NAMES)} created, 0 updated" in out
    assert snapshot() == saved
    assert Product.objects.filter(name='=HYPERLINK("http://x")').exists()
    assert Product.objects.filter(name="'Quoted' on purpose").exists()


def test_a_hand_written_file_keeps_a_doubled_apostrophe_as_one(tmp_path):
    path = write(
        tmp_path / "p.csv",
        "name,description,price,quantity,category\n"
        "'-5 off,Written as Excel would escape it,10,1,Deals\n"
        "''Quoted,A real leading apostrophe,10,1,Deals\n",
    )

    run_import(path)

    assert set(Product.objects.values_list("name", flat=True)) == {"-5 off", "'Quoted"}
