"""Signed-in clients, products in two categories and a coupon factory."""

from decimal import Decimal

import pytest

from accounts.tests.factories import UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from orders.tests.conftest import admin_api, buyer, buyer_api, client_for  # noqa: F401
from promotions.models import Coupon


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
