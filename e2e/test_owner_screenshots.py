"""Pictures of the owner's dashboard, the admin products table and the phone cart.

They land in a temporary folder; to refresh the ones in docs/ run
`SCREENSHOTS_DIR=docs/screenshots .venv/bin/pytest e2e/test_owner_screenshots.py`
(`SCREENSHOTS_STAGE=before` names them `-before`, for a build of older code).
"""

import os
from pathlib import Path

from PIL import Image
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.models import Product
from e2e.session import sign_in
from e2e.test_storefront_screenshots import seed_catalogue, wait_for_photos
from orders.models import Order, OrderLine, OrderStatus

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}


def seed_orders():
    buyer = UserFactory(name="Meera Iyer", phone="9876543210")
    laptop = Product.objects.get(name="Aero Laptop 14")
    for status in (OrderStatus.NOT_PROCESSED, OrderStatus.PROCESSING, OrderStatus.DELIVERED):
        order = Order.objects.create(
            buyer=buyer, address="8 Marine Drive, Mumbai 400002", total=laptop.price, status=status
        )
        OrderLine.objects.create(
            order=order,
            product=laptop,
            product_ref=laptop.pk,
            name=laptop.name,
            slug=laptop.slug,
            description=laptop.description,
            price=laptop.price,
            quantity=1,
        )
    Product.objects.filter(name="Linen Shirt").update(quantity=2)


def shoot(page, out, name, size):
    stage = os.environ.get("SCREENSHOTS_STAGE") or "after"
    path = out / f"{name}-{stage}.png"
    page.screenshot(path=path)
    with Image.open(path) as shot:
        assert (shot.format, shot.width) == ("PNG", size["width"])


def test_screenshots_of_the_dashboard_the_products_table_and_the_phone_cart(
    page, base_url, tmp_path
):
    seed_catalogue()
    seed_orders()
    out = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)

    sign_in(page, base_url, AdminFactory(name="Shop Owner"))
    page.set_viewport_size(LAPTOP)
    page.goto(base_url + "/dashboard/admin")
    expect(page.get_by_role("heading", name="Admin Dashboard")).to_be_attached()
    expect(page.get_by_text("Loading ...")).to_have_count(0)
    shoot(page, out, "admin-dashboard", LAPTOP)

    page.goto(base_url + "/dashboard/admin/products")
    expect(page.get_by_role("heading", name="All Products List")).to_be_visible()
    expect(page.get_by_text("Python Crash Course").first).to_be_visible()
    wait_for_photos(page)
    shoot(page, out, "admin-products", LAPTOP)

    page.evaluate("() => localStorage.removeItem('auth')")
    page.set_viewport_size(PHONE)
    page.goto(base_url + "/")
    page.get_by_role("button", name="Add to Cart: Linen Shirt").click()
    page.get_by_role("button", name="Add to Cart: Smart Watch Fit").click()
    expect(page.get_by_role("link", name="Cart, 2 items")).to_be_visible()
    page.goto(base_url + "/cart")
    expect(page.get_by_test_id("cart-sticky-bar")).to_be_visible()
    page.get_by_role("button", name="Remove: Linen Shirt").first.click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
    wait_for_photos(page)
    shoot(page, out, "phone-cart", PHONE)
