"""Home's option filters in Chromium: the sizes and colours in use, with how many products
are sold in each (option-facets), a ticked size showing only the products sold in it, the
choice kept in the URL, the counts following the price band, the keyboard, and axe clean
with the option filters shown (side card and phone drawer)."""

import re
from decimal import Decimal

from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.test_a11y import PHONE, assert_accessible
from e2e.test_shopper_experience import FOCUS_VISIBLE

SIZES = {"name": "Size", "values": ["S", "M", "L", "XL"]}
COLOURS = {"name": "Colour", "values": ["Black", "Blue"]}


def sold_in(*sizes, price="450"):
    return [{"options": {"Size": s}, "quantity": 3, "price": Decimal(price)} for s in sizes]


def wardrobe():
    shirts = CategoryFactory(name="Shirts")
    ProductFactory(
        name="Linen Shirt", category=shirts, options=[SIZES], variants=sold_in("S", "M", "XL")
    )
    ProductFactory(name="Cotton Tee", category=shirts, options=[SIZES], variants=sold_in("S", "M"))
    ProductFactory(
        name="Wool Jumper",
        category=shirts,
        options=[SIZES, COLOURS],
        variants=[
            {"options": {"Size": "XL", "Colour": "Black"}, "quantity": 2, "price": Decimal("1500")},
            {"options": {"Size": "M", "Colour": "Blue"}, "quantity": 0, "price": Decimal("1600")},
        ],
    )
    ProductFactory(name="Pocket Speaker", category=CategoryFactory(name="Audio"))


def url_is(page, base_url, query):
    expect(page).to_have_url(re.compile("^" + re.escape(base_url + "/") + query + "$"))


def card_names(page):
    return sorted(page.locator("article.product-card").get_by_role("heading").all_inner_texts())


def side_card(page):
    return page.get_by_role("complementary", name="Filters")


def test_a_shopper_who_ticks_size_xl_sees_only_the_products_sold_in_xl(page, base_url):
    wardrobe()
    page.goto(base_url + "/")
    expect(page.get_by_text("Showing 4 of 4")).to_be_visible()

    filters = side_card(page)
    size = filters.get_by_role("group", name="Size", exact=True)
    # Sizes in size order; L is an option of the shirt but no product is sold in it.
    expect(size.locator("label")).to_have_text(["S (2)", "M (3)", "XL (2)"])
    colour = filters.get_by_role("group", name="Colour", exact=True)
    expect(colour.get_by_label("Black (1)", exact=True)).to_be_visible()

    # By keyboard: the box shows its focus, and Space ticks it.
    xl = size.get_by_label("XL (2)", exact=True)
    filters.get_by_role("button", name="Go", exact=True).focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # past S and M
    page.keyboard.press("Tab")
    expect(xl).to_be_focused()
    page.wait_for_function(FOCUS_VISIBLE)  # Bootstrap's ring, on screen, not covered
    page.keyboard.press("Space")

    expect(xl).to_be_checked()
    url_is(page, base_url, r"\?opt\.Size=XL")
    expect(page.get_by_role("heading", level=1, name="All Products, Size XL")).to_be_visible()
    expect(page.get_by_text("Showing 2 of 2")).to_be_visible()
    assert card_names(page) == ["Linen Shirt", "Wool Jumper"]

    page.reload()
    expect(side_card(page).get_by_label("XL (2)", exact=True)).to_be_checked()
    expect(page.get_by_text("Showing 2 of 2")).to_be_visible()
    assert card_names(page) == ["Linen Shirt", "Wool Jumper"]

    # The counts follow the price band: above ₹1,000 only the jumper is sold in XL.
    side_card(page).get_by_label("₹1,000 or more", exact=True).check()
    expect(side_card(page).get_by_label("XL (1)", exact=True)).to_be_checked()
    expect(side_card(page).get_by_label("M (1)", exact=True)).not_to_be_checked()
    expect(side_card(page).get_by_label("S (2)", exact=True)).to_have_count(0)
    expect(page.get_by_text("Showing 1 of 1")).to_be_visible()
    assert card_names(page) == ["Wool Jumper"]

    side_card(page).get_by_role("button", name="RESET FILTERS").click()
    url_is(page, base_url, "")
    expect(page.get_by_text("Showing 4 of 4")).to_be_visible()
    expect(side_card(page).get_by_label("XL (2)", exact=True)).not_to_be_checked()


def test_home_with_option_filters_shown_stays_accessible(page, base_url):
    wardrobe()
    page.goto(base_url + "/?opt.Size=M")
    expect(page.get_by_role("heading", level=1, name="All Products, Size M")).to_be_visible()
    expect(side_card(page).get_by_label("M (3)", exact=True)).to_be_checked()
    expect(side_card(page).get_by_role("group", name="Colour", exact=True)).to_be_visible()
    expect(page.locator("main [aria-busy='true']")).to_have_count(0)
    assert_accessible(page, "home with option filters")

    page.set_viewport_size(PHONE)
    page.get_by_role("button", name="Filters (1)").click()
    drawer = page.get_by_role("dialog", name="Filters")
    expect(drawer.get_by_role("group", name="Size", exact=True)).to_be_visible()
    expect(drawer.get_by_label("M (3)", exact=True)).to_be_checked()
    drawer.get_by_label("XL (2)", exact=True).check()
    expect(drawer.get_by_role("button", name="Show 3 products")).to_be_visible()
    assert_accessible(page, "the phone filter drawer with option filters")
    drawer.get_by_role("button", name="Show 3 products").click()
    url_is(page, base_url, r"\?opt\.Size=M&opt\.Size=XL")
    expect(page.get_by_text("Showing 3 of 3")).to_be_visible()
