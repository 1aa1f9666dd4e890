"""CSV import and export of each gallery photo's alt text and option (`photo_alts`,
`photo_options`): new photos take them, kept ones change them, a wrong count or an option
the product lacks is refused with nothing written, and export then import is a no-op with
formula-like and non-Latin alt texts coming back exactly."""

import csv
import io

import pytest
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.tests.factories import UserFactory
from catalog.cache import version_key
from catalog.csv_io import EXPORT_COLUMNS, apply_import, joined, plan_import
from catalog.models import Category, Product, ProductPhoto
from catalog.tests.factories import ProductFactory, jpeg_bytes
from catalog.tests.test_csv_import_export import failing_import, run_import, updated_at
from catalog.tests.test_csv_variants import exported, lines
from orders.services import order_checkout
from shop.api.exceptions import Conflict

pytestmark = pytest.mark.django_db

HEADER = (
    "name,slug,description,category,shipping,photos,photo_alts,photo_options,"
    "option1_name,option1_values,sku,option1_value,price,quantity"
)
COLOURS = [{"name": "Colour", "values": ["Blue", "White"]}]
WRONG_COUNT = "give one per photo of photos, in order (a blank item for none)."


def write_csv(path, header: str, *rows):
    """A file as a spreadsheet saves it: the csv module quotes what needs quoting."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header.split(","))
    writer.writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path


def add_photo(product, *, alt="", option="", color=(0, 0, 0)) -> ProductPhoto:
    """A stored photo (a real JPEG) at the end of the product's gallery; the first is
    also the product's photo."""
    position = product.photos.count()
    name = default_storage.save(
        f"products/{product.slug}-{position}.jpg", ContentFile(jpeg_bytes(color=color))
    )
    if position == 0:
        Product.objects.filter(pk=product.pk).update(photo=name)
    return ProductPhoto.objects.create(
        product=product, image=name, alt=alt, option=option, position=position
    )


def shirt():
    """A shirt in blue and white with two photos: the front (alt Front, no option) and the
    back (alt Back, White)."""
    product = ProductFactory(
        name="Shirt",
        slug="shirt",
        options=COLOURS,
        variants=[
            {"sku": "SH-B", "options": {"Colour": "Blue"}, "quantity": 2},
            {"sku": "SH-W", "options": {"Colour": "White"}, "quantity": 3},
        ],
    )
    front = add_photo(product, alt="Front", color=(10, 20, 200))
    back = add_photo(product, alt="Back", option="White", color=(240, 240, 240))
    return product, front, back


def shirt_rows(product, photos: str, alts: str, options: str) -> list[list[str]]:
    first = [
        "Shirt",
        "shirt",
        product.description,
        product.category.name,
        "1",
        photos,
        alts,
        options,
        "Colour",
        "Blue|White",
        "SH-B",
        "Blue",
        "499",
        "2",
    ]
    return [first, ["", "shirt", *[""] * 8, "SH-W", "White", "499", "3"]]


def cap_images(tmp_path):
    """An --images folder holding one new photo, cap.jpg."""
    images = tmp_path / "images"
    images.mkdir()
    (images / "cap.jpg").write_bytes(jpeg_bytes(color=(90, 10, 10)))
    return images


def base(photo: ProductPhoto) -> str:
    return photo.image.name.rsplit("/", 1)[-1]


def gallery(product) -> list[tuple]:
    return list(
        ProductPhoto.objects.filter(product=product)
        .order_by("position", "id")
        .values_list("pk", "alt", "option")
    )


def texts() -> dict[str, list[tuple[str, str]]]:
    """Each product's photos' alt texts and options, in order, by slug."""
    out: dict[str, list[tuple[str, str]]] = {}
    for slug, alt, option in ProductPhoto.objects.order_by(
        "product__slug", "position", "id"
    ).values_list("product__slug", "alt", "option"):
        out.setdefault(slug, []).append((alt, option))
    return out


def round_trip(path, images, *, products: int) -> None:
    """An exported file imported into the same shop changes nothing; into an empty shop it
    makes every product again."""
    before = updated_at()
    out, _ = run_import(path, "--images", images)
    assert f"0 created, 0 updated, {products} unchanged" in out
    assert updated_at() == before
    Product.objects.all().delete()
    Category.objects.all().delete()
    out, _ = run_import(path, "--images", images)
    assert f"{products} created" in out


def writes(queries) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
    ]


# --- import -----------------------------------------------------------------------------


def test_new_photos_take_the_alt_texts_and_options_given(tmp_path):
    images = tmp_path / "images"
    images.mkdir()
    for name, color in (("front.jpg", (0, 0, 200)), ("back.jpg", (0, 200, 0))):
        (images / name).write_bytes(jpeg_bytes(color=color))
    (images / "side.jpg").write_bytes(jpeg_bytes(color=(200, 0, 0)))
    path = write_csv(
        tmp_path / "p.csv",
        HEADER,
        # The option as any case, spelled as the product spells it; `\|` is a `|`.
        [
            "Kurta",
            "kurta",
            "Cotton",
            "Clothing",
            "1",
            "front.jpg|back.jpg|side.jpg",
            "Front, in blue  |Back \\| folded|",
            "blue||WHITE",
            "Colour",
            "Blue|White",
            "K-B",
            "Blue",
            "799",
            "2",
        ],
        ["", "kurta", *[""] * 8, "K-W", "White", "799", "1"],
    )
    out, _ = run_import(path, "--images", images)
    assert "1 created" in out
    kurta = Product.objects.get(slug="kurta")
    assert [(alt, option) for _, alt, option in gallery(kurta)] == [
        ("Front, in blue", "Blue"),
        ("Back | folded", ""),
        ("", "White"),
    ]
    assert kurta.photo.name == kurta.photos.first().image.name

    # The one-row-per-product layout takes them beside `photos` too.
    one_row = write_csv(
        tmp_path / "one.csv",
        "name,description,price,quantity,category,photos,photo_alts",
        ["Mug", "Stoneware", "249", "40", "Kitchen", "side.jpg", "A white mug, 350 ml"],
    )
    out, _ = run_import(one_row, "--images", images)
    assert "1 created" in out
    mug = Product.objects.get(slug="mug")
    assert [(alt, option) for _, alt, option in gallery(mug)] == [("A white mug, 350 ml", "")]


def test_kept_photos_change_their_alt_text_and_option(tmp_path, django_capture_on_commit_callbacks):
    product, front, back = shirt()
    before, version = updated_at(), cache.get(version_key())
    # The same photos in the same order: only what they say changes.
    path = write_csv(
        tmp_path / "p.csv",
        HEADER,
        *shirt_rows(product, f"{base(front)}|{base(back)}", "|Back view", "blue|"),
    )
    with django_capture_on_commit_callbacks(execute=True):
        out, _ = run_import(path)
    assert "0 created, 1 updated, 0 unchanged" in out
    assert gallery(product) == [(front.pk, "", "Blue"), (back.pk, "Back view", "")]
    assert updated_at()["shirt"] > before["shirt"]
    assert cache.get(version_key()) not in (None, version)  # the read cache was told

    # The same file again changes nothing.
    out, _ = run_import(path)
    assert "0 created, 0 updated, 1 unchanged" in out

    # Reordered: each item goes with its photo, not its place.
    write_csv(
        path, HEADER, *shirt_rows(product, f"{base(back)}|{base(front)}", "Back|Front", "White|")
    )
    out, _ = run_import(path)
    assert "0 created, 1 updated" in out
    assert gallery(product) == [(back.pk, "Back", "White"), (front.pk, "Front", "")]

    # A file without the columns keeps what each kept photo has.
    rows = shirt_rows(product, f"{base(front)}|{base(back)}", "", "")
    for row in rows:
        del row[6:8]
    header = HEADER.replace("photo_alts,photo_options,", "")
    out, _ = run_import(write_csv(tmp_path / "q.csv", header, *rows))
    assert "0 created, 1 updated" in out  # the order only
    assert gallery(product) == [(front.pk, "Front", ""), (back.pk, "Back", "White")]

    # With the columns blank, no photo has alt text or an option.
    out, _ = run_import(
        write_csv(path, HEADER, *shirt_rows(product, f"{base(front)}|{base(back)}", "", ""))
    )
    assert "0 created, 1 updated" in out
    assert gallery(product) == [(front.pk, "", ""), (back.pk, "", "")]


def test_a_wrong_number_of_items_is_refused_and_nothing_changes(tmp_path):
    product, front, back = shirt()
    images = cap_images(tmp_path)
    before, saved = updated_at(), gallery(product)
    stored = sorted(default_storage.listdir("products")[1])
    photos = f"{base(front)}|{base(back)}"
    path = write_csv(
        tmp_path / "bad.csv",
        HEADER,
        *shirt_rows(product, photos, "Only one", "Blue||White"),  # lines 2-3
        ["Cap", "cap", "d", "Hats", "1", "", "A cap", "", "", "", "CAP-1", "", "99", "1"],
        ["Hat", "hat", "d", "Hats", "1", "cap.jpg", "A hat", "", "", "", "HAT-1", "", "99", "1"],
    )
    _, err = failing_import(path, "--images", images)
    assert lines(err) == [
        f"line 2: photo_alts: 1 item for 2 photos; {WRONG_COUNT}",
        f"line 2: photo_options: 3 items for 2 photos; {WRONG_COUNT}",
        "line 4: photo_alts: 1 item but photos is blank; name the photos they are for there.",
    ]
    assert (updated_at(), gallery(product)) == (before, saved)
    assert not Product.objects.filter(slug__in=["cap", "hat"]).exists()
    assert sorted(default_storage.listdir("products")[1]) == stored  # no photo stored

    _, err = failing_import(
        write_csv(
            tmp_path / "h.csv",
            "name,description,price,quantity,category,photo,photo_alts",
            ["Lamp", "d", "1", "1", "Home", "", "A lamp"],
        )
    )
    assert lines(err) == ["line 1: column photo_alts needs the column photos."]
    assert not Product.objects.filter(slug="lamp").exists()


def test_an_option_the_product_lacks_and_a_bad_alt_text_are_refused(tmp_path):
    product, front, back = shirt()
    images = cap_images(tmp_path)
    before, saved = updated_at(), gallery(product)
    path = write_csv(
        tmp_path / "bad.csv",
        HEADER,
        *shirt_rows(product, f"{base(front)}|{base(back)}", "Front|Back", "Purple|White"),
        ["Cap", "cap", "d", "Hats", "1", "cap.jpg", "x" * 201, "", "", "", "CAP-1", "", "9", "1"],
        ["Hat", "hat", "d", "Hats", "1", "cap.jpg", "Bell\x07", "Blue", "", "", "H", "", "9", "1"],
    )
    _, err = failing_import(path, "--images", images)
    assert lines(err) == [
        f"line 2: photo_options: {base(front)}: Purple is not a value of the product's options.",
        "line 4: photo_alts: cap.jpg: Alt text must be at most 200 characters.",
        "line 5: photo_alts: cap.jpg: Alt text must not hold control characters.",
        "line 5: photo_options: cap.jpg: Blue is not a value of the product's options.",
    ]
    assert (updated_at(), gallery(product)) == (before, saved)
    assert not Product.objects.filter(slug__in=["cap", "hat"]).exists()

    # A value the file itself adds to the product's options is one of them.
    rows = shirt_rows(product, f"{base(front)}|{base(back)}", "Front|Back", "red|White")
    rows[0][9] = "Blue|White|Red"
    out, _ = run_import(write_csv(tmp_path / "ok.csv", HEADER, *rows))
    assert "0 created, 1 updated" in out
    assert gallery(product) == [(front.pk, "Front", "Red"), (back.pk, "Back", "White")]


# --- export and the round trip ----------------------------------------------------------


def test_export_then_import_changes_nothing_and_moves_the_texts(tmp_path):
    _, front, back = shirt()
    front.alt = "Front | side"  # the separator and a backslash inside an item
    front.save()
    back.alt = "C:\\back"
    back.save()
    plain = ProductFactory(name="Plain", slug="plain")
    add_photo(plain, color=(30, 30, 30))  # no alt text, no option
    ProductFactory(name="Bare", slug="bare")  # no photos
    saved = texts()
    path, images = tmp_path / "e.csv", tmp_path / "images"
    rows = {row["slug"]: row for row in exported(path, "--images", images) if row["name"]}
    assert list(EXPORT_COLUMNS).index("photo_alts") == list(EXPORT_COLUMNS).index("photos") + 1
    assert rows["shirt"]["photo_alts"] == "Front \\| side|C:\\\\back"
    assert rows["shirt"]["photo_options"] == "|White"
    assert (rows["plain"]["photo_alts"], rows["plain"]["photo_options"]) == ("", "")
    assert (rows["bare"]["photos"], rows["bare"]["photo_alts"]) == ("", "")

    # Into the same shop: nothing is written.
    before = updated_at()
    with CaptureQueriesContext(connection) as queries:
        out, _ = run_import(path, "--images", images)
    assert "0 created, 0 updated, 3 unchanged" in out
    assert writes(queries) == []
    assert (updated_at(), texts()) == (before, saved)

    # Into an empty shop: the photos come back with their alt texts and options.
    Product.objects.all().delete()
    Category.objects.all().delete()
    out, _ = run_import(path, "--images", images)
    assert "3 created" in out
    assert texts() == saved
    out, _ = run_import(path, "--images", images)
    assert "0 created, 0 updated, 3 unchanged" in out


def test_what_a_kept_photo_has_is_left_as_it_is_even_when_the_rules_would_respell_it(
    tmp_path,
):
    product, front, back = shirt()
    # Stored before the rules (or by a script): spaces around and doubled, an option since
    # renamed.
    ProductPhoto.objects.filter(pk=front.pk).update(alt=" Front  view ", option="Navy")
    saved = gallery(product)
    path = tmp_path / "e.csv"
    exported(path)
    before = updated_at()
    out, _ = run_import(path)
    assert "0 created, 0 updated, 1 unchanged" in out
    assert (updated_at(), gallery(product)) == (before, saved)

    # Given otherwise, the option is checked.
    rows = shirt_rows(product, f"{base(front)}|{base(back)}", "Front  view|Back", "Teal|White")
    _, err = failing_import(write_csv(tmp_path / "p.csv", HEADER, *rows))
    assert lines(err) == [
        f"line 2: photo_options: {base(front)}: Teal is not a value of the product's options."
    ]


def test_a_formula_like_alt_text_survives_a_round_trip_exactly(tmp_path):
    formula = '=HYPERLINK("http://evil.example","Click")'
    product = ProductFactory(name="Lamp", slug="lamp")
    add_photo(product, alt=formula, color=(1, 1, 1))
    add_photo(product, alt="-5 off", color=(2, 2, 2))
    quoted = ProductFactory(name="Bell", slug="bell")
    add_photo(quoted, alt="'Quoted' on purpose", color=(3, 3, 3))
    saved = texts()
    path, images = tmp_path / "e.csv", tmp_path / "images"
    rows = {row["slug"]: row for row in exported(path, "--images", images) if row["name"]}
    # The cell a spreadsheet would run is written behind an apostrophe.
    assert rows["lamp"]["photo_alts"] == "'" + joined([formula, "-5 off"])
    assert rows["bell"]["photo_alts"] == "''Quoted' on purpose"

    round_trip(path, images, products=2)
    assert texts() == saved
    assert texts()["lamp"][0] == (formula, "")


def test_devanagari_and_emoji_alt_texts_survive_a_round_trip(tmp_path):
    kurta = ProductFactory(
        name="Kurta",
        slug="kurta",
        options=[{"name": "रंग", "values": ["लाल", "नीला"]}],
        variants=[
            {"sku": "KU-R", "options": {"रंग": "लाल"}, "quantity": 2},
            {"sku": "KU-N", "options": {"रंग": "नीला"}, "quantity": 1},
        ],
    )
    add_photo(kurta, alt="लाल सूती कुर्ता, सामने से", option="लाल", color=(200, 0, 0))
    add_photo(kurta, alt="पीछे से 📷✨ (back)", option="नीला", color=(0, 0, 200))
    saved = texts()
    assert saved["kurta"][1] == ("पीछे से 📷✨ (back)", "नीला")
    path, images = tmp_path / "e.csv", tmp_path / "images"
    exported(path, "--images", images)

    round_trip(path, images, products=1)
    assert texts() == saved


# --- while the file is being imported -----------------------------------------------------


def _planned(path):
    with open(path, "rb") as handle:
        return plan_import(handle)


def test_a_kept_photo_removed_after_the_check_stops_the_import_whole(tmp_path):
    product, front, back = shirt()
    before = (updated_at(), gallery(product))
    path = write_csv(
        tmp_path / "p.csv",
        HEADER,
        *shirt_rows(product, f"{base(front)}|{base(back)}", "Front view|Back view", ""),
    )
    plan = _planned(path)
    back.delete()  # an editor removes the back photo meanwhile

    with pytest.raises(Conflict, match="line 2: photos: a photo of Shirt this file keeps"):
        apply_import(plan)

    assert (updated_at(), gallery(product)) == (before[0], before[1][:1])


def test_a_sale_after_the_check_is_kept_behind_a_gallery_change(tmp_path):
    """A product whose gallery the file changes, then one given a new size with its
    stock as it was: the sale made meanwhile stays."""
    product, front, back = shirt()
    tee = ProductFactory(
        name="Tee",
        slug="tee",
        options=[{"name": "Size", "values": ["S"]}],
        variants=[{"sku": "TEE-S", "options": {"Size": "S"}, "quantity": 5}],
    )
    tee_first = [tee.name, "tee", tee.description, tee.category.name, "1", "", "", ""]
    path = write_csv(
        tmp_path / "p.csv",
        HEADER,
        *shirt_rows(product, f"{base(back)}|{base(front)}", "", ""),
        [*tee_first, "Size", "S|M", "TEE-S", "S", "399", "5"],
        ["", "tee", *[""] * 8, "TEE-M", "M", "399", "1"],
    )
    plan = _planned(path)
    variant = tee.variants.get()
    order_checkout(
        buyer=UserFactory(), cart=[{"_id": tee.pk, "quantity": 2, "variant": variant.pk}]
    )

    apply_import(plan)

    assert [pk for pk, _, _ in gallery(product)] == [back.pk, front.pk]
    assert list(tee.variants.values_list("sku", "quantity")) == [("TEE-S", 3), ("TEE-M", 1)]
