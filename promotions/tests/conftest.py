"""Signed-in clients, products in two categories and a coupon factory."""

from decimal import Decimal

import pytest

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from orders.tests.conftest import client_for
from promotions.models import Coupon


@pytest.fixture
def buyer(db):
    return UserFactory(address="12 MG Road, Bengaluru 560001")


@pytest.fixture
def buyer_api(buyer):
    return client_for(buyer)


@pytest.fixture
def admin_api(db):
    return client_for(AdminFactory())


@pytest.fixture
def shop_api(db):
    return client_for(UserFactory())


@pytest.fixture
def gadgets(db):
    return CategoryFactory(name="Gadgets")


@pytest.fixture
def clothing(db):
    return CategoryFactory(name="Clothing")


@pytest.fixture
def earbuds(gadgets):
    return ProductFactory(name="Earbuds", price=Decimal("1499.00"), quantity=50, category=gadgets)


@pytest.fixture
def kurta(clothing):
    return ProductFactory(name="Kurta", price=Decimal("999.00"), quantity=50, category=clothing)


@pytest.fixture
def make_coupon(db):
    def make(code="SAVE10", kind="percent", value="10", **fields):
        return Coupon.objects.create(code=code, kind=kind, value=Decimal(value), **fields)

    return make


@pytest.fixture
def anon_api(db):
    return client_for()
