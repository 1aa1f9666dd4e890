"""Cancelling part of an order before it ships (contract, "Cancelling part of an order";
orders.cancel, orders.actions.order_cancel with `lines`), cash on delivery: the units
left, the stock back, the totals, tax and coupon of what is left, the order Cancelled
when nothing is left, and every refusal changing nothing. Paid online (the refund of the
difference) and the races: payments/tests/test_partial_refunds.py and
test_cancel_lines_live.py."""

from decimal import Decimal

import pytest
from django.core import mail

from catalog.models import Product, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory
from orders.models import Order, OrderLine, OrderStatus, OrderStatusChange
from orders.shop_details import get_shop_details
from promotions.models import Coupon

CHECKOUT = "/api/v1/orders/checkout"
D = Decimal


def cancel_path(order_id) -> str:
    return f"/api/v1/orders/{order_id}/cancel"


@pytest.fixture
def tee(db):
    return ProductFactory(
        name="Cotton Tee",
        price=D("499"),
        options=[{"name": "Size", "values": ["S", "M"]}],
        variants=[
            {"options": {"Size": "S"}, "quantity": 5},
            {"options": {"Size": "M"}, "quantity": 6, "price": D("549")},
        ],
    )


@pytest.fixture
def mug(db):
    return ProductFactory(name="Mug", price=D("250.50"), quantity=10)


def _variant(product, size):
    return next(v for v in product.variants.all() if v.options == {"Size": size})


def _checkout(api, lines, **extra):
    """`lines`: [(product, variant or None, quantity)]; the order's answer."""
    cart = [
        {"_id": product.pk, "variant": variant.pk if variant else None, "quantity": n}
        for product, variant, n in lines
    ]
    response = api.post(CHECKOUT, {"cart": cart, **extra})
    assert response.status_code == 201, response.json()
    return response.json()["order"]


def _line_ids(order: dict) -> list[str]:
    return [line["lineId"] for line in order["products"]]


def _stock() -> dict:
    """Every product's and variant's stock."""
    return {
        "products": dict(Product.objects.values_list("pk", "quantity")),
        "variants": dict(Variant.objects.values_list("pk", "quantity")),
    }


def _snapshot(order_id) -> tuple:
    """Everything a refused cancel must leave as it was."""
    order = Order.objects.values().get(pk=order_id)
    lines = list(OrderLine.objects.filter(order_id=order_id).order_by("pk").values())
    return order, lines, _stock(), OrderStatusChange.objects.count()


def assert_consistent(order_id) -> Order:
    """The contract's sums on the order as stored and as answered."""
    order = Order.objects.get(pk=order_id)
    lines = list(order.lines.all())
    for line in lines:
        paid = line.price * line.quantity - line.discount
        assert line.taxable_value + line.cgst + line.sgst + line.igst == paid, line
        assert D("0") <= line.discount <= line.price * line.quantity
        assert line.quantity + line.cancelled >= 1
    goods = sum((line.price * line.quantity for line in lines), D("0"))
    assert order.discount_total == sum((line.discount for line in lines), D("0"))
    assert order.total == goods - order.discount_total + order.delivery_charge
    delivery_tax = order.delivery_cgst + order.delivery_sgst + order.delivery_igst
    line_tax = sum((line.cgst + line.sgst + line.igst for line in lines), D("0"))
    assert order.tax_total == line_tax + delivery_tax
    assert delivery_tax <= order.delivery_charge
    return order


def _answer_sums(order: dict) -> None:
    for line in order["products"]:
        parts = D(str(line["taxableValue"])) + sum(
            D(str(line[k])) for k in ("cgst", "sgst", "igst")
        )
        assert parts == D(str(line["price"])) * line["quantity"] - D(str(line["discount"]))
    goods = sum(D(str(line["price"])) * line["quantity"] for line in order["products"])
    assert D(str(order["total"])) == (
        goods - D(str(order["discountTotal"])) + D(str(order["deliveryCharge"]))
    )


# --- what is left ---------------------------------------------------------------------------


def test_cancelling_some_units_leaves_the_rest_and_puts_their_stock_back(
    buyer_api, tee, mug, run_tasks
):
    small, medium = _variant(tee, "S"), _variant(tee, "M")
    placed = _checkout(buyer_api, [(tee, small, 3), (tee, medium, 1), (mug, None, 2)])
    small_line, medium_line, mug_line = _line_ids(placed)
    assert [line["cancelledQuantity"] for line in placed["products"]] == [0, 0, 0]
    assert _stock()["variants"][small.pk] == 2
    run_tasks()
    mail.outbox.clear()

    response = buyer_api.post(
        cancel_path(placed["_id"]),
        {"lines": [{"_id": small_line, "quantity": 2}, {"_id": mug_line, "quantity": 2}]},
    )

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["message"] == "Items cancelled"
    order = body["order"]
    assert order["status"] == "Not Processed"
    assert [
        (line["lineId"], line["quantity"], line["cancelledQuantity"]) for line in order["products"]
    ] == [(small_line, 1, 2), (medium_line, 1, 0), (mug_line, 0, 2)]
    # 499 + 549 left; the mug's line stays with zeros.
    assert order["total"] == 1048
    mug_answer = order["products"][2]
    assert (mug_answer["taxableValue"], mug_answer["cgst"], mug_answer["igst"]) == (0, 0, 0)
    _answer_sums(order)
    stored = assert_consistent(placed["_id"])
    assert stored.status == OrderStatus.NOT_PROCESSED
    stock = _stock()
    assert stock["variants"][small.pk] == 4 and stock["variants"][medium.pk] == 5
    assert stock["products"][tee.pk] == 9 and stock["products"][mug.pk] == 10
    # No move in the history: the status stayed.
    assert list(
        OrderStatusChange.objects.filter(order_id=placed["_id"]).values_list("status", flat=True)
    ) == ["Not Processed"]
    # The buyer's mail, through the queue.
    assert mail.outbox == []
    run_tasks()
    (sent,) = mail.outbox
    assert sent.subject == f"ShopSphere: items of your order {placed['_id']} are cancelled"
    assert "1 x Cotton Tee" in sent.body and "(2 cancelled)" in sent.body
    assert "Total: ₹1,048.00" in sent.body

    # The order's own read answers the same.
    again = buyer_api.get(f"/api/v1/orders/{placed['_id']}").json()["order"]
    assert again["products"] == order["products"]


def test_cancelling_what_is_left_cancels_the_order_as_a_whole_cancel(
    buyer_api, tee, mug, run_tasks
):
    small = _variant(tee, "S")
    before = _stock()
    placed = _checkout(buyer_api, [(tee, small, 3), (mug, None, 1)])
    tee_line, mug_line = _line_ids(placed)
    first = buyer_api.post(
        cancel_path(placed["_id"]), {"lines": [{"_id": tee_line, "quantity": 1}]}
    )
    assert first.status_code == 200
    run_tasks()
    mail.outbox.clear()

    # Everything left, in two entries of one line and the other line.
    response = buyer_api.post(
        cancel_path(placed["_id"]),
        {
            "lines": [
                {"_id": tee_line, "quantity": 1},
                {"_id": mug_line, "quantity": 1},
                {"_id": tee_line, "quantity": 1},
            ]
        },
    )

    assert response.status_code == 200, response.json()
    assert response.json()["message"] == "Order cancelled"
    assert response.json()["order"]["status"] == "Cancelled"
    assert _stock() == before
    statuses = OrderStatusChange.objects.filter(order_id=placed["_id"]).values_list(
        "status", flat=True
    )
    assert list(statuses) == ["Not Processed", "Cancelled"]
    run_tasks()
    (sent,) = mail.outbox
    assert "is cancelled" in sent.subject
    # A cancelled order cannot be cancelled again, whole or in part.
    for body in ({}, {"lines": [{"_id": tee_line, "quantity": 1}]}):
        again = buyer_api.post(cancel_path(placed["_id"]), body)
        assert again.status_code == 409
    assert _stock() == before


def test_a_whole_cancel_after_a_partial_one_puts_back_only_what_was_left(buyer_api, tee):
    small = _variant(tee, "S")
    placed = _checkout(buyer_api, [(tee, small, 4)])
    (line,) = _line_ids(placed)
    buyer_api.post(cancel_path(placed["_id"]), {"lines": [{"_id": line, "quantity": 3}]})
    assert _stock()["variants"][small.pk] == 4
    assert buyer_api.post(cancel_path(placed["_id"])).status_code == 200
    assert _stock()["variants"][small.pk] == 5 and _stock()["products"][tee.pk] == 11


def test_an_admin_moved_order_in_processing_can_be_cancelled_in_part(buyer_api, admin_api, mug):
    placed = _checkout(buyer_api, [(mug, None, 3)])
    admin_api.put(f"/api/v1/auth/order-status/{placed['_id']}", {"status": "Processing"})
    (line,) = _line_ids(placed)
    response = buyer_api.post(cancel_path(placed["_id"]), {"lines": [{"_id": line, "quantity": 1}]})
    assert response.status_code == 200
    assert response.json()["order"]["status"] == "Processing"
    assert response.json()["order"]["total"] == 501
    assert_consistent(placed["_id"])


# --- the coupon ----------------------------------------------------------------------------


def test_a_coupon_still_met_is_spread_again_and_one_no_longer_met_is_dropped(buyer_api, tee, mug):
    coupon = Coupon.objects.create(
        code="TENOFF", kind="percent", value=D("10"), min_order=D("1000")
    )
    medium = _variant(tee, "M")
    # 3 x 549 + 250.50 = 1,897.50; 10% = 189.75.
    placed = _checkout(buyer_api, [(tee, medium, 3), (mug, None, 1)], coupon="tenoff")
    assert placed["coupon"] == "TENOFF" and placed["discountTotal"] == 189.75
    tee_line, mug_line = _line_ids(placed)

    kept = buyer_api.post(
        cancel_path(placed["_id"]), {"lines": [{"_id": mug_line, "quantity": 1}]}
    ).json()["order"]
    # 1,647 left, still over the minimum: 10% of it, all on the tee's line.
    assert kept["coupon"] == "TENOFF" and kept["discountTotal"] == 164.7
    assert [line["discount"] for line in kept["products"]] == [164.7, 0]
    assert kept["total"] == 1647 - 164.7
    assert_consistent(placed["_id"])
    assert Order.objects.filter(coupon=coupon).count() == 1

    dropped = buyer_api.post(
        cancel_path(placed["_id"]), {"lines": [{"_id": tee_line, "quantity": 2}]}
    ).json()["order"]
    # 549 left, under the minimum of 1,000: no coupon, no discount anywhere.
    assert dropped["coupon"] is None and dropped["discountTotal"] == 0
    assert [line["discount"] for line in dropped["products"]] == [0, 0]
    assert dropped["total"] == 549
    stored = assert_consistent(placed["_id"])
    assert stored.coupon_id is None and stored.coupon_code == ""
    # The order holds no use of it any more.
    assert Order.objects.filter(coupon=coupon).count() == 0


def test_a_coupon_whose_covered_items_are_all_cancelled_is_dropped(buyer_api, mug):
    kitchen = CategoryFactory(name="Kitchen")
    pan = ProductFactory(name="Pan", price=D("800"), quantity=5, category=kitchen)
    Coupon.objects.create(code="PANS", kind="amount", value=D("100"), categories=[kitchen.pk])
    placed = _checkout(buyer_api, [(pan, None, 1), (mug, None, 2)], coupon="PANS")
    assert [line["discount"] for line in placed["products"]] == [100, 0]
    pan_line, _ = _line_ids(placed)

    response = buyer_api.post(
        cancel_path(placed["_id"]), {"lines": [{"_id": pan_line, "quantity": 1}]}
    )

    order = response.json()["order"]
    assert order["coupon"] is None and order["discountTotal"] == 0
    assert order["total"] == 501
    assert_consistent(placed["_id"])


def test_a_coupon_capped_at_its_max_discount_stays_capped(buyer_api, tee):
    Coupon.objects.create(code="BIG", kind="percent", value=D("50"), max_discount=D("300"))
    medium = _variant(tee, "M")
    placed = _checkout(buyer_api, [(tee, medium, 4)], coupon="BIG")
    assert placed["discountTotal"] == 300
    (line,) = _line_ids(placed)
    # 2 x 549 = 1,098 left: 50% is 549, capped at 300 again.
    order = buyer_api.post(
        cancel_path(placed["_id"]), {"lines": [{"_id": line, "quantity": 2}]}
    ).json()["order"]
    assert order["discountTotal"] == 300 and order["total"] == 798
    # 549 left: 50% is 274.50, under the cap.
    order = buyer_api.post(
        cancel_path(placed["_id"]), {"lines": [{"_id": line, "quantity": 1}]}
    ).json()["order"]
    assert order["discountTotal"] == 274.5 and order["total"] == 274.5
    assert_consistent(placed["_id"])


def test_a_cancel_that_would_make_the_order_cost_more_is_refused(buyer_api, tee, mug):
    """A flat 500 off a minimum of 1,000 on 549 + 2 x 250.50: cancelling a mug would take
    the cart under the minimum and end a discount worth more than the mug."""
    Coupon.objects.create(code="FLAT500", kind="amount", value=D("500"), min_order=D("1000"))
    medium = _variant(tee, "M")
    placed = _checkout(buyer_api, [(tee, medium, 1), (mug, None, 2)], coupon="FLAT500")
    assert placed["total"] == 550
    _, mug_line = _line_ids(placed)
    before = _snapshot(placed["_id"])

    response = buyer_api.post(
        cancel_path(placed["_id"]), {"lines": [{"_id": mug_line, "quantity": 1}]}
    )

    assert response.status_code == 409
    assert response.json() == {
        "success": False,
        "message": "Cancelling these items would end coupon FLAT500's discount of ₹500, "
        "which is more than they are worth: the order would cost more. Cancel the whole "
        "order instead, or keep these items.",
    }
    assert _snapshot(placed["_id"]) == before


# --- the delivery charge ----------------------------------------------------------------------


def test_the_delivery_charge_is_kept_while_something_is_left_and_never_raised(buyer_api, mug, tee):
    shop = get_shop_details()
    shop.delivery_charge, shop.free_delivery_from = D("49"), D("1000")
    shop.save()
    charged = _checkout(buyer_api, [(mug, None, 2)])
    assert charged["deliveryCharge"] == 49 and charged["total"] == 501 + 49
    (line,) = _line_ids(charged)
    order = buyer_api.post(
        cancel_path(charged["_id"]), {"lines": [{"_id": line, "quantity": 1}]}
    ).json()["order"]
    assert order["deliveryCharge"] == 49 and order["total"] == D("250.50") + 49
    assert_consistent(charged["_id"])

    # Delivered free (over 1,000), then under 1,000 after the cancel: still free.
    medium = _variant(tee, "M")
    free = _checkout(buyer_api, [(tee, medium, 2)])
    assert free["deliveryCharge"] == 0
    (line,) = _line_ids(free)
    order = buyer_api.post(
        cancel_path(free["_id"]), {"lines": [{"_id": line, "quantity": 1}]}
    ).json()["order"]
    assert order["deliveryCharge"] == 0 and order["total"] == 549
    assert_consistent(free["_id"])


# --- refusals ------------------------------------------------------------------------------


@pytest.fixture
def two_orders(buyer_api, other_api, tee, mug):
    """The buyer's order (3 small tees, 1 mug) and another shopper's (1 mug)."""
    mine = _checkout(buyer_api, [(tee, _variant(tee, "S"), 3), (mug, None, 1)])
    theirs = _checkout(other_api, [(mug, None, 1)])
    return mine, theirs


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("theirs", "Lines: Line {theirs} is not a line of this order."),
        (
            [{"_id": "{tee}", "quantity": 4}],
            "Lines: Only 3 of Cotton Tee (S) can be cancelled; 4 asked.",
        ),
        (
            [{"_id": "{tee}", "quantity": 2}, {"_id": "{tee}", "quantity": 2}],
            "Lines: Only 3 of Cotton Tee (S) can be cancelled; 4 asked.",
        ),
        (
            [{"_id": "{tee}", "quantity": 0}],
            "The quantity to cancel must be a whole number from 1 to 10.",
        ),
        (
            [{"_id": "{tee}", "quantity": 11}],
            "The quantity to cancel must be a whole number from 1 to 10.",
        ),
        (
            [{"_id": "{tee}", "quantity": 1.5}],
            "The quantity to cancel must be a whole number from 1 to 10.",
        ),
        (
            [{"_id": "{tee}", "quantity": "two"}],
            "The quantity to cancel must be a whole number from 1 to 10.",
        ),
        (
            [{"_id": "{tee}", "quantity": True}],
            "The quantity to cancel must be a whole number from 1 to 10.",
        ),
        ([{"_id": "{tee}"}], "The quantity to cancel must be a whole number from 1 to 10."),
        (
            [{"_id": "abc", "quantity": 1}],
            "A line's _id must be the lineId of one of the order's lines.",
        ),
        (
            [{"_id": "0", "quantity": 1}],
            "A line's _id must be the lineId of one of the order's lines.",
        ),
        ([{"quantity": 1}], "Each line to cancel needs its _id (the line's lineId)."),
        ([], "Choose at least one line to cancel, or send no lines to cancel the whole order."),
        (None, "Choose at least one line to cancel, or send no lines to cancel the whole order."),
        ("not a list", "Lines must be a list of {_id, quantity}."),
        ([{"_id": "{tee}", "quantity": 1}] * 51, "At most 50 lines can be cancelled at once."),
    ],
)
def test_bad_lines_are_400_saying_why_and_change_nothing(buyer_api, two_orders, lines, message):
    mine, theirs = two_orders
    tee_line = mine["products"][0]["lineId"]
    their_line = theirs["products"][0]["lineId"]
    if lines == "theirs":
        lines = [{"_id": their_line, "quantity": 1}]
    elif isinstance(lines, list):
        lines = [
            {**entry, "_id": entry["_id"].format(tee=tee_line)} if "_id" in entry else entry
            for entry in lines
        ]
    before = _snapshot(mine["_id"]), _snapshot(theirs["_id"])

    response = buyer_api.post(cancel_path(mine["_id"]), {"lines": lines})

    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["success"] is False
    assert message.replace("{theirs}", their_line) in body["message"], body
    assert (_snapshot(mine["_id"]), _snapshot(theirs["_id"])) == before


def test_a_line_cancelled_whole_cannot_be_cancelled_again(buyer_api, two_orders):
    mine, _ = two_orders
    _, mug_line = _line_ids(mine)
    assert (
        buyer_api.post(
            cancel_path(mine["_id"]), {"lines": [{"_id": mug_line, "quantity": 1}]}
        ).status_code
        == 200
    )
    before = _snapshot(mine["_id"])
    response = buyer_api.post(
        cancel_path(mine["_id"]), {"lines": [{"_id": mug_line, "quantity": 1}]}
    )
    assert response.status_code == 400
    assert response.json()["message"] == "Lines: Mug is already cancelled."
    assert _snapshot(mine["_id"]) == before


def test_another_shoppers_order_is_404_and_unchanged(other_api, admin_api, two_orders):
    mine, _ = two_orders
    tee_line = mine["products"][0]["lineId"]
    before = _snapshot(mine["_id"])
    for client in (other_api, admin_api):  # the buyer's call is the buyer's only
        response = client.post(
            cancel_path(mine["_id"]), {"lines": [{"_id": tee_line, "quantity": 1}]}
        )
        assert response.status_code == 404
        assert response.json() == {"success": False, "message": "Order not found"}
    assert _snapshot(mine["_id"]) == before


def test_a_shipped_order_is_409_and_unchanged(buyer_api, admin_api, two_orders):
    mine, _ = two_orders
    for status in ("Processing", "Shipped"):
        admin_api.put(f"/api/v1/auth/order-status/{mine['_id']}", {"status": status})
    tee_line = mine["products"][0]["lineId"]
    before = _snapshot(mine["_id"])
    response = buyer_api.post(
        cancel_path(mine["_id"]), {"lines": [{"_id": tee_line, "quantity": 1}]}
    )
    assert response.status_code == 409
    assert response.json()["message"] == "An order that is Shipped cannot be set to Cancelled."
    assert _snapshot(mine["_id"]) == before


def test_an_order_awaiting_payment_is_409_saying_what_to_do(buyer_api, two_orders):
    """(An order paid online awaits its payment; here one is set so by hand.)"""
    mine, _ = two_orders
    Order.objects.filter(pk=mine["_id"]).update(status=OrderStatus.AWAITING_PAYMENT)
    tee_line = mine["products"][0]["lineId"]
    before = _snapshot(mine["_id"])
    response = buyer_api.post(
        cancel_path(mine["_id"]), {"lines": [{"_id": tee_line, "quantity": 1}]}
    )
    assert response.status_code == 409
    assert response.json()["message"] == (
        "This order is waiting for its payment, so part of it cannot be cancelled yet: "
        "cancel the whole order, or pay for it first and then cancel the items you do not "
        "want."
    )
    assert _snapshot(mine["_id"]) == before


def test_no_lines_or_an_empty_body_cancels_the_whole_order_as_before(buyer_api, two_orders):
    mine, _ = two_orders
    response = buyer_api.post(cancel_path(mine["_id"]), {})
    assert response.status_code == 200
    assert response.json()["message"] == "Order cancelled"
    order = response.json()["order"]
    assert order["status"] == "Cancelled"
    assert [line["cancelledQuantity"] for line in order["products"]] == [0, 0]
