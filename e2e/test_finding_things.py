"""Finding things on a phone and a laptop: home sorts by price either way (and keeps the
order on reload), a price range of the shopper's own finds "a phone under ₹15,000", the
search results sort by price with best match as the default, similar products are the
closest in price, and phones show two product columns."""

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.test_a11y import assert_accessible

VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1280, "height": 800},
}
PHONES = [
    ("Pixel Phone 8a", "37999"),
    ("Redmi Phone 13", "12999"),
    ("Galaxy Phone M14", "14499"),
    ("Nokia Phone G42", "9999"),
    ("iPhone Phone 15", "79900"),
]


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request, page):
    page.set_viewport_size(VIEWPORTS[request.param])
    return request.param


@pytest.fixture
def shop(db):
    phones = CategoryFactory(name="Phones", slug="phones")
    start = timezone.now() - timedelta(days=1)
    for minute, (name, price) in enumerate(PHONES):
        ProductFactory(
            name=name,
            description=f"{name}: a phone with a long battery life.",
            price=Decimal(price),
            category=phones,
            created_at=start + timedelta(minutes=minute),
        )
    return phones


def card_names(page):
    return page.locator("article.product-card .card-title")


def test_home_sorts_by_price_and_keeps_the_order_on_reload(page, base_url, shop, viewport):
    page.goto(base_url + "/")
    expect(card_names(page)).to_have_text([name for name, _ in reversed(PHONES)])
    page.get_by_label("Sort by").select_option(label="Price, low to high")
    cheapest_first = [n for n, _ in sorted(PHONES, key=lambda p: Decimal(p[1]))]
    expect(card_names(page)).to_have_text(cheapest_first)
    expect(page).to_have_url(re.compile(r"sort=price-asc"))
    page.reload()
    expect(card_names(page)).to_have_text(cheapest_first)
    page.get_by_label("Sort by").select_option(label="Price, high to low")
    expect(card_names(page)).to_have_text(list(reversed(cheapest_first)))
    assert_accessible(page, f"home sorted ({viewport})")


def test_a_phone_under_15000_is_found_with_a_price_range(page, base_url, shop, viewport):
    page.goto(base_url + "/")
    if viewport == "phone":
        page.get_by_role("button", name="Filters").click()
        scope = page.get_by_role("dialog", name="Filters")
    else:
        scope = page.get_by_role("complementary", name="Filters")
    expect(scope.get_by_label("₹1,000 or more", exact=True)).to_be_visible()
    scope.get_by_label("Max ₹").fill("15000")
    scope.get_by_role("button", name="Go").click()
    if viewport == "phone":
        scope.get_by_role("button", name="Show 3 products").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("All Products, up to ₹15,000")
    expect(card_names(page)).to_have_text(["Nokia Phone G42", "Galaxy Phone M14", "Redmi Phone 13"])


def test_search_results_sort_by_price_with_best_match_first_by_default(
    page, base_url, shop, viewport
):
    page.goto(base_url + "/search?q=phone")
    sort = page.get_by_label("Sort by")
    expect(sort).to_have_value("relevance")
    expect(card_names(page)).to_have_count(5)
    sort.select_option(label="Price, low to high")
    expect(card_names(page)).to_have_text(
        [n for n, _ in sorted(PHONES, key=lambda p: Decimal(p[1]))]
    )
    page.reload()
    expect(page.get_by_label("Sort by")).to_have_value("price-asc")
    expect(card_names(page).first).to_have_text("Nokia Phone G42")


def test_similar_products_are_the_closest_in_price(page, base_url, shop, viewport):
    page.goto(base_url + "/product/" + "galaxy-phone-m14")
    similar = page.get_by_role("region", name="Similar Products")
    expect(similar.locator("article .card-title")).to_have_text(
        ["Redmi Phone 13", "Nokia Phone G42", "Pixel Phone 8a"]
    )


def test_phones_show_two_product_columns(page, base_url, shop):
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(base_url + "/")
    cards = page.locator("article.product-card")
    expect(cards).to_have_count(5)
    first, second = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
    assert first["y"] == second["y"]  # side by side
    assert second["x"] + second["width"] <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
