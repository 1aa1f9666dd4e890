"""CSV import and export carry a product's own tax details (`hsn`, `gst_rate`,
`country_of_origin`; blank: the category's); old files without them still import and
keep what products have."""

import csv
import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from catalog.models import Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

HEADER = "name,slug,description,price,quantity,category,shipping,photo"


def write(path, text: str):
    path.write_text(text, encoding="utf-8")
    return path


def run_import(path) -> str:
    out = io.StringIO()
    call_command("import_products", str(path), stdout=out, stderr=io.StringIO())
    return out.getvalue()


def failing_import(path) -> list[str]:
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_products", str(path), stdout=io.StringIO(), stderr=err)
    return err.getvalue().strip().splitlines()


def exported(path) -> list[dict]:
    call_command("export_products", str(path), stdout=io.StringIO())
    return list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))


def tax(slug) -> tuple:
    p = Product.objects.get(slug=slug)
    return p.hsn, p.gst_rate, p.country_of_origin


def test_import_sets_own_tax_details_and_blank_takes_the_category(tmp_path):
    CategoryFactory(name="Audio", slug="audio", hsn="8518", gst_rate=18)
    path = write(
        tmp_path / "p.csv",
        f"{HEADER},hsn,gst_rate,country_of_origin\n"
        "Earbuds,,Wireless,1999,5,Audio,1,,85183000,40,China\n"
        "Speaker,,Loud,2999,5,Audio,1,,,,\n"
        "Rate zero,,Free,99,5,Audio,1,, 4901 ,0, Sri  Lanka \n",
    )
    assert "3 created" in run_import(path)
    assert tax("earbuds") == ("85183000", 40, "China")
    assert tax("speaker") == (None, None, None)
    assert tax("rate-zero") == ("4901", 0, "Sri Lanka")


def test_export_writes_the_columns_and_a_round_trip_changes_nothing(tmp_path):
    category = CategoryFactory(name="Apparel", hsn="6109", gst_rate=5)
    ProductFactory(name="Tee", slug="tee", category=category, hsn="61091000", gst_rate=18)
    ProductFactory(name="Plain", slug="plain", category=category, country_of_origin="Nepal")
    rows = {row["slug"]: row for row in exported(tmp_path / "e.csv")}
    assert {"hsn", "gst_rate", "country_of_origin"} <= set(rows["tee"])
    assert (rows["tee"]["hsn"], rows["tee"]["gst_rate"], rows["tee"]["country_of_origin"]) == (
        "61091000",
        "18",
        "",
    )
    assert (rows["plain"]["hsn"], rows["plain"]["gst_rate"]) == ("", "")
    assert rows["plain"]["country_of_origin"] == "Nepal"
    before = dict(Product.objects.values_list("slug", "updated_at"))
    assert "0 created, 0 updated, 2 unchanged" in run_import(tmp_path / "e.csv")
    assert dict(Product.objects.values_list("slug", "updated_at")) == before


def test_an_import_changes_and_clears_them_and_the_cached_answer_follows(
    tmp_path, api, django_capture_on_commit_callbacks
):
    category = CategoryFactory(name="Apparel", hsn="6109", gst_rate=5)
    ProductFactory(name="Tee", slug="tee", category=category, price=Decimal("999.00"), gst_rate=18)
    assert api.get("/api/v1/product/get-product/tee").json()["product"]["gstRate"] == 18
    exported(tmp_path / "e.csv")
    text = (tmp_path / "e.csv").read_bytes().decode("utf-8-sig")
    header, row = text.splitlines()[:2]
    cells = next(csv.reader([row]))
    columns = header.split(",")
    cells[columns.index("gst_rate")] = ""
    cells[columns.index("hsn")] = "61099090"
    out = io.StringIO()
    csv.writer(out).writerows([columns, cells])
    # The import replaces the catalogue version once it commits.
    with django_capture_on_commit_callbacks(execute=True):
        assert "1 updated" in run_import(write(tmp_path / "c.csv", out.getvalue()))
    assert tax("tee") == ("61099090", None, None)
    item = api.get("/api/v1/product/get-product/tee").json()["product"]
    assert (item["hsn"], item["gstRate"]) == ("61099090", 5)


def test_an_old_file_without_the_columns_keeps_what_products_have(tmp_path):
    ProductFactory(name="Tee", slug="tee", hsn="61091000", gst_rate=18, country_of_origin="Nepal")
    path = write(tmp_path / "old.csv", f"{HEADER}\nTee,tee,New text,499,10,Clothing,1,\n")
    assert "1 updated" in run_import(path)
    assert tax("tee") == ("61091000", 18, "Nepal")
    assert Product.objects.get(slug="tee").description == "New text"


def test_bad_tax_cells_are_named_by_line_and_nothing_is_written(tmp_path):
    ProductFactory(name="Tee", slug="tee", hsn="6109", gst_rate=5)
    path = write(
        tmp_path / "bad.csv",
        f"{HEADER},hsn,gst_rate,country_of_origin\n"
        "Good,,Fine,100,1,Audio,1,,8518,18,India\n"  # line 2: fine
        "Short,,x,100,1,Audio,1,,851,18,India\n"  # line 3
        "Rate,,x,100,1,Audio,1,,8518,12,India\n"  # line 4
        "Where,,x,100,1,Audio,1,,8518,5,X\n"  # line 5
        "Tee,tee,x,100,1,Audio,1,,6109,28%,India\n",  # line 6
    )
    assert failing_import(path) == [
        "line 3: hsn: HSN code must be 4 to 8 digits.",
        "line 4: gst_rate: GST rate must be one of 0, 5, 18 or 40.",
        "line 5: country_of_origin: Country of origin must be 2 to 60 characters.",
        "line 6: gst_rate: GST rate must be one of 0, 5, 18 or 40.",
    ]
    assert list(Product.objects.values_list("slug", flat=True)) == ["tee"]
    assert tax("tee") == ("6109", 5, None)


def test_a_variant_layout_file_repeats_them_only_on_the_first_row(tmp_path):
    header = (
        "name,slug,description,category,option1_name,option1_values,hsn,gst_rate,"
        "country_of_origin,sku,option1_value,price,quantity\n"
    )
    path = write(
        tmp_path / "v.csv",
        header + "Tee,tee,Cotton,Apparel,Size,S|M,6109,5,India,TEE-S,S,499,2\n"
        ",tee,,,,,,,,TEE-M,M,549,3\n",
    )
    assert "1 created" in run_import(path)
    assert tax("tee") == ("6109", 5, "India")
    clash = write(
        tmp_path / "w.csv",
        header + "Top,top,Cotton,Apparel,Size,S|M,6109,5,India,TOP-S,S,499,2\n"
        ",top,,,,,,18,,TOP-M,M,549,3\n",
    )
    (line,) = failing_import(clash)
    assert line.startswith("line 3: gst_rate: differs from line 2")
