"""Screenshots of home, product details and the cart against a small, realistic catalogue.

They land in a temporary folder; to refresh the README's pictures run
`SCREENSHOTS_DIR=docs/screenshots .venv/bin/pytest e2e/test_storefront_screenshots.py`.
"""

import io
import os
from decimal import Decimal
from pathlib import Path

from django.core.files.base import ContentFile
from PIL import Image, ImageDraw
from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory

CATALOGUE = [
    ("Electronics", "Aero Laptop 14", "54999", "A light 14-inch laptop with a 12-hour battery, "
     "a backlit keyboard and a crisp full-HD screen."),
    ("Electronics", "Pixel Phone 8a", "37999", "A bright 6.1-inch OLED screen, 128 GB storage "
     "and a camera that loves low light."),
    ("Electronics", "Wireless Earbuds", "2499", "Noise-cancelling earbuds with 30 hours of "
     "playback and a pocket charging case."),
    ("Electronics", "Smart Watch Fit", "3999", "Heart rate, SpO2, sleep tracking and a 10-day "
     "battery in a slim aluminium case."),
    ("Clothing", "Linen Shirt", "799", "Breathable pure linen shirt for hot Indian summers, "
     "relaxed fit."),
    ("Clothing", "Denim Jacket", "1499", "Classic blue denim jacket with brass buttons and two "
     "chest pockets."),
    ("Books", "Python Crash Course", "180", "A hands-on, project-based introduction to "
     "programming in Python."),
]  # fmt: skip
PALETTE = [
    ((13, 110, 253), (102, 16, 242)),
    ((25, 135, 84), (32, 201, 151)),
    ((220, 53, 69), (253, 126, 20)),
    ((111, 66, 193), (214, 51, 132)),
]


def product_photo(label: str, top, bottom) -> bytes:
    """A 640x400 JPEG: a vertical gradient with the product's name in a frame."""
    image = Image.new("RGB", (640, 400))
    draw = ImageDraw.Draw(image)
    for y in range(400):
        t = y / 399
        draw.line(
            [(0, y), (639, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom))
        )
    draw.rounded_rectangle([150, 100, 490, 300], radius=28, outline="white", width=6)
    draw.text((320, 200), label, fill="white", anchor="mm", font_size=30)
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=85)
    return buffer.getvalue()


def seed_catalogue():
    categories = {}
    for index, (category, name, price, description) in enumerate(CATALOGUE):
        if category not in categories:
            categories[category] = CategoryFactory(name=category)
        product = ProductFactory(
            name=name,
            description=description,
            price=Decimal(price),
            category=categories[category],
        )
        top, bottom = PALETTE[index % len(PALETTE)]
        product.photo.save(f"{product.slug}.jpg", ContentFile(product_photo(name, top, bottom)))


def wait_for_photos(page):
    page.wait_for_function(
        # The photos on the screen (a lazy one below the fold loads only when scrolled to).
        "() => Array.from(document.images)"
        ".filter(img => img.loading !== 'lazy' || img.getBoundingClientRect().top < innerHeight)"
        ".every(img => img.complete && img.naturalWidth > 0)"
    )


def assert_png(path: Path, width: int):
    with Image.open(path) as shot:
        assert shot.format == "PNG"
        assert shot.width == width
        assert shot.height > 600


def test_screenshots_of_home_details_and_cart(page, base_url, tmp_path):
    seed_catalogue()
    out = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    page.goto(base_url + "/")
    expect(page.locator("article.product-card")).to_have_count(6)
    page.get_by_role("button", name="Add to Cart: Linen Shirt").click()
    page.get_by_role("button", name="Add to Cart: Smart Watch Fit").click()
    expect(page.get_by_role("link", name="Cart, 2 items")).to_be_visible()
    # The toasts go away by themselves (2 s); the picture shows the shop, not them.
    expect(page.get_by_role("status").filter(has_text="Item Added to Cart")).to_have_count(0)
    page.evaluate("() => window.scrollTo(0, 0)")
    wait_for_photos(page)
    page.screenshot(path=out / "home.png")

    page.goto(base_url + "/product/pixel-phone-8a")
    expect(page.get_by_role("region", name="Similar Products").locator("article")).to_have_count(3)
    for img in page.locator("img").all():
        img.scroll_into_view_if_needed()
    page.evaluate("() => window.scrollTo(0, 0)")
    wait_for_photos(page)
    page.screenshot(path=out / "details.png", full_page=True)

    page.goto(base_url + "/cart")
    expect(page.get_by_text("Total: ₹4,798")).to_be_visible()
    wait_for_photos(page)
    page.screenshot(path=out / "cart.png", full_page=True)

    for name in ("home.png", "details.png", "cart.png"):
        assert_png(out / name, 1280)


PHONE = {"width": 390, "height": 844}


def test_phone_screenshots_of_home_and_the_filter_drawer(page, base_url, tmp_path):
    """The README's phone pictures (390 px): the first screen of home, then the drawer."""
    seed_catalogue()
    out = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(PHONE)

    page.goto(base_url + "/")
    expect(page.locator("article.product-card")).to_have_count(6)
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    wait_for_photos(page)
    page.screenshot(path=out / "phone-home-after.png")

    page.get_by_role("button", name="Filters").click()
    page.get_by_role("dialog", name="Filters").get_by_label("Electronics", exact=True).check()
    expect(page.get_by_role("button", name="Show 4 products")).to_be_visible()
    page.screenshot(path=out / "phone-filters-after.png")

    for name in ("phone-home-after.png", "phone-filters-after.png"):
        with Image.open(out / name) as shot:
            assert (shot.format, shot.width, shot.height) == ("PNG", 390, 844)
