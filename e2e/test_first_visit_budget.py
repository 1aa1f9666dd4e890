"""The first visit to `/` on a phone: what the home page shows on its first render rides
along in the HTML (`#initial-data`), so no API call is made before the shopper does
something, axios (loaded with the first API call) stays out, and the JavaScript loaded
fits the 110 KB gzipped budget (bench/lighthouse.py measures the same on a real server).
The first search then brings axios in and works."""

import gzip
import re
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "static" / "dist"
BUDGET_BYTES = 110 * 1024
PHONE = {"width": 390, "height": 844}
AXIOS_CHUNK = re.compile(r"/static/dist/axios\.[0-9a-f]+\.js$")


def gzip_bytes(path: str) -> int:
    """The file's size gzipped at the level the server compresses with (WhiteNoise: 9)."""
    name = path.removeprefix("/static/dist/")
    assert "/" not in name, f"a script from outside the bundle: {path}"
    return len(gzip.compress((DIST / name).read_bytes(), compresslevel=9))


@pytest.fixture
def shop():
    audio = CategoryFactory(name="Audio", slug="audio")
    phones = CategoryFactory(name="Smartphones", slug="smartphones")
    ProductFactory(name="Sony WH-1000XM5", category=audio, price=Decimal("15299"))
    ProductFactory(name="Samsung Galaxy M34 5G", category=phones, price=Decimal("16999"))
    ProductFactory(name="Apple iPhone 15", category=phones, price=Decimal("79900"))


def test_the_first_visit_asks_no_api_and_stays_within_the_budget(page, base_url, shop):
    page.set_viewport_size(PHONE)
    scripts: list[str] = []
    api: list[str] = []

    def seen(request):
        path = urlparse(request.url).path
        # Product photos are served under /api/ too; they are images, not API calls.
        if path.startswith("/api/") and request.resource_type != "image":
            api.append(f"{request.method} {path}")
        elif request.resource_type == "script":
            scripts.append(path)

    page.on("request", seen)
    page.goto(f"{base_url}/", wait_until="networkidle")

    # The first render is the server's data: products, count, shop details in the footer
    # (the category filters, in the closed drawer on a phone, are checked in vitest).
    expect(page.get_by_text("Showing 3 of 3")).to_be_visible()
    expect(page.get_by_role("link", name="Apple iPhone 15", exact=True)).to_be_visible()
    expect(page.locator("footer")).to_contain_text("GSTIN")

    assert api == [], f"API calls on the first visit: {api}"
    assert not [s for s in scripts if AXIOS_CHUNK.search(s)], scripts
    weight = sum(gzip_bytes(path) for path in scripts)
    assert scripts and weight <= BUDGET_BYTES, (
        f"{weight / 1024:.1f} KB of JavaScript gzipped: {scripts}"
    )

    # The first search brings axios in and works.
    box = page.get_by_role("combobox", name="Search products")
    with page.expect_response(lambda r: AXIOS_CHUNK.search(urlparse(r.url).path)):
        box.focus()
        page.keyboard.type("galaxy", delay=40)
        page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/search\?q=galaxy$"))
    expect(page.get_by_text("Found 1")).to_be_visible()
    expect(page.get_by_role("link", name="Samsung Galaxy M34 5G", exact=True)).to_be_visible()
    assert any(call.startswith("GET /api/v1/product/search/") for call in api), api


def test_coming_back_home_fetches_as_usual(page, base_url, shop):
    page.set_viewport_size(PHONE)
    api: list[str] = []
    page.on(
        "request",
        lambda r: (
            api.append(urlparse(r.url).path)
            if "/api/" in r.url and r.resource_type != "image"
            else None
        ),
    )
    page.goto(f"{base_url}/", wait_until="networkidle")
    assert api == []
    page.get_by_role("link", name="Apple iPhone 15", exact=True).click()
    expect(page).to_have_url(re.compile(r"/product/apple-iphone-15$"))
    # The product page's own heading (the card on home has one of the same name, and
    # home, still shown while the product page starts, must not pass for it).
    expect(page.get_by_role("heading", name="Apple iPhone 15", level=1)).to_be_visible()
    with (
        page.expect_request(lambda r: "/api/v1/product/product-list/1" in r.url),
        page.expect_request(lambda r: "/api/v1/product/product-count" in r.url),
        page.expect_request(lambda r: "/api/v1/product/option-facets" in r.url),
    ):
        page.go_back()
    expect(page.get_by_text("Showing 3 of 3")).to_be_visible()
