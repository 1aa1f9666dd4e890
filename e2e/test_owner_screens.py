"""The owner's screens on a phone and a laptop: signing in lands on the dashboard, whose
figures (today, this month, waiting, low stock) are links to the screens that act on them;
the products table sorts by stock and finds by name. Both pass axe."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.tests.factories import PASSWORD, AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.test_a11y import assert_accessible
from orders.models import Order, OrderStatus

VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1280, "height": 800},
}


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request, page):
    page.set_viewport_size(VIEWPORTS[request.param])
    return request.param


def seed_shop():
    buyer = UserFactory()
    now = timezone.now()
    for total, status, when in (
        ("1499.00", OrderStatus.NOT_PROCESSED, now),
        ("250.50", OrderStatus.DELIVERED, now),
        ("9999.00", OrderStatus.CANCELLED, now),
        ("100000.00", OrderStatus.NOT_PROCESSED, now - timedelta(days=70)),
    ):
        Order.objects.create(
            buyer=buyer, address="12 MG Road", total=Decimal(total), status=status, created_at=when
        )
    gadgets = CategoryFactory(name="Gadgets")
    ProductFactory(name="Plenty Phone", quantity=40, category=gadgets, price=Decimal("14999"))
    ProductFactory(name="Last Lamp", slug="last-lamp", quantity=1, category=gadgets)
    ProductFactory(name="Sold Speaker", slug="sold-speaker", quantity=0, category=gadgets)


def log_in(page, base_url, admin):
    page.goto(base_url + "/login")
    page.get_by_label("Email address", exact=True).fill(admin.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Login").click()


def test_the_owner_lands_on_the_dashboard_and_each_figure_leads_on(page, base_url, viewport):
    seed_shop()
    log_in(page, base_url, AdminFactory())
    expect(page).to_have_url(base_url + "/dashboard/admin")
    figures = page.get_by_test_id("owner-figures")
    # Today and this month: the cancelled order left out (the 70-day-old one is older).
    today = figures.get_by_role("link", name="Today 2 orders ₹1,749.50")
    expect(today).to_be_visible()
    expect(figures.get_by_role("link", name="This month 2 orders ₹1,749.50")).to_be_visible()
    waiting = figures.get_by_role("link", name="Waiting to be processed 2 orders")
    low = figures.get_by_role("link", name="Low stock (5 or fewer left) 2 products")
    expect(low).to_be_visible()
    running_low = page.get_by_role("list", name="Running low")
    expect(running_low.get_by_role("listitem")).to_have_text(
        ["Sold Speaker: sold out", "Last Lamp: 1 left"]
    )
    assert_accessible(page, f"the dashboard ({viewport})")

    waiting.click()
    expect(page).to_have_url(base_url + "/dashboard/admin/orders?status=Not%20Processed")
    expect(page.get_by_label("Filter by status")).to_have_value("Not Processed")
    expect(page.get_by_role("article")).to_have_count(2)

    page.go_back()
    running_low.get_by_role("link", name="Last Lamp").click()
    expect(page).to_have_url(base_url + "/dashboard/admin/product/last-lamp")


def test_the_products_table_sorts_by_stock_and_finds_by_name(page, base_url, viewport):
    seed_shop()
    log_in(page, base_url, AdminFactory())
    expect(page).to_have_url(base_url + "/dashboard/admin")
    page.get_by_test_id("owner-figures").get_by_role("link", name="Low stock").click()
    expect(page).to_have_url(base_url + "/dashboard/admin/products?sort=stock")
    table = page.get_by_role("table")
    rows = table.locator("tbody tr")
    expect(rows.locator("td:nth-child(2)")).to_have_text(
        ["Sold Speaker", "Last Lamp", "Plenty Phone"]
    )
    expect(rows.first.get_by_role("img", name="Sold Speaker")).to_be_visible()
    expect(rows.nth(2)).to_contain_text("₹14,999")
    expect(rows.nth(2)).to_contain_text("Gadgets")
    assert_accessible(page, f"the products table ({viewport})")

    page.get_by_label("Sort by").select_option("-stock")
    expect(rows.locator("td:nth-child(2)")).to_have_text(
        ["Plenty Phone", "Last Lamp", "Sold Speaker"]
    )
    page.get_by_label("Product name").fill("lamp")
    page.keyboard.press("Enter")
    expect(rows).to_have_count(1)
    expect(page.get_by_text("1 product", exact=True)).to_be_visible()
    rows.first.get_by_role("link", name="Last Lamp").click()
    expect(page).to_have_url(base_url + "/dashboard/admin/product/last-lamp")
