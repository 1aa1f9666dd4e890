"""import_products / export_products: all or nothing, line numbers, dry run, idempotent
re-import, photos through the same check as uploads, round trip."""

import csv
import io
from decimal import Decimal

import pytest
from django.core.files.storage import FileSystemStorage, default_storage
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from PIL import Image

from catalog.csv_io import EXPORT_COLUMNS
from catalog.media.renditions import RENDITION_WIDTHS, rendition_name
from catalog.models import Category, Product
from catalog.tests.factories import CategoryFactory, ProductFactory, jpeg_bytes

pytestmark = pytest.mark.django_db

HEADER = "name,slug,description,price,quantity,category,shipping,photo"


def write(path, text: str, *, bom: bool = False, crlf: bool = False):
    if crlf:
        text = text.replace("\n", "\r\n")
    path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8"))
    return path


def run_import(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("import_products", *map(str, args), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def failing_import(*args):
    err = io.StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("import_products", *map(str, args), stdout=io.StringIO(), stderr=err)
    return str(raised.value), err.getvalue()


def updated_at():
    return dict(Product.objects.values_list("slug", "updated_at"))


def test_import_creates_products_and_categories(tmp_path):
    CategoryFactory(name="Audio", slug="audio")
    path = write(
        tmp_path / "p.csv",
        f"{HEADER}\n"
        "Sony WH-1000XM5,,Noise cancelling headphones,29990,5,audio,1,\n"
        'Kurta ₹ cotton,kurta-cotton,"Soft, light\nfor summer",799.50,12,Clothing,0,\n',
    )
    out, _ = run_import(path)
    assert "2 created, 0 updated, 0 unchanged (1 new categories)" in out
    sony = Product.objects.get(slug="sony-wh-1000xm5")
    assert sony.category.slug == "audio"  # matched regardless of case, not a new one
    assert (sony.price, sony.quantity, sony.shipping) == (Decimal("29990"), 5, True)
    kurta = Product.objects.get(slug="kurta-cotton")
    assert kurta.name == "Kurta ₹ cotton"
    assert kurta.description == "Soft, light\nfor summer"
    assert kurta.category.name == "Clothing"
    assert Category.objects.count() == 2


def test_broken_file_reports_each_bad_row_by_line_and_writes_nothing(tmp_path):
    ProductFactory(name="Existing", slug="existing")
    before = updated_at()
    path = write(
        tmp_path / "bad.csv",
        f"{HEADER}\n"
        "Good one,,Fine,100,1,Audio,1,\n"  # line 2: fine
        ",,No name,100,1,Audio,1,\n"  # line 3
        'Multi,,"two\nlines",abc,1,Audio,1,\n'  # lines 4-5, price bad
        "Negative,,x,10,-2,Audio,1,\n"  # line 6
        "Ship,,x,10,2,Audio,maybe,\n"  # line 7
        "good ONE,,dup,1,1,Audio,0,\n"  # line 8: same name as line 2
        "Bell,Bad Slug!,x,1,1,Audio,0,\n"  # line 9
        "Pic,,x,1,1,Audio,0,pic.jpg\n",  # line 10: no --images
    )
    message, err = failing_import(path)
    assert "nothing was imported" in message
    lines = err.strip().splitlines()
    assert lines == [
        "line 3: name: Name is required.",
        "line 4: price: Price must be a number.",
        "line 6: quantity: Quantity must be a whole number, zero or more.",
        "line 7: shipping: Shipping must be 0 or 1.",
        "line 8: name: good ONE is already on line 2.",
        "line 9: slug: Slug may hold only letters, digits, hyphens and underscores.",
        "line 10: photo: pic.jpg is given but no --images folder.",
    ]
    assert list(Product.objects.values_list("slug", flat=True)) == ["existing"]
    assert not Category.objects.filter(name="Audio").exists()
    assert updated_at() == before


def test_bad_header_and_ragged_rows_are_reported(tmp_path):
    _, err = failing_import(write(tmp_path / "h.csv", "name,colour\nX,red\n"))
    assert "line 1: unknown column(s) colour" in err
    assert "line 1: missing column(s) description, price, quantity, category." in err
    _, err = failing_import(write(tmp_path / "r.csv", f"{HEADER}\nA,,d,1,1,C,1\n"))
    assert err.strip() == "line 2: 7 values for 8 columns."
    _, err = failing_import(write(tmp_path / "e.csv", ""))
    assert err.strip() == "line 1: the file is empty."
    latin = tmp_path / "l.csv"
    latin.write_bytes(f"{HEADER}\nCaf\xe9,,d,1,1,C,1,\n".encode("latin-1"))
    _, err = failing_import(latin)
    assert err.strip().startswith("line 2: the file is not UTF-8")
    assert not Product.objects.exists()


def test_dry_run_reports_and_writes_nothing(tmp_path):
    ProductFactory(name="Kept", slug="kept", price=Decimal("10.00"))
    before = updated_at()
    path = write(
        tmp_path / "p.csv",
        f"{HEADER}\nKept,kept,New text,10,1,Gadgets,1,\nFresh,,d,5,1,Gadgets,0,\n",
    )
    out, _ = run_import(path, "--dry-run")
    assert "Dry run, nothing written: 1 created, 1 updated, 0 unchanged (1 new categories)" in out
    assert Product.objects.count() == 1
    assert not Category.objects.filter(name="Gadgets").exists()
    assert updated_at() == before


def test_reimport_changes_nothing_and_keeps_updated_at(tmp_path):
    path = write(
        tmp_path / "p.csv",
        f"{HEADER}\nAlpha,,First,100.5,3,Audio,1,\nBeta,beta-x,Second,0,0,Audio,0,\n",
    )
    out, _ = run_import(path)
    assert "2 created, 0 updated" in out
    before = updated_at()
    out, _ = run_import(path)
    assert "0 created, 0 updated, 2 unchanged" in out
    assert updated_at() == before
    # A changed row updates that product only, found by name regardless of case.
    write(path, f"{HEADER}\nALPHA,,First,120,3,Audio,1,\nBeta,beta-x,Second,0,0,Audio,0,\n")
    out, _ = run_import(path)
    assert "0 created, 1 updated, 1 unchanged" in out
    alpha = Product.objects.get(slug="alpha")
    assert (alpha.name, alpha.price) == ("ALPHA", Decimal("120"))
    after = updated_at()
    assert after["alpha"] > before["alpha"]
    assert after["beta-x"] == before["beta-x"]


def test_export_then_import_is_a_no_op_and_round_trips(tmp_path):
    audio = CategoryFactory(name="Audio", slug="audio")
    ProductFactory(
        name='Quote "me", please',
        description="Line one\nLine two, with ₹ and émoji 🎧",
        price=Decimal("1299.90"),
        category=audio,
        with_photo=True,
    )
    ProductFactory(name="Plain", shipping=False, quantity=0, category=audio)
    before = updated_at()
    path = tmp_path / "export.csv"
    call_command("export_products", str(path), stdout=io.StringIO())
    raw = path.read_bytes()
    header = ",".join(EXPORT_COLUMNS).encode()
    assert raw.startswith(b"\xef\xbb\xbf" + header + b"\r\n")  # BOM, CRLF: Excel
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert [r["name"] for r in rows] == ['Quote "me", please', "Plain"]
    assert rows[0]["price"] == "1299.90"
    assert (
        rows[0]["photos"]
        and rows[0]["photos"] in Product.objects.get(name__startswith="Quote").photo.name
    )
    assert rows[1]["shipping"] == "0"
    out, _ = run_import(path)
    assert "0 created, 0 updated, 2 unchanged" in out
    assert updated_at() == before

    # With the photos copied out and given back: still nothing to do.
    images = tmp_path / "images"
    call_command("export_products", str(path), "--images", str(images), stdout=io.StringIO())
    assert len(list(images.iterdir())) == 1
    out, _ = run_import(path, "--images", images)
    assert "0 created, 0 updated, 2 unchanged" in out
    assert updated_at() == before

    # Into an empty shop: the same products, slugs and categories come back.
    snapshot = list(
        Product.objects.order_by("slug").values_list(
            "name", "slug", "description", "price", "quantity", "category__name", "shipping"
        )
    )
    Product.objects.all().delete()
    Category.objects.all().delete()
    out, _ = run_import(path, "--images", images)
    assert "2 created, 0 updated" in out
    again = list(
        Product.objects.order_by("slug").values_list(
            "name", "slug", "description", "price", "quantity", "category__name", "shipping"
        )
    )
    assert again == snapshot
    assert Product.objects.get(name__startswith="Quote").photo.name.startswith("products/")


def test_photos_are_checked_stored_with_renditions_and_not_stored_twice(
    tmp_path, django_capture_on_commit_callbacks
):
    images = tmp_path / "images"
    images.mkdir()
    (images / "red.jpg").write_bytes(jpeg_bytes(120, 90, color=(200, 10, 10)))
    (images / "notes.jpg").write_bytes(b"not a picture at all")
    path = write(
        tmp_path / "p.csv",
        f"{HEADER}\nRed,,d,1,1,C,1,red.jpg\nRed two,,d,1,1,C,1,red.jpg\n"
        "Bad,,d,1,1,C,1,notes.jpg\nGone,,d,1,1,C,1,missing.jpg\nEscape,,d,1,1,C,1,../p.csv\n",
    )
    _, err = failing_import(path, "--images", images)
    assert err.strip().splitlines() == [
        "line 4: photo: notes.jpg: Photo must be an image",
        f"line 5: photo: missing.jpg is not a file in {images}.",
        f"line 6: photo: ../p.csv is not a file in {images}.",
    ]
    assert not default_storage.exists("products") or not default_storage.listdir("products")[1]

    write(path, f"{HEADER}\nRed,,d,1,1,C,1,red.jpg\nRed two,,d,1,1,C,1,red.jpg\n")
    out, _ = run_import(path, "--images", images)
    assert "2 created" in out
    red, red_two = Product.objects.get(name="Red"), Product.objects.get(name="Red two")
    assert red.photo.name == red_two.photo.name  # one file for one source picture
    stored = red.photo.name
    with default_storage.open(stored) as handle, Image.open(handle) as image:
        assert (image.format, image.size) == ("JPEG", (120, 90))
    for width in RENDITION_WIDTHS:
        assert default_storage.exists(rendition_name(stored, width))
    assert len(default_storage.listdir("products")[1]) == 1 + len(RENDITION_WIDTHS)

    # The same picture again changes nothing; a new picture replaces the file.
    before = updated_at()
    out, _ = run_import(path, "--images", images)
    assert "0 created, 0 updated, 2 unchanged" in out
    assert updated_at() == before
    (images / "red.jpg").write_bytes(jpeg_bytes(100, 100, color=(10, 200, 10)))
    with django_capture_on_commit_callbacks(execute=True):
        out, _ = run_import(path, "--images", images)
    assert "0 created, 2 updated" in out
    red.refresh_from_db()
    assert red.photo.name != stored
    assert not default_storage.exists(stored)  # the old file went once no product used it
    assert not default_storage.exists(rendition_name(stored, 200))


def test_excel_csv_with_bom_crlf_and_semicolons(tmp_path):
    path = write(
        tmp_path / "excel.csv",
        "Name;Slug;Description;Price;Quantity;Category;Shipping;Photo;;\n"
        'Chai mug;;"Stoneware; 350 ml";249;40;Kitchen;TRUE;;;\n'
        ";;;;;;;;;\n",
        bom=True,
        crlf=True,
    )
    out, _ = run_import(path)
    assert "1 created" in out
    mug = Product.objects.get()
    assert (mug.name, mug.description, mug.shipping) == ("Chai mug", "Stoneware; 350 ml", True)
    bare = write(
        tmp_path / "plain.csv", f"{HEADER}\nChai mug,,Stoneware; 350 ml,249,40,Kitchen,1,\n"
    )
    out, _ = run_import(bare)
    assert "0 created, 0 updated, 1 unchanged" in out


def test_slug_identifies_the_product_and_a_taken_name_is_refused(tmp_path):
    ProductFactory(name="One", slug="one")
    ProductFactory(name="Two", slug="two")
    path = write(
        tmp_path / "p.csv", f"{HEADER}\nOne renamed,one,d,1,1,C,1,\nTwo,new-slug,d,1,1,C,1,\n"
    )
    _, err = failing_import(path)
    assert (
        err.strip()
        == "line 3: name: Two is already the name of product two; give its slug to update it."
    )
    # Renaming One and giving its old name to a new row would be the same product twice.
    write(path, f"{HEADER}\nUno,one,d,1,1,C,1,\nOne,,d,1,1,C,1,\n")
    _, err = failing_import(path)
    assert err.strip() == "line 3: product one is already changed on line 2."
    write(path, f"{HEADER}\nOne renamed,one,d,1,1,C,1,\n")
    out, _ = run_import(path)
    assert "0 created, 1 updated" in out
    assert Product.objects.get(slug="one").name == "One renamed"


def test_progress_bar_on_long_runs(tmp_path):
    lines = [HEADER] + [f"Item {n},,d,{n},1,Bulk,0," for n in range(1200)]
    out, err = run_import(write(tmp_path / "big.csv", "\n".join(lines) + "\n"))
    assert "1200 created" in out
    assert "checking [" in err and "writing  [" in err and "100% (1200/1200)" in err
    assert Product.objects.count() == 1200


def test_storage_failing_midway_leaves_no_product_and_no_file(tmp_path, monkeypatch):
    images = tmp_path / "images"
    images.mkdir()
    (images / "a.jpg").write_bytes(jpeg_bytes(color=(1, 2, 3)))
    (images / "b.jpg").write_bytes(jpeg_bytes(color=(200, 2, 3)))
    path = write(tmp_path / "p.csv", f"{HEADER}\nA,,d,1,1,C,1,a.jpg\nB,,d,1,1,C,1,b.jpg\n")
    real_save, calls = FileSystemStorage._save, []

    def full_after_a_while(self, name, content):
        calls.append(name)
        if len(calls) > 3:  # the first photo and two renditions, then the disk is full
            raise OSError("No space left on device")
        return real_save(self, name, content)

    monkeypatch.setattr(FileSystemStorage, "_save", full_after_a_while)
    message, _ = failing_import(path, "--images", images)
    assert "Storing a photo failed" in message and "nothing was imported" in message
    assert not Product.objects.exists() and not Category.objects.exists()
    assert default_storage.listdir("products")[1] == []


def reltuples():
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = 'catalog_product'::regclass")
        return cursor.fetchone()[0]


def rows(first: int, count: int) -> str:
    return "".join(f"Lamp {i},,A desk lamp.,{500 + i},3,Home,1,\n" for i in range(first, count))


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's planner statistics (autovacuum's rule)"
)
def test_a_large_import_refreshes_the_planner_statistics(tmp_path, planner_statistics):
    planner_statistics()  # an empty catalogue, analyzed
    assert reltuples() == 0
    # 60 rows into none: more than autovacuum's 50 + 10% would wait for.
    run_import(write(tmp_path / "a.csv", f"{HEADER}\n{rows(0, 60)}"))
    assert reltuples() == 60
    # 5 more into 60: autovacuum's business, not the import's.
    run_import(write(tmp_path / "b.csv", f"{HEADER}\n{rows(60, 65)}"))
    assert Product.objects.count() == 65
    assert reltuples() == 60
