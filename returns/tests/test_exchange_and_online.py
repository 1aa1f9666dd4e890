"""Exchanges (stock held at Approved, the replacement order at Exchanged, shipped like any
other at no charge) and refunds of orders paid online (a partial refund at the Razorpay
stand-in, in paise, asked once; a refund reference refused; the whole order returned
afterwards refunds what is left)."""

from decimal import Decimal

import pytest
from django.core import mail

from orders import actions
from orders.models import Invoice, InvoiceKind, Order, OrderStatus, Refund
from returns.models import Return
from returns.tests.conftest import deliver, size, stock
from returns.tests.helpers import ask, lines_of, move
from returns.tests.test_refusals import refused, snapshot
from shop.tasks import run_ready_tasks

pytestmark = pytest.mark.django_db


# --- exchanges ------------------------------------------------------------------------------


def test_an_exchange_holds_the_new_size_and_sends_it_as_an_order_at_no_charge(
    buyer, buyer_api, admin_api, delivered, tee
):
    (line,) = lines_of(delivered)
    medium, large = size(tee, "M"), size(tee, "L")
    assert stock(medium) == (2, 12) and stock(large) == (5, 12)
    asked = ask(buyer_api, delivered, [(line, 2)], kind="exchange", exchangeVariant=large.pk)
    assert asked.status_code == 201, asked.json()
    ret = asked.json()["return"]
    assert (ret["kind"], ret["exchangeVariant"], ret["exchangeOptions"]) == (
        "exchange",
        str(large.pk),
        {"Size": "L"},
    )
    assert stock(large) == (5, 12)  # nothing held before approval

    approved = move(admin_api, ret["_id"], "Approved").json()["return"]
    assert approved["status"] == "Approved"
    assert stock(large) == (3, 10)  # two held for the buyer
    assert Return.objects.get(pk=ret["_id"]).reserved is True

    received = move(admin_api, ret["_id"], "Received").json()["return"]
    assert received["nextStatuses"] == ["Exchanged"]
    # Two of the three tees: 998 less two thirds of 149.70 (99.80), rounded per line.
    assert received["refundAmount"] == 898.2
    assert stock(medium) == (4, 12) and stock(large) == (3, 12)
    refused(move(admin_api, ret["_id"], "Refunded"), 409)

    exchanged = move(admin_api, ret["_id"], "Exchanged").json()["return"]
    assert exchanged["status"] == "Exchanged" and exchanged["nextStatuses"] == []
    replacement = Order.objects.get(pk=exchanged["exchangeOrder"])
    assert replacement.buyer == buyer and replacement.pk != delivered.pk
    assert (replacement.status, replacement.payment_method, replacement.total) == (
        OrderStatus.NOT_PROCESSED,
        "exchange",
        Decimal("0.00"),
    )
    assert replacement.address == delivered.address
    assert replacement.place_of_supply == delivered.place_of_supply
    (new_line,) = replacement.lines.all()
    assert (new_line.variant_id, new_line.quantity, new_line.price, new_line.options) == (
        large.pk,
        2,
        Decimal("0.00"),
        {"Size": "L"},
    )
    assert (new_line.hsn, new_line.gst_rate) == ("6109", 5)
    assert stock(large) == (3, 12)  # the held units are the order's, not taken again
    assert Return.objects.get(pk=ret["_id"]).reserved is False

    # The buyer sees it as a paid order that nobody charges, and it ships like any other.
    answer = buyer_api.get(f"/api/v1/orders/{replacement.pk}").json()["order"]
    assert answer["payment"] == {"method": "exchange", "success": True}
    assert answer["total"] == 0 and answer["statusHistory"][0]["status"] == "Not Processed"
    deliver(replacement)
    invoice = Invoice.objects.get(order=replacement, kind=InvoiceKind.INVOICE)
    assert invoice.amount == Decimal("0.00")
    assert stock(large) == (3, 12)
    run_ready_tasks()
    mail.outbox.clear()


def test_the_exchange_mail_names_the_replacement_order(buyer_api, admin_api, delivered, tee):
    (line,) = lines_of(delivered)
    ret = ask(
        buyer_api, delivered, [(line, 1)], kind="exchange", exchangeVariant=size(tee, "S").pk
    ).json()["return"]["_id"]
    for status in ("Approved", "Received", "Exchanged"):
        move(admin_api, ret, status)
    run_ready_tasks()
    exchanged = Return.objects.get(pk=ret)
    last = mail.outbox[-1]
    assert last.subject == f"ShopSphere: your exchange {ret} is on its way"
    assert f"Your replacement is order {exchanged.exchange_order_id}, at no charge" in last.body
    assert "in exchange for: Cotton Tee (S)" in last.body


def test_approving_an_exchange_with_no_stock_is_409_and_changes_nothing(
    buyer_api, admin_api, delivered, tee
):
    (line,) = lines_of(delivered)
    large = size(tee, "L")
    ret = ask(buyer_api, delivered, [(line, 2)], kind="exchange", exchangeVariant=large.pk)
    ret = ret.json()["return"]["_id"]
    large.quantity = 1  # someone bought the rest meanwhile
    large.save(update_fields=["quantity"])
    before = snapshot()
    refused(move(admin_api, ret, "Approved"), 409, "Cotton Tee (L) is out of stock.")
    assert snapshot() == before
    assert Return.objects.get(pk=ret).status == "Requested"


def test_rejecting_an_approved_exchange_gives_its_held_stock_back(
    buyer_api, admin_api, delivered, tee
):
    (line,) = lines_of(delivered)
    small = size(tee, "S")
    ret = ask(buyer_api, delivered, [(line, 3)], kind="exchange", exchangeVariant=small.pk)
    ret = ret.json()["return"]["_id"]
    move(admin_api, ret, "Approved")
    assert stock(small) == (2, 9)
    rejected = move(admin_api, ret, "Rejected", note="The parcel never came")
    assert rejected.status_code == 200
    assert rejected.json()["return"]["adminNote"] == "The parcel never came"
    assert stock(small) == (5, 12)
    assert Return.objects.get(pk=ret).reserved is False
    run_ready_tasks()
    assert mail.outbox[-1].subject == f"ShopSphere: your return {ret} was not accepted"
    assert "Reason: The parcel never came" in mail.outbox[-1].body


def test_an_exchange_order_is_never_taken_at_checkout(buyer_api, tee):
    answer = buyer_api.post(
        "/api/v1/orders/checkout",
        {"cart": [{"_id": tee.pk, "variant": size(tee, "S").pk}], "payment": "exchange"},
    )
    refused(answer, 400)
    assert Order.objects.count() == 0


# --- orders paid online ---------------------------------------------------------------------


@pytest.fixture
def paid_online(buyer_api, tee, ten_off, razorpay):
    """The delivered order of three tees (M) with 10% off, paid Rs 1,347.30 online."""
    placed = buyer_api.post(
        "/api/v1/orders/checkout",
        {
            "cart": [{"_id": tee.pk, "variant": size(tee, "M").pk, "quantity": 3}],
            "payment": "razorpay",
            "coupon": "TENOFF",
        },
    )
    assert placed.status_code == 201, placed.json()
    order_id = placed.json()["order"]["_id"]
    paid = razorpay.pay(placed.json()["razorpay"]["orderId"])
    verified = buyer_api.post(f"/api/v1/orders/{order_id}/razorpay/verify", paid)
    assert verified.status_code == 200, verified.json()
    order = deliver(Order.objects.get(pk=order_id))
    assert order.online_payment.captured == 134730
    return order


def test_a_return_of_an_order_paid_online_is_refunded_at_the_gateway_once(
    buyer_api, admin_api, paid_online, razorpay
):
    (line,) = lines_of(paid_online)
    ret = ask(buyer_api, paid_online, [(line, 1)]).json()["return"]["_id"]
    move(admin_api, ret, "Approved")
    move(admin_api, ret, "Received")
    before = snapshot()
    refused(
        move(admin_api, ret, "Refunded", refundReference="UPI-1"),
        400,
        f"Order {paid_online.pk} was paid online: its refund goes back to the payment, "
        "so it takes no refund reference.",
    )
    assert snapshot() == before

    refunded = move(admin_api, ret, "Refunded")
    assert refunded.status_code == 200, refunded.json()
    assert refunded.json()["return"]["refund"] == {"status": "pending", "amount": 449.1}
    refund = Refund.objects.get()
    assert (refund.key, refund.amount, refund.reason) == (f"return:{ret}", 44910, "return")
    assert Return.objects.get(pk=ret).refund_id == refund.pk

    # A second click: 409, nothing more asked.
    refused(move(admin_api, ret, "Refunded"), 409)
    run_ready_tasks()
    payment_id = paid_online.online_payment.payment_id
    assert razorpay.payments[payment_id]["amount_refunded"] == 44910
    assert len(razorpay.refunds) == 1
    answer = admin_api.get(f"/api/v1/orders/{paid_online.pk}/returns").json()["returns"][0]
    assert answer["refund"] == {"status": "processed", "amount": 449.1}
    assert answer["refundReference"] == ""

    # The admin then takes the whole order back: what is left of the payment comes back.
    assert actions.order_return(order_id=paid_online.pk).status == OrderStatus.RETURNED
    run_ready_tasks()
    assert razorpay.payments[payment_id]["amount_refunded"] == 134730
    assert sorted(r.amount for r in Refund.objects.all()) == [44910, 89820]
