"""Server-rendered pages in Chromium: the product and category content is in the
HTML before JavaScript runs, and React takes that markup over without a flash, a jump or a
second fetch of the same data."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory

# Runs before the page's own scripts: counts every moment (mutation batch) in which the
# watched text is missing from the page after it first appeared, and any "Loading ..."
# shown in the main area outside the similar products.
WATCH = """
window.__watch = { seen: false, gaps: 0, loading: 0 };
new MutationObserver(() => {
  const w = window.__watch;
  const main = document.querySelector('main');
  const present = Boolean(main && main.textContent.includes(WATCHED));
  if (present) w.seen = true;
  else if (w.seen) w.gaps += 1;
  const statuses = Array.from(document.querySelectorAll('main [role="status"]'));
  if (statuses.some((s) => !s.closest('section') && s.textContent.includes('Loading'))) {
    w.loading += 1;
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


def watch(page, text):
    page.add_init_script(f"const WATCHED = {text!r};\n{WATCH}")


def top_of(page, locator):
    return round(locator.bounding_box()["y"])


@pytest.fixture
def headphones():
    audio = CategoryFactory(name="Audio", slug="audio")
    ProductFactory(name="Bose QC Ultra", category=audio, price=Decimal("29900"), with_photo=True)
    return ProductFactory(
        name="Sony WH-1000XM5",
        description="Wireless noise cancelling headphones with 30 hours of battery.",
        price=Decimal("15299"),
        category=audio,
        with_photo=True,
    )


def test_the_product_page_works_without_javascript(browser, base_url, headphones):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/product/{headphones.slug}")
    expect(page).to_have_title("Sony WH-1000XM5 - ShopSphere")
    main = page.locator("main")
    expect(main.get_by_text("Sony WH-1000XM5", exact=True)).to_be_visible()
    expect(main.get_by_text("₹15,299", exact=True)).to_be_visible()
    expect(main.get_by_text("30 hours of battery")).to_be_visible()
    photo = main.get_by_role("img", name="Sony WH-1000XM5")
    expect(photo).to_be_visible()
    assert photo.evaluate("img => img.complete && img.naturalWidth > 0")
    context.close()


def test_react_takes_over_the_product_page_without_a_flash_jump_or_refetch(
    browser, page, base_url, headphones
):
    path = f"/product/{headphones.slug}"
    # Where the server's markup puts the name and the photo, JavaScript off.
    still = browser.new_context(java_script_enabled=False).new_page()
    still.goto(base_url + path)
    name_top = top_of(still, still.locator("main h1"))
    photo_top = top_of(still, still.locator("main img.product-photo"))
    still.context.close()

    product_calls = []
    page.on(
        "request",
        lambda r: "/api/v1/product/get-product/" in r.url and product_calls.append(r.url),
    )
    watch(page, "Sony WH-1000XM5")
    page.goto(base_url + path)
    # React is in charge once the similar products (its own fetch) are shown.
    similar = page.get_by_role("region", name="Similar Products")
    expect(similar.get_by_role("article", name="Bose QC Ultra")).to_be_visible()
    page.wait_for_load_state("networkidle")

    watched = page.evaluate("window.__watch")
    assert watched["seen"]
    assert watched["gaps"] == 0, "the product disappeared while React took over"
    assert watched["loading"] == 0, "a loading state replaced the server's content"
    assert product_calls == [], "the product was fetched again"
    assert top_of(page, page.locator("main h1")) == name_top
    assert top_of(page, page.locator("main img.product-photo")) == photo_top
    # The buttons are React's now.
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()


def test_react_takes_over_the_category_page_without_fetching_its_first_page(
    page, base_url, headphones
):
    calls = []
    page.on(
        "request", lambda r: "/api/v1/product/product-category/" in r.url and calls.append(r.url)
    )
    watch(page, "Category - Audio")
    page.goto(f"{base_url}/category/audio")
    expect(page.get_by_role("heading", name="Category - Audio")).to_be_visible()
    expect(page.get_by_text("2 results found")).to_be_visible()
    card = page.get_by_role("article", name="Sony WH-1000XM5", exact=True)
    expect(card).to_be_visible()
    page.wait_for_load_state("networkidle")
    watched = page.evaluate("window.__watch")
    assert watched["seen"] and watched["gaps"] == 0 and watched["loading"] == 0
    assert calls == []
    card.get_by_role("button", name="Add to Cart: Sony WH-1000XM5").click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()


def test_moving_to_another_product_in_the_app_fetches_it(page, base_url, headphones):
    page.goto(f"{base_url}/product/{headphones.slug}")
    similar = page.get_by_role("region", name="Similar Products")
    with page.expect_request(lambda r: "/api/v1/product/get-product/bose-qc-ultra" in r.url):
        similar.get_by_role("link", name="More Details: Bose QC Ultra").click()
    expect(page.locator("main h1")).to_have_text("Bose QC Ultra")
    expect(page).to_have_title("Bose QC Ultra - ShopSphere")


def test_a_renamed_products_old_address_lands_on_the_new_one(page, base_url, headphones):
    from catalog import services

    old = headphones.slug
    services.product_update(product=headphones, name="Sony WH-1000XM5 Midnight")
    page.goto(f"{base_url}/product/{old}")
    expect(page).to_have_url(f"{base_url}/product/sony-wh-1000xm5-midnight")
    expect(page.locator("main h1")).to_have_text("Sony WH-1000XM5 Midnight")


def test_an_unknown_address_shows_the_not_found_page_with_a_404(page, base_url):
    response = page.goto(f"{base_url}/no/such/page")
    assert response.status == 404
    expect(page.get_by_role("heading", name="Oops! Page Not Found")).to_be_visible()
    response = page.goto(f"{base_url}/product/no-such-product")
    assert response.status == 404
    expect(page.get_by_role("heading", name="Product not found")).to_be_visible()
