"""The status history of an order paid online (orders' history, payments' moves): the
payment's move and the expiry's each write one row, told again they write none."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderStatusChange
from orders.tests.test_status_history import CHECKOUT, _history
from payments import expiry


@pytest.fixture
def kettle(db):
    return ProductFactory(name="Kettle", price=Decimal("1299.00"), quantity=5)


# --- paying online ----------------------------------------------------------------------


def _pay_online(api, product):
    response = api.post(
        CHECKOUT, {"cart": [{"_id": product.pk, "quantity": 1}], "payment": "razorpay"}
    )
    assert response.status_code == 201, response.json()
    return response.json()["order"]["_id"], response.json()["razorpay"]


def test_an_online_order_records_awaiting_payment_then_the_payment(buyer_api, kettle, razorpay):
    order_id, checkout = _pay_online(buyer_api, kettle)
    assert _history(order_id) == ["Awaiting Payment"]
    paid = razorpay.pay(checkout["orderId"])
    verify = f"/api/v1/orders/{order_id}/razorpay/verify"
    assert buyer_api.post(verify, paid).status_code == 200
    # The same payment told again is not another move.
    assert buyer_api.post(verify, paid).status_code == 200
    rows = list(OrderStatusChange.objects.filter(order_id=order_id).values_list("status", "by"))
    assert rows == [("Awaiting Payment", None), ("Not Processed", None)]


def test_expiry_records_the_cancel_once(buyer_api, kettle, razorpay):
    order_id, _ = _pay_online(buyer_api, kettle)
    Order.objects.filter(pk=order_id).update(created_at=timezone.now() - timedelta(days=1))
    assert expiry.order_expire(order_id=order_id) == "cancelled"
    assert expiry.order_expire(order_id=order_id) == "nothing to do"
    assert _history(order_id) == ["Awaiting Payment", "Cancelled"]
