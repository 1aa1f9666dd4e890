"""Paying online in a real browser, against the Razorpay stand-in (orders/tests/
razorpay_standin.py, its checkout script served on localhost and signing exactly as
Razorpay documents): the shopper pays through the stand-in's dialog and sees the order
paid; the admin cancels it; the refund goes through the task queue and the shopper sees
the order refunded."""

import re
from decimal import Decimal

from django.core import mail
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.models import Product
from catalog.tests.factories import ProductFactory
from e2e.test_orders import log_in, log_out, url_is
from orders.models import Order, OrderStatus, Refund
from orders.tests.conftest import razorpay  # noqa: F401 (the stand-in fixture)


def test_a_shopper_pays_online_the_admin_cancels_and_the_shopper_sees_the_refund(
    page,
    base_url,
    razorpay,  # noqa: F811 (the fixture imported above)
    run_tasks,
):
    lamp = ProductFactory(name="Desk Lamp", price=Decimal("1499.50"), quantity=5)
    shopper = UserFactory(name="Meera Iyer", address="8 Marine Drive, Mumbai 400002")
    admin = AdminFactory(name="Shop Owner")

    log_in(page, base_url, shopper)
    page.get_by_role("article", name="Desk Lamp", exact=True).get_by_role(
        "button", name=re.compile("add to cart", re.I)
    ).click()
    page.goto(base_url + "/cart")
    payment = page.get_by_role("group", name="Payment")
    payment.get_by_label("Pay online (UPI, cards, netbanking)").check()
    page.get_by_role("button", name="Pay ₹1,499.50 online").click()

    dialog = page.get_by_role("dialog", name="Razorpay stand-in")
    expect(dialog).to_be_visible()
    order = Order.objects.get()
    assert order.status == OrderStatus.AWAITING_PAYMENT
    assert Product.objects.get(pk=lamp.pk).quantity == 4  # reserved while it is paid
    dialog.get_by_role("button", name="Pay").click()

    url_is(page, base_url, f"/dashboard/user/orders/{order.pk}/placed")
    expect(page.get_by_role("status").filter(has_text="Payment received")).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    expect(page.get_by_test_id("placed-payment")).to_have_text("Paid online")
    page.get_by_role("link", name="View Order").click()
    url_is(page, base_url, f"/dashboard/user/orders/{order.pk}")
    order.refresh_from_db()
    assert order.status == OrderStatus.NOT_PROCESSED
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_test_id("status")).to_have_text("Not Processed")
    expect(card.get_by_text(re.compile(r"Paid online \(payment ID pay_"))).to_be_visible()

    log_out(page, shopper)
    log_in(page, base_url, admin, lands="/dashboard/admin")
    page.goto(base_url + "/dashboard/admin/orders")
    select = page.get_by_label(f"New status of order #{order.pk}")
    select.select_option("Cancelled")
    page.get_by_role("button", name="Update Status").click()
    page.get_by_role("dialog", name=f"Cancel order #{order.pk}?").get_by_role(
        "button", name="Cancel order"
    ).click()
    expect(page.get_by_role("status").filter(has_text="Order marked Cancelled")).to_be_visible()
    assert Product.objects.get(pk=lamp.pk).quantity == 5
    run_tasks()  # the refund job, as a worker runs it
    refund = Refund.objects.get()
    assert refund.amount == 149950

    log_out(page, admin)
    log_in(page, base_url, shopper)
    page.goto(base_url + "/dashboard/user/orders")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card.get_by_test_id("status")).to_have_text("Cancelled")
    expect(card.get_by_text(re.compile("^Refund(ed| pending)$"))).to_be_visible()


def test_a_gateway_script_that_does_not_load_places_nothing_and_cash_is_one_order(
    page,
    base_url,
    razorpay,  # noqa: F811 (the fixture imported above)
    run_tasks,
):
    """Razorpay's script cannot load: nothing is ordered until it has, the shopper is told
    so, and paying cash on delivery instead leaves one order and its one placed mail."""
    lamp = ProductFactory(name="Desk Lamp", price=Decimal("1499.50"), quantity=5)
    shopper = UserFactory(name="Meera Iyer", address="8 Marine Drive, Mumbai 400002")
    page.route(re.compile(re.escape(razorpay.checkout_url)), lambda route: route.abort())

    log_in(page, base_url, shopper)
    page.get_by_role("article", name="Desk Lamp", exact=True).get_by_role(
        "button", name=re.compile("add to cart", re.I)
    ).click()
    page.goto(base_url + "/cart")
    page.get_by_role("group", name="Payment").get_by_label(
        "Pay online (UPI, cards, netbanking)"
    ).check()
    page.get_by_role("button", name="Pay ₹1,499.50 online").click()
    unloaded = "Online payment could not be loaded. Try again or choose cash on delivery."
    expect(page.get_by_text(unloaded).first).to_be_visible()
    expect(page.get_by_role("button", name="Try Again")).to_be_visible()
    assert Order.objects.count() == 0
    assert Product.objects.get(pk=lamp.pk).quantity == 5

    page.get_by_role("button", name="Pay Cash on Delivery Instead").click()
    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    order = Order.objects.get()
    assert order.status == OrderStatus.NOT_PROCESSED
    run_tasks()
    assert [message.subject for message in mail.outbox] == [
        f"ShopSphere: your order {order.pk} is placed"
    ]
