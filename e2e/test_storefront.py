"""Shopper journeys in Chromium: home (photos, previews, rupees, Load More, filters kept in
the URL), product details with similar products, categories, search, the cart for guests
and signed-in users, the navbar (dropdowns, fixed on scroll, collapsed on a phone), the
footer and the information pages."""

import re
from datetime import date
from decimal import Decimal

from django.core.files.base import ContentFile
from playwright.sync_api import expect

from accounts.tests.factories import PASSWORD, AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory, jpeg_bytes
from e2e.routes import HeldRoute

PHONE = {"width": 390, "height": 844}
LAPTOP_GREEN = (20, 140, 60)
CENTRE_PIXEL = """img => {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  const x = Math.floor(canvas.width / 2), y = Math.floor(canvas.height / 2);
  return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
}"""


def url_is(page, base_url, path, query=r"(\?.*)?"):
    expect(page).to_have_url(re.compile("^" + re.escape(base_url + path) + query + "$"))


def toast(page, text):
    return page.get_by_role("status").filter(has_text=text)


def wait_until_below_the_navbar(page, a_toast, timeout=None):
    """Toasts slide in from above: wait for this one to sit below the navbar."""
    page.wait_for_function(
        "([toast, nav]) => toast.getBoundingClientRect().top >= nav.getBoundingClientRect().bottom",
        arg=[
            a_toast.element_handle(),
            page.get_by_role("navigation", name="Main").element_handle(),
        ],
        timeout=timeout,
    )


TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def cards(page):
    return page.locator("article.product-card")


def card(page, name):
    return page.get_by_role("article", name=name, exact=True)


def cart_link(page, count):
    noun = "item" if count == 1 else "items"
    return page.get_by_role("link", name=f"Cart, {count} {noun}")


def add_to_cart(page, name):
    """Every screen says 'Add to Cart' (one casing)."""
    label = re.compile(rf"^add to cart: {re.escape(name)}$", re.IGNORECASE)
    page.get_by_role("button", name=label).first.click()


def log_in(page, base_url, user):
    page.get_by_label("Email address", exact=True).fill(user.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Login").click()


# --- home -------------------------------------------------------------------------------


def test_home_shows_cards_with_photo_preview_and_rupees_and_loads_more(page, base_url, settings):
    settings.PRODUCTS_PER_PAGE = 4
    gadgets = CategoryFactory(name="Gadgets")
    laptop = ProductFactory(
        name="Aero Laptop",
        description="A light 14-inch laptop with a twelve-hour battery and backlit keys.",
        price=Decimal("123456.00"),
        category=gadgets,
    )
    laptop.photo.save("aero.jpg", ContentFile(jpeg_bytes(color=LAPTOP_GREEN)))
    for n in range(5):
        ProductFactory(name=f"Cable {n}", category=gadgets)

    held = HeldRoute(page, re.compile(r".*/api/v1/product/product-list/2$"))
    page.goto(base_url + "/")
    expect(page).to_have_title("SHOPSPHERE - shop now")
    expect(cards(page)).to_have_count(4)

    # The newest product comes first (Cable 4), so the laptop is on page 2.
    expect(page.get_by_text("Showing 4 of 6")).to_be_visible()
    first = cards(page).first
    image = first.locator("img")
    # The photo is a second way to the product; the name (a link too) speaks for it.
    expect(image).to_have_attribute("alt", "")
    expect(first.get_by_role("link", name="Cable 4", exact=True)).to_have_attribute(
        "href", re.compile(r"/product/cable-4$")
    )
    expect(image).to_have_attribute("width", "352")
    expect(image).to_have_attribute("height", "200")
    expect(image).to_have_attribute("src", re.compile(r"/api/v1/product/product-photo/\d+"))
    expect(image).to_have_attribute("loading", "eager")
    expect(cards(page).nth(3).locator("img")).to_have_attribute("loading", "lazy")
    # A product without a photo still shows an image: the server's placeholder (F12).
    assert image.evaluate("img => img.complete && img.naturalWidth > 0")
    box = first.bounding_box()
    assert round(box["width"]) == 352  # 22rem

    page.get_by_role("button", name="Load More").click()
    expect(page.get_by_role("button", name="Loading ...")).to_be_disabled()
    held.release()
    expect(cards(page)).to_have_count(6)
    expect(page.get_by_role("button", name="Load More")).to_have_count(0)

    laptop = card(page, "Aero Laptop")
    expect(laptop.get_by_text("₹1,23,456")).to_be_visible()
    expect(laptop.get_by_text("A light 14-inch laptop with a ...", exact=True)).to_be_visible()
    photo = laptop.locator("img")
    photo.scroll_into_view_if_needed()
    expect(photo).to_have_js_property("complete", True)
    # The uploaded photo itself (its colour), not the placeholder.
    assert all(abs(a - b) <= 12 for a, b in zip(photo.evaluate(CENTRE_PIXEL), LAPTOP_GREEN))

    laptop.get_by_role("button", name="Add to Cart: Aero Laptop").click()
    expect(toast(page, "Item Added to Cart")).to_be_visible()
    # Screen readers hear it from the live region that was in the page before the toast.
    expect(page.locator("[data-toast-announcer]")).to_have_text("Item Added to Cart")
    expect(page.locator("[data-toast-announcer]")).to_have_attribute("aria-live", "polite")
    expect(cart_link(page, 1)).to_be_visible()
    laptop.get_by_role("link", name="More Details: Aero Laptop").click()
    url_is(page, base_url, "/product/aero-laptop")


def test_filters_live_in_the_url_survive_a_reload_page_and_reset(page, base_url, settings):
    settings.PRODUCTS_PER_PAGE = 2
    phones = CategoryFactory(name="Phones")
    shirts = CategoryFactory(name="Shirts")
    for n, price in enumerate(["150", "380", "420", "590"]):
        ProductFactory(name=f"Phone {n}", price=Decimal(price), category=phones)
    ProductFactory(name="Linen Shirt", price=Decimal("450"), category=shirts)
    ProductFactory(name="Silk Shirt", price=Decimal("2500"), category=shirts)

    page.goto(base_url + "/")
    expect(page.get_by_text("Showing 2 of 6")).to_be_visible()
    page.get_by_label("Phones", exact=True).check()
    url_is(page, base_url, "/", rf"\?category={phones.pk}")
    expect(page.get_by_text("Showing 2 of 4")).to_be_visible()
    page.get_by_label("₹350 to ₹599", exact=True).check()
    url_is(page, base_url, "/", rf"\?category={phones.pk}&price=2")
    # Filtered results are paged too: 3 phones between 350 and 599, 2 a page.
    expect(page.get_by_text("Showing 2 of 3")).to_be_visible()
    page.get_by_role("button", name="Load More").click()
    expect(cards(page)).to_have_count(3)
    expect(page.get_by_role("button", name="Load More")).to_have_count(0)
    names = sorted(cards(page).get_by_role("heading").all_inner_texts())
    assert names == ["Phone 1", "Phone 2", "Phone 3"]

    page.reload()
    expect(page.get_by_label("Phones", exact=True)).to_be_checked()
    expect(page.get_by_label("Shirts", exact=True)).not_to_be_checked()
    expect(page.get_by_label("₹350 to ₹599", exact=True)).to_be_checked()
    expect(page.get_by_text("Showing 2 of 3")).to_be_visible()

    # The open top band (decision F1) and a second category.
    page.get_by_label("₹1,000 or more", exact=True).check()
    page.get_by_label("Shirts", exact=True).check()
    expect(cards(page)).to_have_count(1)
    expect(card(page, "Silk Shirt")).to_be_visible()
    page.get_by_label("Phones", exact=True).uncheck()
    page.get_by_label("₹0 to ₹199", exact=True).check()
    expect(page.get_by_text("No Products Found")).to_be_visible()

    page.get_by_role("button", name="RESET FILTERS").click()
    url_is(page, base_url, "/", "")
    expect(page.get_by_label("Shirts", exact=True)).not_to_be_checked()
    expect(page.get_by_label("₹0 to ₹199", exact=True)).not_to_be_checked()
    expect(page.get_by_text("Showing 2 of 6")).to_be_visible()


CLICK_AND_READ = """input => { input.click(); return input.checked; }"""


def test_a_filter_box_is_ticked_as_soon_as_it_is_clicked(page, base_url):
    """The boxes are controlled by the URL. Had the URL change waited for a React
    transition, the box would read unticked right after the click (and a slow machine's
    Playwright check() would fail, as CI once did)."""
    phones = CategoryFactory(name="Phones")
    ProductFactory(name="Phone 1", category=phones)
    ProductFactory(name="Linen Shirt", category=CategoryFactory(name="Shirts"))

    page.goto(base_url + "/")
    expect(page.get_by_text("Showing 2 of 2")).to_be_visible()
    assert page.get_by_label("Phones", exact=True).evaluate(CLICK_AND_READ) is True
    assert page.get_by_label("₹0 to ₹199", exact=True).evaluate(CLICK_AND_READ) is True
    url_is(page, base_url, "/", rf"\?category={phones.pk}&price=0")
    assert page.get_by_label("Phones", exact=True).evaluate(CLICK_AND_READ) is False
    url_is(page, base_url, "/", r"\?price=0")


AFTER_FRAMES = """n => new Promise(done => {
  const next = left => (left ? requestAnimationFrame(() => next(left - 1)) : done());
  next(n);
})"""
COUNT_LAYOUT_SHIFT = """window.layoutShift = 0;
new PerformanceObserver(list => list.getEntries().forEach(entry => {
  if (!entry.hadRecentInput) window.layoutShift += entry.value;
})).observe({ type: 'layout-shift', buffered: true });"""


def test_on_a_phone_the_cards_wait_for_the_filters_above_them(page, base_url):
    """The cards wait for the category filters (on wide screens beside them; on a phone
    in the drawer behind the Filters button): nothing arriving late pushes the list down
    (layout shift). The navbar and home also share one category request."""
    phones = CategoryFactory(name="Phones")
    for n in range(3):
        ProductFactory(name=f"Phone {n}", category=phones)
    for n in range(6):
        CategoryFactory(name=f"Kind {n}")
    page.set_viewport_size(PHONE)
    page.add_init_script(COUNT_LAYOUT_SHIFT)
    calls = []
    page.on("request", lambda r: "/category/get-category" in r.url and calls.append(r.url))
    held = HeldRoute(page, re.compile(r".*/api/v1/category/get-category$"))

    # The first visit to / carries its categories (e2e/test_first_visit_budget.py): home
    # asks for them when reached from another page.
    page.goto(base_url + "/about")
    with page.expect_response(re.compile(r".*/product-list/1$")):
        page.get_by_role("link", name="ShopSphere", exact=True).click()
    page.evaluate(AFTER_FRAMES, 10)
    expect(page.get_by_role("status").filter(has_text="Loading")).to_be_visible()
    expect(cards(page)).to_have_count(0)
    held.wait()
    assert len(held) == 1

    held.release()
    expect(cards(page)).to_have_count(3)
    page.evaluate(AFTER_FRAMES, 3)
    assert page.evaluate("window.layoutShift") < 0.01
    assert calls == [base_url + "/api/v1/category/get-category"]
    page.get_by_role("button", name="Filters").click()
    expect(page.get_by_role("dialog").get_by_label("Kind 5", exact=True)).to_be_visible()


def test_the_product_photo_keeps_its_box_while_it_loads(page, base_url):
    """The details photo's box is sized before the photo arrives, whatever the photo's
    shape: a 4:3 photo in a 10:7 box used to push the details below it down on a phone
    when it loaded (Lighthouse counted the shift)."""
    ProductFactory(name="Mi LED TV", slug="mi-led-tv", with_photo=True)  # a 4:3 photo
    page.set_viewport_size(PHONE)
    page.add_init_script(COUNT_LAYOUT_SHIFT)
    held = HeldRoute(page, re.compile(r".*/api/v1/product/product-photo/\d+\?.*"))
    # The photo is in the server's HTML: the load event waits for it.
    page.goto(base_url + "/product/mi-led-tv", wait_until="domcontentloaded")
    photo = page.get_by_role("img", name="Mi LED TV")
    expect(photo).to_be_visible()
    held.wait()
    # Measured once React has taken the server's markup over (its button is enabled).
    expect(page.get_by_role("button", name="Add to Cart", exact=True)).to_be_enabled()
    facts = page.locator("dl.product-facts")
    before = (photo.bounding_box()["height"], facts.bounding_box()["y"])

    held.release()
    expect(photo).to_have_js_property("complete", True)
    assert photo.evaluate("img => img.naturalWidth") > 0
    page.evaluate(AFTER_FRAMES, 3)
    assert (photo.bounding_box()["height"], facts.bounding_box()["y"]) == before
    assert page.evaluate("window.layoutShift") == 0


def test_home_lists_the_products_when_the_category_call_fails(page, base_url):
    """A category failure is only logged (spec section 8): the list and the price filters
    still work, and no empty category box is left."""
    ProductFactory(name="Solar Lamp", category=CategoryFactory(name="Lighting"))
    page.route(re.compile(r".*/api/v1/category/get-category$"), lambda route: route.abort())
    page.goto(base_url + "/about")  # the first visit to / would carry the categories
    page.get_by_role("link", name="ShopSphere", exact=True).click()
    expect(card(page, "Solar Lamp")).to_be_visible()
    expect(page.get_by_text("Showing 1 of 1")).to_be_visible()
    expect(page.get_by_label("₹0 to ₹199", exact=True)).to_be_visible()
    expect(page.get_by_text("Filter By Category")).to_have_count(0)


def test_home_lists_the_products_when_the_category_call_hangs(page, base_url):
    """The cards wait for the category filters only a short while (3 s): a call that
    never answers (no HTTP timeout) must not keep the products away for good. The filters
    then arrive in the space kept for them."""
    ProductFactory(name="Solar Lamp", category=CategoryFactory(name="Lighting"))
    # A tablet: the filters sit in the side card (a phone has them in a drawer).
    page.set_viewport_size({"width": 800, "height": 1024})
    page.add_init_script(COUNT_LAYOUT_SHIFT)
    held = HeldRoute(page, re.compile(r".*/api/v1/category/get-category$"))
    page.goto(base_url + "/about")  # the first visit to / would carry the categories
    page.get_by_role("link", name="ShopSphere", exact=True).click()
    expect(card(page, "Solar Lamp")).to_be_visible()
    expect(page.get_by_label("₹0 to ₹199", exact=True)).to_be_visible()
    filters = page.get_by_role("group", name="Filter By Category")
    expect(filters.get_by_role("status")).to_have_text("Loading categories ...")
    page.evaluate(AFTER_FRAMES, 3)
    before = page.evaluate("window.layoutShift")

    held.release()
    expect(filters.get_by_label("Lighting", exact=True)).to_be_visible()
    expect(filters.get_by_role("status")).to_have_count(0)
    page.evaluate(AFTER_FRAMES, 3)
    assert page.evaluate("window.layoutShift") - before < 0.01


# --- product details, categories, search --------------------------------------------------


def test_product_details_with_similar_products_and_cart_buttons(page, base_url):
    audio = CategoryFactory(name="Audio")
    ProductFactory(
        name="Studio Headphones",
        description="Closed-back headphones with a detachable cable.",
        price=Decimal("4999"),
        category=audio,
    )
    ProductFactory(name="Pocket Speaker", price=Decimal("899"), category=audio)
    ProductFactory(name="Lonely Lamp", category=CategoryFactory(name="Lighting"))

    page.goto(base_url + "/product/studio-headphones")
    expect(page).to_have_title("Studio Headphones - ShopSphere")
    expect(page.get_by_role("heading", level=1)).to_have_text("Studio Headphones")
    facts = page.locator("dl.product-facts")
    expect(facts).to_contain_text("Closed-back headphones with a detachable cable.")
    expect(facts).to_contain_text("₹4,999")
    expect(facts.get_by_role("link", name="Audio")).to_have_attribute("href", "/category/audio")
    expect(page.get_by_role("img", name="Studio Headphones")).to_have_attribute("height", "420")

    similar = page.get_by_role("region", name="Similar Products")
    expect(similar.locator("article")).to_have_count(1)
    similar.get_by_role("button", name="Add to Cart: Pocket Speaker").click()
    expect(cart_link(page, 1)).to_be_visible()
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    expect(cart_link(page, 2)).to_be_visible()

    similar.get_by_role("link", name="More Details: Pocket Speaker").click()
    url_is(page, base_url, "/product/pocket-speaker")
    expect(page.locator("dl.product-facts")).to_contain_text("₹899")
    expect(similar.get_by_role("heading", name="Studio Headphones")).to_be_visible()

    page.get_by_role("link", name="GO TO CART").click()
    url_is(page, base_url, "/cart")
    expect(page.get_by_text("You have 2 items in your cart.")).to_be_visible()

    page.goto(base_url + "/product/lonely-lamp")
    expect(page.get_by_text("No Similar Products found")).to_be_visible()
    page.goto(base_url + "/product/no-such-thing")
    expect(page.get_by_role("heading", name="Product not found")).to_be_visible()


def test_categories_lead_to_their_products_with_working_buttons(page, base_url):
    electronics = CategoryFactory(name="Electronics", slug="electronics")
    CategoryFactory(name="Clothing", slug="clothing")
    ProductFactory(name="Tablet Ten", price=Decimal("15999"), category=electronics)
    ProductFactory(name="Smart Plug", price=Decimal("749"), category=electronics)

    page.goto(base_url + "/categories")
    expect(page.get_by_role("heading", name="All Categories")).to_be_visible()
    expect(page.locator("main").get_by_role("link", name="Clothing")).to_have_attribute(
        "href", "/category/clothing"
    )
    page.locator("main").get_by_role("link", name="Electronics").click()
    url_is(page, base_url, "/category/electronics")
    expect(page.get_by_role("heading", name="Category - Electronics")).to_be_visible()
    expect(page.get_by_text("2 results found")).to_be_visible()
    expect(card(page, "Smart Plug").get_by_text("₹749")).to_be_visible()

    # Decision F2: ADD TO CART and More Details work here as on home.
    add_to_cart(page, "Smart Plug")
    expect(cart_link(page, 1)).to_be_visible()
    page.get_by_role("link", name="More Details: Tablet Ten").click()
    url_is(page, base_url, "/product/tablet-ten")

    page.goto(base_url + "/category/clothing")
    expect(page.get_by_text("0 results found")).to_be_visible()
    # The footer's /categories/{slug} links land on the category screen (F8).
    page.goto(base_url + "/categories/electronics")
    url_is(page, base_url, "/category/electronics")
    expect(page.get_by_role("heading", name="Category - Electronics")).to_be_visible()


def test_category_screen_is_paged_and_load_more_brings_the_rest(page, base_url, settings):
    settings.PRODUCTS_PER_PAGE = 3
    lamps = CategoryFactory(name="Lamps", slug="lamps")
    ProductFactory(name="Desk Fan", category=CategoryFactory(name="Fans"))
    for n in range(5):
        ProductFactory(name=f"Lamp {n}", category=lamps)

    requests = []
    page.on(
        "request",
        lambda request: "/product-category/" in request.url and requests.append(request.url),
    )
    held = HeldRoute(page, re.compile(r".*/api/v1/product/product-category/lamps\?page=2$"))
    page.goto(base_url + "/category/lamps")
    expect(page.get_by_role("heading", name="Category - Lamps")).to_be_visible()
    # The count is the category's, not the page's; only the first page was fetched.
    expect(page.get_by_text("5 results found")).to_be_visible()
    expect(cards(page)).to_have_count(3)
    expect(card(page, "Lamp 4")).to_be_visible()  # newest first
    # The first page came with the page itself: React did not fetch it again.
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()  # React is on
    assert requests == []

    page.get_by_role("button", name="Load More").click()
    expect(page.get_by_role("button", name="Loading ...")).to_be_disabled()
    held.release()
    expect(cards(page)).to_have_count(5)
    expect(card(page, "Lamp 0")).to_be_visible()
    expect(page.get_by_role("button", name="Load More")).to_have_count(0)
    expect(page.get_by_text("5 results found")).to_be_visible()
    expect(page.get_by_text("Desk Fan")).to_have_count(0)


def test_search_from_the_navbar_blank_keyword_sends_nothing_and_reload_keeps_results(
    page, base_url
):
    ProductFactory(name="Mechanical Keyboard", description="Hot-swappable switches, RGB.")
    ProductFactory(name="Keyboard Cover", description="Silicone cover for laptops.")
    ProductFactory(name="Desk Mat", description="A large mat for your keyboard and mouse.")
    searches = []
    page.on(
        "request",
        lambda request: "/api/v1/product/search/" in request.url and searches.append(request),
    )

    page.goto(base_url + "/about")
    box = page.get_by_role("combobox", name="Search products")
    box.fill("   ")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(toast(page, "Please type something to search for")).to_be_visible()
    url_is(page, base_url, "/about", "")
    assert searches == []

    # The toast shows below the navbar, so the search box and button stay free to click
    # while it lives (pointing at a toast would pause it for as long).
    # (It slides in from above, so this waits for it to settle below the navbar.)
    wait_until_below_the_navbar(page, toast(page, "Please type something to search for"))
    box.fill("keyboard")
    page.get_by_role("button", name="Search", exact=True).click(timeout=2_000)
    url_is(page, base_url, "/search", r"\?q=keyboard")
    expect(page.get_by_text("Found 3")).to_be_visible()
    expect(box).to_have_value("keyboard")
    add_to_cart(page, "Desk Mat")
    expect(cart_link(page, 1)).to_be_visible()

    page.reload()
    expect(page.get_by_text("Found 3")).to_be_visible()
    page.get_by_role("link", name="More Details: Keyboard Cover").click()
    url_is(page, base_url, "/product/keyboard-cover")

    box.fill("zzzz-nothing")
    box.press("Enter")
    url_is(page, base_url, "/search", r"\?q=zzzz-nothing")
    expect(page.get_by_text("No Products Found")).to_be_visible()
    expect(cards(page)).to_have_count(0)


def test_all_products_page_is_paged(page, base_url, settings):
    settings.PRODUCTS_PER_PAGE = 3
    for n in range(7):
        ProductFactory(name=f"Item {n}")
    page.goto(base_url + "/products")
    expect(page.get_by_role("heading", name="All Products")).to_be_visible()
    expect(page.get_by_text("7 products · page 1 of 3")).to_be_visible()
    expect(cards(page)).to_have_count(3)
    pages = page.get_by_role("navigation", name="Product pages")
    pages.get_by_role("link", name="Next").click()
    url_is(page, base_url, "/products", r"\?page=2")
    expect(page.get_by_text("7 products · page 2 of 3")).to_be_visible()
    pages.get_by_role("link", name="3", exact=True).click()
    expect(cards(page)).to_have_count(1)
    expect(card(page, "Item 0")).to_be_visible()
    expect(pages.get_by_role("link", name="3", exact=True)).to_have_attribute(
        "aria-current", "page"
    )


# --- cart -------------------------------------------------------------------------------


def test_guest_cart_then_login_returns_to_the_cart_with_the_address(page, base_url):
    desc = "Fifty characters exactly are shown of this long product description here."
    ProductFactory(name="Trail Shoes", description=desc, price=Decimal("2999.50"))
    ProductFactory(name="Water Bottle", price=Decimal("349"))
    shopper = UserFactory(name="Kavya Rao", address="21 Park Street, Kolkata 700016")

    page.goto(base_url + "/")
    expect(cart_link(page, 0)).to_be_visible()
    add_to_cart(page, "Trail Shoes")
    add_to_cart(page, "Water Bottle")
    add_to_cart(page, "Trail Shoes")
    expect(cart_link(page, 3)).to_be_visible()
    cart_link(page, 3).click()

    url_is(page, base_url, "/cart")
    expect(page.get_by_role("heading", name="Hello Guest")).to_be_visible()
    expect(
        page.get_by_text("You have 3 items in your cart. Please log in to check out.")
    ).to_be_visible()
    # Trail Shoes twice is one line with quantity 2.
    expect(page.get_by_text(desc[:50] + "...", exact=True)).to_have_count(1)
    expect(page.get_by_text("Total: ₹6,348")).to_be_visible()

    page.reload()  # the cart is kept in local storage
    expect(page.get_by_text("Total: ₹6,348")).to_be_visible()
    page.get_by_role("button", name="Remove: Trail Shoes").first.click()
    expect(page.get_by_text("Total: ₹349")).to_be_visible()
    expect(page.get_by_role("button", name="Remove: Trail Shoes")).to_have_count(0)
    expect(cart_link(page, 1)).to_be_visible()

    expect(page.get_by_text("Please login to proceed with checkout.")).to_be_visible()
    page.get_by_role("button", name="Please login to checkout").click()
    url_is(page, base_url, "/login")
    log_in(page, base_url, shopper)

    url_is(page, base_url, "/cart")
    expect(page.get_by_role("heading", name="Hello Kavya Rao")).to_be_visible()
    expect(page.get_by_text("You have 1 item in your cart.", exact=True)).to_be_visible()
    summary = page.get_by_role("region", name="Cart Summary")
    # The profile's address, above Update Address, and again in the review of the order.
    address = summary.get_by_role("paragraph").filter(has_text="21 Park Street, Kolkata 700016")
    expect(address).to_be_visible()
    review = summary.get_by_role("region", name="Review your order")
    expect(review.get_by_test_id("review-address")).to_have_text("21 Park Street, Kolkata 700016")
    summary.get_by_role("button", name="Update Address").click()
    url_is(page, base_url, "/dashboard/user/profile")


def test_signed_in_user_without_address_is_sent_to_the_profile(page, base_url):
    shopper = UserFactory(name="Arjun Das", address="")
    page.goto(base_url + "/login")
    log_in(page, base_url, shopper)
    url_is(page, base_url, "/")
    page.goto(base_url + "/cart")
    expect(page.get_by_text("Your Cart Is Empty")).to_be_visible()
    expect(page.get_by_text("Please login to proceed with checkout.")).to_have_count(0)
    expect(page.get_by_text("Current Address")).to_have_count(0)
    page.get_by_role("button", name="Update Address").click()
    url_is(page, base_url, "/dashboard/user/profile")


# --- navbar -----------------------------------------------------------------------------


def test_navbar_categories_dropdown_user_menu_by_role_and_logout(page, base_url):
    CategoryFactory(name="Cameras", slug="cameras")
    admin = AdminFactory(name="Store Admin")
    page.goto(base_url + "/")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Register")).to_be_visible()
    expect(nav.get_by_role("link", name="Login")).to_be_visible()

    # Keyboard: open with Enter, move with the arrow keys, close with Escape.
    toggle = nav.get_by_role("button", name="Categories")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    # The categories come from the API: on a loaded machine they can arrive after the menu
    # opens, and the arrow keys move through what is there (seen once in `make test`).
    expect(nav.get_by_role("link", name="Cameras")).to_be_visible()
    page.keyboard.press("ArrowDown")
    expect(nav.get_by_role("link", name="All Categories")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(nav.get_by_role("link", name="Cameras")).to_be_focused()
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    expect(nav.get_by_role("link", name="Cameras")).to_be_hidden()
    toggle.click()
    nav.get_by_role("link", name="Cameras").click()
    url_is(page, base_url, "/category/cameras")
    expect(toggle).to_have_attribute("aria-expanded", "false")

    page.goto(base_url + "/login")
    log_in(page, base_url, admin)
    url_is(page, base_url, "/dashboard/admin")  # an admin's sign-in lands on the dashboard
    page.goto(base_url + "/")
    expect(nav.get_by_role("link", name="Login")).to_have_count(0)
    nav.get_by_role("button", name="Store Admin").click()
    nav.get_by_role("link", name="Dashboard").click()
    url_is(page, base_url, "/dashboard/admin")

    nav.get_by_role("button", name="Store Admin").click()
    nav.get_by_role("button", name="Logout").click()
    expect(toast(page, "Logout Successfully")).to_be_visible()
    url_is(page, base_url, "/login")
    expect(nav.get_by_role("link", name="Register")).to_be_visible()
    assert page.evaluate("() => window.localStorage.getItem('auth')") is None


def test_shopper_dashboard_link_goes_to_the_user_dashboard(page, base_url):
    shopper = UserFactory(name="Neha Shah")
    page.goto(base_url + "/login")
    log_in(page, base_url, shopper)
    nav = page.get_by_role("navigation", name="Main")
    nav.get_by_role("button", name="Neha Shah").click()
    expect(nav.get_by_role("link", name="Dashboard")).to_have_attribute("href", "/dashboard/user")


FIXED = re.compile(r"\bfixed-top\b")


def a_home_taller_than_the_window(page, base_url):
    """Home with eight products (two pages of cards), loaded; returns the navbar."""
    for n in range(8):
        ProductFactory(name=f"Tall {n}")
    page.goto(base_url + "/")
    expect(cards(page)).to_have_count(6)
    return page.get_by_role("navigation", name="Main")


def test_navbar_is_fixed_to_the_top_after_100px_of_scroll(page, base_url):
    nav = a_home_taller_than_the_window(page, base_url)
    expect(nav).not_to_have_class(FIXED)
    page.evaluate("() => window.scrollTo(0, 90)")
    expect(nav).not_to_have_class(FIXED)
    page.evaluate("() => window.scrollTo(0, 400)")
    expect(nav).to_have_class(FIXED)
    assert nav.bounding_box()["y"] == 0
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(nav).not_to_have_class(FIXED)


def test_the_page_does_not_move_when_the_navbar_fixes_itself(page, base_url):
    # Fixed to the top, the bar leaves a spacer of its height in its place. The spacer
    # had no height in the render that fixed the bar (measured only afterwards): for that
    # layout the page was a bar shorter, and Chrome moved it under a click about to land
    # (the Load More test failed now and then, its click a bar's height off the button).
    nav = a_home_taller_than_the_window(page, base_url)
    more = page.get_by_role("button", name="Load More")
    where = "el => el.getBoundingClientRect().top + window.scrollY"
    before = more.evaluate(where)
    for y in (150, 60, 400, 0, 250):  # fixing and releasing the bar, back and forth
        page.evaluate("y => window.scrollTo(0, y)", y)
        if y > 100:
            expect(nav).to_have_class(FIXED)
        else:
            expect(nav).not_to_have_class(FIXED)
        page.evaluate(TWO_FRAMES)  # any scrolling the new layout caused has happened
        assert page.evaluate("() => window.scrollY") == y
        assert more.evaluate(where) == before, y


def test_phone_viewport_collapses_the_navbar_behind_a_toggle(page, base_url):
    CategoryFactory(name="Wearables", slug="wearables")
    ProductFactory(name="Fitness Band", category=CategoryFactory(name="Fitness"))
    page.set_viewport_size(PHONE)
    page.goto(base_url + "/")
    nav = page.get_by_role("navigation", name="Main")
    menu = nav.get_by_role("button", name="Toggle navigation")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(nav.get_by_role("link", name="Home")).to_be_hidden()
    # The cart (with its count) and the search box stay in the bar.
    expect(page.get_by_role("combobox", name="Search products")).to_be_visible()
    expect(cart_link(page, 0)).to_be_visible()

    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(nav.get_by_role("link", name="Home")).to_be_visible()
    nav.get_by_role("button", name="Categories").click()
    nav.get_by_role("link", name="Wearables").click()
    url_is(page, base_url, "/category/wearables")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(nav.get_by_role("link", name="Home")).to_be_hidden()

    # Cards fit the phone's width; the footer stacks under them.
    page.goto(base_url + "/")
    band = card(page, "Fitness Band")
    expect(band).to_be_visible()
    assert band.bounding_box()["width"] <= PHONE["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    menu.click()
    page.get_by_role("combobox", name="Search products").fill("band")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.get_by_text("Found 1")).to_be_visible()


def test_on_a_phone_a_toast_never_covers_the_open_menu(page, base_url):
    """Toasts stay clear of the navbar; on a phone the open menu makes the bar taller, and
    a toast showing then still does not cover its links (toasts sit at the bottom)."""
    page.set_viewport_size(PHONE)
    page.goto(base_url + "/about")
    nav = page.get_by_role("navigation", name="Main")
    menu = nav.get_by_role("button", name="Toggle navigation")
    menu.click()
    page.get_by_role("button", name="Search", exact=True).click()  # empty: an error toast
    expect(menu).to_have_attribute("aria-expanded", "false")
    empty = toast(page, "Please type something to search for")
    expect(empty).to_be_visible()
    wait_until_below_the_navbar(page, empty)

    menu.click()
    expect(nav.get_by_role("link", name="Home")).to_be_visible()
    assert nav.bounding_box()["height"] > 200
    wait_until_below_the_navbar(page, empty, timeout=1_500)


SIDEWAYS = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def assert_no_sideways_scroll(page, where):
    scroll_width, inner_width = page.evaluate(SIDEWAYS)
    assert scroll_width <= inner_width, f"{where} scrolls sideways: {scroll_width} > {inner_width}"


def test_on_a_phone_no_screen_of_a_shoppers_visit_scrolls_sideways(page, base_url):
    """The dashboard screens once sat in a full-width container with margins, wider than
    the phone. Each screen of a visit is checked once its content is in."""
    ProductFactory(
        name="Travel Adapter",
        description="A universal travel adapter with two USB-C ports and surge protection.",
        category=CategoryFactory(name="Accessories"),
    )
    shopper = UserFactory(name="Ishaan Mehta", address="12 Hill Road, Bandra West, Mumbai 400050")
    page.set_viewport_size(PHONE)

    page.goto(base_url + "/about")
    expect(page.get_by_role("img", name=re.compile("shop front"))).to_have_js_property(
        "complete", True
    )
    assert_no_sideways_scroll(page, "about")

    page.goto(base_url + "/product/travel-adapter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Travel Adapter")
    assert_no_sideways_scroll(page, "product details")
    page.get_by_role("button", name="Add to Cart", exact=True).click()

    page.get_by_role("link", name="GO TO CART").click()
    expect(page.get_by_text("Total: ")).to_be_visible()
    assert_no_sideways_scroll(page, "cart")
    # A new screen starts with focus on the main area (the clicked link is gone) ...
    expect(page.locator("main")).to_be_focused()

    page.get_by_role("button", name="Please login to checkout").click()
    expect(page.get_by_role("button", name="Login")).to_be_visible()
    # ... unless the screen focused its first field itself.
    expect(page.get_by_label("Email address", exact=True)).to_be_focused()
    assert_no_sideways_scroll(page, "login")
    log_in(page, base_url, shopper)
    url_is(page, base_url, "/cart")

    page.goto(base_url + "/dashboard/user")
    expect(page.get_by_role("heading", name="Welcome, Ishaan Mehta!")).to_be_visible()
    assert_no_sideways_scroll(page, "user dashboard")

    page.get_by_role("button", name="Update Address").click()
    expect(page.get_by_role("heading", name="USER PROFILE")).to_be_visible()
    assert_no_sideways_scroll(page, "profile")

    page.get_by_role("link", name="Orders").click()
    expect(page.get_by_role("heading", name="All Orders")).to_be_visible()
    assert_no_sideways_scroll(page, "orders")


# --- layout, footer and information pages -------------------------------------------------


def test_footer_links_resolve_and_information_pages_have_content(page, base_url):
    CategoryFactory(name="Electronics", slug="electronics")
    CategoryFactory(name="Clothing", slug="clothing")
    page.goto(base_url + "/")
    # Measured once React has replaced the server's markup (a node it removes measures 0).
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    main_height = page.locator("main").evaluate("m => m.getBoundingClientRect().height")
    assert main_height >= 0.7 * page.viewport_size["height"] - 1
    # The shop's own description; the leftover "mern,react,node,mongodb" keywords are gone.
    expect(page.locator('meta[name="description"]')).to_have_attribute(
        "content", re.compile(r"^ShopSphere: tech gadgets, electronics and clothing")
    )
    expect(page.locator('meta[name="keywords"]')).to_have_count(0)

    footer = page.get_by_role("contentinfo")
    expect(footer).to_contain_text("stay up to date on the latest tech")
    expect(footer).to_contain_text(f"© {date.today().year} ShopSphere")
    for name in ("Facebook", "Instagram", "X"):
        expect(footer.get_by_role("link", name=f"ShopSphere on {name}")).to_be_visible()
    expect(footer.get_by_role("link", name=re.compile("support@"))).to_have_attribute(
        "href", re.compile(r"^mailto:")
    )
    # The customer care phone (the grievance officer's follows it).
    expect(footer.get_by_role("link", name=re.compile(r"\+91")).first).to_have_attribute(
        "href", re.compile(r"^tel:")
    )
    expect(footer.get_by_role("link", name=re.compile("ShopSphere website"))).to_have_attribute(
        "target", "_blank"
    )

    visits = [
        ("About", "/about", "About us", "ships across India"),
        ("Contact", "/contact", "CONTACT US", "available 24/7"),
        ("Privacy Policy", "/policy", "Privacy Policy", "never sell your data"),
        # What the shop does, from its settings: cash on delivery up to the cap.
        ("FAQ", "/faq", "Frequently asked questions", "up to ₹50,000"),
        ("Returns", "/returns", "Returns and refunds", "within 7 days"),
        ("Terms of Use", "/terms", "Terms of Use", "Prices are in Indian rupees"),
        ("Electronics", "/category/electronics", "Category - Electronics", "0 results found"),
        ("Clothing", "/category/clothing", "Category - Clothing", "0 results found"),
        ("All Products", "/products", "All Products", "0 products"),
    ]
    for link, path, heading, text in visits:
        footer.get_by_role("link", name=link, exact=True).click()
        url_is(page, base_url, path)
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
        expect(page.locator("main")).to_contain_text(text)

    page.goto(base_url + "/contact")
    contact = page.locator("main")
    expect(contact.get_by_text("E-mail:", exact=True)).to_be_visible()
    expect(contact.get_by_text("Toll-free:")).to_be_visible()
    expect(contact.get_by_role("link", name="1800 200 7788")).to_be_visible()


def test_unknown_path_shows_the_not_found_page(page, base_url):
    page.goto(base_url + "/no/such/page")
    main = page.locator("main")
    expect(main.get_by_text("404", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Oops! Page Not Found")).to_be_visible()
    expect(
        main.get_by_text(
            "The page you are looking for doesn't exist. Let's go back to a safer place!",
            exact=True,
        )
    ).to_be_visible()
    main.get_by_role("link", name="Go Back").click()
    url_is(page, base_url, "/", "")
