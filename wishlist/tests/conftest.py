"""A shopper, another one and an admin (orders' fixtures); a tee in three sizes, one of
them sold out, and a kettle sold out; the task queue run as a worker would."""

from decimal import Decimal

import pytest

from catalog.models import Product, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory
from orders.tests.conftest import (  # noqa: F401 (fixtures)
    admin_api,
    buyer,
    buyer_api,
    client_for,
    other_api,
)

SIZES = ("S", "M", "L")


@pytest.fixture
def tee(db):
    """Cotton Tee: S 5, M 0 (sold out), L 2."""
    return ProductFactory(
        name="Cotton Tee",
        price=Decimal("499.00"),
        category=CategoryFactory(name="Clothing"),
        options=[{"name": "Size", "values": list(SIZES)}],
        variants=[
            {"options": {"Size": size}, "quantity": quantity}
            for size, quantity in zip(SIZES, (5, 0, 2), strict=True)
        ],
    )


@pytest.fixture
def kettle(db):
    """Kettle, sold out (its one variant at 0)."""
    return ProductFactory(
        name="Kettle", price=Decimal("1200.00"), quantity=0, category=CategoryFactory()
    )


@pytest.fixture
def anon_api():
    return client_for()


def size(product, value: str) -> Variant:
    return Variant.objects.get(product=product, options={"Size": value})


def stock_of(product) -> int:
    return Product.objects.get(pk=product.pk).quantity
