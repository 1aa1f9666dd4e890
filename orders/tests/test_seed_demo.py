"""`seed_demo --orders N`: demo orders over every status, placed like real ones; a rerun
tops up to N and adds nothing more."""

import pytest
from django.core.management import call_command

from catalog.models import Product
from orders.models import Order, OrderLine

pytestmark = pytest.mark.django_db


def test_seed_demo_adds_demo_orders_and_a_rerun_adds_none(tmp_path, settings):
    call_command("seed_demo", products=12, orders=15)
    assert Order.objects.count() == 15
    statuses = set(Order.objects.values_list("status", flat=True))
    assert len(statuses) >= 3
    for line in OrderLine.objects.select_related("product"):
        assert line.price == line.product.price
        assert 1 <= line.quantity <= 2
    assert all(p.quantity >= 0 for p in Product.objects.all())
    call_command("seed_demo", products=12, orders=15)
    assert Order.objects.count() == 15


def test_seed_demo_without_orders_places_none():
    call_command("seed_demo", products=3)
    assert Product.objects.count() == 3
    assert Order.objects.count() == 0
