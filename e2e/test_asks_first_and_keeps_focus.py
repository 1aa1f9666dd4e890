"""Irreversible actions ask first, and the keyboard never gets lost, on a phone and a
laptop: the shopper's and the admin's cancel confirm in a dialog that names the order, an
arrow key on the admin's status select changes nothing until Update Status, focus goes to
Undo after Remove in the cart and on to the next line, and on a phone the toasts stay
clear of the cart's sticky bar, which sits inside the screen."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import ProductFactory
from e2e.session import sign_in
from e2e.test_a11y import assert_accessible
from orders.models import Order, OrderStatus
from orders.tests.factories import place_order

VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1280, "height": 800},
}


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request, page):
    page.set_viewport_size(VIEWPORTS[request.param])
    return request.param


def toast(page, text):
    return page.get_by_role("status").filter(has_text=text)


def test_the_shopper_confirms_before_an_order_is_cancelled(page, base_url, viewport):
    kettle = ProductFactory(name="Steel Kettle", price=Decimal("1299.00"), quantity=5)
    shopper = UserFactory(address="8 Marine Drive, Mumbai 400002")
    order = place_order(shopper, (kettle, 2))
    sign_in(page, base_url, shopper)
    page.goto(base_url + "/dashboard/user/orders")

    cancel = page.get_by_role("button", name=f"Cancel order #{order.pk}")
    cancel.click()
    dialog = page.get_by_role("dialog", name=f"Cancel order #{order.pk}?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("This cannot be undone.")
    expect(dialog.get_by_role("button", name="Keep order")).to_be_focused()
    assert_accessible(page, "the shopper's cancel confirmation")
    page.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Cancel order")).to_be_focused()
    page.keyboard.press("Tab")  # wraps to the close button: focus stays in the dialog
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(cancel).to_be_focused()
    assert Order.objects.get(pk=order.pk).status == OrderStatus.NOT_PROCESSED

    cancel.click()
    dialog.get_by_role("button", name="Cancel order").click()
    expect(toast(page, "Order cancelled")).to_be_visible()
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_test_id("status")).to_have_text("Cancelled")
    assert Order.objects.get(pk=order.pk).status == OrderStatus.CANCELLED


def test_the_admin_status_moves_only_on_update_and_cancelling_asks(page, base_url, viewport):
    mug = ProductFactory(name="Coffee Mug", price=Decimal("499.00"), quantity=20)
    shopper = UserFactory(phone="9811122233")
    order = place_order(shopper, mug)
    puts = []
    page.on("request", lambda r: puts.append(r.url) if r.method == "PUT" else None)
    sign_in(page, base_url, AdminFactory())
    page.goto(base_url + "/dashboard/admin/orders")

    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_role("link", name="9811122233")).to_be_visible()
    select = card.get_by_label(f"New status of order #{order.pk}")
    select.focus()
    page.keyboard.press("ArrowDown")  # a stray key on the select
    page.keyboard.press("ArrowDown")
    expect(select).not_to_have_value("")
    expect(card.get_by_test_id("status")).to_have_text("Not Processed")
    assert puts == []

    select.select_option("Cancelled")
    update = card.get_by_role("button", name="Update Status")
    update.click()
    dialog = page.get_by_role("dialog", name=f"Cancel order #{order.pk}?")
    expect(dialog).to_be_visible()
    assert_accessible(page, "the admin's cancel confirmation")
    dialog.get_by_role("button", name="Keep order").click()
    expect(dialog).to_have_count(0)
    expect(update).to_be_focused()
    assert puts == []
    assert Order.objects.get(pk=order.pk).status == OrderStatus.NOT_PROCESSED

    update.click()
    dialog.get_by_role("button", name="Cancel order").click()
    expect(toast(page, "Order marked Cancelled")).to_be_visible()
    expect(card.get_by_test_id("status")).to_have_text("Cancelled")
    assert Order.objects.get(pk=order.pk).status == OrderStatus.CANCELLED
    assert len(puts) == 1

    # Found again by the buyer's phone.
    page.get_by_label("Order number, phone or email").fill("98111 22233")
    page.get_by_role("button", name="Find").click()
    expect(page.get_by_text("1 order", exact=True)).to_be_visible()
    expect(page.get_by_role("article")).to_have_count(1)
    assert_accessible(page, "the admin's orders")


def test_after_remove_focus_goes_to_undo_then_to_the_next_line(page, base_url, viewport):
    ProductFactory(name="Desk Fan", price=Decimal("1999.00"), quantity=4)
    ProductFactory(name="Table Lamp", price=Decimal("899.00"), quantity=4)
    page.goto(base_url + "/")
    page.get_by_role("button", name="Add to Cart: Desk Fan").click()
    page.get_by_role("button", name="Add to Cart: Table Lamp").click()
    page.goto(base_url + "/cart")

    remove_lamp = page.get_by_role("button", name="Remove: Table Lamp")
    remove_lamp.focus()
    page.keyboard.press("Enter")
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_focused()
    page.keyboard.press("Enter")
    expect(remove_lamp).to_be_focused()  # the line is back, and so is focus

    page.keyboard.press("Enter")
    expect(undo).to_be_focused()
    # The toast leaves by itself; focus goes to the next line, not the top of the page.
    expect(undo).to_have_count(0)
    expect(page.get_by_role("button", name="Remove: Desk Fan")).to_be_focused()


def test_on_a_phone_toasts_stay_above_the_sticky_bar_inside_the_screen(page, base_url):
    page.set_viewport_size(VIEWPORTS["phone"])
    ProductFactory(name="Desk Fan", price=Decimal("1999.00"), quantity=4)
    ProductFactory(name="Table Lamp", price=Decimal("899.00"), quantity=4)
    page.goto(base_url + "/")
    page.get_by_role("button", name="Add to Cart: Desk Fan").click()
    page.get_by_role("button", name="Add to Cart: Table Lamp").click()
    page.goto(base_url + "/cart")
    page.get_by_role("button", name="Remove: Table Lamp").click()

    bar = page.get_by_test_id("cart-sticky-bar")
    notice = toast(page, "Table Lamp removed from your cart")
    expect(notice).to_be_visible()
    expect(bar).to_be_visible()
    bar_box, toast_box = bar.bounding_box(), notice.bounding_box()
    assert toast_box["y"] + toast_box["height"] <= bar_box["y"]
    assert bar_box["x"] >= 0
    assert bar_box["x"] + bar_box["width"] <= 390
    assert abs(bar_box["y"] + bar_box["height"] - 844) <= 1  # at the screen's bottom edge
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_a_signed_out_deep_link_says_why_it_redirects(page, base_url, viewport):
    page.goto(base_url + "/dashboard/user/orders")
    expect(page.get_by_role("heading", name="Please sign in to see your orders")).to_be_visible()
    expect(page).to_have_url(base_url + "/login")
    expect(page.get_by_text("Please sign in to see your orders")).to_be_visible()
    assert_accessible(page, "login after a deep link")
