"""The admin's variants and gallery in Chromium: a 3 x 4 grid of sizes and colours built
on a product, saved and read back; three photos added and reordered by keyboard (focus
kept on the moved photo), saved in that order; axe clean on the form with both shown."""

import re
from pathlib import Path

from PIL import Image
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory
from catalog.models import Product, ProductPhoto, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.session import sign_in
from e2e.test_a11y import assert_accessible

SIZES = ["S", "M", "L"]
COLOURS = ["Black", "Blue", "Red", "White"]


def toast(page, text):
    return page.get_by_role("status").filter(has_text=text)


def png(path: Path, color) -> Path:
    Image.new("RGB", (90, 60), color).save(path, format="PNG")
    return path


def add_option(page, n, name, values):
    page.get_by_role("button", name="Add Option").click()
    expect(page.get_by_label(f"Option {n} name")).to_be_focused()
    page.get_by_label(f"Option {n} name").fill(name)
    # A comma list: the values before the last comma go in at once, Enter adds the last.
    field = page.get_by_label(f"Option {n} values")
    field.fill(",".join(values))
    field.press("Enter")
    chips = page.get_by_role("list", name=f"Values of {name}").get_by_role("listitem")
    expect(chips).to_have_text(values)


def test_admin_builds_a_3_by_4_variant_grid_and_reads_it_back(page, base_url):
    product = ProductFactory(
        name="Everyday Tee", category=CategoryFactory(name="Clothing"), price=499, quantity=7
    )
    sign_in(page, base_url, AdminFactory())
    page.goto(f"{base_url}/dashboard/admin/product/{product.slug}")
    expect(page.get_by_label("Name")).to_have_value("Everyday Tee")
    # A product sold one way shows no grid; its Quantity is typed.
    expect(page.get_by_role("table")).to_have_count(0)
    expect(page.get_by_label("Quantity")).to_be_enabled()

    add_option(page, 1, "Size", SIZES)
    add_option(page, 2, "Colour", COLOURS)
    rows = page.get_by_role("table").locator("tbody tr")
    expect(rows).to_have_count(12)
    expect(page.get_by_label("Quantity")).to_be_disabled()

    page.get_by_label("Stock for every sold variant").fill("4")
    page.get_by_role("button", name="Set All Stock").click()
    for size in SIZES:
        for colour in COLOURS:
            expect(page.get_by_label(f"Stock of {size} / {colour}")).to_have_value("4")
    page.get_by_label("SKU of S / Black").fill("TEE-S-BLK")
    page.get_by_label("Price of L / White").fill("549")
    expect(page.get_by_label("Quantity")).to_have_value("48")
    assert_accessible(page, "the product form with its variant grid")

    page.get_by_role("button", name="UPDATE PRODUCT").click()
    expect(toast(page, "Product Updated Successfully")).to_be_visible()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/products")

    product.refresh_from_db()
    assert product.options == [
        {"name": "Size", "values": SIZES},
        {"name": "Colour", "values": COLOURS},
    ]
    variants = Variant.objects.filter(product=product)
    assert variants.count() == 12
    assert product.quantity == 48
    assert product.price == 499
    assert variants.get(sku="TEE-S-BLK").options == {"Size": "S", "Colour": "Black"}
    assert variants.get(options={"Size": "L", "Colour": "White"}).price == 549
    ids = set(variants.values_list("pk", flat=True))

    # Read back: the same 12 rows, all sold, each with its stock.
    page.goto(f"{base_url}/dashboard/admin/product/{product.slug}")
    expect(rows).to_have_count(12)
    expect(page.get_by_role("table")).to_have_accessible_name("12 combinations, 12 sold")
    expect(page.get_by_label("SKU of S / Black")).to_have_value("TEE-S-BLK")
    expect(page.get_by_label("Stock of M / Red")).to_have_value("4")
    expect(page.get_by_label("Price of L / White")).to_have_value("549")
    expect(page.get_by_label("Quantity")).to_have_value("48")

    # Not selling one combination removes its variant; the others keep theirs (same ids).
    page.get_by_label("Sold: M / Red").uncheck()
    page.get_by_role("button", name="UPDATE PRODUCT").click()
    expect(toast(page, "Product Updated Successfully")).to_be_visible()
    kept = set(Variant.objects.filter(product=product).values_list("pk", flat=True))
    assert len(kept) == 11
    assert kept < ids
    assert Product.objects.get(pk=product.pk).quantity == 44


def test_admin_adds_three_photos_and_reorders_the_gallery_by_keyboard(page, base_url, tmp_path):
    product = ProductFactory(
        name="Phone Case",
        with_photo=True,
        options=[{"name": "Colour", "values": ["Black", "Blue"]}],
        variants=[
            {"options": {"Colour": "Black"}, "quantity": 3},
            {"options": {"Colour": "Blue"}, "quantity": 2},
        ],
    )
    stored = ProductPhoto.objects.get(product=product)
    sign_in(page, base_url, AdminFactory())
    page.goto(f"{base_url}/dashboard/admin/product/{product.slug}")
    gallery = page.get_by_role("list", name="Gallery photos")
    expect(gallery.get_by_role("listitem")).to_have_count(1)

    page.get_by_label("Add photos").set_input_files(
        [
            png(tmp_path / "front.png", (200, 30, 30)),
            png(tmp_path / "side.png", (30, 200, 30)),
            png(tmp_path / "back.png", (30, 30, 200)),
        ]
    )
    expect(gallery.get_by_role("listitem")).to_have_count(4)
    page.get_by_label("Alt text for photo 2").fill("Blue case, front")
    page.get_by_label("Option value for photo 2").select_option("Blue")
    page.get_by_label("Alt text for photo 3").fill("Blue case, side")
    page.get_by_label("Alt text for photo 4").fill("Blue case, back")

    # Keyboard only: from photo 4's alt text, Tab to its Move Up and press Enter three
    # times; the focus follows the photo, on Move Down once it is first.
    page.get_by_label("Alt text for photo 4").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Move Up photo 4")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Move Up photo 3")).to_be_focused()
    expect(page.get_by_label("Alt text for photo 3")).to_have_value("Blue case, back")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Move Up photo 2")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Move Down photo 1")).to_be_focused()
    expect(page.get_by_text("Moved Blue case, back to position 1 of 4.")).to_be_attached()
    alts = [f"Alt text for photo {n}" for n in range(1, 5)]
    expect(page.get_by_label(alts[0])).to_have_value("Blue case, back")
    expect(page.get_by_text("Photo 1 (main photo)")).to_be_visible()
    assert_accessible(page, "the product form with its gallery")

    page.get_by_role("button", name="UPDATE PRODUCT").click()
    expect(toast(page, "Product Updated Successfully")).to_be_visible()

    photos = list(ProductPhoto.objects.filter(product=product).order_by("position"))
    assert [p.alt for p in photos] == [
        "Blue case, back",
        "Phone Case",
        "Blue case, front",
        "Blue case, side",
    ]
    assert photos[1].pk == stored.pk
    assert photos[2].option == "Blue"
    product.refresh_from_db()
    assert product.photo.name == photos[0].image.name

    # The order holds after a reload, and the main photo is the moved one.
    page.goto(f"{base_url}/dashboard/admin/product/{product.slug}")
    expect(gallery.get_by_role("listitem")).to_have_count(4)
    for label, alt in zip(
        alts, ["Blue case, back", "Phone Case", "Blue case, front", "Blue case, side"], strict=True
    ):
        expect(page.get_by_label(label)).to_have_value(alt)
    expect(page.get_by_label("Option value for photo 3")).to_have_value("Blue")
    expect(gallery.get_by_role("img").first).to_have_attribute(
        "src", re.compile(rf"/api/v1/product/product-photo/{product.pk}/{photos[0].pk}\?")
    )
