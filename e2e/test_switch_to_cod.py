"""Paying online, closing Razorpay's window (the stand-in's, orders/tests/
razorpay_standin.py) and taking cash on delivery instead, in a real browser on a phone and
on a laptop: the held order itself becomes cash on delivery, so the shopper's orders show
one order, Not Processed, cash on delivery, with one mail (placed) and none saying
cancelled; its stock was taken once. Axe finds nothing serious on the way."""

import re
from decimal import Decimal

import pytest
from django.core import mail
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from catalog.models import Product
from catalog.tests.factories import ProductFactory
from e2e.test_a11y import PHONE, assert_accessible
from e2e.test_orders import log_in, url_is
from orders.models import Order, OrderStatus, OrderStatusChange
from orders.tests.conftest import razorpay  # noqa: F401 (the stand-in fixture)


@pytest.mark.parametrize("size", [PHONE, None], ids=["phone", "laptop"])
def test_closing_the_window_and_taking_cash_leaves_one_order_and_one_mail(
    page,
    base_url,
    razorpay,  # noqa: F811 (the fixture imported above)
    run_tasks,
    size,
):
    lamp = ProductFactory(name="Desk Lamp", price=Decimal("1499.50"), quantity=5)
    shopper = UserFactory(name="Meera Iyer", address="8 Marine Drive, Mumbai 400002")
    mail.outbox.clear()
    if size:
        page.set_viewport_size(size)

    log_in(page, base_url, shopper)
    page.get_by_role("article", name="Desk Lamp", exact=True).get_by_role(
        "button", name=re.compile("add to cart", re.I)
    ).click()
    page.goto(base_url + "/cart")
    page.get_by_role("group", name="Payment").get_by_label(
        "Pay online (UPI, cards, netbanking)"
    ).check()
    page.get_by_role("button", name="Pay ₹1,499.50 online").click()

    dialog = page.get_by_role("dialog", name="Razorpay stand-in")
    expect(dialog).to_be_visible()
    order = Order.objects.get()
    assert order.status == OrderStatus.AWAITING_PAYMENT
    page.keyboard.press("Escape")  # the shopper closes the window without paying
    expect(dialog).to_be_hidden()
    expect(page.get_by_text("Payment not completed").first).to_be_visible()
    switch = page.get_by_role("button", name="Pay Cash on Delivery Instead")
    expect(switch).to_be_visible()
    assert_accessible(page, "the cart after the payment window closed")

    switch.click()
    url_is(page, base_url, f"/dashboard/user/orders/{order.pk}/placed")
    expect(page.get_by_role("status").filter(has_text="Order placed")).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    expect(page.get_by_test_id("next-step")).to_contain_text(
        "Pay ₹1,499.50 in cash when your order is delivered."
    )
    # Loaded again (no toast left on it for axe to wait out), it shows the same.
    page.reload()
    expect(page.get_by_test_id("next-step")).to_contain_text("in cash when your order")
    assert_accessible(page, "the confirmation of the switched order")

    page.goto(base_url + "/dashboard/user/orders")
    cards = page.get_by_role("article", name=re.compile(r"^Order #\d+$"))
    expect(cards).to_have_count(1)
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_test_id("status")).to_have_text("Not Processed")
    expect(card.get_by_test_id("order-payment")).to_have_text("Payment: Cash on delivery")
    assert_accessible(page, "My Orders with the switched order")

    assert Order.objects.count() == 1
    order.refresh_from_db()
    assert (order.status, order.payment_method) == (OrderStatus.NOT_PROCESSED, "cod")
    assert Product.objects.get(pk=lamp.pk).quantity == 4  # taken once
    assert list(
        OrderStatusChange.objects.filter(order=order).order_by("at").values_list("status")
    ) == [("Awaiting Payment",), ("Not Processed",)]
    run_tasks()
    assert [message.subject for message in mail.outbox] == [
        f"ShopSphere: your order {order.pk} is placed"
    ]
    assert "You pay in cash when it is delivered." in mail.outbox[0].body
