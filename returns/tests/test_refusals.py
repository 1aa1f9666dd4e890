"""Every bad request of the contract's returns is 4xx with a sentence, and changes
nothing: no return, line, step, credit note, refund, stock or job. Other users' returns
and orders are 404, a shopper's admin call 403, no token 401."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from catalog.models import Product, Variant
from orders import actions
from orders.models import Invoice, Order, Refund
from returns.models import Return, ReturnLine, ReturnStatusChange
from returns.tests.conftest import client_for, deliver, place, size
from returns.tests.helpers import ask, lines_of, move

pytestmark = pytest.mark.django_db
NONE_CHOSEN = "Please choose the items to return."


def snapshot() -> dict:
    """Everything a return's call could change."""
    return {
        "returns": list(Return.objects.order_by("pk").values()),
        "lines": list(ReturnLine.objects.order_by("pk").values()),
        "steps": ReturnStatusChange.objects.count(),
        "documents": list(Invoice.objects.order_by("pk").values("pk", "number")),
        "refunds": Refund.objects.count(),
        "orders": list(Order.objects.order_by("pk").values("pk", "status")),
        "stock": list(Variant.objects.order_by("pk").values_list("pk", "quantity"))
        + list(Product.objects.order_by("pk").values_list("pk", "quantity")),
        "jobs": DBTaskResult.objects.count(),
    }


def refused(response, status: int, message: str | None = None) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert body["success"] is False and body["message"]
    if message is not None:
        assert body["message"] == message, body
    return body


def test_never_more_units_than_were_delivered_across_the_lines_returns(
    buyer_api, admin_api, delivered
):
    (line,) = lines_of(delivered)
    before = snapshot()
    refused(
        ask(buyer_api, delivered, [(line, 4)]),
        400,
        "Only 3 of Cotton Tee (M) can still be returned.",
    )
    # The same line twice is added up: 2 + 2 is 4.
    refused(ask(buyer_api, delivered, [(line, 2), (line, 2)]), 400)
    assert snapshot() == before

    first = ask(buyer_api, delivered, [(line, 2)]).json()["return"]["_id"]
    before = snapshot()
    refused(
        ask(buyer_api, delivered, [(line, 2)]),
        400,
        "Only 1 of Cotton Tee (M) can still be returned.",
    )
    assert snapshot() == before
    assert ask(buyer_api, delivered, [(line, 1)]).status_code == 201
    before = snapshot()
    refused(
        ask(buyer_api, delivered, [(line, 1)]),
        400,
        "All 3 of Cotton Tee (M) have already been returned.",
    )
    assert snapshot() == before
    # A rejected return gives its units back to ask for again.
    assert move(admin_api, first, "Rejected", note="Worn").status_code == 200
    assert ask(buyer_api, delivered, [(line, 2)]).status_code == 201


def test_a_line_of_another_order_is_refused_naming_it(buyer, buyer_api, delivered, tee, kettle):
    other = deliver(place(buyer, (kettle.variants.get(), 1)))
    (theirs,) = lines_of(other)
    (mine,) = lines_of(delivered)
    before = snapshot()
    refused(
        ask(buyer_api, delivered, [(mine, 1), (theirs, 1)]),
        400,
        f"Order line {theirs} is not part of order {delivered.pk}.",
    )
    refused(
        ask(buyer_api, delivered, [("999999", 1)]),
        400,
        f"Order line 999999 is not part of order {delivered.pk}.",
    )
    assert snapshot() == before


def test_after_the_window_is_refused_and_within_it_is_taken(buyer_api, delivered, settings):
    (line,) = lines_of(delivered)
    settings.RETURN_WINDOW_DAYS = 7
    now = timezone.now()
    Order.objects.filter(pk=delivered.pk).update(delivered_at=now - timedelta(days=7, minutes=1))
    before = snapshot()
    body = refused(ask(buyer_api, delivered, [(line, 1)]), 400)
    assert body["message"].startswith(f"The return window of order {delivered.pk} closed on ")
    assert body["message"].endswith("(7 days after delivery).")
    assert snapshot() == before
    Order.objects.filter(pk=delivered.pk).update(delivered_at=now - timedelta(days=6, hours=23))
    assert ask(buyer_api, delivered, [(line, 1)]).status_code == 201


def test_only_a_delivered_order_can_be_returned(buyer, buyer_api, tee, delivered):
    shipped = place(buyer, (size(tee, "S"), 1))
    actions.order_process(order_id=shipped.pk)
    actions.order_ship(order_id=shipped.pk)
    cancelled = place(buyer, (size(tee, "S"), 1))
    actions.order_cancel(order_id=cancelled.pk)
    actions.order_return(order_id=delivered.pk)
    before = snapshot()
    for order, status in ((shipped, "Shipped"), (cancelled, "Cancelled"), (delivered, "Returned")):
        refused(
            ask(buyer_api, order, [(lines_of(order)[0], 1)]),
            409,
            f"Only a delivered order can be returned; order {order.pk} is {status}.",
        )
    assert snapshot() == before


def test_bad_input_is_400_naming_the_field(buyer_api, delivered):
    (line,) = lines_of(delivered)
    before = snapshot()
    cases = [
        ({"lines": [], "reason": "size", "kind": "refund"}, f"Lines: {NONE_CHOSEN}"),
        ({"lines": [{"_id": line, "quantity": 0}], "reason": "size", "kind": "refund"}, None),
        ({"lines": [{"_id": line, "quantity": 11}], "reason": "size", "kind": "refund"}, None),
        ({"lines": [{"_id": line, "quantity": 1}], "reason": "meh", "kind": "refund"}, None),
        ({"lines": [{"_id": line, "quantity": 1}], "reason": "size", "kind": "swap"}, None),
        ({"lines": [{"_id": "x", "quantity": 1}], "reason": "size", "kind": "refund"}, None),
        ({"lines": [{"_id": line, "quantity": 1}], "reason": "size", "kind": "refund",
          "note": "x" * 501}, None),
    ]  # fmt: skip
    for body, message in cases:
        answer = buyer_api.post(f"/api/v1/orders/{delivered.pk}/returns", body)
        refused(answer, 400, message)
        assert answer.json()["errors"], body
    assert snapshot() == before


def test_exchange_variants_of_another_product_the_same_one_or_out_of_stock_are_refused(
    buyer_api, delivered, tee, kettle
):
    (line,) = lines_of(delivered)
    before = snapshot()
    kettle_variant = kettle.variants.get()
    refused(
        ask(buyer_api, delivered, [(line, 1)], kind="exchange", exchangeVariant=kettle_variant.pk),
        400,
        f"Variant {kettle_variant.pk} is not a variant of Cotton Tee.",
    )
    refused(
        ask(buyer_api, delivered, [(line, 1)], kind="exchange", exchangeVariant=size(tee, "M").pk),
        400,
        "Please choose another variant of Cotton Tee than the one returned.",
    )
    refused(
        ask(buyer_api, delivered, [(line, 1)], kind="exchange"),
        400,
        "Please choose the variant you want instead (exchangeVariant).",
    )
    refused(
        ask(buyer_api, delivered, [(line, 1)], kind="refund", exchangeVariant=size(tee, "L").pk),
        400,
        "Only an exchange takes an exchange variant.",
    )
    Variant.objects.filter(pk=size(tee, "L").pk).update(quantity=1)
    before = snapshot()
    refused(
        ask(buyer_api, delivered, [(line, 2)], kind="exchange", exchangeVariant=size(tee, "L").pk),
        409,
        "Cotton Tee (L) is out of stock.",
    )
    assert snapshot() == before


def test_a_step_out_of_order_is_409_and_changes_nothing(buyer_api, admin_api, delivered):
    (line,) = lines_of(delivered)
    refund = ask(buyer_api, delivered, [(line, 1)]).json()["return"]["_id"]
    before = snapshot()
    for status in ("Refunded", "Received", "Exchanged", "Requested"):
        reference = {"refundReference": "X"} if status == "Refunded" else {}
        refused(
            move(admin_api, refund, status, **reference),
            409,
            f"A return that is Requested cannot be set to {status}.",
        )
    assert snapshot() == before
    move(admin_api, refund, "Approved")
    before = snapshot()
    refused(move(admin_api, refund, "Approved"), 409)
    refused(
        move(admin_api, refund, "Refunded", refundReference="X"),
        409,
        "A return that is Approved cannot be set to Refunded.",
    )
    assert snapshot() == before
    move(admin_api, refund, "Received")
    before = snapshot()
    refused(
        move(admin_api, refund, "Exchanged"),
        409,
        "A return for a refund is Refunded once received, never Exchanged.",
    )
    # A refund reference goes with Refunded only.
    refused(move(admin_api, refund, "Approved", refundReference="X"), 409)
    assert snapshot() == before
    rejected = ask(buyer_api, delivered, [(line, 1)]).json()["return"]["_id"]
    move(admin_api, rejected, "Rejected")
    before = snapshot()
    refused(move(admin_api, rejected, "Approved"), 409)
    assert snapshot() == before


def test_a_refund_reference_belongs_to_refunded_only(buyer_api, admin_api, delivered):
    (line,) = lines_of(delivered)
    ret = ask(buyer_api, delivered, [(line, 1)]).json()["return"]["_id"]
    before = snapshot()
    refused(
        move(admin_api, ret, "Approved", refundReference="UPI-1"),
        400,
        "A refund reference goes with the status Refunded only.",
    )
    refused(move(admin_api, ret, "Done"), 400)
    refused(move(admin_api, "99999", "Approved"), 404, "Return not found")
    refused(move(admin_api, "abc", "Approved"), 404, "Return not found")
    assert snapshot() == before


def test_other_users_get_404_shoppers_403_and_no_token_401(
    buyer_api, other_api, admin_api, delivered, db
):
    (line,) = lines_of(delivered)
    ret = ask(buyer_api, delivered, [(line, 1)]).json()["return"]["_id"]
    before = snapshot()
    refused(ask(other_api, delivered, [(line, 1)]), 404, "Order not found")
    refused(other_api.get(f"/api/v1/orders/{delivered.pk}/returns"), 404, "Order not found")
    refused(buyer_api.get("/api/v1/orders/99999/returns"), 404, "Order not found")
    refused(move(buyer_api, ret, "Approved"), 403)
    refused(buyer_api.get("/api/v1/returns"), 403)
    anonymous = client_for()
    refused(anonymous.get(f"/api/v1/orders/{delivered.pk}/returns"), 401)
    refused(ask(anonymous, delivered, [(line, 1)]), 401)
    refused(move(anonymous, ret, "Approved"), 401)
    assert snapshot() == before
    # The admin sees the order's returns, with the buyer's contact details.
    seen = admin_api.get(f"/api/v1/orders/{delivered.pk}/returns").json()["returns"]
    assert [r["_id"] for r in seen] == [ret] and "email" in seen[0]["buyer"]
    mine = buyer_api.get(f"/api/v1/orders/{delivered.pk}/returns").json()["returns"]
    assert set(mine[0]["buyer"]) == {"_id", "name"}


def test_the_admin_list_is_paged_newest_first_and_filtered_by_status(
    buyer, buyer_api, admin_api, tee, settings
):
    orders = [deliver(place(buyer, (size(tee, "S"), 1))) for _ in range(3)]
    made = [ask(buyer_api, order, [(lines_of(order)[0], 1)]).json()["return"] for order in orders]
    move(admin_api, made[0]["_id"], "Approved")
    listed = admin_api.get("/api/v1/returns")
    assert listed.status_code == 200
    assert listed["X-Total-Count"] == "3" and listed["X-Page-Size"] == "20"
    assert listed.json()["success"] is True
    assert [r["_id"] for r in listed.json()["returns"]] == [r["_id"] for r in reversed(made)]
    approved = admin_api.get("/api/v1/returns", {"status": "Approved"})
    assert [r["_id"] for r in approved.json()["returns"]] == [made[0]["_id"]]
    assert approved["X-Total-Count"] == "1"
    assert approved.json()["returns"][0]["buyer"] == {
        "_id": str(buyer.pk),
        "name": buyer.name,
        "email": buyer.email,
        "phone": buyer.phone,
    }
    assert admin_api.get("/api/v1/returns", {"page": 2}).json() == {"success": True, "returns": []}
    refused(admin_api.get("/api/v1/returns", {"status": "Lost"}), 400)
    refused(admin_api.get("/api/v1/returns", {"page": 0}), 400)
