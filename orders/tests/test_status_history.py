"""The order's status history: every move writes one row in the move's own transaction
(a refused or rolled-back move writes none), GET /orders/{id} answers it oldest first,
and the migration gives orders placed before it the history that can be known."""

import json
from datetime import timedelta
from decimal import Decimal

import pytest
import requests
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from accounts.tests.factories import AdminFactory
from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderStatusChange
from orders.services import order_set_status
from orders.tests.factories import place_order
from orders.tests.test_retries import SERVER, _checkout, _seed
from shop.tests.live_gunicorn import gunicorn_server, together

CHECKOUT = "/api/v1/orders/checkout"


def _history(order_id) -> list[str]:
    return list(
        OrderStatusChange.objects.filter(order_id=order_id).values_list("status", flat=True)
    )


@pytest.fixture
def kettle(db):
    return ProductFactory(name="Kettle", price=Decimal("1299.00"), quantity=5)


def test_checkout_records_the_first_status_at_the_orders_creation(buyer, kettle):
    order = place_order(buyer, kettle)
    change = OrderStatusChange.objects.get(order=order)
    assert (change.status, change.at, change.by) == ("Not Processed", order.created_at, None)


def test_each_admin_move_writes_one_row_with_who_made_it(buyer, kettle):
    order = place_order(buyer, kettle)
    admin = AdminFactory()
    path = ["Processing", "Shipped", "Delivered", "Returned"]
    for number, status in enumerate(path, start=2):
        order_set_status(order_id=order.pk, status=status, by=admin)
        assert OrderStatusChange.objects.filter(order=order).count() == number
    rows = list(OrderStatusChange.objects.filter(order=order).values_list("status", "by"))
    assert rows == [("Not Processed", None)] + [(status, admin.pk) for status in path]
    updated_at = Order.objects.get(pk=order.pk).updated_at
    assert OrderStatusChange.objects.filter(order=order).last().at == updated_at


def test_the_admin_call_records_the_admin(buyer, kettle, admin_api):
    order = place_order(buyer, kettle)
    response = admin_api.put(
        f"/api/v1/auth/order-status/{order.pk}",
        {"status": "Processing"},
    )
    assert response.status_code == 200
    last = OrderStatusChange.objects.filter(order=order).last()
    assert last.status == "Processing" and last.by.role == 1


def test_the_buyers_cancel_writes_one_row_by_the_buyer(buyer, buyer_api, kettle):
    order = place_order(buyer, kettle)
    assert buyer_api.post(f"/api/v1/orders/{order.pk}/cancel").status_code == 200
    rows = list(OrderStatusChange.objects.filter(order=order).values_list("status", "by"))
    assert rows == [("Not Processed", None), ("Cancelled", buyer.pk)]
    # Cancelled is final: another cancel is refused and writes nothing.
    assert buyer_api.post(f"/api/v1/orders/{order.pk}/cancel").status_code == 409
    assert _history(order.pk) == ["Not Processed", "Cancelled"]


@pytest.mark.parametrize("status", ["Shipped", "Delivered", "Not Processed", "Awaiting Payment"])
def test_a_refused_move_writes_no_row(buyer, kettle, admin_api, status):
    order = place_order(buyer, kettle)
    response = admin_api.put(f"/api/v1/auth/order-status/{order.pk}", {"status": status})
    assert response.status_code == 409
    assert _history(order.pk) == ["Not Processed"]


def test_a_checkout_that_rolls_back_leaves_no_row(buyer_api, kettle):
    # The order row and its first status are written before the stock is found short:
    # the rollback takes both.
    response = buyer_api.post(CHECKOUT, {"cart": [{"_id": kettle.pk, "quantity": 6}]})
    assert response.status_code == 409
    assert Order.objects.count() == 0
    assert OrderStatusChange.objects.count() == 0


def test_order_detail_answers_the_history_oldest_first_in_one_more_query(
    buyer, buyer_api, kettle, django_assert_num_queries
):
    order = place_order(buyer, kettle)
    order_set_status(order_id=order.pk, status="Processing")
    # user (token), the order with buyer and payment joined, its lines, its tax documents
    # (creditNotes), its history
    with django_assert_num_queries(5):
        response = buyer_api.get(f"/api/v1/orders/{order.pk}")
    assert response.status_code == 200
    history = response.json()["order"]["statusHistory"]
    assert [row["status"] for row in history] == ["Not Processed", "Processing"]
    assert all(row["at"].endswith("Z") for row in history)
    assert history[0]["at"] == response.json()["order"]["createdAt"]


def test_another_buyers_order_detail_is_404(other_api, buyer, kettle):
    order = place_order(buyer, kettle)
    response = other_api.get(f"/api/v1/orders/{order.pk}")
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Order not found"}


def test_lists_do_not_carry_the_history(buyer, buyer_api, kettle):
    place_order(buyer, kettle)
    assert "statusHistory" not in buyer_api.get("/api/v1/auth/orders").json()[0]


def test_the_schema_describes_status_history(api, db):
    schema = api.get("/api/schema/?format=json").json()
    detail = schema["components"]["schemas"]["OrderDetailOutput"]
    assert "statusHistory" in detail["properties"]


# --- orders from before the history -----------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_existing_orders_what_can_be_known():
    executor = MigrationExecutor(connection)
    executor.migrate([("orders", "0009_order_status_change")])
    apps = executor.loader.project_state([("orders", "0009_order_status_change")]).apps
    try:
        User = apps.get_model("accounts", "User")
        Order = apps.get_model("orders", "Order")
        buyer = User.objects.create(email="old@example.com", name="Old", password="x")
        placed = timezone.now() - timedelta(days=3)
        fields = {"buyer": buyer, "address": "1 Main Rd", "total": 10, "created_at": placed}
        waiting = Order.objects.create(status="Not Processed", **fields)
        shipped = Order.objects.create(status="Shipped", **fields)
        expired = Order.objects.create(status="Cancelled", payment_method="razorpay", **fields)

        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())

        def rows(order):
            return list(
                OrderStatusChange.objects.filter(order_id=order.pk).values_list("status", "at")
            )

        assert rows(waiting) == [("Not Processed", placed)]
        assert rows(shipped) == [
            ("Not Processed", placed),
            ("Shipped", Order.objects.get(pk=shipped.pk).updated_at),
        ]
        assert [status for status, _ in rows(expired)] == ["Awaiting Payment", "Cancelled"]
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


# --- racing moves, over real HTTP -----------------------------------------------------------

HISTORY = """
import json
from orders.models import OrderStatusChange
print(json.dumps(list(OrderStatusChange.objects.order_by("at", "id").values_list(
    "status", flat=True))))
"""


@pytest.mark.django_db(transaction=True)
def test_two_cancels_at_once_write_one_row(tmp_path):
    with gunicorn_server(tmp_path, **SERVER) as server:
        seeded = _seed(server, stock=10, buyers=1)
        token = seeded["tokens"][0]
        placed = _checkout(server, token, [{"_id": seeded["products"][0], "quantity": 1}])()
        order_id = placed.json()["order"]["_id"]

        def cancel():
            return requests.post(
                f"{server.url}/api/v1/orders/{order_id}/cancel",
                headers={"Authorization": f"Bearer {token}"},
                timeout=120,
            )

        answers = together([cancel] * 6)

        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200] + [409] * 5, [answer.text for answer in answers]
        history = json.loads(server.manage("shell", "-c", HISTORY).strip().splitlines()[-1])
        assert history == ["Not Processed", "Cancelled"]
