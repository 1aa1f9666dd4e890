"""The checkout journey of a new shopper, on a phone and on a laptop: a cart filled while
signed out, registering from the cart (signed in and back on the cart with the items),
the review of where the order goes and what it costs, placing it cash on delivery, the
confirmation page and the order's own page with its timeline. Both new pages load
again on a reload and pass the axe check."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import ProductFactory
from e2e.test_a11y import PHONE, assert_accessible
from orders.models import Order, OrderStatusChange

PASSWORD = "Journey-Pass-2026!"


def fill_register(page, email):
    page.get_by_label("Name", exact=True).fill("Kavya Menon")
    page.get_by_label("Email address", exact=True).fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Phone", exact=True).fill("9876543210")
    page.get_by_label("Address", exact=True).fill("21 Park Street, Kolkata 700016")
    page.get_by_label("Favorite Sports", exact=True).fill("Football")
    page.get_by_role("button", name="REGISTER").click()


@pytest.mark.parametrize("size", [PHONE, None], ids=["phone", "laptop"])
def test_register_from_the_cart_review_place_and_follow_the_order(page, base_url, size):
    ProductFactory(name="Brass Lamp", price=Decimal("1899.00"), quantity=4)
    if size:
        page.set_viewport_size(size)
    page.goto(base_url + "/")
    lamp = page.get_by_role("article", name="Brass Lamp", exact=True)
    lamp.get_by_role("button", name=re.compile("add to cart", re.I)).click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
    page.goto(base_url + "/cart")
    expect(page.get_by_role("heading", level=1, name="Hello Guest")).to_be_visible()

    # The guest goes to log in, and registers from there.
    page.get_by_role("button", name="Please login to checkout").click()
    expect(page).to_have_url(base_url + "/login")
    page.get_by_role("link", name="Register here").click()
    expect(page).to_have_url(base_url + "/register")
    fill_register(page, "kavya@example.com")

    # Signed in and back on the cart, the lamp still in it.
    expect(page).to_have_url(base_url + "/cart")
    expect(page.get_by_role("heading", level=1, name=re.compile("^Hello Kavya"))).to_be_visible()
    expect(page.get_by_role("link", name="Brass Lamp")).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()

    # Where it goes and what it costs, before the order is placed.
    review = page.get_by_role("region", name="Review your order")
    expect(review.get_by_test_id("review-address")).to_have_text("21 Park Street, Kolkata 700016")
    expect(review.get_by_test_id("review-payment")).to_have_text("Cash on delivery")
    expect(review.get_by_test_id("review-total")).to_have_text("₹1,899 (taxes included)")
    if size:
        # On the phone the bar at the bottom names the address right above its button.
        bar = page.get_by_test_id("cart-sticky-bar")
        expect(bar.get_by_test_id("bar-address")).to_have_text(
            "Deliver to: 21 Park Street, Kolkata 700016"
        )
        expect(bar).to_contain_text("Total ₹1,899")
        expect(review).to_be_attached()
    else:
        expect(review).to_be_visible()
    # The welcome toast has left (axe reads a settled page); a pointer resting on a toast
    # would keep it.
    page.mouse.move(1, 600)
    expect(
        page.get_by_role("status").filter(has_text="Registered successfully. Please log in.")
    ).to_have_count(0)
    assert_accessible(page, "the cart with its review")
    page.get_by_role("button", name="Place Order (Cash on Delivery)").click()

    # The confirmation.
    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    order = Order.objects.get()
    placed_path = f"/dashboard/user/orders/{order.pk}/placed"
    expect(page).to_have_url(base_url + placed_path)
    expect(page.get_by_role("heading", name="Thank you! Your order is placed.")).to_be_visible()
    expect(page.get_by_test_id("order-number")).to_have_text(f"Order number #{order.pk}")
    expect(page.get_by_test_id("placed-total")).to_contain_text("₹1,899")
    expect(page.get_by_test_id("placed-address")).to_have_text("21 Park Street, Kolkata 700016")
    expect(page.get_by_test_id("next-step")).to_contain_text(
        "Pay ₹1,899 in cash when your order is delivered."
    )
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    # Loaded again it shows the same (and no toast is left on it for axe to wait out).
    page.reload()
    expect(page.get_by_test_id("order-number")).to_have_text(f"Order number #{order.pk}")
    expect(page.get_by_test_id("placed-address")).to_have_text("21 Park Street, Kolkata 700016")
    assert_accessible(page, "the order confirmation")

    # The order's own page: lines, address, the timeline (placed; shipped and delivered ahead).
    page.get_by_role("link", name="View Order").click()
    detail_path = f"/dashboard/user/orders/{order.pk}"
    expect(page).to_have_url(base_url + detail_path)
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_role("link", name="Brass Lamp")).to_be_visible()
    expect(card.get_by_text("21 Park Street, Kolkata 700016")).to_be_visible()
    history = page.get_by_role("region", name="Order timeline")
    expect(history.get_by_role("listitem")).to_have_count(3)
    expect(history.get_by_role("listitem").first).to_contain_text("Placed")
    expect(history.get_by_role("listitem").last).to_contain_text("Delivered")
    assert_accessible(page, "the order's page")

    # Cancelled from its page: placed, then cancelled, nothing ahead.
    card.get_by_role("button", name=f"Cancel order #{order.pk}").click()
    page.get_by_role("dialog", name=f"Cancel order #{order.pk}?").get_by_role(
        "button", name="Cancel order"
    ).click()
    expect(history.get_by_role("listitem")).to_have_count(2)
    expect(history.get_by_role("listitem").last).to_contain_text("Cancelled")
    assert list(OrderStatusChange.objects.filter(order=order).values_list("status", flat=True)) == [
        "Not Processed",
        "Cancelled",
    ]

    page.reload()
    expect(page.get_by_role("region", name="Order timeline").get_by_role("listitem")).to_have_count(
        2
    )
    expect(
        page.get_by_role("article", name=f"Order #{order.pk}").get_by_test_id("status")
    ).to_have_text("Cancelled")
