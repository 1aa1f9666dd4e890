"""CSV import and export with variants and galleries: one row per variant grouped by the
product's slug (the product's columns on its first row), the original one-row-per-product
files still read, every row through the API's checks, all or nothing, and a round trip
that gives back the same products, variants, galleries and order."""

import csv
import io
from decimal import Decimal

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import call_command

from accounts.tests.factories import UserFactory
from catalog.csv_io import EXPORT_COLUMNS, apply_import, joined, plan_import, split
from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory, jpeg_bytes
from catalog.tests.test_csv_import_export import (
    HEADER,
    failing_import,
    run_import,
    updated_at,
    write,
)
from catalog.variants import SKU_USED
from orders.services import order_checkout

pytestmark = pytest.mark.django_db

VARIANT_HEADER = (
    "name,slug,description,category,shipping,photos,option1_name,option1_values,"
    "option2_name,option2_values,sku,option1_value,option2_value,price,quantity"
)
SIZES = [{"name": "Size", "values": ["S", "M", "L"]}]


def tee(**kwargs):
    return ProductFactory(
        name="Tee",
        slug="tee",
        options=SIZES,
        variants=[
            {"sku": "TEE-S", "options": {"Size": "S"}, "quantity": 2, "price": Decimal("499.00")},
            {"sku": "TEE-M", "options": {"Size": "M"}, "quantity": 3, "price": Decimal("549.00")},
        ],
        **kwargs,
    )


def variants(product) -> list[tuple]:
    return list(
        Variant.objects.filter(product=product).values_list("sku", "options", "price", "quantity")
    )


def exported(path, *args) -> list[dict]:
    call_command("export_products", str(path), *map(str, args), stdout=io.StringIO())
    return list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))


def lines(errors: str) -> list[str]:
    return errors.strip().splitlines()


# --- the original layout ---------------------------------------------------------------


def test_a_product_per_row_is_sold_through_one_variant(tmp_path):
    path = write(tmp_path / "p.csv", f"{HEADER}\nLamp,,Bright,999,4,Home,1,\n")
    run_import(path)
    lamp = Product.objects.get()
    assert variants(lamp) == [(f"SS-{lamp.pk}", {}, Decimal("999.00"), 4)]
    assert (lamp.price, lamp.quantity, lamp.options) == (Decimal("999.00"), 4, [])

    # An update gives the product's only variant the row's price and stock.
    write(path, f"{HEADER}\nLamp,lamp,Bright,899,6,Home,1,\n")
    out, _ = run_import(path)
    assert "0 created, 1 updated" in out
    lamp.refresh_from_db()
    assert variants(lamp) == [(f"SS-{lamp.pk}", {}, Decimal("899.00"), 6)]
    assert (lamp.price, lamp.quantity) == (Decimal("899.00"), 6)


def test_a_product_per_row_keeps_the_variants_of_a_product_with_several(tmp_path):
    product = tee()
    same = f"{HEADER}\nTee,tee,New words,499,5,{product.category.name},1,\n"
    out, _ = run_import(write(tmp_path / "p.csv", same))
    assert "0 created, 1 updated" in out
    product.refresh_from_db()
    assert product.description == "New words"
    assert [v[0] for v in variants(product)] == ["TEE-S", "TEE-M"]

    _, err = failing_import(write(tmp_path / "q.csv", same.replace(",5,", ",9,")))
    assert lines(err) == [
        "line 2: quantity: product tee has 2 variants; give it one row per variant (sku and "
        "option columns) to change their prices or stock."
    ]
    assert Variant.objects.filter(product=product).count() == 2


# --- one row per variant ---------------------------------------------------------------


def test_rows_of_one_slug_are_one_product_with_its_variants_and_gallery(tmp_path):
    images = tmp_path / "images"
    images.mkdir()
    (images / "front.jpg").write_bytes(jpeg_bytes(color=(200, 0, 0)))
    (images / "back.jpg").write_bytes(jpeg_bytes(color=(0, 0, 200)))
    path = write(
        tmp_path / "p.csv",
        f"{VARIANT_HEADER}\n"
        "Linen Shirt,linen-shirt,Breathes.,Clothing,1,front.jpg|back.jpg,Size,,Colour,,"
        "LIN-M-W,M,White,1299,4\n"
        ",linen-shirt,,,,,,,,,,S,white,1199.50,2\n"  # a generated SKU; value matched by case
        ",linen-shirt,,,,,,,,,LIN-S-B,S,Blue,1199.50,0\n"
        "Mug,mug,Stoneware,Kitchen,0,,,,,,MUG-1,,,249,40\n",
    )
    out, _ = run_import(path, "--images", images)
    assert "2 created, 0 updated, 0 unchanged (2 new categories)" in out
    shirt = Product.objects.get(slug="linen-shirt")
    # Values in the order the rows first use them.
    assert shirt.options == [
        {"name": "Size", "values": ["M", "S"]},
        {"name": "Colour", "values": ["White", "Blue"]},
    ]
    assert variants(shirt) == [
        ("LIN-M-W", {"Size": "M", "Colour": "White"}, Decimal("1299.00"), 4),
        (f"SS-{shirt.pk}-2", {"Size": "S", "Colour": "White"}, Decimal("1199.50"), 2),
        ("LIN-S-B", {"Size": "S", "Colour": "Blue"}, Decimal("1199.50"), 0),
    ]
    assert (shirt.price, shirt.quantity) == (Decimal("1199.50"), 6)
    photos = list(shirt.photos.all())
    assert len(photos) == 2 and shirt.photo.name == photos[0].image.name
    mug = Product.objects.get(slug="mug")
    assert (variants(mug), mug.options) == ([("MUG-1", {}, Decimal("249.00"), 40)], [])


def test_the_hand_written_example_of_the_operations_guide(tmp_path):
    path = write(
        tmp_path / "p.csv",
        "name,slug,description,category,option1_name,option1_value,sku,price,quantity\n"
        "Linen shirt,linen-shirt,Breathes.,Clothing,Size,M,LIN-M,1299,4\n"
        ",linen-shirt,,,,S,LIN-S,1199,2\n",
    )
    out, _ = run_import(path)
    assert "1 created" in out
    shirt = Product.objects.get()
    assert shirt.options == [{"name": "Size", "values": ["M", "S"]}]
    assert [v[0] for v in variants(shirt)] == ["LIN-M", "LIN-S"]
    assert (shirt.price, shirt.quantity) == (Decimal("1199.00"), 6)


def test_an_import_updates_adds_removes_and_reorders_variants(tmp_path):
    product = tee()
    small, medium = Variant.objects.filter(product=product)
    before = updated_at()
    category = product.category.name
    path = write(
        tmp_path / "p.csv",
        f"{VARIANT_HEADER}\n"
        f"Tee,tee,{product.description},{category},1,,Size,S|M|L,,,TEE-L,L,,599,7\n"
        ",tee,,,,,,,,,TEE-M,M,,549,10\n",  # S is left out: removed
    )
    out, _ = run_import(path)
    assert "0 created, 1 updated" in out
    product.refresh_from_db()
    assert variants(product) == [
        ("TEE-L", {"Size": "L"}, Decimal("599.00"), 7),
        ("TEE-M", {"Size": "M"}, Decimal("549.00"), 10),
    ]
    assert Variant.objects.get(sku="TEE-M").pk == medium.pk  # kept, by its SKU
    assert not Variant.objects.filter(pk=small.pk).exists()
    assert (product.price, product.quantity) == (Decimal("549.00"), 17)
    assert updated_at()["tee"] > before["tee"]

    # Matched by options when the SKU is blank; two SKUs may swap.
    write(
        path,
        f"{VARIANT_HEADER}\n"
        f"Tee,tee,{product.description},{category},1,,Size,S|M|L,,,TEE-M,L,,599,7\n"
        ",tee,,,,,,,,,TEE-L,M,,549,10\n",
    )
    out, _ = run_import(path)
    assert "0 created, 1 updated" in out
    assert variants(product) == [
        ("TEE-M", {"Size": "L"}, Decimal("599.00"), 7),
        ("TEE-L", {"Size": "M"}, Decimal("549.00"), 10),
    ]


def test_a_sale_made_after_the_check_is_kept(tmp_path):
    product = tee()
    small = Variant.objects.get(sku="TEE-S")
    category = product.category.name
    path = write(
        tmp_path / "p.csv",
        f"{VARIANT_HEADER}\n"
        f"Tee,tee,{product.description},{category},1,,Size,S|M|L,,,TEE-S,S,,499,2\n"
        ",tee,,,,,,,,,TEE-M,M,,449,3\n",  # a new price; the stock as it was
    )
    with open(path, "rb") as handle:
        plan = plan_import(handle)
    cart = [{"_id": product.pk, "quantity": 1, "variant": small.pk}]
    order_checkout(buyer=UserFactory(), cart=cart, address="")
    apply_import(plan)
    product.refresh_from_db()
    assert [v[3] for v in variants(product)] == [1, 3]
    assert (product.price, product.quantity) == (Decimal("449.00"), 4)


def test_bad_variant_rows_are_reported_by_line_and_nothing_is_written(tmp_path):
    tee()
    ProductFactory(name="Other", variants=[{"sku": "OTHER-1", "options": {}, "quantity": 1}])
    before = (updated_at(), list(Variant.objects.values_list()))
    path = write(
        tmp_path / "bad.csv",
        f"{VARIANT_HEADER}\n"
        "Shirt,shirt,d,C,1,,Size,S|M,,,SH-S,S,,10,1\n"  # 2
        ",shirt,,,,,,,,,SH-M,XL,,10,1\n"  # 3: not a value
        ",shirt,,,,,,,,,,S,,10,1\n"  # 4: S twice
        ",shirt,,,,,,,,,SH-X,,,10,1\n"  # 5: no size
        ",shirt,other words,,,,,,,,SH-Y,M,Red,10,1\n"  # 6: description; no option2_name
        ",shirt,,,,,,,,,SH-Z,M,,ten,1\n"  # 7: price
        ",shirt,,,,,,,,,other-1,M,,10,1\n"  # 8: another product's SKU
        "Cap,cap,d,C,1,,,,,,SH-S,,,5,1\n"  # 9: a SKU already on line 2
        ",cap,,,,,,,,,,,,5,1\n"  # 10: no options, a second row
        "Bag,,d,C,1,,,,,,bad sku,,,5,1\n"  # 11
        "Shirt two,shirt,d,C,1,,,,,,,,,5,1\n",  # 12: slug of line 2, not next to it
    )
    _, err = failing_import(path)
    assert lines(err) == [
        "line 3: option1_value: XL is not a value of Size.",
        "line 4: options: S is already on line 2.",
        "line 5: option1_value: every variant needs a value of Size.",
        "line 6: description: differs from line 2, the first row of product shirt; leave it "
        "blank on the product's following rows.",
        "line 6: option2_value: the product has no option2_name.",
        "line 7: price: Price must be a number.",
        f"line 8: sku: {SKU_USED.format(sku='OTHER-1')}",
        "line 9: sku: SKU SH-S is already on line 2.",
        "line 10: slug: cap is already on line 9; a product without options (option1_name "
        "...) has exactly one variant.",
        "line 11: sku: SKU bad sku must be 1-64 letters, digits, and . _ / - (starting with "
        "a letter or digit).",
        "line 12: slug: shirt is already on line 2 (a product's rows follow each other).",
    ]
    assert (updated_at(), list(Variant.objects.values_list())) == before
    assert not Category.objects.filter(name="C").exists()


def test_bad_options_and_galleries_are_reported(tmp_path):
    images = tmp_path / "images"
    images.mkdir()
    (images / "a.jpg").write_bytes(jpeg_bytes())
    many = "|".join(["a.jpg"] * 1 + [f"p{n}.jpg" for n in range(12)])
    path = write(
        tmp_path / "bad.csv",
        f"{VARIANT_HEADER}\n"
        "One,one,d,C,1,a.jpg|a.jpg,,,,,,,,1,1\n"
        f"Two,two,d,C,1,{many},,,,,,,,1,1\n"
        "Three,three,d,C,1,,Size,S|s,,,,S,,1,1\n"
        "Four,four,d,C,1,,Size,,size,,,S,S,1,1\n",
    )
    _, err = failing_import(path, "--images", images)
    assert lines(err) == [
        "line 2: photos: a.jpg is listed twice.",
        "line 3: photos: A product can have at most 12 photos.",
        "line 4: options: Size s is listed twice.",
        "line 5: options: Option size is listed twice.",
    ]
    _, err = failing_import(
        write(
            tmp_path / "h.csv",
            "name,description,price,quantity,category,photo,photos,option2_value\n",
        )
    )
    assert lines(err) == [
        "line 1: give photo (the first photo) or photos (the gallery), not both.",
        "line 1: column option2_value needs the column option2_name.",
    ]
    assert not Product.objects.exists()


def test_the_photos_column_reorders_trims_and_adds_to_a_gallery(
    tmp_path, django_capture_on_commit_callbacks
):
    product = tee(with_photo=True)
    front = product.photos.get()
    front.alt = "Front"
    front.save()
    back = ProductPhoto.objects.create(
        product=product, image="products/back.jpg", alt="Back", option="M", position=1
    )
    default_storage.save("products/back.jpg", ContentFile(jpeg_bytes(color=(0, 90, 0))))
    name = front.image.name.rsplit("/", 1)[-1]
    head = f"{VARIANT_HEADER}\nTee,tee,{product.description},{product.category.name},1,"
    tail = ",Size,S|M|L,,,TEE-S,S,,499,2\n,tee,,,,,,,,,TEE-M,M,,549,3\n"
    path = write(tmp_path / "p.csv", f"{head}back.jpg|{name}{tail}")
    out, _ = run_import(path)
    assert "0 created, 1 updated" in out
    product.refresh_from_db()
    # Reordered: the photos kept, their alt text and option too; the first is the photo.
    assert list(product.photos.values_list("pk", "alt", "option")) == [
        (back.pk, "Back", "M"),
        (front.pk, "Front", ""),
    ]
    assert product.photo.name == "products/back.jpg"

    images = tmp_path / "images"
    images.mkdir()
    (images / "side.jpg").write_bytes(jpeg_bytes(color=(1, 2, 250)))
    write(path, f"{head}back.jpg|side.jpg{tail}")
    with django_capture_on_commit_callbacks(execute=True):
        out, _ = run_import(path, "--images", images)
    assert "0 created, 1 updated" in out
    photos = list(product.photos.all())
    assert [p.pk for p in photos][:1] == [back.pk] and len(photos) == 2
    assert photos[1].image.name.startswith("products/tee-")
    assert not default_storage.exists(front.image.name)  # removed once nothing used it
    # The same file again changes nothing.
    out, _ = run_import(path, "--images", images)
    assert "0 created, 0 updated, 1 unchanged" in out


# --- export and the round trip ----------------------------------------------------------


def test_export_writes_a_row_per_variant_with_the_product_on_its_first(tmp_path):
    product = tee(with_photo=True)
    second = ProductPhoto.objects.create(
        product=product, image=product.photo.name, alt="Back", position=1
    )
    assert second
    ProductFactory(name="Plain", slug="plain", category=product.category)
    rows = exported(tmp_path / "e.csv")
    assert list(rows[0]) == list(EXPORT_COLUMNS)
    first, following, plain = rows
    name = product.photo.name.rsplit("/", 1)[-1]
    assert (first["name"], first["slug"], first["photos"]) == ("Tee", "tee", f"{name}|{name}")
    assert (first["option1_name"], first["option1_values"]) == ("Size", "S|M|L")
    assert (first["sku"], first["option1_value"], first["price"], first["quantity"]) == (
        "TEE-S",
        "S",
        "499.00",
        "2",
    )
    # The following row: the slug and the variant; the product's columns left blank.
    assert following["slug"] == "tee" and following["sku"] == "TEE-M"
    assert all(following[c] == "" for c in ("name", "description", "category", "photos"))
    assert (plain["sku"], plain["option1_name"], plain["price"]) == (
        f"SS-{Product.objects.get(slug='plain').pk}",
        "",
        "499.00",
    )


def snapshot():
    products = []
    for p in Product.objects.order_by("created_at", "id"):
        products.append(
            (
                p.name,
                p.slug,
                p.description,
                p.category.name,
                p.shipping,
                p.options,
                p.price,
                p.quantity,
                variants(p),
                p.photos.count(),
                p.photo.name == getattr(p.photos.first(), "image", ""),
            )
        )
    return products


def test_export_then_import_into_an_empty_shop_gives_the_same_catalogue(tmp_path):
    category = CategoryFactory(name="Clothing")
    shirt = ProductFactory(
        name="=Shirt",  # escaped as a formula cell, and back
        slug="shirt",
        category=category,
        options=[
            {"name": "Size", "values": ["S", "M", "L|XL", "XXL"]},  # XXL: sold by no variant
            {"name": "Colour", "values": ["-Blue", "White"]},
        ],
        variants=[
            {"options": {"Size": "L|XL", "Colour": "White"}, "quantity": 1, "sku": "A-1"},
            {"options": {"Size": "S", "Colour": "-Blue"}, "quantity": 0, "price": Decimal("9.5")},
            {"options": {"Size": "M", "Colour": "White"}, "quantity": 4},
        ],
        with_photo=True,
    )
    ProductPhoto.objects.create(product=shirt, image="products/extra.jpg", position=1)
    ProductFactory(name="Plain", category=category, shipping=False)
    tee(category=category)
    saved = snapshot()
    path, images = tmp_path / "e.csv", tmp_path / "images"
    exported(path, "--images", images)

    # Into the same shop: nothing to do.
    before = updated_at()
    out, _ = run_import(path, "--images", images)
    assert "0 created, 0 updated, 3 unchanged" in out
    assert updated_at() == before

    Product.objects.all().delete()
    Category.objects.all().delete()
    (images / "extra.jpg").write_bytes(jpeg_bytes(color=(9, 9, 9)))  # a file the export lacked
    out, _ = run_import(path, "--images", images)
    assert "3 created, 0 updated" in out
    assert snapshot() == saved
    # And the export of the new shop reads the same, SKUs, options and order included.
    out, _ = run_import(path, "--images", images)
    assert "0 created, 0 updated, 3 unchanged" in out


def test_lists_in_a_cell_escape_their_separator():
    items = ["L|XL", "back\\slash", "plain"]
    assert joined(items) == "L\\|XL|back\\\\slash|plain"
    assert split(joined(items)) == items
    assert split(" S | M |  ") == ["S", "M"]
    assert split("C:\\photos") == ["C:\\photos"]
