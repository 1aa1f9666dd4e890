"""The owner's dashboard below the figures, on a phone and a laptop: what needs the owner
now (an order waiting to be processed leads to itself on All Orders, one late to ship, a
return request and a reported review leading to their screens), the sales over time of
the last 30 days with its chart (chart.js fetched in a chunk of its own) and the same figures
in the table by day, the last 7 days on a choice, and the top products. Axe clean."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.test_a11y import assert_accessible
from e2e.test_owner_screens import VIEWPORTS, log_in
from orders.models import Order, OrderLine, OrderStatus
from returns.models import Return, ReturnKind, ReturnReason, ReturnStatus
from reviews.models import Review, ReviewReport


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request, page):
    page.set_viewport_size(VIEWPORTS[request.param])
    return request.param


def sell(when, status, *lines, delivery="0"):
    """An order placed `when` with `lines` [(product, quantity)] at the product's price."""
    worth = sum((product.price * quantity for product, quantity in lines), Decimal(0))
    order = Order.objects.create(
        buyer=UserFactory(),
        address="12 MG Road, Bengaluru 560001",
        total=worth + Decimal(delivery),
        status=status,
        created_at=when,
    )
    for product, quantity in lines:
        OrderLine.objects.create(
            order=order,
            product=product,
            product_ref=product.pk,
            name=product.name,
            slug=product.slug,
            description="",
            price=product.price,
            quantity=quantity,
        )
    return order


def seed_sales():
    """Sales today, 3 days ago and 10 days ago (the last not in the last 7 days); a
    cancelled order that counts for nothing; an order waiting 3 days to be processed, one
    in Processing for 4; a return request and a reported review."""
    now = timezone.now()
    home = CategoryFactory(name="Home")
    kettle = ProductFactory(
        name="Copper Kettle", slug="copper-kettle", price=Decimal("1299"), category=home
    )
    lamp = ProductFactory(name="Desk Lamp", slug="desk-lamp", price=Decimal("450"), category=home)
    sell(now, OrderStatus.DELIVERED, (kettle, 2), delivery="49")
    sell(now - timedelta(days=3), OrderStatus.SHIPPED, (lamp, 1))
    sell(now - timedelta(days=10), OrderStatus.DELIVERED, (lamp, 3), (kettle, 1))
    sell(now - timedelta(days=2), OrderStatus.CANCELLED, (kettle, 5))
    waiting = sell(now - timedelta(days=3, hours=1), OrderStatus.NOT_PROCESSED, (lamp, 2))
    late = sell(now - timedelta(days=4), OrderStatus.PROCESSING, (lamp, 1))
    delivered = sell(now - timedelta(days=20), OrderStatus.DELIVERED, (lamp, 1))
    Return.objects.create(
        order=delivered,
        kind=ReturnKind.REFUND,
        reason=ReturnReason.DAMAGED,
        status=ReturnStatus.REQUESTED,
    )
    review = Review.objects.create(
        product=lamp, user=UserFactory(), rating=1, title="Spam", body="Buy elsewhere.", reported=1
    )
    ReviewReport.objects.create(review=review, user=UserFactory())
    return {"waiting": waiting, "late": late}


def test_the_owner_sees_sales_over_time_top_products_and_what_to_act_on(page, base_url, viewport):
    orders = seed_sales()
    log_in(page, base_url, AdminFactory())
    expect(page).to_have_url(base_url + "/dashboard/admin")

    act = page.get_by_role("region", name="Orders to act on")
    expect(act.get_by_role("link", name="1 order waiting to be processed")).to_have_attribute(
        "href", "/dashboard/admin/orders?status=Not%20Processed"
    )
    expect(
        act.get_by_role("link", name="1 order in Processing for more than 2 days, not shipped")
    ).to_be_visible()
    expect(act.get_by_role("link", name="1 return request waiting")).to_have_attribute(
        "href", "/dashboard/admin/returns?status=Requested"
    )
    expect(act.get_by_role("link", name="1 reported review to moderate")).to_have_attribute(
        "href", "/dashboard/admin/reviews?status=reported"
    )

    sales = page.get_by_role("region", name="Sales over time")
    expect(sales.get_by_role("radio", name="Last 30 days")).to_be_checked()
    # Counted: today's kettles (2 x 1,299 + 49), the lamp 3 days ago, the order 10 days
    # ago, the one waiting, the late one and the one 20 days ago; not the cancelled one.
    summary = sales.get_by_test_id("sales-over-time-summary")
    expect(summary).to_contain_text("6 orders, 11 units sold, ₹7,546.00 revenue")
    expect(sales.get_by_test_id("sales-over-time-chart")).to_be_visible()
    expect(
        sales.get_by_role("img", name="Chart of revenue (bars) and orders (line)")
    ).to_be_visible()
    by_day = sales.get_by_test_id("sales-by-day")
    expect(by_day.locator("tbody tr")).to_have_count(30)
    expect(by_day.locator("tbody tr").last).to_contain_text("2,647.00")
    expect(by_day.locator("tfoot tr")).to_have_text("Total611₹7,546.00")

    top = page.get_by_role("region", name="Top products")
    rows = top.get_by_test_id("top-products-table").locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Copper Kettle")
    expect(rows.first).to_contain_text("₹3,897.00")
    expect(top.get_by_role("link", name="Copper Kettle")).to_have_attribute(
        "href", "/dashboard/admin/product/copper-kettle"
    )
    assert_accessible(page, f"the dashboard's sales and orders to act on ({viewport})")

    sales.get_by_text("Last 7 days").click()
    expect(sales.get_by_role("radio", name="Last 7 days")).to_be_checked()
    expect(summary).to_contain_text("4 orders, 6 units sold, ₹4,447.00 revenue")
    expect(by_day.locator("tbody tr")).to_have_count(7)

    waiting = orders["waiting"]
    act.get_by_role("link", name=f"Order #{waiting.pk}").click()
    expect(page).to_have_url(base_url + f"/dashboard/admin/orders?q=%23{waiting.pk}")
    expect(page.get_by_role("article")).to_have_count(1)
    expect(page.get_by_role("article")).to_contain_text(str(waiting.pk))


def test_leaving_the_dashboard_while_its_charts_draw_raises_no_error(page, base_url):
    """chart.js draws with an animation after its chunk loads: an owner who leaves the
    dashboard at once, or while the charts draw, gets no error on the page (the page
    fixture fails the test on any)."""
    seed_sales()
    log_in(page, base_url, AdminFactory())
    expect(page).to_have_url(f"{base_url}/dashboard/admin")  # signed in
    menu = page.get_by_role("navigation", name="Admin Panel")
    for wait_for_the_chart in (False, True, False, True, False, True):
        page.goto(f"{base_url}/dashboard/admin")
        if wait_for_the_chart:
            expect(page.get_by_test_id("sales-over-time-chart")).to_be_visible()
        menu.get_by_role("link", name="Returns", exact=True).click()
        expect(page).to_have_url(f"{base_url}/dashboard/admin/returns")
        page.go_back()
        expect(page.get_by_role("region", name="Sales over time")).to_be_visible()
        menu.get_by_role("link", name="Returns", exact=True).click()
        expect(page).to_have_url(f"{base_url}/dashboard/admin/returns")
