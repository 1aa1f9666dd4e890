"""Variants and galleries in Chromium, as a shopper meets them: a tee in sizes and colours
(L sold out, Blue not made in L). Pick a size and colour, see the matching photo and
price, add, buy with cash on delivery; a sold-out size cannot be picked, by mouse or by
keyboard; the gallery swipes and answers the arrow keys; the address keeps the choice; a
variant deleted while in a cart leaves it with a notice; axe stays clean."""

import re
from decimal import Decimal

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from catalog.models import Product, ProductPhoto, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory, jpeg_bytes
from e2e.session import sign_in
from e2e.test_a11y import assert_accessible

GREY = (200, 200, 200)
BLACK = (20, 20, 20)
BLUE = (30, 60, 200)
CENTRE_PIXEL = """img => {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  const x = Math.floor(canvas.width / 2), y = Math.floor(canvas.height / 2);
  return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
}"""
SIZES = ["S", "M", "L"]
COLOURS = ["Black", "Blue"]


def near(colour, expected, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


@pytest.fixture
def tee(db):
    """Cotton Tee: S/M/L in Black (L sold out), S/M in Blue (M Blue the dearest); three
    photos: folded (no colour), black, blue."""
    clothing = CategoryFactory(name="Clothing", slug="clothing")
    product = ProductFactory(
        name="Cotton Tee",
        description="A soft cotton tee, cut for every day.",
        category=clothing,
        options=[{"name": "Size", "values": SIZES}, {"name": "Colour", "values": COLOURS}],
        variants=[
            {"options": {"Size": "S", "Colour": "Black"}, "price": Decimal("499"), "quantity": 4},
            {"options": {"Size": "M", "Colour": "Black"}, "price": Decimal("549"), "quantity": 3},
            {"options": {"Size": "L", "Colour": "Black"}, "price": Decimal("549"), "quantity": 0},
            {"options": {"Size": "S", "Colour": "Blue"}, "price": Decimal("499"), "quantity": 5},
            {"options": {"Size": "M", "Colour": "Blue"}, "price": Decimal("599"), "quantity": 2},
        ],
    )
    names = []
    photos = [
        ("folded", GREY, "Cotton Tee, folded", ""),
        ("black", BLACK, "Black tee, front", "Black"),
        ("blue", BLUE, "Blue tee, front", "Blue"),
    ]
    for position, (slug, colour, alt, option) in enumerate(photos):
        name = default_storage.save(
            f"products/tee-{slug}.jpg", ContentFile(jpeg_bytes(320, 224, color=colour))
        )
        names.append(name)
        ProductPhoto.objects.create(
            product=product, image=name, alt=alt, option=option, position=position
        )
    # The gallery's first photo is the product's photo (product-photo/{id}, the cards').
    Product.objects.filter(pk=product.pk).update(photo=names[0])
    product.refresh_from_db()
    return product


def variant(product, size, colour):
    return Variant.objects.get(product=product, options={"Size": size, "Colour": colour})


def size_group(page):
    return page.get_by_role("group", name=re.compile(r"^Size"))


def colour_group(page):
    return page.get_by_role("group", name=re.compile(r"^Colour"))


def pick(group, value):
    """Choose a value as a shopper does: by its label (the button-like box)."""
    group.locator("label").filter(has_text=re.compile(rf"^{re.escape(value)}\b")).click()


def main_photo(page):
    return page.get_by_test_id("gallery-main").get_by_role("img")


def test_pick_a_size_and_colour_see_its_photo_and_price_add_and_buy(page, base_url, tee):
    shopper = UserFactory(name="Meera Iyer", address="8 Marine Drive, Mumbai 400002")
    sign_in(page, base_url, shopper)
    page.goto(f"{base_url}/product/{tee.slug}")
    expect(page.get_by_role("heading", level=1, name="Cotton Tee")).to_be_visible()
    expect(page.get_by_test_id("price")).to_have_text("from ₹499")
    expect(main_photo(page)).to_have_attribute("alt", "Cotton Tee, folded")

    pick(colour_group(page), "Blue")
    # The blue photos come first and the first of them is shown: really blue.
    expect(main_photo(page)).to_have_attribute("alt", "Blue tee, front")
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=main_photo(page).element_handle()
    )
    assert near(main_photo(page).evaluate(CENTRE_PIXEL), BLUE)
    # Blue is not made in L: marked before it is picked.
    large = size_group(page).get_by_role("radio", name="L (not available with Blue)")
    expect(large).to_be_disabled()

    pick(size_group(page), "M")
    blue_m = variant(tee, "M", "Blue")
    expect(page.get_by_test_id("price")).to_have_text("₹599")
    expect(page.get_by_test_id("stock")).to_have_text("Only 2 left")
    expect(page).to_have_url(f"{base_url}/product/{tee.slug}?variant={blue_m.pk}")

    page.get_by_role("button", name="Add to Cart", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Item Added to Cart")).to_be_visible()
    page.get_by_role("link", name="Cart, 1 item").click()

    line = page.get_by_role("listitem").filter(has_text="Cotton Tee")
    expect(line.get_by_test_id("cart-choice")).to_have_text("Size: M · Colour: Blue")
    expect(line.get_by_text("Price: ₹599")).to_be_visible()
    expect(page.get_by_test_id("cart-total")).to_have_text("Total: ₹599")
    page.get_by_role("button", name="Place Order (Cash on Delivery)").click()

    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    expect(page.get_by_role("status").filter(has_text="Order placed")).to_be_visible()
    page.get_by_role("link", name="View order").click()
    card = page.get_by_role("article").first
    expect(card.get_by_test_id("line-options")).to_have_text("Size: M · Colour: Blue")
    expect(card.get_by_text("Total: ₹599")).to_be_visible()
    blue_m.refresh_from_db()
    assert blue_m.quantity == 1
    assert variant(tee, "S", "Blue").quantity == 5


def test_a_sold_out_size_cannot_be_picked(page, base_url, tee):
    page.goto(f"{base_url}/product/{tee.slug}")
    sold_out = size_group(page).get_by_role("radio", name="L (sold out)")
    expect(sold_out).to_be_disabled()
    label = size_group(page).locator("label").filter(has_text=re.compile(r"^L\b"))
    expect(label).to_have_css("text-decoration-line", "none")  # the box; its name is struck
    expect(label.locator(".variant-value-name")).to_have_css("text-decoration-line", "line-through")

    # By mouse: nothing happens.
    label.click(force=True)
    expect(sold_out).not_to_be_checked()
    expect(page).to_have_url(f"{base_url}/product/{tee.slug}")

    # By keyboard: the arrow keys pass over it (S, M, then round to S).
    pick(size_group(page), "S")
    small = size_group(page).get_by_role("radio", name="S", exact=True)
    expect(small).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(size_group(page).get_by_role("radio", name="M", exact=True)).to_be_checked()
    page.keyboard.press("ArrowRight")
    expect(small).to_be_checked()
    expect(sold_out).not_to_be_checked()

    # An incomplete choice cannot be added: the page says what is missing.
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Please choose your colour first.")
    expect(colour_group(page).get_by_role("radio", name="Black")).to_be_focused()
    assert page.evaluate("localStorage.getItem('cart')") in (None, "[]")


def test_the_gallery_swipes_and_answers_the_arrow_keys_with_visible_focus(page, base_url, tee):
    page.goto(f"{base_url}/product/{tee.slug}")
    main = page.get_by_test_id("gallery-main")
    expect(main_photo(page)).to_have_attribute("alt", "Cotton Tee, folded")

    # A swipe to the left (a finger, or a mouse drag): the next photo.
    box = main.bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + box["width"] * 0.8, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.3, y + 5, steps=5)
    page.mouse.up()
    expect(main_photo(page)).to_have_attribute("alt", "Black tee, front")

    # The keyboard: the gallery is the first stop of the page's content (a click on the
    # heading focuses the main area), its focus ring shows, and the arrows move.
    page.get_by_role("heading", level=1).click()
    page.keyboard.press("Tab")
    expect(main).to_be_focused()
    assert main.evaluate("node => getComputedStyle(node).outlineStyle") == "solid"
    page.keyboard.press("ArrowRight")
    expect(main_photo(page)).to_have_attribute("alt", "Blue tee, front")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(main_photo(page)).to_have_attribute("alt", "Cotton Tee, folded")
    # The page did not scroll sideways or down for those keys.
    assert page.evaluate("window.scrollX") == 0

    page.get_by_role("button", name="Photo 3 of 3: Blue tee, front").click()
    expect(main_photo(page)).to_have_attribute("alt", "Blue tee, front")


def test_a_shared_address_opens_with_the_choice_made(page, base_url, tee):
    black_m = variant(tee, "M", "Black")
    page.goto(f"{base_url}/product/{tee.slug}?variant={black_m.pk}")
    expect(size_group(page).get_by_role("radio", name="M", exact=True)).to_be_checked()
    expect(colour_group(page).get_by_role("radio", name="Black", exact=True)).to_be_checked()
    expect(page.get_by_test_id("price")).to_have_text("₹549")
    expect(main_photo(page)).to_have_attribute("alt", "Black tee, front")
    # Choosing again replaces the address: Back leaves the page, not the last choice.
    pick(size_group(page), "S")
    expect(page).to_have_url(re.compile(rf"\?variant={variant(tee, 'S', 'Black').pk}$"))
    page.go_back()
    expect(page).not_to_have_url(re.compile(r"/product/"))


def test_cards_show_from_prices_and_colour_dots(page, base_url, tee):
    page.goto(f"{base_url}/category/clothing")
    card = page.get_by_role("article", name="Cotton Tee", exact=True)
    expect(card.get_by_text("from ₹499")).to_be_visible()
    dots = card.get_by_role("list", name="Colours").get_by_role("listitem")
    expect(dots).to_have_text(["Black", "Blue"])
    # A product that needs a choice is chosen on its page.
    card.get_by_role("link", name="Choose options: Cotton Tee").click()
    expect(page).to_have_url(f"{base_url}/product/{tee.slug}")


def test_a_variant_deleted_while_in_the_cart_leaves_it_with_a_notice(page, base_url, tee):
    black_m = variant(tee, "M", "Black")
    page.goto(f"{base_url}/product/{tee.slug}?variant={black_m.pk}")
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    pick(size_group(page), "S")
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    expect(page.get_by_role("link", name="Cart, 2 items")).to_be_visible()

    black_m.delete()
    page.goto(f"{base_url}/cart")
    expect(
        page.get_by_role("status").filter(
            has_text="Cotton Tee (Size M, Colour Black) is no longer available and was "
            "removed from your cart."
        )
    ).to_be_visible()
    expect(page.get_by_test_id("cart-choice")).to_have_text(["Size: S · Colour: Black"])
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()


def test_axe_finds_nothing_serious_on_the_product_page_and_its_cards(page, base_url, tee):
    page.goto(f"{base_url}/product/{tee.slug}")
    expect(page.get_by_role("heading", level=1, name="Cotton Tee")).to_be_visible()
    assert_accessible(page, "the product page, nothing chosen")
    pick(colour_group(page), "Blue")
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert_accessible(page, "the product page, a colour chosen and a size asked for")
    page.set_viewport_size({"width": 390, "height": 844})
    assert_accessible(page, "the product page on a phone")
    page.goto(f"{base_url}/category/clothing")
    expect(page.get_by_role("article", name="Cotton Tee", exact=True)).to_be_visible()
    assert_accessible(page, "a card with colour dots")
