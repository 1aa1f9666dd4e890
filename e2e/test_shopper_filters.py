"""The shopper's filters beyond home, on a laptop and a phone: on a category page a price
band, a size and an order narrow and sort the list, and a reload keeps them (they live in
the address); the sizes are listed in their natural order. On a phone the product page's
buy bar appears once Add to Cart is scrolled past, and its button adds to the cart."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.test_a11y import assert_accessible

VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1280, "height": 800},
}


def tee(name, price, sizes, category):
    return ProductFactory(
        name=name,
        category=category,
        price=Decimal(price),
        options=[{"name": "Size", "values": sizes}],
        variants=[{"options": {"Size": s}, "quantity": 5, "price": Decimal(price)} for s in sizes],
    )


@pytest.fixture
def shop(db):
    tees = CategoryFactory(name="Tees", slug="tees")
    shoes = CategoryFactory(name="Shoes", slug="shoes")
    tee("Plain Tee", "299", ["S", "M", "XL"], tees)
    tee("Pocket Tee", "249", ["M", "L"], tees)
    tee("Linen Tee", "329", ["L", "XXL"], tees)
    tee("Silk Tee", "1499", ["M"], tees)
    ProductFactory(
        name="Canvas Sneaker",
        category=shoes,
        price=Decimal("1999"),
        options=[{"name": "Size", "values": ["UK 10", "UK 6", "UK 8"]}],
        variants=[{"options": {"Size": s}, "quantity": 2} for s in ["UK 10", "UK 6", "UK 8"]],
    )
    return tees


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request, page):
    page.set_viewport_size(VIEWPORTS[request.param])
    return request.param


def card_names(page):
    return page.locator("article.product-card .card-title")


def filters(page, viewport):
    if viewport == "phone":
        page.get_by_role("button", name=re.compile(r"^Filters")).click()
        return page.get_by_role("dialog", name="Filters")
    return page.get_by_role("complementary", name="Filters")


def test_category_filters_and_sort_hold_on_reload(page, base_url, shop, viewport):
    page.goto(base_url + "/category/tees")
    expect(page.get_by_text("4 results found")).to_be_visible()
    scope = filters(page, viewport)
    expect(scope.get_by_text("Filter By Category")).to_have_count(0)
    sizes = scope.get_by_role("group", name="Size").get_by_role("checkbox")
    expect(sizes).to_have_count(5)
    labels = [label.split(" (")[0] for label in scope.locator("fieldset label").all_inner_texts()]
    assert [v for v in labels if v in {"S", "M", "L", "XL", "XXL"}] == ["S", "M", "L", "XL", "XXL"]
    scope.get_by_label("₹200 to ₹349", exact=True).check()
    scope.get_by_label(re.compile(r"^M \(\d\)$")).check()
    if viewport == "phone":
        scope.get_by_role("button", name="Show 2 products").click()
    page.get_by_label("Sort by").select_option(label="Price, low to high")

    expected = ["Pocket Tee", "Plain Tee"]
    expect(card_names(page)).to_have_text(expected)
    expect(page.get_by_text("2 results found")).to_be_visible()
    for part in ("price=1", "opt.Size=M", "sort=price-asc"):
        expect(page).to_have_url(re.compile(re.escape(part)))

    page.reload()
    expect(card_names(page)).to_have_text(expected)
    expect(page.get_by_label("Sort by")).to_have_value("price-asc")
    scope = filters(page, viewport)
    expect(scope.get_by_label("₹200 to ₹349", exact=True)).to_be_checked()
    expect(scope.get_by_label(re.compile(r"^M \(\d\)$"))).to_be_checked()
    assert_accessible(page, f"category filtered ({viewport})")


def test_shoe_sizes_come_in_natural_order(page, base_url, shop):
    page.set_viewport_size(VIEWPORTS["laptop"])
    page.goto(base_url + "/category/shoes")
    group = page.get_by_role("complementary", name="Filters").get_by_role("group", name="Size")
    expect(group.locator("label")).to_have_text(["UK 6 (1)", "UK 8 (1)", "UK 10 (1)"])


def test_search_results_take_the_filters(page, base_url, shop):
    """The search call takes no filters: the page narrows its answer, kept in the URL."""
    page.set_viewport_size(VIEWPORTS["laptop"])
    page.goto(base_url + "/search?q=tee")
    side = page.get_by_role("complementary", name="Filters")
    side.get_by_label("₹200 to ₹349", exact=True).check()
    side.get_by_label(re.compile(r"^L \(\d\)$")).check()
    page.get_by_label("Sort by").select_option(label="Price, low to high")
    expect(card_names(page)).to_have_text(["Pocket Tee", "Linen Tee"])
    expect(page.get_by_text("Found 2")).to_be_visible()

    page.reload()
    expect(card_names(page)).to_have_text(["Pocket Tee", "Linen Tee"])
    side = page.get_by_role("complementary", name="Filters")
    expect(side.get_by_label(re.compile(r"^L \(\d\)$"))).to_be_checked()
    assert_accessible(page, "search filtered (laptop)")


def test_the_phone_buy_bar_adds_to_the_cart(page, base_url, shop):
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(base_url + "/product/plain-tee")
    main = page.get_by_role("button", name="Add to Cart", exact=True)
    # Chosen as a shopper does: by its label (the button-like box).
    size = page.get_by_role("group", name=re.compile(r"^Size"))
    size.locator("label").filter(has_text=re.compile(r"^M\b")).click()
    expect(page).to_have_url(re.compile(r"\?variant=\d+$"))
    main.scroll_into_view_if_needed()
    bar = page.get_by_role("region", name="Buy Plain Tee")
    expect(bar).to_have_count(0)

    # Scrolled past the page's own button: the bar comes, with the price and the choice.
    page.mouse.wheel(0, 1200)
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("₹299")
    expect(bar).to_contain_text("Size: M")
    box = bar.bounding_box()
    assert box["y"] + box["height"] <= VIEWPORTS["phone"]["height"] + 1
    # The page keeps room for it: its foot scrolls clear of the bar.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    footer = page.locator("footer").last
    assert footer.bounding_box()["y"] + footer.bounding_box()["height"] <= box["y"] + 1
    assert_accessible(page, "product page with the buy bar (phone)")

    bar.get_by_role("button", name="Add to Cart: Plain Tee").click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
