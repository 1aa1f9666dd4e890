"""A product, shoppers with readable names, an admin, and a delivered order placed
through checkout and moved by the order handlers, so `verified` reads what the shop
really records."""

import pytest
from django.core import mail

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from orders import actions
from orders.models import Order
from orders.services import order_checkout
from orders.tests.conftest import admin_api, client_for  # noqa: F401 (fixtures)
from shop.tasks import run_ready_tasks


@pytest.fixture
def product(db):
    return ProductFactory(name="Desk Lamp", quantity=50)


@pytest.fixture
def asha(db):
    return UserFactory(name="Asha Kumar")


@pytest.fixture
def asha_api(asha):
    return client_for(asha)


@pytest.fixture
def ravi(db):
    return UserFactory(name="Ravi Shankar Iyer")


@pytest.fixture
def ravi_api(ravi):
    return client_for(ravi)


def place(user, product, quantity: int = 1) -> Order:
    order, _ = order_checkout(
        buyer=user, cart=[{"_id": product.pk, "quantity": quantity}], payment="cod"
    )
    return order


def deliver(order: Order) -> Order:
    actions.order_process(order_id=order.pk)
    actions.order_ship(order_id=order.pk)
    actions.order_deliver(order_id=order.pk)
    run_ready_tasks()
    mail.outbox.clear()
    return Order.objects.get(pk=order.pk)
