"""Two admins edit one product in Chromium: the second save, over the first admin's
newer one, is refused; the page says so and reloads the product on request, and nothing
of the stale form reaches the database."""

from decimal import Decimal

from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory
from catalog.models import Product
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.session import sign_in

CHANGED = "This product was changed by someone else since you opened it."


def test_a_save_over_a_newer_one_is_refused_and_the_product_can_be_reloaded(page, base_url):
    admin = AdminFactory()
    product = ProductFactory(
        name="Mirrorless Camera", price=Decimal("45999"), quantity=7, category=CategoryFactory()
    )
    sign_in(page, base_url, admin)
    page.goto(f"{base_url}/dashboard/admin/product/{product.slug}")
    expect(page.get_by_label("Price")).to_have_value("45999")

    # Meanwhile another admin saves a new price through the same call.
    token = page.evaluate("() => JSON.parse(localStorage.getItem('auth')).token")
    other = page.request.put(
        f"{base_url}/api/v1/product/update-product/{product.pk}",
        multipart={"price": "39999"},
        headers={"Authorization": token},
    )
    assert other.ok, other.text()

    page.get_by_label("Quantity").fill("2")
    page.get_by_role("button", name="UPDATE PRODUCT").click()

    alert = page.get_by_role("alert").filter(has_text=CHANGED)
    expect(alert).to_be_visible()
    expect(alert).to_be_focused()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/product/{product.slug}")
    product.refresh_from_db()
    assert (product.price, product.quantity) == (Decimal("39999"), 7)

    alert.get_by_role("button", name="Reload product").click()
    expect(page.get_by_label("Price")).to_have_value("39999")
    expect(page.get_by_role("alert").filter(has_text=CHANGED)).to_have_count(0)
    page.get_by_label("Quantity").fill("2")
    page.get_by_role("button", name="UPDATE PRODUCT").click()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/products")
    assert Product.objects.get(pk=product.pk).quantity == 2
